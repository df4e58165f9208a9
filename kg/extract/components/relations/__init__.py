"""``kg_relations``: typed relations from sentence-level patterns.

The paper's contributions (entities marked *proposed*) are the usual subjects.
A sentence names its subject explicitly ("KREPE unifies …") or by
self-reference ("our method", "it"); then
- a Task in the sentence → ``addresses``; a Dataset in an evaluation sentence →
  ``evaluatedOn``; a Method/Model/HardwareConcept with a use cue (``via``,
  ``trained with``, ``based on``…) → ``uses``;
- the first entity after a comparison cue (``outperforms``, ``than``, ``over``,
  ``relative to``) → ``outperforms``; when no entity is there, the compared noun
  phrase ("dynamic K-only sparse methods") becomes a Method entity.
A self-reference before the main contribution is named does not bind to it, and
entities in a contrast clause ("unlike methods that fine-tune X, …") are other
work's. A paper with no named contribution addresses the tasks of its own
"we study/propose … <task>" sentence itself (PAPER addresses).
Each pattern has its own confidence (``cues.CONFIDENCE``).

Modules: :mod:`.finder` (the component: sentence subjects, dispatch by kind), one module a relation kind
(:mod:`.addresses`, :mod:`.evaluated`, :mod:`.uses`, :mod:`.outperforms`; :mod:`.names` for what a contribution's
name tells), :mod:`.context` (the paper and sentence they read), :mod:`.cues` (confidences, types, regexes; the
words themselves are in ``kg/extract/data/cues.json`` and ``cue_words.toml``).
"""
from __future__ import annotations

from spacy.language import Language

from kg.extract.components.relations.finder import RelationFinder
from kg.extract.resources import SHIPPED, Resources
from kg.extract.state import contract

__all__ = ["RelationFinder", "make_relations"]


@Language.factory("kg_relations", requires=contract("entities", "main"), assigns=contract("relations", "proposals"),
                  default_config={"resources": SHIPPED})
def make_relations(nlp: Language, name: str, resources: Resources) -> RelationFinder:
    return RelationFinder(resources)
