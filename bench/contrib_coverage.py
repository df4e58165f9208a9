#!/usr/bin/env python3
"""How many papers of a build have a contribution and a task, as a SPARQL user would count them.

    python bench/contrib_coverage.py BUILD_DIR          # a `kg build` output folder (its store/)
    python bench/contrib_coverage.py BUILD_DIR --sample 20 --seed 1   # also list 20 random papers

Counts: papers; papers with no `kg:proposes`; papers with a task link (a direct `kg:addresses`
or one through what they propose); papers with any `kg:evaluatedOn` (direct or through what they
propose). The sample prints each paper's title and what it proposes, for reading by hand.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import pyoxigraph

KG = "https://w3id.org/kg-ml/ontology#"
PREFIX = f"PREFIX kg: <{KG}> PREFIX dcterms: <http://purl.org/dc/terms/> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"


def count(store, where: str) -> int:
    q = PREFIX + f"SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE {{ ?p a kg:Paper . {where} }}"
    return int(next(iter(store.query(q)))["n"].value)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build", type=Path)
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    store = pyoxigraph.Store.read_only(str(args.build / "store"))
    papers = count(store, "")
    no_prop = papers - count(store, "?p kg:proposes ?x .")
    task = count(store, "{ ?p kg:addresses ?t } UNION { ?p kg:proposes ?x . ?x kg:addresses ?t }")
    evald = count(store, "{ ?p kg:evaluatedOn ?d } UNION { ?p kg:proposes ?x . ?x kg:evaluatedOn ?d }")
    print(f"papers {papers}  without proposes {no_prop}  with a task link {task}  with evaluatedOn {evald}")
    if args.sample:
        rows = store.query(PREFIX + "SELECT ?p ?t WHERE { ?p a kg:Paper ; dcterms:title ?t } ORDER BY ?p")
        items = sorted((str(r["p"].value), r["t"].value) for r in rows)
        for iri, title in random.Random(args.seed).sample(items, min(args.sample, len(items))):
            props = sorted(r["l"].value for r in store.query(
                PREFIX + f"SELECT DISTINCT ?l WHERE {{ <{iri}> kg:proposes ?x . ?x rdfs:label ?l }}"))
            print(f"- {title}\n    proposes: {'; '.join(props) or '(nothing)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
