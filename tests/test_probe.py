"""The null-extractor probe (``pytest --null-extractor``, see conftest.py) fails every extraction test.

A test of extraction that passes when nothing at all is extracted asserts only absence: it cannot
catch the extractor breaking.  This runs the probe over the tests marked ``extraction`` (every
test that uses the ``extractor`` fixture) and requires all of them to fail.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_every_extraction_test_fails_when_nothing_is_extracted() -> None:
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "extraction",
                           "--null-extractor", "tests"], cwd=ROOT, capture_output=True, text=True, check=False)
    tally = re.search(r"^(\d+) of (\d+) extraction tests failed", proc.stdout, re.M)
    assert tally, proc.stdout[-3000:] + proc.stderr[-3000:]
    failed, total = int(tally.group(1)), int(tally.group(2))
    still_passing = re.findall(r"^still passes \(asserts only absence\?\): (\S+)", proc.stdout, re.M)
    assert total >= 100, tally.group(0)  # positive control: the probe saw the extraction tests
    assert failed == total, "give these a positive control on the same input:\n" + "\n".join(still_passing)
