# Two commands for a new user:  `make start` (install, migrate, load cards, serve)  and  `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
export DJANGO_DEBUG ?= 1

.PHONY: start dev admin install install-dev test test-services browser-deps nginx-deps gettext-deps messages clean test-stats-worker test-faults

$(VENV)/.installed: requirements.txt
	@echo "== Installing the site's packages into $(VENV) (pip's cache makes this quick after the first time)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

install-dev: $(VENV)/.installed-dev

# `make start` serves as production does (debugging off: real 404 and 500 pages, collected static files), with a
# secret key made once for this checkout; `make dev` keeps Django's debug pages and restarts on code changes.
SECRET_KEY_FILE := $(VENV)/django-secret-key
LOCAL_SECRET = DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(cat $(SECRET_KEY_FILE))}"

$(SECRET_KEY_FILE): | $(VENV)/.installed
	$(PY) -c "import secrets; print(secrets.token_urlsafe(50))" > $@

start: DJANGO_DEBUG = 0
start: install $(SECRET_KEY_FILE)
	@echo "== Creating or updating the database (SQLite unless DATABASE_URL is set)"
	$(LOCAL_SECRET) $(PY) manage.py migrate --noinput
	@echo "== Loading the official cards"
	$(LOCAL_SECRET) $(PY) manage.py load_cards
	$(LOCAL_SECRET) $(PY) manage.py collectstatic --noinput --verbosity 0
	@echo ""
	@echo "  Admin login: run 'make admin' in another terminal (it creates the first admin), then open http://$(HOST):$(PORT)/admin/"
	@echo "  Serving with uvicorn, debugging off ('make dev' for Django's debug pages and restarts on code changes; Ctrl+C stops it)."
	@echo ""
	$(LOCAL_SECRET) $(PY) -m config.serve --host $(HOST) --port $(PORT)

dev: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_cards
	$(PY) -m config.serve --reload --host $(HOST) --port $(PORT)

# Create an admin (superuser) for the site's database; asks for a name and a password.
admin: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createsuperuser

browser-deps:
	@test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

# nginx runs the documented several-hosts configuration in front of three servers (games/tests/test_multihost.py).
nginx-deps:
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || (apt-get update -qq && apt-get install -y -qq nginx-light)
# GNU gettext: makemessages and the catalogue test need xgettext and msgfmt (the site itself reads the committed .mo).
gettext-deps:
	@command -v xgettext >/dev/null && command -v msgfmt >/dev/null || (apt-get update -qq && apt-get install -y -qq gettext)

# Update the French catalogue from the marked strings, then compile it (docs/translating.md). cards/ has its own.
I18N_IGNORE := --ignore=.venv --ignore=.git --ignore=bench --ignore=tests --ignore='*/tests/*' --ignore='cards/?*' \
	--ignore=staticfiles --ignore='static/vendor/*' --ignore=media --ignore=.test-media --ignore=node_modules
# The cards catalogue (cards/locale) is made from inside cards/, without its tests.
CARDS_I18N_IGNORE := --ignore=tests --ignore='*/tests/*'
messages: install gettext-deps
	$(PY) manage.py makemessages -l fr $(I18N_IGNORE)
	$(PY) manage.py makemessages -l fr -d djangojs $(I18N_IGNORE)
	cd cards && $(abspath $(PY)) ../manage.py makemessages -l fr $(CARDS_I18N_IGNORE)
	$(PY) manage.py compilemessages -l fr --ignore=.venv --ignore='cards/*'
	cd cards && $(abspath $(PY)) ../manage.py compilemessages -l fr

# Two workers; --dist loadgroup keeps a module with module-scoped fixtures (a browser module's live site) on
# one worker (conftest.py groups them), so the fixture is built once (docs/operations.md, "CI").
XDIST := -n 2 --dist loadgroup

# The whole suite on the embedded defaults (SQLite, in-memory channel layer, eager Celery).
test: install-dev browser-deps gettext-deps
	$(VENV)/bin/lint-imports --no-cache
	env -u DATABASE_URL -u REDIS_URL -u CELERY_BROKER_URL $(PY) -m pytest $(XDIST) --durations=20

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .test-media

# The tests that reach the database or Redis (marked `services` by conftest.py), against the machine's
# PostgreSQL and Redis; the browser tests (but those needing Redis) and those that reach neither ran under `make test`.
DATABASE_URL_TEST ?= postgres://postgres@127.0.0.1:5432/postgres
REDIS_URL_TEST ?= redis://127.0.0.1:6379/15
test-services: install-dev nginx-deps browser-deps
	DATABASE_URL=$(DATABASE_URL_TEST) REDIS_URL=$(REDIS_URL_TEST) $(PY) -m pytest $(XDIST) \
		-m "services and (not browser or redis)" --durations=20

# The statistics tasks through Redis and a real Celery worker on PostgreSQL: the test starts
# `celery -A config worker` itself, against the test database, on a queue of its own (docs/statistics.md).
REDIS_URL_WORKER_TEST ?= redis://127.0.0.1:6379/14
test-stats-worker: install-dev
	DATABASE_URL=$(DATABASE_URL_TEST) REDIS_URL=$(REDIS_URL_WORKER_TEST) CELERY_TASK_ALWAYS_EAGER=0 \
		$(PY) -m pytest stats -m worker

# Faults mid-game on PostgreSQL and Redis: the test starts two servers, a Celery worker and beat, then kills the
# site's Redis connections, the worker and a server (games/tests/test_faults.py, docs/operations.md "CI"). Its
# Redis database is its own: the connections killed are that database's.
REDIS_URL_FAULTS_TEST ?= redis://127.0.0.1:6379/13
test-faults: install-dev
	DATABASE_URL=$(DATABASE_URL_TEST) REDIS_URL=$(REDIS_URL_FAULTS_TEST) $(PY) -m pytest games/tests/test_faults.py -m faults
