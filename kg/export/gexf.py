"""GEXF export for Gephi, through networkx.

Like GraphML, GEXF stores scalar attributes only, so list-valued attributes
(aliases, papers, vocabulary, code) are JSON-encoded strings.  Two edge
attributes are renamed: GEXF reserves ``start``/``end`` for time intervals
(Gephi would read the evidence offsets as a timeline), so the sentence
offsets are written as ``offset_start``/``offset_end``.  The file carries no
modification date, so the same graph always gives the same bytes.
"""
from __future__ import annotations

import re

import networkx as nx

from kg.export.graphml import scalar_copy, to_networkx
from kg.graph.model import KnowledgeGraph

#: Edge attributes renamed because GEXF gives the original names a meaning.
RENAMED = {"start": "offset_start", "end": "offset_end"}

_META = re.compile(r'<meta lastmodifieddate="[^"]*">\s*<creator>[^<]*</creator>')


def _gexf_ready(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    out = scalar_copy(g)
    for _u, _v, data in out.edges(data=True):
        for old, new in RENAMED.items():
            if old in data:
                data[new] = data.pop(old)
    return out


def render_gexf(graph: KnowledgeGraph | nx.MultiDiGraph) -> str:
    """The graph as GEXF 1.2 text (a KnowledgeGraph, or a networkx graph as :func:`kg.load_graph` returns)."""
    g = to_networkx(graph) if isinstance(graph, KnowledgeGraph) else graph
    text = "\n".join(nx.generate_gexf(_gexf_ready(g))) + "\n"
    return _META.sub("<meta>\n    <creator>kg</creator>", text, count=1)
