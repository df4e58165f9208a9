"""The ``kg_contributions`` component (:class:`ContributionFinder`): the readers that start from a cue word,
which ``_find`` calls in turn; the readers they share are the package's other modules."""
from __future__ import annotations

import re
from bisect import bisect_left
from itertools import compress
from operator import attrgetter
from typing import cast

from spacy.tokens import Doc, Span, Token

from kg.extract.components.contributions.base import BASED_AFTER, NAMES, TARGET_WINDOW, is_rare_word, j_is_name
from kg.extract.components.contributions.described import DescribedReader
from kg.extract.components.contributions.names import NameReader
from kg.extract.components.contributions.titles import TitleReader
from kg.extract.state import SAID_NEW_KNOWN, Candidate, state
from kg.extract.text import (
    WholePhrase,
    doc_text,
    doc_title,
    ends_as_superlative,
    head_type,
    is_content,
    is_joiner,
    may_contain,
    norm_word,
    sentence_at,
    sentences,
    tokens,
)
from kg.types import Finder

#: the finders as module constants: ``Finder.X`` goes through ``EnumType``'s ``__getattr__`` slot (Python 3.11),
#: ~4x the cost of a global, and these tests run for every candidate
_ACRONYM, _COINED, _CONTRIBUTION, _LEXICON = Finder.ACRONYM, Finder.COINED, Finder.CONTRIBUTION, Finder.LEXICON
#: words that end a contribution verb's object before a naming cue (see Finder._closes_our_object)
_OBJECT_BREAKS = frozenset({"which", "that", "where", "whose", "who", "while", "whereas", "and", "or", ",", ";", ":", "."})

_PROPOSED = attrgetter("proposed")  # ``any(map(_PROPOSED, out))``: the doc's candidates tested in C

PLUS = re.compile(r"\++(?![\w+])")  # "MCQA+", "C++": pluses glued to the end of a name
#: between two names of one list: "(FineMath, Stack-Edu, and SmolTalk)"
#: "a novel ", "a new ", "the first ": what calls the proposed thing after it new
#: what a bare known process is of or for, right after it ("fine-tuning of LLMs …", "distillation for informed …")
BARE_RECIPE_AFTER = re.compile(r"[ \t]+(?:of|for)[ \t]+(?!the[ \t]|a[ \t]|an[ \t])[\w-]")
NEW_BEFORE = re.compile(r"(?:(?<![\w-])(?:a|an)[ \t]+(?:novel|new)|(?<![\w-])the[ \t]+first)[ \t]+$", re.IGNORECASE)
NEXT_WORD = re.compile(r"[ \t]+([a-z]+)\b")
NAME_LIST_GAP = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|,?\s+and\s+")


class ContributionFinder(TitleReader, DescribedReader, NameReader):
    """The ``kg_contributions`` component: reads each doc's contribution cues in turn (see the module's docstring)."""

    def __call__(self, doc: Doc) -> Doc:
        self.generic, self.deferring = None, False
        self.bare: Candidate | None = None
        self._find(doc)
        out = state(doc).candidates
        if self.generic is not None and not any(c.proposed for c in out):
            out.append(self.generic)
        elif self.own_in_passing is not None and not any(c.proposed for c in out):
            self._propose(out, *self.own_in_passing)  # "… using our method LocoGen which …": the last resort
        elif self.bare is not None and not any(c.proposed for c in out):
            out.append(self.bare)  # "We propose a novel algorithm that improves upon …": the kind noun alone
        self._title_means_used(doc, out)
        self._listed_names(doc, out)
        self._said_new_known(doc, out)
        return doc

    def _one_of_its_own(self, text: str, start: int) -> bool:
        """Whether what starts at ``start`` is introduced as one thing of its kind: after "a"/"an"/"our" (describing
        words between: "a novel", "a principled") or "the first"."""
        if NEW_BEFORE.search(text, max(0, start - 16), start):
            return True
        before = text[max(0, start - 60):start].lower().split()
        opens = self.words.own_openers
        while before and before[-1] in self.weak_lead and before[-1] not in opens and before[-1] != "the":
            before.pop()
        return bool(before) and before[-1] in opens

    def _said_new_known(self, doc: Doc, out: list[Candidate]) -> None:
        """"we design a novel GAN that …", "we also propose a novel Transformer model in which …", "we present the first
        online algorithm …": a known concept (a lexicon entry, a kind noun at most after it) the text calls new is the
        paper's own variant of it, not the concept every other paper mentions: marked, so that it keeps a node of its
        own (kg.resolve). A name with a digit ("a new GPT-4 agent") stays the known one."""
        proposed = [c for c in out if c.proposed and c.finder is _CONTRIBUTION]
        if not proposed:
            return
        text = doc_text(doc)
        # (an acronym the abstract defines is known too: "deep neural networks (DNNs) … our DNN framework")
        defined = {text[k.start:k.end].removesuffix("s") for k in out if k.finder is _ACRONYM and k.long_form}
        for c in proposed:
            ends = [k.end for k in out if k.finder is _LEXICON and k.start == c.start and k.end <= c.end]
            first = text[c.start:c.end].split(None, 1)[0] if c.end > c.start else ""
            acronym = not ends and first.isupper() and first.removesuffix("s") in defined
            if acronym:
                ends.append(c.start + len(first))
            if not ends or any(ch.isdigit() for ch in text[c.start:c.end]):
                continue
            rest = (c.name[max(ends) - c.start:] if c.name else text[max(ends):c.end]).split(None, 1)
            # ("an MRI-powered … robot" proposing "MRI": glued on, it describes what is new, it is not)
            new = not rest and not acronym and not text.startswith("-", c.end) and self._one_of_its_own(text, c.start)
            recipe = not rest and not acronym and self._bare_recipe(text, c)
            if not rest and not c.name:  # "our DNN framework" proposing "DNN": the kind noun after the span
                m = NEXT_WORD.match(text, c.end)
                rest = [m.group(1)] if m else []
            kind = norm_word(rest[0].lower()) if rest and rest[0].isalpha() and rest[0].islower() else ""
            # ("a multi-task learning model of classification and generation": a kind noun and what it is of)
            if new or (kind and (kind in self.type_words or kind in self.res.generic_heads)) \
                    or recipe:
                c.rule = SAID_NEW_KNOWN

    def _bare_recipe(self, text: str, c: Candidate) -> bool:
        """"we propose fine-tuning of LLMs on mixed-language data", "we propose knowledge distillation for informed
        labeling": a known process a contribution verb proposes bare (no article), with what it is of or for, is the
        paper's own recipe of it, not the process every paper mentions."""
        before = text[max(0, c.start - 16):c.start].split()
        return bool(before) and before[-1].lower() in self.verbs and BARE_RECIPE_AFTER.match(text, c.end) is not None

    def _listed_names(self, doc: Doc, out: list[Candidate]) -> None:
        """"We additionally curate and release new specialized datasets (FineMath, Stack-Edu, and SmolTalk)": the
        names listed right after a proposed name, of its type, are proposed too."""
        proposed = [c for c in out if c.proposed and c.finder is _CONTRIBUTION]
        if not proposed:
            return
        text = doc_text(doc)
        names: dict[int, list[Candidate]] = {}
        for c in out:
            if c.finder in NAMES and not c.proposed:
                names.setdefault(c.start, []).append(c)
        if not names:
            return
        done = {(c.start, c.end) for c in proposed}
        for c in proposed:
            at = c.end
            while True:
                gap = NAME_LIST_GAP.match(text, at)
                nxt = max((k for k in names.get(gap.end(), ()) if k.type == c.type), key=lambda k: k.end,
                          default=None) if gap is not None else None
                if nxt is None or (nxt.start, nxt.end) in done:
                    break
                self._propose(out, nxt, c.type)
                done.add((nxt.start, nxt.end))
                at = nxt.end

    def _find(self, doc: Doc) -> None:
        out = self.found = state(doc).candidates
        self.new_names = []
        self.own_in_passing: tuple[Candidate, str] | None = None  # "… using our method LocoGen …" (_our_noun_name)
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
        verbs = [i for i in cue_at if self._verb_at(lower, i)]
        tok_text = tokens(doc).text
        # "… by combining lexical alignment, named entity recognition, …": a naming cue before a lower-case word
        # names only after a kind noun ("a task called fact generation")
        # ("… for Multimodal Named Entity Recognition": a capitalised cue word is part of a Title Case name)
        naming = [j for j in cue_at if lower[j] in self.naming and tok_text[j][:1].islower() and (
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
        refer_at = [i for i in cue_at if lower[i] == "refer"]
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
        purposes: list[tuple[Span, int]] = []  # … those of a purpose infinitive ("we … to develop a new …")
        self.unnamed = unnamed
        for sent in sentences(doc):
            for i in verbs[bisect_left(verbs, sent.start):bisect_left(verbs, sent.end)]:
                self.named_only = False
                if self._has_subject(lower, i, sent):
                    v = i + 2 if i + 3 < sent.end and lower[i + 1] == "and" and tok_text[i + 2].isalpha() \
                        and tok_text[i + 2].islower() and lower[i + 3] not in self.weak_lead \
                        and lower[i + 2] != "open" else i  # ("and open source X": read from the first verb)
                    before = len(out)
                    self._read_target(doc, sent, doc[v], by_start, out)  # "we propose and analyze X": X
                    if lower[i] in self.collection_verbs:
                        # "we collect human feedback": a verb that makes only data proposes only a dataset
                        out[before:] = [c for c in out[before:] if c.type == "Dataset" or not c.proposed]
                    if lower[i] in self.training_verbs and any(c.proposed for c in out[before:]):
                        out[before:] = [c for c in out[before:] if not c.proposed or self._coined(doc, c, by_start)]
                        if not any(c.proposed for c in out[before:]):
                            continue  # "we train two transformer models on InferES": a known kind of model, used
                    if unnamed and self._known_concept_only(doc, out[before:], by_start):
                        del out[before:]  # "We develop a … sampling procedure … . … we design a neural network that
                        # …": a known concept after a described contribution is a part of it, not the answer
                    if self.named_only or (i - 3 >= sent.start and lower[i - 3] in self.words.motivating_verbs
                                           and lower[i - 2:i] == ["us", "to"]):
                        # "this inspires us to develop a recognition model with …", "we use X to develop a …": a named
                        # object only (a capital in it, an acronym after it, or a naming cue: "motivates us to develop a
                        # new technique called …")
                        if not any(sent.start <= k < sent.end for k in self.naming_at):
                            text = doc_text(doc)
                            near = tokens(doc).idx[min(i + 2, sent.end - 1)]  # the object's first word
                            out[before:] = [c for c in out[before:] if not c.proposed or (
                                text.startswith(" (", c.end) and c.start <= near) or (
                                    any(map(str.isupper, text[c.start:c.end].split("(")[0]))
                                    and not BASED_AFTER.match(text, c.end)
                                    and not text.startswith(("-based", " based"), c.end) and not any(
                                        k.finder is Finder.LEXICON and k.end == c.end for k in by_start.get(c.start, ())))]
                        if not any(c.proposed for c in out[before:]):
                            if self._said_new_after(lower, i, sent, not self.named_only) \
                                    and lower[i] not in self.training_verbs:  # ("… to train a … tagger": trained)
                                # "we utilize the properties of CNNs to develop a new detection method", "we
                                # incorporate model-based estimation to develop the first doubly robust estimator":
                                # an object called new is the paper's own, described (read when nothing is named)
                                purposes.append((sent, i))  # (read only as the answer of a paper naming nothing)
                            continue
                    if not any(c.proposed for c in out[before:]):
                        if not (lower[v] in self.words.promise_verbs and "will" in lower[max(sent.start, v - 3):v]):
                            unnamed.append((sent, v))  # (not "we will release the pre-trained model": a promise)
                    elif unnamed and (lower[i - 1] == "also" or self._additive_opening(lower, sent, i)) \
                            and not any(c.proposed for c in out[:before]):
                        self._described_before_also(doc, by_start, out)
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
                    if lower[i] in self.describing_only and self._kind_names_next(doc, sent, i) \
                            and self._kind_then_name(doc, sent, i + 1, by_start, out):
                        continue  # "and provide the algorithm Fed-FairX-LinUCB that …", "we give a new algorithm,
                        # UCB-GT, …": a kind noun right after the verb, and its name
                    if lower[i] in self.describing_only and lower[i] not in self.words.showing_verbs \
                            and lower[i - 1] != "also" and not self._additive_opening(lower, sent, i) \
                            and self._has_subject(lower, i, sent) and self._defined_after_describing(doc, sent, i,
                                                                                                      by_start, out):
                        continue  # "We describe the Conditional Attribute Subsampling Toolkit (CAST) for …"
                    if lower[i] in self.kind_object_verbs and lower[i] not in self.words.showing_verbs \
                            and self._has_subject(lower, i, sent) and self._named_object(doc, sent, i, by_start, out):
                        continue  # "We give an improved algorithm, termed the hybrid exponential weights algorithm"
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
            for r in refer_at[bisect_left(refer_at, sent.start + 1):bisect_left(refer_at, sent.end - 4)]:
                self._referred_as(doc, sent, r, by_start, out)
        if not any(map(_PROPOSED, out)):
            self._passive_named(doc, by_start, out, unnamed[0][0].start if unnamed else len(doc))
        if not any(map(_PROPOSED, out)):
            self._rare_name_apposition(doc, by_start, out)
        self._title_name_proposed(doc, by_start, out)
        self._repeat_new_names(doc, by_start, out)
        self._typed_by_apposition(doc, by_start, out)
        if any(map(_PROPOSED, out)):
            self._described_data(doc, unnamed, by_start, out)
        if not any(map(_PROPOSED, out)):  # only when the paper names no contribution of its own
            if purposes:
                unnamed.extend(purposes)
                unnamed.sort(key=lambda u: u[1])
            text = doc_text(doc)
            # "we derive …", "we give …" propose only an object ending in a kind noun: no cue to read the title
            cue = any(lower[i] not in self.kind_object_verbs for _s, i in unnamed) or \
                may_contain(text, self.title_self_words) and self.title_self_reference.search(text)
            if (unnamed and self._named_later(doc, unnamed[0][0], by_start, out)) or self._title_definition(doc, out):
                return
            if cue and (self._title_coined_name(doc, by_start, out) or self._title_phrase(
                    doc, by_start, out, before_described=any(lower[i] in self.verbs for _s, i in unnamed))):
                return
            if not cue and not self.naming.isdisjoint(lower) and self._title_phrase(doc, by_start, out, named_only=True):
                return  # "a general protocol …, called plug-in performative optimization": the title's phrase, named
            for sent, i in unnamed:
                if lower[i] in self.training_verbs and self.own_in_passing is not None:
                    continue  # "we train a text-to-text language model …" of a paper that names "our method DS2":
                    # what it trains is a known kind of model, the name is its method's (see _our_noun_name)
                if self._named_list(doc, [(sent, i)], out):
                    break  # "we introduce two methods, namely A and B"
                self.deferring = True  # a generic described kind waits for the title (see _defer)
                before = len(out)
                self._described_object(doc, sent, i, by_start, out)
                self.deferring = False
                if lower[i] in self.collection_verbs:  # "we collect a corpus of 10,000 tweets": data only
                    out[before:] = [c for c in out[before:] if c.type == "Dataset" or not c.proposed]
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
                            if not any(c.proposed for c in out) and self.generic is None:
                                for sent, i in unnamed:  # "an algorithm that focuses on …": the clause read further
                                    if self._kind_with_clause(doc, sent, i, out, further=True):
                                        break
            if cue and not any(c.proposed for c in out) and self.generic is None:
                # of a paper naming and describing nothing else, the title's phrase a bare kind noun types even when the
                # abstract does not repeat it ("Scalable Safe Policy Improvement for …" with "we propose a novel
                # algorithm that scales this approach to …")
                kind = next((k for k in (self._bare_kind(doc, sent, i) for sent, i in unnamed) if k), None)
                if kind:
                    self._title_phrase(doc, by_start, out, kind, means_too=True, loose=True)
            if not any(c.proposed for c in out) and self.generic is None:
                self._indefinite_title(doc, by_start, out)  # "A Cognitive Regularizer for Language Modeling"
            if not any(c.proposed for c in out) and self.generic is None:
                # "we present an algorithm to identify …": the bare kind noun, of a paper with nothing else
                self.bare = next((c for c in (self._bare_kind_noun(doc, sent, i) for sent, i in unnamed) if c), None)
                if self.bare is None:
                    # "We introduce the notion of "label convergence" to describe …": the notion introduced
                    self.bare = next((c for c in (self._proposed_notion(doc, sent, i) for sent, i in unnamed) if c), None)
                if self.bare is None:
                    # "we propose to guide the attention mechanism using explicit … grounding": the means of the act
                    self.bare = next((c for c in (self._proposed_means(doc, sent, i, by_start) for sent, i in unnamed)
                                      if c), None)
                if self.bare is None and our_at:
                    # "Our method outperforms …", "we evaluate our approach on …": a paper with a method of its own it
                    # neither names nor describes, by its kind noun (the title's phrase is as often its task or a
                    # finding: "Fairness Risks", "Noun Class Disambiguation")
                    self.bare = self._our_kind_noun(doc, our_at)
                if self.bare is None:
                    # "we establish a functional central limit theorem for …": the result of a theory paper that makes
                    # nothing else
                    self.bare = next((c for c in (self._proposed_result(doc, sent, i) for sent, i in unnamed) if c), None)

    @staticmethod
    def _said_new_after(lower: list[str], i: int, sent: Span, new_only: bool) -> bool:
        """Whether the object of the contribution verb at ``i`` opens on "a new", "a novel" or "the first" ("… to
        develop a new detection method"), or unless ``new_only`` on "a"/"an" ("we build upon this observation to develop
        an estimator of …": what "we" did something for; not "this inspires us to develop a recognition model with
        …", generic)."""
        return i + 3 < sent.end and (lower[i + 1:i + 3] in (["a", "new"], ["a", "novel"], ["the", "first"])
                                     or (not new_only and lower[i + 1] in ("a", "an")))

    def _described_data(self, doc: Doc, unnamed: list[tuple[Span, int]], by_start, out: list[Candidate]) -> None:
        """"We propose MoMaRT, a teleoperation framework …, and collect a first-of-its-kind large scale dataset",
        "To support this, we construct a new large-scale dataset of 50K street images": beside a named contribution,
        the data the authors make, described by a dataset noun, is a contribution too (only a Dataset: "we design a
        neural network that …" describes a part of the named one), unless the paper names a dataset of its own."""
        if any(c.proposed and c.type == "Dataset" for c in out):
            return  # the paper names its data ("SeaTurtleID2022: A Long-Span Dataset …"): the description is that
        lower = tokens(doc).lower
        for sent, i in unnamed:
            if lower[i] not in self.verbs or not self._has_subject(lower, i, sent) \
                    or any(c.proposed and doc[i].idx < c.start < sent.end_char for c in out):
                continue  # (not where the sentence names what it makes: "a long-span dataset … - SeaTurtleID2022")
            before = len(out)
            generic, self.generic = self.generic, None
            self._described_object(doc, sent, i, by_start, out)
            self.generic = generic
            out[before:] = [c for c in out[before:] if c.type == "Dataset" and c.proposed]

    def _coined(self, doc: Doc, cand: Candidate, by_start) -> bool:
        """Whether a proposed span is more than a known term: not one lower-case word ("word2vec"), not one a
        vocabulary knows ("Graph Neural Network"), nor one followed by a kind noun ("two transformer models", "an optimized word2vec model"); a
        described one ("a contact-exploiting manipulation policy") is."""
        text = doc_text(doc)
        if text[cand.start:cand.end].isalnum() and text[cand.start:cand.end].islower():
            return False  # one lower-case word: "word2vec"
        last = text.rfind(" ", cand.start, cand.end)
        ends = {cand.end}
        if last > cand.start and norm_word(text[last + 1:cand.end]) in self.type_words:
            ends.add(last)  # "transformer models": a known term and a kind noun
        return not any(c.finder is Finder.LEXICON and c.end in ends for c in by_start.get(cand.start, ()))

    def _described_before_also(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"we propose a novel mapping function based on a p-norm distance … we also introduce a new ray
        parameterization": what "also" adds is a second contribution, so the one the cue before it described without
        a name (when nothing else is proposed before) is read too; a generic kind stays unread (no title waits here)."""
        generic, self.deferring = self.generic, True
        for sent, i in reversed(self.unnamed):  # the latest cue: what "also" adds to
            before = len(out)
            self._described_object(doc, sent, i, by_start, out)
            if any(c.proposed for c in out[before:]):
                break
        self.generic, self.deferring = generic, False

    def _additive_opening(self, lower: list[str], sent: Span, verb: int) -> bool:
        """"In addition, we develop a multi-genre dataset …", "Moreover, we propose …": a sentence opening on an
        additive phrase and a comma, with "we" right before the verb (an adverb between allowed), adds to what the
        paper described before, as "also" does (the comma may be missing: "In addition we propose …", as abstracts
        whose commas were lost write it)."""
        for w in self.additive_openers:
            if lower[sent.start:sent.start + len(w)] == w:
                we = sent.start + len(w) + (lower[sent.start + len(w)] == ",")
                return we < verb and lower[we] == "we" and verb - we <= 2
        return False

    def _referred_as(self, doc: Doc, sent: Span, r: int, by_start, out: list[Candidate]) -> None:
        """"We refer to this joint training as Composite Learning (CompL)", "We refer to these inquisitive questions as
        Curiosity-driven Questions (CQs)": "we refer to" a pointing word ("this", "these", "our") and a few words,
        then "as" and a name no vocabulary knows: the paper names what it just described. Typed by a kind noun among
        the words pointed with ("this joint training"), else a Method. ``r``: "refer"."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        if lower[r - 1] != "we" or lower[r + 1] != "to" or lower[r + 2] not in self.words.referring_pointers:
            return
        a = next((t for t in range(r + 3, min(sent.end - 1, r + 10)) if lower[t] == "as" or not toks.lex[t].is_alpha),
                 None)
        if a is None or lower[a] != "as":
            return  # "we refer to this, …": no "as" right after a few words
        n = a + 1 + (lower[a + 1] in self.words.title_articles)
        if n >= sent.end or any(c.finder is Finder.LEXICON for c in by_start.get(toks.idx[n], ())):
            return  # "we refer to this as reinforcement learning": a known name
        typ = next((self.type_words.get(toks.norm[t]) or "Task" for t in range(a - 1, r + 2, -1)
                    if toks.norm[t] in self.type_words or lower[t] in self.words.frame_nouns), "Method")
        hits = [c for c in by_start.get(toks.idx[n], ()) if c.finder in NAMES]
        if hits:
            self._propose(out, max(hits, key=lambda c: c.end - c.start), typ)
        elif text[n][:1].isupper() and text[n].isalpha():
            j = self._name_end(doc, sent, n)
            if j > n and not self._lower_word_at(doc, sent, j) and not (j < sent.end and toks.joiner[j]):
                # (not "as Curiosity-driven: …": a name cut at its hyphen)
                cand = Candidate(toks.idx[n], toks.end_char(j - 1), typ, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(cand.start, []).append(cand)
                self.new_names.append(cand)

    def _defined_after_describing(self, doc: Doc, sent: Span, verb: int, by_start, out: list[Candidate]) -> bool:
        """"We describe the Conditional Attribute Subsampling Toolkit (CAST) for …", "we suggest Recurrent Elastic Warps
        (REwarp) that …", "We derive Momentum Value Iteration (MoVI)": a describing verb names nothing itself, but an
        object that opens (past an article and "new/novel") on a capitalised name the sentence defines an acronym for,
        one no vocabulary knows, is the paper's own contribution. ``verb``: the describing verb."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        k = verb + 1
        if k + 2 < sent.end and lower[k] == "and" and (lower[k + 1] in self.any_verbs or lower[k + 1] in self.describing_only):
            k += 2  # "We describe and demonstrate the Gallery Filter Network (GFN)"
        if k < sent.end and (lower[k] in self.words.title_articles or lower[k] == "our"):
            k += 1
        if k < sent.end and lower[k] in ("new", "novel"):
            k += 1
        if k + 2 >= sent.end or not text[k][:1].isupper() or not text[k].isalpha() \
                or not any(text[t] == "(" for t in range(k + 1, min(sent.end, k + TARGET_WINDOW))):
            return False
        close = next((t for t in range(k + 1, min(sent.end, k + TARGET_WINDOW)) if text[t] == ")"), None)
        if close is not None and close + 1 < sent.end and text[close + 1].islower() \
                and toks.norm[close + 1] in self.type_words:
            return False  # "we provide the Temporal Shape (TS) dataset": the name and its kind noun, read as described
        before = len(out)
        if self._defined_name(doc, sent, k, by_start, out, None, new_only=True) \
                and any(c.proposed and c.start == toks.idx[k] for c in out[before:]):
            for c in out[before:]:
                head = self.type_words.get(norm_word(doc_text(doc)[c.start:c.end].rsplit(None, 1)[-1]))
                if c.proposed and head and head != "Task":
                    c.type = head  # "the Gallery Filter Network (GFN)": the name's own kind noun types it
            return True
        del out[before:]
        return False

    def _named_object(self, doc: Doc, sent: Span, verb: int, by_start, out: list[Candidate]) -> bool:
        """"We give an improved algorithm, termed the hybrid exponential weights algorithm, that …", "we derive a
        new estimator, called X": a verb that proposes only a described kind, whose object a naming cue names right
        after its kind noun (over a comma), is read as a contribution verb's object. Whether it proposed one."""
        toks = tokens(doc)
        cue = next((j for j in range(verb + 3, min(sent.end - 1, verb + TARGET_WINDOW)) if j in self.naming_at), None)
        if cue is None:
            return False
        first = self.naming_at[cue]
        if toks.text[first - 1] != "," or toks.norm[first - 2] not in self.type_words \
                or any(toks.text[t] in ",;:" for t in range(verb + 1, first - 1)):
            return False
        before = len(out)
        self._read_target(doc, sent, doc[verb], by_start, out)
        if any(c.proposed for c in out[before:]):
            return True
        del out[before:]
        return False

    def _kind_names_next(self, doc: Doc, sent: Span, verb: int) -> bool:
        """Whether the object of the verb at ``verb`` opens on an article and a kind noun ("the algorithm", "a new
        algorithm"): one that a name may follow."""
        toks = tokens(doc)
        k = verb + 1
        if k + 2 >= sent.end or toks.lower[k] not in self.words.title_articles:
            return False
        k += 1 + (toks.lower[k + 1] in ("new", "novel"))
        return k + 1 < sent.end and toks.norm[k] in self.type_words and not toks.joiner[k + 1]

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
                hits = [c for c in cands if c.finder in NAMES]
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
        for cand in [c for c in out if c.finder is _COINED and text.startswith(",", c.end)]:
            # (the comma first: most names have none after them)
            kept = any(c.confidence >= 0.5 for c in by_start.get(cand.start, ()) if c.end == cand.end)
            if kept and not self._new_apposition(text, cand):
                continue  # another finder already keeps this span; a kept name is only confirmed new ("CineFilter,
                # a novel … approach", kept on its spelling alone)
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

    @staticmethod
    def _new_apposition(text: str, cand: Candidate) -> bool:
        """"X, a novel …", "X, a new …": the apposition right after a name (ending at a comma) calls it new."""
        after = text[cand.end + 1:cand.end + 14].lstrip().lower()
        return after.startswith(("a novel ", "a new "))

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

    def _quoted_name(self, doc: Doc, sent: Span, i: int, typ: str | None, by_start, out: list[Candidate]) -> bool:
        """"a simple but effective “token dropping” method", "a “double perturbation” framework", "we present "Needles
        & Haystacks" a novel … dataset", "a web application called “Find your Figure”": a phrase in quotes that opens
        at token ``i`` names the contribution, without its quotes, when a kind noun right after it, an apposition or
        a naming cue before it (``typ``) says what it is. Only a name: two words or more, or one with an inner capital
        ("a novel “imagination” module", "a new "joint" control variate", "“one-shot”" only describe)."""
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        close = next((k for k in range(i + 1, min(sent.end, i + 8)) if toks.lex[k].is_quote), None)
        if close is None or any(lower[k] in self.clause_stops or text[k] in ",;:" for k in range(i, close)):
            return False
        inner = doc_text(doc)[toks.idx[i]:toks.end_char(close - 1)]
        if " " not in inner and not any(map(str.isupper, inner[1:])):
            return False  # one word, hyphens and all: "a novel “one-shot” approach", "“middle-out” …"
        if any(c.finder is Finder.LEXICON and c.end >= toks.end_char(close - 1) for c in by_start.get(toks.idx[i], ())):
            return False  # a known term in quotes: used
        after = close + 1
        if after < sent.end and text[after] == "," and after + 1 < sent.end and lower[after + 1] in ("which", "that"):
            after = sent.end  # "“X”, which …": no kind after it
        kind = self.type_words.get(norm_word(text[after])) if after < sent.end and text[after].islower() else None
        if kind is None and after < sent.end and (text[after] == "," or lower[after] in ("a", "an")):
            # "“X”, a novel multi-domain algorithm development dataset with …": the last kind noun of the apposition's
            # words
            for k in range(after + 1, min(sent.end, after + 9)):
                if not (text[k].isalpha() or "-" in text[k]) or lower[k] in self.clause_stops \
                        or lower[k] in self.complement_prepositions:
                    break
                kind = self.type_words.get(norm_word(text[k])) or kind
        kind = kind or typ
        if kind is None:
            return False
        cand = Candidate(toks.idx[i], toks.end_char(close - 1), "Method" if kind == "Task" and typ is None
                         and lower[after] not in ("task", "problem") else kind, Finder.CONTRIBUTION, 0.85,
                         proposed=True, rule="quoted-name")
        out.append(cand)
        by_start.setdefault(cand.start, []).append(cand)
        return True

    def _superlative(self, word: str) -> bool:
        """"best", "largest", "smallest", "strongest": a superlative by its ending ("test", "interest" are none)."""
        return word == "best" or (ends_as_superlative(word) and word.isalpha()
                                  and not word.endswith(self.words.superlative_false_endings))

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
            if lower[o + 1] in self.words.earlier_work_words:
                continue  # "our previous method ICG": another paper's
            if lower[i + 1] in self.past_verbs or (lower[i + 1] in self.weak_lead and norm_word(lower[i + 2]) in
                                                   self.type_words):
                i += 1  # "Our proposed method, LatentDiffuser, demonstrates …", "our final model, X"
            elif not any(c.proposed for c in out) and (self._superlative(lower[i + 1]) or (
                    lower[i + 1] == "most" and toks.lex[i + 2].is_alpha)):
                # "Our most powerful model, FLAN-MoE-32B, surpasses …", "Our smallest model, SmolVLM-256M, uses …":
                # the best of the paper's own models, read only when nothing else is proposed (beside the
                # paper's name it is a size of it)
                i += 2 if lower[i + 1] == "most" else 1
            elif i == o and i + 3 < sent.end and norm_word(lower[i + 2]) in self.type_words and lower[i + 3] != "," \
                    and not self._superlative(lower[i + 1]) and toks.text[i + 1].isalpha() \
                    and toks.text[i + 1].islower() and lower[i + 1] not in self.type_words:
                i += 1  # "… our collected benchmark InstruSum …", "… our new dataset CraftQA …": one describing word
            kind = norm_word(lower[i + 1])
            typ = self.type_words.get(kind) or self.words.made_kind_nouns.get(kind)  # "Our solution, X, …"
            if i + 3 >= sent.end or typ is None:
                continue
            comma = lower[i + 2] == ","
            k = i + 3 if comma else i + 2
            if lower[k] == "the" and k + 2 < sent.end and toks.text[k + 1][:1].isupper() and (comma or o == sent.start):
                k += 1  # "Our solution, the Dance Any Beat Diffusion model (DabFusion), …", "Our approach the Enhanced
                # Wave Vision Transformer (EW-ViT) incorporates …" (an abstract written without commas)
            at = by_start.get(toks.idx[k], [])
            hits = [c for c in at if c.finder in NAMES]
            if any(c.finder is Finder.LEXICON for c in at):
                continue
            if not comma and o != sent.start:
                # "… using our method LocoGen which …", "… that our approach GStex …": mid-sentence, a name right
                # after the kind noun is the paper's own only when no vocabulary knows it and it is coined (a capital
                # or a digit inside: not "… and our framework GPT-4 …"); kept for a paper that proposes nothing else
                best = max(hits, key=lambda c: c.end - c.start) if hits else None
                word = doc_text(doc)[best.start:best.end] if best is not None else ""
                if best is not None and " " not in word and any(ch.isupper() or ch.isdigit() for ch in word[1:]) \
                        and self.own_in_passing is None:
                    self.own_in_passing = (best, typ)
                continue
            if hits:
                best = max(hits, key=lambda c: c.end - c.start)
                # a made-kind noun ("solution") says less of the name's kind than the name's own head ("… model")
                self._propose(out, best, typ if kind in self.type_words else best.type)
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
            hits = [c for c in at if c.finder in NAMES and not c.proposed]
            if not hits or any(c.finder is Finder.LEXICON for c in at):
                continue
            best = max(hits, key=lambda c: c.end - c.start)
            span = doc.char_span(best.start, best.end, alignment_mode="expand")
            if span is None or self._known_long_form(doc, best, out):
                continue  # "We present a self-supervised learning (SSL) method … our SSL approach": a known field
            # "our LLM-based judge", "our GPU kernels": the name modifies a noun after it
            nxt = norm_word(doc[span.end].text) if span.end < sent.end else ""
            kind = self.type_words.get(nxt)
            if kind is None and span.end < sent.end and doc[span.end].is_alpha and doc[span.end].text.islower() \
                    and nxt not in self.adverbs and nxt not in self.res.function_words and not nxt.endswith(("s", "ed")):
                continue
            self._propose(out, best, kind or (best.type if best.type in ("Method", "Model", "Dataset", "Metric")
                                              else "Method"))

    def _known_long_form(self, doc: Doc, cand: Candidate, out: list[Candidate]) -> bool:
        """Whether ``cand`` is an acronym whose long form, defined in the abstract, a vocabulary knows ("SSL" of
        "self-supervised learning (SSL)"): a known name, not the paper's own."""
        text = doc_text(doc)
        short = text[cand.start:cand.end]
        longs = {c.long_form.lower() for c in out if c.finder is Finder.ACRONYM and c.long_form
                 and text[c.start:c.end] == short}
        return bool(longs) and any(c.finder is Finder.LEXICON and text[c.start:c.end].lower() in longs for c in out)

    def _closes_our_object(self, lower: list[str], sent: Span, cue: int) -> bool:
        """"we propose a novel formulation of contrastive learning using semantic similarity between instances called
        SCE": a naming cue that ends the object of "we" and a contribution verb, with no clause or other work between
        ("we propose X and compare it with a baseline called Y", "…, which outperforms a method called Y" are not)."""
        for t in range(cue - 1, sent.start, -1):
            if lower[t] in _OBJECT_BREAKS or lower[t] in self.other_work or lower[t] in self.use_verbs:
                return False
            if lower[t] in self.verbs and lower[t - 1] == "we":
                return True
        return False

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
            if k - 2 > sent.start and lower[k - 1] == "we" and lower[k - 2] == "which":
                k -= 2  # "Our framework, which we named INGENIOUS, …": as "which we refer to as"
            k = k - 1 if lower[k - 1] in (",", "(") else k
            noun = k - 1
            in_object = False  # the cue closes the object of "we propose …" (see _closes_our_object)
            if norm_word(lower[noun]) not in self.type_words:
                # "a … framework for deep graph clustering called X": back over the complement to its noun
                prep = next((d for d in range(noun - 1, max(sent.start, noun - 6), -1)
                             if lower[d] in self.complement_prepositions or not is_content(doc[d], self.res)), None)
                if prep is not None and lower[prep] in self.complement_prepositions \
                        and norm[prep - 1] in self.type_words:
                    noun = prep - 1
                elif not (toks.text[noun].isalpha() and toks.text[noun].islower() and any(
                        lower[t] in ("new", "novel") for t in range(max(sent.start, noun - 4), noun))):
                    # (… or any noun right after "new/novel": "a novel late fusion solution termed UADF")
                    in_object = self._closes_our_object(lower, sent, i)
                    if not in_object:
                        continue
            det = next((d for d in range(noun - 1, max(sent.start, noun - 9) - 1, -1)
                        if lower[d] in self.words.naming_determiners or not (is_content(doc[d], self.res) or lower[d] in self.weak_lead
                                                              or lower[d] in ("and", ",") or is_joiner(doc[d]))),
                       None)
            # "The method, called Binoculars, achieves …": a sentence opening on "the <kind noun>" refers back to
            # the contribution just described
            opens = noun == sent.start + 1 and lower[sent.start] in ("the", "this")
            if not opens and not in_object and (det is None or lower[det] not in self.words.naming_determiners):
                continue
            # … "a new/novel NOUN called X" is the paper's own even without "we" ("This leads to a novel formulation,
            # dubbed BiSAM", "through a novel late fusion solution termed UADF")
            if not opens and not in_object and det is not None and lower[det] != "our" and not (
                    (self._sentence_subject(doc, sent, det) or any(lower[t] in ("new", "novel") for t in range(det, noun)))
                    and not any(lower[t] in self.other_work or lower[t] in self.use_verbs for t in range(sent.start, i))):
                continue
            typ = self.type_words.get(lower[noun]) or self.type_words.get(norm[noun], "Method")
            if i + 2 < sent.end and lower[i + 1] == "as" and lower[i] != "as":
                i += 1  # "dubbed as BiSAM"
            if i + 2 < sent.end and toks.text[i + 1] in ("*", "_", "**"):
                i += 1  # "called *Binoculars*": markup emphasis around the name
            hits = [c for c in by_start.get(doc[i + 1].idx, []) if c.finder in NAMES]
            past = self._name_goes_past(doc, sent, i + 1, by_start)
            # "two algorithms termed Worcs-I and Worcs-II", "methods, named A and B": after a plural kind noun, a
            # name joined by "and" is proposed too (after a singular one "X and Y" is one name: "a loss called
            # Linearity and Planarity")
            plural = norm_word(lower[noun]) != lower[noun]
            if plural and not hits and not past and doc[i + 1].text[:1].isupper():
                hits = by_start.get(doc[i + 1].idx, [])  # "… termed Worcs-I and …": a phrase the name is
            if hits and not past:
                best = max(hits, key=lambda c: c.end - c.start)
                self._propose(out, best, typ)
                if plural:
                    self._second_name(doc, sent, bisect_left(toks.idx, best.end), by_start, out, typ)
            elif doc[i + 1].text[:1].isupper() and doc[i + 1].is_alpha and (
                    not by_start.get(doc[i + 1].idx) or past):
                # "a … architecture called Crystalformer": a capitalised word after the cue is a name (… and "called
                # Reinforcement Learning Metropolis-Hastings" one that goes on past the known term it opens with)
                j = self._name_end(doc, sent, i + 1)
                if self._lower_word_at(doc, sent, j):
                    continue  # "named Physics guided Neural Network …": the name goes on, unread
                if not plural and j + 2 < sent.end and lower[j] in ("and", ",") and toks.text[j + 1][:1].isupper():
                    if lower[j] == ",":
                        continue  # "an architecture which we refer to as Share, Specialize, and Compete": unread
                    # "a novel loss function called Linearity and Planarity": after a singular kind noun, one name
                    end = self._name_end(doc, sent, j + 1)
                    if end > j + 1 and not self._lower_word_at(doc, sent, end):
                        j = end
                cand = Candidate(doc[i + 1].idx, toks.end_char(j - 1), typ, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(cand.start, []).append(cand)
                if j - i > 2 or self._recurs_as_name(doc, cand):
                    self.new_names.append(cand)
                if plural:
                    self._second_name(doc, sent, j, by_start, out, typ)

    def _second_name(self, doc: Doc, sent: Span, j: int, by_start, out: list[Candidate], typ: str) -> None:
        """The name after "and" past token ``j`` (a bracket skipped) of "two algorithms termed Worcs-I and Worcs-II":
        a name another finder found, or a word with a capital in it the name reader reads."""
        before = len(out)
        self._coordinated(doc, sent, j, by_start, out, typ)
        if len(out) > before:
            return
        toks = tokens(doc)
        if j < sent.end and toks.text[j] == "(":
            j = next((k for k in range(j, sent.end) if toks.text[k] == ")"), sent.end) + 1
        if j + 1 < sent.end and toks.lower[j] == "and" and any(map(str.isupper, toks.text[j + 1])) \
                and toks.text[j + 1][:1].isalpha() and not by_start.get(toks.idx[j + 1]):
            end = self._name_end(doc, sent, j + 1)
            if end > j + 1 and not self._lower_word_at(doc, sent, end):
                cand = Candidate(toks.idx[j + 1], toks.end_char(end - 1), typ, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(cand.start, []).append(cand)

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

    def _acronym_describes(self, doc: Doc, sent: Span, span: Span, name: str, known: bool) -> bool:
        """"a BNP-based strategy", "a novel AMR-guided framework for …", "We present a MCMC algorithm based on …" (of
        "Underdamped Langevin MCMC: …"): an acronym right after "a"/"an" (describing words between) is a known
        technique the contribution is of or builds on, and the whole phrase is the contribution (read later), when
        "-based"/"-guided" glues it to a kind noun, or when a kind noun follows it and it is ``known`` (a known name, or
        one the abstract used before) or one the title uses. Not an acronym the title opens with, the paper's name
        ("DDAM-PS: …" with "we introduce a novel DDAM module"), nor an unknown one ("a CACER algorithm that …").
        """
        toks = tokens(doc)
        if len(name) < 2 or not name.isupper() or not name.isalpha() or span.start <= sent.start:
            return False
        k = span.start - 1
        while k > sent.start and toks.lower[k] in self.weak_lead and toks.lower[k] not in ("a", "an"):
            k -= 1  # "a novel", "a simple yet effective"
        if toks.lower[k] not in ("a", "an"):
            return False
        e = span.end
        glued = e + 1 < sent.end and toks.joiner[e] and toks.lower[e + 1] in self.words.acronym_glued_describers
        e += 2 * glued  # "BNP-based", "AMR-guided"
        after = e
        if not glued:  # "a MAP estimation framework" (of a title using MAP): a lower-case word or two before the kind noun
            e = next((t for t in range(e, min(sent.end, e + 3)) if not (toks.text[t].isalpha() and toks.text[t].islower())
                      or toks.norm[t] in self.type_words), sent.end)
        if e >= sent.end or not toks.text[e].isalpha() or not toks.text[e].islower() \
                or toks.norm[e] not in self.type_words or self.type_words[toks.norm[e]] == "Task":
            return False
        title = doc_title(doc) or ""
        if title.startswith(name) and title[len(name):len(name) + 1] in ("-", ":", " "):
            return False
        in_title = WholePhrase(name).search(title) is not None
        return glued or in_title or (known and e == after)

    def _read_target(self, doc: Doc, sent: Span, verb: Token, by_start, out: list[Candidate]) -> None:
        type_before = None
        toks = tokens(doc)
        lower, text = toks.lower, toks.text
        i = self._past_contribution_frame(lower, text, self._past_open_source(lower, verb.i + 1, sent.end), sent.end)
        limit = min(sent.end, i + TARGET_WINDOW)
        # naming cue: "an algorithm called WinQ", "this approach ''X''", "a … network …, termed X"
        # ... also with no comma, while the object's clause goes on: "a framework for graph clustering called X"
        stop = next((j for j in range(i, min(sent.end, i + 2 * TARGET_WINDOW)) if (
            lower[j] in self.clause_stops and not toks.joiner[j - 1]) or self._verb_at(lower, j)),
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
            # "a “double perturbation” framework", "a simple but effective “token dropping” method": describing words
            # before a quoted name
            q = i if doc[i - 1].is_quote else next((k + 1 for k in range(i, min(limit - 1, i + 5)) if toks.lex[k].is_quote
                                                    or not (text[k].isalpha() and text[k].islower() or text[k] == ",")
                                                    or lower[k] in self.complement_prepositions
                                                    or toks.norm[k] in self.type_words), None)
            if q is not None and doc[q - 1].is_quote and self._quoted_name(
                    doc, sent, q, type_before or ("Method" if cued else None), by_start, out):
                return
            hits = [c for c in by_start.get(tok.idx, []) if c.finder in NAMES
                    or c.finder is Finder.LEXICON or c.finder is Finder.PHRASE and not c.rule]
            if hits:
                best = max(hits, key=lambda c: (c.finder in NAMES, c.end - c.start))
                if best.finder is Finder.PHRASE and norm_word(
                        doc_text(doc)[best.start:best.end].rsplit(None, 1)[-1]) in self.words.contribution_not_heads:
                    return  # "we first present a geometric understanding of existing mapping functions": what the paper
                    # does, not a thing it proposes
                plus = PLUS.match(doc_text(doc), best.end)
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
                if span is not None and self._acronym_describes(doc, sent, span, name, known or guess):
                    return  # "we present a MCMC algorithm based on …", "a BNP-based strategy": read whole later
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
                if (known or guess) and BASED_AFTER.match(doc_text(doc), best.end):
                    return  # "a Deep Reinforcement Learning (DRL)-based navigation strategy": what the contribution is
                    # based on (read whole later)
                if known and after is not None and after.lower_ == "based" and after.i > verb.i:
                    return  # "a clustering based LP method", "a chain-of-thought (CoT) based consistency measure": what
                    # the contribution is based on, not the contribution (read whole later)
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
                        and best.finder is Finder.LEXICON and not any(c.finder in NAMES for c in hits):
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
                if (best.finder is Finder.LEXICON or (known and span is not None and after is not None
                                                      and after.i > span.end + 1 and after.text.islower())) \
                        and after is not None and (norm_word(after.text) in self.res.generic_heads
                                                   or norm_word(after.text) in self.type_words):
                    return  # "a reinforcement learning framework", "a novel Transformer model": uses it, the
                    # described thing is proposed; so too past the acronym of a known long form ("a Reinforcement
                    # Learning (RL) approach to learn …")
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
