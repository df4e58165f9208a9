"""``kg_contributions``: what the paper itself proposes.

Reads contribution cues (``we propose/introduce/present X``, ``an algorithm
called X``, ``we dub this approach X``), finds X (a coined name, an acronym
definition or a Title Case name), and types it from the words around it: a
type noun before a naming cue (``a task called …``) or an apposition after X
(``X, a hierarchical benchmark for …``).

Other ways abstracts name their contribution, each in its own method: a title
``X: A … Approach`` (``_title_name``), ``Our method, X (…), is`` (``_our_noun_name``),
``… designing a protocol called X`` (``_self_named``), ``a new … (ACRO)``
(``_new_definition``), ``a novel FRL algorithm X`` (``_name_after_kind``), ``a provably efficient
algorithm, namely X`` (``_kind_then_name``). A paper that names no contribution proposes the noun
phrase after its contribution verb (``_described_object``: ``a two-stage sampling scheme``). A name no
other component found (a Title Case name after a contribution verb, or a title's name
before its colon) is looked for again in the rest of the abstract
(``_repeat_new_names``). The cue words are data: ``data/cues.json``.

Modules: :mod:`.finder` (the component and the readers that start from a cue word, which ``_find`` calls in turn),
one module a way of saying what a paper proposes — :mod:`.titles` (the title), :mod:`.names` (a name and its
boundaries), :mod:`.described` (a described contribution) — on the cue words, doc state and small readers they
share, :mod:`.base`.
"""
from __future__ import annotations

from spacy.language import Language

from kg.extract.components.contributions.finder import ContributionFinder
from kg.extract.resources import SHIPPED, Resources
from kg.extract.state import contract

__all__ = ["ContributionFinder", "make_contributions"]


@Language.factory("kg_contributions", requires=contract("candidates"), assigns=contract("candidates"),
                  default_config={"resources": SHIPPED})
def make_contributions(nlp: Language, name: str, resources: Resources) -> ContributionFinder:
    return ContributionFinder(resources)
