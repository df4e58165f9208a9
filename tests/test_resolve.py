"""Resolution: identity keys, IRI-safe slugs, and merging entities across papers."""
from __future__ import annotations

import re

import pytest

from kg.records import Paper
from kg.resolve import entity_key, resolve, slug


@pytest.mark.parametrize("a, b", [
    ("Vision Transformers", "the vision-transformer"),
    ("Vision Transformer", "vision transformers"),
    ("a Graph Neural Network", "graph-neural networks"),
    ("Large Language Models", "large language model"),
    ("an Optimizer", "optimizers"),
    ("generative modelling", "Generative Modeling"),  # British spellings
    ("Quantisation-Aware Training", "quantization-aware training"),
    ("labelled data", "labeled data"),
    ("tokenisers", "tokenizer"),
])
def test_entity_key_folds_surface_variants(a, b):
    assert entity_key(a) == entity_key(b) != ""


@pytest.mark.parametrize("a, b", [
    ("vision transformer", "visual transformer"),
    ("GPT-4", "GPT-3"),
    ("class", "clas"),  # "-ss" is not a plural
    ("theory", "ory"),  # "the" only folds as a separate word
    ("modelling", "modeing"),
    ("analysis", "analyzis"),  # only the endings of verbs and -isation nouns change
])
def test_entity_key_keeps_different_names_apart(a, b):
    assert entity_key(a) != entity_key(b)


NASTY = [
    "", " ", "---", "<script>alert(1)</script>", '"quoted" \'label\'', "a b\tc\nd",
    "Café Müller", "Straße", "神经网络", "🚀 rocket 🚀", "C++ / C#", "pass@k", "x" * 500,
    "https://github.com/a/b?c=d#e", "{}|\\^`", "%20%3C", "..", "../etc/passwd", "\u200b\u00a0", "ＧＰＴ－４",
]


@pytest.mark.parametrize("text", NASTY)
def test_slug_is_iri_safe(text):
    s = slug(text)
    assert re.fullmatch(r"[a-z0-9-]+", s), repr(s)
    assert not s.startswith("-") and not s.endswith("-")
    assert len(s) <= 60


def test_slug_is_readable_and_stable():
    assert slug("Multimodal Crystal Flow") == "multimodal-crystal-flow"
    assert slug("MP-20") == "mp-20"
    assert slug("Café") == slug("Café") == "cafe"


def test_resolve_merges_acronym_defined_in_another_paper(extractor):
    uses = Paper(id="uses", abstract="We study how LLMs memorize training data. "
                                     "We show that LLMs leak private text under extraction attacks.")
    defines = Paper(id="defines", abstract="Large language models (LLMs) are strong reasoners. "
                                           "We propose a benchmark for evaluating them on math word problems.")
    graph = resolve(list(extractor.pipe([uses, defines])))
    owners = [e for e in graph.entities.values()
              if {"llms", "large language models", "large language model"} & {a.lower() for a in [e.label, *e.aliases]}]
    assert len(owners) == 1, [(e.id, e.label, e.aliases) for e in owners]
    ent = owners[0]
    assert ent.papers == ["defines", "uses"]
    assert "LLMs" in [ent.label, *ent.aliases]
    assert any(a.lower().startswith("large language model") for a in [ent.label, *ent.aliases])
    # both papers mention the one node
    mentioned = {(link.subject, link.object) for link in graph.mentions()}
    assert {("uses", ent.id), ("defines", ent.id)} <= mentioned


def test_resolve_is_order_independent(extractor):
    a = Paper(id="a", abstract="We study how LLMs memorize training data with membership inference.")
    b = Paper(id="b", abstract="Large language models (LLMs) are strong reasoners on GSM8K.")
    one = resolve(list(extractor.pipe([a, b])))
    two = resolve(list(extractor.pipe([b, a])))
    assert [e for e in one.entities.values() if e.papers == ["a", "b"]], one.entities  # positive control: LLMs
    assert {k: (e.type, e.label, e.aliases, e.papers) for k, e in one.entities.items()} == \
           {k: (e.type, e.label, e.aliases, e.papers) for k, e in two.entities.items()}


def test_resolve_skips_duplicate_paper_ids(extractor):
    a = Paper(id="same", abstract="We propose FooNet for image classification on CIFAR-10.", source="f:1")
    b = Paper(id="same", abstract="We propose BarNet for speech recognition on LibriSpeech.", source="f:2")
    graph = resolve(list(extractor.pipe([a, b])))
    assert list(graph.papers) == ["same"]
    assert any("duplicate" in msg and "f:2" in msg for msg in graph.skipped)
    assert [e for e in graph.entities.values() if e.label == "FooNet"]  # positive control: the first is kept
    assert not [e for e in graph.entities.values() if e.label == "BarNet"]


@pytest.mark.parametrize("label, seen, want", [
    ("f1 score", {"f1 score", "F1 score", "F1 Score"}, "F1 score"),
    ("3d reconstruction", {"3d reconstruction", "3D reconstruction"}, "3D reconstruction"),
    ("large language models", {"large language models", "Large Language Models", "Large Language models"},
     "large language models"),
    ("deep neural networks", {"deep neural networks", "deep Neural Networks"}, "deep neural networks"),
])
def test_label_keeps_the_capitals_of_acronym_like_words(label, seen, want):
    from kg.resolve.canonical import _as_written
    assert _as_written(label, seen) == want


def test_relation_outside_its_range_after_the_type_vote_is_dropped():
    """Paper a reads "X" as a dataset it evaluates on; papers b and c call X a model. The node is a
    Model, so a's evaluatedOn link would break the ontology's rdfs:range and is left out."""
    from kg.records import Evidence, PaperEntity, PaperExtraction, RelationMention

    ev = Evidence("s", 0, 1, "test", 0.9)

    def ex(pid: str, typ: str, relations: list[RelationMention]) -> PaperExtraction:
        ents = [PaperEntity("x", typ, ["X-Net"], 0.9, [ev]), PaperEntity("m", "Method", ["M"], 0.9, [ev])]
        return PaperExtraction(Paper(id=pid, abstract="a"), "a", "", "a", ents, relations, [])

    graph = resolve([ex("a", "Dataset", [RelationMention("m", "evaluatedOn", "x", ev)]),
                     ex("b", "Model", []), ex("c", "Model", [])])
    assert graph.entities["x-net"].type == "Model"
    assert not [link for link in graph.links if link.predicate == "evaluatedOn"]
