"""The one folder swap (``kg.atomic.replace_dir``), used by the journal and by ``staged_store`` alone."""
from __future__ import annotations

import os
from pathlib import Path

import pyoxigraph
import pytest

from kg.atomic import replace_dir
from kg.sparql.store import STORE_DIRNAME, staged_store

TRIPLE = "<http://ex.org/s> <http://ex.org/p> <http://ex.org/o> .\n"


def test_replace_dir_swaps_the_folder_and_leaves_nothing_aside(tmp_path: Path) -> None:
    dest, new = tmp_path / "store", tmp_path / ".store.x.tmp"
    dest.mkdir()
    (dest / "old").write_text("old")
    new.mkdir()
    (new / "new").write_text("new")
    replace_dir(new, dest)
    assert sorted(p.name for p in dest.iterdir()) == ["new"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store"]  # the old one deleted, not left aside
    fresh = tmp_path / ".store.y.tmp"  # no folder there yet: renamed in
    fresh.mkdir()
    replace_dir(fresh, tmp_path / "other")
    assert (tmp_path / "other").is_dir() and not fresh.exists()


def test_replace_dir_puts_the_old_folder_back_when_the_rename_in_fails(tmp_path: Path, monkeypatch) -> None:
    dest, new = tmp_path / "store", tmp_path / ".store.x.tmp"
    dest.mkdir()
    (dest / "old").write_text("old")
    new.mkdir()
    real = os.replace

    def failing(src, dst):
        if Path(src) == new:
            raise OSError("disk full")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(OSError, match="disk full"):
        replace_dir(new, dest)
    assert (dest / "old").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".store.x.tmp", "store"]


def test_staged_store_alone_installs_a_new_store_over_the_old(tmp_path: Path) -> None:
    for subject in ("a", "b"):  # the second replaces the first
        with staged_store(TRIPLE.replace("/s>", f"/{subject}>"), tmp_path) as future:
            pass
        future.result()
    store = pyoxigraph.Store.read_only(str(tmp_path / STORE_DIRNAME))
    subjects = {str(q.subject) for q in store.quads_for_pattern(None, None, None, pyoxigraph.DefaultGraph())}
    assert subjects == {"<http://ex.org/b>"}
    assert sorted(p.name for p in tmp_path.iterdir()) == [STORE_DIRNAME]
