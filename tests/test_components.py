"""Each kg component alone, in the style of spaCy's own pipeline tests: ``spacy.blank("en")``, the one
component (a sentencizer first where it reads sentences), tiny resources passed by its factory config,
assertions on what it writes to ``doc._.kg``. A negative assertion has a positive control on the same text.

These build no 14k-term lexicon: the resources are a few words each (``tiny``).
"""
from __future__ import annotations

import itertools
from dataclasses import fields

import spacy
from spacy import registry

import kg.extract.components  # noqa: F401  (registers the factories)
from kg.extract.resources import LexiconEntry, Resources, Words, load_resources
from kg.extract.state import Candidate, LocalEntity, state
from kg.names import entity_key
from kg.types import Finder

_names = itertools.count()


def words(**lists) -> Words:
    """A Words with the given lists and every other one empty."""
    return Words.from_lists({f.name: lists.get(f.name, {} if str(f.type).startswith("Mapping") else [])
                             for f in fields(Words)})


def tiny(**kw) -> Resources:
    """Resources of a few words: the shipped cue files (short phrase lists), nothing else unless given."""
    shipped = load_resources()
    base = dict(heads={}, suffixes=[], function_words={"the", "a", "an", "we", "on", "of", "by", "for", "and", "in"},
                weak_modifiers={"novel"}, generic_heads=set(), generic_terms=set(), model_families=set(),
                model_family_prefixes=set(), model_parts=set(), noun_ing=set(), adjective_suffixes=("al",),
                adjective_exceptions=set(), cues=shipped.cues, words=words(), result_cues=shipped.result_cues)
    base.update(kw)
    return Resources(**base)


def pipe(component: str, res: Resources, sentencizer: bool = True, **config):
    """``spacy.blank("en")`` with ``component`` on ``res`` (registered under a fresh name, passed by config)."""
    name = f"test.tiny_resources.{next(_names)}"
    registry.misc.register(name, func=lambda: res)
    nlp = spacy.blank("en")
    if sentencizer:
        nlp.add_pipe("sentencizer")
    nlp.add_pipe(component, config={"resources": {"@misc": name}, **config})
    return nlp


def spans(doc, cands) -> list[tuple[str, str, str]]:
    return sorted((doc.text[c.start:c.end], c.type, c.component) for c in cands)


def mention(doc, text: str, typ: str, finder: Finder = Finder.COINED, proposed: bool = False, nth: int = 0) -> Candidate:
    start = [i for i in range(len(doc.text)) if doc.text.startswith(text, i)][nth]
    return Candidate(start, start + len(text), typ, finder, 0.9, proposed=proposed, surface=text)


def entity(*mentions: Candidate) -> LocalEntity:
    m = mentions[0]
    return LocalEntity(keys={entity_key(x.surface) for x in mentions}, mentions=list(mentions), type=m.type,
                       confidence=m.confidence, proposed=any(x.proposed for x in mentions))


# ------------------------------------------------------------------ finders
def test_lexicon_matches_its_terms_folded_and_exact() -> None:
    res = tiny(lexicon=(LexiconEntry("link prediction", "Task", "link prediction", "pwc-task", "", "", False),
                        LexiconEntry("GPU", "HardwareConcept", "GPU", "kg-hardware", "", "", True)),
               words=words(lexicon_source_priority=["kg-hardware", "pwc-task"],
                           lexicon_source_confidence={"pwc-task": 0.8, "kg-hardware": 0.9}))
    nlp = spacy.blank("en")
    nlp.add_pipe("kg_normalizer")
    registry.misc.register("test.lexicon.v1", func=lambda: res)
    nlp.add_pipe("kg_lexicon", config={"resources": {"@misc": "test.lexicon.v1"}})
    doc = nlp("Link predictions on a GPU and node classification on a gpu.")
    assert spans(doc, state(doc).candidates) == [
        ("GPU", "HardwareConcept", "lexicon:kg-hardware"), ("Link predictions", "Task", "lexicon:pwc-task")]
    # "node classification" is in no vocabulary, "gpu" is not spelled as the exact-case entry


def test_acronyms_pair_a_definition() -> None:
    doc = pipe("kg_acronyms", tiny(heads={"model": ("Model", 0.6)}))(
        "We use Large Language Models (LLMs) here (see the appendix).")
    cands = state(doc).candidates
    assert spans(doc, cands) == [("LLMs", "Model", "acronym"), ("Large Language Models", "Model", "acronym")]
    assert {c.long_form for c in cands} == {"Large Language Models"}  # and "(see the appendix)" defines nothing


def test_coined_types_a_name_by_the_noun_after_it() -> None:
    res = tiny(words=words(coined_dataset_nouns=["benchmark"], coined_method_nouns=["method"]))
    doc = pipe("kg_coined", res)("We test KREPE on the MP-20 benchmark.")
    assert spans(doc, state(doc).candidates) == [("KREPE", "Method", "coined:guess"), ("MP-20", "Dataset", "coined")]
    by_text = {doc.text[c.start:c.end]: c.confidence for c in state(doc).candidates}
    assert by_text["MP-20"] == 0.8 and by_text["KREPE"] == 0.45  # typed by "benchmark"; KREPE only guessed


def test_coined_reads_its_type_nouns_from_the_resources() -> None:
    """The same text with "benchmark" not a dataset noun: MP-20 is no Dataset (the list is data)."""
    doc = pipe("kg_coined", tiny(words=words(coined_method_nouns=["benchmark"])))("We test KREPE on the MP-20 benchmark.")
    assert ("MP-20", "Method", "coined") in spans(doc, state(doc).candidates)


def test_phrases_type_a_noun_phrase_by_its_head() -> None:
    res = tiny(heads={"detection": ("Task", 0.8)})
    doc = pipe("kg_phrases", res)("Backdoor detection in large models.")
    assert spans(doc, state(doc).candidates) == [("Backdoor detection", "Task", "phrase")]  # "models": no typed head
    doc = pipe("kg_phrases", tiny(heads={"detection": ("Task", 0.8), "model": ("Model", 0.9)}))(doc.text)
    assert ("large models", "Model", "phrase") in spans(doc, state(doc).candidates)  # once "model" is a head


def test_contributions_mark_the_named_contribution_proposed() -> None:
    nlp = pipe("kg_contributions", tiny())
    doc = nlp.make_doc("We propose KREPE, a method for link prediction. TransE is older.")
    doc = nlp.get_pipe("sentencizer")(doc)
    st = state(doc)
    st.candidates = [mention(doc, "KREPE", "Method"), mention(doc, "TransE", "Method")]
    doc = nlp.get_pipe("kg_contributions")(doc)
    proposed = [c for c in st.candidates if c.proposed]
    assert spans(doc, proposed) == [("KREPE", "Method", "contribution")]  # TransE is not the paper's


# ------------------------------------------------------------------ the merge
def test_merge_makes_one_entity_of_an_acronym_and_its_long_form_and_drops_weak_spans() -> None:
    nlp = pipe("kg_merge", tiny(), sentencizer=False)
    doc = nlp.make_doc("Large Language Models (LLMs) and LLMs again; some thing.")
    lf = Candidate(0, 21, "Model", Finder.ACRONYM, 0.6, long_form="Large Language Models")
    short = Candidate(23, 27, "Model", Finder.ACRONYM, 0.6, long_form="Large Language Models")
    again = Candidate(33, 37, "Model", Finder.COINED, 0.6)
    weak = Candidate(50, 55, "Method", Finder.COINED, 0.45)  # "thing": below min_confidence
    state(doc).candidates = [lf, short, again, weak]
    doc = nlp.get_pipe("kg_merge")(doc)
    ents = state(doc).entities
    assert len(ents) == 1 and ents[0].preferred_label == "Large Language Models"
    assert [m.surface for m in ents[0].mentions] == ["Large Language Models", "LLMs", "LLMs"]


def test_merge_picks_the_main_contribution() -> None:
    nlp = pipe("kg_merge", tiny(), sentencizer=False)
    doc = nlp.make_doc("We propose KREPE and a task called CUBE.")
    state(doc).candidates = [Candidate(11, 16, "Method", Finder.CONTRIBUTION, 0.85, proposed=True),
                             Candidate(35, 39, "Task", Finder.CONTRIBUTION, 0.85, proposed=True)]
    nlp.get_pipe("kg_merge")(doc)
    assert state(doc).main is not None and state(doc).main.preferred_label == "KREPE"  # a Task is no main one


def test_merge_pass_folds_in_proposed_mentions() -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("kg_merge_proposals")
    doc = nlp.make_doc("FID drops; FID is lower; the wall time too.")
    st = state(doc)
    st.entities = [entity(mention(doc, "FID", "Metric"))]
    st.proposals = [mention(doc, "FID", "Metric", Finder.RESULTS, nth=1), mention(doc, "wall time", "Metric", Finder.RESULTS)]
    nlp.get_pipe("kg_merge_proposals")(doc)
    assert [(e.preferred_label, len(e.mentions)) for e in st.entities] == [("FID", 2), ("wall time", 1)]
    assert st.proposals == []


# ------------------------------------------------------------------ relations and results
def _linked(text: str, *ents: LocalEntity, main: LocalEntity | None = None, component: str = "kg_relations"):
    nlp = pipe(component, tiny())
    doc = nlp.get_pipe("sentencizer")(nlp.make_doc(text))
    st = state(doc)
    st.entities, st.main = list(ents), main
    return nlp.get_pipe(component)(doc)


def test_relations_link_the_contribution() -> None:
    text = "We propose KREPE for link prediction. KREPE outperforms TransE."
    d = spacy.blank("en").make_doc(text)
    krepe = entity(mention(d, "KREPE", "Method", proposed=True), mention(d, "KREPE", "Method", nth=1))
    task = entity(mention(d, "link prediction", "Task"))
    rival = entity(mention(d, "TransE", "Method"))
    doc = _linked(text, krepe, task, rival, main=krepe)
    said = {(text[r.subject[0]:r.subject[1]] if r.subject else "PAPER", r.predicate, text[r.object[0]:r.object[1]])
            for r in state(doc).relations}
    assert said == {("PAPER", "proposes", "KREPE"), ("KREPE", "addresses", "link prediction"),
                    ("KREPE", "outperforms", "TransE")}  # and TransE is the subject of nothing


def test_results_read_a_claim_and_leave_a_setting() -> None:
    text = "KREPE improves accuracy by 5% with 10 sampling steps."
    d = spacy.blank("en").make_doc(text)
    krepe = entity(mention(d, "KREPE", "Method", proposed=True))
    doc = _linked(text, krepe, main=krepe, component="kg_results")
    results = state(doc).results
    assert [(r.metric, r.value, r.unit, r.direction) for r in results] == [("accuracy", 5.0, "%", "increase")]
    assert text[results[0].subject[0]:results[0].subject[1]] == "KREPE"  # "10 sampling steps" is no result


def test_title_end_is_the_blank_line_after_a_title() -> None:
    from kg.extract.text import title_end

    assert title_end("A Title\n\nThe abstract.") == 7
    assert title_end("An abstract without a title.") == -1


def test_content_flags_keep_joiners_and_function_words_glued_by_a_hyphen() -> None:
    from kg.extract.text import content_flags
    res = tiny()
    doc = spacy.blank("en")("We train a state-of-the-art model on the data - of all kinds, quickly (x) and/or 3 times.")
    assert [(t.text, flag) for t, flag in zip(doc, content_flags(doc, res))] == [
        ("We", False), ("train", False), ("a", False), ("state", True), ("-", True), ("of", True), ("-", True),
        ("the", True), ("-", True), ("art", True), ("model", True), ("on", False), ("the", False), ("data", True),
        ("-", False), ("of", False), ("all", True), ("kinds", True), (",", False), ("quickly", False), ("(", False),
        ("x", True), (")", False), ("and/or", True), ("3", False), ("times", True), (".", False)]
    # function words inside the compound are content, the same words apart are not; a spaced hyphen is no joiner;
    # the word after "We" is its verb
    assert content_flags(doc, res) is content_flags(doc, res)  # computed once per doc


def test_ignorecase_folds_a_character_as_its_lower_case_but_three() -> None:
    """What ``LowerRegex`` and ``may_contain`` rest on, for every character: ``re.IGNORECASE`` matches it to an ASCII
    letter exactly where its lower case is that letter, and ``\\w``, ``\\s``, ``\\d`` say the same of both."""
    import re
    import sys

    from kg.extract.text import _FOLDS_APART
    letters = re.compile("[a-z]", re.IGNORECASE)
    classes = [re.compile(c) for c in (r"\w", r"\s", r"\d")]
    apart = []
    for code in range(128, sys.maxunicode + 1):
        c = chr(code)
        low = c.lower()
        if len(low) != 1 or bool(letters.fullmatch(c)) != (low.isascii() and low.isalpha()) \
                or any(bool(rx.fullmatch(c)) != bool(rx.fullmatch(low)) for rx in classes):
            apart.append(c)
    assert sorted(apart) == sorted(_FOLDS_APART) == ["\u0130", "\u0131", "\u017f"]


def test_lower_regex_matches_as_the_ignorecase_pattern_on_any_text() -> None:
    from kg.extract.text import LowerRegex, may_contain
    rx = LowerRegex(r"(?<![\w-])(?:outperform\w*|state of the art|surpass)(?![\w-])")
    texts = ["It OUTPERFORMS Β-VAE – and Surpasses naïve ones", "ſurpass and Surpass", "İ outperform", "x-surpass",
             "Ωmega surpass€", "Kelvin \u212aoutperform"]
    for text in texts:
        want = [m.span() for m in rx.folded.finditer(text)]
        assert [m.span() for m in rx.finditer(text)] == want and bool(rx.search(text)) == bool(want), text
        assert may_contain(text, ("surpass", "outperform")) or not want
    assert [m.span() for m in rx.finditer(texts[1])] == [(0, 7), (12, 19)]  # "ſurpass" folds to "surpass"
    assert rx._lowered(texts[0]) is not None and rx._lowered(texts[1]) is None  # the positive control
    assert LowerRegex(r"\W[A-Z]x")._lowered("Ωx") is None  # a pattern with capitals reads text beyond ASCII as is


def test_name_words_are_the_name_word_pattern_s_matches() -> None:
    import random

    from kg.extract.components.coined import _NAME_WORD, _name_words
    rng = random.Random(3)
    pieces = list("aAbZ09.-^@/'’ ()\n_xé") + ["GPT-4", "SF(DA)^2", "e.g.", "x@y", "3D", "LLaMA-2-7B", "CIFAR-10/100"]
    texts = ["GPT-4 beats BERT", " GPT-4", "x GPT-4", "(BERT)", "GPT-4o-mini, and Llama-3.1-8B."]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 20))) for _ in range(30_000)]
    for text in texts:
        want = [(m.span(1), m.group(1)) for m in _NAME_WORD.finditer(text)]
        assert [(m.span(1), m.group(1)) for m in _name_words(text)] == want, text
    assert [m.group(1) for m in _name_words(texts[0])] == ["GPT-4", "BERT"]  # at the start of the text too
