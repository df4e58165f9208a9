"""The errors kg reports to its user: one class per kind of failure, mapped to a message once, by the CLI.

Every expected failure raises a :class:`KgError` subclass whose ``str()`` is a complete one-line
message (``kg.cli`` prints ``error: <message>`` and exits 1); anything else is a bug and may show a
traceback.  The subclasses let a caller of the library tell the failures apart:

* :class:`InputError` - a file the user gave cannot be read (abstracts, gold, RDF data, a query file);
* :class:`MissingBuildError` - a folder holds no build (no graph, no SPARQL store): run ``kg build``;
* :class:`QueryError` - a SPARQL query the store refuses (syntax, an update, an evaluation failure);
* :class:`ValidationError` - the graph does not conform to the SHACL shapes, or validation cannot run;
* :class:`UsageError` - an argument the command cannot use (a ``--focus`` nothing matches, ``--out``
  a folder where a file is needed);
* :class:`ServerError` - ``kg serve`` could not start its query workers;
* :class:`SetupError` - the installation lacks something kg needs (an optional library, package data);
* :class:`BusyError` - another ``kg build`` is writing into the same folder (a lock refuses the second).
"""
from __future__ import annotations


class KgError(Exception):
    """An expected, user-facing failure; ``str()`` is a one-line message the CLI prints as is."""

    def __init__(self, message: str) -> None:
        # always one line, whatever the caller passed in
        super().__init__(" ".join(str(message).split()))


class InputError(KgError):
    """A file the user gave cannot be read; the message names the file (and line).

    ``examples/x.jsonl:17: not valid JSON (Expecting ',' delimiter)``.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        self.path = path
        self.line = line
        super().__init__(message)

    @classmethod
    def at(cls, where: str, message: str, line: int | None = None) -> InputError:
        """Build ``"FILE[:LINE]: message"``, the usual shape."""
        loc = f"{where}:{line}" if line is not None else where
        return cls(f"{loc}: {message}", path=where, line=line)


class MissingBuildError(KgError):
    """The folder (or file) holds no build of the kind the command reads; the message says to run ``kg build``."""


class QueryError(KgError):
    """A query the SPARQL store refuses: a syntax error, an update, an evaluation failure."""


class ValidationError(KgError):
    """SHACL validation found violations, or could not run on the shapes given."""


class UsageError(KgError):
    """An argument or option value the command cannot use; the message says what would work."""


class ServerError(KgError):
    """``kg serve`` could not start (a query worker failed to come up)."""


class SetupError(KgError):
    """The installation lacks something kg needs (an optional library, a package data file)."""


class BusyError(KgError):
    """Another process holds the folder's build lock: two builds into one folder would mix their files."""


class CacheError(KgError):
    """The extraction cache cannot be opened, read or written (not an SQLite file, no permission, a full disk)."""


class UpdateError(KgError):
    """``kg build --update`` cannot add to the folder: no earlier build there, or one made with other options."""


class ClusterError(KgError):
    """The Dask scheduler given to ``kg build --scheduler`` cannot be reached."""
