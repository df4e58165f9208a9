"""``python -m kg`` runs the same command line as the ``kg`` script."""
import subprocess
import sys


def test_python_dash_m_kg_shows_the_cli_help():
    result = subprocess.run([sys.executable, "-m", "kg", "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: kg ")
    assert "build" in result.stdout
