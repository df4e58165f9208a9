"""Contributions named in a numbered list after a plural kind noun ("two strategies …: (i) A and (ii) B", "1) A, and
2) B"), a name after "<known> based <kind noun>", a described object of a purpose infinitive ("we utilize X to develop
a new detection method"), and bare kind nouns that keep what they are for ("a technique to automatically select an
estimator when …", "a method for using deep neural networks to …")."""
from __future__ import annotations

import pytest

from kg.extract import Extractor
from kg.records import Paper


def _proposed(extractor: Extractor, abstract: str, title: str = "") -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


@pytest.mark.parametrize("abstract, names", [
    ("We introduce two strategies to tackle this: (i) Positional Information Pre-training and (ii) Contrastive "
     "Learning on PI using Cross-Modality Matching. Doing so helps.",
     {"Positional Information Pre-training", "Contrastive Learning on PI"}),
    ("We propose two methods: 1) Multi-SentAugment, and 2) LayerAgg. Multi-SentAugment is a self-training method.",
     {"Multi-SentAugment", "LayerAgg"}),
    ("We propose two methods to this aim, offering improved dialogue understanding across multiple languages: "
     "1) Multi-SentAugment, and 2) LayerAgg. It works.", {"Multi-SentAugment", "LayerAgg"}),
])
def test_a_numbered_list_after_a_plural_kind_noun_proposes_its_items(extractor, abstract, names):
    assert set(_proposed(extractor, abstract)) == names, _proposed(extractor, abstract)


def test_a_numbered_list_of_described_items_is_no_list_of_names(extractor):
    # items opening on an article are descriptions; the control: the same list named
    got = _proposed(extractor, "We propose two methods: (a) a sampler that is fast, and (b) the estimator of the loss.")
    assert "sampler" not in " ".join(got) and "estimator" not in " ".join(got)
    assert set(_proposed(extractor, "We propose two methods: (a) FastSamp, and (b) LossEst.")) == {"FastSamp", "LossEst"}


def test_a_name_after_a_known_based_kind_noun_is_proposed(extractor):
    got = _proposed(extractor, "To fill this gap, we propose a variational autoencoder based model ege-RoBERTa, which "
                               "employs a latent variable.")
    assert got == {"ege-RoBERTa": "Model"}, got
    # the control: no name after the kind noun, the described whole
    got = _proposed(extractor, "We propose a clustering based method, which is fast.")
    assert got == {"clustering based method": "Method"}, got


def test_a_purpose_infinitive_proposes_what_it_calls_new(extractor):
    got = _proposed(extractor, "We utilize the properties of CNNs to develop a new image detection method.")
    assert got == {"image detection method": "Method"}, got
    # the controls: what "we" use something to train is a known kind, trained; moved to develop a generic kind, unnamed,
    # is still not read
    got = _proposed(extractor, "We use weak supervision to find slots. Furthermore, we use the resulting slot "
                               "annotation to train a neural-network-based tagger that tags slots.")
    assert "neural-network-based tagger" not in got, got
    assert "recognition model" not in _proposed(extractor, "Prototypes are interpretable. This inspires us to develop "
                                                           "a recognition model with such principles.")


@pytest.mark.parametrize("abstract, name", [
    ("Inspired by this principle, we propose a technique to automatically select an estimator when a finite pool of "
     "estimators is given.", "technique to automatically select an estimator"),
    ("We introduce a method for using deep neural networks to amortize the cost of inference in models.",
     "method for using deep neural networks"),
])
def test_a_bare_kind_noun_keeps_its_purpose(extractor, abstract, name):
    assert set(_proposed(extractor, abstract)) == {name}, _proposed(extractor, abstract)


def test_a_quoted_describing_word_inside_a_described_phrase(extractor):
    # 'alternative “big batch” SGD schemes': the phrase goes on past the quotes, named without them
    got = _proposed(extractor, "We propose alternative “big batch” SGD schemes that adaptively grow the batch size "
                               "over time.")
    assert got == {"big batch SGD schemes": "Method"}, got
    # the control: a phrase quoted whole is read as before ('a “token dropping” method' is named by the quotes)
    got = _proposed(extractor, "We propose a simple but effective “token dropping” method that accelerates pretraining.")
    assert got == {"token dropping": "Method"}, got


def test_a_known_model_designed_with_its_parts_after_a_described_contribution_is_a_part_of_it(extractor):
    abstract = ("In this paper, we propose a novel Deepfake detection method that does not depend on identifying the "
                "synthesized artifacts. Specifically, we design a neural network with an encoder-decoder structure to "
                "embed messages.")
    assert _proposed(extractor, abstract) == {"Deepfake detection method": "Method"}, _proposed(extractor, abstract)
    # the control: alone, what "we design" is the answer
    got = _proposed(extractor, "We design a neural network with an encoder-decoder structure to embed messages.")
    assert got == {"neural network": "Model"}, got
