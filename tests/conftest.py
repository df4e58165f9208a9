"""Shared fixtures: one build of the bundled example per test session.

Building takes a few seconds, so every test that only *reads* the exports of
``examples/icml2026.txt`` shares :func:`example_build` (the output folder) and
:func:`example_rdf` (its graph.ttl parsed with rdflib).  Tests must not write
into that folder; a test that needs to rebuild or break something builds into
its own ``tmp_path``.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import rdflib
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "icml2026.txt"


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


@pytest.fixture(scope="session")
def example_rdf(example_build) -> rdflib.Graph:
    """graph.ttl of :func:`example_build`, parsed."""
    graph = rdflib.Graph()
    graph.parse(example_build / "graph.ttl", format="turtle")
    return graph


@pytest.fixture(scope="session")
def extractor():
    """One extraction pipeline for every test that calls it directly (loading it takes ~1 s)."""
    from kg.extract import Extractor

    return Extractor()


@pytest.fixture(scope="session")
def entity_types(extractor):
    """``entity_types(abstract)`` → ``{label: type}`` for every label of every entity found in it."""
    from kg.records import Paper

    def types(abstract: str) -> dict[str, str]:
        ex = extractor.extract(Paper(id="p", abstract=abstract))
        return {label: e.type for e in ex.entities for label in e.labels}

    return types
