"""`kg cache info` and `kg cache clear`: the extraction cache that `kg build` reuses."""
from __future__ import annotations

from pathlib import Path

import click

_DIR = click.option("--cache-dir", type=click.Path(path_type=Path, file_okay=False), default=None,
                    help="The cache's folder [default: $KG_CACHE_DIR, else ~/.cache/kg].")


@click.group()
def cache() -> None:
    """The extraction cache: each paper's extraction record from earlier builds.

    A record is reused only by a build with the same paper and the same pipeline
    (code, data files, lexicons), so it is always safe to keep; clear it to free disk.
    """


@cache.command()
@_DIR
def info(cache_dir: Path | None) -> None:
    """Where the cache is, how many records it holds and how big it is."""
    from kg.cache import ExtractionCache, pipeline_version

    with ExtractionCache(cache_dir) as store:
        s = store.stats()
        current = store.count(pipeline_version())
    click.echo(f"cache      {s.path}")
    click.echo(f"records    {s.records} ({current} for the current pipeline without extra lexicons; "
               f"{s.versions} pipeline versions)")
    click.echo(f"size       {s.bytes / 1e6:.1f} MB")


@cache.command()
@_DIR
@click.option("--stale", is_flag=True, help="Only records of other pipeline versions (older code or lexicons).")
def clear(cache_dir: Path | None, stale: bool) -> None:
    """Delete the cached records (all, or with --stale those no current build can use)."""
    from kg.cache import ExtractionCache, pipeline_version

    with ExtractionCache(cache_dir) as store:
        n = store.clear(keep_version=pipeline_version() if stale else None)
        path = store.path
    click.echo(f"deleted {n} records from {path}")
