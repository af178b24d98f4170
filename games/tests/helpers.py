"""Shortcuts for the live-games tests."""
import time

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from games import services
from games.models import Game


def session_for(user):
    """The key of a new database session logged in as `user` (what a browser's session cookie carries)."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return session.session_key


def counting_lobby(host, *, target=10, min_players=2, max_players=4, turn_seconds=0, public=True):
    return services.create_game(host=host, ruleset_slug="counting", options={"target": target}, public=public,
                                min_players=min_players, max_players=max_players, turn_seconds=turn_seconds)


def join_and_ready(game, host, *others):
    """`others` join the host's lobby `game`, then everyone is ready (which starts a game that can start): the
    game as it is then."""
    for other in others:
        services.join_game(game_id=game.pk, identity=other)
    for player in (host, *others):
        services.set_ready(game_id=game.pk, identity=player, ready=True)
    return Game.objects.get(pk=game.pk)


def started_counting_game(host, *others, **settings):
    game = join_and_ready(counting_lobby(host, max_players=max(2, 1 + len(others)), **settings), host, *others)
    assert game.status == Game.Status.PLAYING
    return game


def seat_to_act(game, *players):
    """The player (among `players`) whose seat must act now."""
    game = Game.objects.get(pk=game.pk)
    for player in players:
        seat = game.seats.get(**player.owner_fields())
        if seat.position in game.to_act:
            return player
    raise AssertionError("none of these players is to act")



def pg_connection(autocommit=True):
    """A psycopg connection of its own to the test database (PostgreSQL), beside Django's."""
    import psycopg
    from django.db import connection

    settings = connection.settings_dict
    return psycopg.connect(host=settings["HOST"] or None, port=settings["PORT"] or None, user=settings["USER"],
                           dbname=settings["NAME"], password=settings["PASSWORD"] or None, autocommit=autocommit)


def wait_for_a_lock_waiter(pg, who, timeout=10):
    """Until some backend of the test database waits for a lock, asked on the psycopg connection `pg` (the
    activity view is read once per transaction unless its snapshot is cleared)."""
    deadline = time.monotonic() + timeout
    while True:
        pg.execute("SELECT pg_stat_clear_snapshot()")
        if pg.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                      "AND wait_event_type = 'Lock'").fetchone()[0]:
            return
        assert time.monotonic() < deadline, f"{who} never waited for the lock"
        time.sleep(0.01)
