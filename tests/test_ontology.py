"""The ontology (ontology/kg.ttl) documents every kg: term the exporter emits.

Checks that it parses, that docs/RDF.md and the ontology agree, that every
kg: term used is declared and documented, that the alignments to Linked
Papers With Code point at IRIs that exist in that ontology, and that the
README's SPARQL examples work on a small graph of the documented shape.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.collection import Collection
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS

from kg.records import ENTITY_TYPES, PREDICATES
from kg.rdf.namespaces import KG, SCHEMA
from shared_data import SHARED, needs_shared

ROOT = Path(__file__).resolve().parents[1]
ONTOLOGY = ROOT / "ontology" / "kg.ttl"
README = ROOT / "ontology" / "README.md"
RDF_MD = ROOT / "docs" / "RDF.md"
EXPORT = ROOT / "exports" / "graph.ttl"
LPWC = SHARED / "lexicons" / "lpwc" / "linkedpaperswithcode-ontology.ttl"

ONTOLOGY_IRI = URIRef("https://w3id.org/kg-ml/ontology")
MLS = Namespace("http://www.w3.org/ns/mls#")
# an open Namespace: pytest probing the closed rdflib XSD namespace warns
XSD = Namespace("http://www.w3.org/2001/XMLSchema#")
LPWC_PREFIX = "https://linkedpaperswithcode.com/"
#: Classes and properties of ML-Schema (http://www.w3.org/ns/mls#, MLSchema.ttl).
MLS_TERMS = {
    "Algorithm", "Data", "DataCharacteristic", "Dataset", "DatasetCharacteristic",
    "EvaluationMeasure", "EvaluationProcedure", "EvaluationSpecification", "Experiment",
    "Feature", "FeatureCharacteristic", "HyperParameter", "HyperParameterSetting",
    "Implementation", "ImplementationCharacteristic", "InformationEntity", "Investigation",
    "Model", "ModelCharacteristic", "ModelEvaluation", "Process", "Run", "Study", "Task",
    "definedOn", "executes", "hasHyperParameter", "hasInput", "hasOutput", "hasPart",
    "hasQuality", "implements", "realizes", "specifiedBy", "hasValue",
}
KINDS = (OWL.Class, OWL.ObjectProperty, OWL.DatatypeProperty)

#: Terms the ontology must declare beyond those named in docs/RDF.md.
EXPECTED = {
    "Paper": OWL.Class, "Venue": OWL.Class, "Entity": OWL.Class, "Evidence": OWL.Class,
    "Result": OWL.Class,
    **{t: OWL.Class for t in ENTITY_TYPES},
    "mentions": OWL.ObjectProperty, "relatedTo": OWL.ObjectProperty,
    **{p: OWL.ObjectProperty for p in PREDICATES},
    "venue": OWL.ObjectProperty, "hasResult": OWL.ObjectProperty,
    "reportedIn": OWL.ObjectProperty, "resultOf": OWL.ObjectProperty,
    "metric": OWL.ObjectProperty,
    **{p: OWL.DatatypeProperty for p in (
        "value", "unit", "direction", "baseline", "sentence", "startOffset", "endOffset",
        "section", "extractor", "confidence", "paperCount", "identifier")},
}


@pytest.fixture(scope="module")
def onto() -> Graph:
    g = Graph()
    g.parse(ONTOLOGY, format="turtle")
    return g


def is_kg(term) -> bool:
    return isinstance(term, URIRef) and str(term).startswith(str(KG))


def declared(onto: Graph) -> dict[URIRef, set[URIRef]]:
    """kg: term -> the OWL kinds it is declared as."""
    out: dict[URIRef, set[URIRef]] = {}
    for kind in KINDS:
        for s in onto.subjects(RDF.type, kind):
            if is_kg(s):
                out.setdefault(s, set()).add(kind)
    return out


def undeclared_kg_terms(data: Graph, onto: Graph) -> set[str]:
    """kg: predicates and kg: classes (objects of rdf:type) used in data but not declared."""
    decl = declared(onto)
    bad = set()
    for s, p, o in data:
        if is_kg(p) and not decl.get(p, set()) & {OWL.ObjectProperty, OWL.DatatypeProperty}:
            bad.add(f"predicate {p}")
        if p == RDF.type and is_kg(o) and OWL.Class not in decl.get(o, set()):
            bad.add(f"class {o}")
    return bad


def rdf_md_terms() -> set[str]:
    """Local names written with the kg: prefix in docs/RDF.md (`kg:a/b/c` counts all three)."""
    text = RDF_MD.read_text(encoding="utf-8")
    names = set()
    for group in re.findall(r"kg:([A-Za-z]+(?:/[A-Za-z]+)*)", text):
        names.update(group.split("/"))
    return names


def members(onto: Graph, node) -> set:
    """A class or datatype expression as the set of named members (owl:unionOf flattened)."""
    union = onto.value(node, OWL.unionOf)
    if union is not None:
        return set(Collection(onto, union))
    return {node}


def superclasses(onto: Graph, cls) -> set:
    seen, todo = set(), [cls]
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        todo.extend(onto.objects(c, RDFS.subClassOf))
    return seen


# ---------------------------------------------------------------- the file
def test_parses_with_ontology_header(onto):
    assert (ONTOLOGY_IRI, RDF.type, OWL.Ontology) in onto
    for p in (DCTERMS.title, DCTERMS.description, RDFS.comment, OWL.versionInfo, DCTERMS.license):
        assert onto.value(ONTOLOGY_IRI, p) is not None, p
    assert "MIT" in str(onto.value(ONTOLOGY_IRI, DCTERMS.license))
    contract = str(onto.value(ONTOLOGY_IRI, DCTERMS.description))
    for needle in ("kg:Paper", "dcterms:abstract", "kg:mentions", "schema:codeRepository",
                   *(f"kg:{t}" for t in ENTITY_TYPES), *(f"kg:{p}" for p in PREDICATES)):
        assert needle in contract, f"RDF contract does not mention {needle}"


def test_rdf_md_names_terms():
    names = rdf_md_terms()
    # guard against the regex silently finding nothing
    assert {"Paper", "mentions", "outperforms", "confidence"} <= names


@pytest.mark.parametrize("name", sorted(rdf_md_terms() | set(EXPECTED)))
def test_term_declared_and_documented(onto, name):
    term = KG[name]
    kinds = declared(onto).get(term, set())
    assert kinds, f"kg:{name} is not declared"
    expected = EXPECTED.get(name) or (OWL.Class if name[0].isupper() else None)
    if expected is not None:
        assert expected in kinds, f"kg:{name} should be a {expected}"
    else:
        assert kinds & {OWL.ObjectProperty, OWL.DatatypeProperty}, f"kg:{name} is not a property"
    label = onto.value(term, RDFS.label)
    comment = onto.value(term, RDFS.comment)
    assert label and str(label).strip(), f"kg:{name} has no rdfs:label"
    assert comment and len(str(comment)) > 40, f"kg:{name} has no useful rdfs:comment"
    assert "xample" in str(comment), f"kg:{name}'s comment gives no example"
    assert (term, RDFS.isDefinedBy, ONTOLOGY_IRI) in onto


def test_every_kg_term_used_is_declared(onto):
    used = {t for triple in onto for t in triple if is_kg(t)}
    missing = used - set(declared(onto))
    assert not missing, f"used but not declared: {sorted(missing)}"


def test_declarations_are_unambiguous(onto):
    for term, kinds in declared(onto).items():
        assert len(kinds) == 1, f"{term} declared as {kinds}"


# ---------------------------------------------------------------- structure
def test_core_classes_are_entities(onto):
    for t in ENTITY_TYPES:
        assert (KG[t], RDFS.subClassOf, KG.Entity) in onto, t
    assert (KG.Entity, RDFS.subClassOf, SKOS.Concept) in onto
    union = [members(onto, e) for e in onto.objects(KG.Entity, OWL.equivalentClass)]
    assert {KG[t] for t in ENTITY_TYPES} in union


def test_class_hierarchy(onto):
    assert (KG.Paper, RDFS.subClassOf, SCHEMA.ScholarlyArticle) in onto
    assert (KG.Evidence, RDFS.subClassOf, RDF.Statement) in onto
    assert (KG.Evidence, RDFS.subClassOf, PROV.Entity) in onto


def test_relations(onto):
    for p in ("proposes", "addresses", "uses", "evaluatedOn"):
        assert (KG[p], RDFS.subPropertyOf, KG.relatedTo) in onto, p
    assert (KG.mentions, RDFS.domain, KG.Paper) in onto
    assert (KG.mentions, RDFS.range, KG.Entity) in onto
    assert (KG.addresses, RDFS.range, KG.Task) in onto
    assert (KG.evaluatedOn, RDFS.range, KG.Dataset) in onto
    assert (KG.venue, RDFS.range, KG.Venue) in onto
    assert "mentions" in str(onto.value(KG.proposes, RDFS.comment))
    assert "mentions" in str(onto.value(KG.addresses, RDFS.comment))


def test_results(onto):
    assert (KG.metric, RDFS.range, KG.Metric) in onto
    assert (KG.value, RDFS.range, XSD.decimal) in onto
    assert (KG.hasResult, RDFS.domain, KG.Paper) in onto
    assert (KG.hasResult, OWL.inverseOf, KG.reportedIn) in onto
    assert (KG.reportedIn, RDFS.range, KG.Paper) in onto
    for p in ("metric", "value", "unit", "direction", "baseline", "resultOf", "reportedIn"):
        assert (KG[p], RDFS.domain, KG.Result) in onto, p
    direction = onto.value(KG.direction, RDFS.range)
    assert {str(x) for x in Collection(onto, onto.value(direction, OWL.oneOf))} == {
        "increase", "decrease"}
    section = onto.value(KG.section, RDFS.range)
    assert {str(x) for x in Collection(onto, onto.value(section, OWL.oneOf))} == {
        "title", "abstract"}


def test_confidence_is_a_decimal_between_0_and_1(onto):
    rng = onto.value(KG.confidence, RDFS.range)
    assert onto.value(rng, OWL.onDatatype) == XSD.decimal
    facets = {p: o.toPython() for r in Collection(onto, onto.value(rng, OWL.withRestrictions))
              for p, o in onto.predicate_objects(r)}
    assert facets == {XSD.minInclusive: 0, XSD.maxInclusive: 1}


def test_domains_and_ranges_name_declared_or_standard_terms(onto):
    decl = declared(onto)
    for p in (RDFS.domain, RDFS.range):
        for s, o in onto.subject_objects(p):
            for m in members(onto, o):
                if is_kg(m):
                    assert OWL.Class in decl.get(m, set()), (s, p, m)


def test_no_owl_axioms_on_foreign_terms(onto):
    """Foreign IRIs only get annotations and SKOS mappings, never OWL/RDFS axioms."""
    allowed = {SKOS.scopeNote, SKOS.closeMatch}
    for s, p, o in onto:
        if isinstance(s, URIRef) and not is_kg(s) and s != ONTOLOGY_IRI:
            assert p in allowed, (s, p, o)


# ---------------------------------------------------------------- alignments
def test_mls_alignment(onto):
    assert (KG.Dataset, RDFS.subClassOf, MLS.Data) in onto
    assert (KG.Metric, RDFS.subClassOf, MLS.EvaluationMeasure) in onto
    assert (KG.Method, SKOS.closeMatch, MLS.Algorithm) in onto
    assert (KG.Model, SKOS.closeMatch, MLS.Model) in onto
    assert (KG.Task, SKOS.closeMatch, MLS.Task) in onto
    used = {t for triple in onto for t in triple
            if isinstance(t, URIRef) and str(t).startswith(str(MLS)) and t != URIRef(str(MLS))}
    assert used
    for t in used:
        assert str(t)[len(str(MLS)):] in MLS_TERMS, f"{t} is not an ML-Schema term"


def lpwc_terms(onto: Graph) -> set[URIRef]:
    return {t for triple in onto for t in triple
            if isinstance(t, URIRef) and str(t).startswith(LPWC_PREFIX)}


def test_lpwc_alignment_triples(onto):
    L = Namespace(LPWC_PREFIX)
    assert (KG.Paper, RDFS.subClassOf, L["class/paper"]) in onto
    assert (KG.Task, RDFS.subClassOf, L["class/task"]) in onto
    assert not [t for t in onto.triples((None, OWL.equivalentClass, None)) if str(t[2]).startswith(LPWC_PREFIX)]
    assert (KG.Paper, RDFS.subClassOf, URIRef("http://purl.org/spar/fabio/Expression")) in onto
    for kg_term, lpwc in [("Method", "class/method"), ("Model", "class/model"),
                          ("Dataset", "class/dataset"), ("Venue", "class/conference"),
                          ("Result", "class/evaluationresult"), ("addresses", "property/hasTask"),
                          ("uses", "property/hasMethod"), ("evaluatedOn", "property/usesDataset")]:
        assert (KG[kg_term], SKOS.closeMatch, L[lpwc]) in onto, (kg_term, lpwc)
    assert (SCHEMA.SoftwareSourceCode, SKOS.closeMatch, L["class/repository"]) in onto
    assert not list(onto.subjects(OWL.inverseOf, L["property/introducedBy"]))  # it would type lpwc data


# ---------------------------------------------------------------- OWL-RL closure
LPWC_DATA = f"""
@prefix lc: <{LPWC_PREFIX}class/> .
@prefix lp: <{LPWC_PREFIX}property/> .
<urn:lpwc:paper/1> a lc:paper ; lp:hasTask <urn:lpwc:task/1> ; lp:hasMethod <urn:lpwc:method/1> ;
    lp:usesDataset <urn:lpwc:dataset/1> ; lp:hasOfficialRepository <https://github.com/lpwc/code> .
<urn:lpwc:method/1> a lc:method ; lp:introducedBy <urn:lpwc:paper/1> .
<urn:lpwc:task/1> a lc:task .
<urn:lpwc:dataset/1> a lc:dataset .
"""
ERRNS_ERROR = URIRef("http://www.daml.org/2002/03/agents/agent-ont#ErrorMessage")


def _closure(*graphs: Graph) -> Graph:
    owlrl = pytest.importorskip("owlrl")
    g = Graph()
    for part in graphs:
        for t in part:
            g.add(t)
    owlrl.DeductiveClosure(owlrl.OWLRL_Semantics).expand(g)
    return g


def _lpwc_types(g: Graph) -> dict[str, set[str]]:
    return {str(n): {str(t) for t in g.objects(n, RDF.type)} - {str(OWL.Thing), str(RDFS.Resource)}
            for n in (URIRef("urn:lpwc:paper/1"), URIRef("urn:lpwc:method/1"), URIRef("urn:lpwc:task/1"),
                      URIRef("urn:lpwc:dataset/1"))}


def test_an_equivalence_to_lpwc_would_retype_lpwc_papers(onto):
    """The control for the closure test below: with the owl:equivalentClass the ontology once had, OWL-RL
    types the LPWC paper kg:Paper."""
    L = Namespace(LPWC_PREFIX)
    old = Graph()
    old.add((KG.Paper, OWL.equivalentClass, L["class/paper"]))
    g = _closure(onto, old, Graph().parse(data=LPWC_DATA, format="turtle"))
    assert str(KG.Paper) in _lpwc_types(g)["urn:lpwc:paper/1"]


@pytest.mark.slow  # OWL-RL's pure-Python closure of a whole build: ~9 s of CPU, the longest run of the suite
def test_owl_rl_closure_types_no_lpwc_node_and_is_consistent(onto, example_build):
    """OWL-RL over the ontology, its vocabularies (the hardware taxonomy, the concepts of ontology/vocab the
    build links to and what they are broader of, the LPWC ontology when present), the example build and
    LPWC data: the LPWC nodes keep exactly their own types, and no inconsistency is found."""
    build = Graph().parse(example_build / "graph.ttl", format="turtle")
    vocab = Graph()
    for path in sorted((ROOT / "ontology" / "vocab").glob("*.ttl")):
        vocab.parse(path, format="turtle")
    todo = {o for p in (SKOS.exactMatch, SKOS.closeMatch) for o in build.objects(None, p)}
    seen: set = set()
    linked = Graph()
    while todo:
        c = todo.pop()
        seen.add(c)
        for p, o in vocab.predicate_objects(c):
            linked.add((c, p, o))
            if p == SKOS.broader and o not in seen:
                todo.add(o)
    assert len(linked) > 0
    parts = [onto, Graph().parse(ROOT / "ontology" / "hardware.ttl", format="turtle"), linked, build,
             Graph().parse(data=LPWC_DATA, format="turtle")]
    if LPWC.is_file():
        parts.append(Graph().parse(LPWC, format="turtle"))
    g = _closure(*parts)
    L = LPWC_PREFIX + "class/"
    assert _lpwc_types(g) == {"urn:lpwc:paper/1": {L + "paper"}, "urn:lpwc:method/1": {L + "method"},
                              "urn:lpwc:task/1": {L + "task"}, "urn:lpwc:dataset/1": {L + "dataset"}}
    assert not list(g.subjects(RDF.type, ERRNS_ERROR)), [str(o) for o in g.objects(None, None)
                                                         if "error" in str(o).lower()][:3]
    assert not list(g.subjects(RDF.type, OWL.Nothing))
    # and the closure does reason: kg papers become lpwc and FaBiO papers, a method a kg:Entity
    paper = next(build.subjects(RDF.type, KG.Paper))
    assert {URIRef(L + "paper"), URIRef("http://purl.org/spar/fabio/Expression")} <= set(g.objects(paper, RDF.type))
    assert (next(build.subjects(RDF.type, KG.Method)), RDF.type, KG.Entity) in g


@needs_shared(LPWC)
def test_lpwc_alignment_targets_exist(onto):
    lpwc = Graph().parse(LPWC, format="turtle")
    terms = lpwc_terms(onto)
    assert len(terms) >= 10
    for t in terms:
        kinds = set(lpwc.objects(t, RDF.type))
        assert kinds & {*KINDS, OWL.Ontology}, f"{t} is not declared in {LPWC.name}"
    # classes align with classes, properties with properties
    for s, p, o in onto:
        if o in terms and is_kg(s):
            kg_is_class = OWL.Class in declared(onto)[s]
            assert kg_is_class == ((o, RDF.type, OWL.Class) in lpwc), (s, p, o)


# ---------------------------------------------------------------- data
SAMPLE = """
@prefix kg: <https://w3id.org/kg-ml/ontology#> .
@prefix id: <https://w3id.org/kg-ml/id/> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix schema: <https://schema.org/> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .

id:paper\\/p-1 a kg:Paper, schema:ScholarlyArticle ;
    dcterms:title "MCFlow: flow matching for crystals" ;
    dcterms:abstract "We propose MCFlow for crystal structure prediction. We evaluate MCFlow on MP-20." ;
    dcterms:issued "2026"^^xsd:gYear ; kg:venue id:venue\\/icml ;
    schema:url <https://example.org/p1> ; dcterms:creator "Ada Lovelace" ;
    schema:keywords "generative models" ; kg:identifier "P01" ;
    schema:codeRepository <https://github.com/example/mcflow> ;
    kg:mentions id:entity\\/method\\/mcflow, id:entity\\/task\\/csp, id:entity\\/dataset\\/mp-20,
        id:entity\\/metric\\/match-rate ;
    kg:proposes id:entity\\/method\\/mcflow ; kg:addresses id:entity\\/task\\/csp ;
    kg:hasResult id:result\\/r1 .
id:venue\\/icml a kg:Venue ; rdfs:label "ICML" .
<https://github.com/example/mcflow> a schema:SoftwareSourceCode .
id:entity\\/method\\/mcflow a kg:Method ; rdfs:label "MCFlow" ; skos:prefLabel "MCFlow" ;
    kg:paperCount 1 ; kg:addresses id:entity\\/task\\/csp ; kg:evaluatedOn id:entity\\/dataset\\/mp-20 ;
    kg:outperforms id:entity\\/method\\/diffcsp .
id:entity\\/method\\/diffcsp a kg:Method ; rdfs:label "DiffCSP" ; skos:prefLabel "DiffCSP" ;
    kg:paperCount 1 .
id:entity\\/task\\/csp a kg:Task ; rdfs:label "crystal structure prediction" ;
    skos:prefLabel "crystal structure prediction" ; skos:altLabel "CSP" ; kg:paperCount 1 .
id:entity\\/dataset\\/mp-20 a kg:Dataset ; rdfs:label "MP-20" ; skos:prefLabel "MP-20" ;
    kg:paperCount 1 .
id:entity\\/metric\\/match-rate a kg:Metric ; rdfs:label "match rate" ;
    skos:prefLabel "match rate" ; kg:paperCount 1 .
id:evidence\\/e1 a kg:Evidence, rdf:Statement ;
    rdf:subject id:entity\\/method\\/mcflow ; rdf:predicate kg:evaluatedOn ;
    rdf:object id:entity\\/dataset\\/mp-20 ; prov:wasDerivedFrom id:paper\\/p-1 ;
    kg:sentence "We evaluate MCFlow on MP-20." ; kg:startOffset 52 ; kg:endOffset 80 ;
    kg:section "abstract" ; kg:extractor "pattern" ; kg:confidence "0.9"^^xsd:decimal .
id:evidence\\/e2 a kg:Evidence, rdf:Statement ;
    rdf:subject id:paper\\/p-1 ; rdf:predicate kg:mentions ; rdf:object id:entity\\/task\\/csp ;
    prov:wasDerivedFrom id:paper\\/p-1 ; kg:sentence "We propose MCFlow for crystal structure prediction." ;
    kg:startOffset 0 ; kg:endOffset 51 ; kg:extractor "ner" ; kg:confidence "0.8"^^xsd:decimal .
id:result\\/r1 a kg:Result ; kg:reportedIn id:paper\\/p-1 ; kg:resultOf id:entity\\/method\\/mcflow ;
    kg:metric id:entity\\/metric\\/match-rate ; kg:value "6.0"^^xsd:decimal ; kg:unit "%" ;
    kg:direction "increase" ; kg:baseline "DiffCSP" ; prov:wasDerivedFrom id:paper\\/p-1 .
"""


@pytest.fixture(scope="module")
def sample() -> Graph:
    return Graph().parse(data=SAMPLE, format="turtle")


def literal_fits(onto: Graph, lit, rng) -> bool:
    if not isinstance(lit, Literal):
        return False
    one_of = onto.value(rng, OWL.oneOf)
    if one_of is not None:
        return str(lit) in {str(x) for x in Collection(onto, one_of)}
    base = onto.value(rng, OWL.onDatatype)
    if base is not None:
        facets = {p: o.toPython() for r in Collection(onto, onto.value(rng, OWL.withRestrictions))
                  for p, o in onto.predicate_objects(r)}
        v = lit.toPython()
        return (lit.datatype == base and facets.get(XSD.minInclusive, v) <= v
                <= facets.get(XSD.maxInclusive, v))
    if rng == XSD.string:
        return lit.datatype in (None, XSD.string)
    return lit.datatype == rng


def test_sample_export_matches_ontology(onto, sample):
    """A graph of the shape in docs/RDF.md uses declared terms and respects domains/ranges."""
    assert not undeclared_kg_terms(sample, onto)
    for s, p, o in sample:
        if not is_kg(p):
            continue
        dom = onto.value(p, RDFS.domain)
        if dom is not None:
            s_types = {c for t in sample.objects(s, RDF.type) for c in superclasses(onto, t)}
            assert s_types & members(onto, dom), f"{s} {p}: subject outside the domain"
        rng = onto.value(p, RDFS.range)
        if rng is None:
            continue
        if (p, RDF.type, OWL.DatatypeProperty) in onto:
            assert literal_fits(onto, o, rng), f"{s} {p} {o!r}: literal outside the range"
        else:
            o_types = {c for t in sample.objects(o, RDF.type) for c in superclasses(onto, t)}
            assert o_types & members(onto, rng), f"{s} {p} {o}: object outside the range"


def test_sample_offsets_follow_the_documented_convention(sample):
    """kg:startOffset/kg:endOffset slice the sentence out of the paper's cleaned text."""
    for ev in sample.subjects(RDF.type, KG.Evidence):
        paper = sample.value(ev, PROV.wasDerivedFrom)
        section = str(sample.value(ev, KG.section) or "abstract")
        text = str(sample.value(paper, DCTERMS.title if section == "title" else DCTERMS.abstract))
        start, end = (int(sample.value(ev, p)) for p in (KG.startOffset, KG.endOffset))
        assert text[start:end] == str(sample.value(ev, KG.sentence))


def readme_queries() -> list[str]:
    return re.findall(r"```sparql\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_three_sparql_examples():
    assert len(readme_queries()) == 3


@pytest.mark.parametrize("index", range(3))
def test_readme_sparql_examples_run(sample, index):
    rows = list(sample.query(readme_queries()[index]))
    assert rows, f"README SPARQL example {index + 1} returns nothing on the sample graph"


def test_undeclared_terms_are_reported(onto):
    g = Graph()
    g.add((URIRef("urn:x"), RDF.type, KG.Algorithm))
    g.add((URIRef("urn:x"), KG.improves, URIRef("urn:y")))
    assert undeclared_kg_terms(g, onto) == {f"class {KG.Algorithm}", f"predicate {KG.improves}"}


def test_exports_use_only_declared_terms(onto):
    if not EXPORT.is_file():
        pytest.skip(f"{EXPORT.relative_to(ROOT)} not built (run `make demo`)")
    data = Graph().parse(EXPORT, format="turtle")
    bad = undeclared_kg_terms(data, onto)
    assert not bad, f"exports/graph.ttl uses undeclared kg: terms: {sorted(bad)}"
