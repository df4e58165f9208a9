"""Canonical knowledge graph: papers, entities and evidence-carrying links.

This is the hand-off between *resolve* (which decides which mentions are one
entity) and the exporters (RDF, HTML, GraphML). It holds plain data only and
keeps everything in a deterministic order so exports are byte-identical.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kg.records import Evidence, Paper, ResolvedQuantity


@dataclass
class PaperNode:
    """A paper with its cleaned text and code links."""

    id: str  # stable local id, safe in IRIs (e.g. "p-3f2a9c1b0d")
    paper: Paper
    title: str  # cleaned
    abstract: str  # cleaned
    code_urls: list[str] = field(default_factory=list)
    quantities: list[ResolvedQuantity] = field(default_factory=list)

    @property
    def display_title(self) -> str:
        """Title, or the start of the abstract when the paper has none."""
        if self.title:
            return self.title
        words = self.abstract.split()
        return " ".join(words[:10]) + (" …" if len(words) > 10 else "")


@dataclass
class Entity:
    """A canonical entity node shared by every paper that mentions it."""

    id: str  # stable local id, safe in IRIs (e.g. "method/flow-matching")
    type: str  # one of kg.records.ENTITY_TYPES
    label: str  # preferred label
    aliases: list[str] = field(default_factory=list)  # other surface forms, sorted
    papers: list[str] = field(default_factory=list)  # paper ids, sorted
    vocabulary: list[str] = field(default_factory=list)  # identifiers in field vocabularies (PwC, CSO, ...)


@dataclass
class Link:
    """A directed edge with its evidence.

    ``predicate`` is ``mentions`` (paper → entity) or one of the five typed
    relations; ``subject`` is a paper id or an entity id.
    """

    subject: str
    predicate: str
    object: str
    paper: str  # the paper whose text supports the link
    evidence: Evidence


@dataclass
class KnowledgeGraph:
    papers: dict[str, PaperNode] = field(default_factory=dict)
    entities: dict[str, Entity] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # messages for bad records that were skipped

    def is_paper(self, node_id: str) -> bool:
        return node_id in self.papers

    def mentions(self) -> list[Link]:
        return [link for link in self.links if link.predicate == "mentions"]

    def relations(self) -> list[Link]:
        return [link for link in self.links if link.predicate != "mentions"]

    def label_of(self, node_id: str) -> str:
        if node_id in self.papers:
            return self.papers[node_id].display_title
        return self.entities[node_id].label
