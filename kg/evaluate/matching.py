"""Shared pieces of the evaluation: name normalization, the RDF graph view, bipartite matching.

The logic here is copied from this project's own scorer, ``shared/eval/score.py``
(``norm``, ``text_key``, ``GraphView``, ``bipartite``, ``prf``), so that ``kg eval``
reproduces its figures exactly.  Keep the two in step: a change to the scorer's
normalization must be mirrored here (``tests/test_eval.py`` checks agreement).
"""
from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kg.errors import InputError, MissingBuildError

CORE_TYPES = ("Method", "Task", "Model", "Dataset", "Metric", "HardwareConcept")
PREDICATES = ("proposes", "addresses", "uses", "evaluatedOn", "outperforms")
LABEL_NAMES = {"label", "prefLabel", "altLabel", "hiddenLabel", "name", "alias", "title"}

# the extensions rdflib guesses; anything else is read as Turtle (as score.py does)
_RDF_EXT = (".ttl", ".nt", ".nq", ".trig", ".jsonld", ".json", ".rdf", ".xml", ".owl", ".n3", ".trix")


# ---------------------------------------------------------------- normalizing (score.py)
def norm(text: str) -> str:
    """Key for comparing names: case, dashes, spaces, articles, plural -s folded."""
    t = unicodedata.normalize("NFKC", str(text)).lower()
    t = re.sub(r"[\$\\{}*_^`]", "", t)  # stray markup
    t = re.sub(r"^(the|a|an)\s+", "", t.strip())
    words = re.findall(r"[a-z0-9@+#.]+", t)
    out = []
    for w in words:
        w = w.strip(".")
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        if w:
            out.append(w)
    return "".join(out)


def text_key(text: str) -> str:
    """Key for finding a paper by its abstract: lower-case letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", unicodedata.normalize("NFKC", text).lower())


def local(term) -> str:
    return re.split(r"[/#]", str(term))[-1]


def is_url_term(term) -> bool:
    import rdflib

    if isinstance(term, rdflib.URIRef):
        return True
    return isinstance(term, rdflib.Literal) and term.datatype == rdflib.XSD.anyURI


# ---------------------------------------------------------------- graph view (score.py)
def resolve_graph_path(path: Path) -> Path:
    """An RDF file, or a build folder (``kg build --out``) -> its graph.ttl."""
    path = Path(path)
    if path.is_dir():
        for name in ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld"):
            if (path / name).is_file():
                return path / name
        raise MissingBuildError(f"{path}: no graph.ttl in this folder; build it first with `kg build INPUT --out {path}`")
    if not path.exists():
        raise MissingBuildError(f"{path}: no such file or folder")
    return path


class GraphView:
    """The exported RDF as score.py reads it: types, labels, out-edges, abstracts."""

    def __init__(self, path: Path):
        import rdflib

        path = resolve_graph_path(path)
        ds = rdflib.Dataset()
        fmt = rdflib.util.guess_format(str(path)) or "turtle"
        try:
            ds.parse(str(path), format=fmt)
        except Exception as exc:  # noqa: BLE001 - any parser failure is the user's file
            msg = " ".join(str(exc).split())[:200]
            raise InputError(f"{path}: cannot read it as RDF ({fmt}): {msg or type(exc).__name__}") from None
        triples = [(s, p, o) for s, p, o, _g in ds.quads((None, None, None, None))]
        self.path = path
        self.types: defaultdict[Any, set[str]] = defaultdict(set)
        self.labels: defaultdict[Any, set[str]] = defaultdict(set)
        self.out: defaultdict[Any, list[tuple[str, Any]]] = defaultdict(list)  # node -> (local predicate, object)
        self.abstract: dict[Any, str] = {}
        for s, p, o in triples:
            lp = local(p)
            if p == rdflib.RDF.type:
                self.types[s].add(local(o))
            elif isinstance(o, rdflib.Literal):
                if lp in LABEL_NAMES:
                    self.labels[s].add(str(o))
                elif lp == "abstract":
                    self.abstract[s] = str(o)
                self.out[s].append((lp, o))
            else:
                self.out[s].append((lp, o))
        self.n_triples = len(triples)
        self.papers = [s for s, ts in self.types.items() if "Paper" in ts]
        self.entities = {s for s, ts in self.types.items() if ts & set(CORE_TYPES)}

    def core_types(self, node) -> set:
        return self.types[node] & set(CORE_TYPES)

    def keys(self, node) -> set:
        return {norm(label) for label in self.labels[node]} - {""}

    def label(self, node) -> str:
        return (sorted(self.labels[node])[:1] or [str(node)])[0]


# ---------------------------------------------------------------- matching (score.py)
def bipartite(pred: Sequence, gold: Sequence, ok: Callable) -> dict:
    """Maximum matching pred->gold where ok(p, g) holds (augmenting paths)."""
    owner: dict = {}

    def try_assign(pi, seen):
        for gi, g in enumerate(gold):
            if gi in seen or not ok(pred[pi], g):
                continue
            seen.add(gi)
            if gi not in owner or try_assign(owner[gi], seen):
                owner[gi] = pi
                return True
        return False

    for pi in range(len(pred)):
        try_assign(pi, set())
    return {pi: gi for gi, pi in owner.items()}


def prf(tp_p, n_pred, tp_r, n_gold):
    p = tp_p / n_pred if n_pred else 0.0
    r = tp_r / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def find_papers(graph: GraphView, docs: Sequence[dict], fallback_chars: int | None = None) -> dict:
    """Gold doc id -> paper node, found by abstract text as score.py does.

    A doc's ``match`` text (its first words, or the whole abstract) keyed by
    :func:`text_key` must be a prefix of exactly one paper's keyed abstract
    (first 4000 characters).  With ``fallback_chars``, a doc not found that way
    is looked up again by the first ``fallback_chars`` characters of its key
    (text cleaning in the build may change a few characters further on).
    """
    by_text = {text_key(a)[:4000]: n for n, a in graph.abstract.items() if n in graph.papers}
    found = {}
    for doc in docs:
        want = text_key(doc["match"])
        if fallback_chars:
            want = want[:4000]
        hits = [n for k, n in by_text.items() if k.startswith(want)]
        if not hits and fallback_chars and want:
            short = want[:fallback_chars]
            hits = [n for k, n in by_text.items() if k.startswith(short)]
        found[doc["id"]] = hits[0] if len(hits) == 1 else None
    return found


# ---------------------------------------------------------------- entity scoring
def _rounded(p: float, r: float, f: float) -> dict:
    return {"precision": round(p, 3), "recall": round(r, 3), "f1": round(f, 3)}


def score_entities(graph: GraphView, docs: Sequence[dict], paper_node: dict, *,
                   category: Callable[[str], str] | None = None, show_misses: bool = False) -> dict:
    """Entity P/R/F1 of the graph's papers against gold documents (score.py's algorithm).

    ``docs``: ``{"id", "entities": [{"name", "surfaces", "tier", "types", "category"?}]}``.
    A predicted entity is any core-typed node the paper links to directly; it
    matches a gold entity when one of its normalized labels equals one of the
    gold surfaces (typed: and one of its types is allowed).  Tiers:

    * ``must``: counts for recall; a match is a true positive;
    * ``ok`` (score.py): not needed for recall; a match is a true positive for precision;
    * ``acceptable``: not needed for recall; a matched prediction is left out of
      precision altogether (neither a true nor a false positive).

    Unmatched predictions are false positives.  ``category`` maps a predicted
    type to the row it is counted in for per-type precision (default: the type
    itself); gold rows are the gold entity's ``category`` (default its first type).
    """
    category = category or (lambda t: t)
    tot: dict = defaultdict(int)
    misses: list[str] = []
    per_type: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0])  # typed recall, score.py: type -> [found must, must]
    rows: dict = defaultdict(lambda: defaultdict(int))  # per-type counts, typed and untyped
    for gp in docs:
        node = paper_node.get(gp["id"])
        gents = gp["entities"]
        must = [g for g in gents if g["tier"] == "must"]
        tot["gold_must"] += len(must)
        for g in must:
            per_type[g["types"][0]][1] += 1
            rows[g.get("category", g["types"][0])]["gold"] += 1
        if node is None:
            tot["papers_missing"] += 1
            misses.append(f"{gp['id']}: paper not found by its abstract text")
            continue
        preds = sorted({o for _p, o in graph.out[node] if o in graph.entities}, key=str)
        tot["pred"] += len(preds)
        pred_rows = [{category(t) for t in graph.core_types(e)} for e in preds]
        for typed in (False, True):
            def ok(e, g, typed=typed):
                if typed and not (graph.core_types(e) & set(g["types"])):
                    return False
                return bool(graph.keys(e) & {norm(s) for s in g["surfaces"]})
            # gold 'must' first so a node is spent on what counts for recall
            order = must + [g for g in gents if g["tier"] != "must"]
            m = bipartite(preds, order, ok)
            tag = "typed" if typed else "untyped"
            neutral = {pi for pi, gi in m.items() if order[gi]["tier"] == "acceptable"}
            tot[f"{tag}_neutral"] += len(neutral)
            tot[f"{tag}_tp_pred"] += len(m) - len(neutral)
            found = {gi for gi in m.values() if gi < len(must)}
            tot[f"{tag}_tp_must"] += len(found)
            for pi, cats in enumerate(pred_rows):
                if pi in neutral:
                    continue
                for c in cats:
                    rows[c][f"{tag}_pred"] += 1
                    rows[c][f"{tag}_tp_pred"] += pi in m
            for gi in found:
                rows[must[gi].get("category", must[gi]["types"][0])][f"{tag}_tp_must"] += 1
            if typed:
                for gi in found:
                    per_type[must[gi]["types"][0]][0] += 1
                if show_misses:
                    for gi, g in enumerate(must):
                        if gi not in found:
                            misses.append(f"{gp['id']}: missed {'/'.join(g['types'])} {g['name']!r}")
                    for pi, e in enumerate(preds):
                        if pi not in m:
                            lab = sorted(graph.labels[e])[:1] or [str(e)]
                            misses.append(f"{gp['id']}: extra {'/'.join(sorted(graph.core_types(e)))} {lab[0]!r}")

    res = {"papers_found": len(docs) - tot["papers_missing"], "papers": len(docs),
           "triples": graph.n_triples, "entities_predicted": tot["pred"], "gold_must": tot["gold_must"]}
    for tag in ("untyped", "typed"):
        res[f"entity_{tag}"] = _rounded(*prf(tot[f"{tag}_tp_pred"], tot["pred"] - tot[f"{tag}_neutral"],
                                             tot[f"{tag}_tp_must"], tot["gold_must"]))
    if tot["untyped_neutral"] or tot["typed_neutral"]:
        res["entities_acceptable"] = {"untyped": tot["untyped_neutral"], "typed": tot["typed_neutral"]}
    res["recall_by_type"] = {t: round(a / b, 3) if b else None for t, (a, b) in sorted(per_type.items())}
    by_type = {}
    for c, n in sorted(rows.items()):
        row = {"predicted": max(n["untyped_pred"], n["typed_pred"]), "gold": n["gold"]}
        for tag in ("untyped", "typed"):
            npred = n[f"{tag}_pred"]
            p, r, f = prf(n[f"{tag}_tp_pred"], npred, n[f"{tag}_tp_must"], n["gold"])
            row[tag] = {"precision": round(p, 3) if npred else None,
                        "recall": round(r, 3) if n["gold"] else None,
                        "f1": round(f, 3) if npred and n["gold"] else None}
        by_type[c] = row
    res["by_type"] = by_type
    res["misses"] = misses
    return res
