"""``kg_acronyms``: definitions ``Long Form (ACRO)`` and ``ACRO (Long Form)``.

Implements the Schwartz & Hearst (2003) algorithm: the long form is the
shortest run of words before the parenthesis whose letters cover the
acronym's characters in order, the first at a word start. Both halves become
candidates that share ``long_form`` so resolution makes them one entity.
"""
from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.state import Candidate, contract, state
from kg.extract.text import (doc_text, expand_powers, head_type, is_acronym, norm_word, sentence_text,
                             sentences)
from kg.extract.resources import SHIPPED, Resources
from kg.types import Finder

#: the finders as module constants: ``Finder.X`` goes through ``EnumType``'s ``__getattr__`` slot (Python 3.11),
#: ~4x the cost of a global, and these tests run for every candidate
_LEXICON = Finder.LEXICON

_PAREN = re.compile(r"\(([^()\s][^()]{0,60}?)\)(?!\^)")  # not the base of a power: "SF(DA)^2"
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")
#: the types a long form takes from a known term it ends in (a metric's or hardware's name ends many a loss or format)
_KIND_OF_TYPES = frozenset(("Task", "Model", "Dataset"))
#: what stands between two definitions of one list: "(NGSIM), Highway Drone", "(HighD), and Macao …"
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and|or)\s+)(?:the\s+)?")
#: the confidence of a definition typed by no head, no noun and no known term: a guess
_GUESS = 0.55
_LAST_WORD = re.compile(r"([A-Za-z][A-Za-z0-9\-^]{1,20})\s*$")
#: longest match of _LAST_WORD in a right-stripped text: searched from there, not tried at every character
_LAST_WORD_MAX = 21


_REPEAT = re.compile(r"([A-Za-z])([3-9])(?![0-9])")  # "2" between letters means "to" (T2I)
# "… Gradient Descent" or AdaRad,': a capitalised name (2-8 words, maybe quoted), "or", a short name closing the clause
_OR_ALIAS = re.compile(r'((?:[A-Z][\w-]*\s+){1,7}[A-Z][\w-]*)["\u201d\']*,?\s+or\s+["\u201c]?([A-Za-z][\w-]*[A-Z][\w-]*)'
                       r'(?=["\u201d]?[\s,.;:)])')
# "we introduce Llip, Latent Language Image Pretraining, which …": a name, then the capitalised words it abbreviates
_APPOSED_ALIAS = re.compile(r"(?<![\w-])([A-Z][A-Za-z0-9-]{2,15}), ((?:[A-Z][\w-]*\s+){1,7}[A-Z][\w-]*)(?=[,(])")
_TWICE = re.compile(r"([A-Z])2(?=[A-Z])")
def best_long_form(short: str, long: str) -> str | None:
    """Schwartz-Hearst: the long form (a suffix of ``long``) that ``short`` abbreviates.

    A letter followed by a small count stands for that many words with the letter
    ("D3IL" = Datasets with Diverse human Demonstrations for Imitation Learning, "S4").
    """
    if "^" in short:
        short = expand_powers(short)
    found = _long_form(short, long, True) or _long_form(short, long)
    if found is None and _REPEAT.search(short):
        repeated = _REPEAT.sub(lambda m: m.group(1) * int(m.group(2)), short)
        found = _long_form(repeated, long, True) or _long_form(repeated, long)
    if found is None and _TWICE.search(short):
        # "Graph Advantage Actor-Critic (GA2C)", "A2C": a "2" that does not read "to" doubles the capital before it
        # (only in a capitalised name: "T2I" reads "text-to-image" through the plain match above)
        found = _long_form(_TWICE.sub(lambda m: m.group(1) * 2, short), long, True)
        if found is not None and not all(w[:1].isupper() for w in found.split()):
            found = None  # a name's capitals only: "I2I" in "unpaired image-to-image" reads "to"
    return found


def _long_form(short: str, long: str, initials: bool = False) -> str | None:
    """``initials``: every capital of ``short`` starts a word or is a capital of ``long`` (tried first: the
    plain match may take "PPOT" from inside "Partial Optimal Transport")."""
    s = short[:-1] if short.endswith("s") and len(short) > 2 and short[-2].isupper() else short
    s_idx, l_idx = len(s) - 1, len(long) - 1
    while s_idx >= 0:
        c = s[s_idx].lower()
        if not c.isalnum():
            s_idx -= 1
            continue
        while l_idx >= 0 and (long[l_idx].lower() != c or
                              ((s_idx == 0 or (initials and s[s_idx].isupper() and not long[l_idx].isupper()))
                               and l_idx > 0 and long[l_idx - 1].isalnum())):
            l_idx -= 1
        if l_idx < 0:
            return None
        l_idx -= 1
        s_idx -= 1
    start = long.rfind(" ", 0, l_idx + 1) + 1
    return long[start:]


def _kind_nouns(res: Resources) -> dict[str, tuple[str, float]]:
    """cues.json's definition_kinds: the noun after a definition says what it is ("… (TST) task")."""
    return {w: (typ, 0.7) for typ, words in res.cues["definition_kinds"].items() for w in words}


def _type_of(long_form: str, res: Resources, kind_nouns: dict[str, tuple[str, float]]) -> tuple[str, float]:
    """Type a definition by its long form's head; a lexicon match on the same span outvotes this guess."""
    words = _ALNUM_RUN.findall(long_form)
    # "Datasets with Diverse human Demonstrations for …": the head comes before the first preposition
    cut = next((i for i, w in enumerate(words) if i and w.lower() in res.words.long_form_prepositions),
               len(words))
    if cut < len(words) and head_type(words[cut - 1], res):
        words = words[:cut]
    if words:
        hit = head_type(words[-1], res)
        if hit:
            typ, conf = hit
            title_case = all(w[:1].isupper() for w in words if len(w) > 3)
            if typ == "Task" and title_case and len(words) > 1 and words[-1].lower() not in kind_nouns:
                return "Method", 0.55  # "Multi-Token Prediction (MTP)": a named technique
            return typ, min(conf, 0.6)
        if len(words) > 1 and words[-1].lower() != norm_word(words[-1]) \
                and norm_word(words[-1]) in res.words.phrase_data_heads:
            return "Dataset", 0.55  # "Whole Slide Images (WSIs)": data named by what it holds, as kg_phrases reads it
        head = res.words.long_form_heads.get(norm_word(words[-1]).lower())
        if head is not None and len(words) > 1:
            return head, 0.6  # "unmanned aerial vehicles (UAVs)" a Model, "degrees of freedom (DoF)" a Metric
    return "Method", _GUESS


class AcronymFinder:
    def __init__(self, res: Resources):
        self.res = res
        self.kind_nouns = _kind_nouns(res)

    def _without_kind_noun(self, short: str, long: str) -> tuple[str, tuple[str, float] | None]:
        """"prompt gradient projection approach (PGP)" defines "prompt gradient projection", a Method.

        The letter match may take an acronym's last letter from inside a trailing kind noun ("ap*p*roach");
        when the words before that noun spell the acronym too, the noun only says what kind of thing it is.
        """
        words = long.split()
        last = short.rstrip("s")[-1:].lower()
        if len(words) > 2 and words[-1].lower() in self.kind_nouns and words[-1][0].lower() != last:
            shorter = best_long_form(short, " ".join(words[:-1]))
            if shorter and len(shorter.split()) >= 2:
                return shorter, self.kind_nouns[words[-1].lower()]
        return long, None

    def _modifier(self, long_form: str, after: str) -> bool:
        """"out-of-distribution (OOD) detection", "high-resolution (HR) images": a one-word compound that
        no head types, defined in front of a noun, is that noun's modifier; the pair names nothing.

        A name keeps its definition: one with inner capitals ("Kullback-Leibler (KL) divergence"), a known
        term (checked by the caller), or one that a function word or punctuation follows ("… (SC) has").
        """
        if " " in long_form or "-" not in long_form or long_form[1:] != long_form[1:].lower():
            return False
        words = after.split()
        nxt = words[0].rstrip(".,;:!?") if words else ""
        return nxt.isalpha() and nxt.lower() not in self.res.function_words and head_type(long_form, self.res) is None

    @staticmethod
    def _type_listed(text: str, out: list[Candidate], chain: list[tuple[int, int, int, bool]], start: int,
                     conf: float) -> None:
        """"Next Generation Simulation (NGSIM), Highway Drone (HighD), and Macao Connected Autonomous Driving
        (MoCAD) datasets": the plural data noun after the last definition of a list names every item, not only
        the one next to it. The definitions before it (in the same sentence) are its list when only a comma or
        "and"/"or" stands between one's bracket and the next long form; a long form the lexicon knows keeps
        its type, and so does one its head types ("image classification (IC) and object detection (OD) datasets"
        are datasets of tasks): only the default guess, a Method, becomes data."""
        for lf_start, close, idx, was_known in reversed(chain):
            if _LIST_GAP.fullmatch(text[close:start]) is None:
                return
            if not was_known and out[idx].type == "Method" and out[idx].confidence <= _GUESS:
                for c in out[idx:idx + 2]:
                    c.type, c.confidence = "Dataset", max(c.confidence, conf)
            start = lf_start

    def _aliases(self, text: str, out: list[Candidate]) -> None:
        """A capitalised name given a short name without brackets: with "or" ("which we term "Adaptive Radial-Angular
        Gradient Descent" or AdaRad", "Multi-Resolution Diffusion, or mr-Diff"), or apposed before it ("we introduce
        Llip, Latent Language Image Pretraining, which …"). The short name must abbreviate the name (so "CNN or RNN",
        "Adam or SGD" are left alone: alternatives, not a name and its short form)."""
        # (from each " or " and ", " before a capital: the patterns tried at every capital cost ~65 µs an abstract)
        at = text.find(" or ")
        while at >= 0:
            lo = max(0, at - 120)
            m = _OR_ALIAS.search(text, lo, at + 40)
            while m is not None and m.start() < at:
                if m.start(2) > at:
                    self._alias(out, m.group(2), m.start(2), m.group(1), m.start(1), True)
                    break
                m = _OR_ALIAS.search(text, m.start() + 1, at + 40)
            at = text.find(" or ", at + 4)
        at = text.find(", ")
        while at >= 0:
            if text[at + 2:at + 3].isupper():
                m = _APPOSED_ALIAS.match(text, text.rfind(" ", 0, at) + 1)
                if m is not None and m.end(1) == at:
                    self._alias(out, m.group(1), m.start(1), m.group(2), m.start(2), False)
            at = text.find(", ", at + 2)

    def _alias(self, out: list[Candidate], short: str, s_start: int, long: str, l_start: int,
               suffix: bool) -> None:
        """``short`` names ``long`` when it abbreviates it: with ``suffix``, a name that ends ``long`` (which may
        open on other capitalised words: "We term Adaptive …"); else all of ``long``."""
        if suffix and not is_acronym(short) and not (short[0].islower() and "-" in short
                                                      and any(c.isupper() for c in short)):
            return
        lf = best_long_form(short, long)
        if not lf or len(lf.split()) < 2 or lf.lower() == short.lower() or not suffix and lf != long:
            return
        lf_start = l_start + long.rfind(lf)
        typ, conf = _type_of(lf, self.res, self.kind_nouns)
        out.append(Candidate(lf_start, lf_start + len(lf), typ, Finder.ACRONYM, conf, "", lf))
        out.append(Candidate(s_start, s_start + len(short), typ, Finder.ACRONYM, conf, "", lf))

    def __call__(self, doc: Doc) -> Doc:
        st = state(doc)
        out = st.candidates
        text = doc_text(doc)
        if " or " in text or ", " in text:
            self._aliases(text, out)
        if "(" not in text:
            return doc  # most abstracts define nothing: skip the per-sentence work
        # a long form the lexicon knows ("grammatical error correction" is a Task) types its acronym too
        known = {(c.start, c.end): (c.type, c.confidence) for c in out if c.finder is _LEXICON}
        modifiers = st.modifier_acronyms
        defined: dict[str, str] = {}  # acronym (singular) -> the type of its definition, in text order
        for sent in sentences(doc):
            if text.find("(", sent.start_char, sent.end_char) < 0:
                continue  # no parenthesis, no definition (cheaper than slicing the sentence and scanning it)
            s_text = sentence_text(doc, sent)
            base = sent.start_char
            chain: list[tuple[int, int, int, bool]] = []  # (long form start, ")" end, candidate index, known)
            for m in _PAREN.finditer(s_text):
                inner = m.group(1).strip()
                before = s_text[:m.start()].rstrip()
                if is_acronym(inner):
                    # Long Form (ACRO): look back at most min(|A|+5, 2|A|) words
                    words = before.split()
                    letters = len(_REPEAT.sub(lambda m: m.group(1) * int(m.group(2)), expand_powers(inner)))
                    n = min(letters + 5, 2 * letters)
                    window = " ".join(words[-n:])
                    lf = best_long_form(inner, window)
                    if not lf or len(lf.split()) < 2 and len(lf) <= len(inner) + 1:
                        continue
                    lf = lf.strip(" ,;:*_\"'“”")
                    if not lf or lf.lower() == inner.lower():
                        continue
                    lf, kind = self._without_kind_noun(inner, lf)
                    lf_start = base + before.rfind(lf)
                    if kind is None and self._modifier(lf, s_text[m.end():m.end() + 30]) \
                            and (lf_start, lf_start + len(lf)) not in known:
                        modifiers.add(inner)  # kg_coined leaves "OOD" alone too
                        continue
                    a_start = base + m.start(1) + (len(m.group(1)) - len(m.group(1).lstrip()))
                    typ, conf = kind or _type_of(lf, self.res, self.kind_nouns)
                    last = lf.rsplit(None, 1)[-1]
                    if not kind and conf < 0.6 and last.rstrip("s") in defined:
                        # "probabilistically rewired MPNNs (PR-MPNNs)": a kind of the MPNNs defined before
                        typ, conf = defined[last.rstrip("s")], 0.6
                    lf_end = lf_start + len(lf)
                    if not kind and (lf_start, lf_end) not in known \
                            and head_type((_ALNUM_RUN.findall(lf) or [""])[-1], self.res) is None:
                        # "k-dimensional congestion games (k-DCGs)", "Multi-marginal optimal transport (MOT)": a long
                        # form no head list types that ends in a known term is a kind of that term
                        inner_term = max((k for k in known if lf_start < k[0] and k[1] == lf_end and k[0] < k[1]),
                                         key=lambda k: k[1] - k[0], default=None)
                        if inner_term is not None and text[inner_term[0] - 1] in " -" \
                                and known[inner_term][0] in _KIND_OF_TYPES \
                                and text[lf_start:inner_term[0]].split()[-1].lower() \
                                not in self.res.words.long_form_prepositions:  # not "Learned Early Exit for BERT"
                            typ, conf = known[inner_term][0], max(conf, 0.6)
                    after = s_text[m.end():m.end() + 30].split()
                    listed, noun = False, None
                    if after:
                        # "Vision-Language-Action (VLA) models": the noun after the acronym types it
                        word = after[0].strip(".,;:").lower()
                        noun = self.kind_nouns.get(word) or head_type(word, self.res)
                        if noun and (noun[0] in ("Model", "Dataset") or word in self.kind_nouns) and noun[1] >= conf \
                                and not (typ == "Task" and not kind and word not in self.kind_nouns):
                            # ("rumor detection (RD) models" are models of a task the long form's head names)
                            typ, conf = noun
                        listed = noun is not None and noun[0] == "Dataset" and word != norm_word(word)
                    if text[lf_start:lf_start + len(lf)] != lf:
                        continue
                    typ, conf = known.get((lf_start, lf_end), (typ, conf))
                    if listed and noun is not None:
                        self._type_listed(text, out, chain, lf_start, noun[1])
                    chain.append((lf_start, base + m.end(), len(out), (lf_start, lf_end) in known))
                    out.append(Candidate(lf_start, lf_start + len(lf), typ, Finder.ACRONYM, conf, "", lf))
                    out.append(Candidate(a_start, a_start + len(inner), typ, Finder.ACRONYM, conf, "", lf))
                    defined.setdefault(inner.rstrip("s"), typ)
                else:
                    # ACRO (Long Form): the word right before the parenthesis is the acronym
                    prev = _LAST_WORD.search(before, max(0, len(before) - _LAST_WORD_MAX))
                    if not prev or not is_acronym(prev.group(1)):
                        continue
                    short = prev.group(1)
                    lf = best_long_form(short, inner)
                    if not lf or lf != inner or len(lf.split()) < 2:
                        continue
                    s_start = base + prev.start(1)
                    l_start = base + m.start(1)
                    typ, conf = known.get((l_start, l_start + len(lf))) or _type_of(lf, self.res, self.kind_nouns)
                    out.append(Candidate(s_start, s_start + len(short), typ, Finder.ACRONYM, conf, "", lf))
                    out.append(Candidate(l_start, l_start + len(lf), typ, Finder.ACRONYM, conf, "", lf))
        return doc


@Language.factory("kg_acronyms", requires=["doc.sents"] + contract("candidates"),
                  assigns=contract("candidates", "modifier_acronyms"), default_config={"resources": SHIPPED})
def make_acronyms(nlp: Language, name: str, resources: Resources) -> AcronymFinder:
    return AcronymFinder(resources)
