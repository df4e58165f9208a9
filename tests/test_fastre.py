"""kg.extract.fastre: the rewritten regexes match exactly where the originals match, and are rewritten."""
from __future__ import annotations

import random
import re

import pytest
from spacy.util import compile_infix_regex, compile_prefix_regex, compile_suffix_regex

from kg.extract.fastre import equivalent, grouped_words, necessary, rewritten, word_alternation
from kg.extract.pipeline import KgEnglish
from kg.extract.segment import infix_source, prefix_source, suffix_source

_DEFAULTS = KgEnglish.Defaults
RULES = {
    "prefix": (compile_prefix_regex(_DEFAULTS.prefixes), True),
    "suffix": (compile_suffix_regex(_DEFAULTS.suffixes), False),
    "infix": (compile_infix_regex(_DEFAULTS.infixes), False),
}
ALPHABET = list("aAzZsSkmgTMKUCA019.,;:!?'\"()[]{}-–—~+*^/<>=%$£€¥°@#&_ \n…’“”²³µéßЖ中。！¿😀🚀✓®©") + [
    "'s", "’S", "km", "...", "US$", "C$", "°C", "°F", "mph", "m²", "http://", ".com", "\U0001F600", "\U00020001",
    "\U0001F0A1", "\U0001D400", "\U0001EE00"]


def _spans(pattern: re.Pattern[str], text: str) -> tuple:
    def span(m: re.Match[str] | None) -> tuple[int, int] | None:
        return None if m is None else m.span()
    return (span(pattern.search(text)), span(pattern.match(text)), [m.span() for m in pattern.finditer(text)])


def _texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 14))) for _ in range(n)]


def test_the_tokenizer_compiles_the_expressions_spacy_compiles() -> None:
    assert prefix_source(_DEFAULTS.prefixes) == RULES["prefix"][0].pattern
    assert suffix_source(_DEFAULTS.suffixes) == RULES["suffix"][0].pattern
    assert infix_source(_DEFAULTS.infixes) == RULES["infix"][0].pattern


@pytest.mark.parametrize("name", sorted(RULES))
def test_spacy_rules_are_rewritten_and_keep_their_source(name: str) -> None:
    stock, first_char_test = RULES[name]
    assert rewritten(stock.pattern, stock.flags, first_char_test) is not None  # the rewrite happens on this Python
    fast = equivalent(stock.pattern, stock.flags, first_char_test)
    assert (fast.pattern, fast.flags, fast.groups) == (stock.pattern, stock.flags, stock.groups)


@pytest.mark.parametrize("name", sorted(RULES))
def test_spacy_rules_match_where_they_did(name: str) -> None:
    stock, first_char_test = RULES[name]
    fast = equivalent(stock.pattern, stock.flags, first_char_test)
    singles = [chr(c) for c in range(0x3000) if not 0xD800 <= c < 0xE000] + ["\U0001F600", "\U0001F0A1", "\U00020001"]
    words = ["10km.", "5°C.", "US$5", "C$", "(LLMs),", "GPT-4o.", "e.g.,", "x86_64", "U.S.", "a-b", "3+4", "x^2",
             "don't", "’s", "....", "naïve.", "Ж.", "ABC.", "7B.", "😀-based", "\U0001F0A1\U0001F0A1", ""]
    for text in singles + words + _texts(30_000, 11):
        assert _spans(fast, text) == _spans(stock, text), text


def test_a_look_behind_moves_after_a_fixed_width_part() -> None:
    stock = re.compile(r"(?<=[0-9])\.$|(?<=[a-z][A-Z])\.(?=x)|(?<=[0-9])(?:km|m)$|ab$")
    assert rewritten(stock.pattern) is not None
    fast = equivalent(stock.pattern)
    for text in ["1.", "a.", "aB.x", "aB.", "10km", "10m", "ab", "x1.", "", "..", "Ab.x"] + _texts(5000, 3):
        assert _spans(fast, text) == _spans(stock, text), text


def test_an_astral_class_is_split_and_matches_the_same() -> None:
    stock = re.compile(r"[a-c\U0001F600-\U0001F64F\u00e9]+|(?<=[\U0001D400-\U0001D7FF])x")
    assert rewritten(stock.pattern) is not None
    fast = equivalent(stock.pattern)
    for text in ["abc", "é😀", "\U0001F650", "\U0001D400x", "x", "\U0001D800x", "d"] + _texts(5000, 5):
        assert _spans(fast, text) == _spans(stock, text), text


def test_first_char_test_only_where_every_match_starts_with_a_known_character() -> None:
    anchored = re.compile(r"^US\$|^[(\[]|^\+(?![0-9])")
    assert rewritten(anchored.pattern) is None and rewritten(anchored.pattern, 0, True) is not None
    fast = equivalent(anchored.pattern, first_char_test=True)
    for text in ["US$5", "U", "(x", "[", "+a", "+1", "a", ""]:
        assert _spans(fast, text) == _spans(anchored, text), text
    empty_branch = re.compile(r"^(?:a|)")  # the empty alternative matches before any character
    assert _spans(equivalent(empty_branch.pattern, 0, True), "b") == _spans(empty_branch, "b") == ((0, 0), (0, 0), [(0, 0)])


def test_patterns_it_does_not_rewrite_compile_as_re_compiles_them() -> None:
    assert rewritten(r"(?<=[0-9])km$", re.IGNORECASE) is None
    assert equivalent(r"(?<=[0-9])km$", re.IGNORECASE) is re.compile(r"(?<=[0-9])km$", re.IGNORECASE)
    assert rewritten("abc") is None
    assert _spans(equivalent("abc"), "xabc") == _spans(re.compile("abc"), "xabc")
    with pytest.raises(re.error):
        equivalent("(unclosed")


NECESSARY = [
    r"(?<![\w'’-])(?!(?:Pre|Self|Co)[-–])[A-Z][a-zà-ÿ]+(?:[-–][A-Z][a-zà-ÿ]+)+ (?:algorithms?|methods?)(?![\w-])",
    r"(?<![\w'’-])[A-Z][a-z]+(?:[-–][A-Z][a-z]+)?['’]s? (?:ratio|index)(?![\w-])",
    r"(?<![\w-])(?:FP|BF|INT)(?:4|8|16)(?![\w-])",
    r"(?<![\w@/.\-])[A-Za-z0-9]+-?Bench(?![\w\-]|\.\w)",
    r"(?<![\w@])[A-Za-z]+@(?:\d+|k|K)(?![\w@])",
    r"(?=[a-z])(?:ab|c)+?x{2,3}[0-3]y", r"[A-Z](?:q[a-c]){2}z", r"(a)(?:b|c)\d", r"(?<!x)[A-Za-z]\s[x-z]q",
]
NECESSARY_TEXTS = ["Frank-Wolfe algorithm", "Pre-Norm method", "a Kullback–Leibler methods.", "Fisher's index",
                   "Cohen’s ratio", "FP8", "xBF16", "INT4-", "MMLU-Bench", "x-Bench", "Hits@10", "abxx0y", "cabcxxx3y",
                   "Aqaqbz", "Aqaz", "ab1", "ac2", " xq", "bw", "aw"]


@pytest.mark.parametrize("source", NECESSARY)
def test_a_necessary_test_holds_wherever_the_pattern_matches(source: str) -> None:
    pattern, test = re.compile(source), necessary(source)
    assert test is not None and all(needle for needle, _rx in test.alternatives)  # each opens with a literal
    rng = random.Random(7)
    pieces = NECESSARY_TEXTS + list("aAbBcCwWqxXyYzZ019@-–'’ .sIPFTNKeE")

    def mutated() -> str:  # matching texts cut, joined and sprinkled with characters
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 4)))
        for _ in range(rng.randint(0, 3)):
            at = rng.randint(0, len(text))
            text = text[:at] + rng.choice(pieces[-34:]) * rng.randint(0, 1) + text[at + rng.randint(0, 2):]
        return text
    texts = NECESSARY_TEXTS + [mutated() for _ in range(30_000)]
    matched = [t for t in texts if pattern.search(t)]
    assert len(matched) > 20  # a positive control: the texts hold matches
    assert all(test(t) for t in matched)
    assert not all(test(t) for t in texts)  # and the test rules some texts out


def test_no_necessary_test_where_it_would_be_no_cheaper_or_unsafe() -> None:
    assert necessary(r"abc[de]") is None  # opens with a literal already
    assert necessary(r"(a)x\1") is None  # a back-reference
    assert necessary(r"(?<!x)abc", re.IGNORECASE) is None
    assert necessary(r"\s[x-z]q|[a-c]w") is None  # an alternation of classes: nothing to split
    assert necessary(r"(?<!\w)[A-Z]\w+") is not None  # a look-behind to drop


WORD_PATTERNS = [
    r"(?<![\w-])(?:trade\-offs\ between|tradeoff\ between|in\ terms\ of|measured\ by|measured\ in|metrics:)",
    r"(?<![\w-])(over|outperforms|outperform|on\ par|o|beats|beat)(?![\w-])",
    r"(?<![\w-])(?:improv\w*|speedups|speedup|gains|gain)\b[^.;]{0,60}?\bover\b|(?<![\w-])(?:compar\w*|test\w*)\s+with",
    r"(?<![\w-])we\s+(?:design|propose)\s",
]
WORD_TEXTS = ["we propose trade-offs between a and b", "over-fitting is over; it outperforms beat beats", "o o-o xo",
              "speedups of 2x over the baseline; gains over", "compared with x. testing with y", "we design  we propose ",
              "the metrics: a, b (measured by c) in terms of d", "tradeoff between", "on par with on-par beat.", ""]


@pytest.mark.parametrize("source", WORD_PATTERNS)
def test_a_word_alternation_matches_where_the_pattern_matches(source: str) -> None:
    """LowerRegex's patterns, their words grouped by first letter behind the look-behind: the same matches and groups,
    on texts built to hit word boundaries, prefixes of words and the start of the text, and on random texts."""
    plain, fast = re.compile(source), word_alternation(source)
    assert fast.pattern == source
    assert fast is not plain and fast.groups == plain.groups
    texts = WORD_TEXTS + [" ".join(t) for t in zip(WORD_TEXTS, reversed(WORD_TEXTS))] + _texts(300, 11)
    for text in texts:
        for pos in (0, 1, 3):
            assert [(m.span(), m.groups()) for m in fast.finditer(text, pos)] == \
                [(m.span(), m.groups()) for m in plain.finditer(text, pos)], (source, text, pos)
        assert _spans(fast, text) == _spans(plain, text)


def test_a_word_alternation_is_rewritten_only_in_its_shape() -> None:
    """The shapes of LowerRegex's patterns are rewritten; others compile as written (no look-behind first, a positive
    one, a class after it) and still match as re.compile's."""
    assert all(grouped_words(source) is not None for source in WORD_PATTERNS)
    for source in (r"(?<![\w-])[a-z]+ly", r"over|outperforms", r"(?<=[\w-])(?:over|out)", r"(?<![\w-])(?:over|\w+)"):
        assert grouped_words(source) is None, source
        assert [m.span() for m in word_alternation(source).finditer("over outly x-over")] == \
            [m.span() for m in re.compile(source).finditer("over outly x-over")]
