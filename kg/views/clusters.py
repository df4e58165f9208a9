"""Communities of a drawn graph, named by their distinctive members.

The explorer's first view of a big graph is a map of the field: groups of
papers and concepts that link mostly among themselves (Louvain modularity on
the drawn edges, seeded, so the same graph gives the same groups), each named
by its concepts that are both central in the group and specific in the corpus
(in-group links x :func:`kg.views.related.concept_weights`), so a group reads
"diffusion models · image generation", not "deep learning · experiments".
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

__all__ = ["Cluster", "find_clusters"]

#: Louvain's seed: the same graph always gives the same communities.
SEED = 7
#: Concepts named in a cluster's name, and listed as its top members.
NAME_TERMS = 3
TOP_MEMBERS = 12


@dataclass
class Cluster:
    """One community: its members (node ids) and its most distinctive concepts, best first."""

    members: list[str]
    top: list[str] = field(default_factory=list)  # entity ids, most distinctive first
    name: str = ""


def find_clusters(nodes: Iterable[str], edges: Iterable[tuple[str, str]], labels: Mapping[str, str],
                  is_concept: Mapping[str, bool], weights: Mapping[str, float],
                  min_size: int = 3) -> list[Cluster]:
    """Communities of the undirected graph ``(nodes, edges)``, biggest first.

    Communities smaller than ``min_size`` are left out (isolated pairs say
    nothing about the field).  ``labels`` names nodes, ``is_concept`` tells
    entities from papers, ``weights`` gives each concept's specificity.
    """
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(sorted(nodes))
    g.add_edges_from(sorted({(min(a, b), max(a, b)) for a, b in edges if a != b}))
    if g.number_of_edges() == 0:
        return []
    groups = nx.community.louvain_communities(g, seed=SEED)
    inside: dict[str, int] = defaultdict(int)
    clusters = []
    for group in groups:
        if len(group) < min_size:
            continue
        members = sorted(group)
        for node in members:
            inside[node] = sum(1 for other in g.adj[node] if other in group)
        concepts = [m for m in members if is_concept.get(m)]
        # central in the group x specific in the corpus (+1: a concept in every paper still counts a little)
        score = {c: inside[c] * (1.0 + weights.get(c, 0.0)) for c in concepts}
        concepts.sort(key=lambda c: (-score[c], labels.get(c, c), c))
        top = concepts[:TOP_MEMBERS]
        # the name: the best few, each at least a third as distinctive as the best one
        named = [c for c in top if score[c] * 3 >= score[top[0]]] if top else []
        name = " · ".join(_unique(labels.get(c, c) for c in named))
        clusters.append(Cluster(members=members, top=top, name=name))
    clusters.sort(key=lambda c: (-len(c.members), c.members[0]))
    return clusters


def _unique(names: Iterable[str]) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for n in names:
        key = n.casefold()
        if key not in seen:
            seen.add(key)
            out.append(n)
        if len(out) == NAME_TERMS:
            break
    return out
