"""The state and the small readers every contribution reader shares (see :mod:`kg.extract.components.contributions`).

:class:`ReaderBase` loads the cue words once (``data/cues.json`` and the word lists) and keeps the doc's state
between the readers: the cue positions, the candidates found so far, the names no other finder knew. Its
methods answer the questions all readers ask: is "we" (or "this paper") the subject of a contribution verb, what
kind noun an apposition names, where a verb's object starts; and they propose a candidate.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from spacy.tokens import Doc, Span, Token

from kg.extract.resources import Resources, load_words
from kg.extract.state import Candidate
from kg.extract.text import (
    WholePhrase,
    doc_text,
    enumeration_labels,
    is_content,
    is_joiner,
    key_words,
    norm_word,
    sentence_at,
    tokens,
)
from kg.types import Finder

#: a word of English text this common (Zipf scale: 3 is once per million words) is a word, not a coined name
COMMON_ZIPF = 3.5


@lru_cache(maxsize=1 << 16)
def is_rare_word(word: str) -> bool:
    """Whether ``word`` is rare in English (``wordfreq``, which ships its frequency lists): "Binoculars" (3.1)
    and "Magnushammer" (unknown) can be names, "Volcano" (3.8) and "Transformer" are words."""
    from wordfreq import zipf_frequency  # loaded with the pipeline (ContributionFinder), not on import of kg

    return zipf_frequency(word.lower(), "en", wordlist="small") < COMMON_ZIPF


#: the finders of names (what a contribution cue may name)
NAMES = frozenset((Finder.COINED, Finder.ACRONYM))
SUBJECT_WINDOW = 6
#: "We then leverage this upper bound to propose …": how far before the contribution verb "we" may open its clause
PURPOSE_WINDOW = 14

TARGET_WINDOW = 8
APPOSITION_WINDOW = 12

#: "a Deep Reinforcement Learning (DRL)-based navigation strategy", "(MCTS) based": a defined acronym that the next
#: words are based on (the contribution is those words, not the acronym's long form)
BASED_AFTER = re.compile(r"\s*\([^()]{1,20}\)\s*[-\u2010\u2013]?\s*based\b", re.IGNORECASE)
#: the most words a described contribution's complement keeps when a clause boundary ends it ("an algorithm for
#: training the time-reversal of Markov jump processes which …")
LONG_COMPLEMENT = 10


#: "this paper/work/study/article/research": the nouns by which the paper names itself
PAPER_NOUNS = load_words().paper_nouns


def _names_the_paper(lower: list[str], sent_start: int, lo: int, hi: int, pronouns: tuple[str, ...]) -> bool:
    """A pronoun of the authors ("we") or "this paper/work/study" ("the present paper", "the current work")
    among tokens ``lo``..``hi`` of a sentence; "the paper" too as the subject that opens the sentence or its main
    clause ("The paper presents …", "By leveraging …, the paper first presents …"), not another's ("the paper of
    [3]", "In the paper by …")."""
    return any(lower[t] in pronouns or (lower[t] in PAPER_NOUNS and t > sent_start and (
        lower[t - 1] == "this" or (lower[t - 1] in ("present", "current") and t - 1 > sent_start
                                   and lower[t - 2] == "the")
        or lower[t] == "paper" and lower[t - 1] == "the" and (t - 1 == sent_start or lower[t - 2] == ",")
        # (what follows "the paper" when it is someone else's: "the paper of [3]", "the paper by Smith et al.")
        and t + 1 < len(lower) and lower[t + 1] not in ("of", "by", "from", "[", "("))) for t in range(lo, hi))


def j_is_name(text: str) -> bool:
    """A token text that can start a coined name: capitalised, or a letter-digit mix."""
    return text[:1].isupper() or any(c.isdigit() for c in text)



class ReaderBase:
    """The cue words, the doc's state and the shared small readers of the contribution readers."""

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
        self.additive_openers = [p.split() for p in words.additive_openers]
        self.object_skips = sorted((p.split() for p in words.object_skips), key=len, reverse=True)
        cues = res.cues
        self.verbs = set(cues["contribution_verbs"])
        #: "we put forward a …": a particle read as the contribution verb, only right after its verb
        self.verb_particles = {p: frozenset(v) for p, v in cues["contribution_verb_particles"].items()}
        self.verbs |= set(self.verb_particles)
        #: the second to fifth labels of a numbered list ("…, and (2) MuLMS-Img"): the later enumerated new names
        self.later_enumerators = frozenset(label for labels in enumeration_labels(words.relation_roman_numerals).values()
                                           for label in labels[1:5])
        #: a numbered list's labels in order, by its first label ("i": "i", "ii", …)
        self.enumerations = enumeration_labels(words.relation_roman_numerals)
        self.past_verbs = set(cues["contribution_verbs_past"])
        #: verbs that make only data ("we collect a corpus of …"): their object counts only as a Dataset
        self.collection_verbs = frozenset(cues["contribution_verbs_collection"]) \
            | frozenset(cues["contribution_verbs_collection_past"])
        self.verbs |= set(cues["contribution_verbs_collection"])
        #: verbs whose object is a contribution only when named ("we train CLIPZyme", not "we train a transformer")
        self.training_verbs = frozenset(cues["contribution_verbs_training"])
        self.past_verbs |= set(cues["contribution_verbs_collection_past"])
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
        #: the last title read by ``TitleReader._phrases`` and its phrases ("" has none)
        self.last_title_phrases: tuple[str, tuple[tuple[int, int, int], ...]] = ("", ())
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
        #: set by _has_subject when a weaker cue made the verb the paper's: its object counts only when named
        self.named_only = False
        for typ, words in cues["apposition_types"].items():
            for w in words:
                self.type_words.setdefault(norm_word(w), typ)
        #: every word a cue position list of __call__ holds
        self.cue_words = frozenset(self.any_verbs | self.naming | {"our", "proposed"} | self.describing_cues
                                   | {"new", "novel", "refer"} | self.naming_phrase_ends)

    def _verb_at(self, lower: list[str], i: int) -> bool:
        """Whether the token at ``i`` is a contribution verb: any form of one, but a particle ("forward") only right
        after its verb ("we put forward …"; not "a feed forward network")."""
        word = lower[i]
        if word not in self.any_verbs:
            return False
        verbs = self.verb_particles.get(word)
        return verbs is None or (i > 0 and lower[i - 1] in verbs)

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
            perfect = lower[max(sent.start, verb - 3):verb]  # "we have developed a method for …", "we have also …"
            return before[-1:] == ["we"] or (before[:1] == ["we"] and before[-1] in self.adverbs) or (
                before == ["we", "have"] or (perfect[:2] == ["we", "have"] and perfect[-1] in self.adverbs)) or (
                before[:1] == ["this"] and before[-1:] in (["paper"], ["work"], ["study"], ["article"]))
        if _names_the_paper(lower, sent.start, max(sent.start, verb - SUBJECT_WINDOW), verb, ("we", "our")):
            return True
        if lower[verb - 1] == "i" and verb - 1 >= sent.start:
            return True  # "I propose a probabilistic model-based word embedding method …": a single author's
        if verb - 3 >= sent.start and lower[verb - 1] == "to" and lower[verb - 2] == "us" \
                and (lower[verb - 3] in self.words.enabling_verbs or lower[verb - 3] in self.words.motivating_verbs) \
                and not any(c.proposed for c in self.found):
            return True  # "this construction allows us to introduce …": "us" are the authors (a weaker cue, read only
            # while the paper has proposed nothing: "Our enhanced DP theory allows us to create a utility graph" is a
            # by-product of the contribution named before)
        if verb - 4 >= sent.start and lower[verb - 1] == "to" and self._we_purpose(lower, verb, sent):
            self.named_only = True  # (see _find)
            return True  # "We then leverage this upper bound to propose a novel regularizer, namely …"
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

    def _we_purpose(self, lower: list[str], verb: int, sent: Span) -> bool:
        """"We then leverage this upper bound to propose …", "we draw inspiration from DPP to propose …": the
        contribution verb at ``verb``, after "to", says what "we" did something for: "we" opens the clause at most
        PURPOSE_WINDOW tokens before, with no clause break nor a verb of telling between ("we show how to use X to
        develop …", "we use X, which can be used to develop …" are not)."""
        lo = max(sent.start, verb - PURPOSE_WINDOW)
        we = next((t for t in range(verb - 3, lo - 1, -1) if lower[t] == "we"), None)
        if we is None or (we > sent.start and lower[we - 1] not in self.words.purpose_subject_after):
            return False  # "… the method we use to develop …": "we" of a relative clause
        first = we + 1 + (lower[we + 1] in self.adverbs)
        if lower[first] in self.words.purpose_report_verbs:
            return False
        return not any(lower[t] in self.words.purpose_breaks or (lower[t] in self.clause_stops and t != verb - 1)
                       for t in range(first, verb - 1))

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

    def _apposition_type(self, doc: Doc, end_tok: int, sent: Span) -> str | None:
        i = end_tok
        # skip a parenthesised acronym "(PCR)"
        if i < sent.end and doc[i].text == "(":
            while i < sent.end and doc[i].text != ")":
                i += 1
            i += 1
        if i + 1 < sent.end and doc[i].lower_ in ("a", "an") and "," not in doc_text(doc):
            # "We present AgEval a comprehensive benchmark for …": an abstract that lost its commas sets the
            # apposition off by its article alone (a name with a kind noun of its own keeps it: "the Elemental
            # Composite Prototypical Network (ECPN) a novel approach …")
            if norm_word(doc[end_tok - 1].text) in self.type_words:
                return None
            return self._kind_in(doc, i + 1, sent)
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
            if low in self.of_heads and tok.i + 1 < sent.end and doc[tok.i + 1].lower_ == "of":
                return "Method"  # "Decor, a variant of decentralized SGD with …": a variant of something is a method
            typ = self.type_words.get(norm_word(tok.text))
            if typ:
                # "a family of models": the type noun is the last word before "of"
                if low == "family":
                    continue
                nxt = tok.i + 1
                if nxt + 1 < sent.end and doc[nxt].text.isalpha() and doc[nxt].text.islower() \
                        and is_content(doc[nxt], self.res) and not doc[nxt].lower_.endswith(("ing", "ed")) \
                        and norm_word(doc[nxt + 1].text) in self.type_words:
                    continue  # "a new dataset distillation framework": a kind noun that describes the head after it
                return typ
        return None

    def _defer(self, cand: Candidate) -> None:
        """Keep the first generic described contribution ("a theoretical framework") for when nothing better is found."""
        if self.generic is None:
            self.generic = cand

    @staticmethod
    def _past_open_source(lower: list[str], k: int, end: int) -> int:
        """"we introduce and open source ManiSkill3", "… and open-source …": a thing made, and released; where its
        object starts (else ``k``)."""
        if k + 3 < end and lower[k] == "and" and lower[k + 1] == "open":
            m = k + 2 + (lower[k + 2] == "-")
            if m + 1 < end and lower[m] == "source":
                return m + 1
        return k

    def _object_start(self, lower: list[str], k: int, end: int) -> int:
        """Where the object of a contribution verb at ``k - 1`` starts, past an adverbial phrase ("we propose for
        the first time a …") or a nominal that only introduces it ("we propose the use of a lookahead mechanism"), or a
        second verb of the same object ("we propose and analyze a new estimator …")."""
        if k + 2 < end and lower[k] == "and" and lower[k + 1] in self.words.joined_object_verbs:
            k += 2
        else:
            k = self._past_open_source(lower, k, end)
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

    def _sentence_subject(self, doc: Doc, sent: Span, before: int) -> bool:
        """"We" (or "this paper/work/study") before token ``before``: the sentence tells what the paper does."""
        return _names_the_paper(tokens(doc).lower, sent.start, sent.start, before, ("we", "i"))

    def _repeat_new_names(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """Other mentions of a name only the contribution cue found ("Eureka outperforms human experts"):
        the same words, as written, where no other mention of a contribution already is. A candidate of
        another finder starting there ("Evoke scores", a coined "Jumanji" typed by a list) does not hide it."""
        text = doc_text(doc)
        for cand in self.new_names:
            name = text[cand.start:cand.end]
            for m in WholePhrase(name).finditer(text):
                if m.start() != cand.start and not any(c.finder is Finder.CONTRIBUTION and c.end == m.end()
                                                       for c in by_start.get(m.start(), ())):
                    again = Candidate(m.start(), m.end(), cand.type, Finder.CONTRIBUTION, 0.8)
                    out.append(again)
                    by_start.setdefault(again.start, []).append(again)

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
            hits = [c for c in by_start.get(doc[i].idx, []) if c.finder in NAMES
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
