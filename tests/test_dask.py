"""Extraction on a Dask cluster gives the same exports as one process."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main

distributed = pytest.importorskip("distributed")
# a real LocalCluster starts worker processes, and the unreachable scheduler waits out its timeout: ~2.5 s of the
# quick loop for two tests of an optional extra; `make test` runs them
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
EXPORTS = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html")


def test_build_on_a_dask_cluster_equals_the_serial_build(tmp_path):
    from test_parallel import corpus

    src = corpus(tmp_path)
    runner = CliRunner()
    serial = runner.invoke(main, ["build", str(src), "--out", str(tmp_path / "serial"), "-q", "--no-cache", "-j", "1"])
    assert serial.exit_code == 0, serial.output
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            result = runner.invoke(main, ["build", str(src), "--out", str(tmp_path / "dask"), "-q", "--no-cache",
                                          "--scheduler", cluster.scheduler_address])
            assert result.exit_code == 0, result.output
            # the work ran on the cluster: its scheduler saw the extraction tasks
            tasks = client.run_on_scheduler(lambda dask_scheduler: sorted(dask_scheduler.task_prefixes))
    assert tasks == ["dask_task"], tasks
    for name in EXPORTS:
        assert (tmp_path / "serial" / name).read_bytes() == (tmp_path / "dask" / name).read_bytes(), name


def test_unreachable_scheduler_is_a_one_line_error(tmp_path, monkeypatch):
    monkeypatch.setattr("kg.workers.SCHEDULER_TIMEOUT", "1s")  # nothing listens there: no need to wait 10 s
    result = CliRunner().invoke(main, ["build", str(REPO / "examples" / "icml2026.txt"), "--out", str(tmp_path / "o"),
                                       "--no-cache", "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1, result.output
    assert result.output.startswith("error: cannot reach the Dask scheduler") and result.output.count("\n") == 1
