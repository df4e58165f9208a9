"""GEXF export for Gephi, through networkx.

Like GraphML, GEXF stores scalar attributes only, so list-valued attributes
(aliases, papers, vocabulary, code) are JSON-encoded strings.  Two edge
attributes are renamed: GEXF reserves ``start``/``end`` for time intervals
(Gephi would read the evidence offsets as a timeline), so the sentence
offsets are written as ``offset_start``/``offset_end``; networkx's
``networkx_key`` edge attribute (a multigraph's edge keys) is left out.  The file carries no
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
#: networkx writes a multigraph's edge keys as an attribute, which means nothing outside networkx
_KEY_ATTRIBUTE = re.compile(r'\n\s*<attribute id="(\d+)" title="networkx_key" type="[a-z]+" />')


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
    key = _KEY_ATTRIBUTE.search(text)
    if key:  # drop the declaration and every value of networkx's edge-key attribute
        text = _KEY_ATTRIBUTE.sub("", text, count=1)
        text = re.sub(rf'\n\s*<attvalue for="{key.group(1)}" value="[^"]*" />', "", text)
    return _META.sub("<meta>\n    <creator>kg</creator>", text, count=1)
