"""A bare kind noun kept with what the sentence says of it (round h32b): a clause object that ends at the subject's
second verb ("an algorithm based on Metropolis-Hastings sampling and demonstrate …"); "a new approach using concept
bottlenecks for …"; a long complement cut before a purpose or frame of its own ("a method to find faster algorithms
for this problem", "an approach to TM-based NMT within the Transformer framework"); and a described model whose first
word is an activity ("a novel inpainting network") keeps its kind noun in its label."""
from __future__ import annotations

import pytest

from kg.extract import Extractor
from kg.records import Paper

INTRO = "Prior work leaves this open. "


def _proposed(extractor: Extractor, abstract: str, title: str = "Some Title") -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", title=title, abstract=INTRO + abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


def test_a_clause_object_ends_at_the_subjects_second_verb(extractor):
    for verb in ("demonstrate its efficacy on synthetic data", "show that it converges"):
        got = _proposed(extractor, f"We propose an efficient algorithm based on Metropolis-Hastings sampling and {verb}.")
        assert got.get("algorithm based on Metropolis-Hastings sampling") == "Method", got
    # the control: a second noun joined by "and" goes on, so the phrase is not cut there
    got = _proposed(extractor, "We propose an efficient algorithm based on Metropolis-Hastings sampling and "
                               "variational inference for structure discovery.")
    assert "algorithm based on Metropolis-Hastings sampling" not in got, got


def test_using_opens_a_kind_nouns_clause(extractor):
    abstract = "We propose a new approach using concept bottlenecks for control command predictions."
    assert _proposed(extractor, abstract).get("approach using concept bottlenecks") == "Method"
    # the control: the same phrase after a verb of use is no contribution
    got = _proposed(extractor, "We use a new approach using concept bottlenecks for control command predictions.")
    assert "approach using concept bottlenecks" not in got, got


def test_a_long_complement_is_cut_before_its_purpose_or_frame(extractor):
    got = _proposed(extractor, "In this note, we propose a method to find faster algorithms for this problem.")
    assert "method to find faster algorithms" in got, got
    got = _proposed(extractor, "We propose an approach to TM-based NMT within the Transformer framework.")
    assert "approach to TM-based NMT" in got, got
    # the control: a complement that refers back names nothing, and a short one stays whole
    got = _proposed(extractor, "We propose an approach to this task within the Transformer framework.")
    assert not any(label.startswith("approach to") for label in got), got
    got = _proposed(extractor, "We propose a method for robust learning under distribution shift.")
    assert "method for robust learning under distribution shift" in got, got


def test_an_activity_before_a_kind_noun_is_no_models_base_name(extractor):
    abstract = "In this paper, we propose a novel inpainting network combining the two designs. Inpainting is hard."
    got = _proposed(extractor, abstract)
    assert got.get("inpainting network") == "Model", got
    assert "Inpainting" not in got and "inpainting" not in got, got
    # the control: a known model's name before a part noun is still its base
    got = _proposed(extractor, "In this paper, we propose a novel Transformer encoder combining the two designs. "
                               "The Transformer is strong.")
    assert "Transformer" in got, got


@pytest.mark.parametrize("abstract, name", [
    ("We propose an efficient algorithm based on Metropolis-Hastings sampling and demonstrate its efficacy.",
     "algorithm based on Metropolis-Hastings sampling"),
    ("We propose a new approach using concept bottlenecks for control command predictions.",
     "approach using concept bottlenecks"),
])
def test_the_bare_kind_noun_is_no_longer_the_answer(extractor, abstract, name):
    got = _proposed(extractor, abstract)
    assert name in got and "algorithm" not in got and "approach" not in got, got


def test_two_describing_words_or_gerunds_joined_inside_a_complement_go_on(extractor):
    got = _proposed(extractor, "This paper proposes a framework for learning robust and generalizable pivoting skills, "
                               "which consists of three steps.")
    assert "framework for learning robust and generalizable pivoting skills" in got, got
    got = _proposed(extractor, "This paper provides a framework for identifying and studying the errors that current "
                               "methods make.")
    assert "framework for identifying and studying the errors" in got, got
    # the control: a gerund whose object is cut off by "and" names nothing ("… for identifying" alone)
    assert "framework for identifying" not in got, got


def test_the_last_resort_kind_noun_keeps_its_purpose_cut_before_a_second_purpose(extractor):
    abstract = ("This paper proposes a method to set the optimal stiffness for a multi-finger VSA hand to perform a "
                "desired manipulation task.")
    assert "method to set the optimal stiffness" in _proposed(extractor, abstract)
    # the control: where the paper names something else, the long complement is not cut, and the name answers
    got = _proposed(extractor, "This paper proposes a novel approach to conduct routine calibration for the changing "
                               "mechanical parameters over time of a vision-based tactile sensor, without "
                               "disassembling its structure. We introduce TactCal, a calibration pipeline for "
                               "tactile sensors.")
    assert "TactCal" in got and "approach to conduct routine calibration" not in got, got
    got = _proposed(extractor, "This paper proposes a novel approach to conduct routine calibration for the changing "
                               "mechanical parameters over time of a vision-based tactile sensor, without "
                               "disassembling its structure.")
    assert "approach to conduct routine calibration" in got, got
