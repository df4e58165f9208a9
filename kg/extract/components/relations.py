"""``kg_relations``: typed relations from sentence-level patterns.

The paper's contributions (entities marked *proposed*) are the usual subjects.
A sentence names its subject explicitly ("KREPE unifies …") or by
self-reference ("our method", "it"); then
- a Task in the sentence → ``addresses``; a Dataset in an evaluation sentence →
  ``evaluatedOn``; a Method/Model/HardwareConcept with a use cue (``via``,
  ``trained with``, ``based on``…) → ``uses``;
- the first entity after a comparison cue (``outperforms``, ``than``, ``over``,
  ``relative to``) → ``outperforms``; when no entity is there, the compared noun
  phrase ("dynamic K-only sparse methods") becomes a Method entity.
A self-reference before the main contribution is named does not bind to it, and
entities in a contrast clause ("unlike methods that fine-tune X, …") are other
work's. A paper with no named contribution addresses the tasks of its own
"we study/propose … <task>" sentence itself (PAPER addresses).
Each pattern has its own confidence.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.extract.resources import SHIPPED, Resources
from kg.extract.state import SUBJECT_TYPES, Candidate, LocalEntity, RelationCandidate, contract, state
from kg.extract.text import (TITLE_WORD, LowerRegex, Modifiers, chunks, doc_text, head_type, key_words, may_contain, norm_word,
                             sentence_chars, sentence_offsets, sentences, tokens, words_of)
from kg.extract.text import title_end as text_title_end
from kg.names import entity_key
from kg.types import Finder, Predicate

CONFIDENCE = {"proposes": 0.9, "addresses": 0.7, "addresses-main-task": 0.55, "addresses-proposed-task": 0.7,
              "addresses-motivation": 0.5, "uses-own-component": 0.55, "evaluatedOn": 0.75,
              "uses": 0.6, "uses-contribution": 0.55, "uses-derived-name": 0.8, "outperforms": 0.7,
              "uses-named-description": 0.55, "addresses-paper": 0.5, "uses-designed-part": 0.55, "addresses-opening-task": 0.55,
              "addresses-paper-task": 0.45, "addresses-paper-problem": 0.5,
              "addresses-problem": 0.6, "addresses-title-task": 0.6, "uses-task": 0.55, "addresses-title-problem": 0.6, "uses-enumerated-part": 0.55, "evaluatedOn-unnamed": 0.6, "name-part": 0.6}
#: what a paper can propose: its subjects, a task, and a measure ("QSTS, a novel … similarity measure")
_PROPOSED_TYPES = SUBJECT_TYPES | {"Task", "Metric"}
_USE_OBJECT_TYPES = {"Method", "Model", "HardwareConcept"}
_PART_TYPES = frozenset(_USE_OBJECT_TYPES | {"Task"})  # what a contribution's name can hold (``_name_parts``)
_RIVAL_TYPES = {"Method", "Model"}
#: the subjects the ontology allows (kg/resolve/canonical.py DOMAINS); another subject's relation is the paper's own
_PAPER_LEVEL: dict[str, frozenset[str]] = {"addresses": SUBJECT_TYPES, "evaluatedOn": frozenset({"Method", "Model"})}
USE_WINDOW = 80  # characters from a use cue to the entity it introduces
#: a dataset right after "on"/"across" or in a list opened by them: "on MMHal-Bench, POPE, and GAVIE"
_ON_LIST = re.compile(r"(?<![\w-])(?:on|across)\s+(?:the\s+)?(?:[\w.\-]+(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+))*\Z")
#: what stands between two names of a list of rivals ("A, B, and C"), or between a generic rival and its
#: examples ("small LMs including A")
#: between two used parts of a list: "A, B and a C"
_USE_LIST_GAP = re.compile(r"\s*(?:,|,?\s+(?:and|or))?\s*(?:(?:a|an|the)\s+)?")
#: the first item of a numbered list right after a part cue: "consists of: (i) ASK-Splat", "comprises (1) a …"
_ENUMERATOR = re.compile(r"\s*:?\s*\(([1a]|i)\)\s*")
#: any item of such a list
_ENUMERATOR_ANY = re.compile(r"(?<![\w(])\((i{1,3}|iv|vi{0,3}|[1-9]|[a-h])\)\s*")
#: what a negation excepts: "no specialized training beyond the standard DPO setup", "nothing but X"
_EXCEPT = re.compile(r"(?<![\w-])(?:beyond|except|besides|but|other\s+than|apart\s+from|aside\s+from)(?![\w-])",
                     re.IGNORECASE)
#: what may open a sentence before its topic ("The …", "Recent …", "In …, ", "The purpose of …")
_OPENING = re.compile(r"\s*(?:in\s+|the\s+(?:problem|task|goal|purpose|aim|challenge)\s+of\s+)?"
                      r"(?:(?:the|recent|modern)\s+)?", re.IGNORECASE)
#: a negation of a use ("without any fine-tuning", "does not need", "with no need for"); not "not only"
_NEGATION = re.compile(r"(?<![\w-])(?:without|w/o|never|no|nor|not(?!\s+only\b))(?![\w-])", re.IGNORECASE)
#: the word right after a mention ("L-BFGS algorithm"): a generic head makes the mention a qualifier
_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)\b")
_LIST_GAP = re.compile(r"\s*(?:,|,?\s+(?:and|or))?\s*|\s*,?\s*(?:including|such as|like|e\.g\.,?|namely)\s+")


def _alternation(stems, words) -> str:
    """A regex alternation of ``stems`` (any word they begin: "improv" for "improves") and whole ``words``,
    longest first, escaped."""
    alts = [re.escape(s) + r"\w*" for s in stems] + [re.escape(w) for w in words]
    return "|".join(sorted(alts, key=len, reverse=True))


def _stems(text: str) -> set[str]:
    """The first five letters of each word of three letters or more: "detecting" and "detection" meet."""
    return {w[:5].lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


def _posed_topic(e: LocalEntity) -> bool:
    """A Task no mention reads as one: a research topic the vocabulary types Method that the paper poses as its
    problem (``kg_merge``); across papers its node may stay a Method (``kg.resolve.canonical._refit``),
    so addressing it does not stand for addressing a task."""
    if e.type != "Task":
        return False
    for m in e.mentions:  # a loop, not all() of a generator: asked for every Task mention of a claim
        if m.type == "Task":
            return False
    return True


#: a two-letter acronym ("RD" for rumor detection, "RL") that a name can hold ("CPT-RD", "MARL-RL"): capitals only
_SHORT_ACRONYM = re.compile(r"[A-Z]{2}")


#: contributions proposed side by side ("we propose two approaches: A and B"), not one inside the other
_SIBLINGS = re.compile(r"\b(?:two|three|four|both)\b", re.IGNORECASE)
#: "FastDnX, a faster version of DnX", "Skill-RRT, an extension of RRT": a variant, not a part
_VERSION_OF = re.compile(r"\s*(?:\([^()]{1,30}\))?\s*,\s*(?:an?|the)\s+(?:[\w-]+\s+){0,2}(?:version|variant|extension)\s+of\b",
                         re.IGNORECASE)


def _version_of(text: str, at: int, main: LocalEntity) -> bool:
    """Whether the name ending at ``at`` is set out as a version of the main contribution ("FastDnX, a faster
    version of DnX"; "…, an enhanced version of the protocol"), not of another method ("an extension of RRT")."""
    cue = _VERSION_OF.match(text, at)
    if cue is None:
        return False
    rest = text[cue.end():cue.end() + 80].lstrip().lower()
    return rest.startswith(("the ", "our ", "its ")) or any(
        rest.startswith(x.surface.lower()) for x in main.mentions if len(x.surface) > 1)


def _variant_of(e: LocalEntity, main: LocalEntity) -> bool:
    """"A-PARL" of a paper proposing PARL, "annealing CSTW" of one proposing CSTW: a second contribution whose name
    holds the main one's is a variant of it, not a part it uses."""
    names = {m.surface.lower() for m in main.mentions if len(m.surface) > 2}
    return any(n != m.surface.lower() and _holds(m.surface.lower(), n) for m in e.mentions for n in names)


def _holds(name: str, part: str) -> bool:
    """Whether ``part`` stands in ``name`` as whole words ("graph filtering" in "neural graph filtering",
    "dbscan" in "h-dbscan", not "rl" in "world")."""
    at = name.find(part)
    while at >= 0:
        end = at + len(part)
        if (at == 0 or not name[at - 1].isalnum()) and (end == len(name) or not name[end].isalnum()):
            return True
        at = name.find(part, at + 1)
    return False


def _cue_regex(phrases: list[str], adverbs: bool = False) -> LowerRegex:
    """The phrases as whole words; with ``adverbs``, an adverb may stand inside a phrase of several words ("relies
    solely on", "is built directly upon")."""
    alts = sorted({re.escape(p.lower()) for p in phrases}, key=len, reverse=True)
    if adverbs:
        alts = [a.replace(r"\ ", r"\s+(?:[a-z]+ly\s+)?") for a in alts]
    return LowerRegex(r"(?<![\w-])(" + "|".join(alts) + r")(?![\w-])")


class RelationFinder:
    def __init__(self, res: Resources):
        self.res = res
        cues = res.cues
        self.outperform = _cue_regex([c for c in cues["outperform_cues"] if c != "over"])
        words = self.words = res.words
        self.over = LowerRegex(r"(?<![\w-])(" + _alternation(words.over_cue_stems, words.over_cue_words)
                               + r")\b[^.;]{0,60}?\bover\b")
        # "we evaluate HTRON against Reinforce, PPO, and TRPO": "against" compares after a verb of evaluation
        self.against = LowerRegex(r"(?<![\w-])(?:" + _alternation(words.against_cue_stems, ()) + r")\b[^.;]{0,80}?\bagainst\b"
                                  # "we compared CACER with CACLA and DDPG": the object of "compared" between
                                  r"|(?<![\w-])(?:" + _alternation((), words.compare_verbs)
                                  + r")\s+(?!with\b|to\b)[^.;,]{1,40}?\s(?:with|to)\b")
        # every cue of ``outperform``, ``over`` and ``against`` holds one of these words
        self.comparison_words = key_words(list(cues["outperform_cues"]) + list(words.comparison_key_words))
        self.eval_openers = words.relation_eval_openers
        self.use = _cue_regex(cues["use_cues"] + list(words.relation_use_extra), adverbs=True)
        self.parts = _cue_regex(list(words.relation_part_cues))
        self.evaluation = {norm_word(w) for w in cues["evaluation_cues"]}
        self.self_ref = _cue_regex(cues["self_reference"] + list(words.relation_self_reference_extra))
        self.modifiers = Modifiers(res)
        #: "we (further) design/devise/develop/introduce …" once the contribution is named: its direct object is a part
        self.design = LowerRegex(r"(?<![\w-])we\s+(?:(?:" + "|".join(map(re.escape, words.relation_design_adverbs))
                                 + r")\s+)?(?:" + "|".join(map(re.escape, words.relation_design_verbs)) + r")\s")
        self.design_gap_stops = frozenset(words.rival_breaks) | frozenset(words.relation_design_gap_stops)
        #: "competitive with", "on par with", "comparable results to": what follows is compared, not used
        self.parity = LowerRegex(r"(?<![\w-])(?:" + "|".join(map(re.escape, words.relation_parity_words))
                                 + r")(?:\s+(?:results|performance|accuracy|quality))?\s+(?:with|to)(?![\w-])")
        self.parity_words = key_words(list(words.relation_parity_words))
        #: a self-reference that names a method: "our method", "the proposed framework", "our model"
        self.method_ref = LowerRegex(r"(?<![\w-])(?:our|the\s+proposed|this)\s+(?:[\w-]+\s+)?(?:"
                                     + "|".join(map(re.escape, sorted(words.relation_method_refs)))
                                     + r")s?(?![\w-])")
        self.remedy = re.compile(r"\s*(?:to|in order to)\s+(?:" + "|".join(map(re.escape, words.remedy_verbs))
                                 + r")\s+(?:this|these|the|such|both)\b", re.IGNORECASE)
        type_nouns = sorted({w for ws in cues["apposition_types"].values() for w in ws}, key=len, reverse=True)
        self.contrast = _cue_regex(cues["contrast_cues"])
        self.contrast_words = key_words(cues["contrast_cues"])
        self.paper_task = _cue_regex(cues["paper_task_verbs"])
        self.study_verbs = _cue_regex(cues["study_verbs"])
        problem_nouns = "|".join(map(re.escape, cues["task_of_nouns"]))
        #: "… the task of X": the noun of a problem and "of" right before the task
        self.problem_before = re.compile(r"(?<![\w-])(?:" + problem_nouns + r")s?\s+of\s+(?:the\s+)?\Z", re.IGNORECASE)
        #: "… as a X task": a task named as the kind of problem something is treated as
        self.problem_after = re.compile(r"\s+(?:" + problem_nouns + r")s?(?![\w-])", re.IGNORECASE)
        #: "X remains a challenging problem", "X has been a significant challenge"
        self.problem_state = re.compile(r"\s+(?:is|are|was|remains|remain|has\s+been|have\s+been)\s+(?:an?\s+|the\s+)?"
                                        r"(?:[\w-]+\s+){0,3}?(?:" + problem_nouns + r")s?(?![\w-])", re.IGNORECASE)
        self.problem_as = re.compile(r"(?<![\w-])as\s+an?\s+\Z", re.IGNORECASE)
        #: the labels of a numbered list, by its first label
        self.enumerations = {"i": words.relation_roman_numerals, "1": tuple("12345678"), "a": tuple("abcdefgh")}
        #: "Multimodal Alignment based Product Recommendation": a title's means before "based"
        self.based = re.compile(r"[\s-]based(?![\w-])", re.IGNORECASE)
        #: "Deep Hypersphere Compression for Anomaly Detection": the purpose a title names after its contribution
        self.title_for = re.compile(r"(?<![\w-])for(?![\w-])", re.IGNORECASE)
        #: "… via X", "… using X": where a title turns from what is addressed to the means
        self.title_means = re.compile(r"(?<![\w-])(?:" + _alternation((), words.relation_title_means) + r")(?![\w-])",
                                      re.IGNORECASE)
        #: "Mitigating …", "FedLMT: Tackling …": a remedy gerund opening a title or its part after a colon
        self.title_remedy = re.compile(r"(?:^|:\s*)(?:" + _alternation((), words.relation_title_remedies)
                                       + r")\s+(?:the\s+)?", re.IGNORECASE)
        self.title_problem_cuts = frozenset(cues["title_cuts"]) | words.relation_title_problem_cuts
        self.paper_subject = re.compile(r"(?<![\w-])(?:" + _alternation((), words.paper_subjects) + r")(?![\w-])",
                                        re.IGNORECASE)
        # "a new PnP framework, called SNORE": the description before a naming cue
        self.named_description = re.compile(r"(?<![\w-])(?:an?|the|our)\s+([^,.;()]{0,100}?)\s*\b(?:"
                                            + "|".join(re.escape(w) for w in type_nouns) + r")s?"
                                            # "… method for context-aware recommendation, called NGF": its purpose
                                            r"(?:\s+for\s+[^,.;()]{1,60}?)?"
                                            # "a novel bilevel optimization-based framework, PARL": a comma alone
                                            r"(?:\s*,?\s*(?:" + "|".join(re.escape(w) for w in cues["naming_cues"])
                                            + r")|\s*,)\s*$",
                                            re.IGNORECASE)
        self.apposition = re.compile(r"\s*(?:\([^()]{0,80}\))?\s*,\s*(?:an?|the)\s+((?:[^,.;()]{0,100}?))\s*\b(?:"
                                     + "|".join(re.escape(w) for w in type_nouns) + r")s?\b", re.IGNORECASE)

    def __call__(self, doc: Doc) -> Doc:
        st = state(doc)
        ents = st.entities
        rels: list[RelationCandidate] = []
        st.relations = rels
        if not ents:
            return doc
        #: compared noun phrases no entity names (see _rival), in the order found: proposed to the merge
        rivals: list[_Proposed] = []
        pairs = [(m, e) for e in ents for m in e.mentions]
        # sorted by (start, end), stably: the order of (start, end, index) tuples, which compare in C
        order = sorted([(m.start, m.end, k) for k, (m, _e) in enumerate(pairs)])
        spans: list[tuple[Candidate, LocalEntity]] = [pairs[k] for _s, _e, k in order]
        proposed = [e for e in ents if e.proposed and e.type in _PROPOSED_TYPES]
        proposed.sort(key=lambda e: min(m.start for m in e.mentions if m.proposed))
        main = st.main
        # a self-reference before the main contribution is named is about something else ("our approach" of a
        # paper whose named parts come later)
        main_at = min(m.start for m in main.mentions if m.proposed) if main is not None else 0

        def mspan(m: Candidate) -> tuple[int, int]:
            return (m.start, m.end)

        def add(subj: LocalEntity | _Proposed | None, pred: Predicate, obj: LocalEntity | _Proposed, sent: tuple[int, int], pattern: str) -> None:
            if subj is obj:
                return
            if subj is not None and pred in _PAPER_LEVEL and subj.type not in _PAPER_LEVEL[pred]:
                subj = None  # a proposed measure or task is no method: the paper addresses the task, uses the data
            s = mspan(subj.mentions[0]) if subj is not None else None
            rels.append(RelationCandidate(s, pred, mspan(obj.mentions[0]), sent, f"relations:{pattern}",
                                          CONFIDENCE[pattern]))

        # PAPER proposes X, evidence = the proposal sentence
        for e in proposed:
            m = next(m for m in e.mentions if m.proposed)
            add(None, "proposes", e, sentence_chars(doc, m.start), "proposes")

        addressed: set[int] = set()  # contributions that address a task (the problem sentences' aside)
        paper_tasks: set[int] = set()  # the tasks a paper with no contribution addresses itself
        used_tasks: set[int] = set()  # tasks named as what a contribution uses (see _used_task): not its task
        if main is not None:
            # a task the paper itself introduces is what its method is for
            for e in proposed:
                if e.type == "Task":
                    m = next(m for m in e.mentions if m.proposed)
                    add(main, "addresses", e, sentence_chars(doc, m.start), "addresses-proposed-task")
                    addressed.add(id(main))
                elif e.type == "Method" and e is not main and main.type == "Method" and not _variant_of(e, main):
                    m = next(m for m in e.mentions if m.proposed)
                    own_sent = sentence_chars(doc, m.start)
                    if _SIBLINGS.search(doc_text(doc), own_sent[0], m.start) and any(
                            x.proposed and own_sent[0] <= x.start < own_sent[1] for x in main.mentions) \
                            or _version_of(doc_text(doc), m.end, main):
                        continue  # "two approaches: mixed conditioning and top-down conditioning"; "X, a faster version of Y"
                    add(main, "uses", e, own_sent, "uses-own-component")
        sents = sentences(doc)
        sent_starts, sent_ends = sentence_offsets(doc)
        span_starts = [m.start for m, _e in spans]
        text = doc_text(doc)
        toks = tokens(doc)
        lower, norms = toks.lower, toks.norm
        # "CAMIL: Context-Aware Multiple Instance Learning for Cancer Detection …": what a title names before its
        # purpose ("for") is the contribution's own description, not a task it addresses
        title_purpose = self.title_for.search(text, 0, max(text_title_end(text), 0))
        purpose_at = title_purpose.start() if title_purpose is not None else -1
        for k, sent in enumerate(sents):
            bounds = a, b = sent_starts[k], sent_ends[k]
            # the mentions inside the sentence: spans are sorted by start, so bisect to those starting in it
            in_sent = [(m, e) for m, e in spans[bisect_left(span_starts, a):bisect_right(span_starts, b)]
                       if m.end <= b]
            s_text = text[a:b]
            if (main is None or b <= main_at) and not any(m.proposed for m, _e in in_sent) \
                    and any(e.type == "Task" for _m, e in in_sent):
                # the paper's problem, stated before its contribution is named (or in a paper that names none):
                # "In this paper, we study/propose a novel approach to X", "we address the problem of X",
                # "X remains a challenging problem": the contribution (else the paper itself) addresses X
                # a contribution not yet named is described by "we propose …", not posed as a problem
                verb_end = self._paper_verb(s_text, self.paper_task if main is None else self.study_verbs)
                for m, e in in_sent:
                    if e.type != "Task":
                        continue
                    if verb_end is not None and m.start - a >= verb_end:
                        add(main, "addresses", e, bounds, "addresses-paper" if main is None else "addresses-problem")
                    elif self._posed_problem(s_text, m.start - a, m.end - a):
                        add(main, "addresses", e, bounds,
                            "addresses-paper-problem" if main is None else "addresses-problem")
                    else:
                        continue
                    if main is None and not _posed_topic(e):
                        paper_tasks.add(id(e))
            subj = next((e for m, e in in_sent if e.proposed and e.type in SUBJECT_TYPES), None)
            if subj is not None and k > 0 and self.remedy.match(s_text):
                # "… hindering OOD generalization. To address this limitation, we propose CURVE"
                prev = sent_starts[k - 1], sent_ends[k - 1]
                for m, e in spans:
                    if e.type == "Task" and prev[0] <= m.start and m.end <= prev[1]:
                        add(subj, "addresses", e, prev, "addresses-motivation")
                        if not _posed_topic(e):
                            addressed.add(id(subj))
            # the main contribution, on self-reference or in an evaluation sentence (the cheap test first)
            if subj is None and main is not None and (
                    lower[sent.start] in self.eval_openers and not self.evaluation.isdisjoint(norms[sent.start:sent.end])
                    or b > main_at and self.self_ref.search(s_text)):
                subj = main
                if main.type not in _RIVAL_TYPES and self.method_ref.search(s_text):
                    # "We evaluate our method on 3RScan" in a paper whose main contribution is a representation or a
                    # task: "our method" is the method it proposes (the last one named before the sentence)
                    subj = next((e for e in reversed(proposed) if e.type in _RIVAL_TYPES
                                 and min(m.start for m in e.mentions if m.proposed) < a), main)
            if subj is None:
                if main is not None and main.type in _PAPER_LEVEL["evaluatedOn"] and b > main_at \
                        and any(e.type == "Dataset" for _m, e in in_sent) \
                        and not self.evaluation.isdisjoint(norms[sent.start:sent.end]):
                    # "These evaluations are performed on three tasks: QuALITY, NarrativeQA, and QMSum": an evaluation
                    # sentence that names no subject evaluates the contribution on the datasets listed after "on"
                    for m, e in in_sent:
                        if e.type == "Dataset" and _ON_LIST.search(s_text, max(0, m.start - a - 80), m.start - a):
                            add(main, "evaluatedOn", e, bounds, "evaluatedOn-unnamed")
                continue
            is_eval = not self.evaluation.isdisjoint(norms[sent.start:sent.end])
            use_ends: list[int] | None = None  # read on first need: most sentences have no use object
            design_ends: list[int] | None = None  # "we (further) design/devise …" (read on first need)
            parity_ends: list[int] = []  # where "competitive with", "comparable results to" … end
            list_end: int | None = None  # where the last listed part ends, while a list of parts goes on
            part_ends: list[int] | None = None  # read on first use found: few sentences list parts
            appositions: list[tuple[int, int]] | None = None
            described: list[tuple[int, int]] = []
            cmp_at = self._comparison(s_text)
            contrasts = self._contrasts(s_text)
            task_end: int | None = None  # where the last used task ends, while a list of them goes on
            task_use_ends: list[int] | None = None  # the use cues a task can be the object of (read on first need)
            for m, e in in_sent:
                if e is subj:
                    continue
                rel_pos = m.start - a
                if any(x <= rel_pos < y for x, y in contrasts):
                    continue  # "unlike methods that fine-tune X, …": X is other work's
                if cmp_at is not None and rel_pos >= cmp_at and e.type in _RIVAL_TYPES | {"HardwareConcept"}:
                    continue  # after a comparison cue: rivals, handled below
                if e.type == "Task":
                    if task_use_ends is None:
                        task_use_ends = [m.end() for m in self.use.finditer(s_text)
                                         if m.group(1).lower() not in self.words.relation_task_use_skips]
                    if self._used_task(text, a, task_use_ends, m.start, task_end):
                        # "incorporates transfer learning and active learning strategies": a technique the
                        # vocabulary files as a task, named as what the contribution uses
                        add(subj, "uses", e, bounds, "uses-task")
                        used_tasks.add(id(e))
                        task_end = m.end
                        continue
                    task_end = None
                    if m.end <= purpose_at:
                        continue
                    after = _NEXT_WORD.match(text, m.end)
                    if after is not None and after.group(1).lower() in self.words.relation_part_nouns:
                        continue  # "our visual alignment module", "a similarity-aware denoising function": a part
                    add(subj, "addresses", e, bounds, "addresses")
                    if id(subj) not in addressed and not _posed_topic(e):
                        addressed.add(id(subj))
                elif e.type == "Dataset" and subj.type != "Dataset" and (
                        is_eval or cmp_at is not None or _ON_LIST.search(s_text, max(0, rel_pos - 80), rel_pos)):
                    # an evaluation sentence, a comparison ("outperforms … on MM-Vet and MMBench"), or a list of
                    # names after "on"/"across" ("achieves state-of-the-art on A, B and C")
                    add(subj, "evaluatedOn", e, bounds, "evaluatedOn")
                elif e.type in _USE_OBJECT_TYPES and not e.proposed:
                    if use_ends is None:
                        use_ends = [m.end() for m in self.use.finditer(s_text)]
                        if use_ends and may_contain(s_text, self.parity_words):
                            # "is competitive with X", "achieves comparable results to X": X is compared, not used
                            parity = [m.end() for m in self.parity.finditer(s_text)]
                            use_ends = [u for u in use_ends if u not in parity]
                            parity_ends = parity
                    if any(0 <= rel_pos - p <= 60 and not any(p < u <= rel_pos for u in use_ends) for p in parity_ends):
                        list_end = None
                        continue
                    if self._negated(s_text, rel_pos, use_ends):
                        list_end = None
                        continue  # "does not need visual or tactile sensors", "but without masking for self-attention"
                    if any(0 <= rel_pos - end <= USE_WINDOW for end in use_ends) or list_end is not None \
                            and _USE_LIST_GAP.fullmatch(text, list_end, m.start):
                        add(subj, "uses", e, bounds, "uses")
                        # "consists of three components, i.e., A, B and C": a list of parts goes on past the window
                        if list_end is None and part_ends is None:
                            part_ends = [m.end() for m in self.parts.finditer(s_text)]
                        part_list = list_end is not None or any(0 <= rel_pos - end <= USE_WINDOW for end in part_ends or ())
                        list_end = m.end if part_list else None
                        continue
                    list_end = None
                    if design_ends is None:
                        # (not in the sentence that names the contribution: "we propose a novel online algorithm
                        # named X" describes X, the description rules read it)
                        design_ends = [m.end() for m in self.design.finditer(s_text)] \
                            if subj is main and not any(x is subj for _m, x in in_sent) else []
                    if any(self._design_object(s_text, end, rel_pos) for end in design_ends):
                        # "We further design a two-stage adversarial training scheme", "we devise a dual-level graph
                        # attention mechanism": a part the paper designs for its named contribution
                        add(subj, "uses", e, bounds, "uses-designed-part")
                        continue
                    if appositions is None:
                        appositions = self._appositions(s_text, a, subj)
                        described = self._named_descriptions(s_text, a, subj)
                    if any(x <= rel_pos and m.end - a <= y for x, y in described):
                        add(subj, "uses", e, bounds, "uses-named-description")
                        continue
                    if any(x <= rel_pos < y for x, y in appositions):
                        add(subj, "uses", e, bounds, "uses-contribution")
            if cmp_at is not None:
                winners = [subj] if subj.type != "Dataset" else self._named_winners(in_sent, a + cmp_at, subj)
                rival = self._rival(doc, sent, cmp_at, in_sent, subj, ents, rivals) if winners else None
                if rival is not None:
                    for winner in winners:
                        for other in [rival, *self._listed_rivals(text, rival, in_sent, subj, a + cmp_at)]:
                            add(winner, "outperforms", other, bounds, "outperforms")
        # the paper's main task: a contribution that addresses nothing explicitly, or a paper that proposes
        # nothing and whose sentences name no task of its own ("Ameliorate Spurious Correlations in Dataset
        # Condensation": the paper addresses dataset condensation)
        title_end = max(text_title_end(text), 0)
        problem = self._title_problem(text, title_end, ents, rivals) if title_end else None
        if problem is not None:
            # "Mitigating Catastrophic Forgetting in …", "FedLMT: Tackling System Heterogeneity of …": the problem a
            # title sets out to remedy is what the contribution (else the paper) addresses
            add(main, "addresses", problem, sentence_chars(doc, problem.mentions[0].start), "addresses-title-problem")
            if main is not None:
                addressed.add(id(main))
            else:
                paper_tasks.add(id(problem))
        if main is not None and title_end and not main.canonical:
            # (a vocabulary's concept, "diffusion models", is no new contribution: its node is every paper's)
            # "CAMIL: … for Cancer Detection and Subtyping", "Stochastic Planning for ASV Navigation Using …": a task
            # the title names before its means ("via", "using" …) is what the paper's contribution is for, whatever
            # else its sentences address
            means = self.title_means.search(text, 0, title_end)
            cut = means.start() if means is not None else title_end
            purpose = self.title_for.search(text, 0, title_end)
            for e in ents:
                if e.type == "Task" and not e.proposed and e.mentions[0].end <= cut and id(e) not in used_tasks \
                        and not (purpose is not None and e.mentions[0].end <= purpose.start()) \
                        and not self.based.match(text, e.mentions[0].end) and self._task_named(e):
                    m = e.mentions[0]
                    add(main, "addresses", e, sentence_chars(doc, m.start), "addresses-title-task")
                    if not _posed_topic(e):
                        addressed.add(id(main))
            # "Reward modeling (a.k.a. …) is instrumental for …" under "Tool-Augmented Reward Modeling": the task the
            # abstract opens on, in the title's words, is the field the contribution works in
            title_stems = _stems(text[:title_end])
            first = next((k for k, sent in enumerate(sents) if sent_starts[k] >= title_end), None)
            if first is not None and title_stems:
                begin = sent_starts[first]
                opening = _OPENING.match(text, begin)
                at = opening.end() if opening else begin
                for e in ents:
                    if e.type == "Task" and not e.proposed and id(e) not in used_tasks \
                            and any(m.start == at for m in e.mentions) and _stems(e.mentions[0].surface) <= title_stems:
                        add(main, "addresses", e, (begin, sent_ends[first]), "addresses-opening-task")
        if main is None or id(main) not in addressed:
            # without a contribution, only a task the title names is the paper's own (in the title, or in the
            # abstract in the title's words: "deepfake detection" of "Detecting deepfakes and false ads …")
            title_stems = _stems(text[:title_end])
            tasks = [e for e in ents if e.type == "Task" and (
                main is not None or e.mentions[0].start < title_end
                or (title_stems and _stems(e.mentions[0].surface) <= title_stems))]
            if not tasks and main is None and title_stems:
                # else one the title names by its head ("… Tradeoff in Translation": machine translation)
                tasks = [e for e in ents if e.type == "Task" and self._head_in_title(e.mentions[0].surface, title_stems)]
            # a topic the paper poses (see _posed_topic) may be a Method node of the graph: a plain task first
            tasks = [e for e in tasks if not _posed_topic(e)] or tasks
            tasks = [e for e in tasks if id(e) not in used_tasks]
            if tasks and not paper_tasks.intersection(map(id, tasks)):
                # the paper's own task first, then one its title names, then the most mentioned
                best = max(tasks, key=lambda e: (e.proposed, e.mentions[0].start < title_end, len(e.mentions),
                                                 -e.mentions[0].start))
                m = best.mentions[0]
                add(main, "addresses", best, sentence_chars(doc, m.start),
                    "addresses-main-task" if main is not None else "addresses-paper-task")
        if main is not None and main.type in _PAPER_LEVEL["evaluatedOn"] and "(" in text:
            self._enumerated_parts(doc, text, spans, main, add)
        # derived names: "Qwen3-32B-FIRE" uses "Qwen3-32B"
        self._derived_names(doc, [*ents, *rivals], add)
        # a contribution's name holds the names of its parts and of its task
        self._name_parts(doc, proposed, ents, add)
        # one relation per (subject, predicate, object)
        seen: set[tuple] = set()
        unique = []
        for r in rels:
            said = (r.subject, r.predicate, r.object)
            if said not in seen:
                seen.add(said)
                unique.append(r)
        st.relations = unique
        st.proposals.extend(r.mention for r in rivals)
        return doc

    @staticmethod
    def _derived_names(doc: Doc, ents: list[LocalEntity | _Proposed], add) -> None:
        """"Qwen3-32B-FIRE" uses "Qwen3-32B": a mention that is another name plus "-suffix".

        The names a mention can extend are its own text cut before each hyphen, so only those are looked up
        (not every name of the paper); they are taken in the order the names were first seen, as before.
        """
        names: dict[str, LocalEntity | _Proposed] = {}
        for e in ents:
            for m in e.mentions:
                names[m.surface] = e
        order = {name: i for i, name in enumerate(names)}
        for e in ents:
            for m in e.mentions:
                text = m.surface
                if "-" not in text[3:]:
                    continue
                prefixes = sorted((p for i, c in enumerate(text) if c == "-" and i >= 3 and (p := text[:i]) in names),
                                  key=order.__getitem__)
                for prefix in prefixes:
                    other = names[prefix]
                    # a benchmark named after a method ("NAS-Bench") evaluates it, it does not use it
                    if other is not e and (e.type != "Dataset" or other.type == "Dataset"):
                        add(e, "uses", other, sentence_chars(doc, m.start), "uses-derived-name")

    def _name_parts(self, doc: Doc, proposed: list[LocalEntity], ents: list[LocalEntity], add) -> None:
        """"Uncertainty-aware … Dense Active Learning for Super-resolution (USIM-DAL)" uses active learning and
        addresses super-resolution; "Neural Graph Filtering" uses graph filtering; "h-DBSCAN" uses DBSCAN: a
        proposed method's or model's name (a mention or its long form) that holds another entity's name, as
        whole words, is made of it (a Method, Model or hardware concept) or is for it (a Task)."""
        for e in proposed:
            if e.type not in SUBJECT_TYPES:
                continue
            names = {m.surface.lower() for m in e.mentions} | ({e.long_form.lower()} if e.long_form else set())
            names = {n for n in names if " " in n or "-" in n}
            if not names:
                continue
            for other in ents:
                if other is e or other.type not in _PART_TYPES or e.keys & other.keys:
                    continue
                for part in {m.surface.lower() for m in other.mentions
                             if len(m.surface) > 2 or _SHORT_ACRONYM.fullmatch(m.surface)}:
                    # (a substring test first: most names hold no part)
                    if not any(part in n and part != n and _holds(n, part) and self._adds(n, part)
                                                for n in names):
                        continue
                    m = next(m for m in e.mentions if m.proposed) if e.proposed else e.mentions[0]
                    add(e, "addresses" if other.type == "Task" else "uses", other, sentence_chars(doc, m.start),
                        "name-part")
                    break

    def _title_problem(self, text: str, title_end: int, ents: list[LocalEntity],
                       rivals: list[_Proposed]) -> LocalEntity | _Proposed | None:
        """The object of a remedy gerund that opens the title or its part after a colon ("Mitigating Catastrophic
        Forgetting in …", "Overcoming the Optimizer's Curse"), read to the next cut word or mark (1 to 6 words): the
        paper's Task entity of that name, a new Task when no entity has it, None when an entity of another type
        does or there is none."""
        title = text[:title_end]
        hit = self.title_remedy.search(title)
        if hit is None:
            return None
        words: list[re.Match[str]] = []
        for w in TITLE_WORD.finditer(title, hit.end()):
            low = w.group(0).lower()
            if low in self.title_problem_cuts or title[words[-1].end() if words else hit.end():w.start()].strip():
                break  # a cut word, or a mark (":", "–") between two words
            if low in ("-", "–", "—") or low == "of" and len(words) >= 2:
                break  # "Numerical Instability of 8-Bit Winograd Convolution"; not "Loss of Plasticity"
            words.append(w)
            if low.endswith((":", "–", "—")):
                break
            if len(words) > 6:
                return None
        while words and words[-1].group(0).lower() in self.words.title_articles:
            words.pop()
        if not words:
            return None
        start, end = words[0].start(), words[-1].end()
        if title[end - 1] in ":-–—":
            end -= 1
        key = entity_key(title[start:end])
        if not key:
            return None
        known: list[LocalEntity | _Proposed] = [*ents, *rivals]
        for e in known:
            if key in e.keys:
                return e if e.type == "Task" else None
        c = Candidate(start, end, "Task", Finder.RELATION, 0.6, rule="title-problem", surface=title[start:end])
        problem = _Proposed(c, {key})
        rivals.append(problem)
        return problem

    def _enumerated_parts(self, doc: Doc, text: str, spans: list[tuple[Candidate, LocalEntity]], main: LocalEntity,
                          add) -> None:
        """"Splat-MOVER consists of: (i) ASK-Splat, a … representation. …; (ii) SEE-Splat, a … module …; and (iii)
        Grasp-Splat": the names that open the items of a numbered list after a part cue of the main contribution are
        its parts, however many sentences the list spans (the items run in order: (i), (ii), (iii) …)."""
        main_at = {m.start for m in main.mentions}
        for cue in self.parts.finditer(text):
            first = _ENUMERATOR.match(text, cue.end())
            if first is None:
                continue
            s, _e = sentence_chars(doc, cue.start())
            if not any(s <= at < cue.start() for at in main_at) and not self.self_ref.search(text[s:cue.start()]):
                continue  # the list's owner is someone else
            labels = self.enumerations.get(first.group(1).lower())
            if labels is None:
                continue
            items = [first]
            for hit in _ENUMERATOR_ANY.finditer(text, first.end()):
                if len(items) == len(labels) or hit.group(1).lower() != labels[len(items)]:
                    continue
                items.append(hit)
            for item in items:
                for m, e in spans:
                    if item.end() <= m.start <= item.end() + 2 and e is not main and e.type in _USE_OBJECT_TYPES:
                        add(main, "uses", e, sentence_chars(doc, m.start), "uses-enumerated-part")
                        break
            return

    @staticmethod
    def _negated(s_text: str, start: int, use_ends: list[int]) -> bool:
        """Whether the use cue nearest before ``start`` is negated: a negation between the cue and the mention, or
        right before the cue ("based purely on A and does not need B", "without any fine-tuning", "does not use B")."""
        cue = max((u for u in use_ends if 0 <= start - u <= USE_WINDOW), default=None)
        if cue is None:
            return False
        lo = max(0, cue - 30)
        hits = [hit for hit in _NEGATION.finditer(s_text, lo, start)
                if hit.start() >= cue or len(s_text[hit.end():cue].split()) <= 2]
        # "requires no specialized training beyond the standard DPO setup": what the negation excepts is used
        return bool(hits) and _EXCEPT.search(s_text, hits[-1].end(), start) is None

    def _design_object(self, s_text: str, end: int, start: int) -> bool:
        """Whether the mention starting at ``start`` is the direct object of the design verb ending at ``end``: at most
        four words between ("a novel two-fold"), no mark nor preposition ("a module between A and B")."""
        if not 0 <= start - end <= 40:
            return False
        gap = s_text[end:start]
        if any(c in gap for c in ",;:()"):
            return False
        words = gap.lower().split()
        return len(words) <= 4 and self.design_gap_stops.isdisjoint(words)

    def _task_named(self, e: LocalEntity) -> bool:
        """Whether a task entity is named as a task: a vocabulary's term, or a phrase whose head word types it a
        task ("… Navigation", "… Detection", "… Learning"; not "Correlated Data", "Unreliable Observations")."""
        if any(m.finder is Finder.LEXICON for m in e.mentions):
            return True
        head = e.mentions[0].surface.rsplit(None, 1)[-1].rsplit("-", 1)[-1]
        found = head_type(head, self.res)
        # "Group-Fair Learning": a process noun heads tasks as well as methods
        return found is not None and (found[0] == "Task" or norm_word(head) in self.res.noun_ing)

    def _used_task(self, text: str, base: int, use_ends: list[int], start: int, list_end: int | None) -> bool:
        """Whether the task starting at ``start`` is the object of a use cue ("incorporates transfer learning",
        "trained with contrastive learning"): at most two plain words between (no preposition: "using X for
        image classification" addresses the task), or the next item of a list of such objects."""
        if list_end is not None and _USE_LIST_GAP.fullmatch(text, list_end, start):
            return True
        for end in use_ends:
            gap = text[base + end:start]
            if 0 <= start - base - end <= 30 and len(gap.split()) <= 2 \
                    and self.words.rival_breaks.isdisjoint(gap.lower().split()) and not any(c in gap for c in ",;:()"):
                return True
        return False

    def _head_in_title(self, surface: str, title_stems: set[str]) -> bool:
        """Whether the title names the task by its head, unless the head is a process noun that heads many tasks
        ("… Tradeoff in Translation" for "machine translation", not "… in Reinforcement Learning" for
        "supervised learning")."""
        head = surface.split()[-1].lower() if " " in surface else ""
        return bool(head) and head not in self.res.noun_ing and bool(_stems(head)) and _stems(head) <= title_stems

    def _adds(self, name: str, part: str) -> bool:
        """Whether ``name`` says more than ``part``: "mixup strategy" is Mixup, "novel contrastive learning
        approach" contrastive learning (only kind nouns and weak modifiers besides); "Aligning LLMs via …" acts
        on LLMs."""
        before = re.findall(r"[a-z0-9-]+", name[:name.find(part)])
        if before and before[-1].endswith("ing") and before[-1] not in self.res.noun_ing:
            return False  # "Aligning LLMs via …": what the name's verb acts on, not a part
        rest = re.findall(r"[a-z0-9]+", name.replace(part, " "))
        heads, weak = self.res.generic_heads, self.res.weak_modifiers
        return any(w not in heads and w.rstrip("s") not in heads and w not in weak for w in rest)

    def _paper_verb(self, s_text: str, verbs: LowerRegex) -> int | None:
        """Where "we"/"this paper" + one of ``verbs`` (of study, or of contribution too) ends, if the sentence
        has one."""
        who = self.paper_subject.search(s_text)
        if who is None:
            return None
        verb = verbs.search(s_text[who.end():who.end() + 60])
        if verb is None or verb.start() > 40:
            return None
        return who.end() + verb.end()

    def _posed_problem(self, s_text: str, start: int, end: int) -> bool:
        """A task a sentence poses as the problem: "X remains a challenging problem", and in a sentence of the
        paper's own, "we give an answer for the task of X", "we treat this question as a X task"."""
        if self.problem_state.match(s_text, end):
            return True
        if self.paper_subject.search(s_text) is None:
            return False
        return bool(self.problem_before.search(s_text, max(0, start - 40), start)
                    or self.problem_after.match(s_text, end) and self.problem_as.search(s_text, max(0, start - 8), start))

    def _contrasts(self, s_text: str) -> list[tuple[int, int]]:
        """Clauses about other work: from a contrast cue ("unlike", "instead of") to the next comma."""
        if not may_contain(s_text, self.contrast_words):
            return []
        out = []
        for hit in self.contrast.finditer(s_text):
            comma = s_text.find(",", hit.end())
            out.append((hit.end(), comma if comma >= 0 else len(s_text)))
        return out

    @staticmethod
    def _proposed_in(s_text: str, base: int, subj: LocalEntity) -> Iterator[Candidate]:
        """The subject's proposed mentions inside the sentence ``s_text`` (which starts at ``base``)."""
        return (m for m in subj.mentions if m.proposed and base <= m.start < base + len(s_text))

    def _named_descriptions(self, s_text: str, base: int, subj: LocalEntity) -> list[tuple[int, int]]:
        """Text between an article and the type noun before a naming cue: "a new PnP framework, called X"."""
        out = []
        for m in self._proposed_in(s_text, base, subj):
            lo = max(0, m.start - base - 160)
            hit = self.named_description.search(s_text[lo:m.start - base])
            if hit:
                out.append((lo + hit.start(1), lo + hit.end(1)))
        return out

    def _appositions(self, s_text: str, base: int, subj: LocalEntity) -> list[tuple[int, int]]:
        """Text between a proposed name and its type noun: "X, a flow-matching method"."""
        out = []
        for m in self._proposed_in(s_text, base, subj):
            hit = self.apposition.match(s_text, m.end - base)
            if hit:
                out.append((hit.start(1), hit.end(1)))
        return out

    def _comparison(self, s_text: str) -> int | None:
        """Where the first comparison cue ends, if any."""
        if not may_contain(s_text, self.comparison_words):
            return None  # most sentences compare nothing: skip both case-insensitive scans
        hits = [m.end() for m in self.outperform.finditer(s_text)]
        hits += [m.end() for m in self.over.finditer(s_text)]
        hits += [m.end() for m in self.against.finditer(s_text)]
        return min(hits) if hits else None

    @staticmethod
    def _named_winners(in_sent, cue_at: int, subj) -> list:
        """"models like Jais and AceGPT outperform multilingual models" in a benchmark paper: a benchmark
        outperforms nothing; the models the sentence names right before the cue do (none: no relation)."""
        before = [e for m, e in in_sent if m.end <= cue_at and e is not subj and e.type in _RIVAL_TYPES]
        out: list = []
        for e in reversed(before):
            if e not in out:
                out.append(e)
            if len(out) == 4:
                break
        return out[::-1][-2:] if len(out) > 1 else out

    def _listed_rivals(self, text: str, rival, in_sent, subj, cue_at: int) -> list:
        """The other names of the rival's list: "outperforms Qwen2.5-1.5B, Llama3.2-1B, and Falcon3-1.6B", and
        the names a generic rival lists ("other small LMs including A, B and C", "sparse attention models, including
        A and B", "strong baselines such as A")."""
        if isinstance(rival, _Proposed):
            at: int | None = rival.mention.end
        else:
            at = next((m.end for m, e in in_sent if e is rival and m.start >= cue_at), None)
        if at is None:
            return []
        head = _NEXT_WORD.match(text, at)
        if head is not None and norm_word(head.group(1)) in self.res.generic_heads:
            at = head.end()
        out: list = []
        for m, e in in_sent:
            if m.start < at or e is subj or e is rival:
                continue
            if not _LIST_GAP.fullmatch(text, at, m.start):
                break
            if e.type in _RIVAL_TYPES and e not in out:
                out.append(e)
            at = m.end
        return out

    def _rival(self, doc: Doc, sent: Span, cmp_at: int, in_sent, subj, ents,
               rivals: list[_Proposed]) -> LocalEntity | _Proposed | None:
        start = sent.start_char + cmp_at
        full = doc_text(doc)
        # the first entity within a few words after the cue, not one a preposition makes a qualifier of what is
        # compared ("compared to baselines without KB access", "outperforms baselines on GSM8K")
        named: LocalEntity | None = None
        for m, e in in_sent:
            if m.start >= start and m.start - start <= 60 and e is not subj and e.type in _RIVAL_TYPES:
                if self.words.rival_breaks.intersection(full[start:m.start].lower().split()):
                    break
                after = _NEXT_WORD.match(full, m.end)
                if after is None or norm_word(after.group(1)) not in self.res.generic_heads:
                    return e
                # "over the recently proposed synchronous distributed L-BFGS algorithm", "outperforms differentiable
                # ILP models": a name that only qualifies the compared noun phrase; that phrase is the rival when it
                # says more than the name (below), else the name
                named = e
                break
            if m.start >= start and m.start - start <= 60 and e.type in ("Dataset", "Task", "Metric"):
                break
        # else the compared noun phrase, read up to a generic head ("… sparse methods", "… baselines")
        for ch in chunks(sent, self.res):
            if named is not None:
                at = next((n for n in named.mentions if ch.start_char <= n.start and n.end <= ch.end_char), None)
                if at is None:
                    continue
                words = words_of(ch)
                kept = self.modifiers.trim(doc, words, verb_context=False)
                if norm_word(doc[words[-1][1] - 1].text) not in self.res.generic_heads \
                        or doc[kept[0][0]].idx >= at.start:
                    return named  # nothing but weak modifiers before the name: "existing GNN models" is GNN
            elif ch.start_char < start or ch.start_char - start > 40:
                continue
            elif self.words.rival_breaks.intersection(full[start:ch.start_char].lower().split()):
                return None  # "outperforms the current SOTA under various missing data mechanisms"
            words = words_of(ch)
            head = norm_word(doc[words[-1][1] - 1].text)
            if head not in self.res.generic_heads or len(words) < 2:
                return None
            kept = self.modifiers.trim(doc, words, verb_context=False)
            if len(kept) < 2:
                return None
            text = doc[kept[0][0]:words[-1][1]]
            c = Candidate(text.start_char, text.end_char, "Method", Finder.RELATION, 0.6, rule="outperforms",
                          surface=text.text)
            key = entity_key(text.text)
            for other in [*ents, *rivals]:
                if key in other.keys:
                    return other
            rival = _Proposed(c, {key})
            rivals.append(rival)
            return rival
        return named


@dataclass
class _Proposed:
    """A compared noun phrase no entity names: it takes part in this component's patterns as an entity
    would, and goes to the merge (``kg_merge_proposals``) as a proposed mention."""

    mention: Candidate
    keys: set[str]
    proposed: bool = False

    @property
    def type(self) -> str:
        return self.mention.type

    @property
    def mentions(self) -> list[Candidate]:
        return [self.mention]


@Language.factory("kg_relations", requires=contract("entities", "main"), assigns=contract("relations", "proposals"),
                  default_config={"resources": SHIPPED})
def make_relations(nlp: Language, name: str, resources: Resources) -> RelationFinder:
    return RelationFinder(resources)
