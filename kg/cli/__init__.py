"""The ``kg`` command line: a thin click layer over the library, one module per command.

Each module of this package defines one click command; :data:`COMMANDS` registers them
explicitly.  Modules import only click and light kg modules at the top (the library behind a
command loads inside it), so ``kg --help`` starts fast: no rdflib, spaCy or networkx.
Expected failures are :class:`kg.errors.KgError` subclasses, printed as one line by
:class:`KgGroup`: the only place an error becomes a message.
"""
from __future__ import annotations

import click

from kg.cli import build, cache, evaluate, export, query, serve, stats, validate, view
from kg.errors import KgError


class KgGroup(click.Group):
    """Turns expected failures into one-line errors instead of tracebacks."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KgError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(1)
        except OSError as exc:
            where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
            click.echo(f"error: {exc.strerror or exc}{where}", err=True)
            ctx.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)


@click.group(cls=KgGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="kg")
def main() -> None:
    """Build knowledge graphs of ML research from paper abstracts.

    Start with `kg build examples/icml2026.txt`, then open exports/graph.html
    or query exports/graph.ttl with SPARQL.
    """


#: Every ``kg`` subcommand, in the order ``kg --help`` lists them (click sorts them by name).
COMMANDS: tuple[click.Command, ...] = (
    build.build,              # kg build     abstracts -> exports and the SPARQL store
    query.query,              # kg query     SPARQL over the store or RDF files
    serve.serve,              # kg serve     SPARQL 1.1 Protocol endpoint
    validate.validate,        # kg validate  SHACL
    view.view,                # kg view      HTML explorer page
    stats.stats,              # kg stats     graph analytics
    export.export,            # kg export    GEXF, node-link JSON, Neo4j CSV, GraphML
    evaluate.eval_command,    # kg eval      scoring against gold
    cache.cache,              # kg cache     the extraction cache (info, clear)
)
for _command in COMMANDS:
    main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    main()
