"""Machi Koro over JSON-RPC call by call: the config calls in the lobby, every play call's reply, every refusal
token (and that a refused call changes nothing and nobody hears of it), faults 603-609, who hears what, and a
state burst that rebuilds exactly the view the notifications built. Every frame is checked against the schema."""
import pytest
import pytest_asyncio

from games.machikoro.client import TableView
from games.machikoro.text import REFUSALS
from games.models import Game

from games.tests.sockets import close_consumer_connections, sync
from games.tests.rpc.machikoro_tables import arrange, machikoro_table
from games.tests.rpc.rpc_sockets import close_all, connect, schema_validator

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

NAMES = ("ann", "bob", "cid")
PROMPTS = ("game.your_move", "game.other_move", "game.outcome")


@pytest.fixture(autouse=True)
def cards(official_cards):
    """The official cards, which a game freezes when it starts."""


@pytest_asyncio.fixture(autouse=True)
async def close_database_threads():
    yield
    await close_all()
    await close_consumer_connections()


async def lobby(django_user_model, extensions=("harbor", "millionaires-row")):
    game, ids, keys = await sync(machikoro_table)(django_user_model, NAMES, extensions=extensions)
    validate = schema_validator("machikoro")
    clients = {name: await connect(game.code, keys[name], validate=validate) for name in NAMES}
    return game, clients, await connect(game.code, validate=validate)


async def table(django_user_model, **kwargs):
    """ann, bob and cid playing over RPC, an observer; (game, {position or None: client})."""
    game, clients, observer = await lobby(django_user_model, **kwargs)
    for name in NAMES:
        assert (await clients[name].call("volity.ready"))["result"] == ["volity.ok"]
    game = await sync(Game.objects.get)(pk=game.pk)
    by_seat = {game.table.index(name): clients[name] for name in NAMES}
    by_seat[None] = observer
    for client in by_seat.values():
        await client.until(*PROMPTS)
    return game, by_seat


async def heard(clients):
    """Each socket's notifications for one move, up to its prompt (or the outcome)."""
    return {seat: await client.until(*PROMPTS) for seat, client in clients.items()}


async def nothing_heard(clients):
    for client in clients.values():
        assert await client.quiet(0.2)


async def position(game):
    row = await sync(Game.objects.get)(pk=game.pk)
    return row.event_seq, row.state


def in_phase(phase, coins=3, cards=None, landmarks=(), dice=(3,), **more):
    """A change for `arrange`: seat 0 to act in `phase` with these holdings."""
    def change(state):
        player = state["players"][0]
        player["coins"] = coins
        player["cards"] = {"wheat-field": 1, "bakery": 1, **(cards or {})}
        player["landmarks"] = sorted({"city-hall", *landmarks})
        state.update(active=0, phase=phase, dice=list(dice), total=sum(dice), **more)
    return change


async def echoes(client):
    """The three option echoes one change sends, by name."""
    notes = [await client.note(m) for m in ("game.extensions", "game.market_stacks", "game.neighbours_only")]
    return {n["method"]: n["params"] for n in notes}


def ok(reply):
    return reply.get("result") == ["volity.ok"]


def refused(reply, code, token):
    return reply["error"]["code"] == code and reply["error"]["data"]["tokens"] == [token]


# ---- the lobby --------------------------------------------------------------------------------------------

async def test_config_calls_are_echoed_to_everyone_and_bad_values_refused(django_user_model):
    game, clients, observer = await lobby(django_user_model)
    everyone = [*clients.values(), observer]
    assert ok(await clients["ann"].call("volity.ready"))
    assert ok(await clients["bob"].call("game.set_extensions", ["harbor", "five-six"]))
    for client in everyone:
        assert await echoes(client) == {"game.extensions": ["bob", ["harbor", "five-six"]],
                                        "game.market_stacks": ["bob", 0], "game.neighbours_only": ["bob", False]}
    assert ok(await clients["cid"].call("game.set_market_stacks", 12))
    assert (await echoes(observer))["game.market_stacks"] == ["cid", 12]
    assert ok(await clients["cid"].call("game.set_neighbours_only", True))
    assert (await echoes(observer))["game.neighbours_only"] == ["cid", True]
    # A later change keeps the others (the market and the extensions stay as they were).
    assert ok(await clients["ann"].call("game.set_neighbours_only", False))
    assert (await echoes(observer))["game.market_stacks"] == ["ann", 12]
    row = await sync(Game.objects.get)(pk=game.pk)
    assert row.options["market"] == 12 and row.options["extensions"] == ["base", "harbor", "five-six"]
    assert not any(s.ready for s in await sync(list)(row.seats.all()))  # a change unreadies everyone

    for call in (("game.set_market_stacks", 9), ("game.set_market_stacks", 16), ("game.set_extensions", ["nope"])):
        reply = await clients["ann"].call(*call)
        assert refused(reply, 606, "volity.bad_config"), reply
    assert ok(await clients["ann"].call("game.set_extensions", ["harbor"]))
    reply = await clients["ann"].call("game.set_neighbours_only", True)  # the variant comes with the 5-6 box
    assert refused(reply, 606, "volity.bad_config")
    reply = await clients["ann"].call("game.roll", 1)
    assert refused(reply, 609, "volity.game_not_started")
    reply = await observer.call("game.set_market_stacks", 10)
    assert reply["error"]["code"] == 607


# ---- play calls and refusals ------------------------------------------------------------------------------

async def test_a_roll_reaches_everyone_and_the_roller_is_offered_its_builds(django_user_model):
    game, clients = await table(django_user_model)
    await sync(arrange)(game, in_phase("roll", dice=()))
    assert ok(await clients[0].call("game.roll", 1.0))
    got = await heard(clients)
    seq, state = await position(game)
    for seat, notes in got.items():
        assert notes[0] == {"jsonrpc": "2.0", "method": "game.dice_rolled", "params": ["seat1", state["dice"], "roll"]}
        if seat == 0:
            ask, calls = notes[-1]["params"]
            assert notes[-1]["method"] == "game.your_move" and ask["phase"] == "build"
            assert ["game.pass"] in calls and all(c[0] in ("game.pass", "game.buy", "game.build") for c in calls)
        else:
            assert notes[-1]["method"] == "game.other_move" and notes[-1]["params"][0] == "seat1"


@pytest.mark.parametrize("phase,setup,call,token", [
    ("roll", {}, ("game.buy", "cafe"), "game.must_roll"),
    ("roll", {}, ("game.roll", 2), "game.wrong_dice_count"),
    ("roll", {}, ("game.roll", 0), "game.wrong_dice_count"),
    ("build", {}, ("game.buy", "stadium"), "game.cannot_afford"),
    ("build", {}, ("game.build", "radio-tower"), "game.cannot_afford"),
    ("build", {}, ("game.buy", "no-such-card"), "game.unknown_card"),
    ("build", {}, ("game.build", "cafe"), "game.unknown_card"),
    ("build", {"coins": 20, "cards": {"stadium": 1}}, ("game.buy", "stadium"), "game.major_owned"),
    ("build", {"coins": 20, "landmarks": ("train-station",)}, ("game.build", "train-station"), "game.already_built"),
    ("build", {"market": {"ranch": 6}}, ("game.buy", "cafe"), "game.not_in_market"),
    ("build", {}, ("game.roll", 1), "game.build_or_pass"),
    ("reroll", {"landmarks": ("radio-tower",)}, ("game.pass",), "game.keep_or_reroll"),
    ("reroll", {"landmarks": ("radio-tower",)}, ("game.reroll", 3), "game.wrong_dice_count"),
    ("adjust", {"landmarks": ("harbor",), "dice": (5, 6), "choice": "harbor"}, ("game.keep_roll",), "game.must_adjust"),
    ("invest", {"cards": {"tech-startup": 1}, "choice": "tech-startup"}, ("game.invest", 5), "game.invest_amount"),
    ("choose", {"cards": {"tv-station": 1}, "dice": (6,), "pending": [[0, "tv-station", 1, 0, 0]]},
     ("game.choose_opponent", "seat1"), "game.not_an_option"),
    ("choose", {"cards": {"tv-station": 1}, "dice": (6,), "pending": [[0, "tv-station", 1, 0, 0]]},
     ("game.choose_opponent", "seat6"), "game.not_an_option"),
])
async def test_every_refusal_has_its_token_and_message_and_changes_nothing(django_user_model, phase, setup, call,
                                                                           token):
    game, clients = await table(django_user_model)
    setup = dict(setup)
    await sync(arrange)(game, in_phase(phase, **setup))
    before = await position(game)
    reply = await clients[0].call(*call)
    assert reply["error"] == {"code": 606, "message": str(REFUSALS[token.split(".")[1]]), "data": {"tokens": [token]}}
    assert await position(game) == before
    await nothing_heard(clients)


async def test_a_choice_a_purchase_and_the_end_of_the_turn(django_user_model):
    game, clients = await table(django_user_model)
    await sync(arrange)(game, in_phase("choose", cards={"tv-station": 1}, dice=(6,),
                                       pending=[[0, "tv-station", 1, 0, 0]]))
    reply = await clients[0].call("game.choose_opponent", "seat7", conforms=False)  # the schema knows seat1-6
    assert refused(reply, 606, "volity.invalid_seat")
    assert ok(await clients[0].call("game.choose_opponent", "seat2"))
    got = await heard(clients)
    for notes in got.values():
        assert notes[0]["method"] == "game.payment" and notes[0]["params"] == ["seat2", "seat1", 3, 5, "tv-station"]
    assert ok(await clients[0].call("game.buy", "wheat-field"))
    got = await heard(clients)
    for seat, notes in got.items():
        assert notes[0]["params"] == ["seat1", "wheat-field", 1] and notes[0]["method"] == "game.bought"
        assert {"method": "game.turn_started", "params": ["seat2", 2, False], "jsonrpc": "2.0"} in notes
        assert notes[-1]["method"] == ("game.your_move" if seat == 1 else "game.other_move")
    assert got[1][-1]["params"] == [{"phase": "roll", "card": None, "verb": None}, [["game.roll", 1]]]


async def test_faults_for_wrong_calls_out_of_turn_and_observers(django_user_model):
    game, clients = await table(django_user_model)
    await sync(arrange)(game, in_phase("roll", dice=()))
    before = await position(game)
    player, other, observer = clients[0], clients[1], clients[None]
    assert (await player.call("game.fly", conforms=False))["error"]["code"] == 603
    assert (await player.call("game.roll", conforms=False))["error"]["code"] == 604
    assert (await player.call("game.buy", "cafe", "ranch", conforms=False))["error"]["code"] == 604
    for call in (("game.roll", "1"), ("game.roll", 1.5), ("game.adjust_roll", "yes"),
                 ("game.set_extensions", "harbor"), ("game.buy", 7)):
        assert (await player.call(*call, conforms=False))["error"]["code"] == 605, call
    assert refused(await other.call("game.roll", 1), 609, "volity.not_your_turn")
    assert refused(await player.call("game.set_market_stacks", 10), 609, "volity.game_in_progress")
    for call in (("game.roll", 1), ("game.fly",), ("volity.ready",)):
        assert (await observer.call(*call, conforms=call[0] != "game.fly"))["error"]["code"] == 607, call
    assert await position(game) == before
    await nothing_heard(clients)


async def test_a_state_burst_rebuilds_the_view_the_notifications_built(django_user_model):
    """The observer follows a dozen moves incrementally; after each one its state burst gives the same table."""
    game, clients = await table(django_user_model)
    observer = clients[None]
    view = TableView()
    assert ok(await observer.call("volity.send_state"))
    for note in await observer.until("volity.state_sent"):
        view.apply(note)
    players = {seat: client for seat, client in clients.items() if seat is not None}
    for _move in range(14):
        row = await sync(Game.objects.get)(pk=game.pk)
        mover = players[row.to_act[0]]
        prompt = [n for n in mover.frames if n.get("method") == "game.your_move"][-1]
        calls = prompt["params"][1]
        call = next((c for c in calls if c[0] in ("game.buy", "game.build")), calls[0])
        assert ok(await mover.call(*call))
        got = await heard(clients)
        for note in got[None]:
            view.apply(note)
        incremental = view.snapshot()
        assert ok(await observer.call("volity.send_state"))
        burst = TableView()
        for note in await observer.until("volity.state_sent"):
            burst.apply(note)
        assert burst.snapshot() == incremental
        assert burst.holdings and burst.market



async def test_a_move_that_changes_nothing_anyone_sees_still_prompts_the_next_decision(django_user_model):
    """Declining the Harbor's +2 on a 10 that nobody's cards answer has no event of its own, yet the position moved
    on (to the purchase): the seat to act is asked again and the others hear whose move it is (CI once saw a
    program wait for ever for that prompt)."""
    game, clients = await table(django_user_model)
    offered = 99  # adjust_from: every landmark up to this index has been offered this turn (the Harbor included)
    await sync(arrange)(game, in_phase("adjust", landmarks=("harbor",), dice=(4, 6), choice="harbor",
                                       adjust_from=offered))
    assert ok(await clients[0].call("game.adjust_roll", False))
    got = await heard(clients)
    assert got[0] == [{"jsonrpc": "2.0", "method": "game.your_move", "params": [
        {"phase": "build", "card": None, "verb": None}, got[0][0]["params"][1]]}]
    assert ["game.pass"] in got[0][0]["params"][1]
    for seat in (1, 2, None):
        assert got[seat] == [{"jsonrpc": "2.0", "method": "game.other_move",
                              "params": ["seat1", {"phase": "build", "card": None, "verb": None}]}]
