"""``kg_normalizer``: set each token's NORM to its lower-case singular form.

Lexicon matching runs on NORM, so "Vision Transformers" matches the entry
"vision transformer" without a tagger or lemmatizer.
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.base import norm_word


def normalize(doc: Doc) -> Doc:
    for tok in doc:
        tok.norm_ = norm_word(tok.text)
    return doc


@Language.component("kg_normalizer")
def kg_normalizer(doc: Doc) -> Doc:
    return normalize(doc)
