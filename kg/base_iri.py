"""The default base IRI of instance data, apart from :mod:`kg.vocab`.

The command line needs it for ``--base-iri``'s default and help text; importing it from
:mod:`kg.vocab` would load rdflib (about 60 ms) for every ``kg`` command, ``kg --help`` too.
"""
from __future__ import annotations

#: Default base for instance data (papers, entities, evidence); see ``--base-iri``.
DEFAULT_BASE_IRI = "https://w3id.org/kg-ml/id/"
