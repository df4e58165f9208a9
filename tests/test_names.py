"""Coined names no lexicon knows: model-family members and names at the end of a sentence."""
from __future__ import annotations

import pytest

from kg.records import Paper


@pytest.mark.parametrize("name", ["Mistral-7B", "Llama-3-8B", "Phi-3", "Pythia-6.9B", "Llama2", "Llama 2 70B", "Claude 2", "PaLM 2",
                                  "Llama 3.1 8B"])
def test_model_family_member_is_a_model(entity_types, name):
    types = entity_types(f"Experiments with {name} show that our method helps.")
    assert types.get(name) == "Model", types


@pytest.mark.parametrize("name", ["Vicuna", "Falcon", "Gopher 280B", "Chinchilla 70B", "CLIP"])
def test_family_name_alone_is_a_model(entity_types, name):
    """"Vicuna" alone names the model family; CLIP too, which Papers with Code files under techniques."""
    types = entity_types(f"We compare with {name} and report the results.")
    assert types.get(name) == "Model" or types.get("contrastive language-image pre-training") == "Model", types


def test_prefix_only_family_name_alone_is_not_a_model(entity_types):
    """model_families.txt's "prefix only" names are words too: "Stable" opens a sentence, Phi is a letter."""
    types = entity_types("Stable training is hard. Phi denotes the feature map. We study both.")
    assert "Stable training" in types, types  # positive control
    assert not {"Stable", "Phi"} & set(types), types


def test_sentence_ends_after_a_name_with_digits(extractor):
    """"Gemma-2B." ends a sentence: the next capitalised word is not part of the name."""
    ex = extractor.extract(Paper(id="p", abstract="We fine-tune Gemma-2B. Sensitivity analysis follows. "
                                                    "Results on GSM8K. Specifically, accuracy improves."))
    labels = {label for e in ex.entities for label in e.labels}
    assert "Gemma-2B" in labels and not any("Sensitivity" in x or "Specifically" in x for x in labels), labels


def test_evaluation_list_after_a_model_noun_names_models(entity_types):
    types = entity_types("Vision-Language-Action (VLA) models are promising. We evaluate this method on two "
                         "open-source VLAs, Pi0 and OpenVLA, and on benchmarks CIFAR-10 and GTSRB.")
    assert (types["Pi0"], types["OpenVLA"]) == ("Model", "Model"), types
    assert (types["CIFAR-10"], types["GTSRB"]) == ("Dataset", "Dataset"), types


def test_sentence_ends_after_a_mixed_case_name(extractor):
    ex = extractor.extract(Paper(id="p", abstract="Prior work relies on CoT. Coconut reasons in latent space. "
                                                    "Coconut improves CoT."))
    labels = {label for e in ex.entities for label in e.labels}
    assert "CoT" in labels, labels  # positive control
    assert not any("CoT. " in x for x in labels), labels


def test_capitalised_run_in_running_text_is_a_name(entity_types):
    types = entity_types("We model the data with a Tangled Buffet Process. The Tangled Buffet Process is "
                         "sampled with Walk-Jump Sampling, which beats In-Context Learning.")
    assert types.get("Tangled Buffet Process") == "Method", types  # no lexicon entry: the run itself
    assert types.get("Walk-Jump Sampling") == "Method", types
    assert "Context Learning" not in types, types


def test_capitalised_run_before_a_dataset_noun_is_a_dataset(entity_types):
    types = entity_types("We evaluate on the Tensor Trust dataset of prompt injection attacks.")
    assert types.get("Tensor Trust") == "Dataset" or types.get("Tensor Trust dataset") == "Dataset", types


def test_descriptive_capitalised_words_are_not_a_name(entity_types):
    types = entity_types("Training Large Language Models is costly. We study Transformer-based Models here.")
    assert "Large Language Models" in types, types  # positive control
    assert not any(k.startswith(("Training", "Transformer-based")) for k in types), types


def test_base_model_of_a_derived_name_needs_a_version(entity_types):
    types = entity_types("We fine-tune Qwen3-32B-FIRE with FIRE. FIRE improves reasoning. "
                         "We present ES-MoE for efficient MoE training. ES-MoE offloads experts.")
    assert types.get("Qwen3-32B") == "Model", types
    assert "ES" not in types, types


def test_numbers_after_other_words_are_not_model_versions(entity_types):
    types = entity_types("See Table 2 and Section 3.1 for the results on 2 GPUs.")
    assert types.get("GPUs") == "HardwareConcept", types  # positive control
    assert not [name for name, typ in types.items() if typ == "Model"], types


def test_coined_names_in_a_list_are_entities_typed_by_the_lists_noun(entity_types):
    types = entity_types("We evaluate MUSE on three publicly available datasets: MIMIC-IV, eICU, and ADNI. "
                         "Our methods include, among others, Q-learning, StochDQN, and StochDDQN.")
    assert {n: types.get(n) for n in ("MIMIC-IV", "eICU", "ADNI")} == dict.fromkeys(("MIMIC-IV", "eICU", "ADNI"),
                                                                                  "Dataset"), types
    assert types.get("StochDQN") == "Method" and types.get("StochDDQN") == "Method", types


def test_a_list_nothing_types_is_left_alone(entity_types):
    types = entity_types("The tool reads PDF, DOCX, and PPTX files, as shown by KS09, DKS17 and PLBR19."
                         " We evaluate it on ImageNet.")
    assert types.get("ImageNet") == "Dataset", types  # positive control
    assert not {"DOCX", "PPTX", "KS09", "DKS17"} & set(types), types


def test_alternative_version_numbers_name_each_dataset(extractor):
    """"CIFAR-10/100" lists two datasets: the second is named in full, never by its bare number."""
    ex = extractor.extract(Paper(id="p", abstract="Experiments on CIFAR-10/100 and on ImNet-365/205-LT show "
                                                    "gains; see https://example.org/A-1/200 for code."))
    types = {label: e.type for e in ex.entities for label in e.labels}
    assert {n: types.get(n) for n in ("CIFAR-10", "CIFAR-100", "ImNet-365-LT", "ImNet-205-LT")} == dict.fromkeys(
        ("CIFAR-10", "CIFAR-100", "ImNet-365-LT", "ImNet-205-LT"), "Dataset"), types
    assert not {"100", "205-LT", "A-200", "A-1"} & set(types), types


def test_coined_names_written_as_alternatives_are_each_a_name(entity_types):
    types = entity_types("We train QuixNet3/QuixNet5 models and evaluate them on HexaBench and PolyQA.")
    assert types.get("QuixNet3") == "Model" and types.get("QuixNet5") == "Model", types


@pytest.mark.parametrize("word, coined", [("C^3", True), ("D^2", True), ("Pro^2", True), ("G^2N^2", True),
                                          ("x^2", False), ("C", False)])
def test_power_of_a_capital_is_coined(word, coined):
    from kg.extract.resources import load_resources
    from kg.extract.text import is_coined
    assert is_coined(word, load_resources()) is coined


def test_power_inside_a_formula_is_no_name(entity_types):
    found = entity_types("Our bound improves from O(N^2) to O(N) and holds on ℝ^3 × S^2 for all inputs."
                         " We evaluate it on ImageNet.")
    assert "ImageNet" in found, found  # positive control
    assert not any("^" in label for label in found), found


def test_plain_capitalised_words_listed_with_a_coined_name_are_typed_by_the_list(entity_types):
    """"on the Harbor, Lantern, and QRX-9 datasets": a plain capitalised word is a name when listed with one."""
    types = entity_types("We report BD-rate gains on the Harbor, Lantern, and QRX-9 datasets. Our optimizer "
                         "extends methods such as FedAvg, Quilt, and MOXA to new clients.")
    assert {n: types.get(n) for n in ("Harbor", "Lantern", "QRX-9")} == dict.fromkeys(
        ("Harbor", "Lantern", "QRX-9"), "Dataset"), types
    assert types.get("Quilt") == "Method" and types.get("MOXA") == "Method", types


def test_plain_capitalised_words_that_modify_or_belong_to_a_longer_name_are_not_listed(entity_types):
    types = entity_types("We compare layers with Brisk and FZN-2 activations. The agent is evaluated in "
                         "StarCraft II and Google Research Football. However, FZN-2 and Brisk differ.")
    assert {"FZN-2", "StarCraft II"} <= set(types), types  # positive control
    assert not {"Brisk", "Google", "However"} & set(types), types


def test_known_terms_in_a_list_vote_on_its_names_type(entity_types):
    """A name listed with a known model is a model; one listed with tasks is a benchmark; a hardware term
    next to a name ("5G FLOPs, VoxFormer") does not make it hardware."""
    types = entity_types("We evaluate encoders, categorized into general-domain (BERT, ZyloNet) and other groups. "
                         "It excels in image understanding (Retrieval, Captioning, VQA, ZNLI-VE) and generation. "
                         "At little extra overhead, 5G FLOPs, VoxFormer armed with a decoder improves by 1%.")
    assert types.get("ZyloNet") == "Model" and types.get("ZNLI-VE") == "Dataset", types
    assert types.get("VoxFormer") != "HardwareConcept", types


def test_a_name_ending_in_bench_is_a_benchmark(entity_types):
    types = entity_types("We present QuokBench, a suite of agent environments. Prior suites such as Lo-Bench "
                         "fall short, and NAS-Bench-101 is a search space.")
    assert types.get("QuokBench") == "Dataset" and types.get("Lo-Bench") == "Dataset", types


def test_entity_key_shortcuts_change_no_key() -> None:
    """entity_key skips the markup, article and British-spelling regexes where they cannot match; random
    strings get the keys the regexes alone give."""
    import random
    import unicodedata

    from kg import names

    def slow_key(text: str) -> str:
        t = unicodedata.normalize("NFKC", text).lower()
        t = names._ARTICLE.sub("", names._MARKUP.sub("", t).strip())
        out = []
        for w in names._WORD.findall(t):
            w = names._silent_e(names.singular(w.strip(".")))
            if len(w) > 6:
                w = names._BRITISH.sub(lambda m: names._AMERICAN[m.group(0)], w)
            if w:
                out.append(w)
        return "".join(out)

    rng = random.Random(5)
    pieces = list("abeilnsty $\\{}*_^`-.") + ["The ", "the", "A ", "an ", " ", "ll", "is", "ys", "modelling",
                                                "optimisation", "analyse", "labelled", "ＡＢ", "ﬁne"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        assert names.entity_key.__wrapped__(text) == slow_key(text), text


def test_a_key_shaped_name_is_a_citation_only_inside_brackets(entity_types):
    """"BM25", "WMT14", "ACE05" have the shape of a citation key (initials and a year); only inside a citation's
    brackets is one a reference. Listed beside a known method, a name outside them is typed by the list."""
    named = entity_types("Baselines such as SIFT (12.0%) and BM25 (9.8%) lag behind.")
    assert named.get("BM25") == "Method", named
    from kg.extract.components.coined import _cited
    text = "as shown in [CJJJLST20, ACJJS21] and \\citep{BLQT21}, BM25 and WMT14"
    assert _cited(text, text.index("ACJJS21")) and _cited(text, text.index("BLQT21"))
    assert not _cited(text, text.index("BM25")) and not _cited(text, text.index("WMT14"))
