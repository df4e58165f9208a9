"""SHACL validation of a build against kg's shapes, ``kg/sparql/shapes.ttl`` (pyshacl, no inference).

The shapes are package data, so an installed kg validates without the source tree;
``ontology/README.md`` documents them with the rest of the ontology.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF

from kg.errors import InputError, MissingBuildError, SetupError, ValidationError

#: the RDF contract as SHACL shapes, shipped in the package next to this module
SHAPES = Path(__file__).resolve().with_name("shapes.ttl")
SH = "http://www.w3.org/ns/shacl#"

_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
#: files of a build folder, in the order they are tried (all hold the same triples)
BUILD_FILES = ("graph.nt", "graph.nq", "graph.ttl", "graph.jsonld")


@lru_cache(maxsize=512)
def _prepared(text: str):
    from rdflib.plugins.sparql import prepareQuery

    return prepareQuery(text)


class CachingGraph(Graph):
    """An rdflib Graph that parses each SPARQL text once.

    pyshacl runs a SPARQL-based constraint once per focus node with the same
    text (``$this`` goes in as an initial binding) and rdflib re-parses it
    every time (~0.1 s each); caching the parsed query makes validation of
    the example about 10x faster.
    """

    def query(self, query_object, processor="sparql", result="sparql", initNs=None,  # noqa: N803
              initBindings=None, use_store_provided=True, **kwargs):  # noqa: N803
        if isinstance(query_object, str) and not initNs:
            try:
                query_object = _prepared(query_object)
            except Exception:  # noqa: BLE001 - let rdflib report the error itself
                pass
        return super().query(query_object, processor, result, initNs, initBindings, use_store_provided, **kwargs)


@dataclass(order=True, frozen=True)
class Finding:
    severity: str  # "Violation", "Warning" or "Info"
    focus: str
    path: str
    message: str
    value: str = ""

    def line(self) -> str:
        shown = self.value and self.value != self.focus and self.value not in self.message
        value = f" (value: {self.value})" if shown else ""
        prefix = "" if self.severity == "Violation" else f"{self.severity.lower()}: "
        return f"{prefix}{self.focus}  {self.path or '-'}  {self.message}{value}"


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    shapes_name: str = "kg/sparql/shapes.ttl"

    @property
    def violations(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "Violation"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity != "Violation"]

    @property
    def conforms(self) -> bool:
        return not self.violations


def _to_rdflib(term):
    import pyoxigraph as ox

    if isinstance(term, ox.NamedNode):
        return URIRef(term.value)
    if isinstance(term, ox.BlankNode):
        return BNode(term.value)
    if isinstance(term, ox.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        if term.datatype.value == _XSD_STRING:
            return Literal(term.value)  # a plain literal, as rdflib parsers produce it
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    raise InputError(f"RDF-star terms are not supported: {term}")


def _parse(graph: Graph, path: Path) -> None:
    """Add the triples of an RDF file (named graphs merged) to ``graph``; pyoxigraph parses."""
    import pyoxigraph as ox

    from kg.sparql.store import DATA_FORMATS

    fmt = DATA_FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(f"{path}: unknown RDF format (use one of {', '.join(sorted(DATA_FORMATS))})")
    try:
        for q in ox.parse(path=str(path), format=fmt):
            graph.add((_to_rdflib(q.subject), _to_rdflib(q.predicate), _to_rdflib(q.object)))
    except SyntaxError as exc:
        raise InputError(f"{path}: cannot parse as {fmt.name}: {' '.join(str(exc).split())[:300]}") from None


def load_data(target: Path) -> Graph:
    """All triples of a build folder (its graph.nt) or of an RDF file, named graphs merged."""
    target = Path(target)
    graph = CachingGraph()
    if target.is_dir():
        for name in BUILD_FILES:
            if (target / name).is_file():
                _parse(graph, target / name)
                return graph
        raise MissingBuildError(f"no graph in {target} (expected one of {', '.join(BUILD_FILES)}; run `kg build`)")
    if not target.exists():
        raise MissingBuildError(f"no such file or folder: {target}")
    _parse(graph, target)
    return graph


def load_shapes(shapes: Path | None = None) -> Graph:
    path = Path(shapes) if shapes else SHAPES
    if not path.is_file():
        raise SetupError(f"SHACL shapes not found: {path} (the kg installation is incomplete; reinstall kg)")
    g = Graph()
    g.parse(path, format="turtle")
    return g


def _short(term, namespace_manager) -> str:
    from kg.sparql.store import compact

    if term is None:
        return ""
    if isinstance(term, URIRef):
        return compact(str(term))
    if isinstance(term, Literal):
        text = " ".join(str(term).split())
        return f'"{text[:80]}…"' if len(text) > 80 else f'"{text}"'
    if isinstance(term, BNode):
        return "[]"
    return str(term)


def _path(results: Graph, node) -> str:
    """A result path; sequence and inverse paths in SPARQL property-path syntax."""
    if node is None:
        return ""
    if isinstance(node, URIRef):
        return _short(node, None)
    inverse = results.value(node, URIRef(SH + "inversePath"))
    if inverse is not None:
        return "^" + _path(results, inverse)
    first = results.value(node, RDF.first)
    if first is not None:
        items = []
        while node is not None and node != RDF.nil:
            items.append(_path(results, results.value(node, RDF.first)))
            node = results.value(node, RDF.rest)
        return "/".join(items)
    for kind, mark in (("zeroOrMorePath", "*"), ("oneOrMorePath", "+"), ("zeroOrOnePath", "?")):
        inner = results.value(node, URIRef(SH + kind))
        if inner is not None:
            return f"({_path(results, inner)}){mark}"
    return "[]"


def findings_of(results: Graph) -> list[Finding]:
    out = []
    for r in results.subjects(RDF.type, URIRef(SH + "ValidationResult")):
        severity = results.value(r, URIRef(SH + "resultSeverity"))
        messages = sorted(str(m) for m in results.objects(r, URIRef(SH + "resultMessage")))
        out.append(Finding(
            severity=str(severity).rsplit("#", 1)[-1] if severity else "Violation",
            focus=_short(results.value(r, URIRef(SH + "focusNode")), None),
            path=_path(results, results.value(r, URIRef(SH + "resultPath"))),
            message=" ".join(messages[0].split()) if messages else "constraint not met",
            value=_short(results.value(r, URIRef(SH + "value")), None),
        ))
    return sorted(set(out))


def validate_graph(data: Graph, shapes: Path | None = None) -> Report:
    import pyshacl

    shapes_graph = load_shapes(shapes)
    if not isinstance(data, CachingGraph):
        cached = CachingGraph()
        for triple in data:
            cached.add(triple)
        data = cached
    target: Any
    try:
        from pyshacl.graph_abstraction import DataGraph

        target = DataGraph.from_rdflib(data)  # keeps our Graph (and its query cache) as is
    except ImportError:  # older pyshacl
        target = data
    _conforms, results, _text = pyshacl.validate(
        target, shacl_graph=shapes_graph, inference="none", abort_on_first=False,
        allow_warnings=True, meta_shacl=False, advanced=False, debug=False,
    )
    if not isinstance(results, Graph):  # pyshacl.errors.ValidationFailure: the shapes are broken
        raise ValidationError(f"SHACL validation failed: {' '.join(str(results).split())}")
    name = str(shapes) if shapes else Report.shapes_name
    return Report(findings=findings_of(results), shapes_name=name)


def validate_path(target: Path, shapes: Path | None = None) -> Report:
    return validate_graph(load_data(target), shapes)


def format_report(report: Report, limit: int = 0) -> list[str]:
    """One line per finding (focus node, path, message), violations first, then a summary."""
    ordered = report.violations + report.warnings
    shown = ordered if not limit else ordered[:limit]
    lines = [f.line() for f in shown]
    if len(shown) < len(ordered):
        lines.append(f"... and {len(ordered) - len(shown)} more (use --max 0 to see all)")
    return lines
