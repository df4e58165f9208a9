"""``outperforms``: what the sentence's subject is compared with and beats.

The first entity after a comparison cue (``outperforms``, ``than``, ``over``, ``relative to``, "compared with") is the
rival, with the other names of its list; when no entity is there, the compared noun phrase ("dynamic K-only sparse
methods") becomes a Method entity (a :class:`Proposed`). A benchmark outperforms nothing: in a paper whose subject is
a dataset, the models named right before the cue do.
"""
from __future__ import annotations

from spacy.tokens import Doc, Span

from kg.extract.components.relations.context import Node, Paper, Proposed, Sentence
from kg.extract.components.relations.cues import GLUED_WORD, NEXT_WORD, RIVAL_LIST_GAP, RIVAL_TYPES, RelationCues
from kg.extract.state import Candidate, LocalEntity
from kg.extract.text import chunks, doc_text, may_contain, norm_word, words_of
from kg.names import entity_key
from kg.types import Finder


def read(cues: RelationCues, paper: Paper, sent: Sentence, subj: LocalEntity, cmp_at: int) -> None:
    """The subject (or the models a benchmark sentence names) outperforms the rival after the cue ending at
    ``cmp_at`` (in the sentence's text) and the rest of its list."""
    if may_contain(sent.text, cues.parity_words) and cues.parity_before_cue.search(
            sent.text, max(0, cmp_at - 70), cmp_at) is not None:
        return  # "remaining competitive as compared to classical … methods": a parity, no win
    winners = [subj] if subj.type != "Dataset" else named_winners(sent.mentions, sent.start + cmp_at, subj)
    found = rival(cues, paper.doc, sent.span, cmp_at, sent.mentions, subj, paper.ents, paper.phrase_nodes) if winners else None
    if found is not None:
        for winner in winners:
            for other in [found, *listed_rivals(cues, paper.text, found, sent.mentions, subj, sent.start + cmp_at)]:
                paper.add(winner, "outperforms", other, sent.bounds, "outperforms")


def comparison(cues: RelationCues, s_text: str) -> int | None:
    """Where the first comparison cue ends, if any."""
    if not may_contain(s_text, cues.comparison_words):
        return None  # most sentences compare nothing: skip both case-insensitive scans
    # the first match of each cue regex only: a regex's matches do not overlap, so its first one ends first (the
    # scans stop there, and the use cues are read as CueScan does)
    hits = [m.end() for m in (cues.outperform.search(s_text), cues.over.search(s_text), cues.than.search(s_text))
            if m is not None]
    for m in cues.against.finditer(s_text):
        if not withstood(cues, s_text, m.end()):
            hits.append(m.end())
            break
    return min(hits) if hits else None


def withstood(cues: RelationCues, s_text: str, end: int) -> bool:
    """Whether "against" ending at ``end`` names a threat withstood, not a rival: after a word of resistance ("the
    proposed evaluators are robust against adversarial attacks", "showing robustness against data reconstruction
    attacks"), or before a threat ("we evaluate PCL against the state-of-the-art attack scenarios, including FGS")."""
    before = s_text[max(0, end - 40):end - len("against")].split()
    if before and before[-1].lower() in cues.words.against_resistance_words:
        return True
    after = s_text[end:end + 60].split(",", 1)[0].lower().split()[:6]
    return not cues.words.against_threat_words.isdisjoint(after)


def named_winners(in_sent, cue_at: int, subj) -> list:
    """"models like Jais and AceGPT outperform multilingual models" in a benchmark paper: a benchmark
    outperforms nothing; the models the sentence names right before the cue do (none: no relation)."""
    before = [e for m, e in in_sent if m.end <= cue_at and e is not subj and e.type in RIVAL_TYPES]
    out: list = []
    for e in reversed(before):
        if e not in out:
            out.append(e)
        if len(out) == 4:
            break
    return out[::-1][-2:] if len(out) > 1 else out


def listed_rivals(cues: RelationCues, text: str, rival, in_sent, subj, cue_at: int) -> list:
    """The other names of the rival's list: "outperforms Qwen2.5-1.5B, Llama3.2-1B, and Falcon3-1.6B", and
    the names a generic rival lists ("other small LMs including A, B and C", "sparse attention models, including
    A and B", "strong baselines such as A")."""
    if isinstance(rival, Proposed):
        at: int | None = rival.mention.end
    else:
        at = next((m.end for m, e in in_sent if e is rival and m.start >= cue_at), None)
    if at is None:
        return []
    head = NEXT_WORD.match(text, at)
    if head is not None and norm_word(head.group(1)) in cues.res.generic_heads:
        at = head.end()
    out: list = []
    for m, e in in_sent:
        if m.start < at or e is subj or e is rival:
            continue
        if not RIVAL_LIST_GAP.fullmatch(text, at, m.start):
            break
        if e.type in RIVAL_TYPES and e not in out:
            out.append(e)
        at = m.end
    return out


def rival(cues: RelationCues, doc: Doc, sent: Span, cmp_at: int, in_sent, subj, ents,
          phrase_nodes: list[Proposed]) -> Node | None:
    """The rival after the cue ending at ``cmp_at``: a named method or model, else the compared noun phrase."""
    start = sent.start_char + cmp_at
    full = doc_text(doc)
    # the first entity within a few words after the cue, not one a preposition makes a qualifier of what is
    # compared ("compared to baselines without KB access", "outperforms baselines on GSM8K")
    named: LocalEntity | None = None
    glued = False  # the name is glued to a describer ("DNN-based SCL approaches"): it only says what the rival is built on
    for m, e in in_sent:
        if m.start >= start and m.start - start <= 60 and e is not subj and e.type in RIVAL_TYPES:
            gap = full[start:m.start].lower().split()
            if cues.words.rival_breaks.intersection(gap) or cues.words.rival_clause_words.intersection(gap):
                break
            describer = GLUED_WORD.match(full, m.end)
            if describer is not None and describer.group(1).lower() in cues.words.acronym_glued_describers:
                # "outperforms other DNN-based SCL approaches", "the GAN-based image restoration method", "existing
                # RGB based … techniques": the rival is the phrase the name describes, not the name (not "QAT-based
                # methods" nor "OT-based ones", which are QAT's and OT's; not "a two-sample test based on …")
                then = NEXT_WORD.match(full, describer.end())
                if then is not None and then.group(1).lower() not in cues.words.relation_not_described \
                        and norm_word(then.group(1)) not in cues.res.generic_heads:
                    named, glued = e, True
                    break
            after = NEXT_WORD.match(full, m.end)
            if after is None or norm_word(after.group(1)) not in cues.res.generic_heads:
                if m.start > start + 1 and m.surface.islower():
                    narrowed = _narrowed(cues, doc, sent, m, ents, phrase_nodes)
                    if narrowed is not None:
                        return narrowed
                return e
            # "over the recently proposed synchronous distributed L-BFGS algorithm", "outperforms differentiable
            # ILP models": a name that only qualifies the compared noun phrase; that phrase is the rival when it
            # says more than the name (below), else the name
            named = e
            break
        if m.start >= start and m.start - start <= 60 and e.type in ("Dataset", "Task", "Metric"):
            break
    # else the compared noun phrase, read up to a generic head ("… sparse methods", "… baselines")
    for ch in chunks(sent, cues.res):
        if named is not None:
            at = next((n for n in named.mentions if ch.start_char <= n.start and n.end <= ch.end_char), None)
            if at is None:
                continue
            words = words_of(ch)
            kept = cues.modifiers.trim(doc, words, verb_context=False)
            if glued:
                if norm_word(doc[words[-1][1] - 1].text) not in cues.res.generic_heads:
                    return None  # a glued name describing no compared noun phrase: no rival
                from_name = [w for w in words if doc[w[0]].idx >= at.start]  # the phrase from the name on, untrimmed
                return _rival_phrase(doc, from_name, ents, phrase_nodes) if len(from_name) >= 3 else None
            if norm_word(doc[words[-1][1] - 1].text) not in cues.res.generic_heads \
                    or doc[kept[0][0]].idx >= at.start:
                return named  # nothing but weak modifiers before the name: "existing GNN models" is GNN
        elif ch.start_char < start or ch.start_char - start > 40:
            continue
        elif cues.words.rival_breaks.intersection(full[start:ch.start_char].lower().split()):
            return None  # "outperforms the current SOTA under various missing data mechanisms"
        words = words_of(ch)
        head = norm_word(doc[words[-1][1] - 1].text)
        if head not in cues.res.generic_heads or len(words) < 2:
            return None
        kept = cues.modifiers.trim(doc, words, verb_context=False)
        if len(kept) < 2:
            return None
        return _rival_phrase(doc, [*kept[:-1], words[-1]], ents, phrase_nodes)
    return None if glued else named


def _narrowed(cues: RelationCues, doc: Doc, sent: Span, m: Candidate, ents, phrase_nodes: list[Proposed]) -> Node | None:
    """The compared noun phrase that ends in a described technique and narrows it by modifiers that are not weak
    ("outperforms uniform gain quantization", "over full-parameter fine-tuning"; not "outperforms traditional random
    sampling", which is random sampling), else None."""
    for ch in chunks(sent, cues.res):
        if ch.end_char != m.end or not ch.start_char < m.start:
            continue
        if ch.start_char > 0 and doc.text[ch.start_char - 1] == "-" \
                or doc.text[max(0, ch.start_char - 13):ch.start_char].lower() == "state of the ":
            return None  # "state-of-the-art (state of the art) conditional generative models": the chunk cut a phrase
        kept = cues.modifiers.trim(doc, words_of(ch), verb_context=False)
        while kept and doc[kept[0][0]].text.lower() in cues.words.relation_parity_words:
            kept = kept[1:]  # "comparable autoregressive models": the comparison's word, no modifier
        if len(kept) >= 2 and doc[kept[0][0]].idx < m.start:
            return _rival_phrase(doc, kept, ents, phrase_nodes)
        return None
    return None


def _rival_phrase(doc: Doc, words: list, ents, phrase_nodes: list[Proposed]) -> Node:
    """The compared noun phrase over ``words`` (its first to its last word): the entity or phrase node of that name,
    else a new phrase node."""
    text = doc[words[0][0]:words[-1][1]]
    key = entity_key(text.text)
    for other in [*ents, *phrase_nodes]:
        if key in other.keys:
            return other
    c = Candidate(text.start_char, text.end_char, "Method", Finder.RELATION, 0.6, rule="outperforms",
                  surface=text.text)
    new = Proposed(c, {key})
    phrase_nodes.append(new)
    return new
