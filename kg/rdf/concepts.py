"""SKOS concepts of the field vocabularies (one concept scheme per entity type).

This module is the single place that decides which concept IRI a gazetteer
entry stands for. ``scripts/build_skos.py`` serialises the result as
``ontology/vocab/{methods,tasks,models,datasets,metrics}.ttl`` and
``ontology/hardware.ttl``; the RDF exporter (:mod:`kg.export.rdf`) links an
entity to the same IRIs with ``skos:exactMatch`` / ``skos:closeMatch``.

Input: ``kg/extract/data/lexicons/terms.tsv`` (``term, type, canonical, source,
source_id, broader, case``) and ``hardware_concepts.tsv`` (``term, canonical,
broader, case``, source ``kg-hardware``, no source_id).

Concepts
    One ``skos:Concept`` per (type, canonical) of the gazetteer; its terms become
    ``skos:prefLabel`` (the canonical) and ``skos:altLabel`` (the other surface
    forms). HardwareConcept concepts form the hand-made taxonomy in
    ``ontology/hardware.ttl`` (root, eight categories, curated broader links).

IRIs
    * the concept's identifier in its source when that is an http(s) URL (PwC
      method / task / dataset / collection URL, CSO topic). A URL names at most one
      concept: when the gazetteer files one URL under two canonicals ("RefCOCO"
      and "RefCOCO+"), the canonical whose slug is the URL's last segment keeps
      it and the other gets a minted IRI with ``skos:closeMatch`` to the URL;
      further URLs of a concept become ``skos:closeMatch`` too.
    * otherwise minted: ``https://w3id.org/kg-ml/vocab/<scheme>/<slug>`` (slug of
      the canonical; on a clash a 6-hex-digit hash of the label is appended).
    * hardware concepts are always minted under ``.../vocab/hardware/``
      (categories in CamelCase: ``.../hardware/Memory``).

Broader
    From the ``broader`` column: a PwC method's first collection is the PwC
    collection concept (``https://paperswithcode.com/methods/category/<slug>``),
    a PwC task's parent the PwC task (``.../task/<slug>``); other names resolve to
    a concept with the same key (case, hyphens and plurals folded), preferring the
    child's type. A parent that is no concept yet is minted (type: the majority of
    its children's types). Flat sources (OpenReview keywords, CSO labels, most PwC
    tasks) add a kg-derived head-word link: a concept without a source parent gets
    ``skos:broader`` the concept named by its longest proper word suffix, if that is
    a concept of the same type ("post-training quantization" -> "quantization",
    "camouflaged object detection" -> "object detection"). Cycles are broken
    deterministically.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Iterable

from kg.extract.resources import LexiconEntry, load_resources, load_words, read_lexicon_dir
from kg.names import entity_key
from kg.names import slug as kg_slug

LEXICON_DIR = Path(__file__).resolve().parents[1] / "extract" / "data" / "lexicons"
VOCAB_BASE = "https://w3id.org/kg-ml/vocab/"
TYPES = ("Method", "Task", "Model", "Dataset", "Metric", "HardwareConcept")
#: entity type -> scheme name (file ``ontology/vocab/<scheme>.ttl``; hardware: ``ontology/hardware.ttl``)
SCHEME_OF_TYPE = {"Method": "methods", "Task": "tasks", "Model": "models", "Dataset": "datasets",
                  "Metric": "metrics", "HardwareConcept": "hardware"}
TYPE_OF_SCHEME = {v: k for k, v in SCHEME_OF_TYPE.items()}
PWC_CATEGORY = "https://paperswithcode.com/methods/category/"
PWC_TASK = "https://paperswithcode.com/task/"


def scheme_iri(scheme: str) -> str:
    """The ``skos:ConceptScheme`` IRI of a scheme (``https://w3id.org/kg-ml/vocab/methods``)."""
    return VOCAB_BASE + scheme


def concept_ns(scheme: str) -> str:
    """Namespace of the concepts minted in a scheme (``.../vocab/methods/``)."""
    return VOCAB_BASE + scheme + "/"


def type_of_scheme_iri(iri: str) -> str | None:
    """Entity type of one of kg's published schemes (or of a concept minted in it), else None."""
    if not iri.startswith(VOCAB_BASE):
        return None
    return TYPE_OF_SCHEME.get(iri[len(VOCAB_BASE):].split("/", 1)[0])


# ----------------------------------------------------------------------------- hardware taxonomy
HW = "HardwareConcept"
HW_ROOT = "HardwareConcept"
#: top categories: name (IRI local name) -> (prefLabel, definition)
HW_CATEGORIES: dict[str, tuple[str, str]] = {
    "Processor": ("processor", "Compute devices and their building blocks: CPU, GPU, streaming "
                  "multiprocessors, edge devices, GPU clusters."),
    "Accelerator": ("accelerator", "Hardware specialised for ML workloads: GPUs used as "
                    "accelerators, TPUs, NPUs, FPGAs, ASICs, systolic arrays, named chips."),
    "Memory": ("memory", "Memories and caches and their capacity and bandwidth: HBM, SRAM, "
               "KV cache, memory bandwidth, memory footprint, offloading."),
    "Kernel": ("kernel", "Compute kernels, the languages they are written in and kernel "
               "libraries: CUDA, Triton, fused kernels, cuBLAS."),
    "NumericPrecision": ("numeric precision", "Number formats and bit-widths: FP8, BF16, INT4, "
                         "mixed precision, quantization grid."),
    "PerformanceRegime": ("performance regime", "What bounds performance, and cost measures: "
                          "memory-bound, compute-bound, arithmetic intensity, FLOPs, "
                          "throughput, latency."),
    "Parallelism": ("parallelism", "Distributing training or inference across devices: "
                    "tensor, pipeline, data, expert and sequence parallelism."),
    "Communication": ("communication", "Moving data between devices: collective communication "
                      "(all-reduce, all-gather), interconnects, communication overhead."),
}
#: concepts of the taxonomy that the lexicon does not list: prefLabel -> (altLabels, broader, definition)
HW_EXTRA: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "kernel language": (("kernel languages", "kernel programming language"), ("Kernel",),
                        "A language or programming model for writing compute kernels."),
    "kernel library": (("kernel libraries",), ("Kernel",),
                       "A library of tuned compute kernels (GEMM, convolution, attention)."),
    "interconnect": (("interconnects",), ("Communication",),
                     "A link or network between devices (NVLink, InfiniBand)."),
    "throughput": ((), ("PerformanceRegime",), "Work done per unit time (tokens/s, samples/s)."),
    "latency": ((), ("PerformanceRegime",), "Time to complete one request or step."),
    # technology classes of the MIT LL accelerator survey
    "CGRA": (("coarse-grained reconfigurable array",), ("Accelerator",),
             "Coarse-grained reconfigurable array."),
    "dataflow accelerator": (("dataflow accelerators",), ("Accelerator",), ""),
    "manycore processor": (("manycore processors",), ("Processor",), ""),
    "multicore processor": (("multicore processors",), ("Processor",), ""),
}
#: curated broader links that replace the lexicon's category (keyed by prefLabel)
HW_REFINE: dict[str, tuple[str, ...]] = {
    "GPU": ("Processor", "Accelerator"),
    "consumer GPU": ("GPU",),
    "HBM": ("off-chip memory",), "DRAM": ("off-chip memory",),
    "SRAM": ("on-chip memory",), "shared memory": ("on-chip memory",),
    "VRAM": ("GPU memory",),
    "FP32": ("floating point",), "FP16": ("floating point",), "BF16": ("floating point",),
    "FP8": ("floating point",), "FP4": ("floating point",),
    "half precision": ("floating point",), "full precision": ("floating point",),
    "1-bit precision": ("bit-width",), "2-bit precision": ("bit-width",),
    "3-bit precision": ("bit-width",), "4-bit precision": ("bit-width",),
    "8-bit precision": ("bit-width",),
    "CUDA": ("kernel language",), "Triton": ("kernel language",), "OpenCL": ("kernel language",),
    "cuBLAS": ("kernel library",), "cuDNN": ("kernel library",), "CUTLASS": ("kernel library",),
    "tensor parallelism": ("model parallelism",), "pipeline parallelism": ("model parallelism",),
    "fully sharded data parallel": ("data parallelism",),
    "collective communication": ("Communication",), "communication overhead": ("Communication",),
    "interconnect bandwidth": ("Communication",),
    "all-reduce": ("collective communication",), "all-gather": ("collective communication",),
    "all-to-all": ("collective communication",), "NCCL": ("collective communication",),
    "NVLink": ("interconnect",), "InfiniBand": ("interconnect",),
}


# ----------------------------------------------------------------------------- model
#: One gazetteer entry (term, type, canonical, source, source_id, broader, exact_case).
Row = LexiconEntry


@dataclass
class Concept:
    iri: str
    type: str
    pref_label: str
    alt_labels: set[str] = field(default_factory=set)
    broader: set[str] = field(default_factory=set)
    close: set[str] = field(default_factory=set)      # other http(s) identifiers of the concept
    sources: set[str] = field(default_factory=set)    # gazetteer sources (pwc-method, cso, ...)
    source_ids: set[str] = field(default_factory=set)
    definition: str = ""
    minted_parent: bool = False                        # made up from a broader name

    @property
    def scheme(self) -> str:
        return SCHEME_OF_TYPE[self.type]

    def labels(self) -> set[str]:
        return {self.pref_label.casefold()} | {a.casefold() for a in self.alt_labels}

    def keys(self) -> set[str]:
        """Label keys (:func:`kg.names.entity_key`: case, hyphens, spaces, plural -s folded)."""
        return {entity_key(lab) for lab in self.labels()} - {""}


@dataclass
class Vocabulary:
    concepts: dict[str, Concept] = field(default_factory=dict)
    by_source_id: dict[str, list[str]] = field(default_factory=dict)
    by_label: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (type, casefold) -> iris

    def narrower(self) -> dict[str, set[str]]:
        out: dict[str, set[str]] = defaultdict(set)
        for c in self.concepts.values():
            for b in c.broader:
                out[b].add(c.iri)
        return out

    def ancestors(self, iri: str) -> list[str]:
        """Transitive ``skos:broader`` closure of a concept (breadth first)."""
        seen: list[str] = []
        todo = sorted(self.concepts[iri].broader) if iri in self.concepts else []
        while todo:
            b = todo.pop(0)
            if b in seen:
                continue
            seen.append(b)
            if b in self.concepts:
                todo.extend(sorted(self.concepts[b].broader))
        return seen

    def link(self, etype: str, label: str, vocabulary: Iterable[str]) -> list[tuple[str, bool]]:
        """Concept IRIs an entity links to, each with ``exact`` (use ``skos:exactMatch``).

        ``vocabulary`` holds the gazetteer identifiers (source_id) of the entity's
        lexicon matches. Exact when the entity label equals a prefLabel/altLabel of
        the concept case-insensitively (hyphens, spacing and a plural -s folded
        too, as kg's entity keys do: "Vision-Transformers" = "vision transformer"),
        close otherwise. An identifier the
        gazetteer does not know (a user vocabulary) that is an http(s) IRI is kept
        as a close match. A HardwareConcept without identifiers (matched through
        ``hardware_concepts.tsv``) links to the hardware concept with its label.
        """
        key = entity_key(label) or label.casefold()
        out: dict[str, bool] = {}
        for vid in vocabulary:
            iris = self.by_source_id.get(vid)
            if not iris:
                if is_http(vid):
                    out[vid] = out.get(vid, False)
                continue
            matched = [i for i in iris if key in self.concepts[i].keys()]
            if matched:
                for i in matched:
                    out[i] = True
            else:
                same = [i for i in iris if self.concepts[i].type == etype]
                i = (same or iris)[0]
                out[i] = out.get(i, False)
        if etype == HW and not any(type_of_scheme_iri(i) == HW for i in out):
            for i in self.by_label.get((HW, label.casefold()), [])[:1]:
                out[i] = True
        return sorted(out.items())


# ----------------------------------------------------------------------------- helpers
def is_http(s: str) -> bool:
    return s.startswith(("http://", "https://"))


_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]+")


def pwc_slug(s: str) -> str:
    """The slug Papers with Code URLs use (as derived in scripts/build_lexicons.py)."""
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()
    return _NOT_ALNUM.sub("-", s.lower()).strip("-")


def _last_segment(url: str) -> str:
    return pwc_slug(url.rstrip("/").rsplit("/", 1)[-1].replace("_", " "))


def _prio(source: str) -> int:
    """A source's rank among the concept schemes' sources (``kg/extract/data/sources.toml``), unknown ones last."""
    priority = load_words().concept_source_priority
    return priority.index(source) if source in priority else len(priority)


def _type_order(t: str) -> int:
    return TYPES.index(t) if t in TYPES else len(TYPES)


def read_rows(lexicon_dir: Path = LEXICON_DIR) -> list[Row]:
    """The gazetteer rows of terms.tsv and hardware_concepts.tsv (read as the extractor reads them)."""
    return read_lexicon_dir(lexicon_dir)


class _Builder:
    def __init__(self) -> None:
        self.v = Vocabulary()
        self.by_key: dict[str, list[str]] = defaultdict(list)
        self.key = cache(entity_key)  # labels repeat across rows and passes

    def mint(self, scheme: str, label: str) -> str:
        iri = concept_ns(scheme) + kg_slug(label, 80)
        if iri in self.v.concepts:
            iri += "-" + hashlib.sha1(label.encode("utf-8")).hexdigest()[:6]
        return iri

    def add(self, c: Concept) -> Concept:
        self.v.concepts[c.iri] = c
        for lab in sorted({c.pref_label} | c.alt_labels):
            self.by_key[self.key(lab)].append(c.iri)
        return c

    def find(self, name: str, typ: str) -> str | None:
        """A concept whose label has the key of ``name``, preferring ``typ``."""
        iris = self.by_key.get(self.key(name), [])
        if not iris:
            return None
        return sorted(iris, key=lambda i: (self.v.concepts[i].type != typ,
                                           _type_order(self.v.concepts[i].type), i))[0]


def _group_sources(rows: list[Row]) -> list[tuple[str, str]]:
    """The (source, source_id) pairs of a group's rows, by source priority."""
    if len(rows) == 1:  # most groups (no set, no sort: this runs for every build's exports)
        return [(rows[0].source, rows[0].source_id)]
    return sorted({(r.source, r.source_id) for r in rows}, key=lambda s: (_prio(s[0]), s[1]))


def _group_pref_label(rows: list[Row]) -> str:
    """The prefLabel of a group: see :func:`_pref_label`."""
    if len(rows) == 1:
        return rows[0].canonical
    return _pref_label(Counter(r.canonical for r in rows))


def _pref_label(canonicals: Counter) -> str:
    # a spelling with capitals ("KV cache") beats its lower-cased copy; then the most used one
    return sorted(canonicals.items(), key=lambda kv: (kv[0] == kv[0].lower(), -kv[1], kv[0]))[0][0]


def build_vocabulary(rows: Iterable[Row], head_rule: bool = True) -> Vocabulary:
    """Assign every gazetteer row to a concept; see the module docstring for the rules."""
    b = _Builder()
    groups: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for r in rows:
        if r.type in SCHEME_OF_TYPE:
            groups[(r.type, r.canonical.casefold())].append(r)
    order = sorted(groups, key=lambda k: (_type_order(k[0]), k[1]))

    # hardware skeleton: root, categories, extras
    hw_ns = concept_ns("hardware")
    b.add(Concept(hw_ns + HW_ROOT, HW, "hardware concept",
                  definition="Hardware and systems-efficiency concepts of ML papers (root of the taxonomy)."))
    for name, (label, definition) in HW_CATEGORIES.items():
        b.add(Concept(hw_ns + name, HW, label, broader={hw_ns + HW_ROOT}, definition=definition))
    for label, (alts, _broader, definition) in HW_EXTRA.items():
        b.add(Concept(b.mint("hardware", label), HW, label, set(alts), definition=definition))

    # primary IRIs: a URL whose last segment is the concept's slug is claimed first
    sids = {k: _group_sources(groups[k]) for k in order}
    prefs = {k: _group_pref_label(groups[k]) for k in order}
    claimed: dict[str, tuple[str, str]] = {}
    iri_of: dict[tuple[str, str], str] = {}
    slug = cache(pwc_slug)  # a term is often its group's canonical too
    for k in order:
        if k[0] == HW:
            continue
        urls = [sid for _src, sid in sids[k] if is_http(sid) and sid not in claimed]
        if not urls:
            continue  # (the slugs below are most of this loop's time: only made when needed)
        slugs = {slug(lab) for r in groups[k] for lab in (r.canonical, r.term)}
        for sid in urls:
            if _last_segment(sid) in slugs:
                claimed[sid] = k
                iri_of[k] = sid
                break
    for k in order:
        if k in iri_of or k[0] == HW:
            continue
        for _src, sid in sids[k]:
            if is_http(sid) and sid not in claimed:
                claimed[sid] = k
                iri_of[k] = sid
                break
    for k in order:
        typ = k[0]
        pref = prefs[k]
        existing = b.find(pref, typ) if typ == HW else None
        if existing is not None and b.v.concepts[existing].type == HW \
                and b.v.concepts[existing].pref_label.casefold() == pref.casefold():
            c = b.v.concepts[existing]      # an extra the lexicon also lists
        else:
            iri = iri_of.get(k) or b.mint(SCHEME_OF_TYPE[typ], pref)
            c = b.add(Concept(iri, typ, pref))
        for r in groups[k]:
            c.sources.add(r.source)
            if r.source_id:
                c.source_ids.add(r.source_id)
            for lab in (r.term, r.canonical):
                if lab.casefold() != c.pref_label.casefold():
                    c.alt_labels.add(lab)
        c.alt_labels = _dedupe_case(c.alt_labels, c.pref_label)
        for lab in sorted({c.pref_label} | c.alt_labels):
            if c.iri not in b.by_key[b.key(lab)]:
                b.by_key[b.key(lab)].append(c.iri)
        c.close |= {sid for sid in c.source_ids if is_http(sid) and sid != c.iri}
        iri_of[k] = c.iri
    for c in b.v.concepts.values():
        for sid in sorted(c.source_ids):
            b.v.by_source_id.setdefault(sid, [])
    for k in order:   # the concept that claimed a URL comes first for it
        c = b.v.concepts[iri_of[k]]
        for sid in sorted(c.source_ids):
            lst = b.v.by_source_id[sid]
            if c.iri not in lst:
                (lst.insert(0, c.iri) if sid == c.iri else lst.append(c.iri))

    # broader links
    def hw_parent(name: str) -> str:
        if name in HW_CATEGORIES or name == HW_ROOT:
            return hw_ns + name
        found = b.find(name, HW)
        if found is not None and b.v.concepts[found].type == HW:
            return found
        c = b.add(Concept(b.mint("hardware", name), HW, name, broader={hw_ns + HW_ROOT},
                          minted_parent=True))
        return c.iri

    for label, (_alts, parents, _d) in HW_EXTRA.items():
        found = b.find(label, HW)
        assert found is not None, f"HW_EXTRA names {label!r}, which is not in the hardware taxonomy"
        c = b.v.concepts[found]
        c.broader |= {hw_parent(p) for p in parents}
    pending: dict[str, dict] = {}
    for k in order:
        c = b.v.concepts[iri_of[k]]
        if c.type == HW:
            names = HW_REFINE.get(c.pref_label) or tuple(sorted({r.broader for r in groups[k] if r.broader}))
            c.broader |= {hw_parent(n) for n in names} or {hw_ns + HW_ROOT}
            continue
        for r in sorted(groups[k]):
            if not r.broader:
                continue
            url = (PWC_CATEGORY + pwc_slug(r.broader) if r.source == "pwc-method"
                   else PWC_TASK + pwc_slug(r.broader) if r.source == "pwc-task" else None)
            if url and url in b.v.by_source_id:
                c.broader.add(b.v.by_source_id[url][0])
                continue
            found = b.find(r.broader, c.type)
            if found is not None and (r.source != "pwc-method"
                                      or "pwc-collection" in b.v.concepts[found].sources):
                c.broader.add(found)     # (a PwC method's parent is a collection, never a method)
                continue
            pkey = url or "kg:" + b.key(r.broader)
            p = pending.setdefault(pkey, {"label": r.broader, "url": url, "types": Counter(), "children": []})
            p["types"][c.type] += 1
            p["children"].append(c.iri)
    for pkey in sorted(pending):
        p = pending[pkey]
        typ = sorted(p["types"].items(), key=lambda kv: (-kv[1], _type_order(kv[0])))[0][0]
        iri = p["url"] or b.mint(SCHEME_OF_TYPE[typ], p["label"])
        parent = b.v.concepts.get(iri) or b.add(Concept(iri, typ, p["label"], minted_parent=True))
        if p["url"]:
            b.v.by_source_id.setdefault(p["url"], [iri])
        for child in p["children"]:
            b.v.concepts[child].broader.add(parent.iri)
    if head_rule:
        _head_word_broader(b)
    _break_cycles(b.v)

    for c in b.v.concepts.values():
        for lab in c.labels():
            b.v.by_label.setdefault((c.type, lab), []).append(c.iri)
    for lst in b.v.by_label.values():
        lst.sort()
    return b.v


def _head_word_broader(b: _Builder) -> None:
    """Head-word rule for concepts without a source parent: "post-training quantization"
    ⊑ "quantization" when the longest proper word suffix is a concept of the same type."""
    for c in sorted(b.v.concepts.values(), key=lambda x: x.iri):
        if c.broader or c.type == HW or c.minted_parent:
            continue
        words = c.pref_label.split()
        for i in range(1, len(words)):
            hits = sorted(i2 for i2 in b.by_key.get(b.key(" ".join(words[i:])), [])
                          if i2 != c.iri and b.v.concepts[i2].type == c.type)
            if hits:
                c.broader.add(hits[0])
                break


def _dedupe_case(alts: set[str], pref: str) -> set[str]:
    """One spelling per case-folded label: the one with capitals, then the smallest."""
    best: dict[str, str] = {}
    for a in sorted(alts, key=lambda s: (s == s.lower(), s)):
        if a.casefold() != pref.casefold():
            best.setdefault(a.casefold(), a)
    return set(best.values())


def _break_cycles(v: Vocabulary) -> None:
    """Drop self links, links to unknown concepts and the edge closing a cycle (sorted DFS)."""
    for c in v.concepts.values():
        c.broader = {p for p in c.broader if p != c.iri and p in v.concepts}
    state: dict[str, int] = {}

    def visit(iri: str) -> None:
        state[iri] = 1
        c = v.concepts[iri]
        for p in sorted(c.broader):
            s = state.get(p, 0)
            if s == 1:
                c.broader.discard(p)
            elif s == 0:
                visit(p)
        state[iri] = 2

    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10000))
    try:
        for iri in sorted(v.concepts):
            if state.get(iri, 0) == 0:
                visit(iri)
    finally:
        sys.setrecursionlimit(limit)


@lru_cache(maxsize=1)
def load_vocabulary() -> Vocabulary:
    """The vocabulary of the bundled gazetteer (cached per process).

    Its rows are the extractor's lexicon (:func:`load_resources` reads the same files as
    :func:`read_rows`, once per process): a build does not read them twice.
    """
    return build_vocabulary(load_resources().lexicon)


def vocabulary_links(etype: str, label: str, vocabulary: Iterable[str]) -> list[tuple[str, bool]]:
    """``(concept IRI, exact)`` pairs for an exported entity; see :meth:`Vocabulary.link`."""
    return load_vocabulary().link(etype, label, list(vocabulary))
