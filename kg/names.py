"""Keys that decide when two surface forms name the same entity.

Case, hyphens, spaces, a leading article and a plural -s are folded, the way a
reader (and the guideline) treats them: "Vision Transformers", "vision-transformer"
and "the vision transformer" share one key. So are the regular British spellings
("generative modelling", "quantisation"), which abstracts mix with the American ones.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_MARKUP = re.compile(r"[\$\\{}*_^`]")
_ARTICLE = re.compile(r"^(the|a|an)\s+")
_WORD = re.compile(r"[a-z0-9@+#.]+")
_CAPITAL_S = re.compile(r"(?<![\w@+#.])[A-Z][A-Z0-9]{0,2}[B-DF-HJ-NP-TV-Z0-9]S(?![\w@+#])")
#: British -> American endings of a lower-case word: "modelling", "labelled", "optimisation", "normalising",
#: "analyse". Only regular patterns, and only for keys (labels keep the paper's spelling). A word the rule
#: wrongly changes ("telling" -> "teling") is changed the same way wherever it occurs, so no two different
#: names can come to share a key unless they differ only by such a spelling.
_BRITISH = re.compile(r"(?<=[a-z]{2})(?:(?<=e)ll(?=ing$|ed$|er$)|is(?=ation$|ations$|ing$|ed$|er$|ers$|e$|es$)|ys(?=e$|es$|ed$|ing$))")
_AMERICAN = {"ll": "l", "is": "iz", "ys": "yz"}


def singular(word: str) -> str:
    """Cheap plural folding for lower-case words (no dictionary needed)."""
    if len(word) > 3 and word[-1] == "s" and word[-2] != "s":  # (indexes: str.endswith parses its arguments)
        return word[:-1]
    return word


_SILENT_E = ("sse", "xe", "che", "she")


def _silent_e(word: str) -> str:
    """Drop the "e" that an -es plural leaves after ``singular``: "processes" -> "process", "patches" -> "patch".

    Applied to singular words too ("cache" -> "cach", as "caches" -> "cache" -> "cach"), so a word and
    its plural always meet whichever way the plural is spelled.
    """
    return word[:-1] if len(word) > 3 and word.endswith(_SILENT_E) else word


@lru_cache(maxsize=1 << 17)
def entity_key(text: str) -> str:
    """The identity key of a surface form (empty when it has no letters or digits).

    Memoised: extraction asks for the keys of the same few surface forms many times per paper.
    """
    t = unicodedata.normalize("NFKC", text)
    # an acronym (at most five capitals) that ends in a consonant and S is a name, not a plural: "MOTS" is not "MOT",
    # "VITS" not "ViTs" (a plural acronym is written with a small s: "LLMs"). After a vowel the S is a name's own
    # ("TRELLIS" is "Trellis", "PEGASUS"); a longer word in capitals ("PARAMS") or a label in capitals throughout
    # ("GRAPH NEURAL NETWORKS") is shouted.
    shouted = " " in t.strip() and t.isupper()
    keep_s = {w.lower() for w in _CAPITAL_S.findall(t)} if "S" in t and not shouted else ()
    t = _MARKUP.sub("", t.lower()).strip()
    if t.startswith(("the", "a")):  # every match of _ARTICLE starts so
        t = _ARTICLE.sub("", t)
    out = []
    known = _word_keys.get
    for w in _WORD.findall(t):
        w = w.strip(".")
        if w in keep_s:
            if len(w) > 6:
                w = american(w)
        else:
            k = known(w)
            if k is None:
                k = _word_key(w)
                if len(_word_keys) < 200_000:
                    _word_keys[w] = k
            w = k
        if w:
            out.append(w)
    return "".join(out)


#: each word's part of a key (:func:`_word_key`): the same few words make most surface forms
_word_keys: dict[str, str] = {}


def _word_key(word: str) -> str:
    """A lower-case word's part of a key: singular, without a plural's silent "e", in American spelling."""
    out = _silent_e(singular(word))
    return american(out) if len(out) > 6 else out


def american(word: str) -> str:
    """The American spelling of a lower-case word with a regular British ending (see ``_BRITISH``)."""
    if "ll" not in word and "is" not in word and "ys" not in word:
        return word  # every match of _BRITISH is one of these (the keys of _AMERICAN)
    return _BRITISH.sub(lambda m: _AMERICAN[m.group(0)], word)


def slug(text: str, max_len: int = 60) -> str:
    """A readable, IRI-safe slug: lower-case ASCII letters, digits and hyphens."""
    t = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    t = t.replace("@", "-at-").replace("+", "-plus-").replace("#", "-sharp-")
    t = re.sub(r"[^a-z0-9]+", "-", t).strip("-")
    return t[:max_len].strip("-") or "x"
