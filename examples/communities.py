"""A community summary: papers grouped (Louvain) by the concepts they share.

    kg build examples/icml2026.txt --out exports
    python examples/communities.py exports
"""
import sys

import networkx as nx

import kg
from kg.errors import KgError


def main(exports: str) -> None:
    g = kg.load_graph(exports)
    # bipartite graph: papers and the entities that two or more papers mention
    shared = nx.Graph()
    shared.add_nodes_from(sorted(n for n, d in g.nodes(data=True) if d["type"] == "Paper"))
    for entity, data in sorted(g.nodes(data=True)):
        if data["type"] != "Paper" and len(data["papers"]) >= 2:
            shared.add_edges_from((paper, entity) for paper in data["papers"])
    communities = nx.community.louvain_communities(shared, seed=42)  # sorted input + seed: same every run
    summary = []
    for members in communities:
        papers = sorted(n for n in members if g.nodes[n]["type"] == "Paper")
        concepts = sorted((n for n in members if g.nodes[n]["type"] != "Paper"),
                          key=lambda n: (-shared.degree(n), g.nodes[n]["label"].lower()))
        summary.append((papers, [g.nodes[n]["label"] for n in concepts]))
    summary.sort(key=lambda c: (-len(c[0]), c[1][:1], c[0]))
    for i, (papers, concepts) in enumerate(summary, 1):
        n = len(papers)
        print(f"{i:>2}. {', '.join(concepts[:4]) or '(no shared concept)'}  ({n} paper{'s' if n != 1 else ''})")
        for paper in papers[:3]:
            print(f"      {g.nodes[paper]['label'][:80]}")
    print(f"{len(summary)} communities of {sum(len(p) for p, _ in summary)} papers")


if __name__ == "__main__":
    try:
        main(sys.argv[1] if len(sys.argv) > 1 else "exports")
    except KgError as exc:
        sys.exit(f"error: {exc}")
