"""Reading a paper's title for what it proposes and what it is for (see :mod:`kg.extract.components.contributions`).

Pure functions cut a title into the phrases that may name a contribution (:func:`title_phrases`: "Head:
Subtitle", up to a cut word), the phrase after its "for" (:func:`title_purpose`) and the two halves of "X via Y"
(:func:`title_means`). :class:`TitleReader` decides from them and the abstract: the name before a title's colon,
the task a title names, the title's phrase that names a contribution the abstract does not name.
"""
from __future__ import annotations

import re

from spacy.tokens import Doc

from kg.extract.components.contributions.base import NAMES, ReaderBase, is_rare_word
from kg.extract.state import Candidate, state
from kg.extract.text import (
    TITLE_WORD,
    WholePhrase,
    doc_text,
    doc_title,
    head_type,
    may_contain,
    norm_word,
    positions,
    sentence_at,
    title_end,
    tokens,
    word_ranges,
)
from kg.types import Finder

NEXT_NOUN = re.compile(r"\s+([A-Za-z]+)\b")  # the word after a title's name in the abstract
_TITLE_SPLIT = re.compile(r"\s*:\s+|\s+[-–—]\s+")




#: "A Framework for …", "A Unifying Framework for …": an article, at most one capitalised word, a kind noun, "for"
_KIND_FOR_TITLE = re.compile(r"An?\s+([A-Z][\w-]*\s+)?([A-Z][a-z]+)\s+for\s")


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
        if first.endswith("ly") and len(first) > 5 and len(words) > 1 and words[1][2].endswith("ing"):
            continue  # "Privately Learning from Graphs …", "Jointly Training …": an adverb makes the -ing form a verb
        end = next((k for k, w in enumerate(words) if k and w[2] in cuts), len(words))
        cut_at = words[end][2] if end < len(words) else ""
        words = words[:end]
        if not 2 <= len(words) <= 9 or any(w[2] in rejects for w in words) or cut_at in ("vs", "versus"):
            continue  # "Reward Model Learning vs. Direct Policy Optimization": one side of a comparison is no name
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


def title_purpose(title: str, cuts: set[str], rejects: set[str], trailing: frozenset[str]) -> tuple[int, int] | None:
    """The phrase after a title's "for" ("… Laplace Approximation for Bayesian Deep Learning"): what the
    paper's contribution is for, up to the next cut word, colon or dash; 1 to 6 words, as offsets."""
    if title.isascii() and "for" not in title.lower():
        return None  # (an ASCII title lowers letter by letter: no "for" to search for at every character)
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
    if title.isascii():  # no means word in the title: no word to read (an ASCII title lowers letter by letter)
        title_low = title.lower()
        for means_word in means:
            if means_word in title_low:
                break
        else:
            return None
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




class TitleReader(ReaderBase):
    """What the title says the paper proposes or addresses."""

    def _phrases(self, title: str) -> tuple[tuple[int, int, int], ...]:
        """:func:`title_phrases` of ``title`` with this reader's word lists, kept for the last title: the readers of
        one paper ask for them up to four times."""
        last, phrases = self.last_title_phrases
        if title != last:
            phrases = tuple(title_phrases(title, self.title_cuts, self.title_inner, self.title_rejects,
                                          self.title_openers, self.res.noun_ing, self.words.title_articles))
            self.last_title_phrases = (title, phrases)
        return phrases

    def _verb_names(self, text: str, name: str, after: int) -> bool:
        """Whether the abstract (from ``after``) names ``name`` right after a contribution verb ("we propose Helios,
        an …", "we present Mustango: a …"), the name closing there (a comma, colon, bracket or full stop after it)."""
        pos = text.find(name, after)
        while pos >= 0:
            before = text[max(0, pos - 20):pos].split()
            if before and before[-1].lower() in self.past_verbs | self.verbs and text[pos + len(name):pos + len(name) + 1] in (",", ":", "(", "."):
                return True
            pos = text.find(name, pos + 1)
        return False

    def _title_name_proposed(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"Helios: Learning and Adaptation of …" and "In this paper, we propose Helios, an in-network …": a title's
        name before the colon that no finder read anywhere (a plain capitalised word), which the abstract proposes
        right after a contribution verb. Run after the other readers: a name they read keeps their type."""
        text, head = doc_text(doc), doc_title(doc)
        if head is None or ":" not in head:
            return
        name = head[:head.index(":")].strip()
        words = name.split()
        if not words or len(words) > 2 or not all(w[:1].isupper() for w in words) \
                or words[0].lower() in self.title_openers or not self._verb_names(text, name, len(head)):
            return
        if any(c.end - c.start == len(name) and text.startswith(name, c.start) for c in out):
            return
        start = text.find(name)
        cand = Candidate(start, start + len(name), "Method", Finder.CONTRIBUTION, 0.85, proposed=True)
        out.append(cand)
        by_start.setdefault(start, []).append(cand)
        self.new_names.append(cand)

    def _title_name(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """A title "DiffAug: Enhance …" names the paper's contribution before the colon.

        A name no finder knew counts too when the subtitle says what it is: "Magnushammer: A
        Transformer-Based Approach to Premise Selection".
        """
        text, head = doc_text(doc), doc_title(doc)
        if head is None:
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
        hits = [c for c in at if c.end - c.start == len(name) and c.finder in NAMES]
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
                noun = NEXT_NOUN.match(text, pos + len(name))
                if noun and self.referring.search(text, max(0, pos - 9), pos):
                    kind = self.type_words.get(norm_word(noun.group(1)))
                pos = text.find(name, pos + 1)
            if kind:
                cand = Candidate(start, start + len(name), kind, Finder.CONTRIBUTION, 0.85, proposed=True)
                out.append(cand)
                by_start.setdefault(start, []).append(cand)
                self.new_names.append(cand)

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

    def _title_and_means(self, doc: Doc) -> tuple[str | None, tuple[tuple[int, int], tuple[int, int]] | None]:
        """The title of a doc that has one (else None) and its means phrase (:func:`title_means`'s answer)."""
        title = doc_title(doc)
        if title is None:
            return None, None
        return title, title_means(title, self.words.title_means, self.title_cuts, self.title_rejects,
                                  self.words.title_articles)

    def _title_task(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"… for Grammatical Error Correction": what a title says its contribution is for is a task, unless a
        vocabulary or another finder knows the phrase as something else (then it only votes)."""
        title, means = self._title_and_means(doc)
        if title is None:
            return
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
                   for a, b, h in self._phrases(title)]
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
        text, head = doc_text(doc), doc_title(doc)
        if head is None:
            return False
        colon = head.find(": ")
        name = head[:colon].strip() if colon > 0 else ""
        if not name or " " in name or name.lower() in self.title_openers:
            return False
        inner_mark = any(c.isdigit() or c.isupper() for c in name[1:])
        if not name[:1].isupper() and not (name[:1].isalpha() and inner_mark):
            return False  # "q-Paths: …", "iTransformer: …": a coined name may start lower-case when it is marked inside
        coined = "-" in name.strip("-") or inner_mark
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
        title = doc_title(doc)
        if title is None:
            return False
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
        # "… through Hierarchical Generative Modeling": a gerund after a means word is how it is done, whatever a
        # finder typed the phrase (not a known one: "… through Language Modeling")
        gerund = typ == "Task" and head in self.res.noun_ing and head not in self.type_words
        introduced = gerund or (typ in (None, "Dataset") and self._introduced(doc, "", title[start:end]))
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

    def _title_means_used(self, doc: Doc, out: list[Candidate]) -> None:
        """"WalkFormer: Point Cloud Completion via Guided Walks", "… through Self-Feedback Guided Revision": the title's
        means phrase (after "via", "using" or "through") of a paper that names its contribution otherwise is a
        technique it uses, a Method whatever its head, when it is written as a name (every word capitalised, two
        to five words) and no finder read it. Not a verb phrase ("via Learning …"), a known thing ("via the
        …"), nor a phrase a head types as a model, dataset or task ("… Using Aerial Robots")."""
        title, means = self._title_and_means(doc)
        if title is None:
            return
        if means is None:
            return
        start, end = means[1]
        phrase = title[start:end].split()
        first = phrase[0].lower()
        if not 2 <= len(phrase) <= 5 or not all(w[:1].isupper() for w in phrase) or "," in title[start:end] \
                or first.endswith("ing") and first not in self.res.noun_ing \
                or title[:start].rstrip().lower().endswith(tuple(f" {a}" for a in self.words.title_articles)):
            return
        if any(c.start <= start and end <= c.end or start <= c.start and c.end <= end
               and (c.type != "Method" or c.finder is Finder.LEXICON) for c in out):
            return  # read already, or holding a known term or a name of another kind
        head = phrase[-1].rsplit("-", 1)[-1]
        found = head_type(head, self.res)
        if found is not None and found[0] != "Method" or norm_word(head.lower()) in self.words.phrase_data_heads \
                or found is None and norm_word(head.lower()) in self.words.title_means_data_heads:
            return  # "… Using Aerial Robots", "… using Synthetic Data", "… through Contrast Sets": a model, a platform or data
        if found is None and title[end:].lower().startswith(" and "):
            return  # "… Through Joint Sentiment and Emotion Modeling": the head may be shared with the next item
        out.append(Candidate(start, end, "Method", Finder.CONTRIBUTION, 0.6, rule="title-means-used"))

    def _title_means_named(self, doc: Doc, by_start, out: list[Candidate]) -> None:
        """"Model Merging by Uncertainty-Based Gradient Matching" with "we propose an uncertainty-based scheme …": a
        described contribution of one modifier and a kind noun whose modifier is a word of the title's means phrase (after
        "via", "using", "through" or "by") is that phrase, which names it."""
        cand, text = out[-1], doc_text(doc)
        label = text[cand.start:cand.end].lower().split()
        if len(label) != 2 or norm_word(label[1]) not in self.type_words:
            return
        title = doc_title(doc)
        if title is None:
            return
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

    def _title_phrase(self, doc: Doc, by_start, out: list[Candidate], kind: str | None = None,
                      means_too: bool = False, named_only: bool = False, loose: bool = False,
                      before_described: bool = False) -> bool:
        """"Weakly Consistent Optimal Pricing Algorithms in Repeated … Auctions" with "We propose a novel
        algorithm that …": an abstract that proposes something it does not name has its name in the title.

        The title's noun phrase (see :func:`title_phrases`) counts when its head says it is a method, model,
        dataset or measure (a kind noun or a method head: "… Framework", "… Model", "… Learning"); a title
        naming its task ("Specular Object Reconstruction …") or a known concept ("Bayesian Neural Networks")
        names no contribution. ``before_described``: read before the abstract's described contribution ("we propose a
        novel algorithm that …"), the phrase must be headed by a kind noun ("… Algorithms") or be introduced by the
        abstract; an activity head ("Optimal Multi-Distribution Learning", "Smooth Bandit Optimization") names what the
        paper works on, and gives way to what the abstract describes (read again after it when that is nothing)."""
        title = doc_title(doc)
        if title is None:
            return False
        abstract = doc_text(doc)[len(title) + 2:]
        for start, end, head_end in self._phrases(title):
            head = norm_word(title[:head_end].rsplit(None, 1)[-1].rsplit("-", 1)[-1])
            last = title[:end].rsplit(None, 1)[-1]
            if last.islower() is False and last.lower().endswith("ed") and last.lower()[:-2] not in self.type_words \
                    and " " in title[start:end] and self._participle(last.lower()):
                continue  # "In-context Learning on Function Classes Unveiled": a clause, not a name
            if named_only and not self._introduced(doc, abstract, title[start:end], named_only=True):
                continue
            # "… : Transferable Latent Spatial Representations for Navigation": a noun of a thing made heads it too
            typ = self.type_words.get(head) or self.words.made_kind_nouns.get(head)
            found = None
            if typ is None:
                found = head_type(head, self.res)
                typ = found[0] if found and found[0] in ("Method", "Model") else kind
            if typ is None and not (found and found[0] == "Task") and self._introduced(doc, abstract, title[start:end]):
                typ = "Method"  # "we propose modified Retrace to …", "…, called plug-in performative optimization"
            if typ is None and not (found and found[0] == "Task") and (not before_described or WholePhrase(
                    title[start:end], ignore_case=True).search(abstract)):
                # "Doubly Sparse Variational Gaussian Processes": words of its own before a known method or model that
                # ends the phrase make a variant of it, of its kind
                # (not "Implicit Bias of Gradient Descent", "Minimax Bounds on … Convex Optimization": a phrase of its
                # own before a preposition)
                # (not "Heteroscedastic Gaussian Processes …" whose abstract opens "Heteroscedastic Gaussian processes
                # (HGPs) are …": the background the paper builds on; before what the abstract describes only when it
                # repeats it: "Optimal Decision Trees For …" gives way to "we present a novel SAT-based framework for …")
                typ = next((c.type for c in self.found if c.finder is Finder.LEXICON and c.end == end
                            and start < c.start and c.type in ("Method", "Model") and self.words.described_breaks.isdisjoint(
                                title[start:c.start].lower().split())), None)
                if typ is not None and self._background_phrase(doc, title[start:end], whole=True):
                    typ = None
            if typ is None or typ == "Task":
                continue
            if before_described and found is not None and head_end == end \
                    and self._background_phrase(doc, title[start:end]):
                continue  # (not "Deep Metric Learning With Chance Constraints": what the phrase adds to its head is new)
            if before_described and self._means_in_abstract(abstract, title[start:end]) \
                    and not self._introduced(doc, abstract, title[start:end]):
                continue  # "Kalman Filter for Online Classification …" with "we introduce a … online learning approach
                # that utilizes Kalman filter recursions": the title names what the described contribution uses
            after = title[end:].split(None, 1)
            if not means_too and after and after[0].lower() in self.words.title_means and head not in self.type_words:
                continue  # "Efficient Heterogeneous Meta-Learning via Channel Shuffling Modulation": X of "X via Y" is
                # what the paper addresses (see title_means), its contribution is the abstract's or Y, read first
            split = _TITLE_SPLIT.search(title) if _may_split(title) else None
            if typ is kind and kind is not None and (split and start > split.start() or not (WholePhrase(
                    title[start:end], ignore_case=True).search(abstract)
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

    def _indefinite_title(self, doc: Doc, by_start, out: list[Candidate]) -> bool:
        """"A Cognitive Regularizer for Language Modeling", "An Optimal Algorithm for Stochastic and Adversarial
        Bandits": a title that opens as one indefinite noun phrase headed by a kind noun says what the paper
        presents, when the abstract speaks of a thing of that kind ("the algorithm", "a regularizer that …"); the
        answer of last resort of a paper whose abstract names and describes nothing it proposes. A study, a survey
        or an analysis is no such kind (``contribution_not_heads``), nor is a known concept ("A Transformer …")."""
        title = doc_title(doc)
        rest = doc_text(doc)[len(title) + 2:] if title is not None else ""
        if title is None or not (title.startswith(("A ", "An ")) and title[title.index(" ") + 1:][:1].isupper()):
            return False
        phrases = self._phrases(title)
        if not phrases or title[:phrases[0][0]].strip().lower() not in self.words.title_articles:
            return self._kind_for_title(doc, title, rest, out)  # "A Novel Platform to …": a phrase of one word only
        start, end, head_end = phrases[0]
        based = title.lower().find(" based on ", start, end)
        if based > start:
            end, head_end = based, min(head_end, based)  # "A Benchmark of French ASR Systems Based on …"
        word = title[:head_end].rsplit(None, 1)[-1].rsplit("-", 1)[-1]
        head = norm_word(word)
        if head in self.words.contribution_not_heads or word.lower() in self.words.contribution_not_heads:
            return False  # "A Comparative Study of …", "A Closer Look at …"
        typ = self.type_words.get(head) or self.words.made_kind_nouns.get(head)
        if typ is None:
            found = head_type(head, self.res)
            typ = found[0] if found and found[0] in ("Method", "Model") else None
        if typ is None and word.isalpha() and re.search(r"\b(?:our|the proposed|our proposed) " + re.escape(word.lower())
                                                        + r"\b", rest, re.IGNORECASE):
            typ = "Method"  # "A Rank-1 Sketch for …" with "Our sketch solves …": the paper's own thing of that kind
        if typ is None or typ == "Task" or not WholePhrase(head, ignore_case=True, end=False).search(rest):
            return False  # the abstract never speaks of a thing of the title's kind
        if any(c.finder is Finder.LEXICON and c.end >= end for c in by_start.get(start, ())):
            return False  # a known concept: "A Gaussian Process …"
        cand = Candidate(start, end, typ, Finder.CONTRIBUTION, 0.75, proposed=True, rule="indefinite-title")
        out.append(cand)
        by_start.setdefault(start, []).append(cand)
        return True

    def _kind_for_title(self, doc: Doc, title: str, rest: str, out: list[Candidate]) -> bool:
        """"A Framework for Few-Shot Policy Transfer Through …": a title that opens on an article, a kind noun
        (one describing word before it at most) and "for" presents a thing of that kind for the phrase after "for";
        proposed through that phrase when the abstract says the paper gives "a"/"an"/"our" thing of that kind
        ("This work proposes a framework for …")."""
        m = _KIND_FOR_TITLE.match(title)
        if not m:
            return False
        kind = m.group(2).lower()
        typ = self.type_words.get(norm_word(kind))
        if typ not in ("Method", "Model", "Dataset") or (m.group(1) and m.group(1).strip().lower() in self.words.contribution_not_heads):
            return False
        span = title_purpose(title, self.title_cuts, self.title_rejects, self.words.title_purpose_trailing)
        if span is None or span[0] > m.end() + 4:
            return False
        if not re.search(r"\b(?:a|an|our)\s+(?:[\w-]+\s+){0,4}" + re.escape(kind) + r"\b", rest, re.IGNORECASE):
            return False  # the abstract never presents a thing of the title's kind
        start = m.start(1) if m.group(1) and m.group(1).strip().lower() not in ("new", "novel") else m.start(2)
        out.append(Candidate(start, span[1], typ, Finder.CONTRIBUTION, 0.7, proposed=True, rule="indefinite-title"))
        return True

    def _background_phrase(self, doc: Doc, phrase: str, whole: bool = False) -> bool:
        """Whether the abstract speaks of a title phrase (past its first word: "Multi-Distribution Learning") before
        the sentence of its first contribution cue ("Multi-distribution learning (MDL), which seeks to …"; "We
        consider bandit optimization of a smooth reward function"): the field or problem the paper works on.
        ``whole``: of the whole phrase ("Heteroscedastic Gaussian processes (HGPs) are kernel-based … models")."""
        words = phrase.split()
        if len(words) < 2:
            return False
        if all(w.lower() in self.res.weak_modifiers for w in words[:-1]):
            return True  # "Efficient Optimization for Linear Dynamical Systems …": a qualified activity names nothing
        # past its first word, which may qualify the field ("Optimal", "Smooth"): "Bandit Optimization"; not a field
        # alone ("Reinforcement Learning" of "Negatively Correlated Ensemble Reinforcement Learning")
        core = " ".join(words[1:]) if len(words) >= 3 and not whole else phrase
        end = self.unnamed[0][0].start_char if self.unnamed else len(doc_text(doc))
        text = doc_text(doc)
        start = text.find("\n\n") + 2
        return start > 1 and WholePhrase(core, ignore_case=True).search(text[start:end]) is not None

    def _means_in_abstract(self, abstract: str, phrase: str) -> bool:
        """Whether the abstract writes a title phrase right after a verb or preposition of use and before a noun it
        describes ("… an approach that utilizes Kalman filter recursions"): a part of a means of the paper's, not what
        it proposes (not "a new method … by using surrogate Bayesian Networks.": the phrase itself is the means)."""
        if not may_contain(abstract, (phrase.lower(),)):
            return False
        for m in WholePhrase(phrase, ignore_case=True).finditer(abstract):
            before = abstract[max(0, m.start() - 30):m.start()].lower().split()
            while before and before[-1] in self.words.title_articles:
                before.pop()
            nxt = re.match(r"[ \t]+([a-z]+)\b", abstract[m.end():m.end() + 30])
            if before and before[-1] in self.words.merge_means_verbs and nxt \
                    and nxt.group(1) not in self.words.described_breaks:
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
        # most title phrases are in no text searched below: substring tests first, before compiling the regex
        if phrase.isascii():
            low, toks = (phrase.lower(),), tokens(doc)
            if not may_contain(abstract, low) and (named_only or not any(
                    toks.lower[i] in self.verbs and i + 1 < sent.end and toks.lower[i + 1] == "to"
                    and may_contain(doc_text(doc)[toks.idx[i]:sent.end_char], low) for sent, i in self.unnamed)):
                return False
        at = WholePhrase(phrase, ignore_case=True)
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
            if before and (before[-1] in self.naming or (not named_only and (before[-1] in self.verbs and self._verb_at(before, len(before) - 1) or (
                    len(before) > 1 and before[-2] == "we" and before[-1] in self.past_verbs)))):
                return True
        return False
