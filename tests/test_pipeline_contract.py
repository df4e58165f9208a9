"""The kg pipeline's contract: every component declares what it requires and assigns, build_nlp checks the
order, the components talk through ``doc._.kg`` only and import no other component."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kg.extract.pipeline import COMPONENTS, PipelineOrderError, build_nlp, shipped_nlp
from kg.extract.state import forget_state, state

COMPONENT_DIR = Path(__file__).resolve().parent.parent / "kg" / "extract" / "components"


def test_analyze_pipes_lists_requires_and_assigns_of_every_kg_component(nlp) -> None:
    summary = nlp.analyze_pipes()["summary"]
    kg_names = [name for name, _factory in COMPONENTS]
    assert set(kg_names) <= set(summary)
    for name in kg_names:
        assert summary[name]["assigns"], f"{name} declares nothing it assigns"
    assert "doc._.kg_entities" in summary["kg_merge"]["assigns"]
    assert "doc._.kg_entities" in summary["kg_relations"]["requires"]
    assert not any(nlp.analyze_pipes()["problems"].values())


def test_a_misordered_pipeline_fails_at_build_time_with_a_clear_message() -> None:
    order = [c for c in COMPONENTS if c[0] != "kg_merge"]
    order.insert(order.index(("kg_relations", "kg_relations")) + 1, ("kg_merge", "kg_merge"))  # merge after relations
    with pytest.raises(PipelineOrderError) as err:
        build_nlp(components=order)
    message = str(err.value)
    assert "kg_relations requires doc._.kg_entities" in message and "\n" not in message
    # positive control: the shipped order builds (shipped_nlp is build_nlp() with it, once per process)
    assert shipped_nlp().pipe_names == ["sentencizer", *(name for name, _factory in COMPONENTS)]


def test_relations_without_the_merge_is_refused() -> None:
    without = [c for c in COMPONENTS if c[0] != "kg_merge"]
    with pytest.raises(PipelineOrderError, match="kg_relations requires doc._.kg_entities"):
        build_nlp(components=without)


def test_doc_state_is_the_only_extension(nlp) -> None:
    doc = nlp("We propose KREPE, a method for link prediction. KREPE outperforms TransE on FB15k-237.")
    assert doc._.kg is not None and doc._.kg.entities
    keys = [k for k in doc.user_data]
    assert keys == [("._.", "kg", None, None)], keys  # nothing undeclared in user_data


def test_each_doc_has_its_own_state_until_it_is_forgotten(nlp) -> None:
    """state() answers the doc it answered last without reading user_data: two docs in turn keep their own state,
    and a doc whose state was forgotten (as Extractor.pipe does when it clears a doc) gets a new one."""
    first, second = nlp.make_doc("We propose KREPE."), nlp.make_doc("KREPE outperforms TransE.")
    one, two = state(first), state(second)
    assert one is not two and state(first) is one and state(second) is two and state(second) is second._.kg
    state(first).text = "kept"
    assert state(second).text is None and state(first).text == "kept"
    forget_state(first)
    assert not first.user_data and state(first) is not one and state(first).text is None
    assert state(first) is first._.kg and state(second) is two  # positive control: the other doc kept its state


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_no_component_imports_another() -> None:
    # a component is a module (name.py) or a package (name/ and its modules, which import one another)
    components = {p.stem: [p] for p in COMPONENT_DIR.glob("*.py") if p.name != "__init__.py"}
    components.update({d.name: sorted(d.glob("*.py")) for d in COMPONENT_DIR.iterdir() if (d / "__init__.py").exists()})
    assert len(components) >= 10
    names = {f"kg.extract.components.{name}" for name in components}
    for name, paths in components.items():
        others = names - {f"kg.extract.components.{name}"}
        for path in paths:
            found = {m for m in _imports(path) if any(m == o or m.startswith(o + ".") for o in others)}
            assert not found, f"{path.name} imports {sorted(found)}"
    # positive control: the package module does import them all (that registers the factories)
    assert names <= _imports(COMPONENT_DIR / "__init__.py")
