"""Candidate spans of an abstract and their features, for the learned span scorer (bench/span_scorer.py).

No tagger or parser runs in kg (``spacy.blank("en")``), so candidates are the sub-spans of the
content-word runs kg's finders already read (:func:`kg.extract.text.chunk_ranges`): 1 to
:data:`MAX_WORDS` words, hyphen compounds one word. Features are meant to carry across venues: the
word count and shape, the head noun's class (heads.tsv, the kind-noun lists), how common the words are
in English (``wordfreq``), cue words around it, its position, its mentions, and what the rules made
of the same span. No feature names an entity's words beyond kg's closed word lists, so the model
cannot copy gold entries.
"""
from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache

from spacy.tokens import Doc

from kg.evaluate.matching import norm
from kg.extract.resources import Resources
from kg.extract.state import state
from kg.extract.text import (Modifiers, chunk_ranges, doc_text, head_type, is_acronym, is_coined,
                             is_describing_adjective, norm_word, sentence_offsets, sentences, tokens, word_ranges)
from kg.types import ENTITY_TYPES

MAX_WORDS = 6
FINDERS = ("lexicon", "acronym", "coined", "pattern", "phrase", "contribution", "relation", "results")


@lru_cache(maxsize=1 << 17)
def zipf(word: str) -> float:
    """Zipf frequency of a word in English (0 for an unknown word): 6 is "the", < 3 is rare."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word.lower(), "en", wordlist="small")


@dataclass
class SpanCand:
    start: int  # token offsets
    end: int
    start_char: int
    end_char: int
    text: str
    key: str  # score.py's norm of the text


class Lists:
    """kg's closed word lists the features read, as sets (built once per Resources)."""

    def __init__(self, res: Resources):
        w = res.words
        self.kind = {
            "Method": set(w.phrase_method_kind_heads) | set(w.coined_method_nouns),
            "Dataset": set(w.phrase_dataset_heads) | set(w.coined_dataset_nouns),
            "Task": set(w.phrase_task_heads),
            "Model": set(w.phrase_model_heads) | set(w.coined_model_nouns),
            "Metric": {x.lower() for x in res.result_cues.get("metric_heads", [])},
        }
        cues = res.cues
        self.contribution = set(cues["contribution_verbs"]) | set(cues["contribution_verbs_past"])
        self.naming = set(cues["naming_cues"])
        self.evaluation = set(cues["evaluation_cues"])
        self.outperform = {c for c in cues["outperform_cues"] if " " not in c}
        self.measure = [c.split() for c in cues["measure_cues"]]
        self.list_links = set(cues["list_links"])
        self.problem = set(cues["problem_heads"])
        self.problem_verbs = set(cues["problem_verbs"])
        self.use = {c for c in cues["use_cues"] if " " not in c}
        self.paper_task = set(cues["paper_task_verbs"])
        self.determiners = set(w.determiners) | set(w.phrase_articles)
        self.modifiers = Modifiers(res)
        # the types of kg's lexicon terms by their last word: "X network" is mostly a Model, "X detection" a Task
        self.lex_heads: dict[str, dict[str, int]] = {}
        for e in res.lexicon:
            last = e.term.split()[-1] if e.term.split() else ""
            counts = self.lex_heads.setdefault(norm_word(last.split("-")[-1]), {})
            counts[e.type] = counts.get(e.type, 0) + 1


_LISTS: dict[int, Lists] = {}


def lists(res: Resources) -> Lists:
    out = _LISTS.get(id(res))
    if out is None:
        out = _LISTS[id(res)] = Lists(res)
    return out


FEATURES: list[str] = (
    [f"words={n}" for n in (1, 2, 3, 4, 5)] + ["whole_chunk", "starts_chunk", "ends_chunk", "chunk_words_log"]
    + [f"head_type={t}" for t in ENTITY_TYPES] + ["head_type_conf", "head_kind_any"]
    + [f"head_kind={t}" for t in ("Method", "Dataset", "Task", "Model", "Metric")]
    + ["head_generic", "head_model_part", "head_problem", "head_plural"]
    + [f"next_kind={t}" for t in ("Method", "Dataset", "Task", "Model", "Metric")] + ["next_is_content"]
    + ["first_weak", "first_adjective", "first_ed_ing", "first_capital", "first_number", "prev_content"]
    + ["any_acronym", "all_acronym", "head_acronym", "title_case", "all_lower", "any_coined", "head_coined",
       "one_coined", "any_digit", "any_hyphen", "mixed_case_word"]
    + ["zipf_min", "zipf_mean", "zipf_head", "zipf_first", "rare_words", "unknown_words", "zipf_max"]
    + ["generic_term", "prev_determiner", "prev_our", "prev_paren", "next_paren_acronym", "in_parens",
       "next_paren", "after_naming", "contribution_before", "sentence_contribution", "sentence_evaluation",
       "sentence_outperform", "measure_before", "prev_on", "prev_of", "list_link_before", "next_comma_and"]
    + ["in_title", "first_sentence", "last_sentence", "position"]
    + ["mentions_log", "head_mentions_log", "text_len_log"]
    + ["rule_exact", "rule_inside", "rule_contains", "rule_cross", "rule_same_key", "rule_none_near"]
    + [f"rule_exact_type={t}" for t in ENTITY_TYPES]
    + [f"cand_exact={f}" for f in FINDERS] + ["cand_inside", "cand_contains"]
    + ["single_lower", "single_lower_common", "acronym_defined"]
    + [f"lex_head={t}" for t in ENTITY_TYPES] + ["lex_head_log"]
    + [f"paper_head={t}" for t in ENTITY_TYPES]
    + ["prev_for", "problem_verb_before", "use_before", "paper_task_before", "evaluation_before", "next_of"]
)
INDEX = {name: i for i, name in enumerate(FEATURES)}


def candidates(doc: Doc, res: Resources) -> list[SpanCand]:
    """Every 1..MAX_WORDS-word sub-span of each content-word run, once each."""
    toks = tokens(doc)
    text = doc_text(doc)
    out: list[SpanCand] = []
    seen: set[tuple[int, int]] = set()
    for sent in sentences(doc):
        for a, b in chunk_ranges(doc, sent.start, sent.end, res):
            words = word_ranges(toks.joiner, a, b)
            for i in range(len(words)):
                for j in range(i, min(len(words), i + MAX_WORDS)):
                    s, e = words[i][0], words[j][1]
                    if (s, e) in seen:
                        continue
                    seen.add((s, e))
                    sc, ec = toks.idx[s], toks.end_char(e - 1)
                    span = text[sc:ec]
                    key = norm(span)
                    if key:
                        out.append(SpanCand(s, e, sc, ec, span, key))
    return out


def featurize(doc: Doc, res: Resources, cands: list[SpanCand], title_chars: int) -> list[list[float]]:
    """One feature row (:data:`FEATURES`) per candidate; ``title_chars``: where the abstract starts (0: no title)."""
    L = lists(res)
    toks = tokens(doc)
    text = doc_text(doc)
    low, norms, idx = toks.lower, toks.norm, toks.idx
    n = len(low)
    st = state(doc)
    starts, ends = sentence_offsets(doc)
    first_abstract = next((i for i, s in enumerate(starts) if s >= title_chars), 0)
    # per-token sentence index and sentence-level cue flags
    sent_of = [0] * n
    sent_flags: list[tuple[bool, bool, bool]] = []
    for si, sent in enumerate(sentences(doc)):
        words = set(low[sent.start:sent.end])
        sent_flags.append((bool(words & L.contribution), bool(words & L.evaluation), bool(words & L.outperform)))
        for t in range(sent.start, sent.end):
            sent_of[t] = si
    n_sents = len(starts)
    # the rules' mentions and candidates, as character spans
    mentions: dict[tuple[int, int], str] = {}
    rule_keys: set[str] = set()
    paper_heads: dict[str, dict[str, int]] = {}
    for ent in st.entities:
        last = ent.preferred_label.split()[-1] if ent.preferred_label.split() else ""
        counts = paper_heads.setdefault(norm_word(last.split("-")[-1]), {})
        counts[str(ent.type)] = counts.get(str(ent.type), 0) + 1
        for m in ent.mentions:
            mentions[(m.start, m.end)] = str(ent.type)
        rule_keys.update(norm(s) for s in ent.surfaces())
    finder_spans: dict[tuple[int, int], set[str]] = {}
    for c in st.candidates:
        finder_spans.setdefault((c.start, c.end), set()).add(str(c.finder))
    # sorted by start; a span overlapping [a, b) starts after a - (the longest span's length)
    ment_list = sorted(mentions)
    cand_list = sorted(finder_spans)
    ment_starts, cand_starts = [a for a, _b in ment_list], [a for a, _b in cand_list]
    ment_longest = max((b - a for a, b in ment_list), default=0)
    cand_longest = max((b - a for a, b in cand_list), default=0)
    # tokens that end a measure cue ("in terms of", "measured by")
    measure_end = [False] * n
    for t in range(n):
        measure_end[t] = any(low[t - len(m) + 1:t + 1] == m for m in L.measure if t + 1 >= len(m))
    # mention counts
    key_count: dict[str, int] = {}
    for c in cands:
        key_count[c.key] = key_count.get(c.key, 0) + 1
    head_count: dict[str, int] = {}
    for w in norms:
        head_count[w] = head_count.get(w, 0) + 1
    # acronyms defined in the doc: "long form (ACR)"
    defined: set[str] = set()
    for i in range(1, n - 1):
        if toks.text[i - 1] == "(" and toks.text[i + 1] == ")" and is_acronym(toks.text[i]):
            defined.add(toks.text[i])
    chunk_of: dict[int, tuple[int, int]] = {}
    for sent in sentences(doc):
        for a, b in chunk_ranges(doc, sent.start, sent.end, res):
            for t in range(a, b):
                chunk_of[t] = (a, b)
    rows: list[list[float]] = []
    nf = len(FEATURES)
    for c in cands:
        f = [0.0] * nf

        def put(name: str, value: float = 1.0, f=f) -> None:
            f[INDEX[name]] = value

        words = word_ranges(toks.joiner, c.start, c.end)
        wtexts = [text[idx[a]:toks.end_char(b - 1)] for a, b in words]
        nw = len(words)
        put(f"words={min(nw, 5)}")
        ca, cb = chunk_of.get(c.start, (c.start, c.end))
        put("whole_chunk", float(ca == c.start and cb == c.end))
        put("starts_chunk", float(ca == c.start))
        put("ends_chunk", float(cb == c.end))
        put("chunk_words_log", math.log1p(len(word_ranges(toks.joiner, ca, cb))))
        head = wtexts[-1]
        hnorm = norms[c.end - 1]
        ht = head_type(head, res)
        if ht:
            put(f"head_type={ht[0]}")
            put("head_type_conf", ht[1])
        any_kind = False
        for t, ws in L.kind.items():
            if hnorm in ws or head.lower() in ws:
                put(f"head_kind={t}")
                any_kind = True
        put("head_kind_any", float(any_kind))
        put("head_generic", float(hnorm in res.generic_heads))
        put("head_model_part", float(hnorm in res.model_parts))
        put("head_problem", float(hnorm in L.problem))
        put("head_plural", float(head.lower() != hnorm))
        if c.end < n:
            nxt = norms[c.end]
            for t, ws in L.kind.items():
                if nxt in ws:
                    put(f"next_kind={t}")
            put("next_is_content", float(c.end < cb))
        first = wtexts[0]
        put("first_weak", float(L.modifiers.is_weak(first.lower(), True, False)))
        put("first_adjective", float(is_describing_adjective(first, res)))
        put("first_ed_ing", float(first.lower().endswith(("ed", "ing")) and nw > 1))
        put("first_capital", float(first[:1].isupper()))
        put("first_number", float(first[:1].isdigit()))
        put("prev_content", float(c.start > ca))
        acr = [is_acronym(w) for w in wtexts]
        put("any_acronym", float(any(acr)))
        put("all_acronym", float(all(acr)))
        put("head_acronym", float(acr[-1]))
        put("title_case", float(all(w[:1].isupper() for w in wtexts)))
        put("all_lower", float(c.text.islower()))
        coined = [is_coined(w, res) for w in wtexts]
        put("any_coined", float(any(coined)))
        put("head_coined", float(coined[-1]))
        put("one_coined", float(nw == 1 and coined[0]))
        put("any_digit", float(any(ch.isdigit() for ch in c.text)))
        put("any_hyphen", float("-" in c.text))
        put("mixed_case_word", float(any(any(ch.isupper() for ch in w[1:]) and any(ch.islower() for ch in w)
                                         for w in wtexts)))
        zs = [zipf(p) for w in wtexts for p in w.split("-") if p]
        zs = zs or [0.0]
        put("zipf_min", min(zs) / 8)
        put("zipf_max", max(zs) / 8)
        put("zipf_mean", sum(zs) / len(zs) / 8)
        put("zipf_head", zipf(head.split("-")[-1] or head) / 8)
        put("zipf_first", zipf(first.split("-")[0] or first) / 8)
        put("rare_words", sum(z < 3 for z in zs) / len(zs))
        put("unknown_words", sum(z == 0 for z in zs) / len(zs))
        put("generic_term", float(c.text.lower() in res.generic_terms))
        prev = low[c.start - 1] if c.start > 0 else ""
        nxt_tok = toks.text[c.end] if c.end < n else ""
        put("prev_determiner", float(prev in L.determiners))
        put("prev_our", float(prev == "our"))
        put("prev_paren", float(prev == "("))
        put("next_paren", float(nxt_tok == "("))
        put("in_parens", float(prev == "(" and nxt_tok == ")"))
        put("next_paren_acronym", float(nxt_tok == "(" and c.end + 1 < n and is_acronym(toks.text[c.end + 1])))
        back = low[max(c.start - 6, 0):c.start]
        put("after_naming", float(bool(set(low[max(c.start - 3, 0):c.start]) & L.naming)))
        put("contribution_before", float(bool(set(back) & L.contribution)))
        si = sent_of[c.start]
        put("sentence_contribution", float(sent_flags[si][0]))
        put("sentence_evaluation", float(sent_flags[si][1]))
        put("sentence_outperform", float(sent_flags[si][2]))
        put("measure_before", float(c.start > 0 and (measure_end[c.start - 1]
                                                      or (c.start > 1 and measure_end[c.start - 2]))))
        put("prev_on", float(prev in ("on", "across")))
        put("prev_of", float(prev == "of"))
        put("list_link_before", float(bool(set(back[-3:]) & L.list_links)))
        put("next_comma_and", float(nxt_tok in (",", "and", "or")))
        put("in_title", float(c.start_char < title_chars))
        put("first_sentence", float(si == first_abstract))
        put("last_sentence", float(si == n_sents - 1))
        put("position", c.start_char / max(len(text), 1))
        put("mentions_log", math.log1p(key_count[c.key] - 1))
        put("head_mentions_log", math.log1p(head_count.get(hnorm, 1) - 1))
        put("text_len_log", math.log1p(len(c.text)) / 4)
        span = (c.start_char, c.end_char)
        mt = mentions.get(span)
        if mt is not None:
            put("rule_exact")
            if mt in ENTITY_TYPES:
                put(f"rule_exact_type={mt}")
        inside = contains = cross = False
        for ms, me in ment_list[bisect_left(ment_starts, c.start_char - ment_longest):]:
            if me <= c.start_char:
                continue
            if ms >= c.end_char:
                break
            if (ms, me) == span:
                continue
            if ms <= c.start_char and me >= c.end_char:
                inside = True
            elif ms >= c.start_char and me <= c.end_char:
                contains = True
            else:
                cross = True
        put("rule_inside", float(inside))
        put("rule_contains", float(contains))
        put("rule_cross", float(cross))
        put("rule_same_key", float(c.key in rule_keys))
        put("rule_none_near", float(mt is None and not (inside or contains or cross)))
        for fd in finder_spans.get(span, ()):
            if fd in FINDERS:
                put(f"cand_exact={fd}")
        cin = ccon = False
        for cs, ce in cand_list[bisect_left(cand_starts, c.start_char - cand_longest):]:
            if ce <= c.start_char:
                continue
            if cs >= c.end_char:
                break
            if (cs, ce) == span:
                continue
            if cs <= c.start_char and ce >= c.end_char:
                cin = True
            elif cs >= c.start_char and ce <= c.end_char:
                ccon = True
        put("cand_inside", float(cin))
        put("cand_contains", float(ccon))
        put("single_lower", float(nw == 1 and c.text.islower()))
        put("single_lower_common", float(nw == 1 and c.text.islower() and zs[0] >= 4))
        put("acronym_defined", float(any(w in defined for w in wtexts)))
        hkey = norm_word(head.split("-")[-1])
        lex = L.lex_heads.get(hkey)
        if lex:
            total = sum(lex.values())
            for t, k in lex.items():
                if t in ENTITY_TYPES:
                    put(f"lex_head={t}", k / (total + 1))
            put("lex_head_log", math.log1p(total) / 5)
        ph = paper_heads.get(hkey)
        if ph:
            total = sum(ph.values())
            for t, k in ph.items():
                if t in ENTITY_TYPES:
                    put(f"paper_head={t}", k / total)
        near = set(low[max(c.start - 3, 0):c.start])
        put("prev_for", float(prev == "for"))
        put("problem_verb_before", float(bool(near & L.problem_verbs)))
        put("use_before", float(bool(near & L.use)))
        put("paper_task_before", float(bool(near & L.paper_task)))
        put("evaluation_before", float(bool(set(back) & L.evaluation)))
        put("next_of", float(c.end < n and low[c.end] == "of"))
        rows.append(f)
    return rows
