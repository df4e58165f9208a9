"""kg's tokenizer and sentencizer give exactly what spaCy's stock ones give (kg.extract.segment)."""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from re import _constants as sre  # type: ignore[attr-defined]  # the parsed form of a pattern, for the proofs
from re import _parser  # type: ignore[attr-defined]

import pytest
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.tokens import Doc
from spacy.util import compile_infix_regex, compile_suffix_regex

from kg.extract.pipeline import KgEnglish

TRICKY = [
    "", " ", "  two  spaces ", "\n\nnewlines\n", "tab\there", "a\u00a0b", "end.", "U.S. and e.g., i.e.",
    "GSM8K. Llama-2-7B. CoT. GPT-4o.", "don't can't won't Im dont cannot gonna", "(LLMs), [CLS] {x}",
    "10km 5% $100 100$ US$5 3.5-turbo 1e-4 ±0.3 2x 10x faster 4:3 a/b 1/2 3+4 x^2 O(n^2)",
    "https://github.com/a/b. www.example.org, user@example.com foo.bar.baz http://x.io/?q=1#f",
    "state-of-the-art, self-supervised–learning — dash -- double ~tilde", "C++ C# F# .NET x86_64 __init__",
    "naïve café Lévy-Prokhorov Œuvre ﬁne μm µm 5µm m² 10m² ½ ² ³", "Ελληνικά кириллица 中文。日本語！",
    "...", "…", "Wait... what?! Really?? Yes!!! (See Fig. 2.) \"Quoted.\" 'Single.' “Curly.” ‘x’s’",
    ":) ;-) <3 😀 🚀-based ✓ ® © °C 25°C. 5°F.", "A. B. C. Smith, Ph.D., et al. (2024).", "ALLCAPS. lowerUPPER.",
    "x" * 120, "e.g.(this) i.e.[that] vs. etc.", "word's words' O'Neill rock'n'roll", "’s ’S 's 'S",
]


@pytest.fixture(scope="module")
def stock() -> Language:
    nlp = KgEnglish()  # spaCy's own tokenizer for the same language defaults
    nlp.add_pipe("sentencizer")
    return nlp


@pytest.fixture(scope="module")
def kg_nlp(nlp) -> Language:
    return nlp  # conftest's: the extractor's pipeline


def _segmented(nlp: Language, text: str) -> Doc:
    return nlp.get_pipe("sentencizer")(nlp.make_doc(text))


def _fuzz(n: int) -> list[str]:
    """Random strings from the characters the rules care about (fixed seed)."""
    rng = random.Random(7)
    alphabet = list("aAzZsSkmgTMK019.,;:!?'\"()[]{}-–—~+*^/<>=%$£€°@#&_ \n…’“”²µéß中。！¿") + ["'s", "km", "...", "http://", ".com"]
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30))) for _ in range(n)]


@pytest.mark.slow
@pytest.mark.parametrize("texts", [TRICKY, _fuzz(3000)], ids=["tricky", "fuzz"])
def test_same_tokens_and_sentences_as_spacy(stock: Language, kg_nlp: Language, texts: list[str]) -> None:
    for text in texts + [" ".join(texts)]:
        expected, got = _segmented(stock, text), _segmented(kg_nlp, text)
        assert [(t.text, t.whitespace_) for t in got] == [(t.text, t.whitespace_) for t in expected], text
        assert [t.is_sent_start for t in got] == [t.is_sent_start for t in expected], text


def test_preset_boundaries_are_kept_like_spacy(stock: Language, kg_nlp: Language) -> None:
    for nlp in (stock, kg_nlp):
        doc = nlp.make_doc("First part: no period here and more. Second")
        doc[3].is_sent_start = True
        doc[4].is_sent_start = False
        nlp.get_pipe("sentencizer")(doc)
        if nlp is stock:
            expected = doc.to_array([SENT_START]).tolist()
        else:
            assert doc.to_array([SENT_START]).tolist() == expected


# ---------------------------------------------------------------- the fast paths are exact: proofs


def _can_match(items: _parser.SubPattern | list, allowed: Callable[[str], bool]) -> bool:
    """Whether the parsed pattern might match text made only of ``allowed`` characters.

    Conservative: False only when every match must consume (or look at) a character outside
    ``allowed``; anything this does not understand counts as "might match".
    """
    for op, av in items:
        if op is sre.LITERAL and not allowed(chr(av)):
            return False
        if op is sre.IN and not _class_allows(av, allowed):
            return False
        if op is sre.ASSERT and not _can_match(av[1], allowed):  # lookaround: looks at the same text
            return False
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and av[0] >= 1 and not _can_match(av[2], allowed):
            return False
        if op is sre.SUBPATTERN and not _can_match(av[3], allowed):
            return False
        if op is sre.BRANCH and not any(_can_match(branch, allowed) for branch in av[1]):
            return False
    return True


def _class_allows(items: list, allowed: Callable[[str], bool]) -> bool:
    for op, av in items:
        if op is sre.LITERAL and allowed(chr(av)):
            return True
        if op is sre.RANGE and any(allowed(chr(c)) for c in range(av[0], av[1] + 1)):
            return True
        if op in (sre.NEGATE, sre.CATEGORY):  # not worked out: assume it may
            return True
    return False


def test_proof_checker_is_not_vacuous() -> None:
    assert _can_match(_parser.parse(r"(?<=[0-9])km$"), str.isalnum)
    assert not _can_match(_parser.parse(r"(?<=[0-9])km$"), str.isalpha)
    assert _can_match(_parser.parse(r"ab|c\.$"), str.isalpha)
    assert not _can_match(_parser.parse(r"a\.|c,"), str.isalpha)
    assert not _can_match(_parser.parse(r"(?:x-)+"), str.isalnum)


def test_no_suffix_rule_matches_letters_only() -> None:
    pattern = compile_suffix_regex(KgEnglish.Defaults.suffixes)
    assert not pattern.flags & re.IGNORECASE
    assert not _can_match(_parser.parse(pattern.pattern, pattern.flags), str.isalpha)


def test_no_infix_rule_matches_letters_and_digits() -> None:
    pattern = compile_infix_regex(KgEnglish.Defaults.infixes)
    assert not pattern.flags & re.IGNORECASE
    assert not _can_match(_parser.parse(pattern.pattern, pattern.flags), str.isalnum)


def test_no_url_matches_letters_and_digits() -> None:
    pattern = KgEnglish.Defaults.url_match.__self__
    assert not pattern.flags & re.IGNORECASE
    assert not _can_match(_parser.parse(pattern.pattern, pattern.flags), str.isalnum)


def test_no_url_matches_text_without_a_period() -> None:
    pattern = KgEnglish.Defaults.url_match.__self__
    assert not _can_match(_parser.parse(pattern.pattern, pattern.flags), lambda c: c != ".")
    assert _can_match(_parser.parse(pattern.pattern, pattern.flags), lambda c: c != "/")  # the positive control
    assert pattern.match("example.org/x") and not pattern.match("example-org/x")


@pytest.mark.slow
def test_the_fast_tokenizer_serializes_like_spacys():
    """spaCy writes a tokenizer's rules as their regex patterns; the fast paths must not hide them."""
    from kg.extract.pipeline import KgEnglish, build_nlp

    assert build_nlp().tokenizer.to_bytes(exclude=["vocab"]) == KgEnglish().tokenizer.to_bytes(exclude=["vocab"])



def test_lexemes_keep_every_attribute_the_components_read(stock: Language, kg_nlp: Language) -> None:
    """kg's vocab computes only LEXEME_ATTRS for new strings; the attributes components read stay spaCy's."""
    def read(doc: Doc) -> list[tuple]:
        return [(t.text, t.lower_, t.is_alpha, t.is_space, t.is_punct, t.is_bracket, t.is_quote, t.like_num)
                for t in doc]

    words = ["Zyxwvutq", "42", "4.5", "ten", "(", "“", "[", "pass@1", "FP8", "naïve"]
    for text in TRICKY + _fuzz(500) + words:
        assert read(kg_nlp.make_doc(text)) == read(stock.make_doc(text)), text


def test_fast_lexeme_getters_answer_as_spacys() -> None:
    """The getters kg's vocab runs for each new string (FAST_GETTERS) give what spaCy's give, on every
    character of the Basic Multilingual Plane, on pairs of quote and bracket characters, and on number words."""
    from spacy.lang import lex_attrs
    from spacy.lang.en import lex_attrs as en_lex_attrs

    from kg.extract.pipeline import FAST_GETTERS

    # the length guards of is_bracket and is_quote hold for spaCy's own lists (constants of its functions)
    brackets = next(c for c in lex_attrs.is_bracket.__code__.co_consts if isinstance(c, tuple))
    quotes = next(c for c in lex_attrs.is_quote.__code__.co_consts if isinstance(c, tuple))
    assert "(" in brackets and max(map(len, brackets)) == 1
    assert "“" in quotes and max(map(len, quotes)) == 2
    marks = "".join(sorted(set("".join(brackets + quotes)))) + "+-±~,./1aA"
    words = list(en_lex_attrs._num_words) + list(en_lex_attrs._ordinal_words)
    texts = ([chr(c) for c in range(0x10000) if not 0xD800 <= c < 0xE000] + [a + b for a in marks for b in marks]
             + words + [w.title() for w in words] + [w.upper() + "s" for w in words] + _fuzz(3000)
             + ["1st", "22nd", "3rd", "4th", "1/2", "1/2/3", "+1,000.5", "~3", "±0.3", "-", "", "twenty-one", "10th."])
    assert len(FAST_GETTERS) == 6
    for spacy_getter, fast in FAST_GETTERS.items():
        for text in texts:
            assert fast(text) == spacy_getter(text), (spacy_getter.__name__, text)


def test_no_prefix_rule_matches_letters_only() -> None:
    """The tokenizer's token_match (letters only: one token) skips the prefix rules too."""
    from spacy.util import compile_prefix_regex

    pattern = compile_prefix_regex(KgEnglish.Defaults.prefixes)
    assert not pattern.flags & re.IGNORECASE
    assert not _can_match(_parser.parse(pattern.pattern, pattern.flags), str.isalpha)
    assert _can_match(_parser.parse(pattern.pattern, pattern.flags), lambda c: c.isalpha() or c == "$")  # "US$"


def test_letters_only_rule_pickles_and_serializes_as_none() -> None:
    import pickle

    from kg.extract.pipeline import build_nlp

    tokenizer = build_nlp(components=()).tokenizer
    assert tokenizer.token_match("Binoculars") and not tokenizer.token_match("GPT-4")
    again = pickle.loads(pickle.dumps(tokenizer))
    assert [t.text for t in again("Spotting LLMs (with Binoculars).")] == ["Spotting", "LLMs", "(", "with", "Binoculars", ")", "."]


def test_suffix_window_gives_the_match_length_of_the_whole_tail() -> None:
    """The suffix rule tried on its last few characters finds a match of the same length (all spaCy reads)."""
    from kg.extract.segment import _SuffixSearch, suffix_source, suffix_window

    window, slow = suffix_window(suffix_source(KgEnglish.Defaults.suffixes))
    assert window is not None and 2 <= window <= 8 and slow == ("..",)
    pattern = compile_suffix_regex(KgEnglish.Defaults.suffixes)
    fast, plain = _SuffixSearch(pattern.search, window, slow), _SuffixSearch(pattern.search)
    found = 0
    for text in _fuzz(20_000) + [t for line in TRICKY for t in line.split()] + ["10km.", "x10km²", "a's", "5°F."]:
        got, expected = fast(text), plain(text)
        assert (got is None) == (expected is None), text
        if got is not None:
            assert got.end() - got.start() == expected.end() - expected.start(), text
            found += 1
    assert found > 1000  # the suffixes are there: the comparison is not vacuous
    assert suffix_window(r"(?<!a)b$") == (None, ())  # a negative look-behind: no window
