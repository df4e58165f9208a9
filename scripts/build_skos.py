#!/usr/bin/env python3
"""Publish the kg gazetteer as SKOS concept schemes.

Usage:
    python scripts/build_skos.py [OUT_DIR]        # default: ontology/

Writes (deterministic: no clock, no randomness, sorted Turtle):
    OUT_DIR/vocab/methods.ttl, tasks.ttl, models.ttl, datasets.ttl, metrics.ttl
        one skos:ConceptScheme per entity type (https://w3id.org/kg-ml/vocab/<scheme>),
        one skos:Concept per canonical of kg/extract/data/lexicons/terms.tsv
    OUT_DIR/hardware.ttl
        the kg hardware-concept taxonomy (https://w3id.org/kg-ml/vocab/hardware):
        root "hardware concept", eight categories, hardware_concepts.tsv and the
        accelerator products of the MIT LL survey with skos:broader chains.

Which concept a gazetteer row belongs to, its IRI and its broader concepts are decided
by kg/rdf/concepts.py, the same code the RDF exporter uses to link entities
(skos:exactMatch / skos:closeMatch) - so export links always resolve in these files.

Per concept: skos:prefLabel (canonical), skos:altLabel (other surface forms),
skos:broader / skos:narrower, skos:inScheme, skos:closeMatch (further source URLs),
skos:topConceptOf for concepts that head a hierarchy; hardware concepts also
skos:definition. Per scheme: dcterms:title/description, dcterms:source (upstream
repositories at the commit used), dcterms:license and dcterms:rights.
"""
from __future__ import annotations

import sys
from pathlib import Path

from rdflib import Graph, Literal, Namespace, URIRef
from rdflib.namespace import DCTERMS, RDF, SKOS

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from kg.rdf.concepts import (  # noqa: E402
    HW, SCHEME_OF_TYPE, TYPES, Vocabulary, concept_ns, load_vocabulary, scheme_iri,
)

#: upstream of each gazetteer source (see kg/extract/data/lexicons/SOURCES.md)
SOURCES = {
    "pwc-method": ("https://github.com/kuefmz/pow_categories/tree/8eb60c701cded586a140a6e175bfc1b1e5e6419c",
                   "Papers with Code methods and collections (CC BY-SA 4.0)", "cc-by-sa"),
    "pwc-collection": ("https://github.com/kuefmz/pow_categories/tree/8eb60c701cded586a140a6e175bfc1b1e5e6419c",
                       "Papers with Code methods and collections (CC BY-SA 4.0)", "cc-by-sa"),
    "pwc-task": ("https://github.com/World-Snapshot/papers-with-code/tree/c50b88eb13b179903ecf715bb941fef91bdb5414",
                 "Papers with Code tasks, datasets and metrics, July 2025 dumps (CC BY-SA 4.0)", "cc-by-sa"),
    "pwc-dataset": ("https://github.com/World-Snapshot/papers-with-code/tree/c50b88eb13b179903ecf715bb941fef91bdb5414",
                    "Papers with Code tasks, datasets and metrics, July 2025 dumps (CC BY-SA 4.0)", "cc-by-sa"),
    "pwc-metric": ("https://github.com/World-Snapshot/papers-with-code/tree/c50b88eb13b179903ecf715bb941fef91bdb5414",
                   "Papers with Code tasks, datasets and metrics, July 2025 dumps (CC BY-SA 4.0)", "cc-by-sa"),
    "nlp-progress": ("https://github.com/paperswithcode/sota-extractor",
                     "NLP-progress via paperswithcode/sota-extractor (Apache-2.0)", "apache"),
    "cso": ("https://cso.kmi.open.ac.uk/",
            "Computer Science Ontology, KMi, The Open University (CC BY 4.0)", "cc-by"),
    "openreview": ("https://github.com/dotd/NeurIPS2024Scrape/tree/7dc998e9cc3deb732a8839a644f4d26f333b9fef",
                   "OpenReview keyword normalization of ICLR/ICML/NeurIPS/CoRL 2023-2026 (no licence "
                   "stated; short keyword strings only)", None),
    "accelerators": ("https://github.com/areuther/ai-accelerators/tree/82ec8006cc8dad073c88d3f9b9149ac64b7a8647",
                     "AI accelerator survey, MIT Lincoln Laboratory / A. Reuther, IEEE HPEC 2023 (open "
                     "data, no licence file; product names only)", None),
    "kg-hardware": ("https://w3id.org/kg-ml/ontology",
                    "kg hand-written hardware vocabulary (MIT)", "mit"),
    "kg-concepts": ("https://w3id.org/kg-ml/ontology",
                    "kg hand-written field vocabulary: textbook concepts and their acronyms (MIT)", "mit"),
}
LICENCES = {
    "cc-by-sa": "https://creativecommons.org/licenses/by-sa/4.0/",
    "cc-by": "https://creativecommons.org/licenses/by/4.0/",
    "apache": "https://www.apache.org/licenses/LICENSE-2.0",
    "mit": "https://opensource.org/licenses/MIT",
}
TITLES = {
    "methods": "kg vocabulary of ML methods", "tasks": "kg vocabulary of ML tasks",
    "models": "kg vocabulary of ML models and architectures", "datasets": "kg vocabulary of datasets and benchmarks",
    "metrics": "kg vocabulary of evaluation metrics", "hardware": "kg hardware-concept taxonomy",
}
PREFIXES = {
    "pwcm": "https://paperswithcode.com/method/",
    "pwcc": "https://paperswithcode.com/methods/category/",
    "pwct": "https://paperswithcode.com/task/",
    "pwcd": "https://paperswithcode.com/dataset/",
    "cso": "https://cso.kmi.open.ac.uk/topics/",
}


def scheme_graph(v: Vocabulary, scheme: str, narrower: dict[str, set[str]]) -> Graph:
    g = Graph()
    g.bind("skos", SKOS)
    g.bind("dcterms", DCTERMS)
    for name in ("methods", "tasks", "models", "datasets", "metrics", "hardware"):
        g.bind(name, Namespace(concept_ns(name)))
    for p, ns in PREFIXES.items():
        g.bind(p, Namespace(ns))
    s = URIRef(scheme_iri(scheme))
    concepts = sorted((c for c in v.concepts.values() if c.scheme == scheme), key=lambda c: c.iri)
    used = sorted({src for c in concepts for src in c.sources})
    g.add((s, RDF.type, SKOS.ConceptScheme))
    g.add((s, DCTERMS.title, Literal(TITLES[scheme])))
    g.add((s, SKOS.prefLabel, Literal(TITLES[scheme])))
    typ = next(t for t, sc in SCHEME_OF_TYPE.items() if sc == scheme)
    desc = (f"SKOS concepts for kg:{typ} entities, generated by scripts/build_skos.py from the kg "
            "gazetteer (kg/extract/data/lexicons; sources and filters in SOURCES.md there). One concept "
            "per canonical term; the IRI is the source's own URL when it has one (Papers with Code, CSO), "
            f"else minted under {concept_ns(scheme)}. skos:broader follows the source hierarchy "
            "(PwC collections, PwC parent tasks, NLP-progress sections) and, where a source is flat, "
            "the kg head-word rule (a term is narrower than its longest word suffix that is a concept "
            "of the same type). Exported entities link here with skos:exactMatch/closeMatch.")
    if scheme == "hardware":
        desc = ("The kg hardware-concept taxonomy for kg:HardwareConcept entities (kg, MIT licence): "
                "processors and accelerators, memory and caches, kernels and kernel languages, numeric "
                "precision, performance regimes, parallelism and communication. Generated by "
                "scripts/build_skos.py from kg/extract/data/lexicons/hardware_concepts.tsv and the "
                "curated links in kg/rdf/concepts.py; named accelerator products come from the MIT "
                "Lincoln Laboratory AI accelerator survey (A. Reuther, IEEE HPEC 2023).")
    g.add((s, DCTERMS.description, Literal(desc)))
    lic = sorted({LICENCES[SOURCES[src][2]] for src in used if src in SOURCES and SOURCES[src][2]}
                 | ({LICENCES["mit"]} if scheme == "hardware" else set()))
    for url in lic:
        g.add((s, DCTERMS.license, URIRef(url)))
    for src in used:
        if src in SOURCES:
            g.add((s, DCTERMS.source, URIRef(SOURCES[src][0])))
    rights = "; ".join(dict.fromkeys(SOURCES[src][1] for src in used if src in SOURCES))
    g.add((s, DCTERMS.rights, Literal("Derived from: " + rights + ". Derived concepts keep the licence "
                                       "and attribution of their source.")))
    for c in concepts:
        i = URIRef(c.iri)
        g.add((i, RDF.type, SKOS.Concept))
        g.add((i, SKOS.prefLabel, Literal(c.pref_label)))
        for a in sorted(c.alt_labels):
            g.add((i, SKOS.altLabel, Literal(a)))
        g.add((i, SKOS.inScheme, s))
        for b in sorted(c.broader):
            g.add((i, SKOS.broader, URIRef(b)))
        for n in sorted(narrower.get(c.iri, ())):
            g.add((i, SKOS.narrower, URIRef(n)))
        if not c.broader and narrower.get(c.iri):
            g.add((i, SKOS.topConceptOf, s))
            g.add((s, SKOS.hasTopConcept, i))
        for m in sorted(c.close):
            g.add((i, SKOS.closeMatch, URIRef(m)))
        if c.definition:
            g.add((i, SKOS.definition, Literal(c.definition)))
        if scheme == "hardware" and "accelerators" in c.sources:
            g.add((i, DCTERMS.source, URIRef(SOURCES["accelerators"][0])))
    return g


def render(g: Graph) -> str:
    return g.serialize(format="longturtle")


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else REPO / "ontology"
    v = load_vocabulary()
    narrower = v.narrower()
    (out / "vocab").mkdir(parents=True, exist_ok=True)
    for t in TYPES:
        scheme = SCHEME_OF_TYPE[t]
        path = out / "hardware.ttl" if t == HW else out / "vocab" / f"{scheme}.ttl"
        text = render(scheme_graph(v, scheme, narrower))
        path.write_text(text, encoding="utf-8")
        n = sum(1 for c in v.concepts.values() if c.scheme == scheme)
        print(f"{path.relative_to(out.parent) if out.parent in path.parents else path}: "
              f"{n} concepts, {len(text.encode('utf-8')) / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
