"""docs/write-a-bot.md: its bot (docs/examples/aquarius_bot.py, quoted whole in the guide) plays a whole Aquarius game
against a fresh site, a real server process, with nothing but the REST API and the RPC socket."""
import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.browser.live_site import PYTHON, ROOT, LiveSite

BOT = ROOT / "docs" / "examples" / "aquarius_bot.py"
GUIDE = ROOT / "docs" / "write-a-bot.md"


def test_the_guide_quotes_the_whole_bot():
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert BOT.read_text(encoding="utf-8") in blocks


def test_the_bot_uses_only_the_documented_endpoints_and_the_socket():
    source = BOT.read_text(encoding="utf-8")
    imports = set(re.findall(r"^(?:from|import) (\S+)", source, re.M))
    assert imports == {"json", "sys", "time", "urllib.request", "websockets.sync.client"}
    paths = set(re.findall(r'"(/api/[^"?]*)', source)) | set(re.findall(r'f"(/api/[^"?]*)', source))
    assert paths == {"/api/guests/", "/api/games/", "/api/games/{code}/join/", "/api/games/{code}/bots/",
                     "/api/games/{code}/ready/", "/api/games/{code}/seat/", "/api/games/{code}/result/"}


@pytest.mark.timeout(600)
def test_the_bot_plays_a_whole_game_against_a_fresh_site(tmp_path: Path):
    with LiveSite(tmp_path, worker=False, load_cards=True) as site:
        run = subprocess.run([PYTHON, str(BOT), site.url()], cwd=ROOT, capture_output=True, text=True, timeout=400)
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    table = result["table"]
    assert len(table) == 3 and {row["rank"] for row in table} >= {1}
    assert "Example bot" in {row["name"] for row in table}
    assert result["ratings"] == []  # a guest's table is not rated
