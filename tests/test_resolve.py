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
    ("ViTs", "ViT"),  # a plural acronym has a small s
    ("TRELLIS", "Trellis"),  # after a vowel the S of a name in capitals is its own
    ("PEGASUS", "Pegasus"),
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
    ("VITS", "ViTs"),  # an acronym ending in a consonant and S is a name ("Variational Inference TS"), no plural
    ("MOTS", "MOT"),
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
    ("graph contrastive learning", {"graph contrastive learning", "GRAPH CONTRASTIVE LEARNING"},
     "graph contrastive learning"),  # a title's capitals are not how the name is written
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


# ------------------------------------------------------------ one node per concept (issue 17)

def _paper(pid: str, *entities: tuple[str, list[str], list[str]], typ: str = "Method", relations=()):
    """A paper extraction whose entities are (key, labels, long forms), all of type ``typ``."""
    from kg.records import Evidence, PaperEntity, PaperExtraction

    ev = Evidence("s", 0, 1, "test", 0.9)
    ents = [PaperEntity(key, typ, labels, 0.9, [ev], long_forms=longs) for key, labels, longs in entities]
    return PaperExtraction(Paper(id=pid, abstract="a"), "a", "", "a", ents, list(relations), [])


def _owners(graph, name: str):
    return [e for e in graph.entities.values() if name in [e.label, *e.aliases]]


def test_acronym_defined_in_one_paper_resolves_bare_uses_and_plurals_elsewhere():
    graph = resolve([
        _paper("a", ("markovdecisionprocess", ["Markov decision processes", "MDPs"], ["Markov decision processes"])),
        _paper("b", ("mdp", ["MDPs"], [])),
        _paper("c", ("mdp", ["MDP"], [])),
        _paper("d", ("markovdecisionprocess", ["Markov decision process"], [])),
    ])
    (node,) = _owners(graph, "MDPs")
    assert node.papers == ["a", "b", "c", "d"]
    assert node.label.lower().startswith("markov decision process")  # the long form, not the bare acronym
    assert {"MDP", "MDPs"} <= set(node.aliases)
    assert len(graph.entities) == 1


def test_an_acronym_goes_to_its_most_frequent_long_form_only():
    """MAE stands for masked autoencoder in two papers and mean absolute error in one: bare MAE joins the
    former, and the other long form keeps its own node."""
    graph = resolve([
        _paper("a", ("maskedautoencoder", ["masked autoencoder", "MAE"], ["masked autoencoder"])),
        _paper("b", ("maskedautoencoder", ["masked autoencoders", "MAE"], ["masked autoencoders"])),
        _paper("c", ("meanabsoluteerror", ["mean absolute error", "MAE"], ["mean absolute error"])),
        _paper("d", ("mae", ["MAE"], [])),
    ])
    auto = _owners(graph, "masked autoencoder")
    error = _owners(graph, "mean absolute error")
    assert len(auto) == len(error) == 1 and auto != error
    assert "d" in auto[0].papers and "d" not in error[0].papers


@pytest.mark.parametrize("one, other", [
    (("relu", ["ReLU", "rectified linear units"]), ("rectifiedlinearunit", ["rectified linear units", "ReLU"])),
    (("resnet", ["ResNets"]), ("residualnetwork", ["residual network", "ResNets", "ResNet"])),
])
def test_nodes_whose_labels_name_each_other_fold(one, other):
    graph = resolve([_paper("a", (*one, [])), _paper("b", (*other, []))])
    assert len(graph.entities) == 1, [(e.label, e.aliases) for e in graph.entities.values()]
    (node,) = graph.entities.values()
    assert node.papers == ["a", "b"]


def test_names_that_do_not_name_each_other_stay_apart():
    """Positive control for the folds above: "ReLU networks" is not "ReLU"."""
    graph = resolve([_paper("a", ("relu", ["ReLU", "rectified linear units"], [])),
                     _paper("b", ("relunetwork", ["ReLU networks"], []))])
    assert len(graph.entities) == 2


def test_an_alternation_is_no_label_and_folds_into_the_name():
    graph = resolve([
        _paper("a", ("flowmatching", ["Flow Matching", "conditional / rectified flow matching"], [])),
        _paper("b", ("conditionalrectifiedflowmatching",
                     ["conditional / rectified flow matching", "flow-matching", "flow matching"], [])),
    ])
    (node,) = graph.entities.values()
    assert node.label.lower().replace("-", " ") == "flow matching"
    assert node.papers == ["a", "b"]
    assert not [a for a in node.aliases if "/" in a]


def test_a_list_is_never_an_alias_and_a_list_label_splits_into_its_names():
    graph = resolve([
        _paper("a", ("largelanguagemodel", ["large language models", "LLMs", "Llama-2-7B-chat and Vicuna-7B"],
                     ["large language models"]), typ="Model"),
        _paper("b", ("pretrainingandfinetuning", ["pre-training and fine-tuning"], [])),
        _paper("c", ("pretraining", ["pre-training"], []), ("finetuning", ["fine-tuning"], [])),
    ])
    (llm,) = _owners(graph, "LLMs")
    assert "Llama-2-7B-chat and Vicuna-7B" not in llm.aliases and "LLMs" in llm.aliases
    assert not [e for e in graph.entities.values() if " and " in e.label]
    assert {"b", "c"} <= set(_owners(graph, "pre-training")[0].papers)
    assert {"b", "c"} <= set(_owners(graph, "fine-tuning")[0].papers)


def test_a_long_form_that_is_a_name_with_and_is_kept():
    """Positive control: "Positive and Unlabeled" is what PU stands for, not a list."""
    graph = resolve([_paper("a", ("positiveandunlabeled", ["Positive and Unlabeled", "PU"], ["Positive and Unlabeled"])),
                     _paper("b", ("positive", ["positive"], []), ("unlabeled", ["unlabeled"], []))])
    assert _owners(graph, "Positive and Unlabeled")


def test_sentence_fragments_are_repaired_or_dropped():
    graph = resolve([_paper("a",
                            ("x", ["(LLM-Reviewer), it scores the current prompt; the other as an author"], []),
                            ("gec", ["(Grammatical Error Correction"], []),
                            ("hrhsi", ["high-resolution multispectral image (HR-MSI) to obtain a high-resolution "
                                       "hyperspectral image", "HR-HSI"],
                             ["high-resolution multispectral image (HR-MSI) to obtain a high-resolution "
                              "hyperspectral image"]))])
    labels = sorted(e.label for e in graph.entities.values())
    assert labels == ["Grammatical Error Correction", "high-resolution hyperspectral image"]


def test_a_global_node_keeps_no_acronym_one_paper_coined_for_its_model():
    graph = resolve([
        _paper("a", ("transformer", ["transformer", "Transformers"], [])),
        _paper("b", ("transformer", ["Transformer"], [])),
        _paper("c", ("transformer", ["transformer", "FooT"], [])),
    ])
    (node,) = graph.entities.values()
    assert node.label == "transformer" and "FooT" not in node.aliases and "Transformers" in node.aliases


def test_check_labels_script_flags_lists_fragments_and_definitions():
    """scripts/check_labels.py: the check run on the 1,000-abstract build (0 offenders after resolve)."""
    import importlib.util
    from pathlib import Path

    import networkx as nx

    spec = importlib.util.spec_from_file_location(
        "check_labels", Path(__file__).resolve().parents[1] / "scripts" / "check_labels.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    g = nx.MultiDiGraph()
    for n, label, aliases in [("a", "Llama-2-7B-chat and Vicuna-7B", []), ("b", "(LLM-Reviewer), it scores", []),
                              ("c", "image (HR-MSI) to obtain an image", []), ("d", "pre-training", []),
                              ("e", "fine-tuning", []), ("f", "pre-training and fine-tuning", []),
                              ("g", "Positive and Unlabeled", ["PU"]), ("h", "CNN / Daily Mail", []),
                              ("i", "flow matching", [])]:
        g.add_node(n, kind="entity", type="Method", label=label, aliases=aliases)
    assert {(n, why) for n, _label, why in mod.offenders(g)} == {
        ("a", "list"), ("b", "fragment"), ("c", "holds an acronym definition"), ("f", "list")}


def test_a_topic_one_paper_addresses_that_the_graph_types_method_is_what_its_method_uses():
    """Paper a poses "RL" as its problem (a local Task it addresses); b and c use RL as a technique. The node
    is a Method, so a's method uses it; the paper itself addresses nothing outside the range (control: where
    the node is a Task, the link stays ``addresses``)."""
    from kg.records import Evidence, PaperEntity, PaperExtraction, RelationMention

    ev = Evidence("s", 0, 1, "test", 0.9)

    def ex(pid: str, typ: str, relations: list[RelationMention]) -> PaperExtraction:
        ents = [PaperEntity("rl", typ, ["RL"], 0.9, [ev]), PaperEntity("m", "Method", ["M"], 0.9, [ev])]
        return PaperExtraction(Paper(id=pid, abstract="a"), "a", "", "a", ents, relations, [])

    posed = [RelationMention("m", "addresses", "rl", ev), RelationMention("PAPER", "addresses", "rl", ev)]
    graph = resolve([ex("a", "Task", posed), ex("b", "Method", []), ex("c", "Method", [])])
    assert graph.entities["rl"].type == "Method"
    links = {(ln.subject, ln.predicate, ln.object) for ln in graph.links if ln.predicate != "mentions"}
    assert links == {("m", "uses", "rl")}, links
    graph = resolve([ex("a", "Task", posed), ex("b", "Task", []), ex("c", "Method", [])])
    links = {(ln.subject, ln.predicate, ln.object) for ln in graph.links if ln.predicate != "mentions"}
    assert links == {("m", "addresses", "rl"), ("a", "addresses", "rl")}, links


def test_an_evaluation_on_what_the_graph_types_a_task_addresses_it():
    """Paper a reads "NLU" as a benchmark it evaluates on; b and c call it a task. The node is a Task: a's
    method addresses it (control: where the node is a Dataset, the link stays ``evaluatedOn``)."""
    from kg.records import Evidence, PaperEntity, PaperExtraction, RelationMention

    ev = Evidence("s", 0, 1, "test", 0.9)

    def ex(pid: str, typ: str, relations: list[RelationMention]) -> PaperExtraction:
        ents = [PaperEntity("nlu", typ, ["NLU"], 0.9, [ev]), PaperEntity("m", "Method", ["M"], 0.9, [ev])]
        return PaperExtraction(Paper(id=pid, abstract="a"), "a", "", "a", ents, relations, [])

    evaluated = [RelationMention("m", "evaluatedOn", "nlu", ev)]
    graph = resolve([ex("a", "Dataset", evaluated), ex("b", "Task", []), ex("c", "Task", [])])
    links = {(ln.subject, ln.predicate, ln.object) for ln in graph.links if ln.predicate != "mentions"}
    assert links == {("m", "addresses", "nlu")}, links
    graph = resolve([ex("a", "Dataset", evaluated), ex("b", "Dataset", []), ex("c", "Task", [])])
    links = {(ln.subject, ln.predicate, ln.object) for ln in graph.links if ln.predicate != "mentions"}
    assert links == {("m", "evaluatedOn", "nlu")}, links


def test_a_technique_used_as_the_means_in_one_paper_keeps_the_vocabulary_task_across_papers(extractor):
    """One paper poses transfer learning as its problem, another uses "a transfer learning approach": each paper
    types its own mention (the control), and the node both share keeps the vocabulary's Task."""
    posed = Paper(id="posed", abstract="Conformal prediction is popular. Its role in transfer learning remains "
                                       "poorly understood.")
    used = Paper(id="used", abstract="We propose StCP, a transfer learning approach that utilizes labeled "
                                      "source-task data.")
    local = {p: {e.labels[0]: e.type for e in x.entities} for p, x in
             (("posed", extractor.extract(posed)), ("used", extractor.extract(used)))}
    assert local["posed"].get("transfer learning") == "Task", local
    assert local["used"].get("transfer learning") == "Method", local  # the means reading, per paper
    graph = resolve(list(extractor.pipe([posed, used])))
    node = [e for e in graph.entities.values() if e.label.lower() == "transfer learning"]
    assert [(e.type, e.papers) for e in node] == [("Task", ["posed", "used"])], node
    alone = resolve(list(extractor.pipe([used])))
    assert [e.type for e in alone.entities.values() if e.label.lower() == "transfer learning"] == ["Method"]


def test_a_described_contribution_keeps_a_node_of_its_own():
    """Two papers that each propose "a unified framework" propose two things: a proposed lower-case label with no
    lexicon entry is one node per paper. The controls: a name ("UniFrame") and a lexicon concept ("language model")
    that two papers propose, and the same described label merely mentioned, are one node."""
    from kg.records import Evidence, PaperEntity, PaperExtraction

    described = Evidence("s", 0, 1, "contribution:described-bare", 0.8)
    lexicon = Evidence("s", 0, 1, "lexicon:openreview", 0.9)

    def ex(pid: str, proposed: bool) -> PaperExtraction:
        ents = [PaperEntity("unifiedframework", "Method", ["unified framework"], 0.8, [described], proposed=proposed),
                PaperEntity("uniframe", "Method", ["UniFrame"], 0.8, [described], proposed=proposed),
                PaperEntity("languagemodel", "Model", ["language model"], 0.9, [lexicon], proposed=proposed)]
        return PaperExtraction(Paper(id=pid, abstract="a"), "a", "", "a", ents, [], [])

    graph = resolve([ex("a", True), ex("b", True)])
    assert sorted(len(e.papers) for e in _owners(graph, "unified framework")) == [1, 1]
    assert [e.papers for e in _owners(graph, "UniFrame")] == [["a", "b"]]
    assert [e.papers for e in _owners(graph, "language model")] == [["a", "b"]]
    graph = resolve([ex("a", False), ex("b", False)])
    assert [e.papers for e in _owners(graph, "unified framework")] == [["a", "b"]]


def test_a_threat_one_paper_addresses_that_the_graph_types_method_is_dropped_not_used():
    """Paper a poses "adversarial attacks" as the threat its defence withstands (pattern ``addresses-threat``);
    b and c use attacks as a technique. The node is a Method: a defence does not use the attack it defends
    against, so the link is dropped, where a posed topic's link becomes a use (control: same graph, plain
    ``addresses`` pattern); where the node is a Task, the threat link stays ``addresses`` (control)."""
    from kg.records import Evidence, PaperEntity, PaperExtraction, RelationMention
    from kg.resolve.canonical import THREAT_PATTERN

    ev = Evidence("s", 0, 1, "test", 0.9)
    threat_ev = Evidence("s", 0, 1, THREAT_PATTERN, 0.6)

    def ex(pid: str, typ: str, relations: list[RelationMention]) -> PaperExtraction:
        ents = [PaperEntity("aa", typ, ["adversarial attacks"], 0.9, [ev]), PaperEntity("m", "Method", ["M"], 0.9, [ev])]
        return PaperExtraction(Paper(id=pid, abstract="a"), "a", "", "a", ents, relations, [])

    def links(graph) -> set:
        return {(ln.subject, ln.predicate, ln.object) for ln in graph.links if ln.predicate != "mentions"}

    threat = [RelationMention("m", "addresses", "aa", threat_ev)]
    plain = [RelationMention("m", "addresses", "aa", ev)]
    assert links(resolve([ex("a", "Task", threat), ex("b", "Method", []), ex("c", "Method", [])])) == set()
    assert links(resolve([ex("a", "Task", plain), ex("b", "Method", []), ex("c", "Method", [])])) == {("m", "uses", "adversarial-attacks")}
    assert links(resolve([ex("a", "Task", threat), ex("b", "Task", []), ex("c", "Method", [])])) == {("m", "addresses", "adversarial-attacks")}


# ------------------------------------------------------------ homonyms across papers (h32a)

_HOMONYMS = [
    ("gqa", "We propose Grouped Query Attention (GQA), an attention mechanism that shares key and value heads "
            "across query heads. GQA reduces the memory of decoding."),
    ("vqa", "We present a visual reasoning model. Experiments on the GQA and VQAv2 datasets show that our model "
            "outperforms prior work."),
    ("sam1", "Sharpness-aware minimization (SAM) seeks flat minima. We show that SAM improves generalization of "
             "deep networks."),
    ("sam2", "The Segment Anything Model (SAM) is a foundation model for image segmentation. We adapt SAM to "
             "medical images."),
    ("sam3", "We analyze sharpness-aware minimization (SAM) for training transformers on small datasets."),
    ("map1", "We propose MAP-Net, which learns maximum a posteriori (MAP) estimates with a learned prior."),
    ("map2", "Our detector improves mAP by 3 points on COCO over the previous detectors."),
    ("map3", "We derive a MAP estimator of the latent variables. The MAP estimator is consistent under mild "
             "conditions."),
]


def _typed_nodes(graph_file) -> dict[str, set[tuple[str, str]]]:
    """label or alias -> {(node IRI, core type)} in the exported RDF (the score's reading of it)."""
    import rdflib
    from rdflib.namespace import RDF, RDFS, SKOS

    g = rdflib.Graph()
    g.parse(str(graph_file))
    core = {"Method", "Task", "Model", "Dataset", "Metric", "HardwareConcept"}
    out: dict[str, set[tuple[str, str]]] = {}
    for node, typ in g.subject_objects(RDF.type):
        kind = str(typ).rsplit("#", 1)[-1].rsplit("/", 1)[-1]
        if kind not in core:
            continue
        for prop in (RDFS.label, SKOS.prefLabel, SKOS.altLabel):
            for label in g.objects(node, prop):
                out.setdefault(str(label), set()).add((str(node), kind))
    return out


def test_homonym_acronyms_across_papers_are_different_nodes_end_to_end(tmp_path):
    """Through `kg build` on a tiny corpus. SAM defined as two long forms in two papers is two nodes, and a third
    paper with the same long form as the first joins it (control). A bare acronym whose paper reads it as another
    kind of thing than the long form another paper defines keeps a node of its own: "mAP" the metric vocabulary
    types is no "maximum a posteriori (MAP)", and "GQA" listed as a dataset is not the attention mechanism paper
    gqa proposes. Controls on the same corpus: a bare "MAP" read as a method (map3) joins the defined long form."""
    import json

    from kg.build import build

    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"id": pid, "title": "", "abstract": text}) + "\n"
                           for pid, text in _HOMONYMS), encoding="utf-8")
    build([src], tmp_path / "out")
    nodes = _typed_nodes(tmp_path / "out" / "graph.ttl")
    sam = nodes["SAM"]
    assert len(sam) == 2, sam  # the two long forms: two nodes
    sharp = [n for n in nodes if n.lower() == "sharpness-aware minimization"]
    segment = [n for n in nodes if n.lower() == "segment anything model"]
    assert sharp and segment and {x for n in sharp for x in nodes[n]} != {x for n in segment for x in nodes[n]}
    # the metric and the method are two nodes of their own types; the bare method use joins the definition
    assert {t for _n, t in nodes["mAP"]} == {"Metric"}, nodes["mAP"]
    assert {t for _n, t in nodes["MAP"]} == {"Method"}, nodes["MAP"]
    assert nodes["mAP"] != nodes["MAP"]
    assert {t for _n, t in nodes["GQA"]} == {"Method", "Dataset"}, nodes["GQA"]
    assert len(nodes["GQA"]) == 2


def test_a_paper_reading_an_acronym_as_another_kind_of_thing_keeps_its_own_node(extractor):
    """The same in resolve, with the papers each node holds. Controls: a second paper with SAM's long form (sam3)
    joins sam1, and a bare "MAP" of the method kind (map3) joins the defined "maximum a posteriori"; without the
    other paper's reading, the bare acronym joins the long form as before (mock extractions)."""
    papers = [Paper(id=pid, abstract=text) for pid, text in _HOMONYMS]
    graph = resolve(list(extractor.pipe(papers)))

    def papers_of(label: str) -> list[list[str]]:
        return sorted(e.papers for e in _owners(graph, label))

    assert papers_of("SAM") == [["sam1", "sam3"], ["sam2"]]
    assert papers_of("mAP") == [["map2"]] and graph.entities[_owners(graph, "mAP")[0].id].type == "Metric"
    assert papers_of("MAP") == [["map1", "map3"]]
    assert papers_of("GQA") == [["gqa"], ["vqa"]]
    gqa = {e.type: e.papers for e in _owners(graph, "GQA")}
    assert gqa == {"Method": ["gqa"], "Dataset": ["vqa"]}, gqa
    # control on the same kind of input: a bare acronym of the long form's own kind joins it (mock extraction)
    graph = resolve([
        _paper("a", ("maximumaposteriori", ["maximum a posteriori", "MAP"], ["maximum a posteriori"])),
        _paper("b", ("map", ["MAP"], [])),
    ])
    assert [e.papers for e in _owners(graph, "MAP")] == [["a", "b"]]


def test_a_bare_acronym_of_another_type_joins_a_well_known_long_form_without_its_own_evidence():
    """A paper that reads "NLU" as data, with only the coined-name guess behind it, joins the long form other
    papers define (a mis-typed use of the known thing is likelier than a homonym); the same reading backed by a
    lexicon entry, or of an acronym whose long form only its proposers define, keeps a node of its own."""
    from kg.records import Evidence, PaperEntity, PaperExtraction

    def ex(pid: str, ent: PaperEntity) -> PaperExtraction:
        return PaperExtraction(Paper(id=pid, abstract="a"), "a", "", "a", [ent], [], [])

    coined, lexicon = Evidence("s", 0, 1, "coined", 0.65), Evidence("s", 0, 1, "lexicon:pwc-dataset", 0.8)
    nlu = PaperEntity("naturallanguageunderstanding", "Task", ["natural language understanding", "NLU"], 0.8,
                      [coined], long_forms=["natural language understanding"])
    ours = PaperEntity("clue", "Method", ["Calibrated Latent Guidance", "CLUE"], 0.85, [coined],
                       long_forms=["Calibrated Latent Guidance"], proposed=True)
    graph = resolve([ex("a", nlu), ex("b", PaperEntity("nlu", "Dataset", ["NLU"], 0.8, [coined])),
                     ex("c", ours), ex("d", PaperEntity("clue", "Dataset", ["CLUE"], 0.65, [coined]))])
    assert [e.papers for e in _owners(graph, "NLU")] == [["a", "b"]]
    assert sorted(e.papers for e in _owners(graph, "CLUE")) == [["c"], ["d"]]
    graph = resolve([ex("a", nlu), ex("b", PaperEntity("nlu", "Dataset", ["NLU"], 0.8, [lexicon]))])
    assert sorted(e.papers for e in _owners(graph, "NLU")) == [["a"], ["b"]]


def test_a_name_written_as_a_word_is_not_an_acronym_other_papers_define_in_capitals():
    """"Adam" (the optimizer) in two papers is not "Attention-based Domain Alignment Module (ADAM)" that a third
    defines: the word keeps its own node. Control on the same input: a bare "ADAM" joins the definition."""
    graph = resolve([
        _paper("a", ("attentionbaseddomainalignmentmodule", ["Attention-based Domain Alignment Module", "ADAM"],
                     ["Attention-based Domain Alignment Module"])),
        _paper("b", ("adam", ["Adam"], [])),
        _paper("c", ("adam", ["Adam", "ADAM"], [])),  # the word beside the capitals: still the word
        _paper("d", ("adam", ["ADAM"], [])),
    ])
    assert [e.papers for e in _owners(graph, "Adam")] == [["b", "c"]]
    assert [e.papers for e in _owners(graph, "Attention-based Domain Alignment Module")] == [["a", "d"]]
