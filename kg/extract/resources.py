"""Loading the extraction data files (lexicons, cue lists) once per process."""
from __future__ import annotations

import csv
import json
import tomllib
from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

DATA_DIR = Path(__file__).parent / "data"
LEXICON_DIR = DATA_DIR / "lexicons"
WORDS_DIR = DATA_DIR  # its *.toml files are the word lists
#: the factory config value of a component's ``resources``: the shipped data (:func:`load_resources`)
SHIPPED = {"@misc": "kg.resources.v1"}


def _words(path: Path) -> set[str]:
    """Whitespace-separated words of a list file, ignoring # comments."""
    out: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0] if line.lstrip().startswith("#") else line
        out.update(w for w in line.split() if w)
    return out


def _lines(path: Path) -> list[str]:
    return [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.lstrip().startswith("#")]


def _tsv(path: Path) -> list[list[str]]:
    return [ln.split("\t") for ln in _lines(path)]


@dataclass(frozen=True, order=True)
class LexiconEntry:
    term: str
    type: str
    canonical: str
    source: str
    source_id: str
    broader: str
    exact_case: bool


@dataclass(frozen=True, eq=False)
class Words:
    """The word lists of ``data/*.toml``, one field per list (``data/README.md`` says who reads which).

    A component reads them from here, never from a literal of its own (``tests/test_word_lists.py``).
    """

    # function_words.toml
    lexicon_closed_class: frozenset[str]
    long_form_prepositions: frozenset[str]
    subtitle_prepositions: frozenset[str]
    contribution_adverbs: frozenset[str]
    use_words: frozenset[str]
    contribution_skip: frozenset[str]
    weak_lead_extra: frozenset[str]
    complement_prepositions: frozenset[str]
    apposition_stops: frozenset[str]
    object_openers: frozenset[str]
    determiners: frozenset[str]
    metric_leading_extra: frozenset[str]
    phrase_articles: frozenset[str]
    list_glue: frozenset[str]
    coordination_glue: frozenset[str]
    name_connectors: frozenset[str]
    list_head_stops: frozenset[str]
    # kind_nouns.toml
    coined_dataset_nouns: frozenset[str]
    coined_preceding_dataset_nouns: frozenset[str]
    coined_model_nouns: frozenset[str]
    coined_method_nouns: frozenset[str]
    phrase_dataset_heads: frozenset[str]
    phrase_task_heads: frozenset[str]
    phrase_method_kind_heads: frozenset[str]
    phrase_model_heads: frozenset[str]
    label_head_nouns: frozenset[str]
    # cue_words.toml
    relation_eval_openers: frozenset[str]
    result_eval_openers: frozenset[str]
    relation_use_extra: tuple[str, ...]
    relation_self_reference_extra: tuple[str, ...]
    result_self_reference_extra: tuple[str, ...]
    remedy_verbs: tuple[str, ...]
    coined_eval_words: frozenset[str]
    coined_use_verbs: frozenset[str]
    coined_use_on_verbs: frozenset[str]
    rival_extra: frozenset[str]
    # contribution_words.toml
    contribution_not_heads: frozenset[str]
    contribution_not_noun_endings: tuple[str, ...]
    title_articles: frozenset[str]
    title_purpose_trailing: frozenset[str]
    complement_stops: frozenset[str]
    complement_cuts: frozenset[str]
    complement_anaphora: frozenset[str]
    contribution_of_heads: frozenset[str]
    title_means: frozenset[str]
    described_breaks: frozenset[str]
    describing_verbs: frozenset[str]
    contribution_nouns: frozenset[str]
    task_gerunds: frozenset[str]
    problem_nouns: frozenset[str]
    restating_heads: frozenset[str]
    rival_breaks: frozenset[str]
    object_skips: tuple[str, ...]
    counting_prefixes: tuple[str, ...]
    size_suffixes: tuple[str, ...]
    referring_determiners: tuple[str, ...]
    over_cue_stems: tuple[str, ...]
    over_cue_words: tuple[str, ...]
    against_cue_stems: tuple[str, ...]
    compare_verbs: tuple[str, ...]
    paper_subjects: tuple[str, ...]
    comparison_key_words: tuple[str, ...]
    # spelling.toml
    describing_suffixes: tuple[str, ...]
    weak_suffixes: tuple[str, ...]
    not_verb_endings: tuple[str, ...]
    not_plural_endings: tuple[str, ...]
    not_adverbs: frozenset[str]
    not_noun_endings: tuple[str, ...]
    relational_adjective_endings: tuple[str, ...]
    not_relational_adjectives: frozenset[str]
    negating_prefixes: tuple[str, ...]
    plural_es_endings: tuple[str, ...]
    # sources.toml
    lexicon_source_priority: tuple[str, ...]
    concept_source_priority: tuple[str, ...]
    code_hosts: tuple[str, ...]
    lexicon_source_confidence: Mapping[str, float]

    @classmethod
    def from_lists(cls, lists: Mapping[str, Any]) -> Words:
        """The lists by field name (a missing or unknown name is an error), converted to the field's type."""
        names = [f.name for f in fields(cls)]
        missing, unknown = set(names) - set(lists), set(lists) - set(names)
        if missing or unknown:
            raise ValueError(f"word lists: missing {sorted(missing)}, unknown {sorted(unknown)}")
        out: dict[str, Any] = {}
        for f in fields(cls):
            value, kind = lists[f.name], str(f.type)
            if kind.startswith("frozenset"):
                out[f.name] = frozenset(value)
            elif kind.startswith("tuple"):
                out[f.name] = tuple(value)
            else:
                out[f.name] = MappingProxyType(dict(value))
        return cls(**out)


@lru_cache(maxsize=1)
def load_words(words_dir: Path = WORDS_DIR) -> Words:
    """Every ``*.toml`` list of ``words_dir`` (a name defined twice is an error), read once."""
    lists: dict[str, Any] = {}
    for path in sorted(words_dir.glob("*.toml")):
        for name, value in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if name in lists:
                raise ValueError(f"{path}: word list {name!r} is defined twice")
            lists[name] = value
    return Words.from_lists(lists)


@dataclass(frozen=True, eq=False, repr=False)
class Resources:
    """The extraction's data, loaded once and never changed (the memo dicts aside): each component gets it
    by its factory config (``{"@misc": "kg.resources.v1"}`` is :func:`load_resources`), so a test can pass
    one built for it (:func:`kg.extract.resources.Resources` with ten words)."""

    heads: dict[str, tuple[str, float]]
    suffixes: list[tuple[str, str, float]]
    function_words: set[str]
    weak_modifiers: set[str]
    generic_heads: set[str]
    generic_terms: set[str]
    model_families: set[str]
    model_family_prefixes: set[str]  # model_families.txt's "prefix only" names: not a Model alone
    model_parts: set[str]
    noun_ing: set[str]
    adjective_suffixes: tuple[str, ...]
    adjective_exceptions: set[str]
    cues: dict
    words: Words
    result_cues: dict = field(default_factory=dict)  # result_cues.json (kg_results; metric heads for kg_phrases)
    lexicon: tuple[LexiconEntry, ...] = ()
    coined_stop: frozenset[str] = frozenset()  # coined_stop.txt: words that are never coined names
    patterns: tuple[tuple[str, str, float], ...] = ()  # patterns.tsv: (regex, type, confidence), kg_coined
    #: lexicons/hardware_context_terms.txt: hardware terms kept only in an abstract about hardware
    hardware_context_terms: frozenset[str] = frozenset()
    #: heads.tsv heads marked ``named``: a phrase with one is kept only when its first modifier names
    #: ("false negative rate", "representer theorem"), not when it describes ("optimal rate")
    named_heads: frozenset[str] = frozenset()
    #: heads.tsv heads marked ``kinds``: an adjective before one names a kind of it ("contextual bandits")
    kind_heads: frozenset[str] = frozenset()
    #: dataset_roles.txt: first modifiers that give a dataset's role, not its data ("test datasets")
    dataset_roles: frozenset[str] = frozenset()
    #: memo of :func:`kg.extract.text.head_type`, filled on use (the tables above never change)
    head_cache: dict[str, tuple[str, float] | None] = field(default_factory=dict, repr=False, compare=False)
    #: memo of :func:`kg.extract.text.is_coined`
    coined_cache: dict[str, bool] = field(default_factory=dict, repr=False, compare=False)

    def __repr__(self) -> str:
        return f"<Resources: {len(self.lexicon)} lexicon entries, {len(self.heads)} heads>"


def read_lexicon_file(path: Path) -> list[LexiconEntry]:
    """Read a terms TSV (term, type, canonical, source, source_id, broader, case)."""
    entries: list[LexiconEntry] = []
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
        for row in reader:
            term = (row.get("term") or "").strip()
            typ = (row.get("type") or "").strip()
            if not term or not typ:
                continue
            entries.append(LexiconEntry(
                term=term, type=typ, canonical=(row.get("canonical") or term).strip() or term,
                source=(row.get("source") or "").strip(), source_id=(row.get("source_id") or "").strip(),
                broader=(row.get("broader") or "").strip(),
                exact_case=(row.get("case") or "fold").strip() == "exact"))
    return entries


def read_hardware_file(path: Path) -> list[LexiconEntry]:
    """The hand-made hardware vocabulary (term, canonical, broader, case; source kg-hardware)."""
    entries: list[LexiconEntry] = []
    for row in _tsv(path):
        if row[0] == "term":
            continue  # header
        row = [c.strip() for c in row] + ["", "", ""]
        entries.append(LexiconEntry(row[0], "HardwareConcept", row[1] or row[0], "kg-hardware", "", row[2],
                                    row[3] == "exact"))
    return entries


def read_lexicon_dir(lexicon_dir: Path = LEXICON_DIR) -> list[LexiconEntry]:
    """Every gazetteer entry shipped in ``lexicon_dir``: terms.tsv, then hardware_concepts.tsv."""
    entries: list[LexiconEntry] = []
    if (lexicon_dir / "terms.tsv").exists():
        entries.extend(read_lexicon_file(lexicon_dir / "terms.tsv"))
    if (lexicon_dir / "hardware_concepts.tsv").exists():
        entries.extend(read_hardware_file(lexicon_dir / "hardware_concepts.tsv"))
    return entries


@lru_cache(maxsize=1)
def load_resources() -> Resources:
    head_rows = _tsv(DATA_DIR / "heads.tsv")
    heads = {row[0].lower(): (row[1], float(row[2])) for row in head_rows}
    suffixes = [(row[0], row[1], float(row[2])) for row in _tsv(DATA_DIR / "suffix_types.tsv")]
    generic_terms: set[str] = set()
    gpath = LEXICON_DIR / "generic_terms.txt"
    if gpath.exists():
        generic_terms = {ln.lower() for ln in _lines(gpath)}
    lexicon = read_lexicon_dir(LEXICON_DIR)
    adj_text = (DATA_DIR / "adjectives.txt").read_text(encoding="utf-8")
    adj_text = "\n".join(ln for ln in adj_text.splitlines() if not ln.lstrip().startswith("#"))
    suffix_part, _, exception_part = adj_text.partition("exceptions:")
    family_text = (DATA_DIR / "model_families.txt").read_text(encoding="utf-8")
    family_text = "\n".join(ln for ln in family_text.splitlines() if not ln.lstrip().startswith("#"))
    families, prefixes_only = ({w for w in part.split()} for part in family_text.partition("prefix only:")[::2])
    return Resources(
        adjective_suffixes=tuple(sorted(suffix_part.replace("suffixes:", "").split(), key=len, reverse=True)),
        adjective_exceptions=set(exception_part.split()),
        heads=heads,
        suffixes=suffixes,
        function_words={w.lower() for w in _words(DATA_DIR / "function_words.txt")},
        weak_modifiers={w.lower() for w in _words(DATA_DIR / "weak_modifiers.txt")},
        generic_heads={w.lower() for w in _words(DATA_DIR / "generic_heads.txt")},
        generic_terms=generic_terms,
        model_families=families | prefixes_only,
        model_family_prefixes=prefixes_only,
        model_parts={w.lower() for w in _words(DATA_DIR / "model_parts.txt")},
        noun_ing={w.lower() for w in _words(DATA_DIR / "noun_ing.txt")},
        cues=json.loads((DATA_DIR / "cues.json").read_text(encoding="utf-8")),
        words=load_words(),
        result_cues=json.loads((DATA_DIR / "result_cues.json").read_text(encoding="utf-8")),
        lexicon=tuple(lexicon),
        coined_stop=frozenset(_words(DATA_DIR / "coined_stop.txt")),
        patterns=tuple((row[0], row[1], float(row[2])) for row in (
            ln.split("\t") for ln in (DATA_DIR / "patterns.tsv").read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.startswith("#"))),
        hardware_context_terms=frozenset(t.lower() for t in _lines(LEXICON_DIR / "hardware_context_terms.txt")),
        named_heads=frozenset(row[0].lower() for row in head_rows if row[3:4] == ["named"]),
        kind_heads=frozenset(row[0].lower() for row in head_rows if row[3:4] == ["kinds"]),
        dataset_roles=frozenset(w.lower() for w in _words(DATA_DIR / "dataset_roles.txt")),
    )
