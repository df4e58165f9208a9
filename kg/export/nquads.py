"""N-Quads export: the RDF graph as a dataset with one named graph per paper's evidence.

The default graph holds papers, venues, entities and the direct relation
triples; every ``kg:Evidence`` node (all of its triples) goes into the named
graph of the paper it was derived from (``prov:wasDerivedFrom``), named by the
paper IRI itself. Query the file (or the store built from it) with the default
graph as the union of all graphs to see the same triples as ``graph.nt``; use
``GRAPH <paper> { ... }`` to look at one paper's evidence only.

The lines are the N-Triples lines of :func:`kg.export.rdf.render_ntriples`, the
evidence ones with a graph term added, sorted by (graph, line), so the file is
byte-stable.
"""
from __future__ import annotations

from rdflib import Graph
from rdflib.namespace import PROV, RDF

from kg.export.rdf import Triple, nt_triples
from kg.vocab import KG

_TYPE, _EVIDENCE, _DERIVED = f"<{RDF.type}>", f"<{KG.Evidence}>", f"<{PROV.wasDerivedFrom}>"


def evidence_graphs(data: Graph | list[Triple]) -> dict[str, str]:
    """``"<evidence IRI>"`` -> ``"<paper IRI>"`` (N-Triples term syntax) for every evidence node.

    ``data``: the export's triples (:func:`kg.export.rdf.rdf_triples`) or an rdflib Graph.
    """
    evidence: set[str] = set()
    derived: dict[str, str] = {}
    for s, p, o in nt_triples(data):
        if p == _TYPE and o == _EVIDENCE:
            evidence.add(s)
        elif p == _DERIVED:
            derived[s] = o
    return {ev: derived[ev] for ev in evidence
            if ev.startswith("<") and derived.get(ev, "").startswith("<")}


def split_nquads(data: Graph | list[Triple]) -> tuple[str, str]:
    """The N-Quads of ``data`` in two parts: the default graph's lines, then the named graphs' lines.

    ``graph.nq`` is the two joined; the store needs the second only (with ``graph.nt``).
    """
    triples = nt_triples(data)
    graphs = evidence_graphs(triples)
    default: list[str] = []
    named: dict[str, list[str]] = {}
    for s, p, o in triples:
        graph = graphs.get(s)
        if graph is None:
            default.append(f"{s} {p} {o} .")
        else:
            named.setdefault(graph, []).append(f"{s} {p} {o} {graph} .")
    # the triples come sorted, so these sorts only confirm the order: (graph, line)
    default.sort()
    for lines in named.values():
        lines.sort()
    return _joined(default), _joined([line for graph in sorted(named) for line in named[graph]])


def _joined(lines: list[str]) -> str:
    """The lines, each ended by a newline (joined with an empty last line: no copy of the text to add it)."""
    return "\n".join([*lines, ""]) if lines else ""


def render_nquads(data: Graph | list[Triple]) -> str:
    """N-Quads of ``data`` (the export's triples or an rdflib Graph)."""
    default, named = split_nquads(data)
    return default + named
