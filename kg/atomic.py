"""Writing files all-or-nothing: temp files in the target folder, renamed into place.

Every command that writes user-visible files goes through here, so a failure
(a full disk, a crash half-way) never leaves a half-written export behind.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(out_dir: Path, files: Mapping[str, str | bytes] | Iterable[tuple[str, str | bytes]],
                     ready: Callable[[], object] | None = None) -> list[Path]:
    """Write each file to a temp file in ``out_dir`` and rename it into place.

    ``files`` maps names to texts (``str``, written as UTF-8, or ``bytes``), or
    yields ``(name, text)`` pairs: a generator that renders each text only when
    asked keeps one of them in memory at a time. Renames happen only after every
    temp file is written and ``ready()``
    (when given: another part of the same all-or-nothing step finishing, such
    as the SPARQL store) has returned, so a failure leaves the previous exports
    untouched.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    temps: list[tuple[str, Path]] = []
    items = files.items() if isinstance(files, Mapping) else files
    try:
        for name, text in items:
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=out_dir)
            temps.append((name, Path(tmp)))  # registered first: a failed write is cleaned up too
            if isinstance(text, bytes):
                with os.fdopen(fd, "wb") as fh:
                    fh.write(text)
            else:
                with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
            os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; exports are ordinary files
        if ready is not None:
            ready()
        written = []
        for name, tmp in temps:
            os.replace(tmp, out_dir / name)
            written.append(out_dir / name)
        return written
    finally:
        for _name, tmp in temps:
            if tmp.exists():
                tmp.unlink()


def write_text_atomically(path: Path, text: str, mode: int = 0o666) -> None:
    """One file, written through a temp file renamed into place (``mode`` before the umask)."""
    path = Path(path)
    write_atomically(path.parent, {path.name: text})
    if mode != 0o666:
        os.chmod(path, mode & ~_umask())
