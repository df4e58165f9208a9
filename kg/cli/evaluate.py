"""``kg eval``: score an exported graph against gold annotations (see :mod:`kg.evaluate`)."""
from __future__ import annotations

import json
from pathlib import Path

import click


@click.command("eval")
@click.argument("graph", type=click.Path(path_type=Path))
@click.argument("gold", type=click.Path(path_type=Path))
@click.option("--format", "fmt", default="table", show_default=True, type=click.Choice(["table", "json"]),
              help="table: human-readable figures; json: every figure as one JSON object.")
@click.option("--show-misses", is_flag=True, help="List missed gold items and extra (unmatched) entities.")
def eval_command(graph: Path, gold: Path, fmt: str, show_misses: bool) -> None:
    """Score GRAPH (an exported RDF file, or a build folder -> its graph.ttl) against GOLD.

    GOLD is a gold file in the seed-gold.txt format (entities, relations, code
    links, merges; the same figures as shared/eval/score.py), a SciERC file
    (DyGIE json: doc_key, sentences, ner, clusters) or a SciREX abstract-level
    jsonl (salient entities).  Papers are found by their abstract text.

    \b
    kg eval exports ../shared/eval/seed-gold.txt
    kg eval exports/graph.ttl ../shared/benchmarks/scierc/dev.json --format json
    """
    from kg.evaluate import GraphView, evaluate, format_table, load_gold

    gold_data = load_gold(gold)          # gold first: a bad gold file fails fast
    res = evaluate(GraphView(graph), gold_data, show_misses=show_misses)
    if fmt == "json":
        click.echo(json.dumps(res if show_misses else {k: v for k, v in res.items() if k != "misses"}, indent=2))
    else:
        click.echo(format_table(res, show_misses))
