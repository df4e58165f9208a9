"""Tokens and sentences: spaCy's own rules, with the work they cannot change skipped.

Both pieces give exactly what spaCy's stock ``Tokenizer`` and ``Sentencizer`` give (same tokens,
whitespace and ``is_sent_start``; ``tests/test_segment.py`` compares them); they are only cheaper.

* Tokenizer: a chunk of text not seen before (spaCy caches the others) goes through the suffix,
  infix and URL regexes: alternations of dozens of rules, each tried at every position. Most such
  chunks are plain words, which no rule can match: every suffix rule needs a non-letter (or a digit
  before it), every infix rule consumes punctuation or a symbol, a URL needs a dot. Plain chunks now
  skip those regexes (the URL rule: every chunk without a period). The prefix, suffix and infix
  regexes are compiled in an equivalent form that Python's regex engine runs faster
  (:mod:`kg.extract.fastre`).
* Sentencizer: the stock one makes a Python ``Token`` object for every token; the same decision
  only needs the punctuation tokens.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from itertools import compress
from typing import Generic, TypeVar

import numpy as np
from spacy.attrs import IS_PUNCT, SENT_START
from spacy.language import Language
from spacy.pipeline import Sentencizer
from spacy.tokenizer import Tokenizer
from spacy.tokens import Doc

from kg.extract.fastre import equivalent

try:  # CPython's regex parser, to read the suffix rule's widths (suffix_window)
    from re import _parser  # type: ignore[attr-defined]
    from re._constants import ASSERT, ASSERT_NOT, AT, AT_END, BRANCH, LITERAL, MAX_REPEAT, MAXREPEAT
except ImportError:  # pragma: no cover - another Python: no window
    _parser = None
from kg.extract.state import state
from kg.extract.text import tokens

_T = TypeVar("_T")
#: ``is_sent_start = False`` as a ``Doc`` array value (the -1 of ``TokenC.sent_start``, as unsigned)
_NOT_START = np.uint64(2**64 - 1)


def create_tokenizer(nlp: Language) -> Tokenizer:
    """spaCy's default tokenizer for ``nlp``'s language defaults, with the fast paths for plain chunks."""
    defaults = nlp.Defaults
    suffixes = suffix_source(defaults.suffixes)  # type: ignore[arg-type]
    return Tokenizer(
        nlp.vocab,
        rules=defaults.tokenizer_exceptions,
        # (spaCy's stubs declare the defaults Optional; English has all of them)
        prefix_search=equivalent(prefix_source(defaults.prefixes), first_char_test=True).search,  # type: ignore[arg-type]
        suffix_search=_SuffixSearch(equivalent(suffixes).search, *suffix_window(suffixes)),
        infix_finditer=_Unless(str.isalnum, equivalent(infix_source(defaults.infixes)).finditer, ()),  # type: ignore[arg-type]
        # English has no token_match rule; a chunk of letters then goes through every rule above and matches none
        token_match=_LETTERS_ONLY if defaults.token_match is None else defaults.token_match,
        url_match=_Unless(_no_dot, defaults.url_match, None),  # type: ignore[arg-type]
    )


def prefix_source(entries: Iterable[str]) -> str:
    """The expression ``spacy.util.compile_prefix_regex`` compiles (a test compares them): kg compiles it once,
    in the form of :func:`~kg.extract.fastre.equivalent`."""
    return "|".join(["^" + piece for piece in entries if piece.strip()])


def suffix_source(entries: Iterable[str]) -> str:
    """The expression ``spacy.util.compile_suffix_regex`` compiles."""
    return "|".join([piece + "$" for piece in entries if piece.strip()])


def infix_source(entries: Iterable[str]) -> str:
    """The expression ``spacy.util.compile_infix_regex`` compiles."""
    return "|".join([piece for piece in entries if piece.strip()])


def _no_dot(text: str) -> bool:
    """Text without a period, which no URL rule matches (both the host and the IP address rule need one)."""
    return "." not in text


class _Unless(Generic[_T]):
    """``rule``, answering ``no_match`` without running it for text that is ``plain``.

    Only for rules that cannot match plain text at all (the tests prove it for each rule above): then
    the answer is the same, and the check is a single C pass instead of a regex tried at every position.
    A class rather than a closure so that the tokenizer still pickles, as spaCy's does.
    """

    def __init__(self, plain: Callable[[str], bool], rule: Callable[[str], _T], no_match: _T) -> None:
        self.plain, self.rule, self.no_match = plain, rule, no_match

    def __call__(self, text: str) -> _T:
        return self.no_match if self.plain(text) else self.rule(text)

    @property
    def __self__(self) -> object:
        """The compiled regex of ``rule``: spaCy serializes a tokenizer rule as ``rule.__self__.pattern``."""
        return self.rule.__self__  # type: ignore[attr-defined]


class _NoPattern:
    """What a fast path shows spaCy's serializer as its rule: none (``pattern`` None), as without it."""

    pattern = None


class _LettersOnly(functools.partial):
    """The tokenizer's ``token_match``: a chunk of letters only (``str.isalpha``) is one token.

    spaCy gives such a chunk that answer anyway, after trying the prefix, suffix, URL and infix rules on it
    (none can match letters only: ``tests/test_segment.py`` proves it for each), four calls into Python per
    new word; ``token_match`` is asked first, and the special cases still come before it. A
    ``functools.partial`` of ``str.isalpha`` runs in C. Serialized as no rule (``__self__.pattern`` None), as
    spaCy's English tokenizer has none: a tokenizer read back without it gives the same tokens.
    """

    @property
    def __self__(self) -> _NoPattern:
        return _NoPattern()


_LETTERS_ONLY = _LettersOnly(str.isalpha)


class _SuffixSearch:
    """The suffix rule, tried on the last :data:`TAIL` characters of the text only (linear, not quadratic), and
    not at all on letters only (as :class:`_Unless` with ``str.isalpha``, one Python call less).

    spaCy strips one suffix at a time and searches the whole rest again: 16,000 ``$`` in a row took
    53 s. Every suffix rule but one matches at most a few characters (plus a short look-behind), so on
    real text the answer is the same; the exception, a run of dots (``\\.\\.+``), is split in runs of
    at most ``TAIL`` dots instead of one token.
    """

    TAIL = 16

    def __init__(self, rule: Callable[[str], object], window: int | None = None, slow_ends: tuple[str, ...] = ()) -> None:
        """``window``, ``slow_ends``: see :func:`suffix_window` (None: always the last :data:`TAIL` characters)."""
        self.rule = rule
        self.window = window
        self.slow_ends = ("\n", *slow_ends)  # "$" also matches before a final line break

    def __call__(self, text: str) -> object:
        if text.isalpha():
            return None
        window = self.window
        if window is not None and len(text) > window and not text.endswith(self.slow_ends):
            return self.rule(text[-window:])  # the same match (spaCy reads only its length), over fewer positions
        return self.rule(text if len(text) <= self.TAIL else text[-self.TAIL:])

    @property
    def __self__(self) -> object:
        return self.rule.__self__  # type: ignore[attr-defined]


def suffix_window(source: str) -> tuple[int | None, tuple[str, ...]]:
    """How many last characters of a text a suffix rule (``X$|Y$|…``) reads, and the endings that need more.

    Every alternative of bounded width ends at the text's end, so a match of it, with the characters its
    look-behind reads, lies within the last (look-behind + width) characters: ``sre`` need not try the
    positions before them (it tries each, with every alternative: ~14,000 instructions a call). An alternative
    of unbounded width is allowed only as a run of one character (spaCy's ``\\.\\.+``), and a text ending in
    its shortest match (``..``) is read whole. Returns (None, ()) for a rule this does not work out (a negative
    look-behind, which a shorter text could satisfy, or any other shape): then nothing changes.
    """
    if _parser is None:
        return None, ()
    try:
        items = list(_parser.parse(source).data)
        branches = [list(b) for b in items[0][1][1]] if len(items) == 1 and items[0][0] is BRANCH else [items]
        window = 0
        slow: list[str] = []
        for b in branches:
            if not b or b[-1] != (AT, AT_END):
                return None, ()
            behind = 0
            consumed = []
            for op, av in b[:-1]:
                if op is ASSERT and av[0] == -1:
                    behind = max(behind, av[1].getwidth()[1])
                elif op in (ASSERT, ASSERT_NOT, AT):
                    return None, ()
                else:
                    consumed.append((op, av))
            low, high = _parser.SubPattern(None, consumed).getwidth()
            if high < MAXREPEAT:
                window = max(window, behind + high)
                continue
            chars = {av if op is LITERAL else (av[2][0][1] if len(av[2]) == 1 and av[2][0][0] is LITERAL else -1)
                     for op, av in consumed if op in (LITERAL, MAX_REPEAT)}
            if behind or len(chars) != 1 or -1 in chars or any(op not in (LITERAL, MAX_REPEAT) for op, _av in consumed):
                return None, ()
            slow.append(chr(chars.pop()) * low)
        return window, tuple(slow)
    except Exception:  # noqa: BLE001 - internals of another Python version: no window
        return None, ()


class PunctuationSentencizer:
    """spaCy's ``Sentencizer`` (default punctuation), visiting only the punctuation tokens.

    Its rule: a sentence starts at the first token, and at the first non-punctuation token after a
    sentence-final character (".", "!", "?", ...; other punctuation in between, like a closing quote or
    bracket, is skipped). Every other token gets ``is_sent_start = False``. Sentence-final characters
    are all punctuation, so a pass over the punctuation tokens (about one in seven) finds the starts.
    A doc with boundaries already set goes to spaCy's ``Sentencizer``, which fills in only the unset ones.
    """

    def __init__(self, nlp: Language) -> None:
        self.stock = Sentencizer()
        self.final_chars = frozenset(self.stock.punct_chars)
        is_punct = nlp.vocab.lex_attr_getters[IS_PUNCT]  # type: ignore[attr-defined]  # not in spaCy's stubs
        if not all(is_punct(c) for c in self.final_chars):  # the pass over punctuation would miss one
            raise ValueError("a sentence-final character is not punctuation")

    def __call__(self, doc: Doc) -> Doc:
        # (a doc fresh from the extractor's tokenizer has none: ``has_annotation`` scans every token for one)
        if (len(doc) == 1 or not state(doc).tokenized) and doc.has_annotation(SENT_START):  # true for one token
            return self.stock(doc)
        toks = tokens(doc)  # the plain token lists the kg components read (built here, once)
        text = toks.text
        n = len(text)
        starts = [0]
        after_final = False  # a sentence-final character was seen, no word since
        prev = -2
        for i in compress(range(n), toks.punct):
            if after_final and i != prev + 1:  # a word between the two punctuation tokens starts a sentence
                starts.append(prev + 1)
                after_final = False
            if not after_final and text[i] in self.final_chars:
                after_final = True
            prev = i
        if after_final and prev + 1 < n:
            starts.append(prev + 1)
        values = np.full(n, _NOT_START, dtype=np.uint64)
        values[starts] = 1
        doc.from_array([SENT_START], values)  # type: ignore[arg-type]  # a 1-d array is what spaCy takes for one attr
        return doc


@Language.factory("kg_sentencizer", assigns=["token.is_sent_start", "doc.sents"])
def make_sentencizer(nlp: Language, name: str) -> PunctuationSentencizer:
    return PunctuationSentencizer(nlp)
