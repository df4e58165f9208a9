"""A contribution that is a known, generic concept every other paper mentions ("reinforcement learning", "GAN",
"Kalman filter") is not what the paper proposes: the paper's own thing is the phrase built on it ("a Reinforcement
Learning (RL) approach"), its own variant of it ("a novel GAN that …", a node of its own), or what the abstract
describes when the title names only a means ("Kalman Filter for …" of "an approach that utilizes Kalman filter
recursions")."""
from __future__ import annotations

import pytest

from kg.extract import Extractor
from kg.records import Paper
from kg.resolve import resolve


def _proposed(extractor: Extractor, abstract: str, title: str = "") -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


@pytest.mark.parametrize("abstract, name, technique", [
    ("In this work, we propose a Reinforcement Learning (RL) approach to learn reactive motion behaviors for a "
     "manipulation task.", "Reinforcement Learning approach", "Reinforcement Learning"),
    ("To fill this gap, we present a multi-objective optimization (MOO) approach for watermarking that uses "
     "lightweight networks.", "multi-objective optimization approach", "multi-objective optimization"),
])
def test_a_known_technique_defined_before_a_kind_noun_describes_the_contribution(extractor, abstract, name,
                                                                                  technique):
    """The known technique, defined by its acronym right before a kind noun, is what the contribution is of; the
    contribution is the technique with its kind noun (named without the bracket)."""
    got = _proposed(extractor, abstract)
    assert got == {name: "Method"}
    assert technique not in got


def test_an_unknown_long_form_before_a_kind_noun_stays_the_name(extractor):
    # the control: a long form no lexicon knows is the contribution's own name
    assert _proposed(extractor, "We propose a Spatial Temporal Attention (STA) module that captures motion.") == {
        "Spatial Temporal Attention": "Method"}


def _own(extractor: Extractor, abstract: str) -> dict[str, bool]:
    ex = extractor.extract(Paper(id="p", abstract=abstract))
    return {e.labels[0]: e.own for e in ex.entities if e.proposed}


@pytest.mark.parametrize("abstract, name", [
    ("We design a novel GAN that deals with high-dimensional tabular data.", "generative adversarial network"),
    ("We also propose a novel Transformer model in which the attention is sparse.", "Transformer"),
    ("In this paper, we propose a novel topic model with a deep structure that explores word embeddings.",
     "topic model"),
    ("We propose a multi-task learning framework in which factual and counterfactual outcomes are modeled.",
     "multi-task learning framework"),
])
def test_a_known_concept_called_new_or_built_on_is_the_papers_own(extractor, abstract, name):
    """"a novel GAN", "a novel Transformer model", "a multi-task learning framework": the paper's own variant of a
    known concept, marked to keep a node of its own."""
    assert _own(extractor, abstract) == {name: True}


def test_a_known_concept_proposed_without_an_article_is_the_known_one(extractor):
    # the control: the same concept, proposed without "a"/"a novel" or a kind noun, is proposed and is the known one
    assert _own(extractor, "We propose principled Gaussian processes (GPs) for modeling functions over edges.") == {
        "Gaussian processes": False}
    assert _own(extractor, "We propose a novel Gaussian process for modeling functions over edges.") == {
        "gaussian process": True}


def test_a_defined_acronym_before_a_kind_noun_is_the_papers_own(extractor):
    """"deep neural networks (DNNs) … our DNN framework": the paper's framework, not the DNN concept; the control:
    the acronym alone after "our" stays the known one."""
    abstract = "Pruning deep neural networks (DNNs) is hard. We propose our DNN framework for pruning."
    assert _own(extractor, abstract) == {"deep neural networks": True}
    assert _own(extractor, "Pruning deep neural networks (DNNs) is hard. We propose our DNN, which prunes.") == {
        "deep neural networks": False}


def test_the_papers_own_variant_of_a_known_concept_is_a_node_of_its_own(extractor):
    """Two papers that mention "topic model" and one that proposes "a novel topic model": the proposed one is a node
    of its own; the mentions share one (the control)."""
    new = extractor.extract(Paper(id="a", abstract="In this paper, we propose a novel topic model with a deep "
                                                   "structure that explores word embeddings."))
    old = [extractor.extract(Paper(id=p, abstract="We study the topic model of text corpora and its inference."))
           for p in ("b", "c")]
    graph = resolve([new, *old])
    owners = sorted((e.papers for e in graph.entities.values() if e.label.lower() == "topic model"), key=len)
    assert owners == [["a"], ["b", "c"]]


def test_a_title_phrase_the_abstract_uses_as_a_means_is_not_the_contribution(extractor):
    """"Kalman Filter for Online Classification …" with "we introduce a … approach that utilizes Kalman filter
    recursions": the title names a means; the described approach is the contribution."""
    abstract = ("We introduce a probabilistic Bayesian online learning approach that utilizes Kalman filter "
                "recursions. We evaluate it on image streams.")
    got = _proposed(extractor, abstract, "Kalman Filter for Online Classification of Images")
    assert got == {"probabilistic Bayesian online learning approach": "Method"}
    assert "Kalman Filter" not in got
    # the control: the title's phrase the abstract proposes is the contribution
    assert _proposed(extractor, "We introduce a probabilistic Bayesian online learning approach. We evaluate it on "
                                "image streams.", "Kalman Filter for Online Classification of Images") == {
        "Kalman Filter": "Method"}


def test_a_known_process_proposed_bare_with_what_it_is_of_is_the_papers_own(extractor):
    """"we propose fine-tuning of LLMs on mixed-language data": the paper's own recipe of the known process (a node of
    its own), unlike the process proposed with a purpose only."""
    def own(abstract: str) -> dict[str, bool]:
        ex = extractor.extract(Paper(id="p", title="", abstract=abstract))
        return {e.labels[0]: e.own for e in ex.entities if e.proposed}

    assert own("We propose fine-tuning of LLMs on mixed-language data to improve code-switching.") == {
        "fine-tuning": True}
    assert own("In contrast, we propose knowledge distillation for informed labeling.") == {
        "knowledge distillation": True}
    assert own("We propose knowledge distillation to compress the model.") == {"knowledge distillation": False}


def test_a_known_model_built_after_a_described_contribution_is_a_part_of_it(extractor):
    described = "This paper presents a diffusion-based image compression method that employs a privileged decoder. "
    # the positive control: the described method alone is the answer
    assert _proposed(extractor, described) == {"diffusion-based image compression method": "Method"}
    # "We build a diffusion model and design …" after it: the known model is a part of the method, not the answer
    got = _proposed(extractor, described + "We build a diffusion model and design a paradigm that combines them.")
    assert got == {"diffusion-based image compression method": "Method"}, got
    # without the described contribution before it, the built model is still the answer (the rule needs both)
    assert "diffusion model" in _proposed(extractor, "We build a diffusion model and design a paradigm that "
                                                     "combines them.")


_VARIANT_ABSTRACT = ("Sparse models scale poorly to long sequences. In this work, we propose to take the best of both "
                     "approaches and show that it saves memory.")


def test_a_title_variant_of_a_known_model_is_the_contribution(extractor):
    """A title phrase that puts words of its own before a known model ("… Gaussian Processes") names the paper's
    variant of it, when the abstract names nothing else."""
    title = "Doubly Sparse Variational Gaussian Processes"
    assert _proposed(extractor, _VARIANT_ABSTRACT, title) == {title: "Model"}


@pytest.mark.parametrize("title", [
    "Implicit Bias of Gradient Descent",  # a phrase of its own before a preposition: what the paper studies
    "Heteroscedastic Gaussian Processes",  # the abstract's background (below)
])
def test_a_title_phrase_ending_in_a_known_concept_that_is_no_variant(extractor, title):
    abstract = (f"{title} are widely used models. " if "Heteroscedastic" in title else "") + _VARIANT_ABSTRACT
    control = "Doubly Sparse Variational Gaussian Processes"  # positive control: the same abstract, a variant title
    assert control in _proposed(extractor, abstract, control)
    assert title not in _proposed(extractor, abstract, title), _proposed(extractor, abstract, title)


def test_a_described_contribution_comes_before_a_title_variant_the_abstract_does_not_repeat(extractor):
    abstract = "In this work, we present a novel SAT-based framework for interpretable clustering with constraints."
    title = "Optimal Decision Trees"
    got = _proposed(extractor, abstract, title)
    assert title not in got and any("SAT-based framework" in name for name in got), got
    # positive control: the same title is the answer when the abstract repeats it
    repeated = abstract + " Our Optimal Decision Trees are fast."
    assert title in _proposed(extractor, repeated, title), _proposed(extractor, repeated, title)


def test_a_proposed_name_the_vocabulary_knows_as_another_thing_is_the_papers_own(extractor):
    """"We propose SLAM, a selective language alignment method": the paper's new SLAM is no simultaneous localization
    and mapping, whose long form the text never writes."""
    usual = "simultaneous localization and mapping"

    def labels(abstract: str) -> list[list[str]]:
        return [e.labels for e in extractor.extract(Paper(id="p", abstract=abstract)).entities]

    # positive control: a SLAM the paper uses is the vocabulary's
    assert any(ls[0] == usual for ls in labels("We use SLAM for robot navigation in large rooms."))
    got = labels("We propose SLAM, a selective language alignment method for multilingual reasoning.")
    assert ["SLAM"] in got and not any(usual in ls for ls in got), got
