"""Loading the extraction data files (lexicons, cue lists) once per process."""
from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"
LEXICON_DIR = DATA_DIR / "lexicons"


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


@dataclass
class Resources:
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
    result_cues: dict = field(default_factory=dict)  # result_cues.json (kg_results; metric heads for kg_phrases)
    lexicon: list[LexiconEntry] = field(default_factory=list)
    #: memo of :func:`kg.extract.text.head_type`, filled on use (the tables above never change)
    head_cache: dict[str, tuple[str, float] | None] = field(default_factory=dict, repr=False, compare=False)


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
    heads = {row[0].lower(): (row[1], float(row[2])) for row in _tsv(DATA_DIR / "heads.tsv")}
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
        result_cues=json.loads((DATA_DIR / "result_cues.json").read_text(encoding="utf-8")),
        lexicon=lexicon,
    )
