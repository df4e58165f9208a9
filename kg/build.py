"""The build: input files → papers → extractions → canonical graph → exports.

Stages stay separate (and their records plain) so each can be swapped or run
elsewhere: ingest (:mod:`kg.ingest`), clean + extract (:mod:`kg.extract`),
resolve (:mod:`kg.resolve`), export (:mod:`kg.export`).
"""
from __future__ import annotations

import functools
import gc
import itertools
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TextIO, TypeVar, cast

from kg.atomic import StagedFiles, check_unlocked, checkpoint, staged_files
from kg.export.html import render_html
from kg.export.nquads import write_nquads_from_ntriples
from kg.export.rdf import iter_rdf_triples, read_ntriples, write_jsonld_from_ntriples, write_ntriples, write_turtle
from kg.extract import Extractor
from kg.export_procs import WriterProcesses, aside_names
from kg.graph.model import KnowledgeGraph
from kg.errors import InputError
from kg.ingest import IngestReport, read_papers
from kg.patch import stage_graphml
from kg.records import ENTITY_TYPES, Paper, PaperExtraction
from kg.resolve import resolve
from kg.rdf.namespaces import DEFAULT_BASE_IRI
from kg.rdf.concepts import load_vocabulary
from kg.rdf.provenance import build_provenance

EXPORT_FILES = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html")


@dataclass
class BuildResult:
    graph: KnowledgeGraph
    files: list[Path] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def summary(self) -> dict:
        g = self.graph
        types = Counter(e.type for e in g.entities.values())
        # distinct triples, as the RDF has them: one relation stated in two sentences or papers is two links
        preds = Counter(p for _s, p, _o in {(link.subject, link.predicate, link.object) for link in g.relations()})
        return {
            "papers": len(g.papers),
            "skipped": len(self.skipped),
            "entities": {t: types.get(t, 0) for t in ENTITY_TYPES},
            "relations": dict(sorted(preds.items())),
            "mentions": len({(link.subject, link.object) for link in g.mentions()}),
            "code_links": sum(len(p.code_urls) for p in g.papers.values()),
        }


@dataclass(frozen=True)
class Workers:
    """Where and how extraction runs; the exports never depend on it.

    ``jobs``: worker processes (``None``: choose — one process for a small job, else one worker per
    CPU); ``scheduler``: address of a Dask scheduler, or ``dask_workers`` > 0 to start a local Dask
    cluster; ``cache``: use the extraction cache in ``cache_dir`` (default: :func:`kg.cache.default_cache_dir`).
    """

    jobs: int | None = 1
    scheduler: str | None = None
    dask_workers: int = 0
    cache: bool = True
    cache_dir: Path | None = None


#: With ``jobs=None``, fewer papers to extract than this run in one process: starting workers (and
#: their first, cold tokenizer caches) costs more than they save on a small job.
AUTO_PARALLEL_MIN = 1000


def _engine_chooser(workers: Workers, extractor: Callable[[], Extractor], lexicons: list[str]):
    from kg.workers import DaskCluster, ProcessPool, Serial, cpu_count

    def choose(misses: int, last: bool):
        if workers.scheduler or workers.dask_workers:
            return DaskCluster(lexicons, scheduler=workers.scheduler, workers=workers.dask_workers)
        jobs = workers.jobs
        if jobs is None:
            jobs = 1 if (last and misses < AUTO_PARALLEL_MIN) else cpu_count()
        return ProcessPool(jobs, extractor, lexicons) if jobs > 1 else Serial(extractor)

    return choose


def extract_all(papers: Iterable[Paper], lexicons: Iterable[Path | str] = (), workers: Workers = Workers(),
                progress: Callable[[int], None] | None = None, meanwhile: Callable[[], object] | None = None,
                failed: list[str] | None = None) -> list[PaperExtraction]:
    """Extract every paper, in input order: from the cache where it has the record, else by ``workers``.

    ``failed`` collects one line per paper whose extraction raised (the paper is left out).
    With worker processes or Dask, ``meanwhile()`` runs in this process while they extract.
    """
    from kg.cache import ExtractionCache, extract_records, pipeline_version

    lexicon_paths = [str(p) for p in lexicons]
    extractor = functools.cache(lambda: Extractor(extra_lexicons=lexicon_paths))  # not loaded on a warm cache
    cache = ExtractionCache(workers.cache_dir) if workers.cache else None
    try:
        return list(_checkpoints(extract_records(papers, _engine_chooser(workers, extractor, lexicon_paths),
                                                 pipeline_version(lexicon_paths), cache=cache, failed=failed,
                                                 progress=progress, meanwhile=meanwhile), "extracted"))
    finally:
        if cache is not None:
            cache.close()


def build_graph(inputs: Iterable[Path], lexicons: Iterable[Path] = (),
                progress: Callable[[int], None] | None = None, jobs: int | None = 1,
                meanwhile: Callable[[], object] | None = None, workers: Workers | None = None,
                previous: Iterable[Paper] = (), papers_seen: list[Paper] | None = None,
                ) -> tuple[KnowledgeGraph, list[str]]:
    """Read, extract and resolve: the whole pipeline up to the in-memory graph.

    ``meanwhile``: work for this process while worker processes extract (see :func:`extract_all`).
    ``previous``: papers read before the inputs (an update's earlier build); ``papers_seen``
    collects every paper read, in order (what the build's manifest records).
    """
    if workers is None:
        workers = Workers(jobs=jobs)
    report = IngestReport()
    # file-level checks (missing, empty, binary) run when a reader is created: all of them
    # before the extractor loads, so a bad path fails at once
    readers = [read_papers(Path(path), report) for path in inputs]
    papers: Iterable[Paper] = _checkpoints(itertools.chain(previous, *readers), "read")
    if papers_seen is not None:
        papers = _tee(papers, papers_seen)
    extractions = extract_all(papers, lexicons, workers, progress, meanwhile=meanwhile, failed=report.skipped)
    if not extractions:
        raise InputError("no papers found in the input; nothing to build")
    with _gc_paused():  # the extraction's records are a big heap for each full collection to walk
        graph = resolve(extractions, report.skipped)
    return graph, graph.skipped


T = TypeVar("T")


def _checkpoints(items: Iterable[T], moment: str, every: int = 1000) -> Iterator[T]:
    """The items, with a kill-test moment (:func:`kg.atomic.checkpoint`) ``MOMENT:N`` after every ``every``-th."""
    for n, item in enumerate(items, 1):
        if n % every == 0:
            checkpoint(f"{moment}:{n}")
        yield item


def _tee(items: Iterable[Paper], into: list[Paper]) -> Iterator[Paper]:
    for item in items:
        into.append(item)
        yield item


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
          jobs: int | None = 1, workers: Workers | None = None, update: bool = False) -> BuildResult:
    """Build ``inputs`` into ``out_dir``; with ``update``, the papers of the build already there first.

    ``workers`` (else ``Workers(jobs=jobs)``) says where extraction runs and which cache it uses.
    """
    from kg.incremental import MANIFEST, ExportPatch, manifest_inputs, manifest_writer, options_header, read_manifest
    from kg.sparql.store import staged_store

    inputs, lexicons = list(inputs), list(lexicons)  # read twice: extraction, then the provenance's hashes
    header = options_header(base_iri, lexicons)
    previous = read_manifest(Path(out_dir), header) if update else ()
    seen: list[Paper] = []
    # the exports link entities to the field vocabularies: with worker processes its
    # index is built here while they extract
    check_unlocked(Path(out_dir))  # another build writing there: say so now, not after the extraction
    workers = workers or Workers(jobs=jobs)
    graph, skipped = build_graph(inputs, lexicons, progress, meanwhile=_load_vocabulary,
                                 workers=workers, previous=previous, papers_seen=seen)
    # after the readers checked the inputs (a FIFO is refused there, not read here); an update's
    # provenance lists the earlier build's inputs first, as a full build of the union would
    prov = build_provenance(inputs, lexicons, earlier=manifest_inputs(Path(out_dir)) if update else ())
    header = {**header, "inputs": [list(x) for x in prov.inputs]}
    out_dir = Path(out_dir)
    with _gc_paused():
        # the RDF exports are streamed into their temp files: as whole strings they took several
        # times the memory of the triples. The triples go straight into graph.nt, each subject's
        # freed as it is written, and the other RDF exports read that file back: no list of every
        # triple is held (at 33,000 abstracts it was the largest part of the peak). The SPARQL
        # store (DIR/store) loads graph.nt and the named graphs' lines (a scratch copy) in a temp
        # folder, in a background thread, while the other exports are written; those are renamed
        # into place only once the store has loaded, and the store after them: all or nothing
        with staged_files(out_dir) as staged, _scratch(out_dir, "graph.nq.named") as named:
            ntriples = staged.write("graph.nt", partial(write_ntriples, iter_rdf_triples(graph, base_iri, prov)))
            # an update copies from the earlier build what did not change (None: write it all); a full
            # build with -j 2 or more has Turtle and JSON-LD written by other processes (kg.export_procs)
            patch = ExportPatch.of(out_dir, ntriples) if update else None
            with start_writers(staged, ntriples, 1 if patch else workers.jobs, len(graph.papers)) as aside:
                staged.write("graph.nq", patch.nquads(named) if patch else
                             partial(write_nquads_from_ntriples, ntriples, named_out=named))
                named.flush()
                with staged_store(Path(named.name), out_dir, ntriples, staged=staged,
                                  make=patch.store(Path(named.name), ntriples) if patch else None) as store:
                    if "graph.ttl" not in aside.names:
                        turtle = partial(write_turtle, read_ntriples(ntriples))
                        staged.write("graph.ttl", patch.turtle(turtle) if patch else turtle)
                    if "graph.jsonld" not in aside.names:
                        jsonld = partial(write_jsonld_from_ntriples, ntriples)
                        staged.write("graph.jsonld", patch.jsonld(jsonld) if patch else jsonld)
                    stage_graphml(staged, graph, old=out_dir if patch else None)
                    staged.write("graph.html", render_html(graph))
                    staged.write(MANIFEST, manifest_writer(seen, header))
                    aside.wait()
                    store.result()
                    files = staged.commit()
    files = [f for f in files if f.name in EXPORT_FILES]  # the manifest is the build's memory, not an export
    files.sort(key=lambda path: EXPORT_FILES.index(path.name))  # reported in the usual order
    return BuildResult(graph=graph, files=files, skipped=skipped)


def start_writers(staged: StagedFiles, ntriples: Path, jobs: int | None, papers: int) -> WriterProcesses:
    """The writer processes for ``jobs`` (none with one job): see :mod:`kg.export_procs`."""
    from kg.workers import cpu_count

    return WriterProcesses(staged, ntriples, aside_names(jobs, papers, cpu_count()))


def _scratch(out_dir: Path, name: str) -> TextIO:
    """A temp text file in ``out_dir`` (not in place of any export), deleted when closed."""
    return cast(TextIO, tempfile.NamedTemporaryFile("w", encoding="utf-8", newline="\n", prefix=f".{name}.", suffix=".tmp",
                                       dir=out_dir))
