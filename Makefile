# Two commands set everything up on a fresh machine with Python 3.11+:
#   make demo   create .venv, install, migrate, load demo data, serve on http://127.0.0.1:8000
#               as production does (DEBUG off, WhiteNoise); HOST=0.0.0.0 lets the LAN in
#   make test   create .venv, install, run the whole test suite
# Both are idempotent. DATABASE_URL / REDIS_URL switch from the embedded default (SQLite,
# in-memory channel layer, eager Celery) to PostgreSQL + Redis.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
# One pytest-xdist worker per core (at most four), a test file to a worker, in the order
# tests/conftest.py puts them (the longest first); 0 runs in one process.
PYTEST_WORKERS ?= auto

.PHONY: demo test install locales lint serve clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The site alone (what the demo needs) and the site with the test and lint tools (.[dev]); the
# second includes the first, so a venv made by either serves the demo.
RUNTIME_STAMP := $(VENV)/.runtime-stamp

$(STAMP): pyproject.toml | $(BIN)/python
	@# An interrupted earlier install can leave a venv without pip: start it again.
	$(BIN)/python -m pip --version >/dev/null 2>&1 || $(PYTHON) -m venv --clear $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP) $(RUNTIME_STAMP)

$(RUNTIME_STAMP): pyproject.toml | $(BIN)/python
	@test -f $(STAMP) -a $(STAMP) -nt pyproject.toml || { \
	  $(BIN)/python -m pip --version >/dev/null 2>&1 || $(PYTHON) -m venv --clear $(VENV); \
	  $(BIN)/python -m pip install --quiet --upgrade pip && \
	  $(BIN)/python -m pip install --quiet -e . ; }
	touch $(RUNTIME_STAMP)

install: $(STAMP)

locales: $(RUNTIME_STAMP)
	$(BIN)/python manage.py compile_locales

# The demo serves as production does: DEBUG off (the site's own error pages, no URL list on a 404),
# static files collected for WhiteNoise, and only warnings on the console. Its secret key is made
# once and kept in the virtualenv, so sessions outlive a restart.
DEMO_KEY := $(VENV)/demo-secret-key
DEMO_ENV = DEBUG=0 SECRET_KEY="$$(cat $(DEMO_KEY))" LOG_LEVEL=$${LOG_LEVEL:-WARNING}

$(DEMO_KEY): | $(BIN)/python
	$(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $(DEMO_KEY)

# The demo installs the site without the test tools (half the download); make test adds them.
demo: $(RUNTIME_STAMP) locales $(DEMO_KEY)
	@$(DEMO_ENV) $(BIN)/python manage.py migrate --noinput -v0
	@$(DEMO_ENV) $(BIN)/python manage.py demo_data
	@# A Shengji and a Tractor tournament deal come reviewed (the viewer's marks, the profiles' accuracy).
	@$(DEMO_ENV) $(BIN)/python manage.py review_deals --games shengji,tractor --budget fast
	@$(DEMO_ENV) $(BIN)/python manage.py collectstatic --noinput -v0
	@$(DEMO_ENV) $(BIN)/python manage.py serve_demo --host $(HOST) --port $(PORT)

serve: $(RUNTIME_STAMP)
	$(BIN)/daphne -b $(HOST) -p $(PORT) cardclub.asgi:application

test: install locales
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --maxprocesses 4 --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache
