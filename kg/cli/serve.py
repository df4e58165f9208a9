"""``kg serve``: a build folder as a read-only SPARQL 1.1 Protocol endpoint (and its graph.html)."""
from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command()
@click.argument("directory", metavar="DIR", type=click.Path(path_type=Path), default="exports")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to listen on. Only this machine can connect to the default.")
@click.option("--port", default=7878, show_default=True, type=click.IntRange(0, 65535),
              help="Port (0 picks a free one).")
@click.option("--timeout", default=30.0, show_default=True, type=click.FloatRange(min=0.001),
              help="Seconds a query may run before it is stopped with a 503.")
@click.option("--workers", default=4, show_default=True, type=click.IntRange(1, 64),
              help="Query worker processes (queries that may run at the same time; more than the cores, so "
                   "cheap queries get one while long ones run).")
@click.option("--allow-service", "allow_service", multiple=True, metavar="IRI",
              help="An endpoint a SPARQL SERVICE clause may call (repeatable). Without it every SERVICE is "
                   "refused: the server contacts no other host.")
@click.option("-q", "--quiet", is_flag=True, help="Do not log requests.")
def serve(directory: Path, host: str, port: int, timeout: float, workers: int, allow_service: tuple[str, ...],
          quiet: bool) -> None:
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

    run_server(directory, host=host, port=port, timeout=timeout, workers=workers, quiet=quiet, ready=ready,
               allow_service=allow_service)
    click.echo("stopped", err=True)
