"""SPARQL over a build: the embedded Oxigraph store, the read-only endpoint and SHACL validation."""
