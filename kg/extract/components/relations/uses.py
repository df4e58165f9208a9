"""``uses``: the methods, models and hardware a contribution builds on, in the sentences about it.

A Method/Model/HardwareConcept after a use cue (``via``, ``trained with``, ``based on`` …) within ``USE_WINDOW``
characters, the rest of a list of parts ("consists of A, B and C"), what the paper further designs for its named
contribution ("we devise a dual-level graph attention mechanism"), what the description of the contribution names
("a new PnP framework, called X"; "X, a flow-matching method"), and the items of a numbered list of its parts. A use
that is negated ("without any fine-tuning") or a parity ("competitive with X") is none.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator

from spacy.tokens import Doc

from kg.extract.components.relations.context import Paper, Proposed, Sentence
from kg.extract.components.relations.cues import (ENUMERATOR, ENUMERATOR_ANY, EXCEPT, NEGATION, NEXT_WORD, USE_LIST_GAP, USE_WINDOW,
                                                  USE_OBJECT_TYPES, RelationCues, stems)
from kg.extract.state import Candidate, LocalEntity
from kg.extract.text import LowerRegex, chunk_ranges, may_contain, norm_word, sentence_chars, title_end, tokens, word_ranges
from kg.names import entity_key
from kg.types import Finder


class SentenceUses:
    """The uses of one sentence whose subject is ``subj``, read mention by mention (:meth:`mention`) in text order:
    a list of parts goes on from one mention to the next."""

    def __init__(self, cues: RelationCues, paper: Paper, sent: Sentence, subj: LocalEntity):
        self.cues, self.paper, self.sent, self.subj = cues, paper, sent, subj
        self.use_ends: list[int] | None = None  # read on first need: most sentences have no use object
        self.tight_ends: set[int] = set()  # of them, the "apply" cues: their object follows closely
        self.design_ends: list[int] | None = None  # "we (further) design/devise …" (read on first need)
        self.parity_ends: list[int] = []  # where "competitive with", "comparable results to" … end
        self.list_end: int | None = None  # where the last listed part ends, while a list of parts goes on
        self.part_ends: list[int] | None = None  # read on first use found: few sentences list parts
        self.part_list = False  # whether the list going on is one of parts (after a part cue)
        self.appositions: list[tuple[int, int]] | None = None
        self.described: list[tuple[int, int]] = []

    def mention(self, m: Candidate, e: LocalEntity) -> None:
        """A method, model or hardware concept ``e`` (not proposed) mentioned at ``m``."""
        cues, paper, sent, subj = self.cues, self.paper, self.sent, self.subj
        s_text, a, bounds = sent.text, sent.start, sent.bounds
        rel_pos = m.start - a
        if self.use_ends is None:
            self.use_ends, self.tight_ends = cues.use_ends(sent)
            if self.use_ends and may_contain(s_text, cues.parity_words):
                # "is competitive with X", "achieves comparable results to X": X is compared, not used
                parity = [p.end() for p in cues.parity.finditer(s_text)]
                self.use_ends = [u for u in self.use_ends if u not in parity]
                self.parity_ends = parity
        use_ends = self.use_ends
        # (each any() behind a test of its list: most are empty, and a generator costs more than the test)
        if self.parity_ends and any(0 <= rel_pos - p <= 60 and not any(p < u <= rel_pos for u in use_ends)
                                    for p in self.parity_ends):
            self.list_end = None
            return
        if use_ends and negated(s_text, rel_pos, use_ends):
            self.list_end = None
            return  # "does not need visual or tactile sensors", "but without masking for self-attention"
        if use_ends and any(0 <= rel_pos - end <= USE_WINDOW and (end not in self.tight_ends or cues.close_object(s_text, end, rel_pos))
                            for end in use_ends) or self.list_end is not None \
                and (USE_LIST_GAP if self.part_list else USED_LIST_GAP).fullmatch(paper.text, self.list_end, m.start):
            paper.add(subj, "uses", e, bounds, "uses")
            # "consists of three components, i.e., A, B and C": a list of parts goes on past the window, with or
            # without its commas; a list of used things with them ("employs four methods …: momentum correction,
            # local gradient clipping, momentum factor masking, and warm-up training")
            if self.list_end is None and self.part_ends is None:
                self.part_ends = [p.end() for p in cues.parts.finditer(s_text)]
            if self.list_end is None:
                self.part_list = any(0 <= rel_pos - end <= USE_WINDOW for end in self.part_ends or ())
            self.list_end = m.end
            return
        self.list_end = None
        if self.design_ends is None:
            # (not in the sentence that names the contribution: "we propose a novel online algorithm
            # named X" describes X, the description rules read it)
            self.design_ends = [d.end() for d in cues.design.finditer(s_text)] \
                if subj is paper.main and not any(x is subj for _m, x in sent.mentions) else []
        if self.design_ends and any(design_object(cues, s_text, end, rel_pos) for end in self.design_ends):
            # "We further design a two-stage adversarial training scheme", "we devise a dual-level graph
            # attention mechanism": a part the paper designs for its named contribution
            paper.add(subj, "uses", e, bounds, "uses-designed-part")
            return
        if any(design_object(cues, s_text, end, rel_pos) for end in part_verb_ends(cues, sent, subj)):
            # "HeightMapNet also introduces a foreground-background separation network", "Our approach includes a
            # novel … attention mechanism": a part the contribution, the verb's subject, is given
            paper.add(subj, "uses", e, bounds, "uses-designed-part")
            return
        if self.appositions is None:
            self.appositions = appositions(cues, s_text, a, subj)
            self.described = named_descriptions(cues, s_text, a, subj)
        if self.described and any(x <= rel_pos and m.end - a <= y for x, y in self.described) \
                and not spelled_out(paper.text, paper.text[m.start:m.end], subj):
            paper.add(subj, "uses", e, bounds, "uses-named-description")
            return
        # (a phrase running on to the kind noun is the contribution's own description, not a part: "CAMOT, a simple
        # camera angle estimator", "LatteCLIP an unsupervised method"; nor the long form its name spells: "VerA the
        # first Versatile Anonymization framework")
        if self.appositions and any(x <= rel_pos < y and (m.end - a <= y or not own_kind(cues, s_text, x, rel_pos, m.end - a))
                                    for x, y in self.appositions) \
                and not spelled_out(paper.text, paper.text[m.start:m.end], subj):
            paper.add(subj, "uses", e, bounds, "uses-contribution")


#: between two used things of a list that goes on past the use window: a comma or "and"/"or"
USED_LIST_GAP = re.compile(r"\s*(?:,|,?\s+(?:and|or))\s*(?:(?:a|an|the)\s+)?")
USED_PHRASE_GAP = re.compile(r"\s+(?:(?:a|an|the)\s+)?")
#: between two used phrases of a list, the second with its article: "… mechanism and a …", "… module, a …"
USED_PHRASE_AND = re.compile(r"\s*(?:,\s*(?:and|or)|,|and|or|as\s+well\s+as)(?=\s+(?:a|an|the)\s)")


def used_phrases(cues: RelationCues, paper: Paper, sent: Sentence, subj: LocalEntity, cmp_at: int | None,
                 contrasts: list[tuple[int, int, bool]]) -> None:
    """"PowerBEV uses a parallel, multi-scale module built from …", "The PGS … employ a hierarchical Gaussian mixture
    approach to group them": the noun phrase right after a use cue (an article between at most), headed by a method
    or model noun and saying more than that noun, that no entity names, is a Method (Model) the subject uses. Not
    after a comparison cue nor in a contrast clause, not a negated use ("without a … module"), not a parity
    ("competitive with a … approach"), not "our/this method" (a function word opens it: no phrase)."""
    ends, _tight = cues.use_ends(sent)
    if not may_contain(sent.text, cues.used_head_words):
        return
    s_text, a = sent.text, sent.start
    # "Our approach features a novel online weight regularization strategy": the object of a part verb as well
    ends = sorted([*ends, *part_verb_ends(cues, sent, subj)])
    # "we devise a novel ensemble approach for …" once the contribution is named: a part the paper designs for it
    # (as ``SentenceUses`` reads a named method after these verbs); not "In this paper, we propose a neural
    # network-based approach …", the contribution described again
    designed: set[int] = set()
    if subj is paper.main and not any(x is subj for _m, x in sent.mentions) and not THIS_PAPER.search(s_text):
        designed = {d.end() - 1 for d in cues.design.finditer(s_text)}
        ends = sorted([*ends, *designed])
    if not ends:
        return
    parity = [p.span() for p in cues.parity.finditer(s_text)] if may_contain(s_text, cues.parity_words) else []
    # not after a parity ("competitive with a …"), nor in what follows one up to a comma ("comparable to … methods
    # using dense models", "similar to the ones achievable by the classic … method": the rival's)
    ends = [u for u in ends if not any(lo < u and "," not in s_text[lo:u] for lo, _hi in parity)]
    if not ends:
        return
    doc, text = paper.doc, paper.text
    toks = tokens(doc)
    heads = cues.words.relation_used_phrase_heads
    queue = ends[::-1]
    while queue:
        u = queue.pop()
        gap = USED_PHRASE_GAP.match(s_text, u)
        if gap is None or gap.end() >= len(s_text):
            continue
        # the chunk that opens right there (a phrase runs at most a dozen tokens)
        x = bisect_left(toks.idx, a + gap.end(), sent.span.start, sent.span.end)
        if x >= sent.span.end or toks.idx[x] != a + gap.end():
            continue
        first = chunk_ranges(doc, x, min(x + 12, sent.span.end), cues.res)[:1]
        # (a word of novelty no chunk holds may open it: "a novel ensemble approach"; not "existing", "various")
        if not first or first[0][0] != x and not all(toks.lower[k] in cues.words.relation_used_phrase_openers
                                                         for k in range(x, first[0][0])):
            continue
        x = first[0][0]
        y = first[0][1]
        c_start = toks.idx[x] - a
        if cmp_at is not None and c_start >= cmp_at or any(lo <= c_start < hi for lo, hi, _p in contrasts):
            continue
        if negated(s_text, c_start, ends):
            continue
        words = word_ranges(toks.joiner, x, y)
        # the head: the first method or model noun after the first word, where the phrase ends or a participle
        # clause begins ("a … module built from …")
        at = next((k for k in range(1, len(words)) if norm_word(toks.lower[words[k][1] - 1]) in heads), None)
        while at is not None and at + 1 < len(words) and norm_word(toks.lower[words[at + 1][1] - 1]) in heads:
            at += 1  # a head noun heads a compound of them: "a grasp pose filter module", "a label embedding component"
        if at is None or at + 1 < len(words) and not toks.lower[words[at + 1][0]].endswith(("ed", "ing")):
            continue
        words = words[:at + 1]
        head = norm_word(toks.lower[words[-1][1] - 1])
        # "armed with a modality gate mechanism and a personalized bias mechanism": the next phrase of a list
        more = USED_PHRASE_AND.match(s_text, toks.idx[words[-1][1] - 1] + len(toks.lower[words[-1][1] - 1]) - a)
        if more is not None:
            queue.append(more.end())
        kept = cues.modifiers.trim(doc, words, verb_context=False)
        if len(kept) < 2:
            continue
        p_start, p_end = toks.idx[kept[0][0]], toks.idx[words[-1][1] - 1] + len(toks.lower[words[-1][1] - 1])
        head_at = toks.idx[words[-1][0]]
        if any(m.start <= p_start and (p_end <= m.end or head_at <= m.end + 1) for m, _e in sent.mentions):
            continue  # an entity names it, or all of it but its head ("the Pairwise Frank-Wolfe algorithm")
        surface = text[p_start:p_end]
        key = entity_key(surface)
        if not key or any(key in e.keys for e in (subj, *paper.ents)):
            continue
        if any(m.surface.lower().endswith(" " + surface.lower()) for m in subj.mentions if m.surface):
            continue  # the contribution named again without its first words: "With the constructed prompt codebook"
        if u in designed and (len(stems(surface) & title_stems(paper)) >= 2
                              or len(kept) == 2 and surface.split()[0].lower().endswith(cues.words.relation_field_modifier_endings)):
            # "we propose an innovative autonomous sparse mean-CVaR portfolio model" under "Autonomous Sparse
            # Mean-CVaR Portfolio Optimization": the contribution the title names, described again; "we develop a
            # theoretical framework", "a learning approach": a field, not a part
            continue
        etype = "Model" if head in cues.words.relation_used_model_heads else "Method"
        known = next((r for r in paper.phrase_nodes if key in r.keys), None)
        if known is None:
            known = Proposed(Candidate(p_start, p_end, etype, Finder.RELATION, 0.6, rule="used-phrase",
                                       surface=surface), {key})
            paper.phrase_nodes.append(known)
        paper.add(subj, "uses", known, sent.bounds, "uses-phrase")


#: the paper as the frame of a sentence: "In this paper, we propose …", "this work introduces …"
# (LowerRegex: the case-sensitive twin on lowered text skips to a "t", where the IGNORECASE search tried every character)
THIS_PAPER = LowerRegex(r"(?<![\w-])(?:this|the\s+present)\s+(?:paper|work|study|article)(?![\w-])")


def title_stems(paper: Paper) -> set[str]:
    """The stems (:func:`stems`) of the paper's title."""
    return stems(paper.text[:max(title_end(paper.text), 0)])


def part_verb_ends(cues: RelationCues, sent: Sentence, subj: LocalEntity) -> list[int]:
    """Where the verbs of ``relation_part_verbs`` end whose subject is the contribution: a mention of it, "our
    method", "the proposed framework" or "it" right before ("HeightMapNet also introduces …", "Our approach
    includes …"); not "we introduce" (a contribution verb) nor another subject's verb."""
    if sent.part_verb_ends is not None:
        return sent.part_verb_ends
    out: list[int] = []
    s_text, a = sent.text, sent.start
    if may_contain(s_text, cues.part_verb_words):
        ends = {m.end - a for m in subj.mentions if a <= m.start < sent.end}
        for hit in cues.part_verbs.finditer(s_text):
            before = s_text[max(0, hit.start() - 80):hit.start()]
            # (an acronym in parentheses may close the name: "Test-time Adaptation (FATA) adds …")
            at = hit.start() - len(before) + len(PAREN_TAIL.sub("", before).rstrip())
            if at in ends or cues.ref_before.search(before) is not None:
                out.append(hit.end())
    sent.part_verb_ends = out
    return out


#: a parenthesis and spaces closing a text: what stands between a name and its verb
PAREN_TAIL = re.compile(r"(?:\s*\([^()]{1,30}\))?\s*\Z")


def negated(s_text: str, start: int, use_ends: list[int]) -> bool:
    """Whether the use cue nearest before ``start`` is negated: a negation between the cue and the mention, or
    right before the cue ("based purely on A and does not need B", "without any fine-tuning", "does not use B")."""
    cue = max((u for u in use_ends if 0 <= start - u <= USE_WINDOW), default=None)
    if cue is None:
        return False
    lo = max(0, cue - 30)
    hits = [hit for hit in NEGATION.finditer(s_text, lo, start)
            if hit.start() >= cue or len(s_text[hit.end():cue].split()) <= 2]
    # "requires no specialized training beyond the standard DPO setup": what the negation excepts is used
    return bool(hits) and EXCEPT.search(s_text, hits[-1].end(), start) is None


def design_object(cues: RelationCues, s_text: str, end: int, start: int) -> bool:
    """Whether the mention starting at ``start`` is the direct object of the design verb ending at ``end``: at most
    four words between ("a novel two-fold"), no mark nor preposition ("a module between A and B")."""
    if not 0 <= start - end <= 40:
        return False
    gap = s_text[end:start]
    if any(c in gap for c in ",;:()"):
        return False
    words = gap.lower().split()
    return len(words) <= 4 and cues.design_gap_stops.isdisjoint(words)


def own_kind(cues: RelationCues, s_text: str, begin: int, start: int, end: int) -> bool:
    """Whether a mention (``start``-``end`` in the sentence) that runs on to the kind noun of an apposition opened
    at ``begin`` is the contribution's own kind ("CAMOT, a simple camera angle estimator for …", "X, a generative
    model that …"): its phrase ends with it; not a term that only holds a kind noun ("a self-training framework"),
    nor a complement ("an adaptation of Graph Neural Networks")."""
    after = NEXT_WORD.match(s_text, end)
    if after is not None and after.group(1).lower() in cues.apposition_kind_words:
        return False
    return cues.words.rival_breaks.isdisjoint(s_text[begin:start].lower().split()) and " of " not in s_text[begin:start]


def spelled_out(text: str, surface: str, subj: LocalEntity) -> bool:
    """Whether the contribution's name spells ``surface`` ("VerA": "Versatile Anonymization"): the phrase is the name's
    long form, not a part. The name's capitals are the phrase's, in order, from its first (not "SePiR": "self-supervised
    learning")."""
    if " " not in surface.strip():
        return False
    long_caps = [c for c in surface if c.isupper()]
    for m in subj.mentions:
        name = m.surface or text[m.start:m.end]
        caps = [c for c in name if c.isupper()]
        if not m.proposed or len(caps) < 2 or not long_caps or caps[0] != long_caps[0]:
            continue
        rest = iter(long_caps[1:])
        if all(c in rest for c in caps[1:]):  # (a subsequence: ``in`` consumes the iterator)
            return True
    return False


def proposed_in(s_text: str, base: int, subj: LocalEntity) -> Iterator[Candidate]:
    """The subject's proposed mentions inside the sentence ``s_text`` (which starts at ``base``)."""
    return (m for m in subj.mentions if m.proposed and base <= m.start < base + len(s_text))


def named_descriptions(cues: RelationCues, s_text: str, base: int, subj: LocalEntity) -> list[tuple[int, int]]:
    """Text between an article and the type noun before a naming cue: "a new PnP framework, called X"."""
    out = []
    for m in proposed_in(s_text, base, subj):
        lo = max(0, m.start - base - 160)
        hit = cues.named_description.search(s_text[lo:m.start - base])
        if hit:
            out.append((lo + hit.start(1), lo + hit.end(1)))
    return out


def appositions(cues: RelationCues, s_text: str, base: int, subj: LocalEntity) -> list[tuple[int, int]]:
    """Text between a proposed name and its type noun: "X, a flow-matching method"."""
    out = []
    for m in proposed_in(s_text, base, subj):
        hit = cues.apposition.match(s_text, m.end - base)
        if hit:
            out.append((hit.start(1), hit.end(1)))
    if " is a" in s_text or " are a" in s_text:
        # "CoLLEGe is a meta-learning framework capable of …": any mention of it, described by a copula
        for m in subj.mentions:
            if base <= m.start < base + len(s_text):
                hit = cues.copula.match(s_text, m.end - base)
                # (the kind noun heads the description: not "AdaCat is a simple add-on to any … estimator")
                if hit and cues.copula_breaks.isdisjoint(hit.group(1).lower().split()):
                    out.append((hit.start(1), hit.end(1)))
    return out


def enumerated_parts(cues: RelationCues, doc: Doc, text: str, spans: list[tuple[Candidate, LocalEntity]], main: LocalEntity,
                      add) -> None:
    """"Splat-MOVER consists of: (i) ASK-Splat, a … representation. …; (ii) SEE-Splat, a … module …; and (iii)
    Grasp-Splat": the names that open the items of a numbered list after a part cue of the main contribution are
    its parts, however many sentences the list spans (the items run in order: (i), (ii), (iii) …)."""
    if "(1)" not in text and "(a)" not in text and "(i)" not in text:
        return  # no list opens (ENUMERATOR matches none): most abstracts, without scanning for part cues
    main_at = {m.start for m in main.mentions}
    for cue in cues.parts.finditer(text):
        first = ENUMERATOR.match(text, cue.end())
        if first is None:
            continue
        s, _e = sentence_chars(doc, cue.start())
        if not any(s <= at < cue.start() for at in main_at) and not cues.self_ref.search(text[s:cue.start()]):
            continue  # the list's owner is someone else
        labels = cues.enumerations.get(first.group(1).lower())
        if labels is None:
            continue
        items = [first]
        for hit in ENUMERATOR_ANY.finditer(text, first.end()):
            if len(items) == len(labels) or hit.group(1).lower() != labels[len(items)]:
                continue
            items.append(hit)
        for item in items:
            for m, e in spans:
                if item.end() <= m.start <= item.end() + 2 and e is not main and e.type in USE_OBJECT_TYPES:
                    add(main, "uses", e, sentence_chars(doc, m.start), "uses-enumerated-part")
                    break
        return
