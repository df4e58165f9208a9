"""`kg build` end to end: the CLI, the files it writes and the RDF users query.

Facts are checked in the exported RDF with SPARQL (rdflib), the way a user of
graph.ttl sees them.  Counts are lower bounds, not exact figures, so tuning the
extraction rules does not break these tests unless it breaks a real fact.
"""
from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import rdflib
from click.testing import CliRunner
from rdflib import URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS

from kg.cli import main
from kg.rdf.namespaces import DEFAULT_BASE_IRI, KG, SCHEMA

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "icml2026.txt"
EXPORTS = ROOT / "exports"
FIVE_FILES = ("graph.ttl", "graph.nt", "graph.jsonld", "graph.graphml", "graph.html")
CORE_TYPES = ("Method", "Task", "Model", "Dataset", "Metric", "HardwareConcept")
RELATIONS = ("proposes", "addresses", "uses", "evaluatedOn", "outperforms")
LABELS = (RDFS.label, SKOS.prefLabel, SKOS.altLabel)
PREFIXES = """
PREFIX kg: <https://w3id.org/kg-ml/ontology#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
PREFIX schema: <https://schema.org/>
PREFIX dcterms: <http://purl.org/dc/terms/>
PREFIX prov: <http://www.w3.org/ns/prov#>
"""


def sparql(graph: rdflib.Graph, query: str) -> list:
    return list(graph.query(PREFIXES + query))


def labels_of(graph: rdflib.Graph, node) -> set[str]:
    return {str(lit) for p in LABELS for lit in graph.objects(node, p)}


def entities(graph: rdflib.Graph) -> set:
    """Entity nodes: anything typed with a core class, under <base>entity/, or mentioned by a paper."""
    nodes = {s for t in CORE_TYPES for s in graph.subjects(RDF.type, KG[t])}
    nodes |= {s for s in graph.subjects() if str(s).startswith(DEFAULT_BASE_IRI + "entity/")}
    nodes |= set(graph.objects(None, KG.mentions))
    return nodes


def build_in_subprocesses(outs_by_seed: dict[str, Path]) -> None:
    """``python -m kg.cli build`` once per PYTHONHASHSEED, in parallel."""
    procs = []
    for seed, out in outs_by_seed.items():
        env = dict(os.environ, PYTHONHASHSEED=seed)
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "kg", "build", str(EXAMPLE), "--out", str(out), "-q"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    for proc in procs:
        _out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err


# --------------------------------------------------------------------------- the run


def test_build_writes_the_files_and_a_summary(example_build_result):
    result, out = example_build_result
    assert result.exit_code == 0
    for name in FIVE_FILES:
        path = out / name
        assert path.is_file(), f"{name} not written"
        assert path.stat().st_size > 0, f"{name} is empty"
    assert re.search(r"^papers\s+19\b", result.stdout, re.M), result.stdout
    # every written file is listed in the summary
    for name in FIVE_FILES:
        assert name in result.stdout


def test_summary_counts_what_the_rdf_holds(example_build_result, example_rdf):
    """The printed relation and mention counts are the RDF's triples (a relation stated twice is one triple)."""
    from rdflib import URIRef

    result, _out = example_build_result
    line = next(x for x in result.stdout.splitlines() if x.startswith("relations"))
    printed = dict((p, int(n)) for p, n in re.findall(r"(\w+) (\d+)", line))
    kg_ns = "https://w3id.org/kg-ml/ontology#"
    for pred in ("proposes", "addresses", "uses", "evaluatedOn", "outperforms", "mentions"):
        assert printed[pred] == len(set(example_rdf.triples((None, URIRef(kg_ns + pred), None)))), pred


def test_exports_are_readable_like_normal_files(example_build):
    """The exports get the usual permissions (umask), not mkstemp's private 0600."""
    umask = os.umask(0)
    os.umask(umask)
    expected = 0o666 & ~umask
    for name in FIVE_FILES:
        mode = stat.S_IMODE((example_build / name).stat().st_mode)
        assert mode == expected, f"{name} has mode {oct(mode)}, expected {oct(expected)} (umask {oct(umask)})"


# --------------------------------------------------------------------------- facts in the RDF


def test_mcflow_is_evaluated_on_mp20(example_rdf):
    rows = sparql(example_rdf, """
        SELECT DISTINCT ?m ?d WHERE {
            VALUES ?mt { kg:Model kg:Method }
            ?m a ?mt ; rdfs:label|skos:altLabel ?ml ; kg:evaluatedOn ?d .
            ?d a kg:Dataset ; rdfs:label|skos:altLabel ?dl .
            FILTER(str(?ml) = "MCFlow" && str(?dl) = "MP-20")
        }""")
    assert rows, "no Model/Method labelled MCFlow kg:evaluatedOn a Dataset labelled MP-20"


def test_star_kv_paper_links_its_code(example_rdf):
    rows = sparql(example_rdf, """
        SELECT DISTINCT ?p WHERE {
            ?p a kg:Paper ; kg:mentions ?e .
            ?e rdfs:label|skos:altLabel ?l .
            FILTER(str(?l) = "STAR-KV")
        }""")
    assert len(rows) == 1, f"expected one paper mentioning STAR-KV, got {rows}"
    paper = rows[0][0]
    repo = URIRef("https://github.com/PriyanshBhatnagar/STAR-KV")
    assert (paper, SCHEMA.codeRepository, repo) in example_rdf
    # the URL is an IRI node (not a literal) and typed as code
    assert (repo, RDF.type, SCHEMA.SoftwareSourceCode) in example_rdf


def test_llm_is_one_entity_shared_by_many_papers(example_rdf):
    names = {"llm", "llms", "large language model", "large language models"}
    nodes = {e for e in entities(example_rdf) if {s.lower() for s in labels_of(example_rdf, e)} & names}
    assert len(nodes) == 1, f"LLM surface forms spread over {len(nodes)} nodes: {sorted(nodes)}"
    (node,) = nodes
    papers = {p for p in example_rdf.subjects(KG.mentions, node) if (p, RDF.type, KG.Paper) in example_rdf}
    assert len(papers) >= 6, f"LLM entity mentioned by only {len(papers)} papers"


def test_every_paper_has_an_abstract(example_rdf):
    papers = set(example_rdf.subjects(RDF.type, KG.Paper))
    assert len(papers) == 19
    for p in papers:
        abstracts = [str(a) for a in example_rdf.objects(p, DCTERMS.abstract)]
        assert len(abstracts) == 1 and abstracts[0].strip(), f"{p} has abstracts {abstracts!r}"


def test_every_entity_has_one_core_type_and_a_label(example_rdf):
    core = {KG[t] for t in CORE_TYPES}
    ents = entities(example_rdf)
    assert len(ents) > 50
    for e in ents:
        types = set(example_rdf.objects(e, RDF.type)) & core
        assert len(types) == 1, f"{e} has core types {sorted(types)}"
        labels = [str(lit) for lit in example_rdf.objects(e, RDFS.label)]
        assert len(labels) == 1 and labels[0].strip(), f"{e} has rdfs:label {labels!r}"


def _evidence_nodes(g: rdflib.Graph, s, p, o) -> list:
    return [st for st in g.subjects(RDF.subject, s)
            if (st, RDF.predicate, p) in g and (st, RDF.object, o) in g and (st, RDF.type, KG.Evidence) in g]


def _check_evidence(g: rdflib.Graph, st) -> None:
    def one(pred):
        values = list(g.objects(st, pred))
        assert len(values) == 1, f"{st}: {pred} has {len(values)} values"
        return values[0]

    sentence = str(one(KG.sentence))
    start, end = int(one(KG.startOffset).toPython()), int(one(KG.endOffset).toPython())
    assert sentence.strip() and 0 <= start < end
    assert str(one(KG.extractor)).strip()
    confidence = float(one(KG.confidence).toPython())
    assert 0.0 < confidence <= 1.0
    paper = one(PROV.wasDerivedFrom)
    assert (paper, RDF.type, KG.Paper) in g, f"{st} derives from {paper}, not a kg:Paper"
    section = [str(x) for x in g.objects(st, KG.section)]
    if section == ["abstract"]:
        abstract = str(g.value(paper, DCTERMS.abstract))
        assert abstract[start:end] == sentence, (
            f"{st}: abstract[{start}:{end}] = {abstract[start:end]!r} != sentence {sentence!r}")


def test_every_relation_has_evidence(example_rdf):
    g = example_rdf
    n = 0
    for name in RELATIONS:
        for s, o in g.subject_objects(KG[name]):
            n += 1
            nodes = _evidence_nodes(g, s, KG[name], o)
            assert nodes, f"no kg:Evidence for <{s}> kg:{name} <{o}>"
            for st in nodes:
                _check_evidence(g, st)
                if (s, RDF.type, KG.Paper) in g:  # a paper's claim is evidenced by that paper
                    assert (st, PROV.wasDerivedFrom, s) in g
    assert n >= 20, f"only {n} relation triples"


def test_every_evidence_node_is_sound(example_rdf):
    """Mention evidence too: offsets slice the abstract, and the statement it supports is asserted."""
    g = example_rdf
    nodes = set(g.subjects(RDF.type, KG.Evidence))
    assert nodes
    for st in nodes:
        _check_evidence(g, st)
        s, p, o = g.value(st, RDF.subject), g.value(st, RDF.predicate), g.value(st, RDF.object)
        assert (s, p, o) in g, f"{st} supports a triple that is not in the graph: {s} {p} {o}"


def test_acronym_and_long_form_are_one_node(example_rdf):
    nodes = [e for e in entities(example_rdf)
             if {"Stable Conformal Prediction", "StCP"} <= labels_of(example_rdf, e)]
    assert len(nodes) == 1
    others = [e for e in entities(example_rdf) if e != nodes[0]
              and labels_of(example_rdf, e) & {"Stable Conformal Prediction", "StCP"}]
    assert not others, f"StCP / its long form also label {others}"


# --------------------------------------------------------------------------- determinism


def source_fingerprint() -> tuple:
    """(path, mtime, size) of every file of the kg package: changes when someone edits the code."""
    pkg = ROOT / "kg"
    return tuple(sorted((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                        for p in pkg.rglob("*") if p.is_file() and "__pycache__" not in p.parts))


def builds_of_the_same_code(make_builds, tries: int = 2):
    """Run ``make_builds()``; retry when the source changed meanwhile (others edit it in parallel)."""
    for _ in range(tries):
        before = source_fingerprint()
        outs = make_builds()
        if source_fingerprint() == before:
            return outs
    pytest.skip("kg/ kept changing during the builds; cannot compare them")


def assert_same_exports(a: Path, b: Path, what: str) -> None:
    for name in FIVE_FILES:
        assert (a / name).read_bytes() == (b / name).read_bytes(), f"{name} differs {what}"


def _cli_build(out: Path) -> Path:
    result = CliRunner().invoke(main, ["build", str(EXAMPLE), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.slow
def test_two_builds_are_byte_identical(example_build, tmp_path):
    again = _cli_build(tmp_path / "again" / "out")  # another folder, same process
    if all((again / n).read_bytes() == (example_build / n).read_bytes() for n in FIVE_FILES):
        return
    # they differ: kg/ may have been edited since the session build; compare two builds of the same code
    one, two = builds_of_the_same_code(lambda: [_cli_build(tmp_path / f"build{i}" / "out") for i in range(2)])
    assert_same_exports(one, two, "between two builds in one process")


@pytest.mark.slow
def test_builds_do_not_depend_on_hash_seed(tmp_path):
    def make_builds():
        outs = {seed: tmp_path / f"hashseed{seed}" / "out" for seed in ("1", "2")}
        build_in_subprocesses(outs)
        return outs["1"], outs["2"]

    one, two = builds_of_the_same_code(make_builds)
    assert_same_exports(one, two, "with PYTHONHASHSEED=1 vs 2")


def test_committed_exports_are_fresh(example_build):
    present = [name for name in FIVE_FILES if (EXPORTS / name).is_file()]
    if not present:
        pytest.skip("no exports/ committed")
    stale = [name for name in present if (EXPORTS / name).read_bytes() != (example_build / name).read_bytes()]
    if stale:
        pytest.fail(f"exports/ is stale: run `make demo` (differs: {', '.join(stale)})")


# --------------------------------------------------------------------------- options


JSONL_RECORDS = [
    {"id": "x1", "title": "Evil <script>alert(1)</script> title",
     "abstract": "We propose FooNet <script>alert(1)</script> for image classification "
                 "and evaluate it on CIFAR-10. FooNet outperforms ResNet-50."},
    {"id": "x2", "title": "LLM reasoning",
     "abstract": "Large language models (LLMs) are evaluated on GSM8K with chain-of-thought prompting."},
    {"id": "x3", "abstract": "We study LLMs trained with GRPO on the MATH benchmark."},
]


@pytest.fixture(scope="module")
def small_jsonl(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("small") / "papers.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in JSONL_RECORDS), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def small_build(small_jsonl, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("small_build") / "out"
    result = CliRunner().invoke(main, ["build", str(small_jsonl), "--out", str(out),
                                       "--base-iri", "https://example.org/x/"])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.slow
def test_base_iri_puts_papers_under_it(small_build):
    g = rdflib.Graph().parse(small_build / "graph.ttl", format="turtle")
    papers = set(g.subjects(RDF.type, KG.Paper))
    assert {str(p) for p in papers} == {f"https://example.org/x/paper/{r['id']}" for r in JSONL_RECORDS}
    # entities and evidence move too; nothing is left under the default base
    assert not [t for t in g for term in t if str(term).startswith(DEFAULT_BASE_IRI)]
    assert any(str(s).startswith("https://example.org/x/entity/") for s in g.subjects(RDF.type, KG.Dataset))


@pytest.mark.parametrize("bad", ["not an iri", "example.org/x/", "https://exa mple.org/", "ftp://example.org/"])
def test_bad_base_iri_is_a_usage_error(small_jsonl, tmp_path, bad):
    result = CliRunner().invoke(main, ["build", str(small_jsonl), "--out", str(tmp_path / "out"),
                                       "--base-iri", bad])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "--base-iri" in result.output
    assert not (tmp_path / "out" / "graph.ttl").exists()


def test_html_is_offline(example_build):
    page = (example_build / "graph.html").read_text(encoding="utf-8")
    remote = re.findall(r"""(?:\b(?:src|href)\s*=\s*["']?|url\(\s*["']?)\s*(https?://[^\s"'>)]*)""", page, re.I)
    assert not remote, f"graph.html loads remote resources: {remote[:5]}"


def test_html_escapes_script_in_input(small_build):
    page = (small_build / "graph.html").read_text(encoding="utf-8")
    assert "FooNet" in page  # the abstract is in the page ...
    assert "<script>alert(1)" not in page  # ... but cannot open a tag
    assert "alert(1)" in page


def test_summary_counts_a_relation_stated_twice_once():
    from kg.build import BuildResult
    from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
    from kg.records import Evidence, Paper

    ev1, ev2 = Evidence("a", 0, 1, "t", 0.9), Evidence("b", 2, 3, "t", 0.9)
    g = KnowledgeGraph(
        papers={p: PaperNode(p, Paper(id=p, abstract="x"), "", "x") for p in ("p1", "p2")},
        entities={"m": Entity("m", "Method", "M"), "n": Entity("n", "Method", "N")},
        links=[Link("p1", "mentions", "m", "p1", ev1), Link("p2", "mentions", "m", "p2", ev1),
               Link("m", "uses", "n", "p1", ev1), Link("m", "uses", "n", "p1", ev2),  # two sentences
               Link("m", "uses", "n", "p2", ev1)])  # and another paper: still one triple
    s = BuildResult(graph=g, files=[], skipped=[]).summary()
    assert s["relations"] == {"uses": 1} and s["mentions"] == 2
