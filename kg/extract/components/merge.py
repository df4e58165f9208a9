"""``kg_merge``: from overlapping candidates to the paper's entities.

Candidates that cover the same span vote on the type (a contribution cue beats
an acronym definition, which beats a lexicon, which beats a coined-name or
head-noun guess); spans that cross a more trusted one are dropped (nested spans
are kept: "KV cache" inside "KV cache compression" is an entity of its own).
Mentions whose keys meet — an acronym and its long form, a lexicon's canonical
name and its variants, repeated surface forms — become one entity.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.acronyms import is_acronym
from kg.extract.components.base import doc_text, Candidate, candidates
from kg.extract.components.coined import is_coined
from kg.extract.resources import Resources, load_resources
from kg.resolve.keys import entity_key

PRIORITY = {"contribution": 5, "acronym": 4, "lexicon": 3, "pattern": 3, "coined": 2, "phrase": 1, "relation": 1}


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

    base_label: str = ""  # "Transformer" for an entity first seen as "Transformer encoder"

    @property
    def preferred_label(self) -> str:
        return self.long_form or self.base_label or self.canonical or self.mentions[0].text_

    extra_labels: list[str] = field(default_factory=list)  # "EM algorithm" for a mention "EM" so written

    def surfaces(self) -> list[str]:
        out: list[str] = []
        for text in [m.text_ for m in self.mentions] + self.extra_labels:
            if text not in out:
                out.append(text)
        return out


def _vote(cands: list[Candidate]) -> tuple[str, float]:
    score: dict[str, float] = {}
    for c in cands:
        w = c.confidence * (1 + priority(c)) * (3 if c.proposed else 1)
        score[c.type] = score.get(c.type, 0.0) + w
    typ = max(sorted(score), key=lambda t: score[t])
    return typ, max(c.confidence for c in cands if c.type == typ)


NAME_COMPONENTS = {"contribution", "acronym", "coined"}
_PLURAL_ACRONYM = re.compile(r"^([A-Z][A-Z0-9\-]*[A-Z0-9])s$")  # "LMs" is the plural of "LM"
_PROBLEM_OF = re.compile(r"\b(?:the|a|this|an)[ \t]+(?:[\w-]+[ \t]+)?(?:problem|task)[ \t]+of[ \t]+(?:[\w-]+[ \t]+){0,2}$")
_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)\b")


def _is_name(c: Candidate) -> bool:
    return c.component.split(":", 1)[0] in NAME_COMPONENTS


def _contains(outer: Candidate, inner: Candidate) -> bool:
    return outer.start <= inner.start and inner.end <= outer.end and (outer.start, outer.end) != (inner.start, inner.end)


def drop_nested(accepted: list[Candidate]) -> list[Candidate]:
    """Resolve spans nested in other spans.

    Names are atomic ("Large Language Models (LLMs)" hides "language models");
    a single word inside a longer entity is part of it ("GPU" in "GPU kernels");
    of two same-type spans the known concept beats a head-noun guess around it
    ("end-to-end reinforcement learning" → "reinforcement learning"), otherwise
    the longer, more specific one wins. Different-type nested spans both stay
    ("KV cache" in "KV cache compression").
    """
    dropped: set[int] = set()
    for i, outer in enumerate(accepted):
        for j, inner in enumerate(accepted):
            if i == j or i in dropped or j in dropped or not _contains(outer, inner):
                continue
            if _is_name(outer):
                dropped.add(j)
            elif outer.type == inner.type and outer.component == "phrase" and inner.component != "phrase":
                dropped.add(i)
            elif " " not in inner.text_ or outer.type == inner.type:
                dropped.add(j)
    return [c for k, c in enumerate(accepted) if k not in dropped]


class Merger:
    def __init__(self, res: Resources, min_confidence: float):
        self.res = res
        self.min_confidence = min_confidence
        self.head_nouns = {w for w in res.generic_heads} | {w + "s" for w in res.generic_heads} | {
            "dataset", "datasets", "benchmark", "benchmarks", "corpus", "model", "models", "algorithm", "loss",
            "metric", "score", "kernel", "kernels"}
        self.model_keys = {entity_key(e.term) for e in res.lexicon if e.type == "Model"} | \
                          {entity_key(e.canonical) for e in res.lexicon if e.type == "Model"}

    def _model_base(self, c: Candidate, known: set[str]) -> str:
        """"Transformer encoder" → "Transformer", when that is a known model."""
        words = c.text_.replace("-", " ").split()
        if c.type != "Model" or len(words) < 2 or words[-1].lower() not in self.res.model_parts:
            return ""
        rest = " ".join(words[:-1])
        key = entity_key(rest)
        return rest if key and (key in known or key in self.model_keys) else ""

    def _with_head(self, doc: Doc, text: str, c: Candidate) -> str:
        """A name as written with the type noun after it: "EM algorithm", "MP-20 benchmark"."""
        m = _NEXT_WORD.match(text, c.end)
        if m and m.group(1).lower() in self.head_nouns:
            return text[c.start:m.end(1)]
        return ""

    def _problem_votes(self, text: str, ent: LocalEntity) -> list[Candidate]:
        """"the problem of sparse linear regression": what a problem or task is "of" is a Task."""
        return [Candidate(m.start, m.end, "Task", "pattern:problem-of", 0.9) for m in ent.mentions
                if _PROBLEM_OF.search(text, max(0, m.start - 40), m.start)]

    def _link_undefined_acronyms(self, groups: list[LocalEntity]) -> list[LocalEntity]:
        """"VLM-based judge" in an abstract about "visual language models": the same entity.

        An acronym the abstract never defines joins the one multi-word entity whose
        initials spell it (with or without its function words).
        """
        by_initials: dict[str, list[LocalEntity]] = {}
        ambiguous: set[str] = set()
        for ent in groups:
            if any(m.long_form for m in ent.mentions):
                continue
            for m in ent.mentions:
                words = [w for w in re.split(r"[\s\-]+", m.text_) if w]
                if len(words) < 2:
                    continue
                content = [w for w in words if w.lower() not in self.res.function_words]
                for kept in (words, content):
                    initials = "".join(w[0] for w in kept).lower()
                    if ent not in by_initials.get(initials, []):
                        by_initials.setdefault(initials, []).append(ent)
                # "goal-conditioned reinforcement learning" makes "RL" ambiguous
                ambiguous.update("".join(w[0] for w in words[k:]).lower() for k in range(1, len(words) - 1))
        merged: set[int] = set()
        for ent in groups:
            short = ent.mentions[0].text_
            acronym = _PLURAL_ACRONYM.match(short)
            letters = (acronym.group(1) if acronym else short).lower()
            if any(m.long_form or not is_acronym(m.text_) for m in ent.mentions):
                continue  # defined in the text, or already one entity with its long form
            owners = [o for o in by_initials.get(letters, []) if o is not ent]
            if len(owners) == 1 and id(owners[0]) not in merged and letters not in ambiguous:
                owner = owners[0]
                owner.keys |= ent.keys
                owner.mentions.extend(ent.mentions)
                merged.add(id(ent))
        return [g for g in groups if id(g) not in merged]

    def _derived_prefixes(self, accepted: list[Candidate], text: str) -> list[Candidate]:
        """"Qwen3-32B-FIRE" with FIRE an entity: the base model "Qwen3-32B" is one too."""
        keys = {entity_key(c.text_) for c in accepted}
        out = []
        for c in accepted:
            if not c.component.startswith("coined") or "-" not in c.text_:
                continue
            prefix, _, suffix = c.text_.rpartition("-")
            # a base model has a version or size ("Qwen3-32B"); "ES" in "ES-MoE" is only a prefix
            if entity_key(suffix) in keys and is_coined(prefix) and entity_key(prefix) not in keys \
                    and any(ch.isdigit() for ch in prefix):
                d = Candidate(c.start, c.start + len(prefix), c.type, "coined", 0.7)
                d.text_ = text[d.start:d.end]  # type: ignore[attr-defined]
                out.append(d)
        return out

    def __call__(self, doc: Doc) -> Doc:
        text = doc_text(doc)
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
            generic = surface in self.res.generic_terms or surface.endswith("s") and surface[:-1] in self.res.generic_terms
            if not merged.proposed and (generic or conf < self.min_confidence):
                continue
            spans.append(merged)
        spans.sort(key=lambda c: (-priority(c), -(c.end - c.start), c.start))
        accepted: list[Candidate] = []
        for c in spans:
            crosses = any(a.start < c.start < a.end < c.end or c.start < a.start < c.end < a.end for a in accepted)
            if not crosses:
                accepted.append(c)
        accepted = drop_nested(accepted)
        accepted += self._derived_prefixes(accepted, text)
        accepted.sort(key=lambda c: (c.start, -c.end))
        known = {entity_key(c.text_) for c in accepted}
        # group mentions into entities through shared keys
        groups: list[LocalEntity] = []
        index: dict[str, LocalEntity] = {}
        bases: dict[int, str] = {}
        for c in accepted:
            base = self._model_base(c, known)
            if base:
                bases[id(c)] = base
            plural_acronym = _PLURAL_ACRONYM.match(c.text_)
            keys = {k for k in (entity_key(c.text_), entity_key(c.canonical) if c.canonical else "",
                                entity_key(plural_acronym.group(1)) if plural_acronym else "",
                                entity_key(c.long_form) if c.long_form else "",
                                entity_key(base) if base else "") if k}
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
        groups = self._link_undefined_acronyms(groups)
        for ent in groups:
            ent.mentions.sort(key=lambda c: (c.start, c.end))
            ent.type, ent.confidence = _vote(ent.mentions + self._problem_votes(text, ent))
            ent.proposed = any(m.proposed for m in ent.mentions)
            ent.long_form = next((m.long_form for m in ent.mentions if m.long_form), "")
            # a lexicon reading that contradicts the text's own definition is another sense
            # ("SFT" defined as Supervised Fine-Tuning is not PwC's "shrink and fine-tune")
            said = {entity_key(m.text_) for m in ent.mentions} | {entity_key(ent.long_form)}
            agrees = [m for m in ent.mentions if m.canonical and (
                not ent.long_form or entity_key(m.canonical) in said)]
            ent.canonical = agrees[0].canonical if agrees else ""
            ent.base_label = next((bases[id(m)] for m in ent.mentions if id(m) in bases), "")
            if ent.base_label and any(entity_key(m.text_) == entity_key(ent.base_label) for m in ent.mentions):
                ent.base_label = next(m.text_ for m in ent.mentions
                                      if entity_key(m.text_) == entity_key(ent.base_label))
            ent.source_ids = sorted({m.source_id for m in agrees if m.source_id})
            ent.extra_labels = [self._with_head(doc, text, m) for m in ent.mentions if _is_name(m)]
            ent.extra_labels = [x for x in ent.extra_labels if x]
        doc._.kg_entities = groups
        return doc


@Language.factory("kg_merge", default_config={"min_confidence": 0.5})
def make_merge(nlp: Language, name: str, min_confidence: float) -> Merger:
    return Merger(load_resources(), min_confidence)
