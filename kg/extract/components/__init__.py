"""spaCy components of the kg pipeline, registered on import.

Order in the pipeline (see :func:`kg.extract.pipeline.build_nlp`):
``kg_sections`` → ``kg_normalizer`` → ``kg_lexicon`` → ``kg_acronyms`` → ``kg_coined`` →
``kg_phrases`` → ``kg_contributions`` → ``kg_merge`` → ``kg_relations`` →
``kg_results``.
Each finder appends :class:`Candidate` spans to ``doc._.kg_candidates``;
``kg_merge`` decides the paper's entities; ``kg_relations`` links them;
``kg_results`` reads quantitative result claims (``doc._.kg_results``).
"""
from kg.extract.components import (  # noqa: F401  (import registers the factories)
    acronyms,
    coined,
    contributions,
    lexicon,
    merge,
    normalizer,
    phrases,
    relations,
    sections,
    results,
)
