"""Word lists are data: every list lives in kg/extract/data/*.toml (read once into Resources.words);
a list literal of words in a component is a defect this test names."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kg.extract.resources import WORDS_DIR, Words, load_words

ROOT = Path(__file__).resolve().parent.parent / "kg" / "extract"
SOURCES = sorted((ROOT / "components").rglob("*.py")) + [
    ROOT / "text.py", ROOT / "pipeline.py"]
_WORD = re.compile(r"[a-z][a-z.'\-]*(?: [a-z.'\-]+)*")
#: names of the rules' own states, not words of the text (the result patterns and verb classes)
IDENTIFIERS = {"comparative", "noun", "absolute", "verb", "decrease", "increase", "speed", "orth", "norm"}
#: inline literals of at most this many function words read as grammar in the code ("the", "a", "an")
INLINE_LIMIT = 3


def word_list_literals(source: str) -> list[tuple[int, list[str]]]:
    """(line, words) of the list, set and tuple literals of lower-case words in ``source``: every such
    literal assigned to a name, and inline ones of more than INLINE_LIMIT words."""
    tree = ast.parse(source)
    named: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
            continue
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Tuple) for t in node.targets):
            continue  # "a, b = 'x', 'y'" unpacks values, it lists nothing
        value = node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.args \
                and value.func.id in ("frozenset", "set", "tuple", "list"):
            value = value.args[0]  # frozenset((...)) assigned to a name: the literal inside
        named.add(id(value))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Set, ast.List, ast.Tuple)) or not node.elts:
            continue
        if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
            continue
        words = [e.value for e in node.elts]
        if not all(_WORD.fullmatch(w) for w in words) or set(words) <= IDENTIFIERS:
            continue
        if id(node) in named or len(words) > INLINE_LIMIT:
            out.append((node.lineno, words))
    return out


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_word_list_literal_in_the_extraction_code(path: Path) -> None:
    found = word_list_literals(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name}: word lists belong in kg/extract/data/*.toml: {found}"


def test_the_detector_finds_a_word_list() -> None:
    """Positive control: the literals the lists were moved from are found."""
    code = ('_EVAL_OPENERS = {"experiments", "results"}\n'
            'x = low in ("which", "that", "where", "to")\n'
            'y = low in ("the", "a", "an")\n'
            '_GLUE = frozenset((",", "and"))\n'
            'z = q.pattern in ("comparative", "noun")\n')
    assert word_list_literals(code) == [(1, ["experiments", "results"]), (2, ["which", "that", "where", "to"])]


def test_every_list_is_declared_and_loaded_once() -> None:
    words = load_words()
    assert load_words() is words
    assert "accuracy" in words.coined_eval_words and isinstance(words.coined_eval_words, frozenset)
    assert words.lexicon_source_priority[0] == "user"
    with pytest.raises(AttributeError):
        words.rival_extra = frozenset()  # type: ignore[misc]  (frozen)


def test_a_missing_or_unknown_list_is_an_error(tmp_path: Path) -> None:
    for path in WORDS_DIR.glob("*.toml"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    load_words.__wrapped__(tmp_path)  # a copy loads (positive control)
    (tmp_path / "extra.toml").write_text('no_such_list = ["a"]\n', encoding="utf-8")
    with pytest.raises(ValueError, match="unknown \\['no_such_list'\\]"):
        load_words.__wrapped__(tmp_path)


def test_the_data_readme_names_every_list() -> None:
    readme = (ROOT / "data" / "README.md").read_text(encoding="utf-8")
    missing = [f.name for f in Words.__dataclass_fields__.values() if f"`{f.name}`" not in readme]
    assert not missing, f"data/README.md does not say who reads {missing}"
