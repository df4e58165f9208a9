"""Node-link JSON export (networkx ``node_link_data``; d3.js, JavaScript tools).

JSON holds lists, so list attributes stay lists.  Shape::

    {"directed": true, "multigraph": true, "graph": {},
     "nodes": [{"id": ..., "type": ..., "label": ..., ...}],
     "edges": [{"source": ..., "target": ..., "key": 0, "predicate": ..., ...}]}

Read it back with ``networkx.node_link_graph(data, edges="edges")``.
"""
from __future__ import annotations

import json

import networkx as nx

from kg.export.graphml import to_networkx
from kg.graph.model import KnowledgeGraph

EDGES_KEY = "edges"


def node_link_data(g: nx.MultiDiGraph) -> dict:
    try:
        return nx.node_link_data(g, edges=EDGES_KEY)
    except TypeError:  # networkx < 3.4 names the argument ``link``
        return nx.node_link_data(g, link=EDGES_KEY)


def node_link_graph(data: dict) -> nx.MultiDiGraph:
    """The inverse of :func:`render_nodelink` (after ``json.loads``)."""
    try:
        return nx.node_link_graph(data, edges=EDGES_KEY)
    except TypeError:  # networkx < 3.4
        return nx.node_link_graph(data, link=EDGES_KEY)


def render_nodelink(graph: KnowledgeGraph | nx.MultiDiGraph) -> str:
    """The graph as node-link JSON text (a KnowledgeGraph, or a graph from :func:`kg.load_graph`)."""
    g = to_networkx(graph) if isinstance(graph, KnowledgeGraph) else graph
    return json.dumps(node_link_data(g), ensure_ascii=False, indent=1) + "\n"
