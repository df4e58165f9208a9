"""A contribution the abstract describes rather than names (see :mod:`kg.extract.components.contributions`).

"we propose a novel two-stage sampling scheme for …": the noun phrase after a contribution verb, kept whole with
its kind noun (``_kind_phrase``, ``_described_object``), with what it is for ("an algorithm for online binary
classification", ``_kind_with_complement``) or with its relative clause ("an approach that supplements the
discriminator", ``_kind_with_clause``); "this is the first X algorithm"; a variant named with what it varies; a
list of named phrases ("two methods, namely A and B"); a passive ("X is proposed").
"""
from __future__ import annotations


from spacy.tokens import Doc, Span

from kg.extract.components.contributions.base import BASED_AFTER, LONG_COMPLEMENT, NAMES, ReaderBase, j_is_name
from kg.extract.state import DESCRIBED, SAID_NEW_KNOWN, Candidate
from kg.extract.text import (
    chunk_ranges,
    doc_text,
    head_type,
    is_content,
    is_describing_adjective,
    sentence_at,
    Tokens,
    sentences,
    tokens,
    word_ranges,
)
from kg.types import Finder

class DescribedReader(ReaderBase):
    """A contribution described by its kind noun and the words around it, without a name."""

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
        chunks = iter(chunk_ranges(doc, begin, sent.end, self.res))
        chunk = next(chunks, None)
        if chunk is None:
            return
        while all(toks.lower[k] in self.weak_lead for k in range(*chunk)):
            # "a straightforward yet effective method for …": a chunk of weak words alone, then "yet"/"but" and more
            # of them, opens the object's noun phrase (read from the next chunk)
            nxt = next(chunks, None)
            if nxt is None or not all(toks.lower[k] in self.weak_lead for k in range(chunk[1], nxt[0])) \
                    or not any(toks.lower[k] in ("yet", "but") for k in range(chunk[1], nxt[0])):
                break
            chunk = nxt
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
        based = BASED_AFTER.match(text, toks.end_char(end_tok - 1)) if words else None
        if based is not None:
            # "a Distributional Reinforcement Learning (RL) based local path planner": the words defined are what the
            # contribution is based on; it is the whole, through the kind noun that follows (a few words on)
            # (only "(DRL)-based", glued: "(RL) based …" is not read as one phrase downstream)
            k = next((k for k in range(end_tok, sent.end) if toks.idx[k] >= based.end()), sent.end)
            for t in range(k, min(sent.end, k + 4) if ")-" in based.group() else k):
                if not (toks.text[t].isalpha() and toks.text[t].islower()) or toks.lower[t] in self.clause_stops:
                    break
                if toks.norm[t] in self.type_words:
                    out.append(Candidate(toks.idx[words[0][0]], toks.end_char(t), self.type_words[toks.norm[t]],
                                         Finder.CONTRIBUTION, 0.8, proposed=True, rule="described-based"))
                    break
            return
        if words and end_tok + 3 < sent.end and toks.text[end_tok] == "(" and toks.text[end_tok + 2] == ")" \
                and toks.text[end_tok + 3].isalpha() and toks.text[end_tok + 3].islower() \
                and self.type_words.get(toks.norm[end_tok + 3], "Task") != "Task":
            # "a Reinforcement Learning (RL) approach to learn …", "a conditional variational autoencoder (CVAE)
            # approach that …": a technique defined before the kind noun describes it; the contribution is the whole,
            # named without the bracket (the technique alone is any paper's)
            kind = end_tok + 3
            start = toks.idx[words[0][0]]
            name = f"{text[start:toks.end_char(end_tok - 1)]} {toks.text[kind]}"
            out.append(Candidate(start, toks.end_char(kind), self.type_words[toks.norm[kind]], Finder.CONTRIBUTION, 0.8,
                                 proposed=True, name=name, rule="described-defined-kind"))
            return
        if words and toks.lower[begin] == "the" and words[0][0] == begin + 1 and end_tok < sent.end \
                and toks.lower[end_tok] == "of":
            return  # "we develop the confidence region of the covariance vector": the one of something, worked out,
            # not a new thing ("the first …" may be one)
        if describing and not (len(words) == 1 and toks.norm[words[0][1] - 1] in self.type_words):
            return
        if 2 <= len(words) <= 6 and self._of_object(doc, sent, words[0][0], end_tok - 1, out):
            return  # "a kernel test of goodness of fit", "a consistent test of …": named with what it tests
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
        if len(words) == 1 and (toks.norm[words[0][1] - 1] in self.type_words or (
                toks.norm[words[0][1] - 1] in self.words.of_object_kinds and end_tok < sent.end
                and toks.lower[end_tok] == "of") or (
                # "we introduce a test for conditional independence", "a planner for …": a noun of a thing made is
                # a kind noun after a verb of proposing, named by what it is for
                toks.norm[words[0][1] - 1] in self.words.made_kind_nouns and toks.lower[verb] in self.verbs
                and toks.lower[begin] in ("a", "an") and end_tok < sent.end and toks.lower[end_tok] == "for")):  # "a new test of independence" (not "tests for each one")
            before = len(out)
            self._kind_with_complement(doc, sent, words[0], out)
            if describing and len(out) > before and len(text[out[-1].start:out[-1].end].split()) < 4:
                del out[before:]  # "we derive an approach for learning from these …": too little to name it
            return
        if not 2 <= len(words) <= (6 if toks.norm[words[-1][1] - 1] in self.type_words else 4):
            return  # "a domain-specific weakly supervised object detection algorithm": a kind noun ends it
        head = toks.norm[words[-1][1] - 1]
        made = self._made_kind(toks, text, sent, verb, begin, end_tok, words, head)
        if made is None and (head in self.words.contribution_not_heads
                             or toks.lower[words[-1][1] - 1] in self.words.contribution_not_heads):
            return  # "a comprehensive study of …": what the paper does, not what it proposes
        typ = made or self.type_words.get(head) or (head_type(toks.text[words[-1][1] - 1], self.res) or (None,))[0]
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
        if head not in self.type_words and made is None and all(is_describing_adjective(m, self.res) or self.describing.match(m)
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
            if toks.lower[k] in ("for", "to") and k + 1 < sent.end and (self._gerund(toks.lower[k + 1]) or (
                    toks.lower[k] == "to" and toks.text[k + 1].isalpha() and toks.text[k + 1].islower())):
                break  # "an algorithm for solving the regularized MLE", "a method to improve BERT": what it does, to
                # what, names no name of it
            at = by_start.get(toks.idx[k], ())
            if k in self.naming_at or (any(c.finder in NAMES for c in at)
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
            if k + 1 < sent.end and lower[k + 1] in self.words.size_suffixes and not toks.joiner[k]:
                break  # "a large scale dataset": a size written without its hyphen ("large-scale") stays
            k += 1
        # "a theoretically grounded, lightweight regularizer", "a novel, computationally efficient, incremental
        # exploration strategy": describing words before a comma lead too (the phrase starts after the last comma)
        lead_start: int | None = None  # where the describing words before the last comma start
        while True:
            # (a word glued by hyphens is one: "a new distribution-free, data-driven UCB algorithm")
            comma = next((c for c in range(k + 1, min(sent.end - 1, k + 6)) if text[c] == ","), None)
            if comma is None or len(word_ranges(toks.joiner, k, comma)) > 2 or not all(
                    toks.joiner[t] or (toks.lex[t].is_alpha and text[t].islower() and (
                        toks.norm[t] not in self.type_words or (t > k and toks.joiner[t - 1])  # "a multi-task, …"
                        or (t + 1 < comma and toks.joiner[t + 1]))  # "a model-based, …"
                                       and lower[t] not in self.words.described_breaks) for t in range(k, comma)) \
                    or not (text[comma + 1].isalpha() and text[comma + 1].islower()) \
                    or lower[comma + 1] in self.words.title_articles:
                break  # "we propose motion guidance, a zero-shot technique …": an apposition, not a describing word
            lead_start, k = k, comma + 1
            while k < sent.end and (lower[k] in self.weak_lead or lower[k] in self.words.coordination_glue):
                k += 1
            if k == comma + 1:
                lead_start = None  # a describing word right after the comma: the phrase starts there
        quoted = False  # a word in quotes inside the phrase: 'a new "joint" control variate'
        if k + 2 < sent.end and toks.lex[k].is_quote and toks.lex[k + 1].is_alpha and text[k + 1].islower():
            close = next((t for t in range(k + 2, min(sent.end - 1, k + 5)) if toks.lex[t].is_quote), None)
            # (the phrase goes on past the closing quote: not "a 'cloning procedure' that …", a quoted phrase whole)
            if close is not None and toks.lex[close + 1].is_alpha and lower[close + 1] not in self.words.described_breaks \
                    and lower[close + 1] not in self.clause_stops:
                k += 1
                quoted = True
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
            if quoted and toks.lex[k].is_quote and k > first and kind is None:
                k += 1  # 'a new "joint" control variate': the closing quote of a describing word
                quoted = False
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
                and lower[first] not in self.words.described_breaks and lower[first] not in self.res.function_words \
                and 1 <= len(word_ranges(toks.joiner, first, k)) <= 4:
            # "we propose motion guidance, a zero-shot technique that …": the apposition says what the words are
            # (not a pronoun: "introduces Ours, an extension of …" is an author's macro "\Ours" cleaned to its name)
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
        if self._of_object(doc, sent, first, kind, out):
            return True  # "an unbiased estimator of the gradient": named with what it estimates (not deferred)
        if self.deferring and len(words) == 2 and (is_describing_adjective(text[first], self.res) or (
                lower[first] in self.res.noun_ing and kind + 2 < sent.end and lower[kind + 1] == "for")) \
                and words[0][1] == first + 1:
            # "we develop an analytical framework for …": a generic kind that names nothing, the answer only when
            # nothing else (the title) says what the paper proposes; kept with what it is for when it says so ("a
            # theoretical framework for the evolution of the kernel sequence"). A kind noun after the name of an
            # activity is as generic when it says what it is for: "a learning framework for multivariate TPPs" (not
            # "a simple yet robust pruning method – the gradient flow pruning method – …")
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
                any(c.finder in NAMES for c in at) and not any(c.finder is Finder.LEXICON for c in at)):
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
        if kind + 2 < sent.end and lower[kind + 1] == "for" and typ in ("Method", "Model") and all(
                (lower[a].endswith("ly") and b == a + 1) or is_describing_adjective(
                    doc_text(doc)[toks.idx[a]:toks.end_char(b - 1)].lower(), self.res) for a, b in words[:-1]):
            # "a computationally efficient algorithm for sparse linear regression": describing words alone name
            # nothing, what it is for does (kept whole with it, as a bare kind noun's complement is)
            purpose: list[Candidate] = []
            self._kind_with_complement(doc, sent, (kind, kind + 1), purpose)
            if purpose and purpose[-1].proposed:
                last = purpose.pop()
                out.extend(purpose)  # the task it is for
                out.append(Candidate(toks.idx[first], last.end, typ, Finder.PHRASE, 0.75, proposed=True,
                                     rule=DESCRIBED))
                return True
        span_text = doc_text(doc)[toks.idx[first]:toks.end_char(kind)]
        unquoted = " ".join("".join(ch for ch in span_text if ch not in "\"“”").split()) \
            if any(toks.lex[t].is_quote for t in range(first, kind)) else ""
        out.append(Candidate(toks.idx[first], toks.end_char(kind), typ, Finder.CONTRIBUTION, 0.8, proposed=True,
                             name=unquoted, rule="described-kind"))
        return True

    def _of_object(self, doc: Doc, sent: Span, first: int, kind: int, out: list[Candidate]) -> bool:
        """"an unbiased estimator of the gradient of the marginal likelihood", "a consistent test of conditional
        independence": a kind noun (token ``kind``, its describing words from token ``first``) whose "of" names what it
        estimates or tests names the contribution only with it ("unbiased estimator" alone is any paper's), kept as
        a kind noun's complement is (``_kind_with_complement``). Whether it proposed one."""
        toks = tokens(doc)
        if kind + 2 >= sent.end or toks.lower[kind + 1] != "of" or toks.norm[kind] not in self.words.of_object_kinds:
            return False
        before = len(out)
        self._kind_with_complement(doc, sent, (first, kind + 1), out)
        return len(out) > before

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
        first = j
        while j < sent.end and n < limit and text[j] not in (",", ";", ".", ":", "(") \
                and (lower[j] not in self.words.complement_stops or toks.joiner[j - 1]  # ("video-based" goes on)
                     or (j == first and lower[j] == "using")  # ("a method for using deep networks to …")
                     or self._joined_describers(toks, sent, j)):  # ("robust and generalizable pivoting skills")
            n += toks.lex[j].is_alpha and not toks.joiner[j - 1]  # "summary-worthy" is one word
            j += 1
        return j, n > limit - 1 or (j < sent.end and lower[j] not in self.words.complement_stops
                                    and text[j] not in (",", ";", ".", ":", "("))

    def _joined_describers(self, toks: Tokens, sent: Span, j: int) -> bool:
        """Whether the "and" at token ``j`` joins two describing words of one noun ("for learning robust and
        generalizable pivoting skills") or two gerunds of one object inside a complement: the phrase goes on past it."""
        return toks.lower[j] == "and" and j + 2 < sent.end and not toks.joiner[j - 1] and not toks.joiner[j + 1] \
            and ((is_describing_adjective(toks.text[j - 1], self.res) and is_describing_adjective(toks.text[j + 1], self.res))
                 or (self._gerund(toks.text[j - 1]) and self._gerund(toks.text[j + 1]))) \
            and toks.lex[j + 2].is_alpha and toks.text[j + 2].islower()  # (two gerunds of one object: "for learning
        # and sampling energy-based models")

    def _kind_with_complement(self, doc: Doc, sent: Span, word: tuple[int, int], out: list[Candidate],
                              last_resort: bool = False) -> None:
        """"We propose a method to estimate these bounds", "an algorithm for online binary classification": a
        bare kind noun names the contribution only with what it is for, kept whole (up to a comma or clause).
        ``last_resort``: for the answer of very last resort (nothing else, the title neither, names the contribution),
        a complement too long to keep whole is also cut before a purpose of its own ("a method to set the optimal
        stiffness for a multi-finger VSA hand to …"), which elsewhere leaves the answer to the title."""
        toks = tokens(doc)
        lower = toks.lower
        k = word[1]
        kind = self.type_words.get(toks.norm[k - 1])
        if k + 1 >= sent.end or not (lower[k] in ("for", "to") or (
                lower[k] == "of" and self._gerund(lower[k + 1]) and kind != "Task") or (
                lower[k] == "of" and kind == "Dataset") or (lower[k] == "of" and toks.norm[k - 1] in self.words.of_object_kinds
                                                       and lower[k + 1] not in ("a", "an"))):
            return  # "a method for …", "a general method of amortizing …" (a task of a gerund is read elsewhere),
            # "a dataset of flawed answers" (what a dataset holds), "an estimator of the average treatment effect" (what
            # it estimates; not "an estimator of an interval containing …", said later)
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
                    lower[whole] not in self.words.coordination_glue or toks.text[whole] == ","
                    # ("a new method to estimate the underlying graphical model under MTP2 and show that …": the
                    # subject's second verb ends it)
                    or (lower[whole] == "and" and whole + 1 < sent.end
                        and lower[whole + 1] in self.words.clause_second_verbs)) and not any(lower[t] in self.words.complement_anaphora or (
                    lower[t] in self.words.complement_cuts and lower[t] != "of" and not toks.joiner[t - 1])
                    for t in range(k + 2, whole)):
                j, long = whole, False
        # "a new approach to multi-agent control in this setting": a complement is cut before what refers to the text
        # "… to multi-agent control in this setting": a prepositional phrase about the text ends the complement
        # ("a method to estimate these bounds" stays whole)
        ref = next((t - 1 for t in range(k + 3, j) if lower[t] in self.words.complement_anaphora
                    and (lower[t - 1] in self.words.complement_cuts or lower[t - 1] in self.words.complement_ref_cuts)),
                   None)  # ("… to find faster algorithms for this problem")
        if ref is not None:
            j, long = ref, False
        # "a learning framework for multivariate TPPs leveraging recent progress …": a gerund after the complement's
        # first word opens a clause ("a method for learning and sampling …": one joined to the complement goes on;
        # "… the underlying causal variables", "… analytic scoring": one after an article or a describing word is a
        # modifier or a noun; "… models - changing the probability": a dash before it goes too)
        gerund = next((t - (toks.text[t - 1] in ("-", "–", "—")) for t in range(k + 3, j)
                       if self._gerund(lower[t]) and not toks.joiner[t - 1]
                       and lower[t - 1] not in self.words.coordination_glue and lower[t - 1] not in self.words.title_articles
                       and not is_describing_adjective(lower[t - 1], self.res)), None)
        if gerund is not None:
            j, long = gerund, False
        if long:
            # "a novel method for extracting the intrinsic dimension of the data manifold from …": up to its "of"
            cut = next((t for t in range(j - 1, k + 2, -1) if (lower[t] in self.words.complement_cuts
                                                               or lower[t] in self.words.complement_long_cuts
                                                               or (last_resort and lower[t] == "for"))
                        and not toks.joiner[t - 1]), None)  # not the "to" of "point-to-plane"
            if cut is None or any(lower[t] in self.words.complement_anaphora for t in range(k + 1, cut)):
                return  # one too long to be a name, or one about the text ("an approach to this task within …")
            if lower[k] == "of" and cut - k <= 3 and lower[k + 1] in self.words.title_articles:
                return  # "an estimator of the difference in inverse spectral densities across …": what it estimates
                # is the whole phrase, "the difference" alone names nothing
            j = cut
        if j > k + 3 and lower[j - 1] in self.words.frame_nouns and not toks.joiner[j - 2]:
            j -= 1  # "an algorithm for the online binary classification setting"
        if j < sent.end and toks.text[j] == "," and self._participle(toks.text[j - 1]):
            return  # "a dataset of intentionally flawed, machine-generated answers": the phrase goes on
        while j > k + 2 and self._participle(toks.text[j - 1]) and not toks.joiner[j - 2]:
            j -= 1  # "a dataset of 1000 plant images annotated by …": the participle opens a clause
        while j > k + 2 and lower[j - 1] in self.words.described_breaks:
            j -= 1  # "a formal framework for probabilistic MDC in which …": the clause's preposition is not the name's
        if j == k + 1 or lower[k + 1] in self.words.complement_anaphora or lower[k + 1] in self.words.complement_quantifiers:
            return  # no complement, one about the text ("a dataset for this task"), or a range ("an approach for all
            # d ≥ 1")
        if j == k + 2 and lower[k + 1].endswith("ing") and j < sent.end and (
                toks.text[j] == "(" or lower[j] in self.words.complement_cuts or lower[j] in ("and", "or")):
            return  # "a framework for reducing | private estimation to …": a gerund whose object was cut off ("a
            # framework for identifying and studying the errors …": two gerunds with one object, said later)
        if j < sent.end and lower[j] in self.words.complement_anaphora and lower[j] not in self.words.clause_openers \
                and lower[j] not in self.words.complement_long_cuts and lower[j - 1].endswith("ing") \
                and not toks.joiner[j - 1]:
            return  # "a solution for clustering such networks": the gerund's object refers back, no name
        if j - k <= 4 and toks.norm[j - 1] in self.words.generic_complement_nouns and (
                lower[j - 2] in self.words.title_articles or lower[j - 2] in self.words.complement_anaphora):
            return  # "efficient algorithms for the problem", "algorithms for solving this task": it refers back, no name
        if not toks.text[j - 1][-1:].isalnum() or (lower[k] == "to" and lower[k + 1] in self.problem_verbs and (
                j <= k + 3 or not toks.text[k + 2].islower() or not is_content(doc[k + 2], self.res)
                or lower[k + 2] in self.words.complement_anaphora)):
            return  # "a method for cervical fluid-", "an approach to address this issue", "… to tackle the problem of
            # …": no name ("an approach to mitigate gender disparity in text generation" names what it is for)
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
        j = self._past_known_term(toks, sent, k + 1, j)
        while j > k + 2 and sum(toks.text[t].count("(") - toks.text[t].count(")") for t in range(k + 1, j)) > 0:
            j -= 1  # "… for $L_{p,q}$ weight normalized …": a bracket the complement opens and does not close
        while j > k + 2 and lower[j - 1] in self.words.described_breaks:
            j -= 1
        typ = kind or self.words.made_kind_nouns.get(toks.norm[word[1] - 1], "Method")
        # a phrase, not a name: the task it holds stays an entity of its own ("… for online binary classification")
        if typ in ("Method", "Model"):
            self._complement_task(doc, sent, k, j, out)  # (before it: callers read the contribution last)
        out.append(Candidate(toks.idx[word[0]], toks.end_char(j - 1), typ, Finder.PHRASE, 0.75, proposed=True,
                             rule=DESCRIBED))

    def _past_known_term(self, toks: Tokens, sent: Span, first: int, j: int) -> int:
        """"a method for sequential decision making for stratified count data": a complement (from token ``first``)
        cut inside a vocabulary term ("making" read as a gerund opening a clause) ends where the term does; kg_merge
        keeps the term and drops a span crossing it, and the contribution with it. Token ``j`` ends the complement."""
        if j >= sent.end:
            return j
        start, end = toks.idx[first], toks.end_char(j - 1)
        term_end = max((c.end for c in self.found if c.finder is Finder.LEXICON and start <= c.start < end < c.end),
                       default=None)
        if term_end is None or term_end > sent.end_char:
            return j
        k = j
        while k < sent.end and toks.end_char(k) < term_end:
            k += 1
        return k + 1 if k < sent.end and toks.end_char(k) == term_end else j

    def _complement_task(self, doc: Doc, sent: Span, k: int, j: int, out: list[Candidate]) -> None:
        """"an algorithm for online convex optimization", "a procedure for testing independence in high dimensions":
        what a described method is for (after "for", token ``k``, up to token ``j``) is the task it addresses, an
        entity of its own even where no vocabulary knows it: a noun phrase headed by a task noun ("… optimization",
        "… estimation"), or a gerund and its object ("learning halfspaces"), cut before a preposition that says
        where or under what ("in high dimensions", "under interference"; "mixtures of Gaussians" goes on). Not what
        it computes or estimates ("an estimator for the average treatment effect": a quantity, no task)."""
        toks = tokens(doc)
        lower = toks.lower
        if lower[k] != "for":
            return
        if j < sent.end and not (toks.lex[j].is_punct or lower[j] in self.words.described_breaks
                                 or lower[j] in self.words.complement_stops):
            return  # the complement was cut inside its phrase: "a framework for designing private | boosting algorithms"
        a = k + 1
        if a < j and lower[a] in self.words.complement_light_gerunds:
            a += 1  # "for performing efficient MCMC inference": for MCMC inference
            while a < j and (lower[a] in self.weak_lead or is_describing_adjective(lower[a], self.res)):
                a += 1
        while a < j and lower[a] in self.words.title_articles:
            a += 1
        b = next((t for t in range(a + 1, j) if (lower[t] in self.words.complement_cuts and lower[t] != "of"
                  and not toks.joiner[t - 1]) or lower[t] in self.naming), j)  # (not "… called the Simulator")
        if b <= a or not toks.text[b - 1][-1:].isalnum():
            return
        # ("for learning mixtures of Gaussians", "for testing independence": an "-ing" noun of the lists is a gerund
        # here, with its object)
        gerund = a + 1 < b and lower[a].isalpha() and lower[a].endswith("ing") and len(lower[a]) > 5 \
            and toks.text[a + 1].islower() and lower[a + 1] not in self.words.described_breaks
        head = head_type(toks.text[b - 1], self.res)
        if not gerund and not (head is not None and toks.text[b - 1].islower() and (head[0] == "Task" or (
                head[0] == "Method" and lower[b - 1].endswith(self.words.phrase_purpose_head_endings)))):
            return  # "an algorithm for Gaussians", "… for the average treatment effect": no task noun heads it
            # ("… for online convex optimization": an activity noun is a task after "for")
        if len(word_ranges(toks.joiner, a, b)) > 6:
            return
        out.append(Candidate(toks.idx[a], toks.end_char(b - 1), "Task", Finder.PHRASE, 0.7,
                             rule="described-complement-task"))

    def _kind_with_clause(self, doc: Doc, sent: Span, verb: int, out: list[Candidate], further: bool = False) -> bool:
        """"we introduce an innovative approach that supplements the discriminator …", "we present novel methods that
        combine …", "a system leveraging retrieval-augmented generation", "an approach based on a sample reweighting
        scheme": a bare kind noun (its leading words weak) whose relative clause (or participle) says what it does names a paper's
        contribution only with that clause, kept whole up to the end of the clause's short object ("approach that
        supplements the discriminator"). The clause's verb agrees with the noun; an object that goes on ("… the
        strengths of …", "… sampling and …") or refers back ("… this approach") names nothing. The last resort of a
        paper that names no contribution and whose title names none either. ``further``: a later pass, read only when
        nothing else answers, that goes on past the verb's preposition ("focuses on …") or an adverb after "can"."""
        enum: tuple[int, int] | None = None  # an enumerator "(1)" opening the clause, as character offsets
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        k = self._object_start(lower, verb + 1, sent.end)
        article = k < sent.end and lower[k] in ("a", "an")
        # "we propose the first algorithm that returns …", "we present the first such algorithm that attains …": the
        # first of a kind is the paper's own, one thing or several ("the first randomized algorithms that …")
        first_of_kind = k + 2 < sent.end and lower[k] == "the" and lower[k + 1] == "first"
        if first_of_kind and lower[k + 2] == "such":
            k += 3
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
        if article == plural and not first_of_kind:
            return False  # "a method" or "methods": one thing, or several without an article
        if lower[k + 1] in ("based", "built") and lower[k + 2] in ("on", "upon"):
            v = k + 2  # "an approach based on a sample reweighting scheme"
        elif (self._gerund(lower[k + 1]) or lower[k + 1] in self.words.clause_participles) and text[k + 1].islower():
            v = k + 1  # "a system leveraging retrieval-augmented generation", "a new approach using concept bottlenecks"
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
                if further and v + 1 < sent.end and lower[v].endswith("ly") and lower[v].isalpha() \
                        and text[v + 1].islower():
                    v += 1  # "a novel method that can explicitly count …"
            word = lower[v]
            if v >= sent.end - 1 or not (word.isalpha() and text[v].islower()) or word in self.words.described_breaks \
                    or (word.endswith("s") == plural and not modal) or word.endswith(("ed", "ing")) \
                    or (modal and word.endswith("s") and not word.endswith("ss")):
                return False  # "that is", "that can be", "that we": no verb of the noun's own
        else:
            return False
        j = v + 1
        if further and j + 1 < sent.end and lower[j] in self.words.clause_verb_particles:
            j += 1  # "an algorithm that focuses on the termination function": the object after the verb's preposition
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
                lower[j] in ("and", "or") and j + 1 < sent.end and lower[j + 1] in self.words.title_articles) or (
                # "… based on Metropolis-Hastings sampling and demonstrate its efficacy": the subject's second verb
                lower[j] == "and" and j + 1 < sent.end and lower[j + 1] in self.words.clause_second_verbs)):
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

    def _made_kind(self, toks: Tokens, text: str, sent: Span, verb: int, begin: int, end_tok: int,
                   words: list[tuple[int, int]], head: str) -> str | None:
        """"we propose a single-model solution to …": the type a noun of a thing made gives the described object of a
        contribution verb ("a …"), else None: not a result ("a closed-form solution"), nor a part of another thing
        ("an adaptive variant of our method")."""
        lower = toks.lower
        if lower[verb] not in self.verbs or lower[begin] not in ("a", "an") \
                or (end_tok < sent.end and lower[end_tok] == "of"):
            return None
        if text[toks.idx[words[-2][0]]:toks.end_char(words[-2][1] - 1)].lower() in self.words.result_modifiers:
            return None
        return self.words.made_kind_nouns.get(head)

    def _bare_kind_noun(self, doc: Doc, sent: Span, verb: int) -> Candidate | None:
        """"We propose a novel algorithm that improves upon …", "we present an algorithm to identify …", "We present the
        first such algorithm that attains …": a contribution verb whose object is a kind noun alone (its leading words
        weak) names the paper's contribution by that noun only, the answer of very last resort (a paper that names and
        describes nothing else, whose title names nothing either). The kind noun as written, typed by it; None when
        the object is no bare kind noun (or a task: "we introduce a new problem …" is read elsewhere)."""
        toks = tokens(doc)
        lower = toks.lower
        if (lower[verb] not in self.any_verbs and lower[verb] not in self.describing_verbs
                and lower[verb] not in self.words.bare_kind_verbs) or lower[verb] in self.training_verbs:
            return None  # "our contribution is …", "we address this by …": cues read by other readers; "we train a
            # model to predict …": a known kind, trained ("we give a simple algorithm which …", "we describe a system
            # that …": a verb of what the paper does, its object the kind noun)
        k = self._object_start(lower, verb + 1, sent.end)
        plural: bool | None = None  # whether the kind noun must be plural (None: either)
        if k + 1 < sent.end and lower[k] == "the" and lower[k + 1] == "first":
            k += 2 + (k + 2 < sent.end and lower[k + 2] == "such")  # "the first such algorithm that …"
        elif k < sent.end and lower[k] in ("a", "an"):
            k, plural = k + 1, False
        elif k < sent.end and lower[k] in self.words.bare_kind_counts:
            k, plural = k + 1, True  # "We propose two frameworks to obtain …", "We propose various algorithms and …"
        elif k > verb + 1 and lower[k - 1] == "of":
            plural = True  # "we introduce a set of methods enabling …": the collection's members
        elif k < sent.end and toks.norm[k] != lower[k] and toks.norm[k] in self.type_words and k + 1 < sent.end \
                and lower[k + 1] in self.words.bare_kind_follow:
            plural = True  # "we propose algorithms that exploit …": several, said what they do
        else:
            return None  # "we propose methods …", "we develop the framework of …"
        while k < sent.end and (lower[k] in self.weak_lead or (lower[k] in self.words.coordination_glue
                                                               and lower[k - 1] in self.weak_lead)):
            k += 1
        if k + 1 >= sent.end or toks.joiner[k] or toks.joiner[k + 1] \
                or toks.norm[k] not in self.type_words or (plural is not None and plural != (toks.norm[k] != lower[k])):
            return None  # one thing or several as the determiner says, its kind noun glued to nothing ("a …
            # framework-based …")
        typ = self.type_words[toks.norm[k]]
        if typ == "Task" or not toks.text[k].islower() or (lower[verb] in self.collection_verbs and typ != "Dataset"):
            return None
        if lower[k + 1] not in self.words.bare_kind_follow and lower[k + 1] not in self.words.bare_kind_last_follow:
            return None  # "a framework Foo", "an algorithm Bar …": not bare; "a new and simple method.": nothing said
            # of it; "a dataset of intentionally flawed, …": a phrase that goes on
        if lower[k + 1] in ("to", "for") and typ in ("Method", "Model"):
            # "This paper proposes a method to set the optimal stiffness for a multi-finger VSA hand to perform …":
            # what it is for, cut where a purpose of its own starts, says more than the kind noun
            purpose: list[Candidate] = []
            self._kind_with_complement(doc, sent, (k, k + 1), purpose, last_resort=True)
            if purpose and purpose[-1].proposed:
                return purpose[-1]
        return Candidate(toks.idx[k], toks.end_char(k), typ, Finder.CONTRIBUTION, 0.6, proposed=True,
                         rule="described-bare")

    def _proposed_notion(self, doc: Doc, sent: Span, verb: int) -> Candidate | None:
        """"We introduce the notion of "label convergence" to describe …", "we introduce the concept of uncertainty
        awareness into …": a notion the paper introduces is its contribution, the answer of last resort: the words
        after "of" (two to five lower-case words, or quoted ones), typed Method; None for anything else ("a notion
        of convexity": a known word)."""
        toks = tokens(doc)
        lower = toks.lower
        if lower[verb] not in self.verbs:
            return None
        k = verb + 1
        k += k < sent.end and lower[k] in ("the", "a", "an")
        k += k < sent.end and lower[k] in ("new", "novel")
        if k + 2 >= sent.end or lower[k] not in self.words.notion_nouns or lower[k + 1] != "of":
            return None
        start = k + 2
        quoted = toks.lex[start].is_quote
        start += quoted
        chunk = next(iter(chunk_ranges(doc, start, sent.end, self.res)), None)
        if chunk is None or chunk[0] != start or not (2 - quoted <= chunk[1] - start <= 5) \
                or not all(toks.text[t].islower() or toks.joiner[t] for t in range(*chunk)):
            return None
        return Candidate(toks.idx[start], toks.end_char(chunk[1] - 1), "Method", Finder.CONTRIBUTION, 0.55,
                         proposed=True, rule="described-notion")

    def _proposed_result(self, doc: Doc, sent: Span, verb: int) -> Candidate | None:
        """"we establish a functional central limit theorem for the averaged iteration", "We give new minimax
        theorems for …": the result a theory paper states, the answer of last resort: its describing words (lower case,
        "and"/"or" between them; the weak ones and "first" dropped) and its head (``result_nouns``), typed Method (an
        analysis tool) and kept the paper's own (the label alone is many papers' words). None for a bare head ("we
        prove theorems") or anything else."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        k = verb + 1
        while k < sent.end and (lower[k] in self.words.title_articles or lower[k] in self.weak_lead
                                or lower[k] in ("first", "new", "novel")) and not toks.joiner[k]:
            k += 1
        first, head = k, None
        while k < sent.end and k - first < 8:
            if lower[k] in self.words.result_nouns and not toks.joiner[k] and k > first:
                head = k
                break
            glued = toks.joiner[k] or (k > first and toks.joiner[k - 1])
            if not (glued or (text[k].isalpha() and text[k].islower() and lower[k] not in self.words.described_breaks)
                    or (lower[k] in ("and", "or") and k > first)):
                return None
            k += 1
        if head is None or lower[head - 1] in ("and", "or") or not text[first][:1].isalnum():
            return None
        return Candidate(toks.idx[first], toks.end_char(head), "Method", Finder.CONTRIBUTION, 0.55,
                         proposed=True, rule=SAID_NEW_KNOWN)

    def _proposed_means(self, doc: Doc, sent: Span, verb: int, by_start) -> Candidate | None:
        """"we propose to guide the attention mechanism using explicit linguistic-visual grounding", "We propose to
        improve … translation with cross-lingual supervision", "we propose using a systematic pipeline …": a
        contribution verb whose object is an act (an infinitive or a gerund) proposes the means it is done with, the
        answer of last resort. The means' noun phrase as written (its weak leading words dropped), typed by its head;
        None when there is none, when it is a known concept alone ("… using transformers") or when the act is done
        "by" another act ("by capturing …": read no further)."""
        toks = tokens(doc)
        lower = toks.lower
        if lower[verb] not in self.verbs or verb + 2 >= sent.end:
            return None
        k = verb + 1
        if lower[k] == "to" and toks.text[k + 1].isalpha() and toks.text[k + 1].islower():
            k += 1  # "propose to guide …"
        elif not ((self._gerund(lower[k]) or lower[k] in self.words.means_act_words) and toks.text[k].islower()):
            return None  # ("using", "leveraging": a gerund of a means verb)
        act = lower[k]
        if act in self.verbs:
            return None  # "propose to develop a …": read as the verb's own object elsewhere
        direct = act in self.words.means_act_verbs or act[:-3] in self.words.means_act_verbs \
            or act[:-3] + "e" in self.words.means_act_verbs
        at = k + 1 if direct else next((t for t in range(k + 1, min(sent.end - 1, k + 14))
                                        if lower[t] in self.words.means_act_words or lower[t] in (",", ";", "and")), None)
        if at is None or (not direct and lower[at] in (",", ";", "and")):
            return None
        start = at + (not direct)
        if start < sent.end and lower[start] in ("a", "an", "the"):
            start += 1
        while start < sent.end and lower[start] in self.weak_lead:
            start += 1
        if start >= sent.end or self._gerund(lower[start]) or not toks.text[start].isalpha() \
                or not toks.text[start].islower():
            return None  # "by capturing …": another act; "using LLMs": a name (read elsewhere)
        chunk = next(iter(chunk_ranges(doc, start, sent.end, self.res)), None)
        if chunk is None or chunk[0] != start:
            return None
        end = next((t for t in range(start + 1, chunk[1] - 1) if self._gerund(lower[t])), chunk[1])  # "… pipeline utilizing …"
        if end - start > 5:
            return None
        if not all(toks.text[t].islower() or toks.joiner[t] for t in range(start, end)) or (
                end - start == 1 and toks.norm[start] not in self.type_words):
            return None  # "using augmentations from …": one word names no means unless a kind noun
        a, b = toks.idx[start], toks.end_char(end - 1)
        if any(c.finder is Finder.LEXICON and c.end == b for c in by_start.get(a, ())):
            return None  # "… using transformers": a known concept, used
        head = toks.norm[end - 1]
        typ = self.type_words.get(head) or (head_type(toks.text[end - 1], self.res) or ("Method",))[0]
        if typ not in ("Method", "Model", "Dataset", "Metric"):
            typ = "Method"
        return Candidate(a, b, typ, Finder.CONTRIBUTION, 0.55, proposed=True, rule="described-means")

    def _our_kind_noun(self, doc: Doc, our_at: list[int]) -> Candidate | None:
        """"Our method outperforms …", "we demonstrate the effectiveness of our approach": the first kind noun right
        after "our" (or "our proposed"/"our new"), of a method, model or dataset; the kind noun as written."""
        toks = tokens(doc)
        lower = toks.lower
        for i in our_at:
            k = i + 1 + (i + 2 < len(lower) and lower[i + 1] in self.words.our_kind_modifiers)
            if k + 1 >= len(lower) or toks.joiner[k + 1] or not toks.text[k].isalpha() or not toks.text[k].islower():
                continue  # "our method-agnostic …": a word glued to the next describes
            if toks.norm[k] in self.type_words and toks.norm[k + 1] in self.type_words and toks.text[k + 1].islower():
                k += 1  # "our defense strategies", "our training pipeline": the last kind noun is the head
            typ = self.type_words.get(toks.norm[k])
            if typ in ("Method", "Model", "Dataset") and toks.norm[k] not in self.words.our_kind_not_own:
                return Candidate(toks.idx[k], toks.end_char(k), typ, Finder.CONTRIBUTION, 0.55, proposed=True,
                                 rule="described-ours")
        return None

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

    def _known_concept_only(self, doc: Doc, new: list[Candidate], by_start) -> bool:
        """Whether a contribution verb's answer is one known model concept in lower case, of two words at most, that
        a relative clause or another contribution verb follows ("we design a neural network that …", "We build a
        diffusion model and design a novel paradigm that …"): a part of a contribution, not a new thing."""
        text = doc_text(doc)
        if len(new) != 1 or not new[0].proposed or new[0].type != "Model":
            return False  # a model concept ("a neural network"), not a described method ("a primal-dual algorithm")
        name = text[new[0].start:new[0].end]
        after = text[new[0].end:new[0].end + 24].split()
        # (… or what it has or is for: "Specifically, we design a neural network with an encoder-decoder structure to
        # embed messages …" after "we propose a novel Deepfake detection method that …")
        clause = bool(after) and (after[0] in self.words.clause_openers or after[0] in ("with", "to")
                                  or (after[0] == "and" and len(after) > 1 and after[1].lower() in self.verbs))
        return name.islower() and len(name.split()) <= 2 and clause \
            and any(c.finder in (Finder.LEXICON, Finder.PHRASE) and c.end == new[0].end
                    for c in by_start.get(new[0].start, ()))

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
                if colon is None:
                    # "We propose two methods to this aim, offering improved … across multiple languages: 1) …": a
                    # numbered list goes further
                    colon = next((t for t in range(verb + 10, min(sent.end - 3, verb + 30)) if text[t] == ":"
                                  and self._labelled_items(doc, sent, t + 1)), None)
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
            if colon or text[noun + 1] == ":":
                # "We introduce two strategies to tackle this: (i) Positional Information Pre-training and (ii) …",
                # "two methods …: 1) Multi-SentAugment, and 2) LayerAgg": a numbered list's items, named in any case
                found = self._labelled_items(doc, sent, k)
            labelled = bool(found)
            while not labelled and k < sent.end:
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

    def _label_at(self, toks: Tokens, sent: Span, t: int, label: str) -> int:
        """The token after the list label ``label`` written at token ``t`` ("(ii)", "2)"), or 0 if none is."""
        text, lower = toks.text, toks.lower
        if t + 2 < sent.end and text[t] == "(" and lower[t + 1] == label and text[t + 2] == ")":
            return t + 3
        if t + 1 < sent.end and lower[t] == label and text[t + 1] == ")" and not toks.joiner[t]:
            return t + 2
        return 0

    def _labelled_items(self, doc: Doc, sent: Span, k: int) -> list[tuple[int, int]]:
        """The items of a numbered list opening at token ``k`` ("(i) A and (ii) B", "1) A, and 2) B"): each item's
        words up to the next label, a comma or a clause word ("Contrastive Learning on PI using …" ends before
        "using"), 1 to 5 words; [] unless there are at least two."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        labels = next((seq for seq in self.enumerations.values() if self._label_at(toks, sent, k, seq[0])), None)
        if labels is None:
            return []
        items: list[tuple[int, int]] = []
        start = self._label_at(toks, sent, k, labels[0])
        for n, label in enumerate(labels[1:], 1):
            nxt = next(((t, after) for t in range(start + 1, min(sent.end, start + 30))
                        if (after := self._label_at(toks, sent, t, label))), None)
            end = nxt[0] if nxt else sent.end
            j = start
            while j < end and text[j] not in (",", ";", ".", ":", "(", ")") and (
                    j == start or toks.joiner[j] or toks.joiner[j - 1] or lower[j] not in self.words.complement_stops):
                j += 1
            while j > start and lower[j - 1] in self.words.coordination_glue:
                j -= 1
            if not 1 <= len(word_ranges(toks.joiner, start, j)) <= 5 or not text[start][:1].isalnum() \
                    or lower[start] in self.res.function_words:
                return []
            items.append((start, j))
            if nxt is None or n >= 4:
                break
            start = nxt[1]
        return items if len(items) >= 2 else []

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
            # ("In this paper, two SMC algorithms are proposed based on …": a count opens a plural subject)
            opener = next((t for t in range(sent.start, be) if lower[t] in ("a", "an") or (
                lower[be] == "are" and lower[t] in self.words.bare_kind_counts and lower[t] != "various")), None)
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

    def _passive_apposed(self, doc: Doc, sent: Span, be: int, by_start, out: list[Candidate]) -> bool:
        """"In this paper, MA-MRC, a continual MRC model with …, is proposed": the subject of a passive contribution
        sentence (at its start or after its opening phrase's comma) is a name no vocabulary knows, set off by an
        apposition that says what it is ("a … model"): the name is proposed, typed by the apposition. ``be``: the
        sentence's "is"/"are"."""
        toks = tokens(doc)
        text = toks.text
        t = sent.start
        if not any(c.finder in NAMES for c in by_start.get(toks.idx[t], ())):
            t = next((k + 1 for k in range(sent.start, min(be, sent.start + 6)) if text[k] == ","), be)
        at = by_start.get(toks.idx[t], ()) if t < be else ()
        hits = [c for c in at if c.finder in NAMES and c.end < toks.idx[be]]
        if not hits or any(c.finder is Finder.LEXICON for c in at):
            return False
        best = max(hits, key=lambda c: c.end - c.start)
        span = doc.char_span(best.start, best.end, alignment_mode="expand")
        if span is None or span.end + 1 >= be or text[span.end] != "," or toks.lower[span.end + 1] not in ("a", "an") \
                or text[be - 1] != ",":
            return False  # ("X, a … model with …, is proposed": the apposition closes with a comma before "is")
        typ = self._apposition_type(doc, span.end, sent)
        if typ is None or typ == "Task":
            return False
        self._propose(out, best, typ)
        return True

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
            if self._passive_apposed(doc, sent, be, by_start, out):
                return
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
                    hits = [c for c in at if c.finder in NAMES and c.end <= toks.idx[be]]
                if hits:
                    best = max(hits, key=lambda c: c.end - c.start)
                    self._propose(out, best, typ if typ and typ != "Task" else (
                        best.type if best.type in ("Method", "Model", "Dataset", "Metric") else "Method"))
                    return
