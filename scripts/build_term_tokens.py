#!/usr/bin/env python3
"""Store the tokens of the shipped lexicon's patterns (kg/extract/data/lexicons/term_tokens.tsv).

Usage (after scripts/build_lexicons.py, and after any change to the tokenizer or to spaCy):
    python scripts/build_term_tokens.py

``kg_lexicon`` reads the tokens from this file instead of tokenizing ~29k pattern forms at every
start. The file is keyed by spaCy's version and the tokenizer's rules, and a form missing from it
is tokenized live, so a stale file only makes start-up slower; tests/test_lexicons.py checks that
the file is current and agrees with the live tokenizer.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kg.extract.components.lexicon import (  # noqa: E402
    TOKENS_FILE, live_pattern_tokens, tokenizer_key, write_term_tokens)
from kg.extract.pipeline import build_nlp  # noqa: E402


def main() -> int:
    nlp = build_nlp()  # the tokenizer exactly as the extractor sets it up
    tokens = live_pattern_tokens(nlp)
    write_term_tokens(TOKENS_FILE, tokenizer_key(nlp), tokens)
    print(f"{TOKENS_FILE}: {len(tokens)} forms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
