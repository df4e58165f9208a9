"""The same regular expression, rewritten so that Python's regex engine (``sre``) runs it faster.

spaCy's tokenizer rules are long alternations, tried at every position of every new chunk of text; two
shapes in them cost most of their time, and each has an equivalent that ``sre`` runs cheaply:

* **A look-behind first** (``(?<=[0-9a-z…])\\.$``). ``sre`` skips an alternative whose first item is a
  literal or a class when the character does not fit, but enters every other one. A look-behind before a
  fixed-width part is moved after it, looking back over both: ``\\.(?<=[0-9a-z…]\\.)$`` matches the same
  text at the same places, and is skipped wherever there is no period.
* **Classes with characters beyond the Basic Multilingual Plane** (spaCy's letters and symbols). ``sre``
  keeps the BMP part of a class as a bitmap, but walks the list of its other ranges (a hundred in the
  symbols class) for every character the bitmap lacks. Such a class is matched as a coarse class first
  (its Latin-1 members and every character beyond Latin-1: a 256-bit map), then checked exactly by a
  look-behind over the character just matched, which only the rarer characters beyond Latin-1 reach.

The rewrite works on the parsed pattern (``re._parser``) and compiles it with ``re._compiler``, internals of
CPython's ``re`` package: where they are missing or differ, :func:`equivalent` gives back the pattern as it
was (``tests/test_fastre.py`` checks that the rewrite happens, and that matches are the same).
"""
from __future__ import annotations

import itertools
import re
from typing import Any

try:  # CPython's regex internals (3.11+ names)
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]
    from re._constants import (
        ASSERT, ASSERT_NOT, AT, AT_BEGINNING, ATOMIC_GROUP, BRANCH, GROUPREF, GROUPREF_EXISTS, IN, LITERAL,
        MAX_REPEAT, MAXREPEAT, MIN_REPEAT, NEGATE, POSSESSIVE_REPEAT, RANGE, SUBPATTERN,
    )
except ImportError:  # pragma: no cover - another Python: the patterns stay as they are
    _parser = None

_ASTRAL = 0x10000  # the first character beyond the Basic Multilingual Plane


def equivalent(source: str, flags: int = 0, first_char_test: bool = False) -> re.Pattern[str]:
    """``re.compile(source, flags)``, compiled from an equivalent parse tree (see the module docstring).

    The result keeps ``source`` as its ``pattern`` attribute (spaCy serializes a tokenizer rule by it), so it
    pickles and prints as the original. ``first_char_test``: for a pattern anchored at the start (spaCy's
    prefix rules), a test of the first character against every character a match can begin with comes first:
    one class lookup instead of trying each alternative on text whose first character starts none.
    The pattern is parsed and compiled once, as ``re.compile`` would (spaCy's rules take ~0.1 s).
    """
    tree = rewritten(source, flags, first_char_test)
    if tree is None:
        return re.compile(source, flags)
    return _compiled(source, flags, tree)


def _compiled(source: str, flags: int, tree: Any) -> re.Pattern[str]:
    """The parse tree ``tree`` compiled, its ``pattern`` attribute ``source``; ``re.compile(source)`` if that fails."""
    try:
        state = tree.state
        code = _compiler._code(tree, flags)
        indexgroup: list[Any] = [None] * state.groups
        for name, i in state.groupdict.items():
            indexgroup[i] = name
        return _sre.compile(source, flags | state.flags, code, state.groups - 1, state.groupdict, tuple(indexgroup))
    except Exception:  # noqa: BLE001 - internals of another Python version: compile as re does
        return re.compile(source, flags)


#: a class of at most this many characters is narrow: a scan for each of them passes over the text in C
NARROW = 8


class MatchTest:
    """Whether a text can hold a match of a regex (see :func:`necessary`): some needle, a literal string, is in the
    text and the regex that opens with it finds a match. ``sre`` finds a literal first character by a
    tight loop (~0.3 ns a character) but tests a class at every character (~8 ns), and ``in`` is faster still."""

    def __init__(self, alternatives: list[tuple[str, re.Pattern[str]]]):
        self.alternatives = alternatives

    def __call__(self, text: str) -> bool:
        for needle, rx in self.alternatives:
            if needle in text and rx.search(text) is not None:
                return True
        return False


def necessary(source: str, flags: int = 0) -> MatchTest | None:
    """A cheap test whether text can hold a match of ``source`` at all: true for every text where ``source``
    finds a match (and maybe for others), or None when it would be no cheaper than a search with ``source``.

    ``sre`` jumps from one possible first character of a match to the next only when the pattern opens with a
    character, a class or an alternation of characters; a pattern that opens with a look-around, or with a
    wide class such as ``[A-Z]``, is tried at every character (~20 ns each: for a rare match, most of a scan).
    The test reads the pattern from its first narrow item on (a character, a class of at most :data:`NARROW`
    characters other than white space, or an alternation of words), entering a repetition's first round where
    it opens with one (``(?:[-–][A-Z][a-z]+)+`` is ``[-–][A-Z][a-z]+(?:[-–][A-Z][a-z]+)*``), and splits that item
    into its characters or words, each searched for as a literal: ``[-–][A-Z]`` is ``-[A-Z]`` or ``–[A-Z]``.
    Dropping the items before it only admits more matches, and the rest are rewritten into equivalents, so
    where the test finds nothing the pattern finds nothing.
    """
    if _parser is None or flags & (re.IGNORECASE | re.VERBOSE | re.DEBUG | re.LOCALE):
        return None
    try:
        parsed = _parser.parse(source, flags)
    except re.error:
        return None
    try:
        state, items = parsed.state, list(parsed.data)
        if _refers_back(items):
            return None  # a back-reference to a group the test may drop
        start: tuple[int, list] | None = None
        narrow = False
        for k, item in enumerate(items):
            if start is None and item[0] not in (AT, ASSERT, ASSERT_NOT):
                start = (k, [item])  # without a narrow item: from the first one that reads a character
            opened = _narrow_first(item)
            if opened is not None:
                start, narrow = (k, opened), True
                break
        if start is None or start[0] == 0 and (not narrow or items[0][0] is LITERAL):
            return None  # nothing to drop or split: the pattern is as cheap
        k, first = start
        rest = first[1:] + items[k + 1:]
        op, av = first[0]
        heads = ([[(LITERAL, c)] for c in _characters(av)] if narrow and op is IN
                 else [list(b) for b in av[1]] if narrow and op is BRANCH else [[first[0]]])
        alternatives = []
        for head in heads:
            seq = head + rest
            needle = "".join(chr(av) for _op, av in itertools.takewhile(lambda it: it[0] is LITERAL, seq))
            alternatives.append((needle, _compiled(source, flags, _sub(state, seq))))
        return MatchTest(alternatives)
    except Exception:  # noqa: BLE001 - internals of another Python version: no test
        return None


def _characters(members: list) -> list[int]:
    """The characters of a class of characters and ranges."""
    out: list[int] = []
    for op, av in members:
        out.extend([av] if op is LITERAL else range(av[0], av[1] + 1))
    return out


def _narrow_first(item: tuple) -> list | None:
    """``item`` as a sequence that opens with a narrow character, class or alternation (see :func:`necessary`)."""
    op, av = item
    if op is LITERAL:
        return None if chr(av).isspace() else [item]
    if op is IN:
        if not all(m in (LITERAL, RANGE) for m, _v in av):
            return None
        chars = _characters(av) if sum(1 if m is LITERAL else v[1] - v[0] + 1 for m, v in av) <= NARROW else []
        return [item] if chars and not all(chr(c).isspace() for c in chars) else None
    if op is BRANCH:  # an alternation of words: each branch opens with a literal that is no space
        if len(av[1]) <= 2 * NARROW and all(b and b[0][0] is LITERAL and not chr(b[0][1]).isspace() for b in av[1]):
            return [item]
        return None
    if op in (MAX_REPEAT, MIN_REPEAT) and av[0] >= 1:
        body = list(av[2])
        first = _narrow_first(body[0]) if body else None
        if first is None:
            return None
        rest = [] if av[1] == 1 else [(op, (av[0] - 1, av[1] if av[1] == MAXREPEAT else av[1] - 1, av[2]))]
        return first + body[1:] + rest
    return None


def _refers_back(items: list) -> bool:
    """Whether the parse tree holds a back-reference (``\\1``, ``(?(1)…)``)."""
    for op, av in items:
        if op in (GROUPREF, GROUPREF_EXISTS):
            return True
        subs = (av[1] if op is BRANCH else [av[1]] if op in (ASSERT, ASSERT_NOT) else [av[3]] if op is SUBPATTERN
                else [av[2]] if op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT) else [av] if op is ATOMIC_GROUP
                else [])
        if any(_refers_back(list(s)) for s in subs):
            return True
    return False


def rewritten(source: str, flags: int = 0, first_char_test: bool = False) -> Any:
    """The rewritten parse tree of ``source`` (a ``re._parser.SubPattern``), or None where nothing is rewritten."""
    if _parser is None or flags & (re.IGNORECASE | re.VERBOSE | re.DEBUG):
        return None
    try:
        parsed = _parser.parse(source, flags)
    except re.error:
        return None  # re.compile raises it
    try:
        state = parsed.state
        items = list(parsed.data)
        changed = [0]  # rewrites made (SubPatterns compare by identity)
        if len(items) == 1 and items[0][0] is BRANCH:
            items = [(BRANCH, (None, [_sub(state, _look_behind_last(state, list(b), changed)) for b in items[0][1][1]]))]
        first = _first_chars(items) if first_char_test and items and items[0] == (AT, AT_BEGINNING) else None
        if first is not None:
            items = [items[0], (ASSERT, (1, _sub(state, [(IN, first)]))), *items[1:]]
            changed[0] += 1
        items = _split_astral(state, items, changed)
    except Exception:  # noqa: BLE001 - internals of another Python version: no rewrite
        return None
    return _sub(state, items) if changed[0] else None


def _sub(state: Any, items: list) -> Any:
    return _parser.SubPattern(state, items)


def _look_behind_last(state: Any, items: list, changed: list[int]) -> list:
    """``(?<=X)B Z`` -> ``B(?<=XB) Z`` for a fixed-width ``B`` of no assertions and a tail ``Z`` of assertions."""
    if len(items) < 2 or items[0][0] is not ASSERT or items[0][1][0] != -1:
        return items
    k = len(items)
    while k > 1 and items[k - 1][0] in (ASSERT, ASSERT_NOT, AT):
        k -= 1
    body, tail = items[1:k], items[k:]
    if not body or any(op in (ASSERT, ASSERT_NOT, AT) for op, _av in body):
        return items
    low, high = _sub(state, body).getwidth()
    if low != high:
        return items
    behind = _sub(state, list(items[0][1][1]) + body)
    changed[0] += 1
    return [*body, (ASSERT, (-1, behind)), *tail]


def _split_astral(state: Any, items: list, changed: list[int]) -> list:
    """Every class holding characters beyond the BMP, as a coarse class then an exact look-behind (recursively)."""
    out: list = []
    for op, av in items:
        if op is IN:
            coarse = _coarse(av)
            if coarse is not None:
                out.append((IN, coarse))
                out.append((ASSERT, (-1, _sub(state, [(IN, av)]))))
                changed[0] += 1
                continue
        elif op is BRANCH:
            av = (av[0], [_sub(state, _split_astral(state, list(b), changed)) for b in av[1]])
        elif op in (ASSERT, ASSERT_NOT):
            av = (av[0], _sub(state, _split_astral(state, list(av[1]), changed)))
        elif op is SUBPATTERN:
            av = (*av[:3], _sub(state, _split_astral(state, list(av[3]), changed)))
        elif op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
            av = (*av[:2], _sub(state, _split_astral(state, list(av[2]), changed)))
        elif op is ATOMIC_GROUP:
            av = _sub(state, _split_astral(state, list(av), changed))
        out.append((op, av))
    return out


def _coarse(members: list) -> list | None:
    """A class holding the same Latin-1 characters as the given one and every other character (a negation of
    Latin-1 characters only, which ``sre`` compiles to a 256-bit map, cheaply); None when the class holds no
    character beyond the BMP, or members other than characters and ranges (a negation, a category)."""
    latin1 = bytearray(256)
    astral = False
    for op, av in members:
        if op is LITERAL:
            low = high = av
        elif op is RANGE:
            low, high = av
        else:
            return None
        astral = astral or high >= _ASTRAL
        if low < 256:
            latin1[low:min(high, 255) + 1] = b"\x01" * (min(high, 255) + 1 - low)
    if not astral:
        return None
    out: list = [(NEGATE, None)]
    c = latin1.find(0)
    while c >= 0:
        end = latin1.find(1, c)
        end = 256 if end < 0 else end
        out.append((LITERAL, c) if end == c + 1 else (RANGE, (c, end - 1)))
        c = latin1.find(0, end) if end < 256 else -1
    return out


def _first_chars(items: list) -> list | None:
    """The members of a class holding every character a match of the sequence ``items`` can begin with, or None
    when that is not worked out (a first item other than a character, a class of characters and ranges, or an
    alternation of such)."""
    for op, av in items:
        if op is AT or (op in (ASSERT, ASSERT_NOT) and av[0] == 1):
            continue  # zero-width: the next item reads the first character
        if op is LITERAL:
            return [(op, av)]
        if op is IN:
            return list(av) if all(m in (LITERAL, RANGE) for m, _v in av) else None
        if op is BRANCH:
            out: list = []
            for b in av[1]:
                first = _first_chars(list(b))
                if first is None:
                    return None
                out.extend(first)
            return out
        return None
    return None  # an empty match


def word_alternation(source: str) -> re.Pattern[str]:
    """``re.compile(source)`` for a pattern that opens with a one-character negative look-behind and an alternation of
    words (``(?<![\\w-])(?:over|outperforms|…)``, :class:`~kg.extract.text.LowerRegex`), compiled so that ``sre``
    skips most positions: the look-behind is moved after each word's first character (``o(?<![\\w-]o)ver``: the same
    test of the character before the word), and the words are grouped by that character, in their order
    (``o(?<![\\w-]o)(?:ver|utperforms)|…``). An alternation that opens every branch with a character lets ``sre``
    jump to the next position where one of those characters stands, and try only the words that start with it;
    words with different first characters never match at the same place, so the first word that matches is the one
    the pattern as written finds. Any other shape is compiled as it is (``tests/test_fastre.py`` compares matches).
    """
    tree = grouped_words(source)
    return re.compile(source) if tree is None else _compiled(source, 0, tree)


def grouped_words(source: str) -> Any:
    """The parse tree :func:`word_alternation` compiles, or None where it compiles ``source`` as it is."""
    if _parser is None:
        return None
    try:
        parsed = _parser.parse(source, 0)
    except re.error:
        return None  # re.compile raises it
    try:
        changed = [0]
        items = _words_first(parsed.state, list(parsed.data), changed)
    except Exception:  # noqa: BLE001 - internals of another Python version: no rewrite
        return None
    return _sub(parsed.state, items) if changed[0] else None


def _words_first(state: Any, items: list, changed: list[int]) -> list:
    """``items`` rewritten as :func:`word_alternation` says, where they have its shape (recursively into a top-level
    alternation of such sequences)."""
    if len(items) == 1 and items[0][0] is BRANCH:
        branches = [_words_first(state, list(b), changed) for b in items[0][1][1]]
        return [(BRANCH, (None, [_sub(state, b) for b in branches]))]
    if len(items) < 2 or items[0][0] is not ASSERT_NOT or items[0][1][0] != -1:
        return items
    behind = list(items[0][1][1])
    if _sub(state, behind).getwidth() != (1, 1) or any(op in (ASSERT, ASSERT_NOT, AT) for op, _av in behind):
        return items
    op, av = items[1]
    wrap = None  # a capturing group around the alternation
    if op is SUBPATTERN and av[1] == 0 and av[2] == 0 and len(av[3].data) == 1 and av[3].data[0][0] is BRANCH:
        wrap, (op, av) = av[0], av[3].data[0]
    if op is LITERAL and wrap is None:
        changed[0] += 1
        return [items[1], (ASSERT_NOT, (-1, _sub(state, behind + [items[1]]))), *items[2:]]
    if op is not BRANCH:
        return items
    words = [list(b) for b in av[1]]
    if not all(w and w[0][0] is LITERAL for w in words):
        return items
    groups: dict[int, list[list]] = {}
    for w in words:
        groups.setdefault(w[0][1], []).append(w[1:])
    branches = []
    for char, rests in groups.items():
        head = [(LITERAL, char), (ASSERT_NOT, (-1, _sub(state, behind + [(LITERAL, char)])))]
        tail = rests[0] if len(rests) == 1 else [(BRANCH, (None, [_sub(state, r) for r in rests]))]
        branches.append(_sub(state, head + tail))
    alternation: tuple = (BRANCH, (None, branches))
    if wrap is not None:
        alternation = (SUBPATTERN, (wrap, 0, 0, _sub(state, [alternation])))
    changed[0] += 1
    return [alternation, *items[2:]]
