"""Acronym definitions (Schwartz & Hearst 2003): `Long Form (ACRO)` and `ACRO (Long Form)`."""
from __future__ import annotations

import pytest

from kg.extract.components.acronyms import best_long_form
from kg.extract.text import is_acronym
from kg.records import Paper

PAIRS = [
    ("Stable Conformal Prediction", "StCP"),
    ("Large Language Models", "LLMs"),
    ("Multimodal Crystal Flow", "MCFlow"),
    ("Group Relative Policy Optimization", "GRPO"),
]


@pytest.mark.parametrize("long, short", PAIRS)
def test_best_long_form_exact(long, short):
    assert best_long_form(short, long) == long


@pytest.mark.parametrize("long, short", PAIRS)
def test_best_long_form_drops_leading_words(long, short):
    """The look-back window holds more words than the long form; only the long form is kept."""
    assert best_long_form(short, f"in this work we train with {long}") == long


@pytest.mark.parametrize("short, text", [
    ("GRPO", "we study image classification"),
    ("MCFlow", "a new generative model for crystals"),
    ("StCP", "conformal prediction"),  # letters S and t missing
    ("LLMs", "models"),
])
def test_no_long_form_for_unrelated_text(short, text):
    assert best_long_form(short, text) is None


def test_first_letter_must_start_a_word():
    # "xgrpo" contains g, r, p, o in order but the G does not start a word
    assert best_long_form("GRPO", "xgrpo") is None


@pytest.mark.parametrize("word", ["StCP", "LLMs", "MCFlow", "GRPO", "MP-20", "ViT", "BERT"])
def test_is_acronym(word):
    assert is_acronym(word)


@pytest.mark.parametrize("word", ["the", "method", "Transformer", "a", "A", "models", "", "x" * 20,
                                  "image classification"])
def test_is_not_acronym(word):
    assert not is_acronym(word)


def _entities_with(ex, label):
    return [e for e in ex.entities if label in e.labels]


def test_acronym_first_definition_is_one_entity(extractor):
    long = "Aligning LLMs via Interactive Visual Execution"
    ex = extractor.extract(Paper(
        id="alive",
        abstract=f"We introduce ALIVE ({long}), a framework for visual reasoning with agents. "
                 "ALIVE improves accuracy on ChartQA.",
    ))
    short = _entities_with(ex, "ALIVE")
    full = _entities_with(ex, long)
    assert len(short) == 1 and len(full) == 1
    assert short[0] is full[0], f"ALIVE and its long form are separate entities: {short} {full}"
    assert short[0].long_forms == [long]


@pytest.mark.parametrize("long, short", PAIRS)
def test_long_form_first_definition_is_one_entity(extractor, long, short):
    ex = extractor.extract(Paper(
        id="def", abstract=f"We build on {long} ({short}) in this paper. Experiments show that {short} helps."))
    owners = _entities_with(ex, short)
    assert len(owners) == 1, [e.labels for e in ex.entities]
    assert any(lab.lower() == long.lower() for lab in owners[0].labels + owners[0].long_forms), owners[0]


def test_acronym_takes_the_type_the_lexicon_gives_its_long_form(extractor):
    """The head-noun guess ("correction" is unknown) must not outvote a known Task."""
    ex = extractor.extract(Paper(
        id="gec", abstract="Applying LLMs to grammatical error correction (GEC) is hard. "
                           "We propose a selection strategy for GEC and evaluate it on GEC datasets."))
    (gec,) = _entities_with(ex, "GEC")
    assert gec.type == "Task", gec


def test_task_noun_after_the_definition_types_it(extractor):
    ex = extractor.extract(Paper(
        id="tst", abstract="Text detoxification is a textual style transfer (TST) task. TST models paraphrase text."))
    (tst,) = _entities_with(ex, "TST")
    assert tst.type == "Task", tst


def test_letter_count_in_an_acronym_stands_for_repeated_letters():
    text = "the corresponding Datasets with Diverse human Demonstrations for Imitation Learning"
    assert best_long_form("D3IL", text) == "Datasets with Diverse human Demonstrations for Imitation Learning"
    assert best_long_form("S3W", "a new Stereographic Spherical Sliced Wasserstein") == \
        "Stereographic Spherical Sliced Wasserstein"


def test_two_between_letters_is_not_a_count():
    assert best_long_form("I2I", "we translate in unpaired image-to-image") is None


def test_long_form_head_before_a_preposition_types_it(extractor):
    ex = extractor.extract(Paper(id="d3il", abstract=(
        "We introduce the corresponding Datasets with Diverse human Demonstrations for Imitation Learning (D3IL).")))
    (d3il,) = _entities_with(ex, "D3IL")
    assert d3il.type == "Dataset" and d3il.proposed, d3il


def test_method_noun_after_the_definition_types_it(extractor):
    ex = extractor.extract(Paper(id="abe", abstract="However, the existing Advantage-based Estimation (ABE) method "
                                                     "relies on the discounted advantage function."))
    (abe,) = _entities_with(ex, "ABE")
    assert abe.type == "Method", abe


def test_undefined_acronym_joins_the_entity_its_initials_spell(extractor):
    ex = extractor.extract(Paper(id="vlm", abstract=(
        "We evaluate multiple visual language models on website development. "
        "We propose a verification paradigm with a VLM-based judge.")))
    (vlm,) = _entities_with(ex, "VLM")
    assert "visual language models" in vlm.labels, vlm


def test_undefined_acronym_stays_apart_when_its_initials_are_ambiguous(extractor):
    """"RL" could be "representation learning" or the "reinforcement learning" inside a longer name."""
    ex = extractor.extract(Paper(id="rl", abstract=(
        "We study goal-conditioned reinforcement learning and representation learning. RL agents improve.")))
    assert any("representation learning" in e.labels for e in ex.entities), ex.entities  # positive control
    assert not any("RL" in e.labels and "representation learning" in e.labels for e in ex.entities), ex.entities


def test_a_kind_noun_after_the_spelled_words_is_not_part_of_the_long_form(entity_types):
    types = entity_types("This inspires a new prompt gradient projection approach (PGP) for continual learning. "
                         "We also train a deep neural network model (DNNM).")
    assert types.get("prompt gradient projection") == "Method", types
    assert "deep neural network model" in types, types  # the M of DNNM is the model's


def test_one_word_modifier_definition_names_nothing(entity_types):
    """"high-resolution (HR) images": the definition modifies the noun after it; HR is no method."""
    types = entity_types("We reconstruct high-resolution (HR) images from low-resolution (LR) inputs. "
                         "HR images are costly. The Kullback-Leibler (KL) divergence is used.")
    assert not {"HR", "LR", "high-resolution", "low-resolution"} & set(types), types
    assert "KL" in types, types  # a name (inner capitals) keeps its definition


def test_long_form_ending_in_a_defined_acronym_takes_its_type(entity_types):
    """"probabilistically rewired MPNNs (PR-MPNNs)" is a kind of the MPNNs defined before: a Model."""
    types = entity_types("Message-passing graph neural networks (MPNNs) are popular. We devise probabilistically "
                         "rewired MPNNs (PR-MPNNs), which add edges.")
    assert types.get("PR-MPNNs") == types.get("MPNNs") == "Model", types


@pytest.mark.parametrize("short, long", [("C^3", "Crop, Cut, Compose"), ("P^2OT", "Progressive Partial Optimal Transport"),
                                         ("SF(DA)^2", "Source-Free Domain Adaptation with Data Augmentation")])
def test_power_repeats_letters_in_long_form(short, long):
    assert best_long_form(short, long) == long
    assert is_acronym(short)


@pytest.mark.parametrize("short, text, long", [
    ("SSGD", "we train with Sparse Subspace Gradient Descent", "Sparse Subspace Gradient Descent"),
    ("PPO", "on-policy learning with Proximal Policy Optimization", "Proximal Policy Optimization"),
    ("ViTs", "prompts in the pre-trained Vision Transformers", "Vision Transformers"),
])
def test_long_form_prefers_word_initials(short, text, long):
    """A capital of the acronym starts a word of its long form when it can: plain matching takes "SSGD" from
    inside "Subspace Gradient Descent" ("s" of "Subspace")."""
    assert best_long_form(short, text) == long


def test_a_task_long_form_keeps_its_type_before_a_model_noun(entity_types):
    """"rumor detection (RD) models" are models of the task the long form's head names; the noun after the acronym
    types only a long form no head types ("Vision-Language-Action (VLA) models")."""
    types = entity_types("Existing rumor detection (RD) models assume one distribution. "
                         "Vision-Language-Action (VLA) models act.")
    assert types.get("rumor detection") == "Task", types
    assert types.get("Vision-Language-Action") == "Model", types  # control
