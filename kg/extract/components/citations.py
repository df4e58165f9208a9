"""``kg_citations``: the period of "et al." ends no sentence.

spaCy's sentencizer ends a sentence at every period token, and its English tokenizer splits "al." into "al" and
".": "Smith et al. (2019) show that …" became the sentences "Smith et al. (" and "2019) show that …", which cut a
relation from its subject (7.6% of statistics abstracts cite this way). A capital word right after the period
still starts a sentence ("… as shown by Smith et al. We propose …").
"""
from __future__ import annotations

import re
from bisect import bisect_left

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.text import doc_text, tokens

_ET_AL = re.compile(r"(?<![\w-])et al\.")


def et_al_continuations(text: list[str], punct: list[bool], at: list[int]) -> list[int]:
    """The tokens after each "et al ." (``at``: the index of each "al") up to the first word that are no sentence
    start: the punctuation of a citation ("(", ",") and the word after it, unless that word follows the period
    directly with a capital."""
    out: list[int] = []
    n = len(text)
    for i in at:
        period = i + 1
        if period >= n or text[i] != "al" or text[period] != ".":
            continue
        w = period + 1
        while w < n and punct[w]:
            w += 1
        if w >= n or (w == period + 1 and text[w][:1].isupper()):
            continue
        out.extend(range(period + 1, w + 1))
    return out


@Language.component("kg_citations", requires=["doc.sents"], assigns=["token.is_sent_start"])
def kg_citations(doc: Doc) -> Doc:
    """No sentence starts inside a citation's "et al." (see :func:`et_al_continuations`)."""
    text = doc_text(doc)
    if "et al." not in text:
        return doc
    toks = tokens(doc)
    at = [bisect_left(toks.idx, m.start() + 3) for m in _ET_AL.finditer(text)]
    for k in et_al_continuations(toks.text, toks.punct, at):
        if doc[k].is_sent_start:
            doc[k].is_sent_start = False
    return doc
