"""SKOS vocabularies (ontology/vocab/*.ttl, ontology/hardware.ttl), entity links, user lexicons."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF, SKOS

from kg.rdf.namespaces import KG
from kg.rdf.concepts import VOCAB_BASE, load_vocabulary
from kg.names import entity_key

ROOT = Path(__file__).resolve().parent.parent
VOCAB_FILES = {s: ROOT / "ontology" / "vocab" / f"{s}.ttl"
               for s in ("methods", "tasks", "models", "datasets", "metrics")}
VOCAB_FILES["hardware"] = ROOT / "ontology" / "hardware.ttl"
HW = VOCAB_BASE + "hardware/"

pytestmark = pytest.mark.slow  # the schemes fixture parses every SKOS file (~15 s), one test rebuilds them


@pytest.fixture(scope="module")
def schemes() -> dict[str, Graph]:
    return {name: Graph().parse(path, format="turtle") for name, path in VOCAB_FILES.items()}


@pytest.fixture(scope="module")
def vocab(schemes) -> Graph:
    g = Graph()
    for part in schemes.values():
        g += part
    return g


@pytest.fixture(scope="module")
def combined(vocab, example_build) -> Graph:
    """The example build's graph.ttl loaded together with every scheme."""
    g = Graph()
    g += vocab
    g.parse(example_build / "graph.ttl", format="turtle")
    return g


def ancestors(g: Graph, c) -> set:
    seen, todo = set(), [c]
    while todo:
        for b in g.objects(todo.pop(), SKOS.broader):
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


# ------------------------------------------------------------------ the files
@pytest.mark.parametrize("name", sorted(VOCAB_FILES))
def test_scheme_parses_and_is_described(schemes, name):
    g = schemes[name]
    scheme = URIRef(VOCAB_BASE + name)
    assert set(g.subjects(RDF.type, SKOS.ConceptScheme)) == {scheme}
    for p in ("title", "description", "source", "license", "rights"):
        assert g.value(scheme, URIRef("http://purl.org/dc/terms/" + p)) is not None, p
    concepts = set(g.subjects(RDF.type, SKOS.Concept))
    assert len(concepts) > (100 if name in ("hardware", "metrics") else 1000)
    assert VOCAB_FILES[name].stat().st_size < 3_000_000


@pytest.mark.parametrize("name", sorted(VOCAB_FILES))
def test_every_concept_has_one_preflabel_and_its_scheme(schemes, name):
    g = schemes[name]
    scheme = URIRef(VOCAB_BASE + name)
    for c in g.subjects(RDF.type, SKOS.Concept):
        prefs = list(g.objects(c, SKOS.prefLabel))
        assert len(prefs) == 1 and str(prefs[0]).strip(), c
        assert (c, SKOS.inScheme, scheme) in g, c
        assert str(prefs[0]) not in {str(a) for a in g.objects(c, SKOS.altLabel)}, c


def test_concept_iris_are_unique_across_schemes(schemes):
    seen: dict = {}
    for name, g in schemes.items():
        for c in g.subjects(RDF.type, SKOS.Concept):
            assert c not in seen, f"{c} in {seen.get(c)} and {name}"
            seen[c] = name


def test_hierarchy_is_closed_and_acyclic(vocab):
    concepts = set(vocab.subjects(RDF.type, SKOS.Concept))
    for c, b in vocab.subject_objects(SKOS.broader):
        assert b in concepts, f"{c} broader {b}: not a concept"
        assert (b, SKOS.narrower, c) in vocab
    for c in concepts:
        assert c not in ancestors(vocab, c), f"broader cycle through {c}"


def test_pwc_hierarchies(vocab):
    conv = URIRef("https://paperswithcode.com/method/2-1-d-convolution")
    assert (conv, SKOS.broader, URIRef("https://paperswithcode.com/methods/category/convolutions")) in vocab
    parsing = URIRef("https://paperswithcode.com/task/amr-parsing")
    assert any("semantic parsing" == str(vocab.value(b, SKOS.prefLabel)).lower()
               for b in vocab.objects(parsing, SKOS.broader))
    quant = URIRef("https://paperswithcode.com/task/quantization")
    narrower = {str(vocab.value(n, SKOS.prefLabel)).lower() for n in vocab.objects(quant, SKOS.narrower)}
    assert {"post-training quantization", "vector quantization"} <= narrower


@pytest.mark.parametrize("label,category", [
    ("KV cache", "Memory"), ("Triton", "Kernel"), ("memory-bound", "PerformanceRegime"),
    ("bit-width", "NumericPrecision"), ("Triton kernel", "Kernel"), ("NVIDIA H100", "Accelerator"),
    ("FP8", "NumericPrecision"), ("tensor parallelism", "Parallelism"),
    ("all-reduce", "Communication"), ("HBM", "Memory"), ("GPU", "Processor"),
])
def test_hardware_broader_chains_reach_the_root(schemes, label, category):
    g = schemes["hardware"]
    concepts = list(g.subjects(SKOS.prefLabel, Literal(label)))
    assert len(concepts) == 1, label
    up = ancestors(g, concepts[0])
    assert URIRef(HW + category) in up
    assert URIRef(HW + "HardwareConcept") in up


def test_hardware_taxonomy_shape(schemes):
    g = schemes["hardware"]
    root = URIRef(HW + "HardwareConcept")
    assert (root, SKOS.topConceptOf, URIRef(VOCAB_BASE + "hardware")) in g
    for cat in ("Processor", "Accelerator", "Memory", "Kernel", "NumericPrecision",
                "PerformanceRegime", "Parallelism", "Communication"):
        assert (URIRef(HW + cat), SKOS.broader, root) in g, cat
    for c in g.subjects(RDF.type, SKOS.Concept):
        if c != root:
            assert root in ancestors(g, c), c
    gpu = URIRef(HW + "gpu")
    assert (URIRef(HW + "nvidia-h100"), SKOS.broader, gpu) in g
    assert {URIRef(HW + "Accelerator"), URIRef(HW + "Processor")} <= set(g.objects(gpu, SKOS.broader))


def test_generated_files_are_current(tmp_path):
    """scripts/build_skos.py is deterministic and the committed files are its output."""
    spec = importlib.util.spec_from_file_location("build_skos", ROOT / "scripts" / "build_skos.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["build_skos.py", str(tmp_path)]) == 0
    for name, path in VOCAB_FILES.items():
        fresh = tmp_path / path.relative_to(ROOT / "ontology")
        assert fresh.read_bytes() == path.read_bytes(), f"{path} is stale: run scripts/build_skos.py"


# ------------------------------------------------------------------ links from the export
def test_export_links_resolve_to_concepts(combined, example_rdf):
    concepts = set(combined.subjects(RDF.type, SKOS.Concept))
    links = [(e, p, c) for p in (SKOS.exactMatch, SKOS.closeMatch) for e, c in example_rdf.subject_objects(p)]
    assert sum(1 for _e, p, _c in links if p == SKOS.exactMatch) >= 30
    for e, p, c in links:
        assert c in concepts, f"{e} {p} {c}: no such concept in ontology/"
        if p == SKOS.exactMatch:
            label = entity_key(str(example_rdf.value(e, SKOS.prefLabel)))
            names = {entity_key(str(x)) for x in combined.objects(c, SKOS.prefLabel)}
            names |= {entity_key(str(x)) for x in combined.objects(c, SKOS.altLabel)}
            assert label in names, (e, c)
    hw = set(example_rdf.subjects(RDF.type, KG.HardwareConcept))
    assert hw and all((e, SKOS.exactMatch, None) in example_rdf for e in hw)


ROLLUP = """
PREFIX kg:   <https://w3id.org/kg-ml/ontology#>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT DISTINCT ?label ?category WHERE {
  ?paper kg:mentions ?e .
  ?e a kg:HardwareConcept ; skos:prefLabel ?label ; skos:exactMatch|skos:closeMatch ?c .
  ?c skos:broader+ ?category .
  VALUES ?category { <https://w3id.org/kg-ml/vocab/hardware/Memory>
                     <https://w3id.org/kg-ml/vocab/hardware/PerformanceRegime> }
}"""


def test_sparql_rolls_hardware_entities_up_the_taxonomy(combined):
    rows = {(str(r.label), str(r.category).rsplit("/", 1)[1]) for r in combined.query(ROLLUP)}
    assert ("KV cache", "Memory") in rows
    assert ("memory-bound", "PerformanceRegime") in rows
    assert ("compute-bound", "PerformanceRegime") in rows


def test_sparql_rolls_methods_up_to_pwc_collections(combined):
    rows = combined.query("""
        PREFIX kg:   <https://w3id.org/kg-ml/ontology#>
        PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
        SELECT ?collection (COUNT(DISTINCT ?e) AS ?n) WHERE {
          ?e a kg:Method ; skos:exactMatch|skos:closeMatch ?c .
          ?c skos:broader+ ?coll .
          ?coll skos:prefLabel ?collection .
          FILTER(STRSTARTS(STR(?coll), "https://paperswithcode.com/methods/category/"))
        } GROUP BY ?collection""")
    counts = {str(r.collection).lower(): int(r.n) for r in rows}
    assert counts.get("optimization", 0) >= 2, counts


def test_link_rules():
    v = load_vocabulary()
    aspp = "https://paperswithcode.com/method/aspp"   # prefLabel "atrous spatial pyramid pooling", altLabel "ASPP"
    assert v.link("Method", "ASPP", [aspp]) == [(aspp, True)]
    assert v.link("Method", "Spatial Pyramid Pooling", [aspp]) == [(aspp, False)]
    # "SFT" is no label of Papers with Code's shrink and fine-tune: most authors mean supervised fine-tuning
    sft = "https://paperswithcode.com/method/sft"
    assert v.link("Method", "shrink and fine-tune", [sft]) == [(sft, True)]
    assert v.link("Method", "SFT", [sft]) == [(sft, False)]
    assert v.link("Method", "x", ["https://example.org/mine"]) == [("https://example.org/mine", False)]
    assert v.link("Method", "x", ["not-an-iri"]) == []
    # hardware matched through hardware_concepts.tsv carries no id: linked by label
    assert v.link("HardwareConcept", "KV cache", []) == [(HW + "kv-cache", True)]
    assert v.link("HardwareConcept", "kg-hardware:x", ["kg-hardware:kv-cache"])[0][0] == HW + "kv-cache"


# ------------------------------------------------------------------ user vocabularies
SKOS_TTL = """\
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix kg:   <https://w3id.org/kg-ml/ontology#> .
@prefix ex:   <https://example.org/vocab/> .
ex:scheme a skos:ConceptScheme ; kg:entityType "Method" .
ex:flumph a skos:Concept ; skos:inScheme ex:scheme ;
    skos:prefLabel "flumph cadence"@en ; skos:altLabel "FluC" .
ex:corpus a skos:Concept, kg:Dataset ; skos:prefLabel "Glarp Corpus" .
ex:child a skos:Concept ; skos:prefLabel "wibble attention" ; skos:broader ex:flumph .
ex:loose a skos:Concept ; skos:prefLabel "untyped thing" .
"""


def test_read_skos_typing_rules(tmp_path):
    from kg.extract.user_lexicon import read_skos

    path = tmp_path / "mine.ttl"
    path.write_text(SKOS_TTL, encoding="utf-8")
    got = {(e.term, e.type, e.canonical, e.source_id, e.exact_case) for e in read_skos(path)}
    ex = "https://example.org/vocab/"
    assert got == {
        ("flumph cadence", "Method", "flumph cadence", ex + "flumph", False),
        ("FluC", "Method", "flumph cadence", ex + "flumph", True),
        ("Glarp Corpus", "Dataset", "Glarp Corpus", ex + "corpus", False),
        ("wibble attention", "Method", "wibble attention", ex + "child", False),
    }
    child = next(e for e in read_skos(path) if e.term == "wibble attention")
    assert child.broader == "flumph cadence" and child.source == "user"


def test_read_skos_on_a_published_scheme():
    from kg.extract.user_lexicon import read_skos

    entries = read_skos(VOCAB_FILES["metrics"])
    assert entries and {e.type for e in entries} == {"Metric"}


def test_lexicon_option_adds_new_terms(tmp_path):
    from kg.cli import main

    paper = {"id": "p1", "title": "Cadences for long documents",
             "abstract": "We train language models with the flumph cadence and the snorkel wobble "
                         "on long documents. Both keep the KV cache small."}
    inp = tmp_path / "one.jsonl"
    inp.write_text(json.dumps(paper) + "\n", encoding="utf-8")
    ttl = tmp_path / "mine.ttl"
    ttl.write_text(SKOS_TTL, encoding="utf-8")
    csv_path = tmp_path / "mine.csv"
    csv_path.write_text("term,type,canonical\nsnorkel wobble,Method,snorkel wobble\n", encoding="utf-8")

    def build(out: str, *extra: str) -> Graph:
        res = CliRunner().invoke(main, ["build", str(inp), "--out", str(tmp_path / out), "-q", *extra])
        assert res.exit_code == 0, res.output
        return Graph().parse(tmp_path / out / "graph.ttl", format="turtle")

    def methods(g: Graph) -> dict[str, URIRef]:
        return {str(g.value(e, SKOS.prefLabel)).lower(): e for e in g.subjects(RDF.type, KG.Method)}

    plain = methods(build("plain"))
    assert "flumph cadence" not in plain and "snorkel wobble" not in plain
    g = build("user", "--lexicon", str(ttl), "--lexicon", str(csv_path))
    found = methods(g)
    assert {"flumph cadence", "snorkel wobble"} <= set(found)
    assert (found["flumph cadence"], SKOS.closeMatch, URIRef("https://example.org/vocab/flumph")) in g
    paper_iri = next(g.subjects(RDF.type, KG.Paper))
    assert (paper_iri, KG.mentions, found["snorkel wobble"]) in g
