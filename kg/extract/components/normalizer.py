"""``kg_normalizer``: set each token's NORM to its lower-case singular form.

Lexicon matching runs on NORM, so "Vision Transformers" matches the entry
"vision transformer" without a tagger or lemmatizer.
"""
from __future__ import annotations

import numpy
from spacy.attrs import NORM
from spacy.language import Language
from spacy.strings import StringStore
from spacy.tokens import Doc

from kg.extract.text import tokens


class _NormIds(dict[str, int]):
    """norm -> its id in ``strings``, added to the store on first sight.

    ``strings.add`` for every distinct norm of every doc was most of this component's own time; the
    norms repeat across abstracts. Filled on lookup (``__missing__``), so ``map(ids.__getitem__, norms)``
    stays in C.
    """

    def __init__(self, strings: StringStore):
        super().__init__()
        self.strings = strings

    def __missing__(self, norm: str) -> int:
        out = self.strings.add(norm)
        if len(self) < 500_000:
            self[norm] = out
        return out


_ids: _NormIds | None = None  # for the StringStore of the last doc seen (one per pipeline)


def normalize(doc: Doc) -> Doc:
    """Set every token's NORM to :func:`~kg.extract.text.norm_word` of its text, in one array write."""
    global _ids
    norms = tokens(doc).norm
    if norms:
        if _ids is None or _ids.strings is not doc.vocab.strings:
            _ids = _NormIds(doc.vocab.strings)
        doc.from_array([NORM], numpy.fromiter(map(_ids.__getitem__, norms), dtype=numpy.uint64, count=len(norms)))
    return doc


@Language.component("kg_normalizer", assigns=["token.norm"])
def kg_normalizer(doc: Doc) -> Doc:
    return normalize(doc)
