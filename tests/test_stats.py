"""`kg stats` and the analytics functions behind it (kg.analytics)."""
from __future__ import annotations

import json
from collections import Counter
import random
import re
import shutil
from itertools import combinations
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

import kg
from kg.analytics import stats as S
from kg.graph.specificity import specificity
from kg.analytics.report import render_markdown, render_table
from kg.cli import main

LLM = {"llm", "llms", "large language model", "large language models"}
RL = {"reinforcement learning", "rl"}
TRANSFORMER = {"transformer", "transformers"}


def names(g: nx.MultiDiGraph, node: str) -> set[str]:
    d = g.nodes[node]
    return {d["label"].casefold(), *(a.casefold() for a in d.get("aliases", []))}


def find(g: nx.MultiDiGraph, ids, wanted: set[str]) -> list[str]:
    return [n for n in ids if names(g, n) & wanted]


@pytest.fixture(scope="module")
def graph(example_build: Path) -> nx.MultiDiGraph:
    return kg.load_graph(example_build)


@pytest.fixture(scope="module")
def stats(graph) -> dict:
    return S.compute_stats(graph)


def run(*args: str):
    return CliRunner().invoke(main, ["stats", *args])


# ----------------------------------------------------------------- the example


def test_kg_stats_table_names_the_shared_concepts(example_build: Path) -> None:
    r = run(str(example_build))
    assert r.exit_code == 0, r.output
    top = r.stdout.split("Top entities", 1)[1].split("\n\n", 1)[0].casefold()
    assert "reinforcement learning" in top
    assert "transformer" in top
    assert "large language model" in top or "llm" in top
    m = re.search(r"Communities \(Louvain, seed 42\): (\d+) communities", r.stdout)
    assert m and 2 <= int(m.group(1)) < 19
    for section in ("Counts", "Top Method", "Top Task", "Bridging concepts", "Methods reused across papers",
                    "Method × Task co-occurrence", "HardwareConcept × Task co-occurrence", "Most alike papers"):
        assert section in r.stdout


def test_counts(graph, stats) -> None:
    c = stats["counts"]
    assert c["papers"] == 19
    assert c["entities"] == sum(1 for _, d in graph.nodes(data=True) if d["type"] != "Paper")
    assert c["nodes"] == graph.number_of_nodes() and c["edges"] == graph.number_of_edges()
    assert sum(c["edges_by_predicate"].values()) == c["edges"]
    assert sum(c["entities_by_type"].values()) == c["entities"]
    assert c["edges_by_predicate"]["mentions"] > 100
    assert list(c["entities_by_type"])[:2] == ["Method", "Task"]


def test_top_entities_are_the_shared_concepts(graph, stats) -> None:
    top = stats["top_entities"]
    overall = [r["id"] for r in top["overall"]]
    for wanted in (LLM, RL, TRANSFORMER):
        assert find(graph, overall, wanted), wanted
    by_type = top["by_type"]
    llm = find(graph, [r["id"] for r in by_type["Model"]["papers"]], LLM)
    assert llm and graph.nodes[llm[0]]["paper_count"] >= 3
    assert find(graph, [r["id"] for r in by_type["Model"]["papers"]], TRANSFORMER)
    rl = find(graph, [r["id"] for r in by_type["Method"]["papers"]], RL)
    assert rl and next(r["value"] for r in by_type["Method"]["papers"] if r["id"] == rl[0]) >= 2
    for t, ranks in by_type.items():
        for key in ("degree", "papers", "pagerank"):
            values = [r["value"] for r in ranks[key]]
            assert values == sorted(values, reverse=True), (t, key)
            assert all(graph.nodes[r["id"]]["type"] == t for r in ranks[key])


def test_communities_group_the_papers(graph, stats) -> None:
    com = stats["communities"]
    assert com["algorithm"] == "louvain" and com["seed"] == 42
    assert com["count"] == len(com["items"]) == len(com["sizes"])
    papers = sorted(n for n, d in graph.nodes(data=True) if d["type"] == "Paper")
    grouped = [p for c in com["items"] for p in c["papers"]]
    assert sorted(grouped) == papers  # every paper in exactly one community
    assert sum(c["size"] for c in com["items"]) == graph.number_of_nodes()
    assert 2 <= com["count"] < len(papers)
    assert com["items"][0]["paper_count"] >= 3
    assert [c["id"] for c in com["items"]] == list(range(1, com["count"] + 1))
    # a community of several papers is named after a concept they share: one of its first three names is an
    # entity linked to at least two of its papers
    ids = [n for n, d in graph.nodes(data=True) if d["type"] != "Paper"]
    shared_named = [c for c in com["items"] if c["paper_count"] >= 2 and any(
        len(set(graph.nodes[n].get("papers", [])) & set(c["papers"])) >= 2
        for m in c["top_members"][:3] for n in find(graph, ids, {m.casefold()}))]
    assert shared_named
    # papers about reinforcement learning end up together
    rl = find(graph, S.entity_ids(graph, "Method"), RL)[0]
    where = {p: c["id"] for c in com["items"] for p in c["papers"]}
    rl_groups = [where[p] for p in graph.nodes[rl]["papers"]]
    assert len(rl_groups) > len(set(rl_groups))
    assert 0 < com["modularity"] <= 1


def test_bridges_reused_cooccurrence_similar(graph, stats) -> None:
    b = stats["bridges"]
    assert b["method"] == "exact" and b["samples"] is None
    top5 = [r["id"] for r in b["items"][:5]]
    assert find(graph, top5, LLM | TRANSFORMER)
    reused = stats["reused_methods"]
    assert find(graph, [r["id"] for r in reused], RL)
    assert all(r["papers"] >= 2 and graph.nodes[r["id"]]["type"] == "Method" for r in reused)
    assert [r["papers"] for r in reused] == sorted((r["papers"] for r in reused), reverse=True)

    ep = S.entity_papers(graph)
    for name, (rt, ct) in S.COOCCURRENCE.items():
        co = stats["cooccurrence"][name]
        assert len(co["matrix"]) == len(co["rows"]) and all(len(row) == len(co["cols"]) for row in co["matrix"])
        assert all(graph.nodes[r["id"]]["type"] == rt for r in co["rows"])
        assert all(graph.nodes[c["id"]]["type"] == ct for c in co["cols"])
        for p in co["pairs"]:
            assert p["papers"] == len(ep[p["row"]] & ep[p["col"]]) >= 1
        assert [p["papers"] for p in co["pairs"]] == sorted((p["papers"] for p in co["pairs"]), reverse=True)
    assert stats["cooccurrence"]["hardware_task"]["pairs"]  # the example has GPU/memory papers with tasks

    pe = S.paper_entities(graph, ep)
    sim = stats["similar_papers"]["items"]
    # (the 19 example papers share only hubs: LLMs, accuracy, reinforcement learning; then the list is empty,
    # which the brute force below confirms; test_similar_papers_see_past_hubs has pairs)
    spec = specificity(ep, len(pe))
    floor = S.min_shared_specificity(len(pe))
    for r in sim:
        a, b2 = pe[r["a"]], pe[r["b"]]
        assert r["plain_jaccard"] == S.rnd(len(a & b2) / len(a | b2)) and r["shared"] == len(a & b2) >= 2
        assert r["jaccard"] == S.rnd(sum(spec[e] for e in a & b2) / sum(spec[e] for e in a | b2))
        assert r["shared_specificity"] >= S.rnd(floor)
    assert [r["jaccard"] for r in sim] == sorted((r["jaccard"] for r in sim), reverse=True)

    def weighted(ab):
        a, b2 = pe[ab[0]], pe[ab[1]]
        ok = len(a & b2) >= 2 and sum(spec[e] for e in a & b2) >= floor
        return ok * sum(spec[e] for e in a & b2) / sum(spec[e] for e in a | b2)
    assert (sim[0]["jaccard"] if sim else 0) == S.rnd(weighted(max(combinations(sorted(pe), 2), key=weighted)))


def _toy_graph(papers: dict[str, list[str]]) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    for p, ents in papers.items():
        g.add_node(p, kind="paper", type="Paper", label=p)
        for e in ents:
            g.add_node(e, kind="entity", type="Method", label=e)
            g.add_edge(p, e, predicate="mentions")
    return g


def test_similar_papers_see_past_hubs() -> None:
    """Papers a and b share only two hubs (every paper mentions them) and have Jaccard 1; c and d share two
    concepts of their own. Weighted, c-d is the pair and a-b is not alike at all; unweighted, a-b tops."""
    papers = {f"p{i}": ["LLM", "accuracy", f"own{i}"] for i in range(40)}
    papers.update({"a": ["LLM", "accuracy"], "b": ["LLM", "accuracy"],
                   "c": ["LLM", "accuracy", "sample compression", "VC dimension", "x1"],
                   "d": ["LLM", "sample compression", "VC dimension", "x2"]})
    g = _toy_graph(papers)
    stats = S.compute_stats(g)
    pairs = [(r["a"], r["b"]) for r in stats["similar_papers"]["items"]]
    assert pairs == [("c", "d")]
    assert stats["similar_papers"]["items"][0]["shared_labels"][:2] == ["sample compression", "VC dimension"]
    plain = S.similar_papers(g, S.paper_entities(g))
    assert plain["items"][0]["a"] == "a" and plain["items"][0]["jaccard"] == 1.0  # the control: unweighted
    generic = [r["label"] for r in stats["specificity"]["most_generic"][:2]]
    assert sorted(generic) == ["LLM", "accuracy"]


def test_community_names_skip_hubs() -> None:
    """Two groups of papers, each about its own pair of concepts, all mentioning the hub "LLM"."""
    papers = {f"a{i}": ["LLM", "graph neural network", "node classification"] for i in range(6)}
    papers.update({f"b{i}": ["LLM", "diffusion model", "image generation"] for i in range(6)})
    stats = S.compute_stats(_toy_graph(papers))
    names = [c["name"] for c in stats["communities"]["items"] if c["paper_count"]]
    assert len(names) == 2 and not any(n.startswith("LLM") for n in names), names
    assert {n.split(" · ")[0] for n in names} <= {"graph neural network", "node classification",
                                                   "diffusion model", "image generation"}


# ---------------------------------------------------------------- determinism


def test_output_is_deterministic(example_build: Path, graph, stats) -> None:
    one, two = run(str(example_build), "--format", "json"), run(str(example_build), "--format", "json")
    assert one.exit_code == 0 and one.stdout == two.stdout
    assert json.loads(one.stdout) == json.loads(json.dumps(stats))
    # the same graph built in another order gives the same numbers
    nodes = list(graph.nodes(data=True))
    edges = list(graph.edges(data=True))
    random.Random(7).shuffle(nodes)
    random.Random(8).shuffle(edges)
    shuffled = nx.MultiDiGraph()
    shuffled.add_nodes_from(nodes)
    shuffled.add_edges_from(edges)
    again = S.compute_stats(shuffled)
    assert again["communities"] == stats["communities"]
    assert again == stats


def test_formats(example_build: Path, stats) -> None:
    md = run(str(example_build), "--format", "markdown", "--top", "3")
    assert md.exit_code == 0
    assert md.stdout.startswith("# Knowledge graph statistics")
    assert "## Communities (Louvain" in md.stdout and "| entity | type | papers | degree | pagerank |" in md.stdout
    assert render_markdown(stats) == render_markdown(stats)
    table = render_table(stats)
    assert table.endswith("\n") and "Top HardwareConcept" in table
    top3 = json.loads(run(str(example_build), "--format", "json", "--top", "3").stdout)
    assert all(len(v["degree"]) <= 3 for v in top3["top_entities"]["by_type"].values())


# ----------------------------------------------------------- sampling, units


def test_betweenness_is_sampled_on_big_graphs(graph) -> None:
    assert S.betweenness_samples(215, 400) is None
    assert S.betweenness_samples(120_000, 300_000) == S.BETWEENNESS_SAMPLES[0]
    assert S.BETWEENNESS_SAMPLES[0] <= S.betweenness_samples(5_000, 8_000) <= S.BETWEENNESS_SAMPLES[1]
    s = S.compute_stats(graph, betweenness_exact_work=0)
    b = s["bridges"]
    assert b["method"] == "sampled" and b["samples"] >= 1 and b["seed"] == S.SEED
    assert any("sampled" in n for n in s["notes"])
    assert "SAMPLED" in render_table(s) and "note: betweenness estimated" in render_table(s)
    assert S.compute_stats(graph, betweenness_exact_work=0)["bridges"] == b  # seeded


def test_pagerank_matches_networkx() -> None:
    g = nx.gnm_random_graph(60, 150, seed=3)
    g.add_node(99)  # isolated (dangling) node
    for i, (u, v) in enumerate(g.edges()):
        g[u][v]["weight"] = 1 + i % 3
    ours = S.pagerank(g)
    theirs = nx.algorithms.link_analysis.pagerank_alg._pagerank_python(g, weight="weight", tol=1e-12)
    assert max(abs(ours[n] - theirs[n]) for n in g) < 1e-8


def test_small_graph_by_hand() -> None:
    g = nx.MultiDiGraph()
    for p in ("p1", "p2", "p3"):
        g.add_node(p, kind="paper", type="Paper", label=p.upper())
    ents = {"gpu": ("HardwareConcept", ["p1", "p2"]), "nlp": ("Task", ["p1", "p2", "p3"]),
            "att": ("Method", ["p1", "p2"]), "solo": ("Method", ["p3"])}
    for e, (t, ps) in ents.items():
        g.add_node(e, kind="entity", type=t, label=e, aliases=[], papers=ps, paper_count=len(ps))
        for p in ps:
            g.add_edge(p, e, predicate="mentions", paper=p)
    g.add_edge("att", "nlp", predicate="addresses", paper="p1")
    s = S.compute_stats(g)
    assert s["counts"]["edges_by_predicate"] == {"addresses": 1, "mentions": 8}
    assert s["cooccurrence"]["hardware_task"]["pairs"] == [
        {"row": "gpu", "row_label": "gpu", "col": "nlp", "col_label": "nlp", "papers": 2}]
    assert s["cooccurrence"]["method_task"]["matrix"] == [[2], [1]]  # att, solo × nlp
    assert [r["id"] for r in s["reused_methods"]] == ["att"]
    assert s["similar_papers"]["items"][0]["jaccard"] == 1.0  # p1 and p2 mention the same three
    assert {frozenset(c["papers"]) for c in s["communities"]["items"]} >= {frozenset({"p1", "p2"})} or \
        s["communities"]["count"] == 1
    sk, owner = S.shared_skeleton(S.undirected(g), S.entity_papers(g))
    assert owner == {"solo": "p3"} and "solo" not in sk


# ------------------------------------------------------------------ plots, CLI


@pytest.mark.slow
def test_plots(example_build: Path, tmp_path: Path) -> None:
    out = tmp_path / "charts"
    r = run(str(example_build), "--plots", "--plots-dir", str(out), "--format", "json")
    assert r.exit_code == 0, r.output
    json.loads(r.stdout)  # the chart paths go to stderr, stdout stays JSON
    for name in ("top_entities.png", "degree_distribution.png", "community_sizes.png", "hardware_task_heatmap.png",
                 "trends.png"):
        data = (out / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, name
        assert str(out / name) in r.stderr


@pytest.mark.slow
def test_plots_default_folder_and_empty_cooccurrence(tmp_path: Path, example_build: Path) -> None:
    shutil.copy(example_build / "graph.graphml", tmp_path / "graph.graphml")
    r = run(str(tmp_path), "--plots")
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == [
        "community_sizes.png", "degree_distribution.png", "hardware_task_heatmap.png", "top_entities.png",
        "trends.png"]
    from kg.analytics.plots import write_plots

    g = nx.MultiDiGraph()
    g.add_node("p", kind="paper", type="Paper", label="P")
    written = write_plots(S.compute_stats(g), tmp_path / "empty")  # nothing to draw still draws
    assert all(p.stat().st_size > 1000 for p in written)


@pytest.mark.parametrize("args, message", [
    (["/definitely/not/here"], "no such file or folder"),
    (["--format", "yaml", "."], "Invalid value for '--format'"),
])
def test_errors_are_one_line(args, message: str) -> None:
    r = run(*args)
    assert r.exit_code != 0
    assert message in r.output and "Traceback" not in r.output


def test_empty_folder_is_an_error(tmp_path: Path) -> None:
    r = run(str(tmp_path))
    assert r.exit_code == 1
    assert r.output.strip().startswith("error:") and len(r.output.strip().splitlines()) == 1


# ----------------------------------------------------------------- trends


def test_tasks_by_year_agree_with_the_competency_question(example_build: Path, stats) -> None:
    """`kg stats` and queries/tasks_by_year.rq count the same papers per year and task."""
    from kg.sparql.store import open_store, rows, run_query

    text = (Path(__file__).resolve().parents[1] / "queries" / "tasks_by_year.rq").read_text(encoding="utf-8")
    sparql = {(r["year"], r["taskLabel"]): int(r["papers"]) for r in rows(run_query(open_store(example_build), text))}
    tr = stats["trends"]["Task"]
    assert sparql and list(tr["years"]) == ["2026"]
    graph = kg.load_graph(example_build)
    reach = S.paper_reach(graph, "Task")
    mine = Counter((str(graph.nodes[p]["year"]), graph.nodes[t]["label"]) for p, ts in reach.items() for t in ts)
    assert dict(mine) == sparql
    top = tr["years"]["2026"]["top"]
    assert [r["papers"] for r in top] == sorted((r["papers"] for r in top), reverse=True)
    assert tr["rising"] == tr["fading"] == []  # one year: no trend


def test_trends_follow_what_a_paper_proposes_and_find_rising_and_fading() -> None:
    g = nx.MultiDiGraph()
    for p, year in (("p1", 2024), ("p2", 2024), ("p3", 2025), ("p4", 2025), ("p5", 2025)):
        g.add_node(p, kind="paper", type="Paper", label=p, year=year, venue="V")
    for t in ("old task", "new task"):
        g.add_node(t, kind="entity", type="Task", label=t)
    g.add_node("m", kind="entity", type="Method", label="m")
    g.add_edge("p1", "old task", predicate="addresses", paper="p1")
    g.add_edge("p2", "old task", predicate="addresses", paper="p2")
    g.add_edge("p3", "new task", predicate="addresses", paper="p3")
    g.add_edge("p4", "m", predicate="proposes", paper="p4")
    g.add_edge("m", "new task", predicate="addresses", paper="p4")  # p4 reaches the task through its method
    g.add_edge("m", "old task", predicate="addresses", paper="p5")  # p5 does not propose m: no path
    reach = S.paper_reach(g, "Task")
    assert reach == {"p1": {"old task"}, "p2": {"old task"}, "p3": {"new task"}, "p4": {"new task"}}
    tr = S.trends(g, "Task")
    assert [r["label"] for r in tr["rising"]] == ["new task"] and [r["label"] for r in tr["fading"]] == ["old task"]
    assert tr["rising"][0]["by_year"] == [0, 2] and tr["fading"][0]["change"] == -1.0
    assert [(r["label"], r["papers"]) for r in tr["venues"]["V"]["top"]] == [("new task", 2), ("old task", 2)]


def test_related_papers_rank_specific_overlap_first() -> None:
    from kg.graph.specificity import related_papers

    pe = {f"p{i}": {"LLM", "accuracy", f"own{i}"} for i in range(30)}
    pe.update({"me": {"LLM", "accuracy", "VC dimension", "sample compression"},
               "twin": {"LLM", "accuracy"}, "kin": {"VC dimension", "sample compression", "x"}})
    ep: dict[str, set[str]] = {}
    for p, ents in pe.items():
        for e in ents:
            ep.setdefault(e, set()).add(p)
    related = related_papers("me", pe, specificity(ep, len(pe)), top=3)
    assert related[0][0] == "kin" and related[1][0] == "twin" and related[0][1] > 3 * related[1][1]
