"""The issue's "done means", run against a fresh site (a real server process): a program account, made as a user
would make it (an account marked as a program, a personal API token), runs the guide's two example bots
(docs/examples/aquarius_bot.py, machikoro_bot.py) with nothing but its token. They create a rated five-seat Aquarius
table and a rated four-seat Machi Koro table, fill them with the site's bots, play both to the end and print the
program's rating change; the bot ladder then lists the program. No request of theirs fetches a page: every
response they read is JSON (urllib, their only HTTP client, is watched), and the server's access log shows no path
outside the API and the referee's socket while they run."""
import json
import re
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests.browser.live_site import PYTHON, ROOT, LiveSite

BOTS = {"aquarius": ROOT / "docs/examples/aquarius_bot.py", "machikoro": ROOT / "docs/examples/machikoro_bot.py"}
SEATS = {"aquarius": 5, "machikoro": 4}

# Make the program account the documented way (docs/write-a-bot.md: an account, "played by a program" ticked in
# its settings, a personal token from /accounts/tokens/) with the services those pages call.
MAKE_PROGRAM = """
from django.contrib.auth import get_user_model
from games.api_tokens.services import do_create_token
from games.programs.services import do_mark_program
user = get_user_model().objects.create_user("robo", password="robo-password-1")
do_mark_program(user, True)
print(do_create_token(user=user, name="ladder")[1])
"""

# Runs a bot as `python bot.py SITE TOKEN` would, noting every HTTP answer it reads (method, address, content type).
WATCHED = """
import json, runpy, sys, urllib.request
answers, opened = [], urllib.request.urlopen
def urlopen(request, *args, **kwargs):
    answer = opened(request, *args, **kwargs)
    answers.append([request.get_method(), request.full_url, answer.headers.get("Content-Type", "")])
    return answer
urllib.request.urlopen = urlopen
sys.argv = sys.argv[1:]
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
finally:
    print("ANSWERS " + json.dumps(answers), file=sys.stderr)
"""
REQUEST_LINE = re.compile(r'"(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|WebSocket) (\S+)')


def program_token(site):
    made = subprocess.run([PYTHON, "manage.py", "shell", "-c", MAKE_PROGRAM], cwd=ROOT, env=site.env,
                          capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr[-3000:]
    return made.stdout.strip().splitlines()[-1]


def requests_logged(site, since):
    """(method, path) of every request the server logged after `since` characters of its log."""
    log = (Path(site.workdir) / f"server-{site.ports[0]}.log").read_text(errors="replace")[since:]
    return REQUEST_LINE.findall(log)


@pytest.mark.timeout(900)
def test_a_program_plays_rated_aquarius_and_machi_koro_tables_with_bots_and_climbs_the_ladder(tmp_path: Path):
    with LiveSite(tmp_path, worker=False, load_cards=True, access_log=True) as site:
        token = program_token(site)
        log = Path(site.workdir) / f"server-{site.ports[0]}.log"
        since = len(log.read_text(errors="replace"))
        runs = {game: subprocess.Popen([PYTHON, "-c", WATCHED, str(bot), site.url(), token], cwd=ROOT, text=True,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                for game, bot in BOTS.items()}
        outputs = {game: run.communicate(timeout=700) for game, run in runs.items()}
        logged = requests_logged(site, since)
        ladders = {game: json.load(urllib.request.urlopen(f"{site.url()}/api/ladder/{game}/")) for game in BOTS}
        details = {}
    for game, (out, err) in outputs.items():
        assert runs[game].returncode == 0, f"{game}: {err[-3000:]}"
        printed = json.loads(out.strip().splitlines()[-1])
        details[game] = printed
        table = printed["table"]
        assert len(table) == SEATS[game] and {row["seat"] for row in table} == set(range(SEATS[game]))
        mine = [row for row in table if row["seat"] == printed["seat"]]
        assert len(mine) == 1 and mine[0]["name"] == "robo", table
        change = printed["rating"]
        assert change is not None and change["username"] == "robo" and change["position"] == printed["seat"]
        assert change["after"] - change["before"] == change["delta"] and change["rank"] == mine[0]["rank"]
        answers = json.loads(err.strip().splitlines()[-1].removeprefix("ANSWERS "))
        assert answers and all(kind.startswith("application/json") for _method, _url, kind in answers), answers
        assert all(url.startswith(site.url() + "/api/") for _method, url, _kind in answers)
        assert ["GET", f"{site.url()}/api/games/{printed['game']}/result/", "application/json"] in answers
    for game in BOTS:
        rows = {row["username"]: row for row in ladders[game]["results"] if row["username"]}
        assert rows["robo"]["program"] is True and rows["robo"]["games"] == 1, ladders[game]
        assert rows["robo"]["rating"] == details[game]["rating"]["after"]
    # The server saw nothing but the API and the two tables' sockets while the bots ran: no page, no asset.
    assert logged and all(path.startswith("/api/") for method, path in logged if method != "WebSocket"), logged
    sockets = {path.split("?")[0] for method, path in logged if method == "WebSocket"}
    assert sockets == {f"/ws/games/{details[game]['game']}/rpc/" for game in BOTS}, sockets


MAKE_PERSON = """
from django.contrib.auth import get_user_model
from games.api_tokens.services import do_create_token
user = get_user_model().objects.create_user("sam", password="sam-password-1")
print(do_create_token(user=user, name="my bot")[1])
"""


@pytest.mark.timeout(600)
def test_with_a_persons_token_the_bot_says_why_it_cannot_play_rated_and_leaves_no_table_behind(tmp_path: Path):
    with LiveSite(tmp_path, worker=False, load_cards=True) as site:
        made = subprocess.run([PYTHON, "manage.py", "shell", "-c", MAKE_PERSON], cwd=ROOT, env=site.env,
                              capture_output=True, text=True, timeout=120)
        assert made.returncode == 0, made.stderr[-3000:]
        run = subprocess.run([PYTHON, str(BOTS["aquarius"]), site.url(), made.stdout.strip().splitlines()[-1]],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
        lobbies = json.load(urllib.request.urlopen(f"{site.url()}/api/games/?status=lobby"))
    assert run.returncode == 1 and "needs a program account" in run.stderr, run.stderr[-3000:]
    assert lobbies["count"] == 0, lobbies   # its table of bots was closed when it left
