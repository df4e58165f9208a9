"""Gold files in the ``seed-gold.txt`` format, scored exactly as ``shared/eval/score.py`` does.

Format (see ``shared/eval/GUIDELINE.md``)::

    P01 | first words of the abstract
    E must Method | canonical name ; alias ; alias
    R must | PAPER proposes canonical name
    C | https://github.com/owner/repo
    M 3 | name ; alias

The parsing and the relation / code-link / merge scoring are copied from
score.py (this project's own scorer) so that the figures agree to the digit;
entity scoring is :func:`kg.evaluate.matching.score_entities`, the same
algorithm with per-type precision added.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from kg.evaluate.matching import (
    PREDICATES,
    GraphView,
    bipartite,
    find_papers,
    is_url_term,
    norm,
    prf,
    score_entities,
)
from kg.errors import InputError

HEAD_RE = re.compile(r"[A-Z]+\d+")


def looks_like_seed_gold(text: str) -> bool:
    """True when the first meaningful line opens a paper block (``P01 | ...``)."""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head = line.partition("|")[0].split()
        return bool(head) and bool(HEAD_RE.fullmatch(head[0])) and "|" in line
    return False


def parse_gold(path: Path, text: str | None = None) -> dict:
    """Read a seed-format gold file; a bad line raises a one-line :class:`InputError`."""
    path = Path(path)
    if text is None:
        text = path.read_text(encoding="utf-8")
    papers: list[dict] = []
    merges: list[dict] = []
    cur: Any = None  # the paper being read (None before the first paper line)
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, _, rest = line.partition("|")
        fields, rest = head.split(), rest.strip()
        try:
            if HEAD_RE.fullmatch(fields[0]):
                cur = {"id": fields[0], "match": rest, "entities": [], "relations": [], "code": []}
                papers.append(cur)
            elif fields[0] == "E":
                names = [x.strip() for x in rest.split(";") if x.strip()]
                cur["entities"].append({"name": names[0], "surfaces": names, "tier": fields[1],
                                        "types": fields[2].split("/")})
            elif fields[0] == "R":
                m = re.fullmatch(r"(.+?) (" + "|".join(PREDICATES) + r") (.+)", rest)
                if m is None:
                    raise ValueError(f"not SUBJECT PREDICATE OBJECT with one of {', '.join(PREDICATES)}")
                cur["relations"].append({"s": m.group(1), "p": m.group(2), "o": m.group(3),
                                         "tier": fields[1]})
            elif fields[0] == "C":
                cur["code"].append(rest)
            elif fields[0] == "M":
                merges.append({"min_papers": int(fields[1]),
                               "surfaces": [x.strip() for x in rest.split(";") if x.strip()]})
            else:
                raise ValueError(f"unknown line kind {fields[0]!r}")
        except Exception as exc:  # noqa: BLE001 - report the bad gold line
            why = str(exc) or type(exc).__name__
            if isinstance(exc, TypeError | AttributeError) and cur is None:
                why = "entry before the first paper line"
            raise InputError.at(str(path), f"cannot read gold line ({why}): {raw.strip()}", line=n) from None
    for p in papers:
        known = {e["name"] for e in p["entities"]}
        for r in p["relations"]:
            for end in (r["s"], r["o"]):
                if end != "PAPER" and end not in known:
                    raise InputError(f"{path}: {p['id']}: relation names unknown entity {end!r}")
    return {"format": "seed", "papers": papers, "merges": merges}


def score_seed(graph: GraphView, gold: dict, show_misses: bool = False) -> dict:
    """All of score.py's figures (same keys, same rounding) plus ``by_type`` P/R/F1."""
    paper_node = find_papers(graph, gold["papers"])
    res = score_entities(graph, gold["papers"], paper_node, show_misses=show_misses)
    misses = res.pop("misses")

    # relations, over the whole graph
    pred_rel = []
    for s, outs in graph.out.items():
        for lp, o in outs:
            if lp in PREDICATES:
                pred_rel.append((s, lp, o))
    gold_rel = []
    for gp in gold["papers"]:
        ents = {e["name"]: e for e in gp["entities"]}
        for r in gp["relations"]:
            def end(name, gp=gp, ents=ents):
                if name == "PAPER":
                    return ("paper", paper_node[gp["id"]])
                return ("keys", {norm(s) for s in ents[name]["surfaces"]})
            gold_rel.append({"s": end(r["s"]), "p": r["p"], "o": end(r["o"]), "tier": r["tier"],
                             "text": f"{gp['id']}: {r['s']} {r['p']} {r['o']}", "paper": gp["id"],
                             "contribution": r["s"] == "PAPER" and r["p"] == "proposes"})

    def end_ok(node, want):
        kind, val = want
        if kind == "paper":
            return val is not None and node == val
        return bool(graph.keys(node) & val)

    rel_must = [g for g in gold_rel if g["tier"] == "must"]
    order = rel_must + [g for g in gold_rel if g["tier"] != "must"]
    m = bipartite(pred_rel, order,
                  lambda pr, g: pr[1] == g["p"] and end_ok(pr[0], g["s"]) and end_ok(pr[2], g["o"]))
    rel_found = {gi for gi in m.values() if gi < len(rel_must)}
    if show_misses:
        for gi, g in enumerate(rel_must):
            if gi not in rel_found:
                misses.append(f"missed relation {g['text']}")
        # the predicted relations no gold relation matched, apart from score.py's misses (which they must equal):
        # what a precision round reads
        paper_id = {node: pid for pid, node in paper_node.items() if node is not None}
        for pid, node in sorted(paper_node.items()):  # an entity: the first gold paper that links to it
            for _lp, o in graph.out.get(node, ()) if node is not None else ():
                paper_id.setdefault(o, pid)
        res["extra_relations"] = sorted(
            f"extra relation {paper_id.get(s, '-')}: {graph.label(s)} {lp} {graph.label(o)}"
            for pi, (s, lp, o) in enumerate(pred_rel) if pi not in m)
    # the paper's own contribution (shared/eval/contrib.py): papers with a must `PAPER proposes X`,
    # and those of them where at least one such relation is found
    contrib_papers = {g["paper"] for g in rel_must if g["contribution"]}
    contrib_found = {rel_must[gi]["paper"] for gi in rel_found if rel_must[gi]["contribution"]}

    # code repositories
    code_tot = code_hit = 0
    for gp in gold["papers"]:
        node = paper_node[gp["id"]]
        for url in gp["code"]:
            code_tot += 1
            if node is None:
                continue
            # an IRI (or xsd:anyURI literal) reached from the paper in one or two steps
            near = [o for _lp, o in graph.out[node]]
            near += [o2 for o in near for _lp2, o2 in graph.out.get(o, [])]
            seen = [str(o) for o in near if is_url_term(o)]
            if any(url.rstrip("/").lower() in x.lower() for x in seen):
                code_hit += 1
            elif show_misses:
                misses.append(f"{gp['id']}: missed code link {url}")

    # cross-paper merges
    merge_ok = 0
    for mg in gold["merges"]:
        want = {norm(s) for s in mg["surfaces"]}
        nodes = [e for e in graph.entities if graph.keys(e) & want]
        papers = {p for p in graph.papers for _lp, o in graph.out[p] if o in nodes}
        good = len(nodes) == 1 and len(papers) >= mg["min_papers"]
        merge_ok += good
        if show_misses and not good:
            misses.append(f"merge {mg['surfaces'][0]!r}: {len(nodes)} nodes, {len(papers)} papers "
                          f"(want 1 node, >= {mg['min_papers']} papers)")

    p, r, f = prf(len(m), len(pred_rel), len(rel_found), len(rel_must))
    res["relation"] = {"precision": round(p, 3), "recall": round(r, 3), "f1": round(f, 3),
                       "predicted": len(pred_rel), "gold_must": len(rel_must)}
    res["contribution"] = {"papers": len(contrib_papers), "found": len(contrib_found)}
    res["code_links"] = f"{code_hit}/{code_tot}"
    res["merges"] = f"{merge_ok}/{len(gold['merges'])}"
    res["misses"] = misses
    return res
