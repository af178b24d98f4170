"""Volity's lobby over the RPC socket: sit, stand, bots, readiness, invitations and suspension, with their
notifications and refusals, and a program that goes from a table's address to the end of a game with no page.
Every frame is checked against the JSON Schema."""
import asyncio

import pytest
import pytest_asyncio

from games import services
from games.clients.rpc import Patient
from games.aquarius.client import make_policy, play
from games.identity import Identity
from games.models import Game, Notification, Seat
from games.notifications.models import GameInvite

from games.tests.helpers import session_for
from games.tests.sockets import close_consumer_connections, sync
from games.tests.rpc.aquarius_tables import load_aquarius_cards
from games.tests.rpc.rpc_sockets import CommunicatorConnection, close_all, connect, methods, schema_validator

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

OK = ["volity.ok"]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


def lobby(django_user_model, names, seated=1, max_players=3, min_players=2):
    """An Aquarius lobby hosted by names[0], with the first `seated` names seated; {name: session key}."""
    load_aquarius_cards()
    users = {n: django_user_model.objects.create_user(n, password="pw") for n in names}
    ids = {n: Identity(user_id=u.pk, name=n) for n, u in users.items()}
    game = services.create_game(host=ids[names[0]], ruleset_slug="aquarius", options={"chicken": False},
                                public=True, min_players=min_players, max_players=max_players, turn_seconds=0)
    for name in names[1:seated]:
        services.join_game(game_id=game.pk, identity=ids[name])
    return game, ids, {n: session_for(u) for n, u in users.items()}


async def table(django_user_model, names, **options):
    game, ids, keys = await sync(lobby)(django_user_model, names, **options)
    validate = schema_validator()
    clients = {n: await connect(game.code, keys[n], validate=validate) for n in names}
    return game, ids, clients, await connect(game.code, validate=validate)


def fault(reply):
    error = reply["error"]
    return error["code"], error.get("data", {}).get("tokens")


def seats_of(game):
    return [(s.name, s.bot_kind, s.ready) for s in Seat.objects.filter(game_id=game.pk).order_by("position")]


async def burst_of(client):
    assert (await client.call("volity.send_state"))["result"] == OK
    return await client.until("volity.state_sent")


async def test_someone_not_seated_sits_and_stands_and_everyone_hears_it(django_user_model):
    game, ids, clients, observer = await table(django_user_model, ("ann", "bob"))
    ann, bob = clients["ann"], clients["bob"]
    state = (await burst_of(bob))[0]["params"][0]
    assert state["player"] is None and state["seat"] is None  # not seated yet

    assert fault(await bob.call("volity.sit", "ann")) == (607, ["volity.not_yourself"])
    assert fault(await bob.call("volity.sit", "bob", "seat2")) == (606, ["volity.seat_not_available"])
    refused = await bob.call("volity.sit", "bob", "seat9", conforms=False)
    assert refused["error"] == {"code": 606, "message": "There is no seat called 'seat9': seats are seat1 to seat5.",
                                "data": {"tokens": ["volity.invalid_seat"]}}
    assert fault(await bob.call("volity.sit", conforms=False)) == (604, None)
    assert fault(await bob.call("volity.sit", "bob", None, conforms=False)) == (605, None)
    assert fault(await bob.call("volity.sit", "bob", "seat1", 1, conforms=False)) == (604, None)
    assert fault(await observer.call("volity.sit", "eve")) == (607, ["volity.identity_required"])
    assert await sync(seats_of)(game) == [("ann", "", False)]
    assert await ann.quiet()

    reply = await bob.call("volity.sit", "bob")
    assert reply["result"] == ["volity.ok", {"player": "bob", "seat": None}]  # the seat order is drawn at the start
    for client in (ann, bob, observer):
        assert (await client.note("volity.player_sat"))["params"] == ["bob", None]
    assert (await bob.call("volity.sit", "bob"))["result"] == ["volity.ok", {"player": "bob", "seat": None}]
    state = (await burst_of(bob))[0]["params"][0]
    assert state["player"] == "bob" and state["seat"] is None

    assert fault(await bob.call("volity.stand", "ann")) == (607, ["volity.not_yourself"])
    assert fault(await bob.call("volity.stand", conforms=False)) == (604, None)
    assert fault(await bob.call("volity.stand", 3, conforms=False)) == (605, None)
    assert (await bob.call("volity.stand", "bob"))["result"] == OK
    for client in (ann, observer):
        assert (await client.note("volity.player_stood"))["params"] == ["bob"]
    assert await sync(seats_of)(game) == [("ann", "", False)]
    assert fault(await bob.call("volity.stand", "bob")) == (607, None)  # no longer seated


async def test_the_host_adds_and_removes_bots_until_the_table_is_full(django_user_model):
    game, ids, clients, observer = await table(django_user_model, ("ann", "bob", "cid"), seated=2)
    ann, bob, cid = clients["ann"], clients["bob"], clients["cid"]
    assert fault(await bob.call("volity.add_bot")) == (606, ["volity.not_allowed"])  # only the host
    assert fault(await observer.call("volity.add_bot")) == (607, None)
    reply = await ann.call("volity.add_bot")
    assert reply["result"] == ["volity.ok", "Strong bot"]  # the game's default bot (the one standing in for players)
    for client in (ann, bob, observer):
        notes = await client.until("volity.player_ready")
        assert [n["params"] for n in notes if n["method"].startswith("volity.player")][-2:] == [
            ["Strong bot", None], ["Strong bot"]]
    assert fault(await ann.call("volity.add_bot", "greedy")) == (606, ["volity.no_seats_vacant"])  # 3 of 3
    assert fault(await cid.call("volity.sit", "cid")) == (606, ["volity.no_seats_vacant"])
    assert fault(await ann.call("volity.remove_bot", "Nobody")) == (606, ["volity.no_such_bot"])
    assert fault(await ann.call("volity.remove_bot", "bob")) == (606, ["volity.no_such_bot"])  # a player, not a bot
    assert fault(await bob.call("volity.remove_bot", "Strong bot")) == (606, ["volity.not_allowed"])
    assert (await ann.call("volity.remove_bot", "Strong bot"))["result"] == OK
    assert (await observer.note("volity.player_stood"))["params"] == ["Strong bot"]
    assert (await ann.call("volity.add_bot", "greedy"))["result"] == ["volity.ok", "Greedy bot"]
    assert fault(await ann.call("volity.add_bot", "genius")) == (605, None)  # no such kind of bot
    assert await sync(seats_of)(game) == [("ann", "", False), ("bob", "", False), ("Greedy bot", "greedy", True)]


async def test_readiness_is_heard_and_an_option_change_unreadies_everyone_who_was_ready(django_user_model):
    game, ids, clients, observer = await table(django_user_model, ("ann", "bob", "cid"), seated=3, min_players=3)
    ann, bob, cid = clients["ann"], clients["bob"], clients["cid"]
    everyone = (ann, bob, cid, observer)
    for name in ("ann", "bob"):
        assert (await clients[name].call("volity.ready"))["result"] == OK
        for client in everyone:
            assert (await client.note("volity.player_ready"))["params"] == [name]
    assert (await cid.call("game.set_chicken", True))["result"] == OK
    for client in everyone:
        heard = await client.until("volity.player_unready")
        heard += [await client.note_any()]
        assert [(n["method"], n["params"]) for n in heard[-3:]] == [
            ("game.is_chicken", ["cid", True]), ("volity.player_unready", ["ann"]), ("volity.player_unready", ["bob"])]
        assert await client.quiet()  # cid was not ready: nothing said of it
    assert not any(ready for _, _, ready in await sync(seats_of)(game))
    assert (await ann.call("volity.ready"))["result"] == OK
    assert (await ann.call("volity.unready"))["result"] == OK
    for client in everyone:
        assert (await client.note("volity.player_unready"))["params"] == ["ann"]


async def test_invitations_go_to_registered_players_by_name(django_user_model):
    game, ids, clients, observer = await table(django_user_model, ("ann", "bob", "dan"), seated=2)
    ann = clients["ann"]
    assert (await ann.call("volity.invite_player", "dan", "Come and play"))["result"] == OK
    assert await sync(GameInvite.objects.filter(game_id=game.pk, invitee__username="dan").exists)()
    told = await sync(Notification.objects.get)(user__username="dan")
    assert told.data["message"] == "Come and play"  # relayed in the invitation
    assert fault(await ann.call("volity.invite_player", "dan")) == (606, ["volity.already_invited"])
    assert fault(await ann.call("volity.invite_player", "bob")) == (606, ["volity.already_seated"])
    assert fault(await ann.call("volity.invite_player", "nobody")) == (606, ["volity.unknown_player"])
    assert fault(await clients["dan"].call("volity.invite_player", "ann")) == (607, None)  # not seated
    assert fault(await ann.call("volity.invite_player", conforms=False)) == (604, None)
    assert fault(await ann.call("volity.invite_player", "dan", 5, conforms=False)) == (605, None)
    assert await sync(GameInvite.objects.filter(game_id=game.pk).count)() == 1


async def test_a_seat_is_told_its_own_seat_stands_for_a_bot_and_sits_again(django_user_model):
    game, ids, clients, observer = await table(django_user_model, ("ann", "bob"), seated=2, max_players=2)
    ann, bob = clients["ann"], clients["bob"]
    assert fault(await ann.call("volity.suspend_game")) == (609, ["volity.game_not_started"])  # test_rpc_suspension
    assert fault(await observer.call("volity.suspend_game")) == (607, None)
    for client in (ann, bob):
        assert (await client.call("volity.ready"))["result"] == OK
    for client in (ann, bob):
        notes = await client.until("game.your_turn", "game.other_turn")
        assert "volity.start_game" in methods(notes)
    row = await sync(Game.objects.get)(pk=game.pk)
    seat = f"seat{row.table.index('bob') + 1}"
    assert (await bob.call("volity.sit", "bob"))["result"] == ["volity.ok", {"player": "bob", "seat": seat}]
    assert (await bob.call("volity.sit", "bob", seat))["result"] == ["volity.ok", {"player": "bob", "seat": seat}]
    other = "seat1" if seat == "seat2" else "seat2"
    assert fault(await bob.call("volity.sit", "bob", other)) == (606, ["volity.seat_not_available"])
    state = (await burst_of(bob))[0]["params"][0]
    assert state == {"state": "active", "game": game.code, "ruleset": "aquarius", "seat": seat, "player": "bob"}
    assert fault(await ann.call("volity.add_bot")) == (609, ["volity.game_in_progress"])

    assert (await bob.call("volity.stand", "bob"))["result"] == OK  # a bot plays bob's seat meanwhile
    bob_seat = await sync(Seat.objects.get)(game_id=game.pk, name="bob")
    assert bob_seat.left and bob_seat.autopilot
    assert (await bob.call("volity.sit", "bob"))["result"] == ["volity.ok", {"player": "bob", "seat": seat}]
    bob_seat = await sync(Seat.objects.get)(game_id=game.pk, name="bob")
    assert not bob_seat.left and not bob_seat.autopilot


async def test_a_program_sits_adds_a_bot_gets_ready_and_plays_to_the_end_with_no_page(django_user_model):
    """ann's table has one free seat besides a bot's: bob's program, which has only the table's address and its
    session, sits down, and ann's program seats a bot; both get ready and play to the end over RPC alone."""
    game, ids, keys = await sync(lobby)(django_user_model, ("ann", "bob"), seated=1, max_players=3, min_players=3)
    validate = schema_validator()
    ann = await connect(game.code, keys["ann"], validate=validate)
    bob = await connect(game.code, keys["bob"], validate=validate)
    assert (await bob.call("volity.sit", "bob"))["result"] == ["volity.ok", {"player": "bob", "seat": None}]
    assert (await ann.call("volity.add_bot", "random"))["result"] == ["volity.ok", "Random bot"]
    runs = [play(Patient(CommunicatorConnection(client), pause=0.05), make_policy("greedy", seed=i))
            for i, client in enumerate((ann, bob))]
    outcomes = await asyncio.wait_for(asyncio.gather(*runs), timeout=240)
    row = await sync(Game.objects.get)(pk=game.pk)
    assert row.status == Game.Status.FINISHED
    for name, outcome in zip(("ann", "bob"), outcomes):
        assert outcome["seat"] == f"seat{row.table.index(name) + 1}"  # told by name at the start, not guessed
        assert outcome["winners"] == [f"seat{w + 1}" for w in row.result["winners"]]
    for client in (ann, bob):
        sat = [n["params"] for n in client.frames if isinstance(n, dict) and n.get("method") == "volity.player_sat"]
        assert sorted(p for p in sat if p[1] is not None) == sorted(
            [name, f"seat{i + 1}"] for i, name in enumerate(row.table))


async def test_a_player_the_host_removed_cannot_sit_again(django_user_model):
    game, ids, clients, observer = await table(django_user_model, ("ann", "bob"), seated=2)
    bob_seat = await sync(Seat.objects.get)(game_id=game.pk, name="bob")
    await sync(services.kick)(game_id=game.pk, identity=ids["ann"], seat_id=bob_seat.pk)
    refused = await clients["bob"].call("volity.sit", "bob")
    assert refused["error"] == {"code": 606, "message": "The host removed you from this game.",
                                "data": {"tokens": ["volity.removed"]}}
    assert await sync(seats_of)(game) == [("ann", "", False)]
