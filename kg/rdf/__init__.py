"""RDF vocabulary of kg: namespaces (:mod:`kg.rdf.namespaces`) and concept schemes (:mod:`kg.rdf.concepts`).

This package module holds only the default base IRI of instance data and imports no rdflib: the
command line needs it for ``--base-iri``'s default and help text, and loading rdflib (about 60 ms)
for every ``kg`` command, ``kg --help`` too, is not worth it.
"""
from __future__ import annotations

#: Default base for instance data (papers, entities, evidence); see ``--base-iri``.
DEFAULT_BASE_IRI = "https://w3id.org/kg-ml/id/"
