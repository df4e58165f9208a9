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

from kg.extract.state import state
from kg.extract.text import norm_strings, tokens


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


class Normalizer:
    """Set every token's NORM to :func:`~kg.extract.text.norm_word` of its text, in one array write."""

    def __init__(self, strings: StringStore):
        self.ids = _NormIds(strings)

    def __call__(self, doc: Doc) -> Doc:
        toks = tokens(doc)
        norms = toks.norm
        if norms:
            strings = doc.vocab.strings
            if norm_strings and norm_strings[0] is strings:
                norm_ids = toks.norm_id  # added to this store by tokens(), with the rest of each token's row
            else:  # a doc of another vocab than the one tokens() adds the norms to
                if self.ids.strings is not strings:
                    self.ids = _NormIds(strings)
                norm_ids = list(map(self.ids.__getitem__, norms))
            values = numpy.fromiter(norm_ids, dtype=numpy.uint64, count=len(norms))
            doc.from_array([NORM], values)  # type: ignore[arg-type]  # a 1-d array is what spaCy takes for one attr
            state(doc).norm_ids = norm_ids  # what ``doc.to_array(NORM)`` now gives, kept for kg_lexicon
        return doc


@Language.factory("kg_normalizer", assigns=["token.norm"])
def make_normalizer(nlp: Language, name: str) -> Normalizer:
    return Normalizer(nlp.vocab.strings)
