"""Every reproducer of ``../shared/hardening/`` (``$KG_SHARED``), read from there, as a test.

``failing-inputs/`` (INDEX.tsv lists how each once failed), ``rdf/``, ``cli/``, ``network/`` and
``serve/``: each input builds (exit 0, every export readable back) or fails with one line
``error: ...`` naming the file, with no traceback, within a bound, and nothing contacts a host.
The scripts of ``network/`` and ``serve/`` are run as they are, in a scratch folder, with the
``kg`` of this environment on ``PATH``. A seed of these inputs is copied in ``tests/data/hardening``
(``tests/test_hardening.py``, run without the shared folder too).
"""
from __future__ import annotations

import csv
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from shared_data import SHARED, needs_shared
from test_hardening import assert_one_line_error, check_exports, run_build


HARDENING = SHARED / "hardening"
FAILING = HARDENING / "failing-inputs"
INDEX = FAILING / "INDEX.tsv"
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "icml2026.txt"
SAMPLE = SHARED / "corpora" / "sample_1000_ml_2024_2025.jsonl"
KG_BIN = Path(sys.executable).parent / "kg"
#: seconds one input may take before it counts as a hang (the slowest takes ~4 s; they took > 60 s)
HANG = 60

pytestmark = pytest.mark.slow


def _index() -> dict[str, set[str]]:
    """File name -> the classes of failure INDEX.tsv gives it."""
    if not INDEX.exists():
        return {}
    classes: dict[str, set[str]] = {}
    with INDEX.open(encoding="utf-8") as fh:
        for row in csv.reader(fh, delimiter="\t"):
            if row and row[0] != "file":
                classes.setdefault(row[0], set()).add(row[1])
    return classes


CLASSES = _index()


@contextmanager
def bounded(seconds: int, what: str) -> Iterator[None]:
    """Fail (instead of waiting forever) if the block takes more than ``seconds``."""
    def expired(signum, frame):
        raise TimeoutError(f"{what}: still running after {seconds} s (a hang)")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def build_or_error(src: Path, out: Path) -> int | None:
    """Build ``src``: the papers built (every export read back), or None for a one-line error."""
    with bounded(HANG, src.name):
        code, err, exc = run_build(str(src), "--out", str(out))
    assert exc is None or isinstance(exc, SystemExit), f"{src.name}: {exc!r}"
    assert "Traceback" not in err, err
    if code == 1:
        assert_one_line_error(err, src.name)
        assert not out.exists() or not any(out.glob("graph.*"))  # nothing half-written
        return None
    assert code == 0, (src.name, code, err)
    return check_exports(out)


@needs_shared(INDEX)
@pytest.mark.parametrize("name", sorted(CLASSES) or ["(no INDEX.tsv)"])
def test_failing_input_builds_or_fails_in_one_line(name: str, tmp_path: Path) -> None:
    src = FAILING / name
    if not src.exists():  # four of INDEX.tsv's rows (bad UTF-8, malformed JSON) came without their file
        pytest.skip(f"{name} is listed in INDEX.tsv but not in {FAILING}")
    papers = build_or_error(src, tmp_path / "out")
    classes = CLASSES[name]
    if "zero_exit_on_unusable" in classes:
        assert papers is None, f"{name}: unusable, yet built {papers} papers"
    if "_le_" in name:  # CR-only or mixed line ends: read as the same file with LF ends would be
        normalized = tmp_path / name
        normalized.write_bytes(src.read_bytes().replace(b"\r\n", b"\n").replace(b"\r", b"\n"))
        expected = build_or_error(normalized, tmp_path / "lf")
        assert expected, f"{name}: its LF twin builds no paper"  # positive control: there are papers to keep
        assert papers == expected, f"{name}: {papers} papers, {expected} with LF line ends"


@needs_shared(HARDENING / "rdf")
@pytest.mark.parametrize("name, papers", [("code_url_pct.jsonl", 1), ("code_url_2frag.jsonl", 1),
                                          ("code_url_fffd.jsonl", 1), ("code_url_pua.jsonl", 1),
                                          ("corpus50_plus_one_bad_code_url.jsonl", 51)])
def test_bad_code_urls_build_every_paper(name: str, papers: int, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert build_or_error(HARDENING / "rdf" / name, out) == papers
    nt = (out / "graph.nt").read_text(encoding="utf-8")
    assert "github.com/" in nt  # the code link is kept, as a valid IRI (the store and parsers read it)


@needs_shared(HARDENING / "cli" / "rb5k.tsv", HARDENING / "cli" / "notskos.ttl")
@pytest.mark.parametrize("name, says", [("rb5k.tsv", "not valid UTF-8"), ("notskos.ttl", "not a usable vocabulary")])
def test_bad_lexicon_files_fail_in_one_line(name: str, says: str, tmp_path: Path) -> None:
    out = tmp_path / "o"
    code, err, exc = run_build(str(EXAMPLE), "--out", str(out), "--lexicon", str(HARDENING / "cli" / name))
    assert code == 1 and (exc is None or isinstance(exc, SystemExit)), err
    assert_one_line_error(err, name)
    assert says in err
    assert not out.exists() or not any(out.glob("graph.*"))


@needs_shared(HARDENING / "serve" / "deep_braces_5k.rq", HARDENING / "serve" / "deep_parens_20k.rq")
@pytest.mark.parametrize("name", ["deep_braces_5k.rq", "deep_parens_20k.rq"])
def test_deep_queries_are_a_one_line_error(name: str, example_build: Path) -> None:
    cp = subprocess.run([sys.executable, "-m", "kg", "query", str(HARDENING / "serve" / name), "--store",
                         str(example_build)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert cp.returncode == 1, (cp.returncode, cp.stderr[-300:])  # it was 139, a segfault
    assert len(cp.stderr.strip().splitlines()) == 1 and "nested" in cp.stderr and "Traceback" not in cp.stderr


def run_script(script: Path, cwd: Path, timeout: float = 300) -> str:
    """Run a shared reproducer script as it is (``kg`` from this environment first on PATH); its output."""
    if not KG_BIN.exists():
        pytest.skip(f"no kg command beside {sys.executable} (pip install -e .)")
    env = {**os.environ, "PATH": f"{KG_BIN.parent}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONUNBUFFERED": "1"}
    cp = subprocess.run([sys.executable, str(script)], cwd=cwd, env=env, capture_output=True, text=True,
                        timeout=timeout)
    assert cp.returncode == 0 and "Traceback" not in cp.stderr, (cp.returncode, cp.stdout[-2000:], cp.stderr[-2000:])
    return cp.stdout


@needs_shared(HARDENING / "network" / "jsonld_ctx.py")
def test_network_script_no_command_fetches_the_remote_context(tmp_path: Path) -> None:
    (tmp_path / "ontology").mkdir()  # the script validates with ontology/shapes.ttl (kg's shapes are here)
    (tmp_path / "ontology" / "shapes.ttl").symlink_to(ROOT / "kg" / "sparql" / "shapes.ttl")
    out = run_script(HARDENING / "network" / "jsonld_ctx.py", tmp_path)
    lines = [ln for ln in out.splitlines() if " rc " in ln]
    assert [ln.split(" rc ")[0] for ln in lines] == ["kg build --lexicon remote-context.jsonld",
                                                     "kg query --data remote-context.jsonld",
                                                     "kg validate remote-context.jsonld"], out
    for line in lines:
        rc = int(line.split(" rc ")[1].split()[0])
        assert rc == 1, line  # refused, in one line
        assert "requests to the local listener: [] |" in line, line
        assert "Traceback" not in line and "remote" in line.rsplit("|", 1)[1], line  # the message says why


@needs_shared(HARDENING / "serve" / "ssrf_check.py")
def test_ssrf_script_no_host_is_contacted(tmp_path: Path, example_build: Path) -> None:
    (tmp_path / "b1000").symlink_to(example_build)  # the script serves ./b1000 (any build shows it)
    out = run_script(HARDENING / "serve" / "ssrf_check.py", tmp_path)
    m = re.search(r"^serve: (\d+) ", out, re.M)
    assert m and 400 <= int(m.group(1)) < 500 and "INTERNAL-DATA-42" not in out, out
    m = re.search(r"^serve closed port: (\d+) .* ([\d.]+) s$", out, re.M)
    assert m and 400 <= int(m.group(1)) < 500 and float(m.group(2)) < 10, out
    assert re.search(r"^10MB body reply: b'HTTP/1\.[01] 413 ", out, re.M), out
    kg_query = re.findall(r"^kg query rc (\d+) (traceback)?", out, re.M)
    assert kg_query == [("1", ""), ("1", "")], out
    assert re.search(r"^listener got: None \| total hits 0$", out, re.M), out
    assert out.rstrip().endswith("listener hits total 0"), out


@needs_shared(HARDENING / "serve" / "mixed_store.py", SAMPLE)
def test_mixed_store_script_answers_from_one_store(tmp_path: Path, example_build: Path) -> None:
    shutil.copytree(example_build, tmp_path / "mix")  # served, then rebuilt from small.jsonl
    with SAMPLE.open(encoding="utf-8") as fh, (tmp_path / "small.jsonl").open("w", encoding="utf-8") as small:
        for _ in range(50):
            small.write(fh.readline())
    out = run_script(HARDENING / "serve" / "mixed_store.py", tmp_path)
    before = re.search(r"^before \(200, '(\d+)'\)$", out, re.M)
    assert before and int(before.group(1)) == 19, out  # the example's papers
    assert "rebuild rc 0" in out, out
    replaced = re.search(r"^after one worker was replaced: (\[.*?\]) ", out, re.M)
    assert replaced and replaced.group(1) == "[(200, '50')]", out  # all 20 answers from the new store
    after = re.search(r"^after rebuild (\[.*\])$", out, re.M)
    answers = re.findall(r"'(\d+)'", after.group(1)) if after else []
    assert len(answers) == 4 and set(answers) <= {"19", "50"}, out  # each from one whole store, old or new
    assert answers == sorted(answers, key=lambda n: n == "50"), out  # once new, never old again
    assert out.rstrip().endswith("graph.ttl papers via /graph.ttl: 50"), out
