#!/usr/bin/env python3
"""Dump the extraction records of ~6,000 abstracts, one ``repr`` a line, to check a speed change is behaviour-neutral.

    python bench/extraction_identity.py OUT.txt            # this checkout's code
    PYTHONPATH=/path/to/other/checkout python bench/extraction_identity.py OTHER.txt
    cmp OUT.txt OTHER.txt                                  # identical = same records

Abstracts: the 1,000-abstract sample, then the first 2,500 of ``papercopilot_2023_2025``, 1,500 of
``papercopilot_2017_2022_ml_nlp`` and 1,000 of ``openreview_iclr2024_icml2024`` (other venues and years,
as the speed rounds of issue 12 compared them). ``--quick`` takes the first 1,000 sample abstracts only.
The last line gives the record count and a SHA-256 of the lines before it.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import sys
from pathlib import Path

CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
SOURCES = (("sample_1000_ml_2024_2025.jsonl", 1000), ("papercopilot_2023_2025.jsonl", 2500),
           ("papercopilot_2017_2022_ml_nlp.jsonl", 1500), ("openreview_iclr2024_icml2024.jsonl", 1000))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--quick", action="store_true", help="the 1,000-abstract sample only")
    args = ap.parse_args()

    from kg.extract import Extractor
    from kg.ingest import IngestReport, read_papers

    extractor = Extractor()
    digest = hashlib.sha256()
    n = 0
    with args.out.open("w", encoding="utf-8") as out:
        for name, count in SOURCES[:1] if args.quick else SOURCES:
            path = args.corpora / name
            if not path.exists():
                sys.exit(f"error: {path}: no such file")
            papers = list(itertools.islice(read_papers(path, IngestReport()), count))
            for record in extractor.pipe(papers):
                line = repr(record) + "\n"
                digest.update(line.encode("utf-8"))
                out.write(line)
                n += 1
        out.write(f"# {n} records sha256 {digest.hexdigest()}\n")
    print(f"{n} records sha256 {digest.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
