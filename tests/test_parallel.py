"""`kg build -j N`: extraction in worker processes gives the same exports as one process."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main

REPO = Path(__file__).resolve().parent.parent
TEXT_EXPORTS = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html")


def corpus(tmp_path: Path) -> Path:
    """80 records (more than two worker batches) made from the bundled abstracts."""
    paragraphs = (REPO / "examples" / "icml2026.txt").read_text(encoding="utf-8").split("\n\n")[1:]
    path = tmp_path / "papers.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for i in range(80):
            text = paragraphs[i % len(paragraphs)].strip()
            fh.write(json.dumps({"id": f"paper-{i:03d}", "title": f"Study {i}", "abstract": text,
                                 "venue": "ICML", "year": 2026}) + "\n")
    return path


@pytest.mark.slow
def test_parallel_build_is_byte_identical(tmp_path):
    src = corpus(tmp_path)
    runner = CliRunner()
    # no cache: the second build must extract in its workers, not read what the first one stored
    one = runner.invoke(main, ["build", str(src), "--out", str(tmp_path / "one"), "-q", "--no-cache", "-j", "1"])
    two = runner.invoke(main, ["build", str(src), "--out", str(tmp_path / "two"), "-q", "--jobs", "2", "--no-cache"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    for name in TEXT_EXPORTS + ("manifest.jsonl.gz",):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name
    assert "paper-079" in (tmp_path / "two" / "graph.ttl").read_text(encoding="utf-8")


def test_jobs_auto_runs_a_small_job_in_one_process_and_a_big_one_in_workers():
    from kg.build import AUTO_PARALLEL_MIN, Workers, _engine_chooser
    from kg.workers import ProcessPool, Serial, cpu_count

    choose = _engine_chooser(Workers(jobs=None), lambda: None, [])
    assert isinstance(choose(AUTO_PARALLEL_MIN - 1, True), Serial)
    engine = choose(AUTO_PARALLEL_MIN - 1, False)  # more input to come
    try:
        assert isinstance(engine, ProcessPool) if cpu_count() > 1 else isinstance(engine, Serial)
    finally:
        engine.close()
    assert isinstance(_engine_chooser(Workers(jobs=1), lambda: None, [])(10 ** 6, False), Serial)


def test_bad_jobs_value_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(main, ["build", str(REPO / "examples" / "icml2026.txt"), "-j", "many"])
    assert result.exit_code == 2 and "or auto" in result.output
