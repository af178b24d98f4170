"""Fixtures of the statistics tests."""
import pytest


@pytest.fixture
def inline_runs(settings):
    settings.LAB_IN_PROCESS_THREAD = False   # lab runs play their chunks in the test's thread, not a background one
