"""The closed vocabularies every stage shares: entity types, predicates and the kinds of extraction finder.

One copy, imported by extraction, resolution, export and evaluation. Entity types and predicates are
written into the RDF as they are spelled here, so they are string literal types (a type checker tells
a misspelt ``"Metrc"`` apart); the finders are an enum the components compare by identity.
"""
from __future__ import annotations

from enum import StrEnum
from typing import Literal, get_args

#: The six entity types of the extraction spec (``../shared/eval/GUIDELINE.md``), in display order.
EntityType = Literal["Method", "Task", "Model", "Dataset", "Metric", "HardwareConcept"]
ENTITY_TYPES: tuple[EntityType, ...] = get_args(EntityType)
#: The five typed relations.
Predicate = Literal["proposes", "addresses", "uses", "evaluatedOn", "outperforms"]
PREDICATES: tuple[Predicate, ...] = get_args(Predicate)


class Finder(StrEnum):
    """The kind of component that proposed an entity mention (the first part of its evidence's component)."""

    LEXICON = "lexicon"
    ACRONYM = "acronym"
    COINED = "coined"
    PATTERN = "pattern"  # cues.json/patterns.tsv regex patterns (kg_coined; the merge's "problem of" votes)
    PHRASE = "phrase"
    CONTRIBUTION = "contribution"
    RELATION = "relation"  # a compared noun phrase kg_relations proposes
    RESULTS = "results"  # a metric phrase kg_results proposes
