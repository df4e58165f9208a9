"""Shared fixtures: one build of the bundled example per test session.

Building takes a few seconds, so every test that only *reads* the exports of
``examples/icml2026.txt`` shares :func:`example_build` (the output folder) and
:func:`example_rdf` (its graph.ttl parsed with rdflib).  Tests must not write
into that folder; a test that needs to rebuild or break something builds into
its own ``tmp_path``.

The null-extractor probe, ``pytest --null-extractor``, swaps in an extractor that finds
nothing (cleaned text, no entity, relation or quantity) for the whole session.  A test of
extraction that still passes then asserts only absence: it needs a positive control on the
same input.  Every test that uses the :func:`extractor` fixture is marked ``extraction``, and
the probe's summary counts how many of them failed (all of them should).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import rdflib
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "icml2026.txt"
NULL_EXTRACTOR = "--null-extractor"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(NULL_EXTRACTOR, action="store_true", default=False,
                     help="probe: extraction finds nothing; every test marked `extraction` should then fail")


@pytest.hookimpl(tryfirst=True)  # before -m selects on the mark
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "extractor" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.extraction)


def _null_pipe(self, papers, batch_size: int = 256, failed=None):
    """Extractor.pipe as an extractor that finds nothing: one empty record per paper, in order."""
    from kg.records import PaperExtraction

    for paper in papers:
        title, abstract, text = self.clean(paper)
        yield PaperExtraction(paper=paper, text=text, title=title, abstract=abstract,
                              entities=[], relations=[], code_urls=[])


@pytest.fixture(scope="session", autouse=True)
def _null_extractor_probe(request: pytest.FixtureRequest):
    """Under --null-extractor, every Extractor of this process (builds included) finds nothing."""
    if not request.config.getoption(NULL_EXTRACTOR):
        yield
        return
    from kg.extract.pipeline import Extractor

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Extractor, "pipe", _null_pipe)
        yield


class _ProbeTally:
    def __init__(self) -> None:
        self.failed: set[str] = set()
        self.passed: set[str] = set()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if "extraction" not in report.keywords:
            return
        if report.failed:
            self.failed.add(report.nodeid)
            self.passed.discard(report.nodeid)
        elif report.when == "call" and report.passed and report.nodeid not in self.failed:
            self.passed.add(report.nodeid)

    def pytest_terminal_summary(self, terminalreporter) -> None:
        total = len(self.failed) + len(self.passed)
        terminalreporter.section("null-extractor probe")
        terminalreporter.write_line(f"{len(self.failed)} of {total} extraction tests failed with an extractor "
                                    "that finds nothing (all should)")
        for nodeid in sorted(self.passed):
            terminalreporter.write_line(f"still passes (asserts only absence?): {nodeid}")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption(NULL_EXTRACTOR):
        config.pluginmanager.register(_ProbeTally(), "kg-null-extractor-tally")


@pytest.fixture(autouse=True)
def _own_extraction_cache(tmp_path_factory, monkeypatch):
    """Each test its own, empty extraction cache: never the user's, and no records left by another test
    (a test that patches a component would otherwise read the unpatched records)."""
    monkeypatch.setenv("KG_CACHE_DIR", str(tmp_path_factory.mktemp("kg-cache")))


@pytest.fixture(scope="session")
def example_build_result(tmp_path_factory):
    """``(click Result, out dir)`` of ``kg build examples/icml2026.txt --out <tmp>``."""
    from kg.cli import main

    out = tmp_path_factory.mktemp("example_build") / "out"
    result = CliRunner().invoke(main, ["build", str(EXAMPLE), "--out", str(out)])
    assert result.exit_code == 0, f"example build failed:\n{result.output}\n{result.exception!r}"
    return result, out


@pytest.fixture(scope="session")
def example_build(example_build_result) -> Path:
    """The --out folder of a fresh build of examples/icml2026.txt (read-only for tests)."""
    return example_build_result[1]


@pytest.fixture(scope="module")
def server(example_build):
    """``kg serve`` on :func:`example_build` (a subprocess on a free localhost port, query timeout
    ``serving.TIMEOUT``), one per test module; see ``tests/serving.py``."""
    from serving import Server

    s = Server(example_build, "--quiet")
    yield s
    s.stop()


@pytest.fixture(scope="session")
def example_rdf(example_build) -> rdflib.Graph:
    """graph.ttl of :func:`example_build`, parsed."""
    graph = rdflib.Graph()
    graph.parse(example_build / "graph.ttl", format="turtle")
    return graph


@pytest.fixture(scope="session")
def _pipeline():
    from kg.extract import Extractor

    return Extractor()


@pytest.fixture(scope="session")
def extractor(_pipeline):
    """One extraction pipeline for every test that calls it directly (loading it takes ~1 s).

    A test that uses it is an extraction test (marked ``extraction``): under ``--null-extractor``
    it must fail."""
    return _pipeline


@pytest.fixture(scope="session")
def nlp(_pipeline):
    """The same pipeline's spaCy ``Language``, for tests of its tokenizer and patterns, not of what it extracts."""
    return _pipeline.nlp


@pytest.fixture(scope="session")
def entity_types(extractor):
    """``entity_types(abstract)`` → ``{label: type}`` for every label of every entity found in it."""
    from kg.records import Paper

    def types(abstract: str) -> dict[str, str]:
        ex = extractor.extract(Paper(id="p", abstract=abstract))
        return {label: e.type for e in ex.entities for label in e.labels}

    return types
