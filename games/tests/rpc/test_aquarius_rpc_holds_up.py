"""Aquarius holds up as Machi Koro does: two moves sent at once for one turn (two RPC sockets of the seat, or its
RPC socket and its game page) give one move and one refusal that changes nothing; a game page that comes back
resumes from the event number it had, with what it missed and nothing it may not see."""
import asyncio
import json

import pytest
import pytest_asyncio

from games.models import Game
from games.rulesets import get_ruleset

from games.tests.sockets import close_consumer_connections, next_frame, open_socket, sync
from games.tests.rpc.aquarius_tables import aquarius_table, arrange, tokens_of
from games.tests.rpc.rpc_sockets import close_all, connect, methods, schema_validator
from games.tests.rpc.test_aquarius_rpc_games import check_page_frames, positions

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


async def row(game):
    return await sync(Game.objects.get)(pk=game.pk)


def after_alone(game, seat, action):
    """The position `action` alone makes from `game`'s (the engine, without the platform), as stored."""
    match, _ = get_ruleset(game.ruleset).load(game.rules, game.state).apply(seat, action)
    return json.loads(json.dumps(match.dump()))


async def heard_one_move(client):
    """A socket's notifications up to the next turn; then it must stay quiet: no second move reaches it."""
    notes = await client.until("game.your_turn", "game.other_turn")
    assert await client.quiet(0.5), client.notes
    return notes


@pytest.mark.parametrize("rival", ["token", "page"])
@pytest.mark.parametrize("sent_first", ["placing", "shuffling"])
async def test_two_moves_sent_at_once_for_one_turn_one_is_applied_the_other_refused(django_user_model, rival,
                                                                                   sent_first):
    game, ids, keys = await sync(aquarius_table)(django_user_model, ("ann", "bob"))
    validate = schema_validator()
    ann, bob = [await connect(game.code, keys[n], validate=validate) for n in ("ann", "bob")]
    for client in (ann, bob):
        assert (await client.call("volity.ready"))["result"] == ["volity.ok"]
    observer = await connect(game.code, validate=validate)
    for client in (ann, bob):
        await client.until("game.your_turn", "game.other_turn")  # the deal
    started = await row(game)
    seat = started.table.index("ann")
    # ann to play: a card at (1, 0) from one connection, Shuffle Goals from the other, at the same moment.
    await sync(arrange)(game, seat, {seat: ["w_a_2", "act_a_1", "w_e_1"], 1 - seat: ["act_a_2", "w_f_1"]},
                        [("w_a_1", 0, 0, True)])
    before = await row(game)
    placing = {"type": "play_card", "card": "w_a_2", "x": 1, "y": 0, "upright": True}
    shuffling = {"type": "shuffle_goals", "card": "act_a_1"}
    if rival == "token":
        other = await connect(game.code, token=(await sync(tokens_of)(game))["ann"], validate=validate)
        assert (await other.call("volity.send_state"))["result"] == ["volity.ok"]  # idle once its state is sent
        await other.until("volity.state_sent")
        calls = {"placing": ann.call("game.play_card", "w_a_2", 1, 0, True),
                 "shuffling": other.call("game.play_shuffle_goals", "act_a_1")}
        order = [sent_first, *(set(calls) - {sent_first})]
        outcomes = dict(zip(order, await asyncio.gather(*(calls[name] for name in order))))
        applied = [name for name, reply in outcomes.items() if "result" in reply]
        assert len(applied) == 1, outcomes
        refused = outcomes["shuffling" if applied == ["placing"] else "placing"]
        # Whichever came second found the turn over: the referee's state fault, and the seat's move stood.
        assert refused["error"]["code"] == 609 and refused["error"]["data"]["tokens"] == ["volity.not_your_turn"]
        listeners = (ann, other, bob, observer)
    else:
        page = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
        await page.send_json_to({"type": "hello", "since": None})
        await next_frame(page, "snapshot")  # idle once the page has its position
        calls = [ann.call("game.play_card", "w_a_2", 1, 0, True),
                 page.send_json_to({"type": "act", "seq": before.event_seq, "action": shuffling})]
        if sent_first == "shuffling":
            calls.reverse()
        reply = next(r for r in await asyncio.gather(*calls) if r is not None)
        frame = await next_frame(page, "update", "error")
        if "result" in reply:
            applied = ["placing"]
            assert frame["type"] == "error" or frame["seq"] == before.event_seq + 1, frame
            if frame["type"] == "update":  # the page heard the RPC move first; its own move is refused next
                frame = await next_frame(page, "error")
            assert frame["code"] in ("stale_event", "not_your_turn"), frame
        else:
            applied = ["shuffling"]
            assert reply["error"]["code"] == 609 and reply["error"]["data"]["tokens"] == ["volity.not_your_turn"]
            assert frame["type"] == "update" and frame["seq"] == before.event_seq + 1
        listeners = (ann, bob, observer)

    after = await row(game)
    assert after.event_seq == before.event_seq + 1  # one move, no trace of the other
    move = placing if applied == ["placing"] else shuffling
    assert after.state == await sync(after_alone)(before, seat, move)
    last = await sync(lambda: list(after.events.order_by("-seq")[:1]))()
    assert last[0].action == move and last[0].seat == seat
    for client in listeners:  # every socket heard the one move, once
        notes = await heard_one_move(client)
        played = [n["params"] for n in notes if n["method"] in ("game.place_card", "game.play_action")]
        assert played == ([["w_a_2", 1, 0, True]] if move is placing else [["act_a_1"]]), methods(notes)


async def play_moves(sockets, count):
    """`count` moves, each by the seat to act through its game page's socket (the first action offered that is
    a turn's move); returns the event number reached."""
    for _ in range(count):
        current = await row(sockets["game"])
        socket = sockets[current.to_act[0]]
        await socket.send_json_to({"type": "hello", "since": current.event_seq})
        frame = await next_frame(socket, "events")
        action = next(a["action"] for a in frame["actions"] if a["action"]["type"] != "see_goal")
        await socket.send_json_to({"type": "act", "seq": frame["seq"], "action": action})
        while (await next_frame(socket, "update"))["seq"] != current.event_seq + 1:
            pass
    return (await row(sockets["game"])).event_seq


async def test_a_game_page_resumes_from_its_event_number_with_only_its_own_secrets(django_user_model):
    game, ids, keys = await sync(aquarius_table)(django_user_model, ("ann", "bob"))
    pages = {n: await open_socket(f"/ws/games/{game.code}/", keys[n]) for n in ("ann", "bob")}
    for page in pages.values():
        await page.send_json_to({"type": "ready", "ready": True})
    for page in pages.values():
        await next_frame(page, "started", timeout=10)
    started = await row(game)
    sockets = {"game": game, **{started.table.index(n): p for n, p in pages.items()}}
    bob_seat = started.table.index("bob")

    # bob's second tab follows the game, then goes away at move k while bob plays on in his first tab.
    tab = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await tab.send_json_to({"type": "hello", "since": None})
    kept = [await next_frame(tab, "snapshot")]
    k = await play_moves(sockets, 2)
    while kept[-1]["seq"] != k:
        kept.append(await next_frame(tab, "update"))
    await tab.disconnect()
    now = await play_moves(sockets, 3)

    # It comes back with the number it had: the entries it missed, the position now, as bob sees it.
    tab = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await tab.send_json_to({"type": "hello", "since": k})
    resumed = await next_frame(tab, "events")
    kept.append(resumed)
    assert resumed["since"] == k and [e["seq"] for e in resumed["entries"]] == list(range(k + 1, now + 1))
    current = await row(game)
    assert resumed["seq"] == now and resumed["view"]["hand"] == current.state["hands"][bob_seat]
    if current.to_act == [bob_seat]:
        assert resumed["actions"], "bob's turn: the resumed page may act"
    # ...and then every move as it happens, with no gap.
    later = await play_moves(sockets, 1)
    update = await next_frame(tab, "update")
    kept.append(update)
    assert update["seq"] == later == now + 1
    # Up to date: nothing missed; a number that is not one of this game's: the whole snapshot.
    await tab.send_json_to({"type": "hello", "since": later})
    same = await next_frame(tab, "events")
    assert same["entries"] == [] and same["seq"] == later
    await tab.send_json_to({"type": "hello", "since": later + 50})
    whole = await next_frame(tab, "snapshot")
    assert [e["seq"] for e in whole["entries"]] == list(range(1, later + 1))
    kept += [same, whole]

    # An observer resumes the same way, with the public view only.
    watcher = await open_socket(f"/ws/games/{game.code}/")
    await watcher.send_json_to({"type": "hello", "since": k})
    public = await next_frame(watcher, "events")
    assert [e["seq"] for e in public["entries"]] == list(range(k + 1, later + 1))
    assert public["view"]["hand"] == [] and public["view"]["goal"] is None and public["actions"] == []

    final = await row(game)
    states = await sync(positions)(final)
    await sync(check_page_frames)(final, "bob", kept, states)
    for socket in (*pages.values(), tab, watcher):
        await socket.disconnect()
