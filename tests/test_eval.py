"""`kg eval` and kg.evaluate: seed-gold figures equal score.py's, SciERC/SciREX gold, CLI errors."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.evaluate import detect_format, evaluate, load_gold
from kg.evaluate.matching import norm
from kg.evaluate.scierc import detokenize, paren_aliases, salient_names
from shared_data import SHARED, needs_shared

SCORE_PY = SHARED / "eval" / "score.py"
SEED_GOLD = SHARED / "eval" / "seed-gold.txt"
needs_seed_gold = needs_shared(SCORE_PY, SEED_GOLD)


def run_cli(*args: str):
    return CliRunner().invoke(main, ["eval", *args])


# --------------------------------------------------------------------------- seed gold == score.py


@pytest.fixture(scope="module")
def score_py(example_build, tmp_path_factory):
    """score.py's figures (its --json) and its --show-misses lines for the example build."""
    out = tmp_path_factory.mktemp("score_py") / "score.json"
    proc = subprocess.run([sys.executable, str(SCORE_PY), str(example_build / "graph.ttl"), str(SEED_GOLD),
                           "--json", str(out), "--show-misses"], capture_output=True, text=True, check=True)
    misses = [line[2:] for line in proc.stdout.splitlines() if line.startswith("  ")]
    return json.loads(out.read_text()), misses, proc.stdout


@pytest.mark.slow
@needs_seed_gold
def test_seed_figures_equal_score_py(example_build, score_py):
    theirs, their_misses, _ = score_py
    ours = evaluate(example_build / "graph.ttl", SEED_GOLD, show_misses=True)
    for key, value in theirs.items():
        assert ours[key] == value, key
    assert ours["misses"] == their_misses


@pytest.mark.slow
@needs_seed_gold
def test_seed_cli_table_repeats_score_py_lines(example_build, score_py):
    _, _, their_stdout = score_py
    result = run_cli(str(example_build), str(SEED_GOLD), "--show-misses")  # a folder -> its graph.ttl
    assert result.exit_code == 0, result.output
    ours = result.output.splitlines()
    for line in their_stdout.splitlines():
        assert line in ours
    data = json.loads(run_cli(str(example_build / "graph.ttl"), str(SEED_GOLD), "--format", "json").output)
    assert data["format"] == "seed" and set(data["by_type"]) <= {"Method", "Task", "Model", "Dataset",
                                                                  "Metric", "HardwareConcept"}
    assert "misses" not in data


# --------------------------------------------------------------------------- SciERC on a tiny graph

SENTENCES = [
    ["We", "propose", "a", "conditional", "random", "field", "-LRB-", "CRF", "-RRB-", "for", "named", "entity",
     "recognition", "."],                                                        # tokens 0-13
    ["Our", "method", "uses", "word", "embeddings", "and", "is", "evaluated", "on", "CoNLL-2003", "with",
     "F1", "."],                                                                 # tokens 14-26
]
NER_DOC = [  # DyGIE: per sentence, document-level token offsets, inclusive ends
    [[3, 8, "Method"], [10, 12, "Task"]],
    [[15, 15, "Generic"], [17, 18, "OtherScientificTerm"], [23, 23, "Material"], [25, 25, "Metric"]],
]
NER_SENT = [[[a, b, t] for a, b, t in NER_DOC[0]], [[a - 14, b - 14, t] for a, b, t in NER_DOC[1]]]
ABSTRACT = ("We propose a conditional random field (CRF) for named entity recognition. Our method uses word "
            "embeddings and is evaluated on CoNLL-2003 with F1.")

TTL = """@prefix kg: <https://w3id.org/kg-ml/ontology#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix : <https://example.org/> .

:p1 a kg:Paper ; dcterms:abstract "%s" ;
    kg:mentions :crf, :ner, :emb, :generic, :conll, :bleu .
:p2 a kg:Paper ; dcterms:abstract "Some other paper about BLEU." ; kg:mentions :bleu2 .
:crf a kg:Model ; rdfs:label "CRF" .                       # alias spelled by the gold's parenthesis
:ner a kg:Method ; rdfs:label "named entity recognition" .  # right surface, wrong type (gold: Task)
:emb a kg:Method ; skos:prefLabel "word embedding" .        # OtherScientificTerm: acceptable
:generic a kg:Task ; rdfs:label "method" .                  # a Generic span: dropped from gold, so wrong
:conll a kg:Dataset ; rdfs:label "CoNLL 2003" .
:bleu a kg:Metric ; rdfs:label "BLEU" .                     # not annotated: wrong
:bleu2 a kg:Metric ; rdfs:label "F1" .                      # another paper: not counted
""" % ABSTRACT


def scierc_doc(ner=NER_DOC, key="X99-1001") -> dict:
    return {"doc_key": key, "sentences": SENTENCES, "ner": ner, "relations": [[], []],
            "clusters": []}


@pytest.fixture
def tiny(tmp_path):
    graph = tmp_path / "graph.ttl"
    graph.write_text(TTL, encoding="utf-8")
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(scierc_doc()) + "\n", encoding="utf-8")
    return graph, gold


def test_tiny_scierc_figures(tiny):
    graph, gold = tiny
    res = evaluate(graph, gold, show_misses=True)
    assert res["format"] == "scierc"
    assert (res["papers_found"], res["papers"], res["gold_must"], res["entities_predicted"]) == (1, 1, 4, 6)
    # untyped: 5 counted (word embedding is acceptable), 3 right (CRF, NER, CoNLL); 3 of 4 gold found
    assert res["entity_untyped"] == {"precision": 0.6, "recall": 0.75, "f1": 0.667}
    # typed: NER is a Method here, gold says Task -> only CRF (Method/Model) and CoNLL (Dataset)
    assert res["entity_typed"] == {"precision": 0.4, "recall": 0.5, "f1": 0.444}
    assert res["entities_acceptable"] == {"untyped": 1, "typed": 1}
    bt = res["by_type"]
    assert bt["Method"]["typed"] == {"precision": 0.5, "recall": 1.0, "f1": 0.667}
    assert bt["Task"]["typed"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0}
    assert bt["Task"]["untyped"]["recall"] == 1.0
    assert bt["Material"]["typed"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0}
    assert bt["Metric"]["typed"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0}
    assert "X99-1001: missed Metric 'F1'" in res["misses"]
    assert "X99-1001: extra Task 'method'" in res["misses"]


def test_scierc_gold_entities_and_offsets(tmp_path):
    gold = load_gold(_write(tmp_path, "g.json", json.dumps(scierc_doc())))
    (doc,) = gold["papers"]
    assert norm(doc["match"]) == norm(ABSTRACT) and doc["text"] == ABSTRACT
    by_name = {e["name"]: e for e in doc["entities"]}
    assert by_name["conditional random field (CRF)"]["types"] == ["Method", "Model"]
    assert set(by_name["conditional random field (CRF)"]["surfaces"]) == {
        "conditional random field (CRF)", "conditional random field", "CRF"}
    assert by_name["word embeddings"]["tier"] == "acceptable"
    assert by_name["CoNLL-2003"]["types"] == ["Dataset"]
    assert "method" not in by_name  # Generic
    # offsets within each sentence give the same gold
    same = load_gold(_write(tmp_path, "s.json", json.dumps(scierc_doc(NER_SENT))))
    assert same["papers"][0]["entities"] == doc["entities"]


def test_scierc_coref_cluster_is_one_entity(tmp_path):
    rec = scierc_doc()
    rec["sentences"] = [SENTENCES[0], ["The", "CRF", "tagger", "helps", "."]]
    rec["ner"] = [[[3, 5, "Method"]], [[15, 16, "Method"]]]
    rec["clusters"] = [[[3, 5], [15, 16]]]
    (doc,) = load_gold(_write(tmp_path, "c.json", json.dumps(rec)))["papers"]
    assert len(doc["entities"]) == 1
    assert {"conditional random field", "CRF tagger"} <= set(doc["entities"][0]["surfaces"])
    (doc,) = load_gold(_write(tmp_path, "c.json", json.dumps(rec)), coref=False)["papers"]
    assert len(doc["entities"]) == 2


def test_scirex_salient_gold(tmp_path):
    toks = ("document : Bi - Directional Attention Flow for Machine Comprehension Machine comprehension "
            "( MC ) is hard . We test on the Stanford Question Answering Dataset and report F1 .").split()
    rec = {"doc_id": "abc", "text_tokens": toks, "text": " ".join(toks), "sentences": [[0, 10], [10, len(toks)]],
           "ner": [[2, 7, "Method", "Bi - Directional Attention Flow"],
                   [8, 10, "Task", "Machine Comprehension"],
                   [21, 25, "Material", "Stanford Question Answering Dataset"],
                   [27, 28, "Metric", "F1"]],
           "salient_entities": [
               {"name": "BiDAF", "type": "Method", "mentions_in_abstract": 1},
               {"name": "SQuAD1_1", "type": "Material", "mentions_in_abstract": 1},
               {"name": "Question_Answering", "type": "Task", "mentions_in_abstract": 0}]}
    gold = load_gold(_write(tmp_path, "x.jsonl", json.dumps(rec)))
    assert gold["format"] == "scirex"
    (doc,) = gold["papers"]
    assert doc["text"].startswith("Bi-Directional Attention Flow for Machine Comprehension. Machine "
                                  "comprehension (MC) is hard. We test")
    must = {e["name"]: e for e in doc["entities"] if e["tier"] == "must"}
    assert set(must) == {"BiDAF", "SQuAD1 1"}
    assert "Bi-Directional Attention Flow" in must["BiDAF"]["surfaces"]
    assert {"SQuAD1.1", "Stanford Question Answering Dataset"} <= set(must["SQuAD1 1"]["surfaces"])
    acceptable = {e["name"] for e in doc["entities"] if e["tier"] == "acceptable"}
    assert {"Machine Comprehension", "F1", "Question Answering"} <= acceptable


# --------------------------------------------------------------------------- text helpers


def test_detokenize():
    assert detokenize(["a", "model", "-LRB-", "x", "-RRB-", ",", "it", "'s", "good", "."]) == "a model (x), it's good."
    assert detokenize("state - of - the - art ( SOTA ) on `` ImageNet '' : 5 %".split()) == \
        'state-of-the-art (SOTA) on "ImageNet": 5%'
    assert detokenize(["-LSB-", "1", "-RSB-", "and/or", "x"]) == "[1] and/or x"


def test_aliases():
    assert paren_aliases("linear-chain conditional random field (CRF)") == [
        "linear-chain conditional random field", "CRF"]
    assert paren_aliases("Image composition (or mosaicing)") == ["Image composition"]
    assert paren_aliases("plain span") == []
    assert "Named Entity Recognition" in salient_names("Named_Entity_Recognition__NER_")
    assert "SQuAD1.1" in salient_names("SQuAD1_1")


# --------------------------------------------------------------------------- CLI


def test_cli_json(tiny):
    graph, gold = tiny
    result = run_cli(str(graph), str(gold), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["entity_typed"]["f1"] == 0.444 and data["format"] == "scierc"
    table = run_cli(str(graph), str(gold))
    assert table.exit_code == 0 and "SCORE format=scierc entity_typed_f1=0.444" in table.output


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("case", ["missing graph", "missing gold", "unknown text", "unknown json",
                                  "bad json line", "bad seed line", "gold is a folder", "graph not rdf",
                                  "empty folder"])
def test_cli_errors_are_one_line(tiny, tmp_path, case):
    graph, gold = tiny
    args = {
        "missing graph": [str(tmp_path / "nope.ttl"), str(gold)],
        "missing gold": [str(graph), str(tmp_path / "nope.txt")],
        "unknown text": [str(graph), str(_write(tmp_path, "g.txt", "hello world\nnot a gold file\n"))],
        "unknown json": [str(graph), str(_write(tmp_path, "g.jsonl", '{"id": 1, "abstract": "x"}\n'))],
        "bad json line": [str(graph), str(_write(tmp_path, "g.jsonl",
                                                 json.dumps(scierc_doc()) + "\n{not json\n"))],
        "bad seed line": [str(graph), str(_write(tmp_path, "g.txt", "P01 | We propose\nE must\n"))],
        "gold is a folder": [str(graph), str(tmp_path)],
        "graph not rdf": [str(_write(tmp_path, "x.ttl", "this is { not turtle")), str(gold)],
        "empty folder": [str(_mkdir(tmp_path / "empty")), str(gold)],
    }[case]
    result = run_cli(*args)
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert "Traceback" not in result.output


def _mkdir(path: Path) -> Path:
    path.mkdir()
    return path


def test_detect_format(tmp_path, tiny):
    _, gold = tiny
    assert detect_format(gold) == "scierc"
    seed = _write(tmp_path, "seed.txt", "# comment\n\nP01 | We propose\nE must Method | X\n")
    assert detect_format(seed) == "seed"
    arr = _write(tmp_path, "arr.json", json.dumps([scierc_doc()]))
    assert detect_format(arr) == "scierc"
    assert re.search(r"unknown gold format", _err(lambda: detect_format(_write(tmp_path, "e.txt", "x"))))


def _err(fn) -> str:
    try:
        fn()
    except Exception as exc:  # noqa: BLE001
        return str(exc)
    return ""


# --------------------------------------------------------------------------- the contribution figure


def test_contribution_figure_counts_papers_whose_proposal_is_found(example_build, tmp_path):
    """`kg eval` prints, beside score.py's lines, the papers whose must `PAPER proposes X` is found:
    one paper whose contribution the example build finds (a positive control), one it cannot."""
    gold = tmp_path / "gold.txt"
    gold.write_text(
        "P01 | Hyper-relational knowledge graphs (HKGs)\n"
        "E must Method | KREPE\n"
        "R must | PAPER proposes KREPE\n\n"
        "P02 | The smoothness of the transformer architecture\n"
        "E must Method | Zorblatt Nonexistent Method\n"
        "R must | PAPER proposes Zorblatt Nonexistent Method\n", encoding="utf-8")
    result = run_cli(str(example_build), str(gold))
    assert result.exit_code == 0, result.output
    assert "CONTRIB papers_with_a_contribution_found=1/2=0.500" in result.output.splitlines()
    assert "found for 1 of the 2 papers that propose something" in result.output
    data = json.loads(run_cli(str(example_build), str(gold), "--format", "json").output)
    assert data["contribution"] == {"papers": 2, "found": 1}


def test_extra_relations_are_listed_apart_from_score_py_misses(example_build, tmp_path):
    """With misses shown, the predicted relations no gold relation matched are listed (for a precision round),
    under their own key, so `misses` stays score.py's: the gold's `PAPER proposes KREPE` is matched, not listed;
    the paper's other relations are."""
    gold = tmp_path / "gold.txt"
    gold.write_text("P01 | Hyper-relational knowledge graphs (HKGs)\n"
                    "E must Method | KREPE\n"
                    "R must | PAPER proposes KREPE\n", encoding="utf-8")
    res = evaluate(example_build / "graph.ttl", gold, show_misses=True)
    extras = res["extra_relations"]
    assert extras and extras == sorted(extras)
    assert not any(line.startswith("extra relation") for line in res["misses"])
    assert not any(line.startswith("extra relation P01:") and line.endswith(" proposes KREPE") for line in extras)
    assert any(line.startswith("extra relation P01: KREPE ") for line in extras), extras[:20]
    assert "extra_relations" not in evaluate(example_build / "graph.ttl", gold)
