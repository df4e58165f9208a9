#!/usr/bin/env python3
"""Build the kg gazetteer (kg/extract/data/lexicons/terms.tsv) from shared/lexicons.

Usage:
    python scripts/build_lexicons.py /work/shared/lexicons kg/extract/data/lexicons

Inputs (read-only, see each SOURCES.txt there):
    pwc/methods_slim.tsv, pwc/tasks/*_hierarchy.csv, pwc/tasks/all_tasks_detailed.csv,
    pwc/nlp_progress_sota.json, pwc/task_synonyms.csv, cso/cso_topic_labels.csv,
    openreview/keyword_normalization.tsv, hardware/peak_accelerators_ieee_hpec_2023.csv
Hand-made inputs committed next to the output (read from the repository, not from OUT_DIR):
    kg/extract/data/lexicons/generic_terms.txt      stoplist of too-generic terms
    kg/extract/data/lexicons/hardware_concepts.tsv  HardwareConcept vocabulary
    kg/extract/data/lexicons/field_concepts.tsv     textbook concepts with their acronyms (ELBO, RKHS, MDP, CVaR)
Outputs in OUT_DIR: terms.tsv (+ copies of the hand-made files when OUT_DIR is elsewhere).
Then run scripts/build_term_tokens.py: it stores the tokens of the new terms' patterns.

terms.tsv columns: term, type, canonical, source, source_id, broader, case
  * term: surface form. case=fold terms are stored lower-cased and match case-insensitively;
    case=exact terms (acronyms, mixed-case names, single-word proper names) match case-sensitively.
  * (term, type) is unique, and in fact every term has exactly one type: when sources disagree
    the winner is chosen by TYPE RESOLUTION below.

TYPE RESOLUTION (documented priority, applied per lower-cased term):
  1. CONCEPT_TYPES hand exceptions (well-known concepts whose head word misleads).
  2. Source priority: kg-hardware > kg-concepts > accelerators > nlp-progress > pwc-method > pwc-task >
     pwc-dataset > pwc-metric > pwc-collection > openreview > cso.
  Within a source the type comes from the source's own rules: PwC methods by name head, then
  collection (an "... analysis" name is a Method whatever its collections: PCA); untyped
  vocabularies by head word (head_type), OpenReview keywords also by OPENREVIEW_HEADS
  (problem, property and technique heads such as "generalization", "gap", "robustness",
  "methods", "algorithm"), except a "<term> method/algorithm/problem" keyword whose modifier
  is a term or head word of its own (specific_kind). A one-word over-/under- compound
  ("over-smoothing") is a Task whatever its head part says (excess_compound).
The build is deterministic: no randomness, no clock, all outputs sorted.
"""
from __future__ import annotations

import csv
import json
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HAND_DIR = REPO / "kg" / "extract" / "data" / "lexicons"
TYPES = ("Method", "Task", "Model", "Dataset", "Metric", "HardwareConcept")
HEADER = ["term", "type", "canonical", "source", "source_id", "broader", "case"]

SOURCE_PRIORITY = [
    "kg-hardware", "kg-concepts", "accelerators", "nlp-progress", "pwc-method", "pwc-task",
    "pwc-dataset", "pwc-metric", "pwc-collection", "openreview", "cso",
]
PRIO = {s: i for i, s in enumerate(SOURCE_PRIORITY)}

MAX_WORDS = 8
OPENREVIEW_MIN_VARIANT = 2      # keep an OpenReview spelling variant seen in >= 2 papers
OPENREVIEW_MIN_SHORT_ACRONYM = 10  # 2-letter acronyms (RL, LM) need >= 10 papers
PWC_MIN_POPULARITY_SINGLE_WORD_DATASET = 2  # listed by >= 2 task rows

# ---------------------------------------------------------------------------
# Head-word typing (used for OpenReview keywords, CSO labels, PwC collection names
# and to override PwC method/task typing for a few heads). The head is the last
# token of the lower-cased phrase (after dropping a trailing "(...)" acronym).
TASK_HEADS = {
    "detection", "classification", "prediction", "generation", "segmentation", "recognition",
    "translation", "answering", "retrieval", "forecasting", "estimation", "reasoning",
    "summarization", "summarisation", "parsing", "tagging", "extraction", "captioning",
    "tracking", "localization", "localisation", "completion", "synthesis", "reconstruction",
    "editing", "understanding", "labeling", "labelling", "resolution", "verification",
    "identification", "discovery", "navigation", "manipulation", "diagnosis", "inpainting",
    "denoising", "super-resolution", "deblurring", "dehazing", "deraining", "colorization",
    "compression", "disambiguation", "simplification", "paraphrasing", "grounding",
    "transcription", "diarization", "separation", "enhancement", "restoration", "modeling",
    "modelling", "adaptation", "unlearning", "forgery", "spotting", "counting", "matting",
    "retargeting", "recommendation", "ranking", "linking", "typing", "imputation",
    "watermarking", "attribution", "elicitation", "solving", "proving", "annotation",
    "animation", "interpolation", "extrapolation", "registration", "stitching", "rendering",
    "localisation", "anticipation", "alignment",
}
METHOD_HEADS = {
    "learning", "optimization", "optimisation", "training", "distillation", "regularization",
    "sampling", "attention", "pruning", "quantization", "quantisation", "decoding",
    "augmentation", "fine-tuning", "finetuning", "tuning", "prompting", "pretraining",
    "pre-training", "descent", "normalization", "dropout", "initialization", "propagation",
    "encoding", "matching", "programming", "search", "merging", "steering", "clustering",
    "attack", "attacks", "defense", "defence", "sparsification", "factorization",
    "factorisation", "decomposition", "boosting", "bagging", "ensembling", "annealing",
    "backpropagation", "smoothing", "relaxation", "minimization", "maximization",
    "tokenization", "tokenisation", "guidance", "hashing", "pooling", "convolution",
    "convolutions", "loss", "objective", "gradient", "gradients", "embedding",
    "watermark", "jailbreak", "jailbreaking", "red-teaming", "distillations",
}
MODEL_HEADS = {
    "model", "models", "network", "networks", "transformer", "transformers", "encoder",
    "encoders", "decoder", "decoders", "autoencoder", "autoencoders", "llm", "llms", "agent",
    "agents", "perceptron", "perceptrons", "architecture", "architectures", "backbone",
    "backbones", "lm", "lms", "vlm", "vlms", "mllm", "mllms", "gan", "gans", "cnn", "cnns",
    "rnn", "rnns", "lstm", "lstms", "gnn", "gnns", "vit", "vits", "mlp", "mlps", "net", "nets",
    "tokenizer", "tokenizers",
}
DATASET_HEADS = {"dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora",
                 "treebank", "suite"}
METRIC_HEADS = {
    "accuracy", "f1", "f1-score", "bleu", "rouge", "meteor", "perplexity", "latency",
    "throughput", "auc", "auroc", "auprc", "error", "score", "distance", "divergence",
    "regret", "speedup", "psnr", "ssim", "lpips", "fid", "mae", "mse", "rmse", "iou", "miou",
    "recall", "precision@k", "ndcg", "mrr", "wer", "cer", "complexity", "consumption",
    "rate",
}
# More heads for OpenReview keywords only: authors' keywords are ML concepts, so a head that is too broad in
# CSO ("access control", "network security") names an ML problem or property there ("reward hacking",
# "algorithmic fairness", "mode collapse", "expressive power", "length generalization", "modality gap",
# "Lipschitz continuity", "certified robustness"), and a kind head names a technique ("first-order methods",
# "evolutionary algorithm", "Monte Carlo") or a problem ("inverse problems"). Heads that name both a problem
# and a technique ("inference", "regression", "analysis") are left out.
# Heads of the tools of statistics and learning theory (issue 12: theory abstracts got few nodes): what a
# theory paper bounds or measures ("generalization bounds", "Littlestone dimension", "mutual information"), the
# processes and dynamics it models or samples with ("Hawkes processes", "Langevin dynamics", "gradient flow"),
# the feature maps it uses ("random features"), and its problem classes ("dueling bandits", "Markov games",
# "hypothesis testing").
OPENREVIEW_THEORY_HEADS = {
    **{h: "Metric" for h in ("bound", "bounds", "dimension", "entropy")},
    **{h: "Model" for h in ("process", "processes")},
    **{h: "Method" for h in ("dynamics", "flow", "flows", "splatting", "features", "embeddings")},
    **{h: "Task" for h in ("bandits", "games", "testing")},
}
OPENREVIEW_HEADS = {
    **{h: "Task" for h in ("planning", "control", "fairness", "safety", "hacking", "moderation", "shift",
                           "collapse", "interpretability", "explainability", "hallucination", "hallucinations",
                           "memorization", "squashing", "oversquashing", "over-squashing", "oversmoothing",
                           "over-smoothing", "design", "misalignment", "forgetting", "poisoning", "attribution",
                           "generalization", "generalisation", "problem", "problems", "acceleration", "routing",
                           "imbalance", "protection", "coordination")},
    **{h: "Metric" for h in ("efficiency", "power", "speed", "calibration", "fidelity", "diversity", "gap",
                             "continuity", "smoothness", "stability", "robustness")},
    **{h: "Method" for h in ("filtering", "approximation", "replay", "method", "methods", "algorithm",
                             "algorithms", "coding", "carlo", "kernel")},
    **OPENREVIEW_THEORY_HEADS,
}
# A keyword whose head only says what kind of thing it is ("greedy algorithm", "inverse problem") is kept unless
# its modifier is a term or head word of its own ("sampling algorithm", "classification problem"): the extractor
# already finds the modifier, and the longer match would hide a more specific name ("binary classification
# problem" read as "classification problem").
OPENREVIEW_KIND_HEADS = {"method", "methods", "algorithm", "algorithms", "problem", "problems"}
#: heads of their own that OpenReview typing leaves out for naming both a problem and a technique
OPENREVIEW_AMBIGUOUS_HEADS = {"inference", "regression", "analysis"}
# heads whose Model reading is unreliable in broad, non-ML vocabularies (CSO): require a
# neural/ML modifier for network(s)/model(s) there.
CSO_MODEL_OK_MODIFIERS = {"neural", "language", "transformer", "diffusion", "generative",
                          "markov", "adversarial", "convolutional", "recurrent", "graph",
                          "topic", "mixture", "boltzmann"}
NON_ML_NETWORK_MODIFIERS = {"social", "sensor", "wireless", "computer", "communication",
                            "telecommunication", "mobile", "peer-to-peer", "road", "power",
                            "gene", "regulatory", "biological", "transportation", "citation",
                            "ad", "ad-hoc", "hoc", "vehicular", "optical", "cellular", "mesh",
                            "overlay", "area", "local", "complex", "bayesian", "petri",
                            "scale-free", "small-world", "interconnection", "internet",
                            "business", "data", "financial", "economic", "world"}
# "self-attention", "re-identification": a prefix + head compound keeps the head's type;
# other hyphen compounds ("high-resolution", "multi-agent", "no-regret") are not typed.
HYPHEN_PREFIXES = {"self", "re", "de", "co", "meta", "pre", "post", "super", "mid", "cross",
                   "geo", "auto", "back", "un", "fine", "over", "red", "prompt", "instruction"}
# Single-word terms from the untyped sources (OpenReview, CSO, PwC collection names) are
# kept only when they name a specific concept on their own; a bare head word such as
# "guidance", "matching", "encoder" or "ranking" is too vague alone.
SINGLE_WORD_OK = {
    "quantization", "pruning", "distillation", "self-distillation", "summarization",
    "watermarking", "unlearning", "jailbreaking", "jailbreak", "jailbreaks", "tokenization",
    "tokenizer", "tokenizers", "perplexity", "latency", "throughput", "accuracy", "dropout",
    "backpropagation", "back-propagation", "sparsification", "dehazing", "deraining",
    "deblurring", "denoising", "inpainting", "super-resolution", "colorization", "captioning",
    "ensembling", "speedup", "regret", "forecasting", "imputation",
    "re-identification", "re-ranking", "reranking", "red-teaming", "self-attention",
    "cross-attention", "self-training", "co-training", "meta-learning", "post-training",
    "mid-training", "prompting", "prompt-tuning", "instruction-tuning", "transformer",
    "transformers", "autoencoder", "autoencoders", "auto-encoder", "chain-of-thought",
    "mixture-of-experts", "clustering", "hashing", "lemmatization", "transliteration",
    "lipreading", "pansharpening", "steganalysis", "cryptanalysis", "retrosynthesis",
    "demosaicking", "supertagging", "chunking", "de-identification", "geo-localization",
    "perceptron", "perceptrons", "smatch", "fine-tuning", "finetuning",
    "auto-labeling", "pseudo-labeling", "self-labeling", "diarization", "paraphrasing",
    "decipherment", "binarization", "uncropping", "derendering", "foveation",
    "self-verification", "meta-optimization", "mesa-optimization",
    "q-learning", "expectation-maximization",
}
# "over-smoothing", "under-reaching": an excess or lack of something names a problem or studied property
# (Task), whatever the head alone would say ("smoothing" is a technique). Such a one-word compound passes
# the single-word policy when OpenReview authors also spell it with a hyphen, the mark of a technical
# coinage ("over-squashing", and so "oversquashing"); everyday words ("overfitting", "overconfidence") are
# mostly passing mentions and stay out.
EXCESS_COMPOUND = re.compile(r"^(?:over|under)-?[a-z]{3,}(?:ing|tion|sion|ence|ance|al|ness|ity)$")


def excess_compound(term: str) -> bool:
    low = term.lower()
    return bool(EXCESS_COMPOUND.match(low)) and low not in TASK_HEADS    # "understanding" is a plain word


def hyphenated_excess(root: Path) -> set[str]:
    """Hyphen-less keys of the excess compounds OpenReview keywords spell with a hyphen ("over-smoothing")."""
    text = (root / "openreview" / "keyword_normalization.tsv").read_text(encoding="utf-8")
    return {w.lower().replace("-", "") for w in re.findall(r"\b(?:[Oo]ver|[Uu]nder)-[A-Za-z]+", text)
            if excess_compound(w)}


# CSO spans all of computer science: heads and modifiers that there mostly name non-ML
# topics ("information loss", "information propagation", "distance learning", "e-learning").
CSO_WEAK_METHOD_HEADS = {"loss", "propagation", "search", "objective", "programming",
                         "encoding", "annealing", "smoothing", "relaxation", "matching",
                         "embedding", "hashing", "gradient", "gradients"}
CSO_NON_ML_MODIFIERS = {"distance", "e-learning", "mobile", "blended", "collaborative",
                        "student", "web-based", "computer-assisted", "computer-supported",
                        "cooperative", "organizational", "organisational", "laser", "thermal",
                        "language", "vocabulary", "second"}
# metric heads that in a given phrase are not metrics
NOT_METRIC = {"learning rate", "learning rates", "sampling rate", "frame rate", "rate",
              "score matching", "edit distance", "score function", "score functions",
              "score-based", "error correction", "error feedback", "distance metric",
              "distances", "errors", "scores", "rates"}

# Hand exceptions: well-known concepts where the general head rule is wrong. Learning
# paradigms ("reinforcement learning", "transfer learning", "federated learning", ...)
# are typed Method by the head rule and need no entry here.
CONCEPT_TYPES = {
    "upper confidence bound": "Method",  # a bandit algorithm (UCB), not the bound it computes
    "clustering": "Task",  # the problem, as Papers with Code files it; "spectral clustering" is a method
    "retrieval-augmented generation": "Method",
    "retrieval augmented generation": "Method",
    "rag": "Method",
    "chain-of-thought": "Method",
    "chain of thought": "Method",
    "chain-of-thought reasoning": "Method",
    "chain-of-thought prompting": "Method",
    "mixture of experts": "Model",
    "mixture-of-experts": "Model",
    "mixture of expert": "Model",
    "optimal transport": "Method",
    "maximum likelihood estimation": "Method",
    "variational inference": "Method",
    "bayesian inference": "Method",
    "amortized inference": "Method",
    "causal inference": "Task",
    "natural language inference": "Task",
    "reinforcement learning from human feedback": "Method",
    "rlhf": "Method",
    "low-rank adaptation": "Method",
    "low rank adaptation": "Method",
    "lora": "Method",
    "parameter-efficient fine-tuning": "Method",
    "speculative decoding": "Method",
    "neural architecture search": "Method",
    "knowledge distillation": "Method",
    "data augmentation": "Method",
    "contrastive learning": "Method",
    "reinforcement learning": "Method",     # a family of techniques (PwC files it as a task)
    "deep reinforcement learning": "Method",
    "imitation learning": "Method",
    "deep learning": "Method",
    "gaussian process": "Model",
    "gaussian processes": "Model",
    "support vector machine": "Method",
    "support vector machines": "Method",
    "monte carlo tree search": "Method",
    "text-to-sql": "Task",
    "text-to-image generation": "Task",
    "language modeling": "Task",
    "language modelling": "Task",
    "mechanistic interpretability": "Task",
    "federated learning": "Method",
    "differential privacy": "Method",
    "test-time adaptation": "Method",
    "in-context learning": "Method",
    "vision transformer": "Model",
    "kv cache compression": "Task",
    "model compression": "Task",
}

# Single-word PwC method / dataset names whose ordinary-English sense dominates in
# prose (hand-reviewed from the single-word alphabetic names in the PwC data).
ORDINARY_WORD_NAMES = {
    "focus", "library", "ontology", "heatmap", "counterfactuals", "gravity", "electric",
    "performer", "blender", "fragmentation", "wizard", "rendezvous", "parallax", "apollo",
    "patching", "retrace", "lion", "hydra", "synthesizer", "lookahead", "soups", "demon",
    "parrot", "primer", "chimera", "florence", "fawkes", "grab", "poly", "herring", "macaw",
    "accordion", "crossbow", "deflation", "hamburger", "colorization", "inpainting", "jigsaw",
    "involution", "convolution", "pruning", "diffusion", "adapter", "procrustes", "sophia",
    "siren", "tofu", "polynomial", "flowers", "autoencoders", "demon", "serf", "phish", "nipuna", "metrix", "conffusion", "dreamix",
    # everyday abbreviations a method's name shares: "GPS" (greedy policy search) is the positioning system
    "gps",
    # datasets
    "abalone", "adult", "ant", "aspirin", "babies", "ballroom", "berkeley", "bio", "breakfast",
    "campus", "cards", "chairs", "clearance", "colors", "columbia", "cornell", "diabetes",
    "digits", "discovery", "electricity", "elephant", "essays", "ethanol", "ethics",
    "evaluate", "exchange", "figment", "finer", "general", "geo", "groove", "handbags",
    "heartbeat", "helpdesk", "hepatitis", "hopper", "hotel", "incidents", "jobs", "kinship",
    "leaderboard", "letter", "london", "measles", "meshes", "mushroom", "nature", "olympics",
    "overruling", "panoptic", "piano", "places", "plant", "platform", "recipe", "replica",
    "restricted", "rewrite", "rooftop", "sales", "satellite", "scribble", "shelf", "shifts",
    "shoes", "silhouettes", "spaces", "spiced", "spring", "sprites", "surreal", "swimmer",
    "synthetic", "traffic", "travel", "unknown", "unrestricted", "unruly", "venture",
    "weather", "web", "wiki", "wine", "wisconsin", "custom", "dev", "emergent", "fake",
    "seeds", "spider", "iris", "boston", "cars", "chords", "australian", "kodak", "argmin",
    "soybean", "caltech", "nottingham", "quasar", "reddit", "yahoo", "plantae", "sunspot",
    "perception", "mindgames", "housekeep", "hansel", "lila", "kumar", "belfort", "bentham", "beatles",
}

SPLIT_SUFFIX = re.compile(
    r"\s*(?:[-–(]\s*)?\b(?:test|val|valid|validation|dev|train|test-dev|test-std|test-challenge|"
    r"testa|testb|test set|val set|dev set|testing|zero-shot|few-shot|full|unseen|seen|"
    r"public|private|subset|split)\)?\s*$", re.I)
BAD_CHARS = re.compile(r"[*#$!^;{}\[\]<>|\\=?\"`~%@§]")
ALLOWED_START = re.compile(r"^[\w(]", re.U)


def norm_space(s: str) -> str:
    s = unicodedata.normalize("NFC", s)
    s = s.replace("\u2019", "'").replace("\u2013", "-").replace("\u2010", "-")
    return re.sub(r"\s+", " ", s).strip()


def load_generic(path: Path) -> set[str]:
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.add(line.lower())
    return out


def singular(w: str) -> str:
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and re.search(r"(ss|sh|ch|x)es$", w):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss") and not w.endswith("us") \
            and not w.endswith("is"):
        return w[:-1]
    return w


def key(s: str) -> str:
    """Concept key: case, hyphen/space/underscore, trailing plural and leading article ignored."""
    s = s.lower().replace("_", " ").replace("-", " ")
    s = re.sub(r"^(the|a|an) ", "", s)
    toks = s.split()
    if toks:
        toks[-1] = singular(toks[-1])
    return " ".join(toks)


SINGLE_WORD_POLICY_SOURCES = {"openreview", "cso", "pwc-collection", "pwc-task",
                              "nlp-progress", "pwc-metric"}
HEAD_RULE_SOURCES = {"openreview", "cso", "pwc-collection", "pwc-task"}
# Two-word phrases "<evaluative adjective> <head>" ("theoretical understanding",
# "efficient sampling", "large models") name no particular concept.
GENERIC_MODIFIERS = {
    "theoretical", "efficient", "effective", "fast", "faster", "scalable", "novel", "new",
    "improved", "better", "simple", "general", "generic", "accurate", "practical",
    "principled", "unified", "flexible", "large", "small", "multiple", "various", "different",
    "existing", "standard", "traditional", "conventional", "classical", "modern", "recent",
    "real-world", "high-quality", "low-cost", "provable", "efficiently", "powerful", "strong",
    "weak", "good", "better", "best", "future", "current", "automatic", "automated", "smart",
    "intelligent", "advanced", "complex", "big", "huge", "massive", "reliable", "trustworthy",
    "responsible", "safe", "open", "human", "expert", "single", "custom", "public", "private",
}


class Lex:
    def __init__(self, generic: set[str], excess_spelled: frozenset[str] = frozenset()):
        self.generic = generic
        self.excess_spelled = excess_spelled    # see hyphenated_excess
        self.generic_keys = {key(g) for g in generic}
        self.cands: list[dict] = []
        self.canon_by_key: dict[str, tuple[int, str]] = {}

    def is_generic(self, term: str) -> bool:
        t = term.lower()
        return t in self.generic or key(t) in self.generic_keys

    def add(self, term, typ, canonical, source, source_id, broader="", case=None,
            force_case=None):
        term = norm_space(term)
        canonical = norm_space(canonical)
        if typ not in TYPES or not junk_ok(term):
            return
        if self.is_generic(term):
            return
        case = force_case or case or case_of(term)
        words = term.lower().split()
        if source in HEAD_RULE_SOURCES | {"pwc-dataset"} and len(words) == 2 and \
                words[0] in GENERIC_MODIFIERS:
            return
        if source in SINGLE_WORD_POLICY_SOURCES and len(term.split()) == 1 and \
                not is_acronymish(term) and term.lower() not in SINGLE_WORD_OK and \
                not re.search(r"\d", term) and not (excess_compound(term) and
                                                      term.lower().replace("-", "") in self.excess_spelled):
            return
        if case == "fold":
            term = term.lower()
        self.cands.append(dict(term=term, type=typ, canonical=canonical, source=source,
                               source_id=source_id, broader=norm_space(broader or ""),
                               case=case))


def junk_ok(t: str) -> bool:
    if len(t) < 2 or not ALLOWED_START.match(t):
        return False
    if BAD_CHARS.search(t):
        return False
    if re.fullmatch(r"[\d\s.,:/+\-]+", t):      # pure numbers / dates
        return False
    if not re.search(r"[A-Za-z]", t):
        return False
    if t.count("(") != t.count(")"):
        return False
    if re.search(r"\)\s*\S", t) and not re.match(r"^\(\d", t):   # "(...)" mid-phrase
        return False
    if len(t.split()) > MAX_WORDS or len(t) > 80:
        return False
    if "deleted" in t.lower():
        return False
    return True


def is_acronymish(t: str) -> bool:
    """Any token with 2+ capitals, a capital after the first character (CamelCase) or a
    digit mixed with capitals: needs case-sensitive matching."""
    for tok in re.split(r"[\s/\-]+", t):
        core = tok.strip("()[].,:;'")
        if sum(c.isupper() for c in core) >= 2:
            return True
        if any(c.isupper() for c in core[1:]):
            return True
    return False


def case_of(t: str) -> str:
    """exact for acronym/mixed-case names whose every word is such a token ("BERT",
    "PASCAL VOC", "ResNet-50"); phrases mixing plain words ("2D Object Detection",
    "GUI grounding") fold, since text lower-cases the plain words."""
    if not is_acronymish(t):
        return "fold"
    # hyphen parts count as words: "Text-To-SQL" folds, "GPT-4", "ResNet-50", "CelebA-HQ" stay
    words = [w for w in re.split(r"[\s/\-]+", t) if re.search(r"[A-Za-z]{2}", w)]
    return "exact" if all(is_acronymish(w) for w in words) else "fold"


def display(label: str) -> str:
    """Canonical display form: plain Title-Case multiword phrases are lower-cased
    ("Generative Adversarial Network" -> "generative adversarial network"); acronyms,
    mixed-case and single-word names keep their spelling."""
    label = norm_space(label)
    toks = label.split()
    if len(toks) >= 2 and not is_acronymish(label) and not re.search(r"\d", label):
        return label.lower()
    return label


def strip_paren(name: str) -> tuple[str, str | None]:
    """'Visual Question Answering (VQA)' -> ('Visual Question Answering', 'VQA')."""
    m = re.match(r"^(.*\S)\s*\(([^()]+)\)$", name)
    if not m:
        return name, None
    inner = m.group(2).strip()
    return m.group(1).strip(), inner


def looks_acronym(s: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9\-+.&/]*", s)) and \
        sum(c.isupper() for c in s) >= 2 and len(s) <= 15


#: Sources whose "X learning" terms name a problem or setting (Papers with Code files "transfer learning",
#: "few-shot learning", "representation learning" as tasks; keyword lists hold the same kind of terms), so
#: they are Tasks, as the guideline's annotators read them. A learning technique keeps its Method type from
#: pwc-method (which outranks these sources: "contrastive learning", "Q-learning") or CONCEPT_TYPES.
LEARNING_IS_TASK_SOURCES = ("pwc-task", "openreview", "cso")


def head_type(phrase: str, source: str) -> str | None:
    p = phrase.lower().strip()
    p = re.sub(r"\s*\([^)]*\)$", "", p)
    if p in CONCEPT_TYPES:
        return CONCEPT_TYPES[p]
    toks = re.split(r"\s+", p)
    if not toks:
        return None
    head = toks[-1].strip(".,:;")
    if len(toks) == 1 and excess_compound(head):
        return "Task"
    # "x-based y" style heads: take the part after the last hyphen for compound heads
    cands = [head]
    if "-" in head and head.split("-", 1)[0] in HYPHEN_PREFIXES:
        cands.append(head.rsplit("-", 1)[-1])
    for h in cands:
        if h in METRIC_HEADS and p not in NOT_METRIC:
            if h == "rate" and len(toks) < 2:
                return None
            return "Metric"
        if h in DATASET_HEADS:
            # untyped vocabularies only hold descriptions ("benchmark datasets",
            # "parallel corpora"), never dataset names
            return "Dataset" if len(toks) >= 2 and source not in ("openreview", "cso") \
                else None
        if h in MODEL_HEADS:
            if h in {"network", "networks", "model", "models"} and len(toks) >= 2:
                if toks[-2] in NON_ML_NETWORK_MODIFIERS:
                    return None
                if source == "cso" and not (set(toks[:-1]) & CSO_MODEL_OK_MODIFIERS):
                    return None
            if source == "cso" and h in {"agent", "agents", "architecture", "architectures",
                                         "backbone", "backbones", "encoder", "decoder",
                                         "encoders", "decoders"}:
                return None
            return "Model"
        if h in TASK_HEADS:
            return "Task"
        if source == "openreview" and h in OPENREVIEW_HEADS and len(toks) >= 2:
            return OPENREVIEW_HEADS[h]
        if h == "learning" and source in LEARNING_IS_TASK_SOURCES and len(toks) >= 2:
            # a learning problem or setting ("transfer learning", "agnostic learning"), unless it is a
            # kind of a learning technique ("offline reinforcement learning")
            if any(CONCEPT_TYPES.get(" ".join(toks[i:])) == "Method" for i in range(1, len(toks) - 1)):
                return "Method"
            return "Task"
        if h in METHOD_HEADS:
            if source == "cso" and (h in CSO_WEAK_METHOD_HEADS or
                                    set(toks[:-1]) & CSO_NON_ML_MODIFIERS):
                return None
            return "Method"
    return None


# ---------------------------------------------------------------------------
# Sources

def slug(s: str) -> str:
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    s = re.sub(r"[^A-Za-z0-9]+", "-", s.lower()).strip("-")
    return s


MODEL_COLLECTION_RE = re.compile(
    r"(Models|Networks|networks|Transformers|Architectures|Blocks|Modules|Detectors|"
    r"Trackers|Parsers|Chatbots|Discriminators|Feature Extractors|Heads|Branches|Layers|"
    r"Word Embeddings|Backbone Architectures)$")
METHOD_COLLECTION_OVERRIDE = {
    # named "...Models"/"...Networks" but holding techniques
    "Generative Training", "Dimensionality Reduction", "Graph Embeddings",
    "Image Generation Models",  # mixes Diffusion, classifier guidance...
    "Sentence Embeddings", "Position Embeddings", "RoI Feature Extractors",
    "Generalized Linear Models", "Generalized Additive Models",
}
MODEL_COLLECTION_EXTRA = {"Light-weight neural networks", "Q-Learning Networks",
                          "Feedforward Networks", "Working Memory Models"}


#: kg's list of widely used model families (CLIP, Vicuna, ResNet): PwC files some of them under technique
#: collections ("Image Representations"), but the name is a model's
MODEL_FAMILIES = set("\n".join(ln for ln in (REPO / "kg" / "extract" / "data" / "model_families.txt")
                               .read_text(encoding="utf-8").splitlines() if not ln.startswith("#"))
                     .partition("prefix only:")[0].split())


#: PwC method names whose head marks an analysis technique, whatever its collections ("Principal Components
#: Analysis" is also filed under "Image Denoising Models"): the guideline counts analysis tools as Methods.
PWC_METHOD_TECHNIQUE_HEADS = {"analysis"}


def pwc_method_type(name: str, full: str, colls: list[str]) -> str:
    if name in MODEL_FAMILIES:
        return "Model"
    if any(strip_paren(lab.lower())[0].split()[-1:] in ([h] for h in PWC_METHOD_TECHNIQUE_HEADS)
           for lab in (name, full) if lab.strip()):
        return "Method"
    for lab in (name, full):
        ht = head_type(lab, "pwc-method")
        low = lab.lower()
        if low in CONCEPT_TYPES:
            return CONCEPT_TYPES[low]
        # name-level heads that reliably mark a technique
        if ht in ("Method", "Model") and (len(lab.split()) >= 2 or ht == "Model"):
            return ht
    model = any((MODEL_COLLECTION_RE.search(c) or c in MODEL_COLLECTION_EXTRA)
                and c not in METHOD_COLLECTION_OVERRIDE for c in colls)
    return "Model" if model else "Method"


def build_pwc_methods(lex: Lex, root: Path):
    path = root / "pwc" / "methods_slim.tsv"
    with path.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    coll_members: dict[str, int] = defaultdict(int)
    for r in rows:
        name = norm_space(r["name"])
        full = norm_space(r["full_name"] or name)
        if "deleted method" in name.lower():
            continue
        colls = [c for c in r["collections"].split("|") if c]
        for c in colls:
            coll_members[c] += 1
        typ = pwc_method_type(name, full, colls)
        # a full name that is a sentence/title ("Mamba: Linear-Time ...") is not a surface form
        if ":" in full or len(full.split()) > 6:
            full = name
        canonical = display(full if not is_acronymish(full) or full == name else full)
        url = r["pwc_url"]
        broader = display(colls[0]) if colls else ""
        for surface in {name, full}:
            base, paren = strip_paren(surface)
            forms = [base] + ([paren] if paren and looks_acronym(paren) else [])
            for s in forms:
                if not pwc_name_ok(s):
                    continue
                case = case_of(s)
                # single-word model names are proper names ("Mamba", "Longformer"): match as
                # written; single-word techniques ("Dropout", "Mixup") occur lower-cased
                if len(s.split()) == 1 and s[:1].isupper() and typ == "Model":
                    case = "exact"
                lex.add(s, typ, canonical, "pwc-method", url, broader, force_case=case)
    # collection names as concepts of their own (typed by head rule / model-collection rule)
    for c, n in sorted(coll_members.items()):
        if not c or n < 2:
            continue
        low = c.lower()
        if low in CONCEPT_TYPES:
            typ = CONCEPT_TYPES[low]
        elif (MODEL_COLLECTION_RE.search(c) or c in MODEL_COLLECTION_EXTRA) and \
                re.search(r"(Networks|networks|Transformers|Autoencoders)$", c):
            typ = "Model"
        else:
            typ = head_type(c, "pwc-collection")
            if typ == "Model" and re.search(r"(Models|Modules|Blocks|Layers)$", c):
                typ = None      # "Object Detection Models": a category, not a surface form
        if typ is None or len(c.split()) < 2:
            continue
        lex.add(c, typ, display(singular_phrase(c)), "pwc-collection",
                "https://paperswithcode.com/methods/category/" + slug(c))


def singular_phrase(p: str) -> str:
    toks = p.split()
    toks[-1] = singular(toks[-1]) if toks[-1].lower() not in {"series", "analysis"} else toks[-1]
    return " ".join(toks)


def pwc_name_ok(s: str) -> bool:
    if not junk_ok(s):
        return False
    bare = re.sub(r"[^A-Za-z0-9]", "", s)
    if len(bare) <= 2 or (len(bare) <= 3 and not is_acronymish(s)):
        return False
    if len(s.split()) == 1 and s.lower() in ORDINARY_WORD_NAMES:
        return False
    # lower-case single tokens (dhf, kdm, imagemorph) are dump identifiers, not surface forms
    if len(s.split()) == 1 and s.islower() and not re.search(r"\d", s):
        return False
    return True


TASK_FILES = ["cv_hierarchy.csv", "nlp_hierarchy.csv", "audio_hierarchy.csv",
              "other_hierarchy.csv"]
TASK_SINGLE_OK = re.compile(r"(ing|ion|sis|ment|ence|ance|ity)$")
NOT_TASK_PHRASES = re.compile(
    r"^(?:\d+d|video|image|audio|music|text|time series|speech|graphs?|knowledge base|"
    r"medical|robotics|miscellaneous|methodology|computer vision|natural language processing|"
    r"playing games|adversarial|reasoning|general)$", re.I)


TASK_HEAD_SUFFIX = re.compile(r"(ion|ing|sis|ment|ance|ence|ity)$")


def task_rows(root: Path):
    for fn in TASK_FILES:
        with (root / "pwc" / "tasks" / fn).open(encoding="utf-8") as f:
            for r in csv.DictReader(f):
                yield r


def build_pwc_tasks(lex: Lex, root: Path):
    tasks: dict[str, str] = {}
    dcount: dict[str, int] = defaultdict(int)
    for r in task_rows(root):
        name = norm_space(r["Task Name"])
        try:
            dcount[name] = max(dcount[name], int(r.get("Dataset Count") or 0))
        except ValueError:
            pass
        parent = norm_space(r.get("Parent Task") or "")
        if name and (name not in tasks or (parent and not tasks[name])):
            tasks[name] = parent
    with (root / "pwc" / "tasks" / "task_hierarchy.csv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            parent = norm_space(r["Parent Task"])
            for child in r["Child Tasks"].split(";"):
                child = norm_space(child).rstrip(".")
                if child and child not in tasks:
                    tasks[child] = parent
    with (root / "pwc" / "tasks" / "all_tasks.txt").open(encoding="utf-8") as f:
        for line in f:
            name = norm_space(line.strip().strip('"'))
            if name.islower() and " " not in name:
                continue    # lower-case slugs and junk ("16k", "de-en", "object-detection")
            if name and name not in tasks:
                tasks[name] = ""
    for name in sorted(tasks):
        base, paren = strip_paren(name)
        if not task_name_ok(base):
            continue
        typ = head_type(base, "pwc-task")
        if typ is None and not TASK_HEAD_SUFFIX.search(base.lower()) and \
                "-to-" not in base.lower() and dcount.get(name, 0) < 3:
            continue    # "Novel Concepts", "Missing Values", "Inductive Bias": not task names
        if typ in ("Model", "Dataset", "Metric"):
            continue    # "Large Language Model", "Decoder": not tasks; other sources type them
        if typ is None:     # learning paradigms etc. -> Method (head rule); else Task
            typ = "Task"
        if base.lower() in CONCEPT_TYPES:
            typ = CONCEPT_TYPES[base.lower()]
        parent = tasks[name]
        pbase = strip_paren(parent)[0] if parent else ""
        broader = display(pbase) if pbase and pbase != base and plausible_parent(base, pbase) \
            else ""
        url = "https://paperswithcode.com/task/" + slug(base)
        canonical = display(base)
        lex.add(base, typ, canonical, "pwc-task", url, broader)
        if paren and looks_acronym(paren) and len(re.sub(r"[^A-Za-z0-9]", "", paren)) >= 2:
            lex.add(paren, typ, canonical, "pwc-task", url, broader, force_case="exact")
    # sota-extractor synonyms: "Named entity recognition","Entity recognition"
    with (root / "pwc" / "task_synonyms.csv").open(encoding="utf-8") as f:
        for r in csv.reader(f, skipinitialspace=True):
            if len(r) != 2 or r[0] == "task":
                continue
            task, syn = norm_space(r[0]), norm_space(r[1])
            if key(task) in {"word level model", "character level model"}:
                continue   # "language model" synonym is a Model, not these task names
            typ = CONCEPT_TYPES.get(task.lower()) or head_type(task, "pwc-task") or "Task"
            if typ not in ("Method", "Task"):
                typ = "Task"
            url = "https://paperswithcode.com/task/" + slug(task)
            for s in (task, syn):
                if task_name_ok(s):
                    lex.add(s, typ, display(task), "pwc-task", url)


def plausible_parent(child: str, parent: str) -> bool:
    """The PwC hierarchy dumps carry wrong parents ("10-shot image generation" above
    "Semantic Segmentation"); keep a parent only if its head word occurs in the child."""
    ptoks = {singular(t) for t in re.split(r"[\s\-]+", parent.lower()) if t}
    ctoks = {singular(t) for t in re.split(r"[\s\-]+", child.lower()) if t}
    return bool(ptoks) and ptoks < ctoks


LANG_PAIR = re.compile(r"\b[a-z]{2,3}-[a-z]{2,3}\b")


def task_name_ok(s: str) -> bool:
    if LANG_PAIR.search(s) and s.lower().startswith(("translation", "machine translation")):
        return False
    if not junk_ok(s) or NOT_TASK_PHRASES.match(s):
        return False
    if len(s.split()) > 6:
        return False
    if len(s.split()) == 1:
        if is_acronymish(s):
            return len(s) >= 3
        return bool(TASK_SINGLE_OK.search(s.lower())) and len(s) >= 6
    # multiword: the head must not be a bare plural domain noun ("Autonomous Vehicles")
    head = s.split()[-1].lower()
    if head in {"vehicles", "images", "videos", "data", "series", "systems", "games",
                "documents", "graphs", "networks", "languages", "models", "methods",
                "cars", "scenes", "objects", "problems", "text", "images", "mining"}:
        return head_type(s, "pwc-task") in ("Task",)
    return True


DATASET_WORD = re.compile(r"\b(dataset|data set|corpus|benchmark|treebank)\b", re.I)


def clean_dataset(name: str) -> str | None:
    s = norm_space(name)
    if not s or "," in s or "%" in s or " - " in s or ":" in s or "->" in s:
        return None
    for _ in range(3):
        s2 = SPLIT_SUFFIX.sub("", s).strip()
        s2 = re.sub(r"\s*\((?:[^()]*)\)$", "", s2).strip()   # trailing "(...)" qualifier
        if s2 == s:
            break
        s = s2
    if not s or not junk_ok(s):
        return None
    toks = s.split()
    if len(toks) > 6:
        return None
    if not re.search(r"[A-Z0-9]", s):      # all-lowercase strings are descriptions
        return None
    if len(toks) == 1:
        if s.lower() in ORDINARY_WORD_NAMES or len(re.sub(r"[^A-Za-z0-9]", "", s)) <= 2:
            return None
    else:
        # multiword all-plain phrases ("Age and Gender", "Music domain") are descriptions,
        # unless they say they are a dataset/corpus/benchmark
        if not is_acronymish(s) and not re.search(r"\d", s) and not DATASET_WORD.search(s):
            return None
    return s


def dataset_case(s: str) -> str:
    return "exact" if len(s.split()) == 1 else case_of(s)


def build_pwc_datasets_metrics(lex: Lex, root: Path):
    ds_count: dict[str, int] = defaultdict(int)
    metric_count: dict[str, int] = defaultdict(int)
    for r in task_rows(root):
        for x in r["Benchmarks"].split(";"):
            c = clean_dataset(x)
            if c:
                ds_count[c] += 1
        for x in (r.get("Metrics") or "").split(";"):
            x = norm_space(x)
            if x:
                metric_count[x] += 1
    with (root / "pwc" / "tasks" / "all_tasks_detailed.csv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            for col in ("Common Datasets (Top 10)", "Benchmarks"):
                for x in r[col].split(";"):
                    c = clean_dataset(x)
                    if c:
                        ds_count[c] += 1
            for x in r["SOTA Metrics"].split(";"):
                x = norm_space(x)
                if x:
                    metric_count[x] += 1
    names = set(ds_count)
    taken = other_acronyms(root)
    for d, n in sorted(ds_count.items()):
        if d in taken and re.fullmatch(r"[A-Z][A-Z0-9\-]{1,5}", d):
            continue    # "MMD", "SMC": an acronym authors use for a method/concept
        toks = d.split()
        if len(toks) >= 2 and not DATASET_WORD.search(d):
            # "SMAC 6h_vs_8z", "CBSD68 sigma75": a benchmark configuration of a listed dataset
            if any(" ".join(toks[:i]) in names for i in range(1, len(toks))) and \
                    not re.fullmatch(r"v?\d+(\.\d+)?", toks[-1]):
                continue
            if "_" in d or (d.lower() == d):
                continue
        if len(d.split()) == 1 and not is_acronymish(d) and not re.search(r"\d", d) \
                and n < PWC_MIN_POPULARITY_SINGLE_WORD_DATASET + 1:
            continue    # single plain words ("Perception") need 3 task rows
        if re.fullmatch(r"[A-Z]{2,4}", d) and n < PWC_MIN_POPULARITY_SINGLE_WORD_DATASET:
            continue    # short all-caps names ("SMC", "XOR", "COG") need 2 task rows
        lex.add(d, "Dataset", d, "pwc-dataset", "https://paperswithcode.com/dataset/" + slug(d),
                force_case=dataset_case(d))
    for m, n in sorted(metric_count.items()):
        c = clean_metric(m)
        if not c or len(c.split()) > 3:
            continue
        base, paren = strip_paren(c)
        for form in [base] + ([paren] if paren and looks_acronym(paren) else []):
            if clean_metric(form):
                lex.add(form, "Metric", metric_canonical(base), "pwc-metric", "pwc-metric:" + c,
                        force_case=("exact" if is_acronymish(form) or len(form) <= 4
                                    else "fold"))


KNOWN_METRIC_WORDS = re.compile(
    r"(accuracy|acc|f1|f-score|f-measure|bleu|rouge|meteor|cider|spice|perplexity|ppl|"
    r"precision|recall|auc|auroc|ap|map|iou|miou|psnr|ssim|lpips|fid|kid|inception score|"
    r"mae|mse|rmse|mape|smape|wer|cer|ndcg|mrr|hits|em|exact match|dice|hausdorff|"
    r"latency|throughput|fps|params|flops|error|chrf|ter|bertscore|spearman|pearson|"
    r"correlation|sdr|si-sdr|si-snr|pesq|stoi|eer|mota|motp|idf1|hota|pck|mpjpe|epe|"
    r"success rate|top-1|top-5|recall@\d+|r@\d+|pass@\d+|nmi|ari|purity|smatch|uas|las|"
    r"bpc|bpd|nll|elbo|log-likelihood|ece|brier|kendall|tau|frechet|fréchet|chamfer|"
    r"cd|emd|f@|abs rel|sq rel|delta|δ|mean rank|matthews|mcc|kappa|r2|r²|mcd|mos)",
    re.I)


AMBIGUOUS_METRIC_NAMES = {"MAP", "ACC", "CD", "PR", "Params", "params"}


def clean_metric(m: str) -> str | None:
    s = norm_space(m)
    s = re.sub(r"\s*\((?:test|val|dev|%|M|G|B|ms|s|std|avg)\)$", "", s, flags=re.I).strip()
    if not junk_ok(s) or len(s.split()) > 4 or len(s) < 2:
        return None
    if not KNOWN_METRIC_WORDS.search(s):
        return None
    if re.search(r"\d{3,}|[<>]", s):
        return None
    bare = re.sub(r"[^A-Za-z0-9]", "", s)
    if len(bare) < 2 or (len(bare) == 2 and bare.upper() != "F1") or s in AMBIGUOUS_METRIC_NAMES:
        return None    # "EM" (expectation maximization), "AP", "MAP" (max. a posteriori)
    return s


def metric_canonical(s: str) -> str:
    return s if is_acronymish(s) or len(s) <= 4 else s.lower()


NLP_METRIC_OK = re.compile(KNOWN_METRIC_WORDS.pattern, re.I)
NLP_DATASET_JUNK = {"supervised", "knowledge-based", "social media", "lexical sample results",
                    "results on wi-locness test set", "google dataset", "wikipedia",
                    "personalized chit-chat", "ud"}


def build_nlp_progress(lex: Lex, root: Path):
    data = json.loads((root / "pwc" / "nlp_progress_sota.json").read_text(encoding="utf-8"))

    def walk(t, parent):
        task = norm_space(t["task"]).rstrip(":")
        tkey = task.lower()
        ttyp = CONCEPT_TYPES.get(tkey) or head_type(task, "nlp-progress") or "Task"
        if ttyp not in ("Task", "Method"):
            ttyp = "Task"
        sid = "nlp-progress:" + slug(task)
        if tkey not in {"word level models", "character level models", "multimodal",
                        "temporal processing", "shallow syntax", "dialogue", "common sense",
                        "combinatory categorical grammar", "wsd lexical sample task",
                        "parsing"}:
            lex.add(task, ttyp, display(task), "nlp-progress", sid, display(parent or ""))
        for ds in t.get("datasets", []):
            name = norm_space(ds["dataset"])
            for cand in split_dataset_name(name):
                if cand.lower() in NLP_DATASET_JUNK:
                    continue
                lex.add(cand, "Dataset", display_dataset(name), "nlp-progress",
                        sid + "/" + slug(name), force_case=dataset_case(cand))
            for m in ds.get("sota", {}).get("metrics", []):
                m = norm_space(m)
                for cand in split_metric_name(m):
                    if clean_metric(cand) and len(cand.split()) <= 3:
                        lex.add(cand, "Metric", metric_canonical(strip_paren(m)[0]),
                                "nlp-progress", sid + "#metric",
                                force_case=("exact" if is_acronymish(cand) or len(cand) <= 4
                                            else "fold"))
        for s in t.get("subtasks", []):
            walk(s, task)

    for t in data:
        walk(t, "")


def display_dataset(name: str) -> str:
    base, paren = strip_paren(name)
    if " / " in base:
        base = base.split(" / ")[0]
    return base


def split_dataset_name(name: str) -> list[str]:
    base, paren = strip_paren(name)
    out = []
    for part in base.split(" / "):
        part = part.strip()
        if part and not re.search(r"[?]", part) and (
                re.search(r"[A-Z0-9]", part)):
            out.append(part)
    if paren and looks_acronym(paren):
        out.append(paren)
    return out


def split_metric_name(m: str) -> list[str]:
    base, paren = strip_paren(m)
    out = [base]
    if paren and looks_acronym(paren):
        out.append(paren)
    return out


def other_acronyms(root: Path) -> set[str]:
    """Acronyms that OpenReview authors and PwC method names use for non-dataset concepts."""
    out: set[str] = set()
    with (root / "openreview" / "keyword_normalization.tsv").open(encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if DATASET_WORD.search(parts[0]):
                continue
            for v in [parts[0]] + [re.sub(r":\s*\d+$", "", x) for x in parts[2:]]:
                base, paren = strip_paren(norm_space(v))
                out.update(x for x in (base, paren) if x and is_acronymish(x))
                out.add(initials(base))
    with (root / "pwc" / "methods_slim.tsv").open(encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            out.add(norm_space(r["name"]))
            out.add(initials(norm_space(r["full_name"])))
    out.discard("")
    return out


def initials(phrase: str) -> str:
    """'denoising diffusion probabilistic models' -> 'DDPM' (hyphen parts count as words)."""
    words = [w for w in re.split(r"[\s\-]+", phrase) if w and w[0].isalpha()]
    if len(words) < 2:
        return ""
    ini = "".join(w[0] for w in words).upper()
    if phrase.split()[-1].endswith("s") and len(phrase.split()[-1]) > 3:
        return ini   # plural phrase: "LLMs" handled by the acronym variants themselves
    return ini


def specific_kind(keyword: str, known: set[str]) -> bool:
    """False for a "<modifier> <kind head>" keyword whose modifier is a term or a head word of its own
    (see OPENREVIEW_KIND_HEADS): "sampling algorithm", "classification problem", "inference methods"."""
    toks = strip_paren(keyword.lower())[0].split()
    if len(toks) < 2 or toks[-1] not in OPENREVIEW_KIND_HEADS:
        return True
    mod, last = " ".join(toks[:-1]), toks[-2]
    if last in OPENREVIEW_AMBIGUOUS_HEADS | OPENREVIEW_KIND_HEADS or head_type("x " + last, "pwc-collection"):
        return False
    return mod not in known and key(mod) not in known


def build_openreview(lex: Lex, root: Path):
    path = root / "openreview" / "keyword_normalization.tsv"
    known = {c["term"].lower() for c in lex.cands} | {key(c["term"]) for c in lex.cands}
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            canon_raw = norm_space(parts[0])
            variants = []
            for v in parts[2:]:
                m = re.match(r"^(.*):\s*(\d+)$", v)
                if m:
                    variants.append((norm_space(m.group(1)), int(m.group(2))))
            typ = CONCEPT_TYPES.get(canon_raw.lower()) or head_type(canon_raw, "openreview")
            if typ is None or not specific_kind(canon_raw, known):
                continue
            canonical = openreview_canonical(canon_raw, variants)
            exact_forms = {v for v, n in variants if n >= OPENREVIEW_MIN_VARIANT
                           and re.fullmatch(r"[A-Z0-9\-]+s?", v)}   # "LLM", "LLMs"
            upper_lc = {v.lower() for v in exact_forms}
            forms = []
            for v, n in variants + [(canon_raw, 10 ** 6)]:
                base, paren = strip_paren(v.rstrip(".").strip())
                forms.append((base, n))
                if paren and looks_acronym(paren):
                    forms.append((paren, n))
            for v, n in forms:
                if n < OPENREVIEW_MIN_VARIANT or "_" in v:
                    continue
                bare = re.sub(r"[^A-Za-z0-9]", "", v)
                if len(bare) <= 2 and n < OPENREVIEW_MIN_SHORT_ACRONYM:
                    continue
                if len(bare) <= 1:
                    continue
                if not is_acronymish(v) and v.lower() in upper_lc and len(v.split()) == 1:
                    continue   # "llm" when "LLM" exists: lower-case acronym spelling
                if len(bare) <= 2 and not is_acronymish(v):
                    continue
                vtyp = CONCEPT_TYPES.get(v.lower(), typ)
                lex.add(v, vtyp, canonical, "openreview", canon_raw)


def openreview_canonical(canon_raw: str, variants) -> str:
    """Preferred label: the most frequent lower-case singular spelling, else display()."""
    if is_acronymish(canon_raw) and len(canon_raw.split()) == 1:
        # canonical is an acronym ("LLM"): prefer a spelled-out variant if present
        longs = [(n, v) for v, n in variants if len(v.split()) >= 2 and not is_acronymish(v)]
        if longs:
            return display(singular_phrase(max(longs)[1]).lower())
        return canon_raw
    base = display(strip_paren(canon_raw)[0])
    if base != base.lower():
        return base
    sing = singular_phrase(base)
    names = {v.lower() for v, _ in variants}
    if sing != base and sing.lower() in names:
        return sing
    return base


def build_cso(lex: Lex, root: Path):
    with (root / "cso" / "cso_topic_labels.csv").open(encoding="utf-8") as f:
        rows = list(csv.reader(f))
    for r in rows[1:]:
        if not r:
            continue
        label = norm_space(r[0])
        if (len(label.split()) < 2 and label.lower() not in SINGLE_WORD_OK) or "(" in label:
            continue
        typ = CONCEPT_TYPES.get(label.lower()) or head_type(label, "cso")
        if typ is None:
            continue
        lex.add(label, typ, display(singular_phrase(label) if typ == "Model" else label),
                "cso", "https://cso.kmi.open.ac.uk/topics/" + label.replace(" ", "_"),
                force_case="fold")


TECH_CANON = {"gpu": "GPU", "fpga": "FPGA", "cpu": "CPU", "cpu/gpu": "GPU", "tensor": "TPU",
              "cgra": "CGRA", "pim": "processing-in-memory", "neuromorphic":
              "neuromorphic hardware", "dataflow": "dataflow accelerator",
              "manycore": "manycore processor", "multicore": "multicore processor"}
ACCEL_PREFIX = re.compile(r"^(Ampere|Volta|Pascal|Radeon Instinct|Jetson)\s+")


def build_accelerators(lex: Lex, root: Path):
    path = root / "hardware" / "peak_accelerators_ieee_hpec_2023.csv"
    with path.open(encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    seen = set()
    for r in rows:
        company = norm_space(r["Company"])
        product = norm_space(r["Product"])
        tech = norm_space(r["Technology"]).lower()
        broader = TECH_CANON.get(tech, "AI accelerator")
        if (company, product) in seen or re.fullmatch(r"\d+", product):
            continue
        seen.add((company, product))
        sid = "ai-accelerators:" + slug(company) + "/" + slug(product)
        forms = set()
        short = ACCEL_PREFIX.sub("", product)
        canonical = product if product.lower().startswith(company.lower()) \
            else f"{company} {short}"
        if company.upper() == "NVIDIA" and not product.startswith(("Jetson", "DGX", "DRIVE")):
            canonical = "NVIDIA " + short
        forms.add(product)
        forms.add(short)
        if not product.lower().startswith(company.lower()):
            forms.add(f"{company} {short}")
        m = re.fullmatch(r"TPU(\d)(i?)", product)
        if m:   # Google TPU generations: TPU4 -> "TPU v4", "TPUv4"
            forms |= {f"TPU v{m.group(1)}{m.group(2)}", f"TPUv{m.group(1)}{m.group(2)}"}
            canonical = f"TPU v{m.group(1)}{m.group(2)}"
        for s in sorted(forms):
            bare = re.sub(r"[^A-Za-z0-9]", "", s)
            if len(bare) <= 2 or re.fullmatch(r"\d+", bare) or s == company:
                continue
            if len(s.split()) == 1 and s.lower() in ORDINARY_WORD_NAMES | {
                    "tesla", "gaudi", "greco", "ergo", "prodigy", "cornami", "brainwave",
                    "coolidge", "tenstorrent", "gyrfalcon", "eyeriss", "inferentia"} \
                    - {"inferentia", "eyeriss"}:
                continue
            lex.add(s, "HardwareConcept", canonical, "accelerators", sid, broader,
                    force_case="exact")
    # technology words themselves
    for tech, canon in sorted(TECH_CANON.items()):
        if canon in {"GPU", "CPU", "FPGA", "TPU"}:
            continue   # in hardware_concepts.tsv
        lex.add(canon, "HardwareConcept", canon, "accelerators", "ai-accelerators:technology/"
                + slug(tech), "Accelerator")


def build_hardware_concepts(lex: Lex, path: Path):
    with path.open(encoding="utf-8") as f:
        lines = [ln for ln in f if ln.strip() and not ln.startswith("#")]
    for r in csv.DictReader(lines, delimiter="\t"):
        lex.add(r["term"], "HardwareConcept", r["canonical"], "kg-hardware",
                "kg-hardware:" + slug(r["canonical"]), r["broader"], force_case=r["case"])


def build_field_concepts(lex: Lex, path: Path):
    """The hand-written field vocabulary (term, type, canonical, case): textbook concepts and their acronyms."""
    with path.open(encoding="utf-8") as f:
        lines = [ln for ln in f if ln.strip() and not ln.startswith("#")]
    for r in csv.DictReader(lines, delimiter="\t"):
        lex.add(r["term"], r["type"], r["canonical"], "kg-concepts",
                "kg-concepts:" + slug(r["canonical"]), "", force_case=r["case"])


# ---------------------------------------------------------------------------

#: an acronym a Papers with Code entry gives its own long form ("SAC" = switchable atrous convolution) is read
#: as the long form OpenReview authors use for it far more ("soft actor critic"): at least this many papers,
#: and this many times the papers of the entry's own long form
ACRONYM_USAGE_MIN = 5
ACRONYM_USAGE_RATIO = 3


def keyword_usage(root: Path) -> dict[str, int]:
    """Papers per OpenReview keyword, by concept key (what authors call things, and how often)."""
    out: dict[str, int] = defaultdict(int)
    with (root / "openreview" / "keyword_normalization.tsv").open(encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 2 and parts[1].isdigit():
                out[key(strip_paren(norm_space(parts[0]))[0])] += int(parts[1])
    return out


def usual_acronym_senses(rows: list[dict], root: Path) -> list[dict]:
    """An acronym a Papers with Code method or task entry expands to a long form few authors use ("SAC" =
    switchable atrous convolution, "SFT" = shrink and fine-tune) means, in an abstract that does not define it,
    what most authors abbreviate so ("soft actor critic", "supervised fine-tuning"): the acronym row takes that
    long form's row when the lexicon has one of the same type and OpenReview keywords use it far more
    (ACRONYM_USAGE_*). An
    abstract that defines the acronym still names its own long form (kg.extract's acronym finder)."""
    usage = keyword_usage(root)
    by_key: dict[str, dict] = {}
    for r in rows:
        if r["case"] == "fold" and len(r["term"].split()) >= 2:
            by_key.setdefault(key(r["term"]), r)
    by_initials: dict[str, list[str]] = defaultdict(list)
    for k in sorted(usage):
        ini = initials(k)
        if ini and usage[k] >= ACRONYM_USAGE_MIN and k in by_key:
            by_initials[ini].append(k)
    out = []
    for r in rows:
        acro = r["term"]
        if r["source"] in ("pwc-method", "pwc-task") and r["case"] == "exact" and re.fullmatch(r"[A-Z]{2,6}", acro):
            own = key(r["canonical"])
            rivals = [k for k in by_initials.get(acro, ()) if k != own and by_key[k]["canonical"] != r["canonical"]
                      and by_key[k]["type"] == r["type"]]  # (not "STS" = semantic textual similarity, a Task, as
            # sequence to sequence, nor "MIM" = masked image modeling as a multi-index model: another kind of thing)
            best = max(rivals, key=lambda k: (usage[k], k), default=None)
            if best is not None and usage[best] >= ACRONYM_USAGE_RATIO * max(usage.get(own, 0), 1):
                sense = by_key[best]
                r = dict(r, type=sense["type"], canonical=sense["canonical"], source=sense["source"],
                         source_id=sense["source_id"], broader=sense["broader"])
        out.append(r)
    return out


def resolve(lex: Lex) -> list[dict]:
    """One row per lower-cased term: CONCEPT_TYPES, then source priority, then a fixed
    tie-break (type order, canonical, source_id)."""
    by_term: dict[str, list[dict]] = defaultdict(list)
    for c in lex.cands:
        by_term[c["term"].lower()].append(c)
    # canonical labels unified per concept key: the highest-priority source names it
    canon_for: dict[str, tuple] = {}
    lower_seen: set[tuple] = set()
    for c in lex.cands:
        k = (key(c["canonical"]), c["type"])
        cand = (PRIO[c["source"]], c["canonical"])
        if k not in canon_for or cand < canon_for[k]:
            canon_for[k] = cand
        if c["canonical"] == c["canonical"].lower():
            lower_seen.add((k, c["canonical"]))
        if c["case"] == "fold" and key(c["term"]) == k[0] and c["source"] in ("openreview", "cso"):
            lower_seen.add((k, c["canonical"].lower()))
    for k, (prio, label) in list(canon_for.items()):
        # "AutoEncoder"/"Dropout" -> "autoencoder"/"dropout" when a source spells the concept
        # in lower case; acronyms (2+ consecutive capitals: "BERT", "ResNet-50"?) are kept
        if not re.search(r"[A-Z]{2}", label) and (k, label.lower()) in lower_seen:
            canon_for[k] = (prio, label.lower())
    label_by_key: dict[str, tuple] = {}
    for (k, _typ), (prio, label) in canon_for.items():
        if k not in label_by_key or (prio, label) < label_by_key[k]:
            label_by_key[k] = (prio, label)
    out = []
    for low, cands in sorted(by_term.items()):
        forced = CONCEPT_TYPES.get(low)
        pool = [c for c in cands if c["type"] == forced] if forced else []
        if not pool:
            pool = cands
        pool.sort(key=lambda c: (PRIO[c["source"]], TYPES.index(c["type"]), c["canonical"],
                                 c["source_id"], c["case"] != "exact", c["term"]))
        best = dict(pool[0])
        best["canonical"] = canon_for[(key(best["canonical"]), best["type"])][1]
        if best["broader"]:
            # broader labels use the same canonical spelling as the concept they name
            b = label_by_key.get(key(best["broader"]), (0, best["broader"]))[1]
            if re.fullmatch(r"[A-Z][a-z\-]+", b) and best["source"].startswith("pwc"):
                b = b.lower()   # PwC category words: "Regularization" -> "regularization"
            best["broader"] = "" if key(b) == key(best["canonical"]) else b
        same = [c for c in cands if c["type"] == best["type"]]
        strong = sorted({c["term"] for c in same if c["case"] == "exact"
                         and is_acronymish(c["term"])})
        if any(c["case"] == "fold" for c in same):
            # a source also uses the lower-case spelling ("dropout", "accuracy"): fold
            out.append(dict(best, term=low, case="fold"))
        elif strong:
            # acronym / mixed-case spellings match case-sensitively
            for t in strong:
                out.append(dict(best, term=t, case="exact"))
        else:
            # single-word proper names ("Adam", "Cityscapes") keep their spelling
            for t in sorted({c["term"] for c in same}):
                out.append(dict(best, term=t, case="exact"))
    # dedupe (term, type); fold rows subsume exact rows of the same lower-cased term
    final: dict[tuple[str, str], dict] = {}
    for r in out:
        k = (r["term"], r["type"])
        if k not in final:
            final[k] = r
    return sorted(final.values(), key=lambda r: (r["term"].lower(), r["term"], r["type"]))


def write_tsv(rows: list[dict], path: Path):
    with path.open("w", encoding="utf-8", newline="") as f:
        f.write("\t".join(HEADER) + "\n")
        for r in rows:
            vals = [str(r[h]).replace("\t", " ").replace("\n", " ") for h in HEADER]
            f.write("\t".join(vals) + "\n")


SOURCES_MD = """\
# Gazetteer sources (kg/extract/data/lexicons)

Generated by `scripts/build_lexicons.py` from the read-only snapshot in `shared/lexicons/`
(`python scripts/build_lexicons.py ../shared/lexicons kg/extract/data/lexicons`). The build is
deterministic; `tests/test_lexicons.py` rebuilds twice and compares bytes with the committed
`terms.tsv`. Derived rows keep the licence and attribution of the source they come from
(column `source` in `terms.tsv`). Hand-written files (`generic_terms.txt`,
`hardware_concepts.tsv`, `hardware_context_terms.txt`, `field_concepts.tsv`) are part of kg (MIT).

## Files

| file | what |
|---|---|
| `terms.tsv` | one row per surface form: `term, type, canonical, source, source_id, broader, case` |
| `generic_terms.txt` | hand-written stoplist of too-generic terms (never emitted; usable by the extractor) |
| `hardware_concepts.tsv` | hand-written HardwareConcept vocabulary (`term, canonical, broader, case`) |
| `field_concepts.tsv` | hand-written textbook concepts and their acronyms (`term, type, canonical, case`) |
| `hardware_context_terms.txt` | hand-written: hardware terms that are also mathematics (`fixed point`), kept only in abstracts about hardware |
| `term_tokens.tsv` | generated by `scripts/build_term_tokens.py`: the spaCy tokens of every matcher pattern of the files above, so start-up does not tokenize them |

`case`: `exact` = match case-sensitively (acronyms and mixed-case names: `LLM`, `BERT`,
`CIFAR-10`, single-word model/dataset names `Mamba`, `Cityscapes`); `fold` = case-insensitive
(the term is stored lower-cased). A phrase mixing plain words with an acronym
(`GUI grounding`) folds.

## Sources

### Papers with Code methods -> `pwc-method`, `pwc-collection`
* Upstream: repo `kuefmz/pow_categories`, commit `8eb60c701cded586a140a6e175bfc1b1e5e6419c`,
  `data/pwc/methods.json` (slim copy `methods_slim.tsv`). Papers with Code data: **CC BY-SA 4.0**
  (repo code MIT).
* Derived: method name and full name (and a trailing "(ACRONYM)") as surface forms;
  `source_id` = PwC method URL; `broader` = first PwC collection. Collection names with
  >= 2 members become concepts of their own (`pwc-collection`, `source_id`
  `https://paperswithcode.com/methods/category/<slug>`, slug derived).
* Typing: Model when a collection is an architecture collection (name ends in Models,
  Networks, Transformers, Architectures, Blocks, Modules, Layers, Heads, Detectors,
  Discriminators, Feature Extractors, Word Embeddings; plus Light-weight/Feedforward/Q-Learning
  networks), except technique collections named like models (Generalized Linear Models,
  Dimensionality Reduction, Graph/Sentence/Position Embeddings, Image Generation Models,
  RoI Feature Extractors, Generative Training); a name whose head word is a method head
  (`... learning/training/attention/matching/...`) or model head (`... network/model/...`)
  wins over the collection. Operations (activation functions, normalization, convolutions,
  pooling, attention mechanisms, skip connections) are Method; blocks/modules/layers are Model.
* Filtered: "(deleted method)"/"deleted" rows, names with <= 2 letters/digits or plain words of
  <= 3 letters ("Lib"), lower-case dump identifiers ("dhf", "kdm"), full names that are titles
  (contain ":" or > 6 words), and a hand-reviewed list of single-word names whose ordinary
  English sense dominates in prose (Focus, Library, Ontology, Performer, Lion, Hydra, ...).
  Single-word model names match exactly (`Mamba`); single-word techniques fold (`dropout`).

### Papers with Code tasks -> `pwc-task`, `pwc-dataset`, `pwc-metric`
* Upstream: repo `World-Snapshot/papers-with-code`, commit
  `c50b88eb13b179903ecf715bb941fef91bdb5414` (`results/hierarchical/*_hierarchy.csv`,
  `results/task_hierarchy.csv`, `results/all_tasks_detailed.csv`, `data/all_tasks.txt`),
  processed from PwC's July-2025 dumps. PwC data: **CC BY-SA 4.0**; no repo licence file.
* Tasks: task names (+ "(ACRONYM)" variants) typed Task (learning paradigms such as
  "few-shot learning" follow the head rule -> Method); names whose head marks a Model/Dataset/
  Metric ("Large Language Model", "Decoder") are skipped. `source_id` =
  `https://paperswithcode.com/task/<slug>` (slug derived from the name). `broader` = parent
  task only when every word of the parent occurs in the child (the dumps carry wrong parents
  such as "10-shot image generation" above "Semantic Segmentation"). Dropped: lower-case slugs
  from `all_tasks.txt`, "Translation xx-yy" language-pair rows, domain words ("Video", "3D",
  "Music"), multiword names without a task-like head unless PwC lists >= 3 datasets for them,
  single words outside a short list of specific task words.
* Datasets (`pwc-dataset`): the "Benchmarks"/"Common Datasets" columns, with split/config
  suffixes stripped (test, val, dev, "(...)"), rows with ",", "%", " - ", ":" dropped,
  descriptions (all lower case, or plain multiword phrases without "dataset/corpus/benchmark")
  dropped, configurations of a listed dataset ("SMAC 6h_vs_8z") dropped, single plain words
  kept only when listed by >= 3 task rows and not ordinary words, 2-4 letter all-caps names
  only when listed by >= 2 task rows and not also an acronym that OpenReview authors or PwC
  methods use for something else ("MMD", "SMC", "DPM", "GQA"). `source_id` =
  `https://paperswithcode.com/dataset/<slug>` (slug derived).
* Metrics (`pwc-metric`): "Metrics"/"SOTA Metrics" columns, kept when they contain a known
  metric word (accuracy, F1, BLEU, IoU, PSNR, FID, ...), have <= 4 words and occur >= 2 times;
  2-letter acronyms other than F1 dropped ("EM", "AP").

### NLP-progress (sota-extractor) -> `nlp-progress`
* Upstream: same repo/commit, `repositories/sota-extractor-master/data/tasks/{nlp-progress.json,
  synonyms.csv}` (paperswithcode/sota-extractor, **Apache-2.0**; content scraped from
  NLP-progress).
* Derived: task/subtask names -> Task (umbrella headings such as "Dialogue", "Multimodal",
  "Word Level Models" skipped), dataset names -> Dataset (with "(ACRONYM)" and "a / b" forms;
  non-names such as "Supervised", "Social media", "Wikipedia" skipped), metric column names ->
  Metric when they contain a known metric word. `task_synonyms.csv` adds task synonyms
  (source `pwc-task`). SOTA model-name rows are not used (free text).

### Computer Science Ontology -> `cso`
* Upstream: repo `faisalramzan3725/w2v_model_for_cso_classifier`, commit
  `d667ab393ae93f8889127dff4c6ddcddae284f22`, `cso_label/concepts.csv`. CSO (KMi, Open
  University): **CC BY 4.0**. Flat label list, no hierarchy, so `broader` is empty;
  `source_id` = `https://cso.kmi.open.ac.uk/topics/<label_with_underscores>`.
* Filtered hard, because CSO spans all of computer science (14,612 labels incl. "learning
  outcome", "frequencies"): only multiword labels without "(...)" that the head-word rule
  types; no Dataset typing; Model only for network/model heads with an ML modifier (neural,
  language, generative, ...); non-ML heads/modifiers excluded ("information loss",
  "distance learning", "laser annealing"). On 1,000 ML abstracts CSO contributes ~25 distinct
  matches, mostly metrics/tasks not in the other lists; it is kept for that recall.

### OpenReview keyword normalization -> `openreview`
* Upstream: repo `dotd/NeurIPS2024Scrape`, commit `7dc998e9cc3deb732a8839a644f4d26f333b9fef`,
  `docs/keyword_normalization.tsv` (author keywords of ICLR/ICML/NeurIPS/CoRL submissions
  2023-2026). **No licence stated** upstream; only short keyword strings and their grouping are
  used (`source_id` = the canonical keyword as written there).
* Derived: canonical keywords typed by the head-word rule (below); untyped keywords dropped.
  Keywords also take the heads of statistics and learning theory (`OPENREVIEW_THEORY_HEADS`:
  "regret bounds" Metric, "Hawkes processes" Model, "Langevin dynamics" Method, "dueling
  bandits" Task).
  Spelling variants with >= 2 papers become surface forms of the canonical ("LLM: 706",
  "LLMs: 367" -> large language model); 2-letter acronyms need >= 10 papers ("RL");
  lower-case spellings of all-caps acronyms ("llm") dropped in favour of the exact acronym;
  canonical = the lower-case singular spelling when the variants contain it.

### AI accelerators -> `accelerators`
* Upstream: repo `areuther/ai-accelerators`, commit `82ec8006cc8dad073c88d3f9b9149ac64b7a8647`,
  `peak_accelerators_ieee_hpec_2023.csv` (MIT Lincoln Laboratory AI accelerator survey, IEEE
  HPEC 2023; "Copyright 2023 MIT, Albert I. Reuther", published as open data, **no licence
  file**; attribute MIT Lincoln Laboratory / A. Reuther).
* Derived: product names as HardwareConcept, with "<Company> <product>" and architecture-less
  forms ("Ampere A100" -> "A100", "NVIDIA A100"; "TPU4" -> "TPU v4", "TPUv4"); `broader` =
  the technology column mapped to a category (GPU, TPU, FPGA, CGRA, processing-in-memory, ...).
  Dropped: forms with <= 2 letters/digits ("T4", "C2"), numeric products ("2015"), ordinary
  words ("Ergo", "Prodigy", "Tesla").

### Hand-written -> `kg-hardware`
* `hardware_concepts.tsv` (kg, MIT): general systems-efficiency vocabulary named by the
  annotation guideline - processors/accelerators, memory and caches, kernels and kernel
  languages, numeric precision, performance regimes, parallelism and communication - plus a few
  widely used accelerator products missing from the 2023 survey (H200, B200, RTX 4090, ...).
  `broader` is the category concept (Processor, Accelerator, Memory, Kernel,
  NumericPrecision, PerformanceRegime, Parallelism; products: GPU/TPU).

### Hand-written -> `kg-concepts`
* `field_concepts.tsv` (kg, MIT): textbook concepts of ML, statistics and control that the
  derived vocabularies lack or type against the annotation guideline, with their standard
  acronyms: evidence lower bound (ELBO), reproducing kernel Hilbert space (RKHS), Markov
  decision processes (MDP, POMDP), linear quadratic regulator (LQR), model predictive control
  (MPC) as Method, with classic methods the derived vocabularies lack bare (decision trees,
  random forests, lasso, elastic net, k-means, naive Bayes, cross-validation,
  value/policy iteration, Frank-Wolfe, simulated annealing, RRT, impedance control, control
  barrier functions, iterative closest point, behavior cloning, t-SNE, instrumental
  variables); conditional value-at-risk (CVaR), negative log-likelihood, AUPRC, the RL
  returns (average/expected/episodic/discounted return, cumulative reward), regret notions
  (simple, cumulative, pseudo-, policy, external, internal, adaptive, counterfactual), excess
  risk, mutual information, mixing time, effective sample size, expected calibration error,
  bits per dimension, mean reciprocal rank, success weighted by path length (SPL), IoU, Dice,
  Kendall's tau, coefficient of determination, statistical power, area under the curve and
  character error rate as Metric. The file names its textbook or paper source for each.
  `source_id` = `kg-concepts:<slug>`.

## Typing rules for untyped vocabularies (OpenReview, CSO, PwC collection names)

Head word = last word (after dropping a trailing "(...)"); prefix compounds ("self-attention",
"re-identification") use the part after the hyphen, other hyphen compounds
("high-resolution", "multi-agent") are not typed.

* Task: detection, classification, prediction, generation, segmentation, recognition,
  translation, answering, retrieval, forecasting, estimation, reasoning, summarization,
  parsing, extraction, captioning, tracking, localization, completion, synthesis,
  reconstruction, editing, understanding, modeling, adaptation, compression, unlearning, ...
* Method: learning (learning paradigms: "reinforcement learning", "transfer learning"),
  optimization, training, distillation, regularization, sampling, attention, pruning,
  quantization, decoding, augmentation, fine-tuning, prompting, descent, normalization,
  matching, search, merging, steering, clustering, attack(s), defense, loss, ...
* Model: model(s), network(s) (not "social/sensor/wireless/... networks"), transformer(s),
  encoder/decoder, autoencoder, LLM(s), VLM(s), agent(s), architecture(s), backbone, tokenizer.
* Dataset: dataset, benchmark, corpus, treebank (PwC names only; OpenReview/CSO phrases with
  these heads are descriptions and are not typed).
* Metric: accuracy, F1, BLEU, ROUGE, perplexity, latency, throughput, AUC, error, score,
  distance, divergence, regret, complexity, speedup, rate (not "learning rate").
* OpenReview keywords only (authors' keywords are ML concepts): problem heads (planning, fairness,
  safety, hallucination, forgetting, generalization, problem(s), acceleration, routing, imbalance, ...)
  -> Task; property heads (efficiency, calibration, diversity, gap, continuity, smoothness,
  stability, robustness, ...) -> Metric; technique heads (filtering, approximation, replay,
  method(s), algorithm(s), coding, Monte Carlo, kernel) -> Method. A "<modifier>
  method/algorithm/problem" keyword is dropped when the modifier is a term or head word of its
  own ("sampling algorithm", "classification problem"). Heads naming both a problem and a
  technique (inference, regression, analysis) type nothing.
* Papers with Code method names ending in "analysis" are Method whatever their collections
  (Principal Components Analysis is also filed under "Image Denoising Models").
* Dropped: two-word phrases with an evaluative modifier ("theoretical understanding",
  "efficient sampling", "large models"); single words unless they name a specific concept on
  their own (quantization, pruning, distillation, summarization, perplexity, throughput, ...)
  or are an over-/under- compound that keywords also spell with a hyphen ("over-smoothing",
  "oversmoothing": a Task; everyday words such as "overfitting" stay out).
* `CONCEPT_TYPES` in the script lists the few well-known exceptions to the head rule
  (retrieval-augmented generation, chain-of-thought, LoRA, RLHF -> Method; mixture of
  experts, Gaussian process -> Model; causal inference, natural language inference,
  text-to-SQL, KV cache compression -> Task; ...).

## One type per term

A surface form gets exactly one type. Priority: (1) `CONCEPT_TYPES`; (2) source order
kg-hardware > kg-concepts > accelerators > nlp-progress > pwc-method > pwc-task > pwc-dataset >
pwc-metric > pwc-collection > openreview > cso; ties by type order, canonical, source_id. Canonical labels
are unified per concept key (case, hyphens/spaces and a trailing plural ignored): the
highest-priority source names the concept, lower-cased when a source writes it in lower case
and it is not an acronym. Generic terms listed in `generic_terms.txt` (and their plurals) are
never emitted.

An acronym a Papers with Code entry expands to a long form few authors use ("SAC" = switchable atrous
convolution, "SFT" = shrink and fine-tune) reads as the long form of the same type that OpenReview
keywords use at least 3 times as often, with at least 5 papers ("soft actor critic", "supervised
fine-tuning"): `usual_acronym_senses` in the script. An abstract that defines an acronym still names its
own long form.

## Row counts

{counts}
"""


def counts_table(rows: list[dict]) -> str:
    by = defaultdict(int)
    for r in rows:
        by[(r["source"], r["type"])] += 1
    lines = ["| source | " + " | ".join(TYPES) + " | total |",
             "|---|" + "---|" * (len(TYPES) + 1)]
    for src in SOURCE_PRIORITY:
        vals = [by[(src, t)] for t in TYPES]
        lines.append(f"| {src} | " + " | ".join(str(v) for v in vals) + f" | {sum(vals)} |")
    tot = [sum(by[(s, t)] for s in SOURCE_PRIORITY) for t in TYPES]
    lines.append("| **all** | " + " | ".join(str(v) for v in tot) + f" | {sum(tot)} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root, out = Path(argv[1]), Path(argv[2])
    out.mkdir(parents=True, exist_ok=True)
    generic_path = HAND_DIR / "generic_terms.txt"
    hw_path = HAND_DIR / "hardware_concepts.tsv"
    field_path = HAND_DIR / "field_concepts.tsv"
    lex = Lex(load_generic(generic_path), frozenset(hyphenated_excess(root)))
    build_hardware_concepts(lex, hw_path)
    build_field_concepts(lex, field_path)
    build_accelerators(lex, root)
    build_nlp_progress(lex, root)
    build_pwc_methods(lex, root)
    build_pwc_tasks(lex, root)
    build_pwc_datasets_metrics(lex, root)
    build_openreview(lex, root)
    build_cso(lex, root)
    rows = usual_acronym_senses(resolve(lex), root)
    write_tsv(rows, out / "terms.tsv")
    (out / "SOURCES.md").write_text(SOURCES_MD.replace("{counts}", counts_table(rows)),
                                    encoding="utf-8")
    for src in (generic_path, hw_path, field_path):
        dst = out / src.name
        if dst.resolve() != src.resolve():
            dst.write_bytes(src.read_bytes())
    counts: dict[str, int] = defaultdict(int)
    for r in rows:
        counts[r["type"]] += 1
    print(f"wrote {len(rows)} rows to {out / 'terms.tsv'}: "
          + ", ".join(f"{t}={counts[t]}" for t in TYPES), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
