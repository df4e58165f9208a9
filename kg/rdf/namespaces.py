"""IRIs of the kg vocabulary and the standard vocabularies it reuses.

The ontology that documents these terms is ``ontology/kg.ttl``; a test checks
that every class and property the exporter emits is declared there.
"""
from __future__ import annotations

from rdflib import Namespace
from rdflib.namespace import DCTERMS, OWL, PROV, RDF, RDFS, SKOS, XSD

from kg.rdf import DEFAULT_BASE_IRI

#: The kg ontology (classes, properties). Stable; independent of --base-iri.
KG = Namespace("https://w3id.org/kg-ml/ontology#")
SCHEMA = Namespace("https://schema.org/")
#: FaBiO, the FRBR-aligned bibliographic ontology (papers are fabio:Expression, see ontology/README.md)
FABIO = Namespace("http://purl.org/spar/fabio/")

__all__ = ["DEFAULT_BASE_IRI", "FABIO", "JSONLD_TERMS", "KG", "PREFIXES", "SCHEMA"]

PREFIXES = {
    "kg": KG,
    "dcterms": DCTERMS,
    "schema": SCHEMA,
    "fabio": FABIO,
    "skos": SKOS,
    "prov": PROV,
    "rdf": RDF,
    "rdfs": RDFS,
    "owl": OWL,
    "xsd": XSD,
}


#: JSON-LD context terms: name -> (property IRI, whether its values are IRIs). With them the
#: exported JSON-LD reads as plain JSON (``"label": "flow matching"``, ``"mentions": [...]``).
JSONLD_TERMS: dict[str, tuple[str, bool]] = {
    **{name: (str(ns[name]), False) for ns, names in (
        (RDFS, ("label",)), (SKOS, ("prefLabel", "altLabel")),
        (DCTERMS, ("title", "abstract", "issued", "creator")), (SCHEMA, ("keywords", "softwareVersion")),
        (PROV, ("endedAtTime",)),
        (KG, ("identifier", "paperCount", "value", "lowerValue", "unit", "direction", "baseline", "metricName",
              "qualifier", "sentence", "section", "startOffset", "endOffset", "extractor", "confidence",
              "pipelineHash"))) for name in names},
    **{name: (str(ns[name]), True) for ns, names in (
        (KG, ("mentions", "proposes", "addresses", "uses", "evaluatedOn", "outperforms", "venue", "hasResult",
              "reportedIn", "resultOf", "metric")),
        (SCHEMA, ("url", "codeRepository")), (SKOS, ("exactMatch", "closeMatch")),
        (PROV, ("wasDerivedFrom", "used", "wasAssociatedWith")), (RDF, ("subject", "predicate", "object"))) for name in names},
}


def jsonld_context() -> dict[str, object]:
    """The ``@context`` of graph.jsonld: the prefixes and the terms of :data:`JSONLD_TERMS`."""
    ctx: dict[str, object] = {prefix: str(ns) for prefix, ns in PREFIXES.items()}
    by_length = sorted(((str(ns), prefix) for prefix, ns in PREFIXES.items()), key=lambda x: -len(x[0]))

    def compact(iri: str) -> str:
        return next((f"{p}:{iri[len(ns):]}" for ns, p in by_length if iri.startswith(ns)), iri)

    for name, (iri, is_iri) in JSONLD_TERMS.items():
        ctx[name] = {"@id": compact(iri), "@type": "@id"} if is_iri else compact(iri)
    return ctx
