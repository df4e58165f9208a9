"""``kg build``: abstracts in; RDF, GraphML, HTML and the SPARQL store out (see :func:`kg.build.build`)."""
from __future__ import annotations

import atexit
import gc
import sys
from pathlib import Path

import click

from kg.rdf import DEFAULT_BASE_IRI


def _check_base_iri(ctx, param, value: str) -> str:
    from kg.rdf.iri import base_iri_problem

    problem = base_iri_problem(value)
    if problem:
        raise click.BadParameter(problem)
    return value if value.endswith(("/", "#", ":")) else value + "/"


def _check_jobs(ctx, param, value: str) -> int | None:
    if value == "auto":
        return None
    try:
        jobs = int(value)
    except ValueError:
        jobs = -1
    if not 0 <= jobs <= 256:
        raise click.BadParameter(f"{value!r}: a number of processes from 0 to 256, or auto")
    return jobs


@click.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "out_dir", default="exports", show_default=True, type=click.Path(path_type=Path),
              help="Folder for graph.ttl, graph.nt, graph.jsonld, graph.graphml and graph.html.")
@click.option("--base-iri", default=DEFAULT_BASE_IRI, show_default=True, callback=_check_base_iri,
              help="Base IRI for papers, entities and evidence in the RDF.")
@click.option("--lexicon", "lexicons", multiple=True, type=click.Path(path_type=Path, exists=True, dir_okay=False),
              help="Extra vocabulary (TSV/CSV with term,type[,canonical,...] columns, or SKOS Turtle). Repeatable.")
@click.option("-j", "--jobs", default="auto", show_default=True, callback=_check_jobs, metavar="N|auto",
              help="Worker processes for extraction: auto = one process for fewer than 1,000 papers to extract "
                   "(after the cache), else one per CPU; 0 = one per CPU. With 2 or more, a writer process writes Turtle "
                   "and JSON-LD meanwhile. Output does not depend on it.")
@click.option("--cache/--no-cache", "use_cache", default=True, show_default=True,
              help="Reuse extraction records from earlier builds (only new or changed papers are extracted).")
@click.option("--cache-dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help="Folder of the extraction cache [default: $KG_CACHE_DIR, else ~/.cache/kg]. `kg cache clear` empties it.")
@click.option("--update", is_flag=True,
              help="Add INPUT to the build already in --out: the result equals a full build of its inputs plus INPUT.")
@click.option("--scheduler", metavar="tcp://HOST:PORT", default=None,
              help="Extract on this Dask distributed cluster (needs pip install 'kg[dask]').")
@click.option("--dask-workers", type=click.IntRange(0, 1024), default=0, metavar="N",
              help="Extract on a local Dask cluster of N worker processes (needs pip install 'kg[dask]').")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary.")
def build(inputs: tuple[Path, ...], out_dir: Path, base_iri: str, lexicons: tuple[Path, ...], jobs: int | None,
          use_cache: bool, cache_dir: Path | None, update: bool, scheduler: str | None, dask_workers: int,
          quiet: bool) -> None:
    """Build the knowledge graph of INPUT files into --out.

    INPUT is plain text (first line the collection, e.g. "ICML 2026 Papers", then
    one abstract per blank-line-separated paragraph), JSON Lines or CSV with
    fields id, title, abstract, venue, year, url, authors, keywords.
    Exports are written atomically: a failed build leaves earlier files intact.
    Each paper's extraction is cached, so a rebuild extracts only new or changed
    papers; --update adds papers to an earlier build in --out.
    """
    from tqdm import tqdm

    from kg.build import Workers
    from kg.build import build as run_build
    from kg.workers import cpu_count

    _exit_without_collecting()
    if scheduler and dask_workers:
        raise click.UsageError("give --scheduler or --dask-workers, not both")
    workers = Workers(jobs=cpu_count() if jobs == 0 else jobs, scheduler=scheduler, dask_workers=dask_workers,
                      cache=use_cache, cache_dir=cache_dir)
    bar = tqdm(unit=" papers", desc="extracting", disable=True if quiet else None, file=sys.stderr,
               mininterval=0.5, leave=False)
    try:
        result = run_build(inputs, out_dir, base_iri=base_iri, lexicons=lexicons, progress=bar.update,
                           workers=workers, update=update)
    finally:
        bar.close()
    for msg in result.skipped:
        click.echo(f"warning: skipped {msg}", err=True)
    if quiet:
        return
    s = result.summary()
    click.echo(f"papers     {s['papers']}" + (f"  ({s['skipped']} bad records skipped)" if s["skipped"] else ""))
    click.echo("entities   " + ", ".join(f"{t} {n}" for t, n in s["entities"].items())
               + f"  (total {sum(s['entities'].values())})")
    click.echo("relations  " + (", ".join(f"{p} {n}" for p, n in s["relations"].items()) or "none")
               + f"  (mentions {s['mentions']}, code links {s['code_links']})")
    click.echo(f"wrote      {', '.join(str(p) for p in result.files)}")
    html = out_dir / "graph.html"
    click.echo(f"open       file://{html.resolve()}")


def _exit_without_collecting() -> None:
    """Let the interpreter exit without walking the heap: gc.freeze() right before it shuts down.

    After a build the heap holds about a million objects (spaCy, the graph, the exports), and
    the full garbage collections of the interpreter's shutdown walk all of them to find next
    to no cycles: about 0.5 s of a 1,000-abstract build. Frozen objects are skipped by those
    collections; reference counting still frees (and closes) everything as usual.
    """
    atexit.unregister(gc.freeze)  # once, however many builds run in this process
    atexit.register(gc.freeze)
