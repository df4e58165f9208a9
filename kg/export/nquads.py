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

import os
from array import array
from collections.abc import Iterator
from typing import TextIO

from rdflib import Graph
from rdflib.namespace import PROV, RDF

from kg.export.rdf import Triple, nt_triples, ntriples_runs, write_pieces
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


def write_nquads_from_ntriples(path: str | os.PathLike, out: TextIO, named_out: TextIO | None = None) -> None:
    """Write the N-Quads of the sorted N-Triples file ``path`` (as :func:`write_nquads` of its triples).

    One pass writes the default graph's lines and notes, per paper, where its evidence nodes' runs of
    lines are in the file (a node's triples are one run, its type and paper among them); a second
    reads those runs back paper by paper. Only the offsets are held, never the triples.
    """
    type_evidence = f"{_TYPE} {_EVIDENCE} .\n".encode()
    derived = f" {_DERIVED} ".encode()
    runs: dict[bytes, array] = {}
    pending: list[bytes] = []
    with open(path, "rb") as fh:
        for subject, start, end in ntriples_runs(path):
            fh.seek(start)
            chunk = fh.read(end - start)
            graph = None
            if subject.startswith(b"<") and type_evidence in chunk:
                lines = chunk.split(b"\n")
                # the last prov:wasDerivedFrom of the node names its graph, as in evidence_graphs
                papers = [line[len(subject) + len(derived):-2] for line in lines
                          if line.startswith(subject + derived)]
                if any(line == subject + b" " + type_evidence[:-1] for line in lines) and papers \
                        and papers[-1].startswith(b"<"):
                    graph = papers[-1]
            if graph is None:
                pending.append(chunk)
                if len(pending) >= 4096:
                    out.write(b"".join(pending).decode("utf-8"))
                    pending.clear()
            else:
                runs.setdefault(graph, array("q")).extend((start, end))
        out.write(b"".join(pending).decode("utf-8"))
        pending.clear()
        outs = [out] if named_out is None else [out, named_out]

        def named_lines() -> Iterator[str]:
            for graph in sorted(runs, key=bytes.decode):
                tail = graph + b" .\n"  # "s p o ." becomes "s p o <graph> ."
                bounds = runs[graph]
                for k in range(0, len(bounds), 2):
                    fh.seek(bounds[k])
                    chunk = fh.read(bounds[k + 1] - bounds[k])
                    yield b"".join(line[:-1] + tail for line in chunk.split(b"\n")[:-1]).decode("utf-8")
        write_pieces(named_lines(), *outs)


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
