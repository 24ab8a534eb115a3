# The two commands: `make kit` builds every game into out/, `make test` runs the checks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PNP := $(BIN)/pnp

.PHONY: kit test lint typecheck schemas bench clean fuzz

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project's metadata changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

kit: $(VENV)/.installed
	$(PNP) build --paper a4 --paper letter --png 150 -o out

# pytest runs on every core here (pytest-xdist); `python -m pytest` alone stays serial.
test: $(VENV)/.installed-dev
	$(BIN)/ruff check pnpcompiler tests tools benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check pnpcompiler tests tools benchmarks

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# Fuzz the loader, the generic kinds' validator, every game's validator, the template engine
# and every kind of record a referee reads with FUZZ_EXAMPLES generated cases each
# (tests/fuzz_cases.py); `make test` runs 50 to 200 per target. The statistics give each
# target's passing cases and time. Memory is capped at 4 GB, so a case that would take it all
# fails (with the blob to replay it) instead.
FUZZ_EXAMPLES ?= 10000
fuzz: $(VENV)/.installed-dev
	ulimit -v 4000000 2>/dev/null; \
	PNP_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -p no:cacheprovider \
		tests/core/test_loader_fuzz.py tests/content/test_validator_fuzz.py \
		tests/conformance/test_content_fuzz.py tests/conformance/test_record_fuzz.py \
		tests/referee/test_record_fuzz.py tests/layout/test_template_fuzz.py \
		--hypothesis-show-statistics --durations=0 --durations-min=1

# protograf, for the parity benchmark against it.
$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	touch $(VENV)/.installed $@

# Figures only (nothing asserted): kit builds and validation, the parity deck against
# protograf and plain reportlab, referee throughput, simulated games per second on 1 and 2
# workers, a task's cost on the process pool and on Dask, pnp referee --batch against the
# engine's replay; each with peak memory.
bench: $(VENV)/.installed-bench
	$(BIN)/python benchmarks/bench_build.py
	$(BIN)/python benchmarks/bench_parity.py
	$(BIN)/python benchmarks/bench_referee.py
	$(BIN)/python benchmarks/bench_simulate.py

schemas: $(VENV)/.installed
	$(PNP) schema -o schemas

clean:
	rm -rf out .pytest_cache
