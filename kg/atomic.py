"""Writing files all-or-nothing: temp files in the target folder, renamed into place as one set.

Every command that writes user-visible files goes through here, so a failure
(a full disk, a crash half-way, ``kill -9``) never leaves a half-written export behind:

* the files (and the store folder) are staged as temp files in the folder; only when all are
  written does :meth:`StagedFiles.commit` write a journal (``.kg-commit.json``: which temp
  becomes which file) and do the renames. A process killed during the renames leaves the
  journal, and the next writer (or reader: :func:`settle`) finishes them: the folder holds the
  old set or the new one, never a mix once settled;
* a lock (``.kg-build.lock``, ``fcntl.flock``) admits one writer per folder: a second build
  into it stops with :class:`~kg.errors.BusyError` instead of interleaving its files;
* temp files of killed runs are removed by the next writer, under the lock.
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from kg.errors import BusyError

LOCK_NAME = ".kg-build.lock"
JOURNAL_NAME = ".kg-commit.json"
#: Temp names of the writers here and of the store (``.graph.ttl.x1y2.tmp``, ``.store.x1y2.tmp``,
#: ``.store.old.x1y2``): what a killed run leaves behind.
_STALE_GLOBS = (".*.tmp", ".store.old.*", f"{JOURNAL_NAME}.*")

#: Writes a file's text to the open file it is given, piece by piece: a big export
#: never has to exist as one string.
Writer = Callable[[TextIO], object]

#: What a file holds: a text (``str``, written as UTF-8), ``bytes``, or a :data:`Writer`.
Content = str | bytes | Writer


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def checkpoint(moment: str) -> None:
    """A named moment of a write, where the kill tests stop the process (``KG_TEST_KILL_AT=moment[:INT]``).

    Not set (always, outside those tests) this is one dictionary look-up.
    """
    target = os.environ.get("KG_TEST_KILL_AT")
    if target and target.removesuffix(":INT") == moment:
        os.kill(os.getpid(), signal.SIGINT if target.endswith(":INT") else signal.SIGKILL)


class StagedFiles:
    """Temp files (and folders) in one folder, renamed into place together by :meth:`commit`.

    Made by :func:`staged_files`, which holds the folder's lock and removes every temp not committed.
    """

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self._temps: list[tuple[str, Path]] = []

    def write(self, name: str, content: Content) -> Path:
        """Write ``content`` to a new temp file for ``name`` and return the temp file's path."""
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.out_dir)
        self._temps.append((name, Path(tmp)))  # registered first: a failed write is cleaned up too
        if isinstance(content, bytes):
            with os.fdopen(fd, "wb") as fh:
                fh.write(content)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                if isinstance(content, str):
                    fh.write(content)
                else:
                    content(fh)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; exports are ordinary files
        checkpoint(f"wrote:{name}")
        return Path(tmp)

    def reserve(self, name: str) -> Path:
        """An empty temp file for ``name``, committed as it is when another process has filled it."""
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.out_dir)
        self._temps.append((name, Path(tmp)))
        os.close(fd)
        os.chmod(tmp, 0o666 & ~_umask())
        return Path(tmp)

    def adopt(self, name: str, tmp: Path) -> None:
        """Commit the temp file or folder ``tmp`` (in the folder) as ``name`` too; a folder replaces a folder."""
        self._temps.append((name, Path(tmp)))

    def commit(self) -> list[Path]:
        """Rename every temp into place, in the order written (journaled: see the module docstring)."""
        moves = [(tmp.name, name) for name, tmp in self._temps]
        journal = self.out_dir / JOURNAL_NAME
        fd, tmp_journal = tempfile.mkstemp(prefix=f"{JOURNAL_NAME}.", dir=self.out_dir)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"moves": moves}, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_journal, journal)
        checkpoint("journal")
        _roll_forward(self.out_dir)
        checkpoint("committed")
        return [self.out_dir / name for name, _tmp in self._temps if not (self.out_dir / name).is_dir()]

    def discard(self) -> None:
        """Remove the temps still there (all of them unless committed)."""
        for _name, tmp in self._temps:
            if tmp.is_dir():
                shutil.rmtree(tmp, ignore_errors=True)
            elif tmp.exists():
                tmp.unlink()


def _roll_forward(out_dir: Path) -> None:
    """Do the renames of the journal in ``out_dir`` that are still to do, then remove it (idempotent)."""
    journal = out_dir / JOURNAL_NAME
    try:
        moves = json.loads(journal.read_text(encoding="utf-8"))["moves"]
    except FileNotFoundError:
        return
    except (ValueError, KeyError, TypeError):  # torn before its rename: cannot be (it is renamed whole)
        journal.unlink()
        return
    for i, (tmp_name, name) in enumerate(moves):
        tmp, dest = out_dir / tmp_name, out_dir / name
        if tmp.is_dir():
            replace_dir(tmp, dest)
        elif tmp.exists():
            os.replace(tmp, dest)
        checkpoint(f"moved:{i}")
    _fsync_dir(out_dir)
    journal.unlink()


def replace_dir(new: Path, dest: Path) -> None:
    """Replace the folder ``dest`` by ``new``: the old one renamed aside, the new one in, the old deleted.

    The one folder swap of the project (the journal's renames and :func:`kg.sparql.store.staged_store`).
    If the rename in fails, the old folder is put back before the error is raised; killed between
    the two renames, the journal's next roll-forward renames the new one in (the old, a stale
    ``.NAME.old.*``, is removed by the next writer).
    """
    old = None
    if dest.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{dest.name}.old.", dir=dest.parent))
        os.rmdir(old)
        os.replace(dest, old)
        checkpoint("dir-aside")
    try:
        os.replace(new, dest)
    except OSError:
        if old is not None:
            os.replace(old, dest)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale(out_dir: Path) -> list[Path]:
    """Remove the temp files and folders killed runs left in ``out_dir`` (call it holding the lock)."""
    removed = []
    for pattern in _STALE_GLOBS:
        for path in out_dir.glob(pattern):
            if path.name in (LOCK_NAME, JOURNAL_NAME):
                continue
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
            removed.append(path)
    return removed


@contextmanager
def folder_lock(out_dir: Path, wait: float = 0.0) -> Iterator[None]:
    """Hold ``out_dir``'s write lock for the block; :class:`BusyError` if another process holds it.

    ``wait``: seconds to wait for it first. The lock is ``fcntl.flock`` on ``.kg-build.lock``: the
    kernel releases it when its holder dies, so a killed build never leaves the folder locked.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    fh = open(out_dir / LOCK_NAME, "a+", encoding="utf-8")  # noqa: SIM115 - closed in finally
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    fh.seek(0)
                    holder = fh.read().strip()
                    who = f" (pid {holder})" if holder.isdigit() else ""
                    raise BusyError(f"{out_dir}: another kg build{who} is writing into this folder; wait for it "
                                    "to finish or build into another --out") from None
                time.sleep(0.05)
        fh.seek(0)
        fh.truncate()
        fh.write(str(os.getpid()))
        fh.flush()
        checkpoint("lock")
        yield
    finally:
        fh.close()  # releases the lock


def check_unlocked(out_dir: Path) -> None:
    """:class:`BusyError` now if another build writes into ``out_dir`` (before an hour of extraction, not after)."""
    if (Path(out_dir) / LOCK_NAME).exists():
        with folder_lock(Path(out_dir)):
            pass


def settle(out_dir: Path, wait: float = 30.0) -> None:
    """Finish a commit a killed build left half done, so a reader sees one whole set of files.

    A commit in progress (the journal there, the lock held) is waited for, up to ``wait`` seconds.
    Without write permission on the folder nothing is done.
    """
    out_dir = Path(out_dir)
    if not (out_dir / JOURNAL_NAME).exists():
        return
    try:
        with folder_lock(out_dir, wait=wait):
            _roll_forward(out_dir)
    except (BusyError, OSError):
        pass


@contextmanager
def staged_files(out_dir: Path, lock: bool = True) -> Iterator[StagedFiles]:
    """Temp files in ``out_dir`` (made if missing) for the block, under the folder's lock.

    On entry a commit left half done is finished and stale temps are removed; temps not
    committed are removed after the block. ``lock=False`` (a file or two written into any
    folder, by ``kg view`` or ``kg export``): no lock file, no clean-up of other temps.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    with folder_lock(out_dir) if lock else _no_lock():
        if lock:
            _roll_forward(out_dir)
            remove_stale(out_dir)
        staged = StagedFiles(out_dir)
        try:
            yield staged
        finally:
            staged.discard()


@contextmanager
def _no_lock() -> Iterator[None]:
    yield


def write_atomically(out_dir: Path, files: Mapping[str, Content] | Iterable[tuple[str, Content]],
                     ready: Callable[[], object] | None = None) -> list[Path]:
    """Write each file to a temp file in ``out_dir`` and rename it into place.

    ``files`` maps names to contents (see :data:`Content`), or yields ``(name,
    content)`` pairs: a generator that renders each text only when asked keeps
    one of them in memory at a time. Renames happen only after every temp file
    is written and ``ready()`` (when given: another part of the same
    all-or-nothing step finishing) has returned, so a failure leaves the
    previous files untouched. ``kg build`` uses :func:`staged_files` directly.
    """
    items = files.items() if isinstance(files, Mapping) else files
    with staged_files(out_dir, lock=False) as staged:
        for name, content in items:
            staged.write(name, content)
        if ready is not None:
            ready()
        return staged.commit()


def write_text_atomically(path: Path, text: str, mode: int = 0o666) -> None:
    """One file, written through a temp file renamed into place (``mode`` before the umask)."""
    path = Path(path)
    write_atomically(path.parent, {path.name: text})
    if mode != 0o666:
        os.chmod(path, mode & ~_umask())
