# `make play`, `make test` and `make lint`. Each builds .venv from pyproject.toml when it is
# missing or older than pyproject.toml, then runs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench lab-test clean screenshot messages

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/hanatui $(ARGS)

test: $(STAMP)
	$(BIN)/python -m pytest -n auto $(PYTEST_ARGS)

# The rules and the type checking are configured in pyproject.toml (mypy: strict for core/).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Every speed benchmark in bench/, each writing its figures to bench/results/<name>.json (a few
# minutes; the figures mean most on a quiet machine). A benchmark that misses its target exits 1:
# the others still run, and `make bench` fails at the end. `make bench KOIKOI_AI=PATH` also
# measures the KoiKoi-AI engine beside ours (bench/koikoi_ai.py says how). The studies are in
# lab/ (lab/README.md).
BENCHMARKS := decisions playouts startup hostile
bench: $(STAMP)
	@status=0; \
	echo "== bench/engine.py"; \
	$(BIN)/python bench/engine.py $(if $(KOIKOI_AI),--koikoi-ai $(KOIKOI_AI)) || status=1; \
	for name in $(BENCHMARKS); do \
		echo "== bench/$$name.py"; $(BIN)/python bench/$$name.py || status=1; \
	done; \
	echo "== bench/analysis.py --speed-only"; \
	$(BIN)/python bench/analysis.py --speed-only || status=1; \
	exit $$status

# The tests of the lab's studies (marked lab), which `make test` leaves out.
lab-test: $(STAMP)
	$(BIN)/python -m pytest -n auto --lab -m lab $(PYTEST_ARGS)

# The message catalogs (docs/languages.md): new messages of the source into each language's
# .po, then each .po compiled to the .mo the app reads.
messages: $(STAMP)
	$(BIN)/python scripts/messages.py update
	$(BIN)/python scripts/messages.py compile
	$(BIN)/python scripts/messages.py check

# The README's picture of the table (docs/screenshot.svg), drawn by the app itself.
screenshot: $(STAMP)
	$(BIN)/python scripts/screenshot.py

clean:
	rm -rf $(VENV) build *.egg-info
