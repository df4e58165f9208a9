"""The cues of ``kg_relations`` in one place: each pattern's confidence, the entity types each relation takes,
the fixed regexes, and :class:`RelationCues`, the regexes built once from the shipped word lists
(``cues.json``, ``cue_words.toml``: the words themselves are data, listed in ``kg/extract/data/README.md``)."""
from __future__ import annotations

import re

from kg.extract.resources import Resources
from kg.extract.state import SUBJECT_TYPES
from kg.extract.text import CueScan, LowerRegex, Modifiers, enumeration_labels, key_words, norm_word, scannable

CONFIDENCE = {"proposes": 0.9, "addresses": 0.7, "addresses-main-task": 0.55, "addresses-proposed-task": 0.7,
              "addresses-motivation": 0.5, "uses-own-component": 0.55, "evaluatedOn": 0.75,
              "uses": 0.6, "uses-contribution": 0.55, "uses-derived-name": 0.8, "outperforms": 0.7,
              "uses-named-description": 0.55, "addresses-paper": 0.5, "uses-designed-part": 0.55, "addresses-opening-task": 0.55,
              "addresses-paper-task": 0.45, "addresses-paper-problem": 0.5,
              "addresses-problem": 0.6, "addresses-title-task": 0.6, "uses-task": 0.55, "uses-framing": 0.55, "addresses-title-problem": 0.6, "uses-enumerated-part": 0.55, "evaluatedOn-unnamed": 0.6, "name-part": 0.6,
              "uses-phrase": 0.55, "addresses-threat": 0.6}
#: what a paper can propose: its subjects, a task, and a measure ("QSTS, a novel … similarity measure")
PROPOSED_TYPES = SUBJECT_TYPES | {"Task", "Metric"}
USE_OBJECT_TYPES = {"Method", "Model", "HardwareConcept"}
PART_TYPES = frozenset(USE_OBJECT_TYPES | {"Task"})  # what a contribution's name can hold (``_name_parts``)
RIVAL_TYPES = {"Method", "Model"}
#: the subjects the ontology allows (kg/resolve/canonical.py DOMAINS); another subject's relation is the paper's own
PAPER_LEVEL: dict[str, frozenset[str]] = {"addresses": SUBJECT_TYPES, "evaluatedOn": frozenset({"Method", "Model"})}
USE_WINDOW = 80  # characters from a use cue to the entity it introduces
#: a dataset right after "on"/"across" or in a list opened by them: "on MMHal-Bench, POPE, and GAVIE"
ON_ITEMS = r"(?:[\w.\-]+(?:\s+[A-Z0-9][\w.\-]*){0,3}(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+))*\Z"
#: what stands between two names of a list of rivals ("A, B, and C"), or between a generic rival and its
#: examples ("small LMs including A")
#: an example cue right before a mention: "applications such as drug discovery", "tasks, e.g., X", "including X"
EXAMPLE_BEFORE = re.compile(r"(?<![\w-])(?:such\s+as|e\.g\.,?|for\s+example,?|for\s+instance,?|including|like|ranging\s+from)"
                            r"\s+(?:the\s+)?\Z", re.IGNORECASE)
#: between two items of a list of examples: "including viral marketing, pool-based active learning, and X"
EXAMPLE_GAP = re.compile(r"\s*(?:,|,?\s+(?:and|or|to))\s*(?:the\s+)?")
#: between two used parts of a list: "A, B and a C"
USE_LIST_GAP = re.compile(r"\s*(?:,|,?\s+(?:and|or))?\s*(?:(?:a|an|the)\s+)?")
#: the first item of a numbered list right after a part cue: "consists of: (i) ASK-Splat", "comprises (1) a …"
ENUMERATOR = re.compile(r"\s*:?\s*\(([1a]|i)\)\s*")
#: any item of such a list
ENUMERATOR_ANY = re.compile(r"(?<![\w(])\((i{1,3}|iv|vi{0,3}|[1-9]|[a-h])\)\s*")
#: what a negation excepts: "no specialized training beyond the standard DPO setup", "nothing but X"
EXCEPT = re.compile(r"(?<![\w-])(?:beyond|except|besides|but|other\s+than|apart\s+from|aside\s+from)(?![\w-])",
                     re.IGNORECASE)
#: what may open a sentence before its topic ("The …", "Recent …", "In …, ", "The purpose of …")
OPENING = re.compile(r"\s*(?:in\s+|the\s+(?:problem|task|goal|purpose|aim|challenge)\s+of\s+)?"
                      r"(?:(?:the|recent|modern)\s+)?", re.IGNORECASE)
#: a negation of a use ("without any fine-tuning", "does not need", "with no need for"); not "not only"
NEGATION = LowerRegex(r"(?<![\w-])(?:without|w/o|never|no|nor|cannot|not(?!\s+only\b))(?![\w-])")
#: the word right after a mention ("L-BFGS algorithm"): a generic head makes the mention a qualifier
NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)\b")
#: the word glued to a name by a hyphen or after a space ("DNN-based", "RGB based"): a describer of what follows
GLUED_WORD = re.compile(r"(?:-|[ \t]+)([A-Za-z]+)\b")
#: (a short parenthesis may close an item: its score, "outperforming baselines such as A (15.0%) and B (9.8%)")
LIST_GAP = re.compile(r"(?:\s*\([^()]{1,30}\))?(?:\s*(?:,|,?\s+(?:and|or))?\s*|\s*,?\s*(?:including|such as|like|e\.g\.,?|namely)\s+)")
#: ``LIST_GAP`` between two rivals, or a margin then a list word: "outperforming TableLlama by an average of 35% and
#: Flan-UL2 20B by …", "outperforms A by a large margin and B" (a margin holds a number or the word "margin")
RIVAL_LIST_GAP = re.compile(LIST_GAP.pattern + r"|\s+by\s+(?:[^,;()\d]{0,25}?\d[\w.%]*(?:\s+[\w%-]+){0,3}?"
                            r"|an?\s+(?:[\w-]+\s+)?margin)\s*(?:,|,?\s+(?:and|or))\s*(?:(?:the|over|than)\s+)?")


def _alternation(stems, words) -> str:
    """A regex alternation of ``stems`` (any word they begin: "improv" for "improves") and whole ``words``,
    longest first, escaped."""
    alts = [re.escape(s) + r"\w*" for s in stems] + [re.escape(w) for w in words]
    return "|".join(sorted(alts, key=len, reverse=True))


_LONG_WORD = re.compile(r"[A-Za-z]{3,}")


def stems(text: str) -> set[str]:
    """The first five letters of each word of three letters or more: "detecting" and "detection" meet."""
    return {w[:5].lower() for w in _LONG_WORD.findall(text)}


#: a two-letter acronym ("RD" for rumor detection, "RL") that a name can hold ("CPT-RD", "MARL-RL"): capitals only
SHORT_ACRONYM = re.compile(r"[A-Z]{2}")


#: contributions proposed side by side ("we propose two approaches: A and B"), not one inside the other
SIBLINGS = re.compile(r"\b(?:two|three|four|both)\b", re.IGNORECASE)
#: "FastDnX, a faster version of DnX", "Skill-RRT, an extension of RRT": a variant, not a part
VERSION_OF = re.compile(r"\s*(?:\([^()]{1,30}\))?\s*,\s*(?:an?|the)\s+(?:[\w-]+\s+){0,2}(?:version|variant|extension)\s+of\b",
                         re.IGNORECASE)


def _cue_regex(phrases: list[str], adverbs: bool = False) -> LowerRegex:
    """The phrases as whole words; with ``adverbs``, an adverb may stand inside a phrase of several words ("relies
    solely on", "is built directly upon")."""
    return LowerRegex(r"(?<![\w-])(" + "|".join(_cue_alternatives(phrases, adverbs)) + r")(?![\w-])")


def _cue_alternatives(phrases: list[str], adverbs: bool = False) -> list[str]:
    """The alternatives of :func:`_cue_regex`, longest first."""
    alts = sorted({re.escape(p.lower()) for p in phrases}, key=len, reverse=True)
    if adverbs:
        alts = [a.replace(r"\ ", r"\s+(?:[a-z]+ly\s+)?") for a in alts]
    return alts


def _cue_scan(phrases: list[str], adverbs: bool = False) -> LowerRegex | CueScan:
    """:func:`_cue_regex` as a :class:`CueScan` (see :func:`scannable`; else the regex)."""
    alts = _cue_alternatives(phrases, adverbs)
    regex = LowerRegex(r"(?<![\w-])(" + "|".join(alts) + r")(?![\w-])")
    return CueScan(regex, alts) if scannable(alts) else regex


class RelationCues:
    """The regexes and word sets every relation kind reads, built once per pipeline from the resources."""

    def __init__(self, res: Resources):
        self.res = res
        cues = res.cues
        self.outperform = _cue_scan([c for c in cues["outperform_cues"] if c != "over"])  # (where its first match ends)
        words = self.words = res.words
        self.over = LowerRegex(r"(?<![\w-])(" + _alternation(words.over_cue_stems, words.over_cue_words)
                               + r")\b[^.;]{0,60}?\bover\b")
        # "we evaluate HTRON against Reinforce, PPO, and TRPO": "against" compares after a verb of evaluation
        self.against = LowerRegex(r"(?<![\w-])(?:" + _alternation(words.against_cue_stems, ()) + r")\b[^.;]{0,80}?\bagainst\b"
                                  # "we compared CACER with CACLA and DDPG": the object of "compared" between
                                  r"|(?<![\w-])(?:" + _alternation((), words.compare_verbs)
                                  + r")\s+(?!with\b|to\b)[^.;,]{1,40}?\s(?:with|to)\b")
        # "achieves better style transfer performance than X": a comparative a few words (no punctuation) before "than"
        self.than = LowerRegex(r"(?<![\w-])(?:" + _alternation((), words.than_comparatives)
                               + r")\s+(?:[\w-]+\s+){1,4}?than(?![\w-])")
        # every cue of ``outperform``, ``over``, ``against`` and ``than`` holds one of these words
        #: the threat words, as substrings: a paper holding none has no threat to address (``finder.threat_links``)
        self.threat_words = key_words(list(words.against_threat_words))
        self.comparison_words = key_words(list(cues["outperform_cues"]) + list(words.comparison_key_words))
        self.eval_openers = words.relation_eval_openers
        self.use = _cue_scan(cues["use_cues"] + list(words.relation_use_extra), adverbs=True)
        self.apply_cues = words.relation_apply_cues
        #: the heads of a used phrase (``uses.used_phrases``), as substrings: a sentence holding none has none
        self.used_head_words = key_words(words.relation_used_phrase_heads)
        self.apply_gap_stops = words.relation_apply_gap_stops
        self.by_not_use = words.relation_by_not_use
        self.parts = _cue_regex(list(words.relation_part_cues))
        self.evaluation = {norm_word(w) for w in cues["evaluation_cues"]}
        self.self_ref = _cue_scan(cues["self_reference"] + list(words.relation_self_reference_extra))  # (read by group 1 and end)
        self.modifiers = Modifiers(res)
        #: "we (further) design/devise/develop/introduce …" once the contribution is named: its direct object is a part
        self.design = LowerRegex(r"(?<![\w-])we\s+(?:(?:" + "|".join(map(re.escape, words.relation_design_adverbs))
                                 + r")\s+)?(?:" + "|".join(map(re.escape, words.relation_design_verbs)) + r")\s")
        self.design_gap_stops = frozenset(words.rival_breaks) | frozenset(words.relation_design_gap_stops)
        #: "HeightMapNet also introduces a … network", "Our approach includes a … mechanism": a verb whose subject is
        #: the contribution (``uses.part_verb_ends``) and whose object is a part of it
        self.part_verbs = LowerRegex(r"(?<![\w-])(?:(?:" + "|".join(map(re.escape, words.relation_design_adverbs))
                                     + r")\s+)?(?:" + "|".join(map(re.escape, words.relation_part_verbs)) + r")(?![\w-])")
        self.part_verb_words = key_words(list(words.relation_part_verbs))
        #: "At the core of our method is …", "Central to CARDS is …": opening a sentence, a few words (no mark) then the
        #: copula, where a use cue ends (what follows is a part of what the words name)
        self.core_is = re.compile(r"\s*(?:[a-z]+,\s+)?(?:" + "|".join(re.escape(c).replace(r"\ ", r"\s+")
                                                         for c in sorted(words.relation_core_cues, key=len, reverse=True))
                                  + r")\s+[^,.;:()]{1,50}?\s+(?:is|are|lies\s+in)(?![\w-])", re.IGNORECASE)
        #: the prepositions after a comparison cue that name where it is made ("outperforms X on/in/across/for …"):
        #: a task after one is what the subject is for; without one, the task describes the rival
        self.scope_preps = frozenset(words.rival_breaks) - {"with", "without", "using"}
        #: words that tie a further phrase to the rival ("methods that rely on …", "baselines from …")
        self.rival_links = frozenset(words.rival_breaks) | frozenset(words.rival_link_words)
        #: the nouns of a rival whose modifier names its field ("pose estimation methods", "OCR models")
        self.rival_heads = frozenset(words.coined_method_nouns) | frozenset(words.coined_model_nouns)
        #: "competitive with", "on par with", "comparable results to": what follows is compared, not used
        self.parity = LowerRegex(r"(?<![\w-])(?:" + "|".join(map(re.escape, words.relation_parity_words))
                                 + r")(?:\s+(?:results|performance|accuracy|quality))?\s+(?:with|to)(?![\w-])")
        self.parity_words = key_words(list(words.relation_parity_words))
        #: "remaining competitive as compared to X", "similar parameter estimates when compared to X": a parity word
        #: before a comparison cue, no word of superiority between ("equivalent or superior performance compared to")
        self.parity_before_cue = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, words.relation_parity_words))
                                            + r")(?![\w-])(?![^.;]*?(?<![\w-])(?:"
                                            + "|".join(map(re.escape, words.relation_superiority_words))
                                            + r")(?![\w-]))[^.;]*\Z", re.IGNORECASE)
        #: a self-reference that names a method: "our method", "the proposed framework", "our model"
        self.method_ref = LowerRegex(r"(?<![\w-])(?:our|the\s+proposed|this)\s+(?:[\w-]+\s+)?(?:"
                                     + "|".join(map(re.escape, sorted(words.relation_method_refs)))
                                     + r")s?(?![\w-])")
        refs = "|".join(map(re.escape, sorted(words.relation_method_refs)))
        ref = r"(?:our|the\s+proposed|this)\s+(?:[\w-]+\s+)?(?:" + refs + r")"
        #: "our method", "the proposed framework", "it" ending the text before a verb: the contribution as its subject
        self.ref_before = re.compile(r"(?:(?<![\w-])it|(?<![\w-])" + ref + r"s?)\s*\Z", re.IGNORECASE)
        #: "we name our method X", "our approach, dubbed X", "the proposed framework is termed X"
        self.late_naming = re.compile(
            r"(?<![\w-])(?:we\s+(?:" + "|".join(map(re.escape, words.relation_late_naming_verbs)) + r")\s+" + ref
            + r"|" + ref + r"\s*,?\s*(?:is\s+|as\s+)?(?:" + "|".join(map(re.escape, words.relation_late_naming_participles))
            + r"))(?![\w-])", re.IGNORECASE)
        #: the authors as a subject: "we", "our"
        #: a concession opening a sentence up to its pronoun: "However its performance …", "Despite its potential, …"
        self.concession = re.compile(r"\s*(?:" + "|".join(map(re.escape, words.relation_pronoun_concessions))
                                     + r")\b,?[^,;:]*\Z", re.IGNORECASE)
        self.authors = LowerRegex(r"(?<![\w-])(?:we|our)(?![\w-])")
        self.remedy = re.compile(r"\s*(?:to|in order to)\s+(?:" + "|".join(map(re.escape, words.remedy_verbs))
                                 + r")\s+(?:this|these|the|such|both)\b", re.IGNORECASE)
        type_nouns = sorted({w for ws in cues["apposition_types"].values() for w in ws}, key=len, reverse=True)
        #: the kind nouns an apposition closes on ("X, a … framework"), one-word ones
        self.apposition_kind_words = frozenset(w for w in type_nouns if " " not in w) | frozenset(
            w + "s" for w in type_nouns if " " not in w)
        self.contrast = _cue_regex(cues["contrast_cues"])
        #: "While existing methods rely on A, …": a concessive clause about other work, opening the sentence
        self.concessive = LowerRegex(r"^\s*(?:" + "|".join(map(re.escape, words.relation_concessive_openers))
                                     + r")\s+(?:[\w-]+\s+)?(?:" + "|".join(map(re.escape, words.relation_concessive_others))
                                     + r")(?![\w-])")
        #: "bypasses explicit density ratio estimation": what the contribution does without (to a comma or a means word)
        self.avoid = _cue_regex(sorted(words.relation_avoid_cues))
        self.avoid_end = re.compile(r"[,;:]|(?<![\w-])(?:" + "|".join(sorted(words.relation_avoid_ends)) + r")(?![\w-])",
                                    re.IGNORECASE)
        #: the authors or their contribution ("we", "our"), which end a clause about other work that has no comma
        #: ("Contrary to the previous knowledge distillation approaches our network leverages …")
        self.authors_turn = re.compile(r"(?<![\w-])(?:we|our)(?![\w-])", re.IGNORECASE)
        self.contrast_words = key_words(list(cues["contrast_cues"]) + list(words.relation_concessive_openers)
                                        + list(words.relation_avoid_cues))
        self.paper_task = _cue_regex(cues["paper_task_verbs"])
        self.study_verbs = _cue_regex(cues["study_verbs"])
        problem_nouns = "|".join(map(re.escape, cues["task_of_nouns"]))
        #: "… the task of X": the noun of a problem and "of" right before the task
        self.problem_before = re.compile(r"(?<![\w-])(?:" + problem_nouns + r")s?\s+of\s+(?:the\s+)?\Z", re.IGNORECASE)
        #: "… as a X task": a task named as the kind of problem something is treated as
        self.problem_after = re.compile(r"\s+(?:" + problem_nouns + r")s?(?![\w-])", re.IGNORECASE)
        #: "X remains a challenging problem", "X has been a significant challenge"
        self.problem_state = re.compile(r"\s+(?:is|are|was|remains|remain|has\s+been|have\s+been)\s+(?:an?\s+|the\s+)?"
                                        r"(?:[\w-]+\s+){0,3}?(?:" + problem_nouns + r")s?(?![\w-])", re.IGNORECASE)
        self.problem_as = re.compile(r"(?<![\w-])as\s+an?\s+\Z", re.IGNORECASE)
        #: "as a", "as a special", "as the direct": what ends the text before a task a framing verb casts the problem as
        means = [w for t in ("Method", "Model") for w in cues["apposition_types"][t] if " " not in w] + ["solution"]
        #: the kind nouns of a method or model: after a task cast "as a", they describe the contribution as one of the
        #: task's methods ("can be regarded as a general re-ranking algorithm")
        self.framing_kind_words = frozenset(means) | frozenset(w + "s" for w in means)
        self.framed_as = re.compile(r"(?<![\w-])as\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}\Z", re.IGNORECASE)
        #: a dataset in a list after "on"/"across" (``ON_ITEMS``), also one a described collection opens: "on three
        #: long-document reading comprehension tasks: A, B, and C", "across three natural image datasets (i.e., A, B …",
        #: or one dataset an article opens and a comma sets off ("on a publicly available dataset, RESTORE")
        self.on_list = re.compile(r"(?<![\w-])(?:[Oo]n|[Aa]cross)\s+(?:the\s+)?(?:(?:[\w-]+\s+){0,6}?(?:"
                                  + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words.relation_data_collections)
                                  + r")\s*(?::|\(\s*(?:(?:i\.e\.|e\.g\.),?)?|,?\s*(?:including|such\s+as|namely|i\.e\.,?|e\.g\.,?)|,)"
                                  r"\s*|an?\s+(?:[\w-]+\s+){0,5}?(?:" + "|".join(map(re.escape, words.relation_data_nouns_one))
                                  + r"),\s*)?" + ON_ITEMS)
        #: the labels of a numbered list, by its first label
        self.enumerations = enumeration_labels(words.relation_roman_numerals)
        #: "Multimodal Alignment based Product Recommendation": a title's means before "based"
        self.based = re.compile(r"[\s-]based(?![\w-])", re.IGNORECASE)
        #: "Deep Hypersphere Compression for Anomaly Detection": the purpose a title names after its contribution
        self.title_for = re.compile(r"(?<![\w-])for(?![\w-])", re.IGNORECASE)
        #: "… via X", "… using X": where a title turns from what is addressed to the means
        self.title_means = re.compile(r"(?<![\w-])(?:" + _alternation((), words.relation_title_means) + r")(?![\w-])",
                                      re.IGNORECASE)
        #: "Mitigating …", "FedLMT: Tackling …": a remedy gerund opening a title or its part after a colon
        self.title_remedy = re.compile(r"(?:^|:\s*)(?:" + _alternation((), words.relation_title_remedies)
                                       + r")\s+(?:the\s+)?", re.IGNORECASE)
        self.title_problem_cuts = frozenset(cues["title_cuts"]) | words.relation_title_problem_cuts
        # (scanned for where the first one ends, or whether there is one)
        subjects = sorted([re.escape(w) for w in words.paper_subjects], key=len, reverse=True)  # as _alternation
        paper_subject = LowerRegex(r"(?<![\w-])(?:" + "|".join(subjects) + r")(?![\w-])")
        self.paper_subject = CueScan(paper_subject, subjects) if scannable(subjects) else paper_subject
        # "a new PnP framework, called SNORE": the description before a naming cue
        self.named_description = re.compile(r"(?<![\w-])(?:an?|the|our)\s+([^,.;()]{0,100}?)\s*\b(?:"
                                            + "|".join(re.escape(w) for w in type_nouns) + r")s?"
                                            # "… method for context-aware recommendation, called NGF": its purpose
                                            r"(?:\s+for\s+[^,.;()]{1,60}?)?"
                                            # "a novel bilevel optimization-based framework, PARL": a comma alone
                                            r"(?:\s*,?\s*(?:" + "|".join(re.escape(w) for w in cues["naming_cues"])
                                            + r")|\s*,)\s*$",
                                            re.IGNORECASE)
        # (an acronym defined inside before "based" is kept; the comma may be missing, as abstracts stripped of their
        # commas have it: "We introduce NCAdapt a Neural Cellular Automata (NCA) based method", "We propose SingleNet
        # an innovative knowledge distillation approach")
        self.apposition = re.compile(r"\s*(?:\([^()]{0,80}\))?\s*(?:,\s*|\s+)(?:an?|the)\s+((?:[^,.;()]|\([^()]{1,20}\)(?=[\s-]*based\b)){0,100}?)\s*\b(?:"
                                     + "|".join(re.escape(w) for w in type_nouns) + r")s?\b", re.IGNORECASE)
        #: "CoLLEGe is a meta-learning framework capable of …": the description a copula gives the contribution
        self.copula_breaks = frozenset(words.rival_breaks) | frozenset(words.relation_design_gap_stops)
        self.copula = re.compile(r"\s+(?:is|are)\s+(?:an?)\s+([^,.;()]{0,100}?)\s*\b(?:"
                                 + "|".join(re.escape(w) for w in type_nouns) + r")s?\b", re.IGNORECASE)


    def use_ends(self, sent) -> tuple[list[int], set[int]]:
        """Where the sentence's use cues end, less an "apply" cue ("we apply X") that a preposition or a
        self-reference follows ("we apply our algorithm to PATE", "our findings apply beyond PageRank"); and the ends
        of the "apply" cues kept, whose object must follow closely (:meth:`close_object`)."""
        if sent.use_ends is not None:
            return sent.use_ends
        out: list[int] = []
        tight: set[int] = set()
        for u in sent.use_hits(self.use):
            if u.group(1).lower() == "by" and self._by_not_use(sent.text, u.start(1)):
                continue
            if u.group(1).lower() in self.apply_cues:
                nxt = sent.text[u.end():u.end() + 16].split()[:1]
                if nxt and nxt[0].lower() in self.apply_gap_stops:
                    continue
                tight.add(u.end())
            out.append(u.end())
        core = self.core_is.match(sent.text)  # (anchored: it fails at once on almost every sentence)
        if core is not None:
            # (its object follows closely, as an "apply" cue's: not "At the heart of our approach is object-aware
            # retargeting, which enables the humanoid robot …")
            out.append(core.end())
            out.sort()
            tight.add(core.end())
        sent.use_ends = out, tight
        return out, tight

    def _by_not_use(self, s_text: str, at: int) -> bool:
        """Whether the "by" at ``at`` follows a passive of a result, a cause or an inspiration ("the accuracy achieved
        by the full-size model", "Inspired by …", "tampered with by …"): what it brings is not used."""
        before = s_text[max(0, at - 30):at].lower().split()[-2:]
        if before and before[-1] == "with":
            before = before[:-1]
        return bool(before) and before[-1] in self.by_not_use

    def close_object(self, s_text: str, end: int, start: int) -> bool:
        """Whether the text from a use cue ending at ``end`` to a mention at ``start`` is at most three words, none a
        preposition or self-reference: what an "apply" cue introduces."""
        words = s_text[end:start].lower().split()
        return len(words) <= 3 and self.apply_gap_stops.isdisjoint(words)
