"""Turtle and JSON-LD written by writer processes (kg/export_procs.py): same bytes, errors raised again, no leftovers.

The whole build with ``-j 2`` against ``-j 1`` is compared in tests/test_parallel.py.
"""
from __future__ import annotations

import errno
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kg.atomic import staged_files
from kg.export.rdf import write_ntriples
from kg.export_procs import FROM_NTRIPLES, WriterProcesses, aside_names, write_from_ntriples

ONT = "<https://w3id.org/kg-ml/ontology#"
TRIPLES = [
    ("<https://w3id.org/kg-ml/id/bert>", "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>", ONT + "Method>"),
    ("<https://w3id.org/kg-ml/id/bert>", "<http://www.w3.org/2000/01/rdf-schema#label>", '"BERT \\"base\\" \\u00e9"'),
    ("<https://w3id.org/kg-ml/id/bert-large>", "<http://www.w3.org/2000/01/rdf-schema#label>", '"BERT-large"'),
    ("<https://w3id.org/kg-ml/id/bert-large>", ONT + "usesDataset>", "<https://w3id.org/kg-ml/id/squad>"),
]


def ntriples(tmp_path: Path) -> Path:
    path = tmp_path / "graph.nt"
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        write_ntriples(sorted(TRIPLES), fh)
    return path


def in_process(name: str, nt: Path) -> bytes:
    buf = io.StringIO(newline="\n")
    write_from_ntriples(name, nt, buf)
    return buf.getvalue().encode("utf-8")


def test_one_job_writes_everything_itself_and_two_jobs_hand_both_exports_to_one_writer():
    assert aside_names(1, 10 ** 6, 2) == []
    assert aside_names(2, 10, 2) == [["graph.jsonld", "graph.ttl"]]  # a forced -j 2, however small; JSON-LD first
    assert aside_names(3, 10, 2) == [["graph.ttl"], ["graph.jsonld"]]
    assert aside_names(None, 999, 2) == []  # auto: a small build does not start a process
    assert aside_names(None, 1000, 2) == [["graph.jsonld", "graph.ttl"]]
    assert aside_names(None, 10 ** 6, 1) == []  # auto on one CPU


def test_writer_process_output_is_byte_identical_and_committed(tmp_path: Path):
    nt = ntriples(tmp_path)
    out = tmp_path / "out"
    with staged_files(out) as staged, WriterProcesses(staged, nt, [list(FROM_NTRIPLES)]) as procs:
        assert procs.names == list(FROM_NTRIPLES)
        procs.wait()
        staged.commit()
    for name in FROM_NTRIPLES:
        assert (out / name).read_bytes() == in_process(name, nt), name
    assert "bert-large" in (out / "graph.ttl").read_text(encoding="utf-8")
    assert [p.name for p in out.iterdir() if p.name.endswith(".tmp")] == []


def test_an_error_in_the_writer_is_raised_again_and_leaves_no_temp(tmp_path: Path):
    missing = tmp_path / "no-such.nt"
    out = tmp_path / "out"
    with pytest.raises(OSError) as caught:
        with staged_files(out) as staged, WriterProcesses(staged, missing, [["graph.ttl"]]) as procs:
            procs.wait()
            staged.commit()
    assert caught.value.errno == errno.ENOENT and caught.value.filename == str(missing)
    assert not (out / "graph.ttl").exists()
    assert [p.name for p in out.iterdir() if p.name.startswith(".graph")] == []
    # positive control: the same block on a file that exists commits the export
    with staged_files(out) as staged, WriterProcesses(staged, ntriples(tmp_path), [["graph.ttl"]]) as procs:
        procs.wait()
        staged.commit()
    assert (out / "graph.ttl").read_text(encoding="utf-8").startswith("@prefix")


def test_a_build_error_while_the_writer_runs_stops_it_and_removes_its_temp(tmp_path: Path):
    fifo = tmp_path / "graph.nt"
    os.mkfifo(fifo)  # the writer blocks opening it: still running when the build fails
    out = tmp_path / "out"
    with pytest.raises(RuntimeError):
        with staged_files(out) as staged, WriterProcesses(staged, fifo, [["graph.jsonld"]]) as procs:
            (_names, proc), = procs._procs
            time.sleep(0.3)
            assert proc.poll() is None
            raise RuntimeError("HTML failed")
    assert proc.returncode is not None
    assert [p.name for p in out.iterdir() if p.name.startswith(".graph")] == []


def test_the_writer_exits_when_its_parent_goes(tmp_path: Path):
    fifo = tmp_path / "graph.nt"
    os.mkfifo(fifo)
    spec = json.dumps({"ntriples": str(fifo), "files": [["graph.ttl", str(tmp_path / "t.ttl")]]})
    proc = subprocess.Popen([sys.executable, "-m", "kg.export_procs", spec], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)
    try:
        time.sleep(0.5)
        assert proc.poll() is None  # control: blocked on the FIFO while its stdin is open
        assert proc.stdin is not None
        proc.stdin.close()  # what the parent's death does to the pipe
        assert proc.wait(timeout=20) == 1
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
