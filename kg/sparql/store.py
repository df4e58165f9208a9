"""The embedded SPARQL store: open or build a pyoxigraph store, run queries, format results.

``kg build`` loads the graph into an on-disk Oxigraph store in ``DIR/store``
(see :func:`staged_store`); ``kg query`` and ``kg serve`` open it read-only.

Layout: the named graphs of ``graph.nq`` (one per paper, holding that paper's
evidence, see :mod:`kg.export.nquads`) are kept, and the store's default graph
is the **union** of all graphs, materialized at load time: every triple of
``graph.nt`` is in the default graph. Queries therefore see everything
without ``GRAPH`` (and ``GRAPH <paper> { ... }`` narrows to one paper's
evidence). Materializing costs disk space but Oxigraph answers about twice
as fast as with its ``use_default_graph_as_union`` mode (BENCHMARKS.md).
The prefixes of :data:`PREFIXES` are predeclared in every query.
"""
from __future__ import annotations

import csv
import io
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from pathlib import Path

import pyoxigraph as ox

from kg.atomic import StagedFiles, checkpoint, replace_dir, settle
from kg.errors import InputError, MissingBuildError, QueryError
from kg.rdf.namespaces import PREFIXES as _VOCAB_PREFIXES

#: Prefixes every query may use without declaring them.
PREFIXES: dict[str, str] = {
    **{name: str(ns) for name, ns in _VOCAB_PREFIXES.items()},
    "mls": "http://www.w3.org/ns/mls#",
    "lpwcc": "https://linkedpaperswithcode.com/class/",
    "lpwcp": "https://linkedpaperswithcode.com/property/",
}

STORE_DIRNAME = "store"

#: File extension -> RDF format for ``--data`` files.
DATA_FORMATS = {
    ".ttl": ox.RdfFormat.TURTLE,
    ".nt": ox.RdfFormat.N_TRIPLES,
    ".nq": ox.RdfFormat.N_QUADS,
    ".trig": ox.RdfFormat.TRIG,
    ".jsonld": ox.RdfFormat.JSON_LD,
    ".json": ox.RdfFormat.JSON_LD,
    ".rdf": ox.RdfFormat.RDF_XML,
    ".owl": ox.RdfFormat.RDF_XML,
    ".xml": ox.RdfFormat.RDF_XML,
    ".n3": ox.RdfFormat.N3,
}

_UPDATE = re.compile(
    r"^\s*(?:(?:BASE\s*<[^>]*>|PREFIX\s+[^\s:]*:\s*<[^>]*>)\s*)*"
    r"(INSERT|DELETE|LOAD|CLEAR|DROP|CREATE|ADD|MOVE|COPY|WITH)\b",
    re.IGNORECASE,
)
_COMMENT = re.compile(r"#[^\n]*")
_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
_POSITION = re.compile(r"error at (\d+):(\d+):\s*")


# ---------------------------------------------------------------------------
# opening, loading, building
# ---------------------------------------------------------------------------

def _is_store_dir(path: Path) -> bool:
    return (path / "CURRENT").is_file()


def store_path(path: Path) -> Path:
    """The store folder for ``path``: a build folder (``DIR/store``) or the store folder itself."""
    path = Path(path)
    if _is_store_dir(path / STORE_DIRNAME):
        return path / STORE_DIRNAME
    if _is_store_dir(path):
        return path
    if not path.exists():
        raise MissingBuildError(f"no such folder: {path} (build one with `kg build INPUT --out {path}`)")
    raise MissingBuildError(f"no SPARQL store in {path} (run `kg build INPUT --out {path}` to create {path / STORE_DIRNAME})")


def open_store(path: Path) -> ox.Store:
    """Open the store of a build folder read-only (several readers may share it).

    A commit a killed build left half done is finished first (:func:`kg.atomic.settle`).
    """
    settle(Path(path))
    where = store_path(path)
    try:
        return ox.Store.read_only(str(where))
    except OSError as exc:
        raise InputError(f"cannot open the SPARQL store in {where}: {exc}") from None


def load_files(paths: Iterable[Path]) -> ox.Store:
    """An in-memory store holding the RDF files (format from the extension)."""
    store = ox.Store()
    for path in paths:
        path = Path(path)
        fmt = DATA_FORMATS.get(path.suffix.lower())
        if fmt is None:
            known = ", ".join(sorted(DATA_FORMATS))
            raise InputError(f"{path}: unknown RDF format (use one of {known})")
        if not path.is_file():
            raise InputError(f"no such file: {path}")
        try:
            store.bulk_load(path=str(path), format=fmt)
        except SyntaxError as exc:
            raise InputError(f"{path}: not valid {fmt.name}: {_one_line(str(exc))}") from None
    materialize_union(store)
    return store


def materialize_union(store: ox.Store) -> None:
    """Copy the triples of every named graph into the default graph (in Python: for small stores)."""
    default = ox.DefaultGraph()
    for graph in list(store.named_graphs()):
        triples = [ox.Quad(q.subject, q.predicate, q.object, default)
                   for q in store.quads_for_pattern(None, None, None, graph)]
        store.bulk_extend(triples)


#: RDF text to load, or the file holding it.
RdfSource = str | bytes | Path


def load_nquads(nquads: RdfSource, store: ox.Store | None = None, ntriples: RdfSource | None = None) -> ox.Store:
    """Load ``graph.nq`` (into ``store`` or a new in-memory store) with the default graph = union.

    ``ntriples`` (the same triples as N-Triples, as ``kg build`` has them at
    hand) makes the union a second bulk load instead of a copy in Python;
    ``nquads`` need then hold the named graphs only. Each is a text or a file
    (a :class:`~pathlib.Path`: Oxigraph reads it, without the text in memory).
    """
    store = store if store is not None else ox.Store()
    if ntriples is not None:
        _bulk_load(store, ntriples, ox.RdfFormat.N_TRIPLES)
        _bulk_load(store, nquads, ox.RdfFormat.N_QUADS)
    else:
        _bulk_load(store, nquads, ox.RdfFormat.N_QUADS)
        materialize_union(store)
    return store


#: Bytes of a file per bulk load. Oxigraph's bulk loader holds its batches (up to a million
#: quads each, two at a time) in memory: loading a 10,000-abstract graph.nt (200 MB) at once
#: took 1.07 GB, in 32 MB loads 0.24 GB at most, for about the same CPU time.
LOAD_CHUNK_BYTES = 32 << 20


def _bulk_load(store: ox.Store, source: RdfSource, fmt: ox.RdfFormat) -> None:
    """Bulk-load N-Triples or N-Quads: a text at once, a file in loads of about :data:`LOAD_CHUNK_BYTES`."""
    if not isinstance(source, Path):
        store.bulk_load(input=source.encode("utf-8") if isinstance(source, str) else source, format=fmt)
        return
    for chunk in _line_chunks(source, LOAD_CHUNK_BYTES):
        store.bulk_load(input=chunk, format=fmt)


def _line_chunks(path: Path, size: int) -> Iterator[bytes]:
    """The file in pieces of about ``size`` bytes, cut after a line feed.

    Each line of N-Triples and N-Quads is a whole statement (a line feed inside a
    literal is escaped), so the pieces load one after the other as the whole file
    would. (Blank node labels would lose their file-wide scope; the build writes none.)
    """
    rest = b""
    with open(path, "rb") as fh:
        while block := fh.read(size):
            data = rest + block if rest else block
            cut = data.rfind(b"\n") + 1
            rest = data[cut:]
            if cut:
                yield data[:cut]
    if rest:
        yield rest


@contextmanager
def staged_store(nquads: RdfSource, out_dir: Path, ntriples: RdfSource | None = None,
                 staged: StagedFiles | None = None,
                 make: Callable[[Path], object] | None = None) -> Iterator[Future]:
    """Build the store for ``nquads`` next to ``out_dir/store``; install it when the block succeeds.

    The store is bulk-loaded (see :func:`load_nquads`; pass ``ntriples`` too
    when at hand; source files must stay in place until the future's ``result()`` has returned) and
    compacted into a temporary folder inside ``out_dir``, in
    a background thread (Oxigraph releases the GIL, so the block's Python work
    runs meanwhile on another core). The block gets the load's future: its
    ``result()`` waits for the load and raises its error. When the block
    finishes without error the load is awaited, the old ``store`` folder is
    moved aside, the new one renamed into place and the old one deleted
    (:func:`kg.atomic.replace_dir`, the journal's folder swap too); on
    any error the temporary folder is removed (after the load has stopped) and
    the old store is untouched, so a failed build never leaves a half store.
    With ``staged`` (the build's other exports) the store is not installed on exit but by
    ``staged.commit()``, in the same journaled set of renames as the files. ``make(path)``, if given,
    makes the store in ``path`` (not there yet) instead of a load (an update patches the old store's copy).
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{STORE_DIRNAME}.", suffix=".tmp", dir=out_dir))
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(tmp, 0o777 & ~mask)  # mkdtemp makes 0700; the store is shared like the other exports
    with ThreadPoolExecutor(1, thread_name_prefix="kg-store") as pool:
        future = pool.submit(build_store, tmp, nquads, ntriples) if make is None else \
            pool.submit(_made, make, tmp, 0o777 & ~mask)
        if staged is not None:
            staged.adopt(STORE_DIRNAME, tmp)
        try:
            yield future
            future.result()
            if staged is None:
                replace_dir(tmp, out_dir / STORE_DIRNAME)
        finally:
            wait([future])  # the load cannot be cancelled: let it close the database first
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)


def _made(make: Callable[[Path], object], path: Path, mode: int) -> Path:
    os.rmdir(path)
    make(path)
    os.chmod(path, mode)
    return path


def build_store(path: Path, nquads: RdfSource, ntriples: RdfSource | None) -> Path:
    """Bulk-load and compact an on-disk store in ``path``, closed again when this returns."""
    store = ox.Store(str(path))
    try:
        load_nquads(nquads, store, ntriples)
        store.flush()
        store.optimize()  # compaction: about 2x faster reads on large graphs
        checkpoint("store-loaded")
    finally:
        del store  # closes the database (also when a failed load's traceback is kept)
    return path


# ---------------------------------------------------------------------------
# queries
# ---------------------------------------------------------------------------

def read_query(query_or_file: str) -> str:
    """The query text: ``-`` reads stdin, an existing file is read, anything else is the query."""
    import sys

    if query_or_file == "-":
        return sys.stdin.read()
    candidate = Path(query_or_file)
    looks_like_path = "\n" not in query_or_file and "{" not in query_or_file and len(query_or_file) < 4096
    if looks_like_path and candidate.is_file():
        try:
            return candidate.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{candidate}: not UTF-8 text") from None
    if looks_like_path and candidate.suffix.lower() in (".rq", ".sparql", ".txt"):
        raise InputError(f"no such query file: {candidate}")
    return query_or_file


def is_update(query: str) -> bool:
    return bool(_UPDATE.match(_COMMENT.sub("", query)))


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def syntax_message(query: str, message: str) -> str:
    """``error at 3:16: expected ...`` -> a one-line message with line, column and the text there."""
    m = _POSITION.match(message)
    detail = message[m.end():] if m else message
    if "Prefix not found" in detail:
        detail = "unknown prefix (declare it with PREFIX; predeclared: " + ", ".join(sorted(PREFIXES)) + ")"
    elif len(detail) > 160:
        detail = detail[:159] + "…"
    if not m:
        return f"SPARQL syntax error: {_one_line(detail)}"
    line, col = int(m.group(1)), int(m.group(2))
    lines = query.splitlines()
    near = ""
    if 1 <= line <= len(lines):
        text = lines[line - 1]
        start = max(0, col - 1 - 25)
        snippet = text[start: col - 1 + 10].strip()
        if snippet:
            near = f' near "{"…" if start else ""}{snippet}{"…" if col - 1 + 10 < len(text) else ""}"'
    return f"SPARQL syntax error at line {line}, column {col}{near}: {_one_line(detail)}"


#: Deepest nesting of ``{}``, ``()`` and ``[]`` a query may have. Real queries nest a few levels;
#: Oxigraph's recursive parser overflows its stack (a segfault) on a few thousand.
MAX_QUERY_DEPTH = 64
_LEXEMES = re.compile(r'''"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'(?:[^'\\]|\\.|'(?!''))*\'\'\'|"(?:[^"\\\n]|\\.)*"'''
                      r"""|'(?:[^'\\\n]|\\.)*'|<[^<>"{}|^`\\\s]*>|#[^\n]*|[{}()\[\]]|\bSERVICE\b""", re.IGNORECASE)
_CODEPOINT = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
_SERVICE_TARGET = re.compile(r"\s*(?:SILENT\s*)?(<[^<>\s]*>|\S+)", re.IGNORECASE)


def check_query(query: str, allow_service: Iterable[str] = ()) -> None:
    """Refuse (:class:`QueryError`) a query nested too deeply, or with a ``SERVICE`` not allowed.

    A local read-only endpoint must never contact another host on a caller's behalf, so every
    ``SERVICE`` clause is refused unless its IRI is in ``allow_service`` (``--allow-service``).
    SPARQL's ``\\u`` escapes are decoded first (they apply before parsing); strings, IRIs and
    comments are skipped.
    """
    text = _CODEPOINT.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)) if int(m.group(1) or m.group(2), 16)
                          < 0x110000 else "", query) if "\\u" in query or "\\U" in query else query
    allowed = {f"<{iri}>" for iri in allow_service}
    depth = deepest = 0
    for m in _LEXEMES.finditer(text):
        tok = m.group()
        if tok in "{([":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_QUERY_DEPTH:
                raise QueryError(f"query nested more than {MAX_QUERY_DEPTH} levels deep (braces, brackets, "
                                 "parentheses); simplify it")
        elif tok in "})]":
            depth -= 1
        elif tok.upper() == "SERVICE":
            target = _SERVICE_TARGET.match(text, m.end())
            iri = target.group(1) if target else ""
            if iri not in allowed:
                raise QueryError(f"SERVICE {iri or ''} refused: this endpoint contacts no other host "
                                 "(allow an endpoint with --allow-service IRI)".replace("  ", " "))


def run_query(store: ox.Store, query: str, *, union: bool = False,
              default_graph: list[str] | None = None, named_graphs: list[str] | None = None,
              allow_service: Iterable[str] = ()):
    """Run a SELECT/ASK/CONSTRUCT/DESCRIBE query with the kg prefixes predeclared.

    The default graph is the store's default graph, which the loaders here
    make the union of all graphs; ``union=True`` asks Oxigraph for the union
    instead (for stores loaded some other way), ``default_graph`` for
    specific graphs (SPARQL protocol ``default-graph-uri``).

    Returns pyoxigraph ``QuerySolutions``, ``QueryBoolean`` or ``QueryTriples``
    (lazy: evaluation continues while they are read). Raises :class:`QueryError`
    for syntax errors and updates.
    """
    if is_update(query):
        raise QueryError("SPARQL updates are not allowed: the store is read-only")
    check_query(query, allow_service)
    kwargs: dict = {}
    try:
        graphs = [ox.NamedNode(g) for g in default_graph or ()], [ox.NamedNode(g) for g in named_graphs or ()]
    except ValueError as exc:
        raise QueryError(f"bad default-graph-uri or named-graph-uri: {_one_line(str(exc))}") from None
    if default_graph:
        kwargs["default_graph"] = graphs[0]
    else:
        kwargs["use_default_graph_as_union"] = union
    if named_graphs:
        kwargs["named_graphs"] = graphs[1]
    try:
        return store.query(query, prefixes=PREFIXES, **kwargs)
    except SyntaxError as exc:
        raise QueryError(syntax_message(query, str(exc))) from None
    except ValueError as exc:  # e.g. an invalid graph IRI
        raise QueryError(_one_line(str(exc))) from None
    except OSError as exc:
        raise QueryError(f"query failed: {_one_line(str(exc))}") from None


def result_kind(result) -> str:
    """``"solutions"``, ``"boolean"`` or ``"graph"``."""
    if isinstance(result, ox.QuerySolutions):
        return "solutions"
    if isinstance(result, ox.QueryBoolean):
        return "boolean"
    return "graph"


# ---------------------------------------------------------------------------
# formatting
# ---------------------------------------------------------------------------

#: --format name -> (results format for SELECT/ASK, RDF format for CONSTRUCT/DESCRIBE)
RESULT_FORMATS = {
    "json": ox.QueryResultsFormat.JSON,
    "xml": ox.QueryResultsFormat.XML,
    "csv": ox.QueryResultsFormat.CSV,
    "tsv": ox.QueryResultsFormat.TSV,
}
GRAPH_FORMATS = {
    "turtle": ox.RdfFormat.TURTLE,
    "ntriples": ox.RdfFormat.N_TRIPLES,
    "json": ox.RdfFormat.JSON_LD,
    "xml": ox.RdfFormat.RDF_XML,
}
FORMATS = ("table", "csv", "tsv", "json", "xml", "turtle", "ntriples")


def compact(iri: str) -> str:
    for name, ns in PREFIXES.items():
        if iri.startswith(ns) and re.fullmatch(r"[A-Za-z0-9_\-.]*", iri[len(ns):]):
            return f"{name}:{iri[len(ns):]}"
    return f"<{iri}>"


def display(term) -> str:
    """A term as a table cell: IRIs compacted with the known prefixes, literals by value."""
    if term is None:
        return ""
    if isinstance(term, ox.NamedNode):
        return compact(term.value)
    if isinstance(term, ox.BlankNode):
        return f"_:{term.value}"
    if isinstance(term, ox.Literal):
        return " ".join(term.value.split()) if "\n" in term.value or "\t" in term.value else term.value
    return str(term)


def table(header: list[str], rows: list[list[str]], max_width: int = 60) -> str:
    def cut(s: str) -> str:
        return s if len(s) <= max_width else s[: max_width - 1] + "…"

    rows = [[cut(c) for c in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]
    line = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    out = [line, "| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |", line]
    out += ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |" for row in rows]
    out.append(line)
    return "\n".join(out) + "\n"


def format_result(result, fmt: str = "table") -> bytes:
    """Serialize a query result. ``fmt`` is one of :data:`FORMATS`.

    SELECT/ASK: ``json`` (SPARQL 1.1 Query Results JSON), ``xml``, ``csv``,
    ``tsv`` or ``table``. CONSTRUCT/DESCRIBE: ``turtle`` (also for ``table``),
    ``ntriples``, ``json`` (JSON-LD), ``xml`` (RDF/XML), ``csv``/``tsv``
    (subject, predicate, object in N-Triples term syntax).
    """
    kind = result_kind(result)
    if fmt not in FORMATS:
        raise QueryError(f"unknown format {fmt!r} (use one of {', '.join(FORMATS)})")
    if kind == "graph":
        if fmt in ("csv", "tsv"):
            buf = io.StringIO()
            writer = csv.writer(buf, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
            writer.writerow(["subject", "predicate", "object"])
            for t in result:
                writer.writerow([str(t.subject), str(t.predicate), str(t.object)])
            return buf.getvalue().encode("utf-8")
        rdf_format = GRAPH_FORMATS["turtle" if fmt == "table" else fmt]
        return serialize_triples(result, rdf_format)
    if fmt in ("turtle", "ntriples"):
        raise QueryError(f"--format {fmt} is for CONSTRUCT and DESCRIBE; use table, csv, tsv, json or xml")
    if fmt in RESULT_FORMATS:
        return result.serialize(format=RESULT_FORMATS[fmt])
    if kind == "boolean":
        return b"true\n" if bool(result) else b"false\n"
    header = [v.value for v in result.variables]
    rows = [[display(sol[i]) for i in range(len(header))] for sol in result]
    text = table(header, rows) + f"{len(rows)} row{'s' if len(rows) != 1 else ''}\n"
    return text.encode("utf-8")


def serialize_triples(triples, rdf_format) -> bytes:
    """Triples in an RDF format, with the kg prefixes where the format has prefixes."""
    triples = list(triples)
    if rdf_format in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG, ox.RdfFormat.N3, ox.RdfFormat.RDF_XML):
        iris = {term.value for t in triples for term in (t.subject, t.predicate, t.object)
                if isinstance(term, ox.NamedNode)}
        iris |= {t.object.datatype.value for t in triples
                 if isinstance(t.object, ox.Literal) and not t.object.language} - {_XSD_STRING}
        used = {name: ns for name, ns in PREFIXES.items() if any(i.startswith(ns) for i in iris)}
        out = ox.serialize(triples, format=rdf_format, prefixes=used)
    else:
        out = ox.serialize(triples, format=rdf_format)
    if not out:  # no output file given, so never None; b"" for no triples
        return b""
    return out if out.endswith(b"\n") else out + b"\n"


def rows(result) -> list[dict[str, str]]:
    """SELECT solutions as plain dicts of variable -> lexical value (unbound variables left out)."""
    names = [v.value for v in result.variables]
    out = []
    for sol in result:
        row = {}
        for i, name in enumerate(names):
            term = sol[i]
            if term is not None:
                row[name] = term.value if hasattr(term, "value") else str(term)
        out.append(row)
    return out
