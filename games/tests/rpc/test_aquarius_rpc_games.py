"""Whole Aquarius games played over the RPC socket by the stand-alone client's policies, with platform bots in
some seats: every frame follows the schema, and no seat ever receives another seat's hand or goal, nor the
deck's order."""
import asyncio
import json
import re

import pytest
import pytest_asyncio

from games.clients.aquarius import make_policy, play
from games.models import Game

from ..sockets import close_consumer_connections, open_socket, sync
from .aquarius_tables import aquarius_table, event_log, tokens_of
from .rpc_sockets import close_all, CommunicatorConnection, connect, schema_validator

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

CARD_ID = re.compile(r"\b(?:w_[aefwv]_[12]|[lp]_[aefwv]{2}|q_[aefwv]{4}|act_[aefwv]_[123])\b")


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


async def play_on_the_game_page_socket(code, session_key, seed):
    """A browser user's seat: the game page's socket (/ws/games/<code>/), a random legal action when offered."""
    import random

    rng = random.Random(seed)
    socket = await open_socket(f"/ws/games/{code}/", session_key)
    await socket.send_json_to({"type": "ready", "ready": True})
    await socket.send_json_to({"type": "hello", "since": None})
    while True:
        frame = await socket.receive_json_from(timeout=60)
        if frame["type"] == "started":
            await socket.send_json_to({"type": "hello", "since": None})
            continue
        if frame["type"] not in ("snapshot", "update", "events"):
            continue
        if frame["progress"]["status"] == Game.Status.FINISHED:
            await socket.disconnect()
            return frame["progress"]["result"]
        actions = [a["action"] for a in frame.get("actions", []) if a["action"]["type"] != "see_goal"]
        if actions:
            await socket.send_json_to({"type": "act", "seq": frame["seq"], "action": rng.choice(actions)})


async def play_whole_game(django_user_model, names, bots=(), chicken=False, policies=None, by_token=(), web=()):
    """Everyone in `names` plays over RPC (a cookie, or the seat token for names in `by_token`) but those in
    `web`, who play on the game page's socket; an observer watches over RPC.
    Returns (game, events, {name: frames}, {name: outcome})."""
    game, ids, keys = await sync(aquarius_table)(django_user_model, names, bots, chicken)
    tokens = await sync(tokens_of)(game)
    validate = schema_validator()
    clients = {}
    for name in names:
        if name in web:
            continue
        if name in by_token:
            clients[name] = await connect(game.code, token=tokens[name], validate=validate)
        else:
            clients[name] = await connect(game.code, keys[name], validate=validate)
    watcher = await connect(game.code, validate=validate)
    policies = policies or {}
    runs = [play(CommunicatorConnection(clients[n]), make_policy(policies.get(n, "greedy"), seed=i))
            if n not in web else play_on_the_game_page_socket(game.code, keys[n], seed=i)
            for i, n in enumerate(names)]
    watching = asyncio.create_task(watch(watcher))
    outcomes = await asyncio.wait_for(asyncio.gather(*runs), timeout=240)
    await asyncio.wait_for(watching, timeout=20)
    frames = {n: clients[n].frames for n in names if n not in web}
    frames[None] = watcher.frames
    for client in (*clients.values(), watcher):
        await client.close()
    game, events = await sync(event_log)(game)
    return game, events, frames, dict(zip(names, outcomes))


async def watch(client):
    """An observer's socket: asks for the state, then listens until the game ends."""
    await client.call("volity.send_state")
    while True:
        frame = await client.receive(timeout=60)
        if frame.get("method") == "volity.end_game":
            return


def notes(frames):
    return [f for f in frames if isinstance(f, dict) and "method" in f]


def private_events(events, seat):
    """What the engine told `seat` alone, in order: its hands, goals and drawn cards."""
    private = []
    for e in events:
        if e.get("seat") != seat:
            continue
        if e["type"] == "new_hand":
            private.append(["new_hand", e["cards"]])
        elif e["type"] == "new_goal":
            private.append(["new_goal", e["element"]])
        elif e["type"] == "turn":
            private.append(["turn", e["card"]])
    return private


def check_hidden_information(game, events, frames):
    """Each seat's private notifications are exactly the engine's private events for it (state bursts aside),
    and no frame names a card that was neither public nor in the receiver's own hand by then. Observers get
    nothing private."""
    for name, received in frames.items():
        seat = game.table.index(name) if name is not None else None
        got, public, mine, in_burst = [], set(), set(), False
        for frame in notes(received):
            method, params = frame["method"], frame["params"]
            in_burst = (in_burst or method == "volity.receive_state") and method != "volity.state_sent"
            if method in ("game.place_card", "game.remove_card", "game.play_action"):
                public.add(params[0])
            elif method == "game.new_hand":
                mine.update(params[0])
            elif method == "game.your_turn" and params[0]:
                mine.add(params[0])
            for card in CARD_ID.findall(json.dumps(params)):
                assert card in public or card in mine, f"{name} was told of {card}: {frame}"
            if seat is None:
                assert method not in ("game.new_hand", "game.new_goal", "game.your_turn"), frame
            elif not in_burst and method in ("game.new_hand", "game.new_goal", "game.your_turn"):
                got.append([{"game.your_turn": "turn"}.get(method, method[5:]), params[0]])
        if seat is not None:
            assert got == private_events(events, seat), name


@pytest.mark.parametrize("names,bots,chicken,web", [
    (("ann", "bob"), (), False, ()),
    (("ann", "bob"), ("greedy",), True, ()),
    (("ann", "bob", "cid"), ("strong",), False, ("cid",)),
    (("ann", "bob", "cid", "dee"), ("random",), True, ("dee",)),
])
async def test_whole_games_over_rpc(django_user_model, names, bots, chicken, web):
    game, events, frames, outcomes = await play_whole_game(
        django_user_model, names, bots, chicken, policies={"bob": "random"}, by_token=("bob",), web=web)
    assert game.status == Game.Status.FINISHED
    winners = [f"seat{w + 1}" for w in game.result["winners"]]
    goals = next(e["goals"] for e in events if e["type"] == "outcome")
    for name, outcome in outcomes.items():
        if name in web:
            assert outcome["winners"] == game.result["winners"]
            continue
        assert outcome["winners"] == winners and outcome["goals"] == goals
        assert outcome["seat"] == f"seat{game.table.index(name) + 1}"
    check_hidden_information(game, events, frames)
