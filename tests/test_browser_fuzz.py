"""Fuzzed text in the explorer, in a real headless Chromium: nothing runs, nothing is fetched.

Labels, aliases, abstracts, titles, authors, ids, paper and code urls and evidence sentences are
made of script and event-handler payloads, ``javascript:``/``data:`` urls, markup that would fetch
from a loopback listener (``<img>``, ``<link>``, ``@import``, ``<meta refresh>``...) and odd Unicode
(bidi overrides, zero-width and combining marks, line separators, private-use and astral code
points, control characters). Every node's and edge's details panel is opened, tooltips are shown
by a real mouse hover and the search box is used; then no payload has run (``window.__xss``), no
element that could run or fetch was added, no link has a non-http(s) target, the page logged no
error and requested nothing (Chromium's network log, the Resource Timing entries and the listener).
The same with the page's Content-Security-Policy removed: the escaping alone keeps it inert. A
positive control injects one raw payload into the page and sees all three detectors fire.

Bounded for CI: two seeded graphs (``KG_FUZZ_SEEDS=1,2,...`` for more) of 8 papers and 8 entities.
"""
from __future__ import annotations

import os
import random
import re
import socket
import threading
from pathlib import Path

import pytest
import test_browser
from test_browser import Loaded, _assert_clean, _wait

from kg.export.html import render_html
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import ENTITY_TYPES, PREDICATES, Evidence, Paper

pytestmark = pytest.mark.browser
browser = test_browser.browser  # the headless Chromium fixture (one per module)

SEEDS = [int(s) for s in os.environ.get("KG_FUZZ_SEEDS", "1,2").split(",") if s.strip()]
#: elements that could run script or fetch something; their number must not change
ACTIVE = "script, iframe, frame, object, embed, img, image, link, meta, style, base, form, video, audio, source, " \
         "track, svg, math, template, portal"


class Listener:
    """A loopback HTTP listener recording every request: the target of the fetching payloads."""

    def __init__(self) -> None:
        self.hits: list[bytes] = []
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.base = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            conn.settimeout(1)
            try:
                self.hits.append(conn.recv(4096))
                conn.sendall(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sock.close()


@pytest.fixture(scope="module")
def listener():
    lst = Listener()
    yield lst
    lst.close()


def payloads(base: str) -> list[str]:
    """Script, handler, url and fetching payloads (``base``: the listener's address)."""
    return [
        "<script>window.__xss='script'</script>",
        "</script><script>window.__xss='close'</script>",
        "<img src=x onerror=\"window.__xss='img'\">",
        "<svg/onload=window.__xss='svg'>",
        "<details open ontoggle=\"window.__xss='details'\">",
        "<body onload=\"window.__xss='body'\">",
        "\"><iframe srcdoc=\"<script>parent.__xss='srcdoc'</script>\">",
        "' onmouseover='window.__xss=\"attr\"' x='",
        "\" autofocus onfocus=\"window.__xss='focus'\" x=\"",
        "<a href=\"javascript:window.__xss='a'\">click</a>",
        "javascript:window.__xss='url'",
        " JaVaScRiPt:window.__xss='url2'",
        "data:text/html,<script>window.__xss='data'</script>",
        "vbscript:msgbox(1)",
        f"<img src=\"{base}/img.png\">",
        f"<link rel=stylesheet href=\"{base}/style.css\">",
        f"<style>@import '{base}/import.css'; body{{background:url({base}/bg.png)}}</style>",
        f"<meta http-equiv=\"refresh\" content=\"0;url={base}/refresh\">",
        f"<object data=\"{base}/object\"></object>",
        f"<video><source src=\"{base}/video.mp4\"></video>",
        f"<base href=\"{base}/\">",
        "{{CSP}}", "{{DATA}}", "${window.__xss='tpl'}", "{{constructor.constructor('window.__xss=1')()}}",
        "<!--", "-->", "<![CDATA[", "]]>", "&lt;script&gt;", "&#x3C;img src=x onerror=alert(1)&#x3E;",
    ]


UNICODE = ["\u202e", "\u202d", "\u2066", "\u200b", "\u200d", "\ufeff", "\u2028", "\u2029", "e\u0301\u0301",
           "\U0001f600", "\U0001d54f", "\ue000", "\U000f0000", "\x7f", "\x1b[31m", "\x0b", "\x0c", "\u0085",
           "\u0645\u0631\u062d\u0628\u0627", "\u05e9\u05dc\u05d5\u05dd", "\ufdfd", "\u00a0", "\uffff", "\ufffd"]


def fuzz_text(rnd: random.Random, pieces: list[str], stem: str) -> str:
    """A few payloads and odd characters around ``stem`` (which keeps the text findable and unique)."""
    parts = [stem] + [rnd.choice(pieces) for _ in range(rnd.randint(1, 3))] + \
            [rnd.choice(UNICODE) for _ in range(rnd.randint(0, 3))]
    rnd.shuffle(parts)
    return " ".join(parts)


def fuzz_graph(seed: int, base: str, n: int = 8) -> KnowledgeGraph:
    rnd = random.Random(seed)
    pieces = payloads(base)
    urls = [p for p in pieces if ":" in p[:12]] + [f"{base}/paper", f"{base}/x\"><script>window.__xss=9</script>"]
    g = KnowledgeGraph()
    paper_ids = [f"p{i}-{fuzz_text(rnd, pieces, 'id')}" for i in range(n)]
    entity_ids = [f"e{k}/{fuzz_text(rnd, pieces, 'slug')}" for k in range(n)]
    for i, pid in enumerate(paper_ids):
        title = fuzz_text(rnd, pieces, f"Fuzztitle{i}")
        abstract = fuzz_text(rnd, pieces, f"Fuzzabstract{i}") + f". We propose Fuzznet{i}."
        paper = Paper(pid, abstract, title=title, venue=fuzz_text(rnd, pieces, "venue"), year=2020 + i,
                      url=rnd.choice(urls), authors=(fuzz_text(rnd, pieces, "Author"), rnd.choice(pieces)),
                      keywords=(rnd.choice(pieces),))
        g.papers[pid] = PaperNode(pid, paper, title, abstract, code_urls=[rnd.choice(urls)])
    for k, eid in enumerate(entity_ids):
        g.entities[eid] = Entity(eid, ENTITY_TYPES[k % len(ENTITY_TYPES)], fuzz_text(rnd, pieces, f"Fuzzlabel{k}"),
                                 sorted(fuzz_text(rnd, pieces, f"alias{k}") for _ in range(2)), [],
                                 vocabulary=[rnd.choice(urls)])
    for i, pid in enumerate(paper_ids):
        for eid in sorted(set(rnd.sample(entity_ids, 3))):
            sentence = g.papers[pid].abstract
            g.links.append(Link(pid, "mentions", eid, pid, Evidence(sentence, 0, len(sentence), "rules", 0.9)))
            g.entities[eid].papers.append(pid)
    for k in range(n):
        a, b = rnd.sample(entity_ids, 2)
        pid = g.entities[a].papers[0] if g.entities[a].papers else paper_ids[0]
        sentence = fuzz_text(rnd, pieces, f"Fuzzevidence{k}")
        g.links.append(Link(a, rnd.choice(PREDICATES), b, pid, Evidence(sentence, 0, len(sentence), "pattern", 0.8)))
    for e in g.entities.values():
        e.papers = sorted(set(e.papers))
    return g


def without_csp(page: str) -> str:
    stripped, n = re.subn(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?', "", page)
    assert n == 1
    return stripped


def active_elements(page: Loaded) -> dict[str, int]:
    return page.js("var n = {}; document.querySelectorAll(arguments[0]).forEach(function (e) {"
                   " var t = e.tagName.toLowerCase(); n[t] = (n[t] || 0) + 1; }); return n;", ACTIVE)


def hostile_attributes(page: Loaded) -> list[str]:
    """Event-handler attributes anywhere, and links or frames whose target is not http(s) or in-page."""
    return page.js(
        "var bad = [];"
        "document.querySelectorAll('*').forEach(function (e) {"
        " Array.from(e.attributes).forEach(function (a) {"
        "  var name = a.name.toLowerCase(), v = a.value.replace(/[\\s\\u0000-\\u001f]+/g, '').toLowerCase();"
        "  if (name.indexOf('on') === 0) bad.push(e.tagName + ' ' + name);"
        "  if (['href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'xlink:href'].indexOf(name) >= 0 &&"
        "      !/^(https?:|#|$)/.test(v)) bad.push(e.tagName + ' ' + name + '=' + a.value.slice(0, 40));"
        " });"
        "});"
        "return bad;")


def exercise(page: Loaded) -> int:
    """Open every node's and edge's details, hover over nodes, search: the number of things shown."""
    shown = 0
    ids = page.js("return KG.data.nodes.map(function (n) { return n.id; })")
    for node_id in ids:
        assert page.js("return KG.select(arguments[0], {animate: false}) !== false", node_id)
        assert page.panel_text(), node_id
        shown += 1
    for edge_id in page.js("return KG.edges.getIds()"):
        page.js("KG.selectEdge(arguments[0])", edge_id)
        assert page.panel_text(), edge_id
        shown += 1
    page.js("KG.clearSelection(); KG.fit();")
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    canvas = page.driver.find_element(By.CSS_SELECTOR, "#kg-network canvas")
    for node_id in ids[:: max(1, len(ids) // 6)]:  # a real hover over some nodes: their tooltips
        page.js("KG.network.moveTo({scale: 1.5, position: KG.network.getPosition(arguments[0]), animation: false})",
                node_id)
        dx, dy = page.node_dom_position(node_id)
        ActionChains(page.driver).move_to_element_with_offset(canvas, round(dx), round(dy)).perform()
        tip = _wait(lambda: page.js("var t = document.querySelector('div.vis-tooltip');"
                                    "return t && t.style.visibility === 'visible' ? t.textContent : null"),
                    timeout=10, what=f"the tooltip of {node_id!r}")
        assert re.search(r"Fuzz(title|label)\d+", tip), tip  # the node's own tooltip, as text
        shown += 1
    box = page.driver.find_element(By.ID, "kg-search")
    for query in ("<img", "onerror", "javascript:", "Fuzzlabel", "<script", "\u202e", "\U0001f600"):
        box.clear()
        page.js("var b = document.getElementById('kg-search'); b.value = arguments[0];"
                "b.dispatchEvent(new Event('input', {bubbles: true}));", query)
        if query.isascii():
            box.send_keys(" ")  # a real key press on top
        results = page.js("return KG.search(arguments[0], 50).length", query)
        if results:
            _wait(lambda: not page.js("return document.getElementById('kg-search-results').hidden"),
                  what=f"results for {query!r}")
            shown += 1
    page.js("KG.clearSelection()")
    return shown


def assert_inert(page: Loaded, listener: Listener, before: dict[str, int]) -> None:
    assert page.js("return window.__xss === undefined"), page.js("return String(window.__xss)")
    assert active_elements(page) == before
    assert hostile_attributes(page) == []
    log = page.driver.get_log("performance")
    requested = [u for u in (_request_url(e) for e in log) if u and not u.startswith(("file:", "data:"))]
    assert requested == []
    assert page.js("return performance.getEntriesByType('resource').length") == 0
    errors = [e for e in page.driver.get_log("browser") if e.get("level") in ("SEVERE", "WARNING")]
    assert errors == []
    assert listener.hits == []


def _request_url(entry: dict) -> str | None:
    import json

    message = json.loads(entry["message"])["message"]
    if message["method"] == "Network.requestWillBeSent":
        return message["params"]["request"]["url"]
    return None


@pytest.mark.parametrize("csp", [True, False], ids=["with-csp", "csp-removed"])
@pytest.mark.parametrize("seed", SEEDS)
def test_fuzzed_text_runs_nothing_and_fetches_nothing(seed: int, csp: bool, browser, listener, tmp_path: Path):
    graph = fuzz_graph(seed, listener.base)
    html = render_html(graph)
    path = tmp_path / "fuzz.html"
    path.write_text(html if csp else without_csp(html), encoding="utf-8")
    page = Loaded(browser, path)
    _assert_clean(page)
    assert page.js("return KG.data.nodes.length") == len(graph.papers) + len(graph.entities)
    before = active_elements(page)
    assert before.get("script") == 3  # the page's own: data, vis-network, the explorer
    shown = exercise(page)
    assert shown >= 2 * len(graph.papers) + len(graph.links) // 2  # every panel was opened
    first = sorted(graph.entities)[0]
    page.js("KG.select(arguments[0], {animate: false})", first)
    heading = page.js("return document.querySelector('#kg-panel h2').textContent")
    assert heading == page.js("return KG.getNode(arguments[0]).label", first)  # the label, shown as text
    assert "<" in heading or "&" in heading or "javascript" in heading.lower()  # payloads in it, as text
    assert_inert(page, listener, before)


def test_the_detectors_see_a_payload_that_does_run(browser, listener, tmp_path: Path):
    """Positive control: one raw payload put into the page (no CSP) runs, fetches and adds an element."""
    html = without_csp(render_html(fuzz_graph(SEEDS[0], listener.base)))
    raw = (f"<img src=\"{listener.base}/control.png\" onerror=\"window.__xss='control'\">")
    path = tmp_path / "control.html"
    path.write_text(html.replace("<body>", "<body>" + raw, 1), encoding="utf-8")
    page = Loaded(browser, path)
    _wait(lambda: page.js("return window.__xss === 'control'"), timeout=10, what="the control payload")
    assert active_elements(page).get("img") == 1
    assert any(h.startswith(b"GET /control.png") for h in _wait(lambda: list(listener.hits), timeout=10,
                                                                 what="the listener's hit"))
    assert any(u.startswith(listener.base) for u in page.requests)
    assert any(name.startswith("IMG onerror") for name in hostile_attributes(page))
    listener.hits.clear()
