#!/usr/bin/env python3
"""Extraction quality on benchmarks: SciERC (dev/test/train), SciREX, and kg's own ICLR/ICML 2024 dev gold.

For each split: convert the gold documents to kg input (JSONL of
{id, title: "", abstract: detokenized text}; for the icml24 splits, the listed
papers of shared/corpora/openreview_iclr2024_icml2024.jsonl), run ``kg build``
into a temp folder, score the exported graph with :mod:`kg.evaluate` and print
the figures.

    .venv/bin/python bench/eval_benchmarks.py                      # scierc-dev + scirex
    .venv/bin/python bench/eval_benchmarks.py scierc-test --json out.json
    .venv/bin/python bench/eval_benchmarks.py scierc-dev --misses 30 --keep /tmp/dev
    .venv/bin/python bench/eval_benchmarks.py icml24-dev icml24-dev2   # bench/icml24/README.md

SciERC test is for reporting only: do not tune extraction rules on it.
The measure (document-level sets of normalized surface strings, type mapping,
OtherScientificTerm acceptable, Generic dropped) is explained in
kg/evaluate/scierc.py and docs/BENCHMARKS.md, "Extraction quality".
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kg.evaluate import GraphView, evaluate, format_table, load_gold  # noqa: E402
from kg.evaluate.matching import bipartite, find_papers, norm  # noqa: E402
from kg.evaluate.scierc import _doc_spans, detokenize, paper_records, read_records  # noqa: E402

BENCH = ROOT.parent / "shared" / "benchmarks"
SPLITS = {
    "scierc-dev": BENCH / "scierc" / "dev.json",
    "scierc-test": BENCH / "scierc" / "test.json",
    "scierc-train": BENCH / "scierc" / "train.json",
    "scirex": BENCH / "scirex" / "scirex_train_306docs_abstract_level.jsonl",
    "icml24-dev": ROOT / "bench" / "icml24" / "dev-gold.txt",
    "icml24-dev2": ROOT / "bench" / "icml24" / "dev2-gold.txt",
    # cross-venue gold (bench/gold/README.md): conf is the confirmation split, read by nobody
    "gold-dev": ROOT / "bench" / "gold" / "dev-gold.txt",
    "gold-conf": ROOT / "bench" / "gold" / "conf-gold.txt",
}
CORPUS = ROOT.parent / "shared" / "corpora" / "openreview_iclr2024_icml2024.jsonl"


def read_ids(gold_path: Path) -> list[tuple[str, str, str]]:
    """(gold key, corpus id, venue group) of each paper a seed-format gold file annotates, from the
    ``<name>-ids.txt`` beside it: one corpus id a line (bench/icml24), or ``KEY<TAB>ID<TAB>GROUP`` (bench/gold)."""
    ids_file = gold_path.with_name(gold_path.name.replace("-gold.txt", "-ids.txt"))
    if not ids_file.exists():
        sys.exit(f"error: {ids_file}: no such file")
    rows = []
    for n, line in enumerate(ids_file.read_text(encoding="utf-8").split("\n"), 1):
        if line.strip():
            cols = line.split("\t")
            rows.append((cols[0], cols[1], cols[2]) if len(cols) == 3 else (f"D{n:02d}", cols[0].strip(), "icml24"))
    return rows


def corpus_records(gold_path: Path) -> list[dict]:
    """The papers a seed-format gold file annotates, from the shared corpora."""
    wanted = [pid for _key, pid, _group in read_ids(gold_path)]
    files = [CORPUS] if "icml24" in str(gold_path) else sorted(CORPUS.parent.glob("*.jsonl"))
    if not all(f.exists() for f in files):
        sys.exit(f"error: {CORPUS.parent}: the shared corpora are missing")
    rows: dict[str, dict] = {}
    for f in files:
        with f.open(encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                if row.get("id") in wanted and row["id"] not in rows:
                    rows[row["id"]] = row
    return [rows[i] for i in wanted]


def by_group(gold: dict, gold_path: Path, work: Path) -> dict[str, dict]:
    """The same figures per venue group (bench/gold splits): each group's papers built and scored alone,
    since relations are scored over the whole graph (another group's relations would count as extras)."""
    groups: dict[str, list] = {}
    key_group = {key: group for key, _pid, group in read_ids(gold_path)}
    records = dict(zip([key for key, _pid, _g in read_ids(gold_path)], corpus_records(gold_path), strict=True))
    for p in gold["papers"]:
        groups.setdefault(key_group[p["id"]], []).append(p)
    out = {}
    for group, papers in sorted(groups.items()):
        sub = work / f"group-{group}"
        sub.mkdir(parents=True, exist_ok=True)
        graph_file, _secs = build([records[p["id"]] for p in papers], sub)
        res = evaluate(GraphView(graph_file), {**gold, "papers": papers, "merges": []})
        out[group] = {"papers": len(papers), "entity_typed_f1": res["entity_typed"]["f1"],
                      "relation_f1": res["relation"]["f1"], "contribution": res["contribution"]}
    return out


def build(records: list[dict], work: Path) -> tuple[Path, float]:
    src = work / "input.jsonl"
    with src.open("w", encoding="utf-8") as fh:
        for rec in records:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    out = work / "build"
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "kg", "build", str(src), "--out", str(out), "-q"],
                          cwd=ROOT, capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"kg build failed ({proc.returncode}): {proc.stderr.strip()[-2000:]}")
    return out / "graph.ttl", time.perf_counter() - t0


def diagnose(gold: dict, gold_path: Path, graph: GraphView, examples: int) -> dict:
    """Sort the typed misses and extras into classes a rule writer can act on."""
    from collections import Counter, defaultdict

    generic = defaultdict(set)  # SciERC Generic spans per doc (dropped from the gold)
    if gold["format"] == "scierc":
        for rec in read_records(gold_path):
            toks = [t for snt in rec["sentences"] for t in snt]
            for a, b, lab in _doc_spans(rec["sentences"], rec["ner"]):
                if lab == "Generic":
                    generic[str(rec["doc_key"])].add(norm(detokenize(toks[a:b + 1])))
    paper_node = find_papers(graph, gold["papers"], fallback_chars=200)
    missed, extra = Counter(), Counter()
    ex_m, ex_e = defaultdict(list), defaultdict(list)

    def types(e) -> str:
        return "/".join(sorted(graph.core_types(e)))

    for d in gold["papers"]:
        node = paper_node[d["id"]]
        if node is None:
            continue
        preds = sorted({o for _p, o in graph.out[node] if o in graph.entities}, key=str)
        must = [e for e in d["entities"] if e["tier"] == "must"]
        order = must + [e for e in d["entities"] if e["tier"] != "must"]
        gkeys = [{norm(x) for x in g["surfaces"]} for g in order]
        m_un = bipartite(preds, order, lambda e, g: bool(graph.keys(e) & {norm(x) for x in g["surfaces"]}))
        m_ty = bipartite(preds, order, lambda e, g: bool(graph.core_types(e) & set(g["types"]))
                         and bool(graph.keys(e) & {norm(x) for x in g["surfaces"]}))
        found_ty, found_un = set(m_ty.values()), set(m_un.values())
        for gi, g in enumerate(must):
            if gi in found_ty:
                continue
            near = sorted({graph.label(p) for p in preds
                           if any(pk in k or k in pk for pk in graph.keys(p) for k in gkeys[gi] if len(pk) > 2)})
            if gi in found_un:
                c, item = "type confusion", f"{g['name']!r} gold {'/'.join(g['types'])}, ours " + \
                    types(preds[[p for p, x in m_un.items() if x == gi][0]])
            elif near:
                c, item = "boundary: ours is shorter/longer", f"{g['name']!r} ({'/'.join(g['types'])}) ~ ours {near[:2]}"
            elif len(g["name"].split()) >= 4:
                c, item = "long span (4+ words), nothing near", f"{g['name']!r} ({'/'.join(g['types'])})"
            else:
                c, item = "not extracted (1-3 words)", f"{g['name']!r} ({'/'.join(g['types'])})"
            missed[c] += 1
            ex_m[c].append(f"{d['id']}: {item}")
        all_keys = set().union(*gkeys) if gkeys else set()
        for pi, p in enumerate(preds):
            if pi in m_ty:
                continue
            keys, lab = graph.keys(p), graph.label(p)
            if pi in m_un:
                g = order[m_un[pi]]
                c, item = "right surface, wrong type", f"{lab!r} ours {types(p)}, gold {'/'.join(g['types'])}"
            elif keys & generic.get(d["id"], set()):
                c, item = "a Generic span in SciERC", repr(lab)
            elif any(k in gk or gk in k for k in keys for gk in all_keys if len(k) > 2 and len(gk) > 2):
                near = sorted({x for g in order for x in g["surfaces"]
                               if any(k in norm(x) or norm(x) in k for k in keys)})
                c, item = "boundary: part of / wider than a gold span", f"{lab!r} ({types(p)}) ~ gold {near[:2]}"
            else:
                c, item = "not annotated at all", f"{lab!r} ({types(p)})"
            extra[c] += 1
            ex_e[c].append(f"{d['id']}: {item}")
    rng = random.Random(0)
    return {"missed": dict(missed.most_common()), "extra": dict(extra.most_common()),
            "missed_examples": {c: rng.sample(v, min(examples, len(v))) for c, v in ex_m.items()},
            "extra_examples": {c: rng.sample(v, min(examples, len(v))) for c, v in ex_e.items()}}


def run_split(name: str, path: Path, keep: Path | None, misses: int, coref: bool, aliases: bool,
              scirex_mode: str, diag: int = 0) -> dict:
    gold = load_gold(path, coref=coref, aliases=aliases, scirex_mode=scirex_mode)
    with tempfile.TemporaryDirectory(prefix=f"kg-eval-{name}-") as tmp:
        work = keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        records = corpus_records(path) if gold["format"] == "seed" else paper_records(gold)
        graph_file, secs = build(records, work)
        graph = GraphView(graph_file)
        res = evaluate(graph, gold, show_misses=bool(misses))
        if diag:
            res["diagnosis"] = diagnose(gold, path, graph, diag)
        if gold["format"] == "seed" and "bench/gold" in str(path):
            res["by_group"] = by_group(gold, path, work)
    res["split"], res["gold_file"], res["build_seconds"] = name, str(path), round(secs, 1)
    res["measure"] = {"coref_merge": coref, "paren_aliases": aliases,
                      "scirex_gold": scirex_mode if gold["format"] == "scirex" else None}
    if misses:
        rng = random.Random(0)
        missed = [m for m in res["misses"] if ": missed " in m]
        extra = [m for m in res["misses"] if ": extra " in m]
        res["sample_missed"] = sorted(rng.sample(missed, min(misses, len(missed))))
        res["sample_extra"] = sorted(rng.sample(extra, min(misses, len(extra))))
        # relation misses are written "missed relation GD001: …" (kg/evaluate/seedgold.py), not ": missed "
        missed_rel = [m for m in res["misses"] if m.startswith("missed relation ")]
        res["sample_missed_relations"] = sorted(rng.sample(missed_rel, min(misses, len(missed_rel))))
        extra_rel = res.get("extra_relations", [])
        res["sample_extra_relations"] = sorted(rng.sample(extra_rel, min(misses, len(extra_rel))))
    res.pop("misses", None)
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("splits", nargs="*", default=["scierc-dev", "scirex"],
                    help=f"any of {', '.join(SPLITS)} (default: scierc-dev scirex), or a gold file")
    ap.add_argument("--json", type=Path, help="write all figures here as JSON")
    ap.add_argument("--keep", type=Path, help="keep the input JSONL and the build under this folder")
    ap.add_argument("--misses", type=int, default=0, metavar="N",
                    help="also print N sampled missed and N sampled extra entities, N missed must relations and N extra "
                         "relations per split")
    ap.add_argument("--diagnose", type=int, default=0, metavar="N",
                    help="classify the typed misses and extras (boundary, type confusion, ...) with N examples each")
    ap.add_argument("--no-coref", action="store_true",
                    help="SciERC: one gold entity per distinct surface (do not merge coreference clusters)")
    ap.add_argument("--no-aliases", action="store_true",
                    help="SciERC: no aliases from parentheses ('conditional random field (CRF)' -> 'CRF')")
    ap.add_argument("--scirex-mentions", action="store_true",
                    help="SciREX: every annotated abstract mention is gold, not only salient entities")
    args = ap.parse_args()
    results = []
    for name in args.splits:
        path = SPLITS.get(name, Path(name))
        if not path.exists():
            sys.exit(f"error: {path}: no such file (is ../shared/benchmarks there?)")
        keep = args.keep / name.replace("/", "_") if args.keep else None
        res = run_split(name, path, keep, args.misses, not args.no_coref, not args.no_aliases,
                        "mentions" if args.scirex_mentions else "salient", args.diagnose)
        results.append(res)
        print(f"== {name}  ({res['gold_file']}, build {res['build_seconds']} s)")
        print(format_table({**res, "misses": []}))
        if res.get("by_group"):
            print(f"{'venue group':14s} {'papers':>6s} {'typed F1':>9s} {'rel F1':>7s}  contribution found")
            for group, g in res["by_group"].items():
                c = g["contribution"]
                print(f"  {group:12s} {g['papers']:6d} {g['entity_typed_f1']:9.3f} {g['relation_f1']:7.3f}  "
                      f"{c['found']}/{c['papers']}")
        for key in ("sample_missed", "sample_extra", "sample_missed_relations", "sample_extra_relations"):
            if res.get(key):
                print(f"-- {key.replace('_', ' ')}")
                for line in res[key]:
                    print("  " + line)
        if res.get("diagnosis"):
            dg = res["diagnosis"]
            for side in ("missed", "extra"):
                print(f"-- {side} (typed), by class: " + ", ".join(f"{c} {n}" for c, n in dg[side].items()))
                for c, xs in dg[f"{side}_examples"].items():
                    print(f"   [{c}]")
                    for x in xs:
                        print("     " + x)
        print()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
