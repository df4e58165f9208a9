"""Reading paper records from user files.

One entry point, :func:`read_papers`, chooses the reader by file extension:

* ``.jsonl`` / ``.ndjson`` (and ``.json`` holding JSON Lines) - :mod:`kg.ingest.jsonl`
* ``.csv`` / ``.tsv`` / ``.tab`` - :mod:`kg.ingest.csv`
* anything else - plain text, one abstract per paragraph - :mod:`kg.ingest.text`

The contract, for every format: file-level problems (missing, directory,
empty, binary, not UTF-8, no usable record at all) raise :class:`kg.errors.InputError`
with a one-line message naming the file and line; a single bad record is
skipped and described in :attr:`IngestReport.skipped`.
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from kg.ingest.csv import read_csv
from kg.ingest.errors import IngestReport
from kg.ingest.jsonl import read_jsonl
from kg.ingest.text import MAX_LINE, MAX_RECORD, read_text, stable_id
from kg.records import Paper

__all__ = ["IngestReport", "MAX_LINE", "MAX_RECORD", "read_papers", "stable_id"]

_JSONL = {".jsonl", ".ndjson", ".json"}
_CSV = {".csv", ".tsv", ".tab"}


def read_papers(path: Path, report: IngestReport) -> Iterator[Paper]:
    """Yield the papers in ``path``, choosing the format by extension.

    File-level checks (missing, directory, empty, binary) raise at call time;
    per-record problems and the UTF-8 / all-records-bad checks surface while
    iterating.  ``report`` is updated as records are read, so it is complete
    once the iterator is exhausted.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in _JSONL:
        return read_jsonl(path, report)
    if suffix in _CSV:
        return read_csv(path, report)
    return read_text(path, report)
