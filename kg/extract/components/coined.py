"""``kg_coined``: coined names no lexicon knows (KREPE, TileSparse, Qwen3-32B, MP-20).

A word is coined when it has inner capitals, is all-caps, or mixes letters and
digits. Its type comes from context: a type noun right after it ("MP-20
benchmark"), a model-family prefix ("Qwen3-32B"), an evaluation list ("on
CIFAR-10, GTSRB and TinyImageNet"); an untyped coined name is kept only when the
abstract repeats it (then it is most likely the method the paper is about).
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from itertools import compress
from operator import attrgetter, itemgetter

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.extract.fastre import necessary
from kg.extract.resources import SHIPPED, Resources
from kg.extract.state import GUESS, Candidate, contract, state
from kg.extract.text import (CAPITALISED_WORD, Tokens, char_token_range, doc_text, head_type, is_coined, norm_word,
                             sentence_at, sentence_norms, sentences, tokens, with_norms)
from kg.extract.text import title_end as text_title_end
from kg.types import Finder

# A word of the text: letters and digits, joined by "-", "." or "^", not part of an e-mail, path or URL; a
# parenthesised part before a power belongs to it ("SF(DA)^2").
# Only words with a capital or a digit can be coined names or model-family members (see ``_name``), so the
# lookahead skips the rest (~85% of the words) inside the regex engine. It scans the word's whole run of
# characters, a superset of what the group matches, and a match depends only on where it starts, so the
# matches kept are exactly the capital/digit ones of the plain pattern. The lookahead skips the lower-case
# part possessively ("*+"): the next character is then a capital or digit, or the run holds none, without
# backtracking over every letter of the word.
_NAME_WORD = re.compile(r"(?<![\w@/.\-'’^])(?=[a-z.^\-]*+[A-Z0-9])"
                        r"([A-Za-z0-9]+(?:[\-.^][A-Za-z0-9]+|\([A-Za-z0-9]+\)(?=\^\d))*)(?![\w@/'’^]|-\w|\.\w)")
#: ``_NAME_WORD`` with its look-behind read as the character before the word: ``sre`` tries a pattern that opens
#: with a look-behind at every character of the text, but this one only after a character that is no word
#: character (a class it skips to). Its group 1 is ``_NAME_WORD``'s; see :func:`_name_words`.
_NAME_WORD_AFTER = re.compile(r"[^\w@/.\-'’^]" + _NAME_WORD.pattern.removeprefix(r"(?<![\w@/.\-'’^])"))


#: ``_NAME_WORD_AFTER`` for ASCII text: its first class as the ASCII characters it holds, a bitmap ``sre`` scans
#: ~3x faster than the class it was (a negated one holding ``\\w``, a category tested character by character)
_AFTER_ASCII = re.escape("".join(c for c in map(chr, range(128)) if _NAME_WORD_AFTER.match(c + "A") is not None))
_NAME_WORD_AFTER_ASCII = re.compile("[" + _AFTER_ASCII + "]" + _NAME_WORD_AFTER.pattern.removeprefix(r"[^\w@/.\-'’^]"))
#: ``_NAME_WORD_AFTER`` for other text: its first class as any character but the ASCII ones it lacks (a bitmap ``sre``
#: tests at every character, not a category), then a look-behind that tests a character beyond ASCII for the class
_NAME_WORD_AFTER_ANY = re.compile(
    "[^" + re.escape("".join(c for c in map(chr, range(128)) if _NAME_WORD_AFTER.match(c + "A") is None))
    + r"](?<![\w’])" + _NAME_WORD_AFTER.pattern.removeprefix(r"[^\w@/.\-'’^]"))


def _name_words(text: str) -> Iterator[re.Match[str]]:
    """``_NAME_WORD.finditer(text)``, as matches whose group 1 is the word: at the start of the text the pattern
    itself, then ``_NAME_WORD_AFTER`` (a match ends in a word character, so the character before the next one
    lies after it)."""
    first = _NAME_WORD.match(text)
    if first is not None:
        yield first
    after = _NAME_WORD_AFTER_ASCII if text.isascii() else _NAME_WORD_AFTER_ANY
    yield from after.finditer(text, first.end() if first is not None else 0)


#: the known terms of a list vote on its names' type: a name listed with tasks is a benchmark ("VQA, SNLI-VE")
_VOTED_TYPES = {"Task": "Dataset"}
#: the types a name listed next to one known term takes from it ("BERT, TNLR"); others need a longer list
_NAMED_TYPES = {"Dataset", "Model", "Method"}
_LIST_HEAD_TYPES = {"model": ("Model", 0.65), "method": ("Method", 0.65)}


_DIGITS_UPPER = re.compile(r"\d+[A-Z]")
#: a name with a version number: its stem ("MOT" of "MOT17", "CIFAR" of "CIFAR-100")
_VERSIONED = re.compile(r"([A-Za-z]{2,})-?\d+[A-Za-z]?$")
#: a name and its variant after a hyphen: "ImageNet-R", "ImageNet-Sketch" (see ``two_names``)
_VARIANT = re.compile(r"([A-Za-z][A-Za-z0-9]{2,})-([A-Za-z0-9]+)$")
#: a word spelled as a name: a digit, or a capital after a lower-case letter ("CIFAR-100", "YouTube-VOS", "RefCOCO")
_SPELLED_NAME = re.compile(r"\d|[a-z][A-Z]")
#: three letters in a word: a name, not a version or a size ("V2", "v1.3", "384x384")
_LETTERS = re.compile(r"[A-Za-z][^A-Za-z]*[A-Za-z][^A-Za-z]*[A-Za-z]")
#: a version number written apart from the name ("Mega-TTS 2"), and what may follow it
_VERSION = re.compile(r"[1-9](?:\.\d)?")
_AFTER_VERSION = frozenset({",", ":", ";", "(", ".", "is", "achieves", "outperforms", "to", "which", "that", "and"})
#: a parameter count in a name: "InstructMining-7B", "E5-Mistral-7B-Instruct", "Pythia-1.4b" (not "GPT-4", "MP-20";
#: not millions: "DigiFace-1M", "LAION-400M" are datasets)
_MODEL_SIZE = re.compile(r"(?<=[\-_])\d+(?:\.\d+)?[Bb](?![A-Za-z0-9])")
_PLURAL_CAPS = re.compile(r"[A-Z0-9\-]+s")
_CAPITALISED = CAPITALISED_WORD  # (tokens() flags the words it matches)
#: "TruFor", "PaliGemma", "DiagramGLIGEN": a capital after a run of lower-case letters inside one word spells a
#: name, not an abbreviation of common words ("NLP", "SDP") or a unit ("30ms")
_INNER_CAPITAL = re.compile(r"^[A-Z][A-Za-z]*[a-z]{2}[A-Z]")
#: "GP-UCB", "Smoothed-AGDA", "XM-SfM": words joined by hyphens, the last one capitalised twice at least
_HYPHENED_NAME = re.compile(r"^([A-Za-z]+)(?:-[A-Za-z]+)*-(?=[A-Za-z]{3})([A-Za-z]*[A-Z][A-Za-z]*[A-Z][A-Za-z]*)$")
_SPACE_DIGIT = re.compile(r" \d")
#: a count of degrees of freedom ("6-DoF", "7-DOF", "6DoF", "multi-DoF", "DoFs"): how a robot or a pose moves, no name
_DOF = re.compile(r"(?:\d+-?|[A-Za-z]+-)?DOFs?", re.IGNORECASE)
#: mathematics spelled like a name: an order of growth ("O(n2 log2", "Θ(T", "widetildeO") or a variable with an index
#: ("n2", "k3"): a single lower-case letter before digits; a logarithm's base ("log2")
_FORMULA_NAME = re.compile(r"[OΘΩo]\(.*|\\?(?:widetilde|tilde|mathcal|mathbb|mathrm)[A-Za-z]*|[a-z]\d+|log\d+")
#: a matrix group's dimension after its name ("SE(3)-equivariant", "SO(2)"): the name is mathematics; not after a
#: word of the paper's own (``_NEW_BEFORE_GROUP``: "a novel SO(3) representation" describes a thing the paper makes,
#: which its title may name)
_GROUP_AFTER = re.compile(r"\(\d\)")
_NEW_BEFORE_GROUP = re.compile(r"(?:novel|new|our|proposed) $")
#: a year after a venue ("NeurIPS 2023", "ICLR'24"), read off before the venue is looked up
_YEAR_AFTER = re.compile(r"(?: ?'\d\d| (?:19|20)\d\d)$")
#: a score written with decimals ("2.5", "66.4", "+3.1"): what a name right after it measures (see ``_after_score``)
_DECIMAL = re.compile(r"[+\-]?\d+\.\d+")
#: units a number is written with, not measures of their own ("2.5 GHz", "1.5 TiB", "3.2 TFLOPs", "4.5 kWh")
_UNIT = re.compile(r"[kMGTPm]?(?:Hz|i?B|Wh?|FLOP[Ss]?|bps|Pa|px)")
#: " 0" … " 9": ``_SPACE_DIGIT``'s matches in ASCII (``\d`` also reads the decimal digits of other scripts)
_SPACE_ASCII_DIGITS = tuple(f" {d}" for d in "0123456789")


def _space_digit(text: str) -> bool:
    """``_SPACE_DIGIT.search(text)`` is a match: ten scans for a literal pair in C first (the search tried its
    pattern at every space, ~30 µs an abstract); the search itself only for text beyond ASCII they missed."""
    for pair in _SPACE_ASCII_DIGITS:
        if pair in text:
            return True
    return not text.isascii() and _SPACE_DIGIT.search(text) is not None


_IS_ALPHA = attrgetter("is_alpha")


def _title_case(doc: Doc, sent: Span) -> bool:
    """A Title Case line (a paper title): most of the sentence's words are capitalised. Computed once per sentence."""
    cache = state(doc).title_case
    out = cache.get(sent.start)
    if out is None:
        toks = tokens(doc)
        # map/compress keep the per-token work in C: this runs for every sentence holding a coined word
        alpha = list(compress(toks.text[sent.start:sent.end], map(_IS_ALPHA, toks.lex[sent.start:sent.end])))
        out = bool(alpha) and sum(map(str.isupper, map(itemgetter(0), alpha))) > 0.5 * len(alpha)
        cache[sent.start] = out
    return out


class _CapitalisedWords(dict[str, bool]):
    """Token text -> capitalised ("Buffet") and not a function word: the first test of a name word
    (the rest is ``_name_word``).

    Filled on lookup (``__missing__``), so ``map(cache.__getitem__, texts)`` flags a whole doc without a
    Python-level loop.
    """

    def __init__(self, function_words: set[str]):
        super().__init__()
        self.function_words = function_words

    def __missing__(self, word: str) -> bool:
        # (the pattern opens with an ASCII capital: any other first character, as in most words, fails it at once)
        out = "A" <= word[:1] <= "Z" and _CAPITALISED.fullmatch(word) is not None \
            and word.lower() not in self.function_words
        if len(self) < 500_000:
            self[word] = out
        return out


#: what may stand between two items of a list: a comma, "and", "or", a slash; a parenthesis may close the
#: first item ("CNN/Daily Mail (short documents) and BigPatent")
_LIST_GAP = re.compile(r"\s*(?:\([^()]{0,60}\)\s*)?(?:,|,?\s+(?:and|or)|/)\s*")
#: "CIFAR-10/100", "NAS-Bench-101/201/301", "CIFAR-10/100-LT": one name with alternative version numbers
#: (group 1 the stem, 2 the first number, 3 the other numbers, 4 a suffix they all share)
_NUMBER_ALTERNATIVES = re.compile(r"(?<![\w@/.\-'’^])([A-Za-z][A-Za-z0-9.\-]*?[A-Za-z]-?)(\d+)((?:/\d+)+)"
                                  r"(-[A-Za-z][A-Za-z0-9]*)?(?![\w/'’^]|-\w|\.\w)")
#: "S4D/S5", "Wikitext2/Wikitext103": names written as alternatives (each must be coined on its own)
_NAME_ALTERNATIVES = re.compile(r"(?<![\w@/.\-'’^:])[A-Za-z0-9]+(?:[\-.][A-Za-z0-9]+)*"
                                r"(?:/[A-Za-z0-9]+(?:[\-.][A-Za-z0-9]+)*)+(?![\w/'’^]|-\w|\.\w)")
#: "KS09", "DKS17", "PLBR19", "kingma2013auto": citation keys (initials or name, year), not names
_CITATION_KEY = re.compile(r"[A-Z]{2,5}\d{2}\+?|[a-z]+(?:19|20)\d\d[a-z]+")


_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)\b")
#: the noun a list hangs on, right before it: "three datasets: A, B and C", "tasks such as A and B", "sets (A, B"
#: a dash may stand for the colon ("three datasets--- A, B and C", "two benchmarks — A and B")
#: before a colon or a dash, a short phrase of lower-case words may follow the noun ("three visual anomaly detection
#: datasets for industrial inspection: A, B, and C")
_LIST_HEAD = re.compile(r"([A-Za-z]+)(?:\s+(?:for|in|of|from|on|with)(?:\s+[a-z][a-z\-]*){0,2}\s+([a-z][a-z\-]*)"
                        r"(?=\s*(?::|-{2,3}|[—–])))?\s*(?:(?:[:(,]|-{2,3}|[—–])\s*)?"
                        r"(?:(?:such as|including|e\.g\.,?|i\.e\.,?|namely|like)\s+)?$")


#: where a run of ASCII letters starts (where a match of ``_LIST_HEAD`` can start: see ``_list_head``)
_LETTERS_START = re.compile(r"(?<![A-Za-z])[A-Za-z]")


def _list_head(text: str, lo: int, hi: int) -> re.Match[str] | None:
    """``_LIST_HEAD.search(text, lo, hi)``, tried only where a run of letters starts (or at ``lo``).

    The search tried the pattern at every position, each reading a word to its end and backing off letter by
    letter: ~400,000 instructions a call. A match from inside a run of letters is also one from the run's start
    (``[A-Za-z]+`` reads on to the same end), so the leftmost match starts at a run's start or at ``lo``.
    """
    if lo < hi and text[lo] in _ASCII_LETTERS:
        m = _LIST_HEAD.match(text, lo, hi)
        if m is not None:
            return m
    for start in _LETTERS_START.finditer(text, lo + 1, hi):
        m = _LIST_HEAD.match(text, start.start(), hi)
        if m is not None:
            return m
    return None


_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


#: the rule of a plain capitalised word named by the dataset noun before it ("the dataset, Dolphin,")
APPOSITION = "apposition"


def _list_types(text: str, names: list[tuple[int, int, str]], known: list[Candidate],
                list_nouns: dict[str, str], n_coined: int, function_words: set[str],
                type_nouns: Mapping[str, tuple[str, float] | tuple[str]],
                plain_list_nouns: frozenset[str] = frozenset()) -> dict[int, str]:
    """The names (by index) in a list of two or more coined names, with the type the list suggests.

    "Stochastic Q-learning, StochDQN, and StochDDQN": a list of coined words names things, where one such
    word alone may be a stray abbreviation. The type comes from the noun the list hangs on ("datasets:
    MIMIC-IV, eICU, and ADNI"), else from the known terms in it ("XNLI, XQuAD and GLUE", GLUE a lexicon
    dataset); a list with neither is left alone. The names from ``n_coined`` on are plain capitalised words
    ("Kodak"): items of a list that also holds a coined name or a known term ("on Kodak, Tecnick and CLIC"), or of
    a list of two or more that a dataset noun of ``plain_list_nouns`` introduces over a colon, a bracket or a link
    ("three real-world datasets: Epinions, Ciao and Yelp", "benchmarks such as Atari and Gibson").
    """
    # one item per outermost span: a coined name also known ("GLUE") is one item, and a term inside a longer
    # name ("CNN" of "CNN-DailyMail", "A100 GPUs" of "40GB A100 GPUs") is part of it, not an item of its own
    order = sorted([(s, -e, k, "") for k, (s, e, _n) in enumerate(names)] +
                   [(c.start, -c.end, -1, c.type) for c in known])  # outer spans first
    runs: list[list[tuple[int, int, int, str]]] = []
    outer = (-1, -1)
    for s0, neg_end, k0, t0 in order:
        item = (s0, -neg_end, k0, t0)
        if outer[0] <= item[0] and item[1] <= outer[1]:
            if (item[0], item[1]) == outer:
                runs[-1].append(item)
            continue
        if not (runs and (_LIST_GAP.fullmatch(text, outer[1], item[0])
                          or 0 <= k0 < n_coined and 0 <= runs[-1][-1][2] < n_coined
                          and text[outer[1]:item[0]] == " "
                          and _names_side_by_side(text[runs[-1][-1][0]:outer[1]], text[item[0]:item[1]]))):
            # (two coined names a space apart are two items: the growth of a name stopped between them, a list
            # written without commas, "InstantNGP TensoRF and DVGO")
            runs.append([])
        runs[-1].append(item)
        outer = (item[0], item[1])
    out: dict[int, str] = {}
    for run in runs:
        if len(run) < 2:
            continue  # one item (most runs): no list, as the test below finds
        named = {(s, e) for s, e, k, _t in run if k >= 0}  # one name found twice is one name
        if not named or len({(s, e) for s, e, _k, _t in run}) < 2:
            continue
        head = _list_head(text, max(0, run[0][0] - 80), run[0][0])
        word = head.group(1).lower() if head else ""
        if head is not None and head.group(2) and (head.group(2) in list_nouns or head.group(2)[:-1] in list_nouns):
            word = head.group(2)  # "methods on two widely-used datasets: A and B": the noun next to the list
        if not any(k < n_coined for _s, _e, k, _t in run) and not (
                head is not None and len(named) >= 2 and head.end(1) < head.end()
                and text[head.end(1):head.end()].strip() not in ("", ",")
                and (word in plain_list_nouns or word.endswith("s") and word[:-1] in plain_list_nouns)):
            continue  # two items, one of them coined: capitalised words alone are no list of names
        typ = list_nouns.get(word) or list_nouns.get(word[:-1] if word.endswith("s") else "")
        if len(named) < 2 and typ is None:
            continue  # one name beside a known term is a list only under a noun that says what it lists
        after = _NEXT_WORD.match(text, run[-1][1])
        noun = after.group(1).lower() if after else ""
        typed_after = (type_nouns.get(noun) or type_nouns.get(noun[:-1] if noun.endswith("s") else "", ("",)))[0]
        if typ is None and typed_after:  # "A, B and C datasets", "S4D/S5 models": the type noun after the list
            typ = typed_after
        if typ is None:
            types = [_VOTED_TYPES.get(t, t) for _s, _e, _k, t in run if t]
            if not types:
                continue  # "PDF, DOCX, and PPTX", author names, affiliations: nothing says these are ML names
            typ = max(sorted(set(types)), key=types.count)
            if typ not in _NAMED_TYPES and len({(s, e) for s, e, _k, _t in run}) < 3:
                continue  # "10G FLOPs, Mask2Former": one metric or hardware term next to a name is no list of them
        # "networks with Tanh and ReLU nonlinearities": a noun after the list makes its items modifiers of that
        # noun, and a plain word is then no name (a coined one still is)
        modified = after is not None and after.group(1).islower() and not typed_after and noun not in function_words
        for _s, _e, k, _t in run:
            if k >= 0 and not (_CITATION_KEY.fullmatch(names[k][2]) and _cited(text, names[k][0])) \
                    and not (modified and k >= n_coined):
                out[k] = typ
    return out


def _names_side_by_side(left: str, right: str) -> bool:
    """Whether two words are two names of a list written without commas by their spelling alone: two versions or
    variants of one stem ("MOT17 MOT20", "TCGA-BRCA TCGA-NSCLC"), or two words spelled as names ("InstantNGP
    TensoRF", "Camelyon16 PAIP2019"; not the capitals of a title, "LLMs DO NOT")."""
    return _one_stem(left, right) or _LETTERS.search(left) is not None and _LETTERS.search(right) is not None \
        and _SPELLED_NAME.search(left) is not None and _SPELLED_NAME.search(right) is not None


def _one_stem(left: str, right: str) -> bool:
    """Two versions ("MOT17 MOT20") or variants ("ImageNet-R ImageNet-S", "TCGA-BRCA TCGA-NSCLC") of one stem."""
    for pattern in (_VERSIONED, _VARIANT):
        a, b = pattern.match(left), pattern.match(right)
        if a is not None and b is not None and a.group(1) == b.group(1):
            return True
    return False


def _cited(text: str, start: int) -> bool:
    """Whether the word at ``start`` stands inside a citation's brackets or braces ("[CJJJLST20, ACJJS21]",
    "\\citep{BLQT21}"): a key there is a reference; the same shape outside is a name ("BM25", "WMT14", "ACE05")."""
    before = text[max(0, start - 60):start]
    opened = max(before.rfind("["), before.rfind("{"))
    return opened >= 0 and opened > max(before.rfind("]"), before.rfind("}"))


def _lone_word(text: str, start: int, end: int) -> bool:
    """Whether the capitalised word at ``start:end`` stands alone: not the first word of a sentence or line
    (whose capital says nothing) and no capitalised word right before or after it ("Google" of "Google
    Research Football", "Foraging" of "Level-based Foraging": a part of a longer name)."""
    k = start - 1
    while k >= 0 and text[k] == " ":
        k -= 1
    if k < 0 or text[k] in ".!?\n":
        return False
    if k == start - 2 and (text[k].isalnum() or text[k] == "-"):  # a word right before: is it capitalised?
        word_start = max(text.rfind(" ", 0, k), text.rfind("\n", 0, k)) + 1
        if text[word_start].isupper():
            return False
    return not (end + 1 < len(text) and text[end] == " " and text[end + 1].isupper())


def _bracketed(text: str, start: int, end: int) -> bool:
    """"Amazon (Scientific)": a capitalised word alone in brackets qualifies the item before it (a subset, a
    domain), and is no item of a list of its own."""
    return text[start - 1:start] == "(" and text[end:end + 1] == ")"


def _slashed_words(text: str) -> list[tuple[int, int]]:
    """The whitespace-delimited words with a slash between two letters or digits ("CIFAR-10/100"), as
    character ranges: found by the few slashes of an abstract, so the patterns read those words only."""
    out: list[tuple[int, int]] = []
    at = text.find("/")
    while at > 0:
        if at + 1 < len(text) and text[at - 1].isalnum() and text[at + 1].isalnum() \
                and not (out and out[-1][1] > at):
            start = max(text.rfind(" ", 0, at), text.rfind("\n", 0, at)) + 1
            end = min((e for e in (text.find(" ", at), text.find("\n", at)) if e >= 0), default=len(text))
            out.append((start, end))
        at = text.find("/", at + 1)
    return out


_FORMULA_BEFORE = set("=+×*/≪≫<>≤≥∈|·")


def _in_formula(text: str, start: int) -> bool:
    """A power inside a formula is mathematics, not a name: "O(N^2)", "ℝ^3 × S^2", "+ K^2", "(H^7 A^2 …)"."""
    words = text[max(0, start - 24):start].split()
    if not words:
        return False
    last = words[-1]  # the word before, or the text the power is glued to: "O(", "(("
    if start > 0 and not text[start - 1].isspace():
        return last != "("
    return last[-1] in _FORMULA_BEFORE or "^" in last


class CoinedNameFinder:
    def __init__(self, res: Resources):
        self.res = res
        self.list_links = set(res.cues["list_links"])
        #: the list links that introduce examples of the noun before them ("datasets such as X"), not "and"/"or"
        self.example_links = self.list_links - {"and", "or"}
        #: cues.json's list_nouns, word -> type: "three datasets: A, B and C" lists datasets
        self.list_nouns = {w: typ for typ, words in res.cues["list_nouns"].items() for w in words}
        #: the dataset nouns that make a list of plain capitalised words names ("datasets: Epinions, Ciao and Yelp")
        self.plain_list_nouns = frozenset(res.words.coined_preceding_dataset_nouns)
        #: one-word comparison cues whose next word is the rival ("over" is left out: "averaged over CIFAR")
        words = res.words
        self.rival_cues = {c for c in res.cues["outperform_cues"] if " " not in c and c != "over"} | words.rival_extra
        #: a type noun right after a name types it; a dataset noun first, then a model noun, then a method noun, then
        #: a metric or robot noun ("a GAM-type metric", "an AR improvement", "a Unitree A1 robot")
        #: keyed by the word and by its token norm: the norm of "corpus" is "corpu" (the plural folding), and the
        #: lookups read ``toks.norm``
        self.type_nouns = ({w: ("Metric", 0.7) for w in with_norms(words.coined_metric_nouns)}
                           | {w: ("Metric", 0.65) for w in with_norms(words.coined_metric_change_nouns)}
                           | {w: ("Model", 0.7) for w in with_norms(words.coined_robot_nouns)}
                           | {w: ("Method", 0.75) for w in with_norms(words.coined_method_nouns)}
                           | {w: ("Model", 0.75) for w in with_norms(words.coined_model_nouns)}
                           | {w: ("Dataset", 0.8) for w in with_norms(words.coined_dataset_nouns)})
        self.model_nouns, self.method_nouns = words.coined_model_nouns, words.coined_method_nouns
        self.metric_nouns = with_norms(words.coined_metric_nouns)
        #: "TurtleBot3, a low-cost mobile robot": the nouns of a robot, which an apposition makes a Model
        self.robot_nouns = with_norms(words.coined_robot_nouns)
        self.definition_ends = words.definition_ends  # "X is a method to measure …": no definition as a measure
        self.model_suffixes = words.coined_model_suffixes
        #: dataset names a vocabulary knows with such an ending ("ImageNet", "ShapeNet"): "MiniImageNet" is data too
        self.dataset_endings = tuple(sorted({e.term.lower() for e in res.lexicon
                                             if e.type == "Dataset" and e.term.endswith(self.model_suffixes)}))
        self.preceding_dataset_nouns = with_norms(words.coined_preceding_dataset_nouns)
        self.languages = words.language_names  # "English": never a name of a list on its own
        self.use_verbs, self.use_on_verbs = words.coined_use_verbs, words.coined_use_on_verbs
        self.kind_nouns = words.coined_method_nouns | words.coined_model_nouns
        self.determiners = words.determiners
        self.eval_words = words.coined_eval_words
        self.name_connectors = words.name_connectors
        self.list_head_stops = words.list_head_stops
        #: "LLM-based", "Transformer-powered": a suffix that makes a name describe
        self.describing_suffix = re.compile(r"-(" + "|".join(map(re.escape, words.describing_suffixes)) + r")$",
                                            re.IGNORECASE)
        self._cores: dict[str, str] = {}
        self.family_prefixes = tuple(res.model_families)
        #: "Vicuna", "Gemini": a family name alone is a model (one with inner capitals is coined anyway)
        self.family_names = res.model_families - res.model_family_prefixes
        names = "|".join(re.escape(f) for f in sorted(res.model_families, key=len, reverse=True))
        self.family_member = re.compile(rf"^(?:{names})[\-.]?\d[A-Za-z0-9.\-]*$")
        #: "Llama 2 70B", "Claude 2", "Llama 3.1 8B", "Gopher 280B": a family and a version or size written apart
        family_version = (rf"(?:{names})(?:[\-.]?\d[A-Za-z0-9.\-]*)? (?:\d+(?:\.\d+)*"
                          r"(?: \d+(?:\.\d+)?[BMK])?|\d+(?:\.\d+)?[BMK])(?![\w\-]|\.\w)")
        self.family_version = re.compile(r"(?<![\w.\-])" + family_version)
        #: without the lookbehind (tried at every character): a third of the cost, and no match in ~99% of abstracts
        self.family_version_check = re.compile(family_version)
        #: each with a cheap test whether the text can hold a match (a scan for a rare character first)
        self.patterns = [(re.compile(rx), necessary(rx), typ, conf) for rx, typ, conf in res.patterns]
        self._names: dict[str, str] = {}
        self._capitalised = _CapitalisedWords(res.function_words)
        self._plain: dict[str, bool] = {}
        self._acronym_starts: set[int] = set()
        self._defined_kinds: set[str] = set()
        #: where the lexicon's names start and end (characters): two of them side by side are two names
        self._known_starts: set[int] = set()
        self._known_ends: set[int] = set()

    def _name(self, word: str) -> str:
        """The coined name or model-family member a word of the text is or starts with, or "".

        Memoised: asked for every word of every abstract, and almost all of them are neither.
        """
        out = self._names.get(word)
        if out is None:
            out = self._core(word) or self._family_member(word) or (word if word in self.family_names else "")
            if len(self._names) < 500_000:
                self._names[word] = out
        return out

    def _core(self, word: str) -> str:
        """The coined name a word of the text is or starts with ("LLM-based" names the LLM), or "". Memoised."""
        out = self._cores.get(word)
        if out is None:
            out = word
            if word.isalpha() and word.islower():
                out = ""  # no capital and no digit: never coined (most words)
            else:
                suffix = self.describing_suffix.search(word) if "-" in word else None  # it opens with "-"
                if suffix:
                    out = word[:suffix.start()]
                out = out if is_coined(out, self.res) else ""
            if len(self._cores) < 1 << 18:
                self._cores[word] = out
        return out

    def _plain_name(self, word: str) -> bool:
        """"Kodak", "Waterbirds", "Tanks-and-Temples": a capitalised word of letters (and hyphens) that may
        name something in a list of names; not a function word, not "Transformer-based". Memoised."""
        out = self._plain.get(word)
        if out is None:
            parts = word.split("-")
            out = (self._capitalised[parts[0]] and all(map(str.isalpha, parts)) and len(word) > 2
                   and not ("-" in word and self.describing_suffix.search(word)) and word not in self.languages)
            if len(self._plain) < 500_000:
                self._plain[word] = out
        return out

    def _family_member(self, word: str) -> str:
        """"Mistral-7B", "Llama-3-8B", "Phi-3": a model family plus a version or size (not coined by spelling)."""
        suffix = self.describing_suffix.search(word) if "-" in word else None
        if suffix:
            word = word[:suffix.start()]
        return word if self.family_member.match(word) else ""

    def _type(self, doc: Doc, start: int, end: int, word: str, models: set[str]) -> tuple[str, float] | None:
        toks = tokens(doc)
        span = char_token_range(toks, start, end)
        if span is None:
            return None
        span_start, span_end = span
        if word in self._defined_kinds and start not in self._acronym_starts:
            # "unsupervised anomaly detection (AD) … AD methods", "Clustered Federated Learning (CFL) … on CFL
            # benchmarks": an acronym defined as a task or method keeps its definition's type; the words around a
            # later mention say what is used with it (those around the definition still type it: "… Driving (MoCAD)
            # datasets")
            return None
        for i in range(span_end, min(span_end + 2, len(toks.lex))):
            if not toks.lex[i].is_punct:  # the next word, over one punctuation mark
                typed = self.type_nouns.get(toks.norm[i])
                if typed and toks.norm[i] in self.robot_nouns and (not toks.text[i].islower() or (
                        i + 1 < len(toks.lex) and toks.lex[i + 1].is_alpha and toks.text[i + 1].islower()
                        and toks.lower[i + 1] not in self.res.function_words)):
                    break  # "the Franka Kitchen robot manipulation environment": the robot noun modifies another;
                    # "Amazon Robotics' Robot Induction fleet": a capitalised one is part of another name
                if typed:
                    return typed
                break
        defined = self._defined_as(toks, span_end) or self._apposed_as(toks, span_end)
        if defined is not None:
            return defined
        if word.startswith(self.family_prefixes) or ("-" in word or "_" in word) and _MODEL_SIZE.search(word):
            return "Model", 0.75  # a family's member, or any name with a parameter count ("InstructMining-7B")
        sent = sentence_at(doc, start)
        if self._after_dataset_noun(toks, sent.start, span_start) \
                or self._subject_apposition(toks, sent.start, span_start, span_end):
            return "Dataset", 0.75
        if sent.start + 1 < span_start and toks.text[span_start - 1] == "(" and span_end < len(toks.text) \
                and toks.text[span_end] == ")" and toks.norm[span_start - 2] in self.preceding_dataset_nouns:
            return "Dataset", 0.7  # "a compositional generalization benchmark (COGS)": the name of the data
        kind = self._after_kind_noun(toks, sent.start, span_start, word)
        if kind is not None:
            return kind, 0.6
        before = span_start - 1 - (span_start >= 2 and toks.lower[span_start - 1] in ("the", "a", "an"))
        if before >= 0 and toks.lower[before] in self.rival_cues:
            return "Method", 0.6  # "outperforms EGNN": a name compared against is a method of its own
        if self._after_score(toks, sent.start, span_start, span_end, word):
            return "Metric", 0.6  # "improvements of 2.5 BLEU, 7.1 COMET-KIWI", "66.4 F0.5 in the CoNLL-14 test set"
        if span_start >= sent.start + 2 and toks.lower[span_start - 1] == "on" \
                and (toks.lex[span_start - 2].like_num or toks.lower[span_start - 2] in ("%", "pp", "points")):
            return "Dataset", 0.65  # "by 17 pp on HumanEval", "gains 3.2% on GSM8K": a score is had on data
        # "on A, B and C" lists in a sentence about experiments or benchmarks
        if sentence_norms(doc, sent) & self.eval_words:
            if start not in self._acronym_starts \
                    and self._bracketed_after_description(toks, sent.start, span_start, span_end, word):
                return "Dataset", 0.6
            if " " in word and (hit := head_type(word.rsplit(" ", 1)[1], self.res)) \
                    and hit[0] in ("Model", "HardwareConcept"):
                return None  # "on the RWRL benchmark and the Unitree A1 Robot", "on a 1080ti GPU": a robot or a
                # device its last word names is what the evaluation runs on, no data
            # the noun the list hangs on: "on two open-source VLAs, Pi0 and OpenVLA" names models, "over
            # existing approaches, e.g., ControlNet" names methods (the baselines), anything else datasets
            head = ""
            for i in reversed(range(sent.start, span_start)):
                low, lx = toks.lower[i], toks.lex[i]
                if low in ("on", "across", "over"):
                    if self._verb_after(toks, i + 1, span_start):
                        return None  # "we focus on augmenting 1-WL": the object of a verb, not an item of a list
                    return _LIST_HEAD_TYPES.get(head, ("Dataset", 0.65))
                if not head and not lx.is_punct and low not in self.list_links:
                    if toks.norm[i] in self.model_nouns or lx.text.rstrip("s") in models:
                        head = "model"
                    elif toks.norm[i] in self.method_nouns:
                        head = "method"
                    elif not is_coined(lx.text, self.res):
                        head = "other"
                if lx.is_punct and lx.text not in (",", "-", "(", "/") or low in self.list_head_stops:
                    break
        return None

    def _not_a_name(self, name: str) -> bool:
        """A word spelled like a name that names no method, model or dataset: a sensing modality or a venue
        (kind_nouns.toml's ``coined_not_names``: "RGB", "LiDARs", "NeurIPS 2023"), a count of degrees of freedom
        ("6-DoF") or a piece of mathematics ("O(n2", "n2"). Only asked of a name no context types."""
        if _DOF.fullmatch(name) or _FORMULA_NAME.fullmatch(name):
            return True
        low = _YEAR_AFTER.sub("", name).lower()
        not_names = self.res.words.coined_not_names
        return low in not_names or low.endswith("s") and low[:-1] in not_names

    def _hyphened_name(self, name: str) -> bool:
        """"GP-UCB", "Particle-DETR", "Smoothed-AGDA": a name of hyphen-joined words that ends in an acronym or a
        name spelled with two capitals, of three letters at least ("EN-JA", "Human-AI" are pairs); not a prefix
        before an acronym ("Multi-UAV", "Non-PSD")."""
        m = _HYPHENED_NAME.match(name)
        return m is not None and m.group(1).lower() not in self.res.words.name_prefixes

    @staticmethod
    def _used_name(name: str) -> bool:
        """A name that may be kept on a verb of use alone: no short or plural acronym ("RGB", "L2", "UAVs"), no
        describing word after a hyphen ("GPU-accelerated", "narrow-FoV")."""
        return len(name) >= 4 and not _PLURAL_CAPS.fullmatch(name) \
            and not any(p.isalpha() and p.islower() for p in name.split("-"))

    def _used(self, doc: Doc, start: int) -> bool:
        """"we leverage BlendSearch", "builds on LagrangeBwK", "extending the method, ATACOM": the name is the
        object of a verb of use (over an article, or a kind noun and a comma)."""
        toks = tokens(doc)
        span = char_token_range(toks, start, start + 1)
        if span is None:
            return False
        i = span[0] - 1
        if i >= 1 and toks.text[i] == ",":
            # "extending the safe exploration method, ATACOM": a kind noun before the comma, its verb a few words back
            if toks.norm[i - 1] not in self.kind_nouns:
                return False
            lo, i = max(0, i - 6), i - 1
            while i > lo and toks.lower[i] not in self.use_verbs and not toks.lex[i].is_punct:
                i -= 1
        elif i >= 1 and toks.lower[i] in self.determiners:
            i -= 1
        if i < 0 or toks.lower[i] not in self.use_verbs:
            return False
        return toks.lower[i] not in ("on", "upon") or i >= 1 and toks.lower[i - 1] in self.use_on_verbs

    def _verb_after(self, toks: Tokens, i: int, end: int) -> bool:
        """A gerund opens the words after "on" ("focus on augmenting X"), not a modifier ("on the following
        benchmarks", "on reading comprehension"): a lower-case -ing word no list calls a noun or a weak word."""
        if i >= end:
            return False
        low = toks.lower[i]
        return low.endswith("ing") and low.isalpha() and toks.text[i].islower() and low not in self.res.noun_ing \
            and low not in self.res.weak_modifiers and low not in self.list_links and norm_word(low) == low \
            and head_type(low, self.res) is None

    def _after_dataset_noun(self, toks: Tokens, sent_start: int, i: int) -> bool:
        """"a novel dataset SimQG", "an enormous dataset, HaGRID", "two benchmark datasets CNN/DM": a name right
        after a dataset noun (over a comma, or a link to examples: "datasets such as WikiText") names that dataset. The noun's phrase must open with a determiner
        or a number within three words, so a verb ("we benchmark GPT-4") or a noun modifier ("dataset
        distillation RDED") is not read as one."""
        k = i - 1
        if k > sent_start and toks.lower[k] in self.example_links:
            while k > sent_start and (toks.lower[k] in self.example_links or toks.text[k] == ","):
                k -= 1
            # "datasets such as WikiText", "benchmarks like Atlas": a link that introduces examples of the noun
            return k > sent_start and toks.norm[k] in self.preceding_dataset_nouns and not toks.joiner[k - 1]
        if k > sent_start and toks.text[k] == ",":
            k -= 1
        if k <= sent_start or toks.norm[k] not in self.preceding_dataset_nouns:
            return False
        return any(toks.lower[j] in self.determiners or toks.lex[j].like_num for j in range(max(sent_start, k - 3), k))

    def _subject_apposition(self, toks: Tokens, sent_start: int, i: int, j: int) -> bool:
        """"the largest and most annotated dataset for computer vision in skiing, SkiTB, is introduced": a name
        (tokens ``i``..``j``) set off by commas right before the verb ("is", "was") names the subject before it,
        whose phrase (from the sentence's start or a comma) opens with a dataset noun's phrase ("A realistic indoor
        robotic dataset with a dense point cloud map …, MetaRoom, is introduced")."""
        if i - 2 <= sent_start or j + 1 >= len(toks.text) or toks.text[i - 1] != "," or toks.text[j] != "," \
                or toks.lower[j + 1] not in ("is", "was"):
            return False
        k = i - 2
        while k > sent_start and toks.text[k - 1] != ",":
            k -= 1  # the subject's first word
        for m in range(k, min(k + 7, i - 1)):
            if toks.norm[m] in self.preceding_dataset_nouns:
                return any(toks.lower[d] in self.determiners for d in range(k, m))
            if toks.lex[m].is_punct and toks.text[m] != "-" or toks.norm[m] in self.kind_nouns \
                    or toks.lower[m] in self.definition_ends and toks.lower[m] not in ("and", "or"):
                return False  # ("the largest and most annotated dataset")
        return False

    def _bracketed_after_description(self, toks: Tokens, sent_start: int, i: int, j: int, word: str) -> bool:
        """"We evaluated CAMIL on subtyping non-small cell lung cancer (TCGA-NSCLC)", "treebanks for Chinese (CTB)
        and Japanese (KTB)": in a sentence about an evaluation, a name in brackets (tokens ``i``..``j``) after a
        lower-case description of what the evaluation is "on" names the data. Not a number ("(×4.1times)"), not after a model
        or method noun ("the strongest baseline (DPO)"), and not after a capitalised phrase, which the name
        abbreviates ("Inexact Proximal point method for Optimal Transport (IPOT)"; a language name is no such
        phrase), nor an acronym the acronyms component paired with its long form ("person re-identification
        (ReID)")."""
        if i - 2 <= sent_start or toks.text[i - 1] != "(" or j >= len(toks.text) or toks.text[j] != ")" \
                or not word[:1].isalpha() or word.islower():
            return False
        k = i - 2
        if not toks.lex[k].is_alpha or toks.norm[k] in self.model_nouns or toks.norm[k] in self.method_nouns:
            return False
        while k > sent_start and (toks.lex[k].is_alpha or "-" in toks.text[k]) \
                and toks.lower[k] not in self.definition_ends and toks.lower[k] not in self.determiners:
            if toks.text[k][:1].isupper() and toks.text[k] not in self.languages:
                return False
            k -= 1
        # what the evaluation is on: an "on"/"across" before, and no model or method noun since ("outperforms
        # baselines from object detection (BHRL)" names a baseline)
        for k in range(i - 2, sent_start - 1, -1):
            if toks.lower[k] in ("on", "across"):
                return True
            if toks.norm[k] in self.model_nouns or toks.norm[k] in self.method_nouns:
                return False
        return False

    def _defined_as(self, toks: Tokens, j: int) -> tuple[str, float] | None:
        """"SimRank is a similarity measure", "HumanEval is one of the most used benchmarks", "X is a new dataset
        of …": a name (ending before token ``j``) defined by a copula and an article is of the kind its noun says,
        the noun within a few describing words (no punctuation, preposition or clause word between: "a method
        to measure"). Only the kinds a
        definition names without doubt: data and measures (a name "is an approach" may be the paper's framing of
        another's method)."""
        n = len(toks.lower)
        if j + 2 >= n or toks.lower[j] not in ("is", "was"):
            return None
        k = j + 1
        if toks.lower[k:k + 3] == ["one", "of", "the"]:
            k += 3
        elif toks.lower[k] in ("a", "an"):
            k += 1
        else:
            return None
        for i in range(k, min(k + 5, n)):
            norm = toks.norm[i]
            if norm in self.preceding_dataset_nouns:
                return "Dataset", 0.75
            if norm in self.metric_nouns:
                return "Metric", 0.7
            if toks.lex[i].is_punct and toks.text[i] != "-" or toks.lower[i] in self.definition_ends:
                return None
        return None

    def _apposed_as(self, toks: Tokens, j: int) -> tuple[str, float] | None:
        """"MacNoise, a machine-generated, conflict-induced dataset", "AmbiNLI, a trial dataset obtained from …":
        a name (ending before token ``j``) set off by a comma and an indefinite article names a thing of the kind
        the head noun of that phrase says. The head is the last word before a function word or punctuation (a
        comma before another describing word is part of the phrase), within eight words: only data, measures and
        robots are typed (the rest keeps the name's own reading)."""
        n = len(toks.lower)
        if j + 3 >= n or toks.text[j] != "," or toks.lower[j + 1] not in ("a", "an"):
            return None
        k, head = j + 2, -1
        while k < min(j + 11, n):
            low, lx = toks.lower[k], toks.lex[k]
            if low == "," and k + 1 < n and toks.lex[k + 1].is_alpha and toks.text[k + 1].islower() \
                    and toks.lower[k + 1] not in self.res.function_words:
                k += 1  # "a machine-generated, conflict-induced dataset"
                continue
            if lx.is_punct and toks.text[k] != "-" or low in self.res.function_words or low in self.definition_ends:
                break
            head = k
            k += 1
        else:
            return None
        if head < 0 or toks.text[head] == "-" or head + 1 < n and toks.text[head + 1] == "-":
            return None
        norm = toks.norm[head]
        if norm in self.preceding_dataset_nouns:
            return "Dataset", 0.75
        if norm in self.metric_nouns:
            return "Metric", 0.7
        if norm in self.robot_nouns:
            return "Model", 0.7
        return None

    def _after_score(self, toks: Tokens, sent_start: int, i: int, j: int, word: str) -> bool:
        """"achieves improvements of 2.5 BLEU, 7.1 COMET-KIWI and 5.3 COMET", "66.4 F0.5 in the CoNLL-14 test
        set": a name (tokens ``i``..``j``) right after a decimal score, that ends its phrase (a comma, a link, a
        preposition or a stop after it), is what the score measures. Not a unit ("2.5 GHz", "1.5 TB") nor a name
        followed by a noun ("3.5 GPT-4 outputs")."""
        if i - 1 <= sent_start or not _DECIMAL.fullmatch(toks.text[i - 1]) or len(word) < 3 or _UNIT.fullmatch(word):
            return False
        if j >= len(toks.text):
            return True
        nxt = toks.lower[j]
        return toks.lex[j].is_punct and nxt != "-" or nxt in self.res.function_words

    def _named_dataset(self, doc: Doc, text: str, start: int, end: int) -> bool:
        """"the biggest Chinese conversation dataset, Dolphin, derived from …", "the benchmark Atlas.": a plain
        capitalised word right after a dataset noun (over a comma; see :meth:`_after_dataset_noun`) names that
        dataset when the word ends its phrase (a comma, a stop or a bracket after it), where a coined name
        needs no such guard ("the dataset Collection process" reads on). Set off by commas on both sides it is
        an apposition, and the noun's phrase may be longer than that method allows."""
        nxt = text[end:end + 1]
        if nxt not in (",", ".", ";", ":", ")", " ") or nxt == " " and text[end + 1:end + 2] != "(":
            return False
        toks = tokens(doc)
        span = char_token_range(toks, start, end)
        if span is None:
            return False
        sent_start, k = sentence_at(doc, start).start, span[0] - 1
        if nxt == "," and k - 1 > sent_start and toks.text[k] == "," and toks.norm[k - 1] in self.preceding_dataset_nouns:
            return True  # set off by commas on both sides: an apposition, however long the noun's phrase
        return self._after_dataset_noun(toks, sent_start, span[0])

    def _after_kind_noun(self, toks: Tokens, sent_start: int, i: int, word: str) -> str | None:
        """"the second-best method ByteTrack", "methods such as DPR", "baselines like BM25":
        one name right after a model or method noun (over a list link: "such as", "like", "including") is a model or
        method of that kind. Without a link the noun's phrase must open with a determiner or a number within
        four words ("we model LLMs": a verb). Not a plural acronym, nor a short one without a link ("the model RGB
        inputs"), nor one after a comma alone (an apposition, read by :meth:`_used`)."""
        k, linked = i - 1, False
        while k > sent_start and (toks.lower[k] in self.list_links or toks.text[k] == ","):
            linked = linked or toks.text[k] != ","
            k -= 1
        if k <= sent_start or i - 1 - k > 2 or (i - 1 > k and not linked) or _PLURAL_CAPS.fullmatch(word) \
                or len(word) < 3 \
                or not (self._used_name(word) or linked or any(map(str.isdigit, word))):
            return None
        norm = toks.norm[k]
        kind = "Model" if norm in self.model_nouns or norm in self.robot_nouns \
            else "Method" if norm in self.method_nouns else None
        if kind is None or toks.joiner[k - 1]:
            return None
        if linked or any(toks.lower[j] in self.determiners or toks.lex[j].like_num
                         for j in range(max(sent_start, k - 4), k)):
            return kind
        return None

    def __call__(self, doc: Doc) -> Doc:
        st = state(doc)
        out = st.candidates
        text = doc_text(doc)
        models = {text[c.start:c.end] for c in out if c.type == "Model"}  # "VLA", defined earlier as a model
        names: list[tuple[int, int, str]] = []
        modifiers = st.modifier_acronyms
        plain: list[tuple[int, int, str]] = []  # "Kodak", "Waterbirds": names only when listed with others
        title_end = text_title_end(text)  # a title capitalises every word
        self._known_starts = {c.start for c in out if c.finder is Finder.LEXICON}
        self._known_ends = {c.end for c in out if c.finder is Finder.LEXICON}
        for m in _name_words(text):
            word = self._name(m.group(1))
            if word and "^" in word and _in_formula(text, m.start(1)):
                continue
            if word and word not in modifiers:
                s2, e2 = self._extend(doc, m.start(1), m.start(1) + len(word))
                names.append((s2, e2, text[s2:e2]))
            elif not word and m.start(1) > title_end and self._plain_name(m.group(1)) \
                    and _lone_word(text, m.start(1), m.end(1)) and not _bracketed(text, m.start(1), m.end(1)):
                plain.append((m.start(1), m.end(1), m.group(1)))
        if "/" in text:
            names.extend(self._alternatives(doc, text))
        # rare: the full pattern with its lookbehind only then; a match holds " " and a digit (the version),
        # which the scan for that pair rules out first in two abstracts in three, at a quarter of the cost
        if _space_digit(text) and self.family_version_check.search(text):
            for m in self.family_version.finditer(text):
                inside = [n for n in names if m.start() <= n[0] and n[1] <= m.end()]  # "PaLM" of "PaLM 2"
                if not any(s < m.end() and m.start() < e for s, e, _name in names if (s, e, _name) not in inside):
                    names = [n for n in names if n not in inside]
                    s2, e2 = self._extend(doc, m.start(), m.end())
                    names.append((s2, e2, text[s2:e2]))
        counts: dict[str, int] = {}
        for _s, _e, name in names:
            counts[name] = counts.get(name, 0) + 1
        known = [c for c in out if c.finder is Finder.LEXICON]
        #: where an acronym defined in the text stands: its type is its long form's (see ``_type``)
        acronyms = [c for c in out if c.finder is Finder.ACRONYM]
        self._acronym_starts = {c.start for c in acronyms}
        #: acronyms the text defines as a task or a method, typed by more than the default ("anomaly detection (AD)",
        #: "Clustered Federated Learning (CFL)"): "AD methods" are methods for the task, "CFL benchmarks" data for the
        #: method. Not a task whose long form's head reads as a method ("multiple instance learning (MIL)": a task
        #: and a paradigm, which "MIL methods" may say)
        self._defined_kinds = {text[c.start:c.end] for c in acronyms
                               if c.type in ("Task", "Method") and c.confidence >= 0.6
                               and not (c.type == "Task" and (head_type(c.long_form.rsplit(None, 1)[-1], self.res)
                                                              or ("",))[0] == "Method")}
        items = known
        if acronyms:
            self._data_definitions(doc, text, acronyms)
            # a definition read as data is a known item of its list too: "on Gibson and Habitat-Matterport 3D (HM3D)"
            items = known + [c for c in acronyms if c.type == "Dataset"]
        listed = _list_types(text, names + plain, items, self.list_nouns, len(names),
                             self.res.function_words, self.type_nouns, self.plain_list_nouns)
        known_spans = {(c.start, c.end) for c in known}
        for k, item in enumerate(plain, len(names)):  # a listed plain word a lexicon knows keeps the lexicon's type
            if k in listed and item[:2] not in known_spans:
                listed[len(names)] = listed[k]
                names.append(item)
            elif k not in listed and item[:2] not in known_spans and self._named_dataset(doc, text, item[0], item[1]):
                out.append(Candidate(item[0], item[1], "Dataset", Finder.COINED, 0.7, rule=APPOSITION))
        for k, (start, end, name) in enumerate(names):
            typed = self._type(doc, start, end, name, models)
            if typed is None and k in listed:
                typed = (listed[k], 0.5)
            elif typed is None and " " in name and (hit := head_type(name.rsplit(" ", 1)[1], self.res)):
                typed = (hit[0], min(hit[1], 0.6))  # "OpenAI LLMs", "A100 GPU": the last word's head, as for title case
            elif typed is None and name.endswith(self.model_suffixes) and " " not in name \
                    and not name.lower().endswith(self.dataset_endings):
                typed = ("Model", 0.7)  # an architecture's name ("UVCGAN", "EAFormer"), when no context types it
            guess = ""
            if typed is None and (self._not_a_name(name) or _GROUP_AFTER.match(text, end)
                                  and not _NEW_BEFORE_GROUP.search(text, max(0, start - 9), start)) \
                    and text[end:end + 1] != ":":
                continue  # "RGB and depth cameras", "a 7-DoF arm", "accepted at NeurIPS", "O(n2 log2 n)" (but a
                # name before a colon names what the text is about: "CORL: Compositional Representation Learning")
            if typed is None:
                guess = GUESS  # nothing typed it: a default that a typed reading of the same name outvotes
                if counts[name] >= 2 or " " in name or self._used_name(name) and self._used(doc, start) \
                        or (_INNER_CAPITAL.search(name) or self._hyphened_name(name)) and self._used_name(name) \
                        and not any(start <= c.start and c.end <= end for c in known):  # "MIMIC-CXR-EGD"
                    typed = ("Method", 0.5)  # repeated or multiword: the paper's own name for something
                else:
                    typed = ("Method", 0.45)  # below the merge threshold unless a cue confirms it
            spelled = text[start:end]
            # (the fields by position, as state.CANDIDATE_FIELDS orders them: keywords cost a dict per call)
            out.append(Candidate(start, end, typed[0], Finder.COINED, typed[1], "", "", "", False,
                                 name if name != spelled else "", guess))
        out.extend(self._title_case_names(doc, models, acronyms))
        for pattern, quick, typ, conf in self.patterns:
            if quick is not None and not quick(text):
                continue
            for m in pattern.finditer(text):
                out.append(Candidate(m.start(), m.end(), typ, Finder.PATTERN, conf))
        return doc

    def _data_definitions(self, doc: Doc, text: str, acronyms: list[Candidate]) -> None:
        """"Experiments on Gibson and Habitat-Matterport 3D (HM3D)", "on large-scale egocentric datasets
        EPICKTICHENS100 (EK100) and …", "a new benchmark dataset Conflict Events in the Horn of Africa region (CEHA)":
        a definition that nothing typed (the acronyms component's default guess, a Method) right after a dataset
        noun, or an item of a list after "on"/"across" in a sentence about an evaluation, names data (both halves
        become Datasets). A head, a noun or a known term that typed the definition keeps its type."""
        guesses = [c for c in acronyms if c.type == "Method" and c.confidence <= 0.55
                   and c.long_form and text[c.start:c.end] == c.long_form]
        if not guesses:
            return
        toks = tokens(doc)
        for lf in guesses:
            span = char_token_range(toks, lf.start, lf.end)
            if span is None or not self._listed_on_data(doc, toks, lf.start, span[0]):
                continue
            for c in acronyms:
                if c.long_form == lf.long_form and c.type == "Method" and c.confidence <= 0.55:
                    c.type, c.confidence = "Dataset", 0.6

    def _listed_on_data(self, doc: Doc, toks: Tokens, start: int, i: int) -> bool:
        """Whether token ``i`` (at character ``start``) opens a name right after a dataset noun ("benchmark dataset X"), or an item of a
        list that an "on"/"across"/"over" of an evaluation opens ("Experiments on A and B (C)", "gains of 16.2% on
        the X"). Between that word and the name stand only other items, list words, determiners, numbers and
        the modifiers of a dataset noun ("on three large-scale egocentric datasets X"): any other word is a
        phrase of its own ("a new perspective on … and proposes X"). "Based on X", "focus on X" and
        "a dataset on X" (on = about) open no list of data."""
        sent = sentence_at(doc, start)
        if i - 1 > sent.start and toks.norm[i - 1] in self.preceding_dataset_nouns:
            return True
        if not sentence_norms(doc, sent) & self.eval_words:
            return False
        data_noun = False
        for k in range(i - 1, sent.start, -1):
            low, lx = toks.lower[k], toks.lex[k]
            if low in ("on", "across", "over"):
                before = toks.norm[k - 1]
                return before not in self.res.words.on_about_words and before not in self.preceding_dataset_nouns \
                    and not self._verb_after(toks, k + 1, i)
            if lx.is_punct:
                if lx.text not in (",", "-", "(", "/", "%") and not (lx.text == ")" and toks.text[k - 2] == "("):
                    return False  # (a bracket may hold one word: "datasets A (EK100) and B (HM3D)")
            elif toks.norm[k] in self.preceding_dataset_nouns:
                data_noun = True
            elif toks.text[k].islower() and not lx.like_num and low not in self.list_links \
                    and low not in self.determiners and low not in self.res.words.list_fillers and not data_noun:
                return False
        return False

    def _alternatives(self, doc: Doc, text: str) -> list[tuple[int, int, str]]:
        """The names in "CIFAR-10/100" (CIFAR-10, CIFAR-100) and "S4D/S5" (S4D, S5), as (start, end, name).

        The word pattern leaves out words glued to a slash (paths, URLs, "and/or"). A version written as
        an alternative ("100") stands for the whole name: its mention is that number, named in full.
        """
        out: list[tuple[int, int, str]] = []
        for start, end in _slashed_words(text):
            for m in _NUMBER_ALTERNATIVES.finditer(text, start, end):
                stem, suffix = m.group(1), m.group(4) or ""
                if not is_coined(stem + m.group(2), self.res):
                    continue
                out.append((m.start(1), m.end(2), stem + m.group(2) + suffix))
                at = m.end(2)
                for number in m.group(3)[1:].split("/"):
                    at += 1  # the slash
                    out.append((at, at + len(number), stem + number + suffix))
                    at += len(number)
            for m in _NAME_ALTERNATIVES.finditer(text, start, end):
                if _NUMBER_ALTERNATIVES.fullmatch(m.group(0)):
                    continue
                words = m.group(0).split("/")
                if all(is_coined(w, self.res) for w in words):
                    at = m.start()
                    for w in words:
                        out.append((at, at + len(w), w))
                        at += len(w) + 1
        return out

    def _title_case_names(self, doc: Doc, models: set[str], acronyms: list[Candidate]) -> list[Candidate]:
        """Runs of capitalised words inside a sentence: "Indian Buffet Process", "Walk-Jump Sampling".

        In running text, two or more capitalised words in a row are written as a name (a
        sentence's first word alone says nothing; a second capital does). Context types it
        (``_type``), else its last word (heads.tsv); else it is a Method when the abstract
        repeats it (as for a coined word), and below the merge threshold unless another
        finder agrees.
        """
        toks = tokens(doc)
        text = doc_text(doc)
        title_end = text_title_end(text)  # the title (when there is one) is all capitalised
        found: list[tuple[int, int, str, str]] = []
        # capitalised words (flagged by tokens()) that are no function word: as ``self._capitalised`` says of each
        capitalised = [False] * len(toks.text)
        function_words, tok_lower = self.res.function_words, toks.lower
        for i in compress(range(len(capitalised)), toks.capital):
            capitalised[i] = tok_lower[i] not in function_words
        ws, lex, tok_text = toks.ws, toks.lex, toks.text

        def trimmed(k: int) -> int:
            """The end of word ``k`` without its trailing punctuation (a hyphen kept): "Learning." ends a run."""
            b = ends[k]
            while b > starts[k] and lex[b - 1].is_punct and tok_text[b - 1] != "-":
                b -= 1
            return b

        for sent in sentences(doc):
            s, e = sent.start, sent.end
            if sent.start_char < title_end or sum(capitalised[s:e]) < 2:
                continue  # a run needs two named words, and each starts with a capitalised token
            # the whitespace-separated words, as their first tokens and ends (after a token followed by a space, and
            # at the sentence's end), found in C; only the few words that open with a capitalised token are read
            ends = [k + 1 for k in compress(range(s, e), ws[s:e])]
            if not ends or ends[-1] != e:
                ends.append(e)
            starts = [s, *ends[:-1]]
            n_words = len(ends)
            named = [False] * n_words
            opened = list(compress(range(n_words), map(capitalised.__getitem__, starts)))
            for k in opened:
                a, b = starts[k], trimmed(k)
                # ("Training Large Models …" opens with a verb)
                named[k] = self._name_word(toks, a, b) and not (a == s and tok_text[b - 1].endswith("ing"))
            after = 0  # words before this one belong to a run already read
            for i in opened:
                if i < after or not named[i]:
                    continue
                j = i  # the run is words[i..j]; a word that punctuation closes ends it
                while trimmed(j) == ends[j] and j + 1 < n_words and (named[j + 1] or (
                        j + 2 < n_words and named[j + 2] and trimmed(j + 1) == ends[j + 1]
                        and toks.lower[starts[j + 1]] in self.name_connectors)):
                    j += 1  # "Chain of Hindsight"
                if sum(named[i:j + 1]) >= 2:
                    stop = trimmed(j)
                    s0, e0 = toks.idx[starts[i]], toks.end_char(stop - 1)
                    found.append((s0, e0, text[s0:e0], tok_text[stop - 1]))
                after = j + 1
        counts: dict[str, int] = {}
        for _s, _e, name, _last in found:
            counts[name] = counts.get(name, 0) + 1
        # "Microsoft Common Objects in Context (MS COCO)": a run that opens a defined long form and stops inside it
        # (at "in") is a part of that name, not one of its own
        defined_ends = {c.start: c.end for c in acronyms}
        out = []
        for start, end, name, last in found:
            if defined_ends.get(start, end) > end:
                continue
            hit = head_type(last, self.res)
            typed = self._type(doc, start, end, name, models) or ((hit[0], min(hit[1], 0.6)) if hit else None)
            guess = "" if typed else GUESS
            typ, conf = typed or ("Method", 0.5 if counts[name] >= 2 else 0.45)
            out.append(Candidate(start, end, typ, Finder.COINED, conf, "", "", "", False, "", guess))  # (positional)
        return out

    def _name_word(self, toks, a: int, b: int) -> bool:
        """"Buffet", "Walk-Jump", "Residual-Q": capitalised, letters/digits/hyphens only, not a function word.

        The caller has checked the first test (``_capitalised``) for token ``a``, from its per-doc flags."""
        if b <= a:
            return False
        word = "".join(toks.text[a:b])
        return all(toks.text[k] == "-" or toks.text[k].isalnum() for k in range(a, b)) and toks.text[b - 1] != "-" \
            and not ("-" in word and self.describing_suffix.search(word))  # "Transformer-based" describes

    def _extend(self, doc: Doc, start: int, end: int) -> tuple[int, int]:
        """Grow a coined word over adjacent capitalised words: "Tiered QK 2D Sparsity"."""
        toks = tokens(doc)
        span = char_token_range(toks, start, end)
        if span is None:
            return start, end
        sent = sentence_at(doc, start)
        if _title_case(doc, sent):
            return start, end  # a Title Case line (a paper title): every word is capitalised
        lex, text, ws = toks.lex, toks.text, toks.ws
        has_comma = "," in doc_text(doc)[sent.start_char:sent.end_char]  # a sentence that lists with commas (two_names)

        def name_like(k: int) -> bool:
            t = text[k]
            return (not lex[k].is_punct and lex[k].lower not in self.res.function_words
                    and (t[:1].isupper() or is_coined(t, self.res) or _DIGITS_UPPER.fullmatch(t) is not None))

        def two_names(k: int) -> bool:
            """Whether tokens k - 1 and k are two names side by side (a list written without commas): two versions
            of one stem ("MOT17 MOT20"), or names the lexicon knows one of at least, spelled as names ("CIFAR-10
            CIFAR-100", "CIFAR100 ImageNet-1k", "DAVIS YouTube-VOS"; not "Transformer U-Net", "NYU Depth V2")."""
            m = k - 1
            while m > sent.start and not ws[m - 1] and "-" in (text[m - 1], text[m]):
                m -= 1  # the whole hyphenated word before: "ImageNet-R" is three tokens
            n = k + 1
            while n < sent.end and not ws[n - 1] and "-" in (text[n - 1], text[n]):
                n += 1
            left, right = "".join(text[m:k]), "".join(text[k:n])
            if _one_stem(left, right):
                return True
            if _LETTERS.search(left) is None or _LETTERS.search(right) is None or has_comma:
                return False  # (a version, "ConvNeXt V2", "ActivityNet v1.3", a size, "384x384 ImageNet"; a term in
                # a sentence that lists with commas: "CVaR RL")
            ends, starts = toks.end_char(k - 1) in self._known_ends, toks.idx[k] in self._known_starts
            strong_left, strong_right = _SPELLED_NAME.search(left) is not None, _SPELLED_NAME.search(right) is not None
            # ("ImageNet-S CUB-200": two names spelled as names, in a sentence with no comma, though neither is known)
            return ends and starts and (strong_left or strong_right) or strong_left and strong_right

        i, j = span
        span_start = i
        while j < sent.end:
            if ws[j - 1] and name_like(j) and not two_names(j):
                j += 1
            elif (j + 1 < sent.end and text[j] == "-" and not ws[j - 1] and not ws[j]
                  and (text[j + 1][:1].isupper() or lex[j + 1].like_num) and j > span_start):
                j += 2  # "Shoulder-Pain", "Multi-Person", "BRATS-2015" inside an extended name
            else:
                break
        if j == span[1] and j < sent.end and ws[j - 1] and _VERSION.fullmatch(text[j]) and not (
                text[j - 1].endswith("s") and text[j - 1][-2:-1].isupper()) and text[j - 1][-1:].isalnum() and (
                j + 1 == sent.end or text[j + 1] in _AFTER_VERSION or toks.lower[j + 1] in _AFTER_VERSION) and not (
                text[j - 1].rpartition("-")[2].islower()) and not any(
                c.finder is Finder.LEXICON and c.start == toks.idx[i] for c in state(doc).candidates):
            j += 1  # "we introduce Mega-TTS 2, a …", "MultiWOZ 2.1 and …": a version number ends the name (not "APIs 1", a
            # plural's count, nor "VC-dimension 1"; a name a lexicon knows keeps its own span: "SQuAD 1.1")
        while i - 1 > sent.start and ws[i - 2] and name_like(i - 1) and lex[i - 1].is_alpha and not two_names(i):
            i -= 1
        if (i, j) == span:
            return start, end
        return toks.idx[i], toks.end_char(j - 1)


@Language.factory("kg_coined", requires=contract("candidates", "modifier_acronyms"), assigns=contract("candidates"),
                  default_config={"resources": SHIPPED})
def make_coined(nlp: Language, name: str, resources: Resources) -> CoinedNameFinder:
    return CoinedNameFinder(resources)
