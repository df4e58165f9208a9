"""Specificity: how much a concept says about the papers that mention it.

"large language models" and "accuracy" are mentioned by a quarter and a tenth of
an ML corpus: two papers sharing them are hardly alike, and a community is not
"about" them.  A concept's specificity is its smoothed inverse document
frequency scaled to (0, 1]:

    specificity(e) = ln((1 + N) / (1 + df(e))) / ln(1 + N)  (floored at MIN_SPECIFICITY)

with ``N`` papers and ``df(e)`` of them mentioning ``e``: a concept of one paper
scores about 0.9, one that every paper mentions about 0.  IDF is the standard
measure of how generic a term is in its collection (Spärck Jones 1972), needs
nothing but the graph, and ranks the same whatever the corpus size.

This module is the canonical implementation, on plain mappings, so every user
shares it: :mod:`kg.analytics.stats` (most alike papers, communities and their
names, co-occurrence tables) and the explorer's related papers.  Hubs stay in
the graph and in every query; only rankings weigh them down.
"""
from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping

#: floor, so a concept every paper mentions still counts for something in a weighted Jaccard
MIN_SPECIFICITY = 0.01


def specificity_of(df: int, n_papers: int) -> float:
    """The specificity of a concept ``df`` of ``n_papers`` papers mention (see the module docstring)."""
    if n_papers <= 0:
        return 1.0
    value = math.log((1 + n_papers) / (1 + max(0, min(df, n_papers)))) / math.log(1 + n_papers)
    return max(MIN_SPECIFICITY, value)


def specificity(entity_papers: Mapping[str, Collection[str]], n_papers: int | None = None) -> dict[str, float]:
    """Entity id -> specificity, from entity id -> the papers mentioning it.

    ``n_papers`` defaults to the number of distinct papers in ``entity_papers``.
    """
    if n_papers is None:
        n_papers = len({p for ps in entity_papers.values() for p in ps})
    return {e: specificity_of(len(ps), n_papers) for e, ps in entity_papers.items()}


def weighted_jaccard(a: Iterable[str], b: Iterable[str], weight: Mapping[str, float]) -> tuple[float, float]:
    """(weighted Jaccard, shared weight) of two entity sets: the specificity of what they share over that of
    what either has, and the shared specificity itself (how much evidence the likeness rests on)."""
    sa, sb = set(a), set(b)
    shared = sum(weight.get(e, 1.0) for e in sa & sb)
    union = sum(weight.get(e, 1.0) for e in sa | sb)
    return (shared / union if union else 0.0), shared


def related_score(a: Iterable[str], b: Iterable[str], weight: Mapping[str, float]) -> float:
    """How alike two papers are: weighted Jaccard × shared specificity.

    The Jaccard part says how much of the two papers the overlap covers; the shared part how
    much that overlap says. Two papers whose only concepts are {LLMs, accuracy} have Jaccard 1
    but share little (about 0.5): they rank below two papers sharing two rare methods.
    """
    j, shared = weighted_jaccard(a, b, weight)
    return j * shared


def related_papers(paper: str, paper_entities: Mapping[str, Collection[str]], weight: Mapping[str, float],
                   top: int = 5) -> list[tuple[str, float]]:
    """The ``top`` papers most like ``paper`` by :func:`related_score`, best first (ties: paper id).

    For the explorer's "related papers": a paper sharing only hubs with this one ranks low.
    """
    mine = set(paper_entities.get(paper, ()))
    scores = [(other, related_score(mine, ents, weight)) for other, ents in paper_entities.items()
              if other != paper and mine & set(ents)]
    return sorted((s for s in scores if s[1] > 0), key=lambda s: (-s[1], s[0]))[:top]
