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


def _relations(extractor, title: str, abstract: str) -> set[tuple[str, str, str]]:
    record = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    labels = {e.key: e.labels[0].lower() for e in record.entities}
    labels["PAPER"] = "PAPER"
    return {(labels[r.subject], r.predicate, labels[r.object]) for r in record.relations}


def test_a_contrast_clause_is_about_other_work(extractor):
    rels = _relations(extractor, "Label-Free Adaptation",
                      "We propose FooAdapt, a test-time method. Unlike prior methods using BERT features, our method "
                      "uses LoRA adapters.")
    assert ("fooadapt", "uses", "bert") not in rels, rels
    assert ("fooadapt", "uses", "lora") in rels, rels


def test_a_self_reference_before_the_contribution_is_named_does_not_bind_to_it(extractor):
    rels = _relations(extractor, "Better Point Clouds",
                      "Our approach directly uses a graph neural network for feature extraction. "
                      "We further introduce FooLoss, a consistency loss. Our method uses LoRA adapters.")
    assert ("fooloss", "uses", "graph neural network") not in rels, rels
    assert ("fooloss", "uses", "lora") in rels, rels


def test_a_paper_without_a_named_contribution_addresses_its_task(extractor):
    rels = _relations(extractor, "Learning with Coarse Labels",
                      "Labels are costly. In this paper, we present a novel approach to image classification "
                      "with coarse labels. Experiments show gains.")
    assert ("PAPER", "addresses", "image classification") in rels, rels


def test_the_description_before_a_naming_cue_is_used(extractor):
    rels = _relations(extractor, "Physics Meets Attention",
                      "Solvers are slow. We introduce a novel Transformer-based framework, termed FooFormer, "
                      "for solving equations.")
    assert ("fooformer", "uses", "transformer") in rels, rels


def test_a_benchmark_named_after_a_method_does_not_use_it(extractor):
    rels = _relations(extractor, "Cheap Search",
                      "Neural architecture search (NAS) is costly. We propose FooSearch, a zero-cost proxy. "
                      "Experiments on NAS-Bench-201 show that FooSearch finds good architectures.")
    assert ("foosearch", "evaluatedOn", "nas-bench-201") in rels, rels  # positive control
    assert not any(s == "nas-bench-201" and p == "uses" for s, p, _o in rels), rels
