"""``kg stats``: graph analytics of a built graph (tables, JSON or Markdown, and optional charts)."""
from __future__ import annotations

from pathlib import Path

import click

from kg.api import graph_folder
from kg.errors import SetupError

FORMATS = ("table", "json", "markdown")


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
            raise SetupError(f"--plots needs matplotlib ({exc}); install it with `pip install matplotlib`") from None
        out = plots_dir or graph_folder(graph_dir) / "plots"
        for path in write_plots(result, out):
            click.echo(f"wrote {path}", err=True)
