"""Checks on the shipped gazetteer kg/extract/data/lexicons/ (built by scripts/build_lexicons.py)."""
from __future__ import annotations

import csv
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from shared_data import SHARED, needs_shared

REPO = Path(__file__).resolve().parent.parent
LEX = REPO / "kg" / "extract" / "data" / "lexicons"
TERMS = LEX / "terms.tsv"
SCRIPT = REPO / "scripts" / "build_lexicons.py"
SHARED_LEXICONS = SHARED / "lexicons"

HEADER = ["term", "type", "canonical", "source", "source_id", "broader", "case"]
TYPES = {"Method", "Task", "Model", "Dataset", "Metric", "HardwareConcept"}
SOURCES = {"pwc-method", "pwc-collection", "pwc-task", "pwc-dataset", "pwc-metric",
           "nlp-progress", "cso", "openreview", "accelerators", "kg-hardware", "kg-concepts"}
HW_CATEGORIES = {"Processor", "Accelerator", "Memory", "Kernel", "NumericPrecision",
                 "PerformanceRegime", "Parallelism", "GPU", "TPU"}


def _read(path: Path) -> tuple[list[str], list[dict]]:
    with path.open(encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    assert lines[-1] == "", "file must end with a newline"
    header = lines[0].split("\t")
    rows = []
    for ln in lines[1:-1]:
        parts = ln.split("\t")
        assert len(parts) == len(header), f"bad column count: {ln!r}"
        rows.append(dict(zip(header, parts)))
    return header, rows


@pytest.fixture(scope="module")
def terms():
    header, rows = _read(TERMS)
    assert header == HEADER
    return rows


@pytest.fixture(scope="module")
def index(terms):
    return {(r["term"], r["type"]): r for r in terms}


def _generic_terms() -> list[str]:
    out = []
    for ln in (LEX / "generic_terms.txt").read_text(encoding="utf-8").splitlines():
        ln = ln.strip()
        if ln and not ln.startswith("#"):
            out.append(ln)
    return out


def test_size_and_columns(terms):
    assert 5_000 < len(terms) < 60_000
    assert TERMS.stat().st_size < 5_000_000
    for r in terms:
        assert r["type"] in TYPES, r
        assert r["source"] in SOURCES, r
        assert r["case"] in {"exact", "fold"}, r
        assert r["term"] and r["term"] == r["term"].strip(), r
        assert r["canonical"], r
        assert len(r["term"].split()) <= 8, r
        if r["case"] == "fold":
            assert r["term"] == r["term"].lower(), r


def test_unique_and_one_type_per_term(terms):
    pairs = Counter((r["term"], r["type"]) for r in terms)
    assert [p for p, n in pairs.items() if n > 1] == []
    types_by_lower: dict[str, set] = {}
    for r in terms:
        types_by_lower.setdefault(r["term"].lower(), set()).add(r["type"])
    assert [t for t, s in types_by_lower.items() if len(s) > 1] == []


def test_sorted(terms):
    keys = [(r["term"].lower(), r["term"], r["type"]) for r in terms]
    assert keys == sorted(keys)


def test_no_junk(terms):
    for r in terms:
        t = r["term"]
        assert "deleted" not in t.lower(), r
        assert not re.search(r"[*#$!^;{}\[\]<>|\\=?\"`~%]", t), r
        assert re.search(r"[A-Za-z]", t), r
        assert len(re.sub(r"[^A-Za-z0-9]", "", t)) >= 2, r


@pytest.mark.parametrize("term,typ", [
    ("CIFAR-10", "Dataset"),
    ("ImageNet", "Dataset"),
    ("link prediction", "Task"),
    ("machine translation", "Task"),
    ("BLEU", "Metric"),
    ("accuracy", "Metric"),
    ("perplexity", "Metric"),
    ("GPU", "HardwareConcept"),
    ("A100", "HardwareConcept"),
    ("kv cache", "HardwareConcept"),
    ("memory-bound", "HardwareConcept"),
    ("tensor parallelism", "HardwareConcept"),
    ("dropout", "Method"),
    ("reinforcement learning", "Method"),
    ("knowledge distillation", "Method"),
    ("BERT", "Model"),
    ("transformer", "Model"),
    ("large language models", "Model"),
    ("LLMs", "Model"),
])
def test_sample_lookups(index, term, typ):
    assert (term, typ) in index, f"{term!r} should be a {typ}"


def test_acronym_variants_map_to_canonical(index):
    assert index[("LLMs", "Model")]["canonical"] == index[("large language models", "Model")][
        "canonical"]
    assert index[("LLM", "Model")]["case"] == "exact"
    assert index[("GPU", "HardwareConcept")]["case"] == "exact"


@pytest.mark.parametrize("acronym, typ, usual, rare", [
    ("SAC", "Method", "soft actor critic", "switchable atrous convolution"),
    ("SFT", "Method", "supervised fine-tuning", "shrink and fine-tune"),
])
def test_an_acronym_reads_as_the_long_form_most_authors_use(index, acronym, typ, usual, rare):
    """Papers with Code gives "SAC" to a convolution few abstracts name; OpenReview authors mean soft actor critic."""
    assert index[(acronym, typ)]["canonical"] == usual
    # the rare long form is still in the lexicon under its own name
    assert index[(rare, typ)]["canonical"] == rare


def test_an_acronym_keeps_its_entry_when_no_other_long_form_is_used_more(index):
    # "GAN" shares its initials with graph attention networks, which authors abbreviate otherwise and use less
    assert index[("GAN", "Model")]["canonical"] == index[("generative adversarial network", "Model")]["canonical"]
    # and a rival of another type is no sense of it: semantic textual similarity is no sequence-to-sequence model
    assert index[("STS", "Task")]["canonical"] == "STS"


def test_generic_terms_absent(terms):
    generic = _generic_terms()
    assert len(generic) > 150
    for must in ("model", "method", "data", "performance", "learning", "training", "network",
                 "system", "analysis", "framework", "approach", "evaluation", "task"):
        assert must in generic
    lowered = {r["term"].lower() for r in terms}
    for g in generic:
        for form in (g, g + "s", g + "es"):
            assert form not in lowered, f"generic term {form!r} is in terms.tsv"


def test_hardware_concepts_file(index):
    lines = [ln for ln in (LEX / "hardware_concepts.tsv").read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t"))
    assert list(rows[0].keys()) == ["term", "canonical", "broader", "case"]
    assert len(rows) > 100
    for r in rows:
        assert r["broader"] in HW_CATEGORIES, r
        assert r["case"] in {"exact", "fold"}, r
        term = r["term"] if r["case"] == "exact" else r["term"].lower()
        assert (term, "HardwareConcept") in index, r


def test_sources_doc_names_licences():
    text = (LEX / "SOURCES.md").read_text(encoding="utf-8")
    for needle in ("CC BY-SA 4.0", "Apache-2.0", "CC BY 4.0", "no licence", "MIT"):
        assert needle in text


@pytest.mark.slow
@needs_shared(SHARED_LEXICONS / "pwc" / "methods_slim.tsv")
def test_build_is_deterministic_and_committed_files_are_current(tmp_path):
    outs = []
    for name in ("a", "b"):
        out = tmp_path / name
        subprocess.run([sys.executable, str(SCRIPT), str(SHARED_LEXICONS), str(out)], check=True,
                       capture_output=True)
        outs.append((out / "terms.tsv").read_bytes())
    assert outs[0] == outs[1]
    assert outs[0] == TERMS.read_bytes(), \
        "terms.tsv is stale: rerun scripts/build_lexicons.py ../shared/lexicons " \
        "kg/extract/data/lexicons"


def test_vocabulary_name_starting_with_a_function_word_matches_only_as_written():
    """PwC's "AND Dataset" must not turn "networks and datasets" into a dataset."""
    from kg.extract import Extractor
    from kg.records import Paper
    ex = Extractor().extract(Paper(id="p", abstract="Across combinations of graph neural networks and datasets, "
                                                    "our framework improves. We also use the AND Dataset."))
    labels = {label for e in ex.entities for label in e.labels}
    assert "and datasets" not in labels and "AND Dataset" in labels, labels


def test_ambiguous_hardware_term_needs_a_hardware_abstract():
    from kg.extract import Extractor
    from kg.records import Paper
    ex = Extractor()

    def hardware(abstract: str) -> set[str]:
        return {e.labels[0] for e in ex.extract(Paper(id="p", abstract=abstract)).entities
                if e.type == "HardwareConcept"}

    assert not hardware("Globally attracting fixed points emerge in deep networks with nonlinear activations.")
    assert "fixed point" in {x.lower() for x in hardware("We quantize weights to fixed-point formats on the GPU.")}


@pytest.mark.slow
def test_stored_pattern_tokens_are_current_and_match_the_live_tokenizer(nlp):
    """term_tokens.tsv spares kg_lexicon tokenizing ~29k patterns per start: it must never drift."""
    from kg.extract.components.lexicon import PatternTokenizer, live_pattern_tokens

    stored = PatternTokenizer(nlp)
    rerun = "term_tokens.tsv is stale: rerun scripts/build_term_tokens.py"
    assert stored.stored, rerun + " (it was made for another spaCy version or tokenizer)"
    live = live_pattern_tokens(nlp)
    assert set(stored.stored) == set(live), rerun
    assert [form for form, tokens in live.items() if stored(form) != tokens] == [], rerun


def test_pattern_tokens_not_stored_or_stale_are_tokenized_live(nlp, tmp_path):
    from kg.extract.components.lexicon import PatternTokenizer, read_term_tokens, write_term_tokens

    def live(form: str) -> list[str]:
        return [token.text for token in nlp.tokenizer(form)]

    path = tmp_path / "tokens.tsv"
    write_term_tokens(path, "some key", {"GPT-4o  mini": live("GPT-4o  mini"), "vision transformer": live(
        "vision transformer")})
    assert read_term_tokens(path, "some key") == {"GPT-4o  mini": "\t".join(live("GPT-4o  mini")),
                                                  "vision transformer": ""}
    assert read_term_tokens(path, "another key") == {}
    tokenize = PatternTokenizer(nlp, path)  # the key is not this tokenizer's: nothing is used
    assert tokenize.stored == {}
    for form in ("GPT-4o  mini", "vision transformer", "a user's (new) term"):
        assert tokenize(form) == live(form)


def test_learning_problems_are_tasks_and_learning_techniques_methods():
    """"transfer learning" names a problem (Papers with Code files it as a task); RL and contrastive learning
    are techniques, and so are their kinds ("offline reinforcement learning")."""
    types = {}
    for ln in TERMS.read_text(encoding="utf-8").splitlines()[1:]:
        term, typ = ln.split("\t")[:2]
        types[term] = typ
    assert [types[t] for t in ("transfer learning", "representation learning", "few-shot learning")] == ["Task"] * 3
    assert [types[t] for t in ("reinforcement learning", "contrastive learning", "offline reinforcement learning")] \
        == ["Method"] * 3


def test_keyword_problems_and_properties_are_typed_by_their_head():
    """OpenReview keywords with a problem or property head are kept ("reward hacking" Task, "expressive power"
    Metric); "upper bound" is no method."""
    types = {}
    for ln in TERMS.read_text(encoding="utf-8").splitlines()[1:]:
        term, typ = ln.split("\t")[:2]
        types[term] = typ
    assert (types.get("reward hacking"), types.get("algorithmic fairness"), types.get("expressive power")) \
        == ("Task", "Task", "Metric")
    assert "upper bound" not in types


def test_keyword_kind_heads_and_analysis_methods():
    """OpenReview keywords: a generalization problem is a Task, a gap or robustness a Metric, a named kind of
    algorithm a Method; "<term> algorithm/problem" ("sampling algorithm") is not kept, the term alone is found.
    A Papers-with-Code "... analysis" is a Method even when filed under a model collection."""
    types = {}
    for ln in TERMS.read_text(encoding="utf-8").splitlines()[1:]:
        term, typ = ln.split("\t")[:2]
        types[term] = typ
    assert [types.get(t) for t in ("cross-domain generalization", "generalization gap", "certified robustness",
                                   "evolutionary algorithm", "vehicle routing problem")] \
        == ["Task", "Metric", "Metric", "Method", "Task"]
    assert "sampling algorithm" not in types and "classification problem" not in types
    assert types.get("principal components analysis") == "Method"


def test_excess_compounds_are_problems_and_pass_the_single_word_policy(entity_types):
    """"over-smoothing" names a problem, not the technique "smoothing"; a one-word over-/under- compound that
    keywords also spell with a hyphen is kept, an everyday word ("overfitting") is not."""
    types = {}
    for ln in TERMS.read_text(encoding="utf-8").splitlines()[1:]:
        term, typ = ln.split("\t")[:2]
        types[term] = typ
    assert [types.get(t) for t in ("over-smoothing", "oversmoothing", "over-parameterization")] == ["Task"] * 3
    assert "overfitting" not in types and types.get("understanding") is None
    found = entity_types("Deeper message-passing networks suffer from over-smoothing, and we show how "
                         "over-parameterization of the readout slows convergence while overfitting stays mild.")
    assert found.get("over-smoothing") == found.get("over-parameterization") == "Task"
    assert "overfitting" not in found


def test_keyword_theory_heads_are_typed(entity_types):
    """Statistics and learning-theory keywords (issue 12): a bound or a dimension is a Metric, a point process a
    Model, a dynamics a Method, a class of bandits a Task. Positive and negative on one abstract: "in high
    dimension" is a setting, not a measure; UCB is an algorithm, not a bound."""
    types = {}
    for ln in TERMS.read_text(encoding="utf-8").splitlines()[1:]:
        term, typ = ln.split("\t")[:2]
        types[term] = typ
    assert [types.get(t) for t in ("regret bounds", "littlestone dimension", "hawkes processes", "langevin dynamics",
                                   "dueling bandits", "upper confidence bound")] \
        == ["Metric", "Metric", "Model", "Method", "Task", "Method"]
    assert "high dimension" not in types
    found = entity_types("We study dueling bandits in high dimension and prove regret bounds for a sampler "
                         "based on Langevin dynamics, with rates that depend on the Littlestone dimension.")
    assert (found.get("regret bounds"), found.get("dueling bandits"), found.get("Langevin dynamics"),
            found.get("Littlestone dimension")) == ("Metric", "Task", "Method", "Metric")
    assert "high dimension" not in found


def test_clustering_is_the_problem_a_clustering_algorithm_a_method(entity_types):
    """Papers with Code files "clustering" as a task; a kind of clustering ("spectral clustering") is a method.
    Both on one abstract."""
    found = entity_types("We study clustering under noise and show that spectral clustering recovers the groups.")
    assert found.get("clustering") == "Task" and found.get("spectral clustering") == "Method"


def test_an_everyday_abbreviation_is_no_name_of_the_method_sharing_it(index):
    # "GPS signals" are the positioning system, not Papers with Code's greedy policy search ...
    assert not any(term == "GPS" for term, _typ in index)
    # ... which keeps its long form
    assert index[("greedy policy search", "Method")]["canonical"] == "greedy policy search"
