"""What the relation kinds read: the paper (:class:`Paper`, its entities, contribution and the relations found so
far) and one sentence of it (:class:`Sentence`); and :class:`Proposed`, a phrase no entity names that a kind
proposes as one."""
from __future__ import annotations

from dataclasses import dataclass, field

from spacy.tokens import Doc, Span

from kg.extract.components.relations.cues import CONFIDENCE, PAPER_LEVEL
from kg.extract.state import Candidate, LocalEntity, RelationCandidate
from kg.types import Predicate


@dataclass
class Proposed:
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


Node = LocalEntity | Proposed


@dataclass
class Paper:
    """One abstract as the relation kinds read it, and what they found so far."""

    doc: Doc
    text: str
    ents: list[LocalEntity]
    #: every (mention, entity), sorted by the mention's (start, end); ``span_starts`` their starts
    spans: list[tuple[Candidate, LocalEntity]]
    span_starts: list[int]
    #: what the paper proposes, in the order first proposed
    proposed: list[LocalEntity]
    main: LocalEntity | None
    #: where the main contribution is first named (0 without one): a self-reference before it is about something else
    main_at: int
    sents: list[Span]
    sent_starts: list[int]
    sent_ends: list[int]
    lower: list[str]
    norms: list[str]
    #: where a title's purpose ("… for …") begins (-1: none): what stands before is the contribution's description
    purpose_at: int
    #: the title's stretches that name its means: from each means word ("via", "using", "with" …) to the next "for" or
    #: the title's end ("… for Object Rearrangement with Procedural Scene Generation", "CoCA: … with Constitutional
    #: Calibration"): a task named there is how the contribution works, not what it is for
    title_means: list[tuple[int, int]] = field(default_factory=list)
    rels: list[RelationCandidate] = field(default_factory=list)
    #: noun phrases no entity names that a relation points at, in the order found, proposed to the merge as entities:
    #: compared rivals (``outperforms.rival``), the title's problem (``addresses.title_problem``), used phrases
    #: (``uses``)
    phrase_nodes: list[Proposed] = field(default_factory=list)
    addressed: set[int] = field(default_factory=set)  # contributions that address a task (the problem sentences' aside)
    paper_tasks: set[int] = field(default_factory=set)  # the tasks a paper with no contribution addresses itself
    used_tasks: set[int] = field(default_factory=set)  # tasks named as what a contribution uses: not its task
    #: the main contribution is named after its description ("we name our method X"): see ``RelationFinder._subject``
    named_late: bool = False
    #: where the last mention found evaluated on ends (-1: none yet): a list of datasets goes on from it
    eval_end: int = -1

    def add(self, subj: Node | None, pred: Predicate, obj: Node, sent: tuple[int, int], pattern: str) -> None:
        """Record ``subj pred obj`` (``subj`` None: the paper), evidenced by the sentence ``sent``, under ``pattern``."""
        if subj is obj:
            return
        if subj is not None and pred != "proposes" and all(m.rule == "described-ours" for m in subj.mentions):
            # "our method" read as the contribution only for want of any name (the last resort of
            # ``DescribedReader._our_kind_noun``): what the paper addresses, uses or is evaluated on is not linked
            # to so weak a guess
            return
        if subj is not None and pred in PAPER_LEVEL and subj.type not in PAPER_LEVEL[pred]:
            subj = None  # a proposed measure or task is no method: the paper addresses the task, uses the data
        s = (subj.mentions[0].start, subj.mentions[0].end) if subj is not None else None
        o = obj.mentions[0]
        self.rels.append(RelationCandidate(s, pred, (o.start, o.end), sent, f"relations:{pattern}", CONFIDENCE[pattern]))


@dataclass
class Sentence:
    """One sentence of the paper: its index, span, character bounds, text and the mentions inside it."""

    index: int
    span: Span
    start: int
    end: int
    text: str
    mentions: list[tuple[Candidate, LocalEntity]]
    _use_hits: list | None = None
    #: the ends of its use cues and, of them, the "apply" cues' (``RelationCues.use_ends``, read once)
    use_ends: tuple[list[int], set[int]] | None = None
    #: where the verbs whose subject is the contribution end ("X also introduces", ``uses.part_verb_ends``, read once)
    part_verb_ends: list[int] | None = None

    @property
    def bounds(self) -> tuple[int, int]:
        return self.start, self.end

    def use_hits(self, use) -> list:
        """The matches of the use cues (``use``, the one regex every caller passes) in the sentence, scanned once:
        the uses and the tasks of a sentence both read them."""
        if self._use_hits is None:
            self._use_hits = list(use.finditer(self.text))
        return self._use_hits
