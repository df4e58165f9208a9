"""``addresses``: the tasks a contribution (or, with none, the paper itself) is for.

- in a sentence about the contribution, a Task it is not said to use ("incorporates transfer learning");
- the problem sentences: "we study/address X", "X remains a challenging problem" before the contribution is named
  (or in a paper that names none), and the task of the sentence before "To address this, we propose …";
- the title: the problem a remedy gerund opens it on ("Mitigating Catastrophic Forgetting in …"), the task it names
  before its means ("… for Cancer Detection via …"), the task the abstract opens on in the title's words;
- else the paper's main task (its own, one its title names, the most mentioned).
"""
from __future__ import annotations

import re

from kg.extract.components.relations.context import Node, Paper, Proposed, Sentence
from kg.extract.components.relations.cues import EXAMPLE_BEFORE, EXAMPLE_GAP, NEXT_WORD, OPENING, USE_LIST_GAP, RelationCues, stems
from kg.extract.state import Candidate, LocalEntity
from kg.extract.text import TITLE_WORD, LowerRegex, head_type, is_describing_adjective, norm_word, sentence_chars
from kg.names import entity_key
from kg.types import Finder


def posed_topic(e: LocalEntity) -> bool:
    """A Task no mention reads as one: a research topic the vocabulary types Method that the paper poses as its
    problem (``kg_merge``); across papers its node may stay a Method (``kg.resolve.canonical._refit``),
    so addressing it does not stand for addressing a task."""
    if e.type != "Task":
        return False
    for m in e.mentions:  # a loop, not all() of a generator: asked for every Task mention of a claim
        if m.type == "Task":
            return False
    return True

def proposed_task(paper: Paper, main: LocalEntity, e: LocalEntity) -> None:
    """A task the paper itself introduces is what its method is for."""
    m = next(m for m in e.mentions if m.proposed)
    paper.add(main, "addresses", e, sentence_chars(paper.doc, m.start), "addresses-proposed-task")
    paper.addressed.add(id(main))


def problem_sentence(cues: RelationCues, paper: Paper, sent: Sentence) -> None:
    """The paper's problem, stated before its contribution is named (or in a paper that names none): "In this paper,
    we study/propose a novel approach to X", "we address the problem of X", "X remains a challenging problem": the
    contribution (else the paper itself) addresses X. A contribution not yet named is described by "we propose …",
    not posed as a problem."""
    main, s_text, a, bounds = paper.main, sent.text, sent.start, sent.bounds
    if not (main is None or sent.end <= paper.main_at):
        return
    task = framed = False
    for m, e in sent.mentions:  # (a loop, not two generators: this runs for every sentence)
        if m.proposed:
            return
        task = task or e.type == "Task"
        framed = framed or e.type == "Method"
    if framed and main is not None and " as " in s_text and cues.authors.search(s_text):
        for m, e in sent.mentions:
            if e.type == "Method" and framed_as(cues, s_text, m.start - a, m.end - a):
                # "We model this as a stochastic multi-armed bandit problem …", before the contribution is named
                paper.add(main, "uses", e, bounds, "uses-framing")
    if not task:
        return
    verb_end = paper_verb(cues, s_text, cues.paper_task if main is None else cues.study_verbs)
    for m, e in sent.mentions:
        if e.type != "Task":
            continue
        studied = verb_end is not None and m.start - a >= verb_end
        if not studied and not posed_problem(cues, s_text, m.start - a, m.end - a):
            continue
        if main is not None and framed_as(cues, s_text, m.start - a, m.end - a):
            # "We approach this problem as a supervised learning task": the contribution's formulation
            paper.add(main, "uses", e, bounds, "uses-framing")
            paper.used_tasks.add(id(e))
            continue
        if studied:
            paper.add(main, "addresses", e, bounds, "addresses-paper" if main is None else "addresses-problem")
        else:
            paper.add(main, "addresses", e, bounds, "addresses-paper-problem" if main is None else "addresses-problem")
        if main is None and not posed_topic(e):
            paper.paper_tasks.add(id(e))


def motivation(cues: RelationCues, paper: Paper, sent: Sentence, subj: LocalEntity) -> None:
    """"… hindering OOD generalization. To address this limitation, we propose CURVE": the contribution named in a
    remedy sentence addresses the tasks of the sentence before."""
    if sent.index == 0 or not cues.remedy.match(sent.text):
        return
    prev = paper.sent_starts[sent.index - 1], paper.sent_ends[sent.index - 1]
    examples: set[tuple[int, int]] | None = None
    use_ends: list[int] | None = None
    for m, e in paper.spans:
        if e.type == "Task" and prev[0] <= m.start and m.end <= prev[1]:
            if examples is None:
                examples = example_mentions(paper)
                use_ends = [u.end() - prev[0] for u in cues.use.finditer(paper.text, prev[0], prev[1])
                            if u.group(1).lower() not in cues.words.relation_task_use_skips]
            if (m.start, m.end) in examples or used_task(cues, paper.text, prev[0], use_ends or [], m.start, None):
                # "… hinders progress in areas such as access control", "current approaches typically rely on
                # clustering": an example of where the problem shows, a means of other work; not the problem
                continue
            paper.add(subj, "addresses", e, prev, "addresses-motivation")
            if not posed_topic(e):
                paper.addressed.add(id(subj))


class SentenceTasks:
    """The tasks of one sentence whose subject is ``subj``, read mention by mention (:meth:`mention`) in text order:
    addressed, or used when named as the object of a use cue (a list of them goes on from one to the next)."""

    def __init__(self, cues: RelationCues, paper: Paper, sent: Sentence, subj: LocalEntity):
        self.cues, self.paper, self.sent, self.subj = cues, paper, sent, subj
        self.task_end: int | None = None  # where the last used task ends, while a list of them goes on
        self.task_use_ends: list[int] | None = None  # the use cues a task can be the object of (read on first need)
        self.is_eval = False  # an evaluation sentence (set by the finder): plural tasks after "on"/"across" are its setting

    def mention(self, m: Candidate, e: LocalEntity) -> None:
        cues, paper, sent, subj = self.cues, self.paper, self.sent, self.subj
        text = paper.text
        if self.task_use_ends is None:
            kept = set(cues.use_ends(sent)[0])
            self.task_use_ends = [u.end() for u in sent.use_hits(cues.use)
                                  if u.end() in kept and u.group(1).lower() not in cues.words.relation_task_use_skips]
        if used_task(cues, text, sent.start, self.task_use_ends, m.start, self.task_end):
            # "incorporates transfer learning and active learning strategies": a technique the
            # vocabulary files as a task, named as what the contribution uses
            paper.add(subj, "uses", e, sent.bounds, "uses-task")
            paper.used_tasks.add(id(e))
            self.task_end = m.end
            return
        self.task_end = None
        if m.end <= paper.purpose_at:
            return
        for lo, hi in paper.title_means:
            if lo <= m.start and m.end <= hi:
                return  # "CabiNet: … for Object Rearrangement with Procedural Scene Generation": the title's means
        after = NEXT_WORD.match(text, m.end)
        if after is not None and after.group(1).lower() in cues.words.relation_part_nouns:
            return  # "our visual alignment module", "a similarity-aware denoising function": a part
        if self.is_eval and evaluation_setting(cues, text, m.start, m.end):
            return  # "improvements (up to 63% …) on Meta world tasks", "across multiple multi-stage tasks": a test bed
        if unnamed_plural_task(cues, m.surface):
            return  # "avoids forgetting of upstream tasks", "solving instances of convex optimization problems"
        if framed_as(cues, sent.text, m.start - sent.start, m.end - sent.start):
            # "Seq2Seq-DU, which formalizes DST as a sequence-to-sequence problem": a formulation it uses
            paper.add(subj, "uses", e, sent.bounds, "uses-framing")
            paper.used_tasks.add(id(e))
            return
        paper.add(subj, "addresses", e, sent.bounds, "addresses")
        if id(subj) not in paper.addressed and not posed_topic(e):
            paper.addressed.add(id(subj))


def framed_as(cues: RelationCues, s_text: str, at: int, end: int) -> bool:
    """Whether the task at ``at``..``end`` (in the sentence's text) is what a framing verb earlier in the sentence
    casts a problem as ("we formulate 3D lane detection as a curve propagation problem", "by treating hate speech
    detection as a few-shot learning task", "models the CPP problem as an asymmetric traveling salesman problem"):
    "as a"/"as the" and at most two words right before it, a framing verb among the 15 words before that (not "such
    as", "the same as"); not when a kind noun follows, which describes the contribution as one of the task's methods ("can be
    regarded as a general re-ranking algorithm", "is formulated as a state estimation approach")."""
    hit = cues.framed_as.search(s_text, max(0, at - 40), at)
    if hit is None:
        return False
    after = NEXT_WORD.match(s_text, end)
    if after is not None and after.group(1).lower() in cues.framing_kind_words:
        return False
    before = s_text[:hit.start()].lower().split()
    words = cues.words
    if before and before[-1] in words.relation_framing_not_before:
        return False  # "a probabilistic loss, such as the log-loss", "the same as the MLE": no framing
    # a framing verb that is a noun as often ("unnormalized models and …") is a verb after its subject ("We approach
    # image harmonization as …") or before the opening of its object ("CFC models the CPP problem as …")
    window = before[-15:]
    for k, w in enumerate(window):
        if w in words.relation_framing_verbs and (
                w not in words.relation_framing_noun_verbs
                or k and window[k - 1] in words.relation_framing_verb_subjects
                or k + 1 < len(window) and (window[k + 1] in words.relation_framing_object_openers
                                            or window[k + 1].endswith("'"))):
            return True
    return False


#: "with applications to/in": a title's purpose, not its means
_APPLICATIONS = re.compile(r"\s+(?:an\s+)?applications?\s+(?:to|in)\b", re.IGNORECASE)


def unnamed_plural_task(cues: RelationCues, surface: str) -> bool:
    """Whether a task mention is a plural setting noun ("tasks", "problems") that a qualifier, not a task's name,
    modifies: a class of tasks told by its place or how it is ("upstream tasks", "benchmark tasks", "long-horizon
    problems", "non-linear least-squares problems": an adjective, a compound or a ``relation_setting_qualifiers``
    word), not a task the contribution is for; not "reasoning tasks", "citation tasks", "loco-manipulation tasks"."""
    words = surface.split()
    if len(words) < 2 or words[-1].lower() not in cues.words.relation_setting_nouns:
        return False
    modifier = words[-2]
    head = modifier.rsplit("-", 1)[-1]
    found = head_type(head, cues.res)
    if found is not None and found[0] == "Task" or norm_word(head) in cues.res.noun_ing:
        return False
    low = modifier.lower()
    return low in cues.words.relation_setting_qualifiers or "-" in low and low.replace("-", "").isalpha() \
        or is_describing_adjective(modifier, cues.res)


def title_means_spans(cues: RelationCues, text: str, title_end: int) -> list[tuple[int, int]]:
    """Where the title names the contribution's means: from each means word ("via", "using", "with", "based on" …) to
    the next "for" or the title's end ("CoCA: Regaining Safety-awareness of … with Constitutional Calibration",
    "Sequential Recommendation with Probabilistic Logical Reasoning"; "AERO: Enhancing … via Deep Reinforcement
    Learning for Account Migration" ends the means before "for": the account migration is its purpose)."""
    if title_end <= 0:
        return []
    out = []
    for hit in cues.title_means.finditer(text, 0, title_end):
        if _APPLICATIONS.match(text, hit.end()):
            continue  # "… Reduction with Applications to Text Classification": a purpose
        purpose = cues.title_for.search(text, hit.end(), title_end)
        out.append((hit.end(), purpose.start() if purpose is not None else title_end))
    return out


def evaluation_setting(cues: RelationCues, text: str, start: int, end: int) -> bool:
    """Whether a task mention (in an evaluation sentence) names where the contribution is tested: a plural of a setting
    noun ("tasks", "problems", "benchmarks") after a setting preposition and at most three words ("achieves gains on
    several benchmark problems", "across multiple multi-stage tasks"); not "to learn robotics tasks", "for both
    image-to-text and text-to-image tasks"."""
    words = text[start:end].split()
    if len(words) < 2 or words[-1].lower() not in cues.words.relation_setting_nouns:
        return False
    before = text[max(0, start - 50):start].split()[-4:]
    return any(w.lower() in cues.words.relation_setting_preps for w in before) \
        and not any(c in " ".join(before) for c in ",;:()")


def title_links(cues: RelationCues, paper: Paper, title_end: int) -> None:
    """What the title says the contribution (else the paper) addresses."""
    doc, text, main, ents = paper.doc, paper.text, paper.main, paper.ents
    problem = title_problem(cues, text, title_end, ents, paper.phrase_nodes) if title_end else None
    if problem is not None:
        # "Mitigating Catastrophic Forgetting in …", "FedLMT: Tackling System Heterogeneity of …": the problem a
        # title sets out to remedy is what the contribution (else the paper) addresses
        paper.add(main, "addresses", problem, sentence_chars(doc, problem.mentions[0].start), "addresses-title-problem")
        if main is not None:
            paper.addressed.add(id(main))
        else:
            paper.paper_tasks.add(id(problem))
    if main is not None and title_end and not main.canonical:
        # (a vocabulary's concept, "diffusion models", is no new contribution: its node is every paper's)
        # "CAMIL: … for Cancer Detection and Subtyping", "Stochastic Planning for ASV Navigation Using …": a task
        # the title names before its means ("via", "using" …) is what the paper's contribution is for, whatever
        # else its sentences address
        means = cues.title_means.search(text, 0, title_end)
        cut = means.start() if means is not None else title_end
        purpose = cues.title_for.search(text, 0, title_end)
        for e in ents:
            if e.type == "Task" and not e.proposed and e.mentions[0].end <= cut and id(e) not in paper.used_tasks \
                    and not (purpose is not None and e.mentions[0].end <= purpose.start()) \
                    and not cues.based.match(text, e.mentions[0].end) and task_named(cues, e):
                m = e.mentions[0]
                paper.add(main, "addresses", e, sentence_chars(doc, m.start), "addresses-title-task")
                if not posed_topic(e):
                    paper.addressed.add(id(main))
        # "Reward modeling (a.k.a. …) is instrumental for …" under "Tool-Augmented Reward Modeling": the task the
        # abstract opens on, in the title's words, is the field the contribution works in
        title_stems = stems(text[:title_end])
        first = next((k for k, _sent in enumerate(paper.sents) if paper.sent_starts[k] >= title_end), None)
        if first is not None and title_stems:
            begin = paper.sent_starts[first]
            opening = OPENING.match(text, begin)
            at = opening.end() if opening else begin
            for e in ents:
                if e.type == "Task" and not e.proposed and id(e) not in paper.used_tasks \
                        and any(m.start == at for m in e.mentions) and stems(e.mentions[0].surface) <= title_stems:
                    paper.add(main, "addresses", e, (begin, paper.sent_ends[first]), "addresses-opening-task")


def main_task(cues: RelationCues, paper: Paper, title_end: int) -> None:
    """The paper's main task: of a contribution that addresses nothing explicitly, or of a paper that proposes
    nothing and whose sentences name no task of its own ("Ameliorate Spurious Correlations in Dataset
    Condensation": the paper addresses dataset condensation)."""
    main, ents, text = paper.main, paper.ents, paper.text
    if main is not None and id(main) in paper.addressed:
        return
    # without a contribution, only a task the title names is the paper's own (in the title, or in the
    # abstract in the title's words: "deepfake detection" of "Detecting deepfakes and false ads …")
    title_stems = stems(text[:title_end])
    tasks = [e for e in ents if e.type == "Task" and (
        main is not None or e.mentions[0].start < title_end
        or (title_stems and stems(e.mentions[0].surface) <= title_stems))]
    if not tasks and main is None and title_stems:
        # else one the title names by its head ("… Tradeoff in Translation": machine translation)
        tasks = [e for e in ents if e.type == "Task" and head_in_title(cues, e.mentions[0].surface, title_stems)]
    # a topic the paper poses (see posed_topic) may be a Method node of the graph: a plain task first
    tasks = [e for e in tasks if not posed_topic(e)] or tasks
    tasks = [e for e in tasks if id(e) not in paper.used_tasks]
    if main is not None:
        # "applications including viral marketing, pool-based active learning, …", "from credit risk assessment to
        # clinical decision support": a task the abstract names only as an example is not the contribution's
        examples = example_mentions(paper)
        tasks = [e for e in tasks if not all((m.start, m.end) in examples for m in e.mentions)]
        # "its effectiveness on several benchmark problems": a test bed named by a setting noun is no task of its own,
        # taken only when the abstract names no other
        tasks = [e for e in tasks if not all(evaluation_setting(cues, text, m.start, m.end) for m in e.mentions)] or tasks
    if tasks and not paper.paper_tasks.intersection(map(id, tasks)):
        # the paper's own task first, then one its title names, then the most mentioned
        best = max(tasks, key=lambda e: (e.proposed, e.mentions[0].start < title_end, len(e.mentions),
                                         -e.mentions[0].start))
        m = best.mentions[0]
        paper.add(main, "addresses", best, sentence_chars(paper.doc, m.start),
                  "addresses-main-task" if main is not None else "addresses-paper-task")


#: how the text before a match of EXAMPLE_BEFORE ends once its white space is stripped: a cue's last word or mark, or
#: the article after it
_EXAMPLE_ENDS = ("as", ".", ",", "example", "instance", "including", "like", "from", "the")


def _may_end_example(text: str, lo: int, hi: int) -> bool:
    """False only if ``EXAMPLE_BEFORE.search(text, lo, hi)`` surely finds nothing: ASCII text whose stripped end is
    no cue's (the search is tried at every character; text beyond ASCII may fold otherwise: always True)."""
    before = text[lo:hi]
    return not before.isascii() or before.rstrip().lower().endswith(_EXAMPLE_ENDS)


def example_mentions(paper: Paper) -> set[tuple[int, int]]:
    """The (start, end) of the mentions named as examples: right after an example cue ("such as", "e.g.",
    "including", "ranging from"), or next in a list of them."""
    text, out = paper.text, set()
    last_end = -1
    for m, _e in paper.spans:  # in text order
        if _may_end_example(text, max(0, m.start - 24), m.start) \
                and EXAMPLE_BEFORE.search(text, max(0, m.start - 24), m.start) is not None \
                or last_end >= 0 and last_end <= m.start and EXAMPLE_GAP.fullmatch(text, last_end, m.start):
            out.add((m.start, m.end))
            last_end = m.end
        elif m.start >= last_end:
            last_end = -1
    return out


def paper_verb(cues: RelationCues, s_text: str, verbs: LowerRegex) -> int | None:
    """Where "we"/"this paper" + one of ``verbs`` (of study, or of contribution too) ends, if the sentence
    has one."""
    who = cues.paper_subject.search(s_text)
    if who is None:
        return None
    verb = verbs.search(s_text[who.end():who.end() + 60])
    if verb is None or verb.start() > 40:
        return None
    return who.end() + verb.end()


def posed_problem(cues: RelationCues, s_text: str, start: int, end: int) -> bool:
    """A task a sentence poses as the problem: "X remains a challenging problem", and in a sentence of the
    paper's own, "we give an answer for the task of X", "we treat this question as a X task"."""
    if cues.problem_state.match(s_text, end):
        return True
    if cues.paper_subject.search(s_text) is None:
        return False
    return bool(cues.problem_before.search(s_text, max(0, start - 40), start)
                or cues.problem_after.match(s_text, end) and cues.problem_as.search(s_text, max(0, start - 8), start))


def task_named(cues: RelationCues, e: LocalEntity) -> bool:
    """Whether a task entity is named as a task: a vocabulary's term, or a phrase whose head word types it a
    task ("… Navigation", "… Detection", "… Learning"; not "Correlated Data", "Unreliable Observations")."""
    if any(m.finder is Finder.LEXICON for m in e.mentions):
        return True
    head = e.mentions[0].surface.rsplit(None, 1)[-1].rsplit("-", 1)[-1]
    found = head_type(head, cues.res)
    # "Group-Fair Learning": a process noun heads tasks as well as methods
    return found is not None and (found[0] == "Task" or norm_word(head) in cues.res.noun_ing)


def used_task(cues: RelationCues, text: str, base: int, use_ends: list[int], start: int, list_end: int | None) -> bool:
    """Whether the task starting at ``start`` is the object of a use cue ("incorporates transfer learning",
    "trained with contrastive learning"): at most two plain words between (no preposition: "using X for
    image classification" addresses the task), or the next item of a list of such objects."""
    if list_end is not None and USE_LIST_GAP.fullmatch(text, list_end, start):
        return True
    for end in use_ends:
        if not 0 <= start - base - end <= 60:
            continue
        # "leverages Gaussian Process (GP) surrogate modeling": an acronym in brackets is part of the modifier
        gap = _BRACKETED_ACRONYM.sub(" ", text[base + end:start])
        words = gap.lower().split()
        if len(words) <= 2 and len(gap) <= 30 and cues.words.rival_breaks.isdisjoint(words) \
                and not any(c in gap for c in ",;:()"):
            return True
        if means_gap(cues, words) and not any(c in gap for c in ",;:()"):
            return True
    return False


#: "(GP)", "(SSL)": an acronym in brackets, which a gap between a use cue and its object may hold
_BRACKETED_ACRONYM = re.compile(r"\s*\([A-Za-z0-9-]{1,10}\)")


def means_gap(cues: RelationCues, words: list[str]) -> bool:
    """Whether the words between a use cue and a task name a means of the task: "the technique of", "ideas from",
    "classical tools from": an article, at most one modifier, a means noun, "of"/"from", an article and at most one
    modifier of the task ("is based on the technique of list learning", "building upon ideas from preference-based
    bandit learning"); not "for" ("utilizes the smoothing technique for federated minimax optimization": for the task)."""
    nouns = cues.words.relation_task_use_means_nouns
    for k, w in enumerate(words):
        if w in nouns and k + 1 < len(words) and words[k + 1] in ("of", "from"):
            before = [x for x in words[:k] if x not in ("the", "a", "an")]
            after = [x for x in words[k + 2:] if x not in ("the", "a", "an")]
            return len(before) <= 1 and len(after) <= 1 and cues.words.rival_breaks.isdisjoint(before + after)
    return False


def head_in_title(cues: RelationCues, surface: str, title_stems: set[str]) -> bool:
    """Whether the title names the task by its head, unless the head is a process noun that heads many tasks
    ("… Tradeoff in Translation" for "machine translation", not "… in Reinforcement Learning" for
    "supervised learning")."""
    head = surface.split()[-1].lower() if " " in surface else ""
    return bool(head) and head not in cues.res.noun_ing and bool(stems(head)) and stems(head) <= title_stems


def remedy_search(remedy: re.Pattern[str], title: str) -> re.Match[str] | None:
    """``remedy.search(title)`` for a pattern that opens with "^" or ":" (``title_remedy``): tried at the start and
    at each colon, not at every character (``^`` matches only at the real start, also from a later ``pos``)."""
    hit = remedy.match(title)
    colon = title.find(":", 1)
    while hit is None and colon > 0:
        hit = remedy.match(title, colon)
        colon = title.find(":", colon + 1)
    return hit


def title_problem(cues: RelationCues, text: str, title_end: int, ents: list[LocalEntity],
                   phrase_nodes: list[Proposed]) -> Node | None:
    """The object of a remedy gerund that opens the title or its part after a colon ("Mitigating Catastrophic
    Forgetting in …", "Overcoming the Optimizer's Curse"), read to the next cut word or mark (1 to 6 words): the
    paper's Task entity of that name, a new Task when no entity has it, None when an entity of another type
    does or there is none."""
    title = text[:title_end]
    hit = remedy_search(cues.title_remedy, title)
    if hit is None:
        return None
    words: list[re.Match[str]] = []
    for w in TITLE_WORD.finditer(title, hit.end()):
        low = w.group(0).lower()
        if low in cues.title_problem_cuts or title[words[-1].end() if words else hit.end():w.start()].strip():
            break  # a cut word, or a mark (":", "–") between two words
        if low in ("-", "–", "—") or low == "of" and len(words) >= 2:
            break  # "Numerical Instability of 8-Bit Winograd Convolution"; not "Loss of Plasticity"
        words.append(w)
        if low.endswith((":", "–", "—")):
            break
        if len(words) > 6:
            return None
    while words and words[-1].group(0).lower() in cues.words.title_articles:
        words.pop()
    if not words:
        return None
    start, end = words[0].start(), words[-1].end()
    if title[end - 1] in ":-–—":
        end -= 1
    key = entity_key(title[start:end])
    if not key:
        return None
    known: list[Node] = [*ents, *phrase_nodes]
    for e in known:
        if key in e.keys:
            return e if e.type == "Task" else None
    c = Candidate(start, end, "Task", Finder.RELATION, 0.6, rule="title-problem", surface=title[start:end])
    problem = Proposed(c, {key})
    phrase_nodes.append(problem)
    return problem
