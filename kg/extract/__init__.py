"""Extraction: cleaned text in, plain entity and relation records out."""
from kg.extract.pipeline import Extractor, build_nlp

__all__ = ["Extractor", "build_nlp"]
