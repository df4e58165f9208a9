"""``kg_sections``: the title and the abstract never share a sentence.

The extraction text is ``title + "\\n\\n" + abstract``; a title has no final
period, so the sentencizer would glue it to the abstract's first sentence.
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc


@Language.component("kg_sections", requires=["doc.sents"], assigns=["token.is_sent_start"])
def kg_sections(doc: Doc) -> Doc:
    for tok in doc[:-1]:
        if tok.is_space and "\n\n" in tok.text:
            doc[tok.i + 1].is_sent_start = True
            break
    return doc
