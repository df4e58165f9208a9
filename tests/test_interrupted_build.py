"""Builds killed at every moment, and two builds into one folder (kg/atomic.py).

A build into a folder holding a previous build is stopped (SIGKILL, or SIGINT) at a named moment
(``KG_TEST_KILL_AT``, see :func:`kg.atomic.checkpoint`). Killed before its commit, the folder keeps
the previous exports byte for byte and a store that opens; killed during the renames, the next
reader settles it to the complete new set. Either way, the next build leaves no temp file behind.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pyoxigraph
import pytest

from kg.atomic import JOURNAL_NAME, LOCK_NAME, folder_lock, settle
from kg.errors import BusyError

ROOT = Path(__file__).resolve().parent.parent
OLD = ROOT / "examples" / "icml2026.txt"
NEW = Path(__file__).parent / "data" / "hardening" / "00287_le_cr.txt"  # 3 papers (CR line ends)
FILES = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html")

#: moments before the commit: the previous build must stay whole
BEFORE = ["lock", "wrote:graph.nt", "wrote:graph.nq", "store-loaded", "wrote:graph.jsonld:INT", "wrote:graph.html",
          "journal-written-not-yet"]
#: moments inside the commit: settled to the new build
DURING = ["journal", "moved:0", "moved:3", "dir-aside", "moved:6"]

pytestmark = pytest.mark.slow


def kg_build(src: Path, out: Path, kill_at: str = "", *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "KG_TEST_KILL_AT": kill_at} if kill_at else dict(os.environ)
    env.pop("KG_TEST_KILL_AT", None) if not kill_at else None
    # SIGINT at its default in the child: a test run started as a shell's background job has it
    # ignored, and Python would then never raise KeyboardInterrupt for the ``:INT`` moments
    return subprocess.run([sys.executable, "-m", "kg", "build", str(src), "--out", str(out), "-q", *args],
                          capture_output=True, text=True, env=env, timeout=600,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in FILES}


def papers_in_store(folder: Path) -> int:
    store = pyoxigraph.Store.read_only(str(folder / "store"))
    (row,) = store.query("SELECT (COUNT(*) AS ?n) WHERE { ?p a <https://w3id.org/kg-ml/ontology#Paper> }")
    return int(row[0].value)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") and p.name != LOCK_NAME)


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("builds")
    out = {}
    for name, src in (("old", OLD), ("new", NEW)):
        cp = kg_build(src, base / name)
        assert cp.returncode == 0, cp.stderr
        out[name] = base / name
    return out


@pytest.mark.parametrize("moment", BEFORE)
def test_killed_before_the_commit_keeps_the_previous_build(moment: str, builds, tmp_path: Path) -> None:
    folder = tmp_path / "out"
    shutil.copytree(builds["old"], folder)
    before = snapshot(folder)
    cp = kg_build(NEW, folder, kill_at=moment)
    if moment == "journal-written-not-yet":  # positive control: a moment that never comes, a build that ends
        assert cp.returncode == 0, cp.stderr
        assert snapshot(folder) == snapshot(builds["new"])
        return
    expected = -signal.SIGKILL if not moment.endswith(":INT") else 130
    assert cp.returncode == expected, (cp.returncode, cp.stderr)
    assert snapshot(folder) == before
    assert papers_in_store(folder) == papers_in_store(builds["old"])
    cp = kg_build(NEW, folder)  # the next build: cleans up, installs the new set
    assert cp.returncode == 0, cp.stderr
    assert leftovers(folder) == []
    assert snapshot(folder) == snapshot(builds["new"])
    assert papers_in_store(folder) == 3


@pytest.mark.parametrize("moment", ["wrote:graph.ttl", "wrote:graph.jsonld:INT", "wrote:graph.html"])
def test_killed_with_a_writer_process_keeps_the_previous_build(moment: str, builds, tmp_path: Path) -> None:
    """With -j 2 a writer process writes Turtle and JSON-LD (kg/export_procs.py): killed, nothing half-written."""
    folder = tmp_path / "out"
    shutil.copytree(builds["old"], folder)
    before = snapshot(folder)
    cp = kg_build(NEW, folder, moment, "-j", "2")
    assert cp.returncode == (130 if moment.endswith(":INT") else -signal.SIGKILL), (cp.returncode, cp.stderr)
    assert snapshot(folder) == before
    cp = kg_build(NEW, folder, "", "-j", "2")  # the next build: cleans up, installs the new set
    assert cp.returncode == 0, cp.stderr
    assert leftovers(folder) == []
    assert snapshot(folder) == snapshot(builds["new"])  # the same bytes as the -j 1 build
    assert papers_in_store(folder) == 3


@pytest.mark.parametrize("moment", DURING)
def test_killed_during_the_renames_settles_to_the_new_build(moment: str, builds, tmp_path: Path) -> None:
    folder = tmp_path / "out"
    shutil.copytree(builds["old"], folder)
    cp = kg_build(NEW, folder, kill_at=moment)
    assert cp.returncode == -signal.SIGKILL, cp.stderr
    assert (folder / JOURNAL_NAME).exists()
    settle(folder)  # what kg query / kg serve do before opening the store
    assert not (folder / JOURNAL_NAME).exists()
    assert snapshot(folder) == snapshot(builds["new"])
    assert papers_in_store(folder) == 3
    cp = kg_build(NEW, folder)
    assert cp.returncode == 0, cp.stderr
    assert leftovers(folder) == []


def test_a_second_build_into_a_locked_folder_is_refused(builds, tmp_path: Path) -> None:
    folder = tmp_path / "out"
    shutil.copytree(builds["old"], folder)
    before = snapshot(folder)
    with folder_lock(folder):  # another build holds the folder
        cp = kg_build(NEW, folder)
    assert cp.returncode == 1
    lines = cp.stderr.strip().splitlines()
    assert len(lines) == 1 and "another kg build" in lines[0] and f"pid {os.getpid()}" in lines[0], cp.stderr
    assert snapshot(folder) == before
    cp = kg_build(NEW, folder)  # positive control: the lock released, the same build goes through
    assert cp.returncode == 0, cp.stderr


def test_the_lock_refuses_in_process_too(tmp_path: Path) -> None:
    with folder_lock(tmp_path):
        child = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; from kg.atomic import "
                                "folder_lock\ntry:\n    with folder_lock(Path(sys.argv[1])): pass\nexcept Exception as e:"
                                "\n    print(type(e).__name__)", str(tmp_path)], capture_output=True, text=True)
    assert child.stdout.strip() == BusyError.__name__
    with folder_lock(tmp_path):  # released: taken again at once
        pass


def kg_update(src: Path, out: Path, kill_at: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "KG_TEST_KILL_AT"}
    if kill_at:
        env["KG_TEST_KILL_AT"] = kill_at
    return subprocess.run([sys.executable, "-m", "kg", "build", str(src), "--out", str(out), "-q", "--update"],
                          capture_output=True, text=True, env=env, timeout=600,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


@pytest.mark.parametrize("moment", ["store-loaded", "wrote:graph.graphml", "wrote:graph.html:INT"])
def test_an_update_killed_before_its_commit_keeps_the_previous_build(moment: str, builds, tmp_path: Path) -> None:
    """An update patches copies (the store: a hard-linked backup): killed, the old build is whole and opens."""
    union = tmp_path / "union"
    cp = subprocess.run([sys.executable, "-m", "kg", "build", str(OLD), str(NEW), "--out", str(union), "-q"],
                        capture_output=True, text=True, timeout=600)
    assert cp.returncode == 0, cp.stderr
    folder = tmp_path / "out"
    shutil.copytree(builds["old"], folder)
    before = snapshot(folder)
    cp = kg_update(NEW, folder, kill_at=moment)
    assert cp.returncode == (130 if moment.endswith(":INT") else -signal.SIGKILL), (cp.returncode, cp.stderr)
    assert snapshot(folder) == before
    assert papers_in_store(folder) == papers_in_store(builds["old"])
    cp = kg_update(NEW, folder)  # the update again: cleans up, patches the old build into the union
    assert cp.returncode == 0, cp.stderr
    assert leftovers(folder) == []
    assert snapshot(folder) == snapshot(union)
    assert papers_in_store(folder) == papers_in_store(builds["old"]) + 3
