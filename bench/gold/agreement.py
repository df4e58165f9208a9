#!/usr/bin/env python3
"""Inter-annotator agreement on the 20 doubly annotated dev abstracts: the human ceiling.

Each paper of double-gold.txt was annotated a second time, independently, by the annotator of the
other dev half. One annotation is scored against the other with the matching score.py uses
(surfaces folded by case, hyphens, spaces, articles, plural -s; a type in common): entity F1 over
`must` entities (typed and untyped), relation F1 over `must` relations (ends matched through the
entity matching), and agreement on the paper's contribution (some `PAPER proposes` in common).
F1 is symmetric, so which side is "gold" does not matter.

    python bench/gold/agreement.py
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from kg.evaluate import load_gold  # noqa: E402
from kg.evaluate.matching import bipartite, norm  # noqa: E402

HERE = Path(__file__).resolve().parent


def f1(matched: int, a: int, b: int) -> float:
    return 2 * matched / (a + b) if a + b else 1.0


def compare(pa: dict, pb: dict) -> dict:
    ea = [e for e in pa["entities"] if e["tier"] == "must"]
    eb = [e for e in pb["entities"] if e["tier"] == "must"]

    def same(x, y, typed):
        return bool({norm(s) for s in x["surfaces"]} & {norm(s) for s in y["surfaces"]}) and (
            not typed or bool(set(x["types"]) & set(y["types"])))

    out = {"ents": (len(ea), len(eb))}
    for typed in (False, True):
        m = bipartite(ea, eb, lambda x, y, typed=typed: same(x, y, typed))
        out["typed" if typed else "untyped"] = len(m)
    # relations: an end is PAPER or an entity name; names match when their entities match (any tier)
    alla, allb = {e["name"]: e for e in pa["entities"]}, {e["name"]: e for e in pb["entities"]}

    def end_ok(x: str, y: str) -> bool:
        if "PAPER" in (x, y):
            return x == y
        return same(alla[x], allb[y], False)

    ra = [r for r in pa["relations"] if r["tier"] == "must"]
    rb = [r for r in pb["relations"] if r["tier"] == "must"]
    m = bipartite(ra, rb, lambda x, y: x["p"] == y["p"] and end_ok(x["s"], y["s"]) and end_ok(x["o"], y["o"]))
    out["rels"], out["rel_match"] = (len(ra), len(rb)), len(m)
    ca = [r for r in pa["relations"] if r["s"] == "PAPER" and r["p"] == "proposes"]
    cb = [r for r in pb["relations"] if r["s"] == "PAPER" and r["p"] == "proposes"]
    out["contrib"] = (bool(ca), bool(cb),
                      any(end_ok(x["o"], y["o"]) for x in ca for y in cb))
    return out


def main() -> int:
    first = {p["id"]: p for p in load_gold(HERE / "dev-gold.txt")["papers"]}
    second = {p["id"]: p for p in load_gold(HERE / "double-gold.txt")["papers"]}
    tot = {"a": 0, "b": 0, "typed": 0, "untyped": 0, "ra": 0, "rb": 0, "rm": 0}
    both = agree = either = 0
    for key in sorted(second):
        c = compare(first[key], second[key])
        tot["a"] += c["ents"][0]
        tot["b"] += c["ents"][1]
        tot["typed"] += c["typed"]
        tot["untyped"] += c["untyped"]
        tot["ra"] += c["rels"][0]
        tot["rb"] += c["rels"][1]
        tot["rm"] += c["rel_match"]
        has_a, has_b, same_one = c["contrib"]
        either += has_a or has_b
        both += has_a and has_b
        agree += same_one
    print(f"papers annotated twice  {len(second)}")
    print(f"must entities           {tot['a']} (first) / {tot['b']} (second)")
    print(f"entity agreement F1     typed {f1(tot['typed'], tot['a'], tot['b']):.3f}   "
          f"untyped {f1(tot['untyped'], tot['a'], tot['b']):.3f}")
    print(f"relation agreement F1   {f1(tot['rm'], tot['ra'], tot['rb']):.3f}   "
          f"({tot['ra']} / {tot['rb']} must relations)")
    print(f"contribution            both annotators say it proposes something: {both} of {either}; "
          f"the same contribution: {agree}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
