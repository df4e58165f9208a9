"""Sentence-level relations between a paper's entities (kg_relations)."""
from __future__ import annotations

from kg.records import Paper


def test_main_task_prefers_the_task_the_title_names(extractor):
    paper = Paper(id="p", title="Uncertainty Estimation on Sequential Labeling",
                  abstract="Named entity recognition is common. Named entity recognition models are overconfident. "
                           "We propose FooNet, a posterior network. FooNet improves calibration.")
    record = extractor.extract(paper)
    labels = {e.key: e.labels[0].lower() for e in record.entities}
    addressed = {labels[r.object] for r in record.relations if r.predicate == "addresses"}
    assert addressed == {"uncertainty estimation"}, addressed
