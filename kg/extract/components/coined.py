"""``kg_coined``: coined names no lexicon knows (KREPE, TileSparse, Qwen3-32B, MP-20).

A word is coined when it has inner capitals, is all-caps, or mixes letters and
digits. Its type comes from context: a type noun right after it ("MP-20
benchmark"), a model-family prefix ("Qwen3-32B"), an evaluation list ("on
CIFAR-10, GTSRB and TinyImageNet"); an untyped coined name is kept only when the
abstract repeats it (then it is most likely the method the paper is about).
"""
from __future__ import annotations

import re

from spacy.language import Language
from spacy.tokens import Doc

from kg.extract.components.base import doc_text, sentence_at, Candidate, candidates, norm_word
from kg.extract.resources import DATA_DIR, Resources, _words, load_resources

_WORD = re.compile(r"(?<![\w@/.\-'’^])([A-Za-z0-9]+(?:[\-.^][A-Za-z0-9]+)*)(?![\w@/'’^]|-\w|\.\w)")
_DATASET_NOUNS = {"benchmark", "dataset", "corpus", "suite", "domain", "split", "leaderboard", "testbed"}
_MODEL_NOUNS = {"model", "llm", "backbone", "encoder", "decoder", "network", "architecture", "checkpoint"}
_METHOD_NOUNS = {"method", "algorithm", "framework", "approach", "technique", "loss", "objective", "optimizer",
                 "setup", "training", "baseline", "variant", "pipeline", "strategy", "paradigm", "recipe", "mechanism",
                 "module", "layer", "regularizer", "estimator", "attack", "defense", "policy", "procedure"}
_EVAL_WORDS = {"benchmark", "dataset", "domain", "experiment", "evaluate", "evaluated", "evaluation", "test", "tested",
               "result", "achieve", "accuracy", "performance"}
_ADJ_SUFFIX = re.compile(r"-(based|like|aware|style|specific|free|guided|driven|level|wise|only|centric|powered|scale)$",
                         re.IGNORECASE)
_STOP = _words(DATA_DIR / "coined_stop.txt")


def is_coined_part(part: str) -> bool:
    letters = [c for c in part if c.isalpha()]
    if not letters:
        return False
    has_digit = any(c.isdigit() for c in part)
    uppers = sum(c.isupper() for c in letters)
    if has_digit:
        return len(letters) >= 1 and len(part) >= 2 and not re.fullmatch(r"\d+[a-zA-Z]", part)
    if uppers >= 2:
        return True
    return uppers == 1 and not part[0].isupper() and len(part) > 2  # iPhone, mHealth


def is_coined(word: str) -> bool:
    if word in _STOP or len(word) < 2:
        return False
    parts = re.split(r"[\-.^]", word)
    if any(p in _STOP for p in parts) and len(parts) == 1:
        return False
    if re.fullmatch(r"\d+[DdBbMmKkx]|[A-Z]", word):  # 2D, 7B, 10x
        return False
    return any(is_coined_part(p) for p in parts)


class CoinedNameFinder:
    def __init__(self, res: Resources):
        self.res = res
        self.families = res.model_families
        names = "|".join(re.escape(f) for f in sorted(self.families, key=len, reverse=True))
        self.family_member = re.compile(rf"^(?:{names})[\-.]?\d[A-Za-z0-9.\-]*$")
        self.patterns = [(re.compile(row[0]), row[1], float(row[2]))
                         for row in (ln.split("\t") for ln in (DATA_DIR / "patterns.tsv").read_text(encoding="utf-8").splitlines()
                                     if ln.strip() and not ln.startswith("#"))]

    def _family_member(self, word: str) -> bool:
        """"Mistral-7B", "Llama-3-8B", "Phi-3": a model family plus a version or size."""
        return self.family_member.match(word) is not None

    def _type(self, doc: Doc, start: int, end: int, word: str, models: set[str]) -> tuple[str, float] | None:
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            return None
        nxt = [norm_word(t.text) for t in doc[span.end:span.end + 2] if not t.is_punct]
        if nxt and nxt[0] in _DATASET_NOUNS:
            return "Dataset", 0.8
        if nxt and nxt[0] in _MODEL_NOUNS:
            return "Model", 0.75
        if nxt and nxt[0] in _METHOD_NOUNS:
            return "Method", 0.75
        if any(word.startswith(f) for f in self.families):
            return "Model", 0.75
        sent = sentence_at(doc, start)
        # "on A, B and C" lists in a sentence about experiments or benchmarks
        before = doc[sent.start:span.start]
        words = {norm_word(t.text) for t in sent}
        if words & _EVAL_WORDS:
            head = ""  # the noun the list hangs on: "on two open-source VLAs, Pi0 and OpenVLA" names models
            for tok in reversed(list(before)):
                if tok.lower_ in ("on", "across", "over"):
                    return ("Model", 0.65) if head == "model" else ("Dataset", 0.65)
                if not head and not tok.is_punct and tok.lower_ not in ("and", "or"):
                    if norm_word(tok.text) in _MODEL_NOUNS or tok.text.rstrip("s") in models:
                        head = "model"
                    elif not is_coined(tok.text):
                        head = "other"
                if tok.is_punct and tok.text not in (",", "-", "(") or tok.lower_ in ("than", "with", "to", "by", "of", "using"):
                    break
        return None

    def __call__(self, doc: Doc) -> Doc:
        out = candidates(doc)
        found: list[tuple[int, int, str]] = []
        counts: dict[str, int] = {}
        for m in _WORD.finditer(doc_text(doc)):
            word = m.group(1)
            suffix = _ADJ_SUFFIX.search(word)
            if suffix:
                word = word[:suffix.start()]  # "LLM-based" names the LLM
            if not is_coined(word) and not self._family_member(word):
                continue
            found.append((m.start(1), m.start(1) + len(word), word))
            counts[word] = counts.get(word, 0) + 1
        text = doc_text(doc)
        models = {text[c.start:c.end] for c in out if c.type == "Model"}  # "VLA", defined earlier as a model
        names: list[tuple[int, int, str]] = []
        for start, end, word in found:
            s2, e2 = self._extend(doc, start, end)
            names.append((s2, e2, doc_text(doc)[s2:e2]))
        counts = {}
        for _s, _e, name in names:
            counts[name] = counts.get(name, 0) + 1
        for start, end, name in names:
            typed = self._type(doc, start, end, name, models)
            if typed is None:
                if counts[name] >= 2 or " " in name:
                    typed = ("Method", 0.5)  # repeated or multiword: the paper's own name for something
                else:
                    typed = ("Method", 0.45)  # below the merge threshold unless a cue confirms it
            out.append(Candidate(start, end, typed[0], "coined", typed[1]))
        for pattern, typ, conf in self.patterns:
            for m in pattern.finditer(doc_text(doc)):
                out.append(Candidate(m.start(), m.end(), typ, "pattern", conf))
        return doc

    def _extend(self, doc: Doc, start: int, end: int) -> tuple[int, int]:
        """Grow a coined word over adjacent capitalised words: "Tiered QK 2D Sparsity"."""
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            return start, end
        sent = sentence_at(doc, start)
        alpha = [t for t in sent if t.is_alpha]
        if alpha and sum(t.text[0].isupper() for t in alpha) > 0.5 * len(alpha):
            return start, end  # a Title Case line (a paper title): every word is capitalised

        def name_like(tok) -> bool:
            return (not tok.is_punct and tok.lower_ not in self.res.function_words
                    and (tok.text[:1].isupper() or is_coined(tok.text) or re.fullmatch(r"\d+[A-Z]", tok.text) is not None))

        i, j = span.start, span.end
        while j < sent.end:
            if doc[j - 1].whitespace_ and name_like(doc[j]):
                j += 1
            elif (j + 1 < sent.end and doc[j].text == "-" and not doc[j - 1].whitespace_ and not doc[j].whitespace_
                  and (doc[j + 1].text[:1].isupper() or doc[j + 1].like_num) and j > span.start):
                j += 2  # "Shoulder-Pain", "Multi-Person", "BRATS-2015" inside an extended name
            else:
                break
        while i - 1 > sent.start and doc[i - 2].whitespace_ and name_like(doc[i - 1]) and doc[i - 1].is_alpha:
            i -= 1
        if (i, j) == (span.start, span.end):
            return start, end
        return doc[i].idx, doc[j - 1].idx + len(doc[j - 1].text)


@Language.factory("kg_coined")
def make_coined(nlp: Language, name: str) -> CoinedNameFinder:
    return CoinedNameFinder(load_resources())
