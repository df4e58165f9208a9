"""Shared pieces of the components: the candidate record and token helpers.

The components read tokens through :func:`tokens`: plain-Python lists built once
per doc. Creating spaCy ``Token`` and ``Span`` objects in their loops used to be
most of the extraction time.
"""
from __future__ import annotations

import bisect
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import compress
from operator import attrgetter

from spacy.attrs import IDX, ORTH, SPACY
from spacy.tokens import Doc, Span, Token
from spacy.vocab import Vocab

from kg.extract.resources import Resources
from kg.names import singular


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
    #: the mention's name when the text does not spell it in one piece: "audio captioning" on "audio" in
    #: "image / audio / video captioning", "CIFAR-100" on "100" in "CIFAR-10/100"; the span is the part
    #: that is this mention's own
    name: str = ""


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
    """The doc's text, built once (``doc.text`` joins every token on each access, making Token objects)."""
    text = doc.user_data.get("kg_text")
    if text is None:
        toks = tokens(doc)
        text = "".join([t + " " if ws else t for t, ws in zip(toks.text, toks.ws, strict=True)])
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
    sents = sentences(doc)
    i = bisect.bisect_right(doc.user_data["kg_sent_starts"], char) - 1
    return sents[max(i, 0)]


def sentence_text(doc: Doc, sent: Span) -> str:
    """``sent.text`` without building the sentence's tokens."""
    return doc_text(doc)[sent.start_char:sent.end_char]


def sentence_norms(doc: Doc, sent: Span) -> set[str]:
    """The normalised words of a sentence (:func:`norm_word` of each token), computed once per sentence."""
    cache: dict[int, set[str]] = doc.user_data.setdefault("kg_sent_norms", {})
    words = cache.get(sent.start)
    if words is None:
        words = set(tokens(doc).norm[sent.start:sent.end])
        cache[sent.start] = words
    return words


def candidates(doc: Doc) -> list[Candidate]:
    """``doc._.kg_candidates``, made on first use (each ``doc._`` builds a new accessor object: read it once)."""
    ext = doc._
    out = ext.kg_candidates
    if out is None:
        out = ext.kg_candidates = []
    return out


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


@dataclass(slots=True)
class Lex:
    """What the components ask about a token that depends on its text alone, read once per string."""

    text: str
    lower: str
    norm: str  # norm_word(text)
    is_space: bool
    is_punct: bool
    is_quote: bool
    is_bracket: bool
    like_num: bool
    is_alpha: bool
    wordlike: bool  # has letters or digits, and is neither a bare number nor an -ly adverb (see is_content)


_NOT_ADVERBS = {"anomaly", "family", "supply", "assembly"}
_TEXT, _LOWER, _NORM = attrgetter("text"), attrgetter("lower"), attrgetter("norm")
_lex_cache: dict[int, Lex] = {}  # by ORTH hash: the lexical attributes of blank("en") are the same in every vocab


def _lex(vocab: Vocab, orth: int) -> Lex:
    out = _lex_cache.get(orth)
    if out is None:
        lx = vocab[orth]
        text, low = lx.orth_, lx.lower_
        wordlike = (not (lx.like_num and not any(c.isalpha() for c in text))
                    and not (len(low) > 4 and low.endswith("ly") and low not in _NOT_ADVERBS)
                    and any(c.isalnum() for c in text))
        out = Lex(text, low, norm_word(text), lx.is_space, lx.is_punct, lx.is_quote, lx.is_bracket, lx.like_num,
                  lx.is_alpha, wordlike)
        if len(_lex_cache) < 500_000:
            _lex_cache[orth] = out
    return out


@dataclass(slots=True)
class Tokens:
    """A doc's tokens as plain lists (index ``i`` is ``doc[i]``), built once per doc by :func:`tokens`."""

    lex: list[Lex]
    text: list[str]
    lower: list[str]
    norm: list[str]
    idx: list[int]  # character offset of each token
    ws: list[bool]  # followed by a space (``whitespace_``)
    joiner: list[bool]  # see is_joiner

    def end_char(self, i: int) -> int:
        """Character offset after token ``i``."""
        return self.idx[i] + len(self.text[i])


_JOINER_TEXTS = frozenset(("-", "/", "–"))


def tokens(doc: Doc) -> Tokens:
    """The doc's :class:`Tokens`, built on first use."""
    toks = doc.user_data.get("kg_tokens")
    if toks is None:
        orths, spaces, idx = doc.to_array([ORTH, SPACY, IDX]).T.tolist()
        vocab = doc.vocab
        lex = [_lex_cache.get(o) or _lex(vocab, o) for o in orths]
        text = list(map(_TEXT, lex))
        ws = list(map(bool, spaces))
        # is_joiner: a joiner character, not first or last, no space before or after it
        joiner = list(map(_JOINER_TEXTS.__contains__, text))
        n = len(text)
        for i in compress(range(n), joiner):
            joiner[i] = 0 < i < n - 1 and not ws[i - 1] and not ws[i]
        toks = Tokens(lex, text, list(map(_LOWER, lex)), list(map(_NORM, lex)), idx, ws, joiner)
        doc.user_data["kg_tokens"] = toks
    return toks


def span_text(toks: Tokens, start: int, end: int, text: str) -> str:
    """``doc[start:end].text`` for a non-empty token range, sliced from the doc text."""
    return text[toks.idx[start]:toks.end_char(end - 1)]


def is_joiner(tok: Token) -> bool:
    """A hyphen or slash glued to both neighbours ("memory-bound", "clean/dirty")."""
    return tokens(tok.doc).joiner[tok.i]


def content_flags(doc: Doc, res: Resources) -> list[bool]:
    """:func:`is_content` for every token of the doc, computed once."""
    cached = doc.user_data.get("kg_content")
    if cached is not None and cached[0] is res:
        return cached[1]
    toks = tokens(doc)
    text, ws, joiner = toks.text, toks.ws, toks.joiner
    n = len(text)
    function_words = res.function_words
    flags: list[bool] = []
    for i, lx in enumerate(toks.lex):
        if lx.is_space:
            flag = False
        elif joiner[i]:
            flag = True
        elif lx.is_punct or lx.is_quote or lx.is_bracket:
            flag = False
        elif lx.lower in function_words:
            # a function word glued by hyphens inside a compound stays ("state-of-the-art" is split earlier)
            flag = ((i > 0 and text[i - 1] == "-" and not ws[i - 1])
                    or (i + 1 < n and text[i + 1] == "-" and not ws[i]))
        else:
            flag = lx.wordlike
        flags.append(flag)
    doc.user_data["kg_content"] = (res, flags)
    return flags


def is_content(tok: Token, res: Resources) -> bool:
    """True for tokens that can be part of a name (not function words or punctuation)."""
    return content_flags(tok.doc, res)[tok.i]


def chunk_ranges(doc: Doc, start: int, end: int, res: Resources) -> list[tuple[int, int]]:
    """Token ranges of the maximal runs of content tokens in ``doc[start:end]`` (see :func:`chunks`)."""
    content = content_flags(doc, res)
    joiner = tokens(doc).joiner
    out: list[tuple[int, int]] = []
    first = None
    for i in range(start, end):
        if content[i]:
            if first is None:
                if joiner[i]:
                    continue
                first = i
        elif first is not None:
            out.append((first, i))
            first = None
    if first is not None:
        out.append((first, end))
    # a chunk never ends in a joiner
    fixed = []
    for a, b in out:
        while b > a and joiner[b - 1]:
            b -= 1
        if b > a:
            fixed.append((a, b))
    return fixed


def chunks(sent: Span, res: Resources) -> list[Span]:
    """Maximal runs of content tokens: the noun-phrase-like pieces of a sentence."""
    doc = sent.doc
    return [doc[a:b] for a, b in chunk_ranges(doc, sent.start, sent.end, res)]


def is_describing_adjective(word: str, res: Resources) -> bool:
    """A lower-case word with an adjective ending (adjectives.txt) or a weak modifier: it describes, it does not
    name ("hidden reasoning", "a theoretical framework"). Hyphenated and capitalised words never count."""
    low = word.lower()
    if "-" in low or not low.isalpha() or low in res.adjective_exceptions or word[:1].isupper():
        return False
    return low.endswith(res.adjective_suffixes) or low in res.weak_modifiers


def head_type(word: str, res: Resources) -> tuple[str, float] | None:
    """Type a phrase by its last word (heads.tsv, then suffix rules); memoised in ``res.head_cache``."""
    cache = res.head_cache
    if word in cache:
        return cache[word]
    w = norm_word(word)
    hit = res.heads.get(w) or res.heads.get(word.lower())  # "analysis" is no plural of "analysi"
    if not hit:
        hit = None
        for suffix, typ, conf in res.suffixes:
            if w.endswith(suffix) and len(w) > len(suffix) + 3:
                hit = typ, conf
                break
    cache[word] = hit
    return hit


def char_token_range(toks: Tokens, start: int, end: int) -> tuple[int, int] | None:
    """The token range of ``doc.char_span(start, end, alignment_mode="expand")`` for a non-empty character
    range, or None where ``char_span`` gives None, found by bisecting the token offsets instead of building a
    Span (two Token objects each)."""
    idx, text = toks.idx, toks.text
    if not idx:
        return None
    length = toks.end_char(len(idx) - 1) + toks.ws[-1]  # the doc's text length
    if not (0 <= start < length and 0 <= end - 1 < length):
        return None  # spaCy's token_by_char finds no token
    first = bisect.bisect_right(idx, start) - 1
    last = bisect.bisect_right(idx, end - 1) - 1
    if start == idx[first] + len(text[first]):
        first += 1  # the trailing space of a token is not part of it
    return first, last + 1


def sentence_offsets(doc: Doc) -> tuple[list[int], list[int]]:
    """Start and end character offsets of the doc's sentences, cached: reading them off a Span costs more."""
    ends = doc.user_data.get("kg_sent_ends")
    if ends is None:
        ends = [s.end_char for s in sentences(doc)]
        doc.user_data["kg_sent_ends"] = ends
    return doc.user_data["kg_sent_starts"], ends


def sentence_chars(doc: Doc, char: int) -> tuple[int, int]:
    """``(start_char, end_char)`` of the sentence containing ``char`` (the offsets of :func:`sentence_at`)."""
    starts, ends = sentence_offsets(doc)
    i = max(bisect.bisect_right(starts, char) - 1, 0)
    return starts[i], ends[i]


def key_words(phrases: Iterable[str]) -> tuple[str, ...]:
    """The lower-cased phrases that contain no other one: a text holding none of these holds none of ``phrases``."""
    low = {p.lower() for p in phrases}
    return tuple(sorted(p for p in low if not any(o != p and o in p for o in low)))


def may_contain(text: str, words: tuple[str, ...]) -> bool:
    """False only if ``text`` surely holds none of ``words`` (lower-case ASCII), in any letter case.

    A cheap test before a case-insensitive regex scan (those cost ~10 µs a sentence). It is exact for ASCII
    text; other text always passes, because ``re.IGNORECASE`` also matches e.g. "ſ" to "s" and "K" to "k".
    """
    if not text.isascii():
        return True
    low = text.lower()
    return any(w in low for w in words)


class LowerRegex:
    """A case-insensitive regex that scans ASCII text lower-cased with a case-sensitive twin, ~2x faster.

    ``re.IGNORECASE`` folds every character it compares. Lower-casing ASCII text keeps every offset and
    character class, so the matches are the same (but their groups read lower-cased text); other text
    runs the IGNORECASE pattern. The pattern must spell its letters in lower case (escapes aside).
    """

    def __init__(self, pattern: str):
        self.folded = re.compile(pattern, re.IGNORECASE)
        self.lower = re.compile(pattern)

    def search(self, text: str) -> re.Match | None:
        return self.lower.search(text.lower()) if text.isascii() else self.folded.search(text)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match]:
        if text.isascii():
            return self.lower.finditer(text.lower(), pos, endpos)
        return self.folded.finditer(text, pos, endpos)
