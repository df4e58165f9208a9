"""``kg_normalizer``: set each token's NORM to its lower-case singular form.

Lexicon matching runs on NORM, so "Vision Transformers" matches the entry
"vision transformer" without a tagger or lemmatizer.
"""
from __future__ import annotations

import numpy
from spacy.attrs import NORM
from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.base import tokens


def normalize(doc: Doc) -> Doc:
    """Set every token's NORM to :func:`~kg.extract.components.base.norm_word` of its text, in one array write."""
    norms = tokens(doc).norm
    if norms:
        add = doc.vocab.strings.add
        ids = {norm: add(norm) for norm in set(norms)}
        doc.from_array([NORM], numpy.array([ids[norm] for norm in norms], dtype=numpy.uint64))
    return doc


@Language.component("kg_normalizer")
def kg_normalizer(doc: Doc) -> Doc:
    return normalize(doc)
