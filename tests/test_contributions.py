"""What the paper itself proposes: contribution cues, naming cues, appositions."""
from __future__ import annotations

import pytest

from kg.extract import Extractor
from kg.records import Paper


def _proposed(extractor: Extractor, abstract: str) -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


def _found(extractor: Extractor, abstract: str) -> dict[str, str]:
    """Every label of every entity found, proposed or not: the positive control of a "not proposed" test."""
    ex = extractor.extract(Paper(id="p", abstract=abstract))
    return {label: e.type for e in ex.entities for label in e.labels}


@pytest.mark.parametrize("abstract, name, typ", [
    ("We introduce Vision2Web, a hierarchical benchmark for visual website development.", "Vision2Web", "Dataset"),
    ("We propose an unsupervised federated graph matching algorithm, UFGM, for inferring links.", "UFGM", "Method"),
    ("We first propose a new task, the sequential Morris Water Maze (sWM), which extends a known task.",
     "sequential Morris Water Maze", "Task"),
    ("In this paper, we present an algorithm called WinQ that learns quantization grids.", "WinQ", "Method"),
])
def test_contribution_is_proposed_and_typed(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract).get(name) == typ, _proposed(extractor, abstract)


def test_used_known_method_is_not_proposed(extractor):
    """"a reinforcement learning framework": the paper uses RL, it does not propose it."""
    proposed = _proposed(extractor, "We propose a reinforcement learning framework for chip placement.")
    assert proposed, "positive control: the framework itself is proposed"
    assert "reinforcement learning" not in proposed, proposed


@pytest.mark.parametrize("abstract, used", [
    ("We propose a precise anomaly detection solution for behavior logs based on Large Language Model (LLM) "
     "fine-tuning.", "Large Language Model"),
    ("We introduce a self-regularized training strategy using Laplacian approximation (LA) for self-distillation.",
     "Laplacian approximation"),
])
def test_definition_after_a_use_word_is_used_not_proposed(extractor, abstract, used):
    assert used in _found(extractor, abstract)  # positive control: found, and used
    assert used not in _proposed(extractor, abstract)


def test_definition_with_a_preposition_inside_is_still_proposed(extractor):
    proposed = _proposed(extractor, "We propose a knowledge-driven Personalized Review Recommendation model with "
                                    "Linked Information (PRR-LI) for reviews.")
    assert "Personalized Review Recommendation model with Linked Information" in proposed, proposed


def test_known_definition_after_a_kind_noun_and_for_is_what_it_is_for(extractor):
    """"a gradient method for … (POMDPs)": the known long form is the problem, the method is proposed."""
    abstract = ("In this paper, we propose a policy gradient method for confounded partially observable Markov "
                "decision processes (POMDPs) with continuous state spaces.")
    proposed = _proposed(extractor, abstract)
    assert "partially observable Markov decision processes" in _found(extractor, abstract)  # positive control
    assert "partially observable Markov decision processes" not in proposed, proposed
    assert "policy gradient method" in proposed, proposed


def test_a_word_used_before_that_describes_the_contribution_is_not_proposed(extractor):
    """"(OOD) … we introduce an OOD test set, …": OOD qualifies the new thing, it is not the new thing."""
    abstract = ("Existing detectors fail in out-of-distribution (OOD) scenarios. We propose a generative sarcasm "
                "model. To assess it, we introduce an OOD test set, RedEval.")
    proposed = _proposed(extractor, abstract)
    assert "generative sarcasm model" in proposed, proposed  # positive control on the same abstract
    assert "OOD" not in proposed, proposed
    assert "OOD" in _proposed(extractor, "We introduce OOD, a detection model for sarcasm.")


def test_past_tense_contribution_after_we(extractor):
    proposed = _proposed(extractor, "Constructing a surrogate problem, we developed a novel Safe RL algorithm called "
                                    "Constrained Gradient-based Policy Optimization (CGPO).")
    assert proposed.get("Constrained Gradient-based Policy Optimization") == "Method", proposed


@pytest.mark.parametrize("abstract, found", [
    ("This paper introduces a manually constructed Korean-English discourse-level corpus of 600 texts for machine "
     "translation.", "machine translation"),
    ("We test whether NLP datasets created with Large Language Models (LLMs) contain annotation artifacts.",
     "Large Language Models"),
])
def test_past_participle_as_adjective_is_not_a_contribution_cue(extractor, abstract, found):
    assert found in _found(extractor, abstract)  # positive control
    proposed = _proposed(extractor, abstract)
    assert "Korean-English" not in proposed and "Large Language Models" not in proposed, proposed


def test_capitalised_name_with_of_after_a_description_is_proposed(extractor):
    proposed = _proposed(extractor, "In this work, we propose a novel technique, Chain of Hindsight, that is easy "
                                    "to optimize and can learn from any form of feedback.")
    assert proposed.get("Chain of Hindsight") == "Method", proposed


def test_title_subtitle_apposition_types_the_name(extractor):
    ex = extractor.extract(Paper(id="p", title="SLARD: A Chinese Superior Legal Article Retrieval Dataset",
                                 abstract="We propose SLARD: A Chinese Superior Legal Article Retrieval Dataset. "
                                          "SLARD has 2,627 queries."))
    slard = [e for e in ex.entities if "SLARD" in e.labels]
    assert slard and slard[0].type == "Dataset" and slard[0].proposed, ex.entities


def test_our_approach_called_x_is_proposed(extractor):
    proposed = _proposed(extractor, "By contrast, our approach, called COPRA, repeatedly asks GPT-4 for tactics. "
                                    "COPRA proves more theorems.")
    assert proposed.get("COPRA") == "Method", proposed


@pytest.mark.parametrize("title", ["", "CCSum: A Large-Scale and High-Quality Dataset for Abstractive News Summarization"])
def test_which_we_call_x_takes_the_type_of_the_described_noun(extractor, title):
    ex = extractor.extract(Paper(id="p", title=title, abstract=(
        "We present a new large-scale and high-quality dataset for supervised abstractive news summarization "
        "containing 1.3 million training samples, which we call CCSum. CCSum is big.")))
    ccsum = [e for e in ex.entities if "CCSum" in e.labels]
    assert ccsum and ccsum[0].type == "Dataset" and ccsum[0].proposed, ex.entities


@pytest.mark.parametrize("abstract, name, proposed", [
    ("In this paper, we propose to conduct Feature similarity and Label variability Balanced One-shot Subset "
     "Selection (BOSS), aiming to construct an optimal subset.", "Balanced One-shot Subset Selection", True),
    ("We propose to use Large Language Models (LLMs) for ranking.", "Large Language Models", False),
    ("We propose to improve ranking with Large Language Models (LLMs).", "Large Language Models", False),
])
def test_name_defined_after_propose_to(extractor, abstract, name, proposed):
    assert name in _found(extractor, abstract)  # positive control
    assert (name in _proposed(extractor, abstract)) is proposed


@pytest.mark.parametrize("abstract, name, typ", [
    ("We do this by designing a protocol called ZkAudit in which providers publish commitments.", "ZkAudit", "Method"),
    ("We address this with a new method named SparseQ, which prunes weights.", "SparseQ", "Method"),
    ("This paper introduces a post-training adjustment method called Model Tailor.", "Model Tailor", "Method"),
    # the cue closes the object of "we propose", past a complement and a participle clause
    ("To fix this, we propose a novel formulation of ranking using graded relevance between items called Graded "
     "Ranking Alignment (GRA).", "Graded Ranking Alignment", "Method"),
])
def test_a_noun_called_x_in_a_sentence_about_us_is_proposed(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract).get(name) == typ, _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract", [
    "We compare against an existing method called OldNet on ImageNet.",
    "A popular framework called OldNet was proposed in 2020, and we study it on ImageNet.",
    # the object of "we propose" ended before the cue: a clause, or other work
    "We propose a new loss on ImageNet and compare it with ranking using graded relevance called OldNet.",
    "We propose a new loss on ImageNet, which beats ranking using graded relevance called OldNet.",
])
def test_a_noun_called_x_from_other_work_is_not_proposed(extractor, abstract):
    assert "ImageNet" in _found(extractor, abstract)  # positive control
    assert "OldNet" not in _proposed(extractor, abstract)


def test_one_word_name_with_an_apposition_is_proposed_and_found_again(extractor):
    abstract = ("We present Eureka, a human-level reward design algorithm powered by LLMs. "
                "Eureka outperforms human experts on 83% of the tasks.")
    record = extractor.extract(Paper(id="p", abstract=abstract))
    (eureka,) = [e for e in record.entities if e.labels[0] == "Eureka"]
    assert eureka.proposed and eureka.type == "Method" and eureka.mention_count == 2


def test_one_capitalised_word_without_an_apposition_is_not_a_name(extractor):
    abstract = "We present Experiments on three datasets showing gains on ImageNet."
    assert "ImageNet" in _found(extractor, abstract)  # positive control
    assert _proposed(extractor, abstract) == {}


def test_our_noun_then_a_new_name_opens_a_sentence_about_the_contribution(extractor):
    proposed = _proposed(extractor, "We study rationales. Our method, MaRio (Multi-rewArd RatIOnalization), is a "
                                    "multi-reward algorithm. Our model, BERT, is fine-tuned on data.")
    assert proposed.get("Multi-rewArd RatIOnalization") == "Method", proposed
    assert "BERT" not in proposed


def test_title_case_name_with_hyphenated_function_words_is_proposed(extractor):
    record = extractor.extract(Paper(id="p", abstract="We propose the Chain-of-Table framework, where tables evolve. "
                                                      "Chain-of-Table achieves new state-of-the-art results."))
    (name,) = [e for e in record.entities if e.labels[0] == "Chain-of-Table"]
    assert name.proposed and name.mention_count == 2


def test_contribution_verb_coordinated_with_an_earlier_we(extractor):
    proposed = _proposed(extractor, "Inspired by control theory, we consider these external states as disturbances "
                                    "and introduce Hybrid Internal Model (HIM) to estimate them.")
    assert proposed.get("Hybrid Internal Model") == "Model", proposed


def test_a_definition_called_new_is_proposed_without_a_contribution_verb(extractor):
    proposed = _proposed(extractor, "This inspires a new prompt gradient projection approach (PGP) for continual "
                                    "learning. It also relies on a novel multiple-instance learning (MIL) framework.")
    assert proposed == {"prompt gradient projection": "Method"}, proposed


def test_the_name_after_a_kind_noun_is_the_contribution_not_the_modifier(extractor):
    proposed = _proposed(extractor, "Federated representation learning (FRL) is popular. "
                                    "We propose a novel FRL algorithm FLUTE, and characterize its sample complexity.")
    assert proposed == {"FLUTE": "Method"}, proposed


def test_a_new_name_between_a_describing_word_and_a_kind_noun_is_proposed(extractor):
    assert _proposed(extractor, "We discover image hijacks, and introduce the general Behaviour Matching algorithm "
                                "for training them.") == {"Behaviour Matching": "Method"}
    # a name the abstract used before is built on, not proposed (the described framework itself may be)
    proposed = _proposed(extractor, "Nonlinear ICA is popular. We introduce a new nonlinear ICA framework "
                                    "with t-process latents.")
    assert not {"ICA", "nonlinear ICA", "Nonlinear ICA"} & set(proposed), proposed


@pytest.mark.parametrize("title, proposed, found", [
    ("Magnushammer: A Transformer-Based Approach to Premise Selection", {"Magnushammer": "Method"}, "Magnushammer"),
    ("Towards Diverse Behaviors: A Benchmark for Imitation Learning", {}, "Imitation Learning"),
    ("Transformers: A Survey of Methods", {}, "Transformers"),  # a known term
])
def test_title_name_no_finder_knew_is_proposed_when_the_subtitle_says_what_it_is(extractor, title, proposed, found):
    record = extractor.extract(Paper(id="p", title=title, abstract="We study premise selection. It works well."))
    assert found in {label for e in record.entities for label in e.labels}  # positive control
    assert {e.labels[0]: e.type for e in record.entities if e.proposed} == proposed


@pytest.mark.parametrize("abstract, proposed", [
    ("Here, we introduce the novel task of Visual Data-Type Identification, a basic perceptual skill.",
     {"Visual Data-Type Identification": "Task"}),
    ("We propose a novel task of automatic fine-grained hallucination detection and a benchmark.",
     {"automatic fine-grained hallucination detection": "Task"}),
    ("In this work, we introduce the task of summarizing the dynamics of conversations with large language "
     "models.", {}),
])
def test_the_task_of_x_proposes_x_as_a_task(extractor, abstract, proposed):
    assert _found(extractor, abstract)  # positive control: the names of the first two, the models of the third
    assert _proposed(extractor, abstract) == proposed


def test_our_noun_in_the_plural_then_a_new_name(extractor):
    proposed = _proposed(extractor, "We instruction-tune code models. Our models, OctoCoder and OctoGeeX, achieve the "
                                    "best performance across HumanEvalPack.")
    assert proposed.get("OctoCoder") == "Model", proposed


@pytest.mark.parametrize("abstract", [
    "This paper introduces Least Volume—a simple yet effective regularization inspired by geometric intuition.",
    "This paper introduces Least Volume, a simple yet effective regularization inspired by geometric intuition.",
])
def test_name_opening_with_a_capitalised_function_word(extractor, abstract):
    """"Least" is a function word, but capitalised before another capitalised word it opens a name; an em dash
    sets off an apposition as a comma does."""
    ex = extractor.extract(Paper(id="p", abstract=abstract))
    assert [(e.labels[0], e.proposed) for e in ex.entities] == [("Least Volume", True)]


@pytest.mark.parametrize("abstract, name, typ", [
    ("To speed up decoding, we design a new sparse attention algorithm, namely QuoraFlex, for long inputs.",
     "QuoraFlex", "Method"),
    ("We introduce a dynamic benchmark ZetaQA that uses questions written after the training cutoff.", "ZetaQA",
     "Dataset"),
    ("We proposed a lightweight graph learning framework, namely GraFix, which prunes edges.", "GraFix", "Method"),
])
def test_name_after_the_kind_noun_of_the_object_is_proposed(extractor, abstract, name, typ):
    """"a … algorithm, namely X", "a … benchmark X": the name ends the object's description."""
    assert _proposed(extractor, abstract).get(name) == typ, _proposed(extractor, abstract)


def test_name_after_a_kind_noun_of_other_work_is_not_proposed(extractor):
    abstract = "We then create harder splits for two popular datasets, FooSet and BarSet."
    assert {"FooSet", "BarSet"} <= set(_found(extractor, abstract))  # positive control
    proposed = _proposed(extractor, abstract)
    assert "FooSet" not in proposed and "BarSet" not in proposed, proposed


def test_unnamed_contribution_is_the_described_noun_phrase(extractor):
    """A contribution without a name is proposed as its noun phrase, typed by the head noun."""
    proposed = _proposed(extractor, "Link prediction on large graphs is slow. In this paper, we propose a novel "
                                    "two-stage graph sampling scheme for link prediction. It is fast.")
    assert proposed.get("two-stage graph sampling scheme") == "Method", proposed


@pytest.mark.parametrize("abstract, name", [
    ("We propose a theoretical framework for studying the dynamics of deep networks. We evaluate it on ImageNet.",
     "theoretical framework for studying the dynamics of deep networks"),  # a generic kind keeps what it is for
    ("We propose a novel two-stage method for the training of deep networks. We evaluate it on ImageNet.",
     "two-stage method"),
])
def test_a_described_contribution_keeps_its_kind_noun(extractor, abstract, name):
    """"a theoretical framework", "a two-stage method": what the paper proposes, described by its kind noun and
    the words before it (the paper has a contribution cue, so it gets an answer)."""
    assert _proposed(extractor, abstract) == {name: "Method"}, _proposed(extractor, abstract)


def test_a_kind_noun_with_only_weak_words_names_nothing(extractor):
    abstract = "We propose a new and simple method. We evaluate it on ImageNet."
    assert "ImageNet" in _found(extractor, abstract)  # positive control
    assert not _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_described_contribution_not_proposed_when_the_paper_names_one(extractor):
    proposed = _proposed(extractor, "We propose a novel graph sampling scheme for link prediction. "
                                    "We call our method GraSSo. GraSSo is fast.")
    assert "graph sampling scheme" not in proposed and "GraSSo" in proposed, proposed


@pytest.mark.parametrize("abstract, name, typ", [
    # no comma before the cue: the object's clause goes on over its complement (and a hyphenated "-based")
    ("We propose a compact Transformer-based encoder architecture for molecular graphs called Molformix.",
     "Molformix", "Model"),
    ("To this end, we propose a general framework for deep Spatial Graph Partitioning called SGPX, which scales.",
     "SGPX", "Method"),
    # a cue of several words
    ("We introduce a closed-loop framework, referred to as Agents As Planners (AAP), where agents plan.",
     "Agents As Planners", "Method"),
    # no contribution verb: a described object of "we" named by a cue
    ("We derive a simple and novel manipulation framework, dubbed RoboPlanz, built upon open models.",
     "RoboPlanz", "Method"),
    ("We construct a policy satisfying the privacy constraint (called DP-ZQ), based on the principle of sparsity.",
     "DP-ZQ", "Method"),
    # a bracketed name after the object's kind noun, not an abbreviation of it
    ("We present a noise-aware speech recognition model (NA-Whisp) to transfer pretrained models to audio.",
     "NA-Whisp", "Model"),
])
def test_named_contribution_is_proposed(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract).get(name) == typ, _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract, name, found", [
    ("We use a low-rank approximation technique called Tensor Chain (TC) to approximate the values.", "Tensor Chain",
     "Tensor Chain"),
    ("To improve efficiency, this paper presents a novel approach named Physics guided Neural Solver (PhyNS).",
     "Physics", "Physics guided Neural Solver"),
    ("We concurrently train multiple sparse models, referred to as particles, using different batch orders.",
     "particles", "sparse models"),
])
def test_naming_cue_proposes_no_used_part_or_lowercase_word(extractor, abstract, name, found):
    """Someone else's technique ("we use a technique called X"), a name cut short by a lower-case word, and
    one lower-case word after a naming cue (a term, not a name) are not proposed."""
    assert found in _found(extractor, abstract)  # positive control
    assert name not in _proposed(extractor, abstract)


def test_power_name_is_proposed(extractor):
    """"$C^3$" is written "C^3": a capital to a power is a name, and its bracketed words its long form."""
    found = _proposed(extractor, "We introduce a three-step method, $C^3$ (Crop, Cut, Compose), to close the "
                                 "modality gap. Our $C^3$ method improves retrieval.")
    assert found.get("Crop, Cut, Compose") == "Method", found


def test_a_later_mention_is_found_where_another_candidate_starts(extractor):
    """"Velvet infuses …" starts a phrase candidate: the name found again there is still the contribution's."""
    record = extractor.extract(Paper(id="p", abstract=(
        "We present Velvet, a modular planning framework for household robots. "
        "In its first stage, Velvet infuses rationale-prompting via large language models.")))
    (velvet,) = [e for e in record.entities if e.labels[0] == "Velvet"]
    assert velvet.proposed and velvet.mention_count == 2
    assert not [e for e in record.entities if e.labels[0].startswith("Velvet infuses")]


@pytest.mark.parametrize("title, abstract, proposed, found", [
    ("Quiet Harbor: Measuring How Agents Negotiate Under Pressure",
     "We collect negotiation dialogues from an online game. Agents fail often in the Quiet Harbor dataset.",
     {"Quiet Harbor": "Dataset"}, "Quiet Harbor"),
    ("Quiet Harbor: Measuring How Agents Negotiate Under Pressure",
     "We collect negotiation dialogues from an online game. Agents fail often in the harbor, even GPT-4.", {},
     "GPT-4"),
])
def test_title_name_referred_back_with_a_kind_noun_is_proposed(extractor, title, abstract, proposed, found):
    record = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    assert found in {label for e in record.entities for label in e.labels}  # positive control
    assert {e.labels[0]: e.type for e in record.entities if e.proposed} == proposed


@pytest.mark.parametrize("abstract, name, typ, proposed", [
    ("Building on Quiet Annealing, an approach introduced for energy models, we study sparsity.",
     "Quiet Annealing", "Method", False),
    ("We compare with GRIDMX, a competing diffusion model, on crystal generation.", "GRIDMX", "Model", False),
    ("Our study uses two tools: a probe, and FLIPPR, a new approach for patching activations.",
     "FLIPPR", "Method", True),
    # a name kept on its spelling alone (an inner capital) is still confirmed new by "a novel …"
    ("We adapt the GAZED framework integrated with CineFlux, a novel real-time camera stabilization approach.",
     "CineFlux", "Method", True),
    ("We adapt the GAZED framework integrated with CineFlux, a real-time camera stabilization approach.",
     "CineFlux", "Method", False),
])
def test_a_name_once_mentioned_is_typed_by_its_apposition(extractor, abstract, name, typ, proposed):
    record = extractor.extract(Paper(id="p", abstract=abstract))
    found = {e.labels[0]: (e.type, e.proposed) for e in record.entities}
    assert found.get(name) == (typ, proposed), found


def test_a_name_before_a_definition_or_after_a_colon_is_no_apposition_name(extractor):
    """The end of a long form ("… from Human Guidance (HG-RL), a …") or the restated name after a title's colon."""
    record = extractor.extract(Paper(id="p", abstract=(
        "We propose Safe Learning from Human Guidance (SLHG-X), a method for alignment. "
        "We build GridWorks: The Open Planning Environment, the first toolkit for planners.")))
    labels = {label for e in record.entities for label in e.labels}
    assert "GridWorks" in labels, labels  # positive control: the name itself is found
    assert "Human Guidance" not in labels and "Open Planning Environment" not in labels, labels


@pytest.mark.parametrize("abstract, name", [
    ("Keypoints matter. The proposed KeyGNet, supervised by a combined loss, learns the color of the objects.",
     "KeyGNet"),
    ("This paper proposed a Continual Prompt-Tuning RD (CPT-RD) framework, which avoids catastrophic forgetting.",
     "CPT-RD"),
])
def test_the_proposed_name_and_a_past_proposal_of_this_paper(extractor, abstract, name):
    ex = extractor.extract(Paper(id="p", abstract=abstract))
    proposed = [label for e in ex.entities if e.proposed for label in e.labels]
    assert name in proposed, proposed


def test_our_known_name_is_used_not_proposed(extractor):
    """"our BERT" is a known model; "our FooNet" (positive control) is the paper's own."""
    proposed = _proposed(extractor, "We fine-tune our BERT encoder on the data. Our FooNet then ranks the answers.")
    assert "BERT" not in proposed, proposed
    assert "FooNet" in proposed, proposed


def _title_proposed(extractor, title: str, abstract: str) -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


@pytest.mark.parametrize("title, name, typ", [
    ("Weakly Consistent Optimal Pricing Algorithms in Repeated Posted-Price Auctions", "Weakly Consistent Optimal "
     "Pricing Algorithms", "Method"),
    ("A Suspect Identification Framework Using Contrastive Relevance Feedback", "Suspect Identification Framework",
     "Method"),
    ("Deep Metric Learning With Chance Constraints", "Deep Metric Learning With Chance Constraints", "Method"),
    ("A Novel Multi-Task Gaussian Process Model for Treatment Effects", "Multi-Task Gaussian Process Model", "Model"),
])
def test_an_unnamed_contribution_takes_the_title_phrase(extractor, title, name, typ):
    abstract = "Pricing is hard. We propose a novel algorithm that never decreases offered prices."
    assert _title_proposed(extractor, title, abstract) == {name: typ}


@pytest.mark.parametrize("title", [
    "Specular Object Reconstruction Behind Frosted Glass",  # names the task
    "Boosting the Adversarial Robustness of Graph Neural Networks",  # a verb phrase
    "Training a General Spiking Neural Network with Improved Efficiency",  # a verb and its object
    "Can Transformers Learn Sparse Pricing Algorithms?",  # a question
])
def test_a_title_that_names_no_method_gives_no_title_phrase(extractor, title):
    abstract = "Pricing is hard. We propose a novel algorithm that never decreases offered prices."
    assert not any(name in title for name in _title_proposed(extractor, title, abstract))
    # positive control: the same abstract under a title that names its method
    assert _title_proposed(extractor, "Sparse Pricing Algorithms for Auctions", abstract) == {
        "Sparse Pricing Algorithms": "Method"}


def test_the_title_phrase_needs_a_contribution_cue(extractor):
    """An analysis paper ("we show that …") proposes nothing; the same title with a cue (control) does."""
    title = "Weakly Consistent Optimal Pricing Algorithms in Repeated Auctions"
    assert _title_proposed(extractor, title, "Pricing is hard. We show that prices never decrease.") == {}
    assert _title_proposed(extractor, title, "Pricing is hard. Our algorithm never decreases prices.") != {}


def test_a_known_name_before_a_noun_is_part_of_the_described_contribution(extractor):
    """"a novel LLM detector": the paper proposes the detector, not LLMs."""
    proposed = _proposed(extractor, "Detection is hard. We propose a novel LLM detector that requires simple "
                                    "calculations.")
    assert "LLM detector" in proposed and not any(k.lower() in ("llm", "large language model") for k in proposed), \
        proposed


def test_the_method_called_a_rare_word_is_proposed_and_found_again(extractor):
    ex = extractor.extract(Paper(id="p", abstract=(
        "We propose a novel detector that requires simple calculations. The method, called *Binoculars*, achieves "
        "high accuracy. We evaluate Binoculars on many text sources.")))
    proposed = [e for e in ex.entities if e.proposed]
    assert [e.labels[0] for e in proposed] == ["Binoculars"] and proposed[0].mention_count == 2, proposed


def test_is_rare_word_tells_a_coined_name_from_english():
    from kg.extract.components.contributions.base import is_rare_word
    assert is_rare_word("Binoculars") and is_rare_word("Magnushammer")
    assert not is_rare_word("Volcano") and not is_rare_word("Method")


@pytest.mark.parametrize("abstract, name, typ", [
    ("Bounds are hard. We propose a method to estimate these bounds, and show that it converges.",
     "method to estimate these bounds", "Method"),
    ("In this paper, we propose a rasterizer-based differentiable renderer to solve this problem.",
     "rasterizer-based differentiable renderer", "Method"),
])
def test_described_contributions_are_kept_whole(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract) == {name: typ}


def test_a_described_study_is_no_contribution(extractor):
    """"a comprehensive empirical study" is what the paper does (control: "a … benchmark suite" is proposed)."""
    assert _proposed(extractor, "We present a comprehensive empirical study of pruning.") == {}
    assert _proposed(extractor, "We present a comprehensive pruning benchmark suite.") != {}


def test_a_gerund_after_by_in_our_sentence_is_a_contribution_cue(extractor):
    """"by introducing X" in a sentence about what we do (control: "methods introducing X" is other work)."""
    assert "In-Context Cross-lingual Transfer" in _proposed(extractor, "In this paper, we exploit in-context tuning "
                                                           "by introducing In-Context Cross-lingual Transfer (IC-XLT).")
    assert _proposed(extractor, "Prior methods introducing In-Context Cross-lingual Transfer (IC-XLT) are slow.") == {}


def test_a_dash_title_names_the_contribution_and_a_known_name_before_its_acronym_modifies(extractor):
    ex = extractor.extract(Paper(id="p", title="MEOW - Multi-Objective Evolutionary Weapon Detection", abstract=(
        "Screening is hard. We propose a novel automated machine learning (AutoML) multi-objective approach for "
        "weapon detection (MEOW). We benchmark MEOW on two datasets.")))
    proposed = {label for e in ex.entities if e.proposed for label in e.labels}
    assert "MEOW" in proposed and "automated machine learning" not in proposed, proposed


def test_a_known_name_defined_inside_an_of_phrase_is_studied_not_proposed(extractor):
    """Control: a new name defined the same way is proposed."""
    assert _proposed(extractor, "This paper presents one of the first large-scale explorations of the posterior "
                                "distribution of deep Bayesian Neural Networks (BNNs).") == {}
    assert "Sparse Posterior Explorer" in _proposed(extractor, "This paper presents a Sparse Posterior Explorer (SPE) "
                                                               "for deep networks.")


def _proposed_t(extractor: Extractor, title: str, abstract: str) -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


@pytest.mark.parametrize("abstract, name, typ", [
    # past closed-class words the chunker stops at ("limit", "integrated")
    ("Here, we propose an asymmetric dual limit surface model to determine slip boundary conditions.",
     "asymmetric dual limit surface model", "Model"),
    ("To address these limitations, we propose an integrated retrieval-summarization framework that captures "
     "document relationships.", "integrated retrieval-summarization framework", "Method"),
    # a variant is named with what it varies
    ("In this paper, we introduce a temporal difference version of contrastive predictive coding that stitches "
     "together pieces of time series.", "temporal difference version of contrastive predictive coding", "Method"),
    ("We propose a variation of the Adam optimizer for sparse gradients.", "variation of the Adam optimizer", "Method"),
    # a participle after the kind noun opens a clause; weak words joined by "and" lead
    ("We further propose a novel label bias calibration method tailored for few-shot prompting.",
     "label bias calibration method", "Method"),
    ("In this paper, we develop a simple and efficient decentralized algorithm to minimize the user loss.",
     "decentralized algorithm", "Method"),
    # cues of a described contribution that name nothing themselves
    ("This paper describes a deep reinforcement learning framework for sequence-agnostic navigation.",
     "deep reinforcement learning framework", "Method"),
    ("Our main contribution is an information theoretic framework based on rate distortion theory.",
     "information theoretic framework", "Method"),
    # the object past "for the first time" / "the use of", after "propose and analyze"
    ("In this work, we propose for the first time a unified encoder-decoder training of binary codes.",
     "encoder-decoder training", "Method"),
    ("To address this problem, we propose the use of a lookahead mechanism to gather more information.",
     "lookahead mechanism", "Method"),
    # (a complement the sentence's end closes is kept whole: the policy of what)
    ("Our primary contribution is the development of an estimator for the optimal policy of average reward MDPs.",
     "estimator for the optimal policy of average reward MDPs", "Method"),
    ("To this end, we propose and analyze randomized decoding, which converts estimated scores.",
     "randomized decoding", "Method"),
    # a lower-case contribution with an apposition saying what it is
    ("To this end, we propose motion guidance, a zero-shot technique that lets a user specify motion fields.",
     "motion guidance", "Method"),
    # "the proposed X" of a paper with no other answer
    ("This paper explores the space of adversarial perturbations. Using the proposed greedy algorithm, we train "
     "the adversarial space.", "greedy algorithm", "Method"),
])
def test_described_contribution_is_read_to_its_kind_noun(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract) == {name: typ}, _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract, name, typ", [
    ("Our proposed method, LatentDiffuser, demonstrates competitive performance on locomotion tasks.",
     "LatentDiffuser", "Method"),
    ("We highlight that our algorithm, SpectralDICE, is the first to leverage this structure.", "SpectralDICE",
     "Method"),
    ("Our method, Crowd-Calibrator, models the distance between labels.", "Crowd-Calibrator", "Method"),
    ("We demonstrate that our method, Bloop, can lead to much better performances.", "Bloop", "Method"),
    ("We instantiate this in Dynalang, an agent that learns a multimodal world model. Dynalang learns fast.",
     "Dynalang", "Model"),
    ('In this work, we propose a general SNN architecture, termed as "Meta-SpikeFormer", whose goals are many.',
     "Meta-SpikeFormer", "Model"),
    ("Finally, we present the versatility of the bilevel lens, which we refer to as BloomGML, in experiments.",
     "BloomGML", "Method"),
    # "named entity recognition" is no naming cue: the name before it stays the contribution
    ("First, we introduce LeNS-Align, a novel cross-lingual mapping technique which improves word alignments by "
     "combining lexical alignment, named entity recognition, and semantic alignment.", "LeNS-Align", "Method"),
])
def test_named_contribution_cues(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract).get(name) == typ, _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract, described", [
    ("In this work, we design an LLM agent that plans its own tool calls.", "LLM agent"),
    ("In this work, we design an LLM agent that gathers information about the hidden state.", "LLM agent"),
])
def test_a_known_concept_before_a_kind_noun_is_not_the_contribution(extractor, abstract, described):
    """"an LLM agent": the paper proposes the described thing, not the concept it builds on."""
    proposed = {label.lower() for label in _proposed(extractor, abstract)}
    assert described.lower() in proposed, proposed  # positive control
    assert not {"gnn", "graph neural network", "llm", "llms", "large language model"} & proposed, proposed


def test_an_unknown_acronym_before_a_kind_noun_is_the_contribution(extractor):
    proposed = _proposed(extractor, "Specifically, we propose a CACER algorithm that uses a multilayer perceptron.")
    assert proposed == {"CACER": "Method"}, proposed


@pytest.mark.parametrize("title, abstract, name", [
    # a coined title word before the colon, for an abstract with a contribution cue but no name
    ("Self-Cleaning: Improving a Named Entity Recognizer Trained on Noisy Data",
     "Hence, we propose to denoise the noisy NER data with guidance from a few clean instances.", "Self-Cleaning"),
    # a coined name may start lower-case when it is marked inside (a capital or a digit after its first letter)
    ("q-Walks: Generalizing the Random Walk with Power Means",
     "Hence, we propose to denoise the noisy walks with guidance from a few clean instances.", "q-Walks"),
    # the title's means phrase "X via Y", when the abstract names and describes nothing
    ("Partial Multi-View Classification via Semantic Invariance Learning",
     "In this paper, we seek to compress representations. Our method outperforms existing methods.",
     "Semantic Invariance Learning"),
    ("Learning with Large Noise Through Reweighting-Minimization",
     "We propose an approach that iterates between fitting and re-weighting the data.", "Reweighting-Minimization"),
])
def test_title_names_the_unnamed_contribution(extractor, title, abstract, name):
    assert name in _proposed_t(extractor, title, abstract), _proposed_t(extractor, title, abstract)


@pytest.mark.parametrize("title", [
    "Graph Machine Learning via the Time-Change Theorem",  # a known thing the paper uses
    "Collision Prediction for Navigation Using Aerial Robots",  # a model or platform, not a method
    "Boosting Diffusion Guidance via Learning Degradation-Aware Models",  # a verb phrase
])
def test_a_title_means_phrase_that_is_not_the_contribution(extractor, title):
    abstract = "In this paper, we seek to compress representations. Our method outperforms existing methods."
    rival = "Semantic Invariance Learning"  # positive control: the same abstract takes a method's means phrase
    assert rival in _proposed_t(extractor, f"Partial Classification via {rival}", abstract)
    # no title phrase is proposed ("our method" gives its kind noun, the answer of last resort)
    assert _proposed_t(extractor, title, abstract) == {"method": "Method"}, _proposed_t(extractor, title, abstract)


def test_a_common_word_after_our_kind_noun_is_no_name(extractor):
    """"our method, Bloop, …" names it (a rare word); "our method, Second, …" does not (its kind noun is the answer
    of last resort)."""
    assert "Bloop" in _proposed(extractor, "We evaluate our method, Bloop, on graphs.")  # positive control
    assert _proposed(extractor, "We evaluate our method, Second, on graphs.") == {"method": "Method"}, \
        _proposed(extractor, "We evaluate our method, Second, on graphs.")


def _proposed_titled(extractor: Extractor, title: str, abstract: str) -> dict[str, str]:
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    return {e.labels[0]: e.type for e in ex.entities if e.proposed}


def test_a_bare_kind_noun_takes_the_title_name_the_abstract_repeats(extractor):
    """"we propose an alternative approach that …" names nothing itself: the title's head phrase, used again in
    the abstract, is what the paper proposes, typed by the cue's kind noun."""
    title = "Prompt Vectors: Making Prompting More Controllable Through Latent Space Steering"
    abstract = ("To overcome these limitations, we propose an alternative approach that recasts prompting as "
                "prompt vectors. Using prompt vectors has two steps.")
    assert _proposed_titled(extractor, title, abstract) == {"Prompt Vectors": "Method"}
    # the title's words absent from the abstract: no name is made up from a catchy title (the bare kind noun is the
    # answer of last resort)
    other = "Ranking fairly: Lessons on robustness"
    assert _proposed_titled(extractor, other, abstract) == {"approach": "Method"}
    # positive control of the same cue: a kind noun with its purpose is the described contribution
    assert _proposed_titled(extractor, other, "We propose an algorithm for fair ranking of documents.") \
        == {"algorithm for fair ranking of documents": "Method"}


def test_a_contribution_verb_after_and_then_keeps_the_subject(extractor):
    abstract = ("In this paper, we first formally define the self-consistency of code models and then design a "
                "framework, IdentityChain, which evaluates both.")
    assert _proposed(extractor, abstract) == {"IdentityChain": "Method"}
    # the same shape with someone else as the subject proposes nothing (the assertion above is its control)
    other = ("Prior work first defined the self-consistency of code models and then designed a framework, "
             "IdentityChain, which evaluates both.")
    assert "IdentityChain" not in _proposed(extractor, other)


def test_a_title_phrase_is_not_cut_inside_a_coordination():
    from kg.extract.components.contributions.titles import title_phrases
    title = "Robust Distribution Learning with Local and Global Adversarial Corruptions"
    got = [title[a:b] for a, b, _h in title_phrases(title, {"and", "for"}, {"with"}, set(), set(), set(),
                                                     frozenset({"a", "an", "the"}))]
    assert got == ["Robust Distribution Learning"]
    title = "Deep Metric Learning with Chance Constraints"
    got = [title[a:b] for a, b, _h in title_phrases(title, {"and", "for"}, {"with"}, set(), set(), set(),
                                                     frozenset({"a", "an", "the"}))]
    assert got == [title]


@pytest.mark.parametrize("abstract, name", [
    ("We introduce a novel approach, the Trajectory Aggregation Tree (TAT), to address this issue in planners.",
     "Trajectory Aggregation Tree"),
    ("We propose a general method for constructing robust permutation tests under data corruption.",
     "method for constructing robust permutation tests"),
    ("We present a general method of amortizing exact synthesizers, which is fast.",
     "method of amortizing exact synthesizers"),
])
def test_kind_noun_then_article_name_or_gerund_complement_is_proposed(extractor, abstract, name):
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_a_gerund_complement_cut_at_a_comma_inside_its_phrase_is_no_name(extractor):
    # "the slow, exact RSA synthesizer" goes on past the comma: no half phrase is proposed; the whole is, when it ends
    # the sentence ...
    assert _proposed(extractor, "We present a general method of amortizing the slow, exact RSA synthesizer.") \
        == {"method of amortizing the slow, exact RSA synthesizer": "Method"}
    assert _proposed(extractor, "We present a general method of amortizing the slow, exact RSA synthesizer for "
                                "many tasks of program synthesis.") == {}
    # ... while the same complement ending at its clause is (the control)
    assert _proposed(extractor, "We present a general method of amortizing the synthesizer, which is fast.") \
        == {"method of amortizing the synthesizer": "Method"}


def test_methodology_is_a_kind_noun_that_types_a_name(extractor):
    abstract = ("Specifically we develop a new denoising diffusion probabilistic modeling methodology, Gen-neG, that "
                "leverages this side-information.")
    assert _proposed(extractor, abstract) == {"Gen-neG": "Method"}


def test_a_title_purpose_headed_by_a_process_noun_is_a_task(extractor):
    ex = extractor.extract(Paper(id="p", title="Quantum Algorithm for Online Exp-concave Optimization",
                                 abstract="We propose quantum online quasi-Newton methods for this problem."))
    assert {e.labels[0]: e.type for e in ex.entities}.get("Online Exp-concave Optimization") == "Task"
    # control: a one-word purpose is no task ("… for Optimization"), nor a known technique ("… for Knowledge
    # Distillation"; a research topic such as "Bayesian deep learning" posed there is: kg_merge's posed topics)
    for title in ("Quantum Algorithm for Optimization", "Laplace Approximation for Knowledge Distillation"):
        ex = extractor.extract(Paper(id="p", title=title, abstract="We propose quantum online methods."))
        assert not [e for e in ex.entities if e.type == "Task"], title


def test_a_title_purpose_stops_before_an_aside_that_ends_the_title(extractor):
    ex = extractor.extract(Paper(id="p", title="A Rule Learner for Keypoint Detection (Abstract Reprint)",
                                 abstract="We propose a rule learner."))
    tasks = {e.labels[0].lower() for e in ex.entities if e.type == "Task"}
    assert tasks == {"keypoint detection"}, tasks


def test_a_title_purpose_of_plural_things_is_no_task(extractor):
    """"… for Soft Robot Arms": things no table types a task; controls: a plural acronym ("… for Constrained MDPs")
    and a nominalisation with "of" ("… for Classification of Logical Fallacies") are problems."""
    def tasks(title):
        ex = extractor.extract(Paper(id="p", title=title, abstract="We propose a planner. It works."))
        return {e.labels[0].lower() for e in ex.entities if e.type == "Task"}
    assert not tasks("A Learned Planner for Soft Robot Arms")
    assert tasks("A Learned Planner for Constrained MDPs") == {"constrained mdps"}
    assert tasks("A Learned Planner for Classification of Logical Fallacies") == {"classification of logical fallacies"}


def test_derive_or_give_proposes_only_an_object_ending_in_a_kind_noun(extractor):
    # "derive upper bounds" proposes nothing (a generic result, no kind noun); "give a polynomial-time algorithm" does
    abstract = ("We derive upper bounds on the convergence rate of SGD, and we give a polynomial-time algorithm with "
                "strong utility guarantees.")
    assert _proposed(extractor, abstract) == {"polynomial-time algorithm": "Method"}
    assert _proposed(extractor, "To tackle this, we derive an information-theoretic defense approach that "
                                "aggregates the detectors.") == {"information-theoretic defense approach": "Method"}


def test_derive_sends_no_reader_to_the_title(extractor):
    # a title phrase is read only after a contribution verb: "we derive upper bounds" is none ...
    ex = extractor.extract(Paper(id="p", title="Exact Sampling of Directed Acyclic Graphs",
                                 abstract="We derive upper bounds on the sampling time."))
    assert not [e for e in ex.entities if e.proposed]
    # ... "we propose an algorithm that …" is (the control: the same title is then the contribution)
    ex = extractor.extract(Paper(id="p", title="Exact Sampling of Directed Acyclic Graphs",
                                 abstract="We propose an algorithm that is fast."))
    assert [e.labels[0] for e in ex.entities if e.proposed] == ["Exact Sampling of Directed Acyclic Graphs"]


@pytest.mark.parametrize("abstract, name", [
    ("In this work, we introduce an innovative approach that supplements the discriminator by enforcing similarity.",
     "approach that supplements the discriminator"),
    ("This work presents a system that empowers a quadruped robot to perform object interactions.",
     "system that empowers a quadruped robot"),
    ("In this work, we investigate kernel clustering, and propose algorithms that construct decision trees to "
     "approximate the partitions.",
     "algorithms that construct decision trees"),
    ("We devised a system leveraging retrieval-augmented generation to improve the output.",
     "system leveraging retrieval-augmented generation"),
])
def test_a_bare_kind_noun_is_proposed_with_its_relative_clause(extractor, abstract, name):
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_a_relative_clause_that_goes_on_or_refers_back_names_nothing(extractor):
    # "… scales this approach …" refers back and is not proposed; the next sentence's clause is (the control, same
    # abstract)
    abstract = ("We propose a novel algorithm that scales this approach to multi-agent domains. We then introduce a method "
                "that prunes redundant experts.")
    assert _proposed(extractor, abstract) == {"method that prunes redundant experts": "Method"}


def test_a_relative_clause_object_may_open_with_a_list_of_describing_words_and_join_two_words(extractor):
    abstract = ("We propose a novel system that integrates state-of-the-art, domain-specific language models with "
                "retrieval.")
    assert _proposed(extractor, abstract) == {
        "system that integrates state-of-the-art, domain-specific language models": "Method"}
    abstract = "We propose practical schemes that balance frequency and accuracy, backed by guarantees."
    assert _proposed(extractor, abstract) == {"schemes that balance frequency and accuracy": "Method"}
    # the control: a coordination that goes on is no object of its own
    assert _proposed(extractor, "We propose practical schemes that balance frequency and accuracy of sampling and "
                                "estimation.") == {}


def test_by_proposing_after_this_paper_is_a_contribution_cue(extractor):
    abstract = ("This paper addresses these challenges by proposing Reachability-based Signed Distance Functions "
                "(RDFs) as a neural implicit representation.")
    assert _proposed(extractor, abstract) == {"Reachability-based Signed Distance Functions": "Method"}
    # control: the same gerund after someone else's work is found but not proposed
    other = abstract.replace("This paper", "Prior work")
    assert _proposed(extractor, other) == {}
    assert "Reachability-based Signed Distance Functions" in _found(extractor, other)


@pytest.mark.parametrize("abstract, name", [
    ("We propose a 1-nearest-neighbour based method to assign a weight to each sample.",
     "1-nearest-neighbour based method"),
    ("In this work, we propose a deep-learning based response letter generation framework that attempts to help.",
     "deep-learning based response letter generation framework"),
])
def test_an_unglued_based_goes_on_to_the_kind_noun(extractor, abstract, name):
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_a_based_on_phrase_is_no_part_of_the_described_kind(extractor):
    # "based on" opens what the method uses: the bare kind noun is proposed with it, not as "decision trees" ...
    assert _proposed(extractor, "We propose a new method based on decision trees, which is fast.") \
        == {"method based on decision trees": "Method"}
    # ... while "tree based method" is one described kind (the control, same words)
    assert _proposed(extractor, "We propose a new decision tree based method, which is fast.") \
        == {"decision tree based method": "Method"}


def test_a_name_after_a_kind_noun_and_a_colon_is_proposed(extractor):
    abstract = ("To address this, we propose a simple yet efficient method: Controllable Interpolation Regularization "
                "(CIR), which is fast.")
    assert _proposed(extractor, abstract) == {"Controllable Interpolation Regularization": "Method"}
    # control: a colon that opens a list of steps names nothing
    assert _proposed(extractor, "We propose a simple method: first, we sample points; then we fit a line.") == {}


@pytest.mark.parametrize("abstract, name", [
    ("We propose two novel approaches for cross-task knowledge transfer to improve program induction in limited-data "
     "scenarios.", "approaches for cross-task knowledge transfer"),
    ("We propose a method for incorporating external linguistic information into a self-attention mechanism for "
     "parsing.", "method for incorporating external linguistic information"),
    ("This paper proposes a principled approach to model the covariances of point-to-plane Iterative Closest Point "
     "(ICP).", "approach to model the covariances"),
])
def test_a_long_complement_is_cut_at_its_last_preposition_not_inside_a_compound(extractor, abstract, name):
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_a_complement_is_cut_before_a_phrase_about_the_text(extractor):
    # "in this setting" is about the text: no part of the name ...
    assert _proposed(extractor, "We present a new approach to multi-agent control in this setting.") \
        == {"approach to multi-agent control": "Method"}
    # ... while "these bounds" right after the verb is its object (the control: kept whole)
    assert _proposed(extractor, "Bounds are hard. We propose a method to estimate these bounds, and show it works.") \
        == {"method to estimate these bounds": "Method"}


def test_an_indefinite_subject_of_a_passive_contribution_sentence_is_proposed(extractor):
    abstract = ("Existing methods are slow. A known probabilistic model is introduced by Smith et al. Specifically, "
                "a zero-initialized attention mechanism is proposed.")
    assert _proposed(extractor, abstract) == {"zero-initialized attention mechanism": "Method"}


def test_a_passive_subject_that_is_known_coordinated_or_named_is_no_described_contribution(extractor):
    # a known concept, a coordination and a named thing (its name read elsewhere) are not proposed as described ...
    for sentence in ("In this work, a probabilistic model is introduced in which accuracy is explained.",
                     "In this paper, a complete contact detection, isolation, and reaction scheme is presented."):
        assert _proposed(extractor, sentence) == {}, sentence
    # ... a named one proposes its name (_passive_named), not the described "new sampling method"
    assert _proposed(extractor, "Thus, a new sampling method, hereby referred to as Foo Bar, is proposed for this.") \
        == {"Foo Bar": "Method"}
    # ... the control: the same sentence form with a described kind
    assert _proposed(extractor, "In this paper, a hash coding layer is presented.") == {"hash coding layer": "Method"}


# --- issue 12 (branch h12w): long complements, names past an acronym, names given later, lists of names ---

def test_a_bare_kind_after_suggest_is_kept_whole_with_a_long_complement(extractor):
    abstract = ("Additionally, we suggest an algorithm for training the time-reversal of Markov jump processes which "
                "relies on conditional expectations.")
    assert _proposed(extractor, abstract) == {
        "algorithm for training the time-reversal of Markov jump processes": "Method"}


def test_a_long_complement_with_a_second_phrase_is_still_cut(extractor):
    # "in the absence of humans" is a second phrase: cut at its preposition as before ...
    abstract = "We propose a method to learn rewards more efficiently in the absence of humans, which is cheap."
    assert _proposed(extractor, abstract) == {"method to learn rewards more efficiently": "Method"}
    # ... the control: one "of" inside a complement that a clause word ends keeps it whole
    abstract = "We propose a method to learn the rewards of robot skills which is cheap."
    assert _proposed(extractor, abstract) == {"method to learn the rewards of robot skills": "Method"}


def test_a_describing_verb_needs_more_than_one_word_of_complement(extractor):
    abstract = "We derive an approach for learning from these feature-level preferences, both for cases where it works."
    assert "approach for learning" in _found(extractor, "We propose an approach for learning, which works.")  # control
    assert _proposed(extractor, abstract) == {}


def test_an_adverb_may_open_the_object_of_a_kind_nouns_participle(extractor):
    abstract = "We develop an algorithm involving suitably chosen CUSUM statistics based on the adjacency matrices."
    assert _proposed(extractor, abstract) == {"algorithm involving suitably chosen CUSUM statistics": "Method"}


def test_a_long_form_in_mixed_capitals_is_kept_whole_with_the_name_after_its_acronym(extractor):
    abstract = ("We study goodness of fit. We introduce the REcurrent NeurAL (RENAL) Goodness-of-Fit test, a new test "
                "for dynamics.")
    proposed = _proposed(extractor, abstract)
    assert proposed == {"REcurrent NeurAL Goodness-of-Fit test": "Method"}, proposed
    # the control: an ordinary long form before its kind noun is proposed as before, without the kind noun
    assert _proposed(extractor, "We propose Low-Rank Adaptation (LoRA) Fine Tuning for LLMs.") \
        == {"Low-Rank Adaptation": "Method"}


@pytest.mark.parametrize("abstract", [
    "We design a learning-augmented data structure for sorting. Our structure, named RobustSL, is robust to errors.",
    "We propose a new method for robust sorting under noise. We call it RobustSL.",
    "We propose a new method for robust sorting under noise. We name our method RobustSL, and it is fast.",
])
def test_a_name_given_in_a_later_sentence_is_the_contribution(extractor, abstract):
    assert _proposed(extractor, abstract) == {"RobustSL": "Method"}


def test_a_known_name_given_later_is_no_contribution(extractor):
    abstract = "We propose a new method for robust sorting under noise. We call it BERT."
    assert "BERT" in _found(extractor, abstract)  # positive control: found, and not proposed
    assert _proposed(extractor, abstract) == {"method for robust sorting under noise": "Method"}


def test_the_resulting_novel_thing_is_proposed_but_not_any_resulting_thing(extractor):
    assert _proposed(extractor, "We combine highway layers with value iteration networks (VINs). The resulting novel "
                                "highway VIN can be trained with hundreds of layers.") == {"highway VIN": "Method"}
    abstract = "We propose KREPE, a method for facts. The resulting prompt embeddings are combined into one."
    assert _proposed(extractor, abstract) == {"KREPE": "Method"}  # the control on the same input: only KREPE


def test_a_collection_of_a_kind_proposes_its_members(extractor):
    abstract = ("This study introduces three new classes of abstraction functions combined with seven distinct "
                "partitioning schemes.")
    assert _proposed(extractor, abstract) == {"abstraction functions": "Method"}
    # "a range of …" is a collection too
    abstract = "To account for this, we propose a range of adaptive routing policies with two desirable properties."
    assert _proposed(extractor, abstract) == {"adaptive routing policies": "Method"}, _proposed(extractor, abstract)


def test_lower_case_names_listed_after_namely_are_each_proposed(extractor):
    abstract = ("To tackle this challenge, we introduce two methods, namely node intervention and node merging, "
                "designed to modify the dataset.")
    assert _proposed(extractor, abstract) == {"node intervention": "Method", "node merging": "Method"}
    abstract = ("We introduce two contributions, which we refer to as soft-weighted regularization and inference-time "
                "text embedding optimization.")
    assert _proposed(extractor, abstract) == {"soft-weighted regularization": "Method",
                                              "inference-time text embedding optimization": "Method"}


def test_a_known_acronym_inside_the_description_does_not_hide_the_name_after_namely(extractor):
    abstract = ("Inspired by the theorem, we propose an easy-to-implement two-stage PU learning method, namely Positive "
                "and Unlabeled Learning with Controlled Probability Boundary Fence (PULCPBF). In the first stage, we "
                "train a set of weak binary classifiers.")
    assert _proposed(extractor, abstract) == {
        "Positive and Unlabeled Learning with Controlled Probability Boundary Fence": "Method"}


def test_a_word_glued_to_the_next_by_a_hyphen_does_not_type_an_apposition(extractor):
    abstract = "Moreover, we propose S3X, a predictor-based search method that optimizes the solver schedule."
    assert _proposed(extractor, abstract) == {"S3X": "Method"}
    assert _proposed(extractor, "Moreover, we propose S3X, a predictor for the solver schedule.") == {"S3X": "Model"}


def test_a_second_verb_of_this_paper_proposes(extractor):
    abstract = ("This paper focuses on sparse-reward multi-agent cooperative tasks and proposes an effective "
                "experience-sharing method, Multi-Agent Selective Learning (MASL), to boost training.")
    assert _proposed(extractor, abstract) == {"Multi-Agent Selective Learning": "Method"}


def test_describing_words_before_a_comma_lead_a_described_kind(extractor):
    abstract = ("In this work, we provide a novel, computationally efficient, incremental exploration strategy, "
                "leveraging this property of LSTD.")
    assert _proposed(extractor, abstract) == {"incremental exploration strategy": "Method"}
    # the control: a comma before an article opens an apposition, whose words name the contribution
    assert _proposed(extractor, "To this end, we propose motion guidance, a zero-shot technique that lets a user "
                                "specify motion fields.") == {"motion guidance": "Method"}


def test_what_a_new_dataset_is_of_names_it_without_a_trailing_participle(extractor):
    abstract = "We present a dataset of 1000 plant images annotated by experts for disease segmentation."
    assert _proposed(extractor, abstract) == {"dataset of 1000 plant images": "Dataset"}
    # the control: a participle before a comma belongs to a phrase that goes on; no half of it is proposed
    assert _proposed(extractor, "To achieve this, we curate a dataset of intentionally flawed, machine-generated "
                                "answers.") == {}


def test_an_undefined_acronym_before_a_kind_noun_describes_it(extractor):
    abstract = "In this work, we design a POMDP agent that gathers information about the hidden state."
    assert _proposed(extractor, abstract) == {"POMDP agent": "Model"}
    # the control: a coined name after the kind noun is the contribution
    assert _proposed(extractor, "We propose a novel FRL algorithm FLUTE for federated learning.") == {"FLUTE": "Method"}


def test_a_frame_noun_that_ends_a_complement_is_dropped(extractor):
    abstract = "In this work, we propose an algorithm for online binary classification setting that relies on ERM."
    assert _proposed(extractor, abstract) == {"algorithm for online binary classification": "Method"}
    # the control: a complement about the text names nothing, with or without the frame noun (the bare kind noun is
    # the answer of last resort)
    assert _proposed(extractor, "We propose a method for this setting.") == {"method": "Method"}


def test_names_listed_after_a_colon_are_each_proposed(extractor):
    abstract = ("We propose two approaches to achieve this goal: data augmentation by back-translation and class "
                "embedding enrichment.")
    assert _proposed(extractor, abstract) == {"data augmentation by back-translation": "Method",
                                              "class embedding enrichment": "Method"}
    # the control: a colon that opens steps names nothing
    assert _proposed(extractor, "We propose two methods: first, we sample points; then we fit a line.") == {}


def test_a_task_or_a_used_acronym_before_a_kind_noun_describes_it(extractor):
    assert _proposed(extractor, "In particular, we present a new bandit classification algorithm that guarantees "
                                "regret bounds.") == {"bandit classification algorithm": "Method"}
    abstract = ("Generative methods such as normalizing flows (NFs) have emerged. To this end, we introduce a new NF "
                "framework that allows us to classify noise.")
    assert "normalizing flows" in _found(extractor, abstract)  # positive control: found, and only used
    assert _proposed(extractor, abstract) == {"NF framework": "Method"}


def test_a_lower_case_name_after_a_naming_cue_and_an_article(extractor):
    abstract = ("To address this limitation, we propose a novel structural aggregation framework based on dynamics, "
                "named as the dynamics aggregation. For this framework, we design a provably efficient algorithm.")
    assert _proposed(extractor, abstract).get("dynamics aggregation") == "Method", _proposed(extractor, abstract)
    # the control: a lower-case name cut by the word limit is not read at all
    abstract = ("To address this issue, we present a novel multi-view subspace clustering method, named self-supervised "
                "deep multi-view subspace clustering method for data.")
    assert "self-supervised deep multi-view" not in _proposed(extractor, abstract)


def test_a_task_before_a_kind_noun_is_proposed_with_it_in_a_paper_with_other_contributions(extractor):
    abstract = ("Therefore, this paper proposes a hierarchical adaptive control framework that enables legged robots "
                "to perform tasks. In our approach, we first present an adaptive manipulation control to regulate the "
                "contact force.")
    assert _proposed(extractor, abstract) == {"hierarchical adaptive control framework": "Method",
                                              "adaptive manipulation control": "Method"}


def test_names_of_the_members_of_a_collection_are_not_the_contribution(extractor):
    abstract = ("We present Tensor Trust, an online game. We also use the dataset to create a benchmark for resistance "
                "to two types of prompt injection, which we refer to as prompt extraction and prompt hijacking.")
    proposed = _proposed(extractor, abstract)
    assert "Tensor Trust" in proposed, proposed  # the control on the same input
    assert "prompt extraction" not in proposed and "prompt hijacking" not in proposed, proposed


def test_a_described_thing_of_a_describing_word_and_a_clause_is_proposed(extractor):
    abstract = "In this paper, we propose a robotic skin that can be programmed dynamically to change friction."
    assert _proposed(extractor, abstract) == {"robotic skin": "Method"}
    # the control: several things, or one without a clause, are no described contribution
    assert _proposed(extractor, "We further present several sufficient conditions that ensure a linear rate.") == {}
    assert _proposed(extractor, "In this paper, we propose a robotic skin.") == {}


def test_a_title_that_defines_an_acronym_names_the_contribution(extractor):
    title = "Implicit Anomaly Subgraph Detection (IASD) in Multi-Domain Attribute Networks"
    abstract = "Our study focuses on detecting hidden anomaly subgraphs within big data and offering explanations."
    assert _proposed_t(extractor, title, abstract) == {"Implicit Anomaly Subgraph Detection": "Task"}
    # the control: a definition inside the title's phrase, or a known one, names nothing
    title = "A Redundant Parallel Robot for Delicate Physical Environment and Robot Interaction (PERI)"
    assert _proposed_t(extractor, title, abstract) == {}
    assert _proposed_t(extractor, "Large Language Models (LLMs) in Practice", abstract) == {}


def test_a_name_that_describes_the_kind_noun_does_not_hide_the_name_after_it(extractor):
    abstract = ("Episodic RL (ERL) is popular. In this work, we introduce a novel ERL algorithm, Temporally-Correlated "
                "Episodic RL (TCE), which effectively utilizes step information.")
    assert _proposed(extractor, abstract) == {"Temporally-Correlated Episodic RL": "Method"}
    assert "Episodic RL" in _found(extractor, abstract)  # the control: found, and not proposed
    # … but a known algorithm's own acronym after its kind noun is no new name
    abstract = ("In CGAVI, we construct the set of generators by solving specific instances of convex optimization "
                "problems with the Pairwise Frank-Wolfe algorithm (PFW).")
    assert "PFW" not in _proposed(extractor, abstract) and "Pairwise Frank-Wolfe" not in _proposed(extractor, abstract)


def test_our_main_result_is_a_described_contribution_but_not_a_bound(extractor):
    abstract = "Our main result is a polynomial-time reduction that uses a linear optimizer for fair objectives."
    assert _proposed(extractor, abstract) == {"polynomial-time reduction": "Method"}
    # the control: a bound or a guarantee is a result, not a thing the paper introduces
    assert _proposed(extractor, "Our main result is a finite-sample upper bound on the excess risk.") == {}
    assert _proposed(extractor, "We propose an algorithm based on the same intuition, which is fast.") \
        == {"algorithm": "Method"}  # (the bare kind noun, the answer of last resort)


def test_a_model_concept_after_a_described_contribution_is_a_part_of_it(extractor):
    abstract = ("We develop a multivariate posterior sampling procedure through deep generative quantile learning. To "
                "enhance training of the quantile mapping, we design a neural network that performs summary statistic "
                "extraction.")
    assert _proposed(extractor, abstract) == {"multivariate posterior sampling procedure": "Method"}
    # the control: alone, the same sentence still proposes what it designs
    assert "neural network" in _proposed(extractor, "To enhance training of the quantile mapping, we design a neural "
                                                    "network that performs summary statistic extraction.")


def test_a_known_name_glued_to_a_describing_word_is_not_the_contribution(extractor):
    """"a reinforcement learning-based clarification approach": the approach is proposed (the positive control,
    same input), not reinforcement learning."""
    proposed = _proposed(extractor, "Claims are often unclear. We propose a reinforcement learning-based "
                                    "clarification approach that balances content and clarity.")
    assert "reinforcement learning" not in proposed, proposed
    assert any(k.endswith("clarification approach") for k in proposed), proposed


def test_a_definition_after_an_end_to_end_describing_word_is_proposed(extractor):
    """The "to" of "end-to-end" is glued by hyphens: it does not end the object before the definition."""
    abstract = "This paper proposes a novel end-to-end Sparse Token Routing (STR) framework for speech recognition."
    assert _proposed(extractor, abstract) == {"Sparse Token Routing": "Method"}


def test_the_main_contribution_of_the_paper_is_a_cue_and_a_collection_names_its_members(extractor):
    abstract = ("The main contribution of the paper is the introduction of a large family of smooth periodic covariance "
                "functions that resemble the kernels in common use.")
    assert _proposed(extractor, abstract) == {"smooth periodic covariance functions": "Method"}
    # the control: "the contribution of other work" is no cue of the paper's own
    assert _proposed(extractor, "The main contribution of prior work is the introduction of a large family of smooth "
                                "periodic covariance functions.") == {}


@pytest.mark.parametrize("abstract, name", [
    ("Combining both facts, a new sampling method, hereby referred to as Spectral Harmonic Estimation (SHE), is "
     "proposed for approximating the distance.", "Spectral Harmonic Estimation"),
    ("And a method of Gated Phase Mixing (GPM) is proposed, containing a shared forward process.", "Gated Phase Mixing"),
])
def test_a_name_defined_in_the_subject_of_a_passive_contribution_sentence_is_proposed(extractor, abstract, name):
    assert _proposed(extractor, abstract) == {name: "Method"}


def test_a_passive_contribution_sentence_of_other_work_proposes_nothing(extractor):
    abstract = "A method of Gated Phase Mixing (GPM) is proposed by Smith et al. for denoising."
    assert _proposed(extractor, abstract) == {}
    assert "Gated Phase Mixing" in _found(extractor, abstract)  # the control: the name is found, not proposed


def test_a_name_after_a_naming_cue_goes_on_past_the_known_term_it_opens_with(extractor):
    abstract = ("The aim of this paper is to set out a general framework, called Reinforcement Learning Metropolis-"
                "Hastings, that is theoretically supported.")
    proposed = _proposed(extractor, abstract)
    assert proposed == {"Reinforcement Learning Metropolis-Hastings": "Method"}, proposed
    assert "reinforcement learning" not in proposed


def test_it_after_a_sentence_about_this_paper_is_the_paper(extractor):
    text = ("explores the impact of label variance on tail labels. For this purpose, it proposes a principled "
            "distillation framework, LEVAR, which enhances tail performance.")
    assert _proposed(extractor, "This paper " + text) == {"LEVAR": "Method"}
    # the control, same words: "it" after a sentence about something else is not the paper
    assert _proposed(extractor, "The model " + text) == {}


@pytest.mark.parametrize("abstract, name", [
    ("Next, we propose query-key (QK) finetuning to decouple task-specific knowledge.", "query-key finetuning"),
    ("To tackle this issue, we propose reflected reSGLD (r2SGLD): an algorithm tailored for exploration.",
     "reflected reSGLD"),
    ("We propose to decouple the two modalities by Mixture of weak and strong experts (Mowst), where the weak expert "
     "is an MLP.", "Mixture of weak and strong experts"),
    ("We dub this approach ''class subspace orthogonalization'' (CSO) and show it works.",
     "class subspace orthogonalization"),
])
def test_an_acronym_spelled_loosely_by_the_object_of_a_contribution_verb_defines_it(extractor, abstract, name):
    assert _proposed(extractor, abstract) == {name: "Method"}



def test_a_noun_of_a_thing_made_is_a_kind_only_as_the_object_of_a_verb_of_proposing(extractor):
    abstract = "To address these issues, we propose a precise anomaly detection solution for behavior logs."
    assert _proposed(extractor, abstract) == {"anomaly detection solution": "Method"}  # ("precise": a judgement)
    # the control, same object: derived, it is a result; and a result word before it makes it one too
    assert _proposed(extractor, abstract.replace("we propose", "we derive")) == {}
    assert _proposed(extractor, "To address these issues, we propose a closed-form solution for behavior logs.") == {}


def test_a_plural_passive_contribution_sentence_proposes_the_first_thing_listed_after_its_colon(extractor):
    abstract = ("Questions are costly to write. Two novel approaches are proposed in this work: an automatic question "
                "generation system for course material and an automatic evaluation system.")
    assert _proposed(extractor, abstract) == {"automatic question generation system": "Method"}
    # the control: with no colon, nothing is listed
    assert _proposed(extractor, "Questions are costly to write. Two novel approaches are proposed in this work.") == {}


def test_a_title_phrase_headed_by_a_noun_of_a_thing_made_names_a_contribution_the_abstract_does_not_name(extractor):
    title = "Learning with a Mole: Transferable Latent Spatial Representations for Navigation"
    abstract = "In this work we propose to learn an actionable representation of the scene for navigation."
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    assert {e.labels[0] for e in ex.entities if e.proposed} == {"Transferable Latent Spatial Representations"}
    # the control: without a contribution cue the title names nothing
    ex = extractor.extract(Paper(id="p", title=title, abstract="Navigation needs a representation of the scene."))
    assert not any(e.proposed for e in ex.entities)


def test_a_name_opened_by_one_letter_goes_on_past_its_hyphen(extractor):
    abstract = "We propose a new design, termed $G$-design, that balances treatment groups."
    assert _proposed(extractor, abstract) == {"G-design": "Method"}
    # the control: a longer capitalised word does not take the lower-case word after its hyphen
    assert "Gauss-design" not in _proposed(extractor, abstract.replace("$G$", "Gauss"))


def test_a_lower_case_name_after_a_naming_cue_in_the_object_of_a_contribution_verb_is_proposed(extractor):
    text = ("a combination of dynamic programming and policy gradient called dynamical policy gradient, where the "
            "parameters are trained backwards in time.")
    assert _proposed(extractor, "This paper introduces " + text) == {"dynamical policy gradient": "Method"}
    # the control, same object: a verb that is no contribution verb names nothing
    assert _proposed(extractor, "This paper studies " + text) == {}


@pytest.mark.parametrize("abstract, name, typ", [
    # describing words over a comma, a hyphenated one counted once
    ("In this paper, we propose a new distribution-free, data-driven UCB algorithm for symmetric rewards.",
     "data-driven UCB algorithm", "Method"),
    # describing words joined by "and"
    ("To address this issue, we propose a new uncertainty-aware and interpretable graph classification model that "
     "combines two processes.", "uncertainty-aware and interpretable graph classification model", "Model"),
    # a noun of a thing made
    ("We propose a new dropout variant which gives improved performance.", "dropout variant", "Method"),
    # a noun that ends the complement before a comma is no describing word that goes on
    ("We propose an algorithm for the shared structure learning objective, evaluate its performance, and compare.",
     "algorithm for the shared structure learning objective", "Method"),
    # an enumerated relative clause, the enumerator left out of the name
    ("So we propose a new method that (1) learns the unobserved trajectories from snapshots and (2) needs less.",
     "method that learns the unobserved trajectories", "Method"),
])
def test_described_contributions_of_more_shapes(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract) == {name: typ}


def test_a_coordination_of_kind_nouns_is_no_describing_list(extractor):
    # "a dataset and benchmark": two kind nouns joined, not describing words before one
    assert "dataset and benchmark" not in _proposed(extractor, "We introduce a dataset and benchmark for testing.")
    # the control: describing words joined before a kind noun are read whole
    assert _proposed(extractor, "We introduce a noisy and multilingual benchmark for testing.") \
        == {"noisy and multilingual benchmark": "Dataset"}


def test_a_name_set_off_by_dashes_after_a_described_kind_is_the_contribution(extractor):
    abstract = ("We propose a simple yet robust pruning method – the gradient flow pruning method – for sparse "
                "networks.")
    assert _proposed(extractor, abstract) == {"gradient flow pruning method": "Method"}
    # the control: dashes around words that do not end in the kind noun are an aside, not a name
    assert _proposed(extractor, "We propose a simple yet robust pruning method – the first of its kind – for sparse "
                                "networks.") == {"pruning method": "Method"}


def test_the_object_of_an_infinitive_contribution_verb_is_the_described_contribution(extractor):
    assert _proposed(extractor, "We propose to build a large benchmark of coding tasks for agents.") \
        == {"benchmark of coding tasks for agents": "Dataset"}
    # the control: an infinitive that learns a known kind of thing proposes nothing
    assert _proposed(extractor, "We propose to learn a dynamics model that predicts contacts for manipulation.") == {}


def test_what_we_do_something_by_or_with_that_is_new_is_a_described_contribution(extractor):
    abstract = "In this study, we study such sensitivity using a new decomposition of uncertainty."
    assert _proposed(extractor, abstract) == {"decomposition of uncertainty": "Method"}
    # the control: the same without "new" is someone else's
    assert _proposed(extractor, abstract.replace("a new", "the")) == {}


def test_a_variant_of_two_modifiers_joined_before_one_noun_is_named_whole(extractor):
    assert _proposed(extractor, "We propose a generalization of ridge and lasso estimators for sparse data.") \
        == {"generalization of ridge and lasso estimators": "Method"}
    # the control: joined words that end in no kind noun are not taken in
    assert _proposed(extractor, "We propose a generalization of ridge regression and lasso for sparse data.") \
        == {"generalization of ridge regression": "Method"}


def test_a_name_defined_before_that_describes_the_contribution_is_read_whole_at_once(extractor):
    abstract = ("Cooperative Simultaneous Localization and Mapping (C-SLAM) is hard. We propose a C-SLAM system for "
                "vehicles that exchanges data using standard V2X messages.")
    proposed = _proposed(extractor, abstract)
    assert "C-SLAM system" in proposed and "Cooperative Simultaneous Localization and Mapping" not in proposed, proposed


def test_a_complement_cut_at_a_joined_describing_word_names_nothing(extractor):
    abstract = "In this work, we introduce a unified framework for local and global explanations of models."
    assert "framework for local" not in _proposed(extractor, abstract)
    # the control: the same complement without the joined word is read
    assert _proposed(extractor, "In this work, we introduce a unified framework for local explanations of models.") \
        == {"framework for local explanations of models": "Method"}


def test_a_known_name_with_a_plus_glued_on_is_a_new_name(extractor):
    abstract = ("To address this, we introduce an enhanced dataset augmentation method for MCQA, termed MCQA+, to "
                "provide a more accurate reflection of the performance.")
    proposed = _proposed(extractor, abstract)
    assert proposed == {"MCQA+": "Method"}, proposed
    # the control: the known name without the plus is not the contribution
    assert "multiple choice question answering" not in proposed
    assert "multiple choice question answering" in {k.lower() for k in _found(extractor, abstract)}


def test_weak_words_after_a_comma_leave_the_describing_words_before_it_in_the_phrase(extractor):
    abstract = ("In this paper, we propose a theoretically grounded, lightweight regularizer by treating the dynamics "
                "of a scene as a change of a distribution.")
    assert _proposed(extractor, abstract) == {"theoretically grounded, lightweight regularizer": "Method"}
    # the control: a describing word after the comma starts the phrase there
    control = abstract.replace("lightweight", "transport-based")
    assert _proposed(extractor, control) == {"transport-based regularizer": "Method"}, _proposed(extractor, control)


def test_a_name_set_off_after_the_contribution_of_this_work_is_proposed(extractor):
    abstract = ("We introduce the primary contribution of this work – SSD-2 – an approach to easily ensemble a large "
                "diffusion LM with smaller diffusion LMs. We show that SSD-2 facilitates novel ensembles.")
    assert _proposed(extractor, abstract) == {"SSD-2": "Method"}


def test_one_describing_adjective_and_a_kind_noun_name_nothing_and_the_title_says_it(extractor):
    abstract = ("In this paper, we develop an analytical framework for alternating minimization that can tolerate a "
                "moderate amount of errors. Moreover, our algorithm runs in nearly linear time.")
    title = "Low Rank Matrix Completion via Robust Alternating Minimization in Nearly Linear Time"
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    proposed = {e.labels[0] for e in ex.entities if e.proposed}
    assert "analytical framework" not in proposed and "Robust Alternating Minimization" in proposed, proposed
    # the control: a naming modifier before the kind noun is the described contribution
    control = abstract.replace("an analytical framework", "a perturbation framework")
    ex = extractor.extract(Paper(id="p", title=title, abstract=control))
    assert "perturbation framework" in {e.labels[0] for e in ex.entities if e.proposed}


def test_a_contribution_verb_after_allows_us_to_is_the_papers_own(extractor):
    abstract = ("Generative Flow Networks (GFNs) sample discrete objects. This construction allows us to introduce "
                "maximum entropy GFNs, which achieve the maximum entropy attainable by GFNs.")
    assert _proposed(extractor, abstract) == {"maximum entropy GFNs": "Method"}, _proposed(extractor, abstract)
    # the control: someone else's allowing them is no cue of the paper's
    control = abstract.replace("allows us to introduce", "allowed them to introduce")
    assert _proposed(extractor, control) == {}, _proposed(extractor, control)
    assert "maximum entropy" in {k.lower() for k in _found(extractor, control)}


def test_the_one_of_something_worked_out_is_no_described_contribution(extractor):
    abstract = ("In this paper, we use the covariance as a proxy for the fairness and develop the confidence region of "
                "the covariance vector using empirical likelihood.")
    assert "confidence region" not in _proposed(extractor, abstract), _proposed(extractor, abstract)
    # the control: an indefinite one is new
    control = abstract.replace("develop the confidence region of", "develop a confidence region for")
    assert "confidence region" in _proposed(extractor, control), _proposed(extractor, control)


def test_allows_us_to_is_no_cue_once_the_paper_has_proposed_something(extractor):
    abstract = ("We introduce a target optimization framework referred to as Proactive Privacy. In turn, the enhanced "
                "theory allows us to create a utility graph and a budget calculator.")
    proposed = _proposed(extractor, abstract)
    assert "Proactive Privacy" in proposed and "utility graph" not in proposed, proposed
    # the control: the same sentence alone proposes what it creates
    alone = _proposed(extractor, abstract.split(". ")[1])
    assert "utility graph" in alone, alone


def test_a_collection_noun_after_a_naming_noun_is_the_kind_a_name_follows(extractor):
    abstract = ("We propose a novel matrix family containing Monarch matrices, the Block Tensor-Train (BTT), which we "
                "show performs better than dense matrices. BTT achieves lower training loss.")
    assert _proposed(extractor, abstract) == {"Block Tensor-Train": "Method"}, _proposed(extractor, abstract)
    # the control: a family of things is no kind noun of its own
    control = abstract.replace("a novel matrix family containing", "a new family of structured layers containing")
    assert "Block Tensor-Train" not in _proposed(extractor, control), _proposed(extractor, control)
    assert "Block Tensor-Train" in _found(extractor, control)


def test_a_sentence_opening_in_addition_to_proposing_is_a_cue_of_the_subject_after_it(extractor):
    abstract = ("Diffusion models are the current state of the art. In addition to proposing a new framework for "
                "constrained image generation, this paper highlights the benefit of more tractable models.")
    assert _proposed(extractor, abstract) == {"framework for constrained image generation": "Method"}
    # the control: another subject after it is someone else's doing
    control = abstract.replace("this paper highlights", "prior work highlights")
    assert _proposed(extractor, control) == {}, _proposed(extractor, control)


def test_lower_case_words_right_after_the_verb_named_by_an_apposition_are_the_contribution(extractor):
    # the title's phrase would answer when the sentence names nothing; here the sentence names it
    title = "Language Models with Factuality Guarantees"
    abstract = "In this work, we propose conformal factuality, a framework that ensures correctness for LMs."
    assert _proposed_t(extractor, title, abstract) == {"conformal factuality": "Method"}
    # the control: with no apposition saying its kind, the same words are no name
    assert "conformal factuality" not in _proposed_t(
        extractor, title, "In this work, we propose conformal factuality for LMs.")


def test_a_title_phrase_before_via_is_what_the_paper_addresses_not_its_contribution(extractor):
    title = "Efficient Heterogeneous Meta-Learning via Channel Shuffling Modulation"
    abstract = ("We tackle the problem of meta-learning across heterogenous tasks. To overcome this weakness, we propose "
                "a new heterogeneous meta-learning strategy that captures the multi-modality of the task distribution.")
    proposed = _proposed_t(extractor, title, abstract)
    assert "heterogeneous meta-learning strategy" in proposed and "Efficient Heterogeneous Meta-Learning" not in proposed
    # the control: with no described contribution in the abstract, the title's phrase still answers
    control = _proposed_t(extractor, title, "We tackle the problem of meta-learning. We propose to modulate channels.")
    assert "Efficient Heterogeneous Meta-Learning" in control, control
    # ... and a phrase headed by a kind noun is the contribution even before "using"
    framework = _proposed_t(extractor, "A Suspect Identification Framework Using Contrastive Relevance Feedback",
                            "We propose a loss function that learns from feedback. It finds suspects.")
    assert "Suspect Identification Framework" in framework, framework


@pytest.mark.parametrize("title, abstract, name", [
    ("Modified Retrace for Off-Policy Temporal Difference Learning",
     "Retrace is unstable with linear function approximation. In this paper, we propose modified Retrace to correct "
     "the off-policy return.", "Modified Retrace"),
    ("Plug-in Performative Optimization",
     "Predictions are performative. In this work we study a general protocol for making use of possibly misspecified "
     "models in performative prediction, called plug-in performative optimization.",
     "Plug-in Performative Optimization"),
])
def test_a_title_phrase_the_abstract_introduces_is_the_contribution(extractor, title, abstract, name):
    """A title's phrase whose head says nothing of its kind ("Retrace", "Optimization" of a task) is the contribution
    when the abstract introduces it in so many words: the object of a contribution verb, or after a naming cue."""
    assert _proposed_t(extractor, title, abstract) == {name: "Method"}, _proposed_t(extractor, title, abstract)
    # the control: the same phrase merely mentioned is no contribution
    control = abstract.replace("propose modified Retrace", "revisit modified Retrace").replace(
        "called plug-in", "such as plug-in")
    assert name not in _proposed_t(extractor, title, control), _proposed_t(extractor, title, control)


def test_a_bare_kind_noun_types_the_titles_phrase_when_nothing_else_answers(extractor):
    title = "Scalable Safe Policy Improvement for Factored Multi-Agent MDPs"
    abstract = ("In this work, we focus on safe policy improvement in multi-agent domains. We propose a novel algorithm "
                "that scales this approach to multi-agent domains.")
    assert _proposed_t(extractor, title, abstract) == {"Scalable Safe Policy Improvement": "Method"}
    # the control: a title headed by what a theory paper proves names no contribution
    bounds = _proposed_t(extractor, "Improved Regret Bounds for Bandit Convex Optimization", abstract)
    assert "Improved Regret Bounds" not in bounds, bounds


@pytest.mark.parametrize("title, abstract, name", [
    ("Empirical Error Estimates for Graph Sparsification",
     "Graph sparsification is used widely. Taking an alternative approach, we propose to address these issues from a "
     "data-driven perspective by computing empirical error estimates.", "Empirical Error Estimates"),
    ("Enhancing Knowledge Selection for Grounded Dialogues via Document Semantic Graphs",
     "Existing models rank sentences. In this work, we propose to automatically convert the background knowledge "
     "documents into document semantic graphs and then perform knowledge selection over such graphs.",
     "Document Semantic Graphs"),
])
def test_a_title_phrase_named_after_propose_to_is_the_contribution(extractor, title, abstract, name):
    """"we propose to VERB …" names nothing right after its verb; a title's phrase (or its means phrase after "via")
    that the rest of the sentence names is what the paper proposes."""
    assert _proposed_t(extractor, title, abstract) == {name: "Method"}, _proposed_t(extractor, title, abstract)
    # the control: the phrase in another sentence than the cue's is no answer
    control = abstract.replace("we propose to", "we hope to")
    assert name not in _proposed_t(extractor, title, control), _proposed_t(extractor, title, control)


def test_a_noun_after_a_defined_acronym_that_is_part_of_the_name_stays_in_it(extractor):
    abstract = ("This work introduces Random Linear Projections (RLP) loss, a novel approach that enhances training "
                "efficiency. RLP loss operates by minimizing the distance between sets of hyperplanes.")
    proposed = _proposed(extractor, abstract)
    assert proposed == {"Random Linear Projections loss": "Method"}, proposed
    # the control: a kind noun after the acronym only classifies the name
    control = _proposed(extractor, "We propose the Graph Attention Retrieval (GAR) framework for retrieval.")
    assert control == {"Graph Attention Retrieval": "Method"}, control


@pytest.mark.parametrize("abstract, name", [
    ("By identifying the hypothesis as a minimax game, we construct a novel test based on low-regret algorithms and a "
     "nonasymptotic law of iterated logarithms.", "test based on low-regret algorithms"),
    ("We instead propose a framework that can use state-of-the-art pedestrian motion models, which is achieved by "
     "reformulating the problem.", "framework that can use state-of-the-art pedestrian motion models"),
])
def test_a_made_noun_or_a_modal_clause_after_a_bare_kind_noun_names_the_contribution(extractor, abstract, name):
    title = "Testing Generated Scenarios Is Hard"
    assert _proposed_t(extractor, title, abstract) == {name: "Method"}, _proposed_t(extractor, title, abstract)
    # the control: "that can be …" says nothing the thing does
    control = abstract.replace("can use", "can be tuned to use").replace("based on", "that is tied to")
    assert name not in _proposed_t(extractor, title, control), _proposed_t(extractor, title, control)


def test_the_present_paper_is_the_papers_own_subject(extractor):
    abstract = ("Walking robots need reach-avoid guarantees. The present paper proposes a piecewise affine reach-avoid "
                "computation for goal-reaching trajectory design.")
    proposed = _proposed(extractor, abstract)
    assert "piecewise affine reach-avoid computation" in {k.lower() for k in proposed}, proposed
    # the control: another paper's doing is no contribution
    control = _proposed(extractor, abstract.replace("The present paper proposes", "A past paper proposed"))
    assert control == {}, control


def test_a_described_contribution_whose_modifier_the_titles_means_phrase_holds_is_named_by_it(extractor):
    title = "Model Merging by Uncertainty-Based Gradient Matching"
    abstract = ("Models trained on different datasets can be merged by weighted averaging. We propose an "
                "uncertainty-based scheme to improve the performance by reducing the mismatch.")
    proposed = _proposed_t(extractor, title, abstract)
    assert proposed == {"Uncertainty-Based Gradient Matching": "Method"}, proposed
    # the control: a means phrase that does not hold the modifier leaves the abstract's description
    control = _proposed_t(extractor, "Model Merging by Weighted Gradient Matching", abstract)
    assert control == {"uncertainty-based scheme": "Method"}, control


def test_a_generic_described_kind_keeps_what_it_is_for(extractor):
    title = "Emergence of Globally Attracting Fixed Points in Deep Neural Networks"
    abstract = ("Kernels of deep networks converge. In this paper, we introduce a theoretical framework for the "
                "evolution of the kernel sequence, which measures the similarity between hidden representations.")
    proposed = _proposed_t(extractor, title, abstract)
    assert proposed == {"theoretical framework for the evolution of the kernel sequence": "Method"}, proposed
    # the control: "to" + a verb is cut too soon to name it; the generic kind alone stays the last resort
    control = _proposed_t(extractor, title, abstract.replace("framework for the evolution of", "framework to study"))
    assert control == {"theoretical framework": "Method"}, control


@pytest.mark.parametrize("abstract", [
    # a truncated abstract: the last sentence ends on the verb that would name the contribution
    "We prove that the problem can be solved by each agent. This results in a novel MARL algorithm which we name",
    "To tackle this, we propose",
])
def test_an_abstract_cut_off_after_its_cue_is_read_without_error(extractor, abstract):
    """A corpus abstract cut off mid-sentence ("… a novel … algorithm which we name") once raised IndexError in
    kg_contributions, and the build skipped the paper. Positive control: completed, the same text proposes the name."""
    assert _proposed(extractor, abstract) == {}
    assert _proposed(extractor, "This results in a novel MARL algorithm which we name DEF-MARL.") \
        == {"DEF-MARL": "Method"}


@pytest.mark.parametrize("abstract, name", [
    ("We conduct a theoretical study on single-source SimRank computation. To the best of our knowledge, this is the "
     "first single-source SimRank algorithm in MPC that can overcome the round complexity barrier.",
     "single-source SimRank algorithm"),
    ("We study online change-point detection. Thus, our method is the first OCPD algorithm that guarantees "
     "finite-sample FPR.", "OCPD algorithm"),
    ("We study noisy labels in text classification. To the best of our knowledge, this is the first benchmark of noise "
     "learning for text classification.", "benchmark of noise learning for text classification"),
])
def test_the_papers_own_first_of_a_described_kind_is_proposed(extractor, abstract, name):
    """"this is the first X algorithm …": the paper's own thing, the first of a described kind."""
    assert name in _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_the_first_of_a_kind_named_by_one_plain_word_is_not_proposed(extractor):
    """"this is the first dynamic model for …", "the first study that …": too little to name a contribution."""
    positive = "We study catheters. To the best of our knowledge, this is the first catheter dynamics model for the heart."
    assert "catheter dynamics model" in _proposed(extractor, positive)  # positive control
    for abstract in ("We study catheters. To the best of our knowledge, this is the first dynamic model for the heart.",
                     "We study teeth. To the best of our knowledge, this is the first study that applied self-supervised "
                     "learning methods to dental radiographs."):
        assert _proposed(extractor, abstract) == {}, _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract, name", [
    ("Speech synthesis is hard. In this paper, we introduce VocalNet 2, a generic prompting mechanism.", "VocalNet 2"),
    ("Dialogue is hard. We present ChatBench 2.1, a benchmark of dialogue states.", "ChatBench 2.1"),
])
def test_a_version_number_written_apart_stays_in_the_proposed_name(extractor, abstract, name):
    """"we introduce NAME 2, a …": the version number is part of the name."""
    assert name in _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_a_count_after_a_plural_acronym_is_no_version(extractor):
    abstract = "We propose ToolNet, a model that calls APIs 1, 2 and 3 in turn."
    found = _found(extractor, abstract)
    assert "ToolNet" in _proposed(extractor, abstract)  # positive control
    assert "APIs 1" not in found, found


def test_a_kind_after_an_activity_word_is_generic_and_keeps_what_it_is_for(extractor):
    """"a learning framework for multivariate TPPs": a kind noun after the name of an activity ("learning",
    "training") names as little as "a theoretical framework", so it keeps its "for" complement; a gerund after the
    complement's first words opens a clause that is no part of it."""
    title = "Learning multivariate temporal point processes via the time-change theorem"
    abstract = ("Point processes describe events. We introduce a learning framework for multivariate TPPs leveraging "
                "recent progress on learning univariate TPPs via time-change theorems.")
    proposed = _proposed_t(extractor, title, abstract)
    assert proposed == {"learning framework for multivariate TPPs": "Method"}, proposed
    # the control: "to" + a verb is cut too soon to name it; the generic kind alone stays the last resort
    control = _proposed_t(extractor, title, abstract.replace("framework for multivariate TPPs leveraging",
                                                             "framework to model multivariate TPPs leveraging"))
    assert control == {"learning framework": "Method"}, control


def test_a_gerund_opening_a_clause_ends_a_described_complement(extractor):
    abstract = "We present an algorithm for taming Normalizing Flow models - changing the probability of each sample."
    assert _proposed(extractor, abstract) == {"algorithm for taming Normalizing Flow models": "Method"}, \
        _proposed(extractor, abstract)
    # the control: a gerund after an article is a modifier inside the complement ("the underlying …")
    control = "We present methods for estimating the underlying causal variables of a system."
    assert _proposed(extractor, control) == {"methods for estimating the underlying causal variables of a system": "Method"}, \
        _proposed(extractor, control)


def test_an_adverb_before_an_ing_word_opens_no_title_name(extractor):
    """"Privately Learning from Graphs …": an adverb makes the -ing form a verb, so the title part names nothing and the
    abstract's described contribution is proposed."""
    abstract = "Graphs hold private relations. We propose a privacy-preserving pipeline for relational learning."
    proposed = _proposed_t(extractor, "Privately Learning from Graphs with Applications to Language Models", abstract)
    assert "Privately Learning" not in proposed and "privacy-preserving pipeline" in proposed, proposed
    # the control: without the adverb the title part is a noun phrase that names the contribution
    control = _proposed_t(extractor, "Private Learning from Graphs with Applications to Language Models", abstract)
    assert "Private Learning" in control, control


def test_a_name_set_off_after_a_defined_kind_is_the_contribution(extractor):
    """"we introduce a multi-scale decoder (MSD), VWFormer, to improve …": the name after the definition is proposed,
    typed by the defined kind."""
    abstract = "Windows are small. We introduce a multi-scale decoder (MSD), VWFormer, to improve segmentation."
    proposed = _proposed(extractor, abstract)
    assert proposed == {"VWFormer": "Model"}, proposed
    # the control: without the name the defined kind stays the contribution
    control = _proposed(extractor, "Windows are small. We introduce a multi-scale decoder (MSD) to improve segmentation.")
    assert "multi-scale decoder" in control, control


def test_an_understanding_presented_is_no_contribution(extractor):
    """"we first present a geometric understanding of existing mapping functions": what the paper does, not a thing it
    proposes; the contribution is read from the next cue."""
    abstract = ("We first present a geometric understanding of existing mapping functions. To overcome the failures, we "
                "propose a novel mapping function based on a p-norm distance.")
    proposed = _proposed(extractor, abstract)
    assert "geometric understanding" not in proposed and proposed, proposed
    assert "geometric understanding" in _found(extractor, abstract)  # positive control: still an entity


@pytest.mark.parametrize("abstract, name", [
    ("Bandits are unfair. We show that federation helps and provide the algorithm Fed-FairX-LinUCB that ensures "
     "privacy. Fed-FairX-LinUCB is fast.", "Fed-FairX-LinUCB"),
    ("Regression is hard. We give a new algorithm, UCB-GT, that exploits the structure.", "UCB-GT"),
])
def test_a_name_after_the_kind_a_describing_verb_gives_is_proposed(extractor, abstract, name):
    """"provide the algorithm X", "give a new algorithm, X": a describing verb's object that opens on a kind noun and
    goes on to a name names the contribution."""
    assert name in _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_a_name_later_in_a_describing_verbs_object_is_not_its_name(extractor):
    positive = "Regression is hard. We give a new algorithm, UCB-GT, that exploits the structure."
    assert "UCB-GT" in _proposed(extractor, positive)  # positive control
    abstract = "Regression is hard. We give new bounds for the algorithm UCB-GT of prior work."
    assert "UCB-GT" not in _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_a_gerund_means_phrase_in_the_title_is_how_the_paper_does_it(extractor):
    """"Towards Neural Architecture Search through Hierarchical Generative Modeling" with "we propose a novel method that
    can navigate …": a means phrase headed by a gerund noun ("Modeling", "Planning", "Reasoning") names the method,
    though its head alone reads as a task."""
    abstract = ("Search spaces are large. We propose a novel method that can navigate through a large search space "
                "efficiently by training a two-level model hierarchy.")
    proposed = _proposed_t(extractor, "Towards Neural Architecture Search through Hierarchical Generative Modeling",
                           abstract)
    assert proposed == {"Hierarchical Generative Modeling": "Method"}, proposed
    # the control: a known concept after the means word is used, not proposed
    control = _proposed_t(extractor, "Towards Neural Architecture Search through Language Modeling", abstract)
    assert "Language Modeling" not in control, control


def test_a_described_contribution_before_what_we_also_introduce_is_proposed(extractor):
    """"we propose a novel Bayesian nonparametric model that … . We also introduce a probabilistic shooting
    augmentation …": "also" adds a second contribution; the one described before it is proposed too."""
    abstract = ("Earlier works use point estimates. We propose a novel Bayesian nonparametric model that uses "
                "Gaussian processes to infer posteriors. We also introduce a probabilistic shooting augmentation to "
                "enable efficient inference.")
    proposed = _proposed(extractor, abstract)
    assert "Bayesian nonparametric model" in proposed and "probabilistic shooting augmentation" in proposed, proposed
    # the control: without "also" the later thing stays the one answer
    control = _proposed(extractor, abstract.replace("We also introduce", "We introduce"))
    assert "Bayesian nonparametric model" not in control and "probabilistic shooting augmentation" in control, control


@pytest.mark.parametrize("opener", ["In addition, we develop", "Moreover, we develop", "Furthermore, we also develop"])
def test_a_described_contribution_before_an_additive_sentence_is_proposed(extractor, opener):
    """"We propose an effective context-sensitive neural model for … . In addition, we develop a multi-genre dataset
    …": a sentence opening on an additive phrase adds a second contribution, as "also" does; the main one described
    before it is proposed too."""
    abstract = ("Earlier works ignore time. We propose an effective context-sensitive neural model for time to event "
                f"prediction. {opener} a multi-genre dataset of English events and their relevant tweets.")
    proposed = _proposed(extractor, abstract)
    assert "context-sensitive neural model" in proposed and "multi-genre dataset" in proposed, proposed
    # the control: a plain sentence keeps the later, named-like thing as the one answer
    control = _proposed(extractor, abstract.replace(opener, "We develop"))
    assert "context-sensitive neural model" not in control and "multi-genre dataset" in control, control


def test_what_we_will_release_is_no_contribution_cue(extractor):
    """"We will release the pre-trained model and the code at …": a promise to release the paper's artifacts; the
    generic object of "will release" is not what the paper proposes."""
    abstract = ("Factual consistency checking is hard. Experiments on seven benchmark datasets demonstrate that our "
                "classifiers outperform existing models. We will release the pre-trained model and the code.")
    proposed = _proposed(extractor, abstract)
    assert "pre-trained model" not in proposed, proposed
    # the control: "we release" (no promise) still reads its object
    control = _proposed(extractor, abstract.replace("We will release", "We release"))
    assert "pre-trained model" in control, control


def test_our_acronym_of_a_known_field_is_not_proposed(extractor):
    """"We present a self-supervised learning (SSL) method … We evaluate our SSL approach …": "our" before the
    acronym of a known term describes the paper's method by its field; the field is not proposed."""
    abstract = ("We present a self-supervised learning (SSL) method suitable for object detection. "
                "We evaluate our SSL approach on two downstream tasks using COCO.")
    proposed = _proposed(extractor, abstract)
    assert not any(k.lower() in ("ssl", "self-supervised learning") for k in proposed), proposed
    assert any(k.lower() in ("ssl", "self-supervised learning") for k in _found(extractor, abstract)), "control: found"
    # the control: the acronym of an unknown long form after "our" is the paper's own
    control = _proposed(extractor, abstract.replace("self-supervised learning (SSL)", "sparse spectral lifting (SSL)"))
    assert any(k.lower() in ("ssl", "sparse spectral lifting") for k in control), control


def test_a_title_activity_the_abstract_starts_from_gives_way_to_the_described_contribution(extractor):
    """"Smooth Bandit Optimization" with "We consider bandit optimization of a smooth reward … we propose a class of
    two-layer algorithms …": a title phrase headed by an activity the abstract speaks of before its contribution cue
    is the problem the paper works on; what the abstract describes is proposed."""
    abstract = ("We consider bandit optimization of a smooth reward function, where the goal is regret minimization. "
                "In contrast, we propose a class of two-layer algorithms that deploy linear bandit algorithms in bins.")
    proposed = _title_proposed(extractor, "Smooth Bandit Optimization", abstract)
    assert "Smooth Bandit Optimization" not in proposed and "two-layer algorithms" in proposed, proposed
    # the control: a title activity the abstract does not speak of before its cue is the contribution's name
    control = _title_proposed(extractor, "Smooth Bandit Optimization",
                              abstract.replace("bandit optimization of", "the maximization of"))
    assert "Smooth Bandit Optimization" in control, control


def test_a_title_activity_with_only_a_qualifier_gives_way_to_the_described_contribution(extractor):
    """"Efficient Optimization for Linear Dynamical Systems" with "we propose an efficient projected gradient descent
    method …": a qualifier and an activity name nothing; what the abstract describes is proposed."""
    abstract = ("Linear dynamical systems are fundamental tools for modeling spatio-temporal data. In this paper, we "
                "propose an efficient projected gradient descent method to minimize a general loss function.")
    title = "Efficient Optimization for Linear Dynamical Systems"
    proposed = _title_proposed(extractor, title, abstract)
    assert "Efficient Optimization" not in proposed and "projected gradient descent method" in proposed, proposed
    # the control: a title activity with a naming word is the contribution's name
    control = _title_proposed(extractor, title.replace("Efficient", "Geodesic"), abstract)
    assert "Geodesic Optimization" in control, control


@pytest.mark.parametrize("basis", ["a clustering based", "a chain-of-thought (CoT) based"])
def test_a_known_name_the_contribution_is_based_on_is_not_proposed(extractor, basis):
    """"we propose a clustering based LP method that …": a known name before "based" is what the contribution
    builds on, not the contribution."""
    known = basis.split()[1]
    abstract = (f"Barycenters with outliers are hard to compute. In particular, we propose {basis} consistency "
                "measure that yields a constant approximation factor.")
    proposed = _proposed(extractor, abstract)
    assert known not in proposed, proposed
    assert any(known in k for k in _found(extractor, abstract)), "control: the known name is read"
    # the control: without "based" the known name right after the verb is read as before
    control = _proposed(extractor, abstract.replace(f"{basis} consistency measure", basis.rsplit(" ", 1)[0]))
    assert known in control, control


def test_one_side_of_a_comparison_in_the_title_is_no_name(extractor):
    """"Reward Model Learning vs. Direct Policy Optimization: …": a paper comparing two paradigms proposes neither."""
    abstract = ("We compare two paradigms of learning from preferences. We propose a simple approach that derives "
                "minimax statistical bounds on the suboptimality gap.")
    title = "Reward Model Learning vs. Direct Policy Optimization: A Comparative Analysis of Preferences"
    proposed = _title_proposed(extractor, title, abstract)
    assert "Reward Model Learning" not in proposed, proposed
    # the control: the same phrase before a purpose word is the title's name
    control = _title_proposed(extractor, title.replace(" vs. ", " for "), abstract)
    assert "Reward Model Learning" in control, control


@pytest.mark.parametrize("lead", ["most powerful", "largest", "best"])
def test_our_best_model_named_after_a_comma_is_proposed_when_nothing_else_is(extractor, lead):
    abstract = (f"Instruction tuning helps sparse models more than dense ones. Our {lead} model, Zorbo-32B, "
                "surpasses the dense baselines on four tasks.")
    assert _proposed(extractor, abstract).get("Zorbo-32B") == "Model", _proposed(extractor, abstract)


def test_our_best_model_is_a_size_of_the_proposed_one_not_a_second_contribution(extractor):
    abstract = ("We propose Quaxo, a sparse instruction-tuned model. Our largest model, Quaxo-32B, surpasses the "
                "dense baselines on four tasks.")
    assert _proposed(extractor, abstract) == {"Quaxo": "Model"}
    # positive control: without the paper's own name before it, the model is what the paper proposes
    alone = "Sparse models are cheap. Our largest model, Quaxo-32B, surpasses the dense baselines on four tasks."
    assert _proposed(extractor, alone) == {"Quaxo-32B": "Model"}


@pytest.mark.parametrize("abstract, name", [
    ("In this paper, we propose a simple and scalable sampling process, Early-Stopping Self-Consistency (ESC), to "
     "greatly reduce the cost of self-consistency.", "Early-Stopping Self-Consistency"),
    ("We introduce a new learning setup, On-Demand Unlabeled Federated Learning (ODUFL), to serve new clients.",
     "On-Demand Unlabeled Federated Learning"),
])
def test_name_defined_after_a_description_without_a_kind_noun_is_proposed(extractor, abstract, name):
    """"a … sampling process, Early-Stopping Self-Consistency (ESC), …": no kind noun before the comma, but a name
    the paper defines with its acronym, set off after what the verb introduces, is the contribution."""
    assert _proposed(extractor, abstract).get(name) == "Method", _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract", [
    "We evaluate on two standard corpora, Penn Treebank Corpus (PTBC), and report perplexity.",
    "We use a simple and scalable sampling process, Deep Tree Search (DTS), to reduce the cost.",
    "We propose a simple and scalable sampling process, Deep Tree Search, to reduce the cost.",
])
def test_a_name_after_a_description_without_a_kind_noun_needs_a_contribution_verb_and_its_acronym(extractor, abstract):
    found = _found(extractor, abstract)
    assert any(name.startswith(("Penn", "Deep")) for name in found), found  # positive control: the name is read
    assert not _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_an_indefinite_title_headed_by_a_kind_noun_is_what_the_paper_presents(extractor):
    """"A Cognitive Regularizer for Language Modeling" of an abstract that proposes nothing in so many words but
    speaks of "a regularizer that …": the title's phrase is the contribution (the answer of last resort)."""
    abstract = ("We explore whether the uniform information density hypothesis can be operationalized as an inductive "
                "bias. Specifically, we augment the canonical objective for training language models with a "
                "regularizer that encodes it.")
    proposed = _title_proposed(extractor, "A Cognitive Regularizer for Language Modeling", abstract)
    assert proposed.get("Cognitive Regularizer") == "Method", proposed
    # the abstract never speaks of a regularizer: no answer from the title
    other = abstract.replace("a regularizer that encodes it", "a penalty that encodes it")
    assert "Cognitive Regularizer" not in _title_proposed(extractor, "A Cognitive Regularizer for Language Modeling",
                                                          other)
    # a study is no kind of thing made
    study = _title_proposed(extractor, "A Comparative Study of Ranking Formulas", abstract.replace(
        "regularizer", "study"))
    assert not study, study


@pytest.mark.parametrize("abstract, name", [
    ("We consider options for reinforcement learning agents. We propose an algorithm that focuses on the termination "
     "function, as opposed to the policy.", "algorithm that focuses on the termination function"),
    ("With the help of tropical geometry, we develop a novel method that can explicitly count the exact number of "
     "boundary pieces, and the total.", "method that can explicitly count the exact number of boundary pieces"),
])
def test_a_kind_noun_whose_clause_says_what_it_does_past_a_preposition_or_an_adverb(extractor, abstract, name):
    """"an algorithm that focuses on the termination function": the verb's preposition ("on") and an adverb after
    "can" do not end the clause; the kind noun with it is the contribution of a paper naming nothing else."""
    assert _proposed(extractor, abstract).get(name) == "Method", _proposed(extractor, abstract)
    # the control: a named contribution before it is the answer, the described one is not read
    named = "We propose Termo, a new method. " + abstract
    assert name not in _proposed(extractor, named) and "Termo" in _proposed(extractor, named)


@pytest.mark.parametrize("sentence, name, typ", [
    ("We localize knowledge using our method LocoGen which measures the direct effect of layers.", "LocoGen", "Method"),
    ("Experiments show that our collected benchmark InstruSum is hard for current models.", "InstruSum", "Dataset"),
])
def test_our_kind_noun_then_a_coined_name_inside_a_sentence_is_proposed(extractor, sentence, name, typ):
    abstract = "Prior methods are slow and inaccurate. " + sentence
    assert _proposed(extractor, abstract).get(name) == typ, _proposed(extractor, abstract)


def test_our_previous_method_then_a_name_is_not_proposed(extractor):
    abstract = "Prior methods are slow and inaccurate. This work extends our previous method TrackNet2 to videos."
    assert "TrackNet2" in _found(extractor, abstract)  # positive control: the name is read
    assert "TrackNet2" not in _proposed(extractor, abstract)
    assert "TrackNet2" in _proposed(extractor, abstract.replace("our previous method", "our method"))


def test_an_indefinite_title_headed_by_any_noun_the_abstract_calls_ours(extractor):
    """"A Rank-1 Sketch for Matrix Multiplicative Weights" with "Our sketch solves …": no kind noun, but the abstract
    calls a thing of the title's head its own."""
    title = "A Rank-1 Sketch for Matrix Multiplicative Weights"
    abstract = ("We show that a randomized sketch of the matrix multiplicative weight update enjoys the same regret "
                "bounds. Our sketch solves the online eigenvector problem.")
    assert _title_proposed(extractor, title, abstract).get("Rank-1 Sketch") == "Method"
    # the control: a sketch the abstract does not call its own names nothing
    other = abstract.replace("Our sketch solves", "A sketch solves")
    assert "Rank-1 Sketch" not in _title_proposed(extractor, title, other)


def test_an_indefinite_title_phrase_ends_before_based_on(extractor):
    title = "A Benchmark of French ASR Systems Based on Error Severity"
    abstract = "Errors of speech recognition differ in severity. The benchmark covers ten systems and scores their errors."
    proposed = _title_proposed(extractor, title, abstract)
    assert proposed == {"Benchmark of French ASR Systems": "Dataset"}, proposed


def test_a_verb_that_makes_data_proposes_only_a_dataset(extractor):
    """cues.json contribution_verbs_collection: "we collect/compile/gather/assemble" make data."""
    assert _proposed(extractor, "We collect a corpus of 10,000 tweets annotated for sarcasm.") \
        == {"corpus of 10,000 tweets annotated for sarcasm": "Dataset"}
    assert _proposed(extractor, "We compiled a benchmark of 500 competition-level math problems.") \
        == {"benchmark of 500 competition-level math problems": "Dataset"}
    # what else such a verb takes is no contribution, though it is found
    text = "We collect human feedback on model outputs."
    assert _proposed(extractor, text) == {}
    assert "human feedback" in _found(extractor, text)


@pytest.mark.parametrize("abstract", [
    "The paper presents an alternating projected SGD approach to tackle bilevel optimization.",
    "By leveraging the special structure of the problem, the paper first presents an alternating projected SGD approach.",
])
def test_the_paper_as_the_subject_of_a_contribution_verb(extractor, abstract):
    assert "alternating projected SGD approach" in _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_the_paper_of_someone_else_proposes_nothing_of_the_authors(extractor):
    abstract = "The paper by Smith proposes an alternating projected SGD approach to tackle bilevel optimization."
    assert "alternating projected SGD approach" not in _proposed(extractor, abstract), _proposed(extractor, abstract)
    assert _found(extractor, abstract), _found(extractor, abstract)  # positive control: the text is read


@pytest.mark.parametrize("abstract, used", [
    ("We present InferES, a new corpus for natural language inference in Spanish. We train two transformer models "
     "on InferES.", "transformer"),
    ("We curate a new dataset of parallels. We train an optimized word2vec model on a large corpus of Latin.",
     "word2vec"),
])
def test_a_known_model_the_paper_trains_is_not_proposed(extractor, abstract, used):
    """"we train two transformer models on …": "train" proposes a name, not a known kind of model it uses."""
    found = {label.lower() for label in _found(extractor, abstract)}
    assert any(used in label for label in found), found  # positive control: the model is found, only not proposed
    assert not any(used in label.lower() for label in _proposed(extractor, abstract)), _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract, name", [
    ("Through a contrastive objective, we train CLIPZyme to encode and align enzyme structures.", "CLIPZyme"),
    ("We train a contact-exploiting manipulation policy in simulation with domain randomization.",
     "contact-exploiting manipulation policy"),
])
def test_a_name_or_description_the_paper_trains_is_still_proposed(extractor, abstract, name):
    assert name in _proposed(extractor, abstract), _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract, based_on, proposed", [
    ("In this work, we propose a Deep Reinforcement Learning (DRL)-based navigation strategy that eliminates the need "
     "for lumen tracking. However, Deep Reinforcement Learning methods pose safety risks.", "Deep Reinforcement Learning", "Deep Reinforcement Learning (DRL)-based navigation strategy"),
    ("In this paper, we propose a Monte Carlo Tree Search (MCTS) based Prompt Auto-generation (MPA) method to enhance "
     "jailbreak attacks. Our MPA outperforms manual prompts.", "Monte Carlo Tree Search", "Prompt Auto-generation"),
])
def test_what_a_contribution_is_based_on_is_not_proposed(extractor, abstract, based_on, proposed):
    """"a Deep Reinforcement Learning (DRL)-based navigation strategy": the defined acronym is what the contribution is
    based on; the contribution is the whole (or its own name)."""
    found = {label.lower() for label in _found(extractor, abstract)}
    assert based_on.lower() in found, found  # positive control: the method is found, only not proposed
    got = _proposed(extractor, abstract)
    assert based_on not in got and any(proposed in label for label in got), got


@pytest.mark.parametrize("abstract, name", [
    ("Ensembles are costly. This finding motivates us to develop a new technique called adaptive ensemble prediction, "
     "which achieves the benefits of ensembling.", "adaptive ensemble prediction"),
    ("This observation leads us to introduce the Shifted Exponential Linear Unit (ShELU) as a new activation function.",
     "Shifted Exponential Linear Unit"),
])
def test_what_moved_us_to_propose_is_proposed(extractor, abstract, name):
    """"this finding motivates us to develop …", "this observation leads us to introduce …": "us" are the authors."""
    assert name in _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_what_moved_us_to_describe_generically_is_not_proposed(extractor):
    """"This inspires us to develop a recognition model with such principles": no name, a generic kind: not read
    from this cue (the control: named, it is)."""
    abstract = "Prototypes are interpretable. This inspires us to develop a recognition model with such principles."
    assert "recognition model" not in _proposed(extractor, abstract), _proposed(extractor, abstract)
    assert "recognition model" in _found(extractor, abstract)
    named = abstract.replace("a recognition model", "a recognition model called ProtoRec")
    assert "ProtoRec" in _proposed(extractor, named), _proposed(extractor, named)


@pytest.mark.parametrize("abstract, name, typ", [
    ("We develop a simple but effective “token dropping” method to accelerate the pretraining of transformer models.",
     "token dropping", "Method"),
    ('To address this challenge we present "Needles & Haystacks" a novel multi-domain algorithm development dataset '
     "with 158436 unique registration problems.", "Needles & Haystacks", "Dataset"),
    ("We develop a web application called “Find your Figure” that facilitates the annotation of rhetorical figures.",
     "Find your Figure", "Method"),
])
def test_quoted_name_is_proposed_without_its_quotes(extractor, abstract, name, typ):
    assert _proposed(extractor, abstract).get(name) == typ, _proposed(extractor, abstract)


def test_one_quoted_word_only_describes(extractor):
    """"a novel “one-shot” approach": one quoted word describes the contribution, it does not name it (the control: two
    quoted words before the kind noun name it)."""
    abstract = "We present a novel “one-shot” approach that audits the privacy loss of a model in one training run."
    assert "one-shot" not in _proposed(extractor, abstract), _proposed(extractor, abstract)
    named = abstract.replace("“one-shot”", "“one-shot audit”")
    assert "one-shot audit" in _proposed(extractor, named), _proposed(extractor, named)


def test_weak_words_joined_by_yet_open_the_described_object(extractor):
    """"a straightforward yet effective method for …": the weak words and "yet" open the object (the control: one weak
    word alone reads the same)."""
    for lead in ("a straightforward yet effective", "a simple"):
        abstract = f"We propose {lead} method for identifying data contamination within LLMs."
        assert "method for identifying data contamination within LLMs" in _proposed(extractor, abstract), lead


def test_we_do_something_to_propose_a_named_object(extractor):
    """"We VERB X … to propose NAME": "we" opens the clause well before the contribution verb."""
    abstract = ("We then leverage this upper bound to propose a novel regularizer, namely BEllman Equation-based "
                "automatic rank Regularizer (BEER).")
    assert "BEllman Equation-based automatic rank Regularizer" in _proposed(extractor, abstract), _proposed(
        extractor, abstract)


@pytest.mark.parametrize("abstract, name, control, control_name", [
    # a described object after "to develop" of a long clause is not read from this cue; a named one is
    ("We leverage convex and bilevel optimization techniques to develop a general gradient-based parameter learning "
     "framework for neural-symbolic (NeSy) systems.", "neural-symbolic systems",
     "We leverage convex and bilevel optimization techniques to develop NeSyLearn, a general gradient-based parameter "
     "learning framework for neural-symbolic (NeSy) systems.", "NeSyLearn"),
    # "we note that prior work …": another clause, another subject
    ("We note that prior work combined these two tools to develop NeuroMatch for this task.", "NeuroMatch",
     "We combined these two tools to develop NeuroMatch for this task.", "NeuroMatch"),
])
def test_what_another_clause_develops_is_not_proposed(extractor, abstract, name, control, control_name):
    assert name not in _proposed(extractor, abstract), _proposed(extractor, abstract)
    assert control_name in _proposed(extractor, control), _proposed(extractor, control)  # same shape, read


@pytest.mark.parametrize("abstract, name", [
    ("This article presents a novel framework called Simultaneous Registration and Machining (SRAM), a generalized "
     "approach.", "Simultaneous Registration and Machining"),
    ("This research introduces FooBarNet, a network for graph matching.", "FooBarNet"),
    ("I propose FooBarNet, a network for graph matching.", "FooBarNet"),
])
def test_the_paper_as_article_research_or_a_single_author(extractor, abstract, name):
    assert name in _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_io_is_no_author(extractor):
    """"I/O" is no single author: its "I" does not make a naming cue the paper's (the control: "We" does)."""
    abstract = "The FFT has poor I/O efficiency, and prior work built a kernel called FooConv for it."
    assert "FooConv" not in _proposed(extractor, abstract), _proposed(extractor, abstract)
    ours = "We present a kernel called FooConv for the FFT."
    assert "FooConv" in _proposed(extractor, ours), _proposed(extractor, ours)


def test_proposed_name_outlives_its_kind_noun_phrase(extractor):
    """"a novel Past-Future method": the proposed name wins over the guessed phrase that only adds the kind noun."""
    proposed = _proposed(extractor, "In this paper, we propose a novel Past-Future method for predicting the "
                                    "trajectory of agents.")
    assert proposed.get("Past-Future") == "Method", proposed
    # negative control: a title-case phrase around a known name keeps the name unproposed
    proposed = _proposed(extractor, "In this study, we propose a Transformer-Based Adaptive Prototype Matching "
                                    "Network to establish robust matching relationships.")
    assert "Transformer" not in proposed and "transformer" not in proposed, proposed


def test_two_names_after_a_plural_kind_noun_and_one_after_a_singular(extractor):
    proposed = _proposed(extractor, "We propose two algorithms termed Worcs-I and Worcs-II (Weak-Oracle "
                                    "Comparison-based Search), which locate the target object.")
    assert {"Worcs-I", "Worcs-II"} <= set(proposed), proposed
    proposed = _proposed(extractor, "Specifically, we propose two methods, named LoRETTA_adp and LoRETTA_rep, "
                                    "for tuning.")
    assert {"LoRETTA_adp", "LoRETTA_rep"} <= set(proposed), proposed
    # negative control: a singular kind noun and a list-like name after it is not read in part
    proposed = _proposed(extractor, "Candidates are scored by a statistical model using a novel neural network "
                                    "architecture which we refer to as Share, Specialize, and Compete.")
    assert "Share" not in proposed, proposed


@pytest.mark.parametrize("abstract, name", [
    ("We improve speech recognition through a novel late fusion solution termed UADF. Experiments show gains.",
     "UADF"),
    ("Our framework, which we named INGENIOUS, selects informative subsets of data for training language models.",
     "INGENIOUS"),
    ("To this end, we derive a simple and novel vision-language manipulation framework, dubbed RoboFlamingo, "
     "built upon open-source models.", "RoboFlamingo"),
])
def test_new_thing_named_without_a_we_verb_is_proposed(extractor, abstract, name):
    assert name in _proposed(extractor, abstract)


def test_old_thing_named_without_we_is_not_proposed(extractor):
    """Negative control: no "new/novel" and no "we": a named thing of other work is only found."""
    abstract = "Prior systems rely on a late fusion solution termed UADF for speech recognition."
    assert "UADF" not in _proposed(extractor, abstract)
    control = abstract.replace("Prior systems rely on a late", "We rely on a novel late")
    assert "UADF" in _proposed(extractor, control), _proposed(extractor, control)


def test_a_framework_for_title_with_a_described_framework(extractor):
    ex = extractor.extract(Paper(
        id="p", title="A Framework for Few-Shot Policy Transfer through Observation Mapping",
        abstract="This work proposes a framework for few-shot policy transfer between two domains through "
                 "observation mapping and behavior cloning. Experiments show gains."))
    proposed = {e.labels[0]: e.type for e in ex.entities if e.proposed}
    assert proposed.get("Framework for Few-Shot Policy Transfer") == "Method", proposed
    # negative control: the abstract presents no framework of its own
    ex = extractor.extract(Paper(
        id="p", title="A Framework for Few-Shot Policy Transfer through Observation Mapping",
        abstract="We study why few-shot policy transfer between two domains fails and prove lower bounds."))
    assert not any(e.proposed and "Framework" in e.labels[0] for e in ex.entities)


@pytest.mark.parametrize("title, abstract, name, typ", [
    ("Differentially Private Kernelized Contextual Bandits",
     "We study kernelized bandits under privacy. We propose a novel algorithm that improves upon the state of the "
     "art and achieves a lower error rate after T queries.", "algorithm", "Method"),
    ("Value-Agnostic Conversational Semantic Parsing",
     "Conversational semantic parsers are hard to train. We propose a model that abstracts over values to focus "
     "prediction on type- and function-level context.", "model", "Model"),
    ("Improved Regret Bounds for Bandit Convex Optimization",
     "We revisit bandit convex optimization. We present the first such algorithm that attains $O(T^{3/4})$ expected "
     "regret using only $O(T)$ calls to the oracle.", "algorithm", "Method"),
])
def test_a_bare_kind_noun_is_the_answer_of_last_resort(extractor, title, abstract, name, typ):
    """"We propose a novel algorithm that improves upon …" of a paper that names and describes nothing else: the kind
    noun alone is what it proposes."""
    ex = extractor.extract(Paper(id="p", title=title, abstract=abstract))
    proposed = {e.labels[0]: e.type for e in ex.entities if e.proposed}
    assert proposed == {name: typ}, proposed


def test_a_bare_kind_noun_gives_way_and_is_not_read_after_train(extractor):
    """Negative controls: "we train a model to predict …" (a known kind, trained), and a paper that also names its
    algorithm (the name is the answer, not the kind noun)."""
    title = "Leveraging Time Irreversibility with Order-Contrastive Pre-training"
    ex = extractor.extract(Paper(id="p", title=title, abstract=(
        "Healthcare data are label-scarce. We sample pairs of time segments and train a model to predict whether a "
        "given pair is in the correct order.")))
    assert not any(e.proposed for e in ex.entities), [e.labels for e in ex.entities if e.proposed]
    ex = extractor.extract(Paper(id="p", title="Kernelized Contextual Bandits", abstract=(
        "We propose a novel algorithm that improves upon the state of the art. Our algorithm, called KernUCB, "
        "achieves a lower error rate.")))
    proposed = {e.labels[0] for e in ex.entities if e.proposed}
    assert "KernUCB" in proposed and "algorithm" not in proposed, proposed


def test_a_counted_plural_bare_kind_noun_is_the_answer_of_last_resort(extractor):
    """"We propose two frameworks to obtain …": several things of a kind, counted; the control: a singular kind noun
    after a counting word is no bare kind ("two algorithm families" do not count) and nothing is proposed."""
    title = "Approximate Leave-One-Out for Fast Parameter Tuning in High Dimensions"
    ex = extractor.extract(Paper(id="p", title=title, abstract=(
        "Tuning parameters is costly. We propose two frameworks to obtain a computationally efficient approximation "
        "ALO of the leave-one-out cross validation (LOOCV) risk for nonsmooth losses and regularizers.")))
    assert {e.labels[0]: e.type for e in ex.entities if e.proposed} == {"frameworks": "Method"}
    ex = extractor.extract(Paper(id="p", title=title, abstract=(
        "Tuning parameters is costly. We propose two framework to obtain a computationally efficient approximation "
        "ALO of the leave-one-out cross validation (LOOCV) risk for nonsmooth losses and regularizers.")))
    assert not any(e.proposed for e in ex.entities), [e.labels for e in ex.entities if e.proposed]


@pytest.mark.parametrize("abstract, name", [
    ("We introduce and open source ManiSkill3, the fastest GPU parallelized robotics simulator.", "ManiSkill3"),
    ("We introduce and open-source ManiSkill3, the fastest GPU parallelized robotics simulator.", "ManiSkill3"),
    ("In doing so, we develop and share a novel optogenetics-inspired causal framework for modifying activations "
     "throughout training.", "optogenetics-inspired causal framework"),
])
def test_a_thing_made_and_released_is_proposed(extractor, abstract, name):
    """"we introduce and open source X", "we develop and share a … framework": the second verb releases what the
    first made, and their object is the contribution."""
    assert name in _proposed(extractor, abstract), _proposed(extractor, abstract)


def test_open_without_source_joins_no_object(extractor):
    """Negative control: "we release and open new avenues for …" ("open" is no release verb without "source")."""
    abstract = "We release and open new avenues for robotics simulation on GPUs."
    assert "GPU" in _found(extractor, abstract)  # positive control: the sentence is read
    assert not _proposed(extractor, abstract), _proposed(extractor, abstract)


@pytest.mark.parametrize("abstract, name, typ", [
    ("Pseudo-labels from a teacher are noisy. We rescale the attention temperature of the teacher. Our experiments on "
     "three summarization datasets show our proposed method consistently improves vanilla pseudo-labeling.", "method",
     "Method"),
    ("Complaints are hard to classify. Experiments on two benchmarks indicate our model is capable of achieving "
     "substantial improvements over baselines.", "model", "Model"),
    ("Inversion attacks leak training data. Our results support our defense strategies.", "strategies", "Method"),
])
def test_our_kind_noun_is_the_last_resort_of_a_paper_naming_nothing(extractor, abstract, name, typ):
    """"Our method outperforms …" of a paper that neither names nor describes its method: its kind noun."""
    assert _proposed(extractor, abstract) == {name: typ}, _proposed(extractor, abstract)


def test_our_kind_noun_gives_way_to_a_name_and_our_setting_is_not_one(extractor):
    """Negative controls: a paper that names its method proposes the name only; "our environment", "our results" are
    no thing the paper makes."""
    proposed = _proposed(extractor, "We introduce GraSSo, a graph sampling scheme. Our method outperforms baselines.")
    assert "GraSSo" in proposed and "method" not in proposed, proposed
    assert not _proposed(extractor, "Agents act in our environment. Our results show that exploration helps.")


def test_a_complement_that_is_a_pronoun_names_nothing(extractor):
    """"… and then present a solution for it": "it" refers back, no described name; the control: the same complement
    with what it is for named."""
    abstract = "We formulate compression as a constrained optimization problem, and then present a solution for it."
    assert "solution for it" not in _proposed(extractor, abstract), _proposed(extractor, abstract)
    control = "We formulate compression as a constrained optimization problem, and then present a solution for pruning."
    assert "solution for pruning" in _proposed(extractor, control), _proposed(extractor, control)


def test_data_the_authors_make_beside_a_named_contribution_is_proposed(extractor):
    # "To support this, we construct a new large-scale dataset of 50K street images": beside FooText, a dataset the
    # authors make is a contribution too; a method they design beside it is not (it is a part of FooText), and
    # neither is a described dataset when the paper names one of its own
    proposed = _proposed(extractor, "We introduce FooText, a method for scene text recognition. To support this, we "
                                    "construct a new dataset of 50K street images with dense annotations.")
    assert proposed.get("FooText") and proposed.get("dataset of 50K street images") == "Dataset", proposed
    proposed = _proposed(extractor, "We introduce FooText, a method for scene text recognition. To support this, we "
                                    "construct a new neural network of stacked attention layers.")
    assert "Dataset" not in proposed.values(), proposed
    proposed = _proposed(extractor, "We introduce FooText, a method for scene text recognition. We also release "
                                    "BarSet, a new benchmark of street signs. To support this, we construct a new dataset of 50K "
                                    "street images with dense annotations.")
    assert proposed.get("BarSet") == "Dataset" and "dataset of 50K street images" not in proposed, proposed


def test_names_listed_with_a_proposed_name_are_proposed(extractor):
    # "new specialized datasets (FineMath, Stack-Edu, and SmolTalk)": the names of the list go with the proposed one;
    # not the names of a list that is not the contribution's ("evaluated on FooBench, BarBench and BazBench")
    proposed = _proposed(extractor, "We present FooLM, a small language model. We additionally curate and release new "
                                    "specialized datasets (FooMath, Stack-Foo, and FooTalk) at stages where we found "
                                    "existing datasets to be small.")
    assert {"FooMath", "Stack-Foo", "FooTalk"} <= set(proposed), proposed
    found = _found(extractor, "We present FooLM, a small language model. FooLM is evaluated on GSM8K, MATH, and "
                              "HumanEval.")
    proposed = _proposed(extractor, "We present FooLM, a small language model. FooLM is evaluated on GSM8K, MATH, "
                                    "and HumanEval.")
    assert "HumanEval" in found and set(proposed) == {"FooLM"}, proposed


def test_an_abstract_without_a_title_is_not_read_as_its_own_title(extractor):
    """A plain-text abstract has no title: the title readers ("… using X" names the means) must not take the whole
    abstract for one, or the means of its experiment sentence becomes the paper's contribution."""
    abstract = ("We propose a novel approach that biases actions during policy search. We demonstrate the feasibility "
                "of our method, considered as policy search with redundant action bias (PSRAB), in a reaching task "
                "with a 7-DoF Franka robot arm trained in RLBench - a recently introduced benchmark for robotic "
                "manipulation - using state-of-the-art TD3 deep reinforcement learning and OpenAI's evolutionary "
                "strategy.")
    assert _proposed(extractor, abstract) == {"approach that biases actions": "Method"}
    # positive control, same sentences: the experiment's means is found, as a used method
    assert "deep reinforcement learning" in _found(extractor, abstract)


def test_doc_title_is_the_text_before_the_blank_line_or_none():
    import spacy

    from kg.extract.text import doc_title
    nlp = spacy.blank("en")
    assert doc_title(nlp.make_doc("Grokking at the Edge\n\nWe study grokking.")) == "Grokking at the Edge"
    assert doc_title(nlp.make_doc("We study grokking. It is sudden.")) is None


def test_our_method_named_in_passing_comes_before_a_model_the_paper_trains(extractor):
    trains = ("We propose to recast tagging as summarization. To elaborate, we train a sequence-to-sequence language "
              "model with synthetic summaries. ")
    # positive control: with no name of its own, the model it trains is the paper's answer
    assert _proposed(extractor, trains + "We show that it outperforms previous works.") == {
        "sequence-to-sequence language model": "Model"}
    # "our method Zorb2" names the method; the model trained is a known kind of model it uses
    assert _proposed(extractor, trains + "We show that our method Zorb2 outperforms previous works.") == {
        "Zorb2": "Method"}


@pytest.mark.parametrize("adverb", ["embarrassingly", "conceptually"])
def test_an_adverb_that_only_grades_a_weak_word_names_nothing(extractor, adverb):
    """"an embarrassingly simple but effective method to …": the adverb grades "simple", which names nothing; the
    method is named by what it does (as "a simple but effective method to …" is)."""
    plain = "In this paper, we present a simple but effective method to select evidence sentences for relation extraction."
    want = {"method to select evidence sentences for relation extraction": "Method"}
    assert _proposed(extractor, plain) == want  # positive control
    graded = plain.replace("a simple", f"an {adverb} simple")
    assert _proposed(extractor, graded) == want, _proposed(extractor, graded)
