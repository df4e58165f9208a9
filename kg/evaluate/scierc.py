"""SciERC (DyGIE json) and SciREX (abstract-level jsonl) gold, as document-level surface sets.

The published SciERC measure is span-level NER: exact token spans per sentence.
A knowledge graph keeps no spans, only the entities a paper mentions, so here a
gold document is the *set* of its annotated entities, each named by the
normalized surface strings of its mentions (:func:`kg.evaluate.matching.norm`:
case, hyphens, spaces, a leading article and a plural -s folded), and a graph
paper is scored on the entity nodes it links to.

Type mapping (gold label -> kg types a prediction may carry):

==================== ============================ ==========================
SciERC / SciREX       kg types                     tier
==================== ============================ ==========================
Task                  Task                         must
Method                Method, Model                must
Metric                Metric                       must
Material              Dataset                      must
OtherScientificTerm   any                          acceptable (neither TP nor FP)
Generic               -- dropped from the gold --  (a match is a false positive)
==================== ============================ ==========================

Mentions of one coreference cluster (SciERC ``clusters``) become one gold
entity with several surfaces (``CNN`` ; ``convolutional neural network``), the
way a graph node carries a label and aliases; ``coref=False`` keeps one gold
entity per distinct surface.

SciREX: the gold ``must`` entities are the *salient* entities (those of the
paper's result tuples) that occur in the abstract; their surfaces are the
cluster name plus the abstract mentions linked to it (see
:func:`_link_salient`).  Every other annotated abstract mention is acceptable
(an extracted entity matching it is neither a true nor a false positive).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from kg.evaluate.matching import CORE_TYPES, GraphView, find_papers, norm, score_entities, text_key
from kg.errors import InputError

TYPE_MAP = {"Task": ["Task"], "Method": ["Method", "Model"], "Metric": ["Metric"], "Material": ["Dataset"]}
ACCEPTABLE = "OtherScientificTerm"
IGNORED = "Generic"
GOLD_ROWS = ("Task", "Method", "Metric", "Material")
#: predicted kg type -> SciERC row it is counted in for per-type precision
PRED_ROW = {"Task": "Task", "Method": "Method", "Model": "Method", "Metric": "Metric", "Dataset": "Material",
            "HardwareConcept": "HardwareConcept"}

# ------------------------------------------------------------------ detokenizing
PTB = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}",
       "``": '"', "''": '"'}
_NO_SPACE_BEFORE = {".", ",", ";", ":", "!", "?", ")", "]", "}", "%", "'s", "'S", "n't", "'re", "'ve", "'ll",
                    "'d", "'m", "...", "'"}
_NO_SPACE_AFTER = {"(", "[", "{", "$", "#"}
_WORD = re.compile(r"[\w\u00C0-\uFFFF]")


def _ptb(tok: str) -> str:
    if tok in PTB:
        return PTB[tok]
    for k, v in PTB.items():  # glued forms like ';-RRB-'
        if k in tok and len(k) > 2:
            tok = tok.replace(k, v)
    return tok


def detokenize(tokens: Sequence[str]) -> str:
    """Tokens back to running text: ``( x )`` -> ``(x)``, ``-LRB-`` -> ``(``, no space before
    punctuation, ``state - of - the - art`` -> ``state-of-the-art``."""
    toks = [_ptb(t) for t in tokens if t is not None and str(t) != ""]
    out: list[str] = []
    quote_open = False
    glue_next = False
    for i, tok in enumerate(toks):
        prev = toks[i - 1] if i else ""
        nxt = toks[i + 1] if i + 1 < len(toks) else ""
        glue = not out or glue_next
        glue_next = False
        if tok == '"':
            if quote_open:
                glue = True
            else:
                glue_next = True
            quote_open = not quote_open
        elif tok in _NO_SPACE_BEFORE:
            glue = True
        elif tok in _NO_SPACE_AFTER:
            glue_next = True
        elif tok in ("-", "/") and prev and nxt and _WORD.search(prev[-1]) and _WORD.search(nxt[0]) \
                and prev not in _NO_SPACE_BEFORE:
            # an intra-word hyphen the tokenizer split off ("multi - scale")
            glue = glue_next = True
        out.append(tok if glue else " " + tok)
    return "".join(out).strip()


def _abstract_text(tokens: Sequence[str], sentences: Sequence[Sequence[int]] | None = None) -> str:
    """SciREX front matter as running text: drop the ``document :`` and
    ``section : Abstract`` markers and end the title (a sentence without final
    punctuation) with a period, so it does not run into the first sentence."""
    toks = list(tokens)
    spans = [(int(a), int(b)) for a, b, *_ in sentences] if sentences else [(0, len(toks))]
    if not spans or spans[-1][1] < len(toks) or spans[0][0] > 0:  # sentences must cover the tokens
        spans = [(0, len(toks))]
    parts: list[list[str]] = []
    for a, b in spans:
        sent = toks[a:b]
        if sent[:2] == ["document", ":"]:
            sent = sent[2:]
        for i in range(len(sent) - 2):  # a marker inside a sentence splits it
            if sent[i:i + 3] == ["section", ":", "Abstract"]:
                parts.append(sent[:i])
                sent = sent[i + 3:]
                break
        parts.append(sent)
    out = []
    for sent in parts:
        if not sent:
            continue
        if sent[-1] not in (".", "?", "!", ":", ";"):
            sent = sent + ["."]
        out.append(detokenize(sent))
    return " ".join(out)


# ------------------------------------------------------------------ reading
def read_records(path: Path, text: str | None = None) -> list[dict]:
    """JSON Lines, or one JSON array, of objects; a bad line is a one-line error."""
    path = Path(path)
    if text is None:
        text = path.read_text(encoding="utf-8")
    text = text.lstrip("\ufeff")
    if text.lstrip().startswith("["):
        try:
            recs = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError.at(str(path), f"not valid JSON ({exc.msg})", line=exc.lineno) from None
        if not all(isinstance(r, dict) for r in recs):
            raise InputError(f"{path}: the JSON array must hold one object per document")
        return recs
    recs = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError.at(str(path), f"not valid JSON ({exc.msg})", line=n) from None
        if not isinstance(obj, dict):
            raise InputError.at(str(path), "not a JSON object", line=n)
        recs.append(obj)
    return recs


def record_kind(rec: dict) -> str | None:
    if "salient_entities" in rec and "ner" in rec:
        return "scirex"
    if "sentences" in rec and "ner" in rec and rec["sentences"] and isinstance(rec["sentences"][0], list) \
            and (not rec["sentences"][0] or isinstance(rec["sentences"][0][0], str)):
        return "scierc"
    return None


def _doc_spans(sentences: Sequence[Sequence[str]], ner: Sequence) -> list[tuple[int, int, str]]:
    """Document-level inclusive token spans, whether ``ner`` uses document offsets
    (DyGIE/PURE) or offsets within each sentence."""
    starts, pos = [], 0
    for s in sentences:
        starts.append(pos)
        pos += len(s)
    per_sent = list(ner) if len(ner) == len(sentences) and all(isinstance(x, list) and
                                                              all(isinstance(y, list) for y in x) for x in ner) \
        else None
    if per_sent is None:  # flat list of [start, end, label]
        return [(int(a), int(b), str(c)) for a, b, c, *_ in ner]
    doc_level = all(starts[i] <= a and b < starts[i] + len(sentences[i])
                    for i, spans in enumerate(per_sent) for a, b, *_ in spans)
    out = []
    for i, spans in enumerate(per_sent):
        off = 0 if doc_level else starts[i]
        out += [(int(a) + off, int(b) + off, str(c)) for a, b, c, *_ in spans]
    return out


class _Groups:
    """Union-find over normalized surfaces (one gold entity per group)."""

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, k: str) -> str:
        self.parent.setdefault(k, k)
        while self.parent[k] != k:
            self.parent[k] = self.parent[self.parent[k]]
            k = self.parent[k]
        return k

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra


_PAREN = re.compile(r"\s*\(([^()]{1,60})\)")


def paren_aliases(surface: str) -> list[str]:
    """Aliases a span with a parenthesis carries, the way a gold file lists acronyms:
    ``linear-chain conditional random field (CRF)`` -> ``linear-chain conditional random field``
    and ``CRF``; ``Markov random field (MRF) models`` -> ``Markov random field models``;
    ``Image composition (or mosaicing)`` -> ``Image composition``."""
    out: list[str] = []
    m = list(_PAREN.finditer(surface))
    if not m:
        return out
    bare = " ".join(_PAREN.sub(" ", surface).split())
    if bare and bare != surface:
        out.append(bare)
    last = m[-1]
    inner = last.group(1).strip()
    # a trailing acronym names the whole span: one token with two capitals (CRF, SBIR, IoU)
    if last.end() == len(surface.rstrip()) and len(inner.split()) == 1 and sum(c.isupper() for c in inner) >= 2:
        out.append(inner)
    return out


def _entities(mentions: list[tuple[str, str]], links: Iterable[tuple[str, str]] = (),
              aliases: bool = True) -> list[dict]:
    """(surface, label) mentions -> gold entities, one per group of linked surfaces.

    Surfaces are grouped when coreference ``links`` join them or when one is an
    alias (:func:`paren_aliases`) of another; each group is one gold entity.
    """
    groups = _Groups()
    surfaces: dict[str, Counter] = {}  # key -> surface strings seen (mentions and aliases)
    labels: dict[str, Counter] = {}  # key -> labels of the mentions with this key
    for surface, label in mentions:
        k = norm(surface)
        if not k or label == IGNORED:
            continue
        groups.find(k)
        surfaces.setdefault(k, Counter())[surface] += 1
        labels.setdefault(k, Counter())[label] += 1
        for alias in paren_aliases(surface) if aliases else ():
            ak = norm(alias)
            if ak:
                surfaces.setdefault(ak, Counter())[alias] += 0
                groups.union(k, ak)
    for a, b in links:
        if a in surfaces and b in surfaces:
            groups.union(a, b)
    members: dict[str, list[str]] = {}
    for k in surfaces:
        members.setdefault(groups.find(k), []).append(k)
    ents = []
    for keys in members.values():
        lab: Counter = Counter()
        for k in keys:
            lab.update(labels.get(k, {}))
        core = [(n, t) for t, n in lab.items() if t in TYPE_MAP]
        # mention surfaces first (most frequent first), then the aliases
        surf = sorted({s for k in keys for s in surfaces[k]},
                      key=lambda s: (-surfaces[norm(s)][s], -len(s), s))
        if core:
            core.sort(key=lambda x: (-x[0], GOLD_ROWS.index(x[1])))
            types: list[str] = []
            for _n, t in core:
                types += [x for x in TYPE_MAP[t] if x not in types]
            ents.append({"name": surf[0], "surfaces": surf, "tier": "must", "types": types,
                         "category": core[0][1]})
        else:  # only OtherScientificTerm (or unknown labels): acceptable, any type
            ents.append({"name": surf[0], "surfaces": surf, "tier": "acceptable", "types": list(CORE_TYPES),
                         "category": ACCEPTABLE})
    return ents


def scierc_doc(rec: dict, coref: bool = True, aliases: bool = True) -> dict:
    sentences = rec["sentences"]
    tokens = [t for s in sentences for t in s]
    spans = _doc_spans(sentences, rec.get("ner") or [])
    text_of = {(a, b): detokenize(tokens[a:b + 1]) for a, b, _ in spans}
    mentions = [(text_of[(a, b)], label) for a, b, label in spans]
    links = []
    if coref:
        label_of = {(a, b): label for a, b, label in spans}
        for cluster in rec.get("clusters") or []:
            keys = [norm(text_of[(a, b)]) for a, b, *_ in cluster
                    if (a, b) in text_of and label_of[(a, b)] != IGNORED]
            keys = [k for k in keys if k]
            links += [(keys[0], k) for k in keys[1:]]
    return {"id": str(rec.get("doc_key") or rec.get("id") or ""), "match": detokenize(tokens),
            "text": detokenize(tokens), "entities": _entities(mentions, links, aliases)}


# ------------------------------------------------------------------ SciREX
_STOP = {"of", "the", "a", "an", "for", "and", "in", "on", "with", "to", "by", "via"}


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", text.lower().replace("_", " ")) if w]


def _acronym_of(short: str, long_words: list[str]) -> bool:
    """``short`` spelled by a non-empty prefix of each long word, in order (BiDAF, FRRN, SQuAD)."""
    short = re.sub(r"[^a-z]", "", short.lower())
    words = [w for w in long_words if w not in _STOP and w.isalpha()]
    if len(short) < 2 or len(words) < 2 or len(short) > 12:
        return False

    def go(si: int, wi: int) -> bool:
        if wi == len(words):
            return si == len(short)
        w = words[wi]
        for n in range(1, min(len(w), len(short) - si) + 1):
            if w[:n] == short[si:si + n] and go(si + n, wi + 1):
                return True
        return False

    return go(0, 0)


def _link_salient(name: str, mention: str) -> bool:
    """Is this abstract mention a surface of the salient entity named ``name``?

    SciREX names clusters like ``SQuAD1_1``, ``Mean_IoU``, ``ResNeXt-101``; the
    abstract-level file keeps the mentions but not which cluster they belong
    to, so the link is recovered approximately: same normalized name, one is an
    acronym of the other, or the words of one contain the other's content words
    (``Game_of_Go`` ~ ``Go``, ``ImageNet`` ~ ``ImageNet - 1 K dataset``).
    """
    name_sp = name.replace("_", " ")
    if norm(name_sp) == norm(mention):
        return True
    nw, mw = _words(name_sp), _words(mention)
    base = re.sub(r"[\d_\-. ]+$", "", name)  # SQuAD1_1 -> SQuAD, ResNeXt-101 -> ResNeXt
    if len(mw) == 1 and _acronym_of(mention, nw) or len(nw) == 1 and _acronym_of(name_sp, mw) \
            or base and _acronym_of(base, mw):
        return True
    n_content = [w for w in nw if w not in _STOP]
    m_content = [w for w in mw if w not in _STOP]
    if not n_content or not m_content:
        return False
    if set(n_content) <= set(mw):
        return True
    return set(m_content) <= set(nw) and 2 * len(m_content) >= len(n_content)


def salient_names(name: str) -> list[str]:
    """Surface forms of a SciREX cluster name, whose ``_`` stands for any non-word character:
    ``SQuAD1_1`` -> ``SQuAD1 1``, ``SQuAD1.1``; ``Named_Entity_Recognition__NER_`` ->
    ``Named Entity Recognition (NER)``, ``Named Entity Recognition``, ``NER``."""
    out = [" ".join(name.replace("_", " ").split())]
    out.append(" ".join(re.sub(r"(?<=\d)_(?=\d)", ".", name).replace("_", " ").split()))
    m = re.fullmatch(r"(.+?)__(.+?)_", name)
    if m:
        paren = f"{m.group(1).replace('_', ' ')} ({m.group(2).replace('_', ' ')})"
        out += [paren] + paren_aliases(paren)
    return [x for x in dict.fromkeys(out) if x]


def scirex_doc(rec: dict) -> dict:
    tokens = rec.get("text_tokens") or rec.get("words") or str(rec.get("text", "")).split()
    text = _abstract_text(tokens, rec.get("sentences"))
    mentions = []
    for m in rec.get("ner") or []:
        a, b, label = m[0], m[1], m[2]
        surface = m[3] if len(m) > 3 else " ".join(tokens[a:b])  # SciREX ends are exclusive
        mentions.append((detokenize(surface.split()), label))
    sub_parts = {part for parts in (rec.get("method_subrelations") or {}).values() for _span, part in parts}
    key = text_key(text)
    ents: list[dict] = []
    linked: set[str] = set()
    for s in rec.get("salient_entities") or []:
        name = s["name"]
        label = s.get("type")
        surf = salient_names(name)
        mine = [(m, lab) for m, lab in mentions if (label is None or lab == label) and _link_salient(name, m)]
        if label is None:  # untyped clusters: parts of a method (V-Net, Dice loss) or the mentions' type
            label = "Method" if name in sub_parts else (Counter(lab for _m, lab in mine).most_common(1)
                                                         or [(None, 0)])[0][0]
        surf += list(dict.fromkeys(m for m, _lab in mine if m not in surf))
        linked.update(norm(m) for m, _lab in mine)
        in_text = bool(mine) or any(text_key(x) and text_key(x) in key for x in surf)
        must = s.get("mentions_in_abstract", 0) > 0 and in_text and label in TYPE_MAP
        ents.append({"name": surf[0], "surfaces": surf, "tier": "must" if must else "acceptable",
                     "types": TYPE_MAP[label] if must else list(CORE_TYPES),
                     "category": label if must else "non-salient"})
    # every other annotated mention of the abstract is acceptable
    for m, _lab in mentions:
        if norm(m) and norm(m) not in linked:
            ents.append({"name": m, "surfaces": [m], "tier": "acceptable", "types": list(CORE_TYPES),
                         "category": "non-salient"})
    return {"id": str(rec.get("doc_id") or rec.get("id") or ""), "match": text, "text": text,
            "entities": ents}


def scirex_mentions_doc(rec: dict) -> dict:
    """SciREX read like SciERC: every annotated abstract mention is gold (no salience)."""
    tokens = rec.get("text_tokens") or rec.get("words") or str(rec.get("text", "")).split()
    text = _abstract_text(tokens, rec.get("sentences"))
    mentions = [(detokenize((m[3] if len(m) > 3 else " ".join(tokens[m[0]:m[1]])).split()), m[2])
                for m in rec.get("ner") or []]
    return {"id": str(rec.get("doc_id") or ""), "match": text, "text": text, "entities": _entities(mentions)}


def load_json_gold(path: Path, text: str | None = None, *, coref: bool = True, aliases: bool = True,
                   scirex_mode: str = "salient") -> dict:
    recs = read_records(path, text)
    if not recs:
        raise InputError(f"{path}: no documents in this gold file")
    kind = record_kind(recs[0])
    if kind is None:
        raise InputError(f"{path}: unknown gold format: JSON records need SciERC fields (doc_key, sentences, ner) "
                         "or SciREX fields (doc_id, ner, salient_entities)")
    docs, empty = [], []
    for n, rec in enumerate(recs, 1):
        if record_kind(rec) != kind:
            raise InputError(f"{path}: record {n} is not a {kind} document like the first one")
        try:
            if kind == "scierc":
                doc = scierc_doc(rec, coref=coref, aliases=aliases)
            elif scirex_mode == "mentions":
                doc = scirex_mentions_doc(rec)
            else:
                doc = scirex_doc(rec)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise InputError(f"{path}: record {n}: malformed {kind} document ({type(exc).__name__}: {exc})") \
                from None
        doc["id"] = doc["id"] or f"doc{n}"
        if not text_key(doc["text"]):  # no text at all (SciREX has a few): nothing to extract from
            empty.append(doc["id"])
            continue
        docs.append(doc)
    if not docs:
        raise InputError(f"{path}: no document in this gold file has any text")
    return {"format": kind, "papers": docs, "empty_docs": empty}


def paper_records(gold: dict) -> list[dict]:
    """The gold documents as kg input records (``kg build`` JSONL)."""
    return [{"id": d["id"], "title": "", "abstract": d["text"]} for d in gold["papers"]]


def score_json_gold(graph: GraphView, gold: dict, show_misses: bool = False) -> dict:
    paper_node = find_papers(graph, gold["papers"], fallback_chars=200)
    res = score_entities(graph, gold["papers"], paper_node, category=lambda t: PRED_ROW.get(t, t),
                         show_misses=show_misses)
    res["by_type"] = {k: v for k, v in res["by_type"].items() if k not in (ACCEPTABLE, "non-salient")}
    res["gold_acceptable"] = sum(1 for d in gold["papers"] for e in d["entities"] if e["tier"] != "must")
    res["empty_docs_skipped"] = len(gold.get("empty_docs", ()))
    return res
