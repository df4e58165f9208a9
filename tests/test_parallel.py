"""`kg build -j N`: extraction in worker processes gives the same exports as one process."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main

REPO = Path(__file__).resolve().parent.parent
TEXT_EXPORTS = ("graph.ttl", "graph.nt", "graph.jsonld", "graph.graphml", "graph.html")


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
    one = runner.invoke(main, ["build", str(src), "--out", str(tmp_path / "one"), "-q"])
    two = runner.invoke(main, ["build", str(src), "--out", str(tmp_path / "two"), "-q", "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    for name in TEXT_EXPORTS:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name
    assert "paper-079" in (tmp_path / "two" / "graph.ttl").read_text(encoding="utf-8")
