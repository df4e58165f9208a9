"""`kg stats` (graph analytics of a built graph) and `kg export` (GEXF, node-link JSON, Neo4j CSV)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from kg.atomic import write_text_atomically
from kg.errors import InputError

FORMATS = ("table", "json", "markdown")
EXPORTS = {
    "gexf": "graph.gexf",
    "nodelink": "graph.nodelink.json",
    "neo4j": "neo4j",
    "graphml": "graph.graphml",
}


def _graph_dir(path: Path) -> Path:
    return path if path.is_dir() else path.parent


@click.command()
@click.argument("graph_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="table", show_default=True,
              help="Aligned text tables, JSON (every number, full lists) or Markdown.")
@click.option("--top", type=click.IntRange(1, 100), default=5, show_default=True,
              help="Entities listed per type and ranking (other lists show twice as many).")
@click.option("--plots", is_flag=True, help="Also write PNG charts (matplotlib) into --plots-dir.")
@click.option("--plots-dir", type=click.Path(path_type=Path, file_okay=False),
              help="Folder for the charts.  [default: DIR/plots]")
@click.option("--seed", type=int, default=42, show_default=True,
              help="Seed for Louvain communities and sampled betweenness.")
def stats(graph_dir: Path, fmt: str, top: int, plots: bool, plots_dir: Path | None, seed: int) -> None:
    """Statistics of the graph built into DIR (or of a .graphml/.ttl file).

    Counts by type and predicate; top entities per type by degree, papers and
    PageRank; Louvain communities named by their top members; bridging
    concepts (betweenness, sampled on big graphs); methods reused across
    papers; method-task and hardware-task co-occurrence; the most alike papers
    (Jaccard of shared entities).  The same graph always prints the same output.
    """
    from kg.analytics.report import RENDERERS
    from kg.analytics.stats import compute_stats
    from kg.api import load_graph

    g = load_graph(graph_dir)
    result = compute_stats(g, top=top, seed=seed)
    click.echo(RENDERERS[fmt](result), nl=False)
    if plots:
        try:
            from kg.analytics.plots import write_plots
        except ImportError as exc:  # pragma: no cover - matplotlib is a dependency
            raise InputError(f"--plots needs matplotlib ({exc}); install it with `pip install matplotlib`") from None
        out = plots_dir or _graph_dir(graph_dir) / "plots"
        for path in write_plots(result, out):
            click.echo(f"wrote {path}", err=True)


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
    target = out or _graph_dir(graph_dir) / EXPORTS[fmt]
    if fmt == "neo4j":
        from kg.export.neo4j import render_neo4j

        if target.exists() and not target.is_dir():
            raise InputError(f"{target}: --out for neo4j must be a folder")
        files = render_neo4j(g)
        for name, text in files.items():
            write_text_atomically(target / name, text, 0o777 if name.endswith(".sh") else 0o666)
        click.echo(f"wrote {', '.join(str(target / n) for n in files)}")
        return
    if target.is_dir():
        raise InputError(f"{target}: is a folder; give --out a file name")
    if fmt == "gexf":
        from kg.export.gexf import render_gexf as render
    elif fmt == "nodelink":
        from kg.export.nodelink import render_nodelink as render
    else:
        import networkx as nx

        from kg.export.graphml import scalar_copy

        def render(graph):
            return "\n".join(nx.generate_graphml(scalar_copy(graph))) + "\n"
    write_text_atomically(target, render(g))
    click.echo(f"wrote {target}")


COMMANDS = [stats, export]

if __name__ == "__main__":  # pragma: no cover
    sys.exit(stats())
