"""Which methods are reused across papers, and by which papers.

    kg build examples/icml2026.txt --out exports
    python examples/reused_methods.py exports
"""
import sys

import kg
from kg.errors import KgError


def main(exports: str) -> None:
    g = kg.load_graph(exports)
    methods = [(data["label"], data["papers"]) for _, data in g.nodes(data=True)
               if data["type"] == "Method" and len(data["papers"]) >= 2]
    methods.sort(key=lambda m: (-len(m[1]), m[0].lower()))
    for label, papers in methods:
        print(f"{label}  ({len(papers)} papers)")
        for paper in papers:
            title = g.nodes[paper]["label"]
            print(f"    {title[:90]}")
    print(f"{len(methods)} methods appear in two or more papers")


if __name__ == "__main__":
    try:
        main(sys.argv[1] if len(sys.argv) > 1 else "exports")
    except KgError as exc:
        sys.exit(f"error: {exc}")
