"""What the kg components hand each other: one :class:`DocState` per doc (``doc._.kg``) and its records.

``doc._.kg`` is the pipeline's only spaCy extension. The finders append :class:`Candidate` spans to
``candidates``; ``kg_merge`` alone turns them into :class:`LocalEntity` records (``entities``) and
picks the paper's main contribution (``main``); ``kg_relations`` and ``kg_results`` read those and
write ``relations`` and ``results``. What they find that is no entity yet (a compared noun phrase, a
metric a claim names) they *propose* (``proposals``): a merge pass after each folds it in
(:mod:`kg.extract.components.merge`), so no later stage edits the merge's decisions.

The per-doc caches of :mod:`kg.extract.text` (the plain token lists, sentence offsets, ...) live here
too, so a doc carries all of kg's state in one typed object and nothing in ``doc.user_data`` is
undeclared.

spaCy's ``requires``/``assigns`` grammar stops at an extension's name (``doc._.kg``; ``doc._.kg.x``
is refused), so the factories name a field ``f`` of this object ``doc._.kg_f`` (see :data:`FIELDS`
and :func:`contract`); ``kg.extract.pipeline.build_nlp`` checks the order with them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spacy.tokens import Doc

from kg.names import entity_key
from kg.types import EntityType, Finder, Predicate

if TYPE_CHECKING:
    from spacy.tokens import Span

    from kg.extract.text import Tokens


#: the types an entity that is the subject of a paper's claims can have: its main contribution is the first
#: proposed entity of these (picked by ``kg_merge``), and relations and result claims are about them
SUBJECT_TYPES: frozenset[EntityType] = frozenset(("Method", "Model", "Dataset"))


@dataclass(slots=True)
class Candidate:
    """A proposed entity span (character offsets into the doc text)."""

    start: int
    end: int
    type: EntityType | str
    finder: Finder  # which kind of component proposed it
    confidence: float
    canonical: str = ""  # preferred name when a lexicon or definition knows it
    long_form: str = ""  # set on both halves of an acronym definition
    source_id: str = ""  # vocabulary identifier (PwC URL, CSO topic, ...)
    proposed: bool = False  # the paper introduces it (contribution cue)
    #: the mention's name when the text does not spell it in one piece: "audio captioning" on "audio" in
    #: "image / audio / video captioning", "CIFAR-100" on "100" in "CIFAR-10/100"; the span is the part
    #: that is this mention's own
    name: str = ""
    #: the rule of the finder that proposed it ("pwc-method" of a lexicon, "metric-list" of the phrases)
    rule: str = ""
    #: the mention as the merge reads it (``name`` or the text of the span); set by ``kg_merge``
    surface: str = ""

    @property
    def component(self) -> str:
        """The evidence's component name: ``finder:rule`` ("lexicon:pwc-method"), or the finder alone."""
        return f"{self.finder}:{self.rule}" if self.rule else str(self.finder)


#: the fields of :class:`Candidate` in order: the hot finders and the merge pass them by position (a class called with
#: keywords builds a dict of them on every call); ``tests/test_speed_equivalence.py`` checks the order
CANDIDATE_FIELDS = ("start", "end", "type", "finder", "confidence", "canonical", "long_form", "source_id", "proposed",
                    "name", "rule", "surface")

#: the rule of a coined name nothing in the text typed (its type is a default): ``kg_merge`` lets a typed
#: reading of the same span or entity outvote it
GUESS = "guess"
#: the rule of a phrase naming the datasets of a task or method ("VQA datasets", "link prediction benchmarks"):
#: an entity beside the one it holds, which ``kg_merge`` keeps and lets win where the two cross
DATASETS_OF = "datasets-of"
#: the rule of a contribution described by its kind noun and what it is for ("an algorithm for online convex
#: optimization"): a phrase, not a name, whose task stays an entity of its own
DESCRIBED = "described-contribution"
#: the rule of a known concept proposed as new ("we design a novel GAN that …", "a novel Transformer model in which
#: …"): the paper's own variant of it, which keeps a node of its own (``PaperEntity.own``)
SAID_NEW_KNOWN = "said-new-known"


@dataclass(slots=True)
class RelationCandidate:
    subject: tuple[int, int] | None  # entity span, or None for the paper itself
    predicate: Predicate
    object: tuple[int, int]
    sentence: tuple[int, int]
    component: str
    confidence: float


@dataclass(slots=True)
class ResultCandidate:
    """One quantitative claim; offsets are characters of the doc text."""

    value: float
    unit: str
    metric: str
    direction: str
    baseline: str
    qualifier: str
    sentence: tuple[int, int]
    span: tuple[int, int]  # the claim as written ("improves pass@1 by roughly 6%")
    subject: tuple[int, int] | None  # a mention of the entity the claim is about
    metric_entity: tuple[int, int] | None  # a Metric mention inside the metric phrase
    component: str
    confidence: float
    low: float | None = None  # lower end of a range ("2-3x": low 2, value 3)
    text: str = ""


@dataclass(slots=True, eq=False)
class LocalEntity:
    """An entity of one paper, with all its accepted mentions (made by ``kg_merge`` only).

    Compared by identity (``eq=False``): two entities of a paper never share a key, so no two are equal by value,
    and the merge's ``in`` and ``remove`` over lists of them compared every field of every mention in turn.
    """

    keys: set[str]
    mentions: list[Candidate] = field(default_factory=list)
    type: EntityType | str = ""
    confidence: float = 0.0
    proposed: bool = False
    canonical: str = ""
    long_form: str = ""
    source_ids: list[str] = field(default_factory=list)
    base_label: str = ""  # "Transformer" for an entity first seen as "Transformer encoder"
    extra_labels: list[str] = field(default_factory=list)  # "EM algorithm" for a mention "EM" so written

    @property
    def key(self) -> str:
        return entity_key(self.preferred_label)

    @property
    def preferred_label(self) -> str:
        return self.long_form or self.base_label or self.canonical or self.mentions[0].surface

    def surfaces(self) -> list[str]:
        out: list[str] = []
        for m in self.mentions:
            if m.surface not in out:
                out.append(m.surface)
        for text in self.extra_labels:
            if text not in out:
                out.append(text)
        return out


@dataclass(slots=True)
class DocState:
    """Everything kg's components know about one doc (``doc._.kg``)."""

    # ---- what the components write (the contract: see FIELDS)
    candidates: list[Candidate] = field(default_factory=list)
    #: acronyms the doc defines as a modifier ("out-of-distribution (OOD) detection"): not names on their own
    modifier_acronyms: set[str] = field(default_factory=set)
    entities: list[LocalEntity] = field(default_factory=list)
    main: LocalEntity | None = None  # the paper's main contribution, picked by the merge
    #: entity mentions a later stage found and the merge has not folded in yet
    proposals: list[Candidate] = field(default_factory=list)
    relations: list[RelationCandidate] = field(default_factory=list)
    results: list[ResultCandidate] = field(default_factory=list)
    # ---- per-doc caches of kg.extract.text (built on first use)
    #: the doc is the extractor's own, fresh from its tokenizer: it has no sentence boundaries yet
    tokenized: bool = False
    text: str | None = None
    tokens: Tokens | None = None
    sents: list[Span] | None = None
    sent_starts: list[int] | None = None
    sent_ends: list[int] | None = None
    sent_norms: dict[int, set[str]] = field(default_factory=dict)
    title_case: dict[int, bool] = field(default_factory=dict)
    content: tuple[Any, list[bool]] | None = None  # (the resources they were computed with, the flags)
    #: (the flags, run starts, run ends, each run's chunk or None): see kg.extract.text.content_runs
    content_runs: tuple[list[bool], list[int], list[int], list[tuple[int, int]] | None] | None = None
    norm_ids: list[int] | None = None  # each token's NORM, as kg_normalizer set it


#: The contract names of the fields components assign and require (``doc._.kg_<field>``).
FIELDS = ("candidates", "modifier_acronyms", "entities", "main", "proposals", "relations", "results")


def contract(*fields: str) -> list[str]:
    """The ``requires``/``assigns`` names of fields of :class:`DocState` (see the module docstring)."""
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise ValueError(f"not a DocState field: {sorted(unknown)}")
    return [f"doc._.kg_{f}" for f in fields]


if not Doc.has_extension("kg"):
    Doc.set_extension("kg", default=None)
#: where spaCy keeps ``doc._.kg`` (reading it there skips building an accessor object on every call)
_KEY = ("._.", "kg", None, None)


#: the doc :func:`state` answered for last, and its state: the components ask ~200 times a doc, mostly for the doc
#: asked for just before (a component reads one doc at a time), and an identity test is ~4x cheaper than reading
#: ``doc.user_data`` and hashing the extension's key. Holding the doc keeps its address from being reused.
_last_doc: Doc | None = None
_last_state: DocState | None = None


def state(doc: Doc) -> DocState:
    """``doc._.kg``, made on first use (only here: nothing else sets ``doc._.kg``)."""
    global _last_doc, _last_state
    if doc is _last_doc:
        return _last_state  # type: ignore[return-value]  # set with _last_doc
    user_data: dict[Any, Any] = doc.user_data
    out = user_data.get(_KEY)
    if out is None:
        out = DocState()
        doc._.kg = out
    _last_doc, _last_state = doc, out
    return out


def forget_state(doc: Doc) -> None:
    """Drop ``doc``'s state (``doc.user_data`` cleared), so that a later :func:`state` makes a new one."""
    global _last_doc, _last_state
    doc.user_data.clear()
    if doc is _last_doc:
        _last_doc = _last_state = None
