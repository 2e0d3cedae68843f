# The two commands a newcomer needs: `make run` and `make test`.
SHELL := /bin/bash
PORT ?= 8000
# Links in development mail point at the port actually served.
SITE_URL ?= http://127.0.0.1:$(PORT)
export SITE_URL
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
NPM := npm --prefix frontend
STAMPS := var/.stamps
# Python may keep compiled modules (__pycache__/, ignored by git). Some environments, this
# machine's CI among them, export PYTHONDONTWRITEBYTECODE=1: then every process compiles every
# module it imports from source, Django's included (uv installs packages without .pyc files).
# pytest's workers, its subprocesses and the live server each paid about 2 s for that, and
# pytest its assertion rewriting of every test module again: the test run took 272 s with it
# and 253 s without, on the same tree.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run serve test setup checks lint typecheck vitest pytest e2e pytest-all gallery chromium migrate build clean bench bench-registration bench-env

$(STAMPS):
	@mkdir -p $(STAMPS) var/mail var/private var/staticfiles var/celery/queue var/celery/processed

# The interpreter the virtualenv is made from (`PYTHON=...` picks another): the first of the
# system's /usr/bin/python3 and python3 on PATH that is 3.11 or newer and can make a venv. They
# may be different builds of one version. This machine's python3 on PATH is pyenv's, with
# libpython a shared library the executable calls into; Debian's links it in. The suite took
# 15 % more CPU under pyenv's: apps/applications and apps/decisions, 2 workers, the two venvs
# alternated, 87.0 and 95.8 user CPU-s against 71.6 and 82.4 (wall 50.8/55.0 against 42.1/48.2 s).
PYTHON ?= $(shell for p in /usr/bin/python3 python3; do \
	$$p -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; break; }; done)
VENV_PYTHON = $(or $(PYTHON),python3)

# Python packages from the lock (requirements-dev.txt: every package, pinned, with its hashes),
# reinstalled only when it changes. uv installs them (pip installs uv itself, pinned): it
# downloads in parallel, which took a fresh clone's install from minutes to about 20 s here, and
# like pip it refuses a download whose hash isn't in the lock. Unlike pip, uv leaves the
# packages' bytecode to be compiled on first import, which never happens where
# PYTHONDONTWRITEBYTECODE is set (as on this machine): there every Python process of the tests
# (each pytest worker, and each gunicorn, Celery or manage.py a test starts) compiled Django and
# the rest from source again, about 2 s of CPU each. --compile-bytecode writes it once, here.
$(STAMPS)/python: requirements-dev.txt | $(STAMPS)
	@test -x $(PY) || $(VENV_PYTHON) -m venv $(VENV)
	@$(VENV)/bin/uv --version 2>/dev/null | grep -q "$(UV_VERSION)" || $(PIP) install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(VENV)/bin/uv pip install --quiet --compile-bytecode --require-hashes --python $(PY) -r requirements-dev.txt
	@touch $@

# The locks, from the pinned direct dependencies (requirements.in, requirements-dev.in): run it
# after editing either. uv resolves for Python 3.11 on every platform and records each file's
# hash; the development lock is constrained to the runtime lock, so the image (requirements.txt)
# and the tests (requirements-dev.txt) run the same versions.
UV_VERSION := 0.13.9
LOCK := $(VENV)/bin/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes \
	--annotation-style line --custom-compile-command "make lock"
.PHONY: lock
lock:
	@test -x $(PY) || $(VENV_PYTHON) -m venv $(VENV)
	@$(VENV)/bin/uv --version 2>/dev/null | grep -q "$(UV_VERSION)" || $(PIP) install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(LOCK) requirements.in -o requirements.txt
	$(LOCK) requirements-dev.in --constraint requirements.txt -o requirements-dev.txt

# npm packages, reinstalled only when the lock file changes.
$(STAMPS)/npm: frontend/package.json frontend/package-lock.json | $(STAMPS)
	$(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

# The frontend build, redone only when a source file changed.
FRONTEND_SOURCES := $(shell find frontend/src -type f 2>/dev/null) frontend/vite.config.ts frontend/tsconfig.json
frontend/dist/manifest.json: $(STAMPS)/npm $(FRONTEND_SOURCES)
	$(NPM) run --silent build -- --logLevel warn

build: frontend/dist/manifest.json

# The translations: each catalogue (locale/<code>/LC_MESSAGES/django.po, committed) compiled
# to the .mo Django reads (git-ignored), redone when the catalogue changes. GNU gettext's msgfmt
# (Debian's `gettext` package), as Django's compilemessages would run it.
CATALOGUES := $(wildcard locale/*/LC_MESSAGES/django.po)
COMPILED := $(CATALOGUES:.po=.mo)
locale/%.mo: locale/%.po
	msgfmt --check-format -o $@ $<

# The Python and npm installs run side by side (each mostly waits on its downloads), then the
# build and the catalogues.
setup:
	@$(MAKE) --no-print-directory -j2 $(STAMPS)/python $(STAMPS)/npm
	@$(MAKE) --no-print-directory build $(COMPILED)

# The catalogues brought up to date with the code: every string marked for translation found
# (new ones untranslated, removed ones dropped), for each language that ships one besides
# English, the source language. Then translate what is new and commit the .po files; the test
# apps/core/tests/test_translations.py fails while a catalogue is stale, untranslated or fuzzy.
# See docs/i18n.md. The apps' data folders (school and country lists, the dashboard's first-paint
# table) hold no marked strings; makemessages would write a templatized `<file>.txt.py` beside
# each .txt there while it reads it.
TRANSLATED_LANGUAGES := es
MAKEMESSAGES_IGNORE := --ignore=.venv --ignore=node_modules --ignore=frontend --ignore=var --ignore=tests \
	--ignore=e2e --ignore=benchmarks --ignore=docs --ignore=data
.PHONY: messages
messages: $(STAMPS)/python
	$(PY) manage.py makemessages $(addprefix -l ,$(TRANSLATED_LANGUAGES)) $(MAKEMESSAGES_IGNORE) \
		--no-obsolete --add-location=file --no-wrap
	@for po in locale/*/LC_MESSAGES/django.po; do msgfmt --check-format -o "$${po%.po}.mo" "$$po"; done
	@# The islands' catalogs (frontend/src/locales): new t() strings added empty, stale ones dropped.
	node frontend/scripts/i18n-catalogs.mjs $(TRANSLATED_LANGUAGES)

migrate: setup
	$(PY) manage.py migrate --noinput -v0

# The web server, the Celery worker and Celery beat (Procfile), supervised by honcho: one Ctrl-C
# stops all three (honcho TERMs each process group and KILLs what is left after 5 s). `--env
# /dev/null`: the settings read .env themselves, where the shell's variables win; honcho's
# reading would let .env override them. Unbuffered, so each process's lines show as they come.
run: migrate
	@if $(PY) manage.py help seed_demo >/dev/null 2>&1; then $(PY) manage.py seed_demo; fi
	@echo "Serving the portal at http://127.0.0.1:$(PORT) (mail goes to var/mail/ and this log)"
	@$(SERVE)

# The three processes alone, without setup, migrations or demo data (`make run` does those first).
# Job control (`set -m`) starts honcho in a process group of its own and `fg` hands it the
# terminal: Ctrl-C reaches honcho alone, which stops the three and exits 130. Make never sees the
# signal, and that 130 is the clean stop asked for, so it ends with 0 and no "Error 130" line.
SERVE = set -m; PORTAL_PORT=$(PORT) PYTHONUNBUFFERED=1 $(VENV)/bin/honcho start --no-colour --env /dev/null \
	& fg %1 >/dev/null; status=$$?; if [ $$status -eq 130 ]; then echo "Stopped."; exit 0; fi; exit $$status
serve:
	@$(SERVE)

# Python style, and the frontend's import boundaries between its layers (frontend/eslint.config.js).
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(NPM) run --silent lint

typecheck: setup
	$(NPM) run --silent typecheck

vitest: setup
	$(NPM) run --silent test

# Tests run in parallel (pytest-xdist), each worker with its own test database, Redis database
# (REDIS_URL's number + worker index) and temp folders (config/settings/test.py), at most 4
# workers. PYTEST_WORKERS=0 runs them in one process, e.g. to debug. A worker that runs out of
# tests takes half of another's queue (worksteal): the tests' lengths range from milliseconds to
# a minute, and with fixed shares one worker was left running its long ones alone.
PYTEST_WORKERS ?=
xdist = -n $(or $(PYTEST_WORKERS),$(1)) --maxprocesses=4 --dist worksteal
# `make test` runs the suite (apps/) and the browser journeys (e2e/) as one pytest run, with one
# worker more than the machine has cores. A journey spends much of its time waiting (for
# Chromium to draw, for the live server, for a page's timers), and the spare worker fills those
# waits with the suite's tests, which only compute. On this 2-core machine, side by side on the
# same tree: the two as separate runs of 2 workers each took 165 + 202 s; as one run of 2
# workers, 382 s; as one run of 3 workers, 340 s. Alone, the journeys were slower with 3 workers
# than with 2 (more browsers than cores), so `make e2e` keeps one per core.
CORES := $(shell nproc 2>/dev/null || echo 2)
TEST_WORKERS := $(shell echo $$(( $(CORES) + 1 )))

pytest: setup
	$(VENV)/bin/pytest -q $(call xdist,auto)

# Browser journeys in Debian's Chromium (one live server and one Chromium per worker). The
# screenshot galleries (marker `gallery`) are left to `make gallery`. As root, a missing
# Chromium is installed with apt; elsewhere the step is skipped, loudly. `make test E2E=skip`
# leaves the journeys out (CI runs them in one of its two runs of `make test`).
E2E ?=
E2E_PATHS = if [ "$(E2E)" = "skip" ]; then \
	  echo "E2E SKIPPED: E2E=skip was given."; paths=""; \
	elif [ -x /usr/bin/chromium ]; then \
	  paths=e2e; \
	else \
	  echo "E2E SKIPPED: /usr/bin/chromium is missing and apt-get can't install it here (not root)."; paths=""; \
	fi
e2e: setup chromium
	@$(E2E_PATHS); if [ -n "$$paths" ]; then \
	  DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest -q $(call xdist,auto) -m "not gallery" e2e; fi

# The suite and the journeys in one run (above): what `make test` runs after the checks and Vitest.
pytest-all: setup chromium
	@$(E2E_PATHS); DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest -q $(call xdist,$(TEST_WORKERS)) -m "not gallery" apps $$paths

# The screenshots: the galleries (every page in each state at desktop and phone widths) and the
# journeys' own steps, phones at pixel density 2, written to e2e/screenshots/; and the pseudo-locale
# gallery, the main pages at 390 px in a longer language, checked for overflow (docs/i18n.md).
# Not part of `make test`, whose journeys take no screenshot (E2E_SCREENSHOTS).
gallery: setup chromium
	@if [ -x /usr/bin/chromium ]; then \
	  E2E_SCREENSHOTS=1 DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest -q $(call xdist,auto) e2e; \
	else \
	  echo "GALLERY SKIPPED: /usr/bin/chromium is missing and apt-get can't install it here (not root)."; \
	fi

chromium:
	@if [ "$(E2E)" != "skip" ] && [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian's chromium for the browser journeys…"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || exit 1; \
	  fi; \
	fi

# The TypeScript types of the API's shapes (frontend/src/api/schema.d.ts, committed) regenerated
# from the OpenAPI schema the server describes (drf-spectacular, no database needed). Run it after
# changing a serializer or a route; apps/core/tests/test_schema_types.py fails while it is stale.
.PHONY: schema
schema: $(STAMPS)/python $(STAMPS)/npm
	$(PY) manage.py spectacular --file var/openapi.yaml
	frontend/node_modules/.bin/openapi-typescript var/openapi.yaml --output frontend/src/api/schema.d.ts

# ESLint and tsc each use one core: side by side they take the time of the longer one. Each
# one's output is printed whole when it ends (--output-sync), not interleaved.
checks: setup
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck

test: checks vitest pytest-all

# Benchmarks (benchmarks/, not part of `make test`). Both need PostgreSQL and Redis:
#   DATABASE_URL=postgres://user@host:5432/anything REDIS_URL=redis://127.0.0.1:6379/0 make bench
# Each works in a scratch database (name containing "bench") that it drops at the end, and
# writes its Markdown table under var/bench/. BENCH_ARGS passes options (e.g. --smoke).
BENCH_ARGS ?=
$(STAMPS)/bench: requirements-bench.txt | $(STAMPS)
	$(PIP) install --quiet --disable-pip-version-check -r requirements-bench.txt
	@touch $@

bench-env:
	@if [ -z "$$DATABASE_URL" ] || [ -z "$$REDIS_URL" ]; then \
	  echo "The benchmarks need DATABASE_URL (PostgreSQL) and REDIS_URL in the environment."; exit 2; fi

# Every figure against its floor, in one run, written to benchmarks/RESULTS.md (a few minutes
# at 50,000 applications; --smoke: one, written under var/bench/ only). The dashboard's paint rows
# need Chromium, installed as for the browser journeys.
bench: setup bench-env chromium $(STAMPS)/bench
	$(PY) -m benchmarks.bench $(BENCH_ARGS)

# The registration day: gunicorn ×2 behind haproxy, a Celery worker, locust at rising rates.
bench-registration: setup bench-env $(STAMPS)/bench
	$(PY) -m benchmarks.registration $(BENCH_ARGS)

clean:
	rm -rf var/.stamps frontend/dist
