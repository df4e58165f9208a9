"""``kg_results``: quantitative result claims, the future ``kg:Result`` nodes.

A claim is a number with a unit (``%``, ``x``/``×``/``times``/``-fold``,
``points``/``pp``) or a bare number tied to a metric (``FID = 3.88``,
``26.79 perplexity``), read in its sentence by a few general patterns:

- ``VERB [metric] by Q``: "improves pass@1 by roughly 6%", "cutting attention
  compute by 40.8%", "accelerates QAT by up to 4×" (the verb gives the
  direction; a speed verb implies the metric "speedup"; the object of a rival
  verb — "outperforms X by 3%" — is the baseline);
- ``Q NP``: "75% KV cache compression", "6.9× speedup", "4% improvement in
  accuracy", "2.6× less peak memory" (change nouns and comparatives give the
  direction; "compression"/"reduction" name the metric, "improvement"/"gain"
  take it from their modifiers or from "in/of NP");
- ``NP of/=/: Q``: "accuracy of 55.7%", "FID=3.88" (an absolute value: no
  direction);
- ``Q of NP``: "preserves 99% of full-attention accuracy" (a retained
  fraction; kept only when NP is a metric);
- ``from Q1 to Q2``: Q2 is the result, Q1 its baseline; ``VERB metric to Q``
  ("improves accuracy to 83.4%") is the new level; ``Q1 vs Q2``: Q2 is the
  baseline's value;
- ``Q comparative``/``comparative by Q``: "10x smaller", "faster by 10 times";
- lists ("by 26.1% and 10.3%, respectively", "83.4% (+8.1%)") inherit what
  their neighbour says.

Metrics are named by the phrase as written; a "better" cue (improves,
outperforms, gain) is an increase, or a decrease for a lower-is-better metric
(FID, perplexity, latency, error …). A factor ("3.1× throughput") is an
increase unless a cue says otherwise; absolute values and retained fractions
have no direction.

The baseline is the phrase after ``over``/``than``/``relative to``/
``compared to`` … later in the sentence (or a leading "Compared to X,"). The
subject is the proposed entity named in the sentence, else — on
self-reference ("our method", "it") or an evaluation sentence — the paper's
main contribution.

Not results (the junk rules; see ``data/result_cues.json``): numbers glued to
a name or identifier (``CIFAR-10``, ``COLT'16``, ``top-1``, ``pass@1``,
``Llama-2-13B``, ``4-bit``), numbers inside an entity mention, years, math
(``2^k``, ``1/10``), enumerators (``1)``, ``(2)``), bare counts without a
metric (``193 tasks``, ``1,000 finetuning runs``) or tied to a name
(``Llama 3.1``, ``ImageNet 64``), counted budgets (``with 10 sampling
steps``), experimental settings (``at 70% sparsity``, ``with 10% of the
data``, ``in 5-10 function evaluations``), population fractions (``70% of
designs``, ``76% of the time``) and counterfactual amounts (``10 times more
data``, ``3-77× more``). A number with a unit but neither metric nor
direction is dropped too.
"""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from operator import itemgetter
from typing import cast

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.extract.resources import SHIPPED, Resources
from kg.extract.state import SUBJECT_TYPES, Candidate, ResultCandidate, contract, state
from kg.extract.text import LowerRegex, doc_text, norm_word, round3, sentence_offsets, sentences
from kg.types import Finder

_NOT_METRIC_TYPES = {"Method", "Model", "Dataset", "Task"}
_WORD = re.compile(r"[A-Za-z0-9@$][\w@'’\-/+.]*[\w@+]|[A-Za-z0-9@]|\S")
#: ``_WORD`` for ASCII text, whose ``\w`` is ``[A-Za-z0-9_]``: a bitmap ``sre`` tests, not a category per character
_WORD_ASCII = re.compile(r"[A-Za-z0-9@$][A-Za-z0-9_@'\-/+.]*[A-Za-z0-9_@+]|[A-Za-z0-9@]|\S")
_NUM = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+")
_YEAR = re.compile(r"^(19|20)\d\d$")
_FROM_TO = re.compile(r"(?<![\w-])from\s+([+\-−]?(?:" + _NUM.pattern + r"))\s?(%|×|x|points)?\s+to$", re.I)
_FACTOR_OF = re.compile(r"factor\s+of\s*$", re.I)
_ASCII_DIGITS = "0123456789"


def _first_digit(text: str, start: int) -> int:
    """Where the first ASCII digit at or after ``start`` stands (``len(text)`` for none): ten scans for one character,
    which run in C at memchr speed, where a regex search for ``[0-9]`` tests a class at every character."""
    return min((i for i in map(text.find, _ASCII_DIGITS, repeat(start)) if i >= 0), default=len(text))
_START_END = itemgetter(0, 1)
#: where a match of ``_NUM`` can start (each of its alternatives opens with a digit or a period)
_NUM_START = re.compile(r"[\d.]")
_NUM_START_ASCII = re.compile(r"[0-9.]")  # the same in ASCII text (``\d`` is a category test per character)


def _num_search(s: str, pos: int) -> re.Match[str] | None:
    """``_NUM.search(s, pos)``, tried only at a digit or a period: ``sre`` finds no first character in the
    pattern's nested alternation, so the search tried it at every character (~30,000 instructions a sentence)."""
    for start in (_NUM_START_ASCII if s.isascii() else _NUM_START).finditer(s, pos):
        m = _NUM.match(s, start.start())
        if m is not None:
            return m
    return None
_DASHES = "-–—~∼"

@dataclass
class _Q:
    """A number (or range) with its unit, in sentence-relative offsets, and what the analysis read."""

    start: int  # first digit (or sign)
    end: int  # after the unit
    value: float
    low: float | None
    unit: str
    sign: str = ""
    qstart: int = 0  # start including the qualifiers before it
    qend: int = 0  # end including the qualifiers after it
    qualifiers: list[str] = field(default_factory=list)
    metric: str = ""  # a metric name implied by a cue ("speedup"), when no span names it
    metric_span: tuple[int, int] | None = None
    direction: str = ""  # "increase", "decrease", "better" (resolved with the metric) or ""
    baseline: str = ""
    pattern: str = ""
    verb: str = ""  # class of the verb of a "VERB … by Q" frame (lists inherit it)
    verb_span: tuple[int, int] | None = None
    keep: bool = True
    inherited: bool = False  # the metric comes from another item of a list
    #: the metric phrase is read from a change frame ("a 15% decrease in the average time steps"): the frame says it
    #: is a measure, so its head need not be a known metric word
    framed: bool = False
    pieces: list[tuple[int, int]] = field(default_factory=list)

    def has_metric(self) -> bool:
        return self.metric_span is not None or bool(self.metric)


def _phrase_regex(phrases) -> LowerRegex:
    alts = sorted({re.escape(p.lower()) for p in phrases}, key=len, reverse=True)
    return LowerRegex(r"(?<![\w-])(?:" + "|".join(alts) + r")(?![\w-])")


@lru_cache(maxsize=64)
def _ends_rx(phrases: frozenset) -> tuple[re.Pattern, int]:
    """The regex of :func:`_ends_with`, and how far from the end of a text a match can start."""
    alts = [(r"(?<![\w-])" if p[:1].isalnum() else "") + re.escape(p) for p in sorted(phrases, key=len, reverse=True)]
    # a case-insensitive match is as long as its phrase; ``$`` also matches before a final newline
    return re.compile("(?:" + "|".join(alts) + ")$", re.IGNORECASE), max(map(len, phrases), default=0) + 1


_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _word_before(s: str, end: int) -> tuple[int, str] | None:
    r"""``re.search(r"([A-Za-z][\w-]*)\s+$", s[:end])`` as (where group 1 starts, group 1), found from ``end``
    backwards: the search tried the pattern at every character of the text before each number.

    The match needs white space before ``end`` (``\s`` and ``str.isspace`` agree); its word is the run of
    ``[\w-]`` before that space (``\w``: ``str.isalnum`` or "_"), from the run's first ASCII letter on (the
    search returns the leftmost match).
    """
    q = end
    while q > 0 and s[q - 1].isspace():
        q -= 1
    if q == end:
        return None
    r = q
    while r > 0 and (s[r - 1].isalnum() or s[r - 1] in "_-"):
        r -= 1
    for p in range(r, q):
        if s[p] in _ASCII_LETTERS:
            return p, s[p:q]
    return None


def _ends_with(phrases, text: str) -> re.Match | None:
    """The phrase of ``phrases`` that ``text`` ends with (as whole words)."""
    rx, reach = _ends_rx(frozenset(phrases))
    # scan only the tail where a match can start (the lookbehind still sees the text before it)
    return rx.search(text, max(0, len(text) - reach))


_METRIC_WORD = re.compile(r"[A-Za-z][A-Za-z-]*")  # no digits, symbols or quotes


def _to_float(text: str) -> float:
    return float(text.replace(",", ""))


class ResultFinder:
    def __init__(self, res: Resources, cues: dict):
        self.res = res
        self.determiners = res.words.determiners
        self.eval_openers = res.words.result_eval_openers
        #: what a metric phrase drops at its start: determiners, weak modifiers, "overall"
        self.metric_leading = res.words.determiners | res.weak_modifiers | res.words.metric_leading_extra
        low = lambda key: {w.lower() for w in cues[key]}  # noqa: E731
        self.units = {k: v for k, v in cues["units"].items() if not k.startswith("_")}
        alts = [re.escape(k) + (r"(?![\w])" if k[-1].isalnum() else "")
                for k in sorted(self.units, key=len, reverse=True)]
        self.unit_rx = re.compile(r"\s?(" + "|".join(alts) + ")")
        self.range_rx = re.compile(r"(?:\s?[" + _DASHES + r"]\s?|\s+to\s+)(" + _NUM.pattern + r")")
        self.qual_before = sorted(low("qualifiers_before"), key=len, reverse=True)
        self.qual_before_ends = tuple(self.qual_before)
        self.qual_after = sorted(low("qualifiers_after"), key=len, reverse=True)
        self.qual_after_starts = tuple(self.qual_after)
        self.qual_after_not = low("qualifiers_after_not_before")
        self.qual_ignore = low("qualifier_ignore")
        self.qual_names = {k.lower(): v for k, v in cues["qualifier_names"].items()}
        self.setting_before = low("setting_before")
        self.inc_verbs, self.dec_verbs = low("increase_verbs"), low("decrease_verbs")
        self.better_verbs, self.speed_verbs = low("better_verbs"), low("speed_verbs")
        self.rival_verbs = low("rival_verbs")
        self.comp_inc, self.comp_dec = low("comparatives_increase"), low("comparatives_decrease")
        self.comp_metric = {k.lower(): v for k, v in cues["comparative_metric"].items()}
        self.speed_metric = cues["speed_metric"]
        self.mnoun_inc, self.mnoun_dec = low("metric_change_nouns_increase"), low("metric_change_nouns_decrease")
        self.gnoun_inc, self.gnoun_dec = low("generic_change_nouns_increase"), low("generic_change_nouns_decrease")
        self.gnoun_better = low("generic_change_nouns_better")
        self.change_nouns = self.mnoun_inc | self.mnoun_dec | self.gnoun_inc | self.gnoun_dec | self.gnoun_better
        self.metric_heads = {norm_word(w) for w in cues["metric_heads"]} | {
            h for h, (typ, _c) in res.heads.items() if typ == "Metric"}
        self.lower_better = {norm_word(w) for w in cues["lower_is_better"]}
        self.count_metrics = {norm_word(w) for w in cues["count_metrics"]}
        self.baseline_rx = re.compile(r"(?<![\w-])(" + "|".join(
            re.escape(c) for c in sorted(cues["baseline_cues"], key=len, reverse=True)) + r")(?![\w-])\s+", re.I)
        self.baseline_not = [p.lower() for p in cues["baseline_not_after"]]
        self.baseline_values = low("baseline_value_cues")
        self.stops = low("phrase_stops") | self.comp_inc | self.comp_dec | (
            res.function_words - res.weak_modifiers - self.determiners - self.metric_heads - self.change_nouns)
        self.left_stops = self.stops | res.function_words | self.determiners
        self.links = low("metric_value_links")
        self.fraction_not = low("fraction_not")
        self.conf = cues["confidence"]
        self.generic_heads = res.generic_heads
        self.named_metric_heads = low("named_metric_heads")
        self.self_ref = _phrase_regex(res.cues["self_reference"] + list(res.words.result_self_reference_extra))
        self.evaluation = {norm_word(w) for w in res.cues["evaluation_cues"]}
        self.verb_rx = _phrase_regex(self.inc_verbs | self.dec_verbs | self.better_verbs | self.speed_verbs)

    # ------------------------------------------------------------------ words
    @staticmethod
    def _words(s: str, start: int, end: int) -> list[tuple[int, int, str]]:
        part = s[start:end]
        return [(m.start() + start, m.end() + start, m.group())
                for m in (_WORD_ASCII if part.isascii() else _WORD).finditer(part)]

    def _np_right(self, s: str, pos: int, max_words: int = 6, keep_det: bool = False,
                  limit: int | None = None) -> tuple[int, int] | None:
        """The run of content words from ``pos`` (leading determiners skipped or kept, short parentheticals skipped)."""
        words = self._words(s, pos, min(limit if limit is not None else len(s), pos + 160))
        out: list[tuple[int, int]] = []
        i = 0
        lead = None
        while i < len(words):
            a, b, w = words[i]
            lw = w.lower()
            if not out and lw in self.determiners:
                lead = a if lead is None else lead
                i += 1
                continue
            if w == "(" and out:  # "(SOTA)", "(66M)" inside the phrase
                j = i
                while j < len(words) and words[j][2] != ")":
                    j += 1
                if j < len(words) and j - i <= 6:
                    i = j + 1
                    continue
                break
            if not (w[0].isalnum() or w[0] in "@$") or lw in self.stops or _NUM.fullmatch(w):
                break
            out.append((a, b))
            if len(out) >= max_words:
                break
            i += 1
        if not out:
            return None
        return (lead if keep_det and lead is not None else out[0][0]), out[-1][1]

    def _np_left(self, s: str, pos: int, max_words: int = 4) -> tuple[int, int] | None:
        """The run of content words ending right before ``pos``."""
        out: list[tuple[int, int]] = []
        for a, b, w in reversed(self._words(s, max(0, pos - 100), pos)):
            if not (w[0].isalnum() or w[0] == "@") or w.lower() in self.left_stops or _NUM.fullmatch(w):
                break
            out.append((a, b))
            if len(out) >= max_words:
                break
        return (out[-1][0], out[0][1]) if out else None

    @staticmethod
    def _after_words(s: str, start: int, n: int) -> int:
        """Offset after the first ``n`` whitespace-separated words from ``start``."""
        pos = start
        for _ in range(n):
            m = re.match(r"\s*\S+", s[pos:])
            if not m:
                break
            pos += m.end()
        return pos

    def _strip_det(self, s: str, span: tuple[int, int]) -> tuple[int, int]:
        """Drop leading determiners and weak modifiers of a metric phrase ("the overall", "state-of-the-art")."""
        a, b = span
        while True:
            m = re.match(r"([\w-]+)\s+", s[a:b])
            if not (m and m.group(1).lower() in self.metric_leading):
                return a, b
            a += m.end()

    def _is_metric(self, s: str, span: tuple[int, int] | None, ments) -> bool:
        """A metric phrase: it holds a Metric entity or ends in a metric head word."""
        if span is None:
            return False
        if any(e.type == "Metric" and span[0] <= a and b <= span[1] for a, b, e in ments):
            return True
        words = s[span[0]:span[1]].split()
        head = words[-1].lower() if words else ""
        return norm_word(head) in self.metric_heads or norm_word(head.rsplit("-", 1)[-1]) in self.metric_heads

    def _object_is_metric(self, s: str, span: tuple[int, int], ments) -> bool:
        """Lenient: the object of "VERB X by Q" is the metric unless it names a method, model, data or task."""
        if self._is_metric(s, span, ments):
            return True
        if any(e.type in _NOT_METRIC_TYPES and a < span[1] and span[0] < b for a, b, e in ments):
            return False
        words = s[span[0]:span[1]].lower().split()
        if not words or norm_word(words[-1]) in self.generic_heads:
            return False
        return words[0] not in self.res.weak_modifiers

    def _framed_measure(self, s: str, span: tuple[int, int], ments) -> tuple[int, int] | None:
        """The phrase after "a N% decrease/reduction/improvement in", cut before a participle that starts a clause
        ("the average time steps taken to reach the goal"): what the change is measured in, whatever its head
        word ("MAC operations", "answer confidence"). Not a phrase over a method, model, dataset or task, a
        generic head ("the number", "methods"), one opened by a weak modifier, or one word alone ("the state of the
        art", "collisions": the frame is too loose to say one word is a measure)."""
        words = self._words(s, *span)
        for i in range(1, len(words)):
            w = words[i][2].lower()
            if w.endswith(("ed", "en")) and w.isalpha() and norm_word(w) not in self.metric_heads:
                words = words[:i]
                break
        span = (words[0][0], words[-1][1])
        if any(e.type in _NOT_METRIC_TYPES and a < span[1] and span[0] < b for a, b, e in ments):
            return None
        low = [w[2].lower() for w in words]
        if len(low) < 2 or norm_word(low[-1]) in self.generic_heads or low[0] in self.res.weak_modifiers \
                or low[-1] in self.res.function_words:
            return None
        return span

    def _lower_better(self, metric: str) -> bool:
        words = metric.lower().replace("-", " ").split()
        return bool(words) and norm_word(words[-1]) in self.lower_better

    def _verb_class(self, verb: str) -> str:
        v = verb.lower()
        for cls, words in (("speed", self.speed_verbs), ("decrease", self.dec_verbs), ("increase", self.inc_verbs),
                           ("rival", self.rival_verbs), ("better", self.better_verbs)):
            if v in words:
                return cls
        return ""

    # ---------------------------------------------------------------- numbers
    def _quantities(self, s: str, ments) -> list[_Q]:
        """Numbers with a unit, and bare numbers that are not identifiers, years, math or enumerators."""
        out: list[_Q] = []
        pos = 0
        while (m := _num_search(s, pos)) is not None:
            pos = m.end()
            a, b = m.start(), m.end()
            before = s[a - 1] if a else " "
            before2 = s[a - 2] if a >= 2 else " "
            if before.isalnum() or before in "@'’^_./\\$€£#" or (before in "-–" and before2.isalnum()):
                continue  # CIFAR-10, COLT'16, pass@1, 2^k, $394, Llama-2-13B
            if (before == "(" and before2.isalpha()) or (b < len(s) and s[b] in "^/"):
                continue  # O(2^k), 1/10
            if any(ma <= a < mb for ma, mb, _e in ments):
                continue  # part of an entity name
            value, low_v = _to_float(m.group()), None
            unit, end = "", b
            if (u := self.unit_rx.match(s, b)) is not None:
                unit, end = self.units[u.group(1)], u.end()
            r = self.range_rx.match(s, end)
            if r is not None and r.group(0).strip().startswith("to") and (
                    _ends_with(["from"], s[:a].rstrip()) or not (unit or self.unit_rx.match(s, r.end()))):
                r = None  # "from 60% to 93%" is a change, "1 to 10" without a unit nothing
            if r is not None:  # "11-27%", "2.35× ∼ 3.47×", "4∼14 times", "5-10", "1.1 to 1.4 times"
                low_v, value, end = value, _to_float(r.group(1)), r.end()
                if (u2 := self.unit_rx.match(s, end)) is not None:
                    unit, end = self.units[u2.group(1)], u2.end()
                pos = end
            if unit == "x" and s[end:end + 3].lstrip()[:1].isdigit():
                continue  # "6.97× 10^3", "3 x 4"
            nxt = s[end] if end < len(s) else " "
            prev_word = None if unit else _word_before(s, a)
            if prev_word and prev_word[1][0].isupper() and prev_word[0] > 0 \
                    and norm_word(prev_word[1]) not in self.metric_heads \
                    and not any(e.type == "Metric" and ma <= prev_word[0] < mb for ma, mb, e in ments):
                continue  # a version or index in a name: "Llama 3.1", "ImageNet 64", "Table 2"
            if not unit:
                if nxt.isalpha() or nxt in "^" or (nxt in "-–" and s[end + 1:end + 2].isalpha()):
                    continue  # 13B, 4-bit, 2D
                if nxt == ")":
                    continue  # enumerators "1)", "(2)", parenthesised sizes "(0613)"
                if _YEAR.match(m.group()) or (low_v is not None and _YEAR.match(str(int(low_v)))):
                    continue
            sign, start = "", a
            if before in "+−" or (before in "-–" and not before2.isalnum()):
                sign, start = ("+" if before == "+" else "-"), a - 1
            q = _Q(start, end, value, low_v, unit, sign)
            self._qualify(s, q)
            if not q.unit and s[:q.start].rstrip()[-2:].lower() == "of" and _FACTOR_OF.search(s[:q.start]):
                q.unit = "x"  # "by a factor of 1.6"
            out.append(q)
        return out

    def _qualify(self, s: str, q: _Q) -> None:
        """Qualifiers around the number: "up to", "roughly", "over", "on average", "(absolute)"."""
        qstart, quals = q.start, cast("list[str]", [])
        while True:
            left = s[:qstart].rstrip()
            low = left.lower()  # (once, not once per qualifier; and most numbers have none: one C test first)
            hit = next((w for w in self.qual_before if low.endswith(w) and (
                len(left) == len(w) or not w[0].isalnum() or not left[-len(w) - 1].isalnum())),
                None) if low.endswith(self.qual_before_ends) else None
            if hit is None:
                break
            qstart = len(left) - len(hit)
            if hit not in self.qual_ignore:
                quals.insert(0, self.qual_names.get(hit, hit))
        qend = q.end
        right = s[qend:]
        stripped = right.lstrip()
        low = stripped.lower()
        for w in self.qual_after if low.startswith(self.qual_after_starts) else ():
            if low.startswith(w) and (len(stripped) == len(w) or not stripped[len(w)].isalnum()):
                following = stripped[len(w):].split()
                if following and following[0].lower().strip(".,;") in self.qual_after_not:
                    continue
                qend += len(right) - len(stripped) + len(w)
                quals.append(self.qual_names.get(w, w))
                break
        q.qstart, q.qend, q.qualifiers = qstart, qend, quals

    # --------------------------------------------------------------- analysis
    def _find_verb(self, s: str, before: int, floor: int) -> re.Match | None:
        """The last cue verb before ``before`` in the clause, not before ``floor`` (a previous number)."""
        lo = max(floor, before - 120)
        lo = max(lo, s.rfind(";", lo, before) + 1, s.rfind(":", lo, before) + 1)
        hits = list(self.verb_rx.finditer(s, lo, before))
        return hits[-1] if hits else None

    def _right(self, s: str, q: _Q, ments) -> None:
        """What follows the number: a comparative, "of NP", a change noun, a metric noun."""
        rwords = self._words(s, q.qend, min(len(s), q.qend + 80))
        first = rwords[0][2].lower() if rwords else ""
        if first in self.comp_inc or first in self.comp_dec:
            q.pattern = "comparative"
            q.direction = "increase" if first in self.comp_inc else "decrease"
            q.pieces.append(rwords[0][:2])
            np = self._np_right(s, rwords[0][1])
            if np is not None:
                head = norm_word(s[np[0]:np[1]].split()[-1].lower())
                if not (self._is_metric(s, np, ments) or head in self.count_metrics):
                    q.keep = False  # "10 times more data": an amount, not a measured result
                    return
                q.metric_span = np
                return
            lnp = self._np_left(s, q.qstart)  # "an active context up to 10x smaller"
            if lnp is not None and not any(e.type in _NOT_METRIC_TYPES and a < lnp[1] and lnp[0] < b
                                           for a, b, e in ments):
                q.metric_span = self._strip_det(s, lnp)
            else:
                q.metric = self.comp_metric.get(first, "")  # "7.59× faster" → speedup
                if not q.metric:
                    q.keep = False  # "3-77× more": more of what?
            return
        if first == "of":
            np = self._np_right(s, rwords[0][1])
            rest = s[rwords[0][1]:].strip().lower()
            if (np is None or not self._is_metric(s, np, ments) or q.unit != "%"
                    or any(rest.startswith(f) and not rest[len(f):len(f) + 1].isalnum() for f in self.fraction_not)):
                q.keep = False  # "70% of functional designs", "76% of the time"
                return
            q.pattern, q.metric_span = "fraction", np  # "preserves 99% of full-attention accuracy"
            return
        if first == "in" and len(rwords) > 1:  # "by 4.9 points in top-1 accuracy"
            np = self._np_right(s, rwords[0][1])
            if np is not None and self._is_metric(s, np, ments):
                q.metric_span = self._strip_det(s, np)
            return
        np = self._np_right(s, q.qend) if rwords and rwords[0][2][0].isalpha() else None
        if np is None:
            return
        words = s[np[0]:np[1]].split()
        low = [w.lower() for w in words]
        idx = next((i for i, w in enumerate(low) if w in self.change_nouns), None)
        if idx is not None:
            noun = low[idx]
            q.pattern = "noun"
            q.direction = ("better" if noun in self.gnoun_better else
                           "increase" if noun in self.mnoun_inc | self.gnoun_inc else "decrease")
            cut = min(self._after_words(s, np[0], idx + 1), np[1])
            q.pieces.append((np[0], cut))
            comp = re.match(r"\s+(?:in|of)\s+", s[cut:])  # "30% reduction in latency"
            np2 = self._np_right(s, cut + comp.end()) if comp else None
            if np2 is not None and self._is_metric(s, np2, ments):
                q.metric_span = np2
            elif np2 is not None and comp is not None and comp.group().strip().lower() == "in" \
                    and (framed := self._framed_measure(s, np2, ments)) is not None:
                q.metric_span, q.framed = framed, True  # "2.8x reduction in MAC operations"
            elif noun in self.mnoun_inc | self.mnoun_dec:
                q.metric_span = self._strip_det(s, (np[0], cut))  # "75% KV cache compression"
            elif idx > 0 and self._is_metric(s, mods := self._strip_det(s, (np[0], self._after_words(s, np[0], idx))),
                                             ments):
                q.metric_span = mods  # "5% accuracy gain"
        elif len(low) > 1 and low[-1] in ("points", "point"):
            q.pattern, q.unit = "absolute", "points"  # "76 accuracy points"
            q.metric_span = (np[0], self._after_words(s, np[0], len(words) - 1))
            q.pieces.append(np)
        elif self._is_metric(s, np, ments) and norm_word(low[-1]) not in self.count_metrics:
            q.pattern, q.metric_span = "absolute", self._strip_det(s, np)  # "80.0% top-1 accuracy", "26.79 perplexity"
            after = self._words(s, np[1], min(len(s), np[1] + 20))
            word = after[0][2].lower() if after else ""
            if word in self.comp_inc | self.comp_dec:  # "5.9 F1 higher than"
                q.pattern, q.direction = "comparative", "increase" if word in self.comp_inc else "decrease"
                q.pieces.append(after[0][:2])

    def _frame(self, s: str, q: _Q, verb: re.Match | None, obj_from: int, obj_to: int, inherited: bool,
               ments) -> None:
        """Read "VERB [object] by/from … Q": direction, metric from the object, or the object as baseline."""
        if verb is not None:
            q.verb, q.verb_span = self._verb_class(verb.group(0)), (verb.start(), verb.end())
            q.pieces.append(q.verb_span)
        seg = s[obj_from:obj_to]
        over = re.match(r"\s*(?:over|upon|on)\s+", seg)
        inside = re.match(r"\s*(?:in|of)\s+", seg)  # "a gain in VQA accuracy by 14%"
        obj = None
        if inside is not None:
            obj = self._np_right(s, obj_from + inside.end(), max_words=8, limit=obj_to)
        elif over is not None:  # "improves over existing approaches by 1.75×"
            span = self._np_right(s, obj_from + over.end(), max_words=8, keep_det=True, limit=obj_to)
            if span is not None:
                q.baseline = q.baseline or s[span[0]:span[1]]
        else:
            obj = self._np_right(s, obj_from, max_words=8, limit=obj_to)
        if obj is not None:
            q.pieces.append(obj)
        if q.verb == "speed":
            if not q.has_metric():
                q.metric = self.speed_metric
        elif obj is not None and q.verb != "rival" and self._object_is_metric(s, obj, ments):
            if not q.has_metric():
                q.metric_span = self._strip_det(s, obj)
        elif obj is not None and (q.verb == "rival" or (q.verb == "better" and not inherited)):
            span = self._np_right(s, obj_from, max_words=8, keep_det=True, limit=obj_to) or obj
            q.baseline = q.baseline or s[span[0]:span[1]]  # "outperforms X by 3%": X is the baseline
        if not q.has_metric() and verb is not None and not inherited:
            lnp = self._np_left(s, verb.start())  # "accuracy increases by 5%", "accuracy increase (from 31% to 37%)"
            if lnp is not None and self._is_metric(s, lnp, ments):
                q.metric_span = lnp
                q.pieces.append(lnp)
        if q.pattern not in ("comparative", "noun"):
            q.direction = {"decrease": "decrease", "increase": "increase", "speed": "increase"}.get(q.verb, "better")
            q.pattern = "list" if inherited else "verb"

    def _analyse(self, s: str, q: _Q, prev: _Q | None, ments) -> None:
        left = s[:q.qstart].rstrip()
        if prev is not None and _ends_with(self.baseline_values, left) and ";" not in s[prev.end:q.start]:
            unit_word = self._np_right(s, q.end, max_words=2)
            stop = unit_word[1] if unit_word is not None and unit_word[0] - q.end <= 1 and not q.unit else q.end
            prev.baseline = prev.baseline or s[q.start:stop]  # "34 FPS vs 0.028 FPS": the baseline's value
            q.keep = False
            return
        if _ends_with(["from"], left):
            q.keep = False  # "from Q1 to Q2" is read with Q2
            return
        self._right(s, q, ments)
        if not q.keep:
            return
        setting = _ends_with(self.setting_before, left)
        framed = False
        floor = prev.qend if prev is not None else 0
        by = _ends_with(["by"], left)
        # (the regexes scan all of ``left``: first the cheap test of how it ends)
        ft = _FROM_TO.search(left) if left[-2:].lower() == "to" else None
        comp = re.search(r"(?<![\w-])(\w+)\s+by$", left) if by is not None else None
        if by is not None and comp is not None and comp.group(1).lower() in self.comp_inc | self.comp_dec \
                and q.pattern not in ("comparative", "noun"):
            framed, word = True, comp.group(1).lower()  # "runs faster by up to 10 times", "latency lower by 20%"
            q.pattern, q.direction = "comparative", "increase" if word in self.comp_inc else "decrease"
            q.pieces.append((comp.start(1), comp.end(1)))
            lnp = self._np_left(s, comp.start(1))
            if not q.has_metric() and lnp is not None and self._is_metric(s, lnp, ments):
                q.metric_span = lnp
            elif not q.has_metric():
                q.metric = self.comp_metric.get(word, "")
        elif by is not None:
            framed = True
            verb = self._find_verb(s, by.start(), floor)
            if verb is not None:
                self._frame(s, q, verb, verb.end(), by.start(), False, ments)
            elif prev is not None and prev.verb and ";" not in s[prev.end:by.start()]:
                # "outperforms A by 11%, B by 47% and C by 42%"
                q.verb = prev.verb
                conn = cast(re.Match, re.match(r"[\s,]*(?:and\s+|or\s+)?", s[prev.qend:by.start()]))  # matches ""
                self._frame(s, q, None, prev.qend + conn.end(), by.start(), True, ments)
        elif ft is not None:
            framed, setting = True, None
            unit1 = ft.group(2) or {"%": "%", "x": "×", "points": " points"}.get(q.unit, "")
            q.baseline = q.baseline or ft.group(1) + unit1
            q.pieces.append((ft.start(), ft.end()))
            verb = self._find_verb(s, ft.start(), floor)
            if verb is not None:
                self._frame(s, q, verb, verb.end(), ft.start(), False, ments)
            elif not q.has_metric():
                lnp = self._np_left(s, ft.start())
                if lnp is not None and self._is_metric(s, lnp, ments):
                    q.metric_span = lnp
            v1 = _to_float(ft.group(1).lstrip("+-−"))
            if q.direction in ("", "better") and q.pattern not in ("comparative", "noun"):
                q.direction = "increase" if q.value > v1 else "decrease" if q.value < v1 else ""
            q.pattern = q.pattern or "verb"
        elif (to := _ends_with(["to"], left)) is not None and (verb := self._find_verb(s, to.start(), floor)) \
                and (obj := self._np_right(s, verb.end(), max_words=8, limit=to.start())) is not None \
                and self._is_metric(s, obj, ments):
            framed, setting = True, None  # "improves the classification accuracy to 83.37%": the new level
            self._frame(s, q, verb, verb.end(), to.start(), False, ments)
        else:
            link = _ends_with(self.links, left)  # "accuracy of 55.7%", "FID=3.88", "speedup of 2x", "gains of 1-8%"
            if link is not None:
                lnp = self._np_left(s, link.start(), max_words=3)
                if lnp is not None:
                    words = s[lnp[0]:lnp[1]].split()
                    head = words[-1].lower()
                    if head in self.change_nouns and link.group(0).lower() == "of":
                        framed = True
                        if not q.direction:
                            q.direction = ("better" if head in self.gnoun_better else "increase"
                                           if head in self.mnoun_inc | self.gnoun_inc else "decrease")
                        if not q.has_metric():
                            if head in self.mnoun_inc | self.mnoun_dec:
                                q.metric_span = lnp
                            elif len(words) > 1 and self._is_metric(
                                    s, mods := (lnp[0], self._after_words(s, lnp[0], len(words) - 1)), ments):
                                q.metric_span = mods  # "accuracy improvement of 9%"
                        q.pieces.append(lnp)
                        q.pattern = q.pattern or "noun"
                    elif self._is_metric(s, lnp, ments) and not q.has_metric():
                        framed = True
                        q.metric_span = lnp
                        q.pattern = q.pattern or "absolute"
            verb = re.search(r"(?<![\w-])(\w+(?:\s+up)?)\s*$", left)  # "save up to 64% training FLOPs"
            if verb is not None and self._verb_class(verb.group(1)):
                framed = True
                q.verb, q.verb_span = self._verb_class(verb.group(1)), (verb.start(1), verb.end(1))
                q.pieces.append(q.verb_span)
                if q.pattern not in ("comparative", "noun"):
                    q.direction = {"decrease": "decrease", "increase": "increase", "speed": "increase"}.get(
                        q.verb, "better")
                if q.verb == "speed" and not q.has_metric():
                    q.metric = self.speed_metric
            elif not framed:
                verb = self._find_verb(s, len(left), floor)  # "increases effective context length up to 20x"
                obj = self._np_right(s, verb.end(), max_words=6, limit=len(left)) if verb is not None else None
                if verb is not None and obj is not None and obj[1] == len(left) and self._object_is_metric(s, obj, ments):
                    framed = True
                    self._frame(s, q, verb, verb.end(), len(left), False, ments)
                elif verb is not None and not q.direction and len(left) - verb.end() <= 60:
                    cls = self._verb_class(verb.group(0))  # "reduces the number of evaluations … 10-100×"
                    q.direction = {"decrease": "decrease", "increase": "increase", "speed": "increase"}.get(cls, "")
        if setting is not None and q.pattern not in ("comparative", "noun"):
            q.keep = False  # "at 70% sparsity", "in 5-10 function evaluations", "with 10% of the data"
            return
        span = q.metric_span
        strict = span is not None and self._is_metric(s, span, ments) and \
            norm_word(s[span[0]:span[1]].split()[-1]) not in self.count_metrics
        if not q.unit and not (q.pattern in ("absolute", "verb", "comparative") and strict):
            q.keep = False  # bare numbers only as a metric's value ("FID=3.88", "by 26.79 perplexity")
            return
        if q.sign and not q.direction:
            q.direction = "increase" if q.sign == "+" else "decrease"
        q.pattern = q.pattern or "bare"

    def _inherit(self, s: str, kept: list[_Q]) -> None:
        """Lists: "by 26.1% and 10.3%, respectively", "80.0% and 87.8% accuracy", "1.75×, 1.04×, and 1.31×"."""
        for i, q in enumerate(kept):
            nxt = kept[i + 1] if i + 1 < len(kept) else None
            prv = kept[i - 1] if i > 0 else None
            joined_next = nxt is not None and re.fullmatch(r"[\s,]*(?:and|or)?\s*", s[q.qend:nxt.qstart])
            joined_prev = prv is not None and re.fullmatch(r"[\s,]*(?:and|or)?\s*", s[prv.qend:q.qstart])
            delta = prv is not None and re.fullmatch(r"\s*\(", s[prv.qend:q.qstart]) and q.sign
            if delta and prv is not None:  # "83.37% (+8.11%)": the change of the previous value
                if not q.has_metric():
                    q.metric_span, q.metric, q.inherited = prv.metric_span, prv.metric, True
                q.baseline = q.baseline or prv.baseline
            elif not q.has_metric() and joined_next and nxt is not None and nxt.has_metric():
                q.metric_span, q.metric, q.inherited = nxt.metric_span, nxt.metric, True
                q.direction = q.direction or nxt.direction
                q.baseline = q.baseline or nxt.baseline
            elif joined_prev and prv is not None:
                if not q.has_metric():
                    q.metric_span, q.metric, q.inherited = prv.metric_span, prv.metric, True
                q.direction = q.direction or prv.direction
                q.baseline = q.baseline or prv.baseline
            elif not q.has_metric():
                for p in reversed(kept[:i]):
                    if ";" in s[p.end:q.start]:
                        break
                    if p.has_metric() and (p.unit == q.unit or {p.unit, q.unit} <= {"%", "points"}):
                        q.metric_span, q.metric, q.inherited = p.metric_span, p.metric, True
                        q.direction = q.direction or p.direction
                        q.baseline = q.baseline or p.baseline
                        break
                else:
                    continue
            else:
                continue
            if q.pattern in ("bare", ""):
                q.pattern = "list"

    def _baseline(self, s: str, q: _Q) -> str:
        """The phrase after over/than/relative to/compared to … later in the clause, or a leading "Compared to X,"."""
        end = s.find(";", q.qend)
        end = len(s) if end < 0 else end
        if s.rfind("(", 0, q.start) > s.rfind(")", 0, q.start):  # inside parentheses: only there
            close = s.find(")", q.end)
            end = min(end, close) if close >= 0 else end
        for m in self.baseline_rx.finditer(s, q.qend, end):
            rest = s[m.start():].lower()
            if any(rest.startswith(p) and not rest[len(p):len(p) + 1].isalnum() for p in self.baseline_not):
                continue
            if re.match(r"[+\-−~∼≈$]?\d", s[m.end():]):
                continue  # "over 60%", "more than 10": qualifiers
            span = self._np_right(s, m.end(), max_words=8, keep_det=True, limit=end)
            if span is not None:
                of = re.match(r"\s+of\s+", s[span[1]:end])  # "the cost of human annotation"
                tail = self._np_right(s, span[1] + of.end(), max_words=4, keep_det=True, limit=end) if of else None
                return s[span[0]:(tail or span)[1]].strip()
        lead = len(s) - len(s.lstrip())
        opening = self.baseline_rx.match(s, lead)
        if opening is not None and opening.group(1).lower() not in ("over", "than", "against"):
            span = self._np_right(s, opening.end(), max_words=8, keep_det=True)
            if span is not None and span[1] <= q.qstart:
                return s[span[0]:span[1]].strip()
        return ""

    # ------------------------------------------------------------------- main
    def __call__(self, doc: Doc) -> Doc:
        st = state(doc)
        ents = st.entities
        out: list[ResultCandidate] = []
        st.results = out
        mentions = [(m.start, m.end, e) for e in ents for m in e.mentions]
        mentions.sort(key=_START_END)  # stable, by (start, end): a key read in C
        starts = [m[0] for m in mentions]
        main = st.main
        text = doc_text(doc)
        named: list[tuple[int, int]] = []
        digit = -1  # the first ASCII digit of the text at or after the sentence's start (one pass over the text)
        for sent, a, b in zip(sentences(doc), *sentence_offsets(doc)):
            # only sentences with a digit can claim a result; the regex finds an ASCII one fast
            if digit < a:
                digit = _first_digit(text, a)
            if digit < b or (not (s := text[a:b]).isascii() and any(map(str.isdigit, s))):
                out.extend(self._sentence(text, sent, mentions[bisect_left(starts, a):bisect_right(starts, b)], main,
                                          named))
        # the metric phrases a claim names and no rule found: a measured quantity is a Metric (the merge
        # pass after this component makes them mentions of entities)
        st.proposals.extend(Candidate(start, end, "Metric", Finder.RESULTS, self.conf["named_metric"], rule="metric",
                                      surface=text[start:end]) for start, end in named)
        return doc

    def _named_metric(self, s: str, span: tuple[int, int], ments, framed: bool = False) -> tuple[int, int] | None:
        """The metric phrase as a new Metric mention, if it names a measure and overlaps no entity.

        "reducing time-to-first-response by 60%" measures something a reader would query for; "task
        performance" or "the gap" does not, and a phrase over an entity ("KV cache memory") is that entity's.
        """
        a, b = span
        words = s[a:b].split()
        if not 1 <= len(words) <= 4 or any(a < y and x < b for x, y, _e in ments):
            return None
        if not all(_METRIC_WORD.fullmatch(w) for w in words) or words[0].lower() in self.left_stops:
            return None
        parts = words[-1].lower().split("-")
        head = parts[0] if "to" in parts[1:-1] else parts[-1]  # "time-to-first-token" is a time
        if norm_word(head) not in self.named_metric_heads and head not in self.named_metric_heads and not framed:
            return None
        if len(words) == 1 and len(parts) == 1:
            return None  # a bare "cost" or "speed": an aspect, not a named measure
        if s[a:b].lower() in self.res.generic_terms:
            return None
        return a, b

    def _subject(self, s: str, q: _Q, base: int, ments, main) -> tuple[int, int] | None:
        """A proposed entity named before the number (or anywhere in the sentence), else the main contribution
        when the sentence refers to it ("our method", "it") or reports an evaluation."""
        named = [(a, b) for a, b, e in ments if e.proposed and e.type in SUBJECT_TYPES]
        before = [span for span in named if span[0] < q.start]
        if before:
            return before[-1]
        if named:
            return named[0]
        if main is None:
            return None
        words = s.split()
        opener = words[0].lower().strip(",") if words else ""
        evaluation = {norm_word(w.strip(".,;:()")) for w in words} & self.evaluation
        if self.self_ref.search(s) or (evaluation and opener in self.eval_openers):
            m = main.mentions[0]
            return m.start - base, m.end - base
        return None

    def _sentence(self, text: str, sent: Span, mentions, main, named: list[tuple[int, int]]) -> list[ResultCandidate]:
        """The claims of one sentence; ``mentions``: the doc's mentions that start in it (by start and end)."""
        base, end = sent.start_char, sent.end_char
        s = text[base:end]
        ments = [(a - base, b - base, e) for a, b, e in mentions if base <= a and b <= end]
        prev: _Q | None = None
        kept: list[_Q] = []
        for q in self._quantities(s, ments):
            self._analyse(s, q, prev, ments)
            if q.keep:
                kept.append(q)
                prev = q
        self._inherit(s, kept)
        out: list[ResultCandidate] = []
        for q in kept:
            if q.metric_span is not None:
                q.metric_span = self._strip_det(s, q.metric_span)
            metric = q.metric or (s[q.metric_span[0]:q.metric_span[1]] if q.metric_span else "")
            metric = metric.strip(" .,;:")
            if q.direction == "better":
                q.direction = "decrease" if self._lower_better(metric) else "increase"
            if q.unit == "x" and not q.direction:
                q.direction = "increase"  # "3.1× throughput": a factor is an increase unless a cue says less
            if q.pattern == "fraction":
                q.direction = ""
            if not metric and (not q.direction or not q.unit):
                continue  # nothing said about the number
            metric_entity = None
            if q.metric_span is not None:
                hits = [(a, b) for a, b, e in ments
                        if e.type == "Metric" and q.metric_span[0] <= a and b <= q.metric_span[1]]
                metric_entity = max(hits, key=lambda h: (h[1] - h[0], -h[0])) if hits else None
                if metric_entity is None and not q.inherited:
                    metric_entity = self._named_metric(s, q.metric_span, ments, q.framed)
                    if metric_entity is not None:
                        named.append((metric_entity[0] + base, metric_entity[1] + base))
            subject = self._subject(s, q, base, ments, main)
            pieces = q.pieces + [(q.qstart, q.qend)] + ([q.metric_span] if q.metric_span and not q.inherited else [])
            a, b = min(p[0] for p in pieces), max(p[1] for p in pieces)
            conf = float(self.conf.get(q.pattern, self.conf["bare"])) - (0.15 if not metric else 0.0)
            out.append(ResultCandidate(
                value=q.value, unit=q.unit, metric=metric, direction=q.direction,
                baseline=(q.baseline or self._baseline(s, q)).strip(" .,;:"),
                qualifier=", ".join(dict.fromkeys(q.qualifiers)), sentence=(sent.start_char, sent.end_char),
                span=(base + a, base + b),
                subject=(subject[0] + base, subject[1] + base) if subject else None,
                metric_entity=(metric_entity[0] + base, metric_entity[1] + base) if metric_entity else None,
                component=f"results:{q.pattern}", confidence=round3(conf), low=q.low, text=s[a:b].strip()))
        return out


@Language.factory("kg_results", requires=contract("entities", "main"), assigns=contract("results", "proposals"),
                  default_config={"resources": SHIPPED})
def make_results(nlp: Language, name: str, resources: Resources) -> ResultFinder:
    return ResultFinder(resources, resources.result_cues)
