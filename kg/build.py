"""The build: input files → papers → extractions → canonical graph → exports.

Stages stay separate (and their records plain) so each can be swapped or run
elsewhere: ingest (:mod:`kg.ingest`), clean + extract (:mod:`kg.extract`),
resolve (:mod:`kg.resolve`), export (:mod:`kg.export`).
"""
from __future__ import annotations

import gc
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TextIO, cast

from kg.atomic import check_unlocked, staged_files
from kg.export.graphml import write_graphml
from kg.export.html import render_html
from kg.export.nquads import write_nquads
from kg.export.rdf import rdf_triples, write_jsonld, write_ntriples, write_turtle
from kg.extract import Extractor
from kg.graph.model import KnowledgeGraph
from kg.errors import InputError
from kg.ingest import IngestReport, read_papers
from kg.records import ENTITY_TYPES, Paper, PaperExtraction
from kg.resolve import resolve
from kg.rdf.namespaces import DEFAULT_BASE_IRI
from kg.rdf.concepts import load_vocabulary

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


_WORKER_EXTRACTOR: Extractor | None = None


def _init_worker(lexicons: list[str]) -> None:
    global _WORKER_EXTRACTOR
    if _WORKER_EXTRACTOR is None:  # inherited through fork, else built once per worker
        _WORKER_EXTRACTOR = Extractor(extra_lexicons=lexicons)


def _extract_batch(papers: list[Paper]) -> tuple[list[PaperExtraction], list[str]]:
    assert _WORKER_EXTRACTOR is not None
    failed: list[str] = []
    return list(_WORKER_EXTRACTOR.pipe(papers, failed=failed)), failed


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
                lexicons: Iterable[str] = (), meanwhile: Callable[[], object] | None = None,
                failed: list[str] | None = None) -> list[PaperExtraction]:
    """Extract every paper, in input order; with ``jobs`` > 1 in worker processes.

    ``failed`` collects one line per paper whose extraction raised (the paper is left out).

    Records are plain dataclasses, so they cross process boundaries as they are; the
    order of results (and so the exports) does not depend on ``jobs``. With workers,
    ``meanwhile()`` runs in this process while they extract (it is idle otherwise).
    """
    out: list[PaperExtraction] = []
    if jobs <= 1:
        for ex in extractor.pipe(papers, failed=failed if failed is not None else []):
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
            results = pool.imap(_extract_batch, _batches(papers, 32))
            if meanwhile is not None:
                meanwhile()
            for batch, batch_failed in results:
                out.extend(batch)
                if failed is not None:
                    failed.extend(batch_failed)
                if progress:
                    progress(len(batch) + len(batch_failed))
    finally:
        _WORKER_EXTRACTOR = None
    return out


def build_graph(inputs: Iterable[Path], lexicons: Iterable[Path] = (),
                progress: Callable[[int], None] | None = None, jobs: int = 1,
                meanwhile: Callable[[], object] | None = None) -> tuple[KnowledgeGraph, list[str]]:
    """Read, extract and resolve: the whole pipeline up to the in-memory graph.

    ``meanwhile``: work for this process while worker processes extract (see :func:`extract_all`).
    """
    report = IngestReport()
    # file-level checks (missing, empty, binary) run when a reader is created: all of them
    # before the extractor loads, so a bad path fails at once
    readers = [read_papers(Path(path), report) for path in inputs]
    lexicon_paths = [str(p) for p in lexicons]
    extractor = Extractor(extra_lexicons=lexicon_paths)
    extractions = extract_all((paper for reader in readers for paper in reader), extractor, progress,
                              jobs=jobs, lexicons=lexicon_paths, meanwhile=meanwhile, failed=report.skipped)
    if not extractions:
        raise InputError("no papers found in the input; nothing to build")
    with _gc_paused():  # the extraction's records are a big heap for each full collection to walk
        graph = resolve(extractions, report.skipped)
    return graph, graph.skipped


@contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic garbage collection in the block.

    Resolving and the export make millions of small objects and next to no reference
    cycles, and every full collection walks the whole heap, the extraction's objects
    included: about 0.5 s of a 1,000-abstract build went to collections that find nothing.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _load_vocabulary() -> None:
    with _gc_paused():
        load_vocabulary()


def build(inputs: Iterable[Path], out_dir: Path, base_iri: str = DEFAULT_BASE_IRI,
          lexicons: Iterable[Path] = (), progress: Callable[[int], None] | None = None,
          jobs: int = 1) -> BuildResult:
    from kg.sparql.store import staged_store

    # the exports link entities to the field vocabularies: with worker processes its
    # index is built here while they extract
    check_unlocked(Path(out_dir))  # another build writing there: say so now, not after the extraction
    graph, skipped = build_graph(inputs, lexicons, progress, jobs=jobs, meanwhile=_load_vocabulary)
    out_dir = Path(out_dir)
    with _gc_paused():
        rdf = rdf_triples(graph, base_iri)
        # the RDF exports are streamed into their temp files: as whole strings they took several
        # times the memory of the triples. The SPARQL store (DIR/store) loads graph.nt and the
        # named graphs' lines (a scratch copy) in a temp folder, in a background thread, while
        # the other exports are written; those are renamed into place only once the store has
        # loaded, and the store after them: all or nothing
        with staged_files(out_dir) as staged, _scratch(out_dir, "graph.nq.named") as named:
            ntriples = staged.write("graph.nt", partial(write_ntriples, rdf))
            staged.write("graph.nq", partial(write_nquads, rdf, named_out=named))
            named.flush()
            with staged_store(Path(named.name), out_dir, ntriples, staged=staged) as store:
                staged.write("graph.ttl", partial(write_turtle, rdf))
                staged.write("graph.jsonld", partial(write_jsonld, rdf))
                del rdf  # the last RDF export is written: its memory goes to the next ones
                staged.write("graph.graphml", partial(write_graphml, graph))
                staged.write("graph.html", render_html(graph))
                store.result()
                files = staged.commit()
    files.sort(key=lambda path: EXPORT_FILES.index(path.name))  # reported in the usual order
    return BuildResult(graph=graph, files=files, skipped=skipped)


def _scratch(out_dir: Path, name: str) -> TextIO:
    """A temp text file in ``out_dir`` (not in place of any export), deleted when closed."""
    return cast(TextIO, tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="\n", prefix=f".{name}.", suffix=".tmp",
                                       dir=out_dir))
