"""Which surface forms may name a node: pure functions over label strings.

Extraction sometimes hands resolve a span that is not a name: a list of two
names ("Llama-2-7B-chat and Vicuna-7B"), an elided alternation ("conditional /
rectified flow matching"), or a piece of a sentence ("(LLM-Reviewer), it scores
the current prompt; …").  Such a span must never become a node's label nor join
two nodes as an alias.  The tests are deliberately narrow: "Positive and
Unlabeled" (the long form of PU) and "CNN / Daily Mail" stay names.
"""
from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache

from kg.extract.components.acronyms import best_long_form, is_acronym
from kg.names import entity_key

#: "A and B", "A, B and C", "A or B", "A & B", "A / B" (a slash with spaces; "A/B" is often one name)
_COORDINATION = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+|\s+/\s+")
#: a definition inside a label: "high-resolution multispectral image (HR-MSI) to obtain …"
_INNER_DEFINITION = re.compile(r"\s+\(([^()\s]{2,15})\)(?=\s|$)")
#: words a name does not start or end with (a span cut out of a sentence does)
_FUNCTION_WORDS = frozenset(
    "and or but of to for with by via from in on at as over under than that which who whose whom it its "
    "we our they their this these those is are was were be been being can could may might will would "
    "should must has have had do does did not no".split())
#: a word of a model's or a dataset's name: letters and digits ("Vicuna-7B"), or two capitals ("GPT", "ResNet")
_NAME_WORD = re.compile(r"(?=\S*[A-Za-z])(?=\S*\d)\S+|\S*[A-Z]\S*[A-Z]\S*")


class ListKind(StrEnum):
    """What a coordinated label is: a list of names, or an elided alternation written with a slash."""

    LIST = "list"  # every part is a name of its own: "Llama-2-7B-chat and Vicuna-7B"
    ALTERNATION = "alternation"  # "conditional / rectified flow matching": a reader's shorthand, not a name


@lru_cache(maxsize=1 << 16)
def abbreviates(short: str, long: str) -> bool:
    """``short`` is an acronym of the whole of ``long`` (Schwartz-Hearst, plural -s allowed).

    "ReLU" abbreviates "rectified linear units", "ResNets" "residual network"; "ReLU" does not
    abbreviate "ReLU networks" (a long form holding the acronym itself names something else).
    """
    if not is_acronym(short) or len(long.split()) < 2:
        return False
    stem = short[:-1] if short.endswith("s") else short
    if entity_key(stem) in entity_key(long):  # "MPTS-52" does not abbreviate "MPTS-52 benchmarks"
        return False
    for s in dict.fromkeys((short, stem)):
        found = best_long_form(s, long)
        if found is not None and entity_key(found) == entity_key(long):
            return True
    return False


def around_definition(label: str) -> tuple[str, str] | None:
    """The text before and after an acronym definition inside a label, ``None`` when there is none."""
    m = _INNER_DEFINITION.search(label)
    if m and is_acronym(m.group(1)) and label[m.end():].strip():
        return label[:m.start()].strip(), label[m.end():].strip()
    return None


def repair(label: str) -> str | None:
    """The label with stray brackets and an inner acronym definition cut off; ``None`` for a sentence fragment.

    "(Grammatical Error Correction" -> "Grammatical Error Correction"; "high-resolution multispectral
    image (HR-MSI) to obtain a …" -> "high-resolution multispectral image"; "(LLM-Reviewer), it scores
    the current prompt; the other as an author" -> None.
    """
    text = " ".join(label.split())
    around = around_definition(text)
    if around:
        text = around[0]
    if text.startswith("(") and ")" not in text:
        text = text[1:].strip()
    if text.endswith(")") and "(" not in text:
        text = text[:-1].strip()
    if not text or text.startswith("(") or ";" in text or text.count("(") != text.count(")"):
        return None
    words = text.lower().split()
    if (len(words) > 1 and (words[0] in _FUNCTION_WORDS or words[-1] in _FUNCTION_WORDS)) or not entity_key(text):
        return None
    return text


def list_parts(label: str) -> list[str]:
    """The coordinated parts of a label ("A, B and C" -> [A, B, C]); ``[label]`` when it is not coordinated."""
    return [p for p in (x.strip() for x in _COORDINATION.split(label)) if p] or [label]


def list_kind(label: str, known: set[str] | frozenset[str] = frozenset()) -> ListKind | None:
    """:class:`ListKind` of a coordinated label, ``None`` for a name.

    A list when every part names something on its own: it is a key in ``known`` (an entity some
    paper mentions) or looks like a model name (letters and digits, or two capitals).
    """
    parts = list_parts(label)
    if len(parts) < 2:
        return None
    if all(entity_key(p) in known or _NAME_WORD.search(p) for p in parts):
        return ListKind.LIST
    if " / " in label:
        return ListKind.ALTERNATION
    return None
