"""Property-based tests (hypothesis): hostile inputs build or fail in one line, exports always parse back.

A bounded number of examples per run (CI); ``bench/fuzz_long.py`` runs the same generator on
10,000+ inputs. Strategies: ``tests/fuzz_inputs.py``.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pyoxigraph
import pytest
import rdflib
from click.testing import CliRunner
from fuzz_inputs import input_file, text
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kg
import kg.build
from kg.clean import clean_markup
from kg.cli import main
from kg.export.graphml import _attrib, _cdata
from kg.rdf.iri import local_name, web_iri

EXAMPLES = 40


@given(st.text(max_size=400) | text)
@settings(max_examples=300, deadline=None)
def test_cleaner_always_returns_text(raw: str) -> None:
    out = clean_markup(raw)
    assert isinstance(out, str)
    assert not any(0xF0000 <= ord(c) <= 0xFFFFD for c in out)  # no placeholder leaks out


@given(st.text(max_size=80), st.sampled_from(["http://", "https://", "HTTP://", "javascript:", "", "//"]),
       st.text(max_size=30))
@settings(max_examples=400, deadline=None)
def test_every_iri_made_is_valid_for_oxigraph_and_rdflib(host: str, scheme: str, path: str) -> None:
    url = f"{scheme}{host}/{path}"
    iri = web_iri(url)
    if iri is not None:
        pyoxigraph.NamedNode(iri)  # raises ValueError on an invalid IRI
        assert iri.lower().startswith(("http://", "https://"))
        line = f"<{iri}> <http://ex.org/p> <http://ex.org/o> .\n"
        assert len(rdflib.Graph().parse(data=line, format="nt")) == 1
    name = local_name(host + path)
    pyoxigraph.NamedNode("https://w3id.org/kg-ml/id/paper/" + name)
    assert web_iri("https://example.org/" + path) is not None  # positive control: any path can be encoded


@given(st.text(max_size=200))
@settings(max_examples=300, deadline=None)
def test_graphml_text_is_always_well_formed_xml(value: str) -> None:
    doc = f'<a x="{_attrib(value)}">{_cdata(value)}</a>'.encode("ascii", "xmlcharrefreplace")
    ET.fromstring(doc)


@pytest.fixture(scope="module")
def fast_builds():
    """One extractor for every example's build (loading one is most of a tiny build's time)."""
    from kg.extract import Extractor

    extractor = Extractor()
    mp = pytest.MonkeyPatch()
    mp.setattr(kg.build, "Extractor", lambda extra_lexicons=(): extractor)
    yield
    mp.undo()


def _same_graph_everywhere(out: Path) -> None:
    """ttl, nt, nq and jsonld parse in rdflib and pyoxigraph to the same triples."""
    with open(out / "graph.nt", "rb") as fh:
        ox_nt = {str(t) for t in pyoxigraph.parse(fh, format=pyoxigraph.RdfFormat.N_TRIPLES)}
    with open(out / "graph.nq", "rb") as fh:
        ox_nq = {str(pyoxigraph.Triple(q.subject, q.predicate, q.object))
                 for q in pyoxigraph.parse(fh, format=pyoxigraph.RdfFormat.N_QUADS)}
    with open(out / "graph.ttl", "rb") as fh:
        ox_ttl = {str(t) for t in pyoxigraph.parse(fh, format=pyoxigraph.RdfFormat.TURTLE)}
    assert ox_nt == ox_nq == ox_ttl
    rd = {fmt: set(rdflib.Graph().parse(out / name, format=fmt))
          for name, fmt in (("graph.nt", "nt"), ("graph.ttl", "turtle"), ("graph.jsonld", "json-ld"))}
    assert rd["nt"] == rd["turtle"] == rd["json-ld"]
    assert len(rd["nt"]) == len(ox_nt)
    kg.load_graph(out)


@pytest.mark.slow
@given(input_file)
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_any_input_builds_or_fails_in_one_line(tmp_path_factory, fast_builds, case) -> None:
    suffix, content = case
    folder = tmp_path_factory.mktemp("fuzz")
    src = folder / f"input{suffix}"
    src.write_bytes(content.encode("utf-8", "surrogatepass"))
    out = folder / "out"
    result = CliRunner().invoke(main, ["build", str(src), "--out", str(out), "-q"])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    errors = [ln for ln in result.stderr.strip().splitlines() if not ln.startswith("warning: ")]
    if result.exit_code == 0:
        assert not errors, result.stderr
        _same_graph_everywhere(out)
    else:
        assert result.exit_code == 1, result.stderr
        assert len(errors) == 1 and errors[0].startswith("error: ") and "input" in errors[0], result.stderr
        assert not out.exists() or not any(out.glob("graph.*"))
