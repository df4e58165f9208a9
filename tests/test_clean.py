"""clean_markup: the Markdown/LaTeX seen in real abstracts comes out as plain words."""
from __future__ import annotations

import random
import unicodedata
from pathlib import Path

import pytest

from kg.clean import clean_markup

SEED = Path(__file__).resolve().parents[1] / "examples" / "icml2026.txt"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # Markdown emphasis
        ("their *plasticity*.", "their plasticity."),
        ("**F**ile", "File"),
        ("they may _naturally_ achieve", "they may naturally achieve"),
        ("*de novo* generation", "de novo generation"),
        ("we propose *Multimodal Crystal Flow (MCFlow)*, a", "we propose Multimodal Crystal Flow (MCFlow), a"),
        ("both the trigger _and_ from", "both the trigger and from"),
        ("**Rein*for*mer** is", "Reinformer is"),
        ("**D**eep **N**eural-Nets", "Deep Neural-Nets"),
        # not emphasis: identifiers and subscripts stay
        ("set my_var_name and x_i and __init__ here", "set my_var_name and x_i and __init__ here"),
        ("a 2*k*n bound", "a 2*k*n bound"),
        # LaTeX math
        ("over $1,000$ finetuning runs", "over 1,000 finetuning runs"),
        ("6.9$\\times$ faster", "6.9× faster"),
        ("$\\mathsf{QAC}^0$ circuits", "QAC0 circuits"),
        ("MT-CO\\textsubscript{2}OL", "MT-CO2OL"),  # text-mode sub/superscripts keep their argument
        ("H\\textsuperscript{+} ions", "H+ ions"),
        ("MT-CO\\textsubscript2OL", "MT-CO2OL"),  # braces lost in export
        ("is a $k$-junta if", "is a k-junta if"),
        ("from $O(2^k\\log(n)/\\varepsilon^2)$ samples", "from O(2^k log(n)/ε^2) samples"),
        ("$\\Omega((4^k+\\log (n))/\\varepsilon^2)$", "Ω((4^k+log (n))/ε^2)"),
        ("$\\widetilde{\\Theta}(2^n/\\varepsilon^2)$ copies", "Θ(2^n/ε^2) copies"),
        ("$\\mathbf{x} \\leq \\alpha \\cdot y \\geq \\beta$", "x ≤ α · y ≥ β"),
        ("$a \\approx b \\sim c$, $n \\to \\infty$", "a ≈ b ∼ c, n → ∞"),
        ("$\\text{acc}$ and $\\mathrm{KL}$", "acc and KL"),
        ("$\\frac{1}{\\sqrt{T}}$", "1/√T"),
        ("$\\mathbb{R}^d$", "ℝ^d"),
        ("$\\left( \\frac{a+b}{c} \\right)$", "((a+b)/c)"),
        ("\\(O(m \\log n)\\)", "O(m log n)"),
        ("$\\|\\theta^*\\|_2$ small", "‖θ^*‖_2 small"),
        # text-mode LaTeX
        ("at \\url{https://github.com/ambroiseodt/vit-plasticity}.", "at https://github.com/ambroiseodt/vit-plasticity."),
        ("see \\href{https://x.org/a}{our site}", "see our site (https://x.org/a)"),
        ("\\href{https://x.org/a}{https://x.org/a}", "https://x.org/a"),
        ("improves by 75\\% on R\\&D", "improves by 75% on R&D"),
        ("a new \\emph{adaptive} method, {\\em first} and \\textbf{bold \\emph{nested}}", "a new adaptive method, first and bold nested"),
        ("the \\emphsparse case", "the sparse case"),
        ("costs \\$2,000 and \\\\$300", "costs $2,000 and $300"),
        ("proposed by \\citet{Wang2020}. Also here~\\cite{a,b}.", "proposed by. Also here."),
        ("identification~(PFI) uses ~0.1% data", "identification (PFI) uses ~0.1% data"),
        ("Caf\\'e na\\\"ive", "Café naïve"),
        # quotes and dashes
        ("an uncertainty-aware ``soft projection'' mechanism", 'an uncertainty-aware "soft projection" mechanism'),
        ("a scalable `pre-flight' evaluation layer", "a scalable 'pre-flight' evaluation layer"),
        (
            "We dub this approach ''class subspace orthogonalization'' (CSO).",
            'We dub this approach "class subspace orthogonalization" (CSO).',
        ),
        ("the model's `own view' here", "the model's 'own view' here"),
        ("prunes unnecessary Q-head--key computations", "prunes unnecessary Q-head–key computations"),
        ("experiments -- over runs -- showcase", "experiments – over runs – showcase"),
        ("a collapse --- a drastic one", "a collapse — a drastic one"),
        # Markdown links, whitespace, junk characters
        ("at [GitHub](https://github.com/x/y).", "at GitHub (https://github.com/x/y)."),
        ("at [https://a.org/b](https://a.org/b)", "at https://a.org/b"),
        ("code: https://github.com/a/foo_bar_baz_/x--y.", "code: https://github.com/a/foo_bar_baz_/x--y."),
        ("  line one\n line\ttwo  \r\n", "line one line two"),
        ("augmenta\x02tion of 3D\x02MoLM", "augmenta-tion of 3D-MoLM"),
        ("zero\u200bwidth and soft\u00adhyphen", "zerowidth and softhyphen"),
        ("a &mdash; b", "a — b"),
        ("plain text, nothing to do.", "plain text, nothing to do."),
    ],
)
def test_examples(raw: str, expected: str) -> None:
    assert clean_markup(raw) == expected


def test_returns_nfc() -> None:
    decomposed = "Cafe\u0301 and $\\alpha$"
    out = clean_markup(decomposed)
    assert out == "Café and α"
    assert unicodedata.is_normalized("NFC", out)


def test_seed_file_has_no_markup_left() -> None:
    paragraphs = [p for p in SEED.read_text(encoding="utf-8").split("\n\n")[1:] if p.strip()]
    cleaned = [clean_markup(p) for p in paragraphs]
    joined = "\n".join(cleaned)
    for residue in ("$", "\\", "``", "''", "*plasticity*", "_naturally_", "{", "}"):
        assert residue not in joined, residue
    assert "over 1,000 finetuning runs" in joined
    assert "https://github.com/ambroiseodt/vit-plasticity." in joined
    assert "QAC0 circuits" in joined
    assert "k-junta" in joined


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "$",
        "$$",
        "\\",
        "{",
        "}}}{{{",
        "\\frac{",
        "\\sqrt[",
        "**",
        "_",
        "``",
        "\\begin{equation}",
        "\x00\x01\x02",
        "\ud800 lone surrogate",
        "\U000f0001 private use",
        "$" * 10_001,
        "{" * 5000 + "}" * 4000,
        "\\frac{" * 2000,
    ],
)
def test_never_raises_on_junk(junk: str) -> None:
    out = clean_markup(junk)
    assert isinstance(out, str)
    out.encode("utf-8")  # nothing unencodable survives


def test_non_string_input_does_not_raise() -> None:
    assert clean_markup(None) == ""  # type: ignore[arg-type]
    assert clean_markup(42) == "42"  # type: ignore[arg-type]


def test_random_markup_soup_never_raises() -> None:
    rng = random.Random(7)
    pieces = list("\\$*_`'~-{}[]()^&%# ab1") + ["\\frac", "\\emph{", "\\url{", "``", "''", "\\(", "\\)", "](", "https://x.y/"]
    for _ in range(2000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        out = clean_markup(text)
        assert isinstance(out, str)
        assert not any(ord(c) >= 0xF0000 for c in out)  # no placeholder leaks out


def test_odd_characters_are_all_unprintable_so_a_printable_text_skips_their_scan() -> None:
    import sys

    from kg.clean.markup import _ODD
    odd = [chr(c) for c in range(sys.maxunicode + 1) if _ODD.match(chr(c))]
    assert len(odd) > 1000 and not any(c.isprintable() for c in odd)
    assert clean_markup("soft\u00adhyphen and zero\u200bwidth") == "softhyphen and zerowidth"  # still removed


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # a numbered citation after a name parts it from its noun: it goes
        ("on the CUHK-SYSU [12] and PRW [47] datasets.", "on the CUHK-SYSU and PRW datasets."),
        ("with PointNet++ [30, 31] and DGCNN [41].", "with PointNet++ and DGCNN."),
        ("prior methods [3-5] are slow", "prior methods are slow"),
        # positive controls: an interval, a year, a citation that is the object of a preposition, math
        ("over the interval [0, 1], with", "over the interval [0, 1], with"),
        ("for x in [1, 2] we", "for x in [1, 2] we"),
        ("developed in [14], this", "developed in [14], this"),
        ("Smith et al. [2014] show", "Smith et al. [2014] show"),
        ("$x \\in [1, 2]$ and", "x ∈ [1, 2] and"),
    ],
)
def test_numbered_citations(raw, expected):
    assert clean_markup(raw) == expected


def test_citation_between_name_and_noun_keeps_the_dataset(entity_types):
    types = entity_types("We evaluate on the CUHK-SYSU [12] and PRW [47] datasets and achieve gains.")
    assert types.get("PRW") == "Dataset" and types.get("CUHK-SYSU") == "Dataset", types
