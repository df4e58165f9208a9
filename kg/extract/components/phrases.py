"""``kg_phrases``: typed noun phrases found by their head word.

Without a tagger, a sentence is cut into runs of content words (function
words, verbs from a closed list, adverbs and punctuation end a run); the last
word of a run is its head. ``heads.tsv`` types the head ("… detection" is a
Task, "… distillation" a Method, "… kernels" a HardwareConcept); at most three
modifiers are kept and weak ones ("novel", "existing") dropped. Phrases whose
head only says "a method of some kind" ("conformal prediction methods") are
read through to their modifier.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import compress

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.resources import SHIPPED, Resources
from kg.extract.state import DATASETS_OF, Candidate, contract, state
from kg.extract.text import (_MISSING, CueScan, LowerRegex, Modifiers, Tokens, char_token_range, chunk_ranges, doc_text,
                             ends_as_superlative, head_type, is_coined, is_describing_adjective, is_one_word, key_words,
                             may_contain, norm_word, positions, sentence_at, sentence_norms, sentences, span_text, tokens,
                             with_norms, word_ranges, qualifier_words, round3, scannable)
from kg.types import Finder

#: the finders as module constants: ``Finder.X`` goes through ``EnumType``'s ``__getattr__`` slot (Python 3.11),
#: ~4x the cost of a global, and these tests run for every candidate
_LEXICON, _PHRASE = Finder.LEXICON, Finder.PHRASE

MAX_WORDS = 3
#: a word before a phrase that makes it the last of a list ("math, coding, and reading-comprehension benchmarks")
LIST_JOINERS = frozenset(("and", "or", ",", "&"))
#: a name in title case ("Smoothed Online Quadratic Optimization") keeps up to this many words, from this many
TITLE_MAX_WORDS, TITLE_MIN_WORDS = 5, 3
#: the rule of a title-case phrase: a name, so it outlives a vocabulary term nested in it (see ``drop_nested``)
TITLE_CASE = "title-case"
#: single-word phrases are too generic, except for these confident heads
SINGLE_WORD_TYPES = {"Metric": 0.8, "HardwareConcept": 0.85}
#: the types a shared head is distributed for ("image and video captioning"); "vision and language models"
#: and "synthetic and real datasets" do not name one model or dataset per modifier
_DISTRIBUTED_TYPES = frozenset(("Task", "Method", "Metric"))
#: at most this many words of a phrase listed after a metric cue ("in terms of A and B")
METRIC_LIST_WORDS = 4
#: the type of a bound named by what it bounds ("regret bounds"; see ``_bounds_a_measure``): typed here, not in
#: heads.tsv, since a long form before an acronym ("upper confidence bound (UCB)") often names an algorithm
BOUND_TYPE = ("Metric", 0.6)
#: the rule of a known metric kept with what it measures ("task success rate", "action recognition accuracy"): it
#: outlives the bare metric nested in it (see ``drop_nested``)
MEASURED = "measured"
#: at most this many plain nouns before a known metric say what it measures ("top-1 retrieval accuracy")
MEASURED_WORDS = 2
#: "Knowledge tracing is a fundamental task", "Bundle adjustment (BA) remains a challenging problem": what a sentence
#: opens on when it says it is a problem (see ``_posed_subjects``)
_POSED_STATE = re.compile(r"(?:[ \t]*\(([A-Za-z][\w-]{0,15})\))?[ \t]+(?:is|remains|has[ \t]+been)[ \t]+(?:an?|the)[ \t]+"
                          r"(?:[\w-]+[ \t]+){0,3}?(?:problem|challenge|task)\b")
#: "Interactive facial image retrieval is particularly challenging", "Grasping in clutter remains difficult": a subject
#: said to be hard is a problem too
_POSED_HARD = re.compile(r"[ \t]+(?:is|remains)[ \t]+(?:(?:still|particularly|especially|notoriously|extremely|very|"
                         r"highly|inherently|specifically|often|quite|considerably|much)[ \t]+)?(?:more[ \t]+)?"
                         r"(?:challenging|difficult)\b")
#: at most this many words of such a subject
POSED_WORDS = 4
#: the types of a word before a known metric that may say what it measures: a task or technique ("detection
#: accuracy", "attack success rate"); a word typed otherwise names a thing of its own ("model accuracy")
_MEASURED_TYPES = frozenset(("Task", "Method"))
#: the types of a known term a qualifier before it narrows ("hybrid experience replay"): see ``_qualified_terms``
_QUALIFIED_TYPES = frozenset(("Method",))


class PhraseFinder:
    def __init__(self, res: Resources):
        self.res = res
        words = res.words
        #: with their token norms: a head is read as ``toks.norm``, and the norm of "corpus" is "corpu"
        self._dataset_heads = with_norms(words.phrase_dataset_heads)
        self._data_heads, self._data_amounts = words.phrase_data_heads, words.phrase_data_amounts
        self._data_roles = words.phrase_data_roles | res.dataset_roles
        self._data_origins = words.phrase_data_origins  # "synthetic images", "real-world datasets": named by origin
        self._plural_dataset_nouns = frozenset(("corpora",)) & self._dataset_heads
        #: ("data", "set"); ("", "") when a test's word lists have none
        self._split_first, self._split_head = (words.phrase_dataset_split + ("", ""))[:2]
        self._task_heads = words.phrase_task_heads
        self._problem_heads_named = words.phrase_problem_heads
        self._participle_heads = words.phrase_participle_heads
        self._method_kind_heads = words.phrase_method_kind_heads
        self._model_heads = words.phrase_model_heads
        self._bound_heads, self._bound_sides = words.phrase_bound_heads, words.phrase_bound_sides
        self._list_glue = words.list_glue  # what may stand between the items of a list of tasks
        #: what may stand between the modifiers of a shared head: "image, audio and video captioning", "image / video"
        self._coord_glue = words.coordination_glue
        self._articles = words.phrase_articles
        self._not_plural = words.not_plural_endings  # "bias", "dynamics": singular nouns that end in -s
        self._hardware_context = False  # set per document in __call__
        self._qualifiers = qualifier_words(res)
        #: (first word, head) of the multi-word vocabulary terms: an adjective that opens a term with the same head
        #: classifies it ("abstractive summarization" beside "abstractive text summarization"); "hidden reasoning"
        #: has no such term and stays a description
        self._qualified_heads = frozenset((words_[0].lower(), norm_word(words_[-1])) for e in res.lexicon
                                          if len(words_ := e.term.split()) >= 2)
        #: the head words of multi-word hardware terms ("mixed precision", "GPU memory"): after a hardware term
        #: ("FP16 precision") such a head names hardware, not the measure heads.tsv types it as
        self._hardware_heads = frozenset(norm_word(e.term.split()[-1]) for e in res.lexicon
                                         if e.type == "HardwareConcept" and " " in e.term)
        #: one-word vocabulary terms ("clustering"): before a method noun they are the entity themselves
        self._one_word_terms = frozenset(e.term.lower() for e in res.lexicon if " " not in e.term)
        #: heads that say only "a method/dataset of some kind": the phrase is read through to its modifier
        self._read_through = res.generic_heads | self._dataset_heads
        #: the head norms _emit reads besides a typed head (one set: the test runs for every chunk)
        self._emit_norms = self._read_through | self._bound_heads | self._data_heads | (
            {self._split_head} if self._split_head else set())
        #: vocabulary terms a modifier can make with a head it shares: "image captioning" in "image and video
        #: captioning" (lower-case, singular head)
        self._shared_terms = {e.term.lower(): e for e in reversed(res.lexicon) if e.type in _DISTRIBUTED_TYPES}
        #: "tasks such as A, B and C": the nouns whose examples are tasks, and the words that join them
        self._task_list_nouns = frozenset(res.cues["task_list_nouns"])
        self._task_list_links = [tuple(link) for link in res.cues["task_list_links"]]
        self._purpose_kinds = words.phrase_purpose_kinds
        self._purpose_to_kinds = words.phrase_purpose_to_kinds
        self._purpose_endings = words.phrase_purpose_head_endings
        self._method_list_nouns = words.phrase_method_list_nouns
        self._purpose_articles = frozenset(("the", "a", "an")) & self._articles  # not "this": a problem named before
        self._task_of_nouns = frozenset(res.cues["task_of_nouns"])
        #: "to mitigate catastrophic forgetting": verbs whose object is a task when its head is a problem noun
        self._problem_verbs = frozenset(v for v in res.cues["problem_verbs"] if " " not in v)
        #: two-word cues ("suffer from"), by their last word
        self._problem_pairs: dict[str, frozenset[str]] = {}
        for v in res.cues["problem_verbs"]:
            if " " in v:
                first, last = v.split()
                self._problem_pairs[last] = self._problem_pairs.get(last, frozenset()) | {first}
        #: a sentence with none of these words has no cue (the first word of a two-word one: "to" is everywhere)
        self._problem_verb_norms = frozenset(norm_word(v.split()[0]) for v in res.cues["problem_verbs"])
        self._problem_heads = frozenset(res.cues["problem_heads"])
        self.modifiers = Modifiers(res)
        #: the base-form verbs of result claims ("improve", "reduce", "boost"): before a known metric, not what it
        #: measures ("reduce latency")
        cues = res.result_cues
        self._result_verbs = frozenset(w.lower() for key in ("increase_verbs", "decrease_verbs", "better_verbs",
                                                             "speed_verbs") for w in cues.get(key, ()) if " " not in w)
        self._is_weak, self._trim_words = self.modifiers.is_weak, self.modifiers.trim_words
        self._metric_cues = frozenset(c.lower() for c in res.cues["metric_list_cues"])
        cues = res.cues["metric_list_cues"] + res.cues["measure_cues"]
        #: the first long word of each cue ("terms", "metrics"): an abstract with none has no cue (a cheap test)
        self._metric_cue_words = key_words(next(w for w in c.split() if len(w) > 3) for c in cues)
        metric_cues = [re.escape(c.lower()) for c in sorted(cues, key=len, reverse=True)]
        metric_cue_rx = LowerRegex(r"(?<![\w-])(" + "|".join(metric_cues) + ")")
        #: (read by group 1: a CueScan's match holds the character before the cue)
        self._metric_cue_rx = CueScan(metric_cue_rx, metric_cues, tail="") if scannable(metric_cues) else metric_cue_rx
        self._metric_glue = frozenset(res.cues["metric_list_glue"])
        #: "interpretability", "robustness": a property's head after a measure cue (see ``_metric_lists``)
        self._property_endings = tuple(res.cues.get("measure_property_endings", ()))
        result_cues = res.result_cues
        #: heads of measures; not counted things ("counterfactual evaluation", "reasoning steps")
        self._metric_heads = {norm_word(w) for w in result_cues["metric_heads"]} - {
            norm_word(w) for w in result_cues["count_metrics"]}

    def _emit(self, toks: Tokens, text: str, words: list[tuple[int, int]], out: list[Candidate],
              depth: int = 0) -> None:
        if not words or depth > 1:
            return
        head_i = words[-1][1] - 1
        head_text = toks.text[head_i]
        head = toks.norm[head_i]
        first_i = head_i - 2 if head_i > 1 and toks.text[head_i - 1] == "-" else head_i - 1
        if head == self._split_head and self._split_head and first_i >= 0 \
                and toks.lower[first_i] == self._split_first:
            # "a localisation data-set", "the PAM data set": one dataset noun, its first word no modifier
            if words[-1][0] == head_i and len(words) > 1:
                words = words[:-2] + [(words[-2][0], words[-1][1])]
            head = next(iter(self._dataset_heads & {self._split_first + self._split_head}), head)
        typed = head_type(head_text, self.res) if head == toks.norm[head_i] else None
        if typed is None and head in self._bound_heads and len(words) > 1:
            if not self._bounds_a_measure(toks, text, words[-MAX_WORDS:-1], toks.end_char(head_i), out):
                return  # "tight bounds", "a matching lower bound": a bound described, not named by what it bounds
            typed = BOUND_TYPE
        if typed is None and head in self._data_heads:
            # "satellite images", "K-12 education data": data named by what it holds, read like a dataset noun's
            # modifiers ("high-quality images", "test data" are not); a count noun in the plural ("a reference
            # image" is one input), no role or amount among the modifiers ("noisy training data", "enough data"),
            # and no number before them ("10 hour videos": a unit)
            if depth == 0 and len(words) > 1 and (head == "data" or head != toks.lower[head_i]):
                mods = self._trim_words(toks, text, words[-MAX_WORDS:])[:-1] or self._origin(toks, text, words)
                mod_words = [span_text(toks, a, b, text) for a, b in mods]
                if mods and not any(w.lower() in self._data_amounts or w.lower() not in self._data_origins and (
                                    w.lower() in self._data_roles or w.lower().split("-")[0] in self._data_roles)
                                    for w in mod_words) \
                        and not (mods[0][0] > 0 and toks.text[mods[0][0] - 1][:1].isdigit()):
                    self._described_dataset(toks, text, mods, words[-1][0], head_i, mod_words, out)
            return
        if typed is None and head not in self._read_through:
            return  # an untyped head: nothing to emit, and the modifiers need not be read
        # (the length first: most phrases are too short for a title's name)
        titled = depth == 0 and len(words) >= TITLE_MIN_WORDS and self._title_cased(toks, text, words)
        if titled:
            mods = titled[:-1]  # "Smoothed Online Quadratic Optimization": a title's name, kept whole
        else:
            mods = self._trim_words(toks, text, words[-MAX_WORDS:])[:-1] if len(words) > 1 else []
            if not mods and head in self._dataset_heads:
                mods = self._origin(toks, text, words)  # "real-world datasets": the trim drops a weak word
            if not mods and len(words) > 1 and head in self._participle_heads \
                    and self._forming_participle(span_text(toks, *words[-2], text)):
                mods = [words[-2]]  # "squared loss", "weighted loss": how the function is formed names it
        kind_word = False
        if head in self._read_through:
            inner = words[:-1]
            if head in self._dataset_heads:
                while len(inner) > 1 and toks.norm[inner[0][1] - 1] in self._dataset_heads:
                    inner = inner[1:]  # "benchmark text classification datasets": no task opens with a dataset noun
            before = len(out)
            self._emit(toks, text, inner, out, depth + 1)
            if len(out) > before and out[-1].type != "Task":
                del out[before:]  # only a task reads through a generic head
            mod_text = [span_text(toks, a, b, text) for a, b in mods]
            if len(out) > before:
                # "CALVIN manipulation benchmark": a named dataset of a task is an entity beside it; "reading-comprehension
                # benchmarks" only say what they test, and the task is the entity
                if head in self._dataset_heads and any(self._named(t) for t in mod_text):
                    self._described_dataset(toks, text, mods, words[-1][0], head_i, mod_text, out)
                elif head in self._dataset_heads and self._plural_dataset_noun(toks, head_i, words[0][0]):
                    # the datasets of the whole task phrase: "multi-page document classification datasets"
                    task_mods = [w for w in inner if toks.idx[w[0]] >= out[-1].start]
                    self._described_dataset(toks, text, task_mods, words[-1][0], head_i,
                                            [span_text(toks, a, b, text) for a, b in task_mods], out, of_task=True)
                return
            if head in self._dataset_heads and mods:
                # a named benchmark ("Long Range Arena benchmark"), not "a hierarchical benchmark"
                if not any(t[:1].isupper() for t in mod_text) or any(is_coined(t, self.res) for t in mod_text):
                    self._described_dataset(toks, text, mods, words[-1][0], head_i, mod_text, out,
                                            of_task=self._plural_dataset_noun(toks, head_i, words[0][0]))
                    return
                typed = ("Dataset", 0.6)
            elif head in self._model_heads and mods:
                # "reasoning models", "diffusion model", "GUI agents": the modifier must name something
                last = mod_text[-1]
                last_type = head_type(last, self.res)
                if last_type and last_type[0] == "Metric":
                    return  # "a cost model", "a latency model": a model of a measure, not a kind of model
                if not (last_type or last.lower() in self.res.noun_ing
                        or last[:1].isupper() or is_coined(last, self.res)):
                    if not self._modelled_noun(last):
                        return
                    while len(mods) > 1 and (self._adjective(mod_text[0]) and not self._relational(mod_text[0])
                                             or mod_text[0].lower() in self.res.weak_modifiers
                                             or mod_text[0].lower().endswith(self.res.words.not_noun_endings)):
                        mods, mod_text = mods[1:], mod_text[1:]  # "reliable affordance models"
                typed = typed or ("Model", 0.55)
            elif head in self._task_heads and mods and head_text.lower().endswith("s") \
                    and not self._adjective(mod_text[0]):
                if len(mods) == 1 and is_coined(mod_text[0], self.res):
                    return  # "PbRL tasks", "LLM tasks": the name's own tasks, not a class of tasks
                typed = ("Task", 0.6)  # a class of tasks: "long-horizon tasks", "reasoning tasks"
            elif head in self._problem_heads_named and mods and head == toks.lower[head_i] \
                    and self._names_a_problem(mod_text):
                typed = ("Task", 0.6)  # "the graph isomorphism problem", "the credit assignment problem"
            elif head in self._method_kind_heads and len(mods) >= 2 and mod_text[-1].lower().endswith("ing") \
                    and mod_text[-1].isalpha() and mod_text[-1].lower() not in self.res.weak_modifiers:
                # "a gradient sketching method": the technique is the -ing noun with its modifier
                words, mods, typed = mods, mods[:-1], ("Method", 0.6)
                head_i = words[-1][1] - 1
                head_text = toks.text[head_i]
            elif head in self._method_kind_heads and len(mods) == 1 and head_text.lower().endswith("s") \
                    and "-" in mod_text[0] and mod_text[0][:1].islower():
                typed = ("Method", 0.6)  # a class of methods: "first-order methods", "cutting-plane algorithms"
            elif head in self._method_kind_heads and mods and self._described_method(mod_text) \
                    and (len(mods) > 1 or head == toks.lower[head_i]):
                typed = ("Method", 0.6)  # "an ensemble approach", "a modality gate mechanism"
            elif head in self._method_kind_heads and head == toks.lower[head_i] and len(words) >= 2 and len(mods) <= 1 \
                    and not toks.joiner[words[-2][0] - 1] and self._kind_of_method(span_text(toks, *words[-2], text)) \
                    and not self._verb_before(toks, words) and not any(
                        c.start == toks.idx[words[-2][0]] and c.end == toks.end_char(words[-2][1] - 1) for c in out):
                # (not a word found as an entity of its own: "a clustering algorithm" leaves the task "clustering")
                # "a centralized algorithm", "an anonymization algorithm", "a heuristic technique": one word that
                # classifies methods (it opens several vocabulary terms) or is a technique word of its own; the trim
                # takes such a participle or gerund for a verb ("sampling"), kept here when no verb stands before it.
                # Singular: the plural names a class ("supervised methods", "clustering methods")
                mods, kind_word = [words[-2]], True
                typed = ("Method", 0.6)
            else:
                return
        if typed is None:
            return
        typ, conf = typed
        if typ == "HardwareConcept" and head in ("kernel", "kernels") and not self._hardware_context:
            return
        if typ == "Metric" and mods and head in self._hardware_heads and self._hardware_term_at(toks, mods[0], out):
            typ = "HardwareConcept"  # "FP16 precision", "INT8 precision": numeric precision, not a measure
        if not mods:
            if conf < SINGLE_WORD_TYPES.get(typ, 2.0):
                return
            if head_text.lower() in self.res.generic_terms:
                return
        if typ == "Task" and depth == 0 and self._plural_output(toks, head_i):
            return  # "softmax predictions", "item recommendations": what a model outputs, not a task
        if len(mods) == 1 and typ in ("Task", "Method") and not kind_word \
                and self._adjective(mod := span_text(toks, *mods[0], text)) and head not in self.res.kind_heads and not self._relational(mod) and not self._classifies(mod, head):
            return  # "hidden reasoning", "aggressive compression": a description, not a name
        if (head in self.res.proper_heads or toks.lower[head_i] in self.res.proper_heads) \
                and not self._proper_modifier(toks, text, mods):
            return  # "action dimension", "d dimensions": an axis, not the measure a name gives ("VC dimension")
        if mods and self._describes_named_head(toks, text, head_i, mods[0]):
            return  # "optimal rate", "strongest performance": a judgement of a measure, not its name
        kept = mods + [words[-1]]
        start = toks.idx[kept[0][0]]
        end = toks.end_char(head_i)
        if typ == "Task" and mods and head in self.res.named_heads and any(
                start <= c.start and c.end <= end and c.finder is Finder.LEXICON and c.type in ("Method", "Model")
                and " " in text[c.start:c.end] for c in out):
            return  # "Gaussian process regression", "sparse logistic regression": a known technique's kind, no task
        if mods and all(span_text(toks, a, b, text).lower() in self.res.weak_modifiers for a, b in mods):
            return
        out.append(Candidate(start, end, typ, _PHRASE, round3(conf * (0.9 if mods else 1.0)),  # positional: see
                             "", "", "", False, "", TITLE_CASE if titled else ""))  # state.CANDIDATE_FIELDS

    def _title_cased(self, toks: Tokens, text: str, words: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The words of a name written in title case ("Personalized Multimodal Feedback Generation", "Context-Aware
        Multiple Instance Learning"): up to :data:`TITLE_MAX_WORDS` last words, every one capitalised, after the
        qualifiers that only judge ("Accurate", "Efficient") are dropped; [] when the phrase is no such name (fewer
        than three words kept). Participles and "-Aware" compounds stay: in a title they are part of the name."""
        if len(words) < TITLE_MIN_WORDS:
            return []
        kept = words[-TITLE_MAX_WORDS:]
        first = toks.text
        for a, _b in kept:  # (a loop, not all() of a generator)
            if not (first[a][:1].isupper() or first[a][:1].isdigit()):
                return []  # most phrases: a lower-case word (the first token of each word tells)
        texts = [span_text(toks, a, b, text) for a, b in kept]
        while kept and self._title_lead(texts[0].lower()):
            kept, texts = kept[1:], texts[1:]
        return kept if len(kept) >= TITLE_MIN_WORDS else []

    def _title_lead(self, low: str) -> bool:
        """A title word before a name that is not part of it: a judgement ("Accurate", "Reliable"), a verb
        ("Empowering", "Revisiting"), an adverb ("Densely") or a generic word."""
        return low in self.res.weak_modifiers or low in self.res.generic_terms \
            or low.endswith("ing") and low not in self.res.noun_ing or low.endswith("ly") and low.isalpha() \
            or is_describing_adjective(low, self.res) and not self._qualifier(low)

    @staticmethod
    def _hardware_term_at(toks: Tokens, word: tuple[int, int], out: list[Candidate]) -> bool:
        """Whether a vocabulary's hardware term starts at the modifier ``word`` (token range) and ends in it."""
        start, end = toks.idx[word[0]], toks.end_char(word[1] - 1)
        return any(c.start == start and c.end <= end and c.type == "HardwareConcept" and c.finder is _LEXICON
                   for c in out)

    def _bounds_a_measure(self, toks: Tokens, text: str, mods: list[tuple[int, int]], head_end: int,
                          out: list[Candidate]) -> bool:
        """"regret bounds", "H-consistency bound", "generalization error upper bound": a bound is named by what it
        bounds, the word before it (over "lower"/"upper"): a measure or task by its head word, a term a vocabulary
        knows, or a name (a coined word, or a hyphen compound with a capital: "PAC-Bayes"). "tight bounds", "the
        latter bound" only describe it; a bound a vocabulary knows as a method ("upper confidence bound") is none."""
        if any(c.end == head_end and c.finder is Finder.LEXICON and c.type == "Method" for c in out):
            return False
        k = len(mods)
        while k and span_text(toks, *mods[k - 1], text).lower() in self._bound_sides:
            k -= 1
        if not k:
            return False
        a, b = mods[k - 1]
        word = span_text(toks, a, b, text)
        if is_coined(word, self.res) or "-" in word and any(map(str.isupper, word)):
            return True
        typed = head_type(toks.text[b - 1], self.res)
        if typed is not None and typed[0] in ("Metric", "Task"):
            return True
        end = toks.end_char(b - 1)
        return any(c.end == end and c.finder is Finder.LEXICON and c.type in ("Metric", "Task") for c in out)

    def _named(self, word: str) -> bool:
        """A capitalised or coined modifier: part of a name ("CALVIN", "VQA", "Conversation")."""
        return word[:1].isupper() or is_coined(word, self.res)

    def _relational(self, word: str) -> bool:
        """"visual", "causal", "semantic": an adjective of relation (to vision, causes, meaning) classifies the
        noun after it ("visual reasoning" is a kind of reasoning); not a weak word ("general", "critical")."""
        low = word.lower()
        words = self.res.words
        if low.startswith(words.negating_prefixes):
            return False  # "unconditional", "nonlinear": a negation says what something is not, it names no kind
        return low.endswith(words.relational_adjective_endings) and low not in self.res.weak_modifiers \
            and low not in words.not_relational_adjectives

    def _proper_modifier(self, toks: Tokens, text: str, mods: list[tuple[int, int]]) -> bool:
        """The first modifier is a name: capitalised (not the sentence's first word) or a compound of
        several letters each side of a hyphen ("VC", "Littlestone", "fat-threshold")."""
        if not mods:
            return False
        a, b = mods[0]
        word = span_text(toks, a, b, text)
        if word[:1].isupper():
            return a > 0 and toks.text[a - 1] not in ".!?:" and (len(word) > 1)
        parts = word.split("-")
        return len(parts) > 1 and all(len(p) > 1 and p.isalpha() for p in parts)

    def _classifies(self, adjective: str, head: str) -> bool:
        """"abstractive summarization": the adjective opens vocabulary terms with this head ("abstractive text
        summarization"), so it names a kind of it; not a judgement ("optimal planning")."""
        low = adjective.lower()
        return (low, head) in self._qualified_heads and low not in self.res.words.not_relational_adjectives

    def _qualifier(self, word: str) -> bool:
        """"abstractive", "discriminative", "iterative": an adjective that opens several vocabulary terms
        ("abstractive summarization", "extractive question answering") classifies the noun after it, unless
        it is a judgement of one (``not_relational_adjectives``: "optimal", "empirical")."""
        low = word.lower()
        return low in self._qualifiers and low not in self.res.words.not_relational_adjectives

    def _plural_output(self, toks: Tokens, head_i: int) -> bool:
        """A task is named in the singular ("link prediction"); the plural of a task head names its outputs
        ("output predictions", "object detections", "accurate recommendations"). Not a head whose plural names
        kinds of a problem ("contextual bandits"), a noun in -s that is no plural ("analysis"), nor a
        class of tasks ("reasoning tasks", typed by the caller)."""
        low = toks.lower[head_i]
        return toks.norm[head_i] != low and not low.endswith(self._not_plural) \
            and toks.norm[head_i] not in self.res.kind_heads and toks.norm[head_i] not in self._task_heads

    def _plural_dataset_noun(self, toks: Tokens, head_i: int, first_i: int) -> bool:
        """"text classification datasets", "fact checking benchmarks", "summarization corpora": the plural names a
        class of datasets by the task they hold, data of their own beside the task; the singular ("a reading
        comprehension benchmark") may be one the paper describes, left to the contributions. Not when the phrase
        (from ``first_i``) is the last of a list the noun ends: "math, coding, and reading-comprehension benchmarks"
        are the benchmarks of every task listed, and the phrase would name a part of them."""
        low = toks.lower[head_i]
        return (toks.norm[head_i] != low or low in self._plural_dataset_nouns) \
            and not (first_i > 0 and toks.lower[first_i - 1] in LIST_JOINERS)

    def _origin(self, toks: Tokens, text: str, words: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The word before a data or dataset noun when it says where the data comes from ("real-world datasets",
        "simulated data"), which the trim of weak and participle modifiers drops: [that word], else []."""
        if len(words) >= 2 and span_text(toks, *words[-2], text).lower() in self._data_origins:
            return [words[-2]]
        return []

    def _described_dataset(self, toks: Tokens, text: str, mods: list[tuple[int, int]], head_start: int, head_i: int,
                           mod_text: list[str], out: list[Candidate], of_task: bool = False) -> None:
        """"VQA datasets", "sparse binary datasets", "infant action dataset": modifiers that say which data a
        dataset noun holds make a Dataset. Not when they only say how it is or what it is for: an adjective,
        a participle, a superlative, a role ("test datasets"), "well-"/"non-" compounds. A task or method
        that fills them ("VQA datasets", "link prediction benchmarks") is an entity of its own beside the
        datasets (:data:`DATASETS_OF`: the merge keeps both)."""
        if of_task:
            # "four benchmark text classification datasets": the words before the task say how the datasets are
            task_start = self._held_task(toks, mods, head_start, out)
            of_task = task_start >= 0
            while of_task and len(mods) > 1 and toks.idx[mods[0][0]] < task_start \
                    and self._describes_data(mod_text[0]):
                mods, mod_text = mods[1:], mod_text[1:]
        first = mod_text[0]
        low = first.lower()
        # "symbolic datasets", "medical imaging benchmarks": an adjective of relation says which data a class of
        # datasets holds; "a hierarchical benchmark" (singular) describes one, and is left to the contributions
        plural = toks.norm[head_i] != toks.lower[head_i]
        if of_task:
            if self._describes_data(first):
                return
        elif low in self._data_origins and len(mods) == 1:
            pass  # "synthetic images", "real-world datasets": data named by where it comes from
        elif self._adjective(first) and not (plural and self._relational(first)) or low in self.res.generic_terms \
                or low in self.res.dataset_roles or low.startswith(("well-", "non-")) \
                or not any(c.isalpha() for c in first) \
                or low.endswith(("ing", "ed")) and "-" not in low and low not in self.res.noun_ing \
                or ends_as_superlative(low):
            return
        if mods[0][0] > 0 and toks.lower[mods[0][0] - 1] in self.res.words.phrase_degree_words:
            return  # "high dimensional datasets", "low resolution images": a description cut from its degree word
        start = toks.idx[mods[0][0]]
        end = toks.idx[head_start]
        inner = of_task or any(start <= c.start and c.end <= end and c.type in ("Task", "Method") for c in out)
        if not inner and len(mods) == 1 and is_coined(first, self.res):
            # "standard DML benchmarks" after "deep metric learning (DML)": the acronym, defined as a task or
            # method, fills them (it is typed where it is defined, not here)
            inner = any(c.finder is Finder.ACRONYM and c.type in ("Task", "Method") and c.end - c.start == len(first)
                        and text[c.start:c.end] == first for c in out)
        if inner and not of_task and not any(self._named(t) for t in mod_text) \
                and (not plural or mods[0][0] > 0 and toks.lower[mods[0][0] - 1] in LIST_JOINERS):
            return  # "a reading-comprehension benchmark": the task is the entity (it only says what it tests); the
            # plural names a class of datasets beside it ("several CFL benchmarks", "standard DML benchmarks"), but
            # not as the last of a list ("math, coding, and reading-comprehension benchmarks": see
            # _plural_dataset_noun)
        out.append(Candidate(start, toks.end_char(head_i), "Dataset", Finder.PHRASE, 0.54,
                             rule=DATASETS_OF if inner else ""))

    @staticmethod
    def _held_task(toks: Tokens, mods: list[tuple[int, int]], head_start: int, out: list[Candidate]) -> int:
        """Where the task found inside the modifiers of a class of datasets starts, when one ends right before the
        dataset noun ("text classification datasets"); -1 when none does."""
        start, end = toks.idx[mods[0][0]], toks.end_char(mods[-1][1] - 1)
        return min((c.start for c in out if start <= c.start and c.end == end and c.type == "Task"), default=-1)

    def _describes_data(self, word: str) -> bool:
        """"standard", "benchmark", "popular", "public", "test": a word before a class of datasets that says how they
        are or what role they play, not which data they hold."""
        low = word.lower()
        return norm_word(low) in self._dataset_heads or low in self.res.weak_modifiers or low in self.res.dataset_roles \
            or self._adjective(word) \
            or low.startswith(("well-", "non-")) or low.endswith(("ing", "ed")) and low not in self.res.noun_ing

    def _forming_participle(self, word: str) -> bool:
        """"squared", "weighted", "combined": a lower-case participle that says how a function is formed; not a weak
        one ("proposed", "improved") nor a summary ("expected")."""
        low = word.lower()
        return word.islower() and low.isalpha() and low.endswith("ed") and low not in self.res.weak_modifiers \
            and low not in self.res.words.metric_aggregates

    def _names_a_problem(self, mod_text: list[str]) -> bool:
        """"graph isomorphism", "credit assignment", "cold-start": lower-case nouns before a singular problem noun
        name the problem; not a judgement ("a hard problem", "an open problem"), a participle, a name (other
        components read names), or one word that says only which field ("the optimization problem")."""
        if len(mod_text) == 1 and mod_text[0].lower() in self.res.generic_terms:
            return False
        for word in mod_text:
            low = word.lower()
            if word[:1].isupper() or not low.replace("-", "").isalpha() \
                    or self._adjective(word) and not low.endswith(self.res.words.noun_endings) \
                    or low in self.res.weak_modifiers or is_coined(word, self.res) \
                    or low.endswith("ed") or low.endswith("ing") and low not in self.res.noun_ing:
                return False
        return True

    def _described_method(self, mod_text: list[str]) -> bool:
        """"an ensemble approach", "a conditional gradient method", "a modality gate mechanism": a method
        described by what it works with, its last modifier a plain noun (not an adjective, a participle,
        a capitalised or coined name, which other components read, or a word that is a head of its own);
        one describing word alone ("a pragmatic paradigm") names nothing, nor does one word before a
        plural ("sparse methods": a class described, checked by the caller)."""
        last = mod_text[-1]
        low = last.lower()
        if not low.isalpha() or last[:1].isupper() or is_coined(last, self.res) or self._adjective(last) \
                or low in self.res.generic_terms or head_type(last, self.res) is not None \
                or low.endswith(self.res.words.not_noun_endings) or norm_word(low) in self._read_through:
            return False
        return len(mod_text) > 1 or not low.endswith("s") or low.endswith(self._not_plural)

    def _verb_before(self, toks: Tokens, words: list[tuple[int, int]]) -> bool:
        """Whether the word before the last modifier is a verb of the sentence ("by using methods", "we adopt
        sampling methods" have none in the phrase): an -ing or -ed word that is no qualifier, inside the phrase."""
        if len(words) < 3:
            return False
        low = toks.lower[words[-3][1] - 1]
        return low.endswith(("ing", "ed")) and low not in self.res.noun_ing and not self._qualifier(low)

    def _kind_of_method(self, word: str) -> bool:
        """One lower-case word before a method noun that says which kind of method: a qualifier of the vocabularies
        ("centralized", "unsupervised", "hierarchical") or a technique word heads.tsv types as a Method ("ensemble",
        "heuristic", "sampling"); not a judgement, a weak or generic word ("novel", "simple", "efficient")."""
        low = word.lower()
        if not word.isalpha() or not word.islower() or low in self.res.weak_modifiers or low in self.res.generic_terms \
                or low.endswith("ble"):  # "a reliable method", "a stable algorithm": a judgement
            return False
        if self._qualifier(low):
            return True
        typed = head_type(word, self.res)
        return typed is not None and typed[0] == "Method" and low not in self._one_word_terms

    def _adjective(self, word: str) -> bool:
        return is_describing_adjective(word, self.res)

    def _describes_named_head(self, toks: Tokens, text: str, head_i: int, first: tuple[int, int]) -> bool:
        """A head marked ``named`` in heads.tsv ("rate", "theorem", "robots") whose first modifier describes it:
        an adjective ("optimal rate", "sensitive detectors") or a superlative ("strongest performance")."""
        named = self.res.named_heads
        if toks.norm[head_i] not in named and toks.lower[head_i] not in named:
            return False
        word = span_text(toks, *first, text)
        low = word.lower()
        if self._relational(word):
            return False  # "spectral contrastive loss", "computational cost": a kind of it, not a judgement
        return self._adjective(word) or (ends_as_superlative(low) and low.isalpha()
                                         and low not in self.res.adjective_exceptions)

    def __call__(self, doc: Doc) -> Doc:
        out = state(doc).candidates
        toks = tokens(doc)
        joiner = toks.joiner
        # "custom attention kernels" are GPU code only in an abstract about hardware; "a unique kernel" of a
        # Gaussian process is a function
        text = doc_text(doc)
        self._hardware_context = any(c.type == "HardwareConcept" and c.finder is _LEXICON
                                     and "kernel" not in text[c.start:c.end].lower() for c in out)
        res, emit_norms = self.res, self._emit_norms
        #: lexicon terms by span: "contrastive loss" in "triplet and contrastive loss" shares its head too
        known = {(c.start, c.end): c for c in out if c.finder is _LEXICON}
        # the token lists and memos the loop over every chunk reads, as locals (an attribute lookup less each time)
        tok_text, tok_norm, tok_idx, lower = toks.text, toks.norm, toks.idx, toks.lower
        head_cache, list_glue, n_toks = res.head_cache, self._list_glue, len(lower)
        for sent in sentences(doc):
            sent_chunks = chunk_ranges(doc, sent.start, sent.end, res)
            for k, (start, end) in enumerate(sent_chunks):
                before = len(out)
                chunk_end = end
                if end - start >= 3 and self._trailing_participle(toks, end):
                    end -= 1  # "on several CFL benchmarks demonstrating that": the participle opens a clause
                # the test _emit starts with, done here for the three chunks in four it rejects (head_type's memo
                # read here first: the word's answer is nearly always there)
                head_word = tok_text[end - 1]
                typed = head_cache.get(head_word, _MISSING)
                if typed is _MISSING:
                    typed = head_type(head_word, res)
                if tok_norm[end - 1] in emit_norms or typed is not None:
                    words = word_ranges(joiner, start, end)
                    if len(words) >= 3 and (start == sent.start or tok_text[start - 1] == ":") \
                            and words[0][1] - words[0][0] == 1 and tok_text[start].endswith("ing") \
                            and tok_text[start][:1].isupper():
                        words = words[1:]  # "Learning Temporal Distances": an opening gerund is the verb
                    self._emit(toks, text, words, out)
                    if len(words) == 2 and k > 0:
                        last = out[-1] if len(out) == before + 1 and out[-1].start == tok_idx[start] else \
                            known.get((tok_idx[start], tok_idx[end - 1] + len(head_word)))
                        if last is not None and last.type in _DISTRIBUTED_TYPES:
                            self._distribute(toks, text, sent_chunks, k, last, out)
                elif k > 0 and known:
                    # a two-word vocabulary term whose head no list types: "automatic and human evaluation"
                    last = known.get((tok_idx[start], tok_idx[end - 1] + len(head_word)))
                    if last is not None and last.type in _DISTRIBUTED_TYPES \
                            and len(word_ranges(joiner, start, end)) == 2:
                        self._distribute(toks, text, sent_chunks, k, last, out)
                # (_coordinated_task's own first test here, on the chunk as found: most chunks have no comma or "and"
                # beside them)
                if len(out) == before and ((start > 0 and lower[start - 1] in list_glue)
                                           or (chunk_end < n_toks and lower[chunk_end] in list_glue)) \
                        and (end - start == 1 or is_one_word(joiner, start, end)):
                    self._coordinated_task(toks, text, sent_chunks, k, out)
            norms = sentence_norms(doc, sent)
            if not self._task_list_nouns.isdisjoint(norms):
                self._listed_tasks(toks, text, sent.start, sent.end, sent_chunks, out)
            if not self._method_list_nouns.isdisjoint(norms):
                self._listed_methods(toks, text, sent.start, sent.end, sent_chunks, out)
            if not self._purpose_kinds.isdisjoint(norms):
                self._purpose_tasks(toks, text, sent.start, sent.end, sent_chunks, out)
            if not self._problem_verb_norms.isdisjoint(norms):
                self._problem_objects(toks, text, sent.start, sent.end, sent_chunks, out)
            if sent_chunks and sent_chunks[0][0] == sent.start:
                self._posed_subject(toks, text, sent_chunks[0], out)
            if len(sent_chunks) >= 3 and text.find(",", sent.start_char, sent.end_char) >= 0:
                self._list_peers(toks, text, sent_chunks, out)
        if may_contain(text, self._metric_cue_words):
            self._metric_lists(doc, toks, text, out)
        self._measured_metrics(doc, toks, text, out)
        self._qualified_terms(toks, text, out)
        return doc

    def _trailing_participle(self, toks: Tokens, end: int) -> bool:
        """"benchmarks demonstrating", "datasets showing", "models trained": a lower-case participle right after a
        plural noun ends a run of content words, and the phrase before it ends at the noun (the participle opens a
        reduced clause); not a noun in -ing ("graph learning"), nor after a singular word."""
        last = toks.text[end - 1]
        return last.endswith(("ing", "ed")) and last.isalpha() and last.islower() \
            and last not in self.res.noun_ing and not toks.joiner[end - 2] \
            and toks.norm[end - 2] != toks.lower[end - 2] and toks.text[end - 2].isalpha()

    def _qualified_terms(self, toks: Tokens, text: str, out: list[Candidate]) -> None:
        """A known method with one qualifier right before it is a narrower one: "hybrid experience replay",
        "normalized steepest descent", "relative positional embeddings", "mixed linear regression". The phrase is
        offered over the term, which the merge keeps for one qualifier (``kg_merge.drop_nested``); the head words
        of heads.tsv do this through their own phrases, a term whose head no list types ("replay") did not.
        Not a known model ("neural language models", "modern LLMs": the shared node of a family stays), a name or an
        acronym, a term that modifies a longer phrase ("posterior sampling procedure"), a judgement
        ("reliable"), a qualifier glued by a hyphen, nor one after another content word of the same run (then the
        run's own phrase says what the longer name is)."""
        spans = {(c.start, c.end) for c in out}
        for c in [c for c in out if c.finder is _LEXICON and c.type in _QUALIFIED_TYPES]:
            if not text[c.start:c.end].islower():
                continue  # a name or an acronym ("nonlinear ICA"): its own mentions say what is new about it
            rng = char_token_range(toks, c.start, c.end)
            if rng is None or rng[0] == 0:
                continue
            b = rng[1]
            if b < len(toks.text) and (toks.joiner[b - 1] or toks.text[b].isalpha()
                                       and toks.lower[b] not in self.res.function_words):
                continue  # the term modifies a longer phrase ("a multivariate posterior sampling procedure")
            a = rng[0] - 1
            word = toks.text[a]
            if not word.isalpha() or not word.islower() or not self._qualifier(word) or word.endswith("ble") \
                    or norm_word(word) in self._read_through or toks.joiner[a] \
                    or (a > 0 and (toks.joiner[a - 1] or toks.text[a - 1].isalpha() and toks.lower[a - 1] not in
                                   self.res.function_words and toks.lower[a - 1] not in self.res.weak_modifiers)):
                continue
            start = toks.idx[a]
            if (start, c.end) not in spans:
                spans.add((start, c.end))
                out.append(Candidate(start, c.end, c.type, Finder.PHRASE, 0.6))

    def _measured_metrics(self, doc: Doc, toks: Tokens, text: str, out: list[Candidate]) -> None:
        """A known metric keeps the words before it that say what it measures: "task success rate", "clustering
        accuracy", "top-1 retrieval accuracy", "error detection success rate" (a task named before it, kept whole;
        the task stays an entity of its own). Names the measure as written, where the bare vocabulary term
        ("success rate") would lose the measured thing. Not a judgement or summary ("higher accuracy", "mean
        accuracy"), a role ("test accuracy"), a capitalised name ("ImageNet accuracy": a dataset), nor a word
        typed as a thing of its own ("model accuracy")."""
        metrics = [(c.start, c.end, False) for c in out if c.type == "Metric" and c.finder is _LEXICON]
        # a measure word no vocabulary types alone: only with a task before it ("classification performance"; not
        # "finetuning performance", which says when it was measured)
        heads = self.res.words.measured_heads
        n = len(toks.lower)
        # the few head words, found in C: by a scan of the words for each (``list.index``) where they are one or two, a
        # comparison per token, about half the cost of a set lookup per token through ``map``
        at = sorted(i for w in heads for i in positions(toks.lower, w)) if len(heads) <= 2 \
            else compress(range(n), map(heads.__contains__, toks.lower))
        metrics += [(toks.idx[i], toks.end_char(i), True) for i in at if not (i + 1 < n and toks.joiner[i])]
        if not metrics:
            return
        tasks = {c.end: c for c in out if c.type == "Task" and c.finder in (_LEXICON, _PHRASE)}
        for m_start, m_end, task_only in metrics:
            rng = char_token_range(toks, m_start, m_end)
            if rng is None or rng[0] == 0:
                continue
            a = rng[0]
            if not toks.lower[a - 1][:1].isalnum() or toks.joiner[a - 1]:
                continue  # punctuation or a hyphen before the metric: no modifier ("pass@1-", "(accuracy")
            sent = sentence_at(doc, m_start)
            run = next((r for r in chunk_ranges(doc, sent.start, sent.end, self.res) if r[0] < a < r[1]), None)
            if run is None or self._modifies_next(toks, rng[1], run[1]):
                continue
            words = word_ranges(toks.joiner, run[0], a)
            task = tasks.get(toks.end_char(a - 1))
            if task is not None and task.start >= toks.idx[run[0]] and " " in text[task.start:task.end]:
                start = task.start  # "error detection success rate"
            else:
                kept = 0
                for w in reversed(words[-MEASURED_WORDS:]):
                    if not self._measured_word(span_text(toks, *w, text), task_only):
                        break
                    kept += 1
                if kept and words[-kept][0] > 0 and toks.lower[words[-kept][0] - 1] in self.res.words.verb_openers \
                        and head_type(toks.text[words[-kept][0]], self.res) is None:
                    kept -= 1  # "to optimize throughput": after "to" the word is a verb
                while kept and kept < len(words) and self._compound_tail(toks, text, words[-kept - 1], words[-kept]):
                    kept -= 1  # "worst case sample complexity", "first order regret": the tail of a compound
                if not kept:
                    continue
                start = toks.idx[words[-kept][0]]
            same = next((p for p in out if p.start == start and p.end == m_end and p.finder is _PHRASE
                         and p.type == "Metric"), None)
            if same is not None:
                same.rule = MEASURED  # the head-noun phrase on this span ("action recognition accuracy")
            else:
                out.append(Candidate(start, m_end, "Metric", Finder.PHRASE, 0.6, rule=MEASURED))

    def _modifies_next(self, toks: Tokens, b: int, run_end: int) -> bool:
        """Whether the metric ending before token ``b`` modifies a noun after it in its run ("accuracy degradation",
        "regret bounds", "CATE models"): a word a list types or a head that says only "a thing of some kind". A
        verb the run reads on into ("success rate increases") does not count."""
        if b >= run_end or toks.joiner[b - 1]:
            return False
        word = toks.text[b]
        return head_type(word, self.res) is not None or toks.norm[b] in self._read_through \
            or toks.norm[b] in self._bound_heads

    def _measured_word(self, word: str, task_only: bool = False) -> bool:
        """A word before a known metric that says what it measures: a task or technique noun ("detection",
        "attack", "clustering") or a ranked cut-off ("top-1"). Not an adjective ("near-optimal", "worse"), a verb
        ("reaches"), a role ("test") or a summary ("mean"): such words leave the metric as it is."""
        low = word.lower()
        if not task_only and low in self.res.words.metric_kind_words:
            return True  # "certified accuracy", "joint goal accuracy": an adjective that names a kind of the metric
        if word[:1].isupper() or not low[:1].isalpha() or self._adjective(word) or low in self.res.dataset_roles \
                or low in self.res.words.metric_aggregates:
            return False
        if "-" in low:
            return any(map(str.isdigit, low)) and low.replace("-", "").isalnum()  # "top-1", not "worst-case"
        if not low.isalpha():
            return False
        typed = head_type(word, self.res)
        if task_only:
            return typed is not None and typed[0] == "Task"
        return typed is not None and typed[0] in _MEASURED_TYPES or low in self.res.noun_ing \
            or typed is None and self._plain_noun(low)

    def _compound_tail(self, toks: Tokens, text: str, before: tuple[int, int], word: tuple[int, int]) -> bool:
        """Whether the untyped word kept before a metric is the tail of a compound whose first word was not kept
        ("global optimality sample complexity"): a plain content word before it that is not a function, weak,
        describing or summary word, which only judges the measure ("high task success rates", "average word
        accuracy" keep "task", "word")."""
        w = span_text(toks, *word, text)
        if head_type(w, self.res) is not None or w.lower() in self.res.words.metric_kind_words:
            return False
        prev = span_text(toks, *before, text).lower()
        return prev.isalpha() and prev not in self.res.weak_modifiers and not self._adjective(prev) \
            and prev not in self.res.function_words and prev not in self.res.words.metric_aggregates

    def _modelled_noun(self, word: str) -> bool:
        """"dynamics model", "affordance model", "measurement model": a lower-case noun spelled as one (its ending)
        says what a model models; not an adjective ("simple model", "dynamic model"), a generic word or a judgement
        ("base model", "average model")."""
        low = word.lower()
        return word.isalpha() and word.islower() and low.endswith(self.res.words.modelled_noun_endings) \
            and not self._adjective(word) and low not in self.res.generic_terms and low not in self.res.weak_modifiers

    def _plain_noun(self, low: str) -> bool:
        """A lower-case word no list types that reads as a plain noun before a known metric: what it measures
        ("task success rate", "goal accuracy", "answer accuracy"). Not a function or weak word, nor one spelled as a
        participle, gerund, superlative or adverb ("reported accuracy", "surprisingly accuracy")."""
        res = self.res
        return low not in res.function_words and low not in res.weak_modifiers \
            and low not in res.words.metric_judgements and low not in self._result_verbs and len(low) > 2 \
            and not low.endswith(res.words.not_noun_endings) and not low.endswith(res.words.verb_endings) \
            and not (low.endswith("s") and (not low.endswith(self._not_plural) or low.endswith("ics")))  # "enjoys", "methods", "metrics"

    def _metric_lists(self, doc: Doc, toks: Tokens, text: str, out: list[Candidate]) -> None:
        """The phrases listed after a metric cue are what a result is measured in: Metrics.

        After "metrics such as" any listed name is one ("MIG, SAP and DCI"); after "in terms of", "measured
        by" or "the trade-off between" only a phrase with a metric head ("in terms of wall-clock time and
        peak memory") or the head of a studied property ("in terms of accuracy and interpretability",
        "-ity"/"-ness": ``measure_property_endings``), as these also introduce goals and settings. A phrase a
        vocabulary or a head types otherwise ("in terms of image generation") or that overlaps a known mention is
        left to those.
        """
        known: list[Candidate] | None = None
        for m in self._metric_cue_rx.finditer(text):
            named = m.group(1).lower() in self._metric_cues
            # a trade-off or balance is often between goals ("between flexibility and accuracy"): a property's
            # head alone makes no measure there
            properties = self._property_endings if not m.group(1).lower().endswith("between") else ()
            sent = sentence_at(doc, m.start(1))
            cue = char_token_range(toks, m.start(1), m.end())
            if cue is None:
                continue
            pos = cue[1]
            for start, end in chunk_ranges(doc, sent.start, sent.end, self.res):
                if end <= pos:
                    continue
                if start < pos < end:
                    start = pos  # "metrics, including execution time": the chunker took the cue's last word in
                if start < pos or not self._metric_glue.issuperset(toks.lower[pos:start]):
                    break  # the list ended
                pos = end
                if self._metric_glue.issuperset(toks.lower[start:end]):
                    continue  # "as well as": glue the chunker read as a noun ("well")
                words = word_ranges(toks.joiner, start, end)
                while len(words) > 1 and span_text(toks, *words[0], text).lower() in self.res.weak_modifiers:
                    words = words[1:]  # "overall accuracy"; a participle stays ("normalized mutual information")
                first = toks.lower[words[0][0]]
                if len(words) > METRIC_LIST_WORDS or first.endswith("ing") and first not in self.res.noun_ing:
                    break  # a clause, not a measure ("…, considering latency")
                typed = head_type(toks.text[end - 1], self.res)
                if typed is not None and typed[0] != "Metric" or any(
                        not toks.text[i].isalpha() and not toks.joiner[i] for i in range(words[0][0], end)):
                    continue  # a task or model ("in terms of image generation"), or a number ("20× speedup")
                if named and typed is None and len(words) == 1 and end < sent.end \
                        and toks.lower[end] in ("of", "under"):
                    break  # "the area under the ROC curve": the word opens a longer measure, which the list cannot read
                if typed is None and not named and toks.norm[end - 1] not in self._metric_heads \
                        and not (properties and toks.lower[end - 1].endswith(properties)
                                 and toks.text[end - 1].islower()):
                    continue  # "in terms of elementary subtasks": not a measure; "in terms of interpretability" is
                a, b = toks.idx[words[0][0]], toks.end_char(end - 1)
                if known is None:
                    known = [c for c in out if c.confidence >= 0.5]
                if any(c.start < b and a < c.end for c in known):
                    continue  # a named method or task, or a metric already
                out.append(Candidate(a, b, "Metric", Finder.PHRASE, 0.7, rule="metric-list"))

    def _distribute(self, toks: Tokens, text: str, sent_chunks: list[tuple[int, int]], k: int, last: Candidate,
                    out: list[Candidate]) -> None:
        """"image, audio and video captioning": the head of the last phrase is shared by the bare modifiers
        listed before it, each of which names an entity of its own ("image captioning").

        ``last`` (a phrase or lexicon term) is the last item, modifier plus head. A mention of an earlier
        item is its modifier, named in full (:attr:`Candidate.name`). Most "A and B head" lists join a
        whole item to a phrase ("performance and sample efficiency"), so an item shares the head only
        when the vocabulary knows the phrase it makes, or when slashes join the modifiers ("image /
        audio / video captioning"); either way it must be a singular noun, not a head of its own
        ("classification and part segmentation") or a weak word.
        """
        head_start = sent_chunks[k][1] - 1
        while head_start > sent_chunks[k][0] and toks.joiner[head_start - 1]:
            head_start -= 2  # a hyphenated head: "image-to-text and text-to-image tasks" shares "tasks"
        head = text[toks.idx[head_start]:last.end]
        head_norm = " ".join(head.split()[:-1] + [toks.norm[sent_chunks[k][1] - 1]])
        pos, seen_and = sent_chunks[k][0], False
        for j in range(k - 1, -1, -1):
            p_start, p_end = sent_chunks[j]
            between = toks.lower[p_end:pos]
            if not between or not self._coord_glue.issuperset(between) or seen_and and between != [","]:
                return
            seen_and = seen_and or "and" in between or "or" in between
            a, b = word_ranges(toks.joiner, p_start, p_end)[-1]
            word = text[toks.idx[a]:toks.end_char(b - 1)]
            entry = self._shared_terms.get(f"{word.lower()} {head_norm}")
            if not self._shared_modifier(toks, word, a, b, entry is not None or between == ["/"], out):
                return
            # named as written: a vocabulary's canonical form ("common sense") would not read as this phrase
            out.append(Candidate(toks.idx[a], toks.end_char(b - 1), entry.type if entry else last.type, Finder.PHRASE,
                                 min(last.confidence, 0.72), name=f"{word} {head}"))
            if a > p_start:
                return  # "zero-shot image / audio / video captioning": the list's first item
            pos = p_start

    def _shared_modifier(self, toks: Tokens, word: str, a: int, b: int, known: bool, out: list[Candidate]) -> bool:
        """Whether ``word`` (tokens a..b) is a modifier of the head it shares with the next item of a list;
        ``known``: the phrase they make is a vocabulary term ("semantic and instance segmentation")."""
        low = word.lower()
        if not known or toks.norm[b - 1] != toks.lower[b - 1] or word.endswith("-"):
            return False  # a plural is an item of its own ("GANs and diffusion models")
        if head_type(toks.text[b - 1], self.res) or toks.norm[b - 1] in self._read_through:
            return False
        if self._is_weak(low, True, False):
            return False
        start, end = toks.idx[a], toks.end_char(b - 1)
        return not any(c.start == start and c.end == end for c in out)

    def _coordinated_task(self, toks: Tokens, text: str, sent_chunks: list[tuple[int, int]], k: int,
                          out: list[Candidate]) -> None:
        """A bare task word listed among tasks: "anomaly detection, classification, and forecasting"."""
        start, end = sent_chunks[k]
        lower = toks.lower
        if not ((start > 0 and lower[start - 1] in self._list_glue) or (end < len(lower) and lower[end] in self._list_glue)):
            return  # no comma or "and" next to the chunk: not an item of a list
        # the neighbours are checked first: most chunks have no multi-word neighbour joined by a comma or "and"
        for j in (k - 1, k + 1):
            if not 0 <= j < len(sent_chunks):
                continue
            o_start, o_end = sent_chunks[j]
            if o_end - o_start < 2:
                continue
            lo, hi = (o_end, start) if j < k else (end, o_start)
            between = toks.lower[lo:hi]
            if not between or not self._list_glue.issuperset(between):
                continue
            other_type = head_type(toks.text[o_end - 1], self.res)
            if not other_type or other_type[0] != "Task":
                continue
            chunk_text = span_text(toks, start, end, text)
            typed = head_type(chunk_text, self.res)
            if typed and typed[0] == "Task" and chunk_text.lower() not in self.res.generic_terms:
                out.append(Candidate(toks.idx[start], toks.end_char(end - 1), "Task", Finder.PHRASE, 0.6))
            return


    def _list_peers(self, toks: Tokens, text: str, sent_chunks: list[tuple[int, int]], out: list[Candidate]) -> None:
        """The untyped items of a list of three or more short lower-case phrases take the type their typed items
        share: "goal-reaching, obstacle avoidance, and uneven terrain navigation" (tasks), "time delay modeling,
        memory representation, and domain randomization" (methods). Only for Task and Method, only when no item
        is typed otherwise, and not for an item that is one generic or describing word ("efficiency", "robust"),
        a name, or a number."""
        glue, lower = self._list_glue, toks.lower
        lists: list[list[tuple[int, int]]] = []
        cur = [sent_chunks[0]]
        for prev_end, chunk in zip([c[1] for c in sent_chunks], sent_chunks[1:]):
            gap = chunk[0] - prev_end  # one or two glue tokens between items: ",", "and", ", and"
            if (gap == 1 or gap == 2 and lower[prev_end + 1] in glue) and lower[prev_end] in glue:
                cur.append(chunk)
                continue
            if len(cur) >= 3:
                lists.append(cur)
            cur = [chunk]
        if len(cur) >= 3:
            lists.append(cur)
        lists = [items for items in lists if all(b - a <= 4 for a, b in items)]
        if not lists:
            return
        lo, hi = toks.idx[lists[0][0][0]], toks.end_char(lists[-1][-1][1] - 1)
        spans = [(c.start, c.end, c.type) for c in out if lo <= c.start and c.end <= hi]
        for items in lists:
            typed: list[set[str]] = []
            for a, b in items:
                start, end = toks.idx[a], toks.end_char(b - 1)
                typed.append({t for cs, ce, t in spans if start <= cs and ce <= end})
            kinds = set().union(*typed)
            if len(kinds) != 1 or not kinds <= {"Task", "Method"}:
                continue
            if 2 * sum(map(bool, typed)) < len(items):
                continue  # most items typed alike: a list of peers, not a typed term among other things
            typ = next(iter(kinds))
            for (a, b), inside in zip(items, typed):
                if not inside and self._peer_phrase(toks, text, a, b):
                    out.append(Candidate(toks.idx[a], toks.end_char(b - 1), typ, Finder.PHRASE, 0.55))

    def _peer_phrase(self, toks: Tokens, text: str, a: int, b: int) -> bool:
        """An untyped list item that reads as a term: two or three lower-case words, a singular noun last, none a
        participle, gerund, adverb or function word, and not opened by a describing adjective ("precise estimation",
        "poor generalization"); "ambiguity resolution", "facility location", "driver assistance"."""
        words = span_text(toks, a, b, text)
        low = words.lower()
        parts = low.split()
        if words != low or not 2 <= len(parts) <= 3 or not low.replace("-", "").replace(" ", "").isalpha():
            return False
        res = self.res
        head = parts[-1]
        if head.endswith("s") and not head.endswith(self._not_plural) or norm_word(head) in self._read_through \
                or head in res.generic_terms and len(parts) == 1:
            return False
        for w in parts:
            if w in res.function_words or w in res.weak_modifiers or w.endswith(("ed", "ly")) \
                    or w.endswith("ing") and w not in res.noun_ing and w != head:
                return False
        first = parts[0]
        return not (self._adjective(first) and not self._relational(first))

    def _listed_tasks(self, toks: Tokens, text: str, s_start: int, s_end: int, sent_chunks: list[tuple[int, int]],
                      out: list[Candidate]) -> None:
        """"tasks such as video restoration and surrogate rendering": the examples of a task noun are tasks,
        whatever their head word; so is what "the problem (or challenge) of" names.

        Each example is a whole run of content words right after the link or the list glue (an article or
        a clause ends the list); names (capitals, coined words) are left to the components that type names,
        and an example whose head types it as something else, or says only "a method", is skipped.
        """
        lower, norm = toks.lower, toks.norm
        starts = {a: b for a, b in sent_chunks}
        for i in range(s_start, s_end):
            if norm[i] not in self._task_list_nouns:
                continue
            j = self._after_list_link(lower, i, s_end, colon=True)
            if j < 0:
                j = i + 1
                if not (j < s_end and lower[j] == "of" and norm[i] in self._task_of_nouns
                        and self._articles.intersection(lower[max(s_start, i - 2):i])):
                    continue
                j += 1  # "the problem of A"
            # "tasks including A": "including" is a content word, so A's run may start before it
            for a, b in _list_items(lower, s_end, starts, sent_chunks, j, self._list_glue):
                self._listed_task(toks, text, a, b, out)

    def _after_list_link(self, lower: list[str], i: int, s_end: int, colon: bool) -> int:
        """Where the examples start after the list noun at token ``i`` and its link ("such as", "like", ", e.g.",
        and ":" when ``colon``), or -1 when no link follows."""
        j = i + 1 + (i + 1 < s_end and lower[i + 1] == ",")
        for link in self._task_list_links:
            if (colon or link != (":",)) and tuple(lower[j:j + len(link)]) == link:
                return j + len(link)
        return -1

    def _listed_methods(self, toks: Tokens, text: str, s_start: int, s_end: int, sent_chunks: list[tuple[int, int]],
                        out: list[Candidate]) -> None:
        """"optimization schemes such as alternating least squares", "techniques like random noise injection": the
        examples of a method noun (``phrase_method_list_nouns`` and a link of ``task_list_links``) are methods. Plain
        words only (names are typed by ``kg_coined``'s lists), two to four of them unless a head list types the one
        word; a head typed otherwise ("models such as variational autoencoders") keeps its own type."""
        lower, norm = toks.lower, toks.norm
        starts = {a: b for a, b in sent_chunks}
        for i in range(s_start, s_end):
            if norm[i] not in self._method_list_nouns:
                continue
            j = self._after_list_link(lower, i, s_end, colon=False)
            if j < 0:
                continue
            for a, b in _list_items(lower, s_end, starts, sent_chunks, j, self._list_glue):
                self._listed_method(toks, text, a, b, out)

    def _listed_method(self, toks: Tokens, text: str, start: int, end: int, out: list[Candidate]) -> None:
        """One example of a list of methods (tokens start..end), if it reads as a method's name."""
        words = word_ranges(toks.joiner, start, end)
        # "inverse autoregressive flows help": a plural inside the run ends the name, the rest is a verb
        plural = next((k for k, (_a, b) in enumerate(words[:-1]) if toks.norm[b - 1] != toks.lower[b - 1]
                       and not toks.lower[b - 1].endswith(self._not_plural)), None)
        if plural is not None:
            words = words[:plural + 1]
        if len(words) > MAX_WORDS + 1 or self._trim_words(toks, text, words, verb_context=False) != words:
            return
        head_i = words[-1][1] - 1
        typed = head_type(toks.text[head_i], self.res)
        if typed and typed[0] != "Method" or toks.norm[head_i] in self._read_through:
            return
        names = [span_text(toks, a, b, text) for a, b in words]
        if any(not w.islower() or is_coined(w, self.res) for w in names) or len(names) == 1 and not typed \
                or " ".join(names).lower() in self.res.generic_terms or self._adjective(names[-1]):
            return
        out.append(Candidate(toks.idx[words[0][0]], toks.end_char(head_i), "Method", Finder.PHRASE, 0.6))

    def _purpose_tasks(self, toks: Tokens, text: str, s_start: int, s_end: int, sent_chunks: list[tuple[int, int]],
                       out: list[Candidate]) -> None:
        """"a novel approach to source-to-source transpilation", "an algorithm for identity testing": what a kind noun of
        a method is for (``phrase_purpose_kinds`` + "for"; "to" only after ``phrase_purpose_to_kinds``, elsewhere an
        infinitive) is a Task, read as an example of a task list is (see :meth:`_listed_task`). Only heads no list
        types: a typed head is emitted as such by ``_emit``."""
        lower, norm = toks.lower, toks.norm
        starts = {a: b for a, b in sent_chunks}
        for i in range(s_start, s_end - 2):
            if norm[i] not in self._purpose_kinds or lower[i] != norm[i] and lower[i] not in self._purpose_kinds:
                continue
            if lower[i + 1] != "for" and not (lower[i + 1] == "to" and lower[i] in self._purpose_to_kinds):
                continue
            j = i + 2
            if lower[j] in self._articles:
                if lower[j] not in self._purpose_articles:
                    continue  # "for this problem", "for this special case": a problem named before
                j += 1
            for a, b in _list_items(lower, s_end, starts, sent_chunks, j, self._list_glue):
                if head_type(toks.text[b - 1], self.res) is None and lower[b - 1].endswith(self._purpose_endings) \
                        and not any(norm[k] in self._read_through for k in range(a, b)):
                    self._listed_task(toks, text, a, b, out)

    def _listed_task(self, toks: Tokens, text: str, start: int, end: int, out: list[Candidate]) -> None:
        """One example of a list of tasks (tokens start..end), if it reads as a task name."""
        words = word_ranges(toks.joiner, start, end)
        if len(words) > MAX_WORDS + 1 or self._trim_words(toks, text, words, verb_context=False) != words:
            return  # a long run, or one that opens with a verb or a qualifier ("limited training data")
        head_i = words[-1][1] - 1
        typed = head_type(toks.text[head_i], self.res)
        if typed and typed[0] != "Task" or toks.norm[head_i] in self._read_through:
            return
        if not typed and toks.norm[head_i] != toks.lower[head_i] and not toks.lower[head_i].endswith(self._not_plural):
            return  # "robotic swarms", "math questions": things or domains; a task is rarely plural
        names = [span_text(toks, a, b, text) for a, b in words]
        if any(w[:1].isupper() or w.endswith("-") or is_coined(w, self.res) for w in names):
            return
        if " ".join(names).lower() in self.res.generic_terms or self._adjective(names[-1]) \
                or len(names) == 1 and not typed:
            return
        out.append(Candidate(toks.idx[words[0][0]], toks.end_char(head_i), "Task", Finder.PHRASE, 0.6))

    def _posed_subject(self, toks: Tokens, text: str, chunk: tuple[int, int], out: list[Candidate]) -> None:
        """"Knowledge tracing is a fundamental task in education", "Multi-objective optimization remains a challenging
        problem": the words a sentence opens on, when it goes on to say they are a problem, name a Task, whatever
        their head ("tracing", "optimization"). Plain words only (a capitalised word after the first is a name, a
        pronoun or determiner opens no name), 1 to 4 of them."""
        start, end = chunk
        m = _POSED_STATE.match(text, toks.end_char(end - 1)) or _POSED_HARD.match(text, toks.end_char(end - 1))
        if m is None:
            return
        words = word_ranges(toks.joiner, start, end)
        names = [span_text(toks, a, b, text) for a, b in words]
        first = names[0].lower()
        if len(words) > POSED_WORDS or first in self.res.function_words or first.endswith("ly") \
                or any(not w[1:].replace("-", "").islower() for w in names) or not names[-1].isalpha() \
                or len(names) == 1 and (first in self.res.generic_terms or norm_word(first) != first):
            return
        if m.re is _POSED_HARD and (first.endswith("ing") and first not in self.res.noun_ing or len(names) == 1
                                    or names[-1].lower() in self.res.words.contribution_not_heads):
            # "Building cross-modal applications is challenging": a verb phrase; "Driving is challenging"; "Regret
            # analysis is challenging", "Real-world evaluation remains difficult": a study, not a task
            return
        out.append(Candidate(toks.idx[start], toks.end_char(end - 1), "Task", Finder.PATTERN, 0.8, rule="posed-problem"))
        if m.re is _POSED_STATE and m.group(1):  # "Bundle adjustment (BA) remains …": the acronym defined there too
            out.append(Candidate(m.start(1), m.end(1), "Task", Finder.PATTERN, 0.8, rule="posed-problem"))

    def _problem_objects(self, toks: Tokens, text: str, s_start: int, s_end: int,
                         sent_chunks: list[tuple[int, int]], out: list[Candidate]) -> None:
        """"to mitigate catastrophic forgetting and client drift": the object of a problem verb is a task when
        its head names what goes wrong (``problem_heads``); elsewhere such a phrase is a property, not a task.

        Each object is a run of content words after the verb (an article may come first), its list items
        joined by commas or "and"; a known mention it overlaps is left as it is.
        """
        lower = toks.lower
        starts = {a: b for a, b in sent_chunks}
        known: list[Candidate] | None = None
        for i in range(s_start, s_end - 1):
            if lower[i] not in self._problem_verbs and (
                    i == s_start or lower[i - 1] not in self._problem_pairs.get(lower[i], ())):
                continue
            j = i + 1
            if lower[j] in self._articles or lower[j] in ("these", "such"):
                j += 1
            for j, run_end in _list_items(lower, s_end, starts, sent_chunks, j, self._list_glue):
                words = word_ranges(toks.joiner, j, run_end)
                words = self._trim_words(toks, text, words[-MAX_WORDS:], verb_context=False)
                head = norm_word(span_text(toks, *words[-1], text))
                names = [span_text(toks, a, b, text) for a, b in words]
                if head in self._problem_heads and len(words) > 1 \
                        and not any(w[:1].isupper() or is_coined(w, self.res) for w in names):
                    a, b = toks.idx[words[0][0]], toks.end_char(words[-1][1] - 1)
                    if known is None:
                        known = [c for c in out if c.confidence >= 0.5]
                    if not any(c.start < b and a < c.end for c in known):
                        out.append(Candidate(a, b, "Task", Finder.PHRASE, 0.6, rule="problem"))


def _list_items(lower: list[str], s_end: int, starts: dict[int, int], sent_chunks: list[tuple[int, int]],
                j: int, glue: frozenset[str]) -> Iterator[tuple[int, int]]:
    """The token ranges of the items of a list that starts at token ``j``: content runs joined by commas,
    "and" or "or", up to ``s_end``. The first item is the run starting at ``j`` or the one ``j`` falls in."""
    run_end = starts.get(j) or next((b for a, b in sent_chunks if a < j < b), None)
    while run_end is not None:
        yield j, run_end
        k = run_end
        while k < s_end and lower[k] in glue:
            k += 1
        if k == run_end:
            return
        j, run_end = k, starts.get(k)


@Language.factory("kg_phrases", requires=contract("candidates"), assigns=contract("candidates"),
                  default_config={"resources": SHIPPED})
def make_phrases(nlp: Language, name: str, resources: Resources) -> PhraseFinder:
    return PhraseFinder(resources)
