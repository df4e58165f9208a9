"""SHACL validation of a build against ``ontology/shapes.ttl`` (pyshacl, no inference)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rdflib import BNode, Dataset, Graph, Literal, URIRef
from rdflib.namespace import RDF

from kg.ingest import InputError

SHAPES = Path(__file__).resolve().parents[1] / "ontology" / "shapes.ttl"
SH = "http://www.w3.org/ns/shacl#"

#: extension -> rdflib parser name
PARSERS = {".ttl": "turtle", ".nt": "nt", ".nq": "nquads", ".trig": "trig", ".jsonld": "json-ld",
           ".json": "json-ld", ".rdf": "xml", ".owl": "xml", ".xml": "xml", ".n3": "n3"}
#: files of a build folder, in the order they are tried (all hold the same triples)
BUILD_FILES = ("graph.nt", "graph.nq", "graph.ttl", "graph.jsonld")


@dataclass(order=True)
class Finding:
    severity: str  # "Violation", "Warning" or "Info"
    focus: str
    path: str
    message: str
    value: str = ""

    def line(self) -> str:
        value = f" (value: {self.value})" if self.value and self.value not in self.message else ""
        prefix = "" if self.severity == "Violation" else f"{self.severity.lower()}: "
        return f"{prefix}{self.focus}  {self.path or '-'}  {self.message}{value}"


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    shapes_name: str = "ontology/shapes.ttl"

    @property
    def violations(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "Violation"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity != "Violation"]

    @property
    def conforms(self) -> bool:
        return not self.violations


def _parse(graph: Graph, path: Path) -> None:
    fmt = PARSERS.get(path.suffix.lower())
    if fmt is None:
        raise InputError(f"{path}: unknown RDF format (use one of {', '.join(sorted(PARSERS))})")
    try:
        if fmt in ("nquads", "trig"):
            ds = Dataset()
            ds.parse(path, format=fmt)
            for s, p, o, _g in ds.quads((None, None, None, None)):
                graph.add((s, p, o))
        else:
            graph.parse(path, format=fmt)
    except Exception as exc:  # noqa: BLE001 - rdflib parsers raise many kinds of errors
        if isinstance(exc, OSError):
            raise
        raise InputError(f"{path}: cannot parse as {fmt}: {' '.join(str(exc).split())[:300]}") from None


def load_data(target: Path) -> Graph:
    """All triples of a build folder (its graph.nt) or of an RDF file, named graphs merged."""
    target = Path(target)
    graph = Graph()
    if target.is_dir():
        for name in BUILD_FILES:
            if (target / name).is_file():
                _parse(graph, target / name)
                return graph
        raise InputError(f"no graph in {target} (expected one of {', '.join(BUILD_FILES)}; run `kg build`)")
    if not target.exists():
        raise InputError(f"no such file or folder: {target}")
    _parse(graph, target)
    return graph


def load_shapes(shapes: Path | None = None) -> Graph:
    path = Path(shapes) if shapes else SHAPES
    if not path.is_file():
        raise InputError(f"SHACL shapes not found: {path}")
    g = Graph()
    g.parse(path, format="turtle")
    return g


def _short(term, namespace_manager) -> str:
    from kg.store import compact

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
    _conforms, results, _text = pyshacl.validate(
        data, shacl_graph=shapes_graph, inference="none", abort_on_first=False,
        allow_warnings=True, meta_shacl=False, advanced=False, debug=False,
    )
    if not isinstance(results, Graph):  # pyshacl.errors.ValidationFailure: the shapes are broken
        raise InputError(f"SHACL validation failed: {' '.join(str(results).split())}")
    name = str(shapes) if shapes else "ontology/shapes.ttl"
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
