"""Generators of hostile input files for ``kg build`` (shared by tests/test_fuzz.py and bench/fuzz_long.py).

Each strategy draws the text of one input file (plain text, JSON Lines or CSV) mixing realistic
abstracts with what breaks readers: control and private-use code points, lone surrogates in JSON
escapes, RTL and zero-width marks, combining characters, BOMs, CR / CRLF / mixed line ends,
unclosed LaTeX and Markdown, long runs of one character, wrong-typed and deeply nested JSON,
CSV with embedded newlines and quotes, hostile URLs.
"""
from __future__ import annotations

import csv
import io
import json

from hypothesis import strategies as st

WORDS = ("We propose FooNet, a transformer for image classification on CIFAR-10 . It outperforms ResNet-50 "
         "by 3.2% top-1 accuracy . Code: https://github.com/foo/bar . diffusion models LLMs GPU kernels").split()
NASTY = ["\x00", "\x01", "\x08", "\x0b", "\x1f", "\x7f", "\x85", "\u00ad", "\u200b", "\u200d", "\u202e", "\u2028",
         "\ue000", "\uf8ff", "\ufdd0", "\ufeff", "\ufffd", "\ufffe", "\U000e0041", "\U0010fffd", "\u0301", "\u05d0",
         "$", "$$", "\\(", "\\[", "\\begin{equation}", "\\emph{", "}", "{", "**", "__", "`", "~~~", "%", "&amp;",
         "&#0;", "<script>alert(1)</script>", '"', "'", ",", ";", "\t", "\r", "\r\n", "\n",
         "javascript:alert(1)", "https://x.org/a%zz#b#c", "http://[::1]/\ue000", "file:///etc/passwd"]

#: stands for a 5,000-digit number (Python refuses to convert one): put into the JSON text as digits
HUGE = "__5000_DIGITS__"

piece = st.one_of(st.sampled_from(WORDS), st.sampled_from(NASTY), st.text(max_size=12),
                  st.builds(lambda c, n: c * n, st.sampled_from("$(%*>_~[{\\."), st.integers(1, 3000)))
text = st.lists(piece, max_size=60).map(" ".join)
scalar = st.one_of(text, st.integers(), st.floats(allow_nan=True), st.booleans(), st.none(),
                   st.just(HUGE))


def _json_value(depth: int = 0):
    if depth > 2:
        return scalar
    return st.one_of(scalar, st.lists(st.deferred(lambda: _json_value(depth + 1)), max_size=3),
                     st.dictionaries(st.sampled_from(["name", "x", "abstract"]), st.deferred(lambda: _json_value(depth + 1)),
                                     max_size=2))


FIELDS = ("id", "title", "abstract", "venue", "year", "url", "authors", "keywords")
record = st.dictionaries(st.sampled_from(FIELDS), _json_value(), max_size=8).flatmap(
    lambda d: st.just(d) if "abstract" in d else st.builds(lambda a: {**d, "abstract": a}, text))
line_end = st.sampled_from(["\n", "\r\n", "\r", "MIXED"])


def _join(lines: list[str], end: str) -> str:
    if end != "MIXED":
        return end.join(lines) + end
    ends = ["\n", "\r\n", "\r"]
    return "".join(line + ends[i % 3] for i, line in enumerate(lines))


def _jsonl(records: list[dict], end: str, bom: bool, junk: list[str]) -> str:
    lines = []
    for r in records:
        try:
            lines.append(json.dumps(r, ensure_ascii=False))
        except (ValueError, TypeError):
            lines.append(json.dumps({"abstract": str(r)[:200]}))
    lines = [line.replace(f'"{HUGE}"', "9" * 5000) for line in lines] + junk
    return ("\ufeff" if bom else "") + _join(lines, end)


def _csv(records: list[dict], end: str, bom: bool) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(FIELDS)
    for r in records:
        writer.writerow([r.get(f, "") if not isinstance(r.get(f), (list, dict)) else json.dumps(r.get(f)) for f in FIELDS])
    return ("\ufeff" if bom else "") + _join(buf.getvalue().split("\n")[:-1], end)


def _txt(records: list[dict], end: str, bom: bool, header: bool) -> str:
    paras = [str(r.get("abstract", "")) for r in records]
    lines = (["ICML 2026 Papers", ""] if header else []) + [line for p in paras for line in (p, "")]
    return ("\ufeff" if bom else "") + _join(lines, end)


input_file = st.one_of(
    st.tuples(st.just(".jsonl"), st.builds(_jsonl, st.lists(record, min_size=1, max_size=4), line_end, st.booleans(),
                                           st.lists(st.sampled_from(["[1,2]", "{", "null", '"x"', "{\"abstract\": {}}",
                                                                     "[" * 3000 + "]" * 3000]), max_size=2))),
    st.tuples(st.just(".csv"), st.builds(_csv, st.lists(record, min_size=1, max_size=4), line_end, st.booleans())),
    st.tuples(st.just(".txt"), st.builds(_txt, st.lists(record, min_size=1, max_size=4), line_end, st.booleans(),
                                         st.booleans())),
)
