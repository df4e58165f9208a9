"""Plain-text input, plus the file plumbing every format shares.

Plain-text format (``examples/icml2026.txt``)::

    ICML 2026 Papers            <- collection name: venue "ICML", year 2026

    First abstract, possibly    <- one abstract per blank-line-separated
    wrapped over lines.            paragraph; lines are joined with a space

    Second abstract ...

There are no titles or ids, so a record's id is a hash of its text
(:func:`stable_id`), which stays the same across runs and machines.

The shared plumbing lives here too: :func:`open_checked` (the up-front
checks: missing, directory, empty, binary) and :func:`iter_lines` (streaming
UTF-8 lines with line numbers, huge-line guard), and :func:`make_paper`
(turning loose field values into a :class:`~kg.records.Paper`).
"""
from __future__ import annotations

import codecs
import hashlib
import re
import unicodedata
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from kg.errors import InputError
from kg.ingest.errors import FileTally, IngestReport
from kg.records import Paper

#: Longest accepted physical line (bytes).  Real abstracts are a few KiB; a
#: longer line is a broken export (e.g. a whole file without newlines) and
#: must not be pulled into memory in one piece.
MAX_LINE = 1_000_000
#: Longest accepted record (title + abstract, characters). The longest abstract in the shared corpora
#: has 4,433; a longer record is a full text or junk, and the extraction's time grows with it: such a
#: record is skipped (with a warning naming its line), which bounds the time one record can take.
MAX_RECORD = 20_000
#: Bytes sniffed for NUL to tell binary files (PDF, gzip, xlsx, UTF-16) apart.
SNIFF_BYTES = 8192
#: A header line of a plain-text file longer than this is taken to be an abstract.
MAX_HEADER = 200

_WS = re.compile(r"\s+")
_SURROGATE = re.compile("[\ud800-\udfff]")
_YEAR = re.compile(r"(?<!\d)((?:1[89]|2\d)\d\d)(?!\d)")
#: An id that is a null written out by the exporter ("None", "null", "NaN", "undefined"), alone or after
#: a prefix ("rss2025:None"): it names no paper, and taken as an id it makes every such record a
#: duplicate of the first. Such a record gets the stable id of its abstract instead.
_PLACEHOLDER_ID = re.compile(r"(?:.*[:/])?(?:none|null|nan|undefined)", re.IGNORECASE)
_NOISE_WORDS = {"papers", "paper", "proceedings", "accepted", "abstracts", "of", "the", "conference", "-", "–", ":"}


def normalize_ws(text: str) -> str:
    """NFC + single spaces: the form hashed for ids, so re-wrapping a file keeps its ids."""
    return _WS.sub(" ", unicodedata.normalize("NFC", text)).strip()


def stable_id(abstract: str) -> str:
    """``"p-" + sha1(normalized abstract)[:12]``: same text, same id, on every run."""
    return "p-" + hashlib.sha1(normalize_ws(abstract).encode("utf-8")).hexdigest()[:12]


# --------------------------------------------------------------------------- files


def open_checked(path: Path) -> BinaryIO:
    """Open ``path`` for binary reading after the checks every format needs.

    Done eagerly (before any record is read) so the commonest mistakes - wrong
    path, a directory, an empty or binary file - fail at once with a clear
    message instead of deep inside a pipeline.
    """
    where = str(path)
    if not path.exists():
        raise InputError.at(where, "no such file; check the path")
    if path.is_dir():
        raise InputError.at(where, "is a directory; pass a file (.jsonl, .csv, .tsv or plain text)")
    if not path.is_file():  # a FIFO or a device would block or never end: read a copy of it instead
        raise InputError.at(where, "not a regular file (a pipe, socket or device); save it to a file first")
    try:
        fh: BinaryIO = open(path, "rb")  # noqa: SIM115 - returned to the caller
    except OSError as exc:
        raise InputError.at(where, f"cannot open file ({exc.strerror or exc})") from None
    try:
        head = fh.read(SNIFF_BYTES)
    except OSError as exc:
        fh.close()
        raise InputError.at(where, f"cannot read file ({exc.strerror or exc})") from None
    if not head:
        fh.close()
        raise InputError.at(where, "file is empty")
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        fh.close()
        raise InputError.at(where, "file is UTF-16 encoded; re-save it as UTF-8")
    if b"\x00" in head:
        fh.close()
        raise InputError.at(where, "binary file (NUL bytes); expected UTF-8 text (is it compressed or a PDF?)")
    fh.seek(0)
    return fh


def iter_lines(fh: BinaryIO, where: str) -> Iterator[tuple[int, str | None]]:
    """Yield ``(line_number, text)`` streaming; ``text`` is None for a too-long line.

    Lines are decoded strictly as UTF-8, so a Latin-1 or cp1252 file fails at
    its first bad byte with that line number (a silently mangled abstract is
    worse than a stop).  A UTF-8 BOM is dropped; a line ends at ``\\n``,
    ``\\r\\n`` or a lone ``\\r`` (old Mac files, and files mixing the three,
    lose no line).  A line over :data:`MAX_LINE` bytes is consumed in chunks,
    still checked for bad UTF-8, and reported as ``None`` for the caller to skip.
    """
    lineno = 0
    with fh:
        for raw, complete in _physical_lines(fh):
            lineno += 1
            if not complete:
                _check_long_line(raw, where, lineno)
                yield lineno, None
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise _utf8_error(where, lineno, raw, exc) from None
            if lineno == 1 and text.startswith("\ufeff"):
                text = text[1:]
            yield lineno, text


_BLOCK = 1 << 16
#: A line end, as Python's universal newlines see them: "\\n", "\\r\\n" or a lone "\\r".
_EOL = re.compile(rb"\r\n|\r|\n")


def _physical_lines(fh: BinaryIO) -> Iterator[tuple[bytes, bool]]:
    """``(line without its end, True)`` per line; ``(its bytes, False)`` for a line over MAX_LINE.

    Of an over-long line at most a bounded tail is kept (for the UTF-8 check), never the whole.
    """
    buf = b""
    while True:
        block = fh.read(_BLOCK)
        # trailing "\r"s may begin a "\r\n" of the next block: they wait for it (or for the end)
        end = len(buf) + len(block) if not block else len((buf + block).rstrip(b"\r"))
        buf += block
        pos = 0
        for m in _EOL.finditer(buf, 0, end):
            line = buf[pos:m.start()]
            yield line, len(line) <= MAX_LINE
            pos = m.end()
        buf = buf[pos:]
        if not block:
            if buf:
                yield buf, len(buf) <= MAX_LINE
            return
        if len(buf) > MAX_LINE:
            yield _drain(fh, buf), False
            buf = b""


def _drain(fh: BinaryIO, start: bytes) -> bytes:
    """Read past the rest of an over-long line; the bytes read, up to its end (for the UTF-8 check).

    What follows the line's end is pushed back by seeking, so the next line reads as usual.
    """
    chunks = [start]
    total = len(start)
    while True:
        block = fh.read(_BLOCK)
        if not block:
            break
        m = _EOL.search(block)
        if m:
            chunks.append(block[:m.start()])
            back = len(block) - m.end()
            if m.group().endswith(b"\r") and m.end() == len(block):  # "\r" + "\n" across two blocks
                after = fh.read(1)
                if after and after != b"\n":
                    back += 1
            if back:
                fh.seek(-back, 1)
            break
        chunks.append(block)
        total += len(block)
        if total > 8 * MAX_LINE:  # only the UTF-8 check needs the bytes: keep a bounded tail
            chunks = [b"".join(chunks)[-MAX_LINE:]]
            total = MAX_LINE
    return b"".join(chunks)


def _check_long_line(raw: bytes, where: str, lineno: int) -> None:
    """Bad UTF-8 in an over-long line is still an error with its line number."""
    dec = codecs.getincrementaldecoder("utf-8")()
    for i in range(0, len(raw), _BLOCK):
        try:
            dec.decode(raw[i:i + _BLOCK], final=i + _BLOCK >= len(raw))
        except UnicodeDecodeError as exc:
            raise _utf8_error(where, lineno, raw[i:i + _BLOCK], exc) from None


def _utf8_error(where: str, lineno: int, raw: bytes, exc: UnicodeDecodeError) -> InputError:
    bad = raw[exc.start : exc.start + 1].hex().upper() or "??"
    return InputError.at(
        where,
        f"not valid UTF-8 (byte 0x{bad} at byte {exc.start + 1} of the line); "
        "re-save the file as UTF-8",
        line=lineno,
    )


# --------------------------------------------------------------------------- fields


def as_text(value: Any) -> str:
    """A field as a stripped string; None and containers become "".

    Lone surrogates (JSON ``"\\ud800"`` escapes) become U+FFFD: they cannot be
    written out as UTF-8 and would crash an exporter much later.
    """
    if value is None or isinstance(value, (dict, list, tuple, bool)):
        return ""
    text = str(value).strip()
    return _SURROGATE.sub("\ufffd", text) if not text.isascii() else text


class LongInt(str):
    """The digits of a JSON integer too long to convert (Python refuses over 4,300 digits): no year, no abstract."""


def has_words(text: str) -> bool:
    """Whether ``text`` holds a letter or digit: ``$$``, ``**`` or ``{}`` is markup, not an abstract."""
    return any(ch.isalnum() for ch in text)


def as_year(value: Any) -> int | None:
    """Accept 2024, "2024", 2024.0, " 2024 "; anything else (junk, 0, "n/a") is None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float):
        if not value.is_integer():
            return None
        value = int(value)
    if isinstance(value, str):
        value = value.strip()
        if not (value.isascii() and value.isdigit()) or len(value) > 4:  # "²" is a digit; 5,000 digits cannot convert
            return None
        value = int(value)
    if isinstance(value, int) and 1000 <= value <= 9999:
        return value
    return None


def as_names(value: Any, *, comma_ok: bool = False) -> tuple[str, ...]:
    """A list, or a ``;``-separated string, as a tuple of non-empty strings.

    Authors are split on ``;`` only ("Smith, J." is one author); keywords
    (``comma_ok``) fall back to ``,`` when there is no ``;``.
    """
    if value is None or isinstance(value, bool):
        return ()
    if isinstance(value, str):
        sep = ";" if (";" in value or not comma_ok) else ","
        items: list[Any] = value.split(sep)
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        items = [value]
    out: list[str] = []
    for item in items:
        if isinstance(item, dict):  # {"name": "..."} as some exporters write authors
            item = item.get("name", "")
        text = as_text(item)
        if text:
            out.append(text)
    return tuple(out)


def make_paper(fields: Mapping[str, Any], source: str) -> tuple[Paper | None, str]:
    """Build a Paper from loose field values, or return ``(None, problem)``.

    Shared by the JSONL and CSV readers so both treat ids, years and lists alike.
    """
    abstract = fields.get("abstract")
    if abstract is None:
        return None, 'missing "abstract"'
    if not isinstance(abstract, str) or isinstance(abstract, LongInt):
        return None, f'"abstract" is not a string (got {"int" if isinstance(abstract, LongInt) else type(abstract).__name__})'
    abstract = as_text(abstract)
    if not abstract:
        return None, 'empty "abstract"'
    if not has_words(abstract):
        return None, '"abstract" has no words (no letter or digit)'
    title = as_text(fields.get("title"))
    if len(abstract) + len(title) > MAX_RECORD:
        return None, f"record longer than {MAX_RECORD:,} characters (title + abstract): not an abstract"
    rid = fields.get("id")
    rid = as_text(rid) if isinstance(rid, (str, int)) and not isinstance(rid, bool) else ""
    if _PLACEHOLDER_ID.fullmatch(rid):
        rid = ""
    return (
        Paper(
            id=rid or stable_id(abstract),
            abstract=abstract,
            title=title,
            venue=as_text(fields.get("venue")),
            year=as_year(fields.get("year")),
            url=as_text(fields.get("url")),
            authors=as_names(fields.get("authors")),
            keywords=as_names(fields.get("keywords"), comma_ok=True),
            source=source,
        ),
        "",
    )


# --------------------------------------------------------------------------- plain text


def parse_collection_name(line: str) -> tuple[str, int | None]:
    """``"ICML 2026 Papers"`` -> ``("ICML", 2026)``.

    The venue is the words before the 4-digit year (or after it, when nothing
    precedes it), minus filler like "Papers", "Proceedings of the".
    """
    line = normalize_ws(line)
    m = _YEAR.search(line)
    year = int(m.group(1)) if m else None
    if m:
        before, after = line[: m.start()], line[m.end() :]
        venue = _strip_noise(before) or _strip_noise(after)
    else:
        venue = _strip_noise(line)
    return venue, year


def _strip_noise(text: str) -> str:
    words = text.replace(",", " ").split()
    while words and words[0].lower() in _NOISE_WORDS:
        words.pop(0)
    while words and words[-1].lower() in _NOISE_WORDS:
        words.pop()
    return " ".join(words)


def read_text(path: Path, report: IngestReport) -> Iterator[Paper]:
    """Yield one Paper per paragraph of a plain-text file (see module docstring)."""
    where = str(path)
    fh = open_checked(path)
    return _read_text(fh, where, report)


def _read_text(fh: BinaryIO, where: str, report: IngestReport) -> Iterator[Paper]:
    tally = FileTally(where, report)
    venue, year = "", None
    header_seen = False
    any_text = False
    para: list[str] = []
    para_start = 0
    para_size = 0
    para_bad = ""  # problem that disqualifies the current paragraph

    def flush(end_line: int) -> Paper | None:
        nonlocal para, para_size, para_bad
        try:
            if para_bad:
                span = para_start if end_line <= para_start else f"{para_start}-{end_line}"
                tally.skip(span, para_bad)
                return None
            if not para:
                return None
            abstract = " ".join(para)
            if not has_words(abstract):
                tally.skip(para_start if end_line <= para_start else f"{para_start}-{end_line}",
                           "paragraph has no words (no letter or digit)")
                return None
            tally.ok()
            return Paper(
                id=stable_id(abstract), abstract=abstract, venue=venue, year=year, source=f"{where}:{para_start}"
            )
        finally:
            para, para_size, para_bad = [], 0, ""

    last = 0
    for lineno, text in iter_lines(fh, where):
        last = lineno
        if text is None:
            any_text = header_seen = True
            if not para and not para_bad:
                para_start = lineno
            para_bad = para_bad or f"line longer than {MAX_LINE:,} bytes"
            para = []
            continue
        stripped = text.strip()
        if not stripped:
            if para or para_bad:
                paper = flush(lineno - 1)
                if paper:
                    yield paper
            continue
        any_text = True
        if not header_seen:
            header_seen = True
            if _looks_like_header(stripped):
                venue, year = parse_collection_name(stripped)
                continue
        if not para and not para_bad:
            para_start = lineno
        if para_bad:
            continue
        para_size += len(stripped) + 1
        if para_size > MAX_RECORD:
            para_bad = f"paragraph longer than {MAX_RECORD:,} characters (missing blank lines between abstracts?)"
            para = []
            continue
        para.append(stripped)
    if para or para_bad:
        paper = flush(last)
        if paper:
            yield paper
    tally.finish("no abstracts after the collection name" if any_text else "file is empty (only whitespace)")


def _looks_like_header(line: str) -> bool:
    """The first non-empty line is the collection name unless it plainly is an abstract.

    (Long, or a sentence without a year: a header-less file then loses nothing.)
    """
    if len(line) > MAX_HEADER:
        return False
    return not (line.endswith((".", "!", "?")) and not _YEAR.search(line))
