"""Shared pieces of the components: the candidate record and token helpers."""
from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from kg.extract.resources import Resources
from kg.resolve.keys import singular


@dataclass
class Candidate:
    """A proposed entity span (character offsets into the doc text)."""

    start: int
    end: int
    type: str
    component: str
    confidence: float
    canonical: str = ""  # preferred name when a lexicon or definition knows it
    long_form: str = ""  # set on both halves of an acronym definition
    source_id: str = ""  # vocabulary identifier (PwC URL, CSO topic, ...)
    proposed: bool = False  # the paper introduces it (contribution cue)


@dataclass
class RelationCandidate:
    subject: tuple[int, int] | None  # entity span, or None for the paper itself
    predicate: str
    object: tuple[int, int]
    sentence: tuple[int, int]
    component: str
    confidence: float


for _name in ("kg_candidates", "kg_entities", "kg_relations"):
    if not Doc.has_extension(_name):
        Doc.set_extension(_name, default=None)


def doc_text(doc: Doc) -> str:
    """The doc's text, built once (``doc.text`` joins every token on each access)."""
    text = doc.user_data.get("kg_text")
    if text is None:
        text = doc.text
        doc.user_data["kg_text"] = text
    return text


def sentences(doc: Doc) -> list[Span]:
    """The doc's sentences, computed once (``doc.sents`` re-scans the doc every call)."""
    cached = doc.user_data.get("kg_sents")
    if cached is None:
        cached = list(doc.sents)
        doc.user_data["kg_sents"] = cached
        doc.user_data["kg_sent_starts"] = [s.start_char for s in cached]
    return cached


def sentence_at(doc: Doc, char: int) -> Span:
    """The sentence containing character offset ``char``."""
    import bisect

    sents = sentences(doc)
    i = bisect.bisect_right(doc.user_data["kg_sent_starts"], char) - 1
    return sents[max(i, 0)]


def candidates(doc: Doc) -> list[Candidate]:
    if doc._.kg_candidates is None:
        doc._.kg_candidates = []
    return doc._.kg_candidates


_norm_cache: dict[str, str] = {}


def norm_word(text: str) -> str:
    """Lower-case, singular form of one token's text."""
    out = _norm_cache.get(text)
    if out is None:
        low = text.lower()
        if low.endswith("ies") and len(low) > 4:
            out = low[:-3] + "y"
        elif low.endswith(("ches", "shes", "xes", "sses")):
            out = low[:-2]
        else:
            out = singular(low)
        if len(_norm_cache) < 500_000:
            _norm_cache[text] = out
    return out


def is_joiner(tok: Token) -> bool:
    """A hyphen or slash glued to both neighbours ("memory-bound", "clean/dirty")."""
    if tok.text not in ("-", "/", "–"):
        return False
    doc = tok.doc
    return (tok.i > 0 and not doc[tok.i - 1].whitespace_ and not tok.whitespace_
            and tok.i + 1 < len(doc))


def is_content(tok: Token, res: Resources) -> bool:
    """True for tokens that can be part of a name (not function words or punctuation)."""
    if tok.is_space:
        return False
    if is_joiner(tok):
        return True
    if tok.is_punct or tok.is_quote or tok.is_bracket:
        return False
    low = tok.lower_
    if low in res.function_words:
        # a function word glued by hyphens inside a compound stays ("state-of-the-art" is split earlier)
        doc = tok.doc
        glued_left = tok.i > 0 and doc[tok.i - 1].text == "-" and not doc[tok.i - 1].whitespace_
        glued_right = tok.i + 1 < len(doc) and doc[tok.i + 1].text == "-" and not tok.whitespace_
        return glued_left or glued_right
    if tok.like_num and not any(c.isalpha() for c in tok.text):
        return False
    if len(low) > 4 and low.endswith("ly") and low not in {"anomaly", "family", "supply", "assembly"}:
        return False
    if not any(c.isalnum() for c in tok.text):
        return False
    return True


def chunks(sent: Span, res: Resources) -> list[Span]:
    """Maximal runs of content tokens: the noun-phrase-like pieces of a sentence."""
    out: list[Span] = []
    start = None
    doc = sent.doc
    for tok in sent:
        if is_content(tok, res):
            if start is None:
                if is_joiner(tok):
                    continue
                start = tok.i
        else:
            if start is not None:
                out.append(doc[start:tok.i])
            start = None
    if start is not None:
        out.append(doc[start:sent.end])
    # a chunk never ends in a joiner
    fixed = []
    for ch in out:
        end = ch.end
        while end > ch.start and is_joiner(doc[end - 1]):
            end -= 1
        if end > ch.start:
            fixed.append(doc[ch.start:end])
    return fixed


def head_type(word: str, res: Resources) -> tuple[str, float] | None:
    """Type a phrase by its last word (heads.tsv, then suffix rules)."""
    w = norm_word(word)
    hit = res.heads.get(w)
    if hit:
        return hit
    for suffix, typ, conf in res.suffixes:
        if w.endswith(suffix) and len(w) > len(suffix) + 3:
            return typ, conf
    return None
