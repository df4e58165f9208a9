"""Text cleaning before extraction: markup out, words in (see :mod:`kg.clean.markup`)."""
from __future__ import annotations

from kg.clean.markup import clean_markup

__all__ = ["clean_markup"]
