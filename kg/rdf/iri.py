"""The one way text from the input becomes an IRI: paper ids, entity slugs, URLs, the base IRI.

Input text may hold anything (control and private-use characters, U+FFFD, ``%zz``, a second
``#``); Oxigraph refuses such an IRI when it loads the store, and RFC 3987 agrees. Every IRI the
exports write is made here, so what cannot be an IRI character is percent-encoded (ids, paths)
or the text is not made an IRI at all (a URL that is not http(s), or whose host is unusable:
the exporter keeps it as a literal, and the explorer never renders it as a link).

No rdflib or pyoxigraph import: the command line checks ``--base-iri`` with it.
"""
from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

#: ASCII characters an IRI keeps as they are in a path, query or fragment (RFC 3987
#: iunreserved / sub-delims / ":" "@" "/" "?"); "%" and "#" are handled apart.
_ASCII_KEPT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?")
#: RFC 3987 ``ucschar``: the non-ASCII code points an IRI may hold (no private use, no
#: non-characters, no U+FFF0-U+FFFF specials).
_UCSCHAR = ((0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF)) + tuple(
    (plane << 16, (plane << 16) + 0xFFFD) for plane in range(1, 14)) + ((0xE1000, 0xEFFFD),)
_SURROGATE = re.compile("[\ud800-\udfff]")
_PCT = re.compile(r"%[0-9A-Fa-f]{2}")
_SCHEME_HOST = re.compile(r"^(https?)://([^/?#]+)(.*)$", re.IGNORECASE | re.DOTALL)
#: ``ihost`` (reg-name or IPv4), optional port; an IPv6 literal in brackets.
_HOST = re.compile(r"^(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2}|[^\x00-\x7f])+(?::[0-9]*)?\Z"
                   r"|^\[[0-9A-Fa-f:.]+\](?::[0-9]*)?\Z")
#: The longest URL made an IRI; longer ones stay literals.
MAX_URL = 2048


def _ucschar(ch: str) -> bool:
    """An RFC 3987 ``ucschar`` that is also no space or format character.

    Spaces (U+00A0, U+3000 ...) are ucschar but rdflib's N-Triples parser splits on them, and
    format characters (zero-width, right-to-left overrides) make an IRI read differently from
    what it is: both are percent-encoded.
    """
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _UCSCHAR) and unicodedata.category(ch)[0] not in "ZC"


def _pct(ch: str) -> str:
    if 0xD800 <= ord(ch) <= 0xDFFF:  # a lone surrogate has no UTF-8: its replacement character
        ch = "\ufffd"
    return "".join(f"%{b:02X}" for b in ch.encode("utf-8"))


def encode_iri_text(text: str, *, fragment_ok: bool = True) -> str:
    """``text`` (a path, query and fragment) with every character an IRI refuses percent-encoded.

    Kept: the characters of RFC 3987 ``ipath``/``iquery``/``ifragment``, ``%`` when it starts a
    percent-encoding, the first ``#`` (when ``fragment_ok``). Valid text comes back unchanged.
    """
    out: list[str] = []
    in_fragment = not fragment_ok
    for i, ch in enumerate(text):
        if ch in _ASCII_KEPT or (ch > "\x7f" and _ucschar(ch)):
            out.append(ch)
        elif ch == "%" and _PCT.match(text, i):
            out.append(ch)
        elif ch == "#" and not in_fragment:
            in_fragment = True
            out.append(ch)
        else:
            out.append(_pct(ch))
    return "".join(out)


def local_name(text: str) -> str:
    """An id from the input as the last segment of an IRI: ASCII letters, digits, ``-._~`` and ``%XX``.

    Paper ids go through this (``u0``, ``2401.01234`` stay as they are).
    """
    return quote(_SURROGATE.sub("\ufffd", text), safe="-._~")


def web_iri(url: str) -> str | None:
    """An http(s) URL as IRI text (characters an IRI refuses percent-encoded), or None.

    None for anything else (``javascript:``, ``file:``, a relative path, a host that is not
    a host, a URL over :data:`MAX_URL` characters): the caller keeps it as a literal.
    """
    m = _SCHEME_HOST.match(url)
    if m is None or len(url) > MAX_URL:
        return None
    scheme, authority, rest = m.groups()
    userinfo, _, host = authority.rpartition("@")
    if not _HOST.match(host) or any(ch > "\x7f" and not _ucschar(ch) for ch in host):
        return None
    if userinfo and (encode_iri_text(userinfo) != userinfo or set(userinfo) & set("/?#@")):
        return None
    return f"{scheme}://{authority}{encode_iri_text(rest)}"


def base_iri_problem(base: str) -> str:
    """'' if ``base`` can prefix the instance IRIs, else what is wrong with it."""
    if re.match(r"^https?://", base, re.IGNORECASE):
        ok = web_iri(base) == base
    elif re.match(r"^urn:[A-Za-z0-9][A-Za-z0-9-]*:", base):
        ok = encode_iri_text(base) == base
    else:
        return "must be an absolute http(s):// or urn: IRI, e.g. https://example.org/kg/"
    return "" if ok else "holds characters an IRI may not hold (spaces, controls, private-use); percent-encode them"
