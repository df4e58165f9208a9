"""Faster forms of extraction helpers give what the plain forms they replaced give (issue 12's speed rounds)."""
from __future__ import annotations

import random
import re

import pytest

from kg.extract.components.results import _word_before
from kg.extract.pipeline import shipped_nlp
from kg.extract.text import chunk_ranges, content_flags, tokens

TEXTS = [
    "State-of-the-art Vision-Language Models (VLMs) - a survey\n\n"
    "We propose LoRA-X, a low-rank adaptation method for large language models, and evaluate it on GLUE, "
    "SuperGLUE and MMLU. -- Our state-of-the-art results -/- show a 3.5% gain over the baseline; "
    "code is at https://github.com/x/y. The model, trained on 8 A100 GPUs, is - - fast.",
    "A -b- c / d – e and/or f- g -h. Of the in on at, x-y-z.",
    # a run that opens with a joiner ("-" after a bare number), which the doc's chunks trim once
    "Gains of 3.5-x b over 10-fold baselines, and 2-D c.",
    # a run that is a joiner alone: no chunk of its own (the doc's chunks are then read range by range)
    "x (/) y and z w.",
]


def _plain_chunk_ranges(content: list[bool], joiner: list[bool], start: int, end: int) -> list[tuple[int, int]]:
    """The pass over every token that ``chunk_ranges`` made before it read the doc's runs."""
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
    fixed = []
    for a, b in out:
        while b > a and joiner[b - 1]:
            b -= 1
        if b > a:
            fixed.append((a, b))
    return fixed


@pytest.mark.parametrize("text", TEXTS)
def test_chunk_ranges_match_the_pass_over_every_token(text: str) -> None:
    nlp = shipped_nlp()
    doc = nlp(text)
    res = nlp.get_pipe("kg_phrases").res
    content, joiner = content_flags(doc, res), tokens(doc).joiner
    n = len(doc)
    found = 0
    for start in range(n + 1):
        for end in range(start, n + 1):
            expected = _plain_chunk_ranges(content, joiner, start, end)
            assert chunk_ranges(doc, start, end, res) == expected, (start, end)
            found += len(expected)
    assert found > 0  # the ranges hold chunks: the comparison is not vacuous


def test_word_before_is_the_regex_search() -> None:
    rx = re.compile(r"([A-Za-z][\w-]*)\s+$")
    assert _word_before("the Llama 3", 10) == (4, "Llama")  # a positive control: "Llama " before the number
    assert _word_before("GPT-4o 3", 7) == (0, "GPT-4o")
    assert _word_before("x 3", 1) is None  # no space before the end
    chars = "aZ_-9 \n\t.é١²(x"
    rng = random.Random(12)
    hits = 0
    for _ in range(20_000):
        s = "".join(rng.choice(chars) for _ in range(rng.randint(0, 10)))
        for end in range(len(s) + 1):
            m = rx.search(s[:end])
            assert _word_before(s, end) == ((m.start(1), m.group(1)) if m else None), (s, end)
            hits += m is not None
    assert hits > 1000


def test_squeezed_is_split_and_join() -> None:
    from kg.clean.markup import _squeezed

    # the shortcut rests on this: no printable character but the plain space is white space
    assert [c for c in map(chr, range(0x110000)) if c.isspace() and c.isprintable()] == [" "]
    assert _squeezed(" a  b\n") == "a b"  # a positive control: the text changes
    parts = ["a", " ", "  ", "\n", "\xa0", "b", "\u2003", "\t", "x ", " y"]
    rng = random.Random(7)
    for _ in range(20_000):
        s = "".join(rng.choice(parts) for _ in range(rng.randint(0, 8)))
        assert _squeezed(s) == " ".join(s.split()), repr(s)


def test_long_run_test_is_the_longest_word(monkeypatch: pytest.MonkeyPatch) -> None:
    from kg.clean import markup

    rng = random.Random(9)
    for limit in (3, 5, 8):
        monkeypatch.setattr(markup, "MAX_RUN", limit)
        longer = 0
        for _ in range(20_000):
            s = "".join(rng.choice("ab \n\xa0x") if rng.random() < 0.5 else "a" * rng.randint(0, 12)
                        for _ in range(rng.randint(0, 6)))
            expected = max(map(len, s.split()), default=0) > limit
            assert markup._has_long_run(s) == expected, (limit, repr(s))
            longer += expected
        assert longer > 1000


def test_positions_is_the_plain_scan() -> None:
    from kg.extract.text import positions

    rng = random.Random(4)
    for _ in range(20_000):
        items = [rng.choice(["of", "a", "b"]) for _ in range(rng.randint(0, 12))]
        start, end = rng.randint(0, 14), rng.randint(-2, 14)
        assert positions(items, "of", start, end) == [i for i in range(start, end) if i < len(items) and items[i] == "of"]
    assert positions(["a", "of", "b", "of"], "of") == [1, 3]


def test_pattern_searches_from_candidate_starts_are_the_searches() -> None:
    from kg.extract.components.coined import _LIST_HEAD, _list_head
    from kg.extract.components.contributions.titles import _TITLE_SPLIT, _may_split
    from kg.extract.components.results import _NUM, _num_search

    rng = random.Random(11)
    pieces = ["datasets", " ", ":", ", ", "such as ", "e.g., ", "(", "A", "b", "12", ".5", "1,000", ".", "\n", "x-y",
              " - ", "—", "é", "٣"]
    heads = nums = 0
    for _ in range(20_000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 9)))
        lo, hi = sorted((rng.randint(0, len(s)), rng.randint(0, len(s))))
        expected = _LIST_HEAD.search(s, lo, hi)
        got = _list_head(s, lo, hi)
        assert (got and got.span(), got and got.group(1)) == (expected and expected.span(), expected and expected.group(1)), (s, lo, hi)
        heads += expected is not None
        pos = rng.randint(0, len(s))
        want = _NUM.search(s, pos)
        found = _num_search(s, pos)
        assert (found and found.span()) == (want and want.span()), (s, pos)
        nums += want is not None
        if not _may_split(s):
            assert _TITLE_SPLIT.search(s) is None, s
    assert heads > 1000 and nums > 1000


def test_ascii_name_word_scan_is_the_class_scan() -> None:
    from kg.extract.components.coined import _NAME_WORD_AFTER, _NAME_WORD_AFTER_ASCII

    assert not _NAME_WORD_AFTER_ASCII.pattern.startswith("[^")  # a positive class of ASCII characters
    rng = random.Random(8)
    pieces = ["GPT-4", " ", "(", "x", "LLMs", "@", "/", ".", "-", "'", "^2", "a.B", "SF(DA)^2", ",", "\n", "\t", "_", "3D"]
    hits = 0
    for _ in range(20_000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        expected = [m.span(1) for m in _NAME_WORD_AFTER.finditer(s)]
        assert [m.span(1) for m in _NAME_WORD_AFTER_ASCII.finditer(s)] == expected, s
        hits += bool(expected)
    assert hits > 1000


def test_title_word_runs_over_ascii_are_the_class_runs() -> None:
    from kg.extract.text import TITLE_WORD

    rng = random.Random(10)
    chars = 'ab ,;!?()[]"“”\t\nx.-:\x00\x1f'
    hits = 0
    for _ in range(20_000):
        s = "".join(rng.choice(chars) for _ in range(rng.randint(0, 12)))
        lo = rng.randint(0, len(s))
        expected = [m.span() for m in TITLE_WORD.any.finditer(s, lo)]
        assert [m.span() for m in TITLE_WORD.finditer(s, lo)] == expected, s
        hits += bool(expected)
    assert hits > 1000


def test_relation_cue_lower_regexes_are_the_ignorecase_searches() -> None:
    """NEGATION and ``paper_subject`` scan lower-cased text (LowerRegex): the matches of the IGNORECASE regexes they
    were, over whole texts and within bounds, on texts with mixed case, hyphens and the characters that fold apart."""
    from kg.extract.components.relations.cues import NEGATION, RelationCues, _alternation
    from kg.extract.resources import load_resources
    cues = RelationCues(load_resources())
    plain_neg = re.compile(r"(?<![\w-])(?:without|w/o|never|no|nor|not(?!\s+only\b))(?![\w-])", re.IGNORECASE)
    plain_subj = re.compile(r"(?<![\w-])(?:" + _alternation((), cues.words.paper_subjects) + r")(?![\w-])",
                            re.IGNORECASE)
    words = ["We", "we", "This Paper", "this work", "NOT", "not only", "No", "non-no", "W/O", "without", "never", "Nor",
             "know", "note", "-not", "weW", "ſo", "İt", "paper", "study", "x", ",", "."]
    rng = random.Random(7)
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 12)))
        lo, hi = sorted(rng.randint(0, len(text)) for _ in range(2))
        assert [m.span() for m in NEGATION.finditer(text, lo, hi)] == [m.span() for m in plain_neg.finditer(text, lo, hi)]
        assert [m.span() for m in NEGATION.finditer(text)] == [m.span() for m in plain_neg.finditer(text)]
        # (paper_subject is a CueScan: where its first match ends, or that there is none, is what its callers read)
        got, want = cues.paper_subject.search(text), plain_subj.search(text)
        assert (got and got.end()) == (want and want.end()), text


def test_a_title_phrase_introduced_in_other_letter_case_is_still_found(extractor) -> None:
    """``_introduced`` tests the title's phrase as a substring before compiling its regex: case-insensitively, as the
    regex matches ("Context Denoising" of the title, "context denoising" of the abstract)."""
    from kg.records import Paper
    title = "Context Denoising for Aspect-Based Sentiment Analysis"
    found = extractor.extract(Paper(id="p", title=title, abstract=(
        "Aspect-based sentiment analysis is hard. We propose to improve sentiment analysis with context denoising.")))
    assert {e.labels[0] for e in found.entities if e.proposed} == {"Context Denoising"}
    # the control: the phrase not in the abstract proposes nothing
    control = extractor.extract(Paper(id="p", title=title, abstract=(
        "Aspect-based sentiment analysis is hard. We propose to improve sentiment analysis with better data.")))
    assert not any(e.proposed for e in control.entities)


def test_space_digit_test_is_the_regex_search() -> None:
    """The literal scans for " 0" … " 9" (then the regex beyond ASCII) answer as ``_SPACE_DIGIT.search``: on texts
    with and without a spaced digit, in ASCII and with digits of other scripts ("٣", "３") the regex reads as ``\\d``."""
    from kg.extract.components.coined import _SPACE_DIGIT, _space_digit

    texts = ["Mega-TTS 2 is", "PaLM2 and GPT4", "", " ", "1 2", "a\t3 b", "x ٣ y", "x ３", "naïve 5", "naïve5 é",
             "no digits here at all", "end 9", " 0start"] + TEXTS
    rng = random.Random(7)
    alphabet = " a1٣３é\t-"
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(3000)]
    answers = {_space_digit(t) for t in texts}
    assert answers == {True, False}  # both answers are reached (a positive and a negative control)
    for text in texts:
        assert _space_digit(text) == (_SPACE_DIGIT.search(text) is not None), text


def test_round3_is_round_to_three_digits() -> None:
    """The memoised rounding gives ``round(x, 3)``, asked once or again, for the confidences extraction makes and
    for the values it must not memoise (zero, negative zero keeps its sign, NaN)."""
    import math

    from kg.extract.text import round3

    values = [0.45, 0.5, 0.6 * 0.9, 0.75, 0.8 * 0.9, 0.9999, 1.0, 0.1235, 0.0005, 2.675, 1e-9, 0.12345678, 3.0]
    rng = random.Random(3)
    values += [rng.random() for _ in range(2000)]
    for x in values + values:  # the second pass reads the memo
        assert round3(x) == round(x, 3) and math.copysign(1, round3(x)) == math.copysign(1, round(x, 3)), x
    assert math.copysign(1, round3(-0.0)) == -1.0 and math.copysign(1, round3(0.0)) == 1.0
    assert math.isnan(round3(float("nan")))
    assert round3(-0.4567) == -0.457 and round3(0.4567) == 0.457  # a negative value and its positive control


def test_markup_trigger_test_is_any_substring() -> None:
    """``_has_trigger`` answers as ``any(t in s for t in _TRIGGERS)``: on each trigger alone, inside text, and on text
    with none of them."""
    from kg.clean.markup import _TRIGGERS, _has_trigger

    texts = ["plain text, no markup at all.", "", "a - b", "x-y", "it's"] + [f"a {t} b" for t in _TRIGGERS] + list(_TRIGGERS)
    answers = [_has_trigger(t) for t in texts]
    assert True in answers and False in answers
    for text, answer in zip(texts, answers):
        assert answer == any(t in text for t in _TRIGGERS), text


def test_is_coined_keeps_its_answers() -> None:
    """``_is_coined`` with loops in place of ``any()`` answers as the generator form: coined names and plain words."""
    from kg.extract.text import _PARTS, _NOT_NAME, _POWER_NAME, _is_coined, is_coined_part

    stop = frozenset({"AND", "THE", "GPU"})

    def plain(word: str) -> bool:
        if word in stop or len(word) < 2:
            return False
        parts = _PARTS.split(word)
        if any(p in stop for p in parts) and len(parts) == 1:
            return False
        if _NOT_NAME.fullmatch(word):
            return False
        if "^" in word and _POWER_NAME.fullmatch(word):
            return True
        return any(is_coined_part(p) for p in parts)

    words = ["LoRA", "GPT-4o", "C^3", "GPU", "GPU-X", "7B", "2D", "A", "iPhone", "model", "Model", "x.y", "BERT.base",
             "ResNet-50", "THE", "the", "mHealth", "3D-GS", "v1.2", "a-b-c"]
    answers = [_is_coined(w, stop) for w in words]
    assert True in answers and False in answers
    for word, answer in zip(words, answers):
        assert answer == plain(word), word


def test_records_built_by_position_keep_their_field_order() -> None:
    """The hot finders, the merge and ``to_record`` build Candidate, LocalEntity, PaperEntity and Evidence by position
    (keywords cost a dict per call): the fields stand in the order those calls assume."""
    from dataclasses import fields

    from kg.extract.state import CANDIDATE_FIELDS, Candidate, LocalEntity
    from kg.records import Evidence, PaperEntity

    assert tuple(f.name for f in fields(Candidate)) == CANDIDATE_FIELDS
    assert [f.name for f in fields(LocalEntity)][0] == "keys"
    assert [f.name for f in fields(PaperEntity)] == ["key", "type", "labels", "confidence", "evidence", "long_forms",
                                                      "proposed", "vocabulary", "mention_count", "own"]
    assert [f.name for f in fields(Evidence)][:6] == ["sentence", "start", "end", "component", "confidence", "section"]
    by_position = Candidate(1, 2, "Task", "phrase", 0.5, "c", "l", "s", True, "n", "r", "u")
    assert by_position == Candidate(start=1, end=2, type="Task", finder="phrase", confidence=0.5, canonical="c",
                                    long_form="l", source_id="s", proposed=True, name="n", rule="r", surface="u")
    assert by_position != Candidate(1, 2, "Task", "phrase", 0.5, rule="n", name="r")  # a positive and a negative control


@pytest.mark.parametrize("text", TEXTS + ["", "x", "  two  spaces\n\nand a  break ", "naïve café (αβγ) “quoted” — done."])
def test_token_offsets_are_spacys(text: str) -> None:
    """``tokens(doc).idx``, summed from the token lengths and trailing spaces, is each spaCy token's ``idx``; the
    number words and the words of letters the fast ``like_num`` reads are spaCy's answer too."""
    from spacy.lang.en import lex_attrs as en_lex_attrs

    from kg.extract.pipeline import like_num

    doc = shipped_nlp().make_doc(text)
    toks = tokens(doc)
    assert toks.idx == [t.idx for t in doc]
    assert toks.ws == [bool(t.whitespace_) for t in doc]
    for word in ["ten", "Ten", "TENTH", "twenty", "tenth", "model", "naïve", "Ⅻ", "one", "first", "1st", "3"]:
        assert like_num(word) == en_lex_attrs.like_num(word), word
    assert like_num("ten") and not like_num("tent")  # a number word and a word that is none


def test_capitalised_words_and_the_merge_order_keep_their_answers() -> None:
    """The capital test before the regex answers as the regex alone; the merge's two stable sorts (ends descending,
    then starts) order candidates as one sort by (start, -end) does, ties in their first order."""
    from kg.extract.components.coined import _CAPITALISED, _CapitalisedWords
    from kg.extract.components.merge import _END, _START
    from kg.extract.state import Candidate

    function_words = {"the", "and"}
    memo = _CapitalisedWords(function_words)
    words = ["Buffet", "buffet", "The", "A", "Ab", "ÉCOLE", "École", "AB", "Walk-Jump", "", "Z9", "Zebra", "x"]
    answers = [memo[w] for w in words]
    assert True in answers and False in answers
    for word, answer in zip(words, answers):
        assert answer == (_CAPITALISED.fullmatch(word) is not None and word.lower() not in function_words), word
    rng = random.Random(11)
    cands = [Candidate(rng.randint(0, 6), rng.randint(7, 12), "Task", "phrase", k / 100) for k in range(60)]
    expected = sorted(cands, key=lambda c: (c.start, -c.end))
    two_pass = list(cands)
    two_pass.sort(key=_END, reverse=True)
    two_pass.sort(key=_START)
    assert [id(c) for c in two_pass] == [id(c) for c in expected]


def test_title_remedy_from_the_start_and_colons_is_the_search() -> None:
    from kg.extract.components.relations.addresses import remedy_search
    from kg.extract.components.relations.cues import RelationCues
    from kg.extract.resources import load_resources

    remedy = RelationCues(load_resources()).title_remedy
    rng = random.Random(27)
    pieces = ["Mitigating ", "mitigating", "Addressing the ", ":", ": ", "::", " ", "Forgetting", "x", "\n", "é"]
    hits = 0
    for _ in range(20_000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 7)))
        want, got = remedy.search(s), remedy_search(remedy, s)
        assert (got and got.span()) == (want and want.span()), repr(s)
        hits += want is not None
    assert hits > 1000
    assert remedy_search(remedy, "FedLMT: Tackling System Heterogeneity").span() == (6, 17)  # after a colon
    assert remedy_search(remedy, "Learning to Rank: a Survey") is None  # a negative: no remedy gerund


def test_subject_pronouns_found_in_one_pass_are_the_scans() -> None:
    from itertools import compress

    from kg.extract.text import _SUBJECTS, positions

    rng = random.Random(28)
    for _ in range(5_000):
        text = [rng.choice(["we", "We", "they", "They", "the", "weak", "a"]) for _ in range(rng.randint(0, 12))]
        plain = sorted([i for s in _SUBJECTS for i in positions(text, s)]) \
            if "we" in text or "We" in text or "they" in text or "They" in text else []
        assert list(compress(range(len(text)), map(_SUBJECTS.__contains__, text))) == plain, text
    assert list(compress(range(3), map(_SUBJECTS.__contains__, ["a", "We", "b"]))) == [1]
    assert not list(compress(range(2), map(_SUBJECTS.__contains__, ["weak", "a"])))


def test_title_means_pre_check_holds_every_means_word_of_an_ascii_title() -> None:
    from kg.extract.text import TITLE_WORD

    means = frozenset({"via", "using", "with", "by", "through"})
    rng = random.Random(29)
    pieces = ["Via", "VIA", "via", "Using", "with", "By", " ", ":", "-", "Deep", "Learning", "(", ")", "x"]
    found = 0
    for _ in range(20_000):
        title = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        has_word = any(m.group(0).lower() in means for m in TITLE_WORD.finditer(title))
        if has_word:  # the pre-check of title_means lets it through
            assert any(w in title.lower() for w in means), title
            found += 1
    assert found > 1000
    assert not any(w in "Deep Learning".lower() for w in means)


def test_this_paper_twin_and_model_size_pre_check_keep_their_answers() -> None:
    from kg.extract.components.coined import _MODEL_SIZE
    from kg.extract.components.relations.uses import THIS_PAPER

    plain = re.compile(THIS_PAPER.folded.pattern, re.IGNORECASE)
    rng = random.Random(30)
    pieces = ["This ", "this paper", "THE present work", "the ", "present ", "Paper", "work", " ", "-", "x", "\n", "İ",
              "ſ", "7B", "_", "-1.5b"]
    hits = sizes = 0
    for _ in range(20_000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        want = plain.search(s)
        assert (THIS_PAPER.search(s) is None) == (want is None), repr(s)
        hits += want is not None
        size = _MODEL_SIZE.search(s) is not None
        if size:  # the pre-check before the search lets it through
            assert "-" in s or "_" in s, s
        sizes += size
    assert hits > 500 and sizes > 500
    assert THIS_PAPER.search("In this paper, we") is not None and THIS_PAPER.search("this papers") is None


def test_example_cue_pre_check_lets_every_search_hit_through() -> None:
    from kg.extract.components.relations.addresses import _may_end_example
    from kg.extract.components.relations.cues import EXAMPLE_BEFORE

    rng = random.Random(31)
    pieces = ["such as", "Such  As", "e.g.", "e.g.,", "for example,", "For instance", "including", "like", "ranging from",
              " the", " ", "\t", "\x1c", "X", "tasks", "-", "é", "ſ"]
    hits = 0
    for _ in range(20_000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))) + rng.choice([" ", "  ", "\x1c", " the ", ""])
        lo = rng.randint(0, len(s))
        hi = len(s) if rng.random() < 0.7 else rng.randint(lo, len(s))
        if EXAMPLE_BEFORE.search(s, lo, hi) is not None:
            assert _may_end_example(s, lo, hi), (s, lo, hi)
            hits += 1
    assert hits > 500
    assert not _may_end_example("tasks such as drug", 0, 18)  # a negative: the cue is not at the end


def test_title_purpose_pre_check_keeps_every_for() -> None:
    from kg.extract.components.contributions.titles import title_purpose

    rng = random.Random(32)
    pieces = ["For ", "FOR", "for", " ", "Learning", "Fo", "r", "-", "the ", ":"]
    found = 0
    for _ in range(20_000):
        title = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 7)))
        if re.search(r"(?<![\w-])for\s+(?:the\s+|an?\s+)?", title, re.IGNORECASE):
            assert "for" in title.lower(), title
            found += 1
    assert found > 1000
    assert title_purpose("Deep Learning", set(), set(), frozenset()) is None  # no "for": nothing
    assert title_purpose("Transformers for Time Series", set(), set(), frozenset()) is not None


def test_name_word_scan_of_other_text_is_the_class_scan() -> None:
    """``_NAME_WORD_AFTER_ANY`` (the ASCII class plus any other character, tested by a look-behind) finds what the
    negated class finds in text beyond ASCII: a word after "—" or "é" is found, after "’" or a letter it is not."""
    from kg.extract.components.coined import _NAME_WORD_AFTER, _NAME_WORD_AFTER_ANY

    rng = random.Random(41)
    pieces = ["GPT-4", " ", "(", "x", "LLMs", "@", "/", ".", "-", "'", "’", "—", "é", "É", "中", "²", "٣", "\u00a0",
              "\U0001d400", "^2", "SF(DA)^2", ",", "\n", "3D", "[", "]", "\\"]
    hits = 0
    for _ in range(20_000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        lo = rng.randint(0, 1)
        expected = [m.span(1) for m in _NAME_WORD_AFTER.finditer(s, lo)]
        assert [m.span(1) for m in _NAME_WORD_AFTER_ANY.finditer(s, lo)] == expected, s
        hits += bool(expected)
    assert hits > 1000
    assert [m.group(1) for m in _NAME_WORD_AFTER_ANY.finditer("a—GPT-4 and’BERT éLoRA")] == ["GPT-4"]


def test_lower_case_words_are_neither_coined_nor_acronyms() -> None:
    """The early answer for a word of lower-case ASCII letters (``_is_coined``) or without a capital (``is_acronym``)
    is what the full tests answer; words with a capital or a digit still get True where they did."""
    from kg.extract.text import _ACRO, _is_coined, expand_powers, is_acronym

    def acronym(text: str) -> bool:
        if "^" in text:
            text = expand_powers(text)
        core = text[:-1] if text.endswith("s") and len(text) > 2 and text[-2].isupper() else text
        return bool(_ACRO.match(text)) and len(core) >= 2 and sum(map(str.isupper, core)) >= 2

    stop = frozenset({"the"})
    lower = ["model", "the", "a", "state-of-the-art", "x^2", "naïve", "gpt4", "v1.2", "e.g.", "ﬁne", "ǆ"]
    named = ["LoRA", "GPT-4o", "C^3", "LLMs", "iPhone", "mHealth", "ResNet-50", "x^2Y"]
    for word in lower + named:
        assert is_acronym(word) == acronym(word), word
    assert [is_acronym(w) for w in ("LLMs", "model")] == [True, False]
    assert [_is_coined(w, stop) for w in ("LoRA", "gpt4", "model", "the")] == [True, True, False, False]


def test_token_lists_are_the_per_token_values() -> None:
    """``tokens(doc)`` splits per-string rows (ORTH, SPACY and IDX read in one ``to_array``): each list holds what
    the doc's tokens say, read one by one."""
    from kg.extract.text import norm_word

    for text in TEXTS + ["", "naïve café — x/y – z -w", "a - b"]:
        doc = shipped_nlp().make_doc(text)
        toks = tokens(doc)
        assert toks.text == [t.text for t in doc]
        assert toks.lower == [t.text.lower() for t in doc]
        assert toks.norm == [norm_word(t.text) for t in doc]
        assert toks.orth == [t.orth for t in doc]
        assert [lx.text for lx in toks.lex] == toks.text
        assert toks.idx == [t.idx for t in doc]
        assert toks.ws == [bool(t.whitespace_) for t in doc]
        assert toks.punct == [t.is_punct for t in doc]
        n = len(doc)
        assert toks.joiner == [t.text in ("-", "/", "–") and 0 < t.i < n - 1 and not doc[t.i - 1].whitespace_
                               and not t.whitespace_ for t in doc]
    assert tokens(shipped_nlp().make_doc("x/y z / w")).joiner == [False, True, False, False, False, False]


def test_row_flags_are_what_the_components_read_token_by_token() -> None:
    """The norm ids, capitalised-word, subject and content flags ``tokens()`` reads with each token's row are what
    kg_normalizer's store, kg_coined's capital test (with the function-word test it adds), the subject pronouns and
    ``content_flags`` (before its neighbour rules) give token by token; a doc read with other function words gets its
    flags from them."""
    from dataclasses import replace

    from kg.extract.components.coined import _CapitalisedWords
    from kg.extract.resources import load_resources
    from kg.extract.text import _CONTENT, _SUBJECTS, _content_kind, norm_strings, row_function_words

    nlp = shipped_nlp()
    res = load_resources()
    capitalised = _CapitalisedWords(res.function_words)
    seen = {"capital": False, "subject": False, "content": False, "function": False}
    for text in TEXTS + ["We and They: Buffet of the X-Y, naïve café — They say we ſo İt.", "", "The A Ab ÉCOLE"]:
        doc = nlp.make_doc(text)
        toks = tokens(doc)
        assert norm_strings[0] is doc.vocab.strings and row_function_words[0] is res.function_words
        assert toks.norm_id == [nlp.vocab.strings.add(n) for n in toks.norm]
        assert [c and lw not in res.function_words for c, lw in zip(toks.capital, toks.lower)] \
            == [capitalised[t] for t in toks.text]
        assert toks.subject == [t in _SUBJECTS for t in toks.text]
        assert toks.content == [_content_kind(lx, res.function_words) == _CONTENT for lx in toks.lex]
        seen["capital"] |= any(toks.capital)
        seen["subject"] |= any(toks.subject)
        seen["content"] |= any(toks.content)
        seen["function"] |= not all(toks.content)
    assert all(seen.values()), seen
    # other function words: the flags of that set ("of" made a content word), not the rows'
    other = replace(res, function_words=set(res.function_words) - {"of"})
    doc = nlp.make_doc("the cost of training")
    assert content_flags(doc, other) == [False, True, True, True]
    doc = nlp.make_doc("the cost of training")
    assert content_flags(doc, res) == [False, True, False, True]


def test_use_cue_scan_finds_the_regex_matches() -> None:
    """``CueScan`` (the use cues after a non-word character) gives the matches of the use-cue regex: each one's group
    1, its start and its end, on texts with mixed case, hyphens, cues at the start and end, cues side by side and
    characters beyond ASCII (which fold apart or not)."""
    from kg.extract.components.relations.cues import CueScan, RelationCues
    from kg.extract.resources import load_resources

    cues = RelationCues(load_resources())
    scan = cues.use
    assert isinstance(scan, CueScan)
    words = ["using", "Using", "USES", "by", "relies on", "relies solely on", "based on", "non-using", "use-case",
             "with", "-with", "with-", "via", "x", ",", "(", "café", "İt", "ſo", "abuse", "byte", "b", "on", "Leverages"]
    rng = random.Random(36)
    hits = bounded_hits = 0
    for _ in range(2_000):
        text = rng.choice(["", " ", "-"]).join(rng.choice(words) for _ in range(rng.randint(0, 10)))
        want = [(m.start(1), m.end(), m.group(1)) for m in scan.regex.finditer(text)]
        assert [(m.start(1), m.end(), m.group(1)) for m in scan.finditer(text)] == want, text
        hits += len(want)
        pos = rng.randint(0, len(text))  # from a position: the character before it read as the look-behind does
        assert [(m.start(1), m.end(), m.group(1)) for m in scan.finditer(text, pos)] \
            == [(m.start(1), m.end(), m.group(1)) for m in scan.regex.finditer(text, pos)], (text, pos)
        end = rng.randint(pos, len(text))  # up to an end: the text read as ending there (its look-ahead too)
        bounded = [(m.start(1), m.end(), m.group(1)) for m in scan.regex.finditer(text, pos, end)]
        assert [(m.start(1), m.end(), m.group(1)) for m in scan.finditer(text, pos, end)] == bounded, (text, pos, end)
        bounded_hits += len(bounded) < len([m for m in scan.regex.finditer(text, pos)])
    assert hits > 500
    assert bounded_hits > 100  # the end cut some matches off (the comparison above is not only of whole texts)
    # kg_phrases' metric cues (no look-ahead after a cue): the same on texts built of its cues and words around them
    phrases = next(proc for name, proc in shipped_nlp().pipeline if name == "kg_phrases")
    metric = phrases._metric_cue_rx
    assert isinstance(metric, CueScan)
    cue_words = [c for c in metric.regex.lower.pattern.split("(")[2].split(")")[0].split("|")][:12]
    words = [w.replace("\\", "") for w in cue_words] + ["Metrics", "metricsX", "-metrics", "x", ",", "terms", "of", "é"]
    hits = 0
    for _ in range(2_000):
        text = rng.choice(["", " ", "-"]).join(rng.choice(words) for _ in range(rng.randint(0, 8)))
        want = [(m.start(1), m.end(), m.group(1)) for m in metric.regex.finditer(text)]
        assert [(m.start(1), m.end(), m.group(1)) for m in metric.finditer(text)] == want, text
        hits += len(want)
        pos = rng.randint(0, len(text))
        assert [(m.start(1), m.end(), m.group(1)) for m in metric.finditer(text, pos)] \
            == [(m.start(1), m.end(), m.group(1)) for m in metric.regex.finditer(text, pos)], (text, pos)
        end = rng.randint(pos, len(text))
        assert [(m.start(1), m.end(), m.group(1)) for m in metric.finditer(text, pos, end)] \
            == [(m.start(1), m.end(), m.group(1)) for m in metric.regex.finditer(text, pos, end)], (text, pos, end)
    assert hits > 300
    # a cue ending in punctuation right before the next one
    for text in ["metrics:metrics: x", "Metrics:metrics (a)", "metrics, e.g.,metrics:", "x metrics (metrics:"]:
        want = [(m.start(1), m.end(), m.group(1)) for m in metric.regex.finditer(text)]
        assert len(want) == 2 and [(m.start(1), m.end(), m.group(1)) for m in metric.finditer(text)] == want, text


def test_ascii_twins_of_the_result_patterns_find_the_same() -> None:
    """``_WORD_ASCII`` and ``_NUM_START_ASCII`` (``\\w`` and ``\\d`` spelled as ASCII classes) match what ``_WORD``
    and ``_NUM_START`` match in ASCII text, the control characters ``\\s`` holds included."""
    from kg.extract.components.results import _NUM_START, _NUM_START_ASCII, _WORD, _WORD_ASCII

    rng = random.Random(43)
    chars = "aZ9_ @$'-/+.,;()\t\n%x0\x1c\x1f"
    words = 0
    for _ in range(20_000):
        s = "".join(rng.choice(chars) for _ in range(rng.randint(0, 16)))
        found = [m.span() for m in _WORD.finditer(s)]
        assert [m.span() for m in _WORD_ASCII.finditer(s)] == found, s
        assert [m.span() for m in _NUM_START_ASCII.finditer(s, 1)] == [m.span() for m in _NUM_START.finditer(s, 1)]
        words += sum(b - a > 1 for a, b in found)
    assert words > 1000
    assert [m.group() for m in _WORD_ASCII.finditer("top-1 acc, a_b.")] == ["top-1", "acc", ",", "a_b", "."]


def test_finder_module_constants_are_the_members() -> None:
    """The hot modules test ``c.finder is _LEXICON`` etc. (a module constant, not the slow ``Finder.LEXICON`` lookup):
    each constant is the very member, so every identity test answers as before."""
    from kg.extract.components import acronyms, lexicon, merge, phrases
    from kg.extract.components.contributions import finder
    from kg.types import Finder

    seen = 0
    for module in (acronyms, lexicon, merge, phrases, finder):
        for member in Finder:
            alias = getattr(module, "_" + member.name, None)
            if alias is not None:
                assert alias is member, (module.__name__, member)
                seen += 1
    assert seen >= 15
    assert merge._LEXICON is not Finder.PHRASE  # a control: the constants differ from one another


def test_number_qualifiers_read_once_lowered_are_the_per_word_tests() -> None:
    """``_qualify`` lower-cases the text around a number once and tests all qualifiers in one ``endswith`` first:
    the qualifiers it finds are those the per-word loop found ("up to", "roughly", "on average")."""
    from kg.extract.components.results import ResultFinder, _Q
    from kg.extract.resources import load_resources

    finder = ResultFinder(load_resources(), load_resources().result_cues)

    def plain(s: str, start: int, end: int) -> tuple[int, int, list[str]]:
        qstart, quals = start, []
        while True:
            left = s[:qstart].rstrip()
            hit = next((w for w in finder.qual_before if left.lower().endswith(w) and (
                len(left) == len(w) or not w[0].isalnum() or not left[-len(w) - 1].isalnum())), None)
            if hit is None:
                break
            qstart = len(left) - len(hit)
            if hit not in finder.qual_ignore:
                quals.insert(0, finder.qual_names.get(hit, hit))
        qend, right = end, s[end:]
        stripped = right.lstrip()
        for w in finder.qual_after:
            if stripped.lower().startswith(w) and (len(stripped) == len(w) or not stripped[len(w)].isalnum()):
                following = stripped[len(w):].split()
                if following and following[0].lower().strip(".,;") in finder.qual_after_not:
                    continue
                qend += len(right) - len(stripped) + len(w)
                quals.append(finder.qual_names.get(w, w))
                break
        return qstart, qend, quals

    rng = random.Random(44)
    words = finder.qual_before[:12] + finder.qual_after[:12] + ["Up To", "ROUGHLY", "x", "the", "(", ")", "İ", "on"]
    found = 0
    for _ in range(3000):
        before = " ".join(rng.choice(words) for _ in range(rng.randint(0, 3)))
        after = " ".join(rng.choice(words) for _ in range(rng.randint(0, 3)))
        s = f"{before} 3.5% {after}"
        start = len(before) + 1
        q = _Q(start, start + 4, 3.5, None, "%")
        finder._qualify(s, q)
        expected = plain(s, start, start + 4)
        assert (q.qstart, q.qend, q.qualifiers) == expected, s
        found += bool(expected[2])
    assert found > 300
    q = _Q(4, 8, 3.5, None, "%")
    finder._qualify("gap 3.5% wide", q)
    assert q.qualifiers == []  # a control: no qualifier around the number


def test_entity_keys_with_memoised_word_parts_are_the_per_word_folds() -> None:
    """``entity_key`` reads each word's folded form from a memo (``_word_key``): the keys are what folding every
    word (singular, silent "e", American spelling) gave, a kept capital S ("MOTS") included."""
    from kg.names import _ARTICLE, _CAPITAL_S, _MARKUP, _WORD, _silent_e, american, entity_key, singular

    def plain(text: str) -> str:
        import unicodedata
        t = unicodedata.normalize("NFKC", text)
        shouted = " " in t.strip() and t.isupper()
        keep_s = {w.lower() for w in _CAPITAL_S.findall(t)} if "S" in t and not shouted else ()
        t = _MARKUP.sub("", t.lower()).strip()
        if t.startswith(("the", "a")):
            t = _ARTICLE.sub("", t)
        out = []
        for w in _WORD.findall(t):
            w = w.strip(".")
            w = w if w in keep_s else _silent_e(singular(w))
            if len(w) > 6:
                w = american(w)
            if w:
                out.append(w)
        return "".join(out)

    surfaces = ["Graph Neural Networks", "the vision transformers", "MOTS", "MOTS tracking", "generative modelling",
                "Processes", "caches", "GRAPH NEURAL NETWORKS", "A.I.", "x", "", "optimisations", "$\\alpha$-nets",
                "LLMs", "an analysis of TRELLIS", "labelled data"] * 2
    keys = [entity_key.__wrapped__(s) for s in surfaces]
    assert keys == [plain(s) for s in surfaces]
    assert entity_key("Graph Neural Networks") == entity_key("graph neural network")  # folded alike
    assert entity_key("MOTS") != entity_key("MOT")  # a control: the capital S is kept


def test_whole_phrase_finds_what_the_bounded_regex_finds() -> None:
    """``WholePhrase`` (``str.find`` and a boundary test) gives the spans of ``(?<![\\w-])phrase(?![\\w-])``, case-
    sensitive or not, with or without the end test, over random text with the characters that fold apart ("İ", "ı",
    "ſ", the Kelvin sign), digits, underscores, hyphens and non-ASCII letters, at random ``pos`` and ``endpos``."""
    from kg.extract.text import WholePhrase

    rng = random.Random(31)
    alphabet = ["a", "b", "A", "B", "k", "K", "s", "S", "i", "I", "1", "_", "-", " ", ".", "é", "É", "\u0130", "\u0131",
                "\u017f", "\u212a", "ß", "\n"]
    phrases = ["ab", "a b", "Ab", "AB", "k", "s", "Is", "a-b", "1a", "é", "Éa", "ss", "i", "a.b"]
    hits = misses = 0
    for _ in range(4000):
        phrase = rng.choice(phrases + ["".join(rng.choice(alphabet[:12]) for _ in range(rng.randint(1, 3)))])
        pieces = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6))) for _ in range(4)]
        inner = [rng.choice((phrase, phrase.upper(), phrase.lower(), phrase.swapcase())) for _ in range(3)]
        text = "".join(p + rng.choice(("", " ", ".")) + q for p, q in zip(pieces, inner + [""]))
        ignore_case, end = rng.random() < 0.5, rng.random() < 0.8
        pos, endpos = rng.randint(-2, len(text) + 1), rng.randint(-2, len(text) + 2)
        fast = WholePhrase(phrase, ignore_case=ignore_case, end=end)
        regex = re.compile(r"(?<![\w-])" + re.escape(phrase) + (r"(?![\w-])" if end else ""),
                           re.IGNORECASE if ignore_case else 0)
        want = [m.span() for m in regex.finditer(text, pos, endpos)]
        assert [m.span() for m in fast.finditer(text, pos, endpos)] == want, (text, phrase, ignore_case, end, pos, endpos)
        one = fast.search(text)
        first = regex.search(text)
        assert (one and one.span()) == (first and first.span())
        hits += bool(want)
        misses += not want
    assert hits > 300 and misses > 300  # both answers are exercised
    # positive and negative controls on one text: a whole word is found, a part of a word is not
    assert WholePhrase("net").search("a net here") is not None
    assert WholePhrase("net").search("a ResNet here") is None
    assert WholePhrase("RESNET", ignore_case=True).search("a ResNet here").span() == (2, 8)


def test_new_lex_is_the_lexeme_attributes_read_one_by_one() -> None:
    """``_new_lex`` (what :func:`tokens` reads about a string on its first sight) gives each field as the lexeme's
    attribute and the wordlike test written out in full (``any(map(str.isalnum, …))``, no ``isalnum`` shortcut)."""
    from kg.extract.resources import load_words
    from kg.extract.text import _new_lex, norm_word

    vocab = shipped_nlp().vocab
    words = ["model", "Models", "BERT", "GPT-4", "3rd", "twenty", "1,000", "½", "٣", "only", "clearly", "early",
             "--", "(", "”", "'s", "naïve", "x_y", "_", "a.b", " ", "\n", "e.g.", "ΔT", "N/A", "+5", "-ly", "1/2"]
    wordlike_seen = set()
    for w in words:
        lx = vocab[w]
        low = w.lower()
        want = (not (lx.like_num and not any(map(str.isalpha, w)))
                and not (len(low) > 4 and low.endswith("ly") and low not in load_words().not_adverbs)
                and any(map(str.isalnum, w)))
        got = _new_lex(vocab, lx.orth)
        assert (got.text, got.lower, got.norm, got.is_space, got.is_punct, got.is_quote, got.is_bracket, got.like_num,
                got.is_alpha, got.wordlike) == (w, low, norm_word(w), lx.is_space, lx.is_punct, lx.is_quote,
                                                lx.is_bracket, lx.like_num, lx.is_alpha, want), w
        wordlike_seen.add(want)
    assert wordlike_seen == {True, False}  # both answers are exercised
    # positive and negative controls: a word is wordlike, a bare number and an -ly adverb are not
    assert _new_lex(vocab, vocab["model"].orth).wordlike
    assert not _new_lex(vocab, vocab["1,000"].orth).wordlike and not _new_lex(vocab, vocab["clearly"].orth).wordlike


def test_may_contain_is_the_scan_of_the_lowered_text() -> None:
    """``may_contain`` (its fold test and lowering inlined) answers as the plain definition: True for text that
    ``re.IGNORECASE`` folds otherwise, else whether the lowered text holds one of the words."""
    from kg.extract.text import _folds_as_lowered, may_contain

    rng = random.Random(33)
    alphabet = ["a", "b", "A", "B", "s", "S", "i", "I", " ", "-", "é", "\u0130", "\u0131", "\u017f", "\u212a", "k"]
    words = ("ab", "sis", "ik", "b a")
    seen = set()
    for _ in range(4000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        if rng.random() < 0.3:
            text = text.upper()
        want = not _folds_as_lowered(text) or any(w in text.lower() for w in words)
        assert may_contain(text, words) == want, text
        assert may_contain(text, words) == want, text  # again: the lowered text kept from the call before
        seen.add(want)
    assert seen == {True, False}
    # positive and negative controls on one text
    assert may_contain("An AB test", ("ab",)) and not may_contain("An AB test", ("ba",))
    assert may_contain("\u0130x", ("ba",))  # a character that folds apart: always passes



def test_a_bare_task_word_is_read_as_listed_only_with_list_glue_beside_it() -> None:
    """The phrase finder's loop over chunks tests ``_coordinated_task``'s list glue itself (before the call): a bare
    task word between commas among tasks is a Task ("object detection, tracking, and image captioning"); the same
    word after "with" and before a period is not."""
    from kg.extract.state import state
    from kg.types import Finder

    nlp = shipped_nlp()
    text = "We study object detection, tracking, and image captioning with tracking."
    doc = nlp.make_doc(text)
    for name, proc in nlp.pipeline:
        doc = proc(doc)
        if name == "kg_phrases":
            break
    tasks = {(c.start, c.end) for c in state(doc).candidates if c.finder is Finder.PHRASE and c.type == "Task"}
    first, second = text.index("tracking"), text.rindex("tracking")
    assert (first, first + len("tracking")) in tasks  # positive control: the listed word
    assert (second, second + len("tracking")) not in tasks  # the same word, no list glue beside it


def test_chunk_ranges_read_the_kept_runs_only_for_their_own_resources() -> None:
    """``chunk_ranges`` reads the doc's kept runs directly only when they are of the flags of the ``res`` asked for:
    asked with other resources (other function words) on the same doc, it finds that doc's chunks afresh."""
    import dataclasses

    nlp = shipped_nlp()
    res = nlp.get_pipe("kg_phrases").res
    other = dataclasses.replace(res, function_words=res.function_words - {"of", "the"})
    text = "We study the state of the art in the transfer of style."
    want = {}
    for r in (res, other):  # each on a doc of its own
        fresh = nlp(text)
        content, joiner, n = content_flags(fresh, r), tokens(fresh).joiner, len(fresh)
        want[id(r)] = (_plain_chunk_ranges(content, joiner, 0, n), _plain_chunk_ranges(content, joiner, 2, n - 2))
    doc = nlp(text)
    for r in (res, other, other, res, other):  # alternately on one doc: each reading finds its own resources' chunks
        assert (chunk_ranges(doc, 0, n, r), chunk_ranges(doc, 2, n - 2, r)) == want[id(r)]
    # positive control: the two resources cut this text differently ("of" is a function word of one only)
    assert want[id(res)][0] != want[id(other)][0]


def test_math_memo_gives_what_a_fresh_rewrite_gives():
    """A math body read a second time (through the memo) is cleaned as the first time, and as the rewrite itself
    cleans it."""
    from kg.clean import markup

    texts = ["We bound the error by $\\mathcal{O}(n^{2})$ with $\\varepsilon$ noise.",
             "A rate of $\\mathcal{O}(n^{2})$ and $\\varepsilon$ again, then $\\frac{1}{k}$."]
    markup._MATH_MEMO.clear()
    first = [markup.clean_markup(t) for t in texts]
    assert "\\mathcal{O}(n^{2})" in markup._MATH_MEMO  # the second text read it from the memo
    second = [markup.clean_markup(t) for t in texts]
    markup._MATH_MEMO.clear()
    assert first == second
    assert markup._latex_math("\\varepsilon") == "ε" and markup._latex_math("\\frac{1}{k}") == "1/k"
    assert "ε" in first[0] and "1/k" in first[1]
