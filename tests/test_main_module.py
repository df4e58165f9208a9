"""``python -m kg`` runs the same command line as the ``kg`` script."""
import subprocess
import sys


def test_python_dash_m_kg_shows_the_cli_help():
    result = subprocess.run([sys.executable, "-m", "kg", "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: kg ")
    assert "build" in result.stdout


def test_cli_loads_without_rdflib():
    """``kg --help`` and the CLI's options need no RDF library (kg.rdf holds the default IRI)."""
    code = "import sys, kg.cli; sys.exit('rdflib' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
