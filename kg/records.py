"""Plain records passed between pipeline stages.

Every stage hands the next one dataclasses of strings and numbers only (never
spaCy objects), so extraction can run in worker processes and results can be
pickled, cached or streamed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kg.types import ENTITY_TYPES, PREDICATES, EntityType, Predicate

__all__ = ["ENTITY_TYPES", "PAPER", "PREDICATES", "Evidence", "Paper", "PaperEntity", "PaperExtraction",
           "Quantity", "RelationMention", "ResolvedQuantity"]

#: ``PAPER`` as a relation's subject means the paper itself.
PAPER = "PAPER"


@dataclass(frozen=True)
class Paper:
    """One input record, as read from a file (text not yet cleaned)."""

    id: str
    abstract: str
    title: str = ""
    venue: str = ""
    year: int | None = None
    url: str = ""
    authors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    source: str = ""  # "file:line" the record came from, for messages


@dataclass(frozen=True)
class Evidence:
    """Why a link exists: the sentence, where it is, who said so, how sure."""

    sentence: str
    start: int  # character offsets of the sentence in the cleaned text
    end: int
    component: str
    confidence: float
    section: str = "abstract"  # which cleaned text the offsets index: "title" or "abstract"


@dataclass(frozen=True)
class RelationMention:
    """A typed relation between two paper-local entity keys (or PAPER)."""

    subject: str
    predicate: Predicate
    object: str
    evidence: Evidence


@dataclass(frozen=True)
class Quantity:
    """A quantitative result claim: `improves pass@1 by roughly 6%`."""

    metric: str
    value: float
    unit: str
    direction: str  # "increase", "decrease" or ""
    baseline: str
    subject: str  # paper-local entity key of the method the claim belongs to ("" if unknown)
    evidence: Evidence
    qualifier: str = ""  # "up to", "roughly", "over", "on average", "absolute" … as written, comma-joined
    low: float | None = None  # lower end of a range ("2-3x": low 2.0, value 3.0)
    metric_entity: str = ""  # paper-local key of the Metric entity in the metric phrase ("" if none)
    text: str = ""  # the claim as written: "improves pass@1 by roughly 6%"


@dataclass(frozen=True)
class ResolvedQuantity:
    """A :class:`Quantity` after resolve: its subject and metric are canonical entity ids, not paper-local keys."""

    metric: str
    value: float
    unit: str
    direction: str
    baseline: str
    subject: str  # canonical id of the entity the claim belongs to ("" if unknown)
    evidence: Evidence
    qualifier: str = ""
    low: float | None = None
    metric_entity: str = ""  # canonical id of the claim's Metric entity ("" if none)
    text: str = ""

    @classmethod
    def of(cls, q: Quantity, subject: str, metric_entity: str) -> ResolvedQuantity:
        """``q`` with its paper-local keys replaced by the canonical ids ``subject`` and ``metric_entity``."""
        return cls(q.metric, q.value, q.unit, q.direction, q.baseline, subject, q.evidence, q.qualifier, q.low,
                   metric_entity, q.text)


@dataclass
class PaperEntity:
    """One entity of one paper after paper-local merging of its mentions."""

    key: str
    type: EntityType
    labels: list[str]  # first is the preferred label
    confidence: float
    evidence: list[Evidence] = field(default_factory=list)
    long_forms: list[str] = field(default_factory=list)
    proposed: bool = False  # the paper introduces it
    vocabulary: list[str] = field(default_factory=list)  # identifiers in a field vocabulary
    mention_count: int = 1
    #: a known concept the paper calls new ("we design a novel GAN that …"): its own variant, a node of its own
    own: bool = False


@dataclass
class PaperExtraction:
    """Everything extracted from one paper; the unit a worker returns."""

    paper: Paper
    text: str  # cleaned title + "\n\n" + cleaned abstract (what extraction read)
    title: str  # cleaned title
    abstract: str  # cleaned abstract
    entities: list[PaperEntity]
    relations: list[RelationMention]
    code_urls: list[str]
    quantities: list[Quantity] = field(default_factory=list)
