"""``kg export``: a built graph as GEXF, node-link JSON, Neo4j CSV or GraphML for other tools."""
from __future__ import annotations

from pathlib import Path

import click

from kg.api import graph_folder
from kg.atomic import write_text_atomically
from kg.errors import UsageError

EXPORTS = {
    "gexf": "graph.gexf",
    "nodelink": "graph.nodelink.json",
    "neo4j": "neo4j",
    "graphml": "graph.graphml",
}


@click.command()
@click.argument("graph_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(sorted(EXPORTS)), required=True,
              help="gexf (Gephi), nodelink (node-link JSON), neo4j (CSV for neo4j-admin import) or graphml.")
@click.option("--out", "out", type=click.Path(path_type=Path),
              help="Output file (a folder for neo4j).  [default: DIR/graph.gexf, DIR/graph.nodelink.json, "
                   "DIR/neo4j/, DIR/graph.graphml]")
def export(graph_dir: Path, fmt: str, out: Path | None) -> None:
    """Export the graph built into DIR for other tools.

    GEXF and GraphML hold scalar attributes only (lists are JSON strings);
    node-link JSON keeps lists; neo4j writes papers.csv, entities.csv,
    relationships.csv and import.sh for `neo4j-admin database import full`.
    """
    from kg.api import load_graph

    g = load_graph(graph_dir)
    target = out or graph_folder(graph_dir) / EXPORTS[fmt]
    if fmt == "neo4j":
        from kg.export.neo4j import render_neo4j

        if target.exists() and not target.is_dir():
            raise UsageError(f"{target}: --out for neo4j must be a folder")
        files = render_neo4j(g)
        for name, text in files.items():
            write_text_atomically(target / name, text, 0o777 if name.endswith(".sh") else 0o666)
        click.echo(f"wrote {', '.join(str(target / n) for n in files)}")
        return
    if target.is_dir():
        raise UsageError(f"{target}: is a folder; give --out a file name")
    if fmt == "gexf":
        from kg.export.gexf import render_gexf

        text = render_gexf(g)
    elif fmt == "nodelink":
        from kg.export.nodelink import render_nodelink

        text = render_nodelink(g)
    else:
        import networkx as nx

        from kg.export.graphml import scalar_copy

        text = "\n".join(nx.generate_graphml(scalar_copy(g))) + "\n"
    write_text_atomically(target, text)
    click.echo(f"wrote {target}")
