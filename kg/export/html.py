"""Interactive HTML view of a :class:`~kg.graph.model.KnowledgeGraph` (the explorer; docs/HTML.md).

``render_html(graph)`` returns one self-contained page that opens offline from
``file://``: the vis-network 9.1.2 script bundled with pyvis is inlined, there
is no CDN link, stylesheet link or web font.  pyvis's own page template is not
used (it links Bootstrap and tom-select from CDNs and its ``add_edge`` is
quadratic); the page comes from ``templates/page.{html,css,js}``.

What a page shows is a :class:`kg.views.selection.View`: the whole graph, or above
``max_nodes`` nodes (default 1,000) its most central part, or (``kg view
--focus``) one node's neighbourhood; the page says what was left out.

Layout of the page
    * ``<script type="application/json" id="kg-data">``: all the data, one JSON
      blob (see :func:`view_data`), with ``<``, ``>`` and ``&`` written as
      ``\\u003c``, ``\\u003e``, ``\\u0026`` so no input text can close the
      element or open a tag.
    * the vis-network script, then ``page.js`` which draws the graph, runs the
      search box, the filters and the details panel, and exposes ``window.KG``.
    * a legend overlay (``#kg-legend``) that is also the filter panel: colour
      and shape per node type, colour and stroke per predicate, each with a
      checkbox and a count, and the minimum-papers slider.

Safety: input text only ever reaches the DOM through ``textContent`` or vis
tooltip strings (rendered with ``innerText`` by vis-network 9.x).  As a second
line of defence the page carries a Content-Security-Policy that allows only its
own two inline scripts (by SHA-256 hash) and no network access at all, so even
an injected ``<img onerror=...>`` could not run.  Consequence for later work:
inline ``onclick=`` attributes and extra ``<script>`` blocks are blocked unless
they are added through :func:`_render_page` (which hashes every script).

Determinism: nodes and edges are sorted, the layout seed is fixed, nothing
depends on time or randomness, so the same graph gives byte-identical HTML.
"""
from __future__ import annotations

import base64
import functools
import hashlib
import html as _html
import json
import math
import re
from collections import defaultdict
from collections.abc import Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from kg.graph.model import Entity, KnowledgeGraph, PaperNode
from kg.records import ENTITY_TYPES, PREDICATES
from kg.views.clusters import find_clusters
from kg.views.related import concept_weights
from kg.views.selection import DEFAULT_MAX_NODES, View, edge_groups, select_view

__all__ = ["render_html", "render_view", "page_data", "view_data", "TYPE_STYLES", "PREDICATE_STYLES",
           "DEFAULT_MAX_NODES"]

PAGE_TITLE = "Knowledge graph"
TEMPLATES = Path(__file__).with_name("templates")
VIS_VERSION = "9.1.2"
LAYOUT_SEED = 7
#: Up to this many nodes vis-network refines the precomputed layout with physics.
PHYSICS_MAX_NODES = 300
#: Components up to this size are laid out with networkx's spring layout, bigger ones with the FFT layout.
SMALL_COMPONENT = 60
#: Median edge length (px) of a small component, and the gap between packed components.
SMALL_EDGE_PX = 110.0
COMPONENT_GAP = 90.0
#: From this many drawn nodes on, each cluster is laid out on its own and the clusters are then
#: placed side by side (a map of the field); smaller graphs get one force layout.
CLUSTER_LAYOUT_NODES = 400
#: Evidence entries kept per edge in a partial (central or focus) view.
EVIDENCE_PER_EDGE = 20
#: The page (all of it) should stay under this many bytes: the catalog's abstracts
#: (of papers not drawn) are cut to fit what is left.
PAGE_BUDGET = 24_000_000
#: Abstracts of papers not drawn are never cut shorter than this (characters)...
MIN_ABSTRACT = 160
#: ... nor longer than this.
MAX_ABSTRACT = 4000

#: Node type -> (fill colour, vis-network shape).  Every shape draws its label
#: below the node, so node ``size`` applies to all of them.
TYPE_STYLES: dict[str, tuple[str, str]] = {
    "Paper": ("#4e79a7", "square"),
    "Method": ("#f28e2b", "dot"),
    "Task": ("#59a14f", "diamond"),
    "Model": ("#e15759", "triangle"),
    "Dataset": ("#b07aa1", "hexagon"),
    "Metric": ("#edc948", "triangleDown"),
    "HardwareConcept": ("#76b7b2", "star"),
}
FALLBACK_TYPE_STYLE = ("#9d9d9d", "dot")

#: Predicate -> (colour, width, dashed, arrow, label shown on the edge).
PREDICATE_STYLES: dict[str, tuple[str, float, bool, bool, bool]] = {
    "mentions": ("#c8c8c8", 0.6, False, False, False),
    "proposes": ("#d62728", 2.5, False, True, True),
    "addresses": ("#2ca02c", 2.0, False, True, True),
    "uses": ("#1f77b4", 2.0, False, True, True),
    "evaluatedOn": ("#9467bd", 2.0, False, True, True),
    "outperforms": ("#ff7f0e", 2.0, True, True, True),
}
FALLBACK_PREDICATE_STYLE = ("#555555", 1.5, True, True, True)


# --------------------------------------------------------------------- public
def render_html(graph: KnowledgeGraph, max_nodes: int | None = DEFAULT_MAX_NODES) -> str:
    """The whole page for ``graph``, as text (UTF-8, LF line ends).

    A graph with more than ``max_nodes`` nodes is shown by its most central
    part (:func:`kg.views.selection.central_view`) and the page says what was left out;
    ``max_nodes=None`` (or 0) draws everything.
    """
    return render_view(select_view(graph, max_nodes))


def render_view(view: View) -> str:
    """The page for a :class:`kg.views.selection.View` (the whole graph, its centre or a neighbourhood)."""
    data = view_data(view)
    _fit_abstracts(data, PAGE_BUDGET)
    return _render_page(data)


def page_data(graph: KnowledgeGraph, max_nodes: int | None = None) -> dict:
    """The JSON-ready data embedded in the page (``#kg-data``) for ``graph``
    (all of it unless it has more than ``max_nodes`` nodes); see :func:`view_data`."""
    return view_data(select_view(graph, max_nodes))


def view_data(view: View) -> dict:
    """The JSON-ready data embedded in the page (``#kg-data``).

    ``nodes``: papers first, then entities, each group sorted by id; every node
    has ``id``, ``type`` ("Paper" or an entity type), ``label``, ``degree``
    (links in the page), ``links`` (links in the whole graph) and ``size``;
    papers add ``title``, ``venue``, ``year``, ``url``, ``authors``,
    ``keywords``, ``abstract``, ``code_urls``, ``quantities``; entities add
    ``aliases``, ``papers`` (the ones in the page), ``paper_count`` (all of
    them) and ``vocabulary`` (``{iri, exact}`` concept links).
    ``edges``: one per distinct (subject, predicate, object), ids ``e0``, ``e1``
    … in sorted order (mentions first), each with ``evidence`` entries
    ``{paper, sentence, component, confidence}`` where ``sentence`` indexes the
    shared ``sentences`` list (the same sentence backs many links).  In a
    partial view an edge keeps at most :data:`EVIDENCE_PER_EDGE` entries
    (``evidence_total`` says how many there are) and edges that are data only
    (listed in the details panel, not drawn) carry ``drawn: false``.
    ``offpage``: label, venue, year and url of papers that evidence cites but
    the page does not show.  ``view``: what the page shows of the graph
    (:meth:`kg.views.selection.View.summary` plus counts).
    Links whose subject or object is not a node of the graph are left out.
    """
    graph = view.graph
    papers = [graph.papers[k] for k in sorted(graph.papers)]
    entities = [graph.entities[k] for k in sorted(graph.entities) if k not in graph.papers]
    node_ids = {p.id for p in papers} | {e.id for e in entities}
    evidence_limit = EVIDENCE_PER_EDGE if view.partial else None

    grouped: dict[tuple[str, str, str], list] = defaultdict(list)
    for link in graph.links:
        if link.subject in node_ids and link.object in node_ids:
            grouped[(link.subject, link.predicate, link.object)].append(link)

    def edge_order(key: tuple[str, str, str]) -> tuple:
        subject, predicate, obj = key
        return (predicate != "mentions", predicate, subject, obj)

    sentences: list[str] = []
    sentence_index: dict[str, int] = {}
    edges: list[dict[str, Any]] = []
    degree: dict[str, int] = defaultdict(int)
    offpage: set[str] = set()
    for key in sorted(grouped, key=edge_order):
        subject, predicate, obj = key
        evidence = []
        seen = set()
        for link in sorted(grouped[key], key=_link_order):
            ev = link.evidence
            item_key = (link.paper, ev.sentence, ev.component, _num(ev.confidence))
            if item_key in seen:
                continue
            seen.add(item_key)
            evidence.append((link.paper, ev))
        total = len(evidence)
        if evidence_limit is not None and total > evidence_limit:
            # papers on the page first, then the rest, each in the sorted order
            evidence.sort(key=lambda item: item[0] not in node_ids)
            evidence = evidence[:evidence_limit]
        items = []
        for paper, ev in evidence:
            if ev.sentence not in sentence_index:
                sentence_index[ev.sentence] = len(sentences)
                sentences.append(ev.sentence)
            if paper not in node_ids:
                offpage.add(paper)
            items.append({
                "paper": paper,
                "sentence": sentence_index[ev.sentence],
                "component": ev.component,
                "confidence": _num(ev.confidence),
            })
        edge: dict[str, Any] = {
            "id": f"e{len(edges)}",
            "from": subject,
            "to": obj,
            "predicate": predicate,
            "evidence": items,
        }
        if total > len(items):
            edge["evidence_total"] = total
        if key in view.hidden_edges:
            edge["drawn"] = False
        edges.append(edge)
        degree[subject] += 1
        if obj != subject:
            degree[obj] += 1

    links = view.degree if view.partial else degree
    nodes = [_paper_node(p, degree[p.id], links.get(p.id, degree[p.id])) for p in papers]
    nodes += [_entity_node(e, degree[e.id], links.get(e.id, degree[e.id]), node_ids) for e in entities]
    by_id = {n["id"]: n for n in nodes}
    static = len(nodes) > PHYSICS_MAX_NODES or view.mode == "central"
    # vis scales node and label size by value: hubs stay legible when zoomed out
    for node in nodes:
        node["value"] = round(math.log2(1 + node["links"]), 3)
    catalog = _catalog(view.source, {n["id"] for n in nodes}, view.groups)
    clusters = _clusters(nodes, edges, catalog)
    for k, cluster in enumerate(clusters):
        for node_id in cluster["members"]:
            by_id[node_id]["cluster"] = k
    groups = [c["members"] for c in clusters] if len(nodes) >= CLUSTER_LAYOUT_NODES else None
    positions = _layout_positions(nodes, edges, spread=static, groups=groups)
    if positions is not None:
        for node, (x, y) in zip(nodes, positions):
            node["x"] = x
            node["y"] = y

    present_types = {n["type"] for n in nodes}
    type_names = list(TYPE_STYLES) + sorted(present_types - set(TYPE_STYLES))
    present_predicates = {e["predicate"] for e in edges}
    predicate_names = list(PREDICATE_STYLES) + sorted(present_predicates - set(PREDICATE_STYLES))
    drawn = sum(1 for e in edges if e.get("drawn", True))

    summary = view.summary()
    summary.update({
        "nodes_shown": len(nodes),
        "edges_shown": drawn,
        "edges_data": len(edges),
        "focus_label": view.source.label_of(view.focus) if view.focus else None,
    })
    source_papers = view.source.papers
    return {
        "version": 3,
        "view": summary,
        "types": [_type_style(t) for t in type_names],
        "predicates": [_predicate_style(p) for p in predicate_names],
        "fallback": {
            "type": _type_style(None),
            "predicate": _predicate_style(None),
        },
        "nodes": nodes,
        "edges": edges,
        "sentences": sentences,
        "offpage": {
            pid: _paper_ref(source_papers[pid]) for pid in sorted(offpage) if pid in source_papers
        },
        "options": _vis_options(len(nodes), drawn, positions is not None, static),
        "clusters": clusters,
        "catalog": catalog,
    }


# ------------------------------------------------------------------ catalog
def _catalog(graph: KnowledgeGraph, detailed: set[str], groups: dict | None = None) -> dict:
    """Every node of the whole graph, compactly: what search, lists and the
    in-page neighbourhoods need, for the nodes the page does not detail too.

    Columns indexed by node (papers sorted by id, then entities): ``id``,
    ``label``, ``type`` (index into ``types``); per paper ``venue`` (index into
    ``venues``, -1 none), ``year`` (0 none), ``url`` and ``abstract`` ("" for
    papers detailed in ``nodes``; others cut to the page budget by
    :func:`_fit_abstracts`); per entity ``weight`` (specificity x 100, see
    :func:`kg.views.related.concept_weights`); ``aliases`` as ``[index,
    alias, ...]`` rows.  Links: every distinct (subject, predicate, object) in
    (subject, object) order: ``out[i]`` links of node ``i``, their objects delta-coded in
    ``obj`` (first absolute, then differences) and their predicates as one digit
    each in ``pred`` (index into ``predicates``).
    """
    papers = sorted(graph.papers)
    entities = sorted(k for k in graph.entities if k not in graph.papers)
    ids = papers + entities
    index = {node: i for i, node in enumerate(ids)}
    type_names = ["Paper"] + sorted({graph.entities[e].type for e in entities})
    type_index = {t: i for i, t in enumerate(type_names)}
    venues = sorted({graph.papers[p].paper.venue for p in papers if graph.papers[p].paper.venue})
    venue_index = {v: i for i, v in enumerate(venues)}
    groups = edge_groups(graph) if groups is None else groups  # the view's, when it has them
    predicates = list(PREDICATE_STYLES) + sorted({p for _, p, _ in groups} - set(PREDICATE_STYLES))
    if len(predicates) > 10:  # one digit per link: fold the rarest unknown predicates together
        predicates = predicates[:10]
    pred_index = {p: i for i, p in enumerate(predicates)}
    triples = sorted({(index[s], index[o], pred_index.get(p, len(predicates) - 1)) for s, p, o in groups})
    out = [0] * len(ids)
    obj: list[int] = []
    pred: list[str] = []
    last_s, last_o = -1, 0
    df: dict[str, set[int]] = defaultdict(set)
    n_papers = len(papers)
    for s_i, o_i, p_i in triples:
        out[s_i] += 1
        obj.append(o_i if s_i != last_s else o_i - last_o)
        last_s, last_o = s_i, o_i
        pred.append(str(p_i))
        if s_i < n_papers <= o_i:
            df[ids[o_i]].add(s_i)
        elif o_i < n_papers <= s_i:
            df[ids[s_i]].add(o_i)
    weights = concept_weights({e: len(df.get(e, ())) for e in entities}, n_papers)
    nodes_papers = [graph.papers[p] for p in papers]
    catalog = {
        "n_papers": n_papers,
        "types": type_names,
        "predicates": predicates,
        "venues": venues,
        "id": ids,
        "label": [p.display_title for p in nodes_papers] + [graph.entities[e].label for e in entities],
        "type": [0] * n_papers + [type_index[graph.entities[e].type] for e in entities],
        "venue": [venue_index.get(p.paper.venue, -1) for p in nodes_papers],
        "year": [p.paper.year or 0 for p in nodes_papers],
        "url": [p.paper.url if p.id not in detailed else "" for p in nodes_papers],
        "abstract": [p.abstract if p.id not in detailed else "" for p in nodes_papers],
        "weight": [round(100 * weights[e]) for e in entities],
        "aliases": [[index[e], *graph.entities[e].aliases] for e in entities if graph.entities[e].aliases],
        "out": out,
        "obj": obj,
        "pred": "".join(pred),
    }
    return catalog


def _fit_abstracts(data: dict, budget: int) -> None:
    """Cut the catalog's abstracts to one length so the page fits ``budget`` bytes."""
    catalog = data.get("catalog")
    if not catalog or not catalog["abstract"]:
        return
    abstracts = catalog["abstract"]
    catalog["abstract"] = [""] * len(abstracts)
    rest = len(_json_for_script(data)) + len(_vis_js()) + len(_template("page.js")) + 20_000
    catalog["abstract"] = abstracts
    room = budget - rest
    cost = [len(json.dumps(a)) for a in abstracts]

    def total(limit: int) -> int:
        return sum(min(c, limit + 2) for c in cost)

    if total(MAX_ABSTRACT) <= room:
        limit = MAX_ABSTRACT
    else:
        lo, hi = MIN_ABSTRACT, MAX_ABSTRACT
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if total(mid) <= room:
                lo = mid
            else:
                hi = mid - 1
        limit = lo
    catalog["abstract_limit"] = limit
    catalog["abstract"] = [_cut(a, limit) for a in abstracts]


def _cut(text: str, limit: int) -> str:
    """``text`` cut at a word before ``limit`` characters, with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit * 0.6 else cut).rstrip() + " …"


def _clusters(nodes: list[dict], edges: list[dict], catalog: dict) -> list[dict]:
    """Communities of the drawn graph, each named by its distinctive concepts (kg.views.clusters)."""
    n_papers = catalog["n_papers"]
    weights = {catalog["id"][n_papers + i]: w / 100 for i, w in enumerate(catalog["weight"])}
    found = find_clusters(
        [n["id"] for n in nodes],
        [(e["from"], e["to"]) for e in edges if e.get("drawn", True)],
        labels={n["id"]: n["label"] for n in nodes},
        is_concept={n["id"]: n["type"] != "Paper" for n in nodes},
        weights=weights,
    )
    return [{"name": c.name, "members": c.members, "top": c.top} for c in found]


# ------------------------------------------------------------------- the page
def _render_page(data: dict) -> str:
    template = _template("page.html")
    vis_js = _vis_js()
    app_js = _script_safe(_template("page.js"))
    csp = "; ".join([
        "default-src 'none'",
        "script-src " + " ".join(f"'sha256-{_sha256_b64(s)}'" for s in (vis_js, app_js)),
        "style-src 'unsafe-inline'",
        "img-src data:",
        "base-uri 'none'",
        "form-action 'none'",
    ])
    parts = {
        "CSP": csp.replace("&", "&amp;").replace('"', "&quot;"),
        "TITLE": _html.escape(PAGE_TITLE),
        "COUNTS": _html.escape(_counts_text(data)),
        "STYLE": _template("page.css"),
        "LEGEND": _legend_html(data["types"], data["predicates"], data["nodes"], data["edges"]),
        "DATA": _json_for_script(data),
        "VIS_JS": vis_js,
        "APP_JS": app_js,
    }
    # one pass over the template only: inserted text is never re-scanned
    return re.sub(r"\{\{([A-Z_]+)\}\}", lambda m: parts[m.group(1)], template)


def _counts_text(data: dict) -> str:
    n_papers = sum(1 for n in data["nodes"] if n["type"] == "Paper")
    n_entities = len(data["nodes"]) - n_papers
    view = data.get("view") or {}
    n_edges = sum(1 for e in data["edges"] if e.get("drawn", True))
    if view.get("mode", "full") == "full":
        return f"{n_papers:,} papers · {n_entities:,} entities · {n_edges:,} edges"
    return (
        f"{n_papers:,} of {view['papers_total']:,} papers · {n_entities:,} of {view['entities_total']:,} entities"
        f" · {n_edges:,} of {view['edges_total']:,} edges"
    )


def _json_for_script(data: dict) -> str:
    """JSON that cannot end its <script> element nor open a tag or comment."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _script_safe(js: str) -> str:
    """Normalise line ends (as the HTML parser will, so CSP hashes match) and
    make sure the text cannot close its <script> element."""
    js = js.replace("\r\n", "\n").replace("\r", "\n")
    js = re.sub(r"</(script)", r"<\\/\1", js, flags=re.IGNORECASE)
    return js.replace("<!--", "<\\!--")


def _sha256_b64(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


@functools.lru_cache(maxsize=None)
def _template(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8").replace("\r\n", "\n")


@functools.lru_cache(maxsize=1)
def _vis_js() -> str:
    """vis-network's standalone build as shipped inside pyvis, ready to inline.

    The file is found without importing pyvis (which imports IPython and more).
    """
    spec = find_spec("pyvis")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("pyvis is needed for the HTML export (it ships vis-network)", name="pyvis")
    path = Path(spec.submodule_search_locations[0]) / "templates" / "lib" / f"vis-{VIS_VERSION}" / "vis-network.min.js"
    js = path.read_text(encoding="utf-8")
    js = re.sub(r"\n//# sourceMappingURL=\S*\s*$", "\n", js.replace("\r\n", "\n"))
    return _script_safe(js)


def _legend_html(types: list[dict], predicates: list[dict], nodes: Sequence[dict] = (),
                 edges: Sequence[dict] = ()) -> str:
    """The legend, which is also the filter panel: a checkbox per node type and
    predicate (with counts), and the minimum-papers slider (set up by page.js)."""
    esc = _html.escape
    type_counts: dict[str, int] = defaultdict(int)
    for n in nodes:
        type_counts[n["type"]] += 1
    predicate_counts: dict[str, int] = defaultdict(int)
    for e in edges:
        if e.get("drawn", True):
            predicate_counts[e["predicate"]] += 1

    def box(kind: str, name: str, count: int) -> str:
        disabled = "" if count else " disabled"
        return (f'<input type="checkbox" class="kg-filter" data-filter="{kind}" value="{esc(name)}" '
                f'checked{disabled} aria-label="Show {esc(name)}">')

    lines = ['<details id="kg-legend" open>', "<summary>Legend &amp; filters</summary>", "<h2>Nodes</h2>", "<ul>"]
    for t in types:
        count = type_counts.get(t["type"], 0)
        lines.append(
            f'<li data-type="{esc(t["type"])}"><label>{box("type", t["type"], count)}'
            f'{_shape_svg(t["shape"], t["color"], t["border"])}'
            f'<span>{esc(t["type"])}</span><small class="kg-count">{count:,}</small></label></li>'
        )
    lines += ["</ul>", "<h2>Edges</h2>", "<ul>"]
    for p in predicates:
        dash = ' stroke-dasharray="4 3"' if p["dashes"] else ""
        width = max(p["width"], 1.0)
        count = predicate_counts.get(p["predicate"], 0)
        lines.append(
            f'<li data-predicate="{esc(p["predicate"])}"><label>{box("predicate", p["predicate"], count)}'
            f'<svg width="24" height="10" viewBox="0 0 24 10" '
            f'aria-hidden="true"><line x1="1" y1="5" x2="23" y2="5" stroke="{esc(p["color"])}" '
            f'stroke-width="{width:g}"{dash}/></svg><span>{esc(p["predicate"])}</span>'
            f'<small class="kg-count">{count:,}</small></label></li>'
        )
    lines += [
        "</ul>",
        '<h2><label for="kg-min-papers">Concepts in at least <output id="kg-min-papers-value">1</output>'
        " paper(s)</label></h2>",
        '<input type="range" id="kg-min-papers" min="0" max="0" step="1" value="0">',
        '<p class="kg-legend-note">Node size grows with the number of links.'
        ' <button type="button" id="kg-reset" class="kg-nav">Reset filters</button></p>',
        "</details>",
    ]
    return "\n".join(lines)


def _shape_svg(shape: str, fill: str, stroke: str) -> str:
    if shape == "dot":
        body = '<circle cx="7" cy="7" r="6"/>'
    elif shape == "square":
        body = '<rect x="1.5" y="1.5" width="11" height="11"/>'
    else:
        body = f'<polygon points="{_polygon(shape)}"/>'
    return (
        f'<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" '
        f'fill="{_html.escape(fill)}" stroke="{_html.escape(stroke)}" stroke-width="1">{body}</svg>'
    )


def _polygon(shape: str) -> str:
    if shape == "diamond":
        pts = [(7, 0.5), (13.5, 7), (7, 13.5), (0.5, 7)]
    elif shape == "triangle":
        pts = [(7, 1), (13.5, 12.5), (0.5, 12.5)]
    elif shape == "triangleDown":
        pts = [(0.5, 1.5), (13.5, 1.5), (7, 13)]
    elif shape == "hexagon":
        pts = [(7 + 6.5 * math.cos(math.radians(a)), 7 + 6.5 * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    elif shape == "star":
        pts = []
        for i in range(10):
            r = 6.8 if i % 2 == 0 else 2.8
            a = math.radians(-90 + 36 * i)
            pts.append((7 + r * math.cos(a), 7.5 + r * math.sin(a)))
    else:  # unknown shape: a square
        pts = [(1.5, 1.5), (12.5, 1.5), (12.5, 12.5), (1.5, 12.5)]
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in pts)


# ---------------------------------------------------------------- data pieces
def _paper_node(p: PaperNode, degree: int, links: int) -> dict:
    paper = p.paper
    return {
        "id": p.id,
        "type": "Paper",
        "label": p.display_title,
        "title": p.title,
        "venue": paper.venue,
        "year": paper.year,
        "url": paper.url,
        "authors": list(paper.authors),
        "keywords": list(paper.keywords),
        "abstract": p.abstract,
        "code_urls": list(p.code_urls),
        "quantities": [
            {
                "metric": q.metric,
                "value": _num(q.value),
                "unit": q.unit,
                "direction": q.direction,
                "baseline": q.baseline,
                "subject": q.subject,
            }
            for q in p.quantities
        ],
        "degree": degree,
        "links": links,
        "size": _size(links),
    }


def _paper_ref(p: PaperNode) -> dict:
    """What evidence needs of a paper the page does not show."""
    return {"label": p.display_title, "venue": p.paper.venue, "year": p.paper.year, "url": p.paper.url}


def _entity_node(e: Entity, degree: int, links: int, node_ids: set[str]) -> dict:
    papers = sorted(set(e.papers))
    return {
        "id": e.id,
        "type": e.type,
        "label": e.label,
        "aliases": list(e.aliases),
        "papers": [p for p in papers if p in node_ids],
        "paper_count": len(papers),
        "vocabulary": _vocabulary(e),
        "degree": degree,
        "links": links,
        "size": _size(links),
    }


def _vocabulary(e: Entity) -> list[dict]:
    """Concept links of an entity: ``{iri, exact}`` (as in the RDF's skos:exactMatch/closeMatch)."""
    pairs: list[tuple[str, bool]] = []
    if e.vocabulary or e.type == "HardwareConcept":
        try:
            from kg.rdf.concepts import vocabulary_links

            pairs = list(vocabulary_links(e.type, e.label, e.vocabulary))
        except (ImportError, OSError, ValueError, KeyError):  # pragma: no cover - vocabulary data missing or broken
            pairs = [(v, False) for v in e.vocabulary if v.startswith(("http://", "https://"))]
    return [{"iri": iri, "exact": bool(exact)} for iri, exact in pairs]


def _type_style(name: str | None) -> dict:
    color, shape = TYPE_STYLES.get(name, FALLBACK_TYPE_STYLE) if name else FALLBACK_TYPE_STYLE
    style = {"type": name or "", "color": color, "border": _darken(color), "shape": shape}
    return style


def _predicate_style(name: str | None) -> dict:
    color, width, dashes, arrows, label = (
        PREDICATE_STYLES.get(name, FALLBACK_PREDICATE_STYLE) if name else FALLBACK_PREDICATE_STYLE
    )
    return {
        "predicate": name or "",
        "color": color,
        "width": width,
        "dashes": dashes,
        "arrows": arrows,
        "label": label,
    }


def _vis_options(n_nodes: int, n_edges: int, laid_out: bool, static: bool = False) -> dict:
    """vis-network options; cheaper settings for large graphs.

    With positions computed here (``laid_out``), small graphs get a short
    physics refinement and large ones no physics at all, so the page is usable
    as soon as it is drawn.  Without them (numpy missing) vis-network lays the
    graph out itself, for a bounded number of iterations.  Either way page.js
    switches physics off once stabilisation is done, so nothing keeps the CPU
    busy afterwards.
    """
    large = n_nodes > 1000 or n_edges > 4000
    if laid_out:
        physics = n_nodes <= PHYSICS_MAX_NODES and not static
        iterations = 150
    else:
        physics = n_nodes > 0
        # vis-network costs ~0.05 ms per node and iteration: keep the total bounded
        iterations = max(30, min(1000, 400_000 // max(1, n_nodes)))
    return {
        "autoResize": True,
        "layout": {"randomSeed": LAYOUT_SEED, "improvedLayout": not laid_out and n_nodes <= 200},
        "nodes": {
            "borderWidth": 1,
            "borderWidthSelected": 3,
            "font": {"size": 12, "face": "system-ui, Arial, sans-serif", "strokeWidth": 3, "strokeColor": "#ffffff"},
            "scaling": {
                "min": 6, "max": 42,
                "label": {"enabled": True, "min": 10, "max": 44, "maxVisible": 44, "drawThreshold": 6},
            } if static else {
                "min": 8, "max": 40,
                "label": {"enabled": True, "min": 11, "max": 30, "maxVisible": 30, "drawThreshold": 6},
            },
        },
        "edges": {
            "smooth": False if large else {"enabled": True, "type": "continuous", "roundness": 0.3},
            "selectionWidth": 2,
            "hoverWidth": 1,
        },
        "physics": {
            "enabled": physics,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {
                "theta": 0.5 if n_nodes <= 1000 else 1.0,
                "gravitationalConstant": -60,
                "centralGravity": 0.01,
                "springLength": 100,
                "springConstant": 0.08,
                "damping": 0.5,
                "avoidOverlap": 0 if large else 0.3,
            },
            "maxVelocity": 50,
            "minVelocity": 1,
            "timestep": 0.4,
            "adaptiveTimestep": True,
            "stabilization": {"enabled": True, "iterations": iterations, "updateInterval": 25, "fit": True},
        },
        "interaction": {
            "hover": True,
            "tooltipDelay": 150,
            "hideEdgesOnDrag": large,
            "hideEdgesOnZoom": large,
            "navigationButtons": False,
            "keyboard": False,
            "multiselect": False,
        },
    }


# --------------------------------------------------------------------- layout
def _layout_positions(nodes: list[dict], edges: list[dict], spread: bool = False,
                      groups: list[list[str]] | None = None) -> list[tuple[float, float]] | None:
    """Node positions (vis pixels), or None when numpy is not available.

    A ForceAtlas2-like layout (linear springs, degree-weighted repulsion,
    gravity) whose repulsion is computed on a grid with FFTs, so one iteration
    costs O(n + edges + grid) instead of O(n log n) tree walks in the browser:
    ~5 s for 18k nodes / 30k edges here, where vis-network would need minutes.
    Each connected component is laid out on its own (small ones with
    networkx's spring layout) and the components are then packed in rows,
    largest first.  Seeded and free of wall-clock effects, so the same graph
    gives the same positions.
    """
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy comes with spaCy
        return None
    n = len(nodes)
    if n == 0:
        return []
    index = {node["id"]: i for i, node in enumerate(nodes)}
    pairs = [(index[e["from"]], index[e["to"]]) for e in edges if e["from"] != e["to"]]
    src = np.array([a for a, _ in pairs], dtype=np.int64)
    dst = np.array([b for _, b in pairs], dtype=np.int64)
    if groups:
        pos = _cluster_layouts(np, n, pairs, [[index[m] for m in g] for g in groups])
    else:
        pos = _component_layouts(np, n, src, dst)
    if spread and not groups:
        # no physics in the browser to push nodes apart: give each node room
        radius = float(np.percentile(np.sqrt(((pos - pos.mean(axis=0)) ** 2).sum(axis=1)), 90)) or 1.0
        target = 35.0 * math.sqrt(n)
        if radius < target:
            pos = pos * (target / radius)
    return [(round(float(x), 1), round(float(y), 1)) for x, y in pos]


def _force_layout(np, n: int, src, dst, iterations: int):
    rng = np.random.default_rng(LAYOUT_SEED)
    mass = 1.0 + np.bincount(src, minlength=n) + np.bincount(dst, minlength=n)
    pos = rng.standard_normal((n, 2)) * math.sqrt(n)
    if n == 1:
        return np.zeros((1, 2))
    # grid side (the FFT runs on twice that, so nothing wraps around): about one
    # cell per node or less, enough to tell clusters apart
    cells = 32 if n <= 200 else 64 if n <= 1500 else 128 if n <= 6000 else 256
    size = 2 * cells
    offsets = np.fft.fftfreq(size, 1.0 / size)
    dx, dy = np.meshgrid(offsets, offsets, indexing="ij")
    r2 = dx * dx + dy * dy + 1.0  # softened 1/r repulsion, zero at r = 0
    kx_hat = np.fft.rfft2(dx / r2)
    ky_hat = np.fft.rfft2(dy / r2)
    gravity_radius = math.sqrt(float(mass.sum()))
    mass4 = np.tile(mass, 4)
    for it in range(iterations):
        lo = pos.min(axis=0)
        span = float((pos.max(axis=0) - lo).max()) or 1.0
        h = span / (cells - 2)
        g = (pos - lo) / h
        i0 = np.clip(np.floor(g).astype(np.int64), 0, cells - 2)
        f = g - i0
        # cloud-in-cell: each node spreads its mass over the 4 surrounding grid points
        flat = np.concatenate([(i0[:, 0] + a) * size + (i0[:, 1] + b) for a in (0, 1) for b in (0, 1)])
        w = np.concatenate([
            (f[:, 0] if a else 1 - f[:, 0]) * (f[:, 1] if b else 1 - f[:, 1]) for a in (0, 1) for b in (0, 1)
        ])
        rho_hat = np.fft.rfft2(np.bincount(flat, weights=w * mass4, minlength=size * size).reshape(size, size))
        ex = np.fft.irfft2(rho_hat * kx_hat, s=(size, size)).ravel()[flat] * w
        ey = np.fft.irfft2(rho_hat * ky_hat, s=(size, size)).ravel()[flat] * w
        force = np.stack([ex.reshape(4, n).sum(axis=0), ey.reshape(4, n).sum(axis=0)], axis=1)
        force *= mass[:, None] / h
        d = pos[src] - pos[dst]
        for k in (0, 1):
            force[:, k] -= np.bincount(src, d[:, k], n) - np.bincount(dst, d[:, k], n)
        force -= mass[:, None] * (pos - pos.mean(axis=0)) / gravity_radius
        acc = force / mass[:, None]
        norm = np.sqrt((acc * acc).sum(axis=1)) + 1e-12
        temperature = span * 0.05 * 0.04 ** (it / max(1, iterations - 1))  # cools to 0.2 % of the span
        pos = pos + acc * (np.minimum(norm, temperature) / norm)[:, None]
    pos = pos - pos.mean(axis=0)
    if len(src):
        lengths = np.sqrt(((pos[src] - pos[dst]) ** 2).sum(axis=1))
        pos *= 100.0 / (float(np.median(lengths)) or 1.0)  # median edge ~ 100 px
    return pos


def _component_layouts(np, n: int, src, dst):
    """Lay out every connected component separately, then pack them in rows.

    One global force layout squeezes small components (the grid is too coarse
    for them and the big component's repulsion pushes them away); separately,
    each gets a layout at its own scale.
    """
    parent = list(range(n))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for a, b in zip(src.tolist(), dst.tolist()):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    members: dict[int, list[int]] = defaultdict(list)
    for i in range(n):
        members[find(i)].append(i)
    comp_edges: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for a, b in zip(src.tolist(), dst.tolist()):
        comp_edges[find(a)].append((a, b))

    pos = np.zeros((n, 2))
    boxes = []
    for root in sorted(members, key=lambda r: (-len(members[r]), r)):
        nodes = members[root]
        local = {g: i for i, g in enumerate(nodes)}
        pairs = comp_edges[root]
        s = np.array([local[a] for a, _ in pairs], dtype=np.int64)
        d = np.array([local[b] for _, b in pairs], dtype=np.int64)
        k = len(nodes)
        if k == 1:
            p = np.zeros((1, 2))
        elif k <= SMALL_COMPONENT:
            p = _spring_layout(np, k, s, d)
        else:
            p = _force_layout(np, k, s, d, iterations=300 if k <= 5000 else 200)
        p = p - (p.min(axis=0) + p.max(axis=0)) / 2
        boxes.append((nodes, p))

    # shelf packing: rows about as wide as the whole is tall (x1.6), largest component first
    gap = COMPONENT_GAP
    extents = [(p.max(axis=0) - p.min(axis=0)) + gap for _, p in boxes]
    area = sum(float(w * h) for w, h in extents)
    row_width = max(max(float(w) for w, _ in extents), math.sqrt(area * 1.6))
    x = y = row_height = 0.0
    for (nodes, p), (w, h) in zip(boxes, extents):
        w, h = float(w), float(h)
        if x > 0 and x + w > row_width:
            x, y, row_height = 0.0, y + row_height, 0.0
        pos[nodes] = p + np.array([x + w / 2, y + h / 2])
        x += w
        row_height = max(row_height, h)
    return pos - (pos.min(axis=0) + pos.max(axis=0)) / 2


def _cluster_layouts(np, n: int, pairs: list[tuple[int, int]], groups: list[list[int]]):
    """Each cluster laid out on its own, the clusters then placed as discs that do not overlap,
    near the clusters they link to most; nodes in no cluster are packed by component below.

    The first view then reads as a map: one blob per cluster with room for its name.
    """
    group_of = np.full(n, -1, dtype=np.int64)
    for k, members in enumerate(groups):
        group_of[members] = k
    discs = []  # (members, local positions, radius)
    for k, members in enumerate(groups):
        local = {g: i for i, g in enumerate(members)}
        inner = [(local[a], local[b]) for a, b in pairs if group_of[a] == k and group_of[b] == k]
        s = np.array([a for a, _ in inner], dtype=np.int64)
        d = np.array([b for _, b in inner], dtype=np.int64)
        p = _component_layouts(np, len(members), s, d)
        # no physics in the browser: give each node room (about 45 px apart)
        radius = float(np.sqrt((p ** 2).sum(axis=1)).max()) if len(members) > 1 else 1.0
        target = 26.0 * math.sqrt(len(members))
        if radius > 0:
            p = p * (target / radius)
        discs.append((members, p, 1.35 * target + 120.0))  # room around it for the names
    m = len(discs)
    # cluster centres: a force layout of the cluster graph (links between clusters pull), then
    # overlapping discs pushed apart; seeded and iteration-bounded, so deterministic
    weight = np.zeros((m, m))
    for a, b in pairs:
        ga, gb = group_of[a], group_of[b]
        if ga >= 0 and gb >= 0 and ga != gb:
            weight[ga, gb] += 1
            weight[gb, ga] += 1
    radii = np.array([r for _, _, r in discs])
    rng = np.random.default_rng(LAYOUT_SEED)
    angle = np.linspace(0, 2 * math.pi, m, endpoint=False)
    ring = radii.sum() / math.pi
    centre = np.stack([np.cos(angle), np.sin(angle)], axis=1) * ring * (0.5 + 0.5 * rng.random((m, 1)))
    if m > 1:
        strength = weight / (weight.sum(axis=1, keepdims=True) + 1e-9)
        for it in range(300):
            delta = centre[:, None, :] - centre[None, :, :]
            dist = np.sqrt((delta ** 2).sum(axis=2)) + 1e-9
            want = radii[:, None] + radii[None, :]
            overlap = np.clip(want - dist, 0, None)
            np.fill_diagonal(overlap, 0)
            push = (delta / dist[:, :, None] * overlap[:, :, None]).sum(axis=1) * 0.5
            pull = (strength[:, :, None] * -delta).sum(axis=1) * 0.05
            gravity = -centre * 0.01
            centre = centre + push + (pull + gravity) * (1 - it / 300)
        # a last pass: no overlap at all
        for _ in range(200):
            delta = centre[:, None, :] - centre[None, :, :]
            dist = np.sqrt((delta ** 2).sum(axis=2)) + 1e-9
            overlap = np.clip(radii[:, None] + radii[None, :] - dist, 0, None)
            np.fill_diagonal(overlap, 0)
            if overlap.max() < 1:
                break
            centre = centre + (delta / dist[:, :, None] * overlap[:, :, None]).sum(axis=1) * 0.5
    pos = np.zeros((n, 2))
    for (members, p, _r), c in zip(discs, centre):
        pos[members] = p + c
    rest = [i for i in range(n) if group_of[i] < 0]
    if rest:
        local = {g: i for i, g in enumerate(rest)}
        outer = [(local[a], local[b]) for a, b in pairs if group_of[a] < 0 and group_of[b] < 0]
        s = np.array([a for a, _ in outer], dtype=np.int64)
        d = np.array([b for _, b in outer], dtype=np.int64)
        p = _component_layouts(np, len(rest), s, d)
        top = float(pos[[i for i in range(n) if group_of[i] >= 0]][:, 1].max()) if m else 0.0
        left = float(pos[:, 0].min()) if m else 0.0
        p = p - p.min(axis=0)
        pos[rest] = p + np.array([left, top + 150.0])
    return pos - (pos.min(axis=0) + pos.max(axis=0)) / 2


def _spring_layout(np, k: int, src, dst):
    """networkx's Fruchterman-Reingold layout of a small component, median edge ~ 100 px."""
    edges = frozenset((min(a, b), max(a, b)) for a, b in zip(src.tolist(), dst.tolist()))
    p = np.array(_spring_positions(k, edges), dtype=float)
    lengths = np.sqrt(((p[src] - p[dst]) ** 2).sum(axis=1)) if len(src) else np.array([1.0])
    return p * (SMALL_EDGE_PX / (float(np.median(lengths)) or 1.0))


@functools.lru_cache(maxsize=256)
def _spring_positions(k: int, edges: frozenset[tuple[int, int]]) -> tuple[tuple[float, float], ...]:
    """networkx's spring layout of the undirected graph on nodes 0..k-1, seeded.

    Cached: the small components are mostly the same few shapes (single edges, paths of
    three), and the seeded layout depends only on the graph, so a 1,000-abstract build
    lays out 10 distinct shapes instead of 59 components.
    """
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(k))
    g.add_edges_from(sorted(edges))
    layout = nx.spring_layout(g, seed=LAYOUT_SEED, iterations=100)
    return tuple((float(layout[i][0]), float(layout[i][1])) for i in range(k))


def _link_order(link) -> tuple:
    ev = link.evidence
    return (link.paper, ev.start, ev.end, ev.sentence, ev.component, _num(ev.confidence) or 0.0)


def _num(x: float | int | None) -> float | int | None:
    """A JSON-safe number (NaN and infinities become null), floats rounded."""
    if x is None or isinstance(x, bool):
        return x
    if isinstance(x, int):
        return x
    x = float(x)
    if not math.isfinite(x):
        return None
    return round(x, 4)


def _size(degree: int) -> float:
    return round(min(60.0, 8.0 + 6.0 * math.log2(1 + degree)), 1)


def _darken(color: str, factor: float = 0.7) -> str:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(int(r * factor), int(g * factor), int(b * factor))


# keep the advertised type list and the styles in step
assert set(ENTITY_TYPES) <= set(TYPE_STYLES), "every entity type needs a style"
assert set(PREDICATES) <= set(PREDICATE_STYLES), "every predicate needs a style"
