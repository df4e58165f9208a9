"""N-Quads export: the RDF graph as a dataset with one named graph per paper's evidence.

The default graph holds papers, venues, entities and the direct relation
triples; every ``kg:Evidence`` node (all of its triples) goes into the named
graph of the paper it was derived from (``prov:wasDerivedFrom``), named by the
paper IRI itself. Query the file (or the store built from it) with the default
graph as the union of all graphs to see the same triples as ``graph.nt``; use
``GRAPH <paper> { ... }`` to look at one paper's evidence only.

The lines are the N-Triples lines of :func:`kg.export.rdf.render_ntriples` with
a graph term added, sorted by (graph, line), so the file is byte-stable.
"""
from __future__ import annotations

from collections.abc import Iterable

from rdflib import URIRef
from rdflib.namespace import PROV, RDF

from kg.export.rdf import render_ntriples
from kg.vocab import KG


def evidence_graphs(data: Iterable[tuple]) -> dict[str, str]:
    """``"<evidence IRI>"`` -> ``"<paper IRI>"`` (N-Triples term syntax) for every evidence node.

    ``data``: the export's triples (:func:`kg.export.rdf.rdf_triples`) or an rdflib Graph.
    """
    evidence: set = set()
    derived: dict = {}
    for s, p, o in data:
        if p == RDF.type and o == KG.Evidence:
            evidence.add(s)
        elif p == PROV.wasDerivedFrom:
            derived[s] = o
    return {f"<{ev}>": f"<{derived[ev]}>" for ev in evidence
            if isinstance(ev, URIRef) and isinstance(derived.get(ev), URIRef)}


def render_nquads(g, ntriples: str | None = None) -> str:
    """N-Quads of ``g``; pass ``ntriples`` (``render_ntriples(g)``) to reuse work already done."""
    if ntriples is None:
        ntriples = render_ntriples(g)
    graphs = evidence_graphs(g)
    default: list[str] = []
    named: list[tuple[str, str]] = []
    for line in ntriples.splitlines():
        if not line.strip():
            continue
        subject = line.split(" ", 1)[0]
        graph = graphs.get(subject)
        if graph is None:
            default.append(line)
        else:
            # an N-Triples line ends with " ."; the graph term goes before the dot
            named.append((graph, f"{line[:-1].rstrip()} {graph} ."))
    default.sort()
    named.sort()
    return "".join(line + "\n" for line in default) + "".join(line + "\n" for _g, line in named)
