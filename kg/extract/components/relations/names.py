"""What a contribution's name and its siblings tell: "Neural Graph Filtering" uses graph filtering, "USIM-DAL …
for Super-resolution" addresses super-resolution, "Qwen3-32B-FIRE" uses Qwen3-32B; a second proposed method is a
component of the main one unless it is a sibling ("two approaches: A and B"), a version or a variant of it."""
from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.extract.components.relations.context import Node, Paper
from kg.extract.components.relations.cues import PART_TYPES, SHORT_ACRONYM, SIBLINGS, VERSION_OF, RelationCues
from kg.extract.state import SUBJECT_TYPES, LocalEntity
from kg.extract.text import doc_text, sentence_chars


def own_component(cues: RelationCues, paper: Paper, main: LocalEntity, e: LocalEntity) -> None:
    """A second proposed method ``e`` of a paper whose main contribution is a method is a component it uses."""
    function_words = cues.words.relation_name_function_words
    if _variant_of(e, main) or _spelled_out(e, main, function_words) or _spelled_out(main, e, function_words):
        return
    doc = paper.doc
    m = next(m for m in e.mentions if m.proposed)
    own_sent = sentence_chars(doc, m.start)
    if SIBLINGS.search(doc_text(doc), own_sent[0], m.start) and any(
            x.proposed and own_sent[0] <= x.start < own_sent[1] for x in main.mentions) \
            or _version_of(doc_text(doc), m.end, main):
        return  # "two approaches: mixed conditioning and top-down conditioning"; "X, a faster version of Y"
    paper.add(main, "uses", e, own_sent, "uses-own-component")


def _spelled_out(long: LocalEntity, short: LocalEntity, function_words: frozenset[str]) -> bool:
    """Whether a name of ``long`` spells out an acronym of ``short`` ("Trustworthy Retrieval Augmented Question
    Answering" of TRAQ, "Contrastive Learning via Action Sequence Supervision" of CLASS): a title-case name of two
    words or more from whose capitals the acronym's capitals (three or more, or one a word) are taken in order, first
    to first. The two are one contribution named twice, not a part of the other ("PoseAnimate" and its "Pose
    Alignment Transition Algorithm", "DialoFlow" and its "dynamic flow mechanism" stay parts)."""
    for s in short.mentions:
        caps = [c for c in s.surface if c.isupper()]
        if len(caps) < 2 or " " in s.surface:
            continue
        for m in long.mentions:
            words = [w for w in m.surface.split() if w.lower() not in function_words]
            if len(words) < 2 or not all(w[0].isupper() or w[0].isdigit() for w in words) \
                    or len(caps) < 3 and len(caps) != len(words):
                continue
            # each capital of the acronym with its lower-case letters ("Imp", "Det" of ImpDet) opens a word of the
            # name, or a capital inside one ("ENsemble"): not "NCAdapt" of "Neural Cellular Automata"
            chunks = re.findall(r"[A-Z][a-z]*", s.surface)
            text = " ".join(words)
            rests = [text[k:].lower() for k, c in enumerate(text) if c.isupper()]
            if not rests or not rests[0].startswith(chunks[0].lower()):
                continue
            it = iter(rests)
            if all(any(rest.startswith(chunk.lower()) for rest in it) for chunk in chunks):
                return True
    return False


def _version_of(text: str, at: int, main: LocalEntity) -> bool:
    """Whether the name ending at ``at`` is set out as a version of the main contribution ("FastDnX, a faster
    version of DnX"; "…, an enhanced version of the protocol"), not of another method ("an extension of RRT")."""
    cue = VERSION_OF.match(text, at)
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


def derived_names(doc: Doc, ents: list[Node], add) -> None:
    """"Qwen3-32B-FIRE" uses "Qwen3-32B": a mention that is another name plus "-suffix".

    The names a mention can extend are its own text cut before each hyphen, so only those are looked up
    (not every name of the paper); they are taken in the order the names were first seen, as before.
    """
    names: dict[str, Node] = {}
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


def name_parts(cues: RelationCues, doc: Doc, proposed: list[LocalEntity], ents: list[LocalEntity], add) -> None:
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
            if other is e or other.type not in PART_TYPES or e.keys & other.keys:
                continue
            for part in {m.surface.lower() for m in other.mentions
                         if len(m.surface) > 2 or SHORT_ACRONYM.fullmatch(m.surface)}:
                # (a substring test first: most names hold no part)
                if not any(part in n and part != n and _holds(n, part) and adds(cues, n, part)
                                            for n in names):
                    continue
                m = next(m for m in e.mentions if m.proposed) if e.proposed else e.mentions[0]
                add(e, "addresses" if other.type == "Task" else "uses", other, sentence_chars(doc, m.start),
                    "name-part")
                break


def adds(cues: RelationCues, name: str, part: str) -> bool:
    """Whether ``name`` says more than ``part``: "mixup strategy" is Mixup, "novel contrastive learning
    approach" contrastive learning (only kind nouns and weak modifiers besides); "Aligning LLMs via …" acts
    on LLMs."""
    before = re.findall(r"[a-z0-9-]+", name[:name.find(part)])
    if before and before[-1].endswith("ing") and before[-1] not in cues.res.noun_ing:
        return False  # "Aligning LLMs via …": what the name's verb acts on, not a part
    rest = re.findall(r"[a-z0-9]+", name.replace(part, " "))
    heads, weak = cues.res.generic_heads, cues.res.weak_modifiers
    return any(w not in heads and w.rstrip("s") not in heads and w not in weak for w in rest)
