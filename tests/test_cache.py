"""The extraction cache: a warm build reads records instead of extracting, and exports the very same bytes."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import kg.build
import kg.cache
from kg.cache import ExtractionCache, dumps, loads, paper_key, pipeline_version
from kg.cli import main
from kg.records import Paper

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "icml2026.txt"
EXPORTS = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html")


def build(*args: str) -> str:
    result = CliRunner().invoke(main, ["build", *args, "-q"])
    assert result.exit_code == 0, result.output
    return result.output


def records(cache_dir: Path) -> int:
    with ExtractionCache(cache_dir) as store:
        return store.stats().records


class NoExtractor:
    def __init__(self, *args, **kwargs):
        raise AssertionError("the pipeline was loaded")


def test_warm_build_reads_the_cache_and_writes_identical_exports(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    build(str(EXAMPLE), "--out", str(tmp_path / "cold"), "--cache-dir", str(cache))
    assert records(cache) == 19
    monkeypatch.setattr(kg.build, "Extractor", NoExtractor)  # a warm build must not even load the pipeline
    build(str(EXAMPLE), "--out", str(tmp_path / "warm"), "--cache-dir", str(cache))
    for name in EXPORTS:
        assert (tmp_path / "cold" / name).read_bytes() == (tmp_path / "warm" / name).read_bytes(), name
    # positive control: the same build without the cache needs the pipeline
    result = CliRunner().invoke(main, ["build", str(EXAMPLE), "--out", str(tmp_path / "none"), "-q", "--no-cache"])
    assert isinstance(result.exception, AssertionError)


def test_cold_cache_equals_no_cache_and_the_committed_exports(tmp_path):
    build(str(EXAMPLE), "--out", str(tmp_path / "none"), "--no-cache", "--cache-dir", str(tmp_path / "c"))
    assert not (tmp_path / "c").exists()  # --no-cache writes no cache
    build(str(EXAMPLE), "--out", str(tmp_path / "cold"), "--cache-dir", str(tmp_path / "c"))
    for name in EXPORTS[:-1]:
        assert (tmp_path / "none" / name).read_bytes() == (tmp_path / "cold" / name).read_bytes(), name
        assert (ROOT / "exports" / name).read_bytes() == (tmp_path / "cold" / name).read_bytes(), name


def test_only_new_or_changed_papers_are_extracted(tmp_path, monkeypatch):
    paragraphs = EXAMPLE.read_text(encoding="utf-8").split("\n\n")
    src = tmp_path / "papers.txt"
    src.write_text("\n\n".join(paragraphs), encoding="utf-8")
    build(str(src), "--out", str(tmp_path / "one"), "-j", "1")
    extracted: list[str] = []
    pipe = kg.extract.pipeline.Extractor.pipe

    def counting(self, papers, *args, **kwargs):
        papers = list(papers)
        extracted.extend(p.abstract[:30] for p in papers)
        return pipe(self, papers, *args, **kwargs)

    monkeypatch.setattr(kg.extract.pipeline.Extractor, "pipe", counting)
    paragraphs[3] = paragraphs[3] + " We release the code."
    src.write_text("\n\n".join(paragraphs), encoding="utf-8")
    build(str(src), "--out", str(tmp_path / "two"), "-j", "1")
    assert extracted == [paragraphs[3].strip()[:30]]


def test_key_depends_on_the_paper_and_the_pipeline(tmp_path):
    paper = Paper(id="a", abstract="We propose X.", title="T", source="f.jsonl:1")
    version = pipeline_version()
    assert paper_key(paper, version) == paper_key(Paper(id="a", abstract="We propose X.", title="T",
                                                        source="g.jsonl:9"), version)  # where it was read: no
    assert paper_key(paper, version) != paper_key(Paper(id="a", abstract="We propose Y.", title="T"), version)
    lexicon = tmp_path / "terms.tsv"
    lexicon.write_text("term\ttype\nFooNet\tModel\n", encoding="utf-8")
    with_lexicon = pipeline_version([lexicon])
    assert with_lexicon != version
    lexicon.write_text("term\ttype\nFooNet\tMethod\n", encoding="utf-8")
    assert pipeline_version([lexicon]) not in (with_lexicon, version)


def test_records_round_trip_deterministically():
    from kg.extract import Extractor
    from kg.ingest import IngestReport, read_papers

    papers = list(read_papers(EXAMPLE, IngestReport()))
    for record in Extractor().pipe(papers):
        text = dumps(record)
        back = loads(text)
        assert back == record
        assert dumps(back) == text
        assert isinstance(back.paper.authors, tuple) and isinstance(back.entities[0].evidence[0].confidence, float)
        json.loads(text)  # plain JSON, readable by other tools


def test_failed_papers_are_not_cached(tmp_path, monkeypatch):
    from kg.extract import pipeline

    real = pipeline.to_record

    def fragile(doc, paper, *args):
        if "KREPE" in paper.abstract:
            raise ValueError("boom")
        return real(doc, paper, *args)

    monkeypatch.setattr(pipeline, "to_record", fragile)
    result = CliRunner().invoke(main, ["build", str(EXAMPLE), "--out", str(tmp_path / "out"), "-j", "1",
                                       "--cache-dir", str(tmp_path / "c")])
    assert result.exit_code == 0 and "extraction failed in to_record" in result.output
    assert records(tmp_path / "c") == 18


def test_cache_clear_and_info(tmp_path):
    build(str(EXAMPLE), "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "c"))
    info = CliRunner().invoke(main, ["cache", "info", "--cache-dir", str(tmp_path / "c")])
    assert info.exit_code == 0 and "records    19 (19 for the current pipeline" in info.output
    stale = CliRunner().invoke(main, ["cache", "clear", "--stale", "--cache-dir", str(tmp_path / "c")])
    assert "deleted 0 records" in stale.output and records(tmp_path / "c") == 19
    cleared = CliRunner().invoke(main, ["cache", "clear", "--cache-dir", str(tmp_path / "c")])
    assert cleared.exit_code == 0 and "deleted 19 records" in cleared.output
    assert records(tmp_path / "c") == 0


def test_unusable_cache_is_a_one_line_error(tmp_path):
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / kg.cache.CACHE_FILE).write_bytes(b"this is not a database" * 100)
    result = CliRunner().invoke(main, ["build", str(EXAMPLE), "--out", str(tmp_path / "out"), "--cache-dir",
                                       str(folder)])
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and "--no-cache" in result.output and result.output.count("\n") == 1
    assert not (tmp_path / "out" / "graph.ttl").exists()


def test_a_cache_another_build_is_setting_up_is_waited_for(tmp_path, monkeypatch):
    """A fresh cache two builds open at once: the one SQLite turns away with "locked" tries again."""
    real_prepare, calls = kg.cache._prepare, []

    def locked_at_first(db):
        calls.append(1)
        if len(calls) < 3:
            raise sqlite3.OperationalError("database is locked")
        real_prepare(db)

    monkeypatch.setattr(kg.cache, "_prepare", locked_at_first)
    with ExtractionCache(tmp_path / "c") as cache:
        cache.put_many([("k", "v", "{}")])
        assert cache.get_many(["k", "other"]) == {"k": "{}"}
    assert len(calls) == 3


def test_other_setup_errors_and_a_lasting_lock_are_not_retried_forever(monkeypatch):
    calls = []

    def fails(message):
        def step():
            calls.append(message)
            raise sqlite3.OperationalError(message)
        return step

    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        kg.cache._retry_while_locked(fails("disk I/O error"))
    assert calls == ["disk I/O error"]
    monkeypatch.setattr(kg.cache.time, "sleep", lambda _s: None)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        kg.cache._retry_while_locked(fails("database is locked"), patience=0.05)
    assert len(calls) > 2 and set(calls[1:]) == {"database is locked"}


def test_every_module_extraction_imports_is_in_the_version():
    """A kg module the pipeline imports but the version does not hash could change a record unnoticed."""
    code = ("import sys; import kg.cache; before = set(sys.modules); from kg.extract import Extractor; "
            "Extractor(); print('\\n'.join(sorted(m for m in set(sys.modules) - before if m.startswith('kg'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert "kg.extract.components.merge" in out  # positive control: the list is what the pipeline imported
    package = Path(kg.cache.__file__).parent
    for name in out:
        module = sys.modules.get(name) or __import__(name, fromlist=["_"])
        rel = Path(module.__file__).resolve().relative_to(package).as_posix()
        assert any(rel == s or rel.startswith(s + "/") for s in kg.cache.PIPELINE_SOURCES), rel
