"""The build: input files → papers → extractions → canonical graph → exports.

Stages stay separate (and their records plain) so each can be swapped or run
elsewhere: ingest (:mod:`kg.ingest`), clean + extract (:mod:`kg.extract`),
resolve (:mod:`kg.resolve`), export (:mod:`kg.export`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kg.atomic import write_atomically
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


_WORKER_EXTRACTOR: Extractor | None = None


def _init_worker(lexicons: list[str]) -> None:
    global _WORKER_EXTRACTOR
    if _WORKER_EXTRACTOR is None:  # inherited through fork, else built once per worker
        _WORKER_EXTRACTOR = Extractor(extra_lexicons=lexicons)


def _extract_batch(papers: list[Paper]) -> list[PaperExtraction]:
    assert _WORKER_EXTRACTOR is not None
    return list(_WORKER_EXTRACTOR.pipe(papers))


def _batches(papers: Iterable[Paper], size: int) -> Iterator[list[Paper]]:
    batch: list[Paper] = []
    for paper in papers:
        batch.append(paper)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def extract_all(papers: Iterable[Paper], extractor: Extractor,
                progress: Callable[[int], None] | None = None, jobs: int = 1,
                lexicons: Iterable[str] = ()) -> list[PaperExtraction]:
    """Extract every paper, in input order; with ``jobs`` > 1 in worker processes.

    Records are plain dataclasses, so they cross process boundaries as they are; the
    order of results (and so the exports) does not depend on ``jobs``.
    """
    out: list[PaperExtraction] = []
    if jobs <= 1:
        for ex in extractor.pipe(papers):
            out.append(ex)
            if progress:
                progress(1)
        return out
    import multiprocessing

    global _WORKER_EXTRACTOR
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    _WORKER_EXTRACTOR = extractor if ctx.get_start_method() == "fork" else None
    try:
        with ctx.Pool(jobs, initializer=_init_worker, initargs=(list(lexicons),)) as pool:
            for batch in pool.imap(_extract_batch, _batches(papers, 32)):
                out.extend(batch)
                if progress:
                    progress(len(batch))
    finally:
        _WORKER_EXTRACTOR = None
    return out


def build_graph(inputs: Iterable[Path], lexicons: Iterable[Path] = (),
                progress: Callable[[int], None] | None = None, jobs: int = 1) -> tuple[KnowledgeGraph, list[str]]:
    """Read, extract and resolve: the whole pipeline up to the in-memory graph."""
    report = IngestReport()
    # file-level checks (missing, empty, binary) run when a reader is created: all of them
    # before the extractor loads, so a bad path fails at once
    readers = [read_papers(Path(path), report) for path in inputs]
    lexicon_paths = [str(p) for p in lexicons]
    extractor = Extractor(extra_lexicons=lexicon_paths)
    extractions = extract_all((paper for reader in readers for paper in reader), extractor, progress,
                              jobs=jobs, lexicons=lexicon_paths)
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


def build(inputs: Iterable[Path], out_dir: Path, base_iri: str = DEFAULT_BASE_IRI,
          lexicons: Iterable[Path] = (), progress: Callable[[int], None] | None = None,
          jobs: int = 1) -> BuildResult:
    from kg.store import staged_store

    graph, skipped = build_graph(inputs, lexicons, progress, jobs=jobs)
    rendered = render_all(graph, base_iri)
    # the SPARQL store (DIR/store) is loaded first in a temp folder and renamed
    # into place only after the text exports are written: all or nothing
    with staged_store(rendered["graph.nq"], Path(out_dir), rendered["graph.nt"]):
        files = write_atomically(Path(out_dir), rendered)
    return BuildResult(graph=graph, files=files, skipped=skipped)
