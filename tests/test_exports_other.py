"""Exports for other tools: GEXF (Gephi), node-link JSON, Neo4j CSV, and GraphML read back.

Each one is loaded back: networkx for GraphML/GEXF/node-link, and for the
Neo4j files the headers `neo4j-admin database import` reads plus the ids.
"""
from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

import kg
from kg.cli import main
from kg.export.gexf import render_gexf
from kg.export.graphml import to_networkx
from kg.export.neo4j import rel_type, render_neo4j
from kg.export.nodelink import node_link_graph, render_nodelink
from kg.graph.model import Entity, KnowledgeGraph, Link, PaperNode
from kg.records import Evidence, Paper

SCALAR = (str, int, float, bool)


@pytest.fixture(scope="module")
def graph(example_build: Path) -> nx.MultiDiGraph:
    return kg.load_graph(example_build)


@pytest.fixture(scope="module")
def counts(example_build: Path) -> tuple[int, int]:
    """Node and edge count of the built graph, straight from its GraphML via networkx."""
    raw = nx.read_graphml(example_build / "graph.graphml", force_multigraph=True)
    return raw.number_of_nodes(), raw.number_of_edges()


def small_kg() -> KnowledgeGraph:
    g = KnowledgeGraph()
    g.papers["p-1"] = PaperNode(id="p-1", paper=Paper(id="p-1", abstract="We use GPUs; they are fast.", year=None),
                                title="", abstract="We use GPUs; they are fast.")
    g.entities["gpu"] = Entity(id="gpu", type="HardwareConcept", label="GPU", aliases=["GPUs", "g;pu"], papers=["p-1"])
    g.entities["speed"] = Entity(id="speed", type="Metric", label='"speed", measured', papers=["p-1"])
    ev = Evidence(sentence='We use GPUs; they are "fast".\nReally.', start=0, end=27, component="t", confidence=0.5)
    g.links = [Link("p-1", "mentions", "gpu", "p-1", ev), Link("p-1", "mentions", "speed", "p-1", ev),
               Link("gpu", "evaluatedOn", "speed", "p-1", ev)]
    return g


# ------------------------------------------------------------------ GraphML / GEXF


def test_graphml_opens_in_networkx_with_the_graph_counts(example_build: Path, graph, counts) -> None:
    raw = nx.read_graphml(example_build / "graph.graphml")
    assert isinstance(raw, nx.MultiDiGraph)
    assert (raw.number_of_nodes(), raw.number_of_edges()) == counts == \
        (graph.number_of_nodes(), graph.number_of_edges())
    for _, d in raw.nodes(data=True):
        assert all(isinstance(v, SCALAR) for v in d.values())


def test_gexf_opens_in_networkx_with_the_graph_counts(tmp_path: Path, graph, counts) -> None:
    path = tmp_path / "graph.gexf"
    path.write_text(render_gexf(graph), encoding="utf-8")
    back = nx.read_gexf(path)
    assert (back.number_of_nodes(), back.number_of_edges()) == counts
    assert set(back.nodes) == set(graph.nodes)
    for n, d in back.nodes(data=True):
        assert all(isinstance(v, SCALAR) for v in d.values()), n
        assert d["label"] == graph.nodes[n]["label"] and d["type"] == graph.nodes[n]["type"]
        if d["type"] != "Paper":
            assert json.loads(d["aliases"]) == graph.nodes[n]["aliases"]
            assert json.loads(d["papers"]) == graph.nodes[n]["papers"]
    for _, _, d in back.edges(data=True):
        assert "start" not in d and "end" not in d  # GEXF would read them as a timeline
        assert isinstance(d["offset_start"], int) and d["predicate"]
    text = path.read_text(encoding="utf-8")
    edge_attributes = set(re.findall(r'<attribute id="\d+" title="([^"]+)"', text.split('class="edge"', 1)[1]))
    assert "networkx_key" not in edge_attributes and {"predicate", "sentence", "offset_start"} <= edge_attributes
    assert 'mode="static"' in text and "lastmodifieddate" not in text
    assert render_gexf(graph) == text  # byte-stable


def test_gexf_from_a_knowledge_graph(tmp_path: Path) -> None:
    kgraph = small_kg()
    text = render_gexf(kgraph)
    assert text == render_gexf(to_networkx(kgraph))
    back = nx.read_gexf(io.BytesIO(text.encode("utf-8")))
    assert back.number_of_nodes() == 3 and back.number_of_edges() == 3
    assert json.loads(back.nodes["gpu"]["aliases"]) == ["GPUs", "g;pu"]


# -------------------------------------------------------------------- node-link


def test_nodelink_round_trip(graph, counts) -> None:
    data = json.loads(render_nodelink(graph))
    assert data["directed"] and data["multigraph"]
    back = node_link_graph(data)
    assert (back.number_of_nodes(), back.number_of_edges()) == counts
    for n, d in graph.nodes(data=True):
        assert back.nodes[n] == d  # lists stay lists
    kgraph = small_kg()
    assert json.loads(render_nodelink(kgraph)) == json.loads(render_nodelink(to_networkx(kgraph)))


# ------------------------------------------------------------------------ Neo4j


def _rows(text: str) -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO(text)))
    return rows[0], rows[1:]


def test_neo4j_csv_headers_and_ids(graph, counts) -> None:
    files = render_neo4j(graph)
    assert set(files) == {"papers.csv", "entities.csv", "relationships.csv", "import.sh"}
    ph, papers = _rows(files["papers.csv"])
    eh, entities = _rows(files["entities.csv"])
    rh, rels = _rows(files["relationships.csv"])
    assert ph[:3] == ["id:ID", "label", ":LABEL"] and eh[:3] == ["id:ID", "label", ":LABEL"]
    assert rh[:3] == [":START_ID", ":END_ID", ":TYPE"]
    assert "year:int" in ph and "paper_count:int" in eh and "aliases:string[]" in eh
    assert "start:int" in rh and "confidence:float" in rh
    for header in (ph, eh, rh):  # every column either plain or name:type with a type neo4j-admin knows
        for col in header:
            name, _, typ = col.partition(":")
            assert typ in ("", "ID", "LABEL", "START_ID", "END_ID", "TYPE", "int", "float", "string[]"), col
    assert all(len(r) == len(ph) for r in papers) and all(len(r) == len(eh) for r in entities)
    assert all(len(r) == len(rh) for r in rels)
    ids = [r[0] for r in papers] + [r[0] for r in entities]
    assert len(ids) == len(set(ids)) == counts[0]
    assert len(rels) == counts[1]
    known = set(ids)
    assert all(r[0] in known and r[1] in known for r in rels)
    assert {r[2] for r in papers} == {"Paper"}
    assert all(r[2].startswith("Entity;") and r[2].split(";")[1] == r[eh.index("type")] for r in entities)
    assert {r[2] for r in rels} >= {"MENTIONS"}
    assert all(re.fullmatch(r"[A-Z_]+", r[2]) for r in rels)
    llm_like = [r for r in entities if int(r[eh.index("paper_count:int")]) >= 2]
    assert llm_like and all(len(r[eh.index("papers:string[]")].split(";")) >= 2 for r in llm_like)
    assert "neo4j-admin database import full" in files["import.sh"]


def test_neo4j_quoting_and_arrays() -> None:
    files = render_neo4j(small_kg())
    eh, entities = _rows(files["entities.csv"])
    gpu = next(r for r in entities if r[0] == "gpu")
    assert gpu[eh.index("aliases:string[]")] == "GPUs;g,pu"  # the array delimiter never appears in an item
    assert next(r for r in entities if r[0] == "speed")[1] == '"speed", measured'
    ph, papers = _rows(files["papers.csv"])
    assert papers[0][ph.index("year:int")] == ""  # unknown year: null, not 0
    rh, rels = _rows(files["relationships.csv"])
    assert rels[2][2] == "EVALUATED_ON" and rels[2][rh.index("sentence")].endswith("Really.")
    assert rel_type("evaluatedOn") == "EVALUATED_ON" and rel_type("mentions") == "MENTIONS"


# -------------------------------------------------------------------------- CLI


def test_kg_export_cli(example_build: Path, tmp_path: Path, counts) -> None:
    runner = CliRunner()
    for fmt, name in (("gexf", "g.gexf"), ("nodelink", "g.json"), ("graphml", "g.graphml")):
        r = runner.invoke(main, ["export", str(example_build), "--format", fmt, "--out", str(tmp_path / name)])
        assert r.exit_code == 0, r.output
        assert f"wrote {tmp_path / name}" in r.output
    assert nx.read_gexf(tmp_path / "g.gexf").number_of_edges() == counts[1]
    assert node_link_graph(json.loads((tmp_path / "g.json").read_text("utf-8"))).number_of_nodes() == counts[0]
    assert (tmp_path / "g.graphml").read_bytes() == (example_build / "graph.graphml").read_bytes()
    r = runner.invoke(main, ["export", str(example_build), "--format", "neo4j", "--out", str(tmp_path / "neo")])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in (tmp_path / "neo").iterdir()) == [
        "entities.csv", "import.sh", "papers.csv", "relationships.csv"]


def test_kg_export_default_paths_and_errors(example_build: Path, tmp_path: Path) -> None:
    (tmp_path / "graph.graphml").write_bytes((example_build / "graph.graphml").read_bytes())
    runner = CliRunner()
    r = runner.invoke(main, ["export", str(tmp_path), "--format", "gexf"])
    assert r.exit_code == 0 and (tmp_path / "graph.gexf").is_file()
    r = runner.invoke(main, ["export", str(tmp_path), "--format", "neo4j"])
    assert r.exit_code == 0 and (tmp_path / "neo4j" / "relationships.csv").is_file()
    r = runner.invoke(main, ["export", str(tmp_path / "nope"), "--format", "gexf"])
    assert r.exit_code == 1 and r.output.startswith("error:") and "Traceback" not in r.output
    r = runner.invoke(main, ["export", str(tmp_path), "--format", "gexf", "--out", str(tmp_path)])
    assert r.exit_code == 1 and "is a folder" in r.output
    r = runner.invoke(main, ["export", str(tmp_path), "--format", "pdf"])
    assert r.exit_code == 2 and "Invalid value for '--format'" in r.output
