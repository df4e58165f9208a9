"""CSV files for ``neo4j-admin database import`` (bulk load into a new Neo4j database).

:func:`render_neo4j` returns file name → text:

* ``papers.csv`` — ``id:ID,label,:LABEL,title,venue,year:int,url,abstract,code:string[]``
  (label ``Paper``)
* ``entities.csv`` — ``id:ID,label,:LABEL,type,aliases:string[],papers:string[],paper_count:int,vocabulary:string[]``
  (labels ``Entity`` plus the entity type, e.g. ``Entity;Method``)
* ``relationships.csv`` — ``:START_ID,:END_ID,:TYPE,predicate,paper,sentence,section,start:int,end:int,component,confidence:float``
  (types ``MENTIONS``, ``PROPOSES``, ``ADDRESSES``, ``USES``, ``EVALUATED_ON``, ``OUTPERFORMS``)
* ``import.sh`` — the ``neo4j-admin database import full`` command for these files.

Arrays use Neo4j's default ``;`` delimiter (a ``;`` inside an item becomes
``,``); unknown years are empty (null).  Rows are in graph order, so the
files are byte-stable.
"""
from __future__ import annotations

import csv
import io
import re

import networkx as nx

from kg.export.graphml import to_networkx
from kg.graph.model import KnowledgeGraph

PAPER_COLUMNS = [("id:ID", "id"), ("label", "label"), (":LABEL", None), ("title", "title"), ("venue", "venue"),
                 ("year:int", "year"), ("url", "url"), ("abstract", "abstract"), ("code:string[]", "code")]
ENTITY_COLUMNS = [("id:ID", "id"), ("label", "label"), (":LABEL", None), ("type", "type"),
                  ("aliases:string[]", "aliases"), ("papers:string[]", "papers"), ("paper_count:int", "paper_count"),
                  ("vocabulary:string[]", "vocabulary")]
EDGE_COLUMNS = [(":START_ID", None), (":END_ID", None), (":TYPE", None), ("predicate", "predicate"),
                ("paper", "paper"), ("sentence", "sentence"), ("section", "section"), ("start:int", "start"),
                ("end:int", "end"), ("component", "component"), ("confidence:float", "confidence")]
ARRAY_DELIMITER = ";"

IMPORT_SH = """#!/bin/sh
# Bulk-load these CSVs into a NEW Neo4j database (default name: neo4j; stop it first).
# Run from this folder, or copy the files into Neo4j's import/ directory.
DB="${1:-neo4j}"
neo4j-admin database import full "$DB" \\
  --nodes=papers.csv --nodes=entities.csv --relationships=relationships.csv \\
  --multiline-fields=true --overwrite-destination=true
"""


def rel_type(predicate: str) -> str:
    """``evaluatedOn`` -> ``EVALUATED_ON`` (Neo4j's convention for relationship types)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", predicate).upper() or "RELATED_TO"


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ARRAY_DELIMITER.join(str(v).replace(ARRAY_DELIMITER, ",") for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _csv(header: list[str], rows: list[list[str]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
    w.writerow(header)
    w.writerows(rows)
    return buf.getvalue()


def render_neo4j(graph: KnowledgeGraph | nx.MultiDiGraph) -> dict[str, str]:
    """The graph as ``neo4j-admin`` import files: file name -> CSV text (plus ``import.sh``)."""
    g = to_networkx(graph) if isinstance(graph, KnowledgeGraph) else graph
    papers, entities, edges = [], [], []
    for n, d in g.nodes(data=True):
        if d.get("kind") == "paper" or d.get("type") == "Paper":
            row = []
            for _col, attr in PAPER_COLUMNS:
                if attr is None:
                    row.append("Paper")
                elif attr == "id":
                    row.append(n)
                elif attr == "year":
                    row.append(_cell(d.get("year") or None))
                else:
                    row.append(_cell(d.get(attr, "")))
            papers.append(row)
        else:
            row = []
            for _col, attr in ENTITY_COLUMNS:
                if attr is None:
                    row.append(ARRAY_DELIMITER.join(["Entity", d["type"]]) if d.get("type") else "Entity")
                elif attr == "id":
                    row.append(n)
                else:
                    row.append(_cell(d.get(attr, "")))
            entities.append(row)
    for u, v, d in g.edges(data=True):
        edges.append([u, v, rel_type(d.get("predicate", ""))]
                     + [_cell(d.get(attr, "")) for _col, attr in EDGE_COLUMNS[3:]])
    return {
        "papers.csv": _csv([c for c, _ in PAPER_COLUMNS], papers),
        "entities.csv": _csv([c for c, _ in ENTITY_COLUMNS], entities),
        "relationships.csv": _csv([c for c, _ in EDGE_COLUMNS], edges),
        "import.sh": IMPORT_SH,
    }
