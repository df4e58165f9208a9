"""``kg_merge``: from overlapping candidates to the paper's entities.

Candidates that cover the same span vote on the type (a contribution cue beats
an acronym definition, which beats a lexicon, which beats a coined-name or
head-noun guess); spans that cross a more trusted one are dropped (nested spans
are kept: "KV cache" inside "KV cache compression" is an entity of its own).
Mentions whose keys meet — an acronym and its long form, a lexicon's canonical
name and its variants, repeated surface forms — become one entity.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.base import Candidate, candidates
from kg.extract.resources import Resources, load_resources
from kg.resolve.keys import entity_key

PRIORITY = {"contribution": 5, "acronym": 4, "lexicon": 3, "coined": 2, "phrase": 1, "relation": 1}


def priority(c: Candidate) -> int:
    return PRIORITY.get(c.component.split(":", 1)[0], 0)


@dataclass
class LocalEntity:
    """An entity of one paper, with all its accepted mentions."""

    keys: set[str]
    mentions: list[Candidate] = field(default_factory=list)
    type: str = ""
    confidence: float = 0.0
    proposed: bool = False
    canonical: str = ""
    long_form: str = ""
    source_ids: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return entity_key(self.preferred_label)

    @property
    def preferred_label(self) -> str:
        return self.long_form or self.canonical or self.mentions[0].text_

    def surfaces(self) -> list[str]:
        out: list[str] = []
        for m in self.mentions:
            if m.text_ not in out:
                out.append(m.text_)
        return out


def _vote(cands: list[Candidate]) -> tuple[str, float]:
    score: dict[str, float] = {}
    for c in cands:
        w = c.confidence * (1 + priority(c)) * (3 if c.proposed else 1)
        score[c.type] = score.get(c.type, 0.0) + w
    typ = max(sorted(score), key=lambda t: score[t])
    return typ, max(c.confidence for c in cands if c.type == typ)


class Merger:
    def __init__(self, res: Resources, min_confidence: float):
        self.res = res
        self.min_confidence = min_confidence

    def __call__(self, doc: Doc) -> Doc:
        text = doc.text
        by_span: dict[tuple[int, int], list[Candidate]] = {}
        for c in candidates(doc):
            if c.end > c.start:
                by_span.setdefault((c.start, c.end), []).append(c)
        spans: list[Candidate] = []
        for (start, end), cands in by_span.items():
            typ, conf = _vote(cands)
            best = max(cands, key=lambda c: (priority(c), c.confidence))
            merged = Candidate(start, end, typ, best.component, conf,
                               canonical=next((c.canonical for c in cands if c.canonical), ""),
                               long_form=next((c.long_form for c in cands if c.long_form), ""),
                               source_id=next((c.source_id for c in cands if c.source_id), ""),
                               proposed=any(c.proposed for c in cands))
            merged.text_ = text[start:end]  # type: ignore[attr-defined]
            surface = merged.text_.lower()
            if not merged.proposed and (surface in self.res.generic_terms or conf < self.min_confidence):
                continue
            spans.append(merged)
        spans.sort(key=lambda c: (-priority(c), -(c.end - c.start), c.start))
        accepted: list[Candidate] = []
        for c in spans:
            crosses = any(a.start < c.start < a.end < c.end or c.start < a.start < c.end < a.end for a in accepted)
            if not crosses:
                accepted.append(c)
        accepted.sort(key=lambda c: (c.start, -c.end))
        # group mentions into entities through shared keys
        groups: list[LocalEntity] = []
        index: dict[str, LocalEntity] = {}
        for c in accepted:
            keys = {k for k in (entity_key(c.text_), entity_key(c.canonical) if c.canonical else "",
                                entity_key(c.long_form) if c.long_form else "") if k}
            if not keys:
                continue
            hits = []
            for k in sorted(keys):
                g = index.get(k)
                if g is not None and all(g is not h for h in hits):
                    hits.append(g)
            if hits:
                ent = hits[0]
                for other in hits[1:]:
                    ent.keys |= other.keys
                    ent.mentions.extend(other.mentions)
                    groups.remove(other)
            else:
                ent = LocalEntity(keys=set())
                groups.append(ent)
            ent.keys |= keys
            ent.mentions.append(c)
            for k in ent.keys:
                index[k] = ent
        for ent in groups:
            ent.mentions.sort(key=lambda c: (c.start, c.end))
            ent.type, ent.confidence = _vote(ent.mentions)
            ent.proposed = any(m.proposed for m in ent.mentions)
            ent.long_form = next((m.long_form for m in ent.mentions if m.long_form), "")
            ent.canonical = next((m.canonical for m in ent.mentions if m.canonical), "")
            ent.source_ids = sorted({m.source_id for m in ent.mentions if m.source_id})
        doc._.kg_entities = groups
        return doc


@Language.factory("kg_merge", default_config={"min_confidence": 0.5})
def make_merge(nlp: Language, name: str, min_confidence: float) -> Merger:
    return Merger(load_resources(), min_confidence)
