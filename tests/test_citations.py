"""kg_citations: the period of "et al." ends no sentence (the component alone, on a blank English pipeline)."""
from __future__ import annotations

import pytest
import spacy

from kg.extract.components.citations import et_al_continuations


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_citations")
    return nlp


def _sentences(nlp, text: str) -> list[str]:
    return [s.text for s in nlp(text).sents]


@pytest.mark.parametrize("text, first", [
    ("Smith et al. (2019) proposed SpecNet for audio. We extend it.", "Smith et al. (2019) proposed SpecNet for audio."),
    ("Smith et al. studied bandits. We extend it.", "Smith et al. studied bandits."),
    ("It follows Smith et al. 2024 closely. We extend it.", "It follows Smith et al. 2024 closely."),
    ("It is known (Smith et al., 2021). We extend it.", "It is known (Smith et al., 2021)."),
])
def test_a_citation_with_et_al_stays_in_its_sentence(nlp, text, first):
    assert _sentences(nlp, text) == [first, "We extend it."]


def test_a_capital_word_right_after_et_al_still_starts_a_sentence(nlp):
    assert _sentences(nlp, "This was shown by Smith et al. We extend it.") == [
        "This was shown by Smith et al.", "We extend it."]


def test_et_al_continuations_is_the_tokens_up_to_the_first_word():
    text = ["Smith", "et", "al", ".", "(", "2019", ")", "show", "."]
    punct = [t in ".()" for t in text]
    assert et_al_continuations(text, punct, [2]) == [4, 5]
    assert et_al_continuations(["by", "X", "et", "al", ".", "We"], [False] * 4 + [True, False], [3]) == []
