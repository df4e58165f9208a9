"""The embedded SPARQL store, `kg query` and the competency questions in queries/.

Builds examples/icml2026.txt once and checks robust facts (the extraction
keeps improving, so no exact counts): the store and graph.nq hold the same
triples as graph.nt, each paper's evidence sits in its own named graph,
rebuilding replaces the store cleanly, `kg query` formats and errors, and
every competency question answers what its comment says.
"""
from __future__ import annotations

from kg.atomic import LOCK_NAME

import json
import re
from pathlib import Path
from unittest import mock

import pyoxigraph as ox
import pytest
from click.testing import CliRunner
from rdflib import Graph

from kg import build as build_module
from kg.build import build
from kg.cli import main
from kg.sparql.store import (PREFIXES, QueryError, format_result, load_files, load_nquads, open_store, rows,
                      run_query)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "icml2026.txt"
QUERIES = ROOT / "queries"
KG = PREFIXES["kg"]
PROV_DERIVED = "http://www.w3.org/ns/prov#wasDerivedFrom"
RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"


@pytest.fixture(scope="module")
def extracted():
    """The example's graph, extracted once; the build tests below reuse it."""
    return build_module.build_graph([EXAMPLE])


def fast_build(out_dir: Path, extracted) -> None:
    """`kg.build.build` of the example without running the extraction again."""
    with mock.patch.object(build_module, "build_graph", lambda *_a, **_k: extracted):
        build([EXAMPLE], out_dir)


@pytest.fixture(scope="module")
def out(tmp_path_factory, extracted) -> Path:
    d = tmp_path_factory.mktemp("build")
    fast_build(d, extracted)
    return d


@pytest.fixture(scope="module")
def store(out):
    return open_store(out)


@pytest.fixture(scope="module")
def rdflib_graph(out) -> Graph:
    g = Graph()
    g.parse(out / "graph.nt", format="nt")
    return g


def cq(name: str) -> str:
    return (QUERIES / name).read_text(encoding="utf-8")


def select(store, query: str) -> list[dict[str, str]]:
    return rows(run_query(store, query))


def kg_query(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, ["query", *args], input=stdin)


# ---------------------------------------------------------------------------
# build: graph.nq and the store
# ---------------------------------------------------------------------------

def test_build_writes_nquads_and_store(out):
    assert (out / "graph.nq").is_file()
    assert (out / "store" / "CURRENT").is_file()
    # only the build lock (kg/atomic.py) stays: no temp file
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == [LOCK_NAME], "temp files left behind"


def test_nquads_hold_the_same_triples_as_ntriples(out):
    ds = ox.Dataset(ox.parse(path=str(out / "graph.nq"), format=ox.RdfFormat.N_QUADS))
    nq = {(q.subject, q.predicate, q.object) for q in ds}
    nt = {(t.subject, t.predicate, t.object) for t in ox.parse(path=str(out / "graph.nt"),
                                                               format=ox.RdfFormat.N_TRIPLES)}
    assert nq == nt


def test_evidence_lives_in_the_named_graph_of_its_paper(out):
    quads = list(ox.parse(path=str(out / "graph.nq"), format=ox.RdfFormat.N_QUADS))
    named = [q for q in quads if not isinstance(q.graph_name, ox.DefaultGraph)]
    assert named, "no evidence in named graphs"
    evidence = {q.subject for q in quads if q.predicate.value == RDF_TYPE and q.object.value == KG + "Evidence"}
    derived = {q.subject: q.object for q in quads if q.predicate.value == PROV_DERIVED}
    for q in named:
        assert q.subject in evidence
        assert q.graph_name == derived[q.subject]
    # nothing but evidence in the named graphs, and no evidence in the default graph
    assert all(q.subject not in evidence for q in quads if isinstance(q.graph_name, ox.DefaultGraph))
    papers = {q.subject for q in quads if q.predicate.value == RDF_TYPE and q.object.value == KG + "Paper"}
    assert {q.graph_name for q in named} <= papers
    assert len({q.graph_name for q in named}) >= 2


def test_store_default_graph_is_the_union(out, store):
    n_nt = sum(1 for line in (out / "graph.nt").read_text(encoding="utf-8").splitlines() if line.strip())
    n_named = sum(1 for q in ox.parse(path=str(out / "graph.nq"), format=ox.RdfFormat.N_QUADS)
                  if not isinstance(q.graph_name, ox.DefaultGraph))
    # every triple in the default graph, the evidence also in its paper's named graph
    assert len(store) == n_nt + n_named
    assert int(select(store, "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]["n"]) == n_nt
    distinct = "SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { ?s ?p ?o } }"
    assert int(rows(run_query(store, distinct, union=True))[0]["n"]) == n_nt
    evidence = int(select(store, "SELECT (COUNT(*) AS ?n) WHERE { ?e a kg:Evidence }")[0]["n"])
    in_graphs = int(select(store, "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?e a kg:Evidence } }")[0]["n"])
    assert evidence == in_graphs > 0
    per_paper = select(store, "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?e a kg:Evidence } } GROUP BY ?g")
    assert len(per_paper) >= 2
    assert all("/paper/" in r["g"] for r in per_paper)
    # GRAPH <paper> narrows to that paper's evidence
    g = per_paper[0]["g"]
    derived = select(store, f"SELECT DISTINCT ?p WHERE {{ GRAPH <{g}> {{ ?e prov:wasDerivedFrom ?p }} }}")
    assert derived == [{"p": g}]


def test_loading_nquads_alone_gives_the_same_default_graph(out, store):
    mem = load_nquads((out / "graph.nq").read_bytes())
    assert len(mem) == len(store)
    files = load_files([out / "graph.nq"])
    assert len(files) == len(store)


@pytest.mark.slow
def test_rebuild_replaces_the_store_cleanly(tmp_path, extracted):
    fast_build(tmp_path, extracted)
    first_nq = (tmp_path / "graph.nq").read_bytes()
    first = len(open_store(tmp_path))
    fast_build(tmp_path, extracted)
    assert (tmp_path / "graph.nq").read_bytes() == first_nq
    assert len(open_store(tmp_path)) == first
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == ["store"]


@pytest.mark.slow
def test_failed_build_leaves_no_half_store(tmp_path, monkeypatch, extracted):
    fast_build(tmp_path, extracted)
    before = len(open_store(tmp_path))
    files_before = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir() if p.is_file() and p.name != LOCK_NAME}

    def boom(*_a, **_k):
        raise OSError("disk full")

    # the last export fails: the streamed ones and the store's load are done or under way
    monkeypatch.setattr(build_module, "render_html", boom)
    with pytest.raises(OSError):
        fast_build(tmp_path, extracted)
    assert len(open_store(tmp_path)) == before
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir() if p.is_file() and p.name != LOCK_NAME} == files_before
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == ["store"]


def test_store_loads_files_in_pieces(tmp_path, monkeypatch, out, store):
    """Loaded in many small pieces (cut after line feeds), ``graph.nq`` makes the same store."""
    import kg.sparql.store

    monkeypatch.setattr(kg.sparql.store, "LOAD_CHUNK_BYTES", 1000)
    pieces = list(kg.sparql.store._line_chunks(out / "graph.nq", 1000))
    assert len(pieces) > 10 and b"".join(pieces) == (out / "graph.nq").read_bytes()
    assert all(piece.endswith(b"\n") for piece in pieces)
    loaded = load_nquads(out / "graph.nq")
    assert set(loaded) == set(load_nquads((out / "graph.nq").read_bytes()))
    assert len(loaded) == len(store)


def test_build_leaves_no_scratch_files(out):
    from kg.incremental import MANIFEST
    from kg.patch import GRAPHML_INDEX

    assert sorted(p.name for p in out.iterdir() if p.name != LOCK_NAME) == sorted(
        [*build_module.EXPORT_FILES, MANIFEST, GRAPHML_INDEX, "store"])


def test_failed_store_load_writes_nothing(tmp_path, monkeypatch, extracted):
    import kg.sparql.store

    def bad_load(*_a, **_k):
        raise SyntaxError("broken N-Quads")

    monkeypatch.setattr(kg.sparql.store, "load_nquads", bad_load)
    with pytest.raises(SyntaxError):
        fast_build(tmp_path, extracted)
    assert [p for p in tmp_path.iterdir() if p.name != LOCK_NAME] == []  # the build lock stays (kg/atomic.py)


# ---------------------------------------------------------------------------
# the library layer
# ---------------------------------------------------------------------------

def test_prefixes_are_predeclared_and_can_be_overridden(store):
    assert select(store, "SELECT ?m WHERE { ?m a kg:Method } LIMIT 1")
    mine = "PREFIX kg: <http://example.org/nothing#> SELECT ?m WHERE { ?m a kg:Method } LIMIT 1"
    assert select(store, mine) == []


@pytest.mark.parametrize("bad, where", [
    ("SELECT ?x WHERE { ?x a kg:Method ", "line 1, column"),
    ("SELECT *\nWHERE {\n  ?s ?p }", "line 3, column"),
    ("SELECT * WHERE { ?s a nope:Thing }", "unknown prefix"),
])
def test_syntax_errors_name_the_position(store, bad, where):
    with pytest.raises(QueryError) as info:
        run_query(store, bad)
    msg = str(info.value)
    assert msg.startswith("SPARQL syntax error") and where in msg
    assert "\n" not in msg


@pytest.mark.parametrize("update", [
    "INSERT DATA { <urn:a> <urn:b> <urn:c> }",
    "PREFIX ex: <urn:x:>\n# comment\nDELETE WHERE { ?s ?p ?o }",
    "CLEAR ALL",
])
def test_updates_are_refused(store, update):
    with pytest.raises(QueryError, match="read-only"):
        run_query(store, update)


def test_result_formats(store):
    q = "SELECT ?m ?label WHERE { ?m a kg:Method ; skos:prefLabel ?label } ORDER BY ?label LIMIT 3"
    data = json.loads(format_result(run_query(store, q), "json"))
    assert data["head"]["vars"] == ["m", "label"]
    assert len(data["results"]["bindings"]) == 3
    assert data["results"]["bindings"][0]["m"]["type"] == "uri"
    csv_text = format_result(run_query(store, q), "csv").decode()
    assert csv_text.splitlines()[0] == "m,label"
    tsv_text = format_result(run_query(store, q), "tsv").decode()
    assert tsv_text.splitlines()[0] == "?m\t?label"
    table = format_result(run_query(store, q), "table").decode()
    assert "| m " in table and "3 rows" in table
    assert json.loads(format_result(run_query(store, "ASK { ?m a kg:Method }"), "json"))["boolean"] is True
    assert format_result(run_query(store, "ASK { ?m a kg:Nothing }"), "table") == b"false\n"
    ttl = format_result(run_query(store, "CONSTRUCT { ?m a kg:Method } WHERE { ?m a kg:Method } LIMIT 2"),
                        "table")
    g = Graph().parse(data=ttl.decode(), format="turtle")
    assert len(g) == 2
    described = format_result(run_query(store, "DESCRIBE ?m WHERE { ?m a kg:Method } LIMIT 1"), "ntriples")
    assert described.count(b"\n") >= 2


def test_table_compacts_iris_and_truncates_long_cells(store):
    table = format_result(run_query(store, "SELECT ?t ?a WHERE { ?p a ?t ; dcterms:abstract ?a } LIMIT 1"),
                          "table").decode()
    assert "kg:Paper" in table or "schema:ScholarlyArticle" in table or "fabio:Expression" in table
    assert "…" in table


def test_load_files_reads_by_extension(out):
    s = load_files([out / "graph.ttl"])
    assert bool(run_query(s, "ASK { ?p a kg:Paper }"))
    s2 = load_files([out / "graph.nt", out / "graph.nq"])
    assert len(s2) == len(open_store(out))


# ---------------------------------------------------------------------------
# kg query (CLI)
# ---------------------------------------------------------------------------

def test_cli_query_table_and_formats(out):
    r = kg_query("SELECT ?label WHERE { ?m a kg:Method ; skos:prefLabel ?label } ORDER BY ?label LIMIT 5",
                 "--store", str(out))
    assert r.exit_code == 0, r.output
    assert "| label" in r.output and "5 rows" in r.output
    r = kg_query("SELECT ?label WHERE { ?m a kg:Method ; skos:prefLabel ?label } LIMIT 2",
                 "--store", str(out), "--format", "json")
    assert r.exit_code == 0
    assert json.loads(r.output)["head"]["vars"] == ["label"]
    r = kg_query("ASK { ?p a kg:Paper }", "--store", str(out / "store"), "--format", "json")
    assert json.loads(r.output) == {"head": {}, "boolean": True}


def test_cli_query_from_file_stdin_and_data(out):
    r = kg_query(str(QUERIES / "outperforms.rq"), "--store", str(out), "--format", "csv")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0].startswith("winnerLabel,baselineLabel")
    r = kg_query("-", "--store", str(out), "--format", "tsv", stdin="SELECT ?p WHERE { ?p a kg:Paper } LIMIT 1")
    assert r.exit_code == 0 and r.output.startswith("?p\n")
    r = kg_query("SELECT (COUNT(*) AS ?n) WHERE { ?p a kg:Paper }", "--data", str(out / "graph.ttl"),
                 "--format", "csv")
    assert r.exit_code == 0 and int(r.output.splitlines()[1]) >= 10


@pytest.mark.parametrize("args, message", [
    (["SELECT * WHERE { ?s ?p }"], "SPARQL syntax error at line 1, column"),
    (["INSERT DATA { <urn:a> <urn:b> <urn:c> }"], "read-only"),
    (["missing.rq"], "no such query file"),
    (["SELECT * WHERE { ?s ?p ?o }", "--data", "graph.unknown"], "unknown RDF format"),
])
def test_cli_query_errors_are_one_line(out, args, message):
    if "--data" not in args:
        args = [*args, "--store", str(out)]
    r = kg_query(*args)
    assert r.exit_code == 1
    assert message in r.output
    assert "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_cli_query_without_a_store(tmp_path):
    r = kg_query("ASK { ?s ?p ?o }", "--store", str(tmp_path))
    assert r.exit_code == 1 and "no SPARQL store" in r.output and "kg build" in r.output
    r = kg_query("ASK { ?s ?p ?o }", "--store", str(tmp_path), "--data", "x.ttl")
    assert r.exit_code == 2 and "not both" in r.output


# ---------------------------------------------------------------------------
# competency questions
# ---------------------------------------------------------------------------

CQS = sorted(p.name for p in QUERIES.glob("*.rq"))


def test_the_competency_questions_are_there():
    assert set(CQS) >= {
        "methods_per_task.rq", "papers_evaluated_on_dataset.rq", "hardware_for_task_methods.rq",
        "outperforms.rq", "shared_entities.rq", "evidence_for_triple.rq", "methods_in_category.rq",
    }


@pytest.mark.slow
@pytest.mark.parametrize("name", CQS)
def test_each_question_is_documented_and_runs_in_both_engines(name, store, rdflib_graph):
    text = cq(name)
    question = re.search(r"^# Question: (.+?\?)", text, re.MULTILINE | re.DOTALL)
    assert question, f"{name}: no '# Question: ...?' comment"
    assert all(line.startswith("#") for line in question.group(0).splitlines())
    assert re.search(r"^# Expected on examples/icml2026\.txt:", text, re.MULTILINE)
    ours = select(store, text)
    theirs = list(rdflib_graph.query(text))  # self-contained: declares its own prefixes
    assert len(ours) == len(theirs)
    if name != "methods_in_category.rq":  # its answer depends on the vocabulary matcher; tested below
        assert ours


def test_cq_methods_per_task(store):
    found = {r["taskLabel"].lower(): r["methods"] for r in select(store, cq("methods_per_task.rq"))}
    assert any("KREPE" in methods for task, methods in found.items() if "prediction" in task or "fact" in task)
    assert any("STAR-KV" in methods for task, methods in found.items() if "kv cache" in task)
    assert all(int(r["methodCount"]) >= 1 for r in select(store, cq("methods_per_task.rq")))


def test_cq_papers_evaluated_on_dataset(store):
    result = select(store, cq("papers_evaluated_on_dataset.rq"))
    assert result
    for r in result:
        abstract = select(store, f"SELECT ?a WHERE {{ <{r['paper']}> dcterms:abstract ?a }}")[0]["a"]
        assert "MP-20" in abstract
    assert any("Crystal" in r["subjectLabel"] or "MCFlow" in r["subjectLabel"] for r in result)


def test_cq_hardware_for_task_methods(store):
    result = select(store, cq("hardware_for_task_methods.rq"))
    star = [r for r in result if r["methodLabel"] == "STAR-KV"]
    assert star, result
    assert {r["hardwareLabel"] for r in star} & {"GPU", "GPU kernel", "Triton", "KV cache"}
    for r in result:
        assert bool(run_query(store, f"ASK {{ <{r['hardware']}> a kg:HardwareConcept }}"))
        assert bool(run_query(store, f"ASK {{ <{r['task']}> a kg:Task }}"))


def test_cq_outperforms(store):
    result = select(store, cq("outperforms.rq"))
    assert any(r["winnerLabel"] == "TileSparse" for r in result)
    assert all(r.get("sentence") for r in result), "every outperforms triple has its evidence sentence"


def test_cq_shared_entities(store):
    result = select(store, cq("shared_entities.rq"))
    assert all(int(r["papers"]) >= 2 for r in result)
    top = {r["label"].lower() for r in result}
    assert any("language model" in label for label in top)
    counts = [int(r["papers"]) for r in result]
    assert counts == sorted(counts, reverse=True)
    # kg:paperCount, which the question uses, is the number of papers with a kg:mentions triple
    for r in result:
        n = select(store, f"SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE {{ ?p kg:mentions <{r['entity']}> }}")[0]["n"]
        assert int(n) == int(r["papers"]), r


def test_cq_evidence_for_triple(store):
    result = select(store, cq("evidence_for_triple.rq"))
    assert result
    for r in result:
        assert "MP-20" in r["sentence"]
        text = select(store, f"SELECT ?a WHERE {{ <{r['paper']}> dcterms:abstract ?a }}")[0]["a"]
        assert r["section"] == "abstract"
        assert text[int(r["start"]):int(r["end"])] == r["sentence"]
        assert 0 <= float(r["confidence"]) <= 1


def test_cq_methods_in_category_rolls_up_through_broader(out):
    text = cq("methods_in_category.rq")
    category = re.search(r"VALUES \?category \{ <([^>]+)> \}", text).group(1)
    store = load_nquads((out / "graph.nq").read_bytes())
    skos = "http://www.w3.org/2004/02/skos/core#"
    # a method matched to a vocabulary concept: one of the example's, or one we add
    pairs = rows(run_query(store, "SELECT ?m ?v WHERE { ?m a kg:Method ; skos:exactMatch|skos:closeMatch ?v } "
                                  "ORDER BY ?m ?v LIMIT 1"))
    if pairs:
        method, concept = pairs[0]["m"], pairs[0]["v"]
    else:
        method = rows(run_query(store, "SELECT ?m WHERE { ?m a kg:Method } ORDER BY ?m LIMIT 1"))[0]["m"]
        concept = "urn:test:vocab:concept"
        store.bulk_load(input=f"<{method}> <{skos}closeMatch> <{concept}> .\n".encode(),
                        format=ox.RdfFormat.N_TRIPLES)
    direct = rows(run_query(store, text.replace(category, concept)))
    assert method in {r["method"] for r in direct}
    # add a vocabulary hierarchy (concept < generative < methods, one link stated as skos:narrower)
    # and a kg-side narrower method
    narrower = "https://w3id.org/kg-ml/id/entity/test-narrower-method"
    extra = (f"<{concept}> <{skos}broader> <urn:test:generative> .\n"
             f"<urn:test:methods> <{skos}narrower> <urn:test:generative> .\n"
             f"<{narrower}> <{skos}broader> <{method}> .\n"
             f"<{narrower}> <{RDF_TYPE}> <{KG}Method> .\n"
             f"<{narrower}> <{skos}prefLabel> \"a narrower method\" .\n")
    store.bulk_load(input=extra.encode(), format=ox.RdfFormat.N_TRIPLES)
    rolled = rows(run_query(store, text.replace(category, "urn:test:methods")))
    assert {r["method"] for r in direct} <= {r["method"] for r in rolled}
    assert {method, narrower} <= {r["method"] for r in rolled}
    assert rows(run_query(store, text.replace(category, "urn:test:unrelated"))) == []
    # the same roll-up in rdflib (the query is plain SPARQL 1.1)
    g = Graph()
    g.parse(data=(out / "graph.nt").read_text(encoding="utf-8") + extra
            + (f"<{method}> <{skos}closeMatch> <{concept}> .\n"), format="nt")
    assert {method, narrower} <= {str(r[0]) for r in g.query(text.replace(category, "urn:test:methods"))}


def test_cq_methods_in_category_with_the_project_vocabularies(out):
    """With ontology/vocab/*.ttl loaded, a category collects the methods matched below it."""
    text = cq("methods_in_category.rq")
    category = re.search(r"VALUES \?category \{ <([^>]+)> \}", text).group(1)
    vocab = sorted((ROOT / "ontology" / "vocab").glob("*.ttl"))
    if not vocab:
        pytest.skip("no vocabularies in ontology/vocab")
    store = load_files([out / "graph.nq", *vocab])
    chains = rows(run_query(store, """
        SELECT ?m ?c ?top WHERE {
          ?m a kg:Method ; skos:exactMatch|skos:closeMatch ?c .
          ?c skos:broader+ ?top .
        } ORDER BY ?m ?c ?top"""))
    if not chains:
        pytest.skip("no method of the example is matched below a vocabulary category")
    for chain in chains[:5]:
        found = {r["method"] for r in rows(run_query(store, text.replace(category, chain["top"])))}
        assert chain["m"] in found, chain


# ------------------------------------------------------------ trends (issue 17)

_TREND_DATA = """
@prefix kg: <https://w3id.org/kg-ml/ontology#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix : <urn:t:> .
:old a kg:Task ; skos:prefLabel "old task" .
:new a kg:Task ; skos:prefLabel "new task" .
:m a kg:Method ; skos:prefLabel "m" .
:p1 a kg:Paper ; dcterms:issued "2024"^^xsd:gYear ; kg:addresses :old .
:p2 a kg:Paper ; dcterms:issued "2024"^^xsd:gYear ; kg:addresses :old .
:p3 a kg:Paper ; dcterms:issued "2025"^^xsd:gYear ; kg:addresses :new .
:p4 a kg:Paper ; dcterms:issued "2025"^^xsd:gYear ; kg:proposes :m .
:m kg:addresses :new .
:ev a kg:Evidence ; rdf:subject :m ; rdf:predicate kg:addresses ; rdf:object :new ; prov:wasDerivedFrom :p4 .
"""


def _trend_store():
    store = ox.Store()
    store.load(_TREND_DATA.encode(), format=ox.RdfFormat.TURTLE)
    return store


def test_cq_tasks_by_year_follows_both_paths():
    """p3 addresses "new task" itself, p4 only through the method it proposes: both count."""
    got = {(r["year"], r["taskLabel"]): int(r["papers"]) for r in select(_trend_store(), cq("tasks_by_year.rq"))}
    assert got == {("2024", "old task"): 2, ("2025", "new task"): 2}


def test_cq_tasks_by_year_answers_on_the_example(store):
    result = select(store, cq("tasks_by_year.rq"))
    assert result and {r["year"] for r in result} == {"2026"}
    assert "kv cache compression" in {r["taskLabel"].lower() for r in result}


def test_cq_tasks_rising_orders_by_change_of_share():
    result = select(_trend_store(), cq("tasks_rising.rq"))
    assert [r["taskLabel"] for r in result] == ["new task", "old task"]
    assert float(result[0]["change"]) == 1.0 and float(result[-1]["change"]) == -1.0


def test_cq_methods_by_year(store):
    result = select(store, cq("methods_by_year.rq"))
    assert result and all(int(r["papers"]) >= 2 for r in result)
    assert "quantization" in {r["methodLabel"].lower() for r in result}
