"""SHACL validation: kg/sparql/shapes.ttl accepts the example build and catches a broken graph."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, PROV, RDF, RDFS, SKOS

from kg.build import build
from kg.cli import main
from kg.sparql.validate import SHAPES, format_report, load_data, validate_graph, validate_path
from kg.rdf.namespaces import KG, SCHEMA
from shared_data import SHARED, needs_shared

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "icml2026.txt"
SH = "http://www.w3.org/ns/shacl#"
XSD = Namespace("http://www.w3.org/2001/XMLSchema#")  # open: pytest probing rdflib's closed XSD warns


@pytest.fixture(scope="module")
def example(example_build) -> Graph:
    return load_data(example_build)


def validate(args):
    return CliRunner().invoke(main, ["validate", *map(str, args)])


def first(g: Graph, s=None, p=None, o=None):
    return next(iter(sorted(g.triples((s, p, o)))))


def test_shapes_parse_and_cover_the_contract():
    g = Graph().parse(SHAPES, format="turtle")
    targets = {str(o) for o in g.objects(None, URIRef(SH + "targetClass"))}
    assert {str(KG[c]) for c in ("Paper", "Evidence", "Method", "Task", "Model", "Dataset", "Metric",
                                 "HardwareConcept")} <= targets
    paths = {str(o) for o in g.objects(None, URIRef(SH + "path"))}
    assert {str(DCTERMS.abstract), str(RDFS.label), str(RDF.type), str(KG.sentence), str(KG.startOffset),
            str(KG.confidence), str(PROV.wasDerivedFrom)} <= paths
    for constraint in g.subjects(URIRef(SH + "path"), None):
        assert g.value(constraint, URIRef(SH + "message")) is not None, "every constraint explains itself"


@pytest.mark.slow
def test_example_build_conforms(example_build):
    r = validate([example_build])
    assert r.exit_code == 0, r.output
    assert "conforms" in r.output


@pytest.mark.slow
def test_example_graph_files_conform(example_build):
    for name in ("graph.ttl", "graph.nq"):
        report = validate_path(example_build / name)
        assert report.conforms, format_report(report, limit=10)


@pytest.fixture
def broken(example) -> tuple[Graph, dict[str, str]]:
    """The example graph with one of each kind of defect; returns it and the nodes that were broken."""
    g = Graph()
    for t in example:
        g.add(t)
    paper = first(g, None, RDF.type, KG.Paper)[0]
    g.remove((paper, DCTERMS.abstract, None))  # a paper without abstract
    method = first(g, None, RDF.type, KG.Method)[0]
    g.add((method, RDF.type, KG.Dataset))  # two core types
    task_user = first(g, None, KG.uses, None)[0]
    not_a_task = first(g, None, RDF.type, KG.Metric)[0]
    g.add((task_user, KG.addresses, not_a_task))  # range violation, and no evidence for it
    unlabelled = URIRef("https://w3id.org/kg-ml/id/entity/unlabelled-thing")
    g.add((paper, KG.mentions, unlabelled))  # an entity with no type and no label
    evidence = sorted(g.subjects(RDF.type, KG.Evidence))
    no_sentence, bad_offsets, bad_confidence = evidence[0], evidence[1], evidence[2]
    g.remove((no_sentence, KG.sentence, None))
    start = g.value(bad_offsets, KG.startOffset)
    g.set((bad_offsets, KG.startOffset, Literal(int(start) + 1, datatype=XSD.integer)))
    g.set((bad_confidence, KG.confidence, Literal("1.5", datatype=XSD.decimal)))
    g.add((paper, SCHEMA.codeRepository, Literal("https://github.com/not/an-iri")))
    entity = first(g, None, RDF.type, KG.Task)[0]
    g.remove((entity, SKOS.prefLabel, None))
    return g, {
        "paper": str(paper), "method": str(method), "task_user": str(task_user), "not_a_task": str(not_a_task),
        "unlabelled": str(unlabelled), "no_sentence": str(no_sentence), "bad_offsets": str(bad_offsets),
        "bad_confidence": str(bad_confidence), "entity": str(entity),
    }


@pytest.mark.slow
def test_broken_graph_is_caught(broken):
    g, nodes = broken
    report = validate_graph(g)
    assert not report.conforms
    lines = format_report(report)

    def hit(node: str, *words: str) -> bool:
        return any(f"<{node}>" in line and all(w in line for w in words) for line in lines)

    assert hit(nodes["paper"], "dcterms:abstract", "abstract")
    assert hit(nodes["paper"], "schema:codeRepository")
    assert hit(nodes["method"], "rdf:type", "exactly one core type")
    assert hit(nodes["not_a_task"], "kg:Task")
    assert hit(nodes["task_user"], "kg:addresses", "Evidence")
    assert hit(nodes["unlabelled"], "rdfs:label")
    assert hit(nodes["unlabelled"], "rdf:type", "core type")
    assert hit(nodes["no_sentence"], "kg:sentence")
    assert hit(nodes["bad_offsets"], "kg:startOffset")
    assert hit(nodes["bad_confidence"], "kg:confidence", "[0, 1]")
    assert hit(nodes["entity"], "skos:prefLabel")
    assert all("\n" not in line for line in lines)


@pytest.mark.slow
def test_cli_reports_violations_one_per_line_and_fails(broken, tmp_path):
    g, nodes = broken
    path = tmp_path / "broken.nt"
    g.serialize(path, format="nt", encoding="utf-8")
    r = validate([path])
    assert r.exit_code == 1
    assert "Traceback" not in r.output
    assert r.output.strip().splitlines()[-1].startswith("error: ") and "SHACL violation" in r.output
    body = r.output.strip().splitlines()[:-1]
    assert len(body) >= 10
    # focus node, path, message
    assert any(line.startswith(f"<{nodes['paper']}>  dcterms:abstract  ") for line in body)
    r = validate([path, "--max", "3"])
    assert r.exit_code == 1 and "more (use --max 0" in r.output


def test_cli_errors_are_one_line(tmp_path):
    r = validate([tmp_path / "missing"])
    assert r.exit_code == 1 and "no such file or folder" in r.output and "Traceback" not in r.output
    r = validate([tmp_path])
    assert r.exit_code == 1 and "no graph in" in r.output
    bad = tmp_path / "bad.ttl"
    bad.write_text("this is not turtle <", encoding="utf-8")
    r = validate([bad])
    assert r.exit_code == 1 and "cannot parse" in r.output
    assert len(r.output.strip().splitlines()) == 1


CORPUS_SAMPLE = SHARED / "corpora" / "sample_1000_ml_2024_2025.jsonl"


@pytest.mark.slow
@needs_shared(CORPUS_SAMPLE)
def test_real_corpus_build_conforms(tmp_path):
    """Real abstracts, many papers voting on one node's type: the relation ranges still hold."""
    src = tmp_path / "sample.jsonl"
    src.write_text("".join(CORPUS_SAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)[:500]),
                   encoding="utf-8")
    build([src], tmp_path / "out")
    r = validate([tmp_path / "out"])
    assert r.exit_code == 0, r.output


def _with_relations(example: Graph, relations) -> Graph:
    """The example graph plus relations, each with the kg:Evidence behind it (so only their types can be wrong)."""
    g = Graph()
    for t in example:
        g.add(t)
    old = first(g, None, RDF.type, KG.Evidence)[0]
    for i, (subject, predicate, obj) in enumerate(relations):
        g.add((subject, predicate, obj))
        ev = URIRef(f"https://w3id.org/kg-ml/id/evidence/test-relation-{i}")
        for p, o in g.predicate_objects(old):
            if p not in (RDF.subject, RDF.predicate, RDF.object):
                g.add((ev, p, o))
        g.add((ev, RDF.subject, subject))
        g.add((ev, RDF.predicate, predicate))
        g.add((ev, RDF.object, obj))
    return g


@pytest.mark.slow  # two SHACL runs over the whole example build (~3 s CPU), like the other whole-build validations here
def test_shapes_check_relation_types(example):
    """A method that outperforms a Task, a Task outperforming a method or evaluated on a dataset, a Metric
    addressing a task are caught; the same relations between the right types pass (the control)."""
    method = first(example, None, RDF.type, KG.Method)[0]
    other = sorted(example.subjects(RDF.type, KG.Method))[1]
    task = first(example, None, RDF.type, KG.Task)[0]
    dataset = first(example, None, RDF.type, KG.Dataset)[0]
    metric = first(example, None, RDF.type, KG.Metric)[0]
    wrong = [(method, KG.outperforms, task, "kg:outperforms points to a kg:Method or kg:Model"),
             (task, KG.outperforms, method, "only a kg:Method or kg:Model kg:outperforms"),
             (task, KG.evaluatedOn, dataset, "kg:evaluatedOn a dataset"),
             (metric, KG.addresses, task, "kg:addresses a task")]
    report = validate_graph(_with_relations(example, [r[:3] for r in wrong]))
    assert not report.conforms
    lines = format_report(report)
    for s, _p, o, message in wrong:
        node = o if "points to" in message else s
        assert any(f"<{node}>" in line and message in line for line in lines), (message, lines)
    right = [(method, KG.outperforms, other), (method, KG.evaluatedOn, dataset), (method, KG.addresses, task)]
    report = validate_graph(_with_relations(example, right))
    assert report.conforms, format_report(report, limit=5)
