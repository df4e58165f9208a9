"""An update's exports patched from the earlier build's: copy what did not change, render the rest.

Every Turtle block and every JSON-LD node object is the rendering of one subject's triples (its run
of lines in the sorted ``graph.nt``) and of nothing else. One merge pass over the old and the new
``graph.nt`` (:func:`diff_ntriples`) finds the subjects whose run of lines is byte for byte the same
in both; their block (node) is copied from the old file as bytes, and only the others are rendered.
The same pass gives the triple difference (lines removed, lines added) that the SPARQL store takes
instead of a reload (:func:`patch_store`). GraphML elements are copied by fingerprint (:func:`write_graphml_indexed`).

The result is the file a full build writes, byte for byte: the renderers are the full build's, the
copied blocks are what they rendered from the same triples. The caller patches only when the earlier
build was written by the same code (:func:`kg.incremental.code_version`); any surprise in the old
files (a block count that does not match) raises :class:`PatchError` and the caller writes the file whole.
"""
from __future__ import annotations

import hashlib
import json
import os
from array import array
from collections.abc import Iterator
from json.encoder import encode_basestring
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import BinaryIO, TextIO

from rdflib.namespace import PROV, RDF

from kg.export.rdf import _JsonLdNodes, _run_triples, _turtle_blocks, _turtle_terms
from kg.rdf.namespaces import KG, PREFIXES, jsonld_context

_CHUNK = 1 << 20
_TYPE_EVIDENCE = f" <{RDF.type}> <{KG.Evidence}> .\n".encode()
_DERIVED = f" <{PROV.wasDerivedFrom}> ".encode()


class PatchError(Exception):
    """The old export does not line up with the old ``graph.nt``: write the file whole instead."""


@dataclass
class NtDiff:
    """The subjects of the old and new ``graph.nt``, and which of the new ones are unchanged.

    ``old_of_new[i]``: the index of new run ``i``'s subject among the old runs, -1 if new;
    ``same[i]``: 1 when that old run has the same bytes. Runs are numbered in file order.
    ``removed``/``added``: the lines of the triples only in the old / only in the new file;
    ``removed_quads``/``added_quads``: the same for the named graphs' lines of ``graph.nq``;
    ``graphs[i]``: the named graph of new run ``i`` (see :func:`_graph_of`), or None.
    """

    old_nt: str
    new_nt: str
    new_subjects: list[bytes] = field(default_factory=list)
    new_bounds: array = field(default_factory=lambda: array("q"))
    old_subjects: list[bytes] = field(default_factory=list)
    old_of_new: array = field(default_factory=lambda: array("q"))
    same: bytearray = field(default_factory=bytearray)
    removed: list[bytes] = field(default_factory=list)
    added: list[bytes] = field(default_factory=list)
    removed_quads: list[bytes] = field(default_factory=list)
    added_quads: list[bytes] = field(default_factory=list)
    graphs: list[bytes | None] = field(default_factory=list)

    @property
    def changed(self) -> int:
        return len(self.same) - sum(self.same)


def _runs(path: str | os.PathLike) -> Iterator[tuple[bytes, bytes]]:
    """Each subject's run of lines in a sorted N-Triples file: ``(subject, lines)``."""
    with open(path, "rb") as fh:
        subject = None
        lines: list[bytes] = []
        for line in fh:
            s = line[:line.index(b" ")]
            if s != subject:
                if subject is not None:
                    yield subject, b"".join(lines)
                subject, lines = s, [line]
            else:
                lines.append(line)
        if subject is not None:
            yield subject, b"".join(lines)


def _lines(data: bytes) -> list[bytes]:
    """The lines of N-Triples text, each with its line feed (split at line feeds only, as the file is read)."""
    return [line + b"\n" for line in data.split(b"\n")[:-1]]


def _graph_of(subject: bytes, lines: bytes) -> bytes | None:
    """The named graph of a run in ``graph.nq`` (as :func:`kg.export.nquads.write_nquads_from_ntriples` finds it)."""
    if not subject.startswith(b"<") or b"\n" + subject + _TYPE_EVIDENCE not in b"\n" + lines:
        return None
    derived = subject + _DERIVED
    papers = [line[len(derived):-3] for line in _lines(lines) if line.startswith(derived)]
    return papers[-1] if papers and papers[-1].startswith(b"<") else None


def _quads(subject: bytes, lines: bytes, graph: bytes | None = None) -> list[bytes]:
    if graph is None:
        graph = _graph_of(subject, lines)
    if graph is None:
        return []
    tail = b" " + graph + b" .\n"
    return [line[:-3] + tail for line in _lines(lines)]


def diff_ntriples(old_nt: str | os.PathLike, new_nt: str | os.PathLike) -> NtDiff:
    """Merge the runs of two sorted N-Triples files (subjects sort as their runs do: see ``write_ntriples``)."""
    diff = NtDiff(str(old_nt), str(new_nt))
    old_iter = _runs(old_nt)
    old_subjects, removed, added = diff.old_subjects, diff.removed, diff.added

    def gone(subject: bytes, lines: bytes) -> None:
        old_subjects.append(subject)
        removed.extend(_lines(lines))
        diff.removed_quads.extend(_quads(subject, lines))

    pending = next(old_iter, None)
    pos = 0
    for subject, lines in _runs(new_nt):
        while pending is not None and pending[0] < subject:
            gone(*pending)
            pending = next(old_iter, None)
        diff.new_subjects.append(subject)
        diff.new_bounds.append(pos)
        pos += len(lines)
        diff.new_bounds.append(pos)
        graph = _graph_of(subject, lines)
        diff.graphs.append(graph)
        if pending is not None and pending[0] == subject:
            diff.old_of_new.append(len(old_subjects))
            old_subjects.append(subject)
            same = pending[1] == lines
            diff.same.append(same)
            if not same:
                for olds, news, out in ((_lines(pending[1]), _lines(lines),
                                         (removed, added)),
                                        (_quads(subject, pending[1]), _quads(subject, lines, graph),
                                         (diff.removed_quads, diff.added_quads))):
                    old_set, new_set = set(olds), set(news)
                    out[0].extend(line for line in olds if line not in new_set)
                    out[1].extend(line for line in news if line not in old_set)
            pending = next(old_iter, None)
        else:
            diff.old_of_new.append(-1)
            diff.same.append(0)
            added.extend(_lines(lines))
            diff.added_quads.extend(_quads(subject, lines, graph))
    while pending is not None:
        gone(*pending)
        pending = next(old_iter, None)
    return diff


def write_nquads(diff: NtDiff, out: TextIO, named_out: TextIO | None = None) -> None:
    """Write ``graph.nq`` (as :func:`kg.export.nquads.write_nquads_from_ntriples`) from the runs the diff found.

    The default graph's runs are copied from ``graph.nt`` in long stretches, and each named graph's
    lines take their graph term in one replace over a run (" .\\n" ends every line and nothing else:
    a line feed in a literal is escaped).
    """
    sinks = [_Out(out)] + ([_Out(named_out)] if named_out is not None else [])
    by_graph: dict[bytes, list[int]] = {}
    bounds = diff.new_bounds
    with open(diff.new_nt, "rb") as fh:
        start = end = 0
        for i, graph in enumerate(diff.graphs):
            if graph is None:
                if bounds[2 * i] != end:
                    if end > start:
                        fh.seek(start)
                        sinks[0].write(fh.read(end - start))
                    start = bounds[2 * i]
                end = bounds[2 * i + 1]
            else:
                by_graph.setdefault(graph, []).append(i)
        if end > start:
            fh.seek(start)
            sinks[0].write(fh.read(end - start))
        for graph in sorted(by_graph, key=bytes.decode):
            tail = b" " + graph + b" .\n"
            for i in by_graph[graph]:
                fh.seek(bounds[2 * i])
                data = fh.read(bounds[2 * i + 1] - bounds[2 * i]).replace(b" .\n", tail)
                for sink in sinks:
                    sink.write(data)
    for sink in sinks:
        sink.flush()


def _piece_at(pieces: Iterator[bytes], taken: int, k: int, short: str) -> tuple[bytes, int]:
    """The ``k``-th piece of an old file (``taken`` read so far, skipping the rest) and how many are read then."""
    while taken < k:
        if next(pieces, None) is None:
            raise PatchError(short)
        taken += 1
    piece = next(pieces, None)
    if piece is None:
        raise PatchError(short)
    return piece, taken + 1


def _pieces(fh: BinaryIO, sep: bytes, start: int, off: int) -> Iterator[bytes]:
    """The bytes of ``fh`` from ``start``, cut ``off`` bytes into each ``sep`` (``off`` is 0 or 1)."""
    fh.seek(start)
    buf = b""
    while True:
        block = fh.read(_CHUNK)
        if not block:
            break
        buf += block
        pos = 0
        while (found := buf.find(sep, pos + 1 - off)) != -1:
            yield buf[pos:found + off]
            pos = found + off
        buf = buf[pos:]
    if buf:
        yield buf


class _Out:
    """Bytes to the binary file under a text stream, a few megabytes at a time."""

    def __init__(self, out: TextIO) -> None:
        out.flush()
        self.raw: BinaryIO = out.buffer
        self.parts: list[bytes] = []
        self.size = 0

    def write(self, data: bytes) -> None:
        self.parts.append(data)
        self.size += len(data)
        if self.size >= _CHUNK * 4:
            self.flush()

    def flush(self) -> None:
        self.raw.write(b"".join(self.parts))
        self.parts.clear()
        self.size = 0


def _run_of(fh: BinaryIO, diff: NtDiff, i: int) -> bytes:
    start, end = diff.new_bounds[2 * i], diff.new_bounds[2 * i + 1]
    fh.seek(start)
    return fh.read(end - start)


def patch_turtle(diff: NtDiff, old_ttl: str | os.PathLike, out: TextIO) -> None:
    """Write the Turtle of ``diff.new_nt`` (as :func:`kg.export.rdf.write_turtle`), unchanged blocks copied."""
    turtle = _turtle_terms(PREFIXES)
    header = "".join(f"@prefix {prefix}: <{ns}> .\n" for prefix, ns in sorted(PREFIXES.items())).encode()
    sink = _Out(out)
    with open(old_ttl, "rb") as old_fh, open(diff.new_nt, "rb") as new_fh:
        if old_fh.read(len(header)) != header:
            raise PatchError(f"{old_ttl}: another prefix header")
        blocks = _pieces(old_fh, b"\n\n", len(header), 1)  # a block: "\n" subject "\n" ... " .\n"
        sink.write(header)
        taken = 0  # old blocks read so far
        for i, subject in enumerate(diff.new_subjects):
            k = diff.old_of_new[i]
            if diff.same[i]:
                block, taken = _piece_at(blocks, taken, k, f"{old_ttl}: fewer blocks than the old graph.nt has subjects")
                if not block.startswith(b"\n" + _turtle_subject(turtle, subject) + b"\n"):
                    raise PatchError(f"{old_ttl}: its blocks do not follow the old graph.nt")
                sink.write(block)
            else:
                triples = _run_triples(_run_of(new_fh, diff, i))
                sink.write(next(_turtle_blocks(triples, turtle)).encode())
        sink.flush()


def _turtle_subject(turtle, subject: bytes) -> bytes:
    return turtle(subject.decode()).encode()


def _jsonld_id(nodes: _JsonLdNodes, subject: bytes, text: bytes) -> bytes:
    """How a node object starts: its "@id" (as :meth:`_JsonLdNodes.node` writes it)."""
    node_id = nodes.compact(text.decode()) if subject.startswith(b"<") else subject.decode()
    return ('  {\n   "@id": ' + encode_basestring(node_id)).encode()


def _texts(subjects: list[bytes]) -> list[bytes]:
    return [s[1:-1] if s.startswith(b"<") else s[2:] if s.startswith(b"_:") else s for s in subjects]


def patch_jsonld(diff: NtDiff, old_jsonld: str | os.PathLike, out: TextIO) -> None:
    """Write the JSON-LD of ``diff.new_nt`` (as :func:`kg.export.rdf.write_jsonld_from_ntriples`), unchanged nodes copied."""
    new_texts, old_texts = _texts(diff.new_subjects), _texts(diff.old_subjects)
    new_order = sorted(range(len(new_texts)), key=new_texts.__getitem__)
    old_order = sorted(range(len(old_texts)), key=old_texts.__getitem__)
    for texts, order in ((new_texts, new_order), (old_texts, old_order)):
        if any(texts[a] == texts[b] for a, b in zip(order, order[1:])):
            raise PatchError("two subjects with one text (a blank node and an IRI)")
    if not new_order:
        raise PatchError("an empty graph")
    old_rank = array("q", bytes(8 * len(old_order)))  # old run -> its node's place in the old file
    for rank, k in enumerate(old_order):
        old_rank[k] = rank
    context = json.dumps(jsonld_context(), indent=1, sort_keys=True, ensure_ascii=False).replace("\n", "\n ")
    head = ('{\n "@context": ' + context + ',\n "@graph": [').encode()
    nodes = _JsonLdNodes()
    sink = _Out(out)
    with open(old_jsonld, "rb") as old_fh, open(diff.new_nt, "rb") as new_fh:
        if old_fh.read(len(head)) != head:
            raise PatchError(f"{old_jsonld}: another context")
        pieces = _pieces(old_fh, b"\n  }", len(head), 0)
        sink.write(head)
        taken = 0
        for n, i in enumerate(new_order):
            k = diff.old_of_new[i]
            lead = b"\n" if n == 0 else b",\n"
            if diff.same[i]:
                rank = old_rank[k]
                piece, taken = _piece_at(pieces, taken, rank, f"{old_jsonld}: fewer nodes than the old graph.nt has subjects")
                # a piece is the "\n  }" closing the node before, then ",\n" (or "\n" first) and this node's text
                body = piece[4:] if rank else piece
                body = body[2:] if body.startswith(b",\n") else body[1:] if body.startswith(b"\n") else b""
                if not body.startswith(_jsonld_id(nodes, diff.new_subjects[i], new_texts[i])):
                    raise PatchError(f"{old_jsonld}: its nodes do not follow the old graph.nt")
                sink.write(lead + body + b"\n  }")
            else:
                triples = _run_triples(_run_of(new_fh, diff, i))
                sink.write(lead + nodes.node(new_texts[i].decode("utf-8"), triples).encode())
        sink.write(b"\n ]\n}\n")
        sink.flush()


def patch_store(diff: NtDiff, old_store: Path, path: Path) -> Path:
    """The store of the new build in ``path`` (which must not exist): the old one copied and given the difference.

    ``Store.backup`` hard-links the old store's immutable files (the old store is only read), then the
    triples only in the old ``graph.nt`` are removed from the default graph, those only in the new one
    added, and the same for the named graphs' quads: the store holds what a load of the new files gives.
    """
    import pyoxigraph as ox

    from kg.atomic import checkpoint

    source = ox.Store.read_only(str(old_store))
    try:
        source.backup(str(path))
    finally:
        del source
    store = ox.Store(str(path))
    try:
        for lines, fmt in ((diff.removed, ox.RdfFormat.N_TRIPLES), (diff.removed_quads, ox.RdfFormat.N_QUADS)):
            for quad in ox.parse(input=b"".join(lines), format=fmt):
                store.remove(quad)
        # the additions (most of the difference) parsed and written by Oxigraph's bulk loader, as a full load
        for lines, fmt in ((diff.added, ox.RdfFormat.N_TRIPLES), (diff.added_quads, ox.RdfFormat.N_QUADS)):
            for i in range(0, len(lines), 200_000):
                store.bulk_load(input=b"".join(lines[i:i + 200_000]), format=fmt, lenient=True)  # our own output
        store.flush()
        checkpoint("store-loaded")
    finally:
        del store
    return path


#: Beside the GraphML: the code that wrote the build (:func:`kg.incremental.code_version`), then each element
#: group's (a node, or the edges from one node) fingerprint and length.
GRAPHML_INDEX = "graphml.index"


def index_code(path: Path) -> str | None:
    """The code version the index at ``path`` records (None: no readable index)."""
    try:
        with open(path, encoding="utf-8") as fh:
            kind, _sep, code = fh.readline().rstrip("\n").partition("\t")
    except (OSError, UnicodeDecodeError):
        return None
    return code if kind == "code" else None


def _fingerprint(value: object) -> str:
    return hashlib.blake2b(repr(value).encode("utf-8"), digest_size=12).hexdigest()


def write_graphml_indexed(graph, out: TextIO, index: list[str], old: Path | None = None) -> None:
    """Write the GraphML of ``graph`` (as :func:`kg.export.graphml.write_graphml`) and its index lines into ``index``.

    ``old``: the earlier build's folder: a group whose fingerprint (of what its lines are rendered from) is
    in its index is copied from its GraphML, when the keys declared are the same; the others are rendered.
    """
    from kg.export import graphml as gm

    nodes, adjacency, keys = gm._prepared(graph)
    if not nodes:
        gm.write_graphml(graph, out)
        return
    head = gm.encoded([*gm._head(keys), '  <graph edgedefault="directed">']).encode()
    from kg.incremental import code_version

    index.append(f"code\t{code_version()}")
    index.append(f"head\t{_fingerprint(head)}\t{len(head)}")
    copies = _graphml_copies(old, head) if old is not None else {}
    sink = _Out(out)
    sink.write(head)
    with ExitStack() as stack:
        old_fh = stack.enter_context(open(old / "graph.graphml", "rb")) if old is not None and copies else None

        def unit(kind: str, key: str, inputs: object, render) -> None:
            fp = _fingerprint(inputs)
            found = copies.get((kind, key))
            data = None
            if found is not None and found[0] == fp and old_fh is not None:
                old_fh.seek(found[1])
                data = old_fh.read(found[2])
                if len(data) != found[2]:
                    data = None
            if data is None:
                data = gm.encoded(render()).encode()
            index.append(f"{kind}\t{encode_basestring(key)}\t{fp}\t{len(data)}")
            sink.write(data)

        for n, attrs in nodes.items():
            unit("node", n, (n, list(attrs.items())), partial(gm._node_lines, n, attrs, keys))
        for u in nodes:
            targets = adjacency.get(u)
            if targets:
                inputs = (u, [(v, [gm._edge_values(link) for link in links]) for v, links in targets.items()])
                unit("edges", u, inputs, partial(gm._edge_lines, u, targets, keys))
    sink.write(gm.encoded(gm._TAIL).encode())
    sink.flush()


def _graphml_copies(old: Path, head: bytes) -> dict[tuple[str, str], tuple[str, int, int]]:
    """(kind, node id) -> (fingerprint, offset, length) of the old GraphML's groups; empty if its head differs."""
    out: dict[tuple[str, str], tuple[str, int, int]] = {}
    try:
        from kg.incremental import code_version

        with open(old / GRAPHML_INDEX, encoding="utf-8") as fh, open(old / "graph.graphml", "rb") as gfh:
            if fh.readline() != f"code\t{code_version()}\n" or fh.readline() != f"head\t{_fingerprint(head)}\t{len(head)}\n" \
                    or gfh.read(len(head)) != head:
                return {}
            pos = len(head)
            for line in fh:  # kind, the node id as a JSON string (no tab in it), fingerprint, length
                kind, rest = line.split("\t", 1)
                key, fp, length = rest.rsplit("\t", 2)
                out[(kind, json.loads(key))] = (fp, pos, int(length))
                pos += int(length)
    except (OSError, ValueError, TypeError):
        return {}
    return out


def stage_graphml(staged, graph, old: Path | None) -> None:
    """Stage ``graph.graphml`` and its index (``old``: the earlier build's folder, to copy from)."""
    index: list[str] = []
    staged.write("graph.graphml", partial(write_graphml_indexed, graph, index=index, old=old))
    staged.write(GRAPHML_INDEX, "".join(line + "\n" for line in index))
