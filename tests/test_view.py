"""`kg view` and the view selection behind it (kg/views/selection.py): whole graph, central part, neighbourhood."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.api import load_graph, load_knowledge_graph
from kg.cli import main
from kg.export.html import page_data, render_html, render_view, view_data
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import ENTITY_TYPES, Evidence, Paper
from kg.views.selection import (
    DEFAULT_MAX_NODES, central_view, focus_view, full_view, pagerank,
    resolve_focus, select_view,
)


def _data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', page, flags=re.S)
    assert m
    return json.loads(m.group(1))


def _ev(sentence: str, confidence: float = 0.9) -> Evidence:
    return Evidence(sentence, 0, len(sentence), "rules", confidence)


def synthetic(n_papers: int = 400, n_entities: int = 900, per_paper: int = 6, seed: int = 3) -> KnowledgeGraph:
    """Papers that mention a few entities each (some entities are hubs) plus typed relations."""
    import random

    rnd = random.Random(seed)
    g = KnowledgeGraph()
    for i in range(n_papers):
        pid = f"p-{i:05d}"
        g.papers[pid] = PaperNode(pid, Paper(pid, f"Abstract {i}.", title=f"Paper {i}", venue="V", year=2020 + i % 5),
                                  f"Paper {i}", f"Abstract {i}.")
    ids = []
    for k in range(n_entities):
        eid = f"e-{k:05d}"
        g.entities[eid] = Entity(eid, ENTITY_TYPES[k % len(ENTITY_TYPES)], f"entity {k}", [f"E{k}"], [])
        ids.append(eid)
    for i in range(n_papers):
        pid = f"p-{i:05d}"
        picks = {ids[int(len(ids) * rnd.random() ** 3)] for _ in range(per_paper)}  # skewed: low ids are hubs
        for eid in sorted(picks):
            g.links.append(Link(pid, "mentions", eid, pid, _ev(f"Paper {i} uses {g.entities[eid].label}.")))
            g.entities[eid].papers.append(pid)
        a, b = sorted(picks)[:2] if len(picks) > 1 else (None, None)
        if a:
            g.links.append(Link(a, "uses", b, pid, _ev(f"In paper {i} {a} uses {b}.", 0.7)))
    return g


@pytest.fixture(scope="module")
def big() -> KnowledgeGraph:
    return synthetic()


# --------------------------------------------------------------------- select
def test_small_graph_is_drawn_whole():
    g = synthetic(20, 30)
    view = select_view(g, 1000)
    assert view.mode == "full" and view.graph is g
    assert select_view(g, None).mode == "full"


def test_pagerank_is_a_distribution_and_favours_hubs(big):
    pr = pagerank(big)
    assert set(pr) == set(big.papers) | set(big.entities)
    assert abs(sum(pr.values()) - 1.0) < 1e-6
    most_papers = max(big.entities.values(), key=lambda e: (len(e.papers), e.id))
    top = max(pr, key=pr.get)
    assert top == most_papers.id or len(big.entities[top].papers) >= 0.8 * len(most_papers.papers)
    assert pagerank(big) == pr  # deterministic


def test_central_view_keeps_the_budget_every_type_and_context(big):
    view = central_view(big, 300)
    g = view.graph
    assert view.mode == "central" and view.partial
    assert len(g.papers) + len(g.entities) == 300
    assert {e.type for e in g.entities.values()} == set(ENTITY_TYPES)
    # the most central entity is kept
    pr = pagerank(big)
    top_entity = max((e for e in big.entities), key=lambda e: (pr[e], e))
    assert top_entity in g.entities
    # drawn links are among kept nodes; undrawn ones are flagged
    data = view_data(view)
    ids = {n["id"] for n in data["nodes"]}
    assert all(e["from"] in ids and e["to"] in ids for e in data["edges"])
    drawn = [e for e in data["edges"] if e.get("drawn", True)]
    assert 0 < len(drawn) <= 3 * 300
    # every paper draws at least one link, and the page says what is left out
    touched = {e["from"] for e in drawn} | {e["to"] for e in drawn}
    assert all(pid in touched for pid in g.papers)
    v = data["view"]
    assert v["mode"] == "central" and v["nodes_shown"] == 300
    assert v["papers_total"] == len(big.papers) and v["entities_total"] == len(big.entities)
    assert v["edges_shown"] == len(drawn) and v["edges_total"] >= v["edges_data"]
    # entity counts refer to the whole graph, paper lists to the page
    for n in data["nodes"]:
        if n["type"] != "Paper":
            assert n["paper_count"] == len(set(big.entities[n["id"]].papers))
            assert set(n["papers"]) <= ids
    # large drawings: static layout, no physics, size by value
    assert data["options"]["physics"]["enabled"] is False
    assert all("value" in n for n in data["nodes"])
    assert central_view(big, 300).graph.papers.keys() == g.papers.keys()  # deterministic


@pytest.mark.slow
def test_render_html_defaults_to_the_central_view_above_the_threshold():
    g = synthetic(700, 1000, per_paper=4)
    assert len(g.papers) + len(g.entities) > DEFAULT_MAX_NODES
    data = _data(render_html(g))
    assert len(data["nodes"]) == DEFAULT_MAX_NODES and data["view"]["mode"] == "central"
    data = _data(render_html(g, max_nodes=None))
    assert len(data["nodes"]) == len(g.papers) + len(g.entities) and data["view"]["mode"] == "full"
    data = _data(render_html(g, 200))  # positional, as before
    assert len(data["nodes"]) == 200
    assert len(page_data(g)["nodes"]) == len(g.papers) + len(g.entities)  # page_data: all unless told


def test_partial_views_cap_evidence_and_describe_offpage_papers():
    g = synthetic(60, 10, per_paper=3)
    # one relation backed by every paper
    for pid in sorted(g.papers):
        g.links.append(Link("e-00000", "outperforms", "e-00001", pid, _ev(f"In {pid} e0 beats e1.")))
    view = focus_view(g, "e-00000", max_nodes=5, depth=1)
    data = view_data(view)
    [edge] = [e for e in data["edges"] if e["predicate"] == "outperforms"]
    assert edge["evidence_total"] == 60 and len(edge["evidence"]) == 20
    cited = {ev["paper"] for ev in edge["evidence"]}
    ids = {n["id"] for n in data["nodes"]}
    for pid in cited - ids:
        assert data["offpage"][pid]["label"] == g.papers[pid].display_title
    # the whole-graph page keeps every evidence entry
    full = view_data(full_view(g))
    [edge] = [e for e in full["edges"] if e["predicate"] == "outperforms"]
    assert len(edge["evidence"]) == 60 and "evidence_total" not in edge and full["offpage"] == {}


def test_focus_view_takes_nearest_rings_first(big):
    hub = max(big.entities.values(), key=lambda e: (len(e.papers), e.id)).id
    view = focus_view(big, hub, max_nodes=40, depth=2)
    g = view.graph
    assert hub in g.entities and len(g.papers) + len(g.entities) == 40
    assert view.complete is False and view.reachable > 40
    # all kept papers are direct neighbours of the hub (ring 1 is larger than the budget)
    assert set(g.papers) <= set(big.entities[hub].papers)
    data = view_data(view)
    assert data["view"]["focus"] == hub and data["view"]["focus_label"] == big.entities[hub].label
    # small neighbourhood: complete
    leaf = min(big.entities.values(), key=lambda e: (len(e.papers) or 10**9, e.id)).id
    view = focus_view(big, leaf, max_nodes=5000, depth=1)
    assert view.complete is True
    assert set(view.graph.papers) == set(big.entities[leaf].papers)


def test_resolve_focus():
    g = synthetic(30, 40)
    g.entities["e-00003"].label = "Multimodal Crystal Flow"
    g.entities["e-00003"].aliases = ["MCFlow"]
    assert resolve_focus(g, "e-00003")[0] == "e-00003"
    assert resolve_focus(g, "multimodal-crystal   FLOW")[0] == "e-00003"
    assert resolve_focus(g, "mcflow")[0] == "e-00003"
    assert resolve_focus(g, "Crystal")[0] == "e-00003"  # a word of the label
    assert resolve_focus(g, "Paper 7")[0] == "p-00007"
    with pytest.raises(Exception, match="no node has this label"):
        resolve_focus(g, "rystal")  # not at a word start
    with pytest.raises(Exception, match="close matches"):
        resolve_focus(g, "Multimodal Crystal Flw")


# -------------------------------------------------------------------- loading
def test_load_knowledge_graph_round_trips_the_build(example_build):
    nx_graph = load_graph(example_build)
    kg = load_knowledge_graph(example_build)
    assert len(kg.papers) + len(kg.entities) == nx_graph.number_of_nodes()
    assert len(kg.links) == nx_graph.number_of_edges()
    built = _data((example_build / "graph.html").read_text(encoding="utf-8"))
    again = _data(render_html(kg))
    assert [(n["id"], n["type"], n["label"]) for n in built["nodes"]] == \
        [(n["id"], n["type"], n["label"]) for n in again["nodes"]]
    assert [(e["from"], e["predicate"], e["to"]) for e in built["edges"]] == \
        [(e["from"], e["predicate"], e["to"]) for e in again["edges"]]
    assert built["sentences"] == again["sentences"]


# ------------------------------------------------------------------------ CLI
@pytest.fixture()
def built_copy(example_build, tmp_path) -> Path:
    """A writable copy of the example build (tests must not write into example_build)."""
    out = tmp_path / "build"
    out.mkdir()
    shutil.copy(example_build / "graph.graphml", out / "graph.graphml")
    return out


def test_cli_view_writes_the_whole_graph(built_copy):
    result = CliRunner().invoke(main, ["view", str(built_copy)])
    assert result.exit_code == 0, result.output
    page = built_copy / "view.html"
    assert page.is_file() and f"file://{page.resolve()}" in result.output
    data = _data(page.read_text(encoding="utf-8"))
    assert len(data["nodes"]) == load_graph(built_copy).number_of_nodes()
    assert data["view"]["mode"] == "full" and data["view"]["graph_dir"] == str(built_copy)


def test_cli_view_focus(built_copy, tmp_path):
    out = tmp_path / "mc.html"
    result = CliRunner().invoke(main, ["view", str(built_copy), "--focus", "MCFlow", "--depth", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = _data(out.read_text(encoding="utf-8"))
    view = data["view"]
    assert view["mode"] == "focus" and view["depth"] == 1
    focus = next(n for n in data["nodes"] if n["id"] == view["focus"])
    assert "mcflow" in " ".join([focus["label"], *focus.get("aliases", [])]).lower()
    # depth 1: exactly the focus and its neighbours
    g = load_graph(built_copy)
    neighbours = {view["focus"]} | set(g.successors(view["focus"])) | set(g.predecessors(view["focus"]))
    assert {n["id"] for n in data["nodes"]} == neighbours
    assert "focus" in result.output and str(out) in result.output
    # default name: DIR/view-<node>.html
    result = CliRunner().invoke(main, ["view", str(built_copy), "--focus", "MCFlow"])
    assert result.exit_code == 0, result.output
    assert list(built_copy.glob("view-*.html"))


def test_cli_view_max_nodes_and_open(built_copy, monkeypatch):
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda uri, *a, **k: opened.append(uri) or True)
    result = CliRunner().invoke(main, ["view", str(built_copy), "--max-nodes", "40", "--open"])
    assert result.exit_code == 0, result.output
    data = _data((built_copy / "view.html").read_text(encoding="utf-8"))
    assert len(data["nodes"]) == 40 and data["view"]["mode"] == "central"
    assert opened == [(built_copy / "view.html").resolve().as_uri()]


def test_cli_view_errors(built_copy, tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["view", str(built_copy), "--focus", "zzzz-no-such-thing"])
    assert result.exit_code == 1 and "no node has this label" in result.output
    result = runner.invoke(main, ["view", str(tmp_path / "missing")])
    assert result.exit_code == 1 and "error:" in result.output and "Traceback" not in result.output
    result = runner.invoke(main, ["view", str(built_copy), "--max-nodes", "-3"])
    assert result.exit_code == 2


def test_render_view_is_deterministic(big):
    view = central_view(big, 250)
    assert render_view(view) == render_view(central_view(big, 250))
