# Two commands: `make demo` and `make test`. Both create .venv on first use.
# `make lint` runs ruff and mypy (make test runs them first); `make test-fast` is the quick loop.
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast lint install clean

$(PY):
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "error: $(PYTHON) not found; install Python 3.11 or run 'make PYTHON=python3 ...'"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): $(PY) pyproject.toml
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/kg build examples/icml2026.txt --out exports
	@echo "Open the graph in a browser: file://$(CURDIR)/exports/graph.html"

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# Tests write bytecode (__pycache__, git-ignored) even where PYTHONDONTWRITEBYTECODE is set: without it each
# run compiles every kg module and rewrites every test's asserts again (~3.5 s of CPU in a test-fast run).
test test-fast: export PYTHONDONTWRITEBYTECODE =

test: lint
	$(PY) -m pytest -q

# the quick loop: no slow or browser tests (make test runs them all)
test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow and not browser"

clean:
	rm -rf $(VENV) build *.egg-info
