"""``kg_lexicon``: gazetteer matching against the field vocabularies.

Entries come from ``kg/extract/data/lexicons/`` (derived from Papers with Code,
NLP-progress, CSO, OpenReview keywords and a hardware taxonomy) plus any user
files passed to ``kg build --lexicon``. Case-folded entries match on the
singular lower-case NORM; acronyms and mixed-case names match exactly.
"""
from __future__ import annotations

import csv
import gc
import hashlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import spacy
from spacy.attrs import NORM
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

from kg.errors import InputError
from kg.extract.resources import LEXICON_DIR, SHIPPED, LexiconEntry, Resources, load_resources, read_lexicon_file
from kg.extract.state import Candidate, contract, state
from kg.extract.text import norm_word, tokens
from kg.types import ENTITY_TYPES, Finder

#: the finders as module constants: ``Finder.X`` goes through ``EnumType``'s ``__getattr__`` slot (Python 3.11),
#: ~4x the cost of a global, and these tests run for every candidate
_LEXICON = Finder.LEXICON



def _variants(term: str) -> set[str]:
    """Spelling variants a reader treats as the same term (hyphen vs space vs joined)."""
    out = {term}
    if "-" in term:
        out.add(term.replace("-", " "))
        if term.count("-") == 1 and " " not in term:
            out.add(term.replace("-", ""))
    words = term.split()
    if 2 <= len(words) <= 3:
        out.add("-".join(words))
    return out


def _ranker(priority: tuple[str, ...]) -> Callable[[LexiconEntry], int]:
    """The sort key of entries by their source: the first source of ``priority`` first, unknown ones last."""
    rank = {source: i for i, source in reversed(list(enumerate(priority)))}
    return lambda entry: rank.get(entry.source, len(priority))


#: The token texts of the shipped lexicon's pattern forms, made by scripts/build_term_tokens.py:
#: tokenizing the ~29k forms at every start took half of the pipeline's load time.
TOKENS_FILE = LEXICON_DIR / "term_tokens.tsv"
_KEY_PREFIX = "# key "
_HEADER = ("# kg_lexicon pattern tokens (scripts/build_term_tokens.py): form, then its tokens when they "
           "are not the form split at spaces; all tab-separated")


def tokenizer_key(nlp: Language) -> str:
    """What a tokenization depends on: spaCy's version and the tokenizer's rules (affixes, special cases)."""
    rules = nlp.tokenizer.to_bytes(exclude=["vocab"])  # type: ignore[union-attr]  # a Tokenizer, not any callable
    return hashlib.sha256(spacy.__version__.encode() + b"\0" + rules).hexdigest()


def read_term_tokens(path: Path, key: str) -> dict[str, str]:
    """{form: its tokens, tab-separated; "" when they are the form split at spaces} from ``path``.

    Empty when the file is missing or was made for another tokenizer (its key differs), so a
    stale file costs start-up time, never a different tokenization.
    """
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").split("\n")
    if len(lines) < 2 or lines[1] != _KEY_PREFIX + key:
        return {}
    return dict(line.partition("\t")[::2] for line in lines[2:] if line)


def write_term_tokens(path: Path, key: str, tokens: dict[str, list[str]]) -> None:
    """The file :func:`read_term_tokens` reads: a header, the key, then one sorted line per form."""
    lines = [_HEADER, _KEY_PREFIX + key]
    for form in sorted(tokens):
        toks = tokens[form]
        lines.append(form if toks == form.split(" ") else "\t".join([form, *toks]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


class PatternTokenizer:
    """Token texts of a pattern form: stored for the shipped lexicon, else from the live tokenizer."""

    def __init__(self, nlp: Language, path: Path = TOKENS_FILE):
        self.tokenizer = nlp.tokenizer
        self.stored = read_term_tokens(path, tokenizer_key(nlp))

    def __call__(self, form: str) -> list[str]:
        stored = self.stored.get(form)
        if stored is None:  # a user's term, or the file is stale
            return [token.text for token in self.tokenizer(form)]
        return stored.split("\t") if stored else form.split(" ")


def live_pattern_tokens(nlp: Language) -> dict[str, list[str]]:
    """{form: token texts by ``nlp``'s tokenizer} of every form the shipped lexicon's matcher tokenizes."""
    tokens: dict[str, list[str]] = {}

    def tokenize(form: str) -> list[str]:
        tokens[form] = [token.text for token in nlp.tokenizer(form)]
        return tokens[form]

    res = load_resources()
    LexiconMatcher(nlp, list(res.lexicon), res, tokenize=tokenize)
    return tokens


class LexiconMatcher:
    #: The match key of every pattern whose token sequence belongs to one entry (all of them, unless a
    #: user's lexicon spells a term twice, e.g. "A-B" and "A - B"): the matched tokens then tell the
    #: entry. A key per entry made PhraseMatcher.add create a vocabulary entry per key, ~0.3 s of a start.
    SHARED_KEY = "kg_lexicon"

    def __init__(self, nlp: Language, entries: list[LexiconEntry], res: Resources,
                 tokenize: Callable[[str], list[str]] | None = None):
        """``tokenize``: a pattern form's token texts (default :class:`PatternTokenizer`)."""
        self.fold = PhraseMatcher(nlp.vocab, attr="NORM")
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.entries: list[LexiconEntry] = []
        self.context_terms = res.hardware_context_terms
        self.source_confidence = res.words.lexicon_source_confidence
        closed_class = res.words.lexicon_closed_class
        # patterns are the token hashes the matchers compare (ORTH; NORM as kg_normalizer sets it), not
        # Docs: a Doc per pattern, normalized and then validated by PhraseMatcher.add, was slow
        tokenize = tokenize or PatternTokenizer(nlp)
        add_string = nlp.vocab.strings.add
        #: entry indexes of each pattern, in the order they were added
        self.exact_ids: dict[tuple[int, ...], list[int]] = {}
        self.fold_ids: dict[tuple[int, ...], list[int]] = {}
        seen_fold: set[tuple[str, ...]] = set()
        seen_exact: set[str] = set()
        for entry in sorted(entries, key=_ranker(res.words.lexicon_source_priority)):
            if entry.type not in ENTITY_TYPES:
                continue
            if entry.term.lower() in res.generic_terms or entry.canonical.lower() in res.generic_terms:
                continue
            if not entry.exact_case and entry.term.split()[0].lower() in closed_class:
                # "AND Dataset" folded would match "graph networks and datasets": keep the name as written
                if entry.canonical == entry.canonical.lower():
                    continue
                entry = replace(entry, term=entry.canonical, exact_case=True)
            idx = len(self.entries)
            added = False
            for variant in sorted(_variants(entry.term)):
                if entry.exact_case:
                    forms = [variant] + ([variant + "s"] if variant[-1:].isupper() else [])
                    for form in forms:
                        if form in seen_exact:
                            continue
                        seen_exact.add(form)
                        pattern = tuple([add_string(text) for text in tokenize(form)])
                        self.exact_ids.setdefault(pattern, []).append(idx)
                        added = True
                else:
                    norms = tuple([norm_word(text) for text in tokenize(variant)])
                    if norms in seen_fold or (len(norms) == 1 and len(norms[0]) < 3):
                        continue
                    seen_fold.add(norms)
                    self.fold_ids[tuple([add_string(norm) for norm in norms])] = [idx]
                    added = True
            if added:
                self.entries.append(entry)
        self.shared_id = add_string(self.SHARED_KEY)
        # what each match of an entry needs, read once per entry rather than per match
        self._confidence = [self.source_confidence.get(e.source, 0.8) for e in self.entries]
        self._needs_context = [e.term.lower() in self.context_terms for e in self.entries]
        for matcher, ids in ((self.exact, self.exact_ids), (self.fold, self.fold_ids)):
            # token-id patterns, which PhraseMatcher.add takes as it takes Docs (its stubs say Docs only)
            matcher.add(self.SHARED_KEY, [list(pattern) for pattern, idxs in ids.items() if len(idxs) == 1])  # type: ignore[misc]
            for pattern, idxs in ids.items():
                if len(idxs) > 1:  # as many matches as entries, as a key per entry always gave
                    for idx in idxs:
                        matcher.add(str(idx), [list(pattern)])  # type: ignore[list-item]

    def __call__(self, doc: Doc) -> Doc:
        out = state(doc).candidates
        strings = doc.vocab.strings
        toks = tokens(doc)  # plain lists: no spaCy Token or Span per match
        text, ws = toks.text, toks.ws
        found: list[tuple[Candidate, bool]] = []  # (candidate, needs a hardware context)
        arrays: dict[str, list[int]] | None = None
        for matcher, ids, attr in ((self.exact, self.exact_ids, "orth"), (self.fold, self.fold_ids, "norm")):
            for match_id, start, end in matcher(doc):
                if start > 1 and text[start - 1] == "-" and not ws[start - 2] and not ws[start - 1]:
                    continue  # the tail of a compound: "high-throughput", "UI-to-code generation"
                if match_id == self.shared_id:
                    if arrays is None:  # the token ids the shared key's entries are looked up by, read once
                        norm_ids = state(doc).norm_ids  # kg_normalizer's (it runs before)
                        arrays = {"orth": toks.orth,
                                  "norm": doc.to_array(NORM).tolist() if norm_ids is None else norm_ids}
                    idx = ids[tuple(arrays[attr][start:end])][0]
                else:
                    idx = int(strings[match_id])
                entry = self.entries[idx]
                # (the fields by position, as state.CANDIDATE_FIELDS orders them: a class called with keywords builds
                # a dict of them on every call)
                found.append((Candidate(
                    toks.idx[start], toks.idx[end - 1] + len(text[end - 1]), entry.type, _LEXICON,
                    self._confidence[idx], entry.canonical, "", entry.source_id, False, "", entry.source or "user"),
                    self._needs_context[idx]))
        # "fixed points of a map" is mathematics unless the abstract is about hardware
        hardware = any(c.type == "HardwareConcept" and not ambiguous for c, ambiguous in found)
        out.extend(c for c, ambiguous in found if hardware or not ambiguous)
        return doc


@Language.factory("kg_lexicon", default_config={"extra_lexicons": [], "resources": SHIPPED},
                  requires=["token.norm"], assigns=contract("candidates"))
def make_lexicon(nlp: Language, name: str, extra_lexicons: list[str], resources: Resources) -> LexiconMatcher:
    # the data files and the patterns are ~150k objects that live as long as the pipeline, and
    # next to no cycles: the garbage collector's passes while they are made (each walking all
    # of them) found nothing and took a tenth of the pipeline's load time
    enabled = gc.isenabled()
    gc.disable()
    try:
        res = resources
        entries = list(res.lexicon)
        for path in extra_lexicons:
            entries.extend(read_user_lexicon(Path(path)))
        return LexiconMatcher(nlp, entries, res)
    finally:
        if enabled:
            gc.enable()


def read_user_lexicon(path: Path) -> list[LexiconEntry]:
    """A user's vocabulary: TSV/CSV with term,type[,canonical...] or a SKOS Turtle file.

    A file that cannot be read (not a regular file, not UTF-8, bad syntax, missing columns) is an
    :class:`~kg.errors.InputError` naming it, never a traceback from the parser.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError.at(str(path), "--lexicon: not a regular file (missing, a folder, a pipe or a device)")
    try:
        return _read_user_lexicon(path)
    except InputError:
        raise
    except UnicodeDecodeError as exc:
        raise InputError.at(str(path), f"--lexicon: not valid UTF-8 (byte {exc.start + 1}); re-save it as UTF-8") from None
    except (KeyError, ValueError, SyntaxError, TypeError, csv.Error, OSError) as exc:
        # rdflib's parse errors are SyntaxError / ValueError subclasses (BadSyntax, ParserError)
        detail = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise InputError.at(str(path), f"--lexicon: not a usable vocabulary ({type(exc).__name__}: {detail})") from None


def _read_user_lexicon(path: Path) -> list[LexiconEntry]:
    if path.suffix.lower() in (".ttl", ".nt", ".rdf", ".jsonld"):
        from kg.extract.user_lexicon import read_skos
        return read_skos(path)
    if path.suffix.lower() == ".csv":
        with path.open(encoding="utf-8-sig", newline="") as fh:  # -sig: spreadsheet exports start with a BOM
            rows = list(csv.DictReader(fh))
        return [LexiconEntry(r["term"].strip(), r["type"].strip(), (r.get("canonical") or r["term"]).strip(),
                             "user", (r.get("source_id") or "").strip(), (r.get("broader") or "").strip(),
                             (r.get("case") or "fold").strip() == "exact")
                for r in rows if (r.get("term") or "").strip() and (r.get("type") or "").strip()]
    return [LexiconEntry(e.term, e.type, e.canonical, "user", e.source_id, e.broader, e.exact_case)
            for e in read_lexicon_file(path)]
