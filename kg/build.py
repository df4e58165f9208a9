"""The build: input files → papers → extractions → canonical graph → exports.

Stages stay separate (and their records plain) so each can be swapped or run
elsewhere: ingest (:mod:`kg.ingest`), clean + extract (:mod:`kg.extract`),
resolve (:mod:`kg.resolve`), export (:mod:`kg.export`).
"""
from __future__ import annotations

import os
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kg.export.graphml import render_graphml
from kg.export.html import render_html
from kg.export.nquads import render_nquads
from kg.export.rdf import rdf_triples, render_jsonld, render_ntriples, render_turtle
from kg.extract import Extractor
from kg.graph.model import KnowledgeGraph
from kg.ingest import IngestReport, InputError, read_papers
from kg.records import ENTITY_TYPES, Paper, PaperExtraction
from kg.resolve import resolve
from kg.vocab import DEFAULT_BASE_IRI

EXPORT_FILES = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html")


@dataclass
class BuildResult:
    graph: KnowledgeGraph
    files: list[Path] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def summary(self) -> dict:
        g = self.graph
        types = Counter(e.type for e in g.entities.values())
        preds = Counter(link.predicate for link in g.relations())
        return {
            "papers": len(g.papers),
            "skipped": len(self.skipped),
            "entities": {t: types.get(t, 0) for t in ENTITY_TYPES},
            "relations": dict(sorted(preds.items())),
            "mentions": len(g.mentions()),
            "code_links": sum(len(p.code_urls) for p in g.papers.values()),
        }


def iter_papers(inputs: Iterable[Path], report: IngestReport) -> Iterator[Paper]:
    for path in inputs:
        yield from read_papers(Path(path), report)


def extract_all(papers: Iterable[Paper], extractor: Extractor,
                progress: Callable[[int], None] | None = None) -> list[PaperExtraction]:
    out = []
    for ex in extractor.pipe(papers):
        out.append(ex)
        if progress:
            progress(1)
    return out


def build_graph(inputs: Iterable[Path], lexicons: Iterable[Path] = (),
                progress: Callable[[int], None] | None = None) -> tuple[KnowledgeGraph, list[str]]:
    """Read, extract and resolve: the whole pipeline up to the in-memory graph."""
    report = IngestReport()
    extractor = Extractor(extra_lexicons=[str(p) for p in lexicons])
    extractions = extract_all(iter_papers(inputs, report), extractor, progress)
    if not extractions:
        raise InputError("no papers found in the input; nothing to build")
    graph = resolve(extractions, report.skipped)
    return graph, graph.skipped


def render_all(graph: KnowledgeGraph, base_iri: str = DEFAULT_BASE_IRI) -> dict[str, str]:
    """Every export as text, in memory: nothing touches the disk before all succeed."""
    rdf = rdf_triples(graph, base_iri)
    ntriples = render_ntriples(rdf)
    return {
        "graph.ttl": render_turtle(rdf),
        "graph.nt": ntriples,
        "graph.nq": render_nquads(rdf, ntriples),
        "graph.jsonld": render_jsonld(rdf),
        "graph.graphml": render_graphml(graph),
        "graph.html": render_html(graph),
    }


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(out_dir: Path, files: dict[str, str]) -> list[Path]:
    """Write each file to a temp file in ``out_dir`` and rename it into place.

    Renames happen only after every temp file is written, so a failure leaves
    the previous exports untouched.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    temps: list[tuple[str, Path]] = []
    try:
        for name, text in files.items():
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=out_dir)
            temps.append((name, Path(tmp)))  # registered first: a failed write is cleaned up too
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; exports are ordinary files
        written = []
        for name, tmp in temps:
            os.replace(tmp, out_dir / name)
            written.append(out_dir / name)
        return written
    finally:
        for _name, tmp in temps:
            if tmp.exists():
                tmp.unlink()


def build(inputs: Iterable[Path], out_dir: Path, base_iri: str = DEFAULT_BASE_IRI,
          lexicons: Iterable[Path] = (), progress: Callable[[int], None] | None = None) -> BuildResult:
    from kg.store import staged_store

    graph, skipped = build_graph(inputs, lexicons, progress)
    rendered = render_all(graph, base_iri)
    # the SPARQL store (DIR/store) is loaded first in a temp folder and renamed
    # into place only after the text exports are written: all or nothing
    with staged_store(rendered["graph.nq"], Path(out_dir)):
        files = write_atomically(Path(out_dir), rendered)
    return BuildResult(graph=graph, files=files, skipped=skipped)
