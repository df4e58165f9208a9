"""``kg_phrases``: typed noun phrases found by their head word.

Without a tagger, a sentence is cut into runs of content words (function
words, verbs from a closed list, adverbs and punctuation end a run); the last
word of a run is its head. ``heads.tsv`` types the head ("… detection" is a
Task, "… distillation" a Method, "… kernels" a HardwareConcept); at most three
modifiers are kept and weak ones ("novel", "existing") dropped. Phrases whose
head only says "a method of some kind" ("conformal prediction methods") are
read through to their modifier.
"""
from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.extract.components.base import Candidate, candidates, chunks, head_type, is_joiner, norm_word
from kg.extract.resources import Resources, load_resources

MAX_WORDS = 3
#: single-word phrases are too generic, except for these confident heads
SINGLE_WORD_TYPES = {"Metric": 0.8, "HardwareConcept": 0.85}
_DATASET_HEADS = {"benchmark", "dataset", "corpus", "suite"}
_MODEL_HEADS = {"model", "architecture", "network", "agent", "encoder", "decoder", "backbone", "llm", "transformer"}


def words_of(span: Span) -> list[tuple[int, int]]:
    """Token ranges of the span's words, hyphen-glued compounds counted as one word."""
    out: list[tuple[int, int]] = []
    i = span.start
    doc = span.doc
    while i < span.end:
        j = i + 1
        while j + 1 < span.end + 1 and j < span.end and is_joiner(doc[j]) and j + 1 < span.end:
            j += 2
        out.append((i, j))
        i = j
    return out


class PhraseFinder:
    def __init__(self, res: Resources):
        self.res = res

    def _trim(self, doc: Doc, words: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Drop weak and participle modifiers from the left."""
        while len(words) > 1:
            first = doc[words[0][0]:words[0][1]].text.lower()
            if first in self.res.weak_modifiers or (first.endswith("ed") and "-" not in first) \
                    or first.endswith("-based") or first.endswith("-like"):
                words = words[1:]
            else:
                break
        return words

    def _emit(self, doc: Doc, words: list[tuple[int, int]], out: list[Candidate], depth: int = 0) -> None:
        if not words or depth > 1:
            return
        head_tok = doc[words[-1][1] - 1]
        head = norm_word(head_tok.text)
        typed = head_type(head_tok.text, self.res)
        mods = self._trim(doc, words[:-1][-MAX_WORDS + 1:]) if len(words) > 1 else []
        if head in self.res.generic_heads or head in _DATASET_HEADS:
            inner = words[:-1]
            before = len(out)
            self._emit(doc, inner, out, depth + 1)
            if len(out) > before and out[-1].type == "Task":
                return  # "link prediction benchmarks": the task is the entity
            if head in _DATASET_HEADS and mods:
                typed = ("Dataset", 0.6)
            elif head in _MODEL_HEADS and mods:
                typed = typed or ("Model", 0.55)
            else:
                return
        if typed is None:
            return
        typ, conf = typed
        if not mods:
            if conf < SINGLE_WORD_TYPES.get(typ, 2.0):
                return
            if head_tok.text.lower() in self.res.generic_terms:
                return
        kept = mods + [words[-1]]
        start = doc[kept[0][0]].idx
        end = head_tok.idx + len(head_tok.text)
        if mods and all(doc[a:b].text.lower() in self.res.weak_modifiers for a, b in mods):
            return
        out.append(Candidate(start, end, typ, "phrase", round(conf * (0.9 if mods else 1.0), 3)))

    def __call__(self, doc: Doc) -> Doc:
        out = candidates(doc)
        for sent in doc.sents:
            for chunk in chunks(sent, self.res):
                words = words_of(chunk)
                if words:
                    self._emit(doc, words, out)
        return doc


@Language.factory("kg_phrases")
def make_phrases(nlp: Language, name: str) -> PhraseFinder:
    return PhraseFinder(load_resources())
