"""kg installed from its wheel (not editable, not the source tree) builds and validates.

The data kg reads at run time (lexicons, templates, SHACL shapes) must be package data: a file
read from outside ``kg/`` works in a checkout and fails after ``pip install``.  This test builds
the wheel, installs it into a fresh virtual environment whose only other packages are this
environment's dependencies (on its path, after the venv's own), and runs ``kg build`` and
``kg validate`` there, from a folder outside the checkout.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "icml2026.txt"


def run(*cmd, cwd: Path) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.mark.slow
def test_kg_from_the_wheel_builds_and_validates(tmp_path: Path) -> None:
    # the wheel, built from a copy so that the checkout gets no build/ or egg-info
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "kg", src / "kg", ignore=shutil.ignore_patterns("__pycache__"))
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
        "--wheel-dir", tmp_path / "wheels", src, cwd=tmp_path)
    (wheel,) = (tmp_path / "wheels").glob("kg-*.whl")

    # a venv holding only the wheel; the dependencies come from this environment's site-packages
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    inner_site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                          cwd=tmp_path).stdout.strip())
    # a plain path entry: the .pth files there (this checkout's editable install) are not run
    (inner_site / "outer_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index", wheel,
        cwd=tmp_path)

    where = run(python, "-c", "import kg.sparql.validate as v; print(v.__file__)", cwd=tmp_path).stdout.strip()
    assert Path(where).is_relative_to(inner_site), f"kg imported from {where}, not from the wheel"

    kg = env_dir / "bin" / "kg"
    shutil.copy(EXAMPLE, tmp_path / "papers.txt")
    run(kg, "build", "papers.txt", "--out", "out", "-q", cwd=tmp_path)
    result = run(kg, "validate", "out", cwd=tmp_path)
    assert "conforms" in result.stderr, result.stderr
