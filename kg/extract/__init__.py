"""Extraction: cleaned text in, plain entity and relation records out.

`Extractor` and `build_nlp` load spaCy, so they are imported on first use:
`kg.extract.resources` (the data files) stays cheap to import.
"""
from __future__ import annotations

from typing import Any

__all__ = ["Extractor", "build_nlp"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from kg.extract import pipeline

        return getattr(pipeline, name)
    raise AttributeError(f"module 'kg.extract' has no attribute {name!r}")
