"""The README is checked: its SPARQL example answers as it says, its commands exist, its Python runs."""
import re
from pathlib import Path

import rdflib
from click.testing import CliRunner

from kg.cli import main

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_sparql_example_answers_what_the_readme_says(example_build):
    query = re.search(r"```sparql\n(.*?)```", README, re.S).group(1)
    g = rdflib.Graph().parse(example_build / "graph.ttl")
    rows = {(str(r.method), str(r.dataset)) for r in g.query(query)}
    assert ("Multimodal Crystal Flow", "MP-20") in rows
    assert "Multimodal Crystal Flow — MP-20" in README


def test_every_command_in_the_readme_exists():
    mentioned = set(re.findall(r"^kg ([a-z]+)", README, re.M)) | set(re.findall(r"`kg ([a-z]+)", README))
    available = set(main.list_commands(None))
    assert mentioned, "the README shows no kg commands"
    assert mentioned <= available, f"README mentions commands kg does not have: {mentioned - available}"


def test_every_command_has_help():
    runner = CliRunner()
    for name in main.list_commands(None):
        result = runner.invoke(main, [name, "--help"])
        assert result.exit_code == 0, (name, result.output)
        assert len(result.output.splitlines()) > 3, name


def test_python_snippet_runs(example_build, monkeypatch):
    code = re.search(r"```python\n(.*?)```", README, re.S).group(1)
    monkeypatch.chdir(example_build.parent)
    code = code.replace('"exports/"', repr(str(example_build)))
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)  # noqa: S102 - the README's own example
    assert len(scope["top"]) == 10
    assert scope["g"].number_of_nodes() > 100


def test_readme_links_resolve():
    root = Path(__file__).resolve().parent.parent
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README):
        assert (root / target).exists(), f"README links to missing {target}"
