"""Fixtures shared by every app's tests, and the collection rules of docs/operations.md ("CI")."""
import os

import pytest
from django.db.backends.signals import connection_created

# A test reaches the database when one of its fixtures builds on pytest-django's database setup (db,
# transactional_db, live_server, admin_client, ...) or it is marked django_db.
DATABASE_FIXTURE = "django_db_setup"
# Marks of tests that reach a service: the database, PostgreSQL or Redis.
SERVICE_MARKS = ("django_db", "postgres", "redis", "services")


@pytest.hookimpl(tryfirst=True)   # before `-m` selects: the marks added here are selectable
def pytest_collection_modifyitems(config, items):
    """Two marks, added at collection:

    - `services` on every test that reaches the database or Redis (see DATABASE_FIXTURE, SERVICE_MARKS):
      `make test-services` runs those (`-m "services and (not browser or redis)"`), on PostgreSQL and Redis;
    - `xdist_group` (one group per module) on every test that uses a module- or class-scoped fixture, such as
      a browser module's live site: under `--dist loadgroup` the module runs on one worker, so the fixture is
      built once instead of once per worker.
    """
    _leave_out_faults(config, items)
    _skip_without_services(items)
    for item in items:
        if any(item.get_closest_marker(mark) for mark in SERVICE_MARKS) or \
                DATABASE_FIXTURE in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.services)
        if any(scope in ("module", "class", "package") for scope in _project_fixture_scopes(item, config)):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))


def _skip_without_services(items):
    """Tests marked postgres or redis need those services: without their URLs they are skipped, saying why."""
    on_postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    on_redis = bool(os.environ.get("REDIS_URL"))
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL=postgres://... "
                                                    "(make test-services)"))
        if "redis" in item.keywords and not on_redis:
            item.add_marker(pytest.mark.skip(reason="needs Redis: set REDIS_URL=redis://... (make test-services)"))


def _leave_out_faults(config, items):
    """Tests marked `faults` (processes killed mid-game, `make test-faults`) run only when `-m` names them: never
    under `make test` or `make test-services`."""
    if "faults" in (config.option.markexpr or ""):
        return
    dropped = [item for item in items if item.get_closest_marker("faults") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item.get_closest_marker("faults") is None]


def _project_fixture_scopes(item, config):
    """The scopes of the fixtures an item uses that the project defines (not pytest's or its plugins')."""
    definitions = getattr(item, "_fixtureinfo", None)
    for fixturedefs in (definitions.name2fixturedefs.values() if definitions else ()):
        code = getattr(fixturedefs[-1].func, "__code__", None) if fixturedefs else None
        if code and code.co_filename.startswith(str(config.rootpath)) and "/.venv/" not in code.co_filename:
            yield fixturedefs[-1].scope


@pytest.fixture(autouse=True)
def site_language_reset():
    """A request in French leaves French active in this thread (LocaleMiddleware activates it for the
    request): each test starts and ends in the default language."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(scope="session")
def official_card_rows(django_db_setup, django_db_blocker):
    """What loading the official cards writes, as (report, [(model, rows)]): loaded once per worker in a
    transaction rolled back at once, since the load (validating, parsing and checking every card) costs about a
    second, and a few hundred tests start from it."""
    from django.apps import apps
    from django.db import transaction

    from cards.loading import load_official_cards

    with django_db_blocker.unblock(), transaction.atomic():
        report = load_official_cards()
        rows = [(model, list(model._base_manager.order_by("pk")))
                for model in apps.get_app_config("cards").get_models(include_auto_created=True)
                if model._meta.model_name != "carddataversion"]
        transaction.set_rollback(True)
    return report, [(model, objects) for model, objects in rows if objects]


@pytest.fixture
def official_cards(db, official_card_rows):
    """The official cards in the database, as `load_official_cards()` leaves them (its report returned): the
    rows of the first load written again, the card data version raised as the load raises it (or, when a
    fixture has already written cards, the load itself)."""
    import copy

    from django.core.management.color import no_style
    from django.db import connection

    from cards.caching import bump_version
    from cards.loading import load_official_cards

    report, rows = official_card_rows
    if any(model._base_manager.exists() for model, _ in rows):  # another fixture wrote cards first: load on top
        return load_official_cards()
    for model, objects in rows:
        model._base_manager.bulk_create([copy.copy(obj) for obj in objects])
    with connection.cursor() as cursor:  # PostgreSQL's sequences continue after the written ids
        for sql in connection.ops.sequence_reset_sql(no_style(), [model for model, _ in rows]):
            cursor.execute(sql)
    bump_version()
    return copy.deepcopy(report)


@pytest.fixture
def designer(db, django_user_model):
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("dana", password="pw-designer-1")
    user.groups.add(Group.objects.get(name="Designers"))
    return user


@pytest.fixture
def player(db, django_user_model):
    return django_user_model.objects.create_user("pat", password="pw-player-1")


def _read_uncommitted_in_shared_memory(sender, connection, **kwargs):
    """Tests on SQLite share one in-memory database between threads (a live server, a lab run's thread) through
    SQLite's shared cache, where a reader's table lock makes a writer fail at once ("database table is locked")
    instead of waiting as on the file database the site uses. Readers that take no table locks remove that
    artefact of the tests (https://sqlite.org/sharedcache.html, section 2.2.1)."""
    name = str(connection.settings_dict.get("NAME", ""))
    if connection.vendor == "sqlite" and "mode=memory" in name and "cache=shared" in name:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA read_uncommitted = 1")


connection_created.connect(_read_uncommitted_in_shared_memory, dispatch_uid="read_uncommitted_in_shared_memory")
