# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/bridgetable serve --host 127.0.0.1 --port 8000 --data-dir data

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# Two workers (one per core here): most tests wait on servers, robots and the browser.
unit: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal --durations=10

test: lint typecheck unit

bench: $(STAMP) web-deps
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/store.py
	$(BIN)/python bench/bidding.py
	$(BIN)/python bench/bots.py
	$(BIN)/python bench/load.py --spawn --tables 500 --pace 2 --duration 30
	$(BIN)/python bench/load.py --spawn --tables 40 --duration 20
	$(BIN)/python bench/load.py --spawn --tables 40 --duration 20 --backend scale --processes 2
	$(BIN)/python bench/web.py
	$(BIN)/python bench/review.py

clean:
	rm -rf $(VENV)

# Browser tests (tests/web): Debian's Chromium for Playwright, axe-core for accessibility.
CHROMIUM := /usr/bin/chromium
AXE := tests/web/node_modules/axe-core/axe.min.js

$(CHROMIUM):
	apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

$(AXE):
	npm install --prefix tests/web --no-save --no-package-lock axe-core@4

.PHONY: web-deps bench-web
web-deps: $(CHROMIUM) $(AXE)

unit: web-deps

bench-web: $(STAMP) web-deps
	$(BIN)/python bench/web.py
	$(BIN)/python bench/review.py
