"""``kg_sections``: the title and the abstract never share a sentence.

The extraction text is ``title + "\\n\\n" + abstract``; a title has no final
period, so the sentencizer would glue it to the abstract's first sentence.
"""
from __future__ import annotations

from bisect import bisect_right

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.text import doc_text, tokens


@Language.component("kg_sections", requires=["doc.sents"], assigns=["token.is_sent_start"])
def kg_sections(doc: Doc) -> Doc:
    """The token after the first white-space token holding a blank line (not the doc's last) starts a sentence.

    That token holds the text's first "\\n\\n": a run of white space is one token (spaCy gives a single space
    to the token before it), and no other token holds a line break. It is found by its offset, not by a
    pass over the title's Token objects (over every token of a text without a title).
    """
    at = doc_text(doc).find("\n\n")
    if at < 0:
        return doc
    toks = tokens(doc)
    n = len(toks.idx)
    i = bisect_right(toks.idx, at) - 1  # the token holding the text's first "\n\n"
    if not (0 <= i < n and toks.lex[i].is_space and "\n\n" in toks.text[i]):
        # a tokenizer that split the blank line: the first white-space token holding one, as spaCy's tokens say
        i = next((k for k in range(n) if toks.lex[k].is_space and "\n\n" in toks.text[k]), n)
    if i < n - 1:
        doc[i + 1].is_sent_start = True
    return doc
