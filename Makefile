# `make play`, `make test` and `make lint`. Each builds .venv from pyproject.toml when it is
# missing or older than pyproject.toml, then runs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench clean screenshot messages

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

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/decisions.py

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
