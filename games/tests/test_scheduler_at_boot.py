"""The in-process scheduler starts with the server, not with its first visitor.

A server process (uvicorn) of the embedded default (SQLite, in-memory layer, eager Celery: no worker, no beat) is
started over a database holding a timed game whose turn deadline has already passed. Nobody ever opens a
page or a socket on it (its access log stays empty): the game still moves, because config/asgi.py starts
the scheduler (games/scheduler.py) at the server's ASGI lifespan startup. test_scheduler.py checks the
wrapper in-process; this is the real process.
"""
from games.tests.default_site import (
    access_lines, default_site, migrate, query, server_log, start_silent_server, started_game, wait_for)

BOOT = 90  # seconds for a loaded CI machine to start Python, Django and uvicorn, then one scheduler tick


def test_a_server_started_over_an_overdue_game_moves_it_with_no_page_ever_open(tmp_path, monkeypatch):
    # The default timings (a scheduler tick every GAMES_SCHEDULER_TICK, 1 s), but for the absence grace: however
    # slow the boot, only the turn timer may move the game (nobody has been there since it started).
    site = default_site(tmp_path, monkeypatch, extra_env={"GAMES_ABSENCE_GRACE": "3600"})
    migrate(site)
    game = started_game(site, turn_seconds=30, overdue=5)
    assert query(site, "SELECT count(*) FROM games_gameevent WHERE game_id = ?", game["id"]) == [(0,)]
    try:  # started by hand (LiveSite's own start would make a request); stopped by the site
        server = start_silent_server(site)
        moved = wait_for(lambda: query(site, "SELECT by FROM games_gameevent WHERE game_id = ? AND seq = 1",
                                       game["id"]) or server.poll() is not None, timeout=BOOT, every=0.2)
        log = server_log(site, -1)
        assert server.poll() is None, f"the server died:\n{log[-3000:]}"
        assert moved, f"the overdue game did not move within {BOOT} s of the server's start:\n{log[-3000:]}"
        # The turn timer ended the late player's turn: a bot took the seat and played it.
        assert query(site, "SELECT by FROM games_gameevent WHERE game_id = ? AND seq = 1", game["id"]) == [
            ("autopilot",)]
        assert query(site, "SELECT count(*) FROM games_seat WHERE game_id = ? AND autopilot", game["id"]) == [(1,)]
        assert query(site, "SELECT turn_deadline IS NOT NULL FROM games_game WHERE id = ?", game["id"]) == [(1,)]
        assert query(site, "SELECT count(*) FROM games_presence") == [(0,)]  # no socket was ever open
        assert "Site ready at" in log and access_lines(log) == []  # no request of any kind reached the server
        assert "Traceback" not in log, log[-3000:]
    finally:
        site.stop()
