#!/usr/bin/env python3
"""Check a build's entity labels: no list ("A and B"), no sentence fragment, no acronym definition inside.

    python scripts/check_labels.py exports/          # prints offenders, exits 1 if any

The same tests resolve applies (kg.resolve.labels), run over the exported graph: a list is a
coordinated label whose every part is another entity's name (or looks like a model's name).
"""
from __future__ import annotations

import sys

import kg
from kg.names import entity_key
from kg.resolve.labels import ListKind, abbreviates, around_definition, list_kind, repair


def offenders(g) -> list[tuple[str, str, str]]:
    """(entity id, label, why) for every label that is not a name."""
    ents = {n: d for n, d in g.nodes(data=True) if d.get("kind") != "paper" and d.get("type") != "Paper"}
    known = {entity_key(d.get("label", "")) for d in ents.values()}
    out = []
    for n, d in sorted(ents.items()):
        label = d.get("label", "")
        named = any(abbreviates(a, label) for a in d.get("aliases") or [])  # a long form: "Positive and Unlabeled"
        if not named and list_kind(label, known - {entity_key(label)}) is ListKind.LIST:
            out.append((n, label, "list"))
        elif around_definition(label):
            out.append((n, label, "holds an acronym definition"))
        elif repair(label) != label:
            out.append((n, label, "fragment"))
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    g = kg.load_graph(argv[0])
    bad = offenders(g)
    for n, label, why in bad:
        print(f"{why}\t{n}\t{label}")
    total = sum(1 for _, d in g.nodes(data=True) if d.get("kind") != "paper" and d.get("type") != "Paper")
    print(f"{len(bad)} of {total} entity labels are not names", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
