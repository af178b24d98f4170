"""The Machi Koro engine tests are pure Python (run with -p no:django): the autouse fixtures of games/tests/conftest.py
and of the root conftest.py that need Django are replaced here by no-ops."""

import pytest


@pytest.fixture(autouse=True)
def counting_game():
    """The engine does not use the live games' rulesets registry."""


@pytest.fixture(autouse=True)
def eager_jobs():
    """The engine runs no Celery jobs."""
    yield


@pytest.fixture(autouse=True)
def fresh_channel_layer():
    """The engine sends nothing on a channel layer."""
    yield


@pytest.fixture(autouse=True)
def site_language_reset():
    """The engine speaks no site language (its English is the wire contract)."""
    yield
