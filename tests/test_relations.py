"""Sentence-level relations between a paper's entities (kg_relations)."""
from __future__ import annotations

import pytest

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
                      "Labels are costly. In this paper, we study image classification "
                      "with coarse labels. Experiments show gains.")
    assert ("PAPER", "addresses", "image classification") in rels, rels


def test_a_described_contribution_addresses_the_task_it_is_for(extractor):
    rels = _relations(extractor, "Learning with Coarse Labels",
                      "Labels are costly. In this paper, we present a novel approach to image classification "
                      "with coarse labels. Experiments show gains.")
    assert ("PAPER", "proposes", "approach to image classification") in rels, rels
    assert ("approach to image classification", "addresses", "image classification") in rels, rels


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


def test_a_proposed_measure_is_proposed_and_is_the_main_subject(extractor):
    rels = _relations(extractor, "Comparing Questions",
                      "We propose FooSim, a novel text similarity measure for comparing two questions. "
                      "FooSim addresses question generation evaluation.")
    assert ("PAPER", "proposes", "foosim") in rels, rels
    # a measure is no method (the ontology's domain of addresses): the task it is for is the paper's
    assert any(s == "PAPER" and p == "addresses" for s, p, _o in rels), rels
    assert not any(s == "foosim" and p == "addresses" for s, p, _o in rels), rels


def test_a_benchmark_outperforms_nothing_the_models_it_names_do(extractor):
    rels = _relations(extractor, "FooBench: Benchmarks for Dialects",
                      "We present FooBench, a benchmark for Arabic dialects. Our findings show that Arabic-specific "
                      "models like Jais and AceGPT outperform multilingual models on dialectal tasks.")
    assert not any(s == "foobench" and p == "outperforms" for s, p, _o in rels), rels
    assert any(s in ("jais", "acegpt") and p == "outperforms" for s, p, _o in rels), rels


def test_datasets_after_on_in_a_comparison_are_evaluated_on(extractor):
    rels = _relations(extractor, "Fewer Hallucinations",
                      "We introduce FooRev, a revision model. It also outperforms previous models on MM-Vet and "
                      "MMBench.")
    assert ("foorev", "evaluatedOn", "mm-vet") in rels and ("foorev", "evaluatedOn", "mmbench") in rels, rels


@pytest.mark.parametrize("abstract, subject, beaten", [
    ("We release FooLM, a small language model. We demonstrate that FooLM outperforms other small models "
     "including Qwen2.5-1.5B, Llama3.2-1B, and Falcon3-1.6B.", "foolm", {"qwen2.5-1.5b", "llama3.2-1b", "falcon3-1.6b"}),
    ("We propose FooNav, a policy gradient method. We evaluate the performance of FooNav against REINFORCE, PPO, "
     "and TRPO algorithms in three outdoor scenarios.", "foonav",
     {"reinforce", "proximal policy optimization", "trust region policy optimization"}),
])
def test_every_listed_rival_is_outperformed(extractor, abstract, subject, beaten):
    """"outperforms other small models including A, B, and C", "we evaluate X against A, B, and C"."""
    rels = _relations(extractor, "Small Models", abstract)
    assert beaten <= {o for s, p, o in rels if s == subject and p == "outperforms"}, rels


def test_the_title_purpose_is_the_task_the_contribution_addresses(extractor):
    rels = _relations(extractor, "Syntax-based Example Selection for Grammatical Error Correction",
                      "Examples matter. We propose FooSel, a selection strategy. It works well.")
    assert ("foosel", "addresses", "grammatical error correction") in rels, rels


def test_a_paper_that_proposes_nothing_addresses_its_task(extractor):
    """No contribution: the paper itself addresses the task it is about (control: with a contribution, the
    contribution addresses it and the paper does not)."""
    rels = _relations(extractor, "Spurious Correlations in Dataset Condensation",
                      "Bias matters. We find that dataset condensation amplifies color biases.")
    assert ("PAPER", "addresses", "dataset condensation") in rels, rels
    rels = _relations(extractor, "Spurious Correlations in Dataset Condensation",
                      "Bias matters. We propose FooCond, which makes dataset condensation robust to color biases.")
    assert ("foocond", "addresses", "dataset condensation") in rels, rels
    assert ("PAPER", "addresses", "dataset condensation") not in rels, rels


def test_a_name_after_a_preposition_qualifies_what_is_compared(extractor):
    """"outperforms baselines without BM25 retrieval": BM25 is no rival (control: "outperforms BM25" is one)."""
    abstract = "We propose FooQA, a question answering method. FooQA outperforms {} on three benchmarks."
    rels = _relations(extractor, "Question Answering", abstract.format("BM25"))
    assert ("fooqa", "outperforms", "bm25") in rels, rels  # positive control
    rels = _relations(extractor, "Question Answering", abstract.format("baselines without BM25 retrieval"))
    assert not {r for r in rels if r[1] == "outperforms" and r[2] == "bm25"}, rels


def test_the_task_before_a_titles_means_word_is_addressed(extractor):
    rels = _relations(extractor, "Partial Multi-View Multi-Label Classification via Prototype Learning",
                      "We propose FooProto, a prototype method. It works on public data.")
    assert ("fooproto", "addresses", "partial multi-view multi-label classification") in rels, rels


def test_the_problem_of_a_gerund_phrase_is_a_task(extractor):
    rels = _relations(extractor, "Replicable Halfspaces",
                      "We study the problem of learning large-margin halfspaces. We propose FooLearn, an algorithm "
                      "with optimal sample complexity.")
    assert ("foolearn", "addresses", "learning large-margin halfspaces") in rels, rels


def test_a_paper_without_contribution_addresses_a_task_in_its_titles_words(extractor):
    """"Detecting deepfakes …" and the abstract's "deepfake detection": the paper's own task (control: a task
    the title does not name is not linked to a paper that proposes nothing)."""
    rels = _relations(extractor, "Detecting Deepfakes through Text Analysis",
                      "Fake media spread fast. Deepfake detection remains hard for image classification models.")
    assert ("PAPER", "addresses", "deepfake detection") in rels, rels
    assert ("PAPER", "addresses", "image classification") not in rels, rels


def test_we_after_the_contribution_is_named_is_its_subject(extractor):
    """"We propose FooSeg … Our model is built upon X / we equip it with X": the main contribution uses X; a
    sentence of "we" before the contribution is named is about something else."""
    rels = _relations(extractor, "Segmentation",
                      "We propose FooSeg, a segmentation method. We equip the decoder with a Vision Transformer.")
    assert ("fooseg", "uses", "vision transformer") in rels, rels
    rels = _relations(extractor, "Segmentation",
                      "We equip the decoder with a Vision Transformer. We propose FooSeg, a segmentation method.")
    assert ("fooseg", "uses", "vision transformer") not in rels, rels
    assert ("PAPER", "proposes", "fooseg") in rels, rels  # positive control


def test_compared_x_with_y_makes_y_a_rival(extractor):
    rels = _relations(extractor, "Flocking",
                      "We propose CACER, a reinforcement learning algorithm. We compared CACER with CACLA and DDPG in "
                      "numerical simulation.")
    assert ("cacer", "outperforms", "cacla") in rels, rels
    assert ("cacer", "uses", "cacla") not in rels and ("cacer", "uses", "ddpg") not in rels, rels


def test_a_task_posed_as_the_problem_is_addressed_by_a_paper_without_a_contribution(extractor):
    rels = _relations(extractor, "Notes on Learning",
                      "Text summarization remains a challenging problem. Image captioning is popular. "
                      "We treat the question as a machine translation task. Speech recognition is studied elsewhere.")
    assert ("PAPER", "addresses", "text summarization") in rels, rels
    assert ("PAPER", "addresses", "machine translation") in rels, rels
    # the same input's tasks that no sentence poses as the paper's problem
    assert ("PAPER", "addresses", "image captioning") not in rels, rels
    assert ("PAPER", "addresses", "speech recognition") not in rels, rels


def test_the_problem_of_a_sentence_of_the_paper_is_its_task(extractor):
    rels = _relations(extractor, "Notes on Learning",
                      "In this work, we give a negative answer for the task of offline policy evaluation. "
                      "Prior work on the task of image captioning is vast.")
    assert ("PAPER", "addresses", "offline policy evaluation") in rels, rels
    assert ("PAPER", "addresses", "image captioning") not in rels, rels  # not a sentence of the paper's own


def test_the_problem_studied_before_the_contribution_is_named_is_what_it_addresses(extractor):
    rels = _relations(extractor, "Better Keypoints",
                      "We study keypoint detection in cluttered scenes. Image captioning is popular. "
                      "We then propose FooNet, a graph network. FooNet is fast.")
    assert ("foonet", "addresses", "keypoint detection") in rels, rels
    assert ("foonet", "addresses", "image captioning") not in rels, rels  # no sentence poses it as the problem


def test_utilizes_and_extends_are_use_cues(extractor):
    rels = _relations(extractor, "Fast Sampling",
                      "We propose FooSampler, a sampling method. FooSampler utilizes Gaussian processes and extends "
                      "variational inference. Graph neural networks are popular.")
    assert ("foosampler", "uses", "gaussian process") in rels, rels
    assert ("foosampler", "uses", "variational inference") in rels, rels
    assert ("foosampler", "uses", "graph neural network") not in rels, rels  # no cue, no self-reference


def test_an_evaluation_sentence_with_no_subject_evaluates_the_contribution_on_its_listed_datasets(extractor):
    rels = _relations(extractor, "Reading Long Documents",
                      "We propose FooReader, a reading agent. The method is thoroughly evaluated on NarrativeQA and "
                      "QMSum datasets. Earlier readers were pretrained on ImageNet.")
    assert ("fooreader", "evaluatedOn", "narrativeqa") in rels, rels
    assert ("fooreader", "evaluatedOn", "qmsum") in rels, rels
    assert ("fooreader", "evaluatedOn", "imagenet") not in rels, rels  # not an evaluation sentence


def test_datasets_listed_after_a_described_collection_are_evaluated_on(extractor):
    rels = _relations(extractor, "Reading Long Documents",
                      "We propose FooReader, a reading agent. These evaluations are performed on three long-document "
                      "reading comprehension tasks: QuALITY, NarrativeQA, and QMSum. Experimental results on SQuAD "
                      "and two extended benchmarks, CxC and ECCV Caption, demonstrate the effectiveness. "
                      "Earlier readers were pretrained on two corpora: ImageNet and COCO.")
    assert ("fooreader", "evaluatedOn", "narrativeqa") in rels, rels
    assert ("fooreader", "evaluatedOn", "qmsum") in rels, rels
    assert ("fooreader", "evaluatedOn", "cxc") in rels, rels
    assert ("fooreader", "evaluatedOn", "eccv caption") in rels, rels
    assert ("fooreader", "evaluatedOn", "imagenet") not in rels, rels  # not an evaluation sentence


def test_a_sentence_opening_on_a_benchmark_evaluates_its_subject_on_it(extractor):
    rels = _relations(extractor, "Proving Theorems",
                      "We propose FooProver, a prover model. On PutnamBench, FooProver solves 7 problems. "
                      "FooProver also ranks first on GSM8K.")
    assert ("fooprover", "evaluatedOn", "putnambench") in rels, rels
    assert ("fooprover", "evaluatedOn", "gsm8k") in rels, rels  # positive control: "on" in lower case


def test_a_spelled_out_name_of_the_contribution_is_no_part_of_it(extractor):
    rels = _relations(extractor, "TRAQ: Trustworthy Retrieval Augmented Question Answering via Conformal Prediction",
                      "To address this challenge, we propose the Trustworthy Retrieval Augmented Question Answering, or "
                      "TRAQ, which provides the first end-to-end statistical correctness guarantee for RAG. TRAQ uses "
                      "conformal prediction.")
    assert ("traq", "uses", "trustworthy retrieval augmented question answering") not in rels, rels
    rels = _relations(extractor, "PoseAnimate: Zero-shot Character Animation",
                      "We propose PoseAnimate, a zero-shot framework for character animation. We further propose a "
                      "Pose Alignment Transition Algorithm (PATA) to ensure smooth transitions.")
    assert ("poseanimate", "uses", "pose alignment transition algorithm") in rels, rels  # a part: two capitals
    rels = _relations(extractor, "NCAdapt: Dynamic Adaptation with Domain-Specific Neural Cellular Automata for "
                                 "Continual Hippocampus Segmentation",
                      "Continual learning is hard. We introduce NCAdapt a Neural Cellular Automata (NCA) based method "
                      "designed to address this challenge. NCAdapt features a domain-specific multi-head structure.")
    assert ("ncadapt", "uses", "neural cellular automata") in rels, rels  # "Adapt" opens no word of the name


def test_the_papers_own_dataset_in_a_sentence_about_its_method_evaluates_the_method(extractor):
    rels = _relations(extractor, "Learning To Detect 3D Lanes",
                      "We propose FooNet, a lane detection network. We also collect FooLanes, a new lane dataset. "
                      "Experiments conducted on our FooLanes dataset demonstrate that our method outperforms previous "
                      "methods.")
    assert ("foonet", "evaluatedOn", "foolanes") in rels, rels
    rels = _relations(extractor, "Learning To Detect 3D Lanes",
                      "We propose FooNet, a lane detection network. Using our method, we create a dataset called "
                      "FooLanes, which has more images than the largest benchmark.")
    assert ("PAPER", "proposes", "foolanes") in rels, rels  # positive control
    assert ("foonet", "evaluatedOn", "foolanes") not in rels, rels  # the method as the means


def test_a_dataset_only_referred_to_does_not_use_the_models_we_employ(extractor):
    rels = _relations(extractor, "FooSet: A Dataset for Plant Disease Segmentation",
                      "We present FooSet, a dataset of 1000 plant images. We employ the Mask R-CNN model to perform "
                      "disease segmentation. FooSet is built with the SAM model.")
    assert ("fooset", "uses", "mask r-cnn") not in rels, rels
    assert ("fooset", "uses", "sam") in rels or ("fooset", "uses", "segment anything model") in rels, rels  # named


def test_we_explore_a_task_is_the_papers_task(extractor):
    rels = _relations(extractor, "Notes on Errors",
                      "Machine translation is popular. In this paper, we explore grammatical error detection in detail.")
    assert ("PAPER", "addresses", "grammatical error detection") in rels, rels
    assert ("PAPER", "addresses", "machine translation") not in rels, rels


def _types(extractor, title: str, abstract: str) -> dict[str, str]:
    record = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    return {e.labels[0].lower(): e.type for e in record.entities}


def test_a_research_topic_the_vocabulary_types_method_is_the_task_a_paper_poses(extractor):
    """"federated learning" and "non-convex optimization" are vocabulary topics typed Method by their head
    (PwC task, OpenReview keyword). Posed as the paper's problem they are its Task: the title's "… for X",
    "KIND for X", "we study X", "X remains a challenging problem"."""
    rels = _relations(extractor, "FooAgg: Robust Aggregation for Federated Learning",
                      "We propose FooAgg, an aggregation rule. FooAgg is robust to stragglers.")
    assert ("fooagg", "addresses", "federated learning") in rels, rels
    rels = _relations(extractor, "Faster Solvers",
                      "We propose FooSolve, an algorithm for non-convex optimization. FooSolve converges fast.")
    assert ("foosolve", "addresses", "non-convex optimization") in rels, rels
    assert _types(extractor, "Notes", "In this paper, we study federated learning with unreliable clients."
                  )["federated learning"] == "Task"
    assert _types(extractor, "Notes", "Non-convex optimization remains a challenging problem. Bounds are loose."
                  )["non-convex optimization"] == "Task"


def test_a_research_topic_named_as_the_problem_is_a_task(extractor):
    """"the bandit convex optimization problem", "X (ACR) in high-dimensional spaces is a pivotal challenge": the
    topic is the paper's problem. Control: "cast as a bilevel optimization problem" is a formulation the method uses."""
    assert _types(extractor, "Notes", "We design algorithms for the bandit convex optimization problem (BCO). "
                  "They are fast.")["bandit convex optimization"] == "Task"
    assert _types(extractor, "Notes", "Approximate nearest neighbor search (ANNS) in high-dimensional spaces is a "
                  "pivotal challenge. Graphs help.")["approximate nearest neighbor search"] == "Task"
    assert _types(extractor, "Notes", "We cast the training as a bilevel optimization problem. It converges."
                  )["bilevel optimization"] == "Method"


def test_a_process_phrase_posed_as_the_purpose_is_a_task(extractor):
    """"algorithms for Bayesian sampling": a process a head types Method, named as what algorithms are for, is the
    problem. Control: the same phrase as a means ("trained with Bayesian sampling") stays a Method."""
    assert _types(extractor, "Notes", "SG-MCMC methods are popular algorithms for Bayesian sampling. They scale."
                  )["bayesian sampling"] == "Task"
    assert _types(extractor, "Notes", "The model is trained with Bayesian sampling. It scales."
                  )["bayesian sampling"] == "Method"


def test_a_research_topic_used_as_a_technique_stays_a_method(extractor):
    """Controls on the same topics: trained with it, or a noun it qualifies ("the federated learning
    framework"), it is a technique; a PwC method is never read as a problem."""
    types = _types(extractor, "FooNet: A Vision Model",
                   "We propose FooNet, a vision model trained with federated learning. FooNet is accurate.")
    assert types["federated learning"] == "Method", types
    types = _types(extractor, "FooNet: A Vision Model",
                   "We propose FooNet, an algorithm for the federated learning framework. FooNet is accurate.")
    assert types["federated learning"] == "Method", types
    types = _types(extractor, "Distilling Faster", "We study knowledge distillation for small students.")
    assert types["knowledge distillation"] == "Method", types
    # positive control of the same sentence shape
    types = _types(extractor, "Distilling Faster", "We study federated learning for small students.")
    assert types["federated learning"] == "Task", types


def test_a_contribution_name_holds_its_parts_and_its_task(extractor):
    """"Self-Supervised … Knowledge Distillation" uses knowledge distillation; a name ending in a task is for
    it; "h-DBSCAN" uses DBSCAN. Controls: a name that only adds a kind noun or a weak modifier to another ("mixup
    strategy") is that concept, not a user of it."""
    rels = _relations(extractor, "Smaller Students",
                      "We propose Self-Supervised Quantization-Aware Knowledge Distillation (SQAKD), a training "
                      "framework. Knowledge distillation is common.")
    assert ("self-supervised quantization-aware knowledge distillation", "uses", "knowledge distillation") in rels, rels
    rels = _relations(extractor, "Faster Clustering",
                      "We propose h-DBSCAN, a fast clustering algorithm. The DBSCAN algorithm is slow on large data.")
    assert ("h-dbscan", "uses", "dbscan") in rels, rels
    rels = _relations(extractor, "Subgraphs",
                      "We propose Implicit Graph Anomaly Detection (IGAD), a new method. Graph anomaly detection is hard.")
    assert ("implicit graph anomaly detection", "addresses", "graph anomaly detection") in rels, rels


def test_a_contribution_name_holds_a_two_letter_acronym_of_its_task(extractor):
    """"a hybrid transfer RL setting", "Continual Prompt-Tuning RD": a two-letter acronym the text defines stands in
    the name as the task's or method's name. Control: lower-case two letters are no acronym."""
    rels = _relations(extractor, "Unseen Rumors",
                      "Existing rumor detection (RD) models fail on new events. We propose Continual Prompt-Tuning RD "
                      "(CPT-RD), a framework.")
    assert ("continual prompt-tuning rd", "addresses", "rumor detection") in rels, rels
    rels = _relations(extractor, "Transfer",
                      "Reinforcement learning (RL) is costly. We propose a hybrid transfer RL (HTRL) algorithm that "
                      "learns embeddings.")
    assert any(r[1] == "uses" and r[2] == "reinforcement learning" for r in rels), rels
    rels = _relations(extractor, "Transfer",
                      "Reinforcement learning is costly. We propose a hybrid transfer rl (HTRL) algorithm that "
                      "learns embeddings.")
    assert not any(r[1] == "uses" and r[2] == "reinforcement learning" for r in rels), rels
    assert ("PAPER", "proposes", "hybrid transfer rl") in rels, rels  # positive control: the same contribution


def test_a_contribution_name_that_only_adds_a_kind_noun_uses_nothing(extractor):
    rels = _relations(extractor, "Calibration",
                      "We propose a novel mixup strategy for calibration. Mixup is popular.")
    assert not [r for r in rels if r[1] == "uses" and r[2] == "mixup"], rels
    assert ("PAPER", "proposes", "mixup strategy") in rels, rels  # positive control: the same contribution
    rels = _relations(extractor, "Alignment",
                      "We propose Aligning Large Language Models via Visual Execution (ALIVE), a training method. "
                      "Large language models are hard to align.")
    assert not [r for r in rels if r[1] == "uses" and r[2] == "large language model"], rels
    assert ("PAPER", "proposes", "aligning large language models via visual execution") in rels, rels


def test_a_narrower_topic_in_a_titles_in_phrase_is_the_papers_task(extractor):
    """"… in Online Convex Optimization" poses the topic; words before a topic's name make a narrower topic
    ("decentralized online convex optimization"); control: a named method ending in the same words is no
    topic."""
    types = _types(extractor, "Nearly Optimal Regret in Online Convex Optimization",
                   "We give an algorithm with optimal regret. Experiments confirm the bound.")
    assert types.get("online convex optimization") == "Task", types
    types = _types(extractor, "Nearly Optimal Regret", "In this paper, we study decentralized online convex "
                   "optimization (D-OCO) over networks. Experiments confirm the bound.")
    assert types.get("decentralized online convex optimization") == "Task", types
    types = _types(extractor, "FooBar Online Convex Optimization",
                   "We propose FooBar Online Convex Optimization, a new algorithm. It converges.")
    assert types.get("foobar online convex optimization") != "Task", types


def test_a_posed_topic_leaves_room_for_the_main_task(extractor):
    """A contribution whose only addressed task is a posed topic (a node the graph may keep a Method) still
    gets the paper's plain task."""
    rels = _relations(extractor, "FooCal: Calibration in Federated Learning",
                      "Image classification models are overconfident. We propose FooCal, a calibration method.")
    assert ("foocal", "addresses", "federated learning") in rels, rels
    assert ("foocal", "addresses", "image classification") in rels, rels


def test_every_name_of_a_list_of_parts_is_used(extractor):
    """"consists of three components, i.e., A, B and a C": the list of parts goes on past the use cue's window;
    control: a name after the list ends (a clause between) is not a part."""
    rels = _relations(extractor, "Talking About Images",
                      "We propose FooChat, a dialog agent. FooChat consists of three flexible components, i.e., a "
                      "text-to-image retriever, a visual concept detector and a response generator, which we compare "
                      "against a vision transformer.")
    for part in ("text-to-image retriever", "visual concept detector", "response generator"):
        assert ("foochat", "uses", part) in rels, rels
    assert ("foochat", "uses", "vision transformer") not in rels, rels


def test_a_paper_without_contribution_addresses_the_task_its_title_names_by_its_head(extractor):
    """"… Tradeoff in Translation": the title names machine translation by its head; control: a head that
    heads many tasks ("learning") names none of them."""
    rels = _relations(extractor, "The Accuracy-Naturalness Tradeoff in Translation",
                      "Scores reward accuracy. Researchers in machine translation rarely measure naturalness.")
    assert ("PAPER", "addresses", "machine translation") in rels, rels
    rels = _relations(extractor, "Double Descent in Reinforcement Learning",
                      "Models are large. Researchers in supervised learning see double descent.")
    assert ("PAPER", "addresses", "supervised learning") not in rels, rels


def test_the_contribution_addresses_the_task_its_title_names_before_its_means(extractor):
    # the sentences give FooPlan another task; the title's task before "Using" is addressed too, the one after not
    rels = _relations(extractor, "Stochastic Route Planning for Vessel Navigation Using Image Segmentation",
                      "Surface vessels monitor lakes. We propose FooPlan, a planning algorithm for water-quality "
                      "monitoring. FooPlan is evaluated on lakes.")
    assert ("fooplan", "addresses", "water-quality monitoring") in rels, rels
    assert ("fooplan", "addresses", "vessel navigation") in rels, rels
    assert ("fooplan", "addresses", "image segmentation") not in rels, rels


def test_a_task_named_as_what_the_contribution_uses_is_used(extractor):
    # "incorporates transfer learning and active learning": used (a list after the cue); "for sound event
    # detection": what it is for
    rels = _relations(extractor, "Faster Annotation of Acoustic Data",
                      "Annotation is slow. We present FooTool, a no-code tool that incorporates transfer learning "
                      "and active learning strategies for sound event detection.")
    assert ("footool", "uses", "transfer learning") in rels, rels
    assert ("footool", "uses", "active learning") in rels, rels
    assert ("footool", "addresses", "transfer learning") not in rels, rels
    assert ("footool", "addresses", "sound event detection") in rels, rels


@pytest.mark.parametrize("title, problem", [
    ("FooTune: Mitigating Catastrophic Forgetting in Continual Learning", "catastrophic forgetting"),
    ("Overcoming the Curse of Dimensionality with FooTune", "curse of dimensionality"),
    ("Conquering Numerical Instability of 8-Bit Convolution", "numerical instability"),
])
def test_the_problem_a_title_remedies_is_addressed(extractor, title, problem):
    rels = _relations(extractor, title, "Models forget. We propose FooTune, a tuning method. FooTune uses LoRA.")
    assert ("footune", "addresses", problem) in rels, rels


def test_a_title_that_reduces_a_quantity_poses_no_problem(extractor):
    # "Reducing" is no remedy gerund (its object is often a quantity: model size); "Mitigating" is (control)
    rels = _relations(extractor, "Reducing Model Size of Speech Encoders",
                      "Models are large. We propose FooTune, a tuning method. FooTune uses LoRA.")
    assert not any(p == "addresses" and o == "model size" for _s, p, o in rels), rels
    rels = _relations(extractor, "Mitigating Model Size of Speech Encoders",
                      "Models are large. We propose FooTune, a tuning method. FooTune uses LoRA.")
    assert ("footune", "addresses", "model size") in rels, rels


def test_the_description_before_a_name_after_a_comma_or_a_purpose_is_used(extractor):
    rels = _relations(extractor, "Aligning Policies",
                      "Alignment is hard. We present a novel bilevel optimization-based framework, FooAlign, for "
                      "policy alignment. FooAlign is evaluated on robots.")
    assert ("fooalign", "uses", "bilevel optimization") in rels, rels
    rels = _relations(extractor, "Recommending Items",
                      "Data is sparse. We propose a neural graph filtering method for context-aware recommendation, "
                      "called FooRec. FooRec is evaluated on MovieLens.")
    assert ("foorec", "uses", "graph filtering") in rels, rels
    # the purpose after the kind noun is not a part (the control is the part found above)
    assert not any(p == "uses" and "recommendation" in o for _s, p, o in rels), rels


def test_a_title_task_is_addressed_only_when_named_as_a_task_after_the_contributions_own_name(extractor):
    # "Deep Sphere Compression" before "for" is the contribution's own name; "Anomaly Detection" after it the task
    rels = _relations(extractor, "Deep Sphere Compression for Anomaly Detection",
                      "Outliers are rare. We propose FooSphere, a compression model for fraud detection.")
    assert ("foosphere", "addresses", "anomaly detection") in rels, rels
    assert ("foosphere", "addresses", "deep sphere compression") not in rels, rels


def test_a_title_task_before_based_or_before_the_titles_purpose_is_a_means(extractor):
    rels = _relations(extractor, "Multimodal Alignment based Product Recommendation",
                      "Shops need recommenders. We propose FooRec, a recommendation model. FooRec uses graphs.")
    assert ("foorec", "addresses", "multimodal alignment") not in rels, rels
    assert ("foorec", "addresses", "product recommendation") in rels, rels


def test_the_named_items_of_a_numbered_list_of_parts_are_used(extractor):
    abstract = ("Robots need scene models. We present FooStack, a modular robotics stack. FooStack consists of: "
                "(i) AskNet, a representation of the scene. AskNet is fast; (ii) SeeNet, a scene-editing module; "
                "and (iii) GraspNet, a grasp module. Unlike (1) BarNet, FooStack runs in real time.")
    rels = _relations(extractor, "FooStack: Modular Manipulation", abstract)
    assert ("foostack", "uses", "asknet") in rels, rels
    assert ("foostack", "uses", "seenet") in rels, rels
    assert ("foostack", "uses", "graspnet") in rels, rels
    assert ("foostack", "uses", "barnet") not in rels, rels


def test_a_vocabulary_concept_taken_for_the_contribution_gets_no_title_task(extractor):
    # "diffusion model" is every paper's node: the title's task is not added to it; a coined name gets it (control)
    title = "Correcting Learned Image Compression with Privileged Decoders"
    abstract = "Codecs blur images. We propose diffusion models for image denoising. They are evaluated on Kodak."
    rels = _relations(extractor, title, abstract)
    assert ("diffusion model", "addresses", "image denoising") in rels, rels
    assert ("diffusion model", "addresses", "learned image compression") not in rels, rels
    rels = _relations(extractor, title, abstract.replace("diffusion models", "FooDiff"))
    assert ("foodiff", "addresses", "learned image compression") in rels, rels


def test_an_adverb_inside_a_use_cue_keeps_the_cue(extractor):
    # "relies solely on X", "is built directly upon X": the adverb does not break the cue
    rels = _relations(extractor, "Online Learning with Oracles",
                      "We propose FooAlgo, an online algorithm. FooAlgo relies solely on LoRA adapters.")
    assert ("fooalgo", "uses", "lora") in rels, rels


def test_what_a_title_names_before_its_purpose_is_not_addressed(extractor):
    # "NAME: <its own description> for <task>": the description is no task the contribution addresses
    rels = _relations(extractor, "FooNet: Graph Representation Learning for Fraud Detection",
                      "Fraud is costly. We propose FooNet, a graph model. FooNet is fast.")
    assert ("foonet", "addresses", "fraud detection") in rels, rels
    assert ("foonet", "addresses", "graph representation learning") not in rels, rels


def test_a_rival_name_that_qualifies_a_compared_phrase_gives_the_phrase(extractor):
    rels = _relations(extractor, "Faster Quasi-Newton",
                      "We propose FooBFGS, an asynchronous method. Results show that FooBFGS provides a significant "
                      "speedup over the recently proposed synchronous distributed L-BFGS algorithm. FooBFGS also "
                      "outperforms existing GNN models.")
    assert ("foobfgs", "outperforms", "synchronous distributed l-bfgs algorithm") in rels, rels
    assert ("foobfgs", "outperforms", "l-bfgs") not in rels, rels
    # only weak modifiers before the name: the name is the rival
    assert ("foobfgs", "outperforms", "graph neural network") in rels, rels


def test_the_names_a_generic_rival_lists_after_its_head_are_rivals(extractor):
    rels = _relations(extractor, "Faster Text",
                      "We propose FooNet, a text classifier. FooNet outperforms sparse attention models, including "
                      "Longformer and BigBird.")
    assert ("foonet", "outperforms", "longformer") in rels, rels
    assert ("foonet", "outperforms", "bigbird") in rels, rels


def test_a_compared_phrase_after_a_preposition_is_no_rival(extractor):
    rels = _relations(extractor, "Imputation",
                      "We propose FooImp, an imputation model. FooImp outperforms the current SOTA under various "
                      "missing data mechanisms, including missing at random. FooImp outperforms strong neural "
                      "imputation baselines.")
    assert not any(p == "outperforms" and ("mechanism" in o or "missing" in o) for _s, p, o in rels), rels
    assert ("fooimp", "outperforms", "neural imputation baselines") in rels, rels  # control


def test_the_approach_is_a_self_reference(extractor):
    rels = _relations(extractor, "Tracking Points",
                      "We propose FooTrack, a novel method for long-term tracking. The approach exploits optical "
                      "flow between frames.")
    assert ("footrack", "uses", "optical flow") in rels, rels


def test_easing_opens_a_title_problem(extractor):
    rels = _relations(extractor, "Easing Concept Bleeding in Diffusion via Entity Anchoring",
                      "Diffusion models merge objects. We propose FooAnchor, a training-free method.")
    assert ("fooanchor", "addresses", "concept bleeding") in rels, rels


def test_our_method_is_the_proposed_method_when_the_main_contribution_is_data(extractor):
    rels = _relations(extractor, "Scene Change Prediction",
                      "We propose FooGraph, a new scene representation dataset. We present a novel method, FooNet, "
                      "to estimate changes. We evaluate our method on the ScanNet dataset.")
    assert ("foonet", "evaluatedon", "scannet") in {(s, p.lower(), o) for s, p, o in rels}, rels


def test_a_part_the_paper_further_designs_is_used_by_its_contribution(extractor):
    rels = _relations(extractor, "Patch Defense",
                      "We present FooZero, a general defense pipeline against adversarial patches. We further design "
                      "a two-stage adversarial training scheme to defend against adaptive attacks. We design a module "
                      "between BERT and GPT-2.")
    assert ("foozero", "uses", "adversarial training") in rels, rels
    # not an object behind a preposition (the part above is the control)
    assert ("foozero", "uses", "bert") not in rels, rels
    assert ("foozero", "uses", "gpt-2") not in rels, rels


def test_what_a_contribution_is_on_par_with_is_compared_not_used(extractor):
    rels = _relations(extractor, "Fast RNNs",
                      "We propose FooRNN, a recurrent network. FooRNN is competitive with LSTM on standard benchmarks. "
                      "FooRNN achieves comparable results to GPT-2 while using LoRA adapters.")
    assert ("foornn", "uses", "long short-term memory") not in rels, rels
    assert ("foornn", "uses", "gpt-2") not in rels, rels
    assert ("foornn", "uses", "lora") in rels, rels  # control: a use cue after the comparison


def test_a_negated_use_is_no_use(extractor):
    rels = _relations(extractor, "Active Search",
                      "We propose FooSearch, a search method. FooSearch is based purely on LoRA adapters and does not "
                      "need BERT features. FooSearch does not use GPT-2. FooSearch not only uses CNN but also RoBERTa.")
    assert ("foosearch", "uses", "bert") not in rels, rels
    assert ("foosearch", "uses", "gpt-2") not in rels, rels
    # controls: the cue before the negation, and "not only"
    assert ("foosearch", "uses", "lora") in rels, rels
    assert ("foosearch", "uses", "roberta") in rels, rels
    rels = _relations(extractor, "Decoding-Time Alignment",
                      "We propose FooDecode, a decoding method. FooDecode requires no specialized training beyond the "
                      "standard DPO setup.")
    assert ("foodecode", "uses", "dpo") in rels, rels  # what the negation excepts


def test_a_task_naming_a_component_is_not_addressed(extractor):
    rels = _relations(extractor, "Better Entity Recognition",
                      "We propose FooNER, a recognizer for named entity recognition. FooNER adds a sequence labeling "
                      "layer to a tagger.")
    assert ("fooner", "addresses", "sequence labeling") not in rels, rels
    assert ("fooner", "addresses", "named entity recognition") in rels, rels  # control


def test_the_task_the_abstract_opens_on_in_the_titles_words_is_addressed(extractor):
    abstract = ("Image denoising removes noise from captured images. We propose FooDenoise, a spectral attention "
                "model. FooDenoise improves super-resolution.")
    # (a title-case task ending in the abstract's, "… for Hyperspectral Image Denoising", is that task, one entity:
    # the title here names it in other words)
    title = "FooDenoise: Denoising Images with Spectral Attention"
    rels = _relations(extractor, title, abstract)
    assert ("foodenoise", "addresses", "image denoising") in rels, rels
    # "In X, …", "The purpose of X is …" open on it too
    rels = _relations(extractor, title,
                      abstract.replace("Image denoising removes noise from captured images.",
                                       "In image denoising, noise is removed from captured images."))
    assert ("foodenoise", "addresses", "image denoising") in rels, rels
    # not when the title does not name it
    rels = _relations(extractor, "FooDenoise: Spectral Attention for Hyperspectral Imaging", abstract)
    assert ("foodenoise", "addresses", "image denoising") not in rels, rels


def test_a_variant_of_the_contribution_is_no_part_of_it(extractor):
    """"We also propose A-FooNet, a variant of FooNet": a second contribution whose name holds the main one's is a
    variant, not a component the main one uses. Control: a second contribution with a name of its own is a part."""
    rels = _relations(extractor, "Fast Matching",
                      "We propose FooNet, a novel matching method. We also propose the annealed FooNet (A-FooNet), a "
                      "variant of FooNet that decreases the temperature.")
    assert ("PAPER", "proposes", "annealed foonet") in rels, rels
    assert ("foonet", "uses", "annealed foonet") not in rels, rels
    rels = _relations(extractor, "Fast Matching",
                      "We propose FooNet, a novel matching method. We also propose the BarGate (BG), a gating "
                      "method that decreases the temperature.")
    assert ("foonet", "uses", "bargate") in rels, rels


def test_sibling_contributions_and_versions_are_no_parts(extractor):
    """"We propose two approaches: A and B" are side by side, and "BarNet, a faster version of FooNet" is a variant:
    neither is a component the main contribution uses. Control: a second contribution set out on its own is."""
    rels = _relations(extractor, "Reconciliation",
                      "We propose two different approaches to address this problem: mixed conditioning and top-down "
                      "conditioning. Both are fast.")
    assert ("PAPER", "proposes", "top-down conditioning") in rels, rels
    assert not [r for r in rels if r[1] == "uses" and r[2] == "top-down conditioning"], rels
    rels = _relations(extractor, "Explaining Graph Networks",
                      "We propose FooNet, a novel explanation method. We also propose BarNet, a faster version of "
                      "FooNet that leverages a linear decomposition.")
    assert ("PAPER", "proposes", "barnet") in rels, rels
    assert ("foonet", "uses", "barnet") not in rels, rels
    rels = _relations(extractor, "Explaining Graph Networks",
                      "We propose FooNet, a novel explanation method. We also propose BarNet, a fast method that "
                      "leverages a linear decomposition.")
    assert ("foonet", "uses", "barnet") in rels, rels


@pytest.mark.parametrize("naming", ["We name our method FooMatch.", "Our approach, dubbed FooMatch, is simple.",
                                    "Our method, referred to as FooMatch, is simple."])
def test_the_authors_sentences_before_a_late_name_are_about_the_method(extractor, naming):
    rels = _relations(extractor, "Better Matching",
                      "Semi-supervised image classification has shown success. To address this, we employ a graph "
                      f"neural network to exploit unlabeled samples. {naming} Experiments show its performance.")
    assert ("foomatch", "uses", "graph neural network") in rels, rels


def test_the_authors_sentences_before_a_plain_proposal_stay_unlinked(extractor):
    # positive control of the one above: the same sentences, the method proposed (not named after its description)
    rels = _relations(extractor, "Better Matching",
                      "Semi-supervised image classification has shown success. To address this, we employ a graph "
                      "neural network to exploit unlabeled samples. We propose FooMatch. Experiments show its performance.")
    assert ("foomatch", "uses", "graph neural network") not in rels, rels
    assert ("PAPER", "proposes", "foomatch") in rels, rels


def test_a_concessive_clause_about_other_work_is_theirs(extractor):
    rels = _relations(extractor, "Label-Free Adaptation",
                      "We propose FooAdapt, a test-time method. While existing methods are fine-tuned with BERT, our "
                      "method uses LoRA adapters.")
    assert ("fooadapt", "uses", "bert") not in rels, rels
    assert ("fooadapt", "uses", "lora") in rels, rels


def test_a_concessive_clause_about_other_work_is_not_the_evaluation(extractor):
    rels = _relations(extractor, "Label-Free Adaptation",
                      "We propose FooAdapt, a test-time method. While existing methods are evaluated on ImageNet, our "
                      "method is evaluated on COCO.")
    assert ("fooadapt", "evaluatedOn", "imagenet") not in rels, rels
    assert ("fooadapt", "evaluatedOn", "coco") in rels, rels


def test_a_concessive_clause_about_the_method_itself_is_its_own(extractor):
    # positive control of the one above: "while" opens a clause about the method itself
    rels = _relations(extractor, "Label-Free Adaptation",
                      "We propose FooAdapt, a test-time method. While our method is fine-tuned with BERT, it uses "
                      "LoRA adapters.")
    assert ("fooadapt", "uses", "bert") in rels, rels


def test_the_topic_a_title_opens_on_before_its_means_is_addressed(extractor):
    record = extractor.extract(Paper(id="p", title="Accelerating Heterogeneous Federated Learning with Closed-form "
                                                   "Classifiers",
                                     abstract="We propose Quorbi, a method that trains closed-form classifiers. Quorbi "
                                              "converges in a few rounds."))
    rels = {(r.subject, r.predicate, r.object) for r in record.relations}
    assert ("quorbi", "addresses", "heterogeneoufederatedlearning") in rels, rels


def test_a_proposed_name_addresses_each_topic_it_is_for(extractor):
    record = extractor.extract(Paper(id="p", abstract="We propose Quorbi Expansion (QE) for mixture sampling and "
                                                      "elastic initialization of vision transformers. QE works well."))
    rels = {(r.subject, r.predicate, r.object) for r in record.relations}
    assert ("quorbiexpansion", "addresses", "elasticinitialization") in rels, rels
    assert ("quorbiexpansion", "addresses", "mixturesampling") in rels, rels


def test_a_task_describing_the_rival_is_not_addressed(extractor):
    """"outperforms methods that rely on object detection": the rival's means, not the subject's task (control:
    "outperforms prior methods on object detection" says where the subject is compared, its task)."""
    rels = _relations(extractor, "Tracking Pedestrians",
                      "We propose FooTrack, a tracking model. FooTrack outperforms methods that rely on object "
                      "detection for initialization.")
    assert ("footrack", "addresses", "object detection") not in rels, rels
    rels = _relations(extractor, "Tracking Pedestrians",
                      "We propose FooTrack, a tracking model. FooTrack outperforms prior methods on object "
                      "detection.")
    assert ("footrack", "addresses", "object detection") in rels, rels


def test_a_task_listed_among_used_methods_is_used(extractor):
    """"combines data augmentation, semi-supervised learning, and GANs": the task item of a comma list of used
    methods is used (control: "density estimation with a VAE and semi-supervised learning" names two tasks)."""
    rels = _relations(extractor, "Finding Lenses",
                      "We propose FooLens, a lens finder that combines data augmentation, semi-supervised learning, "
                      "and GANs.")
    assert ("foolens", "uses", "semi-supervised learning") in rels, rels
    assert ("foolens", "addresses", "semi-supervised learning") not in rels, rels
    rels = _relations(extractor, "Finding Lenses",
                      "We propose FooLens, a lens finder. We show FooLens on density estimation with a VAE and "
                      "semi-supervised learning.")
    assert ("foolens", "uses", "semi-supervised learning") not in rels, rels


def test_a_long_list_of_datasets_is_evaluated_on_to_its_end(extractor):
    """"on a variety of domain shift datasets, namely A, B, C, D": the list runs past the window after "on"
    (control: a dataset named after the list's verb is not on it)."""
    rels = _relations(extractor, "Test-Time Clustering",
                      "We propose FooTTA, a test-time adaptation method. Validation on a variety of domain shift "
                      "datasets, namely VisDA, Office-Home, DomainNet-126, CIFAR-100-C verifies FooTTA's "
                      "effectiveness.")
    assert ("footta", "evaluatedOn", "cifar-100-c") in rels, rels
    assert ("footta", "evaluatedOn", "visda") in rels, rels
    rels = _relations(extractor, "Test-Time Clustering",
                      "We propose FooTTA, a test-time adaptation method. Validation on a variety of domain shift "
                      "datasets, namely VisDA, Office-Home, DomainNet-126 verifies that FooTTA needs no source "
                      "data such as CIFAR-100-C.")
    assert ("footta", "evaluatedOn", "cifar-100-c") not in rels, rels


def test_what_the_contribution_bypasses_is_neither_used_nor_addressed(extractor):
    """"which bypasses explicit density estimation", "we avoid … semidefinite programming": done without (control:
    "to avoid catastrophic forgetting" poses a problem the method addresses; "which uses … " is a use)."""
    rels = _relations(extractor, "Proxy Causal Learning",
                      "We propose FooPCL, a causal learning method, which bypasses explicit density estimation. "
                      "With FooPCL we avoid the cost of semidefinite programming by a convex program.")
    assert ("foopcl", "addresses", "density estimation") not in rels, rels
    assert ("foopcl", "uses", "semidefinite programming") not in rels, rels
    rels = _relations(extractor, "Proxy Causal Learning",
                      "We propose FooPCL, a causal learning method, which uses explicit density estimation. "
                      "FooPCL uses semidefinite programming to avoid catastrophic forgetting.")
    assert ("foopcl", "uses", "semidefinite programming") in rels, rels
    assert ("foopcl", "addresses", "catastrophic forgetting") in rels, rels


def test_a_task_named_only_as_an_example_is_not_the_main_task(extractor):
    """"applications such as drug discovery and fair resource allocation": examples, not what the contribution is
    for (control: the same task named plainly is its main task)."""
    rels = _relations(extractor, "Greedy Policies Revisited",
                      "Submodular maximization is at the core of applications such as drug discovery and fair "
                      "resource allocation. We propose FooGreedy, a greedy policy with tight guarantees.")
    assert ("foogreedy", "addresses", "drug discovery") not in rels, rels
    rels = _relations(extractor, "Greedy Policies Revisited",
                      "Submodular maximization is at the core of drug discovery. We propose FooGreedy, a greedy "
                      "policy with tight guarantees.")
    assert ("foogreedy", "addresses", "drug discovery") in rels, rels


def test_a_method_phrase_after_a_use_cue_is_used(extractor):
    # "PowerBEV … employs a hierarchical Gaussian mixture approach": the phrase no entity names becomes a Method the
    # contribution uses; not after a parity ("competitive with …"), a negation ("without …") nor a comparison
    rels = _relations(extractor, "Fast Instance Prediction",
                      "We propose FooBEV, a framework for instance prediction. FooBEV employs a hierarchical "
                      "Gaussian mixture approach to group points. FooBEV is competitive with a strong graph-based "
                      "approach and works without a dedicated refinement module. Our method outperforms a spectral "
                      "grouping method.")
    assert ("foobev", "uses", "hierarchical gaussian mixture approach") in rels, rels
    used = {o for s, p, o in rels if p == "uses"}
    assert not used & {"strong graph-based approach", "graph-based approach", "dedicated refinement module",
                       "refinement module", "spectral grouping method"}, rels


def test_a_method_phrase_that_only_adds_its_head_to_a_name_is_the_name(extractor):
    rels = _relations(extractor, "Vanishing Ideals",
                      "We propose FooVI, an algorithm for vanishing ideals. In FooVI, we solve convex problems with "
                      "the Pairwise Frank-Wolfe algorithm.")
    assert ("foovi", "uses", "pairwise frank-wolfe algorithm") in rels, rels  # the name with its head, used
    assert not any(o == "pairwise frank-wolfe" for s, p, o in rels), rels  # not the name cut before its head


def test_apply_uses_only_what_follows_it_closely(extractor):
    # "we apply exemplar learning", "applying LayerDrop": used; "we apply FooNet to X", "findings apply beyond X",
    # "we apply our algorithm to X": X is where it is applied, not used
    rels = _relations(extractor, "A Test",
                      "We propose FooNet, a method for image classification. We apply exemplar learning to boost "
                      "accuracy. We apply FooNet to reinforcement learning policies on physics simulators. Our "
                      "findings apply beyond PageRank. We apply our algorithm to Private Aggregation of Teacher "
                      "Ensembles. We also study applying LayerDrop on cross-attention layers.")
    used = {o for s, p, o in rels if s == "foonet" and p == "uses"}
    assert {"exemplar learning", "layerdrop"} <= used, rels
    assert not used & {"reinforcement learning", "pagerank", "private aggregation of teacher ensembles",
                       "cross-attention"}, rels


def test_cannot_negates_a_use(extractor):
    rels = _relations(extractor, "A Test",
                      "We propose FooOpt, an algorithm for stochastic optimization. FooOpt is implemented using "
                      "block coordinate methods. The rate cannot be improved using stochastic higher order "
                      "methods.")
    used = {o for s, p, o in rels if s == "fooopt" and p == "uses"}
    assert "block coordinate methods" in used, rels
    assert not any("higher order" in o for o in used), rels


def test_a_dataset_uses_no_method_phrase(extractor):
    # "Mintaka, a … dataset designed for experimenting with end-to-end question-answering models": what a dataset is
    # for is no part of it; a method paper's own sentence of the same shape is
    rels = _relations(extractor, "A Test",
                      "We introduce FooQA, a new benchmark for question answering. FooQA is designed for "
                      "experimenting with end-to-end question-answering models.")
    assert not any(s == "fooqa" and p == "uses" for s, p, o in rels), rels
    rels = _relations(extractor, "A Test",
                      "We introduce FooQA, a method for open-domain QA designed for experimenting with end-to-end "
                      "question-answering models.")
    assert ("fooqa", "uses", "end-to-end question-answering models") in rels, rels


def test_a_score_in_parentheses_does_not_end_a_list_of_rivals(extractor):
    rels = _relations(extractor, "Citations",
                      "We present ScholarFoo, a model for academic writing. It achieves a top-1 retrieval accuracy of "
                      "40.1% on our evaluation dataset, outperforming baselines such as E5-Mistral-7B-Instruct (15.0%) "
                      "and BM25 (9.8%).")
    assert {("scholarfoo", "outperforms", "e5-mistral-7b-instruct"), ("scholarfoo", "outperforms", "bm25")} <= rels, rels
    # (a long parenthesis is a clause, not an item's score: the list ends there)
    rels = _relations(extractor, "Citations",
                      "We present ScholarFoo, a model for academic writing. It outperforms E5-Mistral-7B-Instruct "
                      "(which was trained on far more data than any other retriever here) and BM25.")
    assert ("scholarfoo", "outperforms", "bm25") not in rels, rels


def test_a_copula_description_of_the_contribution_names_what_it_uses(extractor):
    # "CoLLEGe is a meta-learning framework capable of …": as an apposition does; not "X is a simple add-on to any
    # discretization-based distribution estimator" (the kind noun is another thing's)
    rels = _relations(extractor, "Concept learning",
                      "We introduce FooLEGe, a method for few-shot concept learning. FooLEGe is a meta-learning "
                      "framework capable of generating flexible embeddings for new concepts.")
    assert ("foolege", "uses", "meta-learning") in rels, rels
    rels = _relations(extractor, "Concept learning",
                      "We introduce FooLEGe, a method for few-shot concept learning. FooLEGe is a simple add-on to "
                      "any meta-learning framework.")
    assert ("foolege", "uses", "meta-learning") not in rels, rels


def test_by_after_a_result_or_cause_and_what_follows_a_parity_are_not_used(extractor):
    # "the accuracy achieved by the full-size model", "the issue raised by the sampling strategy": a result or a
    # cause, not a use; "comparable to … methods using dense models": the rival's. Controls: "guided by a …" and a
    # use after the comma that closes the parity
    rels = _relations(extractor, "Fast Pruning",
                      "We propose FooPrune, a method for network pruning. FooPrune keeps the accuracy achieved by "
                      "the full-size teacher model. We fix the occlusion issue raised by the random sampling "
                      "strategy. FooPrune is comparable to prior iterative refinement methods using dense retrieval "
                      "models. FooPrune is guided by a pre-trained surrogate model. FooPrune is comparable to "
                      "pruning baselines, and it uses a greedy optimization scheme.")
    used = {o for s, p, o in rels if s == "fooprune" and p == "uses"}
    assert {"pre-trained surrogate model", "greedy optimization scheme"} <= used, rels
    assert not used & {"full-size teacher model", "random sampling strategy", "dense retrieval models"}, rels


def test_our_kind_noun_read_for_want_of_a_name_carries_no_links(extractor):
    # "Our method outperforms …" in a paper that names nothing: "method" is proposed as the last resort, but what
    # the paper addresses or is evaluated on is not linked to so weak a guess. Control: a named contribution keeps
    # its links in the same sentences
    rels = _relations(extractor, "A Test",
                      "Image segmentation is hard. We evaluate our method on the COCO dataset and it addresses image "
                      "segmentation.")
    assert ("PAPER", "proposes", "method") in rels, rels
    assert not [r for r in rels if r[0] == "method" and r[1] != "proposes"], rels
    rels = _relations(extractor, "A Test",
                      "Image segmentation is hard. We propose FooSeg, a segmentation network. We evaluate FooSeg on "
                      "the COCO dataset and it addresses image segmentation.")
    assert [r for r in rels if r[0] == "fooseg" and r[1] != "proposes"], rels


def test_the_contribution_as_the_subject_of_a_part_verb_uses_its_object(extractor):
    rels = _relations(extractor, "Better Map Learning",
                      "Maps are costly. We propose FooMapNet, a mapping framework. FooMapNet also introduces a "
                      "graph neural network for road layouts. Our approach includes a transformer decoder. "
                      "The ResNet backbone introduces a bias.")
    assert ("foomapnet", "uses", "graph neural network") in rels, rels
    assert ("foomapnet", "uses", "transformer") in rels or ("foomapnet", "uses", "transformer decoder") in rels, rels
    # another subject's verb ("The ResNet backbone introduces …") gives the contribution nothing
    assert not any(s == "foomapnet" and o.startswith("resnet") for s, _p, o in rels), rels


def test_an_apposition_without_its_comma_is_read(extractor):
    rels = _relations(extractor, "Texture Anomaly Detection",
                      "Anomalies are rare. We propose FooSingle an innovative knowledge distillation approach for "
                      "anomaly detection. FooSingle is fast.")
    assert ("PAPER", "proposes", "foosingle") in rels, rels
    assert ("foosingle", "uses", "knowledge distillation") in rels, rels


def test_a_clause_about_other_work_without_a_comma_ends_where_the_authors_take_over(extractor):
    rels = _relations(extractor, "Texture Anomaly Detection",
                      "Anomalies are rare. We propose FooSingle a student network for anomaly detection. "
                      "Contrary to previous approaches using BERT features our network leverages fast Fourier "
                      "convolutions to reconstruct features.")
    assert any(s == "foosingle" and p == "uses" and "fourier convolutions" in o for s, p, o in rels), rels
    assert not any(s == "foosingle" and o.startswith("bert") for s, _p, o in rels), rels


def test_a_pronoun_a_concession_opens_on_is_not_the_contribution(extractor):
    rels = _relations(extractor, "Faster Online Learning",
                      "We propose FooFW, a distributed online algorithm. The Frank-Wolfe algorithm is popular. "
                      "However its performance on image classification is poor. We show that its regret is low in "
                      "object detection.")
    assert ("foofw", "addresses", "object detection") in rels, rels
    assert ("foofw", "addresses", "image classification") not in rels, rels


def test_a_parity_before_a_comparison_cue_is_no_win(extractor):
    rels = _relations(extractor, "Small Language Models",
                      "We propose FooLM, a small language model. Experiments show that FooLM remains competitive "
                      "as compared to GPT-4. FooLM is much faster than BERT.")
    assert ("foolm", "outperforms", "bert") in rels, rels
    assert ("foolm", "outperforms", "gpt-4") not in rels, rels


def test_a_described_part_the_authors_devise_and_the_next_phrase_of_a_list_are_used(extractor):
    rels = _relations(extractor, "Weapon Detection in X-Ray Images",
                      "Screening is slow. We propose FooMEOW, a search method for weapon detection. FooMEOW is "
                      "armed with a modality gate mechanism and a cross-scale token mechanism. Second, we devise a "
                      "novel ensemble approach for combining architectures. We also develop a theoretical framework "
                      "for the analysis.")
    assert ("foomeow", "uses", "modality gate mechanism") in rels, rels
    assert ("foomeow", "uses", "cross-scale token mechanism") in rels, rels
    assert ("foomeow", "uses", "ensemble approach") in rels, rels
    # a lone field word is no part: "a theoretical framework"
    assert ("foomeow", "uses", "theoretical framework") not in rels, rels


def test_a_name_glued_to_a_describer_only_describes_the_compared_phrase(extractor):
    rels = _relations(extractor, "Causal Learning with Deep Networks",
                      "Deep neural networks (DNNs) are popular for supervised causal learning (SCL). We then propose "
                      "SiCL, a new causal learning method. Experiments show that SiCL significantly outperforms other "
                      "DNN-based SCL approaches. SiCL also outperforms DNN-based methods on real data.")
    assert ("sicl", "outperforms", "dnn-based scl approaches") in rels, rels
    # "DNN-based methods": the name and a generic head, the name's methods (the rival as before)
    assert ("sicl", "outperforms", "deep neural networks") in rels, rels
    rels = _relations(extractor, "Skeleton Video Learning",
                      "We propose FooSkel, a self-supervised method. Experiments confirm that our method outperforms "
                      "existing RGB based state-of-the-art techniques. FooSkel also outperforms VideoMAE.")
    assert not any(r[1] == "outperforms" and r[2] == "rgb" for r in rels), rels
    assert ("fooskel", "outperforms", "videomae") in rels, rels


def test_names_listed_without_commas_are_each_evaluated_on(extractor):
    rels = _relations(extractor, "Tracking Objects",
                      "We propose FooTrack, a tracker. Experiments on MOT17 MOT20 and DanceTrack show that FooTrack "
                      "outperforms existing trackers. FooTrack also improves results on NYU Depth V2 and CIFAR-10 "
                      "CIFAR-100 and ImageNet datasets.")
    for name in ("mot17", "mot20", "dancetrack", "cifar-10", "cifar-100", "imagenet"):
        assert ("footrack", "evaluatedOn", name) in rels, (name, rels)
    assert ("footrack", "evaluatedOn", "mot17 mot20") not in rels, rels
    assert ("footrack", "evaluatedOn", "nyu depth v2") in rels, rels  # one name of three words stays one


def test_unknown_names_listed_without_commas_are_each_evaluated_on(extractor):
    """"ImageNet-R ImageNet-S CUB-200": two variants of one stem, or two words spelled as names (a digit, an inner
    capital) side by side in a sentence with no comma, are two names though the lexicon knows neither. Control in
    the same text: a version after a name ("Zorb V2") and a plain word before a name stay one name."""
    rels = _relations(extractor, "Robust Recognition",
                      "We propose FooNet, a classifier. Experiments on ZorbNet-R ZorbNet-S QuxBird-200 and Plim Zorb V2 "
                      "datasets show that FooNet outperforms existing classifiers.")
    for name in ("zorbnet-r", "zorbnet-s", "quxbird-200"):
        assert ("foonet", "evaluatedOn", name) in rels, (name, rels)
    assert not any(r[1] == "evaluatedOn" and " " in r[2] and "zorbnet" in r[2] for r in rels), rels
    assert ("foonet", "evaluatedOn", "plim zorb v2") in rels, rels


def test_an_apposition_naming_the_contributions_own_kind_or_long_form_is_no_part(extractor):
    rels = _relations(extractor, "Tracking by Camera Angles",
                      "This paper proposes CAMOT, a simple camera angle estimator for multi-object tracking.")
    assert not any(r[0] == "camot" and r[1] == "uses" for r in rels), rels
    assert ("camot", "addresses", "multi-object tracking") in rels, rels
    rels = _relations(extractor, "Face Anonymization",
                      "We present VerA the first Versatile Anonymization framework that solves two challenges. "
                      "VerA uses a diffusion model.")
    assert not any(r[0] == "vera" and r[1] == "uses" and r[2] != "diffusion model" for r in rels), rels
    assert ("vera", "uses", "diffusion model") in rels, rels
    # a term holding a kind noun, or a phrase inside the description, is still a part
    rels = _relations(extractor, "Image Matching from Videos",
                      "We propose GIM, a self-training framework for learning a generalizable image matcher. "
                      "We propose PointKAD an adversarial knowledge distillation framework for point clouds.")
    assert ("gim", "uses", "self-training") in rels, rels
    assert ("pointkad", "uses", "knowledge distillation") in rels, rels


@pytest.mark.parametrize("sentence", [
    "Tests show that FooGuard is robust against adversarial attacks.",
    "On benchmarks, FooGuard also shows robustness against data poisoning attacks.",
    "We evaluate FooGuard against adversarial attacks such as FGSM and PGD.",
])
def test_a_threat_withstood_is_no_rival(extractor, sentence):
    """"robust against X", "evaluate … against attack scenarios": a threat the contribution withstands, not a rival
    it beats (control: the rival the same abstract compares it with)."""
    rels = _relations(extractor, "Robust Text Classification",
                      "We propose FooGuard, a robust text classifier. " + sentence
                      + " FooGuard outperforms BERT.")
    beaten = {o for s, p, o in rels if s == "fooguard" and p == "outperforms"}
    assert "bert" in beaten, rels
    assert not any("attack" in o or o in ("fgsm", "pgd") for o in beaten), rels


def test_tasks_an_evaluation_is_run_on_are_its_setting_not_addressed(extractor):
    """"Experiments show that FooBot achieves gains across several locomotion tasks": plural tasks after a setting
    preposition in an evaluation sentence are the test bed (control: the tasks the contribution is for, in the same
    abstract, are addressed)."""
    rels = _relations(extractor, "Learning to Manipulate",
                      "We propose FooBot, a policy to learn manipulation tasks. Experiments show that FooBot achieves "
                      "large gains across several locomotion tasks.")
    assert ("foobot", "addresses", "manipulation tasks") in rels, rels
    assert ("foobot", "addresses", "locomotion tasks") not in rels, rels


def test_a_test_bed_is_not_the_main_task_either(extractor):
    """The main-task fallback does not take the test bed ("results on several machine learning problems") for the
    contribution's task (control: the task the abstract names otherwise is taken)."""
    rels = _relations(extractor, "A Symmetric Optimizer",
                      "We propose FooOpt, a new optimizer. Numerical results on several machine learning problems "
                      "confirm the strength of FooOpt. Training deep networks for image classification is slow.")
    assert ("fooopt", "addresses", "image classification") in rels, rels
    assert ("fooopt", "addresses", "machine learning problems") not in rels, rels


def test_a_described_rival_narrowed_by_its_modifiers_is_the_phrase(extractor):
    """"outperforms uniform gain quantization": the rival is the narrowed technique, not "quantization" (control: a
    weak modifier does not narrow it, "standard quantization" is quantization)."""
    rels = _relations(extractor, "Fixed-Length Quantizers",
                      "We propose FooQ, a quantizer for stochastic optimization. FooQ outperforms uniform gain "
                      "quantization on CIFAR-10.")
    beaten = {o for s, p, o in rels if s == "fooq" and p == "outperforms"}
    assert "uniform gain quantization" in beaten, rels
    assert "quantization" not in beaten, rels
    rels = _relations(extractor, "Fixed-Length Quantizers",
                      "We propose FooQ, a quantizer for stochastic optimization. FooQ outperforms standard "
                      "quantization on CIFAR-10.")
    assert ("fooq", "outperforms", "quantization") in rels, rels


def test_a_definition_listed_where_data_stands_is_a_dataset(extractor):
    """"Experiments on Gibson and Habitat-Matterport 3D (HM3D)", "on large-scale egocentric datasets EPICKTICHENS100
    (EK100) and EGTEA Gaze+": a definition nothing types (the acronyms component's default guess, a Method) in an
    "on" list of an evaluation, or right after a dataset noun, names data, and so does a plain word listed with it
    ("Gibson").
    Controls in the same texts: a definition after "based on" and one after "a perspective on … proposes" stay
    Methods."""
    text = ("We propose FooNav, a navigation policy. Experiments on Plimton and Zorbic-Quxland Scenes (ZQS) show that "
            "FooNav outperforms map-based methods. FooNav is based on Grobbly Path Weaving (GPW).")
    rels = _relations(extractor, "Semantic Navigation", text)
    assert ("foonav", "evaluatedOn", "zorbic-quxland scenes") in rels, rels
    assert ("foonav", "evaluatedOn", "plimton") in rels, rels
    types = _types(extractor, "Semantic Navigation", text)
    assert types["zorbic-quxland scenes"] == "Dataset" and types["grobbly path weaving"] == "Method", types
    text = ("We propose FooAct, a transformer. FooAct achieves state-of-the-art performance on large-scale egocentric "
            "datasets PLIMKITCHEN100 (PK100) and QUXTEA Zaze+. This work explores a new perspective on attribute "
            "information and proposes for the first time a Grobbly Dress Scoring (GDS).")
    types = _types(extractor, "Action Anticipation", text)
    assert types["plimkitchen100"] == "Dataset", types
    assert types["grobbly dress scoring"] == "Method", types


def test_a_list_noun_before_a_short_phrase_and_a_colon_types_the_list(extractor):
    """"three visual anomaly detection datasets for industrial inspection: InsPLAD-fault, MVTec AD, and …": the
    list's noun may stand before a short lower-case phrase and the colon. Control in the same text: "methods on two
    widely-used datasets: A and B" lists datasets (the noun next to the list), not methods."""
    types = _types(extractor, "Anomaly Detection",
                   "We propose FooDet, a detector. FooDet improves detection on three anomaly detection datasets for "
                   "industrial inspection: ZorbPLAD-fault, QuxTec AD, and Plim Wafer. FooDet outperforms previous "
                   "FLT and FLP methods on two widely-used datasets: GROBBLE14T and Zorb2Sign.")
    for name in ("zorbplad-fault", "quxtec ad", "grobble14t", "zorb2sign"):
        assert types.get(name) == "Dataset", (name, types)


def test_an_evaluation_in_a_paper_presenting_data_and_a_method_evaluates_the_method(extractor):
    """"we introduce a novel dataset, AxiOM … we propose a framework, M3H … we perform extensive experiments on a
    publicly available dataset, RESTORE": a sentence about the paper's data (its main contribution) that evaluates on
    another dataset evaluates the method the paper proposes; a singular dataset noun an article opens and a comma sets
    off introduces the name. Control in the same text: the paper's own dataset is evaluated on nothing."""
    rels = _relations(extractor, "Meme Classification",
                      "We introduce a novel dataset, ZorbMeme, of annotated memes. Next, we propose a commonsense "
                      "framework, FooM3, to classify memes. To assess the generalizability, we perform extensive "
                      "experiments on a publicly available dataset, QUXSTORE, for symptom identification.")
    assert ("foom3", "evaluatedOn", "quxstore") in rels, rels
    assert not any(r[0] == "zorbmeme" and r[1] == "evaluatedOn" for r in rels), rels


@pytest.mark.parametrize("sentence, beaten", [
    ("Experiments show that FooNet is superior to BarNet and QuxNet.", {"barnet", "quxnet"}),
    ("Experiments demonstrate the superiority of FooNet over RoBERTa.", {"roberta"}),
    ("Experiments show that FooNet improves upon BarNet.", {"barnet"}),
    ("Results show that FooNet provides a stronger search signal than BarNet, QuxNet, and ZedNet.",
     {"barnet", "quxnet", "zednet"}),
])
def test_superiority_words_and_parted_comparatives_compare(extractor, sentence, beaten):
    """"superior to X", "superiority of … over X", "improves upon X", "a stronger search signal than A, B, and C"."""
    rels = _relations(extractor, "FooNet: Detection Networks", "We propose FooNet, a detection network. " + sentence)
    assert beaten <= {o for s, p, o in rels if s == "foonet" and p == "outperforms"}, rels


def test_a_name_in_a_clause_about_the_rival_is_not_the_rival(extractor):
    """"improves upon prior work that relies on X": X is what the rival relies on, not the rival."""
    rels = _relations(extractor, "FooNet: Detection Networks",
                      "We propose FooNet, a detection network. FooNet improves upon prior work that relies on "
                      "BazNet features. FooNet outperforms BarNet.")
    beaten = {o for s, p, o in rels if s == "foonet" and p == "outperforms"}
    assert "barnet" in beaten, rels
    assert "baznet" not in beaten, rels


def test_a_contribution_named_as_a_possessor_is_the_subject(extractor):
    """"The results demonstrate BLO-SAM's superior performance over X": an all-capital name before "'s"."""
    rels = _relations(extractor, "FOOSAM: Finetuning Segmentation Models",
                      "We propose FOOSAM, a finetuning method. The results demonstrate FOOSAM's superior performance "
                      "over SAM-Adapter.")
    assert ("foosam", "outperforms", "sam-adapter") in rels, rels


def test_rivals_listed_with_their_margins_are_all_outperformed(extractor):
    """"outperforming A by an average of 35% and B by …": a margin between two rivals of a list; not a means
    ("outperforms A by using B features": B is no rival)."""
    rels = _relations(extractor, "FooNet: Text Classification",
                      "We propose FooNet, a text classification model. FooNet outperforms BERT by 3 points and RoBERTa "
                      "by 2 points. FooNet outperforms ELMo by using XLNet features.")
    beaten = {o for s, p, o in rels if s == "foonet" and p == "outperforms"}
    assert {"bert", "roberta", "elmo"} <= beaten, rels
    assert "xlnet" not in beaten, rels


def test_a_task_named_as_a_means_after_a_use_cue_is_used_not_addressed(extractor):
    # the technique of a task ("based on the technique of list learning", "leverages ideas from offline RL"), and a task
    # whose modifier holds an acronym in brackets ("leverages Gaussian Process (GP) surrogate modeling"), are used
    rels = _relations(extractor, "Improper Boosting",
                      "We propose FooBoost, a boosting algorithm for multiclass classification. A key component of "
                      "FooBoost is based on the technique of list learning.")
    assert ("fooboost", "uses", "list learning") in rels, rels
    assert ("fooboost", "addresses", "list learning") not in rels, rels
    assert ("fooboost", "addresses", "multiclass classification") in rels, rels
    rels = _relations(extractor, "Parallel Sampling",
                      "We propose FooInf, a combination strategy for Bayesian inference. FooInf leverages Gaussian "
                      "Process (GP) surrogate modeling and active learning.")
    assert ("fooinf", "uses", "active learning") in rels, rels
    assert ("fooinf", "addresses", "active learning") not in rels, rels
    assert ("fooinf", "addresses", "bayesian inference") in rels, rels
    # control: a technique "for" a task is for it ("utilizes the smoothing technique for federated minimax optimization")
    rels = _relations(extractor, "Federated Minimax",
                      "We propose FooGDA, which utilizes the smoothing technique for federated minimax optimization.")
    assert ("foogda", "addresses", "federated minimax optimization") in rels, rels
    assert ("foogda", "uses", "federated minimax optimization") not in rels, rels


def test_a_problem_framed_as_another_is_a_formulation_used_not_a_task_addressed(extractor):
    # "formalizes DST as a sequence-to-sequence problem", "treating X as a few-shot learning task", "we approach this
    # as a bi-level optimization problem": the contribution uses the formulation; it addresses the problem framed
    rels = _relations(extractor, "Dialogue State Tracking",
                      "This paper proposes a new approach to dialogue state tracking, referred to as Seq2Seq-DU, which "
                      "formalizes DST as a sequence-to-sequence problem. Seq2Seq-DU is fast.")
    assert ("seq2seq-du", "uses", "sequence-to-sequence problem") in rels, rels
    assert ("seq2seq-du", "addresses", "sequence-to-sequence problem") not in rels, rels
    assert ("seq2seq-du", "addresses", "dialogue state tracking") in rels, rels
    rels = _relations(extractor, "Hate Speech",
                      "We propose SAHSD. By treating hate speech detection as a few-shot learning task, SAHSD utilizes "
                      "sentiment analysis.")
    assert ("sahsd", "uses", "few-shot learning") in rels, rels
    assert ("sahsd", "addresses", "few-shot learning") not in rels, rels
    assert ("sahsd", "addresses", "hate speech detection") in rels, rels
    rels = _relations(extractor, "Harmony Transformer",
                      "In this work, we introduce the Harmony Decision Transformer (HarmoDT), a novel solution for "
                      "offline reinforcement learning. We approach this as a bi-level optimization problem, employing a "
                      "meta-learning framework.")
    assert ("harmony decision transformer", "uses", "bi-level optimization") in rels, rels
    assert ("harmony decision transformer", "uses", "meta-learning") in rels, rels
    # a noun of framing: "the first formulation of reward design as a bilevel optimization problem"
    rels = _relations(extractor, "Policy Alignment",
                      "We present FooAlign, a framework for policy alignment in reinforcement learning. FooAlign gives "
                      "the first formulation of reward design as a bilevel optimization problem.")
    assert ("fooalign", "uses", "bilevel optimization") in rels, rels
    assert ("fooalign", "addresses", "policy alignment") in rels, rels
    # before the contribution is named: "we first formulate the problem … as a Markov decision process. Then, we propose
    # FooRL"; control on the same input: an example after "such as the" is no formulation
    rels = _relations(extractor, "Sampling Policies",
                      "We argue that a generative model that minimizes a probabilistic loss, such as the log-loss, is "
                      "costly. We first formulate the problem of learning a sampling policy as a Markov decision process. "
                      "Then, we propose FooRL, an actor-critic algorithm.")
    assert ("foorl", "uses", "markov decision process") in rels, rels
    assert not any(r[1] == "uses" and "log" in r[2] for r in rels), rels
    # "model", "approach" are framing verbs only as verbs ("We approach image harmonization as a style transfer
    # problem"), not as nouns ("unnormalized models whose variance is the same as the maximum likelihood estimation")
    rels = _relations(extractor, "Harmonization",
                      "We propose FooEst, an estimation framework for unnormalized models whose asymptotic variance is "
                      "the same as the maximum likelihood estimation. We propose FooHarm. We approach image "
                      "harmonization as a style transfer problem, and FooHarm routes semantic similarity.")
    assert not any(r[1] == "uses" and "likelihood" in r[2] for r in rels), rels
    assert any(r[1] == "uses" and r[2] == "style transfer" for r in rels), rels
    # control: cast as one of a task's methods ("… as a general re-ranking algorithm") it is for that task
    rels = _relations(extractor, "Efficient Re-Ranking",
                      "We propose FooRank, a transformer for visual place recognition. We show that FooRank can be "
                      "regarded as a general re-ranking algorithm for retrieval methods.")
    assert ("foorank", "addresses", "re-ranking") in rels, rels
    assert ("foorank", "uses", "re-ranking") not in rels, rels
    # control: a paper without a contribution addresses the task it treats the question as (the problem it studies)
    rels = _relations(extractor, "Notes on Learning",
                      "Text summarization remains a challenging problem. We treat the question as a machine translation task.")
    assert ("PAPER", "addresses", "machine translation") in rels, rels


def test_a_short_name_given_to_the_contribution_joins_it(extractor):
    """The contribution's short name, in its forms: an apposed name that abbreviates the capitalised words after it
    ("we introduce Foop, Fast Object Occupancy Pretraining, which …"), a name after "or" ("which we term "Adaptive
    Radial Gradient Descent" or AdaRad"), a "2" that doubles a capital ("Graph Advantage Actor-Critic (GA2C)"), and an
    acronym ending in a capital S ("Multi-level Summarizer (MLS)", no plural of "ML"). Each result sentence naming
    the short form links the one contribution; an alternative after "or" that abbreviates nothing stays apart."""
    cases = [
        ("Modeling Caption Diversity", "In this work, we introduce Foop, Fast Object Occupancy Pretraining, which "
         "models occupancy. We show that Foop outperforms SigLIP on ImageNet.", "fast object occupancy pretraining"),
        ("Nonparametric Networks", "We employ a novel optimization algorithm, which we term \"Adaptive Radial Gradient "
         "Descent\" or AdaRad, and obtain promising results. AdaRad outperforms SigLIP on ImageNet.",
         "adaptive radial gradient descent"),
        ("Graph Contrastive Learning", "We design a Graph Advantage Actor-Critic (GA2C) model. Results show that GA2C "
         "outperforms SigLIP on ImageNet.", "graph advantage actor-critic"),
        ("Attention for Summarization", "We propose Multi-level Summarizer (MLS), a supervised method. Results show "
         "that MLS outperforms SigLIP on ImageNet.", "multi-level summarizer"),
    ]
    for title, abstract, key in cases:
        rels = _relations(extractor, title, abstract)
        assert ("PAPER", "proposes", key) in rels, rels
        assert (key, "outperforms", "siglip") in rels, rels
        assert (key, "evaluatedOn", "imagenet") in rels, rels
    rels = _relations(extractor, "Foo", "We propose FooNet, a text classification model. We train Convolutional "
                      "Neural Networks or RNNs. FooNet outperforms BERT.")
    assert ("foonet", "outperforms", "bert") in rels, rels
    assert not any(p == "proposes" and o in ("convolutional neural networks", "convolutional neural network", "rnn",
                                             "rnns") for _s, p, o in rels), rels


def test_a_plain_title_name_the_abstract_proposes_is_the_contribution(extractor):
    """"Helios: Learning …" and "we propose Helios, an in-network … system": a plain capitalised title name that the
    abstract proposes right after a contribution verb is the contribution, even with a second proposal after it;
    not a title name the abstract never proposes ("Position: …" and no "propose Position")."""
    rels = _relations(extractor, "Foxglove: Learning Matching Rules for Malicious Traffic Detection",
                      "In this paper, we propose Foxglove, an in-network malicious traffic detection system. First, we "
                      "design a novel Supervised Mixture Prototypical Learning (SMPL) method. Foxglove outperforms "
                      "NetBeacon on CICIDS2017.")
    assert ("PAPER", "proposes", "foxglove") in rels, rels
    assert ("foxglove", "outperforms", "netbeacon") in rels, rels
    rels = _relations(extractor, "Position: Malicious Traffic Detection Needs Rules",
                      "We argue that rules matter. We propose a novel Supervised Mixture Prototypical Learning (SMPL) "
                      "method.")
    assert ("PAPER", "proposes", "supervised mixture prototypical learning") in rels, rels
    assert ("PAPER", "proposes", "position") not in rels, rels


def test_a_task_named_in_the_titles_means_is_not_addressed(extractor):
    """"FooBot: Scaling Collision Detection for Object Rearrangement with Procedural Scene Generation": the title's
    means (from "with" to the end) is how the contribution works; its purpose after "for" is addressed. Control:
    "with applications to" opens a purpose, and a task named before the means is addressed."""
    abstract = "Rearranging objects is hard. We propose FooBot, a collision checker. FooBot works in clutter."
    rels = _relations(extractor, "FooBot: Collision Checking for Object Rearrangement with Procedural Scene Generation",
                      abstract)
    assert ("foobot", "addresses", "object rearrangement") in rels, rels  # positive control
    assert ("foobot", "addresses", "procedural scene generation") not in rels, rels
    rels = _relations(extractor, "FooBot: Collision Checking with Applications to Procedural Scene Generation",
                      abstract)
    assert ("foobot", "addresses", "procedural scene generation") in rels, rels


def test_a_class_of_tasks_told_by_a_qualifier_is_not_addressed(extractor):
    """"shares commonalities with the upstream tasks", "for solving such long-horizon problems": a plural setting noun
    a qualifier modifies is no task the contribution is for. Control: "citation tasks" (a task's name) is addressed."""
    rels = _relations(extractor, "Continual Learning",
                      "We propose FooCL, a prompt tuning method. FooCL avoids forgetting of upstream tasks.")
    assert not {r for r in rels if r[1] == "addresses" and r[2] == "upstream tasks"}, rels
    rels = _relations(extractor, "Scholarly Writing",
                      "We propose FooCite, a writing assistant. FooCite solves citation tasks within one model.")
    assert ("foocite", "addresses", "citation tasks") in rels, rels  # positive control


def test_a_task_other_work_relies_on_is_no_motivation_of_the_remedy(extractor):
    """"current methods rely mainly on supervised learning. To address this, we propose FooScore": the means of other
    work in the sentence before a remedy is not what the contribution addresses. Control: the problem that sentence
    poses is."""
    rels = _relations(extractor, "Speech Quality Estimation",
                      "Continual learning suffers from catastrophic forgetting, and current methods rely mainly on "
                      "supervised learning. To address this, we propose FooScore, a self-supervised method.")
    assert ("fooscore", "addresses", "catastrophic forgetting") in rels, rels  # positive control
    assert ("fooscore", "addresses", "supervised learning") not in rels, rels


def test_a_list_of_used_methods_goes_on_past_the_use_window(extractor):
    """"employs four methods to preserve accuracy during compression: A, B, C, and D": every item of a comma list
    after a use is used, past the cue's window; control: a name after a clause (no list gap) is not."""
    rels = _relations(extractor, "Deep Gradient Compression",
                      "We propose FooComp, a gradient compression method. To preserve accuracy during compression, "
                      "FooComp employs four methods: momentum correction, local gradient clipping, momentum factor "
                      "masking, and warm-up training, while its results match those of Adam.")
    assert ("foocomp", "uses", "momentum correction") in rels, rels
    assert ("foocomp", "uses", "warm-up training") in rels, rels
    assert ("foocomp", "uses", "adam") not in rels, rels


def test_a_variant_of_a_method_uses_it_but_a_variant_of_a_problem_is_no_use(extractor):
    """"We propose FooInc, an incremental version of RTEC": the contribution builds on what it varies; control: the
    task a variant of a problem names stays what it addresses."""
    rels = _relations(extractor, "Incremental Reasoning",
                      "We propose FooInc, an incremental version of the variational autoencoder, for anomaly detection.")
    assert ("fooinc", "uses", "variational autoencoder") in rels, rels
    rels = _relations(extractor, "Weak Oracles",
                      "We propose FooSearch, a method for content search (a variant of the nearest neighbor search "
                      "problem).")
    assert ("foosearch", "uses", "nearest neighbor search") not in rels, rels
    assert ("foosearch", "addresses", "nearest neighbor search") in rels, rels


def test_a_used_phrase_headed_by_a_layer_or_a_predictor_is_used(extractor):
    """"To achieve this, we employ a dense 2D-to-3D correspondence predictor", "we compose it with orthogonal layers":
    an unnamed phrase headed by a component noun after a use cue is a part used; control: a bound's terms are none."""
    rels = _relations(extractor, "Pose Estimation for Orbital Robotics",
                      "We propose FooPose, a pose estimation technique. To achieve this, FooPose employs a dense "
                      "correspondence predictor. FooPose comes with leading-order terms that match the optimal risk.")
    assert ("foopose", "uses", "dense correspondence predictor") in rels, rels
    assert not any(o.endswith("terms") for s, p, o in rels if p == "uses"), rels


def test_a_compound_of_head_nouns_is_one_used_phrase(extractor):
    """"we design a grasp pose filter module", "leverages Gaussian primitives": the phrase runs to the last head noun
    of a compound ("filter module"), a primitive or embedding heads one too; control: the contribution named again
    without its first words ("With the constructed prompt codebook") is not a part of it."""
    rels = _relations(extractor, "Grasping in Clutter",
                      "We propose FooGrasp, a grasp policy. FooGrasp employs a grasp pose filter module and leverages "
                      "Gaussian primitives.")
    assert ("foograsp", "uses", "grasp pose filter module") in rels, rels
    assert ("foograsp", "uses", "gaussian primitives") in rels, rels
    rels = _relations(extractor, "Prompt Codebooks",
                      "We propose the hierarchical prompt codebook, a novel prompt learning method. With the "
                      "constructed prompt codebook, we encode the microenvironment around each mutation.")
    assert not any(o == "prompt codebook" for s, p, o in rels if p == "uses"), rels
    assert ("PAPER", "proposes", "hierarchical prompt codebook") in rels, rels


def test_at_the_core_of_the_contribution_is_a_part_it_uses(extractor):
    """"At the core of our method is a robust covariance matrix estimator", "Central to FooCov is a segmentation
    mechanism": an inverted copula opening a sentence about the contribution names a part; control: one about
    something else ("Key to the reconstruction from images is the ridge detector") names none."""
    rels = _relations(extractor, "Robust Covariance",
                      "We propose FooCov, a robust PCA method. At the core of our method is a robust covariance matrix "
                      "estimator. Central to FooCov is an uncertainty-based segmentation mechanism. Key to the "
                      "reconstruction from images is the ridge detector.")
    assert ("foocov", "uses", "covariance matrix estimator") in rels, rels
    assert ("foocov", "uses", "segmentation mechanism") in rels, rels
    assert ("foocov", "uses", "ridge detector") not in rels, rels


def test_what_follows_the_core_cue_closely_is_the_part(extractor):
    """"At the heart of our approach is object-aware retargeting, which enables the humanoid robot …": the part
    follows the copula closely, not a clause later; control: "At the core of our method is a robust covariance matrix
    estimator" (two words between)."""
    rels = _relations(extractor, "Humanoid Imitation",
                      "We propose FooBot, a imitation framework. At the heart of our approach is object-aware "
                      "retargeting, which enables the humanoid robot to mimic human motions. At the core of our "
                      "method is a robust covariance matrix estimator.")
    assert ("foobot", "uses", "humanoid robot") not in rels, rels
    assert ("foobot", "uses", "covariance matrix estimator") in rels, rels
