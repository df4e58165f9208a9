"""Loading the extraction data files (lexicons, cue lists) once per process."""
from __future__ import annotations

import csv
import json
import tomllib
from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping

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
    superlative_false_endings: tuple[str, ...]
    complement_prepositions: frozenset[str]
    apposition_stops: frozenset[str]
    object_openers: frozenset[str]
    determiners: frozenset[str]
    metric_leading_extra: frozenset[str]
    phrase_articles: frozenset[str]
    verb_openers: frozenset[str]
    metric_aggregates: frozenset[str]
    measured_heads: frozenset[str]
    metric_kind_words: frozenset[str]
    metric_judgements: frozenset[str]
    list_glue: frozenset[str]
    coordination_glue: frozenset[str]
    name_connectors: frozenset[str]
    dimension_qualifiers: frozenset[str]
    not_qualifiers: frozenset[str]
    list_head_stops: frozenset[str]
    on_about_words: frozenset[str]
    list_fillers: frozenset[str]
    definition_ends: frozenset[str]
    language_names: frozenset[str]
    # kind_nouns.toml
    coined_dataset_nouns: frozenset[str]
    coined_preceding_dataset_nouns: frozenset[str]
    coined_model_nouns: frozenset[str]
    coined_method_nouns: frozenset[str]
    coined_metric_nouns: frozenset[str]
    coined_robot_nouns: frozenset[str]
    coined_metric_change_nouns: frozenset[str]
    coined_model_suffixes: tuple[str, ...]
    coined_not_names: frozenset[str]
    long_form_heads: Mapping[str, str]
    name_prefixes: frozenset[str]
    phrase_dataset_heads: frozenset[str]
    phrase_data_heads: frozenset[str]
    phrase_dataset_split: tuple[str, ...]
    phrase_data_amounts: frozenset[str]
    phrase_data_roles: frozenset[str]
    phrase_data_origins: frozenset[str]
    phrase_degree_words: frozenset[str]
    phrase_task_heads: frozenset[str]
    phrase_problem_heads: frozenset[str]
    phrase_participle_heads: frozenset[str]
    phrase_method_kind_heads: frozenset[str]
    phrase_model_heads: frozenset[str]
    phrase_bound_heads: frozenset[str]
    phrase_bound_sides: frozenset[str]
    label_head_nouns: frozenset[str]
    merge_purpose_kinds: frozenset[str]
    merge_purpose_to_kinds: frozenset[str]
    merge_title_means: frozenset[str]
    merge_title_openers: frozenset[str]
    merge_means_kinds: frozenset[str]
    phrase_purpose_kinds: frozenset[str]
    phrase_purpose_to_kinds: frozenset[str]
    phrase_purpose_head_endings: tuple[str, ...]
    phrase_method_list_nouns: frozenset[str]
    merge_means_verbs: frozenset[str]
    merge_means_not_before: frozenset[str]
    # cue_words.toml
    relation_eval_openers: frozenset[str]
    result_eval_openers: frozenset[str]
    relation_use_extra: tuple[str, ...]
    relation_self_reference_extra: tuple[str, ...]
    relation_method_refs: tuple[str, ...]
    relation_design_verbs: tuple[str, ...]
    relation_late_naming_verbs: tuple[str, ...]
    relation_late_naming_participles: tuple[str, ...]
    relation_concessive_openers: tuple[str, ...]
    relation_pronoun_refs: frozenset[str]
    relation_pronoun_concessions: tuple[str, ...]
    relation_concessive_others: tuple[str, ...]
    relation_design_adverbs: tuple[str, ...]
    relation_design_gap_stops: tuple[str, ...]
    relation_part_verbs: tuple[str, ...]
    relation_used_phrase_heads: frozenset[str]
    relation_used_model_heads: frozenset[str]
    relation_used_phrase_openers: frozenset[str]
    relation_field_modifier_endings: tuple[str, ...]
    relation_apply_cues: frozenset[str]
    relation_apply_gap_stops: frozenset[str]
    relation_by_not_use: frozenset[str]
    relation_parity_words: tuple[str, ...]
    relation_superiority_words: tuple[str, ...]
    relation_not_described: frozenset[str]
    relation_part_nouns: frozenset[str]
    relation_core_cues: tuple[str, ...]
    relation_setting_nouns: frozenset[str]
    relation_setting_preps: frozenset[str]
    relation_setting_qualifiers: frozenset[str]
    relation_part_cues: tuple[str, ...]
    relation_title_means: tuple[str, ...]
    relation_task_use_skips: frozenset[str]
    relation_task_use_means_nouns: frozenset[str]
    relation_framing_verbs: frozenset[str]
    relation_framing_noun_verbs: frozenset[str]
    relation_framing_verb_subjects: frozenset[str]
    relation_framing_object_openers: frozenset[str]
    relation_framing_not_before: frozenset[str]
    relation_title_remedies: tuple[str, ...]
    relation_title_problem_cuts: frozenset[str]
    relation_roman_numerals: tuple[str, ...]
    relation_data_collections: tuple[str, ...]
    relation_data_nouns_one: tuple[str, ...]
    relation_name_function_words: frozenset[str]
    relation_means_words: frozenset[str]
    result_self_reference_extra: tuple[str, ...]
    remedy_verbs: tuple[str, ...]
    coined_eval_words: frozenset[str]
    coined_use_verbs: frozenset[str]
    coined_use_on_verbs: frozenset[str]
    rival_extra: frozenset[str]
    rival_link_words: frozenset[str]
    rival_clause_words: frozenset[str]
    than_comparatives: tuple[str, ...]
    relation_avoid_cues: frozenset[str]
    relation_avoid_ends: frozenset[str]
    relation_avoid_problem_cues: frozenset[str]
    # contribution_words.toml
    contribution_not_heads: frozenset[str]
    contribution_not_noun_endings: tuple[str, ...]
    title_articles: frozenset[str]
    title_purpose_trailing: frozenset[str]
    complement_stops: frozenset[str]
    complement_cuts: frozenset[str]
    complement_anaphora: frozenset[str]
    contribution_of_heads: frozenset[str]
    contribution_of_operations: frozenset[str]
    name_part_nouns: frozenset[str]
    title_means: frozenset[str]
    title_means_data_heads: frozenset[str]
    described_breaks: frozenset[str]
    describing_verbs: frozenset[str]
    kind_object_verbs: frozenset[str]
    showing_verbs: frozenset[str]
    contribution_nouns: frozenset[str]
    task_gerunds: frozenset[str]
    problem_nouns: frozenset[str]
    restating_heads: frozenset[str]
    bare_kind_follow: frozenset[str]
    bare_kind_last_follow: frozenset[str]
    bare_kind_counts: frozenset[str]
    bare_kind_verbs: frozenset[str]
    our_kind_modifiers: frozenset[str]
    our_kind_not_own: frozenset[str]
    clause_openers: frozenset[str]
    passive_contribution_verbs: frozenset[str]
    clause_object_ends: frozenset[str]
    clause_verb_particles: frozenset[str]
    complement_long_cuts: frozenset[str]
    complement_ref_cuts: frozenset[str]
    clause_participles: frozenset[str]
    clause_second_verbs: frozenset[str]
    earlier_work_words: frozenset[str]
    process_noun_endings: tuple[str, ...]
    rival_breaks: frozenset[str]
    object_skips: tuple[str, ...]
    collection_nouns: frozenset[str]
    collection_size_words: frozenset[str]
    paper_nouns: frozenset[str]
    made_kind_nouns: Mapping[str, str]
    result_modifiers: frozenset[str]
    means_words: frozenset[str]
    means_act_words: frozenset[str]
    means_act_verbs: frozenset[str]
    acronym_glued_describers: frozenset[str]
    notion_nouns: frozenset[str]
    result_nouns: frozenset[str]
    own_openers: frozenset[str]
    enabling_verbs: frozenset[str]
    motivating_verbs: frozenset[str]
    purpose_breaks: frozenset[str]
    purpose_subject_after: frozenset[str]
    purpose_report_verbs: frozenset[str]
    named_collection_nouns: frozenset[str]
    gerund_openers: tuple[str, ...]
    additive_openers: tuple[str, ...]
    promise_verbs: frozenset[str]
    naming_determiners: frozenset[str]
    frame_nouns: frozenset[str]
    joined_object_verbs: frozenset[str]
    of_object_kinds: frozenset[str]
    generic_complement_nouns: frozenset[str]
    complement_light_gerunds: frozenset[str]
    complement_quantifiers: frozenset[str]
    list_item_prepositions: frozenset[str]
    counting_prefixes: tuple[str, ...]
    size_suffixes: tuple[str, ...]
    referring_determiners: tuple[str, ...]
    referring_pointers: frozenset[str]
    over_cue_stems: tuple[str, ...]
    over_cue_words: tuple[str, ...]
    against_cue_stems: tuple[str, ...]
    against_resistance_words: frozenset[str]
    against_threat_words: frozenset[str]
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
    verb_endings: tuple[str, ...]
    noun_endings: tuple[str, ...]
    modelled_noun_endings: tuple[str, ...]
    relational_adjective_endings: tuple[str, ...]
    not_relational_adjectives: frozenset[str]
    negating_prefixes: tuple[str, ...]
    plural_es_endings: tuple[str, ...]
    # sources.toml
    lexicon_source_priority: tuple[str, ...]
    concept_source_priority: tuple[str, ...]
    code_hosts: tuple[str, ...]
    merge_topic_sources: frozenset[str]
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


def _shipped(read: Callable[[], Any]) -> dict[str, Any]:
    """A :class:`Resources` field's metadata: ``read()`` gives its value from the shipped data files."""
    return {"read": read}


def _adjectives() -> tuple[str, str]:
    """adjectives.txt's suffix part and exception part."""
    text = "\n".join(ln for ln in (DATA_DIR / "adjectives.txt").read_text(encoding="utf-8").splitlines()
                     if not ln.lstrip().startswith("#"))
    suffixes, _, exceptions = text.partition("exceptions:")
    return suffixes.replace("suffixes:", ""), exceptions


def _model_families() -> tuple[set[str], set[str]]:
    """model_families.txt's names, and its "prefix only" names."""
    text = "\n".join(ln for ln in (DATA_DIR / "model_families.txt").read_text(encoding="utf-8").splitlines()
                     if not ln.lstrip().startswith("#"))
    families, _, prefixes_only = text.partition("prefix only:")
    return set(families.split()), set(prefixes_only.split())


def _lower_words(name: str) -> set[str]:
    return {w.lower() for w in _words(DATA_DIR / name)}


def _json(name: str) -> dict:
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def _heads_marked(mark: str) -> frozenset[str]:
    """heads.tsv heads whose fourth column is ``mark``."""
    return frozenset(row[0].lower() for row in _tsv(DATA_DIR / "heads.tsv") if row[3:4] == [mark])


@dataclass(frozen=True, eq=False, repr=False)
class Resources:
    """The extraction's data, loaded once and never changed (the memo dicts aside): each component gets it
    by its factory config (``{"@misc": "kg.resources.v1"}`` is :func:`load_resources`), so a test can pass
    one built for it (:func:`kg.extract.resources.Resources` with ten words).

    Each field read from the shipped data says how in its metadata (:func:`_shipped`), the one place
    :func:`load_resources` learns it from.
    """

    heads: dict[str, tuple[str, float]] = field(metadata=_shipped(lambda: {
        row[0].lower(): (row[1], float(row[2])) for row in _tsv(DATA_DIR / "heads.tsv")}))
    suffixes: list[tuple[str, str, float]] = field(metadata=_shipped(lambda: [
        (row[0], row[1], float(row[2])) for row in _tsv(DATA_DIR / "suffix_types.tsv")]))
    function_words: set[str] = field(metadata=_shipped(lambda: _lower_words("function_words.txt")))
    weak_modifiers: set[str] = field(metadata=_shipped(lambda: _lower_words("weak_modifiers.txt")))
    generic_heads: set[str] = field(metadata=_shipped(lambda: _lower_words("generic_heads.txt")))
    generic_terms: set[str] = field(metadata=_shipped(lambda: {ln.lower() for ln in _lines(LEXICON_DIR / "generic_terms.txt")}
                                                      if (LEXICON_DIR / "generic_terms.txt").exists() else set()))
    model_families: set[str] = field(metadata=_shipped(lambda: set.union(*_model_families())))
    #: model_families.txt's "prefix only" names: not a Model alone
    model_family_prefixes: set[str] = field(metadata=_shipped(lambda: _model_families()[1]))
    model_parts: set[str] = field(metadata=_shipped(lambda: _lower_words("model_parts.txt")))
    noun_ing: set[str] = field(metadata=_shipped(lambda: _lower_words("noun_ing.txt")))
    adjective_suffixes: tuple[str, ...] = field(metadata=_shipped(lambda: tuple(
        sorted(_adjectives()[0].split(), key=len, reverse=True))))
    adjective_exceptions: set[str] = field(metadata=_shipped(lambda: set(_adjectives()[1].split())))
    cues: dict = field(metadata=_shipped(lambda: _json("cues.json")))
    words: Words = field(metadata=_shipped(load_words))
    #: result_cues.json (kg_results; metric heads for kg_phrases)
    result_cues: dict = field(default_factory=dict, metadata=_shipped(lambda: _json("result_cues.json")))
    lexicon: tuple[LexiconEntry, ...] = field(default=(), metadata=_shipped(lambda: tuple(read_lexicon_dir())))
    #: coined_stop.txt: words that are never coined names
    coined_stop: frozenset[str] = field(default=frozenset(), metadata=_shipped(
        lambda: frozenset(_words(DATA_DIR / "coined_stop.txt"))))
    #: patterns.tsv: (regex, type, confidence), kg_coined
    patterns: tuple[tuple[str, str, float], ...] = field(default=(), metadata=_shipped(lambda: tuple(
        (row[0], row[1], float(row[2])) for row in (
            ln.split("\t") for ln in (DATA_DIR / "patterns.tsv").read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.startswith("#")))))
    #: lexicons/hardware_context_terms.txt: hardware terms kept only in an abstract about hardware
    hardware_context_terms: frozenset[str] = field(default=frozenset(), metadata=_shipped(lambda: frozenset(
        t.lower() for t in _lines(LEXICON_DIR / "hardware_context_terms.txt"))))
    #: heads.tsv heads marked ``named``: a phrase with one is kept only when its first modifier names
    #: ("false negative rate", "representer theorem"), not when it describes ("optimal rate")
    named_heads: frozenset[str] = field(default=frozenset(), metadata=_shipped(lambda: _heads_marked("named")))
    #: heads.tsv heads marked ``kinds``: an adjective before one names a kind of it ("contextual bandits")
    kind_heads: frozenset[str] = field(default=frozenset(), metadata=_shipped(lambda: _heads_marked("kinds")))
    #: heads.tsv heads marked ``proper``: kept only after a name ("VC dimension"; not "action dimension")
    proper_heads: frozenset[str] = field(default=frozenset(), metadata=_shipped(lambda: _heads_marked("proper")))
    #: dataset_roles.txt: first modifiers that give a dataset's role, not its data ("test datasets")
    dataset_roles: frozenset[str] = field(default=frozenset(), metadata=_shipped(lambda: frozenset(
        _lower_words("dataset_roles.txt"))))
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
    """The shipped data, read once per process: every field that says how to read it (:func:`_shipped`)."""
    return Resources(**{f.name: f.metadata["read"]() for f in fields(Resources) if "read" in f.metadata})
