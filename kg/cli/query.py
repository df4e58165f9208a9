"""``kg query``, ``kg serve`` and ``kg validate``: SPARQL over a build and SHACL validation."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from kg.errors import InputError


@click.command()
@click.argument("query_or_file", metavar="QUERY_OR_FILE")
@click.argument("more_data", nargs=-1, type=click.Path(path_type=Path), metavar="[FILE]...")
@click.option("--store", "store_dir", type=click.Path(path_type=Path),
              help="Build folder (or its store/ folder) to query. Default: exports.")
@click.option("--data", "data_files", multiple=True, type=click.Path(path_type=Path),
              help="Query these RDF files instead (.ttl, .nt, .nq, .jsonld, .trig, .rdf), loaded in memory: "
                   "--data FILE [FILE]...")
@click.option("--format", "fmt", default="table", show_default=True,
              type=click.Choice(["table", "csv", "tsv", "json", "xml", "turtle", "ntriples"]),
              help="table/csv/tsv/json/xml for SELECT and ASK (json = SPARQL 1.1 Query Results JSON); "
                   "turtle (also table), ntriples, json (JSON-LD), xml (RDF/XML), csv/tsv for CONSTRUCT "
                   "and DESCRIBE.")
def query(query_or_file: str, more_data: tuple[Path, ...], store_dir: Path | None, data_files: tuple[Path, ...],
          fmt: str) -> None:
    """Run a SPARQL SELECT, ASK, CONSTRUCT or DESCRIBE query.

    QUERY_OR_FILE is the query text, a .rq file (see queries/) or - for stdin.
    The prefixes kg, rdf, rdfs, owl, xsd, skos, dcterms, schema, prov, mls,
    lpwcc and lpwcp are predeclared, and the default graph is the union of all
    graphs (each paper's evidence is in a named graph named by the paper IRI).

    \b
    kg query 'SELECT ?m WHERE { ?m a kg:Method } LIMIT 5'
    kg query queries/methods_per_task.rq --store exports --format csv
    kg query queries/methods_in_category.rq --data exports/graph.nq ontology/vocab/methods.ttl
    """
    from kg.sparql.store import format_result, load_files, open_store, read_query, run_query

    if more_data and not data_files:
        raise click.UsageError(f"unexpected argument {more_data[0]} (RDF files go after --data)")
    data_files = (*data_files, *more_data)
    if store_dir is not None and data_files:
        raise click.UsageError("give --store or --data, not both")
    text = read_query(query_or_file)
    store = load_files(data_files) if data_files else open_store(store_dir or Path("exports"))
    out = format_result(run_query(store, text), fmt)
    sys.stdout.buffer.write(out)
    sys.stdout.flush()


@click.command()
@click.argument("directory", metavar="DIR", type=click.Path(path_type=Path), default="exports")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to listen on. Only this machine can connect to the default.")
@click.option("--port", default=7878, show_default=True, type=click.IntRange(0, 65535),
              help="Port (0 picks a free one).")
@click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(min=0.001),
              help="Seconds a query may run before it is stopped with a 503.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Query worker processes (queries that may run at the same time).")
@click.option("-q", "--quiet", is_flag=True, help="Do not log requests.")
def serve(directory: Path, host: str, port: int, timeout: float, workers: int, quiet: bool) -> None:
    """Serve DIR (a build folder) as a read-only SPARQL endpoint, and its graph.html.

    \b
    Endpoint: http://HOST:PORT/sparql  (SPARQL 1.1 Protocol, GET and POST)
    Explorer: http://HOST:PORT/
    Stop with Ctrl-C.
    """
    from kg.sparql.serve import serve as run_server

    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: listening on {host}: other machines can query this endpoint", err=True)

    def ready(url: str) -> None:
        click.echo(f"SPARQL endpoint  {url}/sparql")
        click.echo(f"graph explorer   {url}/")
        click.echo("press Ctrl-C to stop")
        sys.stdout.flush()

    run_server(directory, host=host, port=port, timeout=timeout, workers=workers, quiet=quiet, ready=ready)
    click.echo("stopped", err=True)


@click.command()
@click.argument("target", metavar="DIR_OR_FILE", type=click.Path(path_type=Path), default="exports")
@click.option("--shapes", type=click.Path(path_type=Path, exists=True, dir_okay=False),
              help="SHACL shapes (Turtle). Default: ontology/shapes.ttl.")
@click.option("--max", "limit", default=200, show_default=True, type=click.IntRange(min=0),
              help="Print at most this many results (0: all).")
def validate(target: Path, shapes: Path | None, limit: int) -> None:
    """Check a build (or an RDF file) against the SHACL shapes of the ontology.

    Prints one line per violation (focus node, path, message) and exits 1 if
    there is any; warnings are printed but do not fail.
    """
    from kg.sparql.validate import format_report, validate_path

    report = validate_path(target, shapes)
    for line in format_report(report, limit=limit):
        click.echo(line)
    if report.violations:
        n = len(report.violations)
        raise InputError(f"{target}: {n} SHACL violation{'s' if n != 1 else ''}")
    click.echo(f"ok: {target} conforms to {report.shapes_name}"
               + (f" ({len(report.warnings)} warnings)" if report.warnings else ""), err=True)


COMMANDS = [query, serve, validate]
