"""Load a built graph for scripts and analytics.

:func:`load_graph` returns the graph as a networkx ``MultiDiGraph`` with plain
attributes (lists are lists again, not the JSON strings GraphML has to store);
:func:`load_rdf` returns the RDF as an rdflib ``Graph``.  Both accept the
folder ``kg build --out`` wrote, or one of its files.

Node attributes: ``kind`` ("paper" or "entity"), ``type`` ("Paper" or an
entity type), ``label``; papers add ``title``, ``venue``, ``year`` (0 when
unknown), ``url``, ``abstract``, ``code`` (list); entities add ``aliases``,
``papers`` (paper ids), ``paper_count`` and ``vocabulary`` (lists).
Edge attributes: ``predicate`` (``mentions`` or a typed relation), ``paper``
(the supporting paper) and the evidence: ``sentence``, ``section``, ``start``,
``end``, ``component``, ``confidence``.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kg.errors import InputError, MissingBuildError, UsageError
from kg.views.selection import DEFAULT_MAX_NODES

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx
    import rdflib

    from kg.graph.model import KnowledgeGraph
    from kg.views.selection import View

#: Attributes that hold lists (JSON-encoded in GraphML/GEXF).
LIST_ATTRS = frozenset({"aliases", "papers", "vocabulary", "code"})
#: Free-text attributes never decoded, whatever they look like.
TEXT_ATTRS = frozenset({"label", "title", "abstract", "sentence", "url", "venue", "section", "component"})

RDF_FILES = ("graph.ttl", "graph.nt", "graph.jsonld")
_RDF_FORMATS = {".ttl": "turtle", ".nt": "nt", ".jsonld": "json-ld", ".json": "json-ld", ".n3": "n3",
                ".rdf": "xml", ".xml": "xml", ".nq": "nquads", ".trig": "trig"}


def _missing(path: Path, what: str) -> MissingBuildError:
    return MissingBuildError(f"{path}: {what}; build it first with `kg build INPUT --out {path}`")


def graph_folder(path: str | Path) -> Path:
    """The build folder of ``path`` (a build folder, or one of its files): where derived files go."""
    p = Path(path)
    return p if p.is_dir() else p.parent


def resolve_graph_path(path: str | Path) -> Path:
    """The file :func:`load_graph` reads for ``path`` (a folder or a file)."""
    p = Path(path)
    if not p.exists():
        raise _missing(p, "no such file or folder")
    if p.is_dir():
        for name in ("graph.graphml", *RDF_FILES):
            if (p / name).is_file():
                return p / name
        raise _missing(p, "no graph.graphml or graph.ttl here")
    if p.suffix.lower() == ".graphml" or p.suffix.lower() in _RDF_FORMATS:
        return p
    raise InputError(f"{p}: not a graph file (expected a folder, .graphml, .ttl, .nt or .jsonld)")


def decode_attrs(data: dict) -> dict:
    """Attributes with the JSON-encoded lists of GraphML/GEXF decoded again."""
    out = {}
    for key, value in data.items():
        if isinstance(value, str) and key not in TEXT_ATTRS and value.startswith("[") and value.endswith("]"):
            try:
                decoded = json.loads(value)
            except ValueError:
                decoded = value
            value = decoded if isinstance(decoded, list) else value
        elif key in LIST_ATTRS and (value is None or value == ""):
            value = []
        out[key] = value
    return out


_GRAPHML_NS = "{http://graphml.graphdrawing.org/xmlns}"
_GRAPHML_TYPES: dict[str, Callable[[str], Any]] = {
    "string": str, "int": int, "long": int, "integer": int, "float": float, "double": float,
    "boolean": lambda v: v.strip().lower() in ("true", "1"),
}


class _NotFlat(Exception):
    """GraphML features the streaming reader leaves to networkx (nested graphs, hyperedges, ...)."""


def _stream_graphml(path: Path, g: "nx.MultiDiGraph") -> None:
    """Read a flat GraphML file (what networkx and ``kg build`` write) into ``g``, streaming.

    About three times faster than ``networkx.read_graphml`` on big graphs,
    since elements are converted and freed as they are parsed.
    """
    import xml.etree.ElementTree as ET

    ns = _GRAPHML_NS
    keys: dict[str, tuple[str, object]] = {}
    defaults: dict[str, dict[str, object]] = {"node": {}, "edge": {}}
    depth_graph = 0
    for event, el in ET.iterparse(path, events=("start", "end")):
        tag = el.tag
        if event == "start":
            if tag == ns + "graph":
                depth_graph += 1
                if depth_graph > 1:
                    raise _NotFlat("nested graph")
            elif tag in (ns + "hyperedge", ns + "port"):
                raise _NotFlat(tag)
            continue
        if tag == ns + "key":
            cast = _GRAPHML_TYPES.get(el.get("attr.type", "string"), str)
            name = el.get("attr.name") or el.get("id")
            keys[el.get("id")] = (name, cast)
            d = el.find(ns + "default")
            if d is not None and d.text is not None and el.get("for") in defaults:
                defaults[el.get("for")][name] = cast(d.text)
        elif tag in (ns + "node", ns + "edge"):
            data = {}
            for child in el.findall(ns + "data"):
                name, cast = keys.get(child.get("key"), (child.get("key"), str))
                data[name] = cast(child.text if child.text is not None else "")
            if tag == ns + "node":
                g.add_node(el.get("id"), **{**defaults["node"], **decode_attrs(data)})
            else:
                g.add_edge(el.get("source"), el.get("target"), **{**defaults["edge"], **decode_attrs(data)})
            el.clear()
        elif tag == ns + "graph":
            depth_graph -= 1


def _from_graphml(path: Path) -> "nx.MultiDiGraph":
    import networkx as nx

    g = nx.MultiDiGraph()
    try:
        _stream_graphml(path, g)
        return g
    except _NotFlat:
        pass
    except Exception as exc:  # noqa: BLE001 - malformed XML, bad numbers, ...: a one-line InputError
        raise InputError(f"{path}: not a readable GraphML file ({type(exc).__name__}: {exc})") from None
    try:
        raw = nx.read_graphml(path, force_multigraph=True)
    except Exception as exc:  # noqa: BLE001 - whatever networkx raises: a one-line InputError
        raise InputError(f"{path}: not a readable GraphML file ({type(exc).__name__}: {exc})") from None
    g = nx.MultiDiGraph()
    g.graph.update({k: v for k, v in raw.graph.items() if k not in ("node_default", "edge_default")})
    for n, data in raw.nodes(data=True):
        g.add_node(n, **decode_attrs(data))
    for u, v, data in raw.edges(data=True):
        data = decode_attrs(data)
        data.pop("id", None)
        g.add_edge(u, v, **data)
    return g


def _rdf_format(path: Path) -> str:
    fmt = _RDF_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(f"{path}: not an RDF file (expected .ttl, .nt or .jsonld)")
    return fmt


def load_rdf(path: str | Path = "exports") -> "rdflib.Graph":
    """The RDF of a built graph as an rdflib ``Graph``.

    ``path`` is the export folder (graph.ttl, else graph.nt, else graph.jsonld)
    or an RDF file.
    """
    import rdflib

    p = Path(path)
    if not p.exists():
        raise _missing(p, "no such file or folder")
    if p.is_dir():
        found = next((p / n for n in RDF_FILES if (p / n).is_file()), None)
        if found is None:
            raise _missing(p, "no graph.ttl, graph.nt or graph.jsonld here")
        p = found
    fmt = _rdf_format(p)
    g = rdflib.Graph()
    try:
        g.parse(p, format=fmt)
    except Exception as exc:  # noqa: BLE001 - each rdflib parser raises its own: a one-line InputError
        msg = " ".join(str(exc).split())[:200]
        raise InputError(f"{p}: not readable as {fmt} ({type(exc).__name__}: {msg})") from None
    return g


def rdf_to_networkx(rdf: "rdflib.Graph") -> "nx.MultiDiGraph":
    """The networkx view of an exported RDF graph (the shape in docs/RDF.md).

    Gives the same nodes, attributes and edges as the GraphML export; edges
    come from the ``kg:Evidence`` statements, so links the RDF merged (same
    subject, predicate, object, paper and sentence) appear once.
    """
    import networkx as nx
    from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS

    from kg.records import ENTITY_TYPES
    from kg.rdf.namespaces import KG, SCHEMA

    def one(s, p, default=None):
        for o in sorted(rdf.objects(s, p), key=str):
            return o
        return default

    def text(s, p, default=""):
        o = one(s, p)
        return str(o) if o is not None else default

    def num(s, p, cast, default):
        o = one(s, p)
        if o is None:
            return default
        try:
            return cast(o.toPython())
        except (TypeError, ValueError):
            return default

    ids: dict[Any, str] = {}  # rdflib node -> node id
    papers = sorted(set(rdf.subjects(RDF.type, KG.Paper)), key=str)
    for p in papers:
        iri = str(p)
        ids[p] = iri[iri.rfind("paper/") + len("paper/"):] if "paper/" in iri else iri
    base = None
    if papers and "paper/" in str(papers[0]):
        base = str(papers[0])[: str(papers[0]).rfind("paper/")]
    entities: dict[Any, str] = {}  # rdflib node -> entity type
    for t in ENTITY_TYPES:
        for e in rdf.subjects(RDF.type, KG[t]):
            entities.setdefault(e, t)
    for e in entities:
        iri = str(e)
        if base and iri.startswith(base + "entity/"):
            ids[e] = iri[len(base) + len("entity/"):]
        elif "entity/" in iri:
            ids[e] = iri[iri.rfind("entity/") + len("entity/"):]
        else:
            ids[e] = iri

    g = nx.MultiDiGraph()
    for p in sorted(papers, key=lambda x: ids[x]):
        venue = one(p, KG.venue)
        year = one(p, DCTERMS.issued)
        try:
            year_int = int(str(year)[:4]) if year is not None else 0
        except ValueError:
            year_int = 0
        g.add_node(ids[p], kind="paper", type="Paper", label=text(p, RDFS.label), title=text(p, DCTERMS.title),
                   venue=text(venue, RDFS.label) if venue is not None else "", year=year_int,
                   url=text(p, SCHEMA.url), abstract=text(p, DCTERMS.abstract),
                   code=sorted(str(c) for c in rdf.objects(p, SCHEMA.codeRepository)))
    for e in sorted(entities, key=lambda x: ids[x]):
        mentioned_by = sorted(ids[s] for s in rdf.subjects(KG.mentions, e) if s in ids)
        label = text(e, SKOS.prefLabel) or text(e, RDFS.label)
        g.add_node(ids[e], kind="entity", type=entities[e], label=label,
                   aliases=sorted(str(a) for a in rdf.objects(e, SKOS.altLabel)),
                   papers=mentioned_by, paper_count=num(e, KG.paperCount, int, len(mentioned_by)),
                   vocabulary=sorted({str(v) for prop in (SKOS.exactMatch, SKOS.closeMatch)
                                              for v in rdf.objects(e, prop)}))
    edges = []
    for st in rdf.subjects(RDF.type, KG.Evidence):
        s, pred, o = one(st, RDF.subject), one(st, RDF.predicate), one(st, RDF.object)
        if s not in ids or o not in ids or pred is None:
            continue
        predicate = str(pred)
        predicate = predicate[len(str(KG)):] if predicate.startswith(str(KG)) else predicate
        paper = one(st, PROV.wasDerivedFrom)
        edges.append((ids[s], ids[o], dict(
            predicate=predicate, paper=ids.get(paper, str(paper) if paper is not None else ""),
            sentence=text(st, KG.sentence), section=text(st, KG.section, "abstract"),
            start=num(st, KG.startOffset, int, 0), end=num(st, KG.endOffset, int, 0),
            component=text(st, KG.extractor), confidence=num(st, KG.confidence, float, 0.0))))
    edges.sort(key=lambda e: (e[0], e[1], e[2]["predicate"], e[2]["paper"], e[2]["start"], e[2]["component"]))
    for u, v, data in edges:
        g.add_edge(u, v, **data)
    return g


def load_graph(path: str | Path = "exports") -> "nx.MultiDiGraph":
    """The built graph as a networkx ``MultiDiGraph`` with plain attributes.

    ``path`` is the folder ``kg build --out`` wrote (its graph.graphml is read,
    or its RDF when there is no GraphML), a ``.graphml`` file, or an RDF file
    (``.ttl``, ``.nt``, ``.jsonld``).  Raises :class:`kg.errors.KgError`
    with a one-line message when there is no readable graph.

    >>> g = load_graph("exports/")                          # doctest: +SKIP
    >>> [d["label"] for _, d in g.nodes(data=True) if d["type"] == "Task"][:3]  # doctest: +SKIP
    """
    p = resolve_graph_path(path)
    if p.suffix.lower() == ".graphml":
        g = _from_graphml(p)
    else:
        g = rdf_to_networkx(load_rdf(p))
    if g.number_of_nodes() == 0:
        raise InputError(f"{p}: the graph is empty; nothing to analyse")
    return g


# ---------------------------------------------------------------------------
# HTML views: load + select (kg.views) + render (kg.export.html) + write
# ---------------------------------------------------------------------------

def load_knowledge_graph(path: str | Path) -> KnowledgeGraph:
    """The graph ``kg build`` wrote into ``path`` (a folder, .graphml or RDF file)."""
    from kg.views.selection import from_networkx

    return from_networkx(load_graph(path))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:60] or "node"


def default_out(path: Path, focus_id: str | None) -> Path:
    """Where ``kg view`` writes without ``--out``: DIR/view.html, or DIR/view-<node>.html with ``--focus``."""
    return graph_folder(path) / (f"view-{_slug(focus_id)}.html" if focus_id else "view.html")


@dataclass
class ViewResult:
    path: Path
    view: View
    alternatives: list[str] = field(default_factory=list)  # other nodes --focus could have meant


def write_view(path: str | Path, out: str | Path | None = None, focus: str | None = None,
               max_nodes: int | None = DEFAULT_MAX_NODES, depth: int = 2,
               graph: KnowledgeGraph | None = None) -> ViewResult:
    """Load the graph built into ``path``, select a view, write it as one HTML page (``kg view``)."""
    from kg.atomic import write_text_atomically
    from kg.export.html import render_view
    from kg.views.selection import edge_groups, focus_view, resolve_focus, select_view

    path = Path(path)
    graph = load_knowledge_graph(path) if graph is None else graph
    alternatives: list[str] = []
    if focus is not None:
        groups = edge_groups(graph)
        focus_id, alternatives = resolve_focus(graph, focus, groups)
        view = focus_view(graph, focus_id, max_nodes or (len(graph.papers) + len(graph.entities)), depth, groups)
    else:
        focus_id = None
        view = select_view(graph, max_nodes)
    view.graph_dir = str(path)
    target = Path(out) if out is not None else default_out(path, focus_id)
    if target.is_dir():
        raise UsageError(f"{target}: is a folder; give --out a file name")
    write_text_atomically(target, render_view(view))
    return ViewResult(target, view, alternatives)
