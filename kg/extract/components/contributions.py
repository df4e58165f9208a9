"""``kg_contributions``: what the paper itself proposes.

Reads contribution cues (``we propose/introduce/present X``, ``an algorithm
called X``, ``we dub this approach X``), finds X (a coined name, an acronym
definition or a Title Case name), and types it from the words around it: a
type noun before a naming cue (``a task called …``) or an apposition after X
(``X, a hierarchical benchmark for …``).

Other ways abstracts name their contribution, each in its own method: a title
``X: A … Approach`` (``_title_name``), ``Our method, X (…), is`` (``_our_noun_name``),
``… designing a protocol called X`` (``_self_named``), ``a new … (ACRO)``
(``_new_definition``), ``a novel FRL algorithm X`` (``_name_after_kind``), ``a provably efficient
algorithm, namely X`` (``_kind_then_name``). A paper that names no contribution proposes the noun
phrase after its contribution verb (``_described_object``: ``a two-stage sampling scheme``). A name no
other component found (a Title Case name after a contribution verb, or a title's name
before its colon) is looked for again in the rest of the abstract
(``_repeat_new_names``). The cue words are data: ``data/cues.json``.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from itertools import compress
from typing import cast

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from kg.extract.resources import SHIPPED, Resources
from kg.extract.state import Candidate, contract, state
from kg.extract.text import (
    TITLE_WORD,
    chunk_ranges,
    doc_text,
    head_type,
    is_content,
    is_describing_adjective,
    is_joiner,
    key_words,
    may_contain,
    norm_word,
    positions,
    sentence_at,
    sentences,
    title_end,
    tokens,
    word_ranges,
)
from kg.types import Finder

#: the finders of names (what a contribution cue may name)
_NAMES = frozenset((Finder.COINED, Finder.ACRONYM))
SUBJECT_WINDOW = 6
TARGET_WINDOW = 8
APPOSITION_WINDOW = 12
#: the most words a described contribution's complement keeps when a clause boundary ends it ("an algorithm for
#: training the time-reversal of Markov jump processes which …")
LONG_COMPLEMENT = 10
_NEXT_NOUN = re.compile(r"\s+([A-Za-z]+)\b")
_PLUS = re.compile(r"\++(?![\w+])")  # "MCQA+", "C++": pluses glued to the end of a name


def _names_the_paper(lower: list[str], sent_start: int, lo: int, hi: int, pronouns: tuple[str, ...]) -> bool:
    """A pronoun of the authors ("we") or "this paper/work/study" ("the present paper", "the current work") among
    tokens ``lo``..``hi`` of a sentence."""
    return any(lower[t] in pronouns or (lower[t] in ("paper", "work", "study") and t > sent_start and (
        lower[t - 1] == "this" or (lower[t - 1] in ("present", "current") and t - 1 > sent_start
                                   and lower[t - 2] == "the"))) for t in range(lo, hi))


_TITLE_SPLIT = re.compile(r"\s*:\s+|\s+[-–—]\s+")




def _may_split(title: str) -> bool:
    """Whether ``_TITLE_SPLIT`` can match: each match holds a colon or a dash (it opens with ``\\s*``, which
    ``sre`` tries at every character)."""
    return ":" in title or "-" in title or "–" in title or "—" in title


def title_phrases(title: str, cuts: set[str], inner: set[str], rejects: set[str], openers: set[str],
                  noun_ing: set[str], articles: frozenset[str]) -> list[tuple[int, int, int]]:
    """The noun phrases a title may name its contribution by, as ``(start, end, head_end)`` offsets.

    One per part of the title ("Head: Subtitle", "Head - Subtitle"): the part from its first word (an article
    skipped) to the word before a cut word ("… Approximation for Bayesian Deep Learning" ends at
    "Approximation"); ``head_end`` is where its head noun ends, before an inner preposition ("Deep Metric
    Learning With Chance Constraints" is headed by "Learning"). A part that reads as a sentence, a question
    or a verb phrase ("Boosting the …", "Do Biased Models …?") gives none.
    """
    out: list[tuple[int, int, int]] = []
    pos = 0
    parts = []
    for m in _TITLE_SPLIT.finditer(title) if _may_split(title) else ():
        parts.append((pos, m.start()))
        pos = m.end()
    parts.append((pos, len(title)))
    for lo, hi in parts:
        part = title[lo:hi]
        if "?" in part or "!" in part:
            continue
        words = [(lo + m.start(), lo + m.end(), m.group(0).strip(".'’").lower()) for m in TITLE_WORD.finditer(part)]
        while words and (words[0][2] in articles or words[0][2] in ("new", "novel")):
            words = words[1:]  # "A Novel Counterfactual Data Augmentation Method"
        if not words:
            continue
        first = words[0][2]
        if first in openers or (first.endswith("ing") and "-" not in first and first not in noun_ing):
            continue  # "Towards …", "Boosting the …": not a noun phrase
        end = next((k for k, w in enumerate(words) if k and w[2] in cuts), len(words))
        cut_at = words[end][2] if end < len(words) else ""
        words = words[:end]
        if not 2 <= len(words) <= 9 or any(w[2] in rejects for w in words):
            continue
        head = next((k for k, w in enumerate(words) if k and w[2] in inner), len(words)) - 1
        if cut_at in ("and", "or") and head + 1 < len(words):
            words = words[:head + 1]  # "… Learning with Local and Global Corruptions": no half of a coordination
            if len(words) < 2:
                continue
        if any(w[2] in articles for w in words[:head + 1]):
            continue  # "Training a General Spiking Neural Network": a verb and its object
        if head < 1 and len(words) > 1 and words[0][2] not in inner:
            head = 0
        out.append((words[0][0], words[-1][1], words[head][1]))
    return out


#: a word of English text this common (Zipf scale: 3 is once per million words) is a word, not a coined name
COMMON_ZIPF = 3.5


@lru_cache(maxsize=1 << 16)
def is_rare_word(word: str) -> bool:
    """Whether ``word`` is rare in English (``wordfreq``, which ships its frequency lists): "Binoculars" (3.1)
    and "Magnushammer" (unknown) can be names, "Volcano" (3.8) and "Transformer" are words."""
    from wordfreq import zipf_frequency  # loaded with the pipeline (ContributionFinder), not on import of kg

    return zipf_frequency(word.lower(), "en", wordlist="small") < COMMON_ZIPF


def title_purpose(title: str, cuts: set[str], rejects: set[str], trailing: frozenset[str]) -> tuple[int, int] | None:
    """The phrase after a title's "for" ("… Laplace Approximation for Bayesian Deep Learning"): what the
    paper's contribution is for, up to the next cut word, colon or dash; 1 to 6 words, as offsets."""
    m = re.search(r"(?<![\w-])for\s+(?:the\s+|an?\s+)?", title, re.IGNORECASE)
    if not m:
        return None
    words = []
    for w in TITLE_WORD.finditer(title, m.end()):
        low = w.group(0).lower()
        if low in cuts or low in rejects or low in ("with", "without", "based") or title[m.end():w.start()].strip(" ").endswith((":", "-", "–", "—")) \
                or low.endswith(":"):
            if low.endswith(":") and low not in cuts:
                words.append((w.start(), w.end() - 1))
            break
        words.append((w.start(), w.end()))
        if len(words) > 6:
            return None
        if len(words) > 1 and "(" in title[words[-2][1]:w.start()] and title.find(")", w.start()) == len(title.rstrip()) - 1:
            words.pop()  # "… for Inductive Logic Programming (Abstract Reprint)": an aside that ends the title
            break
    while words and title[words[-1][0]:words[-1][1]].lower() in trailing:
        words.pop()
    if not words or title[words[-1][1] - 1:words[-1][1]] in "-–—":
        return None
    return words[0][0], words[-1][1]


def title_means(title: str, means: frozenset[str], cuts: set[str], rejects: set[str],
                articles: frozenset[str]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A title "X via Y" ("Partial Multi-View Multi-Label Classification via Semantic Invariance Learning"):
    the phrase before the means word (what the paper addresses, from the title's start or its last colon) and
    the phrase after it (how: up to the next cut word, colon or dash), as offsets; each 1 to 7 words."""
    head = title
    m = next((m for m in TITLE_WORD.finditer(head) if m.group(0).lower() in means and m.start() > 0), None)
    if m is None:
        return None
    colon = max(title.rfind(":", 0, m.start()), title.rfind(" - ", 0, m.start()))
    lo = colon + 1 if colon >= 0 else 0
    before = [w for w in TITLE_WORD.finditer(title, lo, m.start())]
    while before and before[0].group(0).lower() in articles:
        before = before[1:]
    after: list[re.Match[str]] = []
    for w in TITLE_WORD.finditer(title, m.end()):
        low = w.group(0).lower()
        if title[m.end():w.start()].strip(" ").endswith((":", "-", "–", "—")):
            break
        if low in cuts and after:
            break
        if low in rejects:
            return None
        after.append(w)
        if low.endswith(":"):
            break
    while after and after[0].group(0).lower() in articles:
        after = after[1:]
    if not (1 <= len(before) <= 7 and 1 <= len(after) <= 7) or any(w.group(0).lower() in rejects for w in before):
        return None
    end = after[-1].end() - (1 if after[-1].group(0).endswith(":") else 0)
    return (before[0].start(), before[-1].end()), (after[0].start(), end)


def j_is_name(text: str) -> bool:
    """A token text that can start a coined name: capitalised, or a letter-digit mix."""
    return text[:1].isupper() or any(c.isdigit() for c in text)


class ContributionFinder:
    def __init__(self, res: Resources):
        self.res = res
        # wordfreq and its small list (~0.2-0.35 s) load here, with the pipeline, rather than inside the first
        # paper that asks whether a word is rare: a one-time cost like the lexicons', not a per-abstract one
        is_rare_word("the")
        words = self.words = res.words
        self.skip = words.contribution_skip  # words before the name a contribution verb introduces
        #: leading words of a described contribution that name nothing
        self.weak_lead = words.contribution_skip | words.weak_lead_extra | res.weak_modifiers
        self.adverbs = words.contribution_adverbs
        self.use_words = words.use_words
        self.subtitle_prepositions = words.subtitle_prepositions
        self.complement_prepositions = words.complement_prepositions
        self.apposition_stops = words.apposition_stops
        self.object_openers = words.object_openers
        self.of_heads = words.contribution_of_heads
        self.describing_verbs = words.describing_verbs
        self.kind_object_verbs = words.kind_object_verbs
        #: verbs whose object is proposed only as a described thing (no name is read after them)
        self.describing_only = words.describing_verbs | words.kind_object_verbs
        # the words the tests of a described cue open on ("our contribution is …"; "we address this issue by a new
        # …": a means word)
        self.describing_cues = self.describing_only | {"is", "are"} | words.means_words
        #: modifiers that count or size, not name: "two-stage", "3-layer", "large-scale"
        self.describing = re.compile(r"(?:" + "|".join(map(re.escape, words.counting_prefixes)) + r"|\d+)-\w+$|"
                                     + "|".join(r"[\w-]+-" + re.escape(w) + "$" for w in words.size_suffixes))
        #: a title's name referred back to in the abstract: "the X framework", "such a X model" (the first letter
        #: in either case)
        self.referring = re.compile(r"(?<![\w-])(?:" + "|".join(
            f"[{w[0].upper()}{w[0]}]" + re.escape(w[1:]) for w in words.referring_determiners) + r")\s+$")
        self.gerund_openers = [p.split() for p in words.gerund_openers]
        self.object_skips = sorted((p.split() for p in words.object_skips), key=len, reverse=True)
        cues = res.cues
        self.verbs = set(cues["contribution_verbs"])
        self.past_verbs = set(cues["contribution_verbs_past"])
        self.naming = set(cues["naming_cues"])
        #: "referred to as": naming cues of several words, found at their last word
        self.naming_phrases = [p.split() for p in cues["naming_phrases"]]
        self.naming_phrase_ends = frozenset(p[-1] for p in self.naming_phrases)
        self.naming_at: dict[int, int] = {}  # the doc's naming cues: a phrase's last word -> its first
        self.our_at: list[int] = []  # the doc's "our" tokens
        self.new_at: list[int] = []  # the doc's "new" and "novel" tokens
        self.gerund_verbs = set(cues["contribution_verbs_gerund"])
        self.any_verbs = self.verbs | self.past_verbs | self.gerund_verbs
        self.openers = [p.split() for p in cues["contribution_openers"]]
        self.opener_firsts = frozenset(w[0] for w in self.openers if w)  # a cheap test of a sentence's first word
        self.naming_verbs = set(cues["naming_verbs"])  # contribution verbs that name: "which we call X"
        self.infinitive_uses = set(cues["infinitive_uses"])
        self.use_verbs = set(cues["use_verbs"])  # "we use a technique called X": someone else's X
        self.described_nouns = set(cues["described_nouns"])
        self.other_work = set(cues["other_work"])
        self.title_openers = set(cues["title_openers"])
        self.problem_verbs = {v for v in cues["problem_verbs"] if " " not in v}
        self.title_cuts = set(cues["title_cuts"])
        self.title_inner = set(cues["title_inner"])
        self.title_rejects = set(cues["title_rejects"])
        self.title_self_reference = re.compile(
            r"(?<![\w-])(?:" + "|".join(re.escape(c) for c in cues["title_self_reference"]) + r")(?![\w-])",
            re.IGNORECASE)
        self.title_self_words = key_words(cues["title_self_reference"])  # a cheap test before that scan
        self.name_links = set(cues["name_links"])  # "an algorithm, namely X": between a kind noun and its name
        self.clause_stops = set(cues["clause_stops"])  # words that end the object of a contribution verb
        self.type_words: dict[str, str] = {}
        self.new_names: list[Candidate] = []  # names of this doc no other finder knew, see _repeat_new_names
        self.unnamed: list[tuple[Span, int]] = []  # the doc's contribution verbs whose object holds no name (see _find)
        self.paper_subject_at: int | None = None  # see __call__
        self.generic: Candidate | None = None  # see _defer
        self.found: list[Candidate] = []  # the doc's candidates so far
        self.deferring = False
        for typ, words in cues["apposition_types"].items():
            for w in words:
                self.type_words.setdefault(norm_word(w), typ)
        #: every word a cue position list of __call__ holds
        self.cue_words = frozenset(self.any_verbs | self.naming | {"our", "proposed"} | self.describing_cues
                                   | {"new", "novel"} | self.naming_phrase_ends)

    def _has_subject(self, lower: list[str], verb: int, sent: Span) -> bool:
        """"We" (or "this paper") before the contribution verb at token ``verb``: the paper's own doing."""
        if lower[verb] in self.gerund_verbs and any(
                lower[sent.start:verb] == opener for opener in self.gerund_openers):
            # "In addition to proposing a new framework for …, this paper highlights …": the gerund opens the sentence
            # and its subject comes after it
            return _names_the_paper(lower, sent.start, verb + 1, sent.end, ("we",))
        if lower[verb] in self.gerund_verbs:
            # "we exploit In-Context Tuning … by introducing In-Context Cross-lingual Transfer (IC-XLT)"
            # … or "this paper aims to unleash this pathway by proposing a novel … framework"
            return verb > sent.start and lower[verb - 1] == "by" and (
                "we" in lower[sent.start:verb - 1] or _names_the_paper(lower, sent.start, sent.start, verb - 1, ()))
        if lower[verb] in self.past_verbs:
            before = lower[max(sent.start, verb - 2):verb]
            # "This paper proposed a … (CPT-RD) framework": the paper as the subject of a past form
            return before[-1:] == ["we"] or (before[:1] == ["we"] and before[-1] in self.adverbs) or (
                before[:1] == ["this"] and before[-1:] in (["paper"], ["work"], ["study"], ["article"]))
        if _names_the_paper(lower, sent.start, max(sent.start, verb - SUBJECT_WINDOW), verb, ("we", "our")):
            return True
        if verb - 3 >= sent.start and lower[verb - 1] == "to" and lower[verb - 2] == "us" \
                and lower[verb - 3] in self.words.enabling_verbs and not any(c.proposed for c in self.found):
            return True  # "this construction allows us to introduce …": "us" are the authors (a weaker cue, read only
            # while the paper has proposed nothing: "Our enhanced DP theory allows us to create a utility graph" is a
            # by-product of the contribution named before)
        # "This paper explores … . It also develops a method …, it proposes a … framework, LEVER": "it" of a sentence
        # after one whose subject is the paper
        k = verb - 1 if verb - 1 > sent.start and lower[verb - 1] in self.adverbs else verb
        if k - 1 >= sent.start and lower[k - 1] == "it" and (k - 1 == sent.start or lower[k - 2] == ",") \
                and self.paper_subject_at is not None and self.paper_subject_at < sent.start:
            return True
        # a second verb of the same subject: "we consider these states as disturbances and introduce X"
        # … or after an adverb: "we first define X and then design a framework, IdentityChain"
        k = verb - 1 if verb - 1 > sent.start and lower[verb - 1] in self.adverbs else verb
        # … or of "this paper": "This paper focuses on sparse-reward tasks and proposes an effective method, MASL"
        return k > sent.start and lower[k - 1] == "and" and (
            "we" in lower[sent.start:k - 1] or _names_the_paper(lower, sent.start, sent.start, k - 1, ()))

    def _in_verb_object(self, doc: Doc, verbs: list[int], j: int) -> bool:
        """Whether token ``j`` is within TARGET_WINDOW + 4 tokens after a contribution verb of the paper's own in
        its sentence, with no clause stop between (the verb's object goes on to it)."""
        lower = tokens(doc).lower
        k = bisect_left(verbs, j) - 1
        if k < 0 or j - verbs[k] > TARGET_WINDOW + 4:
            return False
        v = verbs[k]
        sent = sentence_at(doc, tokens(doc).idx[j])
        return v >= sent.start and self._has_subject(lower, v, sent) and not any(
            lower[t] in self.clause_stops or lower[t] == "," for t in range(v + 1, j))

    def _contribution_subject(self, lower: list[str], start: int, be: int) -> bool:
        """"Our main contribution is …", "The main contribution of the paper is …": a contribution noun of the
        paper's own as the subject of "is"/"are" at token ``be`` (the sentence starting at ``start``)."""
        if lower[be - 1] in self.words.contribution_nouns:
            return "our" in lower[max(start, be - 4):be]
        return be - 4 >= start and lower[be - 4] in self.words.contribution_nouns and lower[be - 3] == "of" \
            and lower[be - 2] in ("the", "this") and lower[be - 1] in self.words.paper_nouns

    def _first_of_its_kind(self, doc: Doc, sent: Span, be: int) -> bool:
        """"To the best of our knowledge, this is the first single-source SimRank algorithm in MPC …", "Our method is
        the first OCPD algorithm that …": the paper's own thing, said to be the first of a described kind, is what it
        proposes. The subject, after the clause's last comma, is "this", "it", "ours", or "our"/"this"/"the proposed"
        before a noun; the kind noun ends 1 to 4 words that describe it, not all of them describing adjectives (not
        "the first to …", "the first algorithm with …", "the first study …", "the first learning-based method …")."""
        toks = tokens(doc)
        lower = toks.lower
        if be + 4 >= sent.end or lower[be + 1] != "the" or lower[be + 2] != "first":
            return False
        start = max([sent.start] + [t + 1 for t in range(sent.start, be) if lower[t] == ","])
        subject = lower[start:be]
        if subject not in (["this"], ["it"], ["ours"]) and not (
                2 <= len(subject) <= 4 and (subject[0] in ("our", "this") or subject[:2] == ["the", "proposed"])
                and subject[-1] not in self.words.paper_nouns):
            return False
        words = word_ranges(toks.joiner, be + 3, min(sent.end, be + 12))
        for n, (a, b) in enumerate(words[:7]):
            if toks.lower[a] in self.words.clause_openers or toks.norm[b - 1] in self.words.contribution_not_heads \
                    or not all(toks.text[t].isalnum() or toks.joiner[t] or (t > a and toks.joiner[t - 1])
                               for t in range(a, b)):
                return False  # "the first study that applied …": no kind noun of its own
            typ = self.type_words.get(toks.norm[b - 1])
            if typ is not None:
                # "the first benchmark of …": a new dataset is a thing of its own; one lower-case word names no
                # other kind ("the first dynamic model", "the first learning-based method"; "the first OCPD algorithm")
                mods = [doc_text(doc)[toks.idx[c]:toks.end_char(d - 1)] for c, d in words[:n]]
                return typ == "Dataset" if n == 0 else typ != "Task" and (n > 1 or not mods[0].islower()) and not all(
                    is_describing_adjective(m.lower(), self.res) or m.lower() in self.weak_lead for m in mods)
        return False

    def _apposition_type(self, doc: Doc, end_tok: int, sent: Span) -> str | None:
        i = end_tok
        # skip a parenthesised acronym "(PCR)"
        if i < sent.end and doc[i].text == "(":
            while i < sent.end and doc[i].text != ")":
                i += 1
            i += 1
        if i >= sent.end or doc[i].text not in (",", ":", "—"):
            return None  # "X, a benchmark for …", "SLARD: A Chinese … Retrieval Dataset", "X—a method …"
        return self._kind_in(doc, i + 1, sent)

    def _kind_in(self, doc: Doc, start: int, sent: Span) -> str | None:
        """The type an apposition opening at token ``start`` gives its name: its kind noun's."""
        joiner = tokens(doc).joiner
        for tok in doc[start:min(sent.end, start + APPOSITION_WINDOW)]:
            low = tok.lower_
            if low in self.apposition_stops:
                return None
            if tok.i + 1 < sent.end and joiner[tok.i + 1]:
                continue  # "a predictor-based search method": the word glued to the next describes
            typ = self.type_words.get(norm_word(tok.text))
            if typ:
                # "a family of models": the type noun is the last word before "of"
                if low == "family":
                    continue
                return typ
        return None

    def _defer(self, cand: Candidate) -> None:
        """Keep the first generic described contribution ("a theoretical framework") for when nothing better is found."""
        if self.generic is None:
            self.generic = cand

    def __call__(self, doc: Doc) -> Doc:
        self.generic, self.deferring = None, False
        self._find(doc)
        out = state(doc).candidates
        if self.generic is not None and not any(c.proposed for c in out):
            out.append(self.generic)
        return doc

    def _find(self, doc: Doc) -> None:
        out = self.found = state(doc).candidates
        self.new_names = []
        lower = tokens(doc).lower
        # the first sentence whose subject is the paper ("This paper explores …"): a later "it" may be the paper
        self.paper_subject_at = next((s.start for s in sentences(doc) if s.end - s.start > 2 and lower[s.start] == "this"
                                      and lower[s.start + 1] in self.words.paper_nouns), None)
        by_start: dict[int, list[Candidate]] = {}
        for cand in out:
            by_start.setdefault(cand.start, []).append(cand)
        self._title_name(doc, by_start, out)
        self._title_task(doc, by_start, out)
        self._problem_of(doc, by_start, out)
        # the positions of the few cue words, found once (one pass in C over the tokens for all of them): most
        # sentences hold none, and the per-sentence tests below start from these
        cue_at = list(compress(range(len(lower)), map(self.cue_words.__contains__, lower)))
        verbs = [i for i in cue_at if lower[i] in self.any_verbs]
        tok_text = tokens(doc).text
        # "… by combining lexical alignment, named entity recognition, …": a naming cue before a lower-case word
        # names only after a kind noun ("a task called fact generation")
        naming = [j for j in cue_at if lower[j] in self.naming and (
                  j + 1 >= len(lower) or not tok_text[j + 1].islower() or lower[j + 1] == "as"
                  or norm_word(lower[j - 1 if lower[j - 1] != "," else j - 2]) in self.type_words
                  # ... or in the object of a contribution verb close before it, in its sentence ("This paper
                  # introduces a combination of dynamic programming and policy gradient called dynamical policy
                  # gradient")
                  or self._in_verb_object(doc, verbs, j))]
        ours = [i for i in cue_at if lower[i] in ("our", "proposed")]
        describing = [i for i in cue_at if lower[i] in self.describing_cues]
        our_at = self.our_at = [i for i in ours if lower[i] == "our"]
        new_at = self.new_at = [i for i in cue_at if lower[i] in ("new", "novel")]
        self.naming_at = dict(zip(naming, naming))
        phrase_ends = [i for i in cue_at if lower[i] in self.naming_phrase_ends]  # "as" of "referred to as"
        for words in self.naming_phrases:
            n = len(words) - 1
            for j in phrase_ends:
                if j >= n and lower[j] == words[-1] and lower[j - n:j] == words[:-1]:
                    naming.append(j)
                    self.naming_at[j] = j - n
        naming.sort()
        unnamed: list[tuple[Span, int]] = []  # contribution verbs whose object holds no name
        self.unnamed = unnamed
        for sent in sentences(doc):
            for i in verbs[bisect_left(verbs, sent.start):bisect_left(verbs, sent.end)]:
                if self._has_subject(lower, i, sent):
                    v = i + 2 if i + 3 < sent.end and lower[i + 1] == "and" and tok_text[i + 2].isalpha() \
                        and tok_text[i + 2].islower() and lower[i + 3] not in self.weak_lead else i
                    before = len(out)
                    self._read_target(doc, sent, doc[v], by_start, out)  # "we propose and analyze X": X
                    if unnamed and self._known_concept_only(doc, out[before:], by_start):
                        del out[before:]  # "We develop a … sampling procedure … . … we design a neural network that
                        # …": a known concept after a described contribution is a part of it, not the answer
                    if not any(c.proposed for c in out[before:]):
                        unnamed.append((sent, v))
            opener = next((len(w) for w in self.openers if lower[sent.start:sent.start + len(w)] == w), 0) \
                if lower[sent.start] in self.opener_firsts else 0
            if opener and sent.start + opener + 1 < sent.end:
                # "The resulting novel highway VIN can be trained …": what the paper made, named or described
                before = len(out)
                self._read_target(doc, sent, doc[sent.start + opener - 1], by_start, out)
                if not any(c.proposed for c in out[before:]):
                    unnamed.append((sent, sent.start + opener - 1))
            for i in describing[bisect_left(describing, sent.start + 1):bisect_left(describing, sent.end - 2)]:
                # "This paper describes a deep reinforcement learning framework …", "Our main contribution is an
                # information theoretic framework …": cues of a described contribution only (no name is read)
                if (lower[i] in self.describing_only and self._has_subject(lower, i, sent)) or (
                        lower[i] in ("is", "are") and self._contribution_subject(lower, sent.start, i)) or (
                        lower[i] == "is" and self._first_of_its_kind(doc, sent, i)) or (
                        # "we address this issue by a new objective function that …", "we study such sensitivity
                        # using a new decomposition of uncertainty": what "we" do it by or with, new
                        lower[i] in self.words.means_words and lower[i + 1] in ("a", "an")
                        and lower[i + 2] in ("new", "novel") and "we" in lower[sent.start:i]):
                    unnamed.append((sent, i))
            # each reader below starts from a cue word: called only for a sentence holding one
            named = naming[bisect_left(naming, sent.start + 2):bisect_left(naming, sent.end - 1)]
            if named:
                self._self_named(doc, sent, named, by_start, out)
            if bisect_left(our_at, sent.start) < bisect_left(our_at, sent.end - 4):
                self._our_noun_name(doc, sent, by_start, out)
            cues = ours[bisect_left(ours, sent.start):bisect_left(ours, sent.end - 1)]
            if cues:
                self._proposed_name(doc, sent, cues, by_start, out)
            if bisect_left(new_at, sent.start + 1) < bisect_left(new_at, sent.end - 1):
                self._new_definition(doc, sent, by_start, out)
        if not any(c.proposed for c in out):
            self._passive_named(doc, by_start, out, unnamed[0][0].start if unnamed else len(doc))
        if not any(c.proposed for c in out):
            self._rare_name_apposition(doc, by_start, out)
        self._repeat_new_names(doc, by_start, out)
        self._typed_by_apposition(doc, by_start, out)
        if not any(c.proposed for c in out):  # only when the paper names no contribution of its own
            text = doc_text(doc)
            # "we derive …", "we give …" propose only an object ending in a kind noun: no cue to read the title
            cue = any(lower[i] not in self.kind_object_verbs for _s, i in unnamed) or \
                may_contain(text, self.title_self_words) and self.title_self_reference.search(text)
            if (unnamed and self._named_later(doc, unnamed[0][0], by_start, out)) or self._title_definition(doc, out):
                return
            if cue and (self._title_coined_name(doc, by_start, out) or self._title_phrase(doc, by_start, out)):
                return
            if not cue and not self.naming.isdisjoint(lower) and self._title_phrase(doc, by_start, out, named_only=True):
                return  # "a general protocol …, called plug-in performative optimization": the title's phrase, named
            for sent, i in unnamed:
                if self._named_list(doc, [(sent, i)], out):
                    break  # "we introduce two methods, namely A and B"
                self.deferring = True  # a generic described kind waits for the title (see _defer)
                self._described_object(doc, sent, i, by_start, out)
                self.deferring = False
                if out and out[-1].proposed:
                    self._title_means_named(doc, by_start, out)
                    break  # one answer: the first thing the paper says it proposes
            else:
                if cue and self._title_phrase(doc, by_start, out, means_too=True):
                    return  # "X via Y" of a paper that describes nothing it proposes: X (see _title_phrase)
                kind = next((k for k in (self._bare_kind(doc, sent, i) for sent, i in unnamed) if k), None)
                if kind and self._title_phrase(doc, by_start, out, kind):
                    return
                if not (cue and self._title_means(doc, by_start, out)):
                    self._proposed_description(doc, ours, out)
                    if not any(c.proposed for c in out):
                        for sent, i in unnamed:
                            if self._kind_with_clause(doc, sent, i, out):
                                break
                        else:
                            self._passive_subject(doc, by_start, out)
            if cue and not any(c.proposed for c in out) and self.generic is None:
                # of a paper naming and describing nothing else, the title's phrase a bare kind noun types even when the
                # abstract does not repeat it ("Scalable Safe Policy Improvement for …" with "we propose a novel
                # algorithm that scales this approach to …")
                kind = next((k for k in (self._bare_kind(doc, sent, i) for sent, i in unnamed) if k), None)
                if kind:
                    self._title_phrase(doc, by_start, out, kind, means_too=True, loose=True)

    def _title_definition(self, doc: Doc, out: list[Candidate]) -> bool:
        """"Implicit Anomaly Subgraph Detection (IASD) in Multi-Domain Attribute Networks": a title that defines an
        acronym no vocabulary knows names what the paper introduces (typed as the definition is: a task here)."""
        text = doc_text(doc)
        end = title_end(text)
        if end < 0:
            return False
        cands = [c for c in state(doc).candidates if c.start < end]
        for c in cands:
            if c.start > 0 and not text[:c.start].rstrip().endswith(":"):
                continue  # the title's head, or its subtitle's: not "A … Robot for … Interaction (PERI)"
            if c.finder is Finder.ACRONYM and c.long_form and text[c.start:c.end] == c.long_form \
                    and text.startswith(" (", c.end) and not any(
                        o.finder is Finder.LEXICON and o.start <= c.start and o.end >= c.end for o in cands):
                head = head_type(text[c.start:c.end].rsplit(None, 1)[-1].rsplit("-", 1)[-1], self.res)
                typ = "Task" if head and head[0] == "Task" else c.type
                out.append(Candidate(c.start, c.end, typ, Finder.CONTRIBUTION, 0.8, canonical=c.canonical,
                                     long_form=c.long_form, proposed=True, rule="title-definition"))
                return True
        return False

    def _named_list(self, doc: Doc, unnamed: list[tuple[Span, int]], out: list[Candidate]) -> bool:
        """"we introduce two methods, namely node intervention and node merging", "We introduce two contributions, which
        we refer to as soft-weighted regularization and …": a contribution verb's plural kind noun (or
        "contributions") named right after it, over a comma and "namely" or a naming cue, by lower-case phrases of
        2 to 5 words joined by "and": each is proposed, typed by the kind noun."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        for sent, verb in unnamed:
            noun = next((t for t in range(verb + 1, min(sent.end - 3, verb + 5)) if text[t + 1] in (",", ":")), None)
            colon = None
            if noun is None:
                # "We propose two approaches to achieve this goal: data augmentation by back-translation and …"
                colon = next((t for t in range(verb + 3, min(sent.end - 3, verb + 10)) if text[t] == ":"), None)
                noun = next((t for t in range(verb + 1, colon or verb) if lower[t] in self.words.complement_cuts
                             or lower[t] == "for"), colon or verb + 1) - 1 if colon else None
            if noun is None or toks.norm[noun] == lower[noun] or not (
                    toks.norm[noun] in self.type_words or lower[noun] in self.words.contribution_nouns):
                continue  # a plural noun: "two methods", "two contributions"
            k = colon + 1 if colon else noun + 2
            if colon or text[noun + 1] == ":":
                pass  # "two approaches: A and B"
            elif lower[k] == "namely":
                k += 1
            elif k in self.naming_at.values():
                k = next(j for j, first in self.naming_at.items() if first == k) + 1
            else:
                continue
            typ = self.type_words.get(toks.norm[noun], "Method")
            found: list[tuple[int, int]] = []
            while k < sent.end:
                j, n = k, 0
                while j < sent.end and n < 6 and (toks.joiner[j] or (text[j].islower() and is_content(doc[j], self.res)) or (
                        # "data augmentation by back-translation": a preposition between content words
                        n and lower[j] in self.words.list_item_prepositions and j + 1 < sent.end
                        and text[j + 1].islower() and is_content(doc[j + 1], self.res))):
                    n += not toks.joiner[j]
                    j += 1
                if not 2 <= n <= 5:
                    break  # "…, namely node intervention and node merging, designed to …": the list ends
                found.append((k, j))
                if j < sent.end and lower[j] in ("and", ",") and len(found) < 4:
                    k = j + 1 + (lower[j] == "," and j + 1 < sent.end and lower[j + 1] == "and")
                    continue
                break
            if len(found) < 2:
                continue
            for a, b in found:
                out.append(Candidate(toks.idx[a], toks.end_char(b - 1), "Method" if typ == "Task" else typ,
                                     Finder.CONTRIBUTION, 0.8, proposed=True, rule="named-list"))
            return True
        return False

    def _named_later(self, doc: Doc, cue: Span, by_start, out: list[Candidate]) -> bool:
        """"We design a learning-augmented data structure … . Our structure, named RobustSL, is …", "… . We call it
        RobustSL.": a paper that describes its contribution in one sentence and names it in one of the next two
        ("our/the/this NOUN, named X"; "we call/name/dub/term it/this/our NOUN X") proposes the name, typed by the
        noun that refers back (or as a method). Only a name no vocabulary knows."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        sents = sentences(doc)
        at = next((n for n, s in enumerate(sents) if s.start == cue.start), None)
        if at is None:
            return False
        for sent in sents[at + 1:at + 3]:
            for t in range(sent.start, sent.end - 2):
                noun = name = None
                if lower[t] in ("our", "the", "this") and (t == sent.start or text[t - 1] == ","):
                    # "Our structure, named RobustSL, …": the noun is the word before the naming cue
                    k = next((k for k in range(t + 2, min(sent.end - 1, t + 5)) if lower[k] in self.naming
                              or lower[k - 1:k + 1] == ["referred", "to"]), None)
                    if k is None:
                        continue
                    noun = k - 2 if text[k - 1] == "," else k - 1
                    if not (toks.lex[noun].is_alpha and text[noun].islower()) or any(
                            not (toks.lex[w].is_alpha and text[w].islower()) for w in range(t + 1, noun)):
                        continue
                    name = k + 2 if lower[k] == "referred" else k + 1
                elif lower[t] == "we" and lower[t + 1] in self.naming_verbs:
                    # "We call it RobustSL", "we name our method X", "we term this approach X"
                    k = t + 2
                    if lower[k] in ("it", "them"):
                        name = k + 1
                    elif lower[k] in ("our", "this", "the") and k + 2 < sent.end and text[k + 1].islower() \
                            and toks.lex[k + 1].is_alpha:
                        noun = k + 1
                        name = k + 2
                    else:
                        continue
                else:
                    continue
                while name < sent.end - 1 and (lower[name] == "as" or toks.lex[name].is_quote or text[name] in "*_"):
                    name += 1
                if name >= sent.end or not j_is_name(text[name]):
                    continue
                cands = by_start.get(toks.idx[name], [])
                if any(c.finder is Finder.LEXICON for c in cands):
                    return False  # "we call it BERT": a known name
                typ = (self.type_words.get(toks.norm[noun]) if noun is not None else None) or "Method"
                if typ == "Task":
                    typ = "Method"
                hits = [c for c in cands if c.finder in _NAMES]
                if hits:
                    self._propose(out, max(hits, key=lambda c: c.end - c.start), typ)
                    return True
                j = self._name_end(doc, sent, name)
                if j == name or self._lower_word_at(doc, sent, j):
                    continue
                cand = Candidate(toks.idx[name], toks.end_char(j - 1), typ, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(cand.start, []).append(cand)
                self.new_names.append(cand)
                self._repeat_new_names(doc, by_start, out)
                return True
        return False

    def _known_concept_only(self, doc: Doc, new: list[Candidate], by_start) -> bool:
        """Whether a contribution verb's answer is one known model concept in lower case, of two words at most, that
        a relative clause follows ("we design a neural network that …"): a part of a contribution, not a new thing."""
        text = doc_text(doc)
        if len(new) != 1 or not new[0].proposed or new[0].type != "Model":
            return False  # a model concept ("a neural network"), not a described method ("a primal-dual algorithm")
        name = text[new[0].start:new[0].end]
        after = text[new[0].end:new[0].end + 8].split()
        return name.islower() and len(name.split()) <= 2 and bool(after) and after[0] in self.words.clause_openers \
            and any(c.finder in (Finder.LEXICON, Finder.PHRASE) and c.end == new[0].end
                    for c in by_start.get(new[0].start, ()))

    def _passive_subject(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"Specifically, a zero-initialized attention mechanism is proposed.", "In this work, a novel modular framework
        for zero-shot motion planning is developed.": a passive contribution sentence whose subject opens with "a"/"an"
        (at the sentence's start or after its opening phrase's comma) names a new thing, read as the object of a
        contribution verb would be (a described kind, or a kind noun with its complement). Not in a sentence that
        points at other work ("a baseline is proposed by …")."""
        toks = tokens(doc)
        lower = toks.lower
        for sent in sentences(doc):
            be = self._passive_be(lower, sent)
            if be is None:
                continue  # none, or "… is proposed by Smith et al.": someone else's
            colon = next((t for t in range(be + 2, min(sent.end - 2, be + 8)) if toks.text[t] == ":"), None)
            if colon is not None and lower[be] == "are" and any(
                    toks.norm[t] in self.type_words and toks.norm[t] != lower[t] for t in range(sent.start, be)):
                # "Two novel approaches are proposed in this work: an automatic question generation system …": the
                # first one listed after the colon
                before = len(out)
                self._described_object(doc, sent, colon, by_start, out)
                if any(c.proposed for c in out[before:]):
                    return
            opener = next((t for t in range(sent.start, be) if lower[t] in ("a", "an")), None)
            if not opener or not (opener == sent.start or toks.text[opener - 1] == ",") or any(
                    lower[t] in self.other_work or t in self.naming_at or toks.text[t] == "," for t in range(opener, be)):
                continue  # "a new Monte Carlo method, hereby referred to as SHCV, is proposed": named (read elsewhere);
                # "a complete contact detection, isolation, and reaction scheme": a coordination, no one phrase
            before = len(out)
            self._described_object(doc, sent, opener - 1, by_start, out)
            new = [c for c in out[before:] if c.proposed]
            if new and any(c.finder is Finder.LEXICON and c.start <= new[0].start and c.end >= new[0].end
                           for c in by_start.get(new[0].start, ())):
                del out[before:]  # "a probabilistic model is introduced": a known concept, not a new thing
                continue
            if new:
                return

    def _passive_be(self, lower: list[str], sent: Span) -> int | None:
        """The "is"/"are" of a passive contribution sentence ("… is proposed", not "… is proposed by …"), or None."""
        be = next((t for t in range(sent.start + 2, sent.end - 1) if lower[t] in ("is", "are")
                   and lower[t + 1] in self.words.passive_contribution_verbs), None)
        return None if be is None or lower[be + 2:be + 3] == ["by"] else be

    def _passive_named(self, doc: Doc, by_start, out: list[Candidate], before: int) -> None:
        """"A new Monte Carlo method, hereby referred to as Spherical Harmonics Control Variates (SHCV), is proposed",
        "And a method of Modulated Phase Diffusion (MPD) is proposed": the subject of a passive contribution sentence,
        indefinite ("a"/"an": a new thing), that defines a name no vocabulary knows (an acronym's long form, or a
        capitalised name after a naming cue) proposes that name, typed by the kind noun before it. Only before the
        first sentence where the paper says it proposes something it does not name (token ``before``): a part of it
        ("an Improved RBF model (IRBF) is designed as a surrogate") is named after it."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        for sent in sentences(doc):
            if sent.start >= before:
                return
            be = self._passive_be(lower, sent)
            if be is None:
                continue
            article = next((t for t in range(sent.start, be) if lower[t] in ("a", "an")), None)
            if article is None or any(lower[t] in self.other_work or lower[t] in self.use_words
                                      for t in range(sent.start, be)):
                continue  # "… is proposed" of a definite subject refers back; "based on X" uses X
            typ = None
            for t in range(article + 1, be):
                typ = self.type_words.get(toks.norm[t]) if not toks.joiner[t] else None
                if typ is not None and typ != "Task":
                    break
            for t in range(article + 1, be):
                at = by_start.get(toks.idx[t], ())
                if any(c.finder is Finder.LEXICON for c in at):
                    continue
                hits = [c for c in at if c.finder is Finder.ACRONYM and c.long_form
                        and doc_text(doc)[c.start:c.end] == c.long_form and c.end <= toks.idx[be]]
                if not hits and t - 1 in self.naming_at and j_is_name(text[t]) and text[t][:1].isupper():
                    hits = [c for c in at if c.finder in _NAMES and c.end <= toks.idx[be]]
                if hits:
                    best = max(hits, key=lambda c: c.end - c.start)
                    self._propose(out, best, typ if typ and typ != "Task" else (
                        best.type if best.type in ("Method", "Model", "Dataset", "Metric") else "Method"))
                    return

    def _kind_with_clause(self, doc: Doc, sent: Span, verb: int, out: list[Candidate]) -> bool:
        """"we introduce an innovative approach that supplements the discriminator …", "we present novel methods that
        combine …", "a system leveraging retrieval-augmented generation", "an approach based on a sample reweighting
        scheme": a bare kind noun (its leading words weak) whose relative clause (or participle) says what it does names a paper's
        contribution only with that clause, kept whole up to the end of the clause's short object ("approach that
        supplements the discriminator"). The clause's verb agrees with the noun; an object that goes on ("… the
        strengths of …", "… sampling and …") or refers back ("… this approach") names nothing. The last resort of a
        paper that names no contribution and whose title names none either."""
        enum: tuple[int, int] | None = None  # an enumerator "(1)" opening the clause, as character offsets
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        k = self._object_start(lower, verb + 1, sent.end)
        article = k < sent.end and lower[k] in ("a", "an")
        while k < sent.end and (lower[k] in self.weak_lead or (lower[k] in self.words.coordination_glue
                                                               and lower[k - 1] in self.weak_lead)):
            k += 1
        # "we construct a novel test based on …": a noun of a thing made is a kind noun here, after a contribution verb
        made = self.words.made_kind_nouns.get(toks.norm[k]) if k < sent.end and lower[verb] in self.verbs and not (
            k > verb + 1 and lower[k - 1] in self.words.result_modifiers) else None
        if k + 4 >= sent.end or toks.joiner[k] or (toks.norm[k] not in self.type_words and made is None) \
                or self.type_words.get(toks.norm[k]) == "Task":
            return False
        plural = toks.norm[k] != lower[k]
        if article == plural:
            return False  # "a method" or "methods": one thing, or several without an article
        if lower[k + 1] in ("based", "built") and lower[k + 2] in ("on", "upon"):
            v = k + 2  # "an approach based on a sample reweighting scheme"
        elif self._gerund(lower[k + 1]) and text[k + 1].islower():
            v = k + 1  # "a system leveraging retrieval-augmented generation"
        elif lower[k + 1] in self.words.clause_openers:
            v = k + 2
            if v + 3 < sent.end and text[v] == "(" and text[v + 2] == ")" and len(text[v + 1]) <= 3 \
                    and (text[v + 1].isdigit() or text[v + 1] in ("i", "a")):
                enum = (toks.idx[v], toks.idx[v + 3])
                v += 3  # "a new method that (1) learns …": an enumerated clause (left out of the name)
            if lower[v].endswith("ly") and lower[v].isalpha():
                v += 1  # "that optimally aggregates"
            modal = lower[v] == "can" and v + 1 < sent.end and text[v + 1].isalpha() and text[v + 1].islower()
            if modal:
                v += 1  # "a framework that can use …": the verb after the modal agrees with nothing
            word = lower[v]
            if v >= sent.end - 1 or not (word.isalpha() and text[v].islower()) or word in self.words.described_breaks \
                    or (word.endswith("s") == plural and not modal) or word.endswith(("ed", "ing")) \
                    or (modal and word.endswith("s") and not word.endswith("ss")):
                return False  # "that is", "that can be", "that we": no verb of the noun's own
        else:
            return False
        j = v + 1
        if lower[j] in self.words.title_articles:
            j += 1
        while j < sent.end - 1:  # "that leverages state-of-the-art large language models": weak words lead
            m = j + 1
            while m + 1 < sent.end and toks.joiner[m]:
                m += 2  # a word glued by hyphens is one word
            if doc_text(doc)[toks.idx[j]:toks.end_char(m - 1)].lower() not in self.weak_lead:
                break
            j = m
            if j + 1 < sent.end and text[j] == "," and text[j + 1][:1].islower() and toks.lex[j + 1].is_alpha:
                j += 1  # "integrates state-of-the-art, domain-specific large language models": a list of describing words
        first, n = j, 0
        if j + 1 < sent.end and lower[j].endswith("ly") and lower[j].isalpha() and text[j].islower():
            j += 1  # "involving suitably chosen CUSUM statistics": an adverb opens the object
        while j < sent.end and n < 5 and (toks.joiner[j] or is_content(doc[j], self.res)):
            n += not toks.joiner[j] and not (j > first and toks.joiner[j - 1])  # "domain-specific" is one word
            j += 1
        if 1 <= n <= 2 and j + 2 < sent.end and lower[j] == "and" and is_content(doc[j + 1], self.res) \
                and text[j + 1].islower() and (toks.lex[j + 2].is_punct and text[j + 2] in ",.;:"):
            j += 2  # "schemes that balance frequency and accuracy, backed by …": two words joined, then a mark
            n += 1
        limit = 4
        while 1 <= n <= 4 and j + 1 < sent.end and lower[j] == "of":
            # "an approach that emphasizes the analysis of text-based transcripts": an "of" phrase goes on, up to
            # LONG_COMPLEMENT words in all
            m = j + 1 + (lower[j + 1] in self.words.title_articles)
            while m < sent.end and n < LONG_COMPLEMENT and (toks.joiner[m] or is_content(doc[m], self.res)):
                n += not toks.joiner[m]
                m += 1
            if m == j + 1 or not toks.joiner[m - 1] and not is_content(doc[m - 1], self.res):
                break
            j, limit = m, LONG_COMPLEMENT - 1
        if not 1 <= n <= limit or j >= sent.end or not (lower[j] in self.words.clause_object_ends or self._gerund(lower[j]) or (
                toks.lex[j].is_punct and text[j] in ",.;:(") or (
                # "a novel test based on low-regret algorithms and a nonasymptotic law …": a second noun phrase starts
                lower[j] in ("and", "or") and j + 1 < sent.end and lower[j + 1] in self.words.title_articles)):
            return False  # no object, or one that goes on ("… the strengths of …", "… sampling and …")
        if any(lower[t] in self.words.complement_anaphora for t in range(v + 1, j)) or not text[j - 1][-1:].isalpha():
            return False
        a, b = word_ranges(toks.joiner, first, j)[-1]
        last = doc_text(doc)[toks.idx[a]:toks.end_char(b - 1)].lower()
        if last in self.weak_lead or is_describing_adjective(last, self.res):
            return False  # "a system that integrates state-of-the-art, …": the object goes on past the comma
        typ = self.type_words.get(toks.norm[k]) or made or "Method"
        name = ""
        if enum is not None:
            whole = doc_text(doc)
            name = whole[toks.idx[k]:enum[0]] + whole[enum[1]:toks.end_char(j - 1)]
        out.append(Candidate(toks.idx[k], toks.end_char(j - 1), typ, Finder.PHRASE, 0.75, proposed=True,
                             name=name, rule="described-clause"))
        return True

    def _proposed_description(self, doc: Doc, cues: list[int], out: list[Candidate]) -> None:
        """"Using the proposed greedy algorithm, we train …": of a paper with no other answer, the described
        thing "the proposed" or "our proposed" names (2 to 5 words ending in a kind noun) is its contribution.
        ``cues``: the positions of "our" and "proposed"."""
        toks = tokens(doc)
        lower = toks.lower
        for i in cues:
            if lower[i] != "proposed" or i == 0 or lower[i - 1] not in ("the", "our"):
                continue
            sent = sentence_at(doc, toks.idx[i])
            chunk = next(iter(chunk_ranges(doc, i + 1, sent.end, self.res)), None)
            if chunk is None or chunk[0] != i + 1:
                continue
            words = word_ranges(toks.joiner, *chunk)
            if not 2 <= len(words) <= 5 or toks.norm[words[-1][1] - 1] not in self.type_words:
                continue
            typ = self.type_words[toks.norm[words[-1][1] - 1]]
            if typ == "Task":
                continue
            out.append(Candidate(toks.idx[chunk[0]], toks.end_char(words[-1][1] - 1), typ, Finder.CONTRIBUTION, 0.75,
                                 proposed=True, rule="proposed-description"))
            return

    def _title_task(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"… for Grammatical Error Correction": what a title says its contribution is for is a task, unless a
        vocabulary or another finder knows the phrase as something else (then it only votes)."""
        text = doc_text(doc)
        title, sep, _rest = text.partition("\n\n")
        if not sep:
            return
        means = title_means(title, self.words.title_means, self.title_cuts, self.title_rejects,
                            self.words.title_articles)
        if means is not None:
            self._title_task_span(title, *means[0], by_start, out)
        self._title_task_phrases(title, by_start, out)
        span = title_purpose(title, self.title_cuts, self.title_rejects, self.words.title_purpose_trailing)
        if span is None:
            return
        start, end = span
        head = norm_word(title[:end].rsplit(None, 1)[-1].rsplit("-", 1)[-1])
        if self.type_words.get(head) not in (None, "Task"):
            return  # "… for a Dataset", "… for Vision Transformers"
        found = head_type(head, self.res)
        process = head.endswith(self.words.process_noun_endings) and " " in title[start:end]
        if found and found[0] not in ("Task",) and head not in self.res.noun_ing and not process:
            return  # "… for Bayesian Deep Learning" is headed by a method word ("… for Graph Sparsification" is a goal)
        if not found and " " not in title[start:end]:
            return  # "Keypoints for Robots": one word no table calls a task
        words = title[start:end].lower().split()
        last = title[:end].rsplit(None, 1)[-1].rsplit("-", 1)[-1]
        if not found and head != last.lower() and not last[:-1].isupper() and "of" not in words \
                and not (words[0].endswith("ing") and words[0] not in self.res.noun_ing):
            return  # "… for Soft Robot Arms", "… for Rare Diseases": things or domains no table types (not "… for MDPs",
            # "… for Classification of Logical Fallacies", "… for Generating Deep Questions")
        if any(c.end == end and c.type in ("Model", "Dataset", "HardwareConcept", "Metric")
               for c in by_start.get(start, ())):
            return
        cand = Candidate(start, end, "Task", Finder.PATTERN, 0.6, rule="title-purpose")
        out.append(cand)
        by_start.setdefault(start, []).append(cand)

    def _problem_of(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"We study the problem of learning large-margin halfspaces": the gerund phrase after "the problem of"
        (or "task of") in a sentence of "we" is a task the paper addresses, read to its first break word or
        mark; 2 to 5 words, and only where no task is found in it already."""
        toks = tokens(doc)
        lower = toks.lower
        for i in positions(lower, "of", 2, len(lower) - 3):  # the few "of"s
            if lower[i - 1] not in self.words.problem_nouns or not lower[i + 1].endswith("ing"):
                continue
            sent = sentence_at(doc, toks.idx[i])
            if "we" not in lower[sent.start:i] and "paper" not in lower[sent.start:i]:
                continue
            j = i + 2
            while j < sent.end and j - i <= 8 and not (lower[j] in self.words.described_breaks and j > i + 2
                                                        and lower[j] not in self.words.title_articles) \
                    and not (toks.lex[j].is_punct and not toks.joiner[j]):
                j += 1
            words = word_ranges(toks.joiner, i + 1, j)
            if not 2 <= len(words) <= 5 or j - i > 8 or toks.lower[j - 1] in self.words.described_breaks:
                continue
            start, end = toks.idx[i + 1], toks.end_char(j - 1)
            if any(c.type == "Task" and c.start < end and start < c.end for c in out):
                continue
            cand = Candidate(start, end, "Task", Finder.PATTERN, 0.6, rule="problem-of")
            out.append(cand)
            by_start.setdefault(start, []).append(cand)

    def _title_task_phrases(self, title: str, by_start, out: list[Candidate]) -> None:
        """A title part that names a task: a noun phrase headed by a task noun ("Sequence-Agnostic Multi-Object
        Navigation", "… : Global Optimization of Black-Box Functions") or opened by a task verb's gerund
        ("Detecting Machine-Generated Texts by …"), up to its first cut word; 2 to 6 words."""
        phrases = [(a, b if len(title[a:b].split()) <= 6 else h)
                   for a, b, h in title_phrases(title, self.title_cuts, self.title_inner, self.title_rejects,
                                                self.title_openers, self.res.noun_ing, self.words.title_articles)]
        any_task = any(c.type == "Task" for c in out)
        for part in re.split(r":\s+|\s+[-–—]\s+", title):
            if any_task:
                break  # a gerund's phrase only when the paper names no task at all ("Localizing … Images" is no
                # better a name than the abstract's "geo-localization")
            lo = title.find(part)
            words = list(TITLE_WORD.finditer(part))
            if words and words[0].group(0).lower() in self.words.task_gerunds:
                end = next((k for k, w in enumerate(words) if k and (w.group(0).lower() in self.title_cuts
                                                                     or w.group(0).lower() in self.title_inner)),
                           len(words))
                phrases.append((lo + words[0].start(), lo + words[end - 1].end()))
        tasks = [c for c in out if c.type == "Task" and c.start < len(title)]
        for start, end in phrases:
            phrase = title[start:end].split()
            if not 2 <= len(phrase) <= 6 or any(c.proposed or (c.end == end and c.type != "Task")
                                               for c in by_start.get(start, ())):
                continue
            if any(c.start < end and start < c.end for c in tasks):
                continue  # a task found inside it ("Fast Text-to-3D with …") is the task, not the whole part
            first = phrase[0].lower()
            if first not in self.words.task_gerunds:
                head = norm_word(phrase[-1].rsplit("-", 1)[-1])
                if head in self.words.contribution_not_heads:
                    continue  # "Evaluation of Line Detection …"
                found = head_type(head, self.res)
                if self.type_words.get(head, "Task") != "Task" or not found or found[0] != "Task" or found[1] < 0.7:
                    continue
            cand = Candidate(start, end, "Task", Finder.PATTERN, 0.6, rule="title-task")
            out.append(cand)
            by_start.setdefault(start, []).append(cand)

    def _title_task_span(self, title: str, start: int, end: int, by_start, out: list[Candidate]) -> None:
        """"Partial Multi-View Multi-Label Classification via …": the title's phrase before its means word is the
        task the paper addresses when its head says it is a task ("Classification", "Detection")."""
        words = title[start:end].split()
        if "," in title[start:end] or any(w.lower() in self.title_cuts for w in words):
            return  # "Stochastic Planning for ASV Navigation Using …": the task is the "for" phrase (_title_task)
        head = norm_word(words[-1].rsplit("-", 1)[-1])
        found = head_type(head, self.res)
        if self.type_words.get(head, "Task") != "Task" or not found or found[0] != "Task" or len(words) < 2:
            return
        if words[0][:1].islower() or words[0].lower().endswith("ing"):
            return  # "Accelerating Training … via …" is a verb phrase, not a task's name
        if any(c.end == end and c.type != "Task" for c in by_start.get(start, ())):
            return
        cand = Candidate(start, end, "Task", Finder.PATTERN, 0.6, rule="title-task")
        out.append(cand)
        by_start.setdefault(start, []).append(cand)

    def _title_coined_name(self, doc: Doc, by_start, out: list[Candidate]) -> bool:
        """"Self-Cleaning: Improving a Named Entity Recognizer …" of an abstract with a contribution cue: one coined
        word before the title's colon (hyphenated, mixed case or with digits, or rare in English) names it."""
        text = doc_text(doc)
        head = text.partition("\n\n")[0]
        colon = head.find(": ")
        name = head[:colon].strip() if colon > 0 else ""
        if not name or " " in name or not name[:1].isupper() or name.lower() in self.title_openers:
            return False
        coined = "-" in name.strip("-") or any(c.isdigit() for c in name) or any(c.isupper() for c in name[1:])
        if not coined and not (name.isalpha() and is_rare_word(name)):
            return False
        start = text.find(name)
        if any(c.finder is Finder.LEXICON for c in by_start.get(start, ())):
            return False
        cand = Candidate(start, start + len(name), "Method", Finder.CONTRIBUTION, 0.8, proposed=True,
                         rule="title-coined-name")
        out.append(cand)
        by_start.setdefault(start, []).append(cand)
        self.new_names.append(cand)
        self._repeat_new_names(doc, by_start, out)
        return True

    def _title_means(self, doc: Doc, by_start, out: list[Candidate]) -> bool:
        """"… Classification via Semantic Invariance Learning and Prototype Modeling" of an abstract that proposes
        something it does not name: the title's means phrase, when its head says it is a method or model."""
        title = doc_text(doc).partition("\n\n")[0]
        means = title_means(title, self.words.title_means, self.title_cuts, self.title_rejects,
                            self.words.title_articles)
        if means is None:
            return False
        start, end = means[1]
        phrase = title[start:end].split()
        first = phrase[0].lower() if phrase else ""
        if (len(phrase) < 2 and "-" not in phrase[0]) or (first.endswith("ing") and first not in self.res.noun_ing):
            return False  # "… via Learning Degradation-Aware Models": a verb phrase, the abstract names the object
        if title[:start].rstrip().lower().endswith(tuple(f" {a}" for a in self.words.title_articles)):
            return False  # "… via the Time-Change Theorem": a known thing the paper uses
        inner = next((k for k, w in enumerate(phrase) if k and w.lower() in self.title_inner), len(phrase))
        head = norm_word(phrase[inner - 1].rsplit("-", 1)[-1])  # "Tractable Steering of Diffusion Models"
        typ = self.type_words.get(head)
        if typ is None:
            found = head_type(head, self.res)
            typ = found[0] if found else None
        # "… via Document Semantic Graphs" with "we propose to … convert the documents into document semantic graphs":
        # a phrase the sentence of a contribution verb names is the contribution whatever its head
        introduced = typ in (None, "Dataset") and self._introduced(doc, "", title[start:end])
        if typ != "Method" and not introduced:
            return False  # "… Using Aerial Robots": a model or a platform the paper uses
        if any(c.end >= end and (c.finder is Finder.LEXICON or (c.type != "Method" and not introduced))
               for c in by_start.get(start, ())):
            return False  # a known concept: "… via Reinforcement Learning", "… Using Stable Diffusion"
        typ = "Method"
        cand = Candidate(start, end, typ, Finder.CONTRIBUTION, 0.75, proposed=True, rule="title-means")
        out.append(cand)
        by_start.setdefault(start, []).append(cand)
        return True

    def _title_means_named(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"Model Merging by Uncertainty-Based Gradient Matching" with "we propose an uncertainty-based scheme …": a
        described contribution of one modifier and a kind noun whose modifier is a word of the title's means phrase (after
        "via", "using", "through" or "by") is that phrase, which names it."""
        cand, text = out[-1], doc_text(doc)
        label = text[cand.start:cand.end].lower().split()
        if len(label) != 2 or norm_word(label[1]) not in self.type_words:
            return
        title = text.partition("\n\n")[0]
        means = title_means(title, self.words.title_means | {"by"}, self.title_cuts, self.title_rejects,
                            self.words.title_articles)
        if means is None:
            return
        start, end = means[1]
        while title[start:end].lower().startswith(("novel ", "new ")):
            start = title.index(" ", start) + 1  # "… using a Novel Labeling Strategy"
        words = title[start:end].lower().split()
        if not 2 <= len(words) <= 5 or (words[0].endswith("ing") and words[0] not in self.res.noun_ing) \
                or norm_word(label[0]) not in {norm_word(w) for w in words}:
            return
        if any(c.finder is Finder.LEXICON and c.end >= end for c in by_start.get(start, ())):
            return  # a known concept: "… via Stochastic Gradient Descent"
        out[-1] = Candidate(start, end, cand.type, Finder.CONTRIBUTION, 0.8, proposed=True, rule="title-means-named")
        by_start.setdefault(start, []).append(out[-1])

    def _bare_kind(self, doc: Doc, sent: Span, verb: int) -> str | None:
        """"we introduce a novel approach that …", "we present an algorithm, which …": a contribution verb whose
        object is a kind noun alone (its leading words weak, no complement after it) says the paper proposes a
        thing of that kind and names it nowhere in the sentence; the kind's type, or None."""
        toks = tokens(doc)
        lower = toks.lower
        if lower[verb] in self.describing_only:
            return None
        k = self._object_start(lower, verb + 1, sent.end)
        if k >= sent.end or lower[k] not in self.words.title_articles:
            return None  # "we propose a …": one thing, not "we propose methods"
        k += 1
        while k < sent.end and (lower[k] in self.weak_lead or (lower[k] in self.words.coordination_glue
                                                               and lower[k - 1] in self.weak_lead)):
            k += 1
        if k + 1 >= sent.end or toks.joiner[k] or toks.norm[k] not in self.type_words:
            return None
        if lower[k + 1] not in self.words.bare_kind_follow and toks.text[k + 1] not in (",", "."):
            return None
        typ = self.type_words[toks.norm[k]]
        return None if typ == "Task" else typ

    def _title_phrase(self, doc: Doc, by_start, out: list[Candidate], kind: str | None = None,
                      means_too: bool = False, named_only: bool = False, loose: bool = False) -> bool:
        """"Weakly Consistent Optimal Pricing Algorithms in Repeated … Auctions" with "We propose a novel
        algorithm that …": an abstract that proposes something it does not name has its name in the title.

        The title's noun phrase (see :func:`title_phrases`) counts when its head says it is a method, model,
        dataset or measure (a kind noun or a method head: "… Framework", "… Model", "… Learning"); a title
        naming its task ("Specular Object Reconstruction …") or a known concept ("Bayesian Neural Networks")
        names no contribution."""
        text = doc_text(doc)
        title, sep, _rest = text.partition("\n\n")
        if not sep:
            return False
        for start, end, head_end in title_phrases(title, self.title_cuts, self.title_inner, self.title_rejects,
                                                  self.title_openers, self.res.noun_ing, self.words.title_articles):
            head = norm_word(title[:head_end].rsplit(None, 1)[-1].rsplit("-", 1)[-1])
            last = title[:end].rsplit(None, 1)[-1]
            if last.islower() is False and last.lower().endswith("ed") and last.lower()[:-2] not in self.type_words \
                    and " " in title[start:end] and self._participle(last.lower()):
                continue  # "In-context Learning on Function Classes Unveiled": a clause, not a name
            if named_only and not self._introduced(doc, _rest, title[start:end], named_only=True):
                continue
            # "… : Transferable Latent Spatial Representations for Navigation": a noun of a thing made heads it too
            typ = self.type_words.get(head) or self.words.made_kind_nouns.get(head)
            found = None
            if typ is None:
                found = head_type(head, self.res)
                typ = found[0] if found and found[0] in ("Method", "Model") else kind
            if typ is None and not (found and found[0] == "Task") and self._introduced(doc, _rest, title[start:end]):
                typ = "Method"  # "we propose modified Retrace to …", "…, called plug-in performative optimization"
            if typ is None or typ == "Task":
                continue
            after = title[end:].split(None, 1)
            if not means_too and after and after[0].lower() in self.words.title_means and head not in self.type_words:
                continue  # "Efficient Heterogeneous Meta-Learning via Channel Shuffling Modulation": X of "X via Y" is
                # what the paper addresses (see title_means), its contribution is the abstract's or Y, read first
            split = _TITLE_SPLIT.search(title) if _may_split(title) else None
            if typ is kind and kind is not None and (split and start > split.start() or not (re.search(
                    r"(?<![\w-])" + re.escape(title[start:end]) + r"(?![\w-])", _rest, re.IGNORECASE)
                    or (loose and not split and start == 0 and head_end == end and after
                        and after[0].lower() in self.title_cuts and head not in self.words.contribution_not_heads))):
                continue  # typed only by the abstract's bare kind noun: the title's head, in the abstract's words
            at = by_start.get(start, [])
            head_start = title.rfind(" ", 0, head_end) + 1
            if any(c.finder is Finder.LEXICON and (c.end >= end or (
                    c.end >= head_start - 1 and head_end == end and head in self.words.restating_heads)) for c in at):
                continue  # a known concept: "Bayesian Neural Networks", "Stochastic Gradient Descent Algorithm"
            cand = Candidate(start, end, typ, Finder.CONTRIBUTION, 0.8, proposed=True)
            out.append(cand)
            by_start.setdefault(start, []).append(cand)
            return True
        return False

    def _introduced(self, doc: Doc, abstract: str, phrase: str, named_only: bool = False) -> bool:
        """Whether the abstract introduces ``phrase`` (a title's noun phrase) in so many words: as the object of a
        contribution verb ("we propose modified Retrace to …"), after a naming cue ("a general protocol …, called
        plug-in performative optimization"), or in the sentence of a contribution verb whose object names nothing, after
        the verb ("we propose to improve ABSA with context denoising", "we propose to address these issues … by
        computing empirical error estimates")."""
        if len(phrase.split()) < 2:
            return False
        at = re.compile(r"(?<![\w-])" + re.escape(phrase) + r"(?![\w-])", re.IGNORECASE)
        if not named_only:
            text, idx = doc_text(doc), tokens(doc).idx
            lower = tokens(doc).lower
            for sent, i in self.unnamed:
                if lower[i] in self.verbs and i + 1 < sent.end and lower[i + 1] == "to" \
                        and at.search(text, idx[i], sent.end_char):
                    return True
        for m in at.finditer(abstract):
            before = abstract[max(0, m.start() - 40):m.start()].lower().split()
            while before and (before[-1] in self.words.title_articles or before[-1] in ("new", "novel")):
                before.pop()
            nxt = abstract[m.end():m.end() + 20].split(None, 1)
            if nxt and nxt[0].lower() in ("and", "or"):
                continue  # "a semantically consistent and syntactically variational … framework": the phrase goes on
            if before and (before[-1] in self.naming or (not named_only and (before[-1] in self.verbs or (
                    len(before) > 1 and before[-2] == "we" and before[-1] in self.past_verbs)))):
                return True
        return False

    def _described_object(self, doc: Doc, sent: Span, verb: int, by_start, out: list[Candidate]) -> None:
        """"we propose a novel two-stage sampling scheme for …": a contribution without a name is the noun
        phrase itself, typed by its head noun. At least one describing word must stay once the weak ones
        ("novel", "simple") are dropped: "a new method" alone names nothing."""
        toks = tokens(doc)
        text = doc_text(doc)
        if verb + 3 < sent.end and toks.lower[verb + 1] == "to" and toks.lower[verb] in self.verbs \
                and toks.lower[verb + 2] in self.verbs and toks.lower[verb + 2] not in self.infinitive_uses:
            # "we propose to build a dataset of …", "we aim to develop …": the object of an infinitive that is itself a
            # contribution verb is the described contribution (not "we propose to learn a dynamics model": a known kind
            # of thing learnt)
            self._described_object(doc, sent, verb + 2, by_start, out)
            return
        if self._kind_phrase(doc, sent, verb, by_start, out):
            return
        # "we provide generalization bounds": only a kind noun says a described thing is proposed ("we suggest an
        # algorithm for training …": a bare one with what it is for)
        describing = toks.lower[verb] in self.describing_only
        begin = self._object_start(toks.lower, verb + 1, sent.end)
        chunk = next(iter(chunk_ranges(doc, begin, sent.end, self.res)), None)
        if chunk is None:
            return
        # "a simple and efficient decentralized algorithm": weak words joined by "and" or a comma lead too
        lead = [k for k in range(begin, chunk[0]) if toks.lower[k] not in self.weak_lead
                and not (toks.lower[k] in self.words.coordination_glue and k > begin
                         and toks.lower[k - 1] in self.weak_lead)]
        if lead == [chunk[0] - 1] and self._participle(toks.text[lead[0]]):
            chunk = (lead[0], chunk[1])  # "an integrated retrieval-summarization framework": a participle describes
        elif lead:
            return  # the object is no noun phrase right after the verb: "we propose to …", "we present, in …"
        words = word_ranges(toks.joiner, *chunk)  # participles stay: "a learned index structure"
        while words and text[toks.idx[words[0][0]]:toks.end_char(words[0][1] - 1)].lower() in self.weak_lead:
            words = words[1:]  # "a novel", "state-of-the-art"
        if len(words) > 2 and self._participle(toks.text[words[-1][0]]) and (
                toks.norm[words[-2][1] - 1] in self.type_words or (
                    words[-1][1] < sent.end and toks.lower[words[-1][1]] in self.words.described_breaks)):
            words = words[:-1]  # "a … calibration method tailored for …", "… functions combined with …": the
            # participle opens a clause
        end_tok = words[-1][1] if words else chunk[1]
        if words and toks.lower[begin] == "the" and words[0][0] == begin + 1 and end_tok < sent.end \
                and toks.lower[end_tok] == "of":
            return  # "we develop the confidence region of the covariance vector": the one of something, worked out,
            # not a new thing ("the first …" may be one)
        if describing and not (len(words) == 1 and toks.norm[words[0][1] - 1] in self.type_words):
            return
        of = self._of_complement(doc, sent, end_tok) if words and toks.norm[end_tok - 1] in self.of_heads else None
        if of is not None:
            # "a temporal difference version of contrastive predictive coding": a variant is named with what it
            # varies, kept whole and typed by it
            varied = "Method" if toks.norm[end_tok - 1] in self.words.contribution_of_operations else (
                self.type_words.get(toks.norm[of[1] - 1]) or (head_type(toks.text[of[1] - 1], self.res) or ("Method",))[0])
            start, end = toks.idx[words[0][0]], toks.end_char(of[1] - 1)
            out.append(Candidate(start, end, "Method" if varied == "Task" else varied, Finder.CONTRIBUTION, 0.75,
                                 proposed=True, rule="described-variant"))
            return
        if len(words) == 1 and toks.norm[words[0][1] - 1] in self.type_words:
            before = len(out)
            self._kind_with_complement(doc, sent, words[0], out)
            if describing and len(out) > before and len(text[out[-1].start:out[-1].end].split()) < 4:
                del out[before:]  # "we derive an approach for learning from these …": too little to name it
            return
        if not 2 <= len(words) <= (6 if toks.norm[words[-1][1] - 1] in self.type_words else 4):
            return  # "a domain-specific weakly supervised object detection algorithm": a kind noun ends it
        head = toks.norm[words[-1][1] - 1]
        if head in self.words.contribution_not_heads or toks.lower[words[-1][1] - 1] in self.words.contribution_not_heads:
            return  # "a comprehensive study of …": what the paper does, not what it proposes
        typ = self.type_words.get(head) or (head_type(toks.text[words[-1][1] - 1], self.res) or (None,))[0]
        last = toks.text[words[-1][1] - 1]
        if typ is None and last.isalpha() and last.islower() and not last.endswith(self.words.contribution_not_noun_endings):
            typ = "Method"  # "a rasterizer-based differentiable renderer": a thing made, named by its own noun
        if typ is None and last.isalpha() and last.isupper() and len(last) > 1:
            # "the resulting novel highway VIN": a named kind, typed as the name's other mentions are
            typ = next((c.type for c in by_start.get(toks.idx[words[-1][0]], ()) if c.end == toks.end_char(words[-1][1] - 1)
                        and c.type in ("Method", "Model", "Dataset")), "Method")
            if toks.norm[words[-2][1] - 1] in self.type_words:
                # "our predictor FLAN": the kind noun says what the name is
                typ, words = self.type_words[toks.norm[words[-2][1] - 1]], words[-1:]
        if typ is None or (typ == "Task" and head in self.type_words):
            return  # "a new task of …" is read by _read_target
        mods = [text[toks.idx[a]:toks.end_char(b - 1)].lower() for a, b in words[:-1]]
        if self.deferring and len(mods) == 1 and head in self.type_words and is_describing_adjective(mods[0], self.res):
            # "an analytical framework", "a theoretical framework": a generic kind, the answer of last resort
            self._defer(Candidate(toks.idx[words[0][0]], toks.end_char(end_tok - 1), typ, Finder.CONTRIBUTION, 0.8,
                                  proposed=True))
            return
        if head not in self.type_words and all(is_describing_adjective(m, self.res) or self.describing.match(m)
                                               for m in mods) and not (
                len(words) == 2 and end_tok < sent.end and toks.lower[end_tok] in self.words.clause_openers
                and toks.lower[verb] in self.verbs and toks.lower[begin] in ("a", "an")):
            return  # "realistic simulations": no name ("we propose a robotic skin that can be programmed …" is one,
            # a thing made and said what it does); "a two-stage method" is named by its kind noun
        # "this is the first single-source SimRank algorithm in MPC that …": a name after it is what it works in
        first = toks.lower[verb] == "is" and toks.lower[verb + 2] == "first"
        for k in range(end_tok, end_tok if first else sent.end):
            if toks.lower[k] in self.clause_stops and toks.lower[k] not in (",", "("):
                break
            at = by_start.get(toks.idx[k], ())
            if k in self.naming_at or (any(c.finder in _NAMES for c in at)
                                                and not any(c.finder is Finder.LEXICON for c in at)):
                return  # "a pruning algorithm, D-Prune, …": the contribution has a name
        start, end = toks.idx[words[0][0]], toks.end_char(end_tok - 1)
        out.append(Candidate(start, end, typ, Finder.CONTRIBUTION, 0.8, proposed=True))

    def _kind_phrase(self, doc: Doc, sent: Span, verb: int, by_start, out: list[Candidate]) -> bool:
        """"we propose an asymmetric dual limit surface model to …", "we present the first fully unsupervised deep
        learning-based denoiser": the words from the object's first describing word to its kind noun, read without
        the chunker (whose closed-class list holds words such as "limit" or "design" that are nouns here).

        The phrase has 1 to 5 describing words before the kind noun and no break word (a preposition, a
        conjunction, a clause word) or mark between; a kind noun followed by another ("model architecture")
        extends it. A name in the object's clause leaves it to the name (see the caller)."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        k = self._object_start(lower, verb + 1, sent.end)
        while k < sent.end and (lower[k] in self.weak_lead or (lower[k] in self.words.coordination_glue
                                                               and lower[k - 1] in self.weak_lead)):
            k += 1
        # "a theoretically grounded, lightweight regularizer", "a novel, computationally efficient, incremental
        # exploration strategy": describing words before a comma lead too (the phrase starts after the last comma)
        lead_start: int | None = None  # where the describing words before the last comma start
        while True:
            # (a word glued by hyphens is one: "a new distribution-free, data-driven UCB algorithm")
            comma = next((c for c in range(k + 1, min(sent.end - 1, k + 6)) if text[c] == ","), None)
            if comma is None or len(word_ranges(toks.joiner, k, comma)) > 2 or not all(
                    toks.joiner[t] or (toks.lex[t].is_alpha and text[t].islower() and toks.norm[t] not in self.type_words
                                       and lower[t] not in self.words.described_breaks) for t in range(k, comma)) \
                    or not (text[comma + 1].isalpha() and text[comma + 1].islower()) \
                    or lower[comma + 1] in self.words.title_articles:
                break  # "we propose motion guidance, a zero-shot technique …": an apposition, not a describing word
            lead_start, k = k, comma + 1
            while k < sent.end and (lower[k] in self.weak_lead or lower[k] in self.words.coordination_glue):
                k += 1
            if k == comma + 1:
                lead_start = None  # a describing word right after the comma: the phrase starts there
        first, kind = k, None
        if lead_start is not None and k < sent.end and toks.norm[k] in self.type_words:
            # "a theoretically grounded, lightweight regularizer": only weak words after the last comma, so the
            # describing words before it are the phrase's (kept whole, with the comma)
            first = lead_start
        # "we propose a precise anomaly detection solution": nouns of a thing made that are kinds only as the object of
        # a verb of proposing (not "we derive a closed-form solution"), and only where the phrase ends on them
        made = self.words.made_kind_nouns if (lower[verb] in self.verbs or lower[verb] in self.gerund_verbs) \
            and k < sent.end and not self._gerund(lower[k]) else {}  # "we propose leveraging expert-guided heuristics": a verb phrase

        def word_before(t: int) -> str:  # the whole word before token t: "closed-form"
            m = t - 1
            while m - 2 >= first and toks.joiner[m - 1]:
                m -= 2
            return doc_text(doc)[toks.idx[m]:toks.end_char(t - 1)].lower()
        while k < sent.end and k - first < 12:
            if made and toks.norm[k] in made and k > first and not toks.joiner[k - 1] and kind is None \
                    and word_before(k) not in self.words.result_modifiers and k + 1 < sent.end \
                    and lower[k + 1] != "of" \
                    and (lower[k + 1] in self.words.described_breaks or (toks.lex[k + 1].is_punct and not toks.joiner[k + 1])):
                # ("dual-free variants of adaptive primal-dual algorithms" is a variant named with what it varies)
                kind = k
                break
            if text[k] == ")" and k > first and not toks.ws[k - 1] and "(" in text[k - 1]:
                k += 1  # "a novel SO(3) representation": a bracket glued to its word belongs to it
                continue
            if lower[k] == "based" and kind is None and k > first and k + 1 < sent.end and text[k - 1][-1:].isalnum() \
                    and lower[k + 1] not in self.words.described_breaks and not toks.lex[k + 1].is_punct:
                pass  # "a deep-learning based response generation framework": "based" unglued goes on too
            elif lower[k] == "and" and kind is None and k > first and toks.norm[k - 1] not in self.type_words \
                    and k + 1 < sent.end and toks.lex[k + 1].is_alpha and text[k + 1].islower() \
                    and lower[k + 1] not in self.words.described_breaks:
                pass  # "a new uncertainty-aware and interpretable graph classification model": describing words joined
            elif (lower[k] in self.words.described_breaks and not toks.joiner[k - 1]) or (
                    toks.lex[k].is_punct and not toks.joiner[k]):
                break  # "a dynamic programming-based scheme": "based" glued by a hyphen goes on
            if not toks.joiner[k] and toks.norm[k] in self.type_words and k > first and not toks.joiner[k - 1] \
                    and not (k + 1 < sent.end and toks.joiner[k + 1]):  # "multi-agent", "model-based": no kind noun
                kind = k
            elif kind is not None and k - kind > 2:
                break  # "a test-time threat model agnostic algorithm": a later kind noun close by ends it
            k += 1
        if kind is None and first < k < sent.end - 2 and text[k] == "," and lower[k + 1] in ("a", "an") \
                and lower[first] not in self.words.described_breaks and 1 <= len(word_ranges(toks.joiner, first, k)) <= 4:
            # "we propose motion guidance, a zero-shot technique that …": the apposition says what the words are
            apposed = self._kind_in(doc, k + 1, sent)
            if apposed is not None and apposed != "Task":
                out.append(Candidate(toks.idx[first], toks.end_char(k - 1), apposed, Finder.CONTRIBUTION, 0.8,
                                     proposed=True, rule="described-apposition"))
                return True
        if kind is None or first >= kind or lower[first] in self.words.described_breaks:
            return False
        words = word_ranges(toks.joiner, first, kind + 1)
        if not 2 <= len(words) <= 6 or not text[first][:1].isalnum():
            return False
        if self.deferring and len(words) == 2 and is_describing_adjective(text[first], self.res) \
                and words[0][1] == first + 1:
            # "we develop an analytical framework for …": a generic kind that names nothing, the answer only when
            # nothing else (the title) says what the paper proposes; kept with what it is for when it says so ("a
            # theoretical framework for the evolution of the kernel sequence")
            end = toks.end_char(kind)
            if self.type_words.get(toks.norm[kind]) in ("Method", "Model") and kind + 2 < sent.end \
                    and lower[kind + 1] == "for":  # (not "to": "an analytical framework to quantify the changes in …")
                complement: list[Candidate] = []
                self._kind_with_complement(doc, sent, (kind, kind + 1), complement)
                if complement:
                    end = complement[-1].end
            self._defer(Candidate(toks.idx[first], end, self.type_words.get(toks.norm[kind]) or "Method",
                                  Finder.CONTRIBUTION, 0.8, proposed=True, rule="described-kind"))
            return True
        typ = self.type_words.get(toks.norm[kind]) or made[toks.norm[kind]]
        j = kind + 1
        while j < sent.end and (lower[j] in self.name_links or toks.lex[j].is_quote):
            j += 1
        at = by_start.get(toks.idx[j], ()) if j < sent.end else ()
        if any(k in self.naming_at for k in range(kind + 1, j + 1)) or (
                any(c.finder in _NAMES for c in at) and not any(c.finder is Finder.LEXICON for c in at)):
            return False  # "a pruning algorithm, D-Prune, …": the contribution has a name
        if lower[verb] in self.kind_object_verbs and any(
                c.finder is Finder.LEXICON and c.end >= toks.end_char(kind) - 1 for c in by_start.get(toks.idx[first], ())):
            return False  # "we derive principled surrogate losses": a known concept, derived, not proposed
        # "a necessary and sufficient graphical criterion – the conditional adjustment criterion – for …": a name
        # set off by dashes that ends in the same kind noun is the contribution's own
        if kind + 3 < sent.end and text[kind + 1] in ("–", "—") and lower[kind + 2] in self.words.title_articles:
            close = next((t for t in range(kind + 3, min(sent.end, kind + 10)) if text[t] in ("–", "—")), None)
            if close is not None and close - kind > 4 and toks.norm[close - 1] == toks.norm[kind] and all(
                    toks.joiner[t] or is_content(doc[t], self.res) for t in range(kind + 3, close)):
                first, kind = kind + 3, close - 1
        out.append(Candidate(toks.idx[first], toks.end_char(kind), typ, Finder.CONTRIBUTION, 0.8, proposed=True,
                             rule="described-kind"))
        return True

    def _object_start(self, lower: list[str], k: int, end: int) -> int:
        """Where the object of a contribution verb at ``k - 1`` starts, past an adverbial phrase ("we propose for
        the first time a …") or a nominal that only introduces it ("we propose the use of a lookahead mechanism")."""
        for phrase in self.object_skips:
            n = len(phrase)
            if lower[k:k + n] == phrase and k + n < end:
                k += n  # … and then perhaps a collection: "the introduction of a large family of covariance functions"
                break
        # "three new classes of abstraction functions": the collection's members are the object
        j = k
        while j < end - 2 and j - k < 3 and (lower[j] in self.weak_lead or lower[j] in self.words.counting_prefixes
                                             or lower[j] in self.words.collection_size_words):
            j += 1
        if j > k and lower[j] in self.words.collection_nouns and lower[j + 1] == "of" and j + 2 < end:
            return j + 2
        return k

    def _gerund(self, word: str) -> bool:
        """A lower-case "-ing" form that is no noun of the lists ("amortizing", not "setting")."""
        return word.isalpha() and word.endswith("ing") and len(word) > 5 and word not in self.res.noun_ing \
            and norm_word(word) not in self.type_words

    def _participle(self, word: str) -> bool:
        """A lower-case participle describing a contribution ("an integrated …", "a unified …"), not a verb of
        contribution itself ("a proposed …")."""
        return word.isalpha() and word.islower() and word.endswith("ed") and word not in self.any_verbs \
            and word not in self.weak_lead

    def _of_complement(self, doc: Doc, sent: Span, k: int) -> tuple[int, int] | None:
        """The noun phrase after "of" at token ``k`` ("… version of contrastive predictive coding"): its token
        range, 1 to 4 words, ending the clause (a comma, a clause word, a preposition) or None."""
        toks = tokens(doc)
        if k + 1 >= sent.end or toks.lower[k] != "of":
            return None
        first = k + 1
        while first < sent.end and (toks.lower[first] in self.words.title_articles or toks.lower[first] in self.weak_lead):
            if toks.lower[first] in self.words.complement_anaphora:
                return None  # "a version of the same problem": about the text, no name
            first += 1  # "of the classical …"
        chunk = next(iter(chunk_ranges(doc, first, sent.end, self.res)), None)
        if chunk is None or chunk[0] != first or not 1 <= len(word_ranges(toks.joiner, *chunk)) <= 4:
            return None
        if toks.lower[chunk[1] - 1] in self.weak_lead or toks.text[chunk[1] - 1][-1:] == "-":
            return None
        nxt = chunk[1]
        if nxt + 2 < sent.end and toks.lower[nxt] == "and" and toks.text[chunk[1] - 1].islower():
            # "variations of expressive 1-WL-based kernel and MPNN architectures": two modifiers of one noun joined
            more = next(iter(chunk_ranges(doc, nxt + 1, sent.end, self.res)), None)
            if more is not None and more[0] == nxt + 1 and toks.norm[more[1] - 1] in self.type_words \
                    and len(word_ranges(toks.joiner, first, more[1])) <= 7:
                chunk, nxt = (chunk[0], more[1]), more[1]
        if nxt < sent.end and not (toks.lex[nxt].is_punct or toks.lower[nxt] in self.clause_stops
                                   or toks.lower[nxt] in self.words.complement_stops
                                   or toks.lower[nxt] in self.complement_prepositions):
            return None  # the phrase goes on past what was read: "… G-optimal design concept"
        return chunk

    def _complement_end(self, doc: Doc, sent: Span, j: int, limit: int) -> tuple[int, bool]:
        """Where a kind noun's complement opening at token ``j`` ends (a mark or a complement stop word), read up to
        ``limit - 1`` words; and whether it goes on past them ("long")."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        n = 0
        while j < sent.end and n < limit and text[j] not in (",", ";", ".", ":", "(") \
                and lower[j] not in self.words.complement_stops:
            n += toks.lex[j].is_alpha and not toks.joiner[j - 1]  # "summary-worthy" is one word
            j += 1
        return j, n > limit - 1 or (j < sent.end and lower[j] not in self.words.complement_stops
                                    and text[j] not in (",", ";", ".", ":", "("))

    def _kind_with_complement(self, doc: Doc, sent: Span, word: tuple[int, int], out: list[Candidate]) -> None:
        """"We propose a method to estimate these bounds", "an algorithm for online binary classification": a
        bare kind noun names the contribution only with what it is for, kept whole (up to a comma or clause)."""
        toks = tokens(doc)
        lower = toks.lower
        k = word[1]
        if k + 1 >= sent.end or not (lower[k] in ("for", "to") or (
                lower[k] == "of" and self._gerund(lower[k + 1]) and self.type_words[toks.norm[k - 1]] != "Task") or (
                lower[k] == "of" and self.type_words[toks.norm[k - 1]] == "Dataset")):
            return  # "a method for …", "a general method of amortizing …" (a task of a gerund is read elsewhere),
            # "a dataset of flawed answers" (what a dataset holds)
        j, long = self._complement_end(doc, sent, k + 1, 6)
        if j < sent.end and lower[j] in self.words.coordination_glue and toks.lex[j].is_alpha \
                and is_describing_adjective(lower[j - 1], self.res):
            return  # "a unified framework for local and global feature-based explanations": the phrase goes on
        if long:
            # "we suggest an algorithm for training the time-reversal of Markov jump processes which …": a longer
            # complement is kept whole when a clause boundary ends it soon enough (not a bracket, which may close a
            # name: "… Iterative Closest Point (ICP)", nor the "or" of "for either unstructured or structured
            # sparsity"), and it holds no second phrase but an "of"
            # ("… to learn rewards more efficiently in the absence of humans" is cut below)
            whole, still_long = self._complement_end(doc, sent, k + 1, LONG_COMPLEMENT)
            if not still_long and whole < sent.end and toks.text[whole] != "(" and (
                    lower[whole] not in self.words.coordination_glue or toks.text[whole] == ",") and not any(lower[t] in self.words.complement_anaphora or (
                    lower[t] in self.words.complement_cuts and lower[t] != "of" and not toks.joiner[t - 1])
                    for t in range(k + 2, whole)):
                j, long = whole, False
        # "a new approach to multi-agent control in this setting": a complement is cut before what refers to the text
        # "… to multi-agent control in this setting": a prepositional phrase about the text ends the complement
        # ("a method to estimate these bounds" stays whole)
        ref = next((t - 1 for t in range(k + 3, j) if lower[t] in self.words.complement_anaphora
                    and lower[t - 1] in self.words.complement_cuts), None)
        if ref is not None:
            j, long = ref, False
        if long:
            # "a novel method for extracting the intrinsic dimension of the data manifold from …": up to its "of"
            cut = next((t for t in range(j - 1, k + 2, -1) if lower[t] in self.words.complement_cuts
                        and not toks.joiner[t - 1]), None)  # not the "to" of "point-to-plane"
            if cut is None or any(lower[t] in self.words.complement_anaphora for t in range(k + 1, cut)):
                return  # one too long to be a name, or one about the text ("an approach to this task within …")
            j = cut
        if j > k + 3 and lower[j - 1] in self.words.frame_nouns and not toks.joiner[j - 2]:
            j -= 1  # "an algorithm for the online binary classification setting"
        if j < sent.end and toks.text[j] == "," and self._participle(toks.text[j - 1]):
            return  # "a dataset of intentionally flawed, machine-generated answers": the phrase goes on
        while j > k + 2 and self._participle(toks.text[j - 1]) and not toks.joiner[j - 2]:
            j -= 1  # "a dataset of 1000 plant images annotated by …": the participle opens a clause
        if j == k + 1 or lower[k + 1] in self.words.complement_anaphora:
            return  # no complement, or one about the text ("a dataset for this task")
        if not toks.text[j - 1][-1:].isalnum() or (lower[k] == "to" and lower[k + 1] in self.problem_verbs):
            return  # "a method for cervical fluid-", "an approach to address this issue": no name
        if j < sent.end and toks.text[j] == "," and is_describing_adjective(lower[j - 1], self.res) and (
                lower[j - 2] in self.words.title_articles or is_describing_adjective(lower[j - 2], self.res)):
            # "a method of amortizing the slow, exact RSA synthesizer.": the phrase goes on past the comma, kept whole
            # when it ends the sentence (or its clause) soon after
            m, n = j + 1, 0
            while m < sent.end and n < 4 and (toks.joiner[m] or (is_content(doc[m], self.res) and toks.lex[m].is_alpha)):
                n += not toks.joiner[m]
                m += 1
            if not n or m - k > LONG_COMPLEMENT + 2 or (m < sent.end and toks.text[m] not in (".", ";") and not (
                    lower[m] in self.words.complement_stops and not toks.lex[m].is_punct)):
                return
            j = m
        typ = self.type_words[toks.norm[word[1] - 1]]
        # a phrase, not a name: the task it holds stays an entity of its own ("… for online binary classification")
        out.append(Candidate(toks.idx[word[0]], toks.end_char(j - 1), typ, Finder.PHRASE, 0.75, proposed=True,
                             rule="described-contribution"))

    def _repeat_new_names(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """Other mentions of a name only the contribution cue found ("Eureka outperforms human experts"):
        the same words, as written, where no other mention of a contribution already is. A candidate of
        another finder starting there ("Evoke scores", a coined "Jumanji" typed by a list) does not hide it."""
        text = doc_text(doc)
        for cand in self.new_names:
            name = text[cand.start:cand.end]
            for m in re.finditer(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text):
                if m.start() != cand.start and not any(c.finder is Finder.CONTRIBUTION and c.end == m.end()
                                                       for c in by_start.get(m.start(), ())):
                    again = Candidate(m.start(), m.end(), cand.type, Finder.CONTRIBUTION, 0.8)
                    out.append(again)
                    by_start.setdefault(again.start, []).append(again)

    def _rare_name_apposition(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"We instantiate this in Dynalang, an agent that learns …": a capitalised word rare in English (a
        coined name no finder knew), with an apposition that says what it is, in a sentence about what "we" do
        (not one that uses or cites it: "we use Voyager, an agent …") names the paper's contribution."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        for sent in sentences(doc):
            we = next((t for t in range(sent.start, sent.end) if lower[t] in ("we", "our")), None)
            if we is None:
                continue
            for t in range(we + 1, sent.end - 3):
                word = text[t]
                if not (word[:1].isupper() and word.isalpha() and len(word) > 3 and text[t + 1] == ","
                        and lower[t + 2] in ("a", "an") and not toks.joiner[t - 1]):
                    continue
                if by_start.get(toks.idx[t]) or not is_rare_word(word) or any(
                        lower[k] in self.other_work or lower[k] in self.use_verbs for k in range(we, t)):
                    continue
                typ = self._kind_in(doc, t + 3, sent)
                if typ is None:
                    continue
                cand = Candidate(toks.idx[t], toks.end_char(t), typ, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(cand.start, []).append(cand)
                self.new_names.append(cand)
                return

    def _typed_by_apposition(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"Building on Quiet Annealing, an approach for …": a coined name the abstract names once, below the
        merge threshold, is confirmed and typed by an apposition that says what it is ("X, a/an/the … <kind
        noun>", "X, which is a …"). Someone else's name as often as the paper's: proposed only when the
        apposition calls it new ("X, a novel …"). Not a name before a parenthesis ("… from Human Guidance
        (SLHG), a …" ends a long form) or after a colon ("GridWorks: The Open Planning Environment, …")."""
        toks = tokens(doc)
        lower = toks.lower
        text = doc_text(doc)
        for cand in [c for c in out if c.finder is Finder.COINED and c.confidence < 0.5
                     and text.startswith(",", c.end)]:  # the comma first: most names have none after them
            if any(c.confidence >= 0.5 for c in by_start.get(cand.start, ()) if c.end == cand.end):
                continue  # another finder already keeps this span
            span = doc.char_span(cand.start, cand.end, alignment_mode="expand")
            if span is None:
                continue
            sent = sentence_at(doc, cand.start)
            k = span.end
            before = span.start - 1
            while before > sent.start and lower[before] in ("the", "a", "an"):
                before -= 1
            if k + 2 >= sent.end or toks.text[k] != "," or toks.text[before] == ":":
                continue  # "GridWorks: The Open Planning Environment, …" restates the name before the colon
            det = k + 1
            if lower[det] in ("which", "that") and lower[det + 1] == "is":
                det += 2
            if det >= sent.end or lower[det] not in ("a", "an", "the"):
                continue
            typ = self._kind_in(doc, det, sent)
            if typ:
                # "… and FLIPPR, a new approach for …": what the text calls new is the paper's (as _new_definition)
                new = lower[det + 1] in ("new", "novel") if det + 1 < sent.end else False
                out.append(Candidate(cand.start, cand.end, typ, Finder.CONTRIBUTION, 0.85 if new else 0.6, proposed=new))

    def _name_after_kind(self, doc: Doc, sent: Span, i: int, by_start) -> Candidate | None:
        """The coined name right after a kind noun at token ``i`` ("… algorithm FLUTE"), if any."""
        if i + 1 >= sent.end or norm_word(doc[i].text) not in self.type_words:
            return None
        hits = [c for c in by_start.get(doc[i + 1].idx, []) if c.finder in _NAMES]
        return max(hits, key=lambda c: c.end - c.start) if hits else None

    def _kind_at(self, doc: Doc, sent: Span, char: int) -> bool:
        """A kind noun right after character ``char`` (one space on) in the sentence."""
        toks = tokens(doc)
        k = bisect_left(toks.idx, char + 1, sent.start, sent.end)
        return k < sent.end and toks.idx[k] == char + 1 and toks.norm[k] in self.type_words

    def _comma_after_kind(self, doc: Doc, sent: Span, char: int) -> bool:
        """A comma right after the kind noun that follows character ``char`` ("a novel ERL algorithm, TCE")."""
        toks = tokens(doc)
        k = bisect_left(toks.idx, char + 1, sent.start, sent.end)
        return k + 1 < sent.end and toks.text[k + 1] == ","

    def _kind_then_name(self, doc: Doc, sent: Span, i: int, by_start, out: list[Candidate]) -> bool:
        """"a provably efficient algorithm UMT-PSR", "a new bilevel optimization algorithm, namely BO-REP": the
        object's description ends in a kind noun and the name follows it (over a comma or a naming word).

        Only a name no vocabulary knows; the scan stops at a name not after a kind noun (the object itself,
        read by the caller) and at the end of the object's clause."""
        toks = tokens(doc)
        lower, norm, idx = toks.lower, toks.norm, toks.idx
        for j in range(i, min(sent.end - 1, i + 3 * TARGET_WINDOW)):
            if (lower[j] in self.clause_stops and not toks.joiner[j - 1]) or lower[j] in self.other_work:
                return False  # "… for two popular datasets, A and B" names someone else's ("easy-to-use" goes on)
            at = by_start.get(idx[j], [])
            if j > i and any(c.finder in _NAMES for c in at) and not any(
                    c.finder is Finder.LEXICON and c.end > toks.end_char(j) and self._kind_at(doc, sent, c.end)
                    for c in at) and not any(c.finder in _NAMES and self._kind_at(doc, sent, c.end)
                                             and self._comma_after_kind(doc, sent, c.end) for c in at):
                return False  # a name not after a kind noun: "we propose KREPE, a method …" (not the "PU" of a
                # known term that describes a kind noun: "a two-stage PU learning method, namely …", nor a name that
                # does: "a novel ERL algorithm, Temporally-Correlated Episodic RL (TCE)")
            typ = self.type_words.get(norm[j]) or self._named_collection(doc, i, j)
            if typ is None or toks.joiner[j - 1]:
                continue  # "three-layer" describes, "layer" is not the kind noun
            k = j + 1
            while k < sent.end - 1 and (lower[k] in self.name_links or toks.lex[k].is_quote or (k == j + 1 and lower[k] == ":")
                                        or (lower[k] in self.words.title_articles and lower[k - 1] == ",")):
                k += 1  # "a novel approach, the Trajectory Aggregation Tree (TAT), …": an article after the comma
                # … or a colon right after the kind noun: "a simple yet efficient method: Controllable … (CIR)"
            at = by_start.get(idx[k], [])
            hits = [c for c in at if c.finder in _NAMES]
            best = max(hits, key=lambda c: c.end - c.start) if hits else None
            span = doc.char_span(best.start, best.end, alignment_mode="expand") if best is not None else None
            if span is None or best is None:
                continue
            if span.end < sent.end and norm[span.end] in self.type_words:
                return False  # "a graph layer GNN-X module": the name describes a later kind noun
            # a known name is used ("a model GPT-2"); "ABC" known inside "ABC-PSR" is not
            if not any(c.finder is Finder.LEXICON and c.end >= best.end for c in at):
                self._propose(out, best, typ)
                self._coordinated(doc, sent, span.end, by_start, out, typ)
                return True
        return False

    def _new_definition(self, doc: Doc, sent: Span, by_start, out: list[Candidate]) -> None:
        """"This inspires a new prompt gradient projection approach (PGP)": a definition the text calls new
        ("a new"/"a novel" right before it) is the paper's, with or without a contribution verb."""
        lower = tokens(doc).lower
        new_at = self.new_at  # the doc's "new"/"novel" tokens (found in __call__)
        for i in new_at[bisect_left(new_at, sent.start + 1):bisect_left(new_at, sent.end - 1)]:
            if lower[i - 1] not in ("a", "an"):
                continue
            at = by_start.get(doc[i + 1].idx, [])
            hits = [c for c in at if c.finder is Finder.ACRONYM and c.long_form
                    and doc_text(doc)[c.start:c.end] == c.long_form]
            if not hits or any(c.finder is Finder.LEXICON for c in at):
                continue  # a known term: "a novel RL (reinforcement learning) agent"
            best = max(hits, key=lambda c: c.end - c.start)
            after = doc_text(doc)[best.end:best.end + 40]
            kind = re.match(r"\s*\([^()]*\)\s*([A-Za-z]+)", after)
            if kind and norm_word(kind.group(1)) in self.type_words:
                continue  # "a novel multiple-instance learning (MIL) framework": the framework is new
            self._propose(out, best, best.type)

    def _our_noun_name(self, doc: Doc, sent: Span, by_start, out: list[Candidate]) -> None:
        """"Our method, MaRio (…), is …", "Our framework MaRio …", "We highlight that our algorithm, SpectralDICE,
        is …": "our" (and "proposed" or one describing word) and a kind noun before a name: the contribution.

        Only a name no vocabulary knows: "Our model, BERT, is fine-tuned …" uses BERT. A capitalised name no
        finder knew counts after a comma ("Our method, Crowd-Calibrator, models …")."""
        toks = tokens(doc)
        lower = toks.lower
        our_at = self.our_at  # the doc's "our" tokens (found in __call__)
        for o in our_at[bisect_left(our_at, sent.start):bisect_left(our_at, sent.end - 4)]:
            i = o
            if lower[i + 1] in self.past_verbs or (lower[i + 1] in self.weak_lead and norm_word(lower[i + 2]) in
                                                   self.type_words):
                i += 1  # "Our proposed method, LatentDiffuser, demonstrates …", "our final model, X"
            if i + 3 >= sent.end or norm_word(lower[i + 1]) not in self.type_words:
                continue
            comma = lower[i + 2] == ","
            if not comma and o != sent.start:
                continue  # "… and our framework GPT-4 …": the name without a comma only opening a sentence
            k = i + 3 if comma else i + 2
            typ = self.type_words[norm_word(lower[i + 1])]
            at = by_start.get(toks.idx[k], [])
            hits = [c for c in at if c.finder in _NAMES]
            if any(c.finder is Finder.LEXICON for c in at):
                continue
            if hits:
                self._propose(out, max(hits, key=lambda c: c.end - c.start), typ)
                return
            j = self._name_end(doc, sent, k) if comma else k
            if j > k and toks.text[k][:1].isupper() and j < sent.end and toks.text[j] in (",", "(") and (
                    j - k > 1 or any(ch.isupper() for ch in toks.text[k][1:])
                    or (toks.text[k].isalpha() and is_rare_word(toks.text[k]))):  # "our method, Bloop, can …"
                cand = Candidate(toks.idx[k], toks.end_char(j - 1), typ, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(cand.start, []).append(cand)
                self.new_names.append(cand)
                return

    def _proposed_name(self, doc: Doc, sent: Span, cues: list[int], by_start, out: list[Candidate]) -> None:
        """"The proposed KeyGNet, supervised by …", "our FooNet improves …": a name no vocabulary knows right
        after "the proposed", "our proposed" or "our" is the paper's own (a known one is used: "our BERT").
        ``cues``: the positions of "our" and "proposed" in the sentence, before its last token."""
        lower = tokens(doc).lower
        for i in cues:
            if lower[i] == "proposed" and i > sent.start and lower[i - 1] in ("the", "our"):
                k = i + 1
            elif lower[i] == "our" and lower[i + 1] != "proposed":
                k = i + 1
            else:
                continue
            at = by_start.get(doc[k].idx, [])
            hits = [c for c in at if c.finder in _NAMES and not c.proposed]
            if not hits or any(c.finder is Finder.LEXICON for c in at):
                continue
            best = max(hits, key=lambda c: c.end - c.start)
            span = doc.char_span(best.start, best.end, alignment_mode="expand")
            if span is None:
                continue
            # "our LLM-based judge", "our GPU kernels": the name modifies a noun after it
            nxt = norm_word(doc[span.end].text) if span.end < sent.end else ""
            kind = self.type_words.get(nxt)
            if kind is None and span.end < sent.end and doc[span.end].is_alpha and doc[span.end].text.islower() \
                    and nxt not in self.adverbs and nxt not in self.res.function_words and not nxt.endswith(("s", "ed")):
                continue
            self._propose(out, best, kind or (best.type if best.type in ("Method", "Model", "Dataset", "Metric")
                                              else "Method"))

    def _self_named(self, doc: Doc, sent: Span, naming: list[int], by_start, out: list[Candidate]) -> None:
        """"our approach, called COPRA, …", "we … by designing a protocol called ZkAudit": the paper names its
        own contribution. "a NOUN called X" counts only in a sentence about what "we" do, and not after words
        that point at other work ("against a baseline called X", "the existing method named X") or a verb that
        uses it ("we use a technique called X"). The kind noun may carry a short complement ("a framework for
        graph clustering called X") and the cue may open a bracket ("a policy (called X)").
        ``naming``: the positions of the naming cues in the sentence, past its first two tokens and before its
        last."""
        toks = tokens(doc)
        lower, norm = toks.lower, toks.norm
        for i in naming:
            k = self.naming_at[i]  # the cue's first word: "referred" of "referred to as"
            k = k - 1 if lower[k - 1] in (",", "(") else k
            noun = k - 1
            if lower[noun] not in self.type_words:
                # "a … framework for deep graph clustering called X": back over the complement to its noun
                prep = next((d for d in range(noun - 1, max(sent.start, noun - 6), -1)
                             if lower[d] in self.complement_prepositions or not is_content(doc[d], self.res)), None)
                if prep is None or lower[prep] not in self.complement_prepositions \
                        or norm[prep - 1] not in self.type_words:
                    continue
                noun = prep - 1
            det = next((d for d in range(noun - 1, max(sent.start, noun - 7) - 1, -1)
                        if lower[d] in ("our", "a", "an") or not (is_content(doc[d], self.res) or lower[d] in self.weak_lead
                                                                   or lower[d] in ("and", ","))),
                       None)
            # "The method, called Binoculars, achieves …": a sentence opening on "the <kind noun>" refers back to
            # the contribution just described
            opens = noun == sent.start + 1 and lower[sent.start] in ("the", "this")
            if not opens and (det is None or lower[det] not in ("our", "a", "an")):
                continue
            if not opens and det is not None and lower[det] != "our" and not (
                    self._sentence_subject(doc, sent, det) and not any(
                        lower[t] in self.other_work or lower[t] in self.use_verbs for t in range(sent.start, i))):
                continue
            typ = self.type_words.get(lower[noun]) or self.type_words.get(norm[noun], "Method")
            if i + 2 < sent.end and toks.text[i + 1] in ("*", "_", "**"):
                i += 1  # "called *Binoculars*": markup emphasis around the name
            hits = [c for c in by_start.get(doc[i + 1].idx, []) if c.finder in _NAMES]
            past = self._name_goes_past(doc, sent, i + 1, by_start)
            if hits and not past:
                best = max(hits, key=lambda c: c.end - c.start)
                self._propose(out, best, typ)
            elif doc[i + 1].text[:1].isupper() and doc[i + 1].is_alpha and (
                    not by_start.get(doc[i + 1].idx) or past):
                # "a … architecture called Crystalformer": a capitalised word after the cue is a name (… and "called
                # Reinforcement Learning Metropolis-Hastings" one that goes on past the known term it opens with)
                j = self._name_end(doc, sent, i + 1)
                if self._lower_word_at(doc, sent, j):
                    continue  # "named Physics guided Neural Network …": the name goes on, unread
                cand = Candidate(doc[i + 1].idx, toks.end_char(j - 1), typ, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(cand.start, []).append(cand)
                if j - i > 2 or self._recurs_as_name(doc, cand):
                    self.new_names.append(cand)

    def _name_goes_past(self, doc: Doc, sent: Span, i: int, by_start) -> bool:
        """Whether the Title Case name at token ``i`` goes on, by two words or more, past every candidate that starts
        there, none of them a name: "Reinforcement Learning Metropolis-Hastings" is no mention of reinforcement
        learning."""
        at = by_start.get(doc[i].idx, ())
        if not at or any(c.finder in _NAMES and not any(k.finder is Finder.LEXICON and k.end == c.end for k in at)
                         for c in at):
            return False  # nothing known there, or a name of its own (a known term's Title Case reading is no name)
        j = self._name_end(doc, sent, i)
        end = max(c.end for c in at)
        return sum(1 for t in range(i, j) if doc[t].idx >= end and doc[t].is_alpha) >= 1 and j - i >= 3

    def _sentence_subject(self, doc: Doc, sent: Span, before: int) -> bool:
        """"We" (or "this paper/work/study") before token ``before``: the sentence tells what the paper does."""
        return _names_the_paper(tokens(doc).lower, sent.start, sent.start, before, ("we",))

    def _past_contribution_frame(self, lower: list[str], text: list[str], i: int, end: int) -> int:
        """"we introduce the primary contribution of this work – SSD-2 – an approach …": an object that only says it
        is the paper's contribution, set off by a dash or a colon, frames what follows: where that starts (else ``i``)."""
        j = i + 1 if i < end and lower[i] in ("the", "our") else i
        while j < min(end, i + 4) and lower[j] not in self.words.contribution_nouns and lower[j].isalpha() \
                and lower[j] not in self.words.described_breaks:
            j += 1  # "primary", "main", "key"
        if j >= end or j == i or lower[j] not in self.words.contribution_nouns:
            return i
        j += 1
        if j + 2 < end and lower[j] == "of" and lower[j + 1] in ("this", "the", "our") \
                and lower[j + 2] in self.words.paper_nouns:
            j += 3
        return j + 1 if j + 1 < end and text[j] in ("–", "—", ":", "-") else i

    def _read_target(self, doc: Doc, sent: Span, verb: Token, by_start, out: list[Candidate]) -> None:
        type_before = None
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        i = self._past_contribution_frame(lower, text, verb.i + 1, sent.end)
        limit = min(sent.end, i + TARGET_WINDOW)
        # naming cue: "an algorithm called WinQ", "this approach ''X''", "a … network …, termed X"
        # ... also with no comma, while the object's clause goes on: "a framework for graph clustering called X"
        stop = next((j for j in range(i, min(sent.end, i + 2 * TARGET_WINDOW)) if (
            lower[j] in self.clause_stops and not toks.joiner[j - 1]) or lower[j] in self.any_verbs),
            i + 2 * TARGET_WINDOW)  # "Transformer-based" goes on; another contribution verb ends the object
        later = next((j for j in range(i, sent.end - 1) if j in self.naming_at
                      and j > 0 and (text[self.naming_at[j] - 1] == "," or self.naming_at[j] < stop)), None)
        if later is not None:
            named_at = later + 1
            while named_at < sent.end - 1 and (lower[named_at] == "as" or toks.lex[named_at].is_quote
                                               or lower[named_at] in self.words.title_articles):
                named_at += 1  # "termed as "Meta-SpikeFormer"", "named as the dynamics aggregation"
            if j_is_name(text[named_at]) or (text[named_at].islower() and is_content(doc[named_at], self.res)):
                limit = min(sent.end, named_at + TARGET_WINDOW)
        cued = False  # a naming cue in the object: a lower-case name after it is named ("… called dynamical policy
        # gradient"), a method unless a kind noun before the cue says otherwise
        for j in range(i, limit if later is None else later + 1):
            if j in self.naming_at:
                if any(lower[t] in self.words.collection_nouns and toks.norm[t] != lower[t] for t in range(i, j)):
                    return  # "a benchmark for two types of prompt injection, which we refer to as …": what is named
                    # are the members of a collection, not the contribution
                cued = True
                for t in range(i, j):
                    type_before = self.type_words.get(toks.norm[t]) or type_before
                i = j + 1
                if i < sent.end - 1 and lower[i] == "as":
                    i += 1  # "termed as "Meta-SpikeFormer""
                break
        if verb.i + 1 < len(lower) and lower[verb.i + 1] == "to":
            # "we propose to conduct … Balanced One-shot Subset Selection (BOSS)": a name defined in the
            # infinitive's object is the contribution
            if verb.i + 3 < sent.end and doc[verb.i + 2].lower_ not in self.infinitive_uses:
                self._defined_name(doc, sent, verb.i + 3, by_start, out, None, new_only=True)
            return
        if type_before is None and verb.lower_ in self.naming_verbs:
            # "a new … dataset for news summarization, which we call CCSum": the described noun types the name
            type_before = next((self.type_words[norm_word(t.text)] for t in reversed(doc[sent.start:verb.i])
                                if norm_word(t.text) in self.described_nouns), None)
        if self._defined_name(doc, sent, i, by_start, out, type_before):
            return
        if self._kind_then_name(doc, sent, i, by_start, out):
            return
        first = True
        while i < limit:
            tok = doc[i]
            low = tok.lower_
            if low in self.skip or tok.is_quote or (tok.is_punct and tok.text in "\"'“”‘’*") \
                    or (first and low in self.object_openers):
                i += 1
                continue
            if self.type_words.get(norm_word(low)) == "Task" and i + 2 < limit and doc[i + 1].lower_ == "of":
                # "we introduce the novel task of Visual Data-Type Identification": what follows is the task
                type_before = "Task"
                i += 2
                continue
            hits = [c for c in by_start.get(tok.idx, []) if c.finder in _NAMES
                    or c.finder is Finder.LEXICON or c.finder is Finder.PHRASE and not c.rule]
            if hits:
                best = max(hits, key=lambda c: (c.finder in _NAMES, c.end - c.start))
                plus = _PLUS.match(doc_text(doc), best.end)
                if plus:
                    # "an augmentation method for MCQA, termed MCQA+": a name with a "+" glued on is a new name, not
                    # the known one it extends
                    cand = Candidate(best.start, plus.end(), type_before or "Method", Finder.CONTRIBUTION, 0.85,
                                     proposed=True, rule="plus-name")
                    out.append(cand)
                    by_start.setdefault(cand.start, []).append(cand)
                    return
                span = doc.char_span(best.start, best.end, alignment_mode="expand")
                after = doc[span.end] if span is not None and span.end < sent.end else None
                named = self._name_after_kind(doc, sent, span.end, by_start) if span is not None else None
                if named is not None and span is not None:
                    # "a novel FRL algorithm FLUTE": the name after the kind noun is the contribution
                    self._propose(out, named, self.type_words[norm_word(doc[span.end].text)])
                    return
                known = any(c.finder is Finder.LEXICON and c.end == best.end for c in hits)
                name = doc_text(doc)[best.start:best.end]
                # an acronym no finder defined, or one the abstract used before: "… normalizing flows (NFs) … we
                # introduce a new NF framework"
                guess = (best.finder is Finder.COINED and best.confidence < 0.5) or (
                    span is not None and self._in_body_before(doc, name, sent.start_char))
                if doc_text(doc).startswith("(", best.end):
                    return  # "a novel SO(3) representation": the name goes on in its bracket, read whole later
                if best.finder is Finder.PHRASE and best.type == "Task" and after is not None \
                        and self.type_words.get(norm_word(after.text), "Task") != "Task" and after.text.islower():
                    # "a new bandit classification algorithm": a task describing the kind noun; the whole is proposed
                    self._propose_through(out, best, after)
                    return
                if (known or guess) and span is not None and after is not None and name.isupper() and name.isalpha() \
                        and span.start > sent.start and (doc[span.start - 1].lower_ in ("a", "an") or (
                            guess and doc[span.start - 1].lower_ in self.skip)) \
                        and norm_word(after.text) in self.type_words:
                    return  # "we design a POMDP agent that …", "a new NF framework": an acronym describing the kind
                    # noun, read whole later
                if known and after is not None and after.text == "(" and span is not None:
                    # "a novel automated machine learning (AutoML) multi-objective approach": past the acronym
                    close = next((k for k in range(span.end, min(sent.end, span.end + 6)) if doc[k].text == ")"), None)
                    after = doc[close + 1] if close is not None and close + 1 < sent.end else after
                if known and after is not None and span is not None and toks.joiner[span.end] and span.end + 1 < sent.end \
                        and text[span.end + 1].isalpha() and text[span.end + 1].islower():
                    return  # "a reinforcement learning-based clarification approach": a known name glued to the next
                    # word describes the contribution, read whole later
                if (known or guess) and after is not None and after.is_alpha and after.text.islower() \
                        and is_content(after, self.res) and after.lower_ not in self.clause_stops and (known or not any(
                            c.proposed and doc_text(doc)[c.start:c.end] == name for c in out)):
                    # "a novel LLM detector that …": a known name modifies the contribution, read whole later (… or one
                    # the abstract defined before, not as its own: "… (GFlowNets) … we propose a new GFlowNet training
                    # framework", read whole now; "we propose … (gUnpool) … we further propose the gUnpool layer" is
                    # the paper's own)
                    if not known:
                        self._kind_phrase(doc, sent, verb.i, by_start, out)
                    return
                if known and span is not None and name.islower() and span.start > sent.start \
                        and doc[span.start - 1].lower_ == "the" and span.start - 1 == verb.i + 1 \
                        and best.finder is Finder.LEXICON and not any(c.finder in _NAMES for c in hits):
                    return  # "we develop the confidence region of …": a known concept the paper works out, not new
                if known and after is not None and span is not None and best.finder is Finder.LEXICON \
                        and name.islower() and after.text[:1].isupper():
                    # "we introduce maximum entropy GFNs": a known lower-case term before a name of a method or model
                    # says what kind of it is new; the whole is the contribution, typed as the name is
                    named = max((c for c in by_start.get(after.idx, []) if c.type in ("Method", "Model")),
                                key=lambda c: c.end - c.start, default=None)
                    if named is not None:
                        cand = Candidate(best.start, named.end, named.type, Finder.CONTRIBUTION, 0.8, proposed=True,
                                         rule="described-name")
                        out.append(cand)
                        by_start.setdefault(cand.start, []).append(cand)
                        return
                if best.finder is Finder.LEXICON and after is not None and (
                        norm_word(after.text) in self.res.generic_heads or norm_word(after.text) in self.type_words):
                    return  # "a reinforcement learning framework", "a novel Transformer model": uses it, the
                    # described thing is proposed
                span = cast(Span, span)  # (char_span "expand" of a candidate's own offsets is never None)
                typ = type_before or self._apposition_type(doc, span.end, sent) or \
                    (best.type if best.confidence >= 0.7 or best.type in ("Method", "Model", "Dataset") else "Method")
                self._propose(out, best, typ)
                self._coordinated(doc, sent, span.end, by_start, out, phrases=cued)
                return
            if tok.text.islower() and i + 1 < sent.end:
                # "the general Behaviour Matching algorithm": one describing word before a name and its kind noun
                # ... and a name new to the abstract: "a new nonlinear ICA framework" builds on ICA
                nxt = [c for c in by_start.get(doc[i + 1].idx, []) if c.finder is Finder.COINED]
                best = max(nxt, key=lambda c: c.end - c.start) if nxt else None
                span = doc.char_span(best.start, best.end, alignment_mode="expand") if best else None
                if best is not None and span is not None and span.end < sent.end \
                        and norm_word(doc[span.end].text) in self.type_words \
                        and not self._in_body_before(doc, span.text, best.start):
                    self._propose(out, best, type_before or self.type_words[norm_word(doc[span.end].text)])
                    return
            # a Title Case or coined name no finder knew
            j = self._name_end(doc, sent, i)
            if j - i == 1 and j < sent.end and doc[j].text.islower() and is_content(doc[j], self.res) \
                    and self._in_body_before(doc, doc[i].text, sent.start_char):
                # "… out-of-distribution (OOD) … we introduce an OOD test set, RedEval": a word the abstract
                # used before describes the contribution, which is named after it
                self._named_after(doc, sent, i, by_start, out)
                return
            apposition = self._apposition_type(doc, j, sent) if j > i else None
            # one capitalised word is a name only when an apposition says what it is ("Eureka, a … algorithm")
            # ... or a naming cue: "an architecture called Crystalformer"
            if j - i >= 1 and doc[i].text[:1].isupper() and (
                    j - i >= 2 or any(c.isupper() for c in doc[i].text[1:]) or apposition
                    or (i - 1 in self.naming_at and not self._lower_word_at(doc, sent, j))):
                span = doc[i:j]
                # "the Δ-divergence": a name ending in a lower-case word glued on is typed by that word
                glued = head_type(doc[j - 1].text, self.res) if doc[j - 1].text.islower() else None
                typ = type_before or apposition or (glued[0] if glued and glued[0] != "Task" else "Method")
                cand = Candidate(span.start_char, span.end_char, typ, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(cand.start, []).append(cand)
                if not (j - i == 1 and i - 1 in self.naming_at):
                    self.new_names.append(cand)  # not one word after a naming cue: its mentions bind wrong relations
            elif (type_before or cued) and is_content(tok, self.res):
                # "a task called fact generation": a lower-case name after a naming cue
                j, words = self._word_run(doc, sent, i)
                span = doc[i:j]
                if j < sent.end and is_content(doc[j], self.res):
                    return  # "named self-supervised deep multi-view subspace clustering …": too long to be read whole
                if words >= 2:  # "the task of summarizing the dynamics …", "models, referred to as particles": no name
                    out.append(Candidate(span.start_char, span.end_char, type_before or "Method", Finder.CONTRIBUTION,
                                         0.8, proposed=True))
            elif (k := self._lower_name_end(doc, sent, i, verb.i)) and (appo := self._apposition_type(doc, k, sent)):
                # "we propose conformal factuality, a framework that …": lower-case words right after the verb that
                # an apposition says the kind of are the contribution's name
                span = doc[i:k]
                out.append(Candidate(span.start_char, span.end_char, appo, Finder.CONTRIBUTION, 0.8, proposed=True,
                                     rule="lower-name-apposition"))
            else:
                self._named_after(doc, sent, i, by_start, out)
            return

    def _lower_name_end(self, doc: Doc, sent: Span, i: int, verb: int) -> int:
        """The end of two to four lower-case content words right after the contribution verb at ``verb`` ("we propose
        conformal factuality, …"), else 0: no article, no describing word ("novel"), no known kind noun at the end."""
        if i != verb + 1:
            return 0
        toks = tokens(doc)
        j, words = self._word_run(doc, sent, i, lower_only=True)
        if not 2 <= words <= 4 or self.type_words.get(toks.norm[j - 1]) or toks.joiner[j - 1]:
            return 0
        return j

    def _word_run(self, doc: Doc, sent: Span, i: int, lower_only: bool = False) -> tuple[int, int]:
        """The end of the run of content tokens from token ``i`` (up to five words; "fine-grained" is one word of
        three tokens) and its number of words; ``lower_only``: of lower-case words only, none a describing word."""
        toks = tokens(doc)
        j, words = i, 0
        while j < sent.end and words < 5 and is_content(doc[j], self.res) and (
                not lower_only or toks.joiner[j] or (toks.text[j].isalpha() and toks.text[j].islower()
                                                     and toks.lower[j] not in self.weak_lead)):
            words += not toks.joiner[j]
            j += 1
        return j, words

    @staticmethod
    def _in_body_before(doc: Doc, word: str, end: int) -> bool:
        """Whether the abstract (not its title) says ``word`` before character ``end``."""
        text = doc_text(doc)
        return text.find(word, max(title_end(text), 0), end) >= 0

    @staticmethod
    def _recurs_as_name(doc: Doc, cand: Candidate) -> bool:
        """A one-word name ("called Binoculars") that the abstract writes again, capitalised inside a sentence
        and never in lower case, and that is rare in English: its other mentions are the contribution too."""
        text = doc_text(doc)
        word = text[cand.start:cand.end]
        if " " in word or not is_rare_word(word):
            return False
        if re.search(r"(?<![\w-])" + re.escape(word.lower()) + r"(?![\w-])", text):
            return False  # also written in lower case: a word of the text
        return any(m.start() != cand.start and re.search(r"[\w,;]\s+\W?$", text[max(0, m.start() - 4):m.start()])
                   for m in re.finditer(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text))

    def _lower_word_at(self, doc: Doc, sent: Span, j: int) -> bool:
        """A lower-case content word at token ``j``: a capitalised name read up to ``j`` goes on in lower case
        ("named Physics guided Neural Network"), so what was read is not the whole name."""
        return j < sent.end and doc[j].text.islower() and is_content(doc[j], self.res)

    @staticmethod
    def _glued_dash(doc: Doc, j: int) -> bool:
        """An em dash glued to both neighbours joins a name as a hyphen does ("Metropolis—Hastings")."""
        return doc[j].text == "—" and 0 < j < len(doc) - 1 and not doc[j - 1].whitespace_ and not doc[j].whitespace_

    def _name_end(self, doc: Doc, sent: Span, i: int) -> int:
        """The end of a Title Case or coined name no finder knew, starting at token ``i`` (``i`` if none)."""
        j = i
        while j < sent.end and j - i < 8 and (is_joiner(doc[j]) or self._glued_dash(doc, j) or (is_content(doc[j], self.res) and (
                doc[j].text[:1].isupper() or doc[j].text[:1].isdigit())) or (
                # a capitalised function word opens a name before another capitalised word ("Least Volume")
                j == i and doc[j].text[:1].isupper() and doc[j].is_alpha and j + 1 < sent.end
                and doc[j + 1].text[:1].isupper() and is_content(doc[j + 1], self.res)) or (
                j > i and is_joiner(doc[j - 1]) and j + 1 < sent.end and is_joiner(doc[j + 1])) or (
                # a name opened by a letter goes on in lower case past its hyphen: "F-design", "Δ-divergence"
                j == i + 2 and len(doc[i].text) == 1 and is_joiner(doc[j - 1]) and doc[j].is_alpha)):
            j += 1  # any word glued in by hyphens belongs to the name: "Chain-of-Table"
        while j > i and (is_joiner(doc[j - 1]) or self._glued_dash(doc, j - 1)) or (j > i and doc[j - 1].text in "-–—"):
            j -= 1  # "End-to-End …": a name never ends in a hyphen
        return j

    def _defined_name(self, doc: Doc, sent: Span, i: int, by_start, out: list[Candidate],
                      type_before: str | None, new_only: bool = False) -> bool:
        """"we propose a … driven Personalized Review Recommendation model … (PRR-LI)": the defined name."""
        toks = tokens(doc)
        text, lower, idx = toks.text, toks.lower, toks.idx
        for k in range(i, min(sent.end, i + 3 * TARGET_WINDOW)):
            if text[k] in (",", ";", ".", ":") or (lower[k] in ("which", "that", "to") and not toks.joiner[k - 1]):
                return False  # "end-to-end" goes on: its "to" is glued by hyphens
            if text[k] != "(" or k == i:
                continue
            end = toks.end_char(k - 1)
            for start in range(idx[i], end):
                # the long form ends at the parenthesis, or before a kind noun ("… Tuning framework (MIDPT)")
                hits = [c for c in by_start.get(start, []) if c.finder is Finder.ACRONYM and (
                    c.end == end or norm_word(doc_text(doc)[c.end:end].strip()) in self.type_words)]
                if hits:
                    best = hits[0]
                    known = any(c.finder is Finder.LEXICON and c.end == end for c in by_start.get(start, []))
                    if new_only and known:
                        return False  # "we propose to … with Large Language Models (LLMs)": a known name
                    if known and "of" in lower[i:k]:
                        return False  # "one of the first explorations of … Bayesian Neural Networks (BNNs)": studied
                    if known and any(toks.norm[t] in self.type_words and lower[t + 1] in self.complement_prepositions
                                     for t in range(i, k - 1) if idx[t] < best.start):
                        return False  # "a policy gradient method for confounded … (POMDPs)": what it is for
                    close = next((t for t in range(k, min(sent.end, k + 6)) if text[t] == ")"), None)
                    if known and close is not None and close + 1 < sent.end and text[close + 1].isalpha() \
                            and text[close + 1].islower() and is_content(doc[close + 1], self.res):
                        return False  # "a novel automated machine learning (AutoML) multi-objective approach"
                    if any(lower[t] in self.use_words and idx[t] < best.start for t in range(i, k)):
                        return False  # "a solution … based on Large Language Model (LLM) fine-tuning" uses it
                    typ = type_before or self._apposition_type(doc, k, sent) or best.type
                    if close is not None and not known and self._name_past_acronym(doc, sent, best, close, typ, out):
                        return True
                    if close is not None and not known and self._name_part_after(doc, sent, best, close, out):
                        return True
                    self._propose(out, best, typ)
                    return True
            return self._loose_definition(doc, sent, i, k, by_start, out, type_before)
        return False

    def _loose_definition(self, doc: Doc, sent: Span, i: int, k: int, by_start, out: list[Candidate],
                          type_before: str | None) -> bool:
        """"we propose query-key (QK) finetuning", "we propose reflected reSGLD (r2SGLD)", "by Mixture of weak and
        strong experts (Mowst)": the object of a contribution verb (tokens ``i``..``k``, ``k`` the bracket) defines an
        acronym no rule of the acronym finder took (lower-case words, letters past the initials, a digit): its letters
        (digits aside) are those of the words before the bracket in order, from the first letter of a word on. The
        words are proposed, with the lower-case noun that may follow the bracket ("(QK) finetuning")."""
        toks = tokens(doc)
        text, lower = toks.text, toks.lower
        if k + 2 >= sent.end or text[k + 2][:1] != ")" or not any(ch.isupper() for ch in text[k + 1]) \
                or not 2 <= len(text[k + 1]) <= 10 or not text[k + 1].isalnum():
            return False
        at = by_start.get(toks.idx[k + 1], ())
        if any(c.finder is Finder.LEXICON for c in at):
            return False  # a known acronym: "… with a transformer (GPT-2)" uses it
        letters = [ch for ch in text[k + 1].lower() if ch.isalpha()]

        def spells(w: int) -> bool:
            spelled, pos = doc_text(doc)[toks.idx[w]:toks.end_char(k - 1)].lower(), 0
            for ch in letters:
                pos = spelled.find(ch, pos) + 1
                if not pos:
                    return False
            return True

        def known(w: int) -> bool:
            return any(c.finder is Finder.LEXICON and c.end >= toks.end_char(k - 1) for c in by_start.get(toks.idx[w], ()))

        # the shortest run of words that spells it, as Schwartz-Hearst's long form, but not a known term alone
        # ("reflected reSGLD (r2SGLD)" is more than reSGLD)
        start = next((w for w in range(k - 1, max(i, k - 10) - 1, -1) if toks.lex[w].is_alpha
                      and lower[w][0] == letters[0] and not toks.joiner[w - 1] and spells(w) and not known(w)), None)
        if start is None or any(lower[t] in self.words.described_breaks and lower[t] not in ("of", "and")
                                for t in range(start, k)):
            return False
        if any(known(w) for w in range(start, k)) and not any(toks.lex[w].is_alpha and not known(w) and not any(
                c.start <= toks.idx[w] < c.end for c in state(doc).candidates if c.finder is Finder.LEXICON)
                for w in range(start, k)):
            return False  # "large language models (LLMz)": a known term, nothing added to it
        last = k - 1
        while last > start and (toks.lex[last].is_quote or text[last] in "'\"”’"):
            last -= 1  # "We dub this approach ''class subspace orthogonalization'' (CSO)": no quote in the name
        end, name = toks.end_char(last), ""
        after = k + 3
        if text[k + 2] == ")" and after < sent.end and text[after].isalpha() and text[after].islower() and is_content(doc[after], self.res) \
                and (after + 1 >= sent.end or not is_content(doc[after + 1], self.res) or toks.lex[after + 1].is_punct):
            end = toks.end_char(after)  # "query-key (QK) finetuning": the head after the bracket
            name = f"{doc_text(doc)[toks.idx[start]:toks.end_char(last)]} {text[after]}"
        typ = type_before or self._apposition_type(doc, k, sent) or (
            self.type_words.get(toks.norm[after]) if name else None) or "Method"
        out.append(Candidate(toks.idx[start], end, "Method" if typ == "Task" else typ, Finder.CONTRIBUTION, 0.8,
                             proposed=True, name=name, rule="loose-definition"))
        return True

    def _name_part_after(self, doc: Doc, sent: Span, long: Candidate, close: int, out: list[Candidate]) -> bool:
        """"This work introduces Random Linear Projections (RLP) loss, a novel approach …": a lower-case noun after a
        defined acronym that is part of the name (a loss, an attention, a layer; not a kind noun that only classifies
        it, "… (GAR) framework") and ends the phrase names the contribution with the long form: "Random Linear
        Projections loss". ``close``: the ``)``."""
        toks = tokens(doc)
        j = close + 1
        if j >= sent.end or toks.lower[j] not in self.words.name_part_nouns or not toks.text[j].islower() \
                or (j + 1 < sent.end and (toks.joiner[j + 1] or (is_content(doc[j + 1], self.res)
                                                                and not toks.lex[j + 1].is_punct))):
            return False  # "(RLP) loss function", "(GSA) layers-wise": the phrase goes on
        typ = self.type_words.get(toks.norm[j]) or (head_type(toks.text[j], self.res) or ("Method",))[0]
        name = f"{doc_text(doc)[long.start:long.end]} {toks.text[j]}"
        out.append(Candidate(long.start, toks.end_char(j), "Method" if typ == "Task" else typ, Finder.CONTRIBUTION,
                             0.85, proposed=True, name=name, rule="acronym-name-part"))
        return True

    def _name_past_acronym(self, doc: Doc, sent: Span, long: Candidate, close: int, typ: str,
                           out: list[Candidate]) -> bool:
        """"the REcurrent NeurAL (RENAL) Goodness-of-Fit test": a long form written with the capitals that spell its
        acronym ("REcurrent") is the first half of a name that goes on past the bracket in capitalised words, up to a
        kind noun; the whole name (without the bracket) is proposed, typed by that noun. ``close``: the ``)``."""
        toks = tokens(doc)
        text = toks.text
        long_text = doc_text(doc)[long.start:long.end]
        if not any(any(ch.isupper() for ch in w[1:]) for w in long_text.split()):
            return False  # "Low-Rank Adaptation (LoRA) layers": an ordinary long form
        j, capitals = close + 1, 0
        while j < sent.end and j - close <= 6 and (toks.joiner[j] or (text[j][:1].isupper() and toks.lex[j].is_alpha)
                                                   or (j > close + 1 and toks.joiner[j - 1])):
            capitals += text[j][:1].isupper()
            j += 1
        if not capitals:
            return False
        # its head: a lower-case noun that ends the phrase ("… Goodness-of-Fit test, a …")
        head = j < sent.end - 1 and text[j].islower() and is_content(doc[j], self.res) and not toks.joiner[j + 1] and (
            toks.lex[j + 1].is_punct or not is_content(doc[j + 1], self.res))
        kind = (self.type_words.get(toks.norm[j]) or (head_type(text[j], self.res) or (None,))[0]) if head else None
        end = j + 1 if head else j
        tail = doc_text(doc)[toks.idx[close + 1]:toks.end_char(end - 1)]
        out.append(Candidate(long.start, toks.end_char(end - 1), kind if kind and kind != "Task" else typ,
                             Finder.CONTRIBUTION, 0.85,
                             proposed=True, name=f"{long_text} {tail}", rule="acronym-inside-name"))
        return True

    def _named_after(self, doc: Doc, sent: Span, i: int, by_start, out: list[Candidate]) -> None:
        """"an unsupervised federated graph matching algorithm, UFGM, for …": the name follows the description.

        Also "a new task, the sequential Morris Water Maze (sWM)".
        """
        typ = None
        for k in range(i, min(sent.end - 1, i + APPOSITION_WINDOW)):
            tok = doc[k]
            if tok.text == "," and typ is not None:
                k += 1
                while k < sent.end - 1 and doc[k].lower_ in ("the", "a", "an"):
                    k += 1  # "a new task, the sequential Morris Water Maze (sWM)"
                hits = [c for c in by_start.get(doc[k].idx, []) if c.finder in _NAMES]
                if hits:
                    best = max(hits, key=lambda c: c.end - c.start)
                    self._propose(out, best, typ)
                return
            if not is_content(tok, self.res) and not tok.is_space:
                return
            typ = self.type_words.get(norm_word(tok.text)) or self._named_collection(doc, i, k) or typ

    def _named_collection(self, doc: Doc, i: int, j: int) -> str | None:
        """"a novel matrix family, the Block Tensor-Train (BTT)": a collection noun after a naming noun (not "a family
        of …", not "a new family") as the kind noun a name follows, a method."""
        toks = tokens(doc)
        lower = toks.lower
        if lower[j] in self.words.named_collection_nouns and j - 1 >= i and j + 1 < len(lower) and lower[j + 1] != "of" \
                and toks.lex[j - 1].is_alpha and toks.text[j - 1].islower() and lower[j - 1] not in self.weak_lead \
                and lower[j - 1] not in self.words.described_breaks:
            return "Method"
        return None

    def _title_name(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """A title "DiffAug: Enhance …" names the paper's contribution before the colon.

        A name no finder knew counts too when the subtitle says what it is: "Magnushammer: A
        Transformer-Based Approach to Premise Selection".
        """
        text = doc_text(doc)
        head, sep, _rest = text.partition("\n\n")
        if not sep:
            return
        # "MEOW - Multi-Objective Evolutionary Weapon Detection": a dash separates a name as a colon does
        split = re.search(r":|\s[-–—]\s", head)
        if split is None:
            return
        name = head[:split.start()].strip()
        start = text.find(name)
        if not name or len(name.split()) > 4:
            return
        # "SLARD: A Chinese Superior Legal Article Retrieval Dataset": the subtitle's head says what it is
        # ("A …" is an apposition; "… in Large Language Models" names what the method is for)
        subtitle = head[split.end():].split()
        # "A Large-Scale … Dataset for Abstractive News Summarization": the head comes before "for"
        cut = next((k for k, w in enumerate(subtitle) if k and w.lower() in self.subtitle_prepositions),
                   len(subtitle))
        kind = self.type_words.get(norm_word(subtitle[cut - 1].strip(".,;:?!"))) \
            if len(subtitle) > 1 and subtitle[0].lower() in ("a", "an", "the") else None
        at = by_start.get(start, [])
        hits = [c for c in at if c.end - c.start == len(name) and c.finder in _NAMES]
        if hits:
            best = hits[0]
            self._propose(out, best, kind or (best.type if best.confidence >= 0.7 else "Method"))
        elif kind and len(name.split()) <= 2 and all(w[:1].isupper() or w[:1].isdigit() for w in name.split()) \
                and name.split()[0].lower() not in self.title_openers \
                and not any(c.finder is Finder.LEXICON for c in at):
            cand = Candidate(start, start + len(name), kind, Finder.CONTRIBUTION, 0.85, proposed=True)
            out.append(cand)
            by_start.setdefault(start, []).append(cand)
            self.new_names.append(cand)
        elif name.split()[0].lower() not in self.title_openers and not any(
                c.finder is Finder.LEXICON and c.end - c.start == len(name) for c in at):
            # "Tensor Trust: Interpretable …" and later "the Tensor Trust dataset": the abstract refers back to
            # the title's name with a kind noun, which says what it is
            kind, pos = None, text.find(name, len(head))
            while pos >= 0 and kind is None:
                noun = _NEXT_NOUN.match(text, pos + len(name))
                if noun and self.referring.search(text, max(0, pos - 9), pos):
                    kind = self.type_words.get(norm_word(noun.group(1)))
                pos = text.find(name, pos + 1)
            if kind:
                cand = Candidate(start, start + len(name), kind, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(start, []).append(cand)
                self.new_names.append(cand)

    def _propose_through(self, out: list[Candidate], cand: Candidate, kind: Token) -> None:
        """Propose the words from ``cand`` through the kind noun after it ("bandit classification algorithm"),
        typed by the kind noun."""
        out.append(Candidate(cand.start, kind.idx + len(kind.text), self.type_words[norm_word(kind.text)],
                             Finder.CONTRIBUTION, 0.8, proposed=True, rule="described-kind"))

    def _propose(self, out: list[Candidate], cand: Candidate, typ: str) -> None:
        out.append(Candidate(cand.start, cand.end, typ, Finder.CONTRIBUTION, max(cand.confidence, 0.85),
                             canonical=cand.canonical, long_form=cand.long_form, source_id=cand.source_id,
                             proposed=True))

    def _coordinated(self, doc: Doc, sent: Span, tok_i: int, by_start, out: list[Candidate],
                     typ: str | None = None, phrases: bool = False) -> None:
        """"X and an AutoTuner": a second name joined by "and" is proposed too; after a naming cue (``phrases``), a
        described one too ("which we refer to as soft-weighted regularization and inference-time text embedding
        optimization")."""
        i = tok_i
        if i < sent.end and doc[i].text == "(":
            while i < sent.end and doc[i].text != ")":
                i += 1
            i += 1
        if i >= sent.end or doc[i].lower_ != "and":
            return
        i += 1
        while i < sent.end and doc[i].lower_ in self.skip:
            i += 1
        if i < sent.end:
            hits = [c for c in by_start.get(doc[i].idx, []) if c.finder in _NAMES
                    or (phrases and c.finder is Finder.PHRASE and not c.rule)]
            if not hits and phrases:
                j, words = i, 0
                while j < sent.end and words < 6 and (is_joiner(doc[j]) or (
                        doc[j].text.islower() and is_content(doc[j], self.res))):
                    words += not is_joiner(doc[j]) and not (j > i and is_joiner(doc[j - 1]))
                    j += 1
                if 2 <= words <= 5 and (j >= sent.end or doc[j].is_punct):
                    out.append(Candidate(doc[i].idx, doc[j - 1].idx + len(doc[j - 1].text), typ or "Method",
                                         Finder.CONTRIBUTION, 0.8, proposed=True, rule="named-list"))
            if hits:
                best = max(hits, key=lambda c: c.end - c.start)
                self._propose(out, best, typ or best.type)  # "two scores, A and B": both are scores


@Language.factory("kg_contributions", requires=contract("candidates"), assigns=contract("candidates"),
                  default_config={"resources": SHIPPED})
def make_contributions(nlp: Language, name: str, resources: Resources) -> ContributionFinder:
    return ContributionFinder(resources)
