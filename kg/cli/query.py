"""``kg query``: a SPARQL query over a build's store or over RDF files."""
from __future__ import annotations

import sys
from pathlib import Path

import click


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
@click.option("--allow-service", "allow_service", multiple=True, metavar="IRI",
              help="An endpoint a SPARQL SERVICE clause may call (repeatable); without it SERVICE is refused.")
def query(query_or_file: str, more_data: tuple[Path, ...], store_dir: Path | None, data_files: tuple[Path, ...],
          fmt: str, allow_service: tuple[str, ...]) -> None:
    """Run a SPARQL SELECT, ASK, CONSTRUCT or DESCRIBE query.

    QUERY_OR_FILE is the query text, a .rq file (see queries/) or - for stdin.
    The prefixes kg, rdf, rdfs, owl, xsd, skos, dcterms, schema, prov, fabio, mls,
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
    out = format_result(run_query(store, text, allow_service=allow_service), fmt)
    sys.stdout.buffer.write(out)
    sys.stdout.flush()
