"""The engine tests are pure Python (run with -p no:django): the live-games fixtures of games/tests/conftest.py
that need Django are replaced here by no-ops."""

import pytest


@pytest.fixture(autouse=True)
def counting_game():
    """The engine does not use the live games' rulesets registry."""


@pytest.fixture(autouse=True)
def eager_jobs():
    """The engine runs no Celery jobs."""
    yield
