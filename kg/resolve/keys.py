"""Keys that decide when two surface forms name the same entity.

Case, hyphens, spaces, a leading article and a plural -s are folded, the way a
reader (and the guideline) treats them: "Vision Transformers", "vision-transformer"
and "the vision transformer" share one key.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_MARKUP = re.compile(r"[\$\\{}*_^`]")
_ARTICLE = re.compile(r"^(the|a|an)\s+")
_WORD = re.compile(r"[a-z0-9@+#.]+")


def singular(word: str) -> str:
    """Cheap plural folding for lower-case words (no dictionary needed)."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


@lru_cache(maxsize=1 << 17)
def entity_key(text: str) -> str:
    """The identity key of a surface form (empty when it has no letters or digits).

    Memoised: extraction asks for the keys of the same few surface forms many times per paper.
    """
    t = unicodedata.normalize("NFKC", text).lower()
    t = _MARKUP.sub("", t)
    t = _ARTICLE.sub("", t.strip())
    out = []
    for w in _WORD.findall(t):
        w = singular(w.strip("."))
        if w:
            out.append(w)
    return "".join(out)


def slug(text: str, max_len: int = 60) -> str:
    """A readable, IRI-safe slug: lower-case ASCII letters, digits and hyphens."""
    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    t = t.replace("@", "-at-").replace("+", "-plus-").replace("#", "-sharp-")
    t = re.sub(r"[^a-z0-9]+", "-", t).strip("-")
    return t[:max_len].strip("-") or "x"
