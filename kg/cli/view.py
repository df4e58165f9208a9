"""`kg view`: write (and open) an HTML explorer page of a built graph, whole or around one node."""
from __future__ import annotations

import webbrowser
from pathlib import Path

import click

from kg.views.selection import DEFAULT_MAX_NODES


@click.command()
@click.argument("graph_dir", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--focus", metavar="LABEL",
              help="Show the neighbourhood of the node with this label, alias, paper title or id "
                   "(ignoring case and hyphens; a unique part of a label works too).")
@click.option("--max-nodes", type=click.IntRange(min=0), default=DEFAULT_MAX_NODES, show_default=True,
              help="Draw at most this many nodes at first: a bigger graph shows its most central part, "
                   "a neighbourhood its closest nodes; every node stays searchable.  0: no limit.")
@click.option("--depth", type=click.IntRange(1, 3), default=2, show_default=True,
              help="With --focus: how many links away from the node to go.")
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False),
              help="The page to write.  [default: DIR/view.html, or DIR/view-<node>.html with --focus]")
@click.option("--open", "open_page", is_flag=True, help="Open the page in the default web browser.")
def view(graph_dir: Path, focus: str | None, max_nodes: int, depth: int, out: Path | None, open_page: bool) -> None:
    """Write an interactive HTML view of the graph built into DIR.

    One self-contained page that works offline: search over every paper and
    concept of the build (choosing one draws it with its neighbourhood), named
    clusters, filters by type, predicate and number of papers, and a details
    panel with papers, related papers and evidence sentences.  Graphs above
    --max-nodes nodes draw their most central part first; --focus LABEL writes
    a page around one node.

    \b
    kg view exports --open
    kg view exports --focus "MCFlow" --depth 1
    """
    from kg.api import write_view

    result = write_view(graph_dir, out=out, focus=focus, max_nodes=max_nodes or None, depth=depth)
    v = result.view
    s = v.summary()
    if v.focus:
        node = v.source.papers.get(v.focus) or v.source.entities.get(v.focus)
        kind = "Paper" if v.focus in v.source.papers else getattr(node, "type", "")
        click.echo(f"focus      {v.source.label_of(v.focus)} ({kind}, id {v.focus})")
        if result.alternatives:
            others = ", ".join(v.source.label_of(a) for a in result.alternatives[:5])
            more = f" and {len(result.alternatives) - 5} more" if len(result.alternatives) > 5 else ""
            click.echo(f"also       matched {others}{more}; give a fuller label or the id to pick one", err=True)
    shown = s["papers_shown"] + s["entities_shown"]
    total = s["papers_total"] + s["entities_total"]
    what = {"full": "the whole graph", "central": "the most central part",
            "focus": f"the neighbourhood within {v.depth} link(s)"}[v.mode]
    click.echo(f"showing    {what}: {shown:,} of {total:,} nodes "
               f"({s['papers_shown']:,} papers, {s['entities_shown']:,} entities)")
    click.echo(f"wrote      {result.path}")
    uri = result.path.resolve().as_uri()
    click.echo(f"open       {uri}")
    if open_page and not webbrowser.open(uri):
        click.echo("warning: could not start a web browser; open the page by hand", err=True)
