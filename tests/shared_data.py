"""Where tests find the team's shared data folder (corpora, gold, source lexicons).

``$KG_SHARED`` names it; by default it is ``../shared`` beside the repository.  A test that
reads it is decorated with :func:`needs_shared`, which marks it ``shared_data`` (so
``pytest -m "not shared_data"`` leaves them out) and skips it, naming the missing file, when
the folder or the file is not there.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("KG_SHARED") or ROOT.parent / "shared")

F = TypeVar("F", bound=Callable)


def needs_shared(*paths: Path) -> Callable[[F], F]:
    """Mark a test ``shared_data`` and skip it unless every path (under :data:`SHARED`) exists."""
    missing = [str(p) for p in paths if not Path(p).exists()]
    reason = f"shared data not found: {', '.join(missing)} (set KG_SHARED to the shared folder)"

    def mark(test: F) -> F:
        return pytest.mark.shared_data(pytest.mark.skipif(bool(missing), reason=reason)(test))

    return mark
