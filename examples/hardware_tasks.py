"""Which hardware concepts co-occur with which tasks (papers mentioning both).

    kg build examples/icml2026.txt --out exports
    python examples/hardware_tasks.py exports
"""
import sys
from collections import Counter
from itertools import product

import kg
from kg.errors import KgError


def main(exports: str) -> None:
    g = kg.load_graph(exports)
    # each entity node lists the papers that mention it
    by_paper: dict[str, dict[str, set[str]]] = {}
    for node, data in g.nodes(data=True):
        if data["type"] in ("HardwareConcept", "Task"):
            for paper in data["papers"]:
                by_paper.setdefault(paper, {"HardwareConcept": set(), "Task": set()})[data["type"]].add(data["label"])
    pairs = Counter()
    for kinds in by_paper.values():
        pairs.update(product(kinds["HardwareConcept"], kinds["Task"]))
    print(f"{'hardware concept':<28} {'task':<40} papers")
    for (hw, task), n in sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0][0].lower(), kv[0][1].lower()))[:25]:
        print(f"{hw:<28.28} {task:<40.40} {n}")
    print(f"{len(pairs)} hardware-task pairs in {sum(1 for k in by_paper.values() if all(k.values()))} papers")


if __name__ == "__main__":
    try:
        main(sys.argv[1] if len(sys.argv) > 1 else "exports")
    except KgError as exc:
        sys.exit(f"error: {exc}")
