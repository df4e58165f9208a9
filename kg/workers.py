"""Where extraction runs: this process, worker processes, or a Dask cluster.

Every engine takes batches of plain :class:`~kg.records.Paper` records and gives back, batch by
batch and in order, each batch's extraction records serialized by :func:`kg.cache.dumps` plus
one line per paper whose extraction failed. So only plain data crosses a process or network
boundary, the pipeline loads once per worker, and a record read back is the very same as one
read from the cache: the exports cannot depend on where extraction ran.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from kg.records import Paper

#: What an engine returns per batch: each paper's record as JSON (None if it failed), the failures' messages.
BatchResult = tuple[list[str | None], list[str]]
#: Papers per task sent to a worker: big enough that the hand-off costs little, small enough to balance.
BATCH = 32


class Engine(Protocol):
    parallel: bool  # extracts in other processes (this one is free meanwhile)

    def submit(self, batches: list[list[Paper]]) -> Iterator[BatchResult]:
        """Start extracting ``batches``; their results, in order, as they are needed."""

    def close(self) -> None:
        """Stop the workers this engine started."""


def _extract_json(extractor, papers: list[Paper]) -> BatchResult:
    """Each paper's record as JSON (None where extraction failed), and the failures' messages."""
    from kg.cache import dumps

    failed: list[str] = []
    out: list[str | None] = [None] * len(papers)
    where = {id(p): i for i, p in enumerate(papers)}
    for record in extractor.pipe(papers, failed=failed):
        out[where[id(record.paper)]] = dumps(record)
    return out, failed


class Serial:
    """Extraction in this process, with the build's own extractor (loaded on first use)."""

    parallel = False

    def __init__(self, extractor: Callable[[], object]) -> None:
        self._extractor = extractor

    def submit(self, batches: list[list[Paper]]) -> Iterator[BatchResult]:
        return (_extract_json(self._extractor(), batch) for batch in batches)

    def close(self) -> None:
        pass


# --- worker processes --------------------------------------------------------------------------------

_WORKER_EXTRACTOR = None  # the pipeline of a worker process (or of a worker thread's process, for Dask)
_WORKER_LEXICONS: tuple[str, ...] | None = None


def worker_extractor(lexicons: Iterable[str]):
    """This process's extractor for ``lexicons``, built on first use and then kept."""
    global _WORKER_EXTRACTOR, _WORKER_LEXICONS
    lexicons = tuple(lexicons)
    if _WORKER_EXTRACTOR is None or _WORKER_LEXICONS != lexicons:
        from kg.extract import Extractor

        _WORKER_EXTRACTOR, _WORKER_LEXICONS = Extractor(extra_lexicons=lexicons), lexicons
    return _WORKER_EXTRACTOR


def _init_worker(lexicons: tuple[str, ...]) -> None:
    worker_extractor(lexicons)  # inherited through fork, else built once per worker


def _pool_task(papers: list[Paper]) -> BatchResult:
    return _extract_json(_WORKER_EXTRACTOR, papers)


class ProcessPool:
    """``jobs`` worker processes; with ``fork`` they inherit the parent's loaded pipeline."""

    parallel = True

    def __init__(self, jobs: int, extractor: Callable[[], object], lexicons: Iterable[str]) -> None:
        global _WORKER_EXTRACTOR, _WORKER_LEXICONS
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        lexicons = tuple(lexicons)
        if ctx.get_start_method() == "fork":
            _WORKER_EXTRACTOR, _WORKER_LEXICONS = extractor(), lexicons
        try:
            self._pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(lexicons,))
        finally:
            _WORKER_EXTRACTOR = _WORKER_LEXICONS = None  # the parent's own extractor is the build's

    def submit(self, batches: list[list[Paper]]) -> Iterator[BatchResult]:
        return self._pool.imap(_pool_task, batches)

    def close(self) -> None:
        self._pool.terminate()
        self._pool.join()


# --- Dask ----------------------------------------------------------------------------------------

def _dask_task(papers: list[Paper], lexicons: tuple[str, ...]) -> BatchResult:
    """Runs on a Dask worker: its process keeps one pipeline per lexicon set (a worker thread shares it)."""
    with _DASK_LOCK:  # spaCy's pipeline is not thread-safe; a worker's threads take turns
        return _extract_json(worker_extractor(lexicons), papers)


_DASK_LOCK = threading.Lock()


#: How long to keep trying to reach a Dask scheduler before the build fails.
SCHEDULER_TIMEOUT = "10s"


class DaskCluster:
    """Extraction on a dask.distributed cluster: an existing one (``scheduler``) or a local one (``workers``).

    Lexicon files are sent by path, so on a cluster of several machines they must be readable at the
    same path on every worker (a shared folder), as the input files need not be: papers travel as records.
    """

    parallel = True

    def __init__(self, lexicons: Iterable[str], scheduler: str | None = None, workers: int = 0) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError as exc:
            from kg.errors import SetupError

            raise SetupError("--scheduler and --dask-workers need Dask: pip install 'kg[dask]'") from exc
        self._lexicons = tuple(os.path.abspath(p) for p in lexicons)
        self._cluster = None
        if scheduler:
            try:
                self._client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
            except (OSError, TimeoutError) as exc:
                from kg.errors import ClusterError

                raise ClusterError(f"cannot reach the Dask scheduler at {scheduler} ({exc}); "
                              "start one with `dask scheduler` or use --dask-workers N") from exc
        else:
            import logging

            # its workers' start and stop notices (and a slow worker's shutdown) are not the build's news
            self._cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                         dashboard_address=None, silence_logs=logging.CRITICAL)
            self._client = Client(self._cluster)

    def submit(self, batches: list[list[Paper]]) -> Iterator[BatchResult]:
        futures = self._client.map(_dask_task, batches, lexicons=self._lexicons, pure=False)
        return (f.result() for f in futures)

    def close(self) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


def cpu_count() -> int:
    """CPUs this process may run on (the affinity mask, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
