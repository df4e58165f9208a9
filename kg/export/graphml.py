"""GraphML export through networkx (for Gephi and analytics scripts).

GraphML holds scalar attributes only, so list-valued attributes (aliases,
papers) are JSON-encoded strings.
"""
from __future__ import annotations

import json

import networkx as nx

from kg.graph.model import KnowledgeGraph


def to_networkx(graph: KnowledgeGraph) -> nx.MultiDiGraph:
    """The graph as a networkx MultiDiGraph with plain attributes (lists kept as lists)."""
    g = nx.MultiDiGraph()
    for pid in sorted(graph.papers):
        node = graph.papers[pid]
        g.add_node(pid, kind="paper", type="Paper", label=node.display_title, title=node.title,
                   venue=node.paper.venue, year=node.paper.year or 0, url=node.paper.url,
                   abstract=node.abstract, code=list(node.code_urls))
    for eid in sorted(graph.entities):
        ent = graph.entities[eid]
        g.add_node(eid, kind="entity", type=ent.type, label=ent.label, aliases=list(ent.aliases),
                   papers=list(ent.papers), paper_count=len(ent.papers), vocabulary=list(ent.vocabulary))
    for link in graph.links:
        ev = link.evidence
        g.add_edge(link.subject, link.object, predicate=link.predicate, paper=link.paper,
                   sentence=ev.sentence, section=ev.section, start=ev.start, end=ev.end,
                   component=ev.component, confidence=ev.confidence)
    return g


def scalar_copy(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy whose list attributes are JSON strings (what GraphML/GEXF can store)."""
    out = nx.MultiDiGraph()
    for n, data in g.nodes(data=True):
        out.add_node(n, **{k: json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else v
                           for k, v in data.items()})
    for u, v, k, data in g.edges(keys=True, data=True):
        out.add_edge(u, v, key=k, **data)
    return out


def render_graphml(graph: KnowledgeGraph) -> str:
    return "\n".join(nx.generate_graphml(scalar_copy(to_networkx(graph)))) + "\n"
