"""A program account that loses its RPC socket mid-game is replaced by a bot as a person would be: the RPC socket
counts as the seat's presence (games/consumers.py SeatSocketConsumer), its close marks the seat disconnected, and
after GAMES_ABSENCE_GRACE the sweeper (games/services/housekeeping.py) hands the seat to the autopilot bot."""
from datetime import timedelta

import pytest
import pytest_asyncio
from django.contrib.auth import get_user_model

from games import services
from games.models import Game, GameEvent, Presence, Seat
from games.programs.services import do_mark_program
from games.selectors.lookup import current_match
from games.services import housekeeping

from games.tests.rpc.aquarius_tables import aquarius_table, tokens_of
from games.tests.rpc.rpc_sockets import close_all, connect
from games.tests.sockets import close_consumer_connections, sync

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


def start_with_a_program(django_user_model):
    """ann (a person) and probot (a program account) at a started Aquarius table."""
    game, ids, keys = aquarius_table(django_user_model, ["ann", "probot"])
    do_mark_program(get_user_model().objects.get(username="probot"), True)
    for identity in ids.values():
        services.set_ready(game_id=game.pk, identity=identity, ready=True)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.PLAYING
    return game, ids, keys


def seat_of(game, name):
    return Seat.objects.get(game=game, user__username=name)


def ann_plays_until_the_program_s_seat_moved(game, ann):
    """ann plays her turns (as a random bot would choose); True once an event of probot's seat was recorded by
    the autopilot (bot moves run at once in eager mode), False if the game ended first."""
    program = seat_of(game, "probot").position
    for _ in range(200):
        if GameEvent.objects.filter(game=game, seat=program, by=GameEvent.By.AUTOPILOT).exists():
            return True
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.PLAYING:
            return False
        position = seat_of(game, "ann").position
        assert game.to_act == [position], "only ann may be waited for: the program's seat is the bot's"
        _ruleset, match = current_match(game)
        action = match.bot_action(position, "random", 7)
        services.play_action(game_id=game.pk, identity=ann, expected_seq=game.event_seq, action=action)
    return False


def keep_ann_present(game, now):
    Presence.objects.filter(seat=seat_of(game, "ann")).update(last_seen=now)


async def test_a_program_whose_rpc_socket_closes_is_played_by_a_bot_after_the_grace(django_user_model, settings):
    game, ids, keys = await sync(start_with_a_program)(django_user_model)
    token = (await sync(tokens_of)(game))["probot"]
    await connect(game.code, keys["ann"])  # ann stays on her socket throughout
    program = await connect(game.code, token=token)
    assert (await program.call("volity.send_state"))["result"] is not None
    seat = await sync(seat_of)(game, "probot")
    assert await sync(Presence.objects.filter(seat=seat).count)() == 1  # the RPC socket is the seat's presence

    await program.close()  # the program's process lost its connection mid-game
    seat = await sync(seat_of)(game, "probot")
    assert seat.disconnected_at is not None and not seat.autopilot
    assert await sync(Presence.objects.filter(seat=seat).count)() == 0

    grace = timedelta(seconds=settings.GAMES_ABSENCE_GRACE)
    too_soon = seat.disconnected_at + grace - timedelta(seconds=1)
    await sync(keep_ann_present)(game, too_soon)
    assert (await sync(housekeeping.sweep)(now=too_soon, due_only=True))["absent"] == 0
    assert not (await sync(seat_of)(game, "probot")).autopilot

    after = seat.disconnected_at + grace + timedelta(seconds=1)
    await sync(keep_ann_present)(game, after)
    assert (await sync(housekeeping.sweep)(now=after, due_only=True))["absent"] == 1
    seat = await sync(seat_of)(game, "probot")
    ann_seat = await sync(seat_of)(game, "ann")
    assert seat.autopilot and not seat.left and not ann_seat.autopilot
    assert await sync(ann_plays_until_the_program_s_seat_moved)(game, ids["ann"])
