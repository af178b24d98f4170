"""The game socket with several clients at once: lobby, play, chat, resume, and bad input."""
import asyncio
import json

import pytest
import pytest_asyncio

from games import services
from games.models import Game, Seat

from games.tests.helpers import counting_lobby, session_for
from games.tests.sockets import close_consumer_connections, next_frame, no_frame_except, open_socket, refusal, sync

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    """Consumers opened connections in database threads that outlive the test: close them, so that later
    tests without database access (and the test database's teardown) find none."""
    yield
    await close_consumer_connections()


@pytest.fixture
def table(django_user_model):
    """ann (host) and bob in a counting lobby, with their session keys, and a spectator's session."""

    def build():
        users = {n: django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "eve")}
        from games.identity import Identity

        ids = {n: Identity(user_id=u.pk, name=n) for n, u in users.items()}
        game = counting_lobby(ids["ann"], target=12, max_players=3)
        services.join_game(game_id=game.pk, identity=ids["bob"])
        return game, ids, {n: session_for(u) for n, u in users.items()}

    return build


async def start(game, ann, bob):
    await ann.send_json_to({"type": "ready", "ready": True})
    await bob.send_json_to({"type": "ready", "ready": True})
    for socket in (ann, bob):
        await next_frame(socket, "started")


async def seats_until(socket, condition):
    """The seat list from the first seats frame meeting `condition` (presence frames may come first)."""
    while True:
        seats = (await next_frame(socket, "seats"))["seats"]
        if condition(seats):
            return seats


async def hello(socket, since=None):
    await socket.send_json_to({"type": "hello", "since": since})
    return await next_frame(socket, "snapshot", "events")


async def test_unknown_game_is_refused():
    assert await refusal("/ws/games/nosuchgame/") == 4404


async def test_lobby_ready_start_and_play_reach_everyone(table):
    game, ids, keys = await sync(table)()
    ann = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    bob = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    eve = await open_socket(f"/ws/games/{game.code}/", keys["eve"])  # a spectator
    snapshot = await hello(eve)
    assert snapshot["you"]["seat"] is None and [s["name"] for s in snapshot["seats"]["seats"]] == ["ann", "bob"]
    await start(game, ann, bob)
    await next_frame(eve, "started")
    frames = {name: await hello(socket) for name, socket in (("ann", ann), ("bob", bob), ("eve", eve))}
    first = next(n for n in ("ann", "bob") if frames[n]["actions"])
    second = "bob" if first == "ann" else "ann"
    assert frames[second]["actions"] == [] and frames["eve"]["actions"] == []
    assert frames[first]["view"]["players"][frames[first]["you"]["position"]]["secret"] is not None
    assert all(p["secret"] is None for p in frames["eve"]["view"]["players"])
    sockets = {"ann": ann, "bob": bob, "eve": eve}
    await sockets[first].send_json_to({"type": "act", "seq": 0, "action": {"type": "add", "amount": 3}})
    updates = {name: await next_frame(socket, "update") for name, socket in sockets.items()}
    assert {u["seq"] for u in updates.values()} == {1}
    assert updates["eve"]["entry"]["lines"] == [f"{first} adds 3: the count is 3."]
    assert [a["action"]["amount"] for a in updates[second]["actions"]] == [1, 2, 3]
    assert updates[first]["actions"] == [] and updates["eve"]["actions"] == []
    for socket in sockets.values():
        await socket.disconnect()


async def test_bad_messages_get_an_error_for_the_sender_alone(table):
    game, ids, keys = await sync(table)()
    ann = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    bob = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await start(game, ann, bob)
    state = await hello(ann)
    mover, waiter = (ann, bob) if state["actions"] else (bob, ann)
    bad = [
        (b"\x00binary", "bad_message"),
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"type": "chat", "text": "x" * 5000}), "too_large"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"type": "act", "seq": 0, "action": {"type": "add", "amount": 9}}), "illegal_action"),
        (json.dumps({"type": "act", "seq": 7, "action": {"type": "add", "amount": 1}}), "stale_event"),
        (json.dumps({"type": "act", "seq": 0, "action": "add"}), "bad_request"),
        (json.dumps({"type": "kick", "seat": "x"}), "bad_request"),
        (json.dumps({"type": "hello", "since": "yesterday"}), "bad_request"),
    ]
    for payload, code in bad:
        if isinstance(payload, bytes):
            await mover.send_to(bytes_data=payload)
        else:
            await mover.send_to(text_data=payload)
        error = await next_frame(mover, "error")
        assert error["code"] == code, payload
    await waiter.send_json_to({"type": "act", "seq": 0, "action": {"type": "add", "amount": 1}, "ref": "w1"})
    error = await next_frame(waiter, "error")
    assert error["code"] == "not_your_turn" and error["ref"] == "w1"
    assert await no_frame_except(mover, "seats")  # the other client heard nothing of it
    assert (await sync(lambda: Game.objects.get(pk=game.pk).event_seq)()) == 0
    await mover.send_json_to({"type": "ping", "ref": 5})  # the connection is still up
    assert (await next_frame(mover, "pong"))["ref"] == 5
    await ann.disconnect()
    await bob.disconnect()


async def test_double_submission_applies_once(table):
    game, ids, keys = await sync(table)()
    ann = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    ann_tab = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    bob = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await start(game, ann, bob)
    mover = ann if (await hello(ann))["actions"] else bob
    tabs = [ann, ann_tab] if mover is ann else [bob]
    action = {"type": "act", "seq": 0, "action": {"type": "add", "amount": 2}}
    for socket in tabs + tabs:
        await socket.send_json_to(action)
    errors = []
    for socket in tabs:
        while True:
            frame = await next_frame(socket, "update", "error")
            if frame["type"] == "error":
                errors.append(frame["code"])
                break
    assert set(errors) == {"stale_event"}
    assert (await sync(lambda: Game.objects.get(pk=game.pk).event_seq)()) == 1
    for socket in (ann, ann_tab, bob):
        await socket.disconnect()


async def test_a_reconnecting_client_gets_what_it_missed(table):
    game, ids, keys = await sync(table)()
    ann = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    bob = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await start(game, ann, bob)
    eve = await open_socket(f"/ws/games/{game.code}/", keys["eve"])
    await hello(eve)
    await eve.disconnect()
    for seq in range(3):
        current = await sync(lambda: Game.objects.get(pk=game.pk))()
        seats = await sync(lambda: {s.user.username: s.position for s in Seat.objects.filter(game=game).select_related("user")})()
        mover = ann if seats["ann"] in current.to_act else bob
        await mover.send_json_to({"type": "act", "seq": seq, "action": {"type": "add", "amount": 1}})
        while (await next_frame(mover, "update"))["seq"] != seq + 1:
            pass
    eve = await open_socket(f"/ws/games/{game.code}/", keys["eve"])
    resumed = await hello(eve, since=1)
    assert resumed["type"] == "events" and [e["seq"] for e in resumed["entries"]] == [2, 3]
    assert resumed["seq"] == 3 and resumed["view"]["count"] == 3
    full = await hello(eve, since=99)  # not a number of this game: the whole snapshot
    assert full["type"] == "snapshot" and [e["seq"] for e in full["entries"]] == [1, 2, 3]
    for socket in (ann, bob, eve):
        await socket.disconnect()


async def test_chat_reaches_everyone_and_is_rate_limited(table):
    game, ids, keys = await sync(table)()
    ann = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    eve = await open_socket(f"/ws/games/{game.code}/", keys["eve"])
    await ann.send_json_to({"type": "chat", "text": "<script>alert(1)</script>"})
    for socket in (ann, eve):
        frame = await next_frame(socket, "chat")
        assert frame["message"]["text"] == "<script>alert(1)</script>" and frame["message"]["name"] == "ann"
    for n in range(6):
        await eve.send_json_to({"type": "chat", "text": f"spam {n}"})
    codes = []
    for _ in range(6):
        frame = await next_frame(eve, "chat", "error")
        codes.append(frame.get("code", "chat"))
    assert codes.count("chat_rate_limited") == 1
    await ann.disconnect()
    await eve.disconnect()


async def test_a_flood_of_messages_is_throttled_but_the_socket_stays(table):
    game, ids, keys = await sync(table)()
    eve = await open_socket(f"/ws/games/{game.code}/", keys["eve"])
    for n in range(40):
        await eve.send_json_to({"type": "ping", "ref": n})
    frames = [await next_frame(eve, "pong", "error") for _ in range(40)]
    assert any(f["type"] == "error" and f["code"] == "rate_limited" for f in frames)
    await asyncio.sleep(0.5)
    await eve.send_json_to({"type": "ping", "ref": "after"})
    assert (await next_frame(eve, "pong"))["ref"] == "after"
    await eve.disconnect()


async def test_host_controls_over_the_socket(table):
    game, ids, keys = await sync(table)()
    ann = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    bob = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await bob.send_json_to({"type": "add_bot", "kind": "random"})
    assert (await next_frame(bob, "error"))["code"] == "forbidden"
    await ann.send_json_to({"type": "add_bot", "kind": "greedy"})
    seats = await seats_until(bob, lambda seats: len(seats) == 3)
    assert [s["bot"] for s in seats] == [None, None, "greedy"]
    bob_seat = next(s for s in seats if s["name"] == "bob")
    await ann.send_json_to({"type": "kick", "seat": bob_seat["id"]})
    seats = await seats_until(bob, lambda seats: len(seats) == 2)
    assert [s["name"] for s in seats] == ["ann", "Greedy bot"]
    await ann.disconnect()
    await bob.disconnect()


async def test_presence_is_shown_live(table):
    game, ids, keys = await sync(table)()
    ann = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    await seats_until(ann, lambda seats: seats[0]["connected"])  # ann herself arrived
    bob = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    seats = await seats_until(ann, lambda seats: seats[1]["connected"])
    assert [s["connected"] for s in seats] == [True, True]
    await bob.disconnect()
    seats = await seats_until(ann, lambda seats: not seats[1]["connected"])
    assert [s["connected"] for s in seats] == [True, False]
    await ann.disconnect()


async def test_a_socket_closing_forgets_its_presence_even_if_the_channel_layer_fails(table, monkeypatch):
    from channels.layers import get_channel_layer

    from games.models import Presence

    game, ids, keys = await sync(table)()
    bob = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await seats_until(bob, lambda seats: seats[1]["connected"])
    assert await sync(lambda: Presence.objects.filter(seat__game=game).count())() == 1

    async def broken(group, channel):
        raise ConnectionError("Redis went away")

    monkeypatch.setattr(get_channel_layer(), "group_discard", broken)
    with pytest.raises(ConnectionError):
        await bob.disconnect()
    assert await sync(lambda: Presence.objects.filter(seat__game=game).count())() == 0


async def test_the_open_games_list_updates_live(table):
    from channels.testing import WebsocketCommunicator

    from config.asgi import application

    browser = WebsocketCommunicator(application, "/ws/games/", headers=[(b"origin", b"http://localhost")])
    assert (await browser.connect())[0]
    first = await next_frame(browser, "games")
    game, ids, keys = await sync(table)()
    codes = {g["code"] for g in first["lobbies"]}
    assert game.code not in codes
    while True:
        frame = await next_frame(browser, "games")
        if any(g["code"] == game.code for g in frame["lobbies"]):
            break
    await browser.disconnect()
