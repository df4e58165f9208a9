"""The HTML explorer in a real browser: headless Chromium driven by Selenium.

Needs Chromium and its driver (Debian: ``apt-get install chromium
chromium-driver``) and the ``selenium`` package (the ``dev`` extra).  Without
them these tests skip with the reason; with ``KG_REQUIRE_BROWSER=1`` (set by
``.ci/run``) they fail instead, so CI cannot pass without running them.
Selenium Manager is never used (the driver path is given), so nothing is
downloaded.  Set ``KG_CHROMIUM`` / ``KG_CHROMEDRIVER`` for other locations.

Optional, not run by default:

* ``KG_BIG_GRAPH=DIR``: also load the page of a big build (e.g. all of
  ../shared/corpora) and report the time until it is interactive;
* ``KG_SCREENSHOT_DIR=docs``: copy the screenshots there (docs/example-graph.png,
  docs/large-graph.png).
"""
from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from kg.api import load_graph
from kg.export.html import render_html
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import ENTITY_TYPES, Evidence, Paper

pytestmark = pytest.mark.browser


def _which(env: str, names: tuple[str, ...]) -> str | None:
    if os.environ.get(env):
        return os.environ[env]
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


CHROMIUM = _which("KG_CHROMIUM", ("chromium", "chromium-browser", "google-chrome"))
CHROMEDRIVER = _which("KG_CHROMEDRIVER", ("chromedriver",))


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    if not CHROMIUM:
        return "Chromium not found: apt-get install chromium chromium-driver (or set KG_CHROMIUM)"
    if not CHROMEDRIVER:
        return "chromedriver not found: apt-get install chromium-driver (or set KG_CHROMEDRIVER)"
    return None


_REASON = _missing()
if _REASON:
    if os.environ.get("KG_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"browser tests required (KG_REQUIRE_BROWSER=1) but {_REASON}")
    pytest.skip(_REASON, allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

WINDOW = (1400, 900)
TIMEOUT = 60.0


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--no-default-browser-check", "--disable-extensions",
        f"--window-size={WINDOW[0]},{WINDOW[1]}",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_script_timeout(TIMEOUT)
    try:
        yield driver
    finally:
        driver.quit()


def _wait(predicate, timeout: float = TIMEOUT, what: str = "condition"):
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.05)


class Loaded:
    """A page loaded in the browser, with what it logged and requested."""

    def __init__(self, driver, path: Path):
        self.driver = driver
        self.url = path.resolve().as_uri()
        driver.get("about:blank")
        driver.get_log("browser")  # drain earlier entries
        driver.get_log("performance")
        driver.get(self.url)
        _wait(lambda: driver.execute_script("return !!(window.KG && window.KG.ready)"), what="KG.ready")
        self.ready_ms = driver.execute_script("return window.KG.readyTime")
        self.console = driver.get_log("browser")
        self.requests = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                self.requests.append(message["params"]["request"]["url"])

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def panel_text(self) -> str:
        return self.js("return document.getElementById('kg-panel-body').textContent")

    def screenshot(self, path: Path, copy_as: str | None = None) -> Path:
        self.driver.save_screenshot(str(path))
        assert path.stat().st_size > 10_000
        target = os.environ.get("KG_SCREENSHOT_DIR")
        if target and copy_as:
            Path(target).mkdir(parents=True, exist_ok=True)
            try:  # a 256-colour PNG: a third of the size, looks the same
                from PIL import Image

                with Image.open(path) as im:
                    im.convert("RGB").quantize(colors=256, dither=Image.Dither.NONE).save(
                        Path(target) / copy_as, optimize=True)
            except ImportError:  # pragma: no cover - Pillow comes with matplotlib
                shutil.copy(path, Path(target) / copy_as)
        return path

    def node_dom_position(self, node_id: str) -> tuple[float, float]:
        """Where the node is drawn, relative to the centre of the network canvas (CSS px)."""
        x, y, w, h = self.js(
            "var n = KG.network, p = n.canvasToDOM(n.getPosition(arguments[0]));"
            "var c = document.querySelector('#kg-network canvas');"
            "return [p.x, p.y, c.clientWidth, c.clientHeight];", node_id)
        return x - w / 2, y - h / 2

    def click_node(self, node_id: str) -> None:
        """A real mouse click on the canvas where the node is drawn."""
        dx, dy = self.node_dom_position(node_id)
        canvas = self.driver.find_element(By.CSS_SELECTOR, "#kg-network canvas")
        ActionChains(self.driver).move_to_element_with_offset(canvas, round(dx), round(dy)).click().perform()


def _hide_tooltip(page: Loaded) -> None:
    ActionChains(page.driver).move_to_element(page.driver.find_element(By.ID, "kg-counts")).perform()
    page.js("var t = document.querySelector('div.vis-tooltip'); if (t) t.style.visibility = 'hidden';")


def _assert_clean(page: Loaded) -> None:
    errors = [e for e in page.console if e.get("level") in ("SEVERE", "WARNING")]
    assert not errors, f"console errors: {errors}"
    others = [u for u in page.requests if not (u.startswith("file:") or u.startswith("data:"))]
    assert not others, f"network requests: {others}"
    assert page.url in page.requests  # the log works: the page itself was seen
    assert page.js("return performance.getEntriesByType('resource').length") == 0


@pytest.fixture(scope="module")
def example_page(browser, example_build) -> Loaded:
    return Loaded(browser, example_build / "graph.html")


# ------------------------------------------------------------------ the example
def test_example_loads_offline_without_errors(example_page, tmp_path):
    _assert_clean(example_page)
    assert example_page.js("return document.querySelectorAll('#kg-network canvas').length") == 1
    shot = example_page.screenshot(tmp_path / "example-graph.png")
    assert shot.is_file()


def test_node_and_edge_counts_match_the_graph(example_page, example_build):
    g = load_graph(example_build)
    assert example_page.js("return KG.nodes.length") == g.number_of_nodes()
    triples = {(u, d["predicate"], v) for u, v, d in g.edges(data=True)}
    assert example_page.js("return KG.edges.length") == len(triples)
    assert example_page.js("return KG.data.view.mode") == "full"


def test_search_focuses_mcflow_and_a_click_shows_its_evidence(example_page, tmp_path):
    page = example_page
    page.js("KG.clearSelection(); KG.resetFilters();")
    box = page.driver.find_element(By.ID, "kg-search")
    box.clear()
    box.send_keys("MCFlow")
    first = _wait(lambda: page.js(
        "var li = document.querySelector('#kg-search-results li[role=option]');"
        "return li && !document.getElementById('kg-search-results').hidden ? li.textContent : null"),
        what="search results")
    assert "mcflow" in first.lower() or "crystal flow" in first.lower()
    box.send_keys(Keys.ENTER)
    node_id = _wait(lambda: (page.js("return KG.network.getSelectedNodes()") or [None])[0], what="a selection")
    node = page.js("return KG.index.nodeById.get(arguments[0])", node_id)
    assert "mcflow" in " ".join([node["label"], *node.get("aliases", [])]).lower()
    _wait(lambda: not page.js("return KG.animating"), what="the focus animation")
    # focused: the node is at the centre of the view, at a readable zoom
    dx, dy = page.node_dom_position(node_id)
    assert abs(dx) < 5 and abs(dy) < 5
    assert page.js("return KG.network.getScale()") >= 0.95
    assert page.js("return document.querySelector('#kg-panel h2').textContent") == node["label"]

    # a real click on the canvas, where the node is drawn, fills the panel again
    page.js("KG.clearSelection()")
    assert page.js("return document.querySelector('#kg-panel h2')") is None
    page.click_node(node_id)
    _wait(lambda: page.js("var h = document.querySelector('#kg-panel h2'); return h && h.textContent")
          == node["label"], what="the details panel after a click")
    assert page.js("return KG.network.getSelectedNodes()") == [node_id]
    quotes = page.js(
        "return Array.from(document.querySelectorAll('#kg-panel blockquote'))"
        ".filter(function (q) { return q.textContent.indexOf('MP-20') >= 0; })"
        ".map(function (q) { return [q.textContent, Array.from(q.querySelectorAll('mark'))"
        ".map(function (m) { return m.textContent; })]; })")
    assert quotes, "no evidence sentence mentioning MP-20 in the panel"
    terms = {t.lower() for t in [node["label"], *node.get("aliases", [])]}
    assert any(any(m.lower().rstrip("s") in terms or m.lower() in terms for m in marks) for _, marks in quotes)
    page.screenshot(tmp_path / "example-mcflow.png")
    # the whole graph with MCFlow's details (docs/example-graph.png with KG_SCREENSHOT_DIR=docs)
    page.js("KG.fit()")
    _hide_tooltip(page)
    page.screenshot(tmp_path / "example-graph.png", copy_as="example-graph.png")


def test_type_filter_and_min_papers_hide_nodes(example_page):
    page = example_page
    page.js("KG.resetFilters(); KG.clearSelection();")
    total = page.js("return KG.nodes.length")
    methods = set(page.js("return KG.data.nodes.filter(function (n) { return n.type === 'Method'; })"
                          ".map(function (n) { return n.id; })"))
    assert methods
    box = page.driver.find_element(By.CSS_SELECTOR, '#kg-legend input[data-filter="type"][value="Method"]')
    box.click()  # a real click on the checkbox
    assert not box.is_selected()
    assert set(page.js("return KG.hiddenNodeIds()")) == methods
    assert page.js("return KG.nodes.get({filter: function (n) { return n.hidden; }}).length") == len(methods)
    assert str(total - len(methods)) in page.driver.find_element(By.ID, "kg-visible").text
    # edges of hidden nodes are hidden too
    assert page.js(
        "return KG.edges.get().filter(function (e) { return !e.hidden && "
        "(KG.index.nodeById.get(e.from).type === 'Method' || KG.index.nodeById.get(e.to).type === 'Method'); })"
        ".length") == 0
    box.click()
    assert page.js("return KG.hiddenNodeIds().length") == 0

    # predicate filter
    pred = page.driver.find_element(By.CSS_SELECTOR, '#kg-legend input[data-filter="predicate"][value="mentions"]')
    pred.click()
    assert page.js("return KG.edges.get({filter: function (e) { return !e.hidden; }})"
                   ".every(function (e) { return KG.data.edges.find(function (d) { return d.id === e.id; })"
                   ".predicate !== 'mentions'; })")
    pred.click()

    # the minimum-papers slider, moved with the keyboard
    slider = page.driver.find_element(By.ID, "kg-min-papers")
    if slider.get_attribute("disabled"):
        pytest.skip("every concept of the example is in one paper only")
    slider.send_keys(Keys.ARROW_RIGHT)
    assert page.js("return KG.filters.minPapers") == 2
    hidden = set(page.js("return KG.hiddenNodeIds()"))
    expected = set(page.js("return KG.data.nodes.filter(function (n) { return n.type !== 'Paper' && "
                           "n.paper_count < 2; }).map(function (n) { return n.id; })"))
    assert hidden == expected and hidden
    page.js("KG.resetFilters()")
    assert page.js("return KG.hiddenNodeIds().length") == 0


def test_focus_view_page_opens_on_the_node(browser, example_build, tmp_path):
    from click.testing import CliRunner

    from kg.cli import main

    out = tmp_path / "focus.html"
    result = CliRunner().invoke(main, ["view", str(example_build), "--focus", "MCFlow", "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = Loaded(browser, out)
    _assert_clean(page)
    focus = page.js("return KG.data.view.focus")
    assert page.js("return KG.network.getSelectedNodes()") == [focus]
    assert "Neighbourhood of" in page.js("return document.getElementById('kg-note').textContent")
    assert not page.js("return document.getElementById('kg-note').hidden")


# ----------------------------------------------------------------------- safety
XSS_SCRIPT = "<script>window.__xss = 'script'</script>"
XSS_IMG = "<img src=x onerror=\"window.__xss='img'\">"
XSS_SVG = "<svg onload=\"window.__xss='svg'\">"


def _xss_graph() -> KnowledgeGraph:
    abstract = (f'We propose EvilNet {XSS_SCRIPT} with "quotes" & \'apostrophes\' {XSS_IMG} {XSS_SVG}. '
                "EvilNet beats ResNet on ImageNet.")
    s1 = abstract.split(". ")[0] + "."
    s2 = "EvilNet beats ResNet on ImageNet."
    g = KnowledgeGraph()
    g.papers["p-x"] = PaperNode("p-x", Paper("p-x", abstract, title=f"Title {XSS_IMG}", url="javascript:alert(1)"),
                                f"Title {XSS_IMG}", abstract)
    g.entities["evilnet"] = Entity("evilnet", "Method", f"EvilNet {XSS_SCRIPT}", [XSS_IMG, "EvilNet"], ["p-x"],
                                   vocabulary=["javascript:alert(1)"])
    g.entities["resnet"] = Entity("resnet", "Model", 'ResNet"><svg onload=alert(1)>', [], ["p-x"])
    g.links += [
        Link("p-x", "mentions", "evilnet", "p-x", Evidence(s1, 0, len(s1), "rules", 0.9)),
        Link("p-x", "mentions", "resnet", "p-x", Evidence(s2, 0, len(s2), "rules", 0.9)),
        Link("evilnet", "outperforms", "resnet", "p-x", Evidence(s2, 0, len(s2), "pattern", 0.8)),
    ]
    return g


def test_xss_in_abstracts_and_labels_stays_inert(browser, tmp_path):
    path = tmp_path / "xss.html"
    path.write_text(render_html(_xss_graph()), encoding="utf-8")
    page = Loaded(browser, path)
    _assert_clean(page)

    def inert():
        assert page.js("return window.__xss === undefined")
        assert page.js("return document.querySelectorAll('img, svg:not(#kg-legend svg), iframe, object, embed')"
                       ".length") == 0
        assert page.js("return document.scripts.length") == 3

    page.js("KG.select('p-x', {animate: false})")
    text = page.panel_text()
    assert XSS_SCRIPT in text and XSS_IMG in text and XSS_SVG in text  # shown as text
    assert page.js("return document.querySelectorAll('#kg-panel a[href^=javascript]').length") == 0
    inert()
    page.click_node("evilnet")
    _wait(lambda: XSS_SCRIPT in (page.js("var h = document.querySelector('#kg-panel h2');"
                                         "return h && h.textContent") or ""), what="the entity panel")
    assert XSS_IMG in page.panel_text()
    inert()
    # search results and tooltips are text too
    box = page.driver.find_element(By.ID, "kg-search")
    box.clear()
    box.send_keys("<img")
    _wait(lambda: not page.js("return document.getElementById('kg-search-results').hidden"), what="results")
    assert "<img" in page.js("return document.getElementById('kg-search-results').textContent")
    page.js("KG.network.moveTo({scale: 1.5, position: KG.network.getPosition('resnet'), animation: false})")
    dx, dy = page.node_dom_position("resnet")
    canvas = page.driver.find_element(By.CSS_SELECTOR, "#kg-network canvas")
    ActionChains(page.driver).move_to_element_with_offset(canvas, round(dx), round(dy)).perform()
    tip = _wait(lambda: page.js("var t = document.querySelector('div.vis-tooltip');"
                                "return t && t.style.visibility === 'visible' ? t.textContent : null"),
                timeout=10, what="the tooltip")
    assert "<svg onload=alert(1)>" in tip
    # innerText: line breaks become <br>, nothing else is an element
    assert page.js("return Array.from(document.querySelector('div.vis-tooltip').children)"
                   ".map(function (c) { return c.tagName; })").count("BR") == \
        page.js("return document.querySelector('div.vis-tooltip').children.length")
    inert()
    page.screenshot(tmp_path / "xss.png")


# ------------------------------------------------------------------ large graphs
def _large_graph(n_papers: int = 1500, n_entities: int = 2500) -> KnowledgeGraph:
    import random

    rnd = random.Random(11)
    g = KnowledgeGraph()
    for i in range(n_papers):
        pid = f"p-{i:05d}"
        g.papers[pid] = PaperNode(pid, Paper(pid, f"Abstract {i}."), f"Paper {i}", f"Abstract {i}.")
    ids = [f"e-{k:05d}" for k in range(n_entities)]
    for k, eid in enumerate(ids):
        g.entities[eid] = Entity(eid, ENTITY_TYPES[k % len(ENTITY_TYPES)], f"concept {k}", [], [])
    for i in range(n_papers):
        pid = f"p-{i:05d}"
        for eid in sorted({ids[int(n_entities * rnd.random() ** 2)] for _ in range(6)}):
            s = f"Paper {i} is about {g.entities[eid].label}."
            g.links.append(Link(pid, "mentions", eid, pid, Evidence(s, 0, len(s), "rules", 0.9)))
            g.entities[eid].papers.append(pid)
    return g


def test_large_graph_shows_its_central_part_quickly(browser, tmp_path):
    g = _large_graph()
    path = tmp_path / "large.html"
    path.write_text(render_html(g, max_nodes=800), encoding="utf-8")
    page = Loaded(browser, path)
    _assert_clean(page)
    assert page.js("return KG.nodes.length") == 800
    assert page.js("return KG.data.options.physics.enabled") is False
    note = page.js("return document.getElementById('kg-note').textContent")
    view = page.js("return KG.data.view")
    assert f"Left out: {view['papers_total'] - view['papers_shown']:,} papers" in note
    assert view["papers_total"] == len(g.papers) and view["entities_total"] == len(g.entities)
    assert "kg view" in note and "--focus" in note
    assert page.ready_ms < 20_000
    # search still works, for nodes on the page
    hub = page.js("return KG.search('concept 0', 1)[0].id")
    assert page.js("return KG.select(arguments[0], {animate: false})", hub)
    page.screenshot(tmp_path / "large.png")


@pytest.mark.skipif(not os.environ.get("KG_BIG_GRAPH"), reason="set KG_BIG_GRAPH=DIR (a big kg build) to run")
def test_big_corpus_time_to_interactive(browser, tmp_path):
    """The page of a real big build; prints the time from navigation start to interactive."""
    from kg.api import write_view

    t0 = time.perf_counter()
    result = write_view(os.environ["KG_BIG_GRAPH"], out=tmp_path / "big.html")
    built = time.perf_counter() - t0
    page = Loaded(browser, result.path)
    _assert_clean(page)
    summary = page.js("return KG.data.view")
    size_mb = result.path.stat().st_size / 1e6
    print(f"\nbig graph: {summary['papers_total']:,} papers, {summary['entities_total']:,} entities, "
          f"{summary['edges_total']:,} links; page {size_mb:.1f} MB with {summary['nodes_shown']:,} nodes, "
          f"{summary['edges_shown']:,} drawn edges; written in {built:.1f} s; "
          f"interactive after {page.ready_ms:.0f} ms")
    assert page.ready_ms < 10_000
    hub = page.js("return KG.search('large language models', 1)[0].id")
    page.js("KG.select(arguments[0])", hub)
    _wait(lambda: not page.js("return KG.animating"), what="the focus animation")
    page.js("KG.network.moveTo({scale: 0.3, animation: false})")
    _hide_tooltip(page)
    page.screenshot(tmp_path / "large-graph.png", copy_as="large-graph.png")
