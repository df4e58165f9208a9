"""Related papers by shared specific concepts, and clusters named by their distinctive members."""
from __future__ import annotations

import math

from kg.views.clusters import find_clusters
from kg.views.related import concept_weights, related_papers


def test_concept_weights_are_inverse_document_frequency():
    w = concept_weights({"deep learning": 100, "MP-20": 2, "orphan": 0, "everywhere": 100}, 100)
    assert w["deep learning"] == 0.0 == w["everywhere"]  # in every paper: says nothing
    assert w["MP-20"] == math.log(50)
    assert w["orphan"] == 0.0
    assert concept_weights({"a": 1}, 0) == {"a": 0.0}  # no papers: no division by zero


def _corpus():
    concepts_of = {
        "p1": {"deep learning", "MP-20", "crystal flow"},
        "p2": {"deep learning", "MP-20"},
        "p3": {"deep learning", "crystal flow", "MP-20"},
        "p4": {"deep learning", "transformer"},
        "p5": {"deep learning", "transformer"},
    }
    papers_of: dict[str, set[str]] = {}
    for p, cs in concepts_of.items():
        for c in cs:
            papers_of.setdefault(c, set()).add(p)
    weights = concept_weights({c: len(ps) for c, ps in papers_of.items()}, len(concepts_of))
    return concepts_of, papers_of, weights


def test_related_papers_share_specific_concepts_not_generic_ones():
    concepts_of, papers_of, weights = _corpus()
    related = related_papers("p1", concepts_of, papers_of, weights)
    assert [q for q, _, _ in related] == ["p3", "p2"]  # p4, p5 share only "deep learning"
    p3, score, shared = related[0]
    assert shared == ["crystal flow", "MP-20"]  # the rarer concept first
    assert score == weights["crystal flow"] + weights["MP-20"]
    # positive control: the generic concept is shared with p4, and would relate it if it were specific
    weights_flat = {c: 1.0 for c in weights}
    assert "p4" in [q for q, _, _ in related_papers("p1", concepts_of, papers_of, weights_flat)]
    assert related_papers("p1", concepts_of, papers_of, weights, k=1) == related[:1]
    assert related_papers("unknown", concepts_of, papers_of, weights) == []


def test_clusters_are_found_named_and_deterministic():
    # two triangles of papers around their own concepts, joined by one generic concept
    edges = []
    nodes = []
    for side, concepts in (("a", ["flow matching", "crystals"]), ("b", ["reward models", "RLHF"])):
        for i in range(4):
            p = f"{side}{i}"
            nodes.append(p)
            edges += [(p, c) for c in concepts]
        nodes += concepts
    nodes.append("deep learning")
    edges += [("a0", "deep learning"), ("b0", "deep learning")]
    labels = {n: n for n in nodes}
    is_concept = {n: not (n[0] in "ab" and n[1:].isdigit()) for n in nodes}
    weights = {n: (0.1 if n == "deep learning" else 2.0) for n in nodes if is_concept[n]}
    clusters = find_clusters(nodes, edges, labels, is_concept, weights)
    assert len(clusters) == 2
    names = sorted(c.name for c in clusters)
    assert names == ["crystals · flow matching", "RLHF · reward models"] or \
        {frozenset(n.split(" · ")) for n in names} == {frozenset({"crystals", "flow matching"}),
                                                      frozenset({"RLHF", "reward models"})}
    assert all("deep learning" not in c.name for c in clusters)
    assert find_clusters(list(reversed(nodes)), list(reversed(edges)), labels, is_concept, weights) == clusters
    assert find_clusters(["x"], [], {"x": "x"}, {"x": True}, {}) == []
