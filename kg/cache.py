"""The extraction cache: each paper's extraction record on disk, so a rebuild extracts only what changed.

A record is stored under a key that hashes the paper's input record (id, title, abstract, venue,
year, url, authors, keywords) and the pipeline's version: the source of every module extraction
runs (:data:`PIPELINE_SOURCES`: code, data files, lexicons), spaCy's and Python's versions and
the contents of the extra ``--lexicon`` files. Cleaning is part of the pipeline, so the raw
record and the version determine the cleaned text: hashing the raw record spares a hit the
cleaning. Change any rule or lexicon and every key changes, so a stale record is never read.

The store is one SQLite file (stdlib, readable by any SQLite tool): table ``records(key, version,
record)``, the record as compact JSON (:func:`dumps`, deterministic: same record, same bytes).
Its folder is ``--cache-dir``, else ``$KG_CACHE_DIR``, else ``$XDG_CACHE_HOME/kg`` (``~/.cache/kg``).
Several builds may share it (SQLite's WAL mode; writes are short transactions from the process
that runs ``kg build``, never from workers).
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import sqlite3
import sys
import time
import types
import typing
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path

from kg.errors import CacheError
from kg.records import Paper, PaperExtraction
from kg.workers import BATCH, BatchResult, Engine

CACHE_FILE = "extractions.sqlite"
#: What extraction runs, relative to the ``kg`` package: a folder counts with every file below it.
#: ``tests/test_cache.py`` checks that every ``kg`` module an :class:`~kg.extract.Extractor` imports
#: is listed, so a new dependency cannot be left out of the version.
PIPELINE_SOURCES = ("extract", "clean", "names.py", "records.py", "types.py", "errors.py", "rdf/namespaces.py",
                    "rdf/concepts.py", "cache.py")
_SCHEMA = 1  # bump when the table or the record encoding changes


def default_cache_dir() -> Path:
    """``$KG_CACHE_DIR``, else ``$XDG_CACHE_HOME/kg``, else ``~/.cache/kg``."""
    if os.environ.get("KG_CACHE_DIR"):
        return Path(os.environ["KG_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "kg"


@functools.cache
def _code_version() -> str:
    import spacy

    root = Path(__file__).resolve().parent
    h = hashlib.sha256(f"kg-cache {_SCHEMA}; python {sys.version_info[:2]}; spacy {spacy.__version__}".encode())
    for name in PIPELINE_SOURCES:
        path = root / name
        files = sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts) \
            if path.is_dir() else [path]
        for file in files:
            h.update(b"\0" + file.relative_to(root).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(file.read_bytes()).digest())
    return h.hexdigest()


def pipeline_version(lexicons: Iterable[str | Path] = ()) -> str:
    """The hash of everything that decides a paper's extraction besides the paper itself."""
    h = hashlib.sha256(_code_version().encode())
    for lexicon in lexicons:  # their order matters to the lexicon component, their paths do not
        h.update(b"\0lexicon\0" + hashlib.sha256(Path(lexicon).read_bytes()).digest())
    return h.hexdigest()[:32]


def paper_key(paper: Paper, version: str) -> str:
    """The cache key of ``paper`` under pipeline ``version`` (its ``source`` is not part of it)."""
    data = [version, paper.id, paper.title, paper.abstract, paper.venue, paper.year, paper.url,
            list(paper.authors), list(paper.keywords)]
    return hashlib.sha256(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()).hexdigest()


# --- records as JSON -------------------------------------------------------------------------------

def _fields(value):
    """A dataclass's field values in field order (its ``__dict__``, which ``__init__`` fills in that order)."""
    if is_dataclass(value):
        return list(vars(value).values())
    raise TypeError(f"cannot store a {type(value).__name__} in the extraction cache")


def dumps(record: PaperExtraction) -> str:
    """A record as compact JSON: each dataclass a list of its fields' values, in field order.

    Deterministic (the same record gives the same text); the field order is part of the pipeline
    version (``records.py`` is hashed), so a stored record always matches the classes that read it.
    The encoding recurses in json's C encoder (``default`` is called once per dataclass).
    """
    return json.dumps(record, default=_fields, ensure_ascii=False, separators=(",", ":"), allow_nan=True,
                      check_circular=False)


def _identity(value):
    return value


@functools.cache
def _decoder(tp) -> typing.Callable:
    """A function turning the JSON form of type ``tp`` back into a ``tp`` (JSON already gives str, int,
    float, bool, None and lists of them as they were stored)."""
    if is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        convert = [(i, d) for i, f in enumerate(fields(tp)) if (d := _decoder(hints[f.name])) is not _identity]
        if not convert:
            return lambda v, _t=tp: _t(*v)

        def dataclass_from(v: list, _t=tp, _c=convert):
            for i, d in _c:
                v[i] = d(v[i])
            return _t(*v)
        return dataclass_from
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        inner = _decoder(options[0]) if len(options) == 1 else _identity
        return _identity if inner is _identity else (lambda v, _d=inner: None if v is None else _d(v))
    if origin is list:
        item = _decoder(typing.get_args(tp)[0])
        return _identity if item is _identity else (lambda v, _d=item: [_d(x) for x in v])
    if origin is tuple:
        item = _decoder(typing.get_args(tp)[0])
        return tuple if item is _identity else (lambda v, _d=item: tuple(_d(x) for x in v))
    return _identity


def loads(text: str, paper: Paper | None = None) -> PaperExtraction:
    """A record from :func:`dumps`; with ``paper``, that paper instead of the stored one (its ``source``)."""
    record = _decoder(PaperExtraction)(json.loads(text))
    _share_sentences(record)
    if paper is not None:
        record.paper = paper
    return record


def _share_sentences(record: PaperExtraction) -> None:
    """One string per evidence sentence, as extraction makes them: a record cites a few sentences many times."""
    seen: dict[str, str] = {}
    for ev in [e for ent in record.entities for e in ent.evidence] + [r.evidence for r in record.relations] \
            + [q.evidence for q in record.quantities]:
        object.__setattr__(ev, "sentence", seen.setdefault(ev.sentence, ev.sentence))


# --- the store -------------------------------------------------------------------------------------

@dataclass
class CacheStats:
    path: Path
    records: int
    versions: int
    bytes: int


#: How long opening the cache waits for another build that is setting up the same fresh file.
SETUP_PATIENCE = 60.0


def _prepare(db: sqlite3.Connection) -> None:
    """Switch the file to WAL and create the table: idempotent, so another process may have done it first."""
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE IF NOT EXISTS records "
               "(key TEXT PRIMARY KEY, version TEXT NOT NULL, record TEXT NOT NULL) WITHOUT ROWID")


def _retry_while_locked(step: typing.Callable[[], None], patience: float = SETUP_PATIENCE) -> None:
    """Run ``step`` again while SQLite says the file is locked or busy, for up to ``patience`` seconds.

    Two builds that open one fresh cache at once race to switch its journal mode and create its table.
    The loser can get "database is locked" straight away, without SQLite's busy timeout: changing the
    journal mode, or writing from a read snapshot another connection has just made stale, does not wait.
    Any other error is raised at once.
    """
    deadline = time.monotonic() + patience
    pause = 0.01
    while True:
        try:
            step()
            return
        except sqlite3.OperationalError as exc:
            message = str(exc).lower()
            if ("locked" not in message and "busy" not in message) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.5)


class ExtractionCache:
    """Extraction records in an SQLite file, by :func:`paper_key`."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_cache_dir()
        self.path = self.folder / CACHE_FILE
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            _retry_while_locked(lambda: _prepare(self._db))
        except (sqlite3.Error, OSError) as exc:
            raise CacheError(f"{self.path}: cannot use the extraction cache ({exc}); "
                             "pass --no-cache, or another --cache-dir, or remove the file") from exc

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ExtractionCache:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def get_many(self, keys: list[str]) -> dict[str, str]:
        """The stored JSON of those ``keys`` that are in the cache."""
        out: dict[str, str] = {}
        try:
            for i in range(0, len(keys), 500):  # SQLite's host parameter limit
                chunk = keys[i:i + 500]
                rows = self._db.execute(f"SELECT key, record FROM records WHERE key IN ({','.join('?' * len(chunk))})",
                                        chunk)
                out.update(rows)
        except sqlite3.Error as exc:
            raise CacheError(f"{self.path}: cannot read the extraction cache ({exc}); "
                             "clear it with `kg cache clear` or pass --no-cache") from exc
        return out

    def put_many(self, items: Iterable[tuple[str, str, str]]) -> None:
        """Store ``(key, version, json)`` rows in one transaction."""
        try:
            with self._db:
                self._db.execute("BEGIN")
                self._db.executemany("INSERT OR REPLACE INTO records VALUES (?, ?, ?)", items)
        except sqlite3.Error as exc:
            raise CacheError(f"{self.path}: cannot write the extraction cache ({exc}); pass --no-cache") from exc

    def stats(self) -> CacheStats:
        records, versions = self._db.execute("SELECT count(*), count(DISTINCT version) FROM records").fetchone()
        size = sum(p.stat().st_size for p in self.folder.glob(CACHE_FILE + "*"))
        return CacheStats(self.path, records, versions, size)

    def count(self, version: str) -> int:
        return self._db.execute("SELECT count(*) FROM records WHERE version = ?", (version,)).fetchone()[0]

    def clear(self, keep_version: str | None = None) -> int:
        """Delete every record (or every record of another pipeline version); how many were deleted."""
        with self._db:
            self._db.execute("BEGIN")
            if keep_version is None:
                n = self._db.execute("DELETE FROM records").rowcount
            else:
                n = self._db.execute("DELETE FROM records WHERE version != ?", (keep_version,)).rowcount
        self._db.execute("VACUUM")
        return n


#: A chunk on its way: its papers, their keys, the cache's hits, the misses (paper, key), the engine's results.
_Pending = tuple[list[Paper], list[str], dict[str, str], list[tuple[Paper, str]], Iterator[BatchResult]]


def extract_records(papers: Iterable[Paper], engine_for: typing.Callable[[int, bool], Engine], version: str,
                    cache: ExtractionCache | None = None, failed: list[str] | None = None,
                    progress: typing.Callable[[int], None] | None = None,
                    meanwhile: typing.Callable[[], object] | None = None,
                    chunk: int = 4096) -> Iterator[PaperExtraction]:
    """Records of ``papers`` in input order: from the cache where it has them, else extracted.

    Papers are read ``chunk`` at a time; the cache's misses go to the engine that
    ``engine_for(misses, last)`` picks on the first chunk with misses (``last``: the input ends
    with it), which extracts the next chunk while this one is read back and stored. A record is
    always read back from its JSON, whether it was extracted now or earlier: a warm build cannot
    differ from a cold one. A paper whose extraction failed is left out and its message appended to
    ``failed``; it is not cached, so the next build retries it. With a parallel engine,
    ``meanwhile()`` runs once here while the workers extract.
    """
    engine: Engine | None = None
    pending: deque[_Pending] = deque()
    try:
        for batch, last in _chunks(papers, chunk):
            keys = [paper_key(p, version) for p in batch]
            hits = cache.get_many(keys) if cache is not None else {}
            todo = [(p, k) for p, k in zip(batch, keys) if k not in hits]
            results: Iterator[BatchResult] = iter(())
            if todo:
                if engine is None:
                    engine = engine_for(len(todo), last)
                results = engine.submit([[p for p, _k in todo[i:i + BATCH]] for i in range(0, len(todo), BATCH)])
                if meanwhile is not None and engine.parallel:
                    meanwhile()
                    meanwhile = None
            pending.append((batch, keys, hits, todo, results))
            if len(pending) > 1:
                yield from _finish(*pending.popleft(), version, cache, failed, progress)
        while pending:
            yield from _finish(*pending.popleft(), version, cache, failed, progress)
    finally:
        if engine is not None:
            engine.close()


def _finish(batch: list[Paper], keys: list[str], hits: dict[str, str], todo: list[tuple[Paper, str]],
            results: Iterator[BatchResult], version: str, cache: ExtractionCache | None, failed: list[str] | None,
            progress: typing.Callable[[int], None] | None) -> Iterator[PaperExtraction]:
    fresh: dict[str, str] = {}
    done = 0
    for records, errors in results:
        for (_paper, key), record in zip(todo[done:done + len(records)], records, strict=True):
            if record is not None:
                fresh[key] = record
        done += len(records)
        if failed is not None:
            failed.extend(errors)
        if progress:
            progress(len(records))
    if cache is not None and fresh:
        cache.put_many((k, version, r) for k, r in fresh.items())
    if progress and hits:
        progress(len(batch) - len(todo))
    for paper, key in zip(batch, keys):
        text = hits.get(key) or fresh.get(key)
        if text is not None:
            yield loads(text, paper)


def _chunks(items: Iterable, size: int) -> Iterator[tuple[list, bool]]:
    """``(chunk, last)`` pairs: ``last`` is true for the final chunk."""
    batch: list = []
    for item in items:
        if len(batch) == size:
            yield batch, False
            batch = []
        batch.append(item)
    if batch:
        yield batch, True
