"""Related papers: the papers that share *specific* concepts with a paper.

Two papers that both mention "deep learning" or "experiments" are not related in
any useful sense; two that both mention "MP-20" or "flow matching on crystals"
are.  So a shared concept counts by its specificity, the inverse document
frequency ``log(N / df)`` (``N`` papers, ``df`` of them mention the concept): a
concept in every paper weighs 0, one in two papers of 30,000 weighs ~9.6.

Pure functions on plain mappings (scispacy style), so the HTML explorer
(:mod:`kg.export.html` ships the weights in the page and page.js sums them) and
later analytics can share one definition.
"""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping

__all__ = ["concept_weights", "related_papers"]


def concept_weights(paper_counts: Mapping[str, int], n_papers: int) -> dict[str, float]:
    """Specificity of each concept: ``log(n_papers / df)``, 0 for a concept in every paper.

    ``paper_counts`` maps a concept to the number of papers mentioning it
    (``df``); concepts with ``df <= 0`` get 0 (they link nothing).
    """
    n = max(1, n_papers)
    return {c: math.log(n / df) if 0 < df < n else 0.0 for c, df in paper_counts.items()}


def related_papers(paper: str, concepts_of: Mapping[str, Iterable[str]], papers_of: Mapping[str, Iterable[str]],
                   weights: Mapping[str, float], k: int = 8) -> list[tuple[str, float, list[str]]]:
    """The ``k`` papers sharing the most specific concepts with ``paper``.

    Each candidate scores the sum of the weights of the concepts it shares with
    ``paper``; returns ``(paper id, score, shared concepts by weight)``, best
    first, ties by id.  Concepts of weight 0 (in every paper) relate nothing.
    """
    score: dict[str, float] = defaultdict(float)
    shared: dict[str, list[str]] = defaultdict(list)
    for concept in sorted(set(concepts_of.get(paper, ()))):
        w = weights.get(concept, 0.0)
        if w <= 0:
            continue
        for other in papers_of.get(concept, ()):
            if other != paper:
                score[other] += w
                shared[other].append(concept)
    ranked = sorted(score, key=lambda q: (-score[q], q))[:max(0, k)]
    return [(q, score[q], sorted(shared[q], key=lambda c: (-weights.get(c, 0.0), c))) for q in ranked]
