"""One exception class per kind of failure (kg/errors.py), turned into one line once, by the CLI group."""
from __future__ import annotations

import inspect
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import kg
from kg import errors
from kg.cli import KgGroup, main
from kg.graph.model import Entity, KnowledgeGraph

KINDS = [cls for _name, cls in inspect.getmembers(errors, inspect.isclass)
         if issubclass(cls, errors.KgError) and cls is not errors.KgError]


def test_every_kind_is_a_kg_error_with_its_own_doc() -> None:
    assert {c.__name__ for c in KINDS} >= {"InputError", "MissingBuildError", "QueryError", "ValidationError",
                                           "UsageError", "ServerError", "SetupError"}
    docs = [inspect.getdoc(c) for c in KINDS]
    assert all(docs) and len(set(docs)) == len(docs)


@pytest.mark.parametrize("kind", KINDS, ids=lambda c: c.__name__)
def test_the_cli_group_prints_each_kind_as_one_line(kind: type[errors.KgError]) -> None:
    group = KgGroup("kg")

    @group.command()
    def fail() -> None:
        raise kind("something went\nwrong: do this")

    @group.command()
    def bug() -> None:  # positive control: an unexpected error is not swallowed
        raise RuntimeError("a bug")

    result = CliRunner().invoke(group, ["fail"])
    assert result.exit_code == 1
    assert result.output == "error: something went wrong: do this\n"
    assert result.exception is not None and not isinstance(result.exception, errors.KgError)  # SystemExit
    crashed = CliRunner().invoke(group, ["bug"])
    assert isinstance(crashed.exception, RuntimeError)


def test_the_library_raises_the_kind_that_fits(tmp_path: Path) -> None:
    from kg.sparql.store import load_files, run_query
    from kg.views.selection import resolve_focus

    with pytest.raises(errors.MissingBuildError, match="build it first"):
        kg.load_graph(tmp_path)
    (tmp_path / "x.ttl").write_text("not turtle <", encoding="utf-8")
    with pytest.raises(errors.InputError, match="x.ttl"):
        kg.load_graph(tmp_path / "x.ttl")
    store = load_files([])
    with pytest.raises(errors.QueryError):
        run_query(store, "SELECT WHERE {")
    graph = KnowledgeGraph()
    graph.entities["dpo"] = Entity(id="dpo", type="Method", label="DPO")
    assert resolve_focus(graph, "DPO")[0] == "dpo"  # positive control for the miss below
    with pytest.raises(errors.UsageError, match="no node has this label"):
        resolve_focus(graph, "PPO")


def test_kg_commands_report_a_missing_build_in_one_line(tmp_path: Path) -> None:
    for args in (["stats", str(tmp_path)], ["export", str(tmp_path), "--format", "gexf"],
                 ["view", str(tmp_path)], ["query", "ASK {}", "--store", str(tmp_path)],
                 ["validate", str(tmp_path)]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, args
        assert result.output.startswith("error: ") and result.output.count("\n") == 1, (args, result.output)
        assert "kg build" in result.output, (args, result.output)


def test_commands_are_registered_explicitly() -> None:
    from kg.cli import COMMANDS

    assert [c.name for c in COMMANDS] == ["build", "query", "serve", "validate", "view", "stats", "export", "eval",
                                          "cache"]
    assert set(main.commands) == {c.name for c in COMMANDS}
    assert all(isinstance(c, click.Command) for c in COMMANDS)
