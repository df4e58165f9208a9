"""Writing files all-or-nothing: temp files in the target folder, renamed into place.

Every command that writes user-visible files goes through here, so a failure
(a full disk, a crash half-way) never leaves a half-written export behind.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

#: Writes a file's text to the open file it is given, piece by piece: a big export
#: never has to exist as one string.
Writer = Callable[[TextIO], object]

#: What a file holds: a text (``str``, written as UTF-8), ``bytes``, or a :data:`Writer`.
Content = str | bytes | Writer


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class StagedFiles:
    """Temp files in one folder, renamed into place together by :meth:`commit`.

    Made by :func:`staged_files`, which removes every temp file not committed.
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
        return Path(tmp)

    def commit(self) -> list[Path]:
        """Rename every temp file into place, in the order written; the final paths."""
        written = []
        for name, tmp in self._temps:
            os.replace(tmp, self.out_dir / name)
            written.append(self.out_dir / name)
        return written

    def discard(self) -> None:
        """Remove the temp files still there (all of them unless committed)."""
        for _name, tmp in self._temps:
            if tmp.exists():
                tmp.unlink()


@contextmanager
def staged_files(out_dir: Path) -> Iterator[StagedFiles]:
    """Temp files in ``out_dir`` (made if missing) for the block; those not committed are removed after."""
    out_dir.mkdir(parents=True, exist_ok=True)
    staged = StagedFiles(out_dir)
    try:
        yield staged
    finally:
        staged.discard()


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
    with staged_files(out_dir) as staged:
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
