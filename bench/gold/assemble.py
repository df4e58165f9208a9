#!/usr/bin/env python3
"""Assemble annotator files into bench/gold/*-gold.txt, with P lines that find each paper.

Annotators copy the first words of the raw abstract; kg's RDF holds the *cleaned* abstract
(markup out), and score.py finds a paper by a prefix of that text. So each P line's text is
replaced, mechanically, by the first words of the cleaned abstract (kg.clean.clean_markup);
nothing else of an annotation is touched or read.

    python bench/gold/assemble.py dev /tmp/gold-work/out/devA-gold.txt /tmp/gold-work/out/devB-gold.txt
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from kg.clean import clean_markup  # noqa: E402

HERE = Path(__file__).resolve().parent
CORPORA = ROOT.parent / "shared" / "corpora"
HEADERS = {
    "dev": "development split: its misses may be read to find kinds of errors",
    "conf": "CONFIRMATION split: nobody reads it; only its score is looked at",
    "double": "second, independent annotation of 20 dev abstracts (agreement study)",
}


def read_ids(split: str) -> dict[str, tuple[str, str]]:
    """key -> (corpus id, venue group)."""
    name = "dev" if split == "double" else split
    rows = {}
    for line in (HERE / f"{name}-ids.txt").read_text(encoding="utf-8").splitlines():
        key, pid, group = line.split("\t")
        rows[key] = (pid, group)
    return rows


def corpus_abstracts(ids: set[str]) -> dict[str, str]:
    out = {}
    for f in sorted(CORPORA.glob("*.jsonl")):
        for line in f.open(encoding="utf-8"):
            r = json.loads(line)
            if r.get("id") in ids and r["id"] not in out:
                out[r["id"]] = r.get("abstract") or ""
    return out


def first_words(text: str, n: int = 10) -> str:
    return " ".join(clean_markup(text).split()[:n])


def main(argv: list[str]) -> int:
    split, files = argv[0], [Path(a) for a in argv[1:]]
    ids = read_ids(split)
    abstracts = corpus_abstracts({pid for pid, _g in ids.values()})
    blocks: dict[str, list[str]] = {}
    for f in files:
        key = None
        for raw in f.read_text(encoding="utf-8").splitlines():
            line = raw.rstrip()
            if not line or line.startswith("#"):
                continue
            head = line.split("|", 1)[0].split()
            if head and re.fullmatch(r"G[DC]\d{3}", head[0]):
                key = head[0]
                if key not in ids:
                    sys.exit(f"{f}: unknown paper key {key}")
                pid, group = ids[key]
                blocks[key] = [f"{key} | {first_words(abstracts[pid])}", f"# id {pid} · group {group}"]
            elif key:
                blocks[key].append(line)
    out = HERE / f"{split}-gold.txt"
    header = [f"# kg cross-venue gold, {HEADERS[split]}.",
              "# Annotated blind to kg's output following shared/eval/GUIDELINE.md (seed-gold format);",
              "# see bench/gold/README.md. P lines: the first words of the cleaned abstract.", ""]
    body = []
    for key in sorted(blocks):
        body += blocks[key] + [""]
    out.write_text("\n".join(header + body), encoding="utf-8")
    print(f"{out}: {len(blocks)} papers of {len(ids) if split != 'double' else 20}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
