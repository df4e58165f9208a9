"""Reading a contribution's name where it stands (see :mod:`kg.extract.components.contributions`).

Where a Title Case or coined name no finder knew ends (``_name_end``); a name after a kind noun ("a novel FRL
algorithm FLUTE", "an algorithm, namely BO-REP"); an acronym defined in a contribution's object
("… Personalized Review Recommendation model (PRR-LI)"), also one no rule of the acronym finder took
("query-key (QK) finetuning") and one whose name goes on past its bracket; a name after a description
("an unsupervised … algorithm, UFGM, for …").
"""
from __future__ import annotations

import re
from bisect import bisect_left

from spacy.tokens import Doc, Span

from kg.extract.components.contributions.base import APPOSITION_WINDOW, BASED_AFTER, NAMES, TARGET_WINDOW, ReaderBase, is_rare_word
from kg.extract.state import Candidate, state
from kg.extract.text import (
    WholePhrase,
    doc_text,
    head_type,
    is_content,
    is_describing_adjective,
    is_joiner,
    norm_word,
    title_end,
    tokens,
)
from kg.types import Finder


class NameReader(ReaderBase):
    """Where a contribution's name starts and ends, and the names a kind noun or a definition gives it."""

    def _name_end(self, doc: Doc, sent: Span, i: int) -> int:
        """The end of a Title Case or coined name no finder knew, starting at token ``i`` (``i`` if none)."""
        j = i
        while j < sent.end and j - i < 8 and (is_joiner(doc[j]) or self._glued_dash(doc, j) or (is_content(doc[j], self.res) and (
                doc[j].text[:1].isupper() or doc[j].text[:1].isdigit())) or (
                # a capitalised function word opens a name before another capitalised word ("Least Volume")
                j == i and doc[j].text[:1].isupper() and doc[j].is_alpha and j + 1 < sent.end
                and doc[j + 1].text[:1].isupper() and is_content(doc[j + 1], self.res)) or (
                j > i and is_joiner(doc[j - 1]) and j + 1 < sent.end and is_joiner(doc[j + 1])) or (
                # ... or a lower-case word glued by a hyphen before the name's next capitalised word: "Hessian-free MAML"
                # (not "Restormer-based Real-World …": what the name is based on)
                j > i and is_joiner(doc[j - 1]) and doc[j].is_alpha and j + 1 < sent.end
                and doc[j].lower_ not in self.words.acronym_glued_describers
                and doc[j + 1].text[:1].isupper() and is_content(doc[j + 1], self.res)) or (
                # a name opened by a letter goes on in lower case past its hyphen: "F-design", "Δ-divergence"
                j == i + 2 and len(doc[i].text) == 1 and is_joiner(doc[j - 1]) and doc[j].is_alpha)):
            j += 1  # any word glued in by hyphens belongs to the name: "Chain-of-Table"
        while j > i and (is_joiner(doc[j - 1]) or self._glued_dash(doc, j - 1)) or (j > i and doc[j - 1].text in "-–—"):
            j -= 1  # "End-to-End …": a name never ends in a hyphen
        return j

    @staticmethod
    def _glued_dash(doc: Doc, j: int) -> bool:
        """An em dash glued to both neighbours joins a name as a hyphen does ("Metropolis—Hastings")."""
        return doc[j].text == "—" and 0 < j < len(doc) - 1 and not doc[j - 1].whitespace_ and not doc[j].whitespace_

    def _lower_word_at(self, doc: Doc, sent: Span, j: int) -> bool:
        """A lower-case content word at token ``j``: a capitalised name read up to ``j`` goes on in lower case
        ("named Physics guided Neural Network"), so what was read is not the whole name."""
        return j < sent.end and doc[j].text.islower() and is_content(doc[j], self.res)

    @staticmethod
    def _recurs_as_name(doc: Doc, cand: Candidate) -> bool:
        """A one-word name ("called Binoculars") that the abstract writes again, capitalised inside a sentence
        and never in lower case, and that is rare in English: its other mentions are the contribution too."""
        text = doc_text(doc)
        word = text[cand.start:cand.end]
        if " " in word or not is_rare_word(word):
            return False
        if WholePhrase(word.lower()).search(text):
            return False  # also written in lower case: a word of the text
        return any(m.start() != cand.start and re.search(r"[\w,;]\s+\W?$", text[max(0, m.start() - 4):m.start()])
                   for m in WholePhrase(word).finditer(text))

    @staticmethod
    def _in_body_before(doc: Doc, word: str, end: int) -> bool:
        """Whether the abstract (not its title) says ``word`` before character ``end``."""
        text = doc_text(doc)
        return text.find(word, max(title_end(text), 0), end) >= 0

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

    def _name_goes_past(self, doc: Doc, sent: Span, i: int, by_start) -> bool:
        """Whether the Title Case name at token ``i`` goes on, by two words or more, past every candidate that starts
        there, none of them a name: "Reinforcement Learning Metropolis-Hastings" is no mention of reinforcement
        learning."""
        at = by_start.get(doc[i].idx, ())
        if not at or any(c.finder in NAMES and not any(k.finder is Finder.LEXICON and k.end == c.end for k in at)
                         for c in at):
            return False  # nothing known there, or a name of its own (a known term's Title Case reading is no name)
        j = self._name_end(doc, sent, i)
        end = max(c.end for c in at)
        return sum(1 for t in range(i, j) if doc[t].idx >= end and doc[t].is_alpha) >= 1 and j - i >= 3

    def _name_after_kind(self, doc: Doc, sent: Span, i: int, by_start) -> Candidate | None:
        """The coined name right after a kind noun at token ``i`` ("… algorithm FLUTE"), if any."""
        if i + 1 >= sent.end or norm_word(doc[i].text) not in self.type_words:
            return None
        hits = [c for c in by_start.get(doc[i + 1].idx, []) if c.finder in NAMES]
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
            if (lower[j] in self.clause_stops and not toks.joiner[j - 1] and not (
                    # "a variational autoencoder based model ege-RoBERTa": "based" before the kind noun goes on
                    lower[j] == "based" and j > i and norm[j + 1] in self.type_words)) or lower[j] in self.other_work:
                return False  # "… for two popular datasets, A and B" names someone else's ("easy-to-use" goes on)
            at = by_start.get(idx[j], [])
            if j > i and any(c.finder in NAMES for c in at) and not any(
                    c.finder is Finder.LEXICON and c.end > toks.end_char(j) and self._kind_at(doc, sent, c.end)
                    for c in at) and not any(c.finder in NAMES and self._kind_at(doc, sent, c.end)
                                             and self._comma_after_kind(doc, sent, c.end) for c in at):
                return False  # a name not after a kind noun: "we propose KREPE, a method …" (not the "PU" of a
                # known term that describes a kind noun: "a two-stage PU learning method, namely …", nor a name that
                # does: "a novel ERL algorithm, Temporally-Correlated Episodic RL (TCE)")
            typ = self.type_words.get(norm[j]) or self._named_collection(doc, i, j) or (
                # "a state-of-the-art simulator, SaRNN, …": a noun of a thing made before its name, over a comma
                self.words.made_kind_nouns.get(norm[j]) if lower[j + 1] == "," else None)
            if typ is None or toks.joiner[j - 1]:
                continue  # "three-layer" describes, "layer" is not the kind noun
            k = j + 1
            while k < sent.end - 1 and (lower[k] in self.name_links or toks.lex[k].is_quote or (k == j + 1 and lower[k] == ":")
                                        or (lower[k] in self.words.title_articles and lower[k - 1] in (",", ":"))):
                k += 1  # "a novel approach, the Trajectory Aggregation Tree (TAT), …": an article after the comma
                # … or a colon right after the kind noun: "a simple yet efficient method: Controllable … (CIR)"
            if k + 2 < sent.end and lower[k - 2:k] == [":", "("] and toks.text[k + 1] == ")" \
                    and len(lower[k]) <= 3 and (lower[k].isdigit() or lower[k] in ("i", "a")):
                k += 2  # "two novel datasets: (1) SciOL, …, and (2) MuLMS-Img, …": the list's enumerator
                enumerated = True
            else:
                enumerated = False
            at = by_start.get(idx[k], [])
            hits = [c for c in at if c.finder in NAMES]
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
                if enumerated:
                    self._enumerated_names(doc, sent, span.end, by_start, out, typ)
                return True
        return False

    def _enumerated_names(self, doc: Doc, sent: Span, k: int, by_start, out: list[Candidate], typ: str) -> None:
        """"two novel datasets: (1) SciOL, …, and (2) MuLMS-Img, …": the names after the list's later enumerators
        (from token ``k`` on), of the first one's type; not a known one."""
        toks = tokens(doc)
        for t in range(k, sent.end - 3):
            if toks.text[t] != "(" or toks.text[t + 2] != ")" or toks.lower[t + 1] not in self.later_enumerators:
                continue
            at = by_start.get(toks.idx[t + 3], [])
            hits = [c for c in at if c.finder in NAMES]
            if hits and not any(c.finder is Finder.LEXICON for c in at):
                self._propose(out, max(hits, key=lambda c: c.end - c.start), typ)

    def _named_after(self, doc: Doc, sent: Span, i: int, by_start, out: list[Candidate]) -> None:
        """"an unsupervised federated graph matching algorithm, UFGM, for …": the name follows the description.

        Also "a new task, the sequential Morris Water Maze (sWM)".
        """
        typ = None
        for k in range(i, min(sent.end - 1, i + APPOSITION_WINDOW)):
            tok = doc[k]
            if tok.text == "," and (typ is not None or self._described_noun_before(doc, i, k)):
                noun = k - 1
                k += 1
                while k < sent.end - 1 and doc[k].lower_ in ("the", "a", "an"):
                    k += 1  # "a new task, the sequential Morris Water Maze (sWM)"
                hits = [c for c in by_start.get(doc[k].idx, []) if c.finder in NAMES]
                if hits:
                    best = max(hits, key=lambda c: c.end - c.start)
                    if typ is not None:
                        self._propose(out, best, typ)
                    elif best.finder is Finder.ACRONYM and best.long_form and " " in best.long_form \
                            and doc_text(doc).startswith(" (", best.end) and not any(
                                c.finder is Finder.LEXICON and c.end >= best.end for c in by_start.get(best.start, ())):
                        # "a simple and scalable sampling process, Early-Stopping Self-Consistency (ESC), …", "a new
                        # learning setup, On-Demand Unlabeled PFL (OD-PFL)": a name the paper defines with its acronym,
                        # set off after the described object, is the contribution whatever the object's noun
                        found = head_type(doc[noun].text, self.res)
                        self._propose(out, best, found[0] if found and found[0] in ("Method", "Model", "Dataset")
                                      else "Method")
                return
            if typ is None and (tok.lower_ in ("and", "or") or is_describing_adjective(tok.text, self.res)) \
                    and k + 1 < sent.end and doc[k + 1].text.islower() and doc[k + 1].is_alpha:
                continue  # "a simple and scalable sampling process, …": describing words, joined
            if not is_content(tok, self.res) and not tok.is_space:
                return
            typ = self.type_words.get(norm_word(tok.text)) or self._named_collection(doc, i, k) or typ

    def _described_noun_before(self, doc: Doc, i: int, comma: int) -> bool:
        """Whether the words from token ``i`` to the comma at ``comma`` describe a thing: lower-case words (two at
        least, describing words and joining "and"s included) ending in a noun ("scalable sampling process")."""
        words = [t for t in doc[i:comma] if t.lower_ not in ("and", "or")]
        return len(words) >= 2 and all(t.is_alpha and t.text.islower() or (t.text == "-") for t in words) \
            and doc[comma - 1].is_alpha and not is_describing_adjective(doc[comma - 1].text, self.res) \
            and not doc[comma - 1].lower_.endswith("ly")

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
            # "the Neural Verification Network (VERNet)": an acronym that spells only the last words of a Title Case
            # name defines the whole name (a coined name no vocabulary knows, ending at the bracket)
            # that opens the object ("we propose Radial Bayesian Neural Networks (BNNs)"; not "a study on a French
            # Spoken Language Understanding (SLU) task": a known term in a phrase the object only mentions)
            opens = toks.lower[i] in self.words.title_articles or toks.lower[i] in ("new", "novel") or text[i][:1].isupper()
            spelled = opens and any(c.finder is Finder.ACRONYM and c.end == end for c in state(doc).candidates)
            for start in range(idx[i], end):
                # the long form ends at the parenthesis, or before a kind noun ("… Tuning framework (MIDPT)")
                hits = [c for c in by_start.get(start, []) if (c.finder is Finder.ACRONYM and (
                    c.end == end or norm_word(doc_text(doc)[c.end:end].strip()) in self.type_words)) or (
                    spelled and c.finder is Finder.COINED and c.end == end and doc_text(doc)[c.start:c.end].istitle()
                    and all(lower[t] in self.words.title_articles or lower[t] in ("new", "novel")
                            for t in range(i, bisect_left(idx, c.start))))]
                if hits:
                    best = hits[0]
                    known = any(c.finder is Finder.LEXICON and c.end == end for c in by_start.get(start, []))
                    if new_only and known:
                        return False  # "we propose to … with Large Language Models (LLMs)": a known name
                    if known and "of" in lower[i:k]:
                        return False  # "one of the first explorations of … Bayesian Neural Networks (BNNs)": studied
                    close = next((t for t in range(k, min(sent.end, k + 6)) if text[t] == ")"), None)
                    purpose = [t for t in range(i, k - 1) if idx[t] < best.start and toks.norm[t] in self.type_words
                               and lower[t + 1] in self.complement_prepositions]
                    if purpose and (known or (lower[purpose[0] + 1] != "of" and (
                            best.type == "Task" or text[k + 1].rstrip(")").endswith("s") or (
                                close is not None and close + 1 < sent.end and text[close + 1].isalpha()
                                and text[close + 1].islower() and is_content(doc[close + 1], self.res))))):
                        return False  # "a policy gradient method for confounded … (POMDPs)": what it is for; so too a
                        # task defined there ("a framework for real-time concealed weapon detection (CWD)"), things
                        # ("… for Observer-Aware Markov Decision Processes (OAMDPs)") or a word describing a noun after
                        # it ("… for controlling linear quadratic (LQ) systems"); not "strategies of Dynamic Mask-Ratio
                        # (DMR)", nor a name ("a framework for distributional regression using … (DRIFT)")
                    if known and close is not None and close + 1 < sent.end and text[close + 1].isalpha() \
                            and text[close + 1].islower() and is_content(doc[close + 1], self.res):
                        return False  # "a novel automated machine learning (AutoML) multi-objective approach"
                    if known and close is not None and close + 1 < sent.end and toks.text[close + 1].islower() \
                            and self.type_words.get(toks.norm[close + 1], "Task") != "Task":
                        return False  # "a Reinforcement Learning (RL) approach to learn …", "a conditional variational
                        # autoencoder (CVAE) approach that …": a known technique describing the kind noun after its
                        # acronym; the whole is the contribution (read later), not the technique
                    if BASED_AFTER.match(doc_text(doc), toks.idx[k]):
                        return False  # "a Deep Reinforcement Learning (DRL)-based navigation strategy", "a Monte Carlo
                        # Tree Search (MCTS) based … method": what the contribution is based on, not the contribution
                    if any(lower[t] in self.use_words and idx[t] < best.start for t in range(i, k)):
                        return False  # "a solution … based on Large Language Model (LLM) fine-tuning" uses it
                    typ = type_before or self._apposition_type(doc, k, sent) or best.type
                    if close is not None and self._name_after_definition(doc, sent, best, close, by_start, typ, out):
                        return True
                    if close is not None and not known and self._name_past_acronym(doc, sent, best, close, typ, out):
                        return True
                    if close is not None and not known and self._name_part_after(doc, sent, best, close, out):
                        return True
                    self._propose(out, best, typ)
                    return True
            return self._loose_definition(doc, sent, i, k, by_start, out, type_before)
        return False

    def _name_after_definition(self, doc: Doc, sent: Span, long: Candidate, close: int, by_start, typ: str,
                               out: list[Candidate]) -> bool:
        """"we introduce a multi-scale decoder (MSD), VWFormer, to improve …", "a novel gaze-guided graph neural network
        (GNN), GazeGNN, …": a name set off by commas right after a defined kind names the contribution (the
        definition says what kind of thing it is). ``close``: the ``)``."""
        toks = tokens(doc)
        j = close + 2
        if j + 1 >= sent.end or toks.text[close + 1] != ",":
            return False
        at = by_start.get(toks.idx[j], ())
        names = [c for c in at if c.finder in NAMES and c.start != long.start]
        if not names or any(c.finder is Finder.LEXICON for c in at):
            return False
        name = max(names, key=lambda c: c.end - c.start)
        if not doc_text(doc).startswith((",", " (", ".", " to ", " which "), name.end):
            return False  # "(MSD), VWFormer decoder …": the name goes on
        words = doc_text(doc)[long.start:long.end].split()
        self._propose(out, name, self.type_words.get(norm_word(words[-1].rsplit("-", 1)[-1]), typ) if words else typ)
        return True

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
