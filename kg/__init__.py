"""kg: knowledge graphs of ML research from paper abstracts.

The Python API for scripts::

    import kg
    g = kg.load_graph("exports/")      # networkx MultiDiGraph, plain attributes
    rdf = kg.load_rdf("exports/")      # rdflib Graph of graph.ttl

Importing ``kg`` is light: networkx and rdflib load on first use, spaCy never.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["__version__", "load_graph", "load_rdf"]

if TYPE_CHECKING:  # pragma: no cover
    from kg.api import load_graph, load_rdf


def _package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("kg")
    except PackageNotFoundError:  # pragma: no cover - a bare checkout, not installed
        return "0.0.0"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        value = _package_version()
        globals()["__version__"] = value
        return value
    if name in ("load_graph", "load_rdf"):
        from kg import api

        return getattr(api, name)
    raise AttributeError(f"module 'kg' has no attribute {name!r}")
