"""Whole Machi Koro games over the RPC socket: four seats, programs (the stand-alone client, which learns the game
from the referee) and platform bots, to the end. Every frame follows the schema (requests too); an observer's
view rebuilt from the notifications equals the state burst's; no frame carries the random state, the seed or
the deck's order; and `manage.py rpc_client` plays a seat to the end and says who won."""
import asyncio
import json
from io import StringIO
from urllib.parse import parse_qs, urlsplit

import pytest
import pytest_asyncio
from django.core.management import call_command

from games.clients.play import play_table
from games.clients.rpc import Patient, RpcError, rate_limited
from games.machikoro import client as machikoro_client
from games.machikoro.client import TableView
from games.models import Game
from games.rpc.tokens import seat_token

from games.tests.sockets import close_consumer_connections, sync
from games.tests.rpc.machikoro_tables import machikoro_table
from games.tests.rpc.rpc_sockets import OPEN, CommunicatorConnection, close_all, connect, schema_validator

SECRETS = ("rng", "seed", "pending")


@pytest.fixture(autouse=True)
def cards(official_cards):
    """The official cards, which a game freezes when it starts."""


@pytest_asyncio.fixture
async def close_sockets():
    yield
    await close_all()
    await close_consumer_connections()


def tokens_of(game):
    return {s.name: seat_token(game, s) for s in game.seats.all() if not s.bot_kind}


def secret_free(frames, deck):
    for frame in frames:
        text = json.dumps(frame)
        assert not any(f'"{key}"' in text for key in SECRETS), frame
        assert len(deck) < 2 or json.dumps(deck)[1:-1] not in text, frame


async def watch(client):
    """An observer: its state burst, then every notification applied to a view until the game ends."""
    view = TableView()
    await client.call("volity.send_state")
    while True:
        note = await client.note_any(timeout=120)
        view.apply(note)
        if note["method"] == "volity.end_game":
            return view


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_four_seat_game_of_programs_and_bots_to_the_end(django_user_model, close_sockets):
    game, ids, keys = await sync(machikoro_table)(django_user_model, ("ann", "bob"), bots=("greedy", "income"),
                                                  extensions=("harbor",))
    tokens = await sync(tokens_of)(game)
    validate = schema_validator("machikoro")
    ann = await connect(game.code, token=tokens["ann"], validate=validate)
    bob = await connect(game.code, keys["bob"], validate=validate)
    observer = await connect(game.code, validate=validate)
    watching = asyncio.create_task(watch(observer))
    (ann_client, ann_outcome), (bob_client, bob_outcome) = await asyncio.wait_for(asyncio.gather(
        play_table(CommunicatorConnection(ann, timeout=60), "greedy", seed=1),
        play_table(CommunicatorConnection(bob, timeout=60), "random", seed=2),
    ), timeout=400)
    view = await asyncio.wait_for(watching, timeout=30)

    row = await sync(Game.objects.get)(pk=game.pk)
    assert row.status == Game.Status.FINISHED and ann_client is machikoro_client is bob_client
    winners = [f"seat{w + 1}" for w in row.result["winners"]]
    assert ann_outcome["winners"] == bob_outcome["winners"] == view.outcome["winners"] == winners
    assert {ann_outcome["seat"], bob_outcome["seat"]} == {f"seat{row.table.index(n) + 1}" for n in ("ann", "bob")}
    # The observer's incremental view is the final state burst's.
    assert (await observer.call("volity.send_state"))["result"] == ["volity.ok"]
    burst = TableView()
    for note in await observer.until("volity.state_sent"):
        burst.apply(note)
    assert burst.snapshot() == view.snapshot() and burst.outcome == view.outcome
    final = row.state
    assert {seat: h["coins"] for seat, h in view.holdings.items()} == {
        f"seat{i + 1}": p["coins"] for i, p in enumerate(final["players"])}
    for client in (ann, bob, observer):
        secret_free(client.frames, final["deck"])
    moves = [f for f in ann.frames if f.get("method") == "game.your_move"]
    assert moves and all(f["params"][1] for f in moves)


class InProcessConnection:
    """games.clients.rpc.RpcConnection's interface over the test's in-process socket (no server to reach)."""

    def __init__(self, url, origin, cookie=None, on_frame=None, timeout=30):
        parts = urlsplit(url)
        self.code = parts.path.split("/")[3]
        self.token = parse_qs(parts.query)["token"][0]
        self.timeout = timeout

    async def __aenter__(self):
        self.client = await connect(self.code, token=self.token, validate=schema_validator("machikoro"))
        self.connection = CommunicatorConnection(self.client, timeout=60)
        return self.connection

    async def __aexit__(self, *exc):
        await self.client.close()


@pytest.mark.django_db(transaction=True)
def test_the_client_command_plays_a_machikoro_seat_to_the_end(django_user_model, monkeypatch):
    game, ids, keys = machikoro_table(django_user_model, ("ann",), bots=("greedy", "income", "random"))
    token = tokens_of(game)["ann"]
    monkeypatch.setattr("games.clients.play.RpcConnection", InProcessConnection)
    out = StringIO()
    try:
        call_command("rpc_client", game.code, "--token", token, "--seed", "4", stdout=out)
    finally:
        OPEN.clear()  # closed by the command's connection, in its own event loop
        asyncio.run(close_consumer_connections())
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    winners = ", ".join(f"seat{w + 1}" for w in game.result["winners"])
    mine = f"seat{game.table.index('ann') + 1}"
    assert out.getvalue().strip() == f"Game over: {winners} won (landmarks); you were {mine}."


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_client_waiting_briefly_for_a_notification_keeps_its_socket(django_user_model, close_sockets):
    """The clients wait a short while for news before asking to be ready again (READY_RETRY): in these tests, as
    on a real socket, that wait ends with TimeoutError and the socket stays usable (a loaded CI host once took
    longer than the wait, and the test harness cancelled the consumer)."""
    game, ids, keys = await sync(machikoro_table)(django_user_model, ("ann", "bob"))
    ann = CommunicatorConnection(await connect(game.code, keys["ann"], validate=schema_validator("machikoro")))
    with pytest.raises(TimeoutError):
        await ann.notification(timeout=0.05)
    assert await ann.call("volity.send_state") == ["volity.ok"]
    assert (await ann.notification())["method"] == "volity.receive_state"


class EveryOtherCall:
    """A rate limit that refuses every other call, whatever the time: a database slower than the bucket's refill
    cannot hide the refusals (a real bucket refilled between calls on PostgreSQL)."""

    def __init__(self):
        self.calls = 0

    def take(self):
        self.calls += 1
        return self.calls % 2 == 0


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_clients_wait_out_the_rate_limit_instead_of_taking_it_for_a_moved_position(
        django_user_model, close_sockets, monkeypatch):
    """A call refused by the socket's rate limit (609 volity.rate_limited) changed nothing: the site's clients send
    it again after a pause. Taking it for 'the position moved on' (the other 609s) left a program waiting for a
    prompt that never came (seen in CI once the games ran faster)."""
    monkeypatch.setattr("games.rpc.consumer.TokenBucket", EveryOtherCall)
    game, ids, keys = await sync(machikoro_table)(django_user_model, ("ann", "bob"))
    ann = CommunicatorConnection(await connect(game.code, keys["ann"], validate=schema_validator("machikoro")))
    refused = []
    for _ in range(4):
        try:
            await ann.call("volity.unready")
        except RpcError as error:
            refused.append(error)
    assert len(refused) == 2 and all(rate_limited(e) for e in refused)

    patient = Patient(ann, pause=0.05)
    assert [await patient.call("volity.unready") for _ in range(6)] == [["volity.ok"]] * 6
