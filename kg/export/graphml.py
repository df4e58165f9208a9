"""GraphML export (for Gephi and analytics scripts), and the graph as networkx.

GraphML holds scalar attributes only, so list-valued attributes (aliases,
papers) are JSON-encoded strings.

:func:`render_graphml` writes the XML itself, byte for byte what
``networkx.generate_graphml`` makes of ``scalar_copy(to_networkx(graph))``
(key ids in order of first use and declared newest first, two-space indent,
non-ASCII as character references), at a fraction of the cost of building
an ElementTree of the whole graph.
"""
from __future__ import annotations

import json

import networkx as nx

from kg.graph.model import KnowledgeGraph

#: Python type of an attribute value -> GraphML ``attr.type`` (as networkx declares it).
_XML_TYPES = {str: "string", int: "long", float: "double", bool: "boolean"}
_HEADER = ('<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
           'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
           'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
           'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">')


def _paper_attrs(graph: KnowledgeGraph, pid: str) -> dict:
    node = graph.papers[pid]
    return dict(kind="paper", type="Paper", label=node.display_title, title=node.title,
                venue=node.paper.venue, year=node.paper.year or 0, url=node.paper.url,
                abstract=node.abstract, code=list(node.code_urls))


def _entity_attrs(graph: KnowledgeGraph, eid: str) -> dict:
    ent = graph.entities[eid]
    return dict(kind="entity", type=ent.type, label=ent.label, aliases=list(ent.aliases),
                papers=list(ent.papers), paper_count=len(ent.papers), vocabulary=list(ent.vocabulary))


def _edge_attrs(link) -> dict:
    ev = link.evidence
    return dict(predicate=link.predicate, paper=link.paper, sentence=ev.sentence, section=ev.section,
                start=ev.start, end=ev.end, component=ev.component, confidence=ev.confidence)


def to_networkx(graph: KnowledgeGraph) -> nx.MultiDiGraph:
    """The graph as a networkx MultiDiGraph with plain attributes (lists kept as lists)."""
    g = nx.MultiDiGraph()
    for pid in sorted(graph.papers):
        g.add_node(pid, **_paper_attrs(graph, pid))
    for eid in sorted(graph.entities):
        g.add_node(eid, **_entity_attrs(graph, eid))
    for link in graph.links:
        g.add_edge(link.subject, link.object, **_edge_attrs(link))
    return g


def _scalar(value: object) -> object:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (list, dict)) else value


def scalar_copy(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy whose list attributes are JSON strings (what GraphML/GEXF can store)."""
    out = nx.MultiDiGraph()
    for n, data in g.nodes(data=True):
        out.add_node(n, **{k: _scalar(v) for k, v in data.items()})
    for u, v, k, data in g.edges(keys=True, data=True):
        out.add_edge(u, v, key=k, **data)
    return out


def _cdata(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attrib(text: str) -> str:
    return (_cdata(text).replace('"', "&quot;").replace("\r", "&#13;")
            .replace("\n", "&#10;").replace("\t", "&#09;"))


def render_graphml(graph: KnowledgeGraph) -> str:
    """GraphML of the graph: nodes (papers, then entities, sorted) and one edge per link."""
    # the multigraph as networkx would hold it: node attributes merged on re-adding a
    # node, edges grouped by source (node order), then target (first use), keyed 0, 1, ...
    nodes: dict[str, dict] = {}
    for pid in sorted(graph.papers):
        nodes.setdefault(pid, {}).update(_paper_attrs(graph, pid))
    for eid in sorted(graph.entities):
        nodes.setdefault(eid, {}).update(_entity_attrs(graph, eid))
    adjacency: dict[str, dict[str, list[dict]]] = {}
    for link in graph.links:
        for n in (link.subject, link.object):
            if n not in nodes:
                nodes[n] = {}
        adjacency.setdefault(link.subject, {}).setdefault(link.object, []).append(_edge_attrs(link))

    keys: dict[tuple[str, str, str], str] = {}

    def data_lines(attrs: dict, scope: str) -> list[str]:
        lines = []
        for name, value in attrs.items():
            value = _scalar(value)
            try:
                xml_type = _XML_TYPES[type(value)]
            except KeyError:
                raise TypeError(f"GraphML does not support type {type(value)} as data values.") from None
            key = keys.get((name, xml_type, scope))
            if key is None:
                key = keys[(name, xml_type, scope)] = f"d{len(keys)}"
            text = str(value)
            lines.append(f'      <data key="{key}">{_cdata(text)}</data>' if text else f'      <data key="{key}" />')
        return lines

    body: list[str] = []
    for n, attrs in nodes.items():
        lines = data_lines(attrs, "node")
        if lines:
            body.append(f'    <node id="{_attrib(str(n))}">')
            body.extend(lines)
            body.append("    </node>")
        else:
            body.append(f'    <node id="{_attrib(str(n))}" />')
    for u in nodes:
        for v, edges in adjacency.get(u, {}).items():
            for k, attrs in enumerate(edges):
                head = f'    <edge source="{_attrib(str(u))}" target="{_attrib(str(v))}" id="{k}"'
                lines = data_lines(attrs, "edge")
                if lines:
                    body.append(head + ">")
                    body.extend(lines)
                    body.append("    </edge>")
                else:
                    body.append(head + " />")

    out = [_HEADER]
    for (name, xml_type, scope), key in reversed(keys.items()):
        out.append(f'  <key id="{key}" for="{scope}" attr.name="{_attrib(name)}" attr.type="{xml_type}" />')
    if body:
        out.append('  <graph edgedefault="directed">')
        out.extend(body)
        out.append("  </graph>")
    else:
        out.append('  <graph edgedefault="directed" />')
    out.append("</graphml>")
    text = "\n".join(out).encode("ascii", "xmlcharrefreplace").decode("ascii")
    # networkx hands out the lines of the document: other line breaks in the text become "\n" too
    return "\n".join(text.splitlines()) + "\n"
