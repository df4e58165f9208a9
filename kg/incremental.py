"""Incremental builds: a build remembers its input papers, so ``kg build NEW --out DIR --update`` can add to it.

Every build writes ``DIR/manifest.jsonl.gz``: a header line with the options that change the
output (the base IRI, the extra lexicons' hashes), then each input paper as read, in order. An
update reads those papers back, appends the new inputs' and builds the union. Extraction comes
from the cache for every paper it has seen (only the new papers are extracted); resolution and
``graph.nt`` are redone over the whole union, so a concept first seen in a new paper merges with
an old node (or flips its voted type) as it would in a full build of the old inputs followed by
the new ones. The other exports and the store are then patched, not rewritten (:class:`ExportPatch`,
:mod:`kg.patch`): what the old and new ``graph.nt`` have in common is copied from the old files, only
the changed subjects are rendered, and the store (a hard-linked copy) takes the triple difference.
The result is byte-identical to that full build (``tests/test_incremental.py``).
"""
from __future__ import annotations

import functools
import gzip
import shutil
import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import fields
from functools import partial
from pathlib import Path
from typing import BinaryIO, TextIO

from kg.errors import UpdateError
from kg.records import Paper

MANIFEST = "manifest.jsonl.gz"
_FORMAT = 1
_FIELDS = tuple(f.name for f in fields(Paper))


def options_header(base_iri: str, lexicons: Iterable[str | Path]) -> dict:
    return {"kg_manifest": _FORMAT, "base_iri": base_iri,
            "lexicons": [hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in lexicons]}


@functools.cache
def code_version() -> str:
    """The hash of every file of the ``kg`` package: an update copies blocks of the old exports only when
    the same code wrote them (any other change of code may render a block otherwise)."""
    root = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for file in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(b"\0" + file.relative_to(root).as_posix().encode() + b"\0")
        h.update(hashlib.sha256(file.read_bytes()).digest())
    return h.hexdigest()[:32]


class ExportPatch:
    """The exports of an update written from the earlier build's (:mod:`kg.patch`), where that build allows.

    :meth:`of` gives None (write everything whole) unless the earlier build was written by the same code
    (its ``graphml.index`` says which: not the manifest, which would then change with every change of
    code) and all of its files are there. Each writer falls back to the whole file if the old one surprises it.
    """

    def __init__(self, out_dir: Path, diff) -> None:
        self.out_dir, self.diff = out_dir, diff

    @classmethod
    def of(cls, out_dir: Path, new_nt: Path) -> ExportPatch | None:
        from kg.patch import GRAPHML_INDEX, diff_ntriples, index_code
        from kg.sparql.store import STORE_DIRNAME

        out_dir = Path(out_dir)
        names = ("graph.nt", "graph.ttl", "graph.jsonld", STORE_DIRNAME)
        if index_code(out_dir / GRAPHML_INDEX) != code_version() or not all((out_dir / n).exists() for n in names):
            return None
        return cls(out_dir, diff_ntriples(out_dir / "graph.nt", new_nt))

    def _patched(self, patch, whole, old: str):
        from kg.patch import PatchError

        def write(fh: TextIO) -> None:
            try:
                patch(self.diff, self.out_dir / old, fh)
            except PatchError:
                fh.seek(0)
                fh.truncate()
                whole(fh)
        return write

    def turtle(self, whole):
        from kg.patch import patch_turtle
        return self._patched(patch_turtle, whole, "graph.ttl")

    def jsonld(self, whole):
        from kg.patch import patch_jsonld
        return self._patched(patch_jsonld, whole, "graph.jsonld")

    def nquads(self, named_out: TextIO):
        """``graph.nq`` from the runs of the new ``graph.nt`` (the named graphs' lines to ``named_out`` too)."""
        from kg.patch import write_nquads
        return partial(write_nquads, self.diff, named_out=named_out)

    def store(self, named: Path, ntriples: Path):
        """Makes the store in a path: the old store's copy patched, or (if that fails) a load of the new files."""
        def make(path: Path) -> Path:
            from kg.patch import patch_store
            from kg.sparql.store import STORE_DIRNAME, build_store
            try:
                return patch_store(self.diff, self.out_dir / STORE_DIRNAME, path)
            except (OSError, ValueError, SyntaxError):
                shutil.rmtree(path, ignore_errors=True)
                path.mkdir()
                return build_store(path, named, ntriples)
        return make


def manifest_writer(papers: list[Paper], header: dict):
    """A :data:`kg.atomic.Writer` for the manifest (gzip with no timestamp: the same papers give the same bytes)."""
    def write(fh: TextIO) -> None:
        fh.flush()
        raw: BinaryIO = fh.buffer
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=1) as gz:
            gz.write((json.dumps(header, sort_keys=True) + "\n").encode())
            lines: list[str] = []
            for paper in papers:
                lines.append(json.dumps({k: getattr(paper, k) for k in _FIELDS}, ensure_ascii=False))
                if len(lines) == 2000:
                    gz.write(("\n".join(lines) + "\n").encode())
                    lines.clear()
            if lines:
                gz.write(("\n".join(lines) + "\n").encode())
    return write


def manifest_inputs(out_dir: Path) -> tuple[tuple[str, str], ...]:
    """The (file name, SHA-1) inputs the build in ``out_dir`` recorded (read after :func:`read_manifest` checked it)."""
    with gzip.open(Path(out_dir) / MANIFEST, "rt", encoding="utf-8") as fh:
        first = json.loads(fh.readline() or "null")
    return tuple((str(a), str(b)) for a, b in first.get("inputs", ()))


def read_manifest(out_dir: Path, header: dict) -> Iterator[Paper]:
    """The papers of the build in ``out_dir``; :class:`UpdateError` if there is none or its options differ."""
    path = Path(out_dir) / MANIFEST
    if not path.is_file():
        raise UpdateError(f"{out_dir}: no earlier build to update (no {MANIFEST}); "
                          "run `kg build INPUT... --out DIR` first, without --update")
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            first = json.loads(fh.readline() or "null")
            if not isinstance(first, dict) or first.get("kg_manifest") != _FORMAT:
                raise UpdateError(f"{path}: not a kg build manifest (or an older format); rebuild without --update")
            for key, what in (("base_iri", "--base-iri"), ("lexicons", "--lexicon files")):
                if first.get(key) != header[key]:
                    raise UpdateError(f"{out_dir} was built with other {what} ({first.get(key)!r}); pass the same "
                                      "options with --update, or rebuild without it")
            papers = []
            for line in fh:
                data = json.loads(line)
                data["authors"], data["keywords"] = tuple(data["authors"]), tuple(data["keywords"])
                papers.append(Paper(**data))
    except (OSError, EOFError, ValueError, TypeError, gzip.BadGzipFile) as exc:
        raise UpdateError(f"{path}: unreadable build manifest ({exc}); rebuild without --update") from exc
    return iter(papers)
