"""``kg_merge``: from overlapping candidates to the paper's entities.

Candidates that cover the same span vote on the type (a contribution cue beats
an acronym definition, which beats a lexicon, which beats a coined-name or
head-noun guess); spans that cross a more trusted one are dropped (nested spans
are kept: "KV cache" inside "KV cache compression" is an entity of its own).
Mentions whose keys meet — an acronym and its long form, a lexicon's canonical
name and its variants, repeated surface forms — become one entity.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from operator import attrgetter

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.resources import SHIPPED, Resources
from kg.extract.state import DATASETS_OF, GUESS, SAID_NEW_KNOWN, SUBJECT_TYPES, Candidate, LocalEntity, contract, state
from kg.extract.text import (doc_text, head_type, is_acronym, is_coined, is_describing_adjective, qualifier_words,
                             title_end)
from kg.names import entity_key
from kg.types import Finder

#: the finders as module constants: ``Finder.X`` goes through ``EnumType``'s ``__getattr__`` slot (Python 3.11),
#: ~4x the cost of a global, and these tests run for every candidate
_ACRONYM, _COINED, _CONTRIBUTION, _LEXICON, _PATTERN, _PHRASE, _RELATION = (
    Finder.ACRONYM, Finder.COINED, Finder.CONTRIBUTION, Finder.LEXICON, Finder.PATTERN, Finder.PHRASE, Finder.RELATION)

#: How far each finder is trusted: it decides a span's component and which of two crossing spans stays.
PRIORITY = {_CONTRIBUTION: 5, _ACRONYM: 4, _LEXICON: 3, _PATTERN: 3, _COINED: 2,
            _PHRASE: 1, _RELATION: 1}


def priority(c: Candidate) -> int:
    """The trust of the candidate's finder."""
    return PRIORITY.get(c.finder, 0)


def _trust(c: Candidate) -> tuple[int, float]:
    """Which of the candidates on one span lends the merged span its component."""
    return priority(c), c.confidence


#: a typed reading outvotes a coined name's default type when it is at least this confident
GUESS_OUTVOTED = 0.5


def _vote(cands: list[Candidate]) -> tuple[str, float]:
    """The type with the most weighted votes, and its best confidence.

    A coined name's default type (``rule`` "guess": nothing in the text typed it) votes only when nothing
    else does: "The HaGRID contains …" repeats the name, not evidence that the dataset is a method."""
    if len(cands) == 1:  # most spans and entities: nothing to weigh
        return cands[0].type, cands[0].confidence
    typed = [c for c in cands if c.rule != GUESS or c.finder is not _COINED]
    if len(typed) < len(cands) and any(c.confidence >= GUESS_OUTVOTED for c in typed):
        cands = typed
    score: dict[str, float] = {}
    trust = PRIORITY.get
    for c in cands:
        w = c.confidence * (1 + trust(c.finder, 0)) * (3 if c.proposed else 1)
        score[c.type] = score.get(c.type, 0.0) + w
    typ = max(sorted(score), key=score.__getitem__) if len(score) > 1 else cands[0].type
    return typ, max([c.confidence for c in cands if c.type == typ])


def _benchmark_vote(cands: list[Candidate], surface: str, typ: str, conf: float, res: Resources) -> tuple[str, float]:
    """"we evaluate on TruthfulQA": a one-word coined name (inner capitals or digits, not an all-caps
    acronym) that the context types a Dataset is a benchmark, even where a lexicon files it as a task
    (Papers with Code lists many benchmarks as tasks); tasks are named by common words ("question answering",
    "text-to-SQL": a lower-case word part)."""
    if " " in surface or not any(map(str.islower, surface)) or not is_coined(surface, res) \
            or any(p.isalpha() and p.islower() for p in surface.split("-")):
        return typ, conf
    found = [c.confidence for c in cands if c.type == "Dataset" and c.finder is _COINED]
    return ("Dataset", max(found)) if found else (typ, conf)


def _hardware_vote(cands: list[Candidate], typ: str, conf: float) -> tuple[str, float]:
    """"experiments on an NVIDIA A100 GPU": hardware named where a benchmark would stand is still hardware. A
    name that its head word ("GPU", "TPU") types as hardware is no dataset when only the context (a coined
    name's place) says it is one."""
    hardware = [c.confidence for c in cands if c.type == "HardwareConcept" and c.finder is _PHRASE]
    if hardware and all(c.finder is _COINED for c in cands if c.type == "Dataset"):
        return "HardwareConcept", max(hardware)
    return typ, conf


#: the types a list passes to an unknown name among its items ("AUROC and AUPRC", "SQuAD, FooQA and HotpotQA")
LIST_MATE_TYPES = frozenset(("Metric", "Dataset", "Model"))
#: a list item's type is trusted from this confidence; the name it types gets this one
LIST_MATE_MIN, LIST_MATE_CONFIDENCE = 0.7, 0.6
#: the longest glue between two list items, in characters (", and ")
LIST_GAP_CHARS = 7


def _list_type(cands: list[Candidate]) -> str | None:
    """The type a span passes to a list mate: its best candidate's, when trusted and no guess."""
    best = cands[0] if len(cands) == 1 else max(cands, key=lambda c: c.confidence)
    if best.rule != GUESS and best.type in LIST_MATE_TYPES and best.confidence >= LIST_MATE_MIN:
        return best.type
    return None


def _list_mate_votes(by_span: dict[tuple[int, int, str], list[Candidate]], text: str, gaps: frozenset[str]) -> None:
    """"the AUROC and AUPRC", "BLEU and chrF": a name nothing types (a coined name's default guess) that is listed
    next to a measure, a dataset or a model is one of the same kind. Adds that vote to the name's span; only the
    next item on either side counts, and only when the two are joined by list glue alone. Only the spans ending or
    starting within :data:`LIST_GAP_CHARS` of a guessed name are typed (most spans are nowhere near one)."""
    guessed = [key for key, cands in by_span.items()
               if cands[0].rule == GUESS and (len(cands) == 1 or all(c.rule == GUESS for c in cands))]
    if not guessed:
        return
    near_ends: set[int] = set()
    near_starts: set[int] = set()
    for start, end, _name in guessed:
        near_ends.update(range(max(0, start - LIST_GAP_CHARS), start))
        near_starts.update(range(end + 1, end + LIST_GAP_CHARS + 1))
    # the typed item ending at / starting at each of those places (the last one in span order, as a dict keeps it)
    ends: dict[int, str] = {}
    starts: dict[int, str] = {}
    for (start, end, _name), cands in by_span.items():
        if end in near_ends or start in near_starts:
            typ = _list_type(cands)
            if typ is not None:
                if end in near_ends:
                    ends[end] = typ
                if start in near_starts:
                    starts[start] = typ
    if not ends and not starts:
        return
    for key in guessed:
        start, end, _name = key
        kinds = set()
        # the typed item ends right before the glue ("AUROC and AUPRC") or starts right after it ("AUPRC and AUROC")
        for pos in range(max(0, start - LIST_GAP_CHARS), start):
            if pos in ends and text[pos:start].strip() in gaps:
                kinds.add(ends[pos])
        for pos in range(end + 1, end + LIST_GAP_CHARS + 1):
            if pos in starts and text[end:pos].strip() in gaps:
                kinds.add(starts[pos])
        if len(kinds) == 1:
            by_span[key].append(Candidate(start, end, kinds.pop(), _PATTERN, LIST_MATE_CONFIDENCE,
                                          rule="list-mate"))


#: the finders of names: a name is atomic (nothing nested in it stays)
NAME_FINDERS = frozenset((_CONTRIBUTION, _ACRONYM, _COINED))
_PLURAL_ACRONYM = re.compile(r"^([A-Z][A-Z0-9\-]*[A-Z0-9])s$")  # "LMs" is the plural of "LM"
#: the order of an entity's mentions: (start, end), read in C
_START_END = attrgetter("start", "end")
_START, _END = attrgetter("start"), attrgetter("end")
_PROBLEM_OF = re.compile(r"\b(?:the|a|this|an)[ \t]+(?:[\w-]+[ \t]+)?(?:problem|task)[ \t]+of[ \t]+(?:[\w-]+[ \t]+){0,2}$")
_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)\b")
#: what may follow a topic posed as the problem: the end of a phrase, or a word (checked against function words)
_AFTER_TOPIC = re.compile(r"[ \t]*(?:$|[:?.,;()]|([A-Za-z]+)\b)", re.MULTILINE)
#: "Stronger Random Baselines for In-Context Learning", "Controlling Diversity in Multi-Agent Reinforcement
#: Learning": a title's topic after "for" or "in"
_FOR_END = re.compile(r"(?<![\w-])(?:for|in)[ \t]+(?:the[ \t]+)?$", re.IGNORECASE)
#: "X remains a challenging problem", "X has been a significant challenge", "X is an open problem"; an acronym or a short
#: phrase may come between ("Approximate nearest neighbor search (ANNS) in high-dimensional spaces is a pivotal challenge")
_TOPIC_STATE = re.compile(r"(?:[ \t]+\([^()]{1,20}\))?(?:[ \t]+(?:in|on|for|of|with)[ \t]+[\w-]+(?:[ \t]+[\w-]+)?)?"
                          r"[ \t]+(?:is|are|remains|remain|has[ \t]+been|have[ \t]+been)[ \t]+(?:an?[ \t]+|the[ \t]+)?"
                          r"(?:[\w-]+[ \t]+){0,3}?(?:problem|challenge|task)s?\b")
def _opens_sentence(text: str, start: int) -> bool:
    """Whether ``start`` opens a sentence: the text's first, or the first after a full stop or a line break."""
    before = text[max(0, start - 3):start].rstrip(" \t")
    return not before or before[-1] in ".\n!?"


def _title_cased(words: list[str]) -> bool:
    """"Generative Model Training", "Point-Cloud Pre-Training", "BERT Further Pre-training" is not: each word
    capitalised, the rest of each part of it lower-case: a title's way of writing a plain phrase."""
    return all(w[:1].isupper() and all(p[1:].islower() for p in w.split("-") if len(p) > 1) for w in words)


def _may_end_with(text: str, words: str | tuple[str, ...]) -> bool:
    """False only if ``text`` surely does not end in one of ``words`` (lower-case ASCII) as a case-insensitive
    ``WORD[ \\t]+(?:the[ \\t]+)?$`` ends (``$`` also before a final line break): a test in C before such a search,
    which ``sre`` tries at every character. Text other than ASCII always passes."""
    if not text.isascii():
        return True
    low = (text[:-1] if text.endswith("\n") else text).rstrip(" \t").lower()
    if low.endswith(words):
        return True
    return low.endswith("the") and low[:-3].rstrip(" \t").endswith(words)


#: "… with Closed-form Classifiers for Image Classification": a title's purpose after its means
_TITLE_FOR = re.compile(r"(?<![\w-])for(?![\w-])", re.IGNORECASE)
#: "we propose Probabilistic Expansion from LearnGene (PEG) for mixture sampling and elastic initialization": what
#: comes after a proposed name (its acronym may follow) and "for", or after the first item of a list there
_NAME_FOR = re.compile(r"(?:[ \t]*\([^()]{1,20}\))?[ \t]+for[ \t]+(?:the[ \t]+)?"
                       r"(?:(?:[\w-]+[ \t]+){0,3}[\w-]+,?[ \t]+(?:and|or)[ \t]+)?$", re.IGNORECASE)
#: "Dataset distillation aims to …", "Offline reinforcement learning (RL) aims to …": a topic a sentence opens on,
#: stated by its goal (an acronym may come between)
_TOPIC_AIMS = re.compile(r"(?:[ \t]+\([^()]{1,20}\))?[ \t]+(?:aims|seeks|strives)[ \t]+to\b")
#: "The purpose of offline multi-task reinforcement learning (MTRL) is to …", "The goal of X is …": a topic a
#: sentence opens on through its goal; the words before it, and the "is" after it (an acronym may come between)
_GOAL_OF = re.compile(r"(?:the|a|one)[ \t]+(?:main[ \t]+|central[ \t]+|primary[ \t]+|key[ \t]+)?"
                      r"(?:purpose|goal|aim|objective)s?[ \t]+of[ \t]+$", re.IGNORECASE)
_GOAL_IS = re.compile(r"(?:[ \t]+\([^()]{1,20}\))?[ \t]+(?:is|are)\b")
#: "a variety of tasks, such as video restoration, surrogate rendering, and conditional video generation": an item of
#: a list of examples of tasks (up to three items before it)
_TASKS_SUCH_AS = re.compile(r"(?<![\w-])tasks,?[ \t]+(?:such[ \t]+as|including|like)[ \t]+"
                            r"(?:[\w-]+(?:[ \t]+[\w-]+){0,3},[ \t]+){0,3}(?:(?:and|or)[ \t]+)?$", re.IGNORECASE)
#: "the bandit convex optimization problem (BCO)": a topic named as the problem
_TOPIC_PROBLEM = re.compile(r"[ \t]+problems?\b")
#: "Face swapping is to interchange identity features …": a task stated by what it does (an acronym may come between)
_TOPIC_IS_TO = re.compile(r"(?:[ \t]+\([^()]{1,20}\))?[ \t]+(?:is|are)[ \t]+to\b")
#: "we study a practical problem, i.e., X", "the task of X", "we address X": the words that pose what follows as a problem
_POSED_BEFORE = re.compile(r"\b(?:problems?|tasks?|study|studies|studied|address|addresses|tackle|tackles|challenges?)"
                           r"\b[^.;:]{0,25}$", re.IGNORECASE)
_ABBREVIATED = re.compile(r"\b(?:i\.e|e\.g)\.")
#: "High-Pass Kernel Prediction for Efficient Video Deblurring": "for" after a title's process, up to what it is for
_LIST_OR = re.compile(r"[ \t](?:and|or)[ \t]")
_TITLE_FOR_NEXT = re.compile(r"[ \t]+for[ \t]+(?:the[ \t]+)?")
_KEY_SPACES = re.compile(r"[\s-]+")
_WORDS = re.compile(r"[a-z0-9]{3,}")


def _spaced(surface: str) -> str:
    """A mention lower-cased, words joined by one space ("Evidence-Based" -> "evidence based"), as tasks are folded."""
    return _KEY_SPACES.sub(" ", surface.lower())


def _absorb(into: LocalEntity, ent: LocalEntity, groups: list[LocalEntity], joined: list[LocalEntity]) -> None:
    """``ent`` becomes part of ``into``: its mentions and keys move over, it leaves ``groups``, ``into`` is joined."""
    into.mentions.extend(ent.mentions)
    into.keys |= ent.keys
    groups.remove(ent)
    joined.append(into)


def _gerund_of(task: str, gerund: str, stems: set[str]) -> bool:
    """Whether ``task`` ("question difficulty prediction") names what a title's gerund phrase ("Predicting Difficulty
    of … Questions", first five letters ``stems``) does: two words or more, each in the phrase, its head the gerund's."""
    words = _WORDS.findall(task)
    return len(words) >= 2 and words[-1][:5] == gerund[:5] and all(w[:5] in stems for w in words)


#: what follows a name inside a phrase that only adds its kind noun ("Past-Future method")
_KIND_AFTER = re.compile(r"[ \t]+[a-z]+")


def _is_name(c: Candidate) -> bool:
    """Whether the candidate names something (its finder finds names)."""
    return c.finder in NAME_FINDERS


def _one_qualifier(prefix: str, qualifiers: frozenset[str]) -> bool:
    """The words a head-noun phrase adds before a known concept it ends with are one qualifier ("online
    binary classification", "split conformal prediction", "few-shot prompting", "3D planar reconstruction"). A
    capitalised or numbered modifier ("sub-4-bit", a title's "Spectral") or another word ("careful hyperparameter
    tuning") is not kept."""
    words = prefix.split()
    return len(words) == 1 and (words[0] in qualifiers or words[0][:1].isdigit() and words[0].lower() in qualifiers)


def drop_nested(accepted: list[Candidate], qualifiers: frozenset[str] = frozenset(),
                names_kind: Callable[[str], bool] | None = None) -> list[Candidate]:
    """Resolve spans nested in other spans.

    Names are atomic ("Large Language Models (LLMs)" hides "language models");
    a single word inside a longer entity is part of it ("GPU" in "GPU kernels");
    of two same-type spans the known concept beats a head-noun guess around it
    ("careful hyperparameter tuning" → "hyperparameter tuning") unless the guess adds one qualifier
    (``qualifiers``: "online binary classification", "few-shot prompting"; not a measure: "random accuracy",
    "computational speedup" qualify how it was had), otherwise
    the longer, more specific one wins, but a proposed name beats a guessed phrase of its type that only adds a
    lower-case kind noun ("a novel Past-Future method" proposes "Past-Future"). Different-type nested spans both stay
    ("KV cache" in "KV cache compression").
    A task or technique guess that adds nouns naming what it is applied to (``names_kind``: "food image
    classification", "single-source SimRank computation") keeps both: the narrower task the paper addresses, and the
    known concept.
    """
    # Pairs are visited in list order and a dropped span takes no further part: which spans
    # survive depends on that order. Only the spans that start inside the outer one can be
    # nested in it; a bisection over the sorted starts finds them without a quadratic scan.
    bounds = [(c.start, c.end) for c in accepted]
    by_start = sorted(range(len(accepted)), key=bounds.__getitem__)
    starts = [bounds[k][0] for k in by_start]
    dropped = [False] * len(accepted)
    for i, outer in enumerate(accepted):
        if dropped[i]:
            continue
        o_start, o_end = bounds[i]
        lo, hi = bisect_left(starts, o_start), bisect_left(starts, o_end)
        if hi - lo < 2:
            continue  # only the outer span itself starts inside it
        if outer.rule == DATASETS_OF:
            continue  # "VQA datasets": the task inside is an entity of its own
        outer_name = _is_name(outer)
        for j in sorted(by_start[lo:hi]):
            i_start, i_end = bounds[j]
            if dropped[j] or i_end > o_end or (o_start == i_start and o_end == i_end):
                continue  # itself, already dropped, or not inside outer
            inner = accepted[j]
            if outer_name:
                dropped[j] = True
            elif outer.type == inner.type and outer.finder is _PHRASE and not outer.rule and not (inner.finder is _PHRASE and not inner.rule):
                if outer.type != "Metric" and i_end == o_end and _one_qualifier(outer.surface[:i_start - o_start],
                                                                              qualifiers):
                    dropped[j] = True  # "online binary classification", "split conformal prediction"
                    continue
                if names_kind is not None and outer.type in _NARROWED_TYPES and i_end == o_end \
                        and names_kind(outer.surface[:i_start - o_start]):
                    continue  # "food image classification" beside "image classification"
                dropped[i] = True
                break
            elif outer.type == inner.type and inner.proposed and not outer.proposed and _is_name(inner) \
                    and outer.finder is not _LEXICON and i_start == o_start \
                    and _KIND_AFTER.fullmatch(outer.surface, i_end - i_start):
                dropped[i] = True  # "a novel Past-Future method": the proposed name, not the guessed phrase
                break
            elif " " not in inner.surface or outer.type == inner.type:
                dropped[j] = True
    return [c for c, gone in zip(accepted, dropped) if not gone]


def _defined_acronyms(cands: list[Candidate], text: str) -> dict[str, str]:
    """The acronyms this abstract defines ("approximate nearest neighbor (ANN)"), each with its long form's key."""
    return {text[c.start:c.end]: entity_key(c.long_form) for c in cands
            if c.finder is _ACRONYM and c.long_form and text[c.start:c.end] != c.long_form}


def _other_reading(c: Candidate, defined: dict[str, str], text: str) -> bool:
    """A vocabulary match of an acronym the abstract defines with another long form ("ANN" read as "artificial
    neural network" where the text says "approximate nearest neighbor (ANN)"): the text's own definition rules."""
    if c.finder is not _LEXICON or not c.canonical or not defined:
        return False
    surface = text[c.start:c.end]
    said = defined.get(surface) or (defined.get(surface[:-1]) if surface.endswith("s") else None)
    # a vocabulary name that is the acronym itself ("FATA", "mBART") is no other reading
    return said is not None and entity_key(c.canonical) not in (said, entity_key(surface))


#: the types of a known concept a head-noun phrase around it narrows by what it is applied to (see ``drop_nested``)
_NARROWED_TYPES = frozenset(("Task",))


class Merger:
    def _names_kind(self, prefix: str) -> bool:
        """Whether the words a phrase adds before a known task name what it is about: one or two lower-case nouns
        ("food image", "single-source"), not judgements ("careful"), adjectives ("medical") or generic words."""
        words = prefix.split()
        if not 1 <= len(words) <= 2:
            return False
        res = self.res
        for w in words:
            low = w[:1].lower() + w[1:]  # "Food image classification" opening a sentence
            if low in self.qualifiers:
                continue
            if not (low.islower() and low.isalpha()) or low not in self._term_words or low in res.weak_modifiers \
                    or is_describing_adjective(low, res) or low in res.generic_terms:
                return False  # a hyphenated word not opening terms ("well-performing"), a verb ("enforce")
        return True

    def __init__(self, res: Resources, min_confidence: float):
        self.res = res
        self.min_confidence = min_confidence
        self.head_nouns = {w for w in res.generic_heads} | {w + "s" for w in res.generic_heads} | \
            res.words.label_head_nouns
        self.model_keys = {entity_key(e.term) for e in res.lexicon if e.type == "Model"} | \
                          {entity_key(e.canonical) for e in res.lexicon if e.type == "Model"}
        self._initials_cache: dict[str, tuple[tuple[str, str], tuple[str, ...]] | None] = {}
        self._acronym_cache: dict[str, bool] = {}
        self.qualifiers = qualifier_words(res)
        #: the words before the last of the multi-word vocabulary terms: nouns and names that say what a thing is of
        #: or for ("food" of "food recognition"), never a verb that opens a phrase ("enforce", "avoid")
        self._term_words = frozenset(w for e in res.lexicon for w in e.term.lower().split()[:-1])
        #: what stands between two items of a list ("A, B", "A and B", "A, and B", "A / B")
        self._list_gaps = frozenset(gap for glue in res.words.coordination_glue for gap in (glue, ", " + glue) if glue != ",") \
            | {","}
        words = res.words
        self.topic_sources = words.merge_topic_sources
        #: the topics of those vocabularies typed Method: a phrase ending in one is a narrower topic
        #: ("decentralized online convex optimization")
        self.topic_terms = frozenset(e.term.lower() for e in res.lexicon
                                     if e.type == "Method" and e.source in words.merge_topic_sources)
        self.topic_heads = frozenset(t.rsplit(" ", 1)[-1] for t in self.topic_terms)  # their last words
        kinds = "|".join(sorted(map(re.escape, words.merge_purpose_kinds), key=len, reverse=True))
        #: "an algorithm for non-convex optimization": the topic after a kind noun and "for"
        self.purpose_for = re.compile(r"(?<![\w-])(?:" + kinds + r")s?[ \t]+for[ \t]+(?:the[ \t]+)?$", re.IGNORECASE)
        to_kinds = "|".join(sorted(map(re.escape, words.merge_purpose_to_kinds), key=len, reverse=True))
        #: "a novel approach to point-cloud pre-training": the topic after a kind noun whose "to" opens its problem
        self.purpose_to = re.compile(r"(?<![\w-])(?:" + to_kinds + r")[ \t]+to[ \t]+(?:the[ \t]+)?$", re.IGNORECASE)
        self.title_means = words.merge_title_means
        self.title_openers = words.merge_title_openers
        verbs = "|".join(sorted(map(re.escape, res.cues["study_verbs"]), key=len, reverse=True))
        who = "|".join(sorted(map(re.escape, words.paper_subjects), key=len, reverse=True))
        #: "we study federated learning", "this paper considers the meta-learning": the topic right after the verb
        self.studied = re.compile(r"(?<![\w-])(?:" + who + r")[ \t]+(?:[a-z]+ly[ \t]+)?(?:" + verbs
                                  + r")[ \t]+(?:the[ \t]+)?$", re.IGNORECASE)
        self.study_verbs = tuple(v.lower() for v in res.cues["study_verbs"])  # what ``studied`` ends in
        means_kinds = "|".join(sorted(map(re.escape, words.merge_means_kinds), key=len, reverse=True))
        #: "a neural rendering approach", "MIL (MIL) models", "transfer learning and active learning strategies":
        #: a kind noun of a means after the technique (over its acronym, or over the next item of a list)
        #: (one word may come between: "automated machine learning (AutoML) multi-objective approach", "a transfer
        #: learning-based approach")
        self.means_after = re.compile(r"(?:[ \t]+\([^()]{1,15}\))?(?:[ \t]+(?:and|or)(?:[ \t]+[\w-]+){1,3})?"
                                      r"(?:-\w+|[ \t]+[\w-]+)?[ \t]+(?:" + means_kinds + r")\b")
        #: "we employ X", "via X", "through X": a verb or preposition of use right before the technique
        self.means_verbs = words.merge_means_verbs
        #: "X tasks", "the X problem", "for X": a technique named as the problem after all
        self.means_not_after = re.compile(r"[ \t]+(?:tasks?|problems?|settings?|scenarios?|benchmarks?|challenges?)\b")

    def _model_base(self, c: Candidate, known: set[str]) -> str:
        """"Transformer encoder" → "Transformer", when that is a known model."""
        if c.type != "Model":
            return ""
        words = c.surface.replace("-", " ").split()
        if len(words) < 2 or words[-1].lower() not in self.res.model_parts:
            return ""
        rest = " ".join(words[:-1])
        key = entity_key(rest)
        if len(words) == 2 and rest.islower() and rest.endswith("ing") and key not in self.model_keys:
            return ""  # "a novel inpainting network", "a forecasting model": an activity, no model's name (the
            # contribution would take the task's word as its label)
        return rest if key and (key in known or key in self.model_keys) else ""

    def _with_head(self, text: str, c: Candidate) -> str:
        """A name as written with the type noun after it: "EM algorithm", "MP-20 benchmark"."""
        if c.name:
            return ""  # the type noun follows the shared part of a distributed name, not the name
        m = _NEXT_WORD.match(text, c.end)
        if m and m.group(1).lower() in self.head_nouns:
            return text[c.start:m.end(1)]
        return ""

    def _problem_votes(self, text: str, ent: LocalEntity) -> list[Candidate]:
        """"the problem of sparse linear regression": what a problem or task is "of" is a Task."""
        # the pattern needs an "of" before the mention: a substring test skips most regex searches
        return [Candidate(m.start, m.end, "Task", _PATTERN, 0.9, rule="problem-of") for m in ent.mentions
                if text.find("of", max(0, m.start - 40), m.start) >= 0
                and (text.find("task", max(0, m.start - 40), m.start) >= 0
                     or text.find("problem", max(0, m.start - 40), m.start) >= 0)
                and _PROBLEM_OF.search(text, max(0, m.start - 40), m.start)]

    def _posed_topic(self, text: str, ent: LocalEntity, proposed_ends: frozenset[int] = frozenset()) -> bool:
        """Whether a research topic the vocabulary types Method ("federated learning", "non-convex
        optimization") is the problem this paper poses: "… for X" in the title, "an algorithm for X", "we
        study X", "X remains a challenging problem". There the paper addresses it: a Task (the guideline's
        "problem, application or research goal a method addresses or a paper studies"); a technique the
        paper uses ("trained with reinforcement learning") stays a Method. ``proposed_ends``: where the paper's
        proposed mentions end ("we propose PEG for X": X is what PEG is for)."""
        if ent.type != "Method":
            return False
        if self._goal_opener(text, ent):
            return True
        # a process a phrase names ("Bayesian sampling", "multi-objective optimization"): posed only by a sentence
        process = not any(m.rule in self.topic_sources if m.finder is _LEXICON
                          else self._ends_in_topic(m.surface) for m in ent.mentions)
        if process and not all(m.finder is _PHRASE and self._process_phrase(m.surface) for m in ent.mentions):
            return False
        title_stop = title_end(text)
        heads = self.res.generic_heads
        for m in ent.mentions:
            if m.end - m.start < 4 or self._is_acronym(m.surface):
                continue  # "RL": an acronym repeats the long form, whose own place decides
            head = m.surface.rsplit(None, 1)[-1].lower()
            if head in heads or head[:-1] in heads:
                continue  # "we analyse first-order methods": a kind of method, whatever is done with it
            after = _AFTER_TOPIC.match(text, m.end)
            if after is None:
                continue
            if _TOPIC_STATE.match(text, m.end) or _TOPIC_PROBLEM.match(text, m.end) \
                    and text[max(0, m.start - 4):m.start].lower() == "the ":
                return True  # "the X problem" (not "cast as a X problem": a formulation the method uses)
            if _TOPIC_AIMS.match(text, m.end) and _opens_sentence(text, m.start):
                return True  # "Dataset distillation aims to synthesize …": the field the abstract opens on
            word = after.group(1)
            in_title = m.end <= title_stop
            if word is not None and in_title and not process and word.lower() in self.title_means \
                    and head not in self.res.words.merge_purpose_kinds and not any(x.proposed for x in ent.mentions) \
                    and self._title_opening(text, m.start) and not _TITLE_FOR.search(text, m.end, title_stop):
                # "Clustered Federated Learning via Gradient-based Partitioning"; not what the paper makes
                # ("Low-Frequency Black-Box Backdoor Attack via …"), nor a means whose purpose the title names after
                # it ("Data Augmentation with Dual Training for Offensive Span Detection")
                return True
            if word is not None and word.lower() not in self.res.function_words:
                continue  # "for the federated learning framework": the topic qualifies a noun
            if process and word is not None and word.lower() == "of" and not m.surface[1:].islower():
                continue  # "Guarantees for Greedy Maximization of Non-submodular Functions": a title's process cut from its object
            before = text[max(0, m.start - 60):m.start]
            # each search is tried at every character of ``before``; the word it must end in is tested first
            if in_title and (_may_end_with(before, "for") or _may_end_with(before, "in")) and _FOR_END.search(before) \
                    and not process or _may_end_with(before, "for") and self.purpose_for.search(before) \
                    or _may_end_with(before, self.study_verbs) and self.studied.search(before) \
                    or _may_end_with(before, "to") and self.purpose_to.search(before):
                return True
            if process and in_title and _may_end_with(before, "for") and _FOR_END.search(before):
                return True  # "Multi-View Representation is What You Need for Point-Cloud Pre-Training": a title's purpose
            if proposed_ends and _may_end_with(before, ("for", "and", "or")):
                named = _NAME_FOR.search(before)
                if named is not None and m.start - len(before) + named.start() in proposed_ends:
                    return True  # "PEG for mixture sampling and elastic initialization"
        return False

    def _goal_opener(self, text: str, ent: LocalEntity) -> bool:
        """Whether a sentence opens on a mention stated by its goal: "Neural Architecture Search (NAS) aims to
        automate …", "The purpose of offline multi-task reinforcement learning (MTRL) is to …": the field the paper
        works in, whichever vocabulary names it (not a kind of method or thing: "first-order methods aim to …", "Item
        Response Theory aims to …")."""
        heads = self.res.generic_heads
        kinds = self.res.words.merge_purpose_kinds
        for m in ent.mentions:
            if m.proposed or m.end - m.start < 4 or self._is_acronym(m.surface):
                continue
            head = m.surface.rsplit(None, 1)[-1].lower()
            if head in heads or head[:-1] in heads or head in kinds:
                continue  # "Item Response Theory (IRT) aims to …": a kind of thing the paper may build on
            if _TOPIC_AIMS.match(text, m.end) and _opens_sentence(text, m.start):
                return True
            if text.find("tasks", max(0, m.start - 100), m.start) >= 0 \
                    and _TASKS_SUCH_AS.search(text, max(0, m.start - 100), m.start):
                return True
            if text.find("of", max(0, m.start - 4), m.start) >= 0 and _GOAL_IS.match(text, m.end):
                opener = _GOAL_OF.search(text, max(0, m.start - 40), m.start)
                if opener is not None and _opens_sentence(text, opener.start()):
                    return True
        return False

    def _used_technique(self, text: str, ent: LocalEntity) -> bool:
        """Whether a technique a vocabulary files as a task ("transfer learning", "neural rendering": heads.tsv types
        its last word Method) is used here as the paper's means, not posed as its problem: a kind noun of a means after
        a mention ("a novel neural rendering approach", "transfer learning and active learning strategies") or a verb
        or preposition of use before it ("we employ X", "via X"; in the title also "by", "with": "Specular Object
        Reconstruction by Differentiable Rendering"). Not when a mention is named as a problem ("X tasks", "the problem
        of X", "an approach for X"), nor what the paper proposes (its own cue typed it)."""
        means = strict = False
        title_stop = -1
        for m in ent.mentions:
            if m.proposed or m.finder is _CONTRIBUTION:
                return False
            if m.rule == "problem-of" or self._is_acronym(m.surface):
                continue
            words = m.surface.split()
            if len(words) < 2:
                continue
            typed = head_type(words[-1], self.res)
            if typed is None or typed[0] != "Method":
                if typed is None or typed[0] != "Task" or not self._own_process(ent):
                    return False  # "object detection": the head names a problem
                strict = True  # "through feedback generation": a process of the paper's own wording, named as a means
            if self.means_not_after.match(text, m.end):
                return False
            before = text[max(0, m.start - 40):m.start].lower().split()
            prev = before[-1] if before else ""
            if prev in ("the", "a", "an") and len(before) > 1:
                prev = before[-2]
            if prev in self.res.words.merge_means_not_before:
                return False  # "an approach to X", "advances in X": X is what the work is for or about
            after = self.means_after.match(text, m.end)
            if after is not None and after.group().endswith("s") and prev in self.res.weak_modifiers:
                after = None  # "existing few-shot learning methods": methods for the problem
            if strict:
                if after is not None and (after.group().endswith("s") or _LIST_OR.search(after.group())):
                    after = None  # "existing anomaly detection methods", "long-tail classification and debiasing
                    # methods": methods for the task; "a graphical modelling approach" is one that models
                means = means or after is not None or prev in self.means_verbs
            elif after is not None or prev in self.means_verbs:
                means = True
            elif prev in self.title_means:
                if title_stop < 0:
                    title_stop = title_end(text)
                means = means or m.end <= title_stop
        return means

    def _own_process(self, ent: LocalEntity) -> bool:
        """Whether an entity is a process in the paper's own words ("feedback generation", "local alignment"): only
        phrases name it (no vocabulary, acronym or name), and its head is a process noun (a gerund, an -ation noun)."""
        if any(m.finder is not _PHRASE for m in ent.mentions):
            return False
        head = ent.mentions[0].surface.rsplit(None, 1)[-1].lower()
        return head.endswith("ing") or head.endswith(self.res.words.process_noun_endings)

    def _title_opening(self, text: str, start: int) -> bool:
        """Whether a title (or its part after a colon) opens at ``start``, or one word before it: "Towards" or a
        gerund of improvement ("Accelerating Heterogeneous Federated Learning with …"; not "Understanding …")."""
        seg = text.rfind(":", 0, start) + 1
        words = text[seg:start].split()
        if not words:
            return True
        if len(words) > 1:
            return False
        return words[0].lower() in self.title_openers

    def _process_phrase(self, surface: str) -> bool:
        """"Bayesian sampling", "multi-objective optimization": lower-case words before a process noun (a gerund or an
        -ation noun), which a head types Method; posed as the problem, a research goal."""
        words = surface.split()
        head = words[-1].lower()
        return 2 <= len(words) <= 4 and (surface[1:].islower() or _title_cased(words)) \
            and (head.endswith("ing") or head.endswith(self.res.words.process_noun_endings))

    def _ends_in_topic(self, surface: str) -> bool:
        """"decentralized online convex optimization": plain words before a topic's name (a narrower topic, not
        a named method); in a title, capitalised."""
        words = surface.lower().split()
        if len(words) < 2 or words[-1] not in self.topic_heads:
            return False  # most phrases: no topic ends in their last word
        if any(not w[1:].islower() for w in surface.split() if w[1:].isalpha()):
            return False  # "GPU-accelerated DRL", "FedQ-Bernstein": named, not described
        return any(" ".join(words[i:]) in self.topic_terms for i in range(1, len(words)))

    def _initials(self, text: str) -> tuple[tuple[str, str], tuple[str, ...]] | None:
        """The acronyms a multi-word name can stand for, and the ambiguous ones it makes; None for one word.

        The first pair is the initials of all words and of the content words; the second lists the
        initials of each inner run of trailing words ("goal-conditioned reinforcement learning" makes
        "RL" ambiguous). Memoised per surface form: the same names recur across abstracts.
        """
        cache = self._initials_cache
        if text in cache:
            return cache[text]
        words = [w for w in re.split(r"[\s\-]+", text) if w]
        out = None
        if len(words) >= 2:
            content = [w for w in words if w.lower() not in self.res.function_words]
            spellings = ("".join(w[0] for w in words).lower(), "".join(w[0] for w in content).lower())
            out = spellings, tuple("".join(w[0] for w in words[k:]).lower() for k in range(1, len(words) - 1))
        if len(cache) < 200_000:
            cache[text] = out
        return out

    def _is_acronym(self, text: str) -> bool:
        """:func:`is_acronym`, memoised per surface form."""
        out = self._acronym_cache.get(text)
        if out is None:
            out = is_acronym(text)
            if len(self._acronym_cache) < 200_000:
                self._acronym_cache[text] = out
        return out

    def _undefined_acronym(self, ent: LocalEntity) -> bool:
        """Every mention is an acronym and none comes with a long form (a plain loop: this runs for every entity)."""
        cache = self._acronym_cache
        for m in ent.mentions:
            if m.long_form:
                return False
            acronym = cache.get(m.surface)
            if acronym is None:
                acronym = self._is_acronym(m.surface)
            if not acronym:
                return False
        return True

    def _link_undefined_acronyms(self, groups: list[LocalEntity]) -> list[LocalEntity]:
        """"VLM-based judge" in an abstract about "visual language models": the same entity.

        An acronym the abstract never defines joins the one multi-word entity whose
        initials spell it (with or without its function words).
        """
        # linking only adds mentions to entities, which never makes an entity an undefined acronym:
        # without one to start with there is nothing to link (most abstracts define theirs)
        for ent in groups:
            if self._undefined_acronym(ent):
                break
        else:
            return groups
        by_initials: dict[str, list[LocalEntity]] = {}
        ambiguous: set[str] = set()
        for ent in groups:
            if any(m.long_form for m in ent.mentions):
                continue
            spelled: set[str] = set()  # initials this entity is already listed under
            for m in ent.mentions:
                found = self._initials(m.surface)
                if found is None:
                    continue
                spellings, suffixes = found
                for initials in spellings:
                    if initials not in spelled:
                        spelled.add(initials)
                        by_initials.setdefault(initials, []).append(ent)
                ambiguous.update(suffixes)
        merged: set[int] = set()
        for ent in groups:
            if not self._undefined_acronym(ent):
                continue  # defined in the text, or already one entity with its long form
            short = ent.mentions[0].surface
            acronym = _PLURAL_ACRONYM.match(short)
            letters = (acronym.group(1) if acronym else short).lower()
            owners = [o for o in by_initials.get(letters, []) if o is not ent]
            if len(owners) == 1 and id(owners[0]) not in merged and letters not in ambiguous:
                owner = owners[0]
                owner.keys |= ent.keys
                owner.mentions.extend(ent.mentions)
                merged.add(id(ent))
        return [g for g in groups if id(g) not in merged]

    def _derived_prefixes(self, accepted: list[Candidate], text: str) -> list[Candidate]:
        """"Qwen3-32B-FIRE" with FIRE an entity: the base model "Qwen3-32B" is one too.

        The keys of all accepted candidates are made only once a coined hyphenated name asks for them
        (in most abstracts none does).
        """
        keys: set[str] | None = None
        out = []
        for c in accepted:
            if c.finder is not _COINED or "-" not in c.surface or c.name:
                continue
            if keys is None:
                keys = {entity_key(a.surface) for a in accepted}
            prefix, _, suffix = c.surface.rpartition("-")
            # a base model has a version or size ("Qwen3-32B"); "ES" in "ES-MoE" is only a prefix
            if entity_key(suffix) in keys and is_coined(prefix, self.res) and entity_key(prefix) not in keys \
                    and any(ch.isdigit() for ch in prefix):
                d = Candidate(c.start, c.start + len(prefix), c.type, _COINED, 0.7)
                d.surface = text[d.start:d.end]
                out.append(d)
        return out

    def _merge_spans(self, doc: Doc, text: str) -> list[Candidate]:
        """One candidate per span, typed by the vote of all candidates on it; generic and weak spans dropped."""
        by_span: dict[tuple[int, int, str], list[Candidate]] = {}
        defined = _defined_acronyms(state(doc).candidates, text)
        for c in state(doc).candidates:
            if c.end > c.start and not (defined and _other_reading(c, defined, text)):  # (no call without any)
                by_span.setdefault((c.start, c.end, c.name), []).append(c)
        _list_mate_votes(by_span, text, self._list_gaps)  # only where a guessed name stands
        generic_terms = self.res.generic_terms
        spans: list[Candidate] = []
        for (start, end, name), cands in by_span.items():
            typ, conf = _vote(cands)
            proposed = False
            for c in cands:  # (a loop, not any() of a generator: this runs for every span)
                if c.proposed:
                    proposed = True
                    break
            surface = name or text[start:end]
            if typ == "Task" and len(cands) > 1:
                typ, conf = _benchmark_vote(cands, surface, typ, conf, self.res)
            elif typ == "Dataset" and len(cands) > 1:
                typ, conf = _hardware_vote(cands, typ, conf)
            if not proposed:
                # decided before the merged candidate is built: most rejected spans are generic words
                low = surface.lower()
                if conf < self.min_confidence or low in generic_terms \
                        or surface.endswith("s") and low[:-1] in generic_terms:
                    continue  # (a plural "s" is lower-case: "MLS", "Multi-level Summarizer", is no plural of "ML")
            # the component of the most trusted candidate, the first non-empty value of each field
            best = max(cands, key=_trust) if len(cands) > 1 else cands[0]
            canonical, long_form, source_id = "", "", ""
            for c in cands:
                canonical = canonical or c.canonical
                long_form = long_form or c.long_form
                source_id = source_id or c.source_id
            # (every field by position, as state.CANDIDATE_FIELDS orders them: keywords cost a dict per call)
            merged = Candidate(start, end, typ, best.finder, conf, canonical or "", long_form or "",
                               source_id or "", proposed, name, best.rule, surface)
            spans.append(merged)
        return spans

    def _group(self, accepted: list[Candidate], bases: dict[int, str]) -> list[LocalEntity]:
        """Mentions whose keys meet become one entity; ``bases`` receives each mention's base model name."""
        known = {entity_key(c.surface) for c in accepted}
        groups: list[LocalEntity] = []
        index: dict[str, LocalEntity] = {}
        for c in accepted:
            surface = c.surface
            keys = {entity_key(surface)}
            if c.canonical:
                keys.add(entity_key(c.canonical))
            plural_acronym = _PLURAL_ACRONYM.match(surface) if surface.endswith("s") else None
            if plural_acronym:
                keys.add(entity_key(plural_acronym.group(1)))
            if c.long_form:
                keys.add(entity_key(c.long_form))
            base = self._model_base(c, known)
            if base:
                bases[id(c)] = base
                keys.add(entity_key(base))
            keys.discard("")
            if not keys:
                continue
            hits: list[LocalEntity] = []
            for k in sorted(keys):
                g = index.get(k)
                if g is not None and g not in hits:  # (entities compare by identity: LocalEntity is eq=False)
                    hits.append(g)
            if hits:
                ent = hits[0]
                for other in hits[1:]:
                    ent.keys |= other.keys
                    ent.mentions.extend(other.mentions)
                    groups.remove(other)
            else:
                ent = LocalEntity(set())  # (keys: by position, no keyword dict)
                groups.append(ent)
            ent.keys |= keys
            ent.mentions.append(c)
            for k in ent.keys:
                index[k] = ent
        return groups

    def _fold_title_tasks(self, groups: list[LocalEntity], text: str) -> list[LocalEntity]:
        """"Evidence-Based Misinformation Detection" of a title and the abstract's "misinformation detection": a task
        the title names in title case with qualifiers before the abstract's task is that task, one entity (the
        entities it joined are returned, and removed from ``groups``). Not a name (an acronym's long form, a coined
        or proposed name: "Multi-Objective Evolutionary Weapon Detection (MEOW)" is a method for weapon detection)."""
        stop = title_end(text)
        if stop <= 0:
            return []
        tasks = [e for e in groups if e.type == "Task"]
        function_words = self.res.function_words  # "Classification of Logical Fallacies" is in title case
        joined: list[LocalEntity] = []
        for ent in tasks:
            first = ent.mentions[0]
            words = first.surface.split()
            if first.end > stop or len(words) < 3 or ent.proposed or not all(w[:1].isupper() or w[:1].isdigit() or w in function_words for w in words) \
                    or any(m.finder in NAME_FINDERS or m.end > stop for m in ent.mentions):
                continue
            low = _spaced(first.surface)
            # "Predicting Difficulty of Technical Interview Questions": a gerund's phrase is the abstract's
            # "question difficulty prediction" when that holds its words (their first five letters) and its process
            gerund = words[0].lower().endswith("ing")
            stems = {w[:5] for w in _WORDS.findall(low)} if gerund else set()
            target = None
            for e in tasks:
                if e is ent or e in joined or not any(m.start > stop for m in e.mentions):
                    continue
                tails = {_spaced(m.surface) for m in e.mentions if m.start > stop}
                if any(" " in t and (low.endswith(" " + t) or low.endswith(" " + t.rstrip("s"))) for t in tails) \
                        or gerund and any(_gerund_of(t, words[0].lower(), stems) for t in tails):
                    target = e
                    break
            if target is not None:
                _absorb(target, ent, groups, joined)
        return joined

    def _title_means_for(self, groups: list[LocalEntity], text: str) -> None:
        """"High-Pass Kernel Prediction for Efficient Video Deblurring", "InfoMatch: Entropy Neural Estimation for
        Semi-Supervised Image Classification", "Optimistic Planning for the Stochastic Knapsack Problem": a process a title
        opens on (or its part after a name and a colon) and whose purpose it names after "for", a task of the paper,
        is the paper's means for that task: a Method, whatever a head or a vocabulary files it as. Not a problem the
        title sets out to solve ("Alleviating Foreground Sparsity for …", "Accelerating BERT Inference for …": a
        gerund before it), nor what "for" joins to a thing rather than a task ("Monocular Depth Estimation for
        Underwater Robots", "Point Tracking for Egocentric Videos": the task in a setting), nor a topic a vocabulary
        names ("Unsupervised Domain Adaptation for Object Detection", "Continual Learning for Machine Translation":
        a field's setting, which the graph shares across papers)."""
        stop = title_end(text)
        if stop <= 0:
            return
        task_starts: dict[int, LocalEntity] = {}
        means: list[tuple[LocalEntity, Candidate]] = []
        for ent in groups:
            if ent.type != "Task":
                continue
            for m in ent.mentions:
                if m.end > stop:
                    continue
                task_starts.setdefault(m.start, ent)
                if not ent.proposed and _TITLE_FOR_NEXT.match(text, m.end) \
                        and not any(x.finder is _LEXICON or x.finder is _RELATION for x in ent.mentions):
                    means.append((ent, m))
        for ent, m in means:
            after = _TITLE_FOR_NEXT.match(text, m.end)
            purpose = task_starts.get(after.end()) if after is not None else None
            if purpose is None or purpose is ent or self._goal_opener(text, ent) \
                    or any(_TOPIC_STATE.match(text, x.end) or _TOPIC_IS_TO.match(text, x.end) and _opens_sentence(text, x.start)
                           for x in ent.mentions) \
                    or any(x.start > stop and _POSED_BEFORE.search(_ABBREVIATED.sub("", text[max(stop, x.start - 40):x.start]))
                           for x in ent.mentions):
                continue  # "Face swapping is to interchange …", "FSCIL aims to …", "we study a more challenging problem,
                # i.e., few-shot class-incremental learning": the abstract poses it as its problem
            seg = max(text.rfind(":", 0, m.start), text.rfind(" - ", 0, m.start), text.rfind("–", 0, m.start))
            before = [w for w in text[seg + 1:m.start].split() if w != "-"]
            if len(before) > 1 or before and (before[0].lower().endswith("ing") or not before[0][:1].isupper()):
                continue
            ent.type, ent.confidence = "Method", min(ent.confidence, 0.75)

    @staticmethod
    def _fold_short_tasks(groups: list[LocalEntity]) -> list[LocalEntity]:
        """"graph anomaly detection" and, later or before, "anomaly detection": an abstract names its task in full and
        then by its last words; one entity (the entities that took others in are returned; the others leave
        ``groups``). Only tasks of two words or more each, and no name (an acronym's long form, a coined or proposed
        name); one word ("detection", "clustering") names a class, not the paper's task."""
        tasks = [e for e in groups if e.type == "Task" and not e.proposed
                 and not any(m.finder in NAME_FINDERS for m in e.mentions)]
        joined: list[LocalEntity] = []
        #: each task's mentions as _spaced reads them, read once (a task that takes another in takes its surfaces too)
        spaced = {id(e): {_spaced(m.surface) for m in e.mentions} for e in tasks}
        for short in tasks:
            tails = spaced[id(short)]
            if not all(" " in t for t in tails):
                continue
            for long in tasks:
                if long is short or short in joined or long not in groups:
                    continue
                if any(lw.endswith(" " + t) for lw in spaced[id(long)] for t in tails):
                    _absorb(long, short, groups, joined)
                    spaced[id(long)] |= tails
                    break
        return joined

    def _finish(self, ent: LocalEntity, text: str, bases: dict[int, str],
                proposed_ends: frozenset[int] = frozenset()) -> None:
        """Type, labels and vocabulary identifiers of an entity, from its mentions.

        One pass over the mentions collects what the fields need (this runs for every entity).
        """
        mentions = ent.mentions
        if len(mentions) > 1:
            mentions.sort(key=_START_END)
        ent.type, ent.confidence = _vote(mentions + self._problem_votes(text, ent))
        if self._posed_topic(text, ent, proposed_ends):
            ent.type = "Task"
        elif ent.type == "Task" and self._used_technique(text, ent):
            # read from this paper's wording against the vocabulary's type: less sure than the vocabulary, so
            # where papers disagree on one node ("its role in transfer learning" / "a transfer learning
            # approach") the graph's vote ties toward the vocabulary's Task, not toward the type order
            ent.type, ent.confidence = "Method", min(ent.confidence, 0.75)
        proposed = False
        long_form = ""
        with_canonical: list[Candidate] = []
        labels: list[str] = []
        for m in mentions:
            proposed = proposed or bool(m.proposed)
            long_form = long_form or m.long_form
            if m.canonical:
                with_canonical.append(m)
            if _is_name(m):
                label = self._with_head(text, m)
                if label:
                    labels.append(label)
        ent.proposed = proposed
        ent.long_form = long_form
        agrees = with_canonical
        if with_canonical and long_form:
            # a lexicon reading that contradicts the text's own definition is another sense
            # ("SFT" defined as Supervised Fine-Tuning is not PwC's "shrink and fine-tune")
            said = {entity_key(m.surface) for m in mentions} | {entity_key(long_form)}
            agrees = [m for m in with_canonical if entity_key(m.canonical) in said]
        if proposed and agrees and not long_form:
            # "we present CSL, a large-scale Chinese Scientific Literature dataset": a name the paper proposes is its
            # own, not the vocabulary's older thing of the same letters ("CSL", a circular smooth label method),
            # unless the text writes the vocabulary's name; a known concept said new is a variant of it ("a novel
            # GAN": a node of its own, labelled as the vocabulary's)
            lower = text.lower()
            if not any(m.rule == SAID_NEW_KNOWN for m in mentions):
                agrees = [m for m in agrees if m.canonical.lower() in lower]
        ent.canonical = agrees[0].canonical if agrees else ""
        if bases:
            ent.base_label = next((bases[id(m)] for m in mentions if id(m) in bases), "")
            if ent.base_label:
                base_key = entity_key(ent.base_label)
                ent.base_label = next((m.surface for m in mentions if entity_key(m.surface) == base_key), ent.base_label)
        ent.source_ids = sorted({m.source_id for m in agrees if m.source_id})
        ent.extra_labels = labels

    def __call__(self, doc: Doc) -> Doc:
        text = doc_text(doc)
        spans = self._merge_spans(doc, text)
        # the datasets of a task yield to the spans they cross ("visual anomaly detection benchmarks")
        trust = PRIORITY.get
        spans.sort(key=lambda c: (-trust(c.finder, 0), c.rule == DATASETS_OF, -(c.end - c.start), c.start))
        accepted: list[Candidate] = []
        taken: list[tuple[int, int]] = []  # bounds of the accepted spans, for the crossing test
        for c in spans:
            start, end = c.start, c.end
            for a_start, a_end in taken:
                if a_start < start < a_end < end or start < a_start < end < a_end:
                    break  # crosses a more trusted span
            else:
                accepted.append(c)
                taken.append((start, end))
        accepted = drop_nested(accepted, self.qualifiers, self._names_kind)
        accepted += self._derived_prefixes(accepted, text)
        # by (start, -end), stably: ends descending, then starts ascending (sort is stable, reversed too), in C
        accepted.sort(key=_END, reverse=True)
        accepted.sort(key=_START)
        bases: dict[int, str] = {}
        groups = self._link_undefined_acronyms(self._group(accepted, bases))
        proposed_ends = frozenset(c.end for c in accepted if c.proposed)
        for ent in groups:
            self._finish(ent, text, bases, proposed_ends)
        for ent in self._fold_title_tasks(groups, text):
            self._finish(ent, text, bases, proposed_ends)
        for ent in self._fold_short_tasks(groups):
            self._finish(ent, text, bases, proposed_ends)
        self._title_means_for(groups, text)
        st = state(doc)
        st.entities = groups
        st.main = main_contribution(groups)
        return doc


def main_contribution(ents: list[LocalEntity]) -> LocalEntity | None:
    """The paper's main contribution: of its proposed methods, models and datasets, the first proposed; else a
    measure it proposes ("QSTS, a novel … similarity measure")."""
    proposed = [e for e in ents if e.proposed and e.type in SUBJECT_TYPES | {"Metric"}]
    proposed.sort(key=lambda e: (e.type == "Metric", min(m.start for m in e.mentions if m.proposed)))
    return proposed[0] if proposed else None


def fold_proposals(doc: Doc) -> Doc:
    """Fold the mentions a later stage proposed into the paper's entities: each joins the entity one of
    whose keys its text is, else makes an entity of its own (its type and confidence)."""
    st = state(doc)
    if st.proposals:
        ents = st.entities
        by_key = {k: e for e in ents for k in e.keys}
        for mention in st.proposals:
            key = entity_key(mention.surface)
            ent = by_key.get(key)
            if ent is None:
                ent = by_key[key] = LocalEntity(keys={key}, type=mention.type, confidence=mention.confidence)
                ents.append(ent)
            ent.mentions.append(mention)
            ent.mentions.sort(key=_START_END)
        st.proposals = []
    return doc


@Language.factory("kg_merge", default_config={"min_confidence": 0.5, "resources": SHIPPED},
                  requires=contract("candidates"), assigns=contract("entities", "main"))
def make_merge(nlp: Language, name: str, min_confidence: float, resources: Resources) -> Merger:
    return Merger(resources, min_confidence)


@Language.factory("kg_merge_proposals", requires=contract("entities", "proposals"), assigns=contract("entities"))
def make_merge_proposals(nlp: Language, name: str):
    """The merge pass after ``kg_relations`` and after ``kg_results`` (see :func:`fold_proposals`)."""
    return fold_proposals
