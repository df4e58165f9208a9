"""What the paper itself proposes: contribution cues, naming cues, appositions."""
from __future__ import annotations

import pytest

from kg.extract import Extractor
from kg.records import Paper


@pytest.fixture(scope="module")
def extractor() -> Extractor:
    return Extractor()


def _proposed(extractor: Extractor, abstract: str) -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


@pytest.mark.parametrize("abstract, name, typ", [
    ("We introduce Vision2Web, a hierarchical benchmark for visual website development.", "Vision2Web", "Dataset"),
    ("We propose an unsupervised federated graph matching algorithm, UFGM, for inferring links.", "UFGM", "Method"),
    ("We first propose a new task, the sequential Morris Water Maze (sWM), which extends a known task.",
     "sequential Morris Water Maze", "Task"),
    ("In this paper, we present an algorithm called WinQ that learns quantization grids.", "WinQ", "Method"),
])
def test_contribution_is_proposed_and_typed(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract).get(name) == typ, _proposed(extractor, abstract)


def test_used_known_method_is_not_proposed(extractor):
    """"a reinforcement learning framework": the paper uses RL, it does not propose it."""
    assert "reinforcement learning" not in _proposed(
        extractor, "We propose a reinforcement learning framework for chip placement.")
