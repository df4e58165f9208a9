"""Turtle and JSON-LD written by writer processes while the build writes its other exports (``-j N``, N >= 2).

After extraction the parent's work was serial: N-Quads, Turtle, JSON-LD, GraphML and HTML one after
the other (about two thirds of a 10,000-abstract build's CPU), so a second core sat idle. Turtle and
JSON-LD are made from ``graph.nt`` alone, so other processes can write them while the parent writes
N-Quads, GraphML and HTML from its graph and the store loads.

A writer process is a fresh interpreter (``python -m kg.export_procs``), not a fork: a forked child
shares the parent's heap copy-on-write, and the parent's GraphML and HTML touch every object of the
graph (their reference counts), which copies every page of it: the graph's memory twice over. A fresh
process holds only its writer's own state (the JSON-LD writer's subject offsets, the Turtle memo).

The parent makes each output's temp file (:meth:`kg.atomic.StagedFiles.reserve`), so a failed or
interrupted build removes them as it removes its own; a writer process only fills them. It reports
each file written (the parent then passes that file's kill-test moment, ``wrote:NAME``), or its error
as plain data, which the parent raises again as the same kind of error (:class:`OSError`, a
:class:`~kg.errors.KgError`): the one-line message of an error in the parent. A writer process exits
at once when its parent goes (its stdin, a pipe from the parent, closes), so a killed build leaves
no writer running.
"""
from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from kg.atomic import StagedFiles, checkpoint
from kg.errors import KgError

#: The exports written from ``graph.nt`` alone, in the order a serial build writes them.
FROM_NTRIPLES = ("graph.ttl", "graph.jsonld")
#: The order a writer process writes them in (see :func:`aside_names`).
WRITER_ORDER = ("graph.jsonld", "graph.ttl")

#: With ``jobs=None`` (auto), builds of fewer papers write every export in this process: a writer
#: process's start (an interpreter and rdflib, ~0.5 s) costs more than it saves on a small build.
AUTO_MIN_PAPERS = 1000


def write_from_ntriples(name: str, ntriples: str | os.PathLike, out: TextIO) -> None:
    """Write the export ``name`` (one of :data:`FROM_NTRIPLES`) of the sorted N-Triples file ``ntriples`` to ``out``."""
    from kg.export.rdf import read_ntriples, write_jsonld_from_ntriples, write_turtle

    if name == "graph.ttl":
        write_turtle(read_ntriples(ntriples), out)
    elif name == "graph.jsonld":
        write_jsonld_from_ntriples(ntriples, out)
    else:
        raise ValueError(f"{name} is not written from N-Triples")


def aside_names(jobs: int | None, papers: int, cpus: int) -> list[list[str]]:
    """The exports for writer processes, one list per process: none with one job (or a small auto build).

    With ``jobs`` workers the parent is one of them; the other ``jobs - 1`` share the two exports.
    """
    if jobs is None:
        jobs = cpus if papers >= AUTO_MIN_PAPERS else 1
    procs = min(jobs - 1, len(FROM_NTRIPLES))
    if procs <= 0:
        return []
    # a writer does JSON-LD first: its subject index is freed before the parent renders the HTML, the
    # parent's largest stage (at 100,000 abstracts the two together set the build's peak memory)
    return [sorted(FROM_NTRIPLES[i::procs], key=WRITER_ORDER.index) for i in range(procs)]


class WriterProcesses:
    """Writer processes started on ``ntriples``, each filling its exports' temp files in ``staged``.

    Use as a context manager: on leaving the block (an error, an interrupt) the processes still
    running are killed before the staged temps are removed.
    """

    def __init__(self, staged: StagedFiles, ntriples: Path, groups: Iterable[list[str]]) -> None:
        self._procs: list[tuple[list[str], subprocess.Popen]] = []
        #: what each writer reported per file: name, its CPU seconds and wall seconds (for bench/)
        self.times: list[tuple[str, float, float]] = []
        for names in groups:
            files = [(name, str(staged.reserve(name))) for name in names]
            spec = json.dumps({"ntriples": str(ntriples), "files": files})
            proc = subprocess.Popen([sys.executable, "-m", "kg.export_procs", spec], stdin=subprocess.PIPE,
                                    stdout=subprocess.PIPE, close_fds=True)  # not the parent's lock file
            self._procs.append((names, proc))

    @property
    def names(self) -> list[str]:
        return [name for names, _proc in self._procs for name in names]

    def wait(self) -> None:
        """Wait for every writer; raise the first failure as the error it was in the writer."""
        for names, proc in self._procs:
            assert proc.stdout is not None
            error = None
            for line in proc.stdout:
                report = json.loads(line)
                if "done" in report:
                    self.times.append((report["done"], report["cpu"], report["wall"]))
                    checkpoint(f"wrote:{report['done']}")
                else:
                    error = report
            proc.stdout.close()
            status = proc.wait()
            if error is not None:
                _raise(error)
            if status != 0:
                how = f"was killed by signal {-status}" if status < 0 else f"failed (exit status {status})"
                raise KgError(f"the process writing {' and '.join(names)} {how}")

    def stop(self) -> None:
        for _names, proc in self._procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            for pipe in (proc.stdin, proc.stdout):
                if pipe is not None:
                    pipe.close()

    def __enter__(self) -> WriterProcesses:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _raise(error: dict) -> None:
    if error["kind"] == "os":
        raise OSError(error["errno"], error["strerror"], error["filename"])
    import kg.errors

    cls = getattr(kg.errors, error["class"], KgError)
    raise (cls if isinstance(cls, type) and issubclass(cls, KgError) else KgError)(error["message"])


# --- the writer process ----------------------------------------------------------------------------

def _exit_with_parent() -> None:
    """Block on stdin (a pipe from the parent): end of file means the parent is gone, so stop too."""
    fd = sys.stdin.fileno()
    while os.read(fd, 4096):  # the raw descriptor: a buffered reader's lock would stall shutdown
        pass
    os._exit(1)


def _report(data: dict) -> None:
    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    spec = json.loads(argv[0])
    threading.Thread(target=_exit_with_parent, daemon=True).start()
    gc.disable()  # as in the parent's export: millions of short-lived objects, next to no cycles
    try:
        for name, path in spec["files"]:
            t0, c0 = time.perf_counter(), time.process_time()
            with open(path, "w", encoding="utf-8", newline="\n") as fh:
                write_from_ntriples(name, spec["ntriples"], fh)
            _report({"done": name, "cpu": round(time.process_time() - c0, 2), "wall": round(time.perf_counter() - t0, 2)})
    except KeyboardInterrupt:  # Ctrl-C reaches the whole process group: the parent says it
        return 130
    except OSError as exc:
        _report({"kind": "os", "errno": exc.errno, "strerror": exc.strerror or str(exc), "filename": exc.filename})
        return 1
    except KgError as exc:
        _report({"kind": "kg", "class": type(exc).__name__, "message": str(exc)})
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
