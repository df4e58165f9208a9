"""Interactive HTML view of a :class:`~kg.graph.model.KnowledgeGraph`.

``render_html(graph)`` returns one self-contained page that opens offline from
``file://``: the vis-network 9.1.2 script bundled with pyvis is inlined, there
is no CDN link, stylesheet link or web font.  pyvis's own page template is not
used (it links Bootstrap and tom-select from CDNs and its ``add_edge`` is
quadratic); the page comes from ``templates/page.{html,css,js}``.

Layout of the page
    * ``<script type="application/json" id="kg-data">``: all the data, one JSON
      blob (see :func:`page_data`), with ``<``, ``>`` and ``&`` written as
      ``\\u003c``, ``\\u003e``, ``\\u0026`` so no input text can close the
      element or open a tag.
    * the vis-network script, then ``page.js`` which draws the graph, fills the
      side panel on click and exposes ``window.KG`` for later scripts.
    * a static legend overlay (``#kg-legend``): colour and shape per node type,
      colour and stroke per predicate.

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
from importlib import resources
from pathlib import Path

from kg.graph.model import Entity, KnowledgeGraph, PaperNode
from kg.records import ENTITY_TYPES, PREDICATES

__all__ = ["render_html", "page_data", "TYPE_STYLES", "PREDICATE_STYLES"]

PAGE_TITLE = "Knowledge graph"
TEMPLATES = Path(__file__).with_name("templates")
VIS_VERSION = "9.1.2"
LAYOUT_SEED = 7

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
def render_html(graph: KnowledgeGraph) -> str:
    """The whole page for ``graph``, as text (UTF-8, LF line ends)."""
    return _render_page(page_data(graph))


def page_data(graph: KnowledgeGraph) -> dict:
    """The JSON-ready data embedded in the page (``#kg-data``).

    ``nodes``: papers first, then entities, each group sorted by id; every node
    has ``id``, ``type`` ("Paper" or an entity type), ``label``, ``degree`` and
    ``size``; papers add ``title``, ``venue``, ``year``, ``url``, ``authors``,
    ``keywords``, ``abstract``, ``code_urls``, ``quantities``; entities add
    ``aliases`` and ``papers``.
    ``edges``: one per distinct (subject, predicate, object), ids ``e0``, ``e1``
    … in sorted order (mentions first), each with ``evidence`` entries
    ``{paper, sentence, component, confidence}`` where ``sentence`` indexes the
    shared ``sentences`` list (the same sentence backs many links).
    Links whose subject or object is not a node of the graph are left out.
    """
    papers = [graph.papers[k] for k in sorted(graph.papers)]
    entities = [graph.entities[k] for k in sorted(graph.entities) if k not in graph.papers]
    node_ids = {p.id for p in papers} | {e.id for e in entities}

    grouped: dict[tuple[str, str, str], list] = defaultdict(list)
    for link in graph.links:
        if link.subject in node_ids and link.object in node_ids:
            grouped[(link.subject, link.predicate, link.object)].append(link)

    def edge_order(key: tuple[str, str, str]) -> tuple:
        subject, predicate, obj = key
        return (predicate != "mentions", predicate, subject, obj)

    sentences: list[str] = []
    sentence_index: dict[str, int] = {}
    edges = []
    degree: dict[str, int] = defaultdict(int)
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
            if ev.sentence not in sentence_index:
                sentence_index[ev.sentence] = len(sentences)
                sentences.append(ev.sentence)
            evidence.append({
                "paper": link.paper,
                "sentence": sentence_index[ev.sentence],
                "component": ev.component,
                "confidence": _num(ev.confidence),
            })
        edges.append({
            "id": f"e{len(edges)}",
            "from": subject,
            "to": obj,
            "predicate": predicate,
            "evidence": evidence,
        })
        degree[subject] += 1
        if obj != subject:
            degree[obj] += 1

    nodes = [_paper_node(p, degree[p.id]) for p in papers]
    nodes += [_entity_node(e, degree[e.id]) for e in entities]

    present_types = {n["type"] for n in nodes}
    type_names = list(TYPE_STYLES) + sorted(present_types - set(TYPE_STYLES))
    present_predicates = {e["predicate"] for e in edges}
    predicate_names = list(PREDICATE_STYLES) + sorted(present_predicates - set(PREDICATE_STYLES))

    return {
        "version": 1,
        "types": [_type_style(t) for t in type_names],
        "predicates": [_predicate_style(p) for p in predicate_names],
        "fallback": {
            "type": _type_style(None),
            "predicate": _predicate_style(None),
        },
        "nodes": nodes,
        "edges": edges,
        "sentences": sentences,
        "options": _vis_options(len(nodes), len(edges)),
    }


# ------------------------------------------------------------------- the page
def _render_page(data: dict) -> str:
    template = _template("page.html")
    vis_js = _vis_js()
    app_js = _script_safe(_template("page.js"))
    n_papers = sum(1 for n in data["nodes"] if n["type"] == "Paper")
    counts = (
        f"{n_papers} papers · {len(data['nodes']) - n_papers} entities · "
        f"{len(data['edges'])} edges"
    )
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
        "COUNTS": _html.escape(counts),
        "STYLE": _template("page.css"),
        "LEGEND": _legend_html(data["types"], data["predicates"]),
        "DATA": _json_for_script(data),
        "VIS_JS": vis_js,
        "APP_JS": app_js,
    }
    # one pass over the template only: inserted text is never re-scanned
    return re.sub(r"\{\{([A-Z_]+)\}\}", lambda m: parts[m.group(1)], template)


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
    """vis-network's standalone build as shipped inside pyvis, ready to inline."""
    path = resources.files("pyvis") / "templates" / "lib" / f"vis-{VIS_VERSION}" / "vis-network.min.js"
    js = path.read_text(encoding="utf-8")
    js = re.sub(r"\n//# sourceMappingURL=\S*\s*$", "\n", js.replace("\r\n", "\n"))
    return _script_safe(js)


def _legend_html(types: list[dict], predicates: list[dict]) -> str:
    esc = _html.escape
    lines = ['<details id="kg-legend" open>', "<summary>Legend</summary>", "<h2>Nodes</h2>", "<ul>"]
    for t in types:
        lines.append(
            f'<li data-type="{esc(t["type"])}">{_shape_svg(t["shape"], t["color"], t["border"])}'
            f"<span>{esc(t['type'])}</span></li>"
        )
    lines += ["</ul>", "<h2>Edges</h2>", "<ul>"]
    for p in predicates:
        dash = ' stroke-dasharray="4 3"' if p["dashes"] else ""
        width = max(p["width"], 1.0)
        lines.append(
            f'<li data-predicate="{esc(p["predicate"])}"><svg width="24" height="10" viewBox="0 0 24 10" '
            f'aria-hidden="true"><line x1="1" y1="5" x2="23" y2="5" stroke="{esc(p["color"])}" '
            f'stroke-width="{width:g}"{dash}/></svg><span>{esc(p["predicate"])}</span></li>'
        )
    lines += ["</ul>", '<p class="kg-legend-note">Node size grows with the number of links.</p>', "</details>"]
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
def _paper_node(p: PaperNode, degree: int) -> dict:
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
        "size": _size(degree),
    }


def _entity_node(e: Entity, degree: int) -> dict:
    return {
        "id": e.id,
        "type": e.type,
        "label": e.label,
        "aliases": list(e.aliases),
        "papers": sorted(set(e.papers)),
        "degree": degree,
        "size": _size(degree),
    }


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


def _vis_options(n_nodes: int, n_edges: int) -> dict:
    """vis-network options; cheaper settings for large graphs.

    Physics runs only for a bounded number of stabilisation iterations (hidden
    from view), then page.js switches it off, so a big graph does not keep the
    CPU busy.
    """
    large = n_nodes > 1000 or n_edges > 4000
    if n_nodes <= 300:
        iterations = 1000
    elif n_nodes <= 2000:
        iterations = 400
    else:
        iterations = 200
    return {
        "autoResize": True,
        "layout": {"randomSeed": LAYOUT_SEED, "improvedLayout": n_nodes <= 200},
        "nodes": {
            "borderWidth": 1,
            "borderWidthSelected": 3,
            "font": {"size": 12, "face": "system-ui, Arial, sans-serif", "strokeWidth": 3, "strokeColor": "#ffffff"},
        },
        "edges": {
            "smooth": False if large else {"enabled": True, "type": "continuous", "roundness": 0.3},
            "selectionWidth": 2,
            "hoverWidth": 1,
        },
        "physics": {
            "enabled": n_nodes > 0,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {
                "gravitationalConstant": -60,
                "centralGravity": 0.01,
                "springLength": 110,
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
