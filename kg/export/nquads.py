"""N-Quads export: the RDF graph as a dataset with one named graph per paper's evidence.

The default graph holds papers, venues, entities and the direct relation
triples; every ``kg:Evidence`` node (all of its triples) goes into the named
graph of the paper it was derived from (``prov:wasDerivedFrom``), named by the
paper IRI itself. Query the file (or the store built from it) with the default
graph as the union of all graphs to see the same triples as ``graph.nt``; use
``GRAPH <paper> { ... }`` to look at one paper's evidence only.

The lines are the N-Triples lines of :func:`kg.export.rdf.render_ntriples`, the
evidence ones with a graph term added, sorted by (graph, line), so the file is
byte-stable. :func:`write_nquads` streams them into a file.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from rdflib import Graph
from rdflib.namespace import PROV, RDF

from kg.export.rdf import Triple, nt_triples, write_pieces
from kg.rdf.namespaces import KG

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

    ``graph.nq`` is the two joined (:func:`render_nquads`); ``kg build`` gets the second part from
    :func:`write_nquads` as a file instead.
    """
    default, named = _parts(data)
    return "".join(_default_lines(default)), "".join(_named_lines(named))


def render_nquads(data: Graph | list[Triple]) -> str:
    """N-Quads of ``data`` (the export's triples or an rdflib Graph)."""
    return "".join(split_nquads(data))


def write_nquads(data: Graph | list[Triple], out: TextIO, named_out: TextIO | None = None) -> None:
    """Write the text of :func:`render_nquads` to ``out``; the named graphs' lines to ``named_out`` too.

    ``kg build`` loads the store from ``graph.nt`` and a file of the named graphs' lines alone.
    """
    default, named = _parts(data)
    write_pieces(_default_lines(default), out)
    write_pieces(_named_lines(named), *([out] if named_out is None else [out, named_out]))


def _parts(data: Graph | list[Triple]) -> tuple[list[Triple], dict[str, list[Triple]]]:
    """The triples of the default graph, and those of each named graph (``"<paper IRI>"`` -> triples).

    The triples come sorted, and so do their lines (see :func:`kg.export.rdf.write_ntriples`),
    also with the same graph term added to each: both parts keep the triples' order.
    """
    triples = nt_triples(data)
    graphs = evidence_graphs(triples)
    default: list[Triple] = []
    named: dict[str, list[Triple]] = {}
    for triple in triples:
        graph = graphs.get(triple[0])
        if graph is None:
            default.append(triple)
        else:
            named.setdefault(graph, []).append(triple)
    return default, named


def _default_lines(triples: list[Triple]) -> Iterator[str]:
    return (f"{s} {p} {o} .\n" for s, p, o in triples)


def _named_lines(named: dict[str, list[Triple]]) -> Iterator[str]:
    return (f"{s} {p} {o} {graph} .\n" for graph in sorted(named) for s, p, o in named[graph])
