"""The interactive HTML export: offline, escaped, deterministic, complete."""
from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from html.parser import HTMLParser

import pytest

from kg.export.html import DEFAULT_MAX_NODES, page_data, render_html
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import ENTITY_TYPES, PREDICATES, Evidence, Paper

XSS_SCRIPT = "<script>alert(1)</script>"
XSS_IMG = "<img src=x onerror=alert(1)>"
XSS_ABSTRACT = (
    f'We propose {XSS_SCRIPT} FlowNet, a "quoted" & \'single\' {XSS_IMG} method. '
    "It beats ResNet on ImageNet. </script><!-- end"
)
S_PROPOSE = f'We propose {XSS_SCRIPT} FlowNet, a "quoted" & \'single\' {XSS_IMG} method.'
S_BEATS = "It beats ResNet on ImageNet."
S_STUDY = "We study image classification with ResNet on ImageNet and report top-1 accuracy."
S_GPU = "GPU memory bandwidth limits transformer inference on edge devices."


def _ev(sentence: str, component: str = "rules", confidence: float = 0.9) -> Evidence:
    return Evidence(sentence, 0, len(sentence), component, confidence)


def _paper(pid: str, title: str, abstract: str, **kw) -> PaperNode:
    return PaperNode(id=pid, paper=Paper(id=pid, abstract=abstract, title=title, **kw), title=title, abstract=abstract)


def build_graph(reverse: bool = False) -> KnowledgeGraph:
    papers = [
        _paper("p-1", "FlowNet: <b>fast</b> flows", XSS_ABSTRACT, venue="ICML", year=2026,
               url="https://example.org/p1", authors=("A. Author",)),
        _paper("p-2", "", S_STUDY, venue="NeurIPS", year=2025, url="javascript:alert(1)"),
        _paper("p-3", "Memory walls", S_GPU),
    ]
    entities = [
        Entity("method/flownet", "Method", f"FlowNet {XSS_SCRIPT}", ["Flow-Net", XSS_IMG], ["p-1"]),
        Entity("model/resnet", "Model", "ResNet", ["ResNet-50"], ["p-1", "p-2"]),
        Entity("dataset/imagenet", "Dataset", "ImageNet", [], ["p-1", "p-2"]),
        Entity("task/image-classification", "Task", "image classification", [], ["p-2"]),
        Entity("metric/top-1-accuracy", "Metric", "top-1 accuracy", [], ["p-2"]),
        Entity("hardwareconcept/gpu-memory-bandwidth", "HardwareConcept", "GPU memory bandwidth", [], ["p-3"]),
    ]
    links = [
        Link("p-1", "mentions", "method/flownet", "p-1", _ev(S_PROPOSE)),
        Link("p-1", "mentions", "model/resnet", "p-1", _ev(S_BEATS)),
        Link("p-1", "mentions", "dataset/imagenet", "p-1", _ev(S_BEATS)),
        Link("p-2", "mentions", "model/resnet", "p-2", _ev(S_STUDY)),
        Link("p-2", "mentions", "dataset/imagenet", "p-2", _ev(S_STUDY)),
        Link("p-2", "mentions", "task/image-classification", "p-2", _ev(S_STUDY)),
        Link("p-2", "mentions", "metric/top-1-accuracy", "p-2", _ev(S_STUDY)),
        Link("p-3", "mentions", "hardwareconcept/gpu-memory-bandwidth", "p-3", _ev(S_GPU)),
        Link("p-1", "proposes", "method/flownet", "p-1", _ev(S_PROPOSE, "pattern:propose", 0.8)),
        Link("method/flownet", "outperforms", "model/resnet", "p-1", _ev(S_BEATS, "pattern:outperform", 0.7)),
        Link("method/flownet", "evaluatedOn", "dataset/imagenet", "p-1", _ev(S_BEATS, "pattern:on", 0.6)),
        Link("model/resnet", "evaluatedOn", "dataset/imagenet", "p-2", _ev(S_STUDY, "pattern:on", 0.65)),
        Link("p-2", "addresses", "task/image-classification", "p-2", _ev(S_STUDY, "pattern:study", 0.75)),
        Link("model/resnet", "uses", "metric/top-1-accuracy", "p-2", _ev(S_STUDY, "pattern:report", 0.5)),
    ]
    if reverse:
        papers, entities, links = papers[::-1], entities[::-1], links[::-1]
    g = KnowledgeGraph()
    for p in papers:
        g.papers[p.id] = p
    for e in entities:
        g.entities[e.id] = e
    g.links.extend(links)
    return g


@pytest.fixture(scope="module")
def graph() -> KnowledgeGraph:
    return build_graph()


@pytest.fixture(scope="module")
def page(graph) -> str:
    return render_html(graph)


class _Scripts(HTMLParser):
    """Collects <script> elements (attributes and raw text) and all tags."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.scripts: list[tuple[dict, str]] = []
        self.tags: list[tuple[str, dict]] = []
        self._current: dict | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._current = dict(attrs)
            self.scripts.append((self._current, ""))

    def handle_data(self, data):
        if self._current is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def handle_endtag(self, tag):
        if tag == "script":
            self._current = None


def _parse(page: str) -> _Scripts:
    parser = _Scripts()
    parser.feed(page)
    parser.close()
    return parser


def _data(page: str) -> dict:
    blobs = [text for attrs, text in _parse(page).scripts if attrs.get("id") == "kg-data"]
    assert len(blobs) == 1
    assert blobs[0] and "<" not in blobs[0]
    return json.loads(blobs[0])


# ------------------------------------------------------------------ structure
def test_page_structure(page, graph):
    assert page.startswith("<!DOCTYPE html>")
    assert page.rstrip().endswith("</html>")
    for element_id in ("kg-network", "kg-panel", "kg-legend", "kg-data"):
        assert f'id="{element_id}"' in page
    parser = _parse(page)
    scripts = parser.scripts
    assert [attrs.get("type") for attrs, _ in scripts] == ["application/json", None, None]
    assert len(re.findall(r"</script", page, flags=re.IGNORECASE)) == 3


def test_legend_lists_every_type_and_predicate(page):
    legend = page[page.index('<details id="kg-legend"'):page.index("</details>")]
    for node_type in ("Paper", *ENTITY_TYPES):
        assert f'data-type="{node_type}"' in legend
        assert f"<span>{node_type}</span>" in legend
    for predicate in ("mentions", *PREDICATES):
        assert f'data-predicate="{predicate}"' in legend


def test_embedded_nodes_match_graph(page, graph):
    data = _data(page)
    ids = [n["id"] for n in data["nodes"]]
    assert len(ids) == len(graph.papers) + len(graph.entities)
    assert set(ids) == set(graph.papers) | set(graph.entities)
    papers = [n for n in data["nodes"] if n["type"] == "Paper"]
    assert [n["id"] for n in papers] == ["p-1", "p-2", "p-3"]
    by_id = {n["id"]: n for n in data["nodes"]}
    assert by_id["p-2"]["label"] == graph.papers["p-2"].display_title  # untitled: start of the abstract
    assert by_id["p-1"]["abstract"] == XSS_ABSTRACT  # the text survives the escaping exactly
    assert by_id["method/flownet"]["aliases"] == ["Flow-Net", XSS_IMG]
    assert by_id["model/resnet"]["papers"] == ["p-1", "p-2"]
    # styles: every type has a distinct colour and shape
    styles = {t["type"]: (t["color"], t["shape"]) for t in data["types"]}
    assert set(styles) >= {"Paper", *ENTITY_TYPES}
    assert len({c for c, _ in styles.values()}) == len(styles)
    assert len({s for _, s in styles.values()}) == len(styles)
    # node size grows with degree
    assert by_id["model/resnet"]["degree"] > by_id["hardwareconcept/gpu-memory-bandwidth"]["degree"]
    assert by_id["model/resnet"]["size"] > by_id["hardwareconcept/gpu-memory-bandwidth"]["size"]


def test_edges_carry_evidence(page, graph):
    data = _data(page)
    triples = {(link.subject, link.predicate, link.object) for link in graph.links}
    assert len(data["edges"]) == len(triples)
    assert [e["id"] for e in data["edges"]] == [f"e{i}" for i in range(len(triples))]
    edges = {(e["from"], e["predicate"], e["to"]): e for e in data["edges"]}
    proposes = edges[("p-1", "proposes", "method/flownet")]
    [ev] = proposes["evidence"]
    assert data["sentences"][ev["sentence"]] == S_PROPOSE
    assert ev == {"paper": "p-1", "sentence": ev["sentence"], "component": "pattern:propose", "confidence": 0.8}
    outperforms = edges[("method/flownet", "outperforms", "model/resnet")]
    assert data["sentences"][outperforms["evidence"][0]["sentence"]] == S_BEATS
    assert S_STUDY in data["sentences"] and S_GPU in data["sentences"]
    # shared sentences are stored once
    assert len(data["sentences"]) == len(set(data["sentences"])) == 4
    # predicate styles: mentions thin and grey, typed relations distinct
    pstyle = {p["predicate"]: p for p in data["predicates"]}
    assert pstyle["mentions"]["width"] < min(pstyle[p]["width"] for p in PREDICATES)
    assert len({pstyle[p]["color"] for p in ("mentions", *PREDICATES)}) == 6


# -------------------------------------------------------------------- offline
def test_no_network_resources(page):
    assert not re.search(r"""\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", page, flags=re.IGNORECASE)
    assert not re.search(r"@import", page, flags=re.IGNORECASE)
    assert not re.search(r"url\(\s*[\"']?\s*(?:https?:)?//", page, flags=re.IGNORECASE)
    tags = _parse(page).tags
    assert not [t for t, a in tags if t == "link"]
    assert not [a for t, a in tags if "src" in a or "href" in a]
    for word in ("cdn.jsdelivr", "cdnjs", "unpkg", "bootstrap", "tom-select", "fonts.googleapis", "sourceMappingURL"):
        assert word.lower() not in page.lower()


def test_vis_network_is_inlined_and_renders_tooltips_as_text(page):
    vis_js = _parse(page).scripts[1][1]
    assert "vis-network" in vis_js[:500] and "@version 9.1.2" in vis_js[:500]
    assert len(vis_js) > 400_000
    # vis shows string tooltips with innerText: input text is never parsed as HTML
    assert "this.frame.innerText=t" in vis_js
    assert "innerHTML" not in vis_js


def test_csp_allows_exactly_the_inline_scripts(page):
    csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page).group(1)
    assert "default-src 'none'" in csp
    assert "unsafe-inline" not in csp.split("script-src", 1)[1].split(";", 1)[0]
    executable = [text for attrs, text in _parse(page).scripts if attrs.get("type") is None]
    hashes = re.findall(r"'sha256-([^']+)'", csp)
    expected = [base64.b64encode(hashlib.sha256(t.encode("utf-8")).digest()).decode() for t in executable]
    assert hashes == expected
    assert "\r" not in page


# --------------------------------------------------------------------- safety
def test_input_text_is_escaped(page):
    for raw in (XSS_SCRIPT, "<script>alert", XSS_IMG, "<img src=x", "<b>fast</b>", "</script><!--"):
        assert raw not in page
    assert not re.search(r"<img\b", page, flags=re.IGNORECASE)
    tags = [t for t, _ in _parse(page).tags]
    assert tags.count("script") == 3
    assert "b" not in tags and "img" not in tags
    # the app script fills the DOM with textContent only
    app_js = _parse(page).scripts[2][1]
    assert "innerHTML" not in app_js and "outerHTML" not in app_js
    assert "insertAdjacentHTML" not in app_js and "document.write" not in app_js
    assert "textContent" in app_js


def test_script_end_tag_in_input_cannot_break_out():
    g = build_graph()
    g.entities["model/resnet"].label = "</SCRIPT ><script>alert(2)</script>"
    page = render_html(g)
    assert len(re.findall(r"</script", page, flags=re.IGNORECASE)) == 3
    by_id = {n["id"]: n for n in _data(page)["nodes"]}
    assert by_id["model/resnet"]["label"] == "</SCRIPT ><script>alert(2)</script>"


# -------------------------------------------------------------- determinism
def test_deterministic(graph):
    first = render_html(graph)
    assert render_html(graph) == first
    # insertion order of papers, entities and links does not matter
    assert render_html(build_graph(reverse=True)) == first


def test_layout_positions_are_seeded(graph):
    data = page_data(graph)
    for node in data["nodes"]:
        assert math.isfinite(node["x"]) and math.isfinite(node["y"])
    assert len({(n["x"], n["y"]) for n in data["nodes"]}) == len(data["nodes"])
    assert data["options"]["layout"]["randomSeed"] == page_data(graph)["options"]["layout"]["randomSeed"]
    assert data["options"]["physics"]["enabled"] is True  # small graph: short refinement in the browser


def test_small_component_layouts_are_cached_by_shape():
    """The cached spring layout of a component equals networkx's layout of that component,
    however its edges are listed (direction, order, repeats)."""
    import networkx as nx
    import numpy as np

    from kg.export.html import LAYOUT_SEED, SMALL_EDGE_PX, _spring_layout

    src, dst = np.array([0, 2, 1, 3]), np.array([1, 1, 0, 1])
    g = nx.Graph([(0, 1), (1, 2), (1, 3)])
    fresh = nx.spring_layout(g, seed=LAYOUT_SEED, iterations=100)
    p = np.array([fresh[i] for i in range(4)])
    lengths = np.sqrt(((p[src] - p[dst]) ** 2).sum(axis=1))
    expected = p * (SMALL_EDGE_PX / float(np.median(lengths)))
    assert _spring_layout(np, 4, src, dst).tobytes() == expected.tobytes()
    assert _spring_layout(np, 4, dst[::-1], src[::-1]).tobytes() == expected.tobytes()


# ------------------------------------------------------------------ odd input
def test_empty_graph():
    page = render_html(KnowledgeGraph())
    data = _data(page)
    assert data["nodes"] == [] and data["edges"] == []
    assert 'data-type="Paper"' in page


def test_dangling_links_unknown_types_and_odd_numbers():
    g = build_graph()
    g.links.append(Link("p-1", "uses", "method/missing", "p-1", _ev(S_BEATS)))
    g.links.append(Link("p-1", "cites", "p-3", "p-1", _ev(S_BEATS, confidence=float("nan"))))
    g.entities["misc/thing"] = Entity("misc/thing", "Gadget", "thing", [], ["p-3"])
    data = _data(render_html(g))
    assert all(e["to"] != "method/missing" for e in data["edges"])
    [cites] = [e for e in data["edges"] if e["predicate"] == "cites"]
    assert cites["evidence"][0]["confidence"] is None
    assert "cites" in [p["predicate"] for p in data["predicates"]]
    assert "Gadget" in [t["type"] for t in data["types"]]


def test_large_graph_gets_a_precomputed_static_layout():
    g = KnowledgeGraph()
    n_papers, n_entities = 300, 900
    for i in range(n_papers):
        g.papers[f"p-{i:04d}"] = _paper(f"p-{i:04d}", f"Paper {i}", f"Abstract {i}.")
    for k in range(n_entities):
        t = ENTITY_TYPES[k % len(ENTITY_TYPES)]
        g.entities[f"e/{k:04d}"] = Entity(f"e/{k:04d}", t, f"entity {k}", [], [])
    for i in range(n_papers):
        for j in range(5):
            k = (i * 7 + j * 131) % n_entities
            s = f"Sentence {i} {j}."
            g.links.append(Link(f"p-{i:04d}", "mentions", f"e/{k:04d}", f"p-{i:04d}", _ev(s)))
            g.entities[f"e/{k:04d}"].papers.append(f"p-{i:04d}")
    data = page_data(g)
    assert len(data["nodes"]) == n_papers + n_entities
    assert data["options"]["physics"]["enabled"] is False
    assert data["options"]["edges"]["smooth"] is False
    assert all(math.isfinite(n["x"]) and math.isfinite(n["y"]) for n in data["nodes"])
    assert render_html(g) == render_html(g)


# ------------------------------------------------------------------ explorer
def test_explorer_controls(page):
    tags = _parse(page).tags
    by_id = {a.get("id"): (t, a) for t, a in tags if a.get("id")}
    assert by_id["kg-search"][0] == "input" and by_id["kg-search"][1]["type"] == "search"
    assert by_id["kg-search-results"][0] == "ul"
    assert by_id["kg-min-papers"][1]["type"] == "range"
    assert "kg-note" in by_id and "kg-visible" in by_id and "kg-reset" in by_id
    boxes = [a for t, a in tags if t == "input" and a.get("type") == "checkbox"]
    assert {a["value"] for a in boxes if a["data-filter"] == "type"} >= {"Paper", *ENTITY_TYPES}
    assert {a["value"] for a in boxes if a["data-filter"] == "predicate"} >= {"mentions", *PREDICATES}
    # counts in the legend; types absent from the graph cannot be toggled
    legend = page[page.index('<details id="kg-legend"'):page.index("</details>")]
    assert re.search(r'data-type="Paper">.*?<small class="kg-count">3</small>', legend)
    no_inline_handlers = not re.search(r"\son[a-z]+\s*=", page[:page.index('<script type="application/json"')])
    assert no_inline_handlers  # the CSP would block them anyway


def test_entity_details_data(graph):
    g = build_graph()
    g.entities["method/flownet"].vocabulary = ["https://paperswithcode.com/method/flownet", "javascript:alert(1)"]
    data = page_data(g)
    by_id = {n["id"]: n for n in data["nodes"]}
    flownet = by_id["method/flownet"]
    assert flownet["paper_count"] == 1 and flownet["papers"] == ["p-1"]
    iris = [v["iri"] for v in flownet["vocabulary"]]
    assert "https://paperswithcode.com/method/flownet" in iris
    assert all(v["iri"].startswith(("http://", "https://")) for v in flownet["vocabulary"])
    assert by_id["model/resnet"]["links"] == by_id["model/resnet"]["degree"]  # whole graph drawn
    assert data["view"]["mode"] == "full" and data["offpage"] == {}
    assert all("drawn" not in e for e in data["edges"])


def test_render_html_max_nodes_is_backward_compatible(graph):
    page = render_html(graph)
    assert render_html(graph, max_nodes=DEFAULT_MAX_NODES) == page
    assert _data(render_html(graph, None))["nodes"] == _data(page)["nodes"]
    small = _data(render_html(graph, max_nodes=4))
    assert len(small["nodes"]) == 4 and small["view"]["mode"] == "central"
    assert small["options"]["physics"]["enabled"] is False


def test_partial_view_is_escaped_too(graph):
    page = render_html(build_graph(), max_nodes=3)
    for raw in (XSS_SCRIPT, XSS_IMG, "<b>fast</b>"):
        assert raw not in page
    assert len(re.findall(r"</script", page, flags=re.IGNORECASE)) == 3
    data = _data(page)
    texts = json.dumps(data)
    assert "Left out" not in texts  # the note is written by page.js, from numbers
    assert data["view"]["papers_total"] == 3


# -------------------------------------------------------------------- catalog
def _decode_links(catalog: dict) -> set[tuple[str, str, str]]:
    """(subject, predicate, object) of every link, decoded as page.js does."""
    ids, out, obj, pred = catalog["id"], catalog["out"], catalog["obj"], catalog["pred"]
    links, k = set(), 0
    for i, count in enumerate(out):
        last = 0
        for c in range(count):
            last = obj[k] if c == 0 else last + obj[k]
            links.add((ids[i], catalog["predicates"][int(pred[k])], ids[last]))
            k += 1
    assert k == len(obj) == len(pred)
    return links


def test_catalog_holds_every_node_and_link_even_in_a_partial_view(graph):
    data = _data(render_html(build_graph(), max_nodes=3))
    assert len(data["nodes"]) == 3  # drawn: 3 ...
    catalog = data["catalog"]
    assert set(catalog["id"]) == set(graph.papers) | set(graph.entities)  # ... searchable: all
    assert catalog["id"][:catalog["n_papers"]] == sorted(graph.papers)
    by_id = dict(zip(catalog["id"], catalog["label"]))
    assert by_id["p-2"] == graph.papers["p-2"].display_title
    assert by_id["method/flownet"] == graph.entities["method/flownet"].label
    aliases = {catalog["id"][row[0]]: row[1:] for row in catalog["aliases"]}
    assert aliases["method/flownet"] == ["Flow-Net", XSS_IMG]
    assert _decode_links(catalog) == {(link.subject, link.predicate, link.object) for link in graph.links}
    # specificity: ImageNet (2 of 3 papers) weighs less than GPU memory bandwidth (1 of 3)
    weight = dict(zip(catalog["id"][catalog["n_papers"]:], catalog["weight"]))
    assert weight["hardwareconcept/gpu-memory-bandwidth"] == round(100 * math.log(3)) > weight["dataset/imagenet"]
    drawn = {n["id"] for n in data["nodes"]}
    for i, pid in enumerate(catalog["id"][:catalog["n_papers"]]):
        # an undrawn paper carries its abstract and url in the catalog; a drawn one in `nodes`
        assert bool(catalog["abstract"][i]) == (pid not in drawn)


def test_catalog_abstracts_are_cut_to_the_page_budget(monkeypatch):
    import kg.export.html as html

    g = build_graph()
    for i in range(40):
        pid = f"p-long-{i:02d}"
        g.papers[pid] = _paper(pid, f"Long paper {i}", "word " * 400)
    full = _data(render_html(g, max_nodes=3))["catalog"]
    assert max(len(a) for a in full["abstract"]) == len("word " * 400)  # fits: nothing cut
    size = len(render_html(g, max_nodes=3))
    monkeypatch.setattr(html, "PAGE_BUDGET", size - 40 * 1000)
    page = render_html(g, max_nodes=3)
    assert len(page) <= size - 40 * 1000
    cut = _data(page)["catalog"]
    assert html.MIN_ABSTRACT <= cut["abstract_limit"] < 2000
    longs = [a for pid, a in zip(cut["id"], cut["abstract"]) if pid.startswith("p-long")]
    assert all(a.endswith(" …") and len(a) <= cut["abstract_limit"] + 2 for a in longs)
    assert all(full_a.startswith(a[:-2]) for a, full_a in zip(longs, ["word " * 400] * len(longs)))


def test_clusters_name_the_drawn_graph():
    data = page_data(build_graph())
    assert data["clusters"]
    for k, c in enumerate(data["clusters"]):
        assert c["name"] and set(c["top"]) <= set(c["members"])
        assert all(n.get("cluster") == k for n in data["nodes"] if n["id"] in c["members"])
