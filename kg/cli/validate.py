"""``kg validate``: SHACL validation of a build (or an RDF file) against kg's shapes."""
from __future__ import annotations

from pathlib import Path

import click

from kg.errors import ValidationError


@click.command()
@click.argument("target", metavar="DIR_OR_FILE", type=click.Path(path_type=Path), default="exports")
@click.option("--shapes", type=click.Path(path_type=Path, exists=True, dir_okay=False),
              help="SHACL shapes (Turtle). Default: kg's own (kg/sparql/shapes.ttl, documented in ontology/README.md).")
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
        raise ValidationError(f"{target}: {n} SHACL violation{'s' if n != 1 else ''}")
    click.echo(f"ok: {target} conforms to {report.shapes_name}"
               + (f" ({len(report.warnings)} warnings)" if report.warnings else ""), err=True)
