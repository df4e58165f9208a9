"""``kg_lexicon``: gazetteer matching against the field vocabularies.

Entries come from ``kg/extract/data/lexicons/`` (derived from Papers with Code,
NLP-progress, CSO, OpenReview keywords and a hardware taxonomy) plus any user
files passed to ``kg build --lexicon``. Case-folded entries match on the
singular lower-case NORM; acronyms and mixed-case names match exactly.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

from kg.extract.components.base import Candidate, candidates, norm_word, tokens
from kg.extract.resources import LEXICON_DIR, LexiconEntry, Resources, _lines, load_resources, read_lexicon_file
from kg.records import ENTITY_TYPES

#: When a surface form is listed by several sources, the first source here wins.
SOURCE_PRIORITY = ("user", "kg-hardware", "nlp-progress", "pwc-method", "pwc-task", "openreview", "accelerators", "cso")
SOURCE_CONFIDENCE = {"user": 0.95, "kg-hardware": 0.9, "nlp-progress": 0.85, "pwc-method": 0.8,
                     "pwc-task": 0.8, "openreview": 0.8, "accelerators": 0.85, "cso": 0.6}


#: words that start ordinary phrases, never a folded vocabulary term ("and datasets", "it alignment")
_CLOSED_CLASS = {"a", "an", "the", "and", "or", "of", "in", "on", "for", "to", "with", "it", "is", "this", "that",
                 "we", "our", "its", "their", "as", "at", "by", "from"}


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


def _rank(entry: LexiconEntry) -> int:
    return SOURCE_PRIORITY.index(entry.source) if entry.source in SOURCE_PRIORITY else len(SOURCE_PRIORITY)


class LexiconMatcher:
    def __init__(self, nlp: Language, entries: list[LexiconEntry], res: Resources):
        self.fold = PhraseMatcher(nlp.vocab, attr="NORM")
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.entries: list[LexiconEntry] = []
        self.context_terms = {t.lower() for t in _lines(LEXICON_DIR / "hardware_context_terms.txt")}
        # patterns go in as the token hashes the matchers compare (ORTH; NORM as kg_normalizer sets it),
        # not as Docs: a Doc per pattern, normalized and then validated by PhraseMatcher.add, was half
        # of the ~30k patterns' load time
        tokenizer, add_string = nlp.tokenizer, nlp.vocab.strings.add
        seen_fold: dict[tuple[str, ...], int] = {}
        seen_exact: dict[str, int] = {}
        for entry in sorted(entries, key=_rank):
            if entry.type not in ENTITY_TYPES:
                continue
            if entry.term.lower() in res.generic_terms or entry.canonical.lower() in res.generic_terms:
                continue
            if not entry.exact_case and entry.term.split()[0].lower() in _CLOSED_CLASS:
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
                        seen_exact[form] = idx
                        self.exact.add(str(idx), [[token.orth for token in tokenizer(form)]])
                        added = True
                else:
                    norms = tuple([norm_word(token.text) for token in tokenizer(variant)])
                    if norms in seen_fold or (len(norms) == 1 and len(norms[0]) < 3):
                        continue
                    seen_fold[norms] = idx
                    self.fold.add(str(idx), [[add_string(norm) for norm in norms]])
                    added = True
            if added:
                self.entries.append(entry)

    def __call__(self, doc: Doc) -> Doc:
        out = candidates(doc)
        strings = doc.vocab.strings
        toks = tokens(doc)  # plain lists: no spaCy Token or Span per match
        text, ws = toks.text, toks.ws
        found: list[tuple[Candidate, bool]] = []  # (candidate, needs a hardware context)
        for matcher in (self.exact, self.fold):
            for match_id, start, end in matcher(doc):
                if start > 1 and text[start - 1] == "-" and not ws[start - 2] and not ws[start - 1]:
                    continue  # the tail of a compound: "high-throughput", "UI-to-code generation"
                entry = self.entries[int(strings[match_id])]
                found.append((Candidate(
                    toks.idx[start], toks.end_char(end - 1), entry.type, f"lexicon:{entry.source or 'user'}",
                    SOURCE_CONFIDENCE.get(entry.source, 0.8), canonical=entry.canonical,
                    source_id=entry.source_id), entry.term.lower() in self.context_terms))
        # "fixed points of a map" is mathematics unless the abstract is about hardware
        hardware = any(c.type == "HardwareConcept" and not ambiguous for c, ambiguous in found)
        out.extend(c for c, ambiguous in found if hardware or not ambiguous)
        return doc


@Language.factory("kg_lexicon", default_config={"extra_lexicons": []})
def make_lexicon(nlp: Language, name: str, extra_lexicons: list[str]) -> LexiconMatcher:
    res = load_resources()
    entries = list(res.lexicon)
    for path in extra_lexicons:
        entries.extend(read_user_lexicon(Path(path)))
    return LexiconMatcher(nlp, entries, res)


def read_user_lexicon(path: Path) -> list[LexiconEntry]:
    """A user's vocabulary: TSV/CSV with term,type[,canonical...] or a SKOS Turtle file."""
    if path.suffix.lower() in (".ttl", ".nt", ".rdf", ".jsonld"):
        from kg.extract.user_lexicon import read_skos
        return read_skos(path)
    if path.suffix.lower() == ".csv":
        import csv
        with path.open(encoding="utf-8-sig", newline="") as fh:  # -sig: spreadsheet exports start with a BOM
            rows = list(csv.DictReader(fh))
        return [LexiconEntry(r["term"].strip(), r["type"].strip(), (r.get("canonical") or r["term"]).strip(),
                             "user", (r.get("source_id") or "").strip(), (r.get("broader") or "").strip(),
                             (r.get("case") or "fold").strip() == "exact")
                for r in rows if (r.get("term") or "").strip() and (r.get("type") or "").strip()]
    return [LexiconEntry(e.term, e.type, e.canonical, "user", e.source_id, e.broader, e.exact_case)
            for e in read_lexicon_file(path)]
