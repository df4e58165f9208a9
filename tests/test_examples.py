"""The analytics scripts in examples/ run on the example build (as a user would run them)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ("hardware_tasks.py", "reused_methods.py", "communities.py")

pytestmark = pytest.mark.slow  # every test runs a script in a new interpreter


def run(script: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, str(ROOT / "examples" / script), *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)


def test_hardware_tasks(example_build: Path) -> None:
    r = run("hardware_tasks.py", str(example_build))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].split()[:2] == ["hardware", "concept"]
    assert len(lines) >= 3 and "hardware-task pairs in" in lines[-1]
    assert any("GPU" in line or "memory-bound" in line for line in lines[1:-1])


def test_reused_methods(example_build: Path) -> None:
    r = run("reused_methods.py", str(example_build))
    assert r.returncode == 0, r.stderr
    assert "reinforcement learning" in r.stdout.casefold()
    assert r.stdout.strip().endswith("methods appear in two or more papers")
    assert int(r.stdout.strip().splitlines()[-1].split()[0]) >= 2


def test_communities(example_build: Path) -> None:
    r = run("communities.py", str(example_build))
    assert r.returncode == 0, r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith("communities of 19 papers")
    assert 2 <= int(last.split()[0]) < 19
    first = r.stdout.splitlines()[0].casefold()
    assert first.startswith(" 1. ") and any(k in first for k in ("language model", "reinforcement", "transformer"))
    assert run("communities.py", str(example_build)).stdout == r.stdout  # seeded


@pytest.mark.parametrize("script", SCRIPTS)
def test_missing_exports_is_one_line(script: str, tmp_path: Path) -> None:
    r = run(script, str(tmp_path / "nothing"))
    assert r.returncode == 1
    assert r.stderr.startswith("error:") and len(r.stderr.strip().splitlines()) == 1 and not r.stdout


def test_docs_analytics_snippets_run(example_build: Path) -> None:
    """The Python examples of docs/ANALYTICS.md work on a real build."""
    import re

    text = (ROOT / "docs" / "ANALYTICS.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 3
    for block in blocks:
        assert len(block.strip().splitlines()) <= 4, block  # short on purpose
        code = block.replace('"exports/"', repr(str(example_build)))
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert r.returncode == 0 and r.stdout.strip(), (block, r.stderr)
