"""Text utilities the kg components share: plain token lists, sentences, word tests, cheap regex scans.

The components read tokens through :func:`tokens`: plain-Python lists built once per doc (kept in
the doc's :class:`~kg.extract.state.DocState`). Creating spaCy ``Token`` and ``Span`` objects in their
loops used to be most of the extraction time. Nothing here is a component, and no component imports
another: what two of them need lives here (or, for records, in :mod:`kg.extract.state`).
"""
from __future__ import annotations

import bisect
import itertools
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import not_
from typing import cast

from spacy.attrs import IDX, ORTH, SPACY
from spacy.tokens import Doc, Span, Token
from spacy.strings import StringStore
from spacy.vocab import Vocab

from kg.extract.fastre import word_alternation
from kg.extract.resources import Resources, load_resources, load_words
import kg.extract.state as _state_mod
from kg.extract.state import DocState, state
from kg.names import singular


_rounded: dict[float, float] = {}


def round3(x: float) -> float:
    """``round(x, 3)``, memoised for positive values: a float rounded to digits goes through ``dtoa``, a formatted
    string and ``strtod`` (~3,000 instructions), and extraction rounds the same few confidences thousands of times.
    (Zero and negative values, where ``-0.0`` would share ``0.0``'s entry, and NaN are rounded each time.)"""
    out = _rounded.get(x)
    if out is None:
        out = round(x, 3)
        if x > 0 and len(_rounded) < 100_000:
            _rounded[x] = out
    return out


def title_end(text: str) -> int:
    """Where the title of an extraction text ends (at the blank line the pipeline puts between title and
    abstract), or -1 for a text without a title: the components that read titles differently share one test."""
    return text.find("\n\n")


def doc_text(doc: Doc) -> str:
    """The doc's text, built once (``doc.text`` joins every token on each access, making Token objects)."""
    # the state of the doc asked for last is read without the call (~130k calls of these readers per 1,000 docs)
    st: DocState = _state_mod._last_state if doc is _state_mod._last_doc else state(doc)  # type: ignore[assignment]
    text = st.text
    if text is None:
        toks = tokens(doc)
        text = st.text = "".join([t + " " if ws else t for t, ws in zip(toks.text, toks.ws, strict=True)])
    return text


def doc_title(doc: Doc) -> str | None:
    """The title of a doc read from "title\\n\\nabstract", or None for a doc without one (a plain-text abstract):
    a title reader must not take a whole abstract for its title."""
    text = doc_text(doc)
    end = title_end(text)
    return text[:end] if end >= 0 else None


def sentences(doc: Doc) -> list[Span]:
    """The doc's sentences, computed once (``doc.sents`` re-scans the doc every call)."""
    st: DocState = _state_mod._last_state if doc is _state_mod._last_doc else state(doc)  # type: ignore[assignment]
    cached = st.sents
    if cached is None:
        cached = st.sents = list(doc.sents)
        st.sent_starts = [s.start_char for s in cached]
    return cached


def sentence_at(doc: Doc, char: int) -> Span:
    """The sentence containing character offset ``char``."""
    st: DocState = _state_mod._last_state if doc is _state_mod._last_doc else state(doc)  # type: ignore[assignment]
    sents = st.sents
    if sents is None:
        sents = sentences(doc)
    i = bisect.bisect_right(cast("list[int]", st.sent_starts), char) - 1  # sentences() set them
    return sents[max(i, 0)]


def sentence_text(doc: Doc, sent: Span) -> str:
    """``sent.text`` without building the sentence's tokens."""
    return doc_text(doc)[sent.start_char:sent.end_char]


def sentence_norms(doc: Doc, sent: Span) -> set[str]:
    """The normalised words of a sentence (:func:`norm_word` of each token), computed once per sentence."""
    cache = state(doc).sent_norms
    words = cache.get(sent.start)
    if words is None:
        words = set(tokens(doc).norm[sent.start:sent.end])
        cache[sent.start] = words
    return words


_norm_cache: dict[str, str] = {}


def norm_word(text: str) -> str:
    """Lower-case, singular form of one token's text."""
    out = _norm_cache.get(text)
    if out is None:
        low = text.lower()
        if low.endswith("ies") and len(low) > 4:
            out = low[:-3] + "y"
        elif low.endswith(load_words().plural_es_endings):
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


_lex_cache: dict[int, Lex] = {}  # by ORTH hash: the lexical attributes of blank("en") are the same in every vocab
_lex_by_text: dict[str, Lex] = {}  # the same, by text


def with_norms(words: frozenset[str]) -> frozenset[str]:
    """The words and their token norms ("corpus" and "corpu"), for sets tested against ``Tokens.norm``."""
    return words | frozenset(map(norm_word, words))


def _new_lex(vocab: Vocab, orth: int) -> Lex:
    """The :class:`Lex` of the string ``orth`` of ``vocab``, read on its first sight (and kept)."""
    lx = vocab[orth]
    text = lx.orth_
    low = text.lower()  # spaCy's LOWER (its getter is str.lower), without a string-store lookup
    like_num = lx.like_num
    # (``text.isalnum()`` first: a word of letters or digits, most new strings, needs no scan character by character)
    wordlike = (not (like_num and not any(map(str.isalpha, text)))
                and not (len(low) > 4 and low.endswith("ly") and low not in load_words().not_adverbs)
                and (text.isalnum() or any(map(str.isalnum, text))))
    out = Lex(text, low, norm_word(text), lx.is_space, lx.is_punct, lx.is_quote, lx.is_bracket, like_num,
              lx.is_alpha, wordlike)
    if len(_lex_cache) < 500_000:
        _lex_cache[orth] = out
        _lex_by_text[text] = out
    return out


@dataclass(slots=True)
class Tokens:
    """A doc's tokens as plain lists (index ``i`` is ``doc[i]``), built once per doc by :func:`tokens`."""

    lex: list[Lex]
    text: list[str]
    lower: list[str]
    norm: list[str]
    idx: list[int]  # character offset of each token
    ws: list[int]  # 1 where the token is followed by a space (``whitespace_``), else 0: read as a truth value
    joiner: list[bool]  # see is_joiner
    joinable: list[int]  # the tokens that are a joiner character ("-", "/", "–"), glued or not
    orth: list[int]  # each token's ORTH (``doc.to_array(ORTH)``)
    punct: list[bool]  # each token's ``is_punct`` (what the sentencizer reads)
    #: each token's NORM id (its ``norm`` added to :data:`norm_strings`, the StringStore kg_normalizer writes to)
    norm_id: list[int]
    capital: list[bool]  # a capitalised word, "Buffet" (:data:`CAPITALISED_WORD`): a name word's first test
    subject: list[bool]  # a subject pronoun ("we", "They": see content_flags)
    #: :func:`is_content` by the token's text alone for the shipped function words (:data:`row_function_words`), as
    #: content_flags starts from
    content: list[bool]

    def end_char(self, i: int) -> int:
        """Character offset after token ``i``."""
        return self.idx[i] + len(self.text[i])


_JOINER_TEXTS = frozenset(("-", "/", "–"))
#: a capitalised word ("Buffet"; not "NLP", "A", "TruFor"): the first test of a word of a Title Case name (kg_coined)
CAPITALISED_WORD = re.compile(r"[A-Z][a-z]{1,}")
#: subject pronouns: the first content word after one (over adverbs, function words) is its verb
_SUBJECTS = frozenset(("we", "We", "they", "They"))
#: the StringStore the ``norm_id`` of the rows are added to: the first vocab's that :func:`tokens` reads (a doc of
#: another vocab has its norms added to its own store by kg_normalizer)
norm_strings: list[StringStore] = []
#: the function words the rows' content flags are read against: the shipped data's (content_flags reads the flags of
#: other sets token by token)
row_function_words: list[set[str]] = []

_Row = tuple[Lex, str, str, str, bool, bool, int, bool, bool, bool]
#: by ORTH hash: a token's :class:`Lex`, its text, lower, norm, whether it is a joiner character and punctuation, its
#: norm's id, whether it is a capitalised word and a subject pronoun, its content flag (see ``row_function_words``),
#: for :func:`tokens` to split into its lists with
#: one ``zip`` (an ``attrgetter`` per token and list cost ~4x as much; so did a ``map`` over the tokens of the doc for
#: each of the last three, by the component that reads them)
_rows: dict[int, _Row] = {}


def _row(vocab: Vocab, orth: int) -> _Row:
    lx = _lex_cache.get(orth) or _new_lex(vocab, orth)
    if not norm_strings:
        norm_strings.append(vocab.strings)
    if not row_function_words:
        row_function_words.append(load_resources().function_words)
    text = lx.text
    out = (lx, text, lx.lower, lx.norm, text in _JOINER_TEXTS, lx.is_punct, norm_strings[0].add(lx.norm),
           "A" <= text[:1] <= "Z" and CAPITALISED_WORD.fullmatch(text) is not None, text in _SUBJECTS,
           _content_kind(lx, row_function_words[0]) == _CONTENT)
    if len(_rows) < 500_000:
        _rows[orth] = out
    return out


def tokens(doc: Doc) -> Tokens:
    """The doc's :class:`Tokens`, built on first use."""
    st: DocState = _state_mod._last_state if doc is _state_mod._last_doc else state(doc)  # type: ignore[assignment]
    toks = st.tokens
    if toks is None:
        # each token's IDX read with its ORTH and SPACY (one more field of the same pass over the tokens; summing the
        # lengths and spaces in Python took longer)
        orths, spaces, idx = doc.to_array([ORTH, SPACY, IDX]).T.tolist()
        rows = list(map(_rows.get, orths))  # a C loop; the strings not seen before are few
        if not all(rows):  # the few tokens not seen before, found in C (most docs have some, most tokens are not)
            vocab = doc.vocab
            for i in compress(range(len(rows)), map(not_, rows)):
                rows[i] = _row(vocab, orths[i])
        if rows:
            lex, text, lower, norm, joiner, punct, norm_id, capital, subject, content = map(list, zip(*rows))
        else:
            lex, text, lower, norm, joiner, punct, norm_id, capital, subject, content = [], [], [], [], [], [], [], [], \
                [], []
        ws = spaces  # SPACY's 0 and 1 (a list of bools made of them cost ~3% of this function)
        # is_joiner: a joiner character, not first or last, no space before or after it
        n = len(text)
        joinable = list(compress(range(n), joiner))
        for i in joinable:
            joiner[i] = 0 < i < n - 1 and not ws[i - 1] and not ws[i]
        toks = Tokens(lex, text, lower, norm, idx, ws, joiner, joinable, orths, punct, norm_id, capital, subject,
                      content)
        st.tokens = toks
    return toks


def positions(items: list[str], value: str, start: int = 0, end: int | None = None) -> list[int]:
    """The indexes ``i`` in ``range(start, end)`` where ``items[i] == value``, found by ``list.index`` (a scan in C):
    ``map(value.__eq__, items)`` called a method wrapper, with an argument tuple, for every item."""
    stop = len(items) if end is None else min(end, len(items))
    out: list[int] = []
    i = max(start, 0)
    index = items.index
    try:
        while i < stop:
            i = index(value, i, stop)
            out.append(i)
            i += 1
    except ValueError:
        pass
    return out


def span_text(toks: Tokens, start: int, end: int, text: str) -> str:
    """``doc[start:end].text`` for a non-empty token range, sliced from the doc text."""
    return text[toks.idx[start]:toks.idx[end - 1] + len(toks.text[end - 1])]  # end_char inlined: ~40 calls a doc


def is_joiner(tok: Token) -> bool:
    """A hyphen or slash glued to both neighbours ("memory-bound", "clean/dirty")."""
    return tokens(tok.doc).joiner[tok.i]


class _ContentFlags(dict[str, bool]):
    """Token text -> :func:`is_content` by the text alone (a function word: False), for one set of function words.

    Filled on lookup (``__missing__``), so ``map(flags.__getitem__, texts)`` flags a whole doc in C. Needs the
    token's :class:`Lex`, found by its text in the cache of :func:`tokens`.
    """

    def __init__(self, function_words: set[str]):
        super().__init__()
        self.function_words = function_words

    def __missing__(self, text: str) -> bool:
        out = _content_kind(_lex_by_text[text], self.function_words) == _CONTENT
        if len(self) < 500_000:
            self[text] = out
        return out


#: the :class:`_ContentFlags` of each set of function words (by its id; the memo keeps the set alive)
_content_memos: dict[int, _ContentFlags] = {}
#: what :func:`is_content` says of a token by its text alone
_NEVER, _CONTENT, _FUNCTION = 0, 1, 2


def content_flags(doc: Doc, res: Resources) -> list[bool]:
    """:func:`is_content` for every token of the doc, computed once.

    A token's flag depends on its text alone (memoised per text), but for two cases read off its neighbours:
    a joiner is content, and so is a function word glued by a hyphen inside a compound ("state-of-the-art").
    Both are found from the few tokens that are a joiner character, so the pass over every token stays in C.
    """
    st = state(doc)
    cached = st.content
    if cached is not None and cached[0] is res:
        return cached[1]
    toks = tokens(doc)
    text, ws, joiner, lex = toks.text, toks.ws, toks.joiner, toks.lex
    n = len(text)
    if row_function_words and row_function_words[0] is res.function_words:
        flags = toks.content.copy()  # read by tokens() with each token's row
    else:
        memo = _content_memos.get(id(res.function_words))
        if memo is None or memo.function_words is not res.function_words:
            memo = _content_memos[id(res.function_words)] = _ContentFlags(res.function_words)
        try:
            flags = list(map(memo.__getitem__, text))
        except KeyError:  # a text whose Lex the cache of tokens() no longer keeps (it is full)
            flags = [memo[t] if t in memo else _content_kind(lx, res.function_words) == _CONTENT
                     for t, lx in zip(text, lex)]
    for h in toks.joinable:
        if joiner[h]:
            flags[h] = True
        if text[h] == "-":  # a function word glued to a hyphen: "state-of-the-art" (split into words earlier)
            if h > 0 and not ws[h - 1] and _content_kind(lex[h - 1], res.function_words) == _FUNCTION:
                flags[h - 1] = True
            if h + 1 < n and not ws[h] and _content_kind(lex[h + 1], res.function_words) == _FUNCTION:
                flags[h + 1] = True
    # the pronouns' positions, flagged by tokens() with the rest of each token's row
    subjects = list(compress(range(n), toks.subject))
    if subjects:
        _verb_after_subject(text, ws, flags, res.words.contribution_adverbs, subjects)
    st.content = (res, flags)
    return flags



def _verb_after_subject(text: list[str], ws: list[int], flags: list[bool], adverbs: frozenset[str],
                        subjects: list[int]) -> None:
    """"We report collision rate", "they measure path length": the word after a subject pronoun is a verb, not
    the first word of the phrase after it (a noun never follows "we"). Without a tagger, verbs that are also
    nouns ("report", "measure", "benchmark") are no function words, so they ran into the object's phrase. Over
    at most two adverbs (closed_class.toml contribution_adverbs: "we also report"); a lower-case word only (a name
    after "we" is no verb)."""
    n = len(text)
    for i in subjects:  # the pronouns' positions, in order
        j = i + 1
        while j < n and j <= i + 2 and text[j] in adverbs:
            j += 1  # "we also report", "we further measure"
        if j < n and flags[j] and text[j].islower() and text[j].isalpha():
            flags[j] = False
            while j + 2 < n and text[j + 1] == "-" and not ws[j] and not ws[j + 1]:
                flags[j + 1] = flags[j + 2] = False  # "we fine-tune X": the whole hyphenated verb
                j += 2


def _content_kind(lx: Lex, function_words: set[str]) -> int:
    """A token's :func:`is_content` by its text alone: never (space, punctuation), content, or a function word."""
    if lx.is_space or lx.is_punct or lx.is_quote or lx.is_bracket:
        return _NEVER
    if lx.lower in function_words:
        return _FUNCTION
    return _CONTENT if lx.wordlike else _NEVER


def is_content(tok: Token, res: Resources) -> bool:
    """True for tokens that can be part of a name (not function words or punctuation)."""
    return content_flags(tok.doc, res)[tok.i]


def chunk_ranges(doc: Doc, start: int, end: int, res: Resources) -> list[tuple[int, int]]:
    """Token ranges of the maximal runs of content tokens in ``doc[start:end]`` (see :func:`chunks`), never starting
    or ending in a joiner.

    Read off the doc's runs of content tokens (:func:`content_runs`, found once): a run clipped to the range is
    a maximal run inside it. The components ask for the chunks of every sentence and of many sentence tails;
    a pass over their tokens in Python for each was ~2% of the extraction. A range that clips no run (most
    sentences) is a slice of the runs' chunks, made once per doc.
    """
    # the runs content_runs keeps for the doc, read here when they are the ones it would give (flags of ``res``): the
    # components ask ~12 times an abstract, and the two calls through content_runs and content_flags cost more
    st = state(doc)
    content, cached = st.content, st.content_runs
    if content is not None and cached is not None and content[0] is res and cached[0] is content[1]:
        starts, ends, whole = cached[1], cached[2], cached[3]
    else:
        starts, ends, whole = content_runs(doc, res)
    k = bisect.bisect_right(ends, start)  # the first run that ends after ``start``
    last = bisect.bisect_left(starts, end)  # the runs before it start before ``end``
    if k >= last:
        return []
    if whole is not None and starts[k] >= start and ends[last - 1] <= end:
        return whole[k:last]
    joiner = tokens(doc).joiner
    out: list[tuple[int, int]] = []
    for j in range(k, last):
        a = max(starts[j], start)
        b = min(ends[j], end)
        while a < b and joiner[a]:
            a += 1  # a chunk never starts in a joiner
        while b > a and joiner[b - 1]:
            b -= 1  # nor ends in one
        if b > a:
            out.append((a, b))
    return out


def content_runs(doc: Doc, res: Resources) -> tuple[list[int], list[int], list[tuple[int, int]] | None]:
    """The starts and ends of the doc's maximal runs of content tokens (:func:`content_flags`), found once per doc
    by ``bytes.find`` over the flags (in C) rather than a Python pass over every token; and each run's chunk (the
    run without joiners at its ends), or None for a doc with a run of joiners only (which has no chunk)."""
    flags = content_flags(doc, res)
    st = state(doc)
    cached = st.content_runs
    if cached is not None and cached[0] is flags:
        return cached[1], cached[2], cached[3]
    marks = bytes(flags)  # a flag is a bool: 1 or 0
    starts: list[int] = []
    ends: list[int] = []
    n = len(marks)
    at = marks.find(1)
    while at >= 0:
        stop = marks.find(0, at)
        if stop < 0:
            stop = n
        starts.append(at)
        ends.append(stop)
        at = marks.find(1, stop)
    whole: list[tuple[int, int]] | None = list(zip(starts, ends))
    joiner = tokens(doc).joiner
    for h in tokens(doc).joinable:  # the few joiner tokens: a run trimmed at either end
        if joiner[h] and whole is not None:
            r = bisect.bisect_right(starts, h) - 1
            if r >= 0 and h < ends[r] and (h == starts[r] or h == ends[r] - 1):
                a, b = starts[r], ends[r]
                while a < b and joiner[a]:
                    a += 1
                while b > a and joiner[b - 1]:
                    b -= 1
                if b > a:
                    whole[r] = (a, b)
                else:
                    whole = None
    st.content_runs = (flags, starts, ends, whole)
    return starts, ends, whole


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


def ends_as_superlative(low: str) -> bool:
    """"largest", "strongest", "simplest": a lower-case word of more than five letters ending in "-est" (the
    callers add their own exceptions: "test", "interest", "k-nearest")."""
    return len(low) > 5 and low.endswith("est")


_MISSING = object()  # no entry in a memo (whose values may be None)


def head_type(word: str, res: Resources) -> tuple[str, float] | None:
    """Type a phrase by its last word (heads.tsv, then suffix rules); memoised in ``res.head_cache``."""
    cache = res.head_cache
    hit = cache.get(word, _MISSING)
    if hit is not _MISSING:
        return hit  # type: ignore[return-value]  # a cached answer, never the marker
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
    length = idx[-1] + len(text[-1]) + toks.ws[-1]  # the doc's text length
    if not (0 <= start < length and 0 <= end - 1 < length):
        return None  # spaCy's token_by_char finds no token
    first = bisect.bisect_right(idx, start) - 1
    last = bisect.bisect_right(idx, end - 1) - 1
    if start == idx[first] + len(text[first]):
        first += 1  # the trailing space of a token is not part of it
    return first, last + 1


def sentence_offsets(doc: Doc) -> tuple[list[int], list[int]]:
    """Start and end character offsets of the doc's sentences, cached: reading them off a Span costs more."""
    st = state(doc)
    ends = st.sent_ends
    if ends is None:
        ends = st.sent_ends = [s.end_char for s in sentences(doc)]
    return cast("list[int]", st.sent_starts), ends  # sentences() set them


def sentence_chars(doc: Doc, char: int) -> tuple[int, int]:
    """``(start_char, end_char)`` of the sentence containing ``char`` (the offsets of :func:`sentence_at`)."""
    starts, ends = sentence_offsets(doc)
    i = max(bisect.bisect_right(starts, char) - 1, 0)
    return starts[i], ends[i]


def key_words(phrases: Iterable[str]) -> tuple[str, ...]:
    """The lower-cased phrases that contain no other one: a text holding none of these holds none of ``phrases``."""
    low = {p.lower() for p in phrases}
    return tuple(sorted(p for p in low if not any(o != p and o in p for o in low)))


#: the only characters ``re.IGNORECASE`` matches to an ASCII letter otherwise than their lower case does: "ı" and
#: "ſ" fold to "i" and "s"; "İ" lower-cases to two characters (``tests/test_components.py`` checks every character)
_FOLDS_APART = ("\u0130", "\u0131", "\u017f")


def _folds_as_lowered(text: str) -> bool:
    """Whether ``re.IGNORECASE`` reads ``text`` as the case-sensitive pattern reads ``text.lower()``, for a pattern
    whose letters are lower-case ASCII: true unless the text holds one of :data:`_FOLDS_APART`. Character by
    character, ``sre`` folds a letter to its simple lower case, which is ``str.lower``'s (one character) but for
    those three, and no other character's lower case is ASCII; ``\\w``, ``\\s`` and ``\\d`` say the same of a
    character and of its lower case."""
    return text.isascii() or not ("\u0130" in text or "\u0131" in text or "\u017f" in text)  # _FOLDS_APART


#: the text :func:`lowered` was last asked for, and its lower case
_last_lowered: tuple[str, str] = ("", "")


def lowered(text: str) -> str:
    """``text.lower()``, kept for the text asked last (by identity): the readers of one sentence (cheap tests, then
    case-insensitive scans) each lowered the same sentence again."""
    global _last_lowered
    last, low = _last_lowered
    if text is not last:
        low = text.lower()
        _last_lowered = (text, low)
    return low


def enumeration_labels(roman_numerals: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The labels of a numbered list ("(i) …, (ii) …", "(1) …", "(a) …") in order, by its first label: read by the
    relations (a contribution's enumerated parts) and the contributions (enumerated new names)."""
    return {"i": tuple(roman_numerals), "1": tuple("12345678"), "a": tuple("abcdefgh")}


def may_contain(text: str, words: tuple[str, ...]) -> bool:
    """False only if ``text`` surely holds none of ``words`` (lower-case ASCII), in any letter case.

    A cheap test before a case-insensitive regex scan (those cost ~10 µs a sentence). It is exact: text holding a
    character ``re.IGNORECASE`` folds otherwise than ``str.lower`` (:func:`_folds_as_lowered`) always passes.
    """
    # (_folds_as_lowered and lowered inlined: two calls less, and this runs ~17 times an abstract)
    if not text.isascii() and ("\u0130" in text or "\u0131" in text or "\u017f" in text):  # _FOLDS_APART
        return True
    global _last_lowered
    last, low = _last_lowered
    if text is not last:
        low = text.lower()
        _last_lowered = (text, low)
    for w in words:  # a loop, not any() of a generator: this runs for most sentences
        if w in low:
            return True
    return False


def _word_char(c: str) -> bool:
    """What ``[\\w-]`` matches in a ``str`` pattern: a letter, digit or number (``str.isalnum``: ``sre``'s
    ``\\w`` is the same test), an underscore or a hyphen."""
    return c.isalnum() or c == "_" or c == "-"


class _Hit:
    """A match of :class:`WholePhrase`: its ``start()`` and ``end()``, as a ``re.Match`` gives them."""

    __slots__ = ("_start", "_end")

    def __init__(self, start: int, end: int):
        self._start, self._end = start, end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end

    def span(self) -> tuple[int, int]:
        return self._start, self._end


class WholePhrase:
    """``re.compile(r"(?<![\\w-])" + re.escape(phrase) + r"(?![\\w-])", flags)`` (no ``(?![\\w-])`` with ``end=False``)
    for the ``search`` and ``finditer`` of its ``start()`` and ``end()``, found by ``str.find``.

    The components look up names and title phrases of one abstract (a new pattern for every abstract): ``sre``
    compiled each in ~150 µs, far longer than the scans. Case-insensitive, the phrase is found in the text's lower
    case where that is what ``re.IGNORECASE`` reads (an ASCII phrase, :func:`_folds_as_lowered` text, as for
    :class:`LowerRegex`); other phrases, and the empty one, are compiled as before.
    """

    __slots__ = ("phrase", "ignore_case", "end_test", "_regex")

    def __init__(self, phrase: str, ignore_case: bool = False, end: bool = True):
        self.phrase, self.ignore_case, self.end_test = phrase, ignore_case, end
        self._regex: re.Pattern[str] | None = None
        if not phrase or ignore_case and not phrase.isascii():
            self._regex = self.regex()

    def regex(self) -> re.Pattern[str]:
        """The pattern this stands for."""
        return re.compile(r"(?<![\w-])" + re.escape(self.phrase) + (r"(?![\w-])" if self.end_test else ""),
                          re.IGNORECASE if self.ignore_case else 0)

    def _haystack(self, text: str) -> tuple[str, str] | None:
        """(text to search, phrase to find), or None where only the regex reads ``text`` right."""
        if not self.ignore_case:
            return text, self.phrase
        if _folds_as_lowered(text):
            return lowered(text), self.phrase.lower()
        return None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[_Hit | re.Match[str]]:
        found = None if self._regex is not None else self._haystack(text)
        if found is None:
            regex = self._regex or self.regex()
            yield from regex.finditer(text, pos, endpos)
            return
        hay, needle = found
        endpos = min(max(endpos, 0), len(text))
        n = len(needle)
        at = hay.find(needle, max(pos, 0), endpos)
        while at >= 0:
            stop = at + n
            if (at == 0 or not _word_char(text[at - 1])) \
                    and (not self.end_test or stop >= endpos or not _word_char(text[stop])):
                yield _Hit(at, stop)
                at = hay.find(needle, stop, endpos)
            else:
                at = hay.find(needle, at + 1, endpos)

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> _Hit | re.Match[str] | None:
        return next(self.finditer(text, pos, endpos), None)


class AsciiClassRun:
    """A regex of one run of a negated class (``[^\\s,;…]+``) whose ``finditer`` reads ASCII text with the class's
    ASCII characters as a positive class: a bitmap ``sre`` scans fast, where the negated class tests the ``\\s``
    category character by character (the same matches: the same characters are in it)."""

    def __init__(self, pattern: str):
        self.any = re.compile(pattern)
        members = "".join(c for c in map(chr, range(128)) if self.any.fullmatch(c))
        self.ascii = re.compile("[" + re.escape(members) + "]+")

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return (self.ascii if text.isascii() else self.any).finditer(text, pos, endpos)


#: a word of a title, as the components read titles (up to a space, a comma, a bracket or a quote)
TITLE_WORD = AsciiClassRun(r"[^\s,;!?()\[\]\"“”]+")


class LowerRegex:
    """A case-insensitive regex that scans text lower-cased with a case-sensitive twin, ~2x faster.

    ``re.IGNORECASE`` folds every character it compares. Lower-casing the text keeps every offset and
    character class, so the matches are the same (but their groups read lower-cased text); text holding a
    character that folds otherwise (:func:`_folds_as_lowered`) runs the IGNORECASE pattern, and so does any text
    but ASCII for a pattern other than ASCII with lower-case letters. The pattern must spell its letters in
    lower case (escapes aside).
    """

    def __init__(self, pattern: str):
        self.folded = re.compile(pattern, re.IGNORECASE)
        self.lower = word_alternation(pattern)  # re.compile(pattern), its words grouped by their first letter
        #: lower-case ASCII (escapes such as ``\\W`` aside): text beyond ASCII may be lower-cased too
        self.any_text = pattern.isascii() and not any(c.isupper() for c in re.sub(r"\\.", "", pattern))

    def _lowered(self, text: str) -> str | None:
        """The text the case-sensitive twin reads, or None where the IGNORECASE pattern must read ``text``."""
        if text.isascii() or self.any_text and _folds_as_lowered(text):
            return lowered(text)
        return None

    def search(self, text: str) -> re.Match | None:
        low = self._lowered(text)
        return self.lower.search(low) if low is not None else self.folded.search(text)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match]:
        low = self._lowered(text)
        if low is not None:
            return self.lower.finditer(low, pos, endpos)
        return self.folded.finditer(text, pos, endpos)


class CueScan:
    """A cue regex ``(?<![\\w-])(cue|…)(?![\\w-])``, scanned for its matches' group 1 and end only: kg_relations'
    use cues (``Sentence.use_hits``), outperform cues (``outperforms.comparison``) and the paper's subjects
    (``addresses.paper_verb``, ``posed_problem``); kg_phrases' metric cues (without the look-ahead).

    ``(?<![\\w-])(cue|…)(?![\\w-])`` opens with a look-behind that ``sre`` tries at every character whose letter
    opens a cue (half the letters of a text); the same cues read after the character before them, a non-word
    character (``[^\\w-](cue|…)``, plus a match at the text's start), are tried only after a space or punctuation:
    ~40% of the scan's cost. The matches are those of the regex, and their group 1 and ``end()`` the same (a match
    after a cue starts after the character that follows it, which the look-ahead says is no word character); their
    ``start()`` and group 0 hold that character. Text the lower-cased twin of ``regex`` does not read is scanned by
    ``regex`` itself.
    """

    def __init__(self, regex: LowerRegex, alternatives: list[str], tail: str = r"(?![\w-])"):
        """``regex``: ``(?<![\\w-])(`` the ``alternatives`` ``)`` then ``tail`` (see :func:`scannable`)."""
        self.regex = regex
        groups: dict[str, list[str]] = {}
        for alt in alternatives:  # by first letter, in order (cues opening with another letter never match there)
            groups.setdefault(alt[0], []).append(alt[1:])
        cues = "|".join(c + (rests[0] if len(rests) == 1 else "(?:" + "|".join(rests) + ")")
                        for c, rests in groups.items())
        self.at_start = re.compile("(" + cues + ")" + tail)
        self.after_ascii = re.compile(r"[^a-z0-9_\-](" + cues + ")" + tail)  # lower-cased ASCII: \w is [a-z0-9_]
        self.after_any = re.compile(r"[^\w-](" + cues + ")" + tail)
        #: every cue ends in a letter or digit: the character before a match never lies inside the one before
        self.word_ends = all(a[-1:].isalnum() for a in alternatives)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match]:
        """The matches from ``pos`` on (the character before ``pos`` read as the regex's look-behind reads it), up to
        ``endpos`` (the text read as ending there, as ``re`` reads it)."""
        low = self.regex._lowered(text)
        if low is None:
            return self.regex.finditer(text, pos, endpos)
        after = self.after_ascii if low.isascii() else self.after_any
        first = self.at_start.match(low, 0, endpos) if pos == 0 else None
        if self.word_ends:  # a match never follows the one before right where it ends
            if first is None:
                return after.finditer(low, max(pos - 1, 0), endpos)
            return itertools.chain((first,), after.finditer(low, first.end(), endpos))
        return self._each(low, after, first, pos, endpos)

    @staticmethod
    def _each(low: str, after: re.Pattern[str], m: re.Match | None, pos: int, endpos: int) -> Iterator[re.Match]:
        """The matches one search at a time, each from the last character of the one before: a cue that ends in
        punctuation ("metrics:") may stand right before the next one, after that character."""
        if m is None:
            m = after.search(low, max(pos - 1, 0), endpos)
        while m is not None:
            yield m
            m = after.search(low, m.end() - 1, endpos)

    def search(self, text: str) -> re.Match | None:
        """The first match (None: none), as :meth:`finditer` reads it."""
        low = self.regex._lowered(text)
        if low is None:
            return self.regex.search(text)
        first = self.at_start.match(low)
        if first is not None:
            return first
        return (self.after_ascii if low.isascii() else self.after_any).search(low)


def scannable(alternatives: list[str]) -> bool:
    """Whether :class:`CueScan` reads a regex: every alternative opens with a lower-case letter (the scan groups them
    by it)."""
    return all(a[:1].isalpha() and a[:1].islower() for a in alternatives)


_ACRO = re.compile(r"^(?=.*[A-Z])[A-Za-z][A-Za-z0-9\-\.&+/]{0,11}$")
#: "C^3", "P^2OT", "SF(DA)^2": a power repeats the letter (or bracketed letters) before it
_POWER = re.compile(r"(\([A-Za-z]+\)|[A-Za-z])\^(\d)")


def expand_powers(short: str) -> str:
    """"C^3" -> "CCC", "SF(DA)^2" -> "SFDADA": the letters a written power stands for."""
    return _POWER.sub(lambda m: m.group(1).strip("()") * int(m.group(2)), short)


@lru_cache(maxsize=1 << 16)
def is_acronym(text: str) -> bool:
    """An acronym-like word ("LLM", "GPT-4o", "C^3"); memoised: the components ask about the same words often."""
    if text.islower():
        return False  # no capital (most words asked), which ``_ACRO`` needs: a power only repeats letters
    if "^" in text:
        text = expand_powers(text)
    core = text[:-1] if text.endswith("s") and len(text) > 2 and text[-2].isupper() else text
    if not _ACRO.match(text) or len(core) < 2:
        return False
    uppers = sum(map(str.isupper, core))
    return uppers >= 2  # "In", "We", "Adam" are words, not acronyms




_PARTS = re.compile(r"[\-.^]")
_DIGITS_LETTER = re.compile(r"\d+[a-zA-Z]")
#: "C^3", "D^2", "Pro^2", "G^2N^2": a capitalised letter or word to a power names a method (written "$C^3$")
_POWER_NAME = re.compile(r"[A-Za-z]*[A-Z][A-Za-z]*\^\d[A-Za-z0-9^]*")
_NOT_NAME = re.compile(r"\d+[DdBbMmKkx]|[A-Z]")  # 2D, 7B, 10x


def is_coined_part(part: str) -> bool:
    letters = list(filter(str.isalpha, part))
    if not letters:
        return False
    has_digit = any(map(str.isdigit, part))
    uppers = sum(map(str.isupper, letters))
    if has_digit:
        return len(letters) >= 1 and len(part) >= 2 and not _DIGITS_LETTER.fullmatch(part)
    if uppers >= 2:
        return True
    return uppers == 1 and not part[0].isupper() and len(part) > 2  # iPhone, mHealth


def is_coined(word: str, res: Resources) -> bool:
    """A coined name: inner capitals, all caps or letters mixed with digits, not a stop word (coined_stop.txt).

    Memoised in ``res.coined_cache``: a pure function of the word, asked for every word of every abstract.
    """
    memo = res.coined_cache
    out = memo.get(word)
    if out is None:
        out = _is_coined(word, res.coined_stop)
        if len(memo) < 1 << 18:
            memo[word] = out
    return out


def _is_coined(word: str, stop: frozenset[str]) -> bool:
    if word.islower() and word.isalpha() and word.isascii():
        return False  # (most words asked: no capital and no digit, which every test below needs to say True)
    if word in stop or len(word) < 2:
        return False
    parts = _PARTS.split(word)
    if len(parts) == 1 and parts[0] in stop:  # (one part: the word itself)
        return False
    if _NOT_NAME.fullmatch(word):
        return False
    if "^" in word and _POWER_NAME.fullmatch(word):
        return True
    for p in parts:
        if is_coined_part(p):
            return True
    return False




def word_ranges(joiner: list[bool], start: int, end: int) -> list[tuple[int, int]]:
    """Token ranges of the words of ``doc[start:end]``, hyphen-glued compounds counted as one word."""
    out: list[tuple[int, int]] = []
    i = start
    while i < end:
        j = i + 1
        while j + 1 < end and joiner[j]:
            j += 2
        out.append((i, j))
        i = j
    return out


def is_one_word(joiner: list[bool], start: int, end: int) -> bool:
    """``len(word_ranges(joiner, start, end)) == 1`` without building the list (asked for every chunk).

    One word is a single token or tokens glued by a joiner at every second position ("state-of-the-art").
    """
    return (end - start) % 2 == 1 and all(joiner[start + 1:end - 1:2])


def words_of(span: Span) -> list[tuple[int, int]]:
    """Token ranges of the span's words, hyphen-glued compounds counted as one word."""
    return word_ranges(tokens(span.doc).joiner, span.start, span.end)


class Modifiers:
    """Which modifiers of a phrase are weak (qualifiers, verbs, participles), and trimming them off its left.

    Shared by ``kg_phrases`` (its noun phrases) and ``kg_relations`` (a compared noun phrase).
    """

    def __init__(self, res: Resources):
        self.res = res
        self._cache: dict[str, tuple[bool, bool]] = {}

    def _weakness(self, word: str) -> tuple[bool, bool]:
        """Whether a lower-cased modifier is weak anywhere, and whether it is weak as the first one.

        A pure function of the word, memoised: the same modifiers recur in every abstract.
        """
        out = self._cache.get(word)
        if out is None:
            out = self._weak_anywhere(word), self._verb_s(word)
            if len(self._cache) < 200_000:
                self._cache[word] = out
        return out

    def _weak_anywhere(self, word: str) -> bool:
        """A weak modifier, a participle or gerund, a "-based"-style adjective or a number with a unit."""
        if word in self.res.weak_modifiers:
            return True
        if "-" not in word and word.endswith("ed"):
            return True  # participles: "learned", "proposed"
        if word.startswith("well-") and word.endswith(("ed", "own")):
            return True  # "well-accepted", "well-established", "well-known": a judgement, as "popular" is
        if word.endswith("ing") and word not in self.res.noun_ing and "-" not in word:
            return True  # gerunds: "enhancing", "hindering"
        if word.endswith(self.res.words.weak_suffixes):
            return True
        # "6.9×", "75%"
        return any(map(str.isdigit, word)) and ("×" in word or "x" in word or "%" in word) and not word[0].isalpha()

    def _verb_s(self, word: str) -> bool:
        """"unifies", "empowers": a verb right before the phrase (weak only as the first modifier)."""
        return word.endswith("s") and not word.endswith(self.res.words.not_verb_endings) and word.isalpha() \
            and word.islower() and word not in self.res.noun_ing

    def is_weak(self, word: str, first: bool, after_to: bool) -> bool:
        """A modifier that qualifies or is a verb, not part of a name."""
        if first and after_to:
            return True
        anywhere, as_first = self._weakness(word)
        return anywhere or (first and as_first)

    def trim(self, doc: Doc, words: list[tuple[int, int]], verb_context: bool = True) -> list[tuple[int, int]]:
        """Drop weak, verb and participle modifiers from the left."""
        return self.trim_words(tokens(doc), doc_text(doc), words, verb_context)

    def trim_words(self, toks: Tokens, text: str, words: list[tuple[int, int]],
                   verb_context: bool = True) -> list[tuple[int, int]]:
        """:meth:`trim` with the doc's tokens and text at hand."""
        after_to = verb_context and bool(words) and words[0][0] > 0 \
            and toks.lower[words[0][0] - 1] in self.res.words.verb_openers  # "to", "can": a verb follows
        first = True
        while len(words) > 1:
            word = span_text(toks, words[0][0], words[0][1], text).lower()
            if self.is_weak(word, first, after_to):
                words = words[1:]
                first = False
                after_to = False
            else:
                break
        return words


#: a qualifier opens at least this many multi-word vocabulary terms ("online", "neural", "extractive")
QUALIFIER_MIN_TERMS = 2
#: a hyphenated qualifier opens at least this many ("few-shot" opens 29; "max-shot" names one benchmark's splits)
HYPHEN_QUALIFIER_MIN_TERMS = 3


@lru_cache(maxsize=4)  # read by kg_phrases and kg_merge at load: one pass over the lexicon
def qualifier_words(res: Resources) -> frozenset[str]:
    """Lower-case words that open several multi-word vocabulary terms and are no generic noun: the words
    that qualify a concept into a narrower one ("online learning", "neural machine translation"), unlike
    judgements ("careful", "comparable") and nouns of a longer phrase ("information", "sample").
    A hyphenated word counts too when it opens more terms ("few-shot", "multi-agent", "self-supervised"), unless
    it only says how a thing is made ("-based", "-driven"); so do the words of dimension ("3D", "6DoF")."""
    counts: dict[str, int] = {}
    for e in res.lexicon:
        words = e.term.split()
        if len(words) >= 2 and words[0].islower() and (words[0].isalpha() or _hyphen_word(words[0])):
            counts[words[0]] = counts.get(words[0], 0) + 1
    weak_suffixes = tuple(res.words.weak_suffixes)
    return frozenset(w for w, n in counts.items()
                     if n >= (QUALIFIER_MIN_TERMS if w.isalpha() else HYPHEN_QUALIFIER_MIN_TERMS)
                     and w not in res.generic_terms and w not in res.weak_modifiers
                     and not w.endswith(weak_suffixes) and w not in res.words.not_qualifiers) \
        | res.words.dimension_qualifiers


def _hyphen_word(word: str) -> bool:
    """"few-shot", "multi-agent": letters joined by hyphens (not "covid-19", "top-1")."""
    return "-" in word and word.replace("-", "").isalpha()
