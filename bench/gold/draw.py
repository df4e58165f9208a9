#!/usr/bin/env python3
"""Draw the cross-venue gold sample: 180 abstracts, 30 per venue group, half dev, half confirmation.

Deterministic (fixed seed): rerunning prints the same ids. Papers already used elsewhere are
excluded (the 1,000-abstract sample, the ICLR/ICML 2024 dev gold in bench/icml24/, the seed), so
the split is unseen by every rule written so far. About a third of each group comes from
2017-2022 where the corpora have that group (vision has only 2023-2025).

    python bench/gold/draw.py            # writes bench/gold/{dev,conf}-ids.txt
    python bench/gold/draw.py --packets /tmp/gold-work   # also the abstracts, for annotators only
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT.parent / "shared" / "corpora"
HERE = Path(__file__).resolve().parent

GROUPS = {
    "ml": {"ICLR", "ICML", "NeurIPS"},
    "nlp": {"ACL", "NAACL", "COLING", "COLM"},
    "vision": {"WACV", "3DV"},
    "stats": {"AISTATS", "UAI", "COLT", "ALT"},
    "robotics": {"CoRL", "RSS", "ICRA", "IROS"},
    "other": {"IJCAI", "WWW", "ACML", "AutoML-Conf"},
}
PER_GROUP = 30
OLD_SHARE = 10          # of PER_GROUP, from 2017-2022 where the group has such papers
SEED = 20261201


def _excluded() -> set[str]:
    ids: set[str] = set()
    for line in (CORPORA / "sample_1000_ml_2024_2025.jsonl").open(encoding="utf-8"):
        ids.add(json.loads(line)["id"])
    for f in (ROOT / "bench" / "icml24").glob("*-ids.txt"):
        ids.update(f.read_text(encoding="utf-8").split())
    return ids


def _pool() -> list[dict]:
    rows, seen_text = [], set()
    for f in ("openreview_iclr2024_icml2024.jsonl", "papercopilot_2017_2022_ml_nlp.jsonl",
              "papercopilot_2023_2025.jsonl"):
        for line in (CORPORA / f).open(encoding="utf-8"):
            r = json.loads(line)
            text = (r.get("abstract") or "").strip()
            if not (400 <= len(text) <= 2500) or text[:80] in seen_text:
                continue
            seen_text.add(text[:80])
            rows.append(r)
    return rows


def draw() -> dict[str, list[dict]]:
    excluded = _excluded()
    pool = [r for r in _pool() if r["id"] not in excluded]
    rng = random.Random(SEED)
    split: dict[str, list[dict]] = {"dev": [], "conf": []}
    for group, venues in GROUPS.items():
        mine = sorted((r for r in pool if r.get("venue") in venues), key=lambda r: r["id"])
        old = [r for r in mine if int(r.get("year") or 0) <= 2022]
        new = [r for r in mine if int(r.get("year") or 0) > 2022]
        n_old = min(OLD_SHARE, len(old))
        chosen = rng.sample(old, n_old) + rng.sample(new, PER_GROUP - n_old)
        rng.shuffle(chosen)
        for i, r in enumerate(chosen):
            split["dev" if i % 2 == 0 else "conf"].append({**r, "group": group})
    return split


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--packets", type=Path, help="also write the abstracts here (not committed)")
    args = ap.parse_args()
    split = draw()
    prefix = {"dev": "GD", "conf": "GC"}
    for name, rows in split.items():
        lines = [f"{prefix[name]}{i:03d}\t{r['id']}\t{r['group']}" for i, r in enumerate(rows, 1)]
        (HERE / f"{name}-ids.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        if args.packets:
            args.packets.mkdir(parents=True, exist_ok=True)
            with (args.packets / f"{name}.jsonl").open("w", encoding="utf-8") as fh:
                for i, r in enumerate(rows, 1):
                    fh.write(json.dumps({"key": f"{prefix[name]}{i:03d}", "group": r["group"],
                                         "id": r["id"], "venue": r.get("venue"), "year": r.get("year"),
                                         "title": r.get("title"), "abstract": r["abstract"]},
                                        ensure_ascii=False) + "\n")
        print(name, len(rows))


if __name__ == "__main__":
    main()
