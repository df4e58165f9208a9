"""The extraction pipeline: ``spacy.blank("en")`` (with kg's suffix rules) plus the kg components.

:class:`Extractor` turns a :class:`~kg.records.Paper` into a plain
:class:`~kg.records.PaperExtraction` (no spaCy objects), so it can run in
worker processes.
"""
from __future__ import annotations

import functools
import gc
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import cast

from spacy import attrs
from spacy.lang import lex_attrs as spacy_lex_attrs
from spacy.lang.en import English
from spacy.lang.en import lex_attrs as spacy_en_lex_attrs
from spacy.language import Language
from spacy.tokens import Doc
from spacy.util import minibatch

import kg.extract.components  # noqa: F401  (registers the factories)
from kg.clean import clean_markup
from kg.errors import KgError
from kg.extract.resources import load_words
from kg.extract.segment import create_tokenizer
from kg.extract.state import SAID_NEW_KNOWN, LocalEntity, forget_state, state
from kg.extract.text import doc_text, round3, sentence_offsets
from kg.types import EntityType
from kg.records import PAPER, Evidence, Paper, PaperEntity, PaperExtraction, Quantity, RelationMention

#: (name, factory) of the kg components, in pipeline order; each declares what it requires and assigns
#: (``nlp.analyze_pipes()``), and :func:`build_nlp` checks that every requirement is met by an earlier one.
#: The merge pass after relations and after results folds in the entity mentions they propose.
COMPONENTS = (("kg_sections", "kg_sections"), ("kg_citations", "kg_citations"), ("kg_normalizer", "kg_normalizer"),
              ("kg_lexicon", "kg_lexicon"), ("kg_acronyms", "kg_acronyms"), ("kg_coined", "kg_coined"), ("kg_phrases", "kg_phrases"),
              ("kg_contributions", "kg_contributions"), ("kg_merge", "kg_merge"), ("kg_relations", "kg_relations"),
              ("kg_merge_relations", "kg_merge_proposals"), ("kg_results", "kg_results"),
              ("kg_merge_results", "kg_merge_proposals"))
_URL = re.compile(r"https?://[^\s<>\"'()\[\]{}]+")
SEPARATOR = "\n\n"  # between the cleaned title and abstract in the extraction text
#: spaCy caches the tokenization of 10,000 distinct whitespace-separated chunks by default; a corpus of
#: abstracts has far more, and a cache miss costs ~20x a hit (same tokens either way).
TOKENIZER_CACHE_SIZE = 1_000_000
#: New containers between two collections of the garbage collector's youngest generation during
#: :meth:`Extractor.pipe` (Python's default is 700; see there): more than a batch of 256 abstracts holds at once.
YOUNG_GC_THRESHOLD = 200_000
#: The lexeme attributes the components read (see ``kg.extract.text.Lex``; LOWER for the lexicon
#: matcher's patterns too). spaCy computes every attribute it has a getter for, in Python, for each string it
#: has not seen: shape, prefix, suffix, stop word, URL, e-mail, ... were ~15% of the extraction's time.
LEXEME_ATTRS = frozenset((attrs.LOWER, attrs.IS_ALPHA, attrs.IS_SPACE, attrs.IS_PUNCT, attrs.IS_BRACKET,
                          attrs.IS_QUOTE, attrs.LIKE_NUM))
_NUM_WORDS = frozenset(spacy_en_lex_attrs._num_words)
_ORDINAL_WORDS = frozenset(spacy_en_lex_attrs._ordinal_words)


def like_num(text: str) -> bool:
    """spaCy's English ``like_num``, line for line, with its two word lists as sets: the getter scanned ~80 words
    for every new string. Its last test (an ordinal suffix after digits, "21st") is left to spaCy's own function,
    asked only where the digits are there."""
    if text.isalpha():  # a word (most new strings): only the number words can be numbers; no digit is a letter
        text_lower = text.lower()
        return text_lower in _NUM_WORDS or text_lower in _ORDINAL_WORDS
    original = text
    if text.startswith(("+", "-", "±", "~")):
        text = text[1:]
    text = text.replace(",", "").replace(".", "")
    if text.isdigit():
        return True
    if text.count("/") == 1:
        num, denom = text.split("/")
        if num.isdigit() and denom.isdigit():
            return True
    text_lower = text.lower()
    if text_lower in _NUM_WORDS or text_lower in _ORDINAL_WORDS:
        return True
    return text_lower[:-2].isdigit() and spacy_en_lex_attrs.like_num(original)


#: spaCy's ``is_bracket`` and ``is_quote`` are ``text in (…)`` over a tuple of strings: the same test as a set's
#: ``__contains__``, which spaCy's vocab calls in C (a Python function call less for each new string)
is_bracket = frozenset(("(", ")", "[", "]", "{", "}", "<", ">")).__contains__
is_quote = frozenset(('"', "'", "`", "«", "»", "‘", "’", "‚", "‛", "“", "”", "„", "‟", "‹", "›", "❮", "❯", "''",
                      "``")).__contains__


#: Faster getters that give what spaCy's give (``tests/test_segment.py`` checks them): the str methods spaCy's
#: ``lower``, ``is_alpha`` and ``is_space`` call (a Python call less each), and the three above.
FAST_GETTERS = {spacy_lex_attrs.lower: str.lower, spacy_lex_attrs.is_alpha: str.isalpha,
                spacy_lex_attrs.is_space: str.isspace, spacy_lex_attrs.is_bracket: is_bracket,
                spacy_lex_attrs.is_quote: is_quote, spacy_en_lex_attrs.like_num: like_num}


class _EnglishDefaults(English.Defaults):  # type: ignore[valid-type,misc]  # a class attribute, to mypy
    #: also split the period off "GSM8K.", "Llama-2-7B." and "CoT.": these end a name, not an
    #: abbreviation (spaCy keeps the period on such tokens, as on "U.S.", so the sentence did not end)
    suffixes = list(English.Defaults.suffixes or ()) + [r"(?<=[0-9][A-Za-z])\.", r"(?<=[a-z0-9][A-Z])\."]


class KgEnglish(English):
    """``spacy.blank("en")`` with kg's suffix rules.

    As language defaults the rules are in place when the tokenizer is made: setting its
    ``suffix_search`` afterwards reloads its ~1,300 special cases, 0.06 s of every start.
    """

    lang = "en"
    Defaults = _EnglishDefaults


class PipelineOrderError(KgError):
    """A component's requirement is met by no component before it (``nlp.analyze_pipes()``'s problems)."""


def build_nlp(extra_lexicons: Iterable[str] = (),
              components: Iterable[tuple[str, str]] = COMPONENTS) -> Language:
    """A blank English pipeline with a sentencizer and the kg ``components`` ((name, factory) pairs, in order).

    Raises :class:`PipelineOrderError` when a component requires what no earlier one assigns, before any
    component (the lexicon matcher above all) is loaded.
    """
    pipes = [("sentencizer", "kg_sentencizer"), *components]
    check_order(pipes)
    nlp = KgEnglish(create_tokenizer=create_tokenizer)
    nlp.tokenizer.max_cache_size = TOKENIZER_CACHE_SIZE  # type: ignore[union-attr]  # spaCy's stubs: any callable
    getters = nlp.vocab.lex_attr_getters  # type: ignore[attr-defined]  # not in spaCy's stubs
    nlp.vocab.lex_attr_getters = {attr: FAST_GETTERS.get(getters[attr], getters[attr])  # type: ignore[attr-defined]
                                  for attr in sorted(LEXEME_ATTRS)}
    for name, factory in pipes:
        config = {"extra_lexicons": [str(p) for p in extra_lexicons]} if factory == "kg_lexicon" else {}
        nlp.add_pipe(factory, name=name, config=config)
    return nlp


@functools.lru_cache(maxsize=1)
def shipped_nlp() -> Language:
    """:func:`build_nlp` on the shipped data alone, built once per process and shared by every :class:`Extractor`
    without extra lexicons (loading the lexicon matcher and the tokenizer's rules is most of a small build's time).

    Sharing is safe: a pipeline's components keep no state between docs but memos of pure functions, so its
    output never depends on what it read before (the exports are byte-identical whatever ``-j``).
    """
    return build_nlp()


def check_order(pipes: Iterable[tuple[str, str]]) -> None:
    """Every attribute a component requires is assigned by a component before it, else PipelineOrderError.

    Read from the factories' declarations, as ``nlp.analyze_pipes()`` reads them (its "problems"), so a
    misordered pipeline fails before it loads.
    """
    assigned: set[str] = set()
    problems: dict[str, list[str]] = {}
    names = []
    for name, factory in pipes:
        meta = Language.get_factory_meta(factory)
        missing = [attr for attr in meta.requires if attr not in assigned]
        if missing:
            problems[name] = missing
        assigned.update(meta.assigns)
        names.append(name)
    if problems:
        said = "; ".join(f"{name} requires {', '.join(attrs)}" for name, attrs in problems.items())
        raise PipelineOrderError(f"kg pipeline {names} is misordered: {said}, which no earlier "
                                 "component assigns (see kg.extract.pipeline.COMPONENTS)")


def code_urls(text: str) -> list[str]:
    """Code repository URLs in the text (known code hosts, trailing punctuation removed)."""
    out: list[str] = []
    if "://" not in text:
        return out  # every URL the pattern matches holds one: most abstracts need no scan
    hosts = load_words().code_hosts
    for m in _URL.finditer(text):
        url = m.group(0).rstrip(".,;:!?*_")
        host = url.split("/")[2].lower() if url.count("/") >= 2 else ""
        if any(host == h or host.endswith("." + h) for h in hosts) and url not in out:
            out.append(url)
    return out


class Extractor:
    """Reusable extractor: build once per process, call on many papers.

    Without extra lexicons it runs the process's :func:`shipped_nlp`; with them, a pipeline of its own
    (their files may change between two builds of one process).
    """

    def __init__(self, extra_lexicons: Iterable[str] = ()):
        lexicons = [str(p) for p in extra_lexicons]
        self.nlp = build_nlp(lexicons) if lexicons else shipped_nlp()

    def clean(self, paper: Paper) -> tuple[str, str, str]:
        title = clean_markup(paper.title) if paper.title else ""
        abstract = clean_markup(paper.abstract)
        text = f"{title}{SEPARATOR}{abstract}" if title else abstract
        return title, abstract, text

    def extract(self, paper: Paper) -> PaperExtraction:
        return next(iter(self.pipe([paper])))

    def pipe(self, papers: Iterable[Paper], batch_size: int = 256,
             failed: list[str] | None = None) -> Iterator[PaperExtraction]:
        """Records in input order.

        A paper whose extraction raises is a bug, but one abstract must not cost a corpus:
        with ``failed`` given, the paper is left out and a one-line reason appended to it;
        without, the error propagates.

        Each component runs over a whole batch before the next one starts, so its code and data stay in
        the CPU caches: ~8% faster than ``nlp.pipe``, which passes one doc at a time through the chain.
        The objects that exist before the run (the pipeline and its lexicons: ~120k) outlive it, so they
        are frozen out of the garbage collector's full scans meanwhile (those took ~10% of the run).
        A batch's docs and candidates live until its records are made, so the youngest generation's
        collections (every 700 new containers by default) kept walking them for nothing: ~6% of the run.
        They run every :data:`YOUNG_GC_THRESHOLD` meanwhile, and once before each batch, when the last
        batch's docs are gone (a collection in the middle of a batch walked every list of its live docs:
        ~5% of the run at 50,000); the records make few reference cycles.
        """
        threshold = gc.get_threshold()
        gc.freeze()
        gc.set_threshold(YOUNG_GC_THRESHOLD, *threshold[1:])
        try:
            for batch in minibatch(papers, batch_size):
                gc.collect(0)  # the young generation, while no doc state is alive (see the docstring)
                cleaned = [self.clean(paper) for paper in batch]
                docs: list[Doc | None] = [self._make_doc(text) for _title, _abstract, text in cleaned]
                for name, proc in self.nlp.pipeline:
                    docs = self._run_batch(name, proc, docs, batch, failed)
                for doc, paper, (title, abstract, _text) in zip(docs, batch, cleaned, strict=True):
                    record = self._run("to_record", to_record, doc, paper, failed, paper, title, abstract)
                    if doc is not None:
                        forget_state(doc)  # cached Spans point back at the doc: let refcounting free it now
                    if record is not None:
                        yield record
        finally:
            gc.set_threshold(*threshold)
            gc.unfreeze()

    def _make_doc(self, text: str) -> Doc:
        """The tokenized doc, its text kept: spaCy's tokenizer loses no character (``doc.text == text``), so
        :func:`~kg.extract.text.doc_text` need not join the tokens back together; marked as fresh from the
        tokenizer, so the sentencizer need not look for boundaries set before it."""
        doc = self.nlp.make_doc(text)
        st = state(doc)
        st.text = text
        st.tokenized = True
        return doc

    @staticmethod
    def _run_batch(name: str, proc, docs: list[Doc | None], papers: list[Paper],
                   failed: list[str] | None) -> list[Doc | None]:
        """:meth:`_run` of one component over a batch, in one loop rather than a call of ``_run`` per doc (~0.15% of
        the extraction): without ``failed`` an error propagates, so no doc is None."""
        if failed is None:
            return list(map(proc, docs))
        out: list[Doc | None] = []
        for doc, paper in zip(docs, papers):
            if doc is not None:
                try:
                    doc = proc(doc)
                except Exception as error:  # noqa: BLE001 - any bug in a rule component: skip the paper, say why
                    failed.append(_failure(paper, name, error))
                    doc = None
            out.append(doc)
        return out

    @staticmethod
    def _run(name: str, proc, doc: Doc | None, paper: Paper, failed: list[str] | None, *args):
        """``proc(doc, *args)``; with ``failed`` given, an error leaves the paper out (None) with a reason."""
        if doc is None:
            return None
        if failed is None:
            return proc(doc, *args)
        try:
            return proc(doc, *args)
        except Exception as error:  # noqa: BLE001 - any bug in a rule component: skip the paper, say why
            failed.append(_failure(paper, name, error))
            return None


def _failure(paper: Paper, component: str, error: Exception) -> str:
    where = paper.source or paper.id
    return (f"{where}: paper {paper.id!r}: extraction failed in {component} ({type(error).__name__}: {error}); "
            "the paper was left out, please report this abstract")


class _Evidences:
    """Evidence for spans of one doc: each sentence's stripped text and offsets are read once, as a record
    cites the same few sentences for many entities, relations and quantities."""

    def __init__(self, doc: Doc, title: str):
        self.text = doc_text(doc)
        self.starts, self.ends = sentence_offsets(doc)
        self.offset = len(title) + len(SEPARATOR) if title else None  # where the abstract starts
        self.sentences: dict[int, tuple[str, int, int, str]] = {}
        #: the Evidence made for each (sentence, component, confidence): a frozen record, shared by the entities and
        #: relations it is the same for (a frozen dataclass's fields are set one ``object.__setattr__`` at a time)
        self.made: dict[tuple[int, str, float], Evidence] = {}

    def __call__(self, start: int, component: str, conf: float) -> Evidence:
        """Evidence for a span starting at ``start``: its sentence, offsets relative to the title or the abstract."""
        i = bisect_right(self.starts, start) - 1  # the sentence holding ``start`` (as sentence_at)
        if i < 0:
            i = 0
        conf = round3(conf)
        out = self.made.get((i, component, conf))
        if out is None:
            hit = self.sentences.get(i)
            if hit is None:
                hit = self.sentences[i] = self._sentence(self.starts[i], self.ends[i])
            text, s, e, section = hit
            out = self.made[i, component, conf] = Evidence(text, s, e, component, conf, section)
        return out

    def _sentence(self, s: int, e: int) -> tuple[str, int, int, str]:
        raw = self.text[s:e]
        text = raw.strip()
        s += len(raw) - len(raw.lstrip())
        section = "abstract"
        if self.offset is not None:
            if s < self.offset:
                section = "title"
            else:
                s -= self.offset
        return text, s, s + len(text), section


def to_record(doc: Doc, paper: Paper, title: str, abstract: str) -> PaperExtraction:
    st = state(doc)
    ents: list[LocalEntity] = st.entities
    evidence = _Evidences(doc, title)
    keys: dict[int, str] = {}
    entities: list[PaperEntity] = []
    for ent in ents:
        preferred = ent.preferred_label
        key = ent.key or sorted(ent.keys)[0]
        keys[id(ent)] = key
        labels = [preferred]
        for s in ent.surfaces():
            if s != preferred:
                labels.append(s)
        if ent.canonical and ent.canonical not in labels:
            labels.append(ent.canonical)
        first = ent.mentions[0]
        # (key, type, labels, confidence, evidence, long_forms, proposed, vocabulary, mention_count, own: by position, as
        # tests/test_speed_equivalence.py checks; a class called with keywords builds a dict of them on every call)
        entities.append(PaperEntity(
            key, cast(EntityType, ent.type), labels, round3(ent.confidence),
            [evidence(first.start, first.component, ent.confidence)],
            [ent.long_form] if ent.long_form else [], ent.proposed, ent.source_ids, len(ent.mentions),
            ent.proposed and any(m.rule == SAID_NEW_KNOWN for m in ent.mentions)))
    by_span = {(m.start, m.end): keys[id(e)] for e in ents for m in e.mentions}
    relations: list[RelationMention] = []
    for r in st.relations:
        subj = PAPER if r.subject is None else by_span.get(r.subject)
        obj = by_span.get(r.object)
        if subj is None or obj is None:
            continue
        relations.append(RelationMention(subj, r.predicate, obj, evidence(r.sentence[0], r.component, r.confidence)))
    quantities = [Quantity(metric=r.metric, value=r.value, unit=r.unit, direction=r.direction, baseline=r.baseline,
                           subject=by_span.get(r.subject, "") if r.subject else "",
                           evidence=evidence(r.sentence[0], r.component, r.confidence),
                           qualifier=r.qualifier, low=r.low, text=r.text,
                           metric_entity=by_span.get(r.metric_entity, "") if r.metric_entity else "")
                  for r in st.results]
    text = evidence.text
    return PaperExtraction(paper=paper, text=text, title=title, abstract=abstract,
                           entities=entities, relations=relations, code_urls=code_urls(text),
                           quantities=quantities)
