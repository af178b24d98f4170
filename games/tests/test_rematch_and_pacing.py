"""Rematch (same options, bots kept, one game however often asked), the build-nothing log line, bot pacing
without a worker, and the create form's errors all at once."""
import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings

from games import services
from games.errors import NotSeated, WrongStatus
from games.models import Game, Seat
from games.machikoro.ruleset import MACHI_KORO
from games import scheduling
from games.scheduling import dispatch
from games.selectors.frames import seats_frame

from games.tests.helpers import counting_lobby, seat_to_act


def finished_game_with_a_bot(ann, bob):
    game = counting_lobby(ann, target=3, max_players=3, turn_seconds=60)
    services.join_game(game_id=game.pk, identity=bob)
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    for player in (ann, bob):
        services.set_ready(game_id=game.pk, identity=player, ready=True)
    while Game.objects.get(pk=game.pk).status == Game.Status.PLAYING:
        game = Game.objects.get(pk=game.pk)
        player = seat_to_act(game, ann, bob)
        services.play_action(game_id=game.pk, identity=player, expected_seq=game.event_seq,
                             action={"type": "add", "amount": 3})
    return Game.objects.get(pk=game.pk)


def test_a_rematch_keeps_the_options_and_the_bots_and_is_created_once(ann, bob, broadcasts):
    old = finished_game_with_a_bot(ann, bob)
    broadcasts.clear()
    new = services.create_rematch(game_id=old.pk, identity=bob)
    assert new.pk != old.pk and new.status == Game.Status.LOBBY
    assert (new.ruleset, new.options, new.max_players, new.turn_seconds, new.public) == \
           (old.ruleset, old.options, old.max_players, old.turn_seconds, old.public)
    seats = list(Seat.objects.filter(game=new).order_by("position"))
    assert [(s.name, s.bot_kind) for s in seats] == [("bob", ""), ("Random bot", "random")]
    assert new.host_user_id == bob.user_id and seats[1].ready  # whoever asked hosts it
    # Everyone on the finished game's page hears of it: the seats frame names the rematch.
    frames = [frame for group, frame in broadcasts if group == f"game-{old.code}" and frame.get("type") == "seats"]
    assert frames and frames[-1]["rematch"] == new.code
    # Asking again, by anyone, gives the same game; the others join it with one click (a join).
    assert services.create_rematch(game_id=old.pk, identity=ann).pk == new.pk
    services.join_game(game_id=new.pk, identity=ann)
    assert Seat.objects.filter(game=new).count() == 3


def test_only_the_players_of_a_finished_game_get_a_rematch(ann, bob, cid):
    old = finished_game_with_a_bot(ann, bob)
    with pytest.raises(NotSeated):
        services.create_rematch(game_id=old.pk, identity=cid)
    lobby = counting_lobby(ann)
    with pytest.raises(WrongStatus):
        services.create_rematch(game_id=lobby.pk, identity=ann)
    assert Game.objects.filter(rematch_of__isnull=False).count() == 0


def test_the_rematch_page_posts_and_redirects_to_the_new_game(client, ann, bob):
    old = finished_game_with_a_bot(ann, bob)
    client.login(username="ann", password="pw-ann")
    response = client.post(f"/games/{old.code}/rematch/")
    new = Game.objects.get(pk=Game.objects.get(pk=old.pk).rematch_id)
    assert response.status_code == 302 and response["Location"] == f"/games/{new.code}/"
    assert seats_frame(Game.objects.get(pk=old.pk), list(old.seats.all()), set())["rematch"] == new.code
    assert client.get(f"/games/{old.code}/rematch/").status_code == 405


def test_building_nothing_leaves_a_line_in_the_log(official_cards):
    rules = MACHI_KORO.freeze_rules(MACHI_KORO.clean_options({}))
    match = MACHI_KORO.start(rules, MACHI_KORO.clean_options({}), 7, ["Ann", "Bob"])
    seat = match.progress().to_act[0]
    while True:
        actions = match.legal_actions(seat)
        if {"type": "pass"} in actions:
            break
        match, _ = match.apply(seat, actions[0])
    after, events = match.apply(seat, {"type": "pass"})
    lines = after.narrate_move(seat, {"type": "pass"}, events)
    assert lines[0] == f"{['Ann', 'Bob'][seat]} builds nothing."
    assert after.narrate_move(seat, {"type": "roll", "dice": 1}, events) == after.narrate(events)


class FakeTask:
    """Stands in for a Celery task in eager mode: records when it ran."""

    name = "fake"

    class app:
        class conf:
            task_always_eager = True

    def __init__(self):
        self.ran_at = []

    def apply(self, args, throw):
        self.ran_at.append(time.monotonic())


@pytest.fixture
def fake_task(monkeypatch):
    """The task services name, found by its name in an eager Celery app."""
    task = FakeTask()

    class App:
        conf = FakeTask.app.conf
        tasks = {"fake": task}

    monkeypatch.setattr(scheduling, "current_app", App)
    return task


@pytest.mark.asyncio
async def test_without_a_worker_a_bot_move_waits_its_delay_on_the_sites_loop(fake_task):
    task = fake_task
    started = time.monotonic()
    # Called from a database thread of the event loop, as a service does after a move.
    await database_sync_to_async(lambda: dispatch("fake", 1, 2, countdown=0.3))()
    assert task.ran_at == []  # not at once: the players can follow the bot
    await asyncio.sleep(0.6)
    assert len(task.ran_at) == 1 and task.ran_at[0] - started >= 0.3


def test_outside_an_event_loop_a_bot_move_runs_at_once(fake_task):
    task = fake_task
    dispatch("fake", 1, countdown=0.3)
    assert len(task.ran_at) == 1


@override_settings(GAMES_BOT_DELAY=0)
def test_the_create_form_shows_every_error_at_once(client, ann, official_cards):
    client.login(username="ann", password="pw-ann")
    response = client.post("/games/new/", {
        "options-market_rule": "on", "options-neighbours_only": "on", "options-stacks": "",
        "game-min_players": "2", "game-max_players": "6", "game-turn_seconds": "90", "game-public": "on",
    })
    text = response.content.decode()
    assert response.status_code == 200
    assert "Choose how many stacks the market shows" in text
    assert "Neighbours-only payments come with the 5–6 player box" in text
    response = client.post("/games/new/", {
        "options-stacks": "", "game-min_players": "2", "game-max_players": "6", "game-turn_seconds": "7",
    })
    text = response.content.decode()
    assert "These options allow 2 to 4 players" in text and "Select a valid choice" in text


def test_the_5_6_box_options_reach_the_game(client, ann, official_cards):
    client.login(username="ann", password="pw-ann")
    response = client.post("/games/new/", {
        "options-extensions": ["five-six"], "options-market_rule": "on", "options-stacks": "12",
        "options-neighbours_only": "on", "game-min_players": "2", "game-max_players": "6",
        "game-turn_seconds": "90",
    })
    assert response.status_code == 302
    game = Game.objects.latest("created_at")
    assert game.options["neighbours_only"] is True and game.options["market"] == 12
    page = client.get(f"/games/{game.code}/").content.decode()
    assert "Neighbours-only payments" in page and 'data-card-face' not in page
