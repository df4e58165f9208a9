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

__all__ = ["DEFAULT_BASE_IRI", "KG", "PREFIXES", "SCHEMA"]

PREFIXES = {
    "kg": KG,
    "dcterms": DCTERMS,
    "schema": SCHEMA,
    "skos": SKOS,
    "prov": PROV,
    "rdf": RDF,
    "rdfs": RDFS,
    "owl": OWL,
    "xsd": XSD,
}
