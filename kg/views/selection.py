"""What an HTML view shows: the whole graph, its most central part, or one node's neighbourhood.

The library behind ``kg view`` (and the large-graph mode of ``kg build``'s
graph.html).  A :class:`View` is the drawn subgraph plus what the page needs to
say about what was left out.

* :func:`full_view` - everything (small graphs).
* :func:`central_view` - above ``max_nodes`` nodes: the top entities by
  PageRank (each type gets a share, so every type stays visible), then the
  papers whose links to those entities are strongest; each paper draws its few
  strongest links, entity-entity relations are drawn by support.  Links among
  the chosen nodes that are not drawn still travel with the page (``drawn:
  false``) so the details panel lists every paper and evidence sentence.
* :func:`focus_view` - ``kg view --focus LABEL``: the node, its neighbours and
  their neighbours (``depth``), closest and most central first, up to
  ``max_nodes``: the way to reach any part of a graph too big to draw whole.

:func:`from_networkx` turns the graph :func:`kg.api.load_graph` reads back into a
:class:`~kg.graph.model.KnowledgeGraph`.  This module only selects: it reads no file and
renders nothing.  :mod:`kg.export.html` renders a :class:`View`, and :func:`kg.api.write_view`
does load + select + render + write (what ``kg view`` runs).

Everything is deterministic: ties are broken by node id, PageRank is a fixed
number of power iterations, the layout is seeded.
"""
from __future__ import annotations

import difflib
import math
import re
from collections import defaultdict
from dataclasses import dataclass, field

from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.errors import UsageError
from kg.records import Evidence, Paper

__all__ = [
    "DEFAULT_MAX_NODES", "View", "full_view", "central_view", "focus_view", "select_view",
    "resolve_focus", "pagerank", "edge_groups", "from_networkx",
]

#: Above this many nodes a page draws only part of the graph (``kg build`` and ``kg view``).
DEFAULT_MAX_NODES = 1000
#: Share of a central view's node budget that goes to entities (the rest: papers).
ENTITY_SHARE = 0.6
#: Links a paper draws in a central view (typed relations first, then its most central entities).
LINKS_PER_PAPER = 6
#: Drawn edges per node at most (central and focus views): keeps the canvas readable and fast.
DRAWN_EDGES_PER_NODE = 3
#: Edges embedded per node at most (drawn or not).
DATA_EDGES_PER_NODE = 8

Key = tuple[str, str, str]  # (subject, predicate, object)


@dataclass
class View:
    """The subgraph a page draws, and what it says about the rest."""

    graph: KnowledgeGraph  # kept papers, entities and the links among them
    source: KnowledgeGraph  # the whole graph
    mode: str = "full"  # "full", "central" or "focus"
    focus: str | None = None  # node id of a focus view
    depth: int = 0
    max_nodes: int | None = None
    degree: dict[str, int] = field(default_factory=dict)  # distinct links in the whole graph, per kept node
    hidden_edges: set[Key] = field(default_factory=set)  # kept links not drawn (details panel only)
    total_edges: int = 0  # distinct (subject, predicate, object) links in the whole graph
    graph_dir: str = ""  # shown in the page's `kg view` hints
    complete: bool = True  # focus view: every node within ``depth`` links is shown
    reachable: int = 0  # focus view: nodes within ``depth`` links, shown or not
    #: the source's links by (subject, predicate, object) when the view was made from them (the page's catalog
    #: needs them too: made once, they are a large part of a big page's cost)
    groups: dict[Key, list[Link]] | None = field(default=None, repr=False, compare=False)

    @property
    def partial(self) -> bool:
        return self.mode != "full"

    def summary(self) -> dict:
        g, s = self.graph, self.source
        return {
            "mode": self.mode,
            "focus": self.focus,
            "depth": self.depth,
            "max_nodes": self.max_nodes,
            "papers_shown": len(g.papers),
            "entities_shown": len(_entity_ids(g)),
            "papers_total": len(s.papers),
            "entities_total": len(_entity_ids(s)),
            "edges_total": self.total_edges,
            "graph_dir": self.graph_dir,
            "complete": self.complete,
            "reachable": self.reachable,
        }


# ------------------------------------------------------------------ structure
def _entity_ids(graph: KnowledgeGraph) -> list[str]:
    return sorted(k for k in graph.entities if k not in graph.papers)


def _node_ids(graph: KnowledgeGraph) -> list[str]:
    return sorted(graph.papers) + _entity_ids(graph)


def edge_groups(graph: KnowledgeGraph) -> dict[Key, list[Link]]:
    """Links grouped by (subject, predicate, object); links to unknown nodes are dropped."""
    nodes = set(graph.papers) | set(graph.entities)
    groups: dict[Key, list[Link]] = defaultdict(list)
    for link in graph.links:
        if link.subject in nodes and link.object in nodes:
            groups[(link.subject, link.predicate, link.object)].append(link)
    return groups


def _weight(predicate: str) -> float:
    return 1.0 if predicate == "mentions" else 2.0


def _support(links: list[Link]) -> int:
    return len({link.paper for link in links})


def pagerank(graph: KnowledgeGraph, groups: dict[Key, list[Link]] | None = None,
             damping: float = 0.85, iterations: int = 60) -> dict[str, float]:
    """PageRank of every node on the undirected link graph (typed relations weigh twice a mention).

    Undirected because ``mentions`` all point from papers to entities: directed
    PageRank would give papers nothing.  numpy power iteration, a fixed number
    of rounds, so the result is the same on every run.
    """
    import numpy as np

    ids = _node_ids(graph)
    n = len(ids)
    if n == 0:
        return {}
    index = {node: i for i, node in enumerate(ids)}
    groups = edge_groups(graph) if groups is None else groups
    triples = [(index[s], index[o], _weight(p)) for (s, p, o) in groups if s != o]
    if not triples:
        return {node: 1.0 / n for node in ids}
    arr = np.array(triples, dtype=float)
    a, b = arr[:, 0].astype(np.int64), arr[:, 1].astype(np.int64)
    code = np.minimum(a, b) * n + np.maximum(a, b)
    pairs, inverse = np.unique(code, return_inverse=True)
    w = np.bincount(inverse.ravel(), weights=arr[:, 2])
    lo, hi = pairs // n, pairs % n
    src = np.concatenate([lo, hi])
    dst = np.concatenate([hi, lo])
    ww = np.concatenate([w, w])
    out = np.bincount(src, ww, n)
    dangling = out == 0
    inv = np.where(dangling, 0.0, 1.0 / np.where(dangling, 1.0, out))
    x = np.full(n, 1.0 / n)
    for _ in range(iterations):
        spread = np.bincount(dst, ww * (x * inv)[src], n)
        x = damping * spread + (damping * float(x[dangling].sum()) + 1.0 - damping) / n
    return {node: float(v) for node, v in zip(ids, x)}


def _degrees(groups: dict[Key, list[Link]]) -> dict[str, int]:
    degree: dict[str, int] = defaultdict(int)
    for (s, _p, o) in groups:
        degree[s] += 1
        if o != s:
            degree[o] += 1
    return degree


def _subgraph(graph: KnowledgeGraph, keep: set[str], groups: dict[Key, list[Link]],
              keys: list[Key]) -> KnowledgeGraph:
    sub = KnowledgeGraph()
    for pid in sorted(graph.papers):
        if pid in keep:
            sub.papers[pid] = graph.papers[pid]
    for eid in sorted(graph.entities):
        if eid in keep and eid not in graph.papers:
            sub.entities[eid] = graph.entities[eid]
    for key in keys:
        sub.links.extend(groups[key])
    sub.skipped = list(graph.skipped)
    return sub


def _make_view(graph, keep, groups, drawn: list[Key], extra: list[Key], **kw) -> View:
    view = View(
        graph=_subgraph(graph, keep, groups, drawn + extra),
        source=graph,
        hidden_edges=set(extra),
        total_edges=len(groups),
        groups=groups,
        **kw,
    )
    degree = _degrees(groups)
    view.degree = {node: degree.get(node, 0) for node in keep}
    return view


# --------------------------------------------------------------------- views
def full_view(graph: KnowledgeGraph, max_nodes: int | None = None) -> View:
    groups = edge_groups(graph)
    return View(graph=graph, source=graph, mode="full", max_nodes=max_nodes, total_edges=len(groups), groups=groups)


def select_view(graph: KnowledgeGraph, max_nodes: int | None = DEFAULT_MAX_NODES) -> View:
    """The whole graph when it has at most ``max_nodes`` nodes (or no limit), else :func:`central_view`."""
    n = len(graph.papers) + len(_entity_ids(graph))
    if not max_nodes or n <= max_nodes:
        return full_view(graph, max_nodes)
    return central_view(graph, max_nodes)


def central_view(graph: KnowledgeGraph, max_nodes: int = DEFAULT_MAX_NODES,
                 groups: dict[Key, list[Link]] | None = None) -> View:
    """The most central ``max_nodes`` nodes: top entities by PageRank, then the
    papers most strongly linked to them; see the module docstring."""
    groups = edge_groups(graph) if groups is None else groups
    papers = sorted(graph.papers)
    entities = _entity_ids(graph)
    if len(papers) + len(entities) <= max_nodes:
        return full_view(graph, max_nodes)
    pr = pagerank(graph, groups)

    n_ent = min(len(entities), max(1, round(max_nodes * ENTITY_SHARE)))
    n_pap = min(len(papers), max_nodes - n_ent)
    n_ent = min(len(entities), max_nodes - n_pap)

    # entities: every type gets a floor, the rest goes by PageRank
    by_rank = sorted(entities, key=lambda e: (-pr[e], e))
    by_type: dict[str, list[str]] = defaultdict(list)
    for e in by_rank:
        by_type[graph.entities[e].type].append(e)
    floor = n_ent // (3 * len(by_type)) if by_type else 0
    chosen: list[str] = []
    chosen_set: set[str] = set()
    for t in sorted(by_type):
        for e in by_type[t][:floor]:
            chosen.append(e)
            chosen_set.add(e)
    for e in by_rank:
        if len(chosen) >= n_ent:
            break
        if e not in chosen_set:
            chosen.append(e)
            chosen_set.add(e)

    # papers: the strongest links into the chosen entities
    paper_set = set(papers)
    score: dict[str, float] = defaultdict(float)
    papers_of: dict[str, list[str]] = defaultdict(list)  # chosen entity -> linked papers
    linked: set[str] = set()  # chosen entities with a relation to another chosen entity
    for (s, p, o) in groups:
        if s in paper_set and o in chosen_set:
            score[s] += _weight(p) * pr[o]
            papers_of[o].append(s)
        elif o in paper_set and s in chosen_set:
            score[o] += _weight(p) * pr[s]
            papers_of[s].append(o)
        elif s in chosen_set and o in chosen_set and s != o:
            linked.update((s, o))

    def paper_rank(q: str) -> tuple:
        return (-(score.get(q, 0.0) + pr[q]), q)

    kept_papers: set[str] = set()
    # first every chosen entity gets context (its best paper) unless a relation links it already,
    # with at most half of the paper budget; then the papers with the strongest links
    for e in chosen:
        if len(kept_papers) >= n_pap // 2:
            break
        if e in linked or not papers_of[e] or any(q in kept_papers for q in papers_of[e]):
            continue
        kept_papers.add(min(papers_of[e], key=paper_rank))
    for q in sorted(papers, key=paper_rank):
        if len(kept_papers) >= n_pap:
            break
        kept_papers.add(q)
    keep = chosen_set | kept_papers

    # edges among kept nodes: each paper draws its strongest few, relations by support
    by_paper: dict[str, list[Key]] = defaultdict(list)
    relations: list[Key] = []
    for key in groups:
        s, p, o = key
        if s not in keep or o not in keep:
            continue
        if s in paper_set:
            by_paper[s].append(key)
        elif o in paper_set:
            by_paper[o].append(key)
        else:
            relations.append(key)

    def paper_key_order(paper: str):
        def order(key: Key):
            other = key[2] if key[0] == paper else key[0]
            return (key[1] == "mentions", -pr[other], key)
        return order

    drawn: list[Key] = []
    extra: list[Key] = []
    for paper in sorted(by_paper):
        keys = sorted(by_paper[paper], key=paper_key_order(paper))
        drawn += keys[:LINKS_PER_PAPER]
        extra += keys[LINKS_PER_PAPER:]
    relations.sort(key=lambda k: (-_support(groups[k]), k[1] == "mentions", k))
    room = max(0, DRAWN_EDGES_PER_NODE * max_nodes - len(drawn))
    drawn += relations[:room]
    rest = relations[room:]
    data_room = max(0, DATA_EDGES_PER_NODE * max_nodes - len(drawn) - len(extra))
    extra += rest[:data_room]
    return _make_view(graph, keep, groups, drawn, extra, mode="central", max_nodes=max_nodes)


def focus_view(graph: KnowledgeGraph, focus: str, max_nodes: int = DEFAULT_MAX_NODES, depth: int = 2,
               groups: dict[Key, list[Link]] | None = None) -> View:
    """``focus`` (a node id) and its neighbourhood up to ``depth`` links away, at most ``max_nodes`` nodes.

    Nearer rings come first; within a ring, nodes with more links into what is
    already kept, then higher PageRank, come first.
    """
    if focus not in graph.papers and focus not in graph.entities:
        raise UsageError(f"{focus}: no such node")
    groups = edge_groups(graph) if groups is None else groups
    pr = pagerank(graph, groups)
    adjacency: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for (s, p, o) in groups:
        if s != o:
            adjacency[s][o] += _weight(p)
            adjacency[o][s] += _weight(p)
    max_nodes = max(1, max_nodes)
    keep = {focus}
    order = [focus]
    frontier = [focus]
    complete = True
    # every node within `depth` links (to say how much of the neighbourhood is shown)
    reached = {focus}
    wave = [focus]
    for _ in range(max(0, depth)):
        wave = sorted({o for q in wave for o in adjacency[q]} - reached)
        reached.update(wave)
    for _ in range(max(0, depth)):
        strength: dict[str, float] = defaultdict(float)
        for node in frontier:
            for other, w in adjacency[node].items():
                if other not in keep:
                    strength[other] += w
        ring = sorted(strength, key=lambda q: (-strength[q], -pr[q], q))
        room = max_nodes - len(keep)
        if len(ring) > room:
            complete = False
        ring = ring[:room]
        keep.update(ring)
        order += ring
        frontier = ring
        if not frontier:
            break

    rank = {node: i for i, node in enumerate(order)}
    keys = [k for k in groups if k[0] in keep and k[2] in keep]
    near = [k for k in keys if focus in (k[0], k[2])]
    others = [k for k in keys if focus not in (k[0], k[2])]
    # nearer edges first (both ends close to the focus), then better supported
    others.sort(key=lambda k: (max(rank[k[0]], rank[k[2]]), k[1] == "mentions", -_support(groups[k]), k))
    room = max(len(near), DRAWN_EDGES_PER_NODE * max(len(keep), 1))
    drawn = sorted(near) + others[:max(0, room - len(near))]
    rest = others[max(0, room - len(near)):]
    extra = rest[:max(0, DATA_EDGES_PER_NODE * len(keep) - len(drawn))]
    return _make_view(graph, keep, groups, drawn, extra, mode="focus", focus=focus, depth=depth,
                      max_nodes=max_nodes, complete=complete and len(keep) == len(reached),
                      reachable=len(reached))


# --------------------------------------------------------------------- lookup
def _fold(text: str) -> str:
    return re.sub(r"[\s\-_]+", " ", text.casefold()).strip()


def resolve_focus(graph: KnowledgeGraph, text: str,
                  groups: dict[Key, list[Link]] | None = None) -> tuple[str, list[str]]:
    """The node id ``text`` names, and other candidates it could have meant.

    Tried in order: a node id; a label or paper title; an alias (all ignoring
    case, hyphens and spacing); then labels and aliases with a word starting
    with ``text``.
    Among several candidates the one with the most links wins.  Raises
    :class:`~kg.errors.UsageError` (with close labels as suggestions) when nothing matches.
    """
    want = _fold(text)
    if not want:
        raise UsageError("--focus: give a label, an alias or a node id")
    if text in graph.papers or text in graph.entities:
        return text, []
    degree = _degrees(edge_groups(graph) if groups is None else groups)

    def best(ids: list[str]) -> tuple[str, list[str]]:
        ids = sorted(set(ids), key=lambda q: (-degree.get(q, 0), q))
        return ids[0], ids[1:]

    labels: list[tuple[str, str, bool]] = []  # (folded text, id, is_alias)
    for pid, p in graph.papers.items():
        labels.append((_fold(p.display_title), pid, False))
        if p.title:
            labels.append((_fold(p.title), pid, False))
    for eid, e in graph.entities.items():
        labels.append((_fold(e.label), eid, False))
        labels.extend((_fold(a), eid, True) for a in e.aliases)
    for alias_pass in (False, True):
        hits = [i for f, i, a in labels if a == alias_pass and f == want]
        if hits:
            return best(hits)
    # a part of a label starting at a word: entities before papers, whole words before word starts
    partial: dict[str, tuple] = {}
    start = re.compile(r"(?<![0-9a-z])" + re.escape(want))
    word = re.compile(r"(?<![0-9a-z])" + re.escape(want) + r"(?![0-9a-z])")
    for f, i, _a in labels:
        if want in f and start.search(f):
            rank = (i in graph.papers, word.search(f) is None, -degree.get(i, 0), i)
            if i not in partial or rank < partial[i]:
                partial[i] = rank
    if partial:
        ranked = sorted(partial, key=lambda i: partial[i])
        return ranked[0], ranked[1:]
    texts = sorted({f for f, _i, _a in labels})
    close = difflib.get_close_matches(want, texts, n=5, cutoff=0.6)
    hint = f"; close matches: {', '.join(repr(c) for c in close)}" if close else ""
    raise UsageError(f"--focus {text!r}: no node has this label or alias{hint}")


# --------------------------------------------------------------------- loading
def from_networkx(g) -> KnowledgeGraph:
    """A :class:`KnowledgeGraph` from the networkx graph :func:`kg.api.load_graph` returns."""
    kg = KnowledgeGraph()
    for node, d in g.nodes(data=True):
        if d.get("kind") == "paper" or d.get("type") == "Paper":
            title = str(d.get("title") or "")
            abstract = str(d.get("abstract") or "")
            try:
                year = int(d.get("year") or 0) or None
            except (TypeError, ValueError):
                year = None
            paper = Paper(id=str(node), abstract=abstract, title=title, venue=str(d.get("venue") or ""),
                          year=year, url=str(d.get("url") or ""))
            kg.papers[node] = PaperNode(id=str(node), paper=paper, title=title, abstract=abstract,
                                        code_urls=[str(c) for c in d.get("code") or []])
        else:
            kg.entities[node] = Entity(
                id=str(node), type=str(d.get("type") or ""), label=str(d.get("label") or node),
                aliases=[str(a) for a in d.get("aliases") or []],
                papers=[str(p) for p in d.get("papers") or []],
                vocabulary=[str(v) for v in d.get("vocabulary") or []],
            )
    for u, v, d in g.edges(data=True):
        try:
            confidence = float(d.get("confidence"))
        except (TypeError, ValueError):
            confidence = math.nan
        ev = Evidence(sentence=str(d.get("sentence") or ""), start=_int(d.get("start")), end=_int(d.get("end")),
                      component=str(d.get("component") or ""), confidence=confidence,
                      section=str(d.get("section") or "abstract"))
        kg.links.append(Link(str(u), str(d.get("predicate") or "mentions"), str(v), str(d.get("paper") or ""), ev))
    return kg


def _int(x) -> int:
    try:
        return int(x)
    except (TypeError, ValueError):
        return 0
