"""Ways of naming the paper's own contribution that the contribution verbs do not cover: a describing verb whose
object is a name the sentence defines an acronym for ("We describe the Conditional Attribute Subsampling Toolkit
(CAST)"), "we refer to this … as NAME", "Our solution, the X model (ACR), …" (also without commas), and a Title Case
name whose acronym spells only its last words ("the Neural Verification Network (VERNet)")."""
from __future__ import annotations

import pytest

from kg.extract import Extractor
from kg.records import Paper


def _proposed(extractor: Extractor, abstract: str, title: str = "") -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


@pytest.mark.parametrize("abstract, name", [
    ("We describe the Conditional Attribute Subsampling Toolkit (CAST) for image datasets.",
     "Conditional Attribute Subsampling Toolkit"),
    ("In this work, we suggest Recurrent Elastic Warps (REwarp) that address the problem with Dirichlet boundary "
     "condition.", "Recurrent Elastic Warps"),
    ("We derive Momentum Value Iteration (MoVI) for MDPs.", "Momentum Value Iteration"),
    ("We describe and demonstrate the Gallery Filter Network (GFN), a model that filters galleries.",
     "Gallery Filter Network"),
])
def test_a_describing_verb_before_a_defined_name_proposes_it(extractor, abstract, name):
    assert name in _proposed(extractor, abstract)


def test_a_showing_verb_before_a_defined_name_does_not(extractor):
    got = _proposed(extractor, "We demonstrate that a supervised model parsing network (MPN) works. We describe the "
                               "Conditional Attribute Subsampling Toolkit (CAST) for image datasets.")
    assert "Conditional Attribute Subsampling Toolkit" in got  # the control, same input
    assert not any("parsing network" in k for k in got)


def test_an_added_describing_sentence_leaves_the_described_contribution(extractor):
    # "Additionally, we suggest …" adds a part to what the paper described before; the defined name is not read there
    got = _proposed(extractor, "We present a modularized multilingual translation approach with three encoder "
                               "modules. Additionally, we suggest the Denoising Bi-path Autoencoder (DBAE) to fortify "
                               "the Denoising Autoencoder (DAE).")
    assert got  # the control: the paper's described contribution
    assert "Denoising Bi-path Autoencoder" not in got


@pytest.mark.parametrize("abstract, name, typ", [
    ("We refer to this joint training as Composite Learning (CompL). Experiments of CompL on monocular depth "
     "estimation show improvements.", "Composite Learning", "Method"),
    ("We refer to this as the Partial Inverse Power Index Problem. We give an algorithm for it.",
     "Partial Inverse Power Index Problem", "Method"),
    ("We refer to this scenario as Privilegedly Informed Learning. It helps.", "Privilegedly Informed Learning",
     "Task"),
    ("We refer to our deep learning architecture as the Martian Net. It works.", "Martian Net", "Model"),
])
def test_we_refer_to_this_as_a_name(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract).get(name) == typ


def test_we_refer_to_this_as_a_known_name_or_a_cut_name_is_no_contribution(extractor):
    got = _proposed(extractor, "We refer to this joint training as Composite Learning (CompL). We refer to this as "
                               "reinforcement learning from human feedback. We refer to these questions as "
                               "Curiosity-driven: they ask for new information.")
    assert "Composite Learning" in got  # the control, same input
    assert not any("reinforcement" in k.lower() for k in got)
    assert "Curiosity" not in got


@pytest.mark.parametrize("abstract, name, typ", [
    ("Our solution the Dance Any Beat Diffusion model (DabFusion) utilizes a reference image and a music piece to "
     "generate dance videos.", "Dance Any Beat Diffusion model", "Model"),
    ("Our solution, the Dance Any Beat Diffusion model (DabFusion), utilizes a reference image and a music piece.",
     "Dance Any Beat Diffusion model", "Model"),
    ("Our approach the Enhanced Wave Vision Transformer (EW-ViT) incorporates wavelets.",
     "Enhanced Wave Vision Transformer", "Method"),
])
def test_our_kind_noun_then_the_name(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract).get(name) == typ


def test_a_title_case_name_whose_acronym_spells_its_last_words(extractor):
    got = _proposed(extractor, "This paper presents the Neural Verification Network (VERNet) for GEC quality "
                               "estimation with multiple hypotheses. VERNet establishes interactions among hypotheses.")
    assert got == {"Neural Verification Network": "Model"}


def test_a_known_term_in_a_mentioned_phrase_is_not_widened(extractor):
    got = _proposed(extractor, "In this paper, we present a study on a French Spoken Language Understanding (SLU) "
                               "task. We propose Radial Bayesian Neural Networks (BNNs) for it.")
    assert "Radial Bayesian Neural Networks" in got  # the control, same input
    assert "French Spoken Language Understanding" not in got


@pytest.mark.parametrize("abstract, name, typ", [
    ("We present AgEval a comprehensive benchmark for plant stress phenotyping.", "AgEval", "Dataset"),
    ("We introduce Stylist a method that utilizes pretrained large-scale model representations.", "Stylist", "Method"),
    ("We propose EfficientCrackNet a lightweight hybrid model for crack segmentation.", "EfficientCrackNet", "Model"),
])
def test_an_apposition_without_its_comma_in_an_abstract_that_lost_its_commas(extractor, abstract, name, typ):
    """Some venues' abstracts come without commas: "X a benchmark for …" is "X, a benchmark for …"."""
    assert _proposed(extractor, abstract).get(name) == typ


def test_a_name_with_its_own_kind_noun_keeps_it_over_a_commaless_apposition(extractor):
    got = _proposed(extractor, "This paper introduces the Elemental Composite Prototypical Network (ECPN) a novel "
                               "approach to few-shot learning in outdoor point cloud object detection.")
    assert got == {"Elemental Composite Prototypical Network": "Model"}


@pytest.mark.parametrize("abstract, name, typ", [
    ("We introduce Label-Augmented Dataset Distillation (LADD), a new dataset distillation framework enhancing "
     "dataset distillation with label augmentations.", "Label-Augmented Dataset Distillation", "Method"),
    ("We introduce TwinSynths, a new benchmark dataset of real and synthetic image pairs.", "TwinSynths", "Dataset"),
])
def test_an_apposition_is_typed_by_its_head_not_a_describing_kind_noun(extractor, abstract, name, typ):
    # "a new dataset distillation framework" is a framework; "a new benchmark dataset" a dataset
    assert _proposed(extractor, abstract).get(name) == typ


def test_a_describing_verb_before_a_defined_name_with_its_kind_noun_keeps_the_kind_noun(extractor):
    got = _proposed(extractor, "Structure is not revealed from single frames, so we provide the Temporal Shape (TS) "
                               "dataset, as well as modified domains of Diving48.")
    assert got == {"Temporal Shape dataset": "Dataset"}
    assert "Temporal Shape" not in got
