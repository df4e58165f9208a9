"""`kg build NEW --out DIR --update`: the union of the earlier build's papers and NEW, byte for byte."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import kg.extract.pipeline
from kg.cli import main

REPO = Path(__file__).resolve().parent.parent
EXPORTS = ("graph.ttl", "graph.nt", "graph.nq", "graph.jsonld", "graph.graphml", "graph.html", "manifest.jsonl.gz")


def split_example(tmp_path: Path) -> tuple[Path, Path]:
    """The bundled abstracts as two JSONL files: the first 11 papers and the other 8 (plus one repeat)."""
    paragraphs = (REPO / "examples" / "icml2026.txt").read_text(encoding="utf-8").split("\n\n")[1:]
    rows = [{"id": f"p{i:02d}", "title": "", "abstract": p.strip(), "venue": "ICML", "year": 2026}
            for i, p in enumerate(paragraphs)]
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    old.write_text("".join(json.dumps(r) + "\n" for r in rows[:11]), encoding="utf-8")
    new.write_text("".join(json.dumps(r) + "\n" for r in rows[11:] + rows[:1]), encoding="utf-8")
    return old, new


def run(*args: str):
    return CliRunner().invoke(main, ["build", *args, "-q", "-j", "1"])


def test_update_equals_a_full_build_of_the_union(tmp_path, monkeypatch):
    old, new = split_example(tmp_path)
    assert run(str(old), "--out", str(tmp_path / "inc")).exit_code == 0
    before = (tmp_path / "inc" / "graph.ttl").read_bytes()
    extracted: list[str] = []
    pipe = kg.extract.pipeline.Extractor.pipe

    def counting(self, papers, *args, **kwargs):
        papers = list(papers)
        extracted.extend(p.id for p in papers)
        return pipe(self, papers, *args, **kwargs)

    monkeypatch.setattr(kg.extract.pipeline.Extractor, "pipe", counting)
    result = run(str(new), "--out", str(tmp_path / "inc"), "--update")
    assert result.exit_code == 0, result.output
    assert extracted == [f"p{i:02d}" for i in range(11, 19)]  # the old papers came from the cache
    monkeypatch.undo()
    assert run(str(old), str(new), "--out", str(tmp_path / "full"), "--no-cache").exit_code == 0
    for name in EXPORTS:
        assert (tmp_path / "inc" / name).read_bytes() == (tmp_path / "full" / name).read_bytes(), name
    after = (tmp_path / "inc" / "graph.ttl").read_text(encoding="utf-8")
    assert after.encode() != before and "paper/p18" in after and "paper/p00" in after


def test_update_works_without_the_cache(tmp_path):
    old, new = split_example(tmp_path)
    assert run(str(old), "--out", str(tmp_path / "inc"), "--no-cache").exit_code == 0
    assert run(str(new), "--out", str(tmp_path / "inc"), "--update", "--no-cache").exit_code == 0
    assert run(str(old), str(new), "--out", str(tmp_path / "full")).exit_code == 0
    assert (tmp_path / "inc" / "graph.nt").read_bytes() == (tmp_path / "full" / "graph.nt").read_bytes()


def test_update_needs_an_earlier_build(tmp_path):
    _old, new = split_example(tmp_path)
    result = run(str(new), "--out", str(tmp_path / "none"), "--update")
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and "without --update" in result.output
    assert not (tmp_path / "none" / "graph.ttl").exists()


def test_update_with_other_options_is_refused(tmp_path):
    old, new = split_example(tmp_path)
    assert run(str(old), "--out", str(tmp_path / "inc")).exit_code == 0
    result = run(str(new), "--out", str(tmp_path / "inc"), "--update", "--base-iri", "https://example.org/other/")
    assert result.exit_code == 1 and "--base-iri" in result.output
    assert run(str(new), "--out", str(tmp_path / "inc"), "--update").exit_code == 0  # control: same options


def test_update_in_worker_processes_equals_the_serial_full_build(tmp_path):
    """An update extracting its new papers in two workers (no cache: the old ones too) gives the serial bytes."""
    old, new = split_example(tmp_path)
    runner = CliRunner()
    first = runner.invoke(main, ["build", str(old), "--out", str(tmp_path / "inc"), "-q", "--no-cache", "-j", "2"])
    assert first.exit_code == 0, first.output
    upd = runner.invoke(main, ["build", str(new), "--out", str(tmp_path / "inc"), "-q", "--no-cache", "-j", "2",
                               "--update"])
    assert upd.exit_code == 0, upd.output
    assert run(str(old), str(new), "--out", str(tmp_path / "full"), "--no-cache").exit_code == 0
    for name in EXPORTS:
        assert (tmp_path / "inc" / name).read_bytes() == (tmp_path / "full" / name).read_bytes(), name
    assert "paper/p18" in (tmp_path / "inc" / "graph.nt").read_text(encoding="utf-8")


#: New papers that change old nodes: a second and third paper releasing "Transfer Learning" as a dataset
#: (a Task in the old build: the vote flips), the "Transformers" spelling (a new alias merging into the old
#: transformer node) and more papers on large language models (the old build's hub).
CHANGING = {
    "n1": "We introduce GraphFlow, a new method for molecule generation. We evaluate GraphFlow on the QM9 "
          "dataset, where it outperforms large language models (LLMs).",
    "n2": "We release Transfer Learning, a new benchmark dataset of 10,000 images. Models evaluated on the "
          "Transfer Learning dataset reach 85% accuracy.",
    "n3": "We release Transfer Learning, a new benchmark dataset of robot trajectories. Policies evaluated on "
          "the Transfer Learning dataset reach 60% success.",
    "n4": "Transformers and large language models dominate representation learning. We study the transformer "
          "architecture with quantization and post-training for representation learning.",
}


def _triples_of(path: Path, entity: str, predicate: str) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return sorted(line.split(" ", 2)[2] for line in lines
                  if line.startswith(f"<https://w3id.org/kg-ml/id/entity/{entity}> <{predicate}> "))


def test_an_update_that_changes_old_nodes_is_patched_to_the_full_build(tmp_path, monkeypatch):
    """Old nodes change (a vote flips, a hub grows, an alias merges): the patched exports and store equal a full build."""
    import pyoxigraph as ox

    import kg.patch

    old, new = split_example(tmp_path)
    rows = [json.loads(line) for line in new.read_text(encoding="utf-8").splitlines()[:-1]]
    rows += [{"id": k, "title": "", "abstract": v, "venue": "ICML", "year": 2026} for k, v in CHANGING.items()]
    new.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert run(str(old), "--out", str(tmp_path / "inc")).exit_code == 0
    before = tmp_path / "before.nt"
    before.write_bytes((tmp_path / "inc" / "graph.nt").read_bytes())
    copied: list[int] = []
    patch_turtle = kg.patch.patch_turtle

    def spy(diff, old_ttl, out):
        copied.append(sum(diff.same))
        return patch_turtle(diff, old_ttl, out)

    monkeypatch.setattr(kg.patch, "patch_turtle", spy)
    result = run(str(new), "--out", str(tmp_path / "inc"), "--update")
    assert result.exit_code == 0, result.output
    assert copied and copied[0] > 100  # the Turtle was patched, most blocks copied
    assert run(str(old), str(new), "--out", str(tmp_path / "full")).exit_code == 0
    for name in EXPORTS:
        assert (tmp_path / "inc" / name).read_bytes() == (tmp_path / "full" / name).read_bytes(), name
    after = tmp_path / "inc" / "graph.nt"
    rdf_type, count = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type", "https://w3id.org/kg-ml/ontology#paperCount"
    alt = "http://www.w3.org/2004/02/skos/core#altLabel"
    # one old paper poses it, "StCP, a transfer learning approach" uses it as a means: the vote ties toward the
    # vocabulary's Task
    assert _triples_of(before, "transfer-learning", rdf_type) == ["<https://w3id.org/kg-ml/ontology#Task> ."]
    assert _triples_of(after, "transfer-learning", rdf_type) == ["<https://w3id.org/kg-ml/ontology#Dataset> ."]
    hub = [int(t.split('"')[1]) for t in (_triples_of(before, "large-language-model", count)
                                          + _triples_of(after, "large-language-model", count))]
    assert hub[1] > hub[0] >= 3  # a hub of the old build
    assert '"Transformers" .' not in _triples_of(before, "transformer", alt)
    assert '"Transformers" .' in _triples_of(after, "transformer", alt)
    quads = []
    for build in ("inc", "full"):
        store = ox.Store.read_only(str(tmp_path / build / "store"))
        quads.append(sorted(map(str, store.quads_for_pattern(None, None, None, None))))
        del store
    assert quads[0] == quads[1] and len(quads[0]) > 5000


def test_an_update_over_damaged_old_exports_writes_them_whole(tmp_path, monkeypatch):
    """Old files that do not line up (cut Turtle, edited JSON-LD, a GraphML index of another head): written whole."""
    import kg.patch

    old, new = split_example(tmp_path)
    assert run(str(old), "--out", str(tmp_path / "inc")).exit_code == 0
    ttl, jsonld = tmp_path / "inc" / "graph.ttl", tmp_path / "inc" / "graph.jsonld"
    ttl.write_bytes(ttl.read_bytes()[: len(ttl.read_bytes()) // 2])
    jsonld.write_bytes(jsonld.read_bytes().replace(b'"@id": ', b'"@id":  ', 3))
    index = tmp_path / "inc" / kg.patch.GRAPHML_INDEX
    code, head, *rest = index.read_text(encoding="utf-8").splitlines(keepends=True)
    index.write_text("".join([code, head.replace("head\t", "head\t0"), *rest]), encoding="utf-8")
    failed: list[str] = []
    patch_turtle = kg.patch.patch_turtle

    def spy(diff, old_ttl, out):
        try:
            patch_turtle(diff, old_ttl, out)
        except kg.patch.PatchError as exc:
            failed.append(str(exc))
            raise

    monkeypatch.setattr(kg.patch, "patch_turtle", spy)
    assert run(str(new), "--out", str(tmp_path / "inc"), "--update").exit_code == 0
    assert failed  # the patch noticed the cut file (and the whole file was written instead)
    assert run(str(old), str(new), "--out", str(tmp_path / "full")).exit_code == 0
    for name in EXPORTS:
        assert (tmp_path / "inc" / name).read_bytes() == (tmp_path / "full" / name).read_bytes(), name


def test_an_update_over_a_build_of_other_code_writes_everything(tmp_path, monkeypatch):
    """Blocks are copied only from a build the same code wrote (its graphml.index says which)."""
    import kg.patch

    old, new = split_example(tmp_path)
    assert run(str(old), "--out", str(tmp_path / "inc")).exit_code == 0
    index = tmp_path / "inc" / kg.patch.GRAPHML_INDEX
    assert index.read_text(encoding="utf-8").startswith("code\t")
    _code, *rest = index.read_text(encoding="utf-8").splitlines(keepends=True)
    index.write_text("".join(["code\tanother version\n", *rest]), encoding="utf-8")
    diffs: list[object] = []
    diff_ntriples = kg.patch.diff_ntriples
    monkeypatch.setattr(kg.patch, "diff_ntriples", lambda *a: diffs.append(a) or diff_ntriples(*a))
    assert run(str(new), "--out", str(tmp_path / "inc"), "--update").exit_code == 0
    assert diffs == []  # nothing patched
    assert run(str(old), str(new), "--out", str(tmp_path / "full")).exit_code == 0
    for name in EXPORTS:
        assert (tmp_path / "inc" / name).read_bytes() == (tmp_path / "full" / name).read_bytes(), name
    assert run(str(new), "--out", str(tmp_path / "full"), "--update").exit_code == 0  # control: same code
    assert len(diffs) == 1
