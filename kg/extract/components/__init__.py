"""spaCy components of the kg pipeline, registered on import.

Order in the pipeline (see :data:`kg.extract.pipeline.COMPONENTS`; each factory declares what it
requires and assigns, and ``build_nlp`` checks the order):
``kg_sections`` → ``kg_citations`` → ``kg_normalizer`` → ``kg_lexicon`` → ``kg_acronyms`` → ``kg_coined`` →
``kg_phrases`` → ``kg_contributions`` → ``kg_merge`` → ``kg_relations`` → ``kg_merge_relations`` →
``kg_results`` → ``kg_merge_results``.
The components talk through the doc's :class:`~kg.extract.state.DocState` (``doc._.kg``) only; no
component imports another (shared helpers are in :mod:`kg.extract.text`). Each finder appends
:class:`~kg.extract.state.Candidate` spans to its ``candidates``; ``kg_merge`` alone decides the paper's
entities; ``kg_relations`` links them; ``kg_results`` reads quantitative result claims; what those two
find that is no entity yet they propose, and a merge pass after each folds it in.
"""
from spacy import registry

from kg.extract.resources import Resources, load_resources


@registry.misc("kg.resources.v1")
def shipped_resources() -> Resources:
    """The shipped data files, loaded once per process (every component's default ``resources``)."""
    return load_resources()


from kg.extract.components import (  # noqa: E402, F401  (import registers the factories)
    acronyms,
    citations,
    coined,
    contributions,
    lexicon,
    merge,
    normalizer,
    phrases,
    relations,
    results,
    sections,
)
