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

import io
import json
import re
from collections.abc import Iterator
from itertools import chain, islice
from typing import TextIO

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


_EDGE_NAMES = ("predicate", "paper", "sentence", "section", "start", "end", "component", "confidence")


def _edge_values(link) -> tuple:
    """The values of a link's edge attributes, in the order of :data:`_EDGE_NAMES`."""
    ev = link.evidence
    return (link.predicate, link.paper, ev.sentence, ev.section, ev.start, ev.end, ev.component, ev.confidence)


def _edge_attrs(link) -> dict:
    return dict(zip(_EDGE_NAMES, _edge_values(link)))


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


#: What XML 1.0 forbids even as a character reference (C0 controls but tab/LF/CR, lone surrogates,
#: U+FFFE/U+FFFF): a parser refuses the whole file, so each becomes U+FFFD.
_XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _cdata(text: str) -> str:
    text = _XML_FORBIDDEN.sub("\ufffd", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attrib(text: str) -> str:
    return (_cdata(text).replace('"', "&quot;").replace("\r", "&#13;")
            .replace("\n", "&#10;").replace("\t", "&#09;"))


_LINES_PER_WRITE = 4096


def render_graphml(graph: KnowledgeGraph) -> str:
    """GraphML of the graph: nodes (papers, then entities, sorted) and one edge per link."""
    buf = io.StringIO(newline="\n")
    write_graphml(graph, buf)
    return buf.getvalue()


def write_graphml(graph: KnowledgeGraph, out: TextIO) -> None:
    """Write the text of :func:`render_graphml` to ``out``, a few thousand lines at a time.

    The keys are declared before the nodes but numbered in order of first use, so a
    first pass over the attributes numbers them; the second writes the lines.
    """
    nodes, adjacency, keys = _prepared(graph)
    if nodes:
        lines = chain(_head(keys), ['  <graph edgedefault="directed">'], _body(nodes, adjacency, keys), _TAIL)
    else:
        lines = chain(_head(keys), ['  <graph edgedefault="directed" />', "</graphml>"])
    while chunk := list(islice(lines, _LINES_PER_WRITE)):
        out.write(encoded(chunk))


_TAIL = ["  </graph>", "</graphml>"]


def encoded(lines: list[str]) -> str:
    """Lines as the file has them: non-ASCII as character references, each line ended by "\n".

    networkx hands out the lines of the document: other line breaks in the text become "\n" too (every
    line ends with ">", so the breaks of a run of whole lines are those of the whole text).
    """
    text = "\n".join(lines).encode("ascii", "xmlcharrefreplace").decode("ascii")
    return "\n".join(text.splitlines()) + "\n"


def _prepared(graph: KnowledgeGraph) -> tuple[dict[str, dict], dict[str, dict[str, list]], dict]:
    """The nodes' attributes, the links by source and target, and the keys numbered in order of first use."""
    # the multigraph as networkx would hold it: node attributes merged on re-adding a
    # node, edges grouped by source (node order), then target (first use), keyed 0, 1, ...
    nodes: dict[str, dict] = {}
    for pid in sorted(graph.papers):
        nodes.setdefault(pid, {}).update(_paper_attrs(graph, pid))
    for eid in sorted(graph.entities):
        nodes.setdefault(eid, {}).update(_entity_attrs(graph, eid))
    adjacency: dict[str, dict[str, list]] = {}  # source -> target -> links (their attributes made when written)
    for link in graph.links:
        for n in (link.subject, link.object):
            if n not in nodes:
                nodes[n] = {}
        adjacency.setdefault(link.subject, {}).setdefault(link.object, []).append(link)

    keys: dict[tuple[str, str, str], str] = {}
    seen: set[tuple] = set()  # the names and value types of the elements numbered: the others add no key
    for attrs, scope in _attributes(nodes, adjacency):
        shape = (scope, *attrs, *map(type, attrs.values()))
        if shape not in seen:
            seen.add(shape)
            for name, value in attrs.items():
                keys.setdefault((name, _xml_type(value), scope), f"d{len(keys)}")
    return nodes, adjacency, keys


def _head(keys: dict[tuple[str, str, str], str]) -> list[str]:
    head = [_HEADER]
    for (name, xml_type, scope), key in reversed(keys.items()):
        head.append(f'  <key id="{key}" for="{scope}" attr.name="{_attrib(name)}" attr.type="{xml_type}" />')
    return head


def _attributes(nodes: dict[str, dict], adjacency: dict[str, dict[str, list]]) -> Iterator[tuple[dict, str]]:
    """The attributes of every node, then of every edge, each with its scope, in the order written.

    An edge's are given once per distinct shape of values (their types) only: the others number no key.
    """
    for attrs in nodes.values():
        yield attrs, "node"
    shapes: set[tuple] = set()
    for u in nodes:
        for links in adjacency.get(u, {}).values():
            for link in links:
                values = _edge_values(link)
                shape = tuple(map(type, values))
                if shape not in shapes:
                    shapes.add(shape)
                    yield dict(zip(_EDGE_NAMES, values)), "edge"


def _xml_type(value: object) -> str:
    """The GraphML type of an attribute value, as :func:`_scalar` stores it."""
    if isinstance(value, (list, dict)):
        return "string"  # JSON text
    try:
        return _XML_TYPES[type(value)]
    except KeyError:
        raise TypeError(f"GraphML does not support type {type(value)} as data values.") from None


def _body(nodes: dict[str, dict], adjacency: dict[str, dict[str, list]],
          keys: dict[tuple[str, str, str], str]) -> Iterator[str]:
    """The lines of the nodes and edges."""
    for n, attrs in nodes.items():
        yield from _node_lines(n, attrs, keys)
    for u in nodes:
        yield from _edge_lines(u, adjacency.get(u, {}), keys)


def _data_lines(attrs: dict, scope: str, keys: dict[tuple[str, str, str], str]) -> list[str]:
    lines = []
    for name, value in attrs.items():
        value = _scalar(value)
        key = keys[(name, _XML_TYPES[type(value)], scope)]
        text = str(value)
        lines.append(f'      <data key="{key}">{_cdata(text)}</data>' if text else f'      <data key="{key}" />')
    return lines


def _node_lines(n: str, attrs: dict, keys: dict[tuple[str, str, str], str]) -> list[str]:
    """The element of one node."""
    lines = _data_lines(attrs, "node", keys)
    if lines:
        return [f'    <node id="{_attrib(str(n))}">', *lines, "    </node>"]
    return [f'    <node id="{_attrib(str(n))}" />']


def _edge_lines(u: str, targets: dict[str, list], keys: dict[tuple[str, str, str], str]) -> list[str]:
    """The elements of the edges from one node (``targets``: its links by target, in order of first use)."""
    out = []
    for v, links in targets.items():
        for k, link in enumerate(links):
            head = f'    <edge source="{_attrib(str(u))}" target="{_attrib(str(v))}" id="{k}"'
            lines = _data_lines(_edge_attrs(link), "edge", keys)
            if lines:
                out.append(head + ">")
                out.extend(lines)
                out.append("    </edge>")
            else:
                out.append(head + " />")
    return out
