"""JSON Lines input: one JSON object per line.

Fields used: id, title, abstract, venue, year, url, authors (list or
``;``-string), keywords (list or string).  Anything else (the corpora carry
track, status, tldr, their own "source", ...) is ignored.  Read line by line
so a 100k-paper file never sits in memory.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from kg.errors import InputError
from kg.ingest.errors import FileTally, IngestReport
from kg.ingest.text import MAX_LINE, LongInt, iter_lines, make_paper, open_checked
from kg.records import Paper


def read_jsonl(path: Path, report: IngestReport) -> Iterator[Paper]:
    """Yield a Paper per good line; skip (and report) bad lines.

    File-level checks run now; record-level problems surface while iterating.
    """
    fh = open_checked(path)
    return _read_jsonl(fh, str(path), report)


def _read_jsonl(fh: BinaryIO, where: str, report: IngestReport) -> Iterator[Paper]:
    tally = FileTally(where, report)
    first = True
    for lineno, text in iter_lines(fh, where):
        if text is None:
            tally.skip(lineno, f"line longer than {MAX_LINE:,} bytes")
            first = False
            continue
        line = text.strip()
        if not line:
            continue
        if first:
            first = False
            if line.startswith("["):
                # a JSON array (.json export) - every "line" would fail; say why once
                raise InputError.at(
                    where,
                    "looks like a JSON array, not JSON Lines (one object per line); "
                    "convert it, e.g. jq -c '.[]' FILE > FILE.jsonl",
                    line=lineno,
                )
        try:
            obj = json.loads(line, parse_int=_int)
        except json.JSONDecodeError as exc:
            tally.skip(lineno, f"not valid JSON ({exc.msg})")
            continue
        except RecursionError:
            tally.skip(lineno, "not valid JSON (nested too deeply)")
            continue
        if not isinstance(obj, dict):
            tally.skip(lineno, f"not a JSON object (got {_json_type(obj)})")
            continue
        paper, problem = make_paper(obj, f"{where}:{lineno}")
        if paper is None:
            tally.skip(lineno, problem)
            continue
        tally.ok()
        yield paper
    tally.finish("file is empty (only whitespace)")


def _int(digits: str) -> int | LongInt:
    """A JSON integer; one too long for Python to convert (over 4,300 digits) stays its digits."""
    return int(digits) if len(digits) <= 4000 else LongInt(digits)


def _json_type(obj: object) -> str:
    return {list: "an array", str: "a string", int: "a number", float: "a number", bool: "true/false"}.get(
        type(obj), "null"
    )
