"""read_papers: every format, and every bad-input rule of the product."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kg.errors import InputError
from kg.ingest import MAX_LINE, IngestReport, read_papers, stable_id
from kg.ingest.text import parse_collection_name
from kg.records import Paper
from shared_data import SHARED, needs_shared

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "examples" / "icml2026.txt"
CORPUS_SAMPLE = SHARED / "corpora" / "sample_1000_ml_2024_2025.jsonl"

ABSTRACT = "We propose a method for a task and evaluate it on a dataset, improving accuracy."


def read(path: Path) -> tuple[list[Paper], IngestReport]:
    report = IngestReport()
    return list(read_papers(path, report)), report


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def jline(**fields: object) -> str:
    return json.dumps(fields) + "\n"


# --------------------------------------------------------------------------- plain text


def test_seed_file() -> None:
    papers, report = read(SEED)
    assert len(papers) == 19
    assert report.read == 19 and report.skipped == []
    assert {p.venue for p in papers} == {"ICML"}
    assert {p.year for p in papers} == {2026}
    assert all(p.id.startswith("p-") and len(p.id) == 14 for p in papers)
    assert len({p.id for p in papers}) == 19
    assert papers[0].abstract.startswith("The smoothness of the transformer architecture")
    assert papers[0].source == f"{SEED}:3"
    assert papers[0].title == "" and papers[0].authors == ()


def test_seed_ids_stable_across_reads(tmp_path: Path) -> None:
    first, _ = read(SEED)
    copy = tmp_path / "copy.txt"
    shutil.copy(SEED, copy)
    second, _ = read(copy)
    assert [p.id for p in first] == [p.id for p in second]


def test_text_paragraph_lines_joined_and_id_ignores_wrapping(tmp_path: Path) -> None:
    wrapped = write(tmp_path, "a.txt", "NeurIPS 2025 Proceedings\n\nFirst line of\n  an abstract.\n\n\n\nSecond one.\n")
    flat = write(tmp_path, "b.txt", "NeurIPS 2025\n\nFirst line of an abstract.\n\nSecond one.")
    a, _ = read(wrapped)
    b, _ = read(flat)
    assert [p.abstract for p in a] == ["First line of an abstract.", "Second one."]
    assert [p.id for p in a] == [p.id for p in b]
    assert a[0].id == stable_id("First line of an abstract.")
    assert (a[0].venue, a[0].year) == ("NeurIPS", 2025)
    assert [p.source for p in a] == [f"{wrapped}:3", f"{wrapped}:8"]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ICML 2026 Papers", ("ICML", 2026)),
        ("Proceedings of ICLR 2024", ("ICLR", 2024)),
        ("ACL 2023 Accepted Papers", ("ACL", 2023)),
        ("2025 NeurIPS Papers", ("NeurIPS", 2025)),
        ("My Reading List", ("My Reading List", None)),
    ],
)
def test_collection_name(header: str, expected: tuple[str, int | None]) -> None:
    assert parse_collection_name(header) == expected


def test_text_without_header_keeps_first_abstract(tmp_path: Path) -> None:
    long_first = "A long abstract sentence. " * 20
    papers, _ = read(write(tmp_path, "x.txt", f"{long_first}\n\nSecond abstract.\n"))
    assert len(papers) == 2 and papers[0].venue == "" and papers[0].year is None


def test_text_only_header_is_fatal(tmp_path: Path) -> None:
    path = write(tmp_path, "h.txt", "ICML 2026 Papers\n\n\n")
    with pytest.raises(InputError, match="no abstracts"):
        read(path)


# --------------------------------------------------------------------------- JSONL


def test_jsonl_fields_and_extras_ignored(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "x.jsonl",
        jline(
            id="iclr2024:abc",
            title="A Title",
            abstract=ABSTRACT,
            venue="ICLR",
            year=2024,
            url="https://openreview.net/forum?id=abc",
            authors=["Ada Lovelace", "Alan Turing"],
            keywords=["graphs", "transformers"],
            tldr="ignored",
            source="someone else's provenance",
        )
        + jline(abstract=ABSTRACT + " Two.", year="2023", authors="A. One; B. Two", keywords="x, y")
        + jline(abstract=ABSTRACT + " Three.", year="n/a", authors=None, url=None, id=""),
    )
    papers, report = read(path)
    assert report.read == 3 and report.skipped == []
    p = papers[0]
    assert p == Paper(
        id="iclr2024:abc",
        abstract=ABSTRACT,
        title="A Title",
        venue="ICLR",
        year=2024,
        url="https://openreview.net/forum?id=abc",
        authors=("Ada Lovelace", "Alan Turing"),
        keywords=("graphs", "transformers"),
        source=f"{path}:1",
    )
    assert papers[1].year == 2023
    assert papers[1].authors == ("A. One", "B. Two")
    assert papers[1].keywords == ("x", "y")
    assert papers[1].id == stable_id(ABSTRACT + " Two.")
    assert papers[2].year is None and papers[2].authors == () and papers[2].url == ""
    assert papers[2].id.startswith("p-")


def test_jsonl_null_written_out_as_the_id_is_no_id(tmp_path: Path) -> None:
    """An exporter that wrote ``f"{venue}:{None}"`` gives every record the id "rss2025:None"; taken as
    the id, all but the first would be dropped as duplicates. Such ids give way to the abstract's id."""
    ids = ["rss2025:None", "rss2025:None", "NaN", "null", "conf/undefined", "rss2025:42", "Nonell", "nonexistent"]
    path = write(tmp_path, "n.jsonl", "".join(jline(id=rid, abstract=f"{ABSTRACT} {i}.") for i, rid in enumerate(ids)))
    papers, report = read(path)
    assert report.skipped == []
    assert [p.id for p in papers[:5]] == [stable_id(f"{ABSTRACT} {i}.") for i in range(5)]
    assert [p.id for p in papers[5:]] == ["rss2025:42", "Nonell", "nonexistent"]  # real ids are kept


def test_jsonl_bom_blank_lines_and_crlf(tmp_path: Path) -> None:
    content = "\ufeff" + jline(id="a", abstract=ABSTRACT) + "\r\n\n" + jline(id="b", abstract=ABSTRACT)
    papers, report = read(write(tmp_path, "bom.jsonl", content.replace("\n", "\r\n")))
    assert [p.id for p in papers] == ["a", "b"]
    assert papers[1].source.endswith(":5")  # "\r\r\n" is two line ends (a lone CR, then CRLF), as Python reads them


def test_jsonl_bad_records_skipped_and_counted(tmp_path: Path) -> None:
    lines = [
        jline(id="ok1", abstract=ABSTRACT),
        '{"id": "broken" "abstract": "x"}\n',
        "[1, 2]\n",
        jline(id="noabs", title="t"),
        jline(id="empty", abstract="   "),
        jline(id="num", abstract=5),
        jline(id="ok2", abstract=ABSTRACT),
    ]
    path = write(tmp_path, "x.jsonl", "".join(lines))
    papers, report = read(path)
    assert [p.id for p in papers] == ["ok1", "ok2"]
    assert report.read == 2
    assert report.skipped == [
        f"{path}:2: not valid JSON (Expecting ',' delimiter)",
        f"{path}:3: not a JSON object (got an array)",
        f'{path}:4: missing "abstract"',
        f'{path}:5: empty "abstract"',
        f'{path}:6: "abstract" is not a string (got int)',
    ]


def test_jsonl_huge_line_skipped(tmp_path: Path) -> None:
    huge = jline(id="huge", abstract="x" * (MAX_LINE + 10))
    path = write(tmp_path, "x.jsonl", jline(id="a", abstract=ABSTRACT) + huge + jline(id="b", abstract=ABSTRACT))
    papers, report = read(path)
    assert [p.id for p in papers] == ["a", "b"]
    assert papers[1].source == f"{path}:3"  # line numbering survives the skip
    assert report.skipped == [f"{path}:2: line longer than {MAX_LINE:,} bytes"]


def test_jsonl_all_bad_is_fatal(tmp_path: Path) -> None:
    path = write(tmp_path, "x.jsonl", "not json\n{also not}\n")
    report = IngestReport()
    with pytest.raises(InputError) as err:
        list(read_papers(path, report))
    msg = str(err.value)
    assert msg.startswith(f"no valid records in {path}; first problem: {path}:1: not valid JSON")
    assert "\n" not in msg
    assert len(report.skipped) == 2


def test_json_array_gets_a_hint(tmp_path: Path) -> None:
    path = write(tmp_path, "x.json", json.dumps([{"abstract": ABSTRACT}]))
    with pytest.raises(InputError, match="JSON array.*JSON Lines"):
        read(path)


@needs_shared(CORPUS_SAMPLE)
def test_real_corpus_sample() -> None:
    papers, report = read(CORPUS_SAMPLE)
    assert len(papers) == 1000 and report.skipped == []
    assert all(p.abstract and p.venue and p.year for p in papers)
    assert all(p.source.startswith(str(CORPUS_SAMPLE) + ":") for p in papers)  # not the file's own "source"


# --------------------------------------------------------------------------- CSV / TSV


def test_csv_fields_case_insensitive_header_and_extras(tmp_path: Path) -> None:
    content = (
        "ID,Title,Abstract,Venue,Year,URL,Authors,Keywords,Extra\n"
        f'c1,"A, quoted title","{ABSTRACT}",ICML,2024,https://x.org,Ada Lovelace; Alan Turing,graphs;nlp,zzz\n'
        f',,"Multi-line\nabstract here",,junk,,,,\n'
    )
    path = write(tmp_path, "x.csv", content)
    papers, report = read(path)
    assert report.read == 2 and report.skipped == []
    assert papers[0] == Paper(
        id="c1",
        abstract=ABSTRACT,
        title="A, quoted title",
        venue="ICML",
        year=2024,
        url="https://x.org",
        authors=("Ada Lovelace", "Alan Turing"),
        keywords=("graphs", "nlp"),
        source=f"{path}:2",
    )
    assert papers[1].abstract == "Multi-line\nabstract here"
    assert papers[1].id == stable_id("Multi-line abstract here")
    assert papers[1].year is None
    assert papers[1].source == f"{path}:3"


def test_tsv_and_sniffed_tab_csv(tmp_path: Path) -> None:
    rows = f"id\tabstract\tyear\nt1\t{ABSTRACT}\t2022\n"
    for name in ("x.tsv", "tabs.csv"):
        papers, _ = read(write(tmp_path, name, rows))
        assert [(p.id, p.year) for p in papers] == [("t1", 2022)]


def test_csv_wrong_field_count_and_missing_abstract_skipped(tmp_path: Path) -> None:
    content = f'id,abstract\nok,"{ABSTRACT}"\nshort\nnoabs,\nmany,"{ABSTRACT}",extra\n'
    path = write(tmp_path, "x.csv", content)
    papers, report = read(path)
    assert [p.id for p in papers] == ["ok"]
    assert report.skipped == [
        f"{path}:3: expected 2 fields, found 1",
        f'{path}:4: empty "abstract"',
        f"{path}:5: expected 2 fields, found 3",
    ]


def test_csv_huge_line_skipped(tmp_path: Path) -> None:
    content = f'id,abstract\na,"{ABSTRACT}"\nb,"{"y" * (MAX_LINE + 5)}"\nc,"{ABSTRACT}"\n'
    path = write(tmp_path, "x.csv", content)
    papers, report = read(path)
    assert [p.id for p in papers] == ["a", "c"]
    assert report.skipped == [f"{path}:3: line 3 longer than {MAX_LINE:,} bytes"]


def test_csv_stray_quote_skipped_and_unclosed_quote_not_swallowed(tmp_path: Path) -> None:
    stray = write(tmp_path, "s.csv", f'id,abstract\na,"{ABSTRACT}"\nb,"bad"quote\nc,"{ABSTRACT}"\n')
    papers, report = read(stray)
    assert [p.id for p in papers] == ["a", "c"]
    assert report.skipped == [f"{stray}:3: bad CSV record (',' expected after '\"')"]

    unclosed = write(tmp_path, "u.csv", f'id,abstract\na,"{ABSTRACT}"\nb,"never closed\nmore, text\n')
    papers, report = read(unclosed)
    assert [p.id for p in papers] == ["a"]
    assert report.skipped == [f"{unclosed}:3-4: bad CSV record (unexpected end of data - unclosed quote?)"]


def test_csv_only_header_is_fatal(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"x\.csv: no records \(only a header row\)"):
        read(write(tmp_path, "x.csv", "id,title,abstract\n\n"))


def test_csv_without_abstract_column_is_fatal(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"x\.csv:1: CSV header has no 'abstract' column \(found: id, text\)"):
        read(write(tmp_path, "x.csv", "id,text\n1,hello\n"))


def test_csv_all_rows_bad_is_fatal(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"^no valid records in .*x\.csv; first problem: .*x\.csv:2: expected 2"):
        read(write(tmp_path, "x.csv", "id,abstract\nonly-one-field\n"))


# --------------------------------------------------------------------------- file-level errors


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.jsonl"
    with pytest.raises(InputError, match=r"nope\.jsonl: no such file"):
        read_papers(path, IngestReport())  # raises at call time, before iteration


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory"):
        read_papers(tmp_path, IngestReport())


@pytest.mark.parametrize("name", ["e.jsonl", "e.csv", "e.txt"])
def test_empty_file(tmp_path: Path, name: str) -> None:
    with pytest.raises(InputError, match="file is empty"):
        read(write(tmp_path, name, ""))


@pytest.mark.parametrize("name", ["w.jsonl", "w.csv", "w.txt"])
def test_whitespace_only_file(tmp_path: Path, name: str) -> None:
    with pytest.raises(InputError, match=r"file is empty \(only whitespace\)"):
        read(write(tmp_path, name, "\ufeff  \n\n\t\n"))


@pytest.mark.parametrize("name", ["b.jsonl", "b.csv", "b.txt"])
def test_binary_file(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, name, b"\x1f\x8b\x08\x00" + bytes(range(256)) * 4)
    with pytest.raises(InputError, match="binary file"):
        read_papers(path, IngestReport())


def test_utf16_file_named(tmp_path: Path) -> None:
    path = write(tmp_path, "u.txt", "ICML 2026\n\nAn abstract.\n".encode("utf-16"))
    with pytest.raises(InputError, match="UTF-16"):
        read(path)


@pytest.mark.parametrize("name", ["l.jsonl", "l.csv", "l.txt"])
def test_non_utf8_reports_line(tmp_path: Path, name: str) -> None:
    good = jline(id="a", abstract=ABSTRACT) if name.endswith("jsonl") else "id,abstract\n" if name.endswith("csv") else "Venue 2020\n"
    path = write(tmp_path, name, good.encode() + b"\n" + "caf\u00e9 latin-1".encode("latin-1") + b"\n")
    with pytest.raises(InputError) as err:
        read(path)
    assert str(err.value) == (
        f"{path}:3: not valid UTF-8 (byte 0xE9 at byte 4 of the line); re-save the file as UTF-8"
    )
    assert err.value.line == 3


def test_report_accumulates_across_files(tmp_path: Path) -> None:
    report = IngestReport()
    a = write(tmp_path, "a.jsonl", jline(id="a", abstract=ABSTRACT) + "oops\n")
    b = write(tmp_path, "b.txt", "X 2020\n\nOne.\n\nTwo.\n")
    n = len(list(read_papers(a, report))) + len(list(read_papers(b, report)))
    assert n == report.read == 3
    assert report.skipped == [f"{a}:2: not valid JSON (Expecting value)"]
