"""CSV / TSV input: a header row naming the columns, then one paper per row.

Column names are the JSONL field names, matched case-insensitively (only
"abstract" is required); authors and keywords are ``;``-separated.  Parsed by
the standard ``csv`` module (quoted fields may span lines) over the same
streaming, UTF-8-checked line source as the other formats, so an over-long
physical line is skipped instead of loaded.  A ``.csv`` whose header has more
tabs than commas is read as TSV (spreadsheet exports often are).
"""
from __future__ import annotations

import csv
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from kg.errors import InputError
from kg.ingest.errors import FileTally, IngestReport
from kg.ingest.text import MAX_LINE, iter_lines, make_paper, open_checked
from kg.records import Paper

#: A record spanning more physical lines than this is probably an unclosed quote.
_MANY_LINES = 20


def read_csv(path: Path, report: IngestReport, delimiter: str | None = None) -> Iterator[Paper]:
    """Yield a Paper per good row; skip (and report) bad rows.

    ``delimiter`` None means: tab for ``.tsv``/``.tab``, else sniffed from the header line.
    """
    if delimiter is None and path.suffix.lower() in (".tsv", ".tab"):
        delimiter = "\t"
    fh = open_checked(path)
    return _read_csv(fh, str(path), report, delimiter)


def _span(start: int, end: int) -> str:
    return str(start) if end <= start else f"{start}-{end}"


def _read_csv(fh: BinaryIO, where: str, report: IngestReport, delimiter: str | None) -> Iterator[Paper]:
    # Fields may legitimately exceed csv's 128 KiB default (multi-line quoted
    # abstracts); MAX_LINE still bounds what one record can hold.
    if csv.field_size_limit() < MAX_LINE:
        csv.field_size_limit(MAX_LINE)
    tally = FileTally(where, report)
    lines = iter_lines(fh, where)
    huge: list[int] = []  # too-long physical lines not yet charged to a record

    # Peek at the first non-blank line to choose the delimiter.
    peeked: list[tuple[int, str | None]] = []
    for item in lines:
        peeked.append(item)
        if item[1] is None or item[1].strip():
            break
    if delimiter is None:
        first = peeked[-1][1] if peeked else None
        delimiter = "\t" if first and first.count("\t") > first.count(",") else ","

    def feed() -> Iterator[str]:
        # One string per physical line keeps reader.line_num == file line number.
        for lineno, text in itertools.chain(peeked, lines):
            if text is None:
                huge.append(lineno)
                yield "\n"
            else:
                yield text + "\n"

    # strict: a stray quote is a bad record (skipped), and an unclosed quote
    # fails at EOF instead of silently swallowing the rest of the file
    reader = csv.reader(feed(), delimiter=delimiter, strict=True)
    header: list[str] | None = None
    rows = 0
    prev_end = 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            start, end = prev_end + 1, reader.line_num
            prev_end = end
            huge[:] = [n for n in huge if n > end]
            if header is None:
                raise InputError.at(where, f"cannot parse the CSV header ({exc})", line=start) from None
            rows += 1
            hint = " - unclosed quote?" if "unexpected end of data" in str(exc) else ""
            tally.skip(_span(start, end), f"bad CSV record ({exc}{hint})")
            continue
        start, end = prev_end + 1, reader.line_num
        prev_end = end
        hit = [n for n in huge if n <= end]
        if hit:
            huge[:] = [n for n in huge if n > end]
            if header is None:
                raise InputError.at(where, f"header line longer than {MAX_LINE:,} bytes", line=hit[0])
            rows += 1
            tally.skip(_span(start, end), f"line {hit[0]} longer than {MAX_LINE:,} bytes")
            continue
        if not any(cell.strip() for cell in row):
            continue  # blank line
        if header is None:
            header = [cell.strip().lower() for cell in row]
            if "abstract" not in header:
                found = ", ".join(h for h in header if h)[:200]
                raise InputError.at(
                    where,
                    f"CSV header has no 'abstract' column (found: {found}); "
                    "the first row must name the columns (id, title, abstract, ...)",
                    line=start,
                )
            continue
        rows += 1
        if len(row) != len(header):
            hint = " (unclosed quote?)" if end - start >= _MANY_LINES else ""
            tally.skip(_span(start, end), f"expected {len(header)} fields, found {len(row)}{hint}")
            continue
        fields: dict[str, str] = {}
        for name, cell in zip(header, row):
            if name and name not in fields:
                fields[name] = cell
        paper, problem = make_paper(fields, f"{where}:{start}")
        if paper is None:
            tally.skip(_span(start, end), problem)
            continue
        tally.ok()
        yield paper
    for n in huge:  # after the last record
        tally.skip(n, f"line longer than {MAX_LINE:,} bytes")
    if header is None:
        tally.finish("file is empty (only whitespace)")
    elif rows == 0:
        raise InputError.at(where, "no records (only a header row)")
    else:
        tally.finish("no records")
