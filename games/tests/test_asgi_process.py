"""What an ASGI process does before it serves (config/asgi.py): warm-up and the GIL switch interval."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# A server process started on the outer environment's services (PostgreSQL and the Redis channel layer under
# make test-services): run there too (docs/operations.md, "CI").
pytestmark = pytest.mark.services

PROBE = """
import sys
import config.asgi
from cards.effects.syntax import _lark
from channels.layers import channel_layers
print(sys.getswitchinterval(), _lark.cache_info().currsize, 'config.urls' in sys.modules,
      'games.views' in sys.modules, 'default' in channel_layers.backends)
"""


def probe(**env):
    environment = {**os.environ, "DJANGO_DEBUG": "1", "DJANGO_SETTINGS_MODULE": "config.settings", **env}
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=environment, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout.split()


def test_a_server_process_builds_the_effect_parser_and_imports_the_views_before_serving():
    interval, parsers, urls, views, layer = probe()
    assert (parsers, urls, views, layer) == ("1", "True", "True", "True")
    assert float(interval) == 0.001    # CPython's 0.005 kept the event loop waiting behind database threads


def test_the_switch_interval_is_a_setting():
    assert float(probe(GAMES_GIL_SWITCH_INTERVAL="0.002")[0]) == 0.002
