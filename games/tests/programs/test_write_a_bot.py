"""docs/write-a-bot.md: its bots (docs/examples/aquarius_bot.py and machikoro_bot.py, quoted whole in the guide) play
whole games against a fresh site, a real server process, with nothing but the REST API and the RPC socket. As a
guest they find or make an unrated table; with a program account's token, a rated one against the site's bots
(games/tests/programs/test_ladder_bots_live.py)."""
import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.browser.live_site import PYTHON, ROOT, LiveSite

BOTS = {"aquarius": ROOT / "docs" / "examples" / "aquarius_bot.py",
        "machikoro": ROOT / "docs" / "examples" / "machikoro_bot.py"}
GUIDE = ROOT / "docs" / "write-a-bot.md"
ENDPOINTS = {"/api/guests/", "/api/games/", "/api/games/{code}/", "/api/games/{code}/join/",
             "/api/games/{code}/bots/", "/api/games/{code}/ready/", "/api/games/{code}/seat/",
             "/api/games/{code}/result/", "/api/games/{code}/leave/"}


def test_the_guide_quotes_each_whole_bot():
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    for bot in BOTS.values():
        assert bot.read_text(encoding="utf-8") in blocks, bot.name


@pytest.mark.parametrize("game", sorted(BOTS))
def test_the_bot_uses_only_the_documented_endpoints_and_the_socket(game):
    source = BOTS[game].read_text(encoding="utf-8")
    imports = set(re.findall(r"^(?:from|import) (\S+)", source, re.M))
    assert imports <= {"json", "random", "sys", "time", "urllib.request", "websockets.sync.client"}
    paths = set(re.findall(r'"(/api/[^"?]*)', source)) | set(re.findall(r'f"(/api/[^"?]*)', source))
    assert paths == ENDPOINTS


@pytest.mark.timeout(600)
def test_the_aquarius_bot_plays_a_whole_game_as_a_guest_against_a_fresh_site(tmp_path: Path):
    with LiveSite(tmp_path, worker=False, load_cards=True) as site:
        run = subprocess.run([PYTHON, str(BOTS["aquarius"]), site.url()], cwd=ROOT, capture_output=True, text=True,
                             timeout=400)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "Warning" not in run.stderr, run.stderr[-3000:]  # a newcomer's first run prints nothing alarming
    result = json.loads(run.stdout.strip().splitlines()[-1])
    table = result["table"]
    assert len(table) == 3 and {row["rank"] for row in table} >= {1}
    assert [row["name"] for row in table if row["seat"] == result["seat"]] == ["Example bot"]
    assert result["rating"] is None  # a guest's table is not rated
