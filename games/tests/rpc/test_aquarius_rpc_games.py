"""Whole Aquarius games played over the RPC socket by the stand-alone client's policies, with platform bots and
browser users (the game page's socket) in some seats: every RPC frame follows the schema (requests too), and no
seat, on either socket, ever receives another seat's hand, goal or drawn card, nor the deck's order."""
import asyncio
import json
import re

import pytest
import pytest_asyncio

from games.clients.rpc import Patient
from games.aquarius.client import make_policy, play
from games.models import Game

from games.tests.sockets import close_consumer_connections, open_socket, sync
from games.tests.rpc.aquarius_tables import aquarius_table, event_log, tokens_of
from games.tests.rpc.rpc_sockets import close_all, CommunicatorConnection, connect, schema_validator

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

CARD_ID = re.compile(r"\b(?:w_[aefwv]_[12]|[lp]_[aefwv]{2}|q_[aefwv]{4}|act_[aefwv]_[123])\b")


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


async def play_on_the_game_page_socket(code, session_key, seed, frames):
    """A browser user's seat: the game page's socket (/ws/games/<code>/), a random legal action when offered (in
    Aqua-Chicken it first looks at its goal). Every frame received goes into `frames`, decoded."""
    import random

    rng = random.Random(seed)
    looked = False
    socket = await open_socket(f"/ws/games/{code}/", session_key)
    await socket.send_json_to({"type": "ready", "ready": True})
    await socket.send_json_to({"type": "hello", "since": None})
    while True:
        frame = await socket.receive_json_from(timeout=60)
        frames.append(frame)
        if frame["type"] in ("started", "error"):  # an error: a move made on a position already past (a race)
            await socket.send_json_to({"type": "hello", "since": None})
            continue
        if frame["type"] not in ("snapshot", "update", "events"):
            continue
        if frame["progress"]["status"] == Game.Status.FINISHED:
            await socket.disconnect()
            return frame["progress"]["result"]
        actions = [a["action"] for a in frame.get("actions", [])]
        if actions and not looked and frame["view"]["chicken"] and frame["view"]["goal"] is None:
            looked = True  # the page's "Look at your goal" button (no legal action of its own: any time)
            await socket.send_json_to({"type": "act", "seq": frame["seq"], "action": {"type": "see_goal"}})
            continue
        if actions:
            await socket.send_json_to({"type": "act", "seq": frame["seq"], "action": rng.choice(actions)})


async def play_whole_game(django_user_model, names, bots=(), chicken=False, policies=None, by_token=(), web=()):
    """Everyone in `names` plays over RPC (a cookie, or the seat token for names in `by_token`) but those in
    `web`, who play on the game page's socket; an observer watches over RPC.
    Returns (game, events, {name: RPC frames}, {name: outcome}, {name: game page frames})."""
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
    page_frames = {n: [] for n in web}
    runs = [play(Patient(CommunicatorConnection(clients[n]), pause=0.05), make_policy(policies.get(n, "greedy"), seed=i))
            if n not in web else play_on_the_game_page_socket(game.code, keys[n], i, page_frames[n])
            for i, n in enumerate(names)]
    watching = asyncio.create_task(watch(watcher))
    outcomes = await asyncio.wait_for(asyncio.gather(*runs), timeout=240)
    await asyncio.wait_for(watching, timeout=20)
    frames = {n: clients[n].frames for n in names if n not in web}
    frames[None] = watcher.frames
    for client in (*clients.values(), watcher):
        await client.close()
    game, events = await sync(event_log)(game)
    return game, events, frames, dict(zip(names, outcomes)), page_frames


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


def positions(game):
    """{event number: the engine's state after it}, replayed from the game's start (the opening is number 0)."""
    from games.aquarius.engine.events import replay
    from games.rulesets import get_ruleset

    state = get_ruleset(game.ruleset).start(game.rules, game.options, game.seed, game.table).state
    states = {0: state}
    for event in game.events.order_by("seq"):
        state = states[event.seq] = replay(state, event.events)
    return states


def known_cards(states, seat):
    """{event number: the cards `seat` may have seen by then}: every card that was on the board or discarded,
    and every card that was in its own hand."""
    ids = lambda state, indices: {state.deck.cards[i].id for i in indices}  # noqa: E731
    known, seen = {}, set()
    for seq in sorted(states):
        state = states[seq]
        seen |= ids(state, state.hands[seat]) | ids(state, state.discard) | {
            card.id for card, _ in state.board.cells.values()}
        known[seq] = frozenset(seen)
    return known


def dicts_in(value):
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from dicts_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from dicts_in(item)


def check_page_frames(game, name, frames, states=None):
    """Every frame a browser seat's game-page socket received, against the position of the event number it
    carries: no card the seat could not know by then (another seat's hand or drawn card, the draw pile, whose
    order is thereby never sent), its own hand and goal only, and everyone's goals only once the game is over."""
    from games.aquarius.engine.cards import ELEMENTS
    from games.rulesets import get_ruleset

    seat = game.table.index(name)
    states = states or positions(game)
    known = known_cards(states, seat)
    deck_list = get_ruleset(game.ruleset).rules_view(game.rules)  # the frozen deck, in the card file's order
    seq = 0
    for frame in frames:
        seq = frame.get("seq", seq)
        state = states[seq]
        cards = state.deck.cards
        if "rules" in frame:
            assert frame["rules"] == deck_list, f"{name}: the deck list differs from the frozen rules"
        said = json.dumps({k: v for k, v in frame.items() if k != "rules"})
        for card in set(CARD_ID.findall(said)) - known[seq]:
            where = ("the draw pile" if state.deck.by_id[card].index in state.draw else
                     f"seat {state.to_act + 1}'s drawn card" if state.drawn == state.deck.by_id[card].index else
                     "another seat's hand")
            raise AssertionError(f"{name} (seat {seat + 1}) was sent {card}, in {where} at move {seq}: {said[:500]}")
        view = frame.get("view")
        if view is not None:
            assert view["hand"] == [cards[i].id for i in state.hands[seat]], f"{name}: not its hand at move {seq}"
            own_goal = ELEMENTS[state.goals[seat]] if state.knows[seat] else None
            assert view["goal"] == own_goal, f"{name}: goal {view['goal']!r} at move {seq}, not {own_goal!r}"
        for found in dicts_in(frame):
            if "goal" in found:
                assert found["goal"] in (None, ELEMENTS[state.goals[seat]]), f"{name} was sent a goal: {found}"
            if "goals" in found:
                assert state.over, f"{name} was sent the goals at move {seq}, before the end: {found}"
    return seq


@pytest.mark.parametrize("names,bots,chicken,web", [
    (("ann", "bob"), (), False, ()),
    (("ann", "bob"), ("greedy",), True, ()),
    (("ann", "bob", "cid"), ("strong",), False, ("cid",)),
    (("ann", "bob", "cid", "dee"), ("random",), True, ("cid", "dee")),
])
async def test_whole_games_over_rpc(django_user_model, names, bots, chicken, web):
    game, events, frames, outcomes, page_frames = await play_whole_game(
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
    if web:
        await sync(check_browser_seats)(game, page_frames)


def check_browser_seats(game, page_frames):
    """Each browser seat's game-page frames hide what they must, across the whole game; and the check is no
    formality: the frames of another seat's page, or the draw pile's order, would fail it."""
    from games.aquarius.engine.view import view_for

    states = positions(game)
    for name, frames in page_frames.items():
        assert sum(1 for f in frames if "view" in f) > 3, f"{name}'s page saw too little of the game"
        last = check_page_frames(game, name, frames, states)
        assert last == game.event_seq and frames[-1]["progress"]["status"] == Game.Status.FINISHED
    name = next(iter(page_frames))
    seat = game.table.index(name)
    other = (seat + 1) % len(game.table)
    for seq, state in states.items():
        if not state.over and state.draw and state.hands[other]:
            break
    others_view = {"type": "update", "seq": seq, "view": view_for(state, other)}
    with pytest.raises(AssertionError, match="was sent|not its hand"):
        check_page_frames(game, name, [others_view], states)
    pile = {"type": "update", "seq": seq, "pile": [state.deck.cards[i].id for i in state.draw[-2:]]}
    with pytest.raises(AssertionError, match="the draw pile"):
        check_page_frames(game, name, [pile], states)
