"""Turn abstracts written in Markdown / LaTeX into plain readable text.

Abstracts come from OpenReview, PMLR, arXiv-style exports, so they carry
``$\\mathcal{O}(n)$``, ``\\emph{...}``, ``*emphasis*``, ``\\url{...}``, TeX
quotes and dashes.  The extractor and the HTML view want the words, not the
markup: ``$O(2^k\\log(n)/\\varepsilon^2)$`` becomes ``O(2^k log(n)/ε^2)``.

Design: a fixed pipeline of precompiled regexes (no per-character Python
loops), fast enough for 100k abstracts.  Pieces that later steps must not
touch - URLs, escaped characters, converted math (which may contain ``_`` or
``*``) - are parked behind one-character placeholders from Unicode plane 15
(private use, never ``\\w``) and put back at the end.  Any internal failure
falls back to whitespace-collapsed input: cleaning must never stop a run.
"""
from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable

from kg.extract.fastre import necessary

__all__ = ["clean_markup"]

# --------------------------------------------------------------------------- tables

_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "eps": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ",
    "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ",
    "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ",
    "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ",
    "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
}  # fmt: skip
_SYMBOLS = {
    "times": "×", "cdot": "·", "leq": "≤", "le": "≤", "leqslant": "≤", "geq": "≥", "ge": "≥", "geqslant": "≥",
    "neq": "≠", "ne": "≠", "approx": "≈", "sim": "∼", "simeq": "≃", "cong": "≅", "equiv": "≡", "propto": "∝",
    "infty": "∞", "to": "→", "rightarrow": "→", "longrightarrow": "→", "leftarrow": "←", "gets": "←",
    "Rightarrow": "⇒", "implies": "⇒", "Leftarrow": "⇐", "leftrightarrow": "↔", "Leftrightarrow": "⇔",
    "iff": "⇔", "mapsto": "↦", "uparrow": "↑", "downarrow": "↓", "pm": "±", "mp": "∓", "div": "÷",
    "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
    "cup": "∪", "cap": "∩", "bigcup": "∪", "bigcap": "∩", "setminus": "∖", "emptyset": "∅", "varnothing": "∅",
    "forall": "∀", "exists": "∃", "neg": "¬", "lnot": "¬", "land": "∧", "wedge": "∧", "lor": "∨", "vee": "∨",
    "partial": "∂", "nabla": "∇", "sum": "∑", "prod": "∏", "int": "∫", "oint": "∮", "ell": "ℓ", "hbar": "ℏ",
    "ll": "≪", "gg": "≫", "lesssim": "≲", "gtrsim": "≳", "prec": "≺", "succ": "≻", "preceq": "⪯", "succeq": "⪰",
    "ldots": "…", "dots": "…", "cdots": "⋯", "vdots": "⋮", "ddots": "⋱", "star": "⋆", "ast": "∗", "circ": "∘",
    "bullet": "•", "otimes": "⊗", "oplus": "⊕", "odot": "⊙", "oslash": "⊘", "top": "⊤", "bot": "⊥", "perp": "⊥",
    "mid": "|", "vert": "|", "lvert": "|", "rvert": "|", "Vert": "‖", "lVert": "‖", "rVert": "‖",
    "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉",
    "triangleq": "≜", "coloneqq": "≔", "dagger": "†", "dag": "†", "ddag": "‡", "prime": "′", "degree": "°",
    "aleph": "ℵ", "Re": "ℜ", "Im": "ℑ", "checkmark": "✓", "copyright": "©",
    "textregistered": "®", "texttrademark": "™", "textdegree": "°", "textasciitilde": "~",
    "textbackslash": "\\", "textendash": "–", "textemdash": "—", "textbar": "|", "ss": "ß",
    "textless": "<", "textgreater": ">", "textbullet": "•", "R": "ℝ", "N": "ℕ", "Z": "ℤ",
}  # fmt: skip
_SYMBOLS.update(_GREEK)
#: Named operators: kept as words, with a space in front when glued to a term (2^k\log n).
_OPERATORS = frozenset(
    "log ln lg exp min max sup inf lim liminf limsup arg argmin argmax sin cos tan sinh cosh tanh det dim "
    "ker deg gcd Pr poly polylog sgn sign diag tr Tr rank softmax mod bmod pmod".split()
)
#: Commands that only change fonts/decoration: keep the argument, drop the command.
_WRAPPERS = (
    "emph textit textbf textsc texttt textrm textsf textsl textup textnormal textmd underline uline "
    "textsubscript textsuperscript text mbox hbox fbox mathrm mathsf mathbf mathcal mathbb mathbbm mathit mathtt mathfrak mathscr mathnormal "
    "boldsymbol bm pmb operatorname ensuremath smash widetilde tilde widehat hat bar overline vec dot ddot "
    "check breve acute grave mathring overrightarrow underbrace overbrace"
).split()
#: Switches and spacing that produce nothing readable.
_DROP = frozenset(
    "left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr displaystyle textstyle "
    "scriptstyle limits nolimits em it bf sc tt rm sf sl cal normalfont noindent nonumber notag centering "
    "par newline linebreak item itemsep quad qquad hfill vfill medskip smallskip bigskip relax protect "
    "label ref eqref cite citep citet citealp citeauthor citeyear nocite hspace vspace begin end "
    "footnotesize small scriptsize tiny normalsize large Large LARGE huge Huge bfseries itshape scshape".split()
)
#: Delimiter sizing: nothing at all in math (\left( is just "(").
_SIZING = frozenset("left right middle big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr".split())
#: Braces lost in export (\emphsparse, \textsceasgd): these prefixes of an unknown name are dropped.
_GLUED_PREFIXES = tuple(
    sorted(
        "emph textit textbf textsc texttt textrm textsf textsubscript textsuperscript underline url mathcal mathbb mathbf mathrm mathsf mathtt "
        "mathit mathfrak mathscr boldsymbol operatorname".split(),
        key=len,
        reverse=True,
    )
)
_DOUBLESTRUCK = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "E": "𝔼", "P": "ℙ"}
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306", "H": "\u030b"}  # fmt: skip

# --------------------------------------------------------------------------- regexes

_PH_BASE = 0xF0000
_PH_MAX = 0xFFFD  # one private-use char per parked piece
_PH = re.compile("[\U000f0000-\U000ffffd]")
_CONTROL = re.compile("[\x00-\x01\x03-\x08\x0b-\x1f\x7f\u0080-\u009f\u2028\u2029]")
#: Soft hyphen, zero-width chars, BOM, lone surrogates (from JSON "\\ud800"; unencodable), plane 15-16 private use.
_INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff\ud800-\udfff\U000f0000-\U0010ffff]")
_ODD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u200b-\u200d\u2028\u2029\u2060\ufeff\ud800-\udfff\U000f0000-\U0010ffff]")
_XML_ESC = re.compile(r"_x([0-9A-Fa-f]{4})_")
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,30});")

_HREF = re.compile(r"\\href\s*\{([^{}\s]*)\}\s*\{([^{}]*)\}")
_URL_CMD = re.compile(r"\\url\s*\{([^{}\s]*)\}")
_MD_LINK = re.compile(r"!?\[([^\[\]\n]{1,300})\]\(\s*((?:https?|ftp)://[^()\s]+|www\.[^()\s]+)\s*\)")
_BARE_URL = re.compile(r"(?:https?|ftp)://[^\s<>\"'`{}\\|^$*]+|www\.[A-Za-z0-9-]+\.[^\s<>\"'`{}\\|^$*]+")
_URL_TAIL = ".,;:!?*_~"

_ESC_DOLLAR = re.compile(r"\\+\$")
_ESC_CHAR = re.compile(r"\\([%&#_{}])")
_ACCENT = re.compile(r"""\\(['`^"~=.])\{?([A-Za-z])\}?|\\([cvuH])\s*\{([A-Za-z])\}""")
_LINEBREAK = re.compile(r"\\\\(?:\[[^\]]{0,20}\])?")

_MATH = re.compile(
    # each body at most 1,000 characters: an opening never closed costs a bounded scan, not the rest of the text
    r"\$\$(?P<d>[^$]{1,1000})\$\$|\$(?P<i>[^$]{1,1000})\$|\\\((?P<p>.{1,1000}?)\\\)|\\\[(?P<b>.{1,1000}?)\\\]"
    r"|\\begin\{(?P<env>equation|align|gather|math|displaymath|eqnarray|multline)\*?\}(?P<e>.{0,1000}?)\\end\{(?P=env)\*?\}",
    re.S,
)
_OLD_SWITCH = re.compile(r"\{\\(?:em|it|bf|sc|tt|rm|sf|sl|cal|bfseries|itshape|scshape)\b\s*([^{}]*)\}")
_CITE = re.compile(r"(?<![ \u00a0~])[ \u00a0~]*\\(?:cite[a-z]*|nocite|label|ref|eqref|autoref|cref|Cref)\*?\s*(?:\[[^\]]*\]\s*)*\{[^{}]*\}")
_CITE_TEST = necessary(_CITE.pattern, _CITE.flags)
#: a numbered citation after a word, "PRW [47] datasets", "PointNet++ [30, 31]": kept between a name and its noun it
#: parts them. Numbers from 1 (an interval "[0, 1]" starts at 0), at most three digits (a year stays); not after a
#: preposition or a verb of reference ("in [0.5, 1]", "developed in [14]": the bracket is the object there)
_NUM_CITE = re.compile(r"(\S+) \[[1-9]\d{0,2}(?:\s*[,–-]\s*[1-9]\d{0,2})*\](?=[\s,.;:)]|$)")
_NUM_CITE_KEEP = frozenset("in of on to at by from with within over and or see cf e.g. i.e. as".split())
_ENV = re.compile(r"\\(?:begin|end)\s*\{[^{}]*\}(?:\s*\[[^\]]*\])?")
_FOOTNOTE = re.compile(r"\\footnote\s*\{([^{}]*)\}")
_WRAP = re.compile(r"\\(" + "|".join(sorted(_WRAPPERS, key=len, reverse=True)) + r")\*?\s*\{([^{}]*)\}")
_TEXTCOLOR = re.compile(r"\\textcolor\s*\{[^{}]*\}")
_COMPLEXITY = re.compile(r"\\(?:math|text)[a-z]*\s*\{([A-Z]{2,})\}\s*\^\s*\{?(\d)\}?")
_NULL_DELIM = re.compile(r"\\(?:left|right|[Bb]igg?[lr]?)\s*\.")
_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_FRAC_SHORT = re.compile(r"\\[dt]?frac\s*([0-9A-Za-z])\s*([0-9A-Za-z])")
_BINOM = re.compile(r"\\[dt]?binom\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_SQRT = re.compile(r"\\sqrt\s*(?:\[([^\]]*)\])?\s*\{([^{}]*)\}")
_SUPSUB = re.compile(r"([\^_])\s*\{([^{}]*)\}")
_CMD = re.compile(r"\\([A-Za-z]+)")
_GLUE_BEFORE = re.compile(r"(?<=[0-9A-Za-z)\]}])\\(" + "|".join(sorted(_OPERATORS, key=len, reverse=True)) + r")\b")
_MATH_SPACE = re.compile(r"\\[,;:>! ]|~")
_NORM = re.compile(r"\\\|")
_PAREN_SPACE = re.compile(r"(?<=[(\[])\s+|\s+(?=[)\]])")
_STRAY_BACKSLASH = re.compile(r"\\(?=[^A-Za-z]|$)")
_BRACES = re.compile(r"[{}]")
_ATOM = re.compile(r"[\w.′∞√']+(?:\([^()]*\))?|\([^()]*\)|.")

#: Emphasis markers: each pattern starts with its marker and checks the character before it afterwards
#: (``\*(?<![\w*\\]\*)`` = "a ``*`` not after a word character, ``*`` or backslash"): a pattern starting
#: with a literal lets the regex engine jump from marker to marker, one starting with a lookbehind is
#: tried at every position of the text (~10x slower, same matches).
_BOLD = re.compile(r"\*\*(?=[^\s*])([^*\n]{1,1000}?)(?<=[^\s*])\*\*|__(?<![\w\\]__)(?=[^\s_])([^_\n]*? [^_\n]*?)(?<=[^\s_])__(?!\w)")
#: (``__x__`` counts as bold only around a phrase: ``__init__`` is an identifier.)
#: Rein*for*mer: emphasis inside a word, letters only on all sides (never math like 2*k*n).
_INWORD_EM = re.compile(r"\*(?<=[A-Za-z]\*)([A-Za-z]{1,40})\*(?=[A-Za-z])")
_STAR_EM = re.compile(r"\*(?<![\w*\\]\*)(?=[^\s*])([^*\n]{1,300}?)(?<=[^\s*\\])\*(?![\w*])")
_UNDER_EM = re.compile(r"_(?<![\w\\]_)(?=[^\s_])([^_\n]{1,300}?)(?<=[^\s_\\])_(?!\w)")
_TEX_OPEN_DQ = re.compile(r"``")
_TEX_SQ = re.compile(r"`([^`\n]{1,300}?)'(?!\w)")
_CODE = re.compile(r"`([^`\n]{1,300})`")
_ARROWS = ((re.compile(r"<-->|<->"), "↔"), (re.compile(r"-->|->(?!-)"), "→"), (re.compile(r"<--"), "←"))
_EMDASH = re.compile(r"---")
_SPACED_DASH = re.compile(r"(?<=\s)--(?=\s)")
_DASH = re.compile(r"--")
#: TeX tie (non-breaking space) vs "~10%" (about): a tie is glued on its left.
_TIE = re.compile(r"(?<=[A-Za-z.,)])~(?=[\w(\\\[])|(?<=\d)~(?=[A-Za-z(\\\[])")
_WS = re.compile(r"\s+")
_SPACE_BEFORE_PUNCT = re.compile(r" (?=[,.;:!?)\]](?: |$))")
#: Substrings that mean "there may be markup"; the common abstract has none and takes the fast path.
_TRIGGERS = ("\\", "$", "*", "_", "`", "''", "~", "--", "->", "<-", "{", "}", "](", "://", "www.")


# --------------------------------------------------------------------------- helpers


class _Parking:
    """Placeholders: one private-use char per parked string, restored at the end."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def park(self, text: str) -> str:
        if len(self.items) >= _PH_MAX:  # pathological input: stop protecting, keep going
            return text
        self.items.append(text)
        return chr(_PH_BASE + len(self.items) - 1)

    def restore(self, text: str) -> str:
        if not self.items:
            return text
        for _ in range(4):  # math may hold parked escapes: a few passes settle it
            if not _PH.search(text):
                break
            text = _PH.sub(self._lookup, text)
        return text

    def _lookup(self, m: re.Match[str]) -> str:
        i = ord(m.group()) - _PH_BASE
        return self.items[i] if i < len(self.items) else ""


def _has_trigger(s: str) -> bool:
    """Whether ``s`` holds one of :data:`_TRIGGERS` (a loop: ``any()`` of a generator cost more than the scans)."""
    for t in _TRIGGERS:
        if t in s:
            return True
    return False


def _fix_until_stable(text: str, steps: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]]) -> str:
    """Apply innermost-brace rewrites repeatedly; nested groups unwrap from inside out."""
    for _ in range(12):
        before = text
        for rx, repl in steps:
            text = rx.sub(repl, text)
        if text == before:
            break
    return text


def _group(body: str) -> str:
    """``x`` stays ``x``; ``n-k`` becomes ``(n-k)`` so ``^``, ``/`` keep their meaning."""
    body = body.strip()
    if not body or _ATOM.fullmatch(body):
        return body
    return f"({body})"


def _wrap(m: re.Match[str]) -> str:
    name, body = m.group(1), m.group(2)
    if name in ("mathbb", "mathbbm") and body.strip() in _DOUBLESTRUCK:
        return _DOUBLESTRUCK[body.strip()]
    return body


_STRUCTURAL = frozenset(_WRAPPERS) | {"frac", "dfrac", "tfrac", "sqrt", "binom", "href", "url", "footnote", "textcolor"}
_KNOWN = frozenset(_SYMBOLS) | _OPERATORS | _DROP | _SIZING | _STRUCTURAL


def _command(m: re.Match[str]) -> str:
    """Final pass over any ``\\name`` still present."""
    name = m.group(1)
    sym = _SYMBOLS.get(name)
    if sym is not None:
        return sym
    if name in _OPERATORS:
        return name
    if name in _SIZING:
        return ""
    if name in _DROP:
        return " "
    if name in _STRUCTURAL:
        return ""  # wrapper left without braces (\mathcal O): the argument follows as-is
    return name  # unknown macro (\bnshift, \poly): its name is the best reading


def _math_symbol(m: re.Match[str]) -> str:
    """Pre-pass in math: symbols now (so ``^{\\varepsilon}`` groups as ``^ε``), structure later."""
    name = m.group(1)
    if name in _SYMBOLS or name in _OPERATORS or name in _SIZING:
        return _command(m)
    return m.group()


def _glued(m: re.Match[str]) -> str:
    """``\\emphsparse`` -> ``sparse`` (an export that dropped the braces); other names untouched."""
    name = m.group(1)
    if name not in _KNOWN:
        for prefix in _GLUED_PREFIXES:
            if name.startswith(prefix) and len(name) > len(prefix):
                return name[len(prefix) :]
    return m.group()


def _accent(m: re.Match[str]) -> str:
    mark = m.group(1) or m.group(3)
    letter = m.group(2) or m.group(4)
    return unicodedata.normalize("NFC", letter + _ACCENTS[mark])


_MATH_STEPS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (_FRAC, lambda m: f"{_group(m.group(1))}/{_group(m.group(2))}"),
    (_BINOM, lambda m: f"C({m.group(1).strip()}, {m.group(2).strip()})"),
    (_SQRT, lambda m: (m.group(1) or "") + "√" + _group(m.group(2))),
    (_WRAP, _wrap),
    (_SUPSUB, lambda m: m.group(1) + _group(m.group(2))),
]
_TEXT_STEPS: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (_OLD_SWITCH, r"\1"),
    (_FOOTNOTE, r" (\1)"),
    (_WRAP, _wrap),
]


def _latex_math(body: str) -> str:
    """One math span's content -> readable text (``\\varepsilon^2`` -> ``ε^2``)."""
    s = _COMPLEXITY.sub(r"\1\2", body)
    s = _NULL_DELIM.sub(" ", s)
    s = _TEXTCOLOR.sub("", s)
    s = _GLUE_BEFORE.sub(r" \\\1", s)
    s = _CMD.sub(_math_symbol, s)
    s = _fix_until_stable(s, _MATH_STEPS)
    s = _FRAC_SHORT.sub(r"\1/\2", s)
    s = _CMD.sub(_command, s)
    s = _MATH_SPACE.sub(" ", s)
    s = _NORM.sub("‖", s)
    s = _STRAY_BACKSLASH.sub("", s)
    s = _BRACES.sub("", s)
    s = _PAREN_SPACE.sub("", s)
    return _WS.sub(" ", s).strip()


def _latex_text(s: str) -> str:
    """LaTeX outside math: unwrap \\emph{...} and friends, map stray symbols."""
    s = _TEXTCOLOR.sub("", s)
    s = _ENV.sub(" ", s)
    s = _fix_until_stable(s, _TEXT_STEPS)
    s = _CMD.sub(_command, s)
    s = _NORM.sub("‖", s)
    s = _STRAY_BACKSLASH.sub("", s)
    return _BRACES.sub("", s)


# --------------------------------------------------------------------------- main


def clean_markup(text: str) -> str:
    """Strip Markdown/LaTeX markup, keep the words; returns a new NFC string.

    Never raises: on an internal error the whitespace-collapsed input is returned.
    """
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    try:
        return _split_long_runs(_clean(text))
    except Exception:  # noqa: BLE001 - cleaning must never stop a run
        return _split_long_runs(" ".join(text.split()))


#: Longest run of non-space characters left whole (a URL is far shorter). spaCy's tokenizer strips
#: affixes one at a time and copies the rest each time: quadratic in a run's length (16,000 ``$`` took
#: 53 s). A longer run (only junk has one) gets a space every ``MAX_RUN`` characters.
MAX_RUN = 500
_LONG_RUN = re.compile(r"\S{%d}(?=\S)" % MAX_RUN)


def _split_long_runs(text: str) -> str:
    if len(text) <= MAX_RUN or not _has_long_run(text):
        return text
    return _LONG_RUN.sub(lambda m: m.group() + " ", text)


def _has_long_run(text: str) -> bool:
    """Whether a run of non-space characters is longer than :data:`MAX_RUN` (``str.isspace`` spaces, as
    ``str.split`` and ``\\S`` read them). Such a run covers one of every ``MAX_RUN + 1`` offsets: only the runs
    through those few are measured, rather than splitting the whole text into words."""
    n = len(text)
    for at in range(MAX_RUN, n, MAX_RUN + 1):
        if text[at].isspace():
            continue
        a = at
        while a > 0 and not text[a - 1].isspace():
            a -= 1
        b = at + 1
        while b < n and not text[b].isspace():
            b += 1
            if b - a > MAX_RUN:
                return True
        if b - a > MAX_RUN:
            return True
    return False


def _clean(text: str) -> str:
    s = unicodedata.normalize("NFC", text)
    # every character of _ODD is unprintable (categories Cc, Cf, Cs, Co, Cn, Zl, Zp): a printable text, one C
    # pass, holds none; the common abstract has no control or invisible characters
    if not s.isprintable() and _ODD.search(s):
        s = _INVISIBLE.sub("", s)  # also removes any placeholder-range chars from the input
        s = s.replace("\x02", "-")  # PDF-extraction hyphen (3D\x02MoLM)
        s = _CONTROL.sub(" ", s)
    if "_x" in s:
        s = _XML_ESC.sub(lambda m: _xml_char(m.group(1)), s)
    if "&" in s:
        s = _ENTITY.sub(lambda m: html.unescape(m.group()), s)

    if " [" in s:
        s = _NUM_CITE.sub(_drop_num_cite, s)
    if not _has_trigger(s):
        return _squeezed(s)
    had_latex = "\\" in s

    park = _Parking()

    # 1. links: \href, \url, [text](url), then every bare URL is parked untouched
    if "\\" in s:
        s = _HREF.sub(lambda m: _link(m.group(2), m.group(1)), s)
        s = _URL_CMD.sub(r"\1", s)
    if "](" in s:
        s = _MD_LINK.sub(lambda m: _link(m.group(1), m.group(2)), s)
    if "://" in s or "www." in s:
        s = _BARE_URL.sub(lambda m: _park_url(m.group(), park), s)

    # 2. escapes (\$ \% \& \_ \{ \}) are literal characters from here on
    if "\\" in s:
        s = _ESC_DOLLAR.sub(lambda m: park.park("$"), s)
        s = _ESC_CHAR.sub(lambda m: park.park(m.group(1)), s)
        s = _ACCENT.sub(_accent, s)
        s = _LINEBREAK.sub(" ", s)
        if _CITE_TEST is None or _CITE_TEST(s):  # a scan from each backslash, not a look-behind at every character
            s = _CITE.sub("", s)
        s = _CMD.sub(_glued, s)

    # 3. math spans -> readable text, parked so Markdown rules cannot touch ^ _ *
    if "$" in s or "\\" in s:
        s = _MATH.sub(lambda m: _park_math(m, park), s)

    # 4. LaTeX outside math
    if "\\" in s or "{" in s:
        s = _latex_text(s)

    # 5. Markdown emphasis and code
    if "*" in s:
        s = _INWORD_EM.sub(r"\1", s)
    if "*" in s or "__" in s:
        s = _BOLD.sub(lambda m: m.group(1) or m.group(2), s)
    if "*" in s:
        s = _STAR_EM.sub(r"\1", s)
    if "_" in s:
        s = _UNDER_EM.sub(r"\1", s)

    # 6. TeX quotes, code spans, dashes, ties
    if "`" in s or "''" in s:
        s = _TEX_OPEN_DQ.sub('"', s).replace("''", '"')
        s = s.replace('`"', '"')
        s = _TEX_SQ.sub(r"'\1'", s)
        s = _CODE.sub(r"\1", s)
        s = s.replace("`", "'")
    if "--" in s or "->" in s or "<-" in s:
        if "->" in s or "<-" in s:
            for rx, arrow in _ARROWS:
                s = rx.sub(arrow, s)
        s = _EMDASH.sub("—", s)
        s = _SPACED_DASH.sub("–", s)
        s = _DASH.sub("–", s)
    if "~" in s:
        s = _TIE.sub(" ", s)

    s = park.restore(s)
    s = _squeezed(s)
    if had_latex:  # dropped commands (\cite, \left) leave "word ." behind
        s = _SPACE_BEFORE_PUNCT.sub("", s)
    return unicodedata.normalize("NFC", s)


def _drop_num_cite(m: re.Match) -> str:
    """A numbered citation after a content word goes; after a preposition it is the object of the phrase."""
    word = m.group(1)
    return m.group() if word.lower() in _NUM_CITE_KEEP or "\\" in word or "$" in word \
        or not word[-1:].isalnum() and word[-1:] not in "+*)" else word


def _squeezed(s: str) -> str:
    """``" ".join(s.split())``: runs of white space as one space, none at either end. A printable text (one C pass)
    holds no white space but the plain space (every other is a control or separator character), so one without
    a double space or an edge space is already so, and is not split into words and joined again."""
    if s.isprintable() and "  " not in s and s[:1] != " " and s[-1:] != " ":
        return s
    return " ".join(s.split())


#: :func:`_latex_math` of a body read before (a pure function of the body; short bodies such as "k", "\\times" or
#: "\\mathcal{O}(n)" recur across abstracts, and each costs a dozen regex passes). Bounded: a run of many texts
#: stops adding bodies, it never drops one; a body longer than 200 characters (rarely seen twice) is not kept.
_MATH_MEMO: dict[str, str] = {}
_MATH_MEMO_MAX = 20_000


def _park_math(m: re.Match[str], park: _Parking) -> str:
    for key in ("d", "i", "p", "b", "e"):
        body = m.group(key)
        if body is not None:
            text = _MATH_MEMO.get(body)
            if text is None:
                text = _latex_math(body)
                if len(body) <= 200 and len(_MATH_MEMO) < _MATH_MEMO_MAX:
                    _MATH_MEMO[body] = text
            ph = park.park(text)
            return ph if key in ("i", "p") else f" {ph} "  # display math stands apart
    return m.group()


def _link(text: str, url: str) -> str:
    """``[text](url)`` / ``\\href{url}{text}`` -> ``text (url)``, or just the URL when they agree."""
    text, url = text.strip(), url.strip()
    if not text or text.rstrip("/") == url.rstrip("/") or text.rstrip("/").endswith(url.split("://", 1)[-1].rstrip("/")):
        return url
    return f"{text} ({url})"


def _park_url(url: str, park: _Parking) -> str:
    kept = url.rstrip(_URL_TAIL)  # sentence punctuation after a URL is not part of it
    url, rest = kept, url[len(kept):]
    # balance a closing paren that belongs to the prose: (see https://x.org/a)
    if url.endswith(")") and url.count("(") < url.count(")"):
        url, rest = url[:-1], ")" + rest
    return park.park(url) + rest


def _xml_char(hexcode: str) -> str:
    ch = chr(int(hexcode, 16))
    return ch if ch.isprintable() else " "
