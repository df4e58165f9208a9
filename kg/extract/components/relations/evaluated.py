"""``evaluatedOn``: the datasets and benchmarks a contribution is evaluated on.

In a sentence about the contribution, a Dataset of an evaluation sentence, of a comparison ("outperforms … on MM-Vet
and MMBench") or of a list after "on"/"across" ("achieves state-of-the-art on A, B and C"); in an evaluation sentence
that names no subject, the datasets listed after "on" ("These evaluations are performed on three tasks: QuALITY,
NarrativeQA, and QMSum").
"""
from __future__ import annotations

from kg.extract.components.relations.context import Paper, Sentence
from kg.extract.components.relations.cues import LIST_GAP, PAPER_LEVEL, RIVAL_TYPES, RelationCues
from kg.extract.state import Candidate, LocalEntity


def evaluation_sentence(cues: RelationCues, paper: Paper, sent: Sentence) -> bool:
    """Whether the sentence holds an evaluation word ("evaluate", "experiments", "benchmark" …)."""
    return not cues.evaluation.isdisjoint(paper.norms[sent.span.start:sent.span.end])


def mention(cues: RelationCues, paper: Paper, sent: Sentence, subj: LocalEntity, m: Candidate, e: LocalEntity, is_eval: bool,
            compares: bool) -> None:
    """A Dataset ``e`` mentioned at ``m`` in a sentence about ``subj``."""
    rel_pos = m.start - sent.start
    if subj.type == "Dataset" and is_eval and (cues.on_list.search(sent.text, max(0, rel_pos - 80), rel_pos)
                                               or listed_after(paper, m)):
        # a paper presenting data and a method: "we perform extensive experiments on a publicly available dataset,
        # RESTORE" in a sentence about its dataset evaluates its method (the last one named before the sentence)
        subj = _proposed_method(paper, sent) or subj
    if subj.type != "Dataset" and (is_eval or compares or cues.on_list.search(sent.text, max(0, rel_pos - 80), rel_pos)
                                   or listed_after(paper, m)):
        paper.add(subj, "evaluatedOn", e, sent.bounds, "evaluatedOn")
        paper.eval_end = m.end


def listed_after(paper: Paper, m: Candidate) -> bool:
    """Whether the mention goes on a list whose last item, right before it, is evaluated on ("on … datasets, namely
    VisDA, Office-Home, DomainNet-126, CIFAR-100C": a long list runs past the window after "on")."""
    return 0 <= paper.eval_end <= m.start and LIST_GAP.fullmatch(paper.text, paper.eval_end, m.start) is not None


def unnamed(cues: RelationCues, paper: Paper, sent: Sentence) -> None:
    """An evaluation sentence that names no subject evaluates the main contribution on the datasets listed after
    "on". When that contribution is data (or a task), the method or model the paper proposes, the last one named
    before the sentence, is what is evaluated ("we introduce a novel dataset, AxiOM … we propose a framework, M3H …
    we perform extensive experiments on a publicly available dataset, RESTORE")."""
    main, a = paper.main, sent.start
    if main is not None and main.type not in PAPER_LEVEL["evaluatedOn"]:
        main = _proposed_method(paper, sent)
    if main is not None and main.type in PAPER_LEVEL["evaluatedOn"] and sent.end > paper.main_at \
            and any(e.type == "Dataset" for _m, e in sent.mentions) and evaluation_sentence(cues, paper, sent):
        for m, e in sent.mentions:
            if e.type == "Dataset" and (cues.on_list.search(sent.text, max(0, m.start - a - 80), m.start - a)
                                        or listed_after(paper, m)):
                paper.add(main, "evaluatedOn", e, sent.bounds, "evaluatedOn-unnamed")
                paper.eval_end = m.end


def _proposed_method(paper: Paper, sent: Sentence) -> LocalEntity | None:
    """The method or model the paper proposes that was named last before the sentence."""
    return next((e for e in reversed(paper.proposed) if e.type in RIVAL_TYPES
                 and min(m.start for m in e.mentions if m.proposed) < sent.start), None)
