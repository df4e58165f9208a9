"""The build itself as a ``prov:Activity``: which kg, which pipeline, which inputs, when.

Exports must stay byte-identical for the same input, so nothing here depends on
the machine, the working directory or the clock:

* inputs are named by file name and identified by the SHA-1 of their bytes
  (``urn:sha1:<hex>``): the same file gives the same IRI wherever it lies;
* the pipeline hash is the SHA-1 of kg's version and of every data file the
  extraction reads (``kg/extract/data``: vocabularies, patterns, cue lists;
  comment lines and the Markdown documentation left out), plus any ``--lexicon`` file, so two
  builds with the same hash read the same rules (a change of code alone keeps
  it: the version says which code);
* the time is ``prov:endedAtTime`` only when ``SOURCE_DATE_EPOCH`` is set (the
  reproducible-builds convention, https://reproducible-builds.org/specs/source-date-epoch/):
  ``SOURCE_DATE_EPOCH=$(date +%s) kg build ...`` records the build time,
  ``SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)`` the commit's. Without it no
  time is written, rather than one that would make every rebuild differ.
"""
from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

#: the folder of the extraction's data files, hashed into the pipeline hash
DATA_DIR = Path(__file__).resolve().parents[1] / "extract" / "data"


@dataclass(frozen=True)
class BuildProvenance:
    """What ``kg build`` records about itself in the exports."""

    version: str
    pipeline_hash: str  # hex SHA-1, see the module docstring
    inputs: tuple[tuple[str, str], ...]  # (file name, hex SHA-1 of its bytes), in the order given
    ended: str | None = None  # xsd:dateTime from SOURCE_DATE_EPOCH, else None

    @property
    def id(self) -> str:
        """A stable id for the build's IRI: the hash of the pipeline and of the inputs."""
        text = "\x1f".join([self.version, self.pipeline_hash, *(h for _n, h in self.inputs)])
        return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def file_sha1(path: Path) -> str:
    digest = hashlib.sha1()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _rules_sha1(path: Path) -> str:
    """SHA-1 of a data file without its comment lines ("# ..."): a reworded comment changes no rule, so no hash."""
    data = path.read_bytes()
    if path.suffix in {".txt", ".tsv", ".csv", ".toml"}:
        data = b"\n".join(line for line in data.splitlines() if not line.lstrip().startswith(b"#"))
    return hashlib.sha1(data).hexdigest()


@functools.lru_cache(maxsize=2)
def _data_lines(data_dir: Path) -> bytes:
    """Each data file's relative path and rules' SHA-1, once per process: the extraction reads its data once per
    process too (:func:`kg.extract.resources.load_resources`), so this is the hash of what it runs on."""
    files = sorted(p for p in data_dir.rglob("*")
                   if p.is_file() and p.suffix != ".md" and "__pycache__" not in p.parts)  # .md: documentation
    return "".join(f"{p.relative_to(data_dir).as_posix()}\n{_rules_sha1(p)}\n" for p in files).encode("utf-8")


def pipeline_hash(version: str, lexicons: Iterable[Path] = (), data_dir: Path = DATA_DIR) -> str:
    """SHA-1 of the version, the extraction's data files (by relative path) and the user lexicons."""
    digest = hashlib.sha1(f"kg {version}\n".encode("utf-8"))
    digest.update(_data_lines(data_dir))
    for p in lexicons:
        digest.update(f"lexicon {Path(p).name}\n{file_sha1(Path(p))}\n".encode("utf-8"))
    return digest.hexdigest()


def source_date(environ: dict[str, str] | None = None) -> str | None:
    """``SOURCE_DATE_EPOCH`` as an xsd:dateTime in UTC, or None when unset or not a number."""
    value = (os.environ if environ is None else environ).get("SOURCE_DATE_EPOCH", "").strip()
    if not value.isdigit():
        return None
    return datetime.fromtimestamp(int(value), tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def build_provenance(inputs: Iterable[Path], lexicons: Iterable[Path] = (),
                     environ: dict[str, str] | None = None,
                     earlier: Iterable[tuple[str, str]] = ()) -> BuildProvenance:
    """The provenance of a build of ``inputs`` (files that exist; checked by the readers first);
    ``earlier``: the (name, SHA-1) inputs of the build an update adds to, listed first."""
    from kg import __version__

    lexicons = [Path(p) for p in lexicons]
    return BuildProvenance(
        version=__version__,
        pipeline_hash=pipeline_hash(__version__, lexicons),
        inputs=tuple(earlier) + tuple((Path(p).name, file_sha1(Path(p))) for p in inputs),
        ended=source_date(environ),
    )
