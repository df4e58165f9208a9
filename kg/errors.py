"""The errors kg reports to its user: one base class, mapped to a one-line message once, by the CLI.

Every expected failure (bad input, a missing build, a SHACL violation, a bad query) raises a
:class:`KgError` subclass whose ``str()`` is a complete one-line message; anything else is a bug
and may show a traceback.
"""
from __future__ import annotations


class KgError(Exception):
    """An expected, user-facing failure; ``str()`` is a one-line message the CLI prints as is."""


class InputError(KgError):
    """A fatal, user-facing input problem; ``str()`` is a one-line message.

    The CLI prints it as-is (no traceback), so the message must stand alone:
    ``examples/x.jsonl:17: not valid JSON (Expecting ',' delimiter)``.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        self.path = path
        self.line = line
        # always one line, whatever the caller passed in
        super().__init__(" ".join(str(message).split()))

    @classmethod
    def at(cls, where: str, message: str, line: int | None = None) -> "InputError":
        """Build ``"FILE[:LINE]: message"``, the usual shape."""
        loc = f"{where}:{line}" if line is not None else where
        return cls(f"{loc}: {message}", path=where, line=line)
