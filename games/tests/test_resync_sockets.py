"""What sockets do when messages may have been lost (docs/live-games.md, "Delivery: at most once, then resync"):
the page is told to resync, a page behind the game catches up from a ping, an RPC program is pushed its state."""
import pytest
import pytest_asyncio
from channels.layers import get_channel_layer

from config.pubsub_layer import RESYNC
from games import broadcast, services
from games.identity import Identity
from games.models import Game
from games.rpc.notify import rpc_group
from games.rulesets import register, unregister

from games.tests.helpers import session_for
from games.tests.rpc.counting_rpc import COUNTING_RPC, PROTOCOL
from games.tests.rpc.rpc_sockets import close_all, connect, methods
from games.tests.sockets import close_consumer_connections, next_frame, no_frame_except, open_socket, sync

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def counting_with_rpc():
    register(COUNTING_RPC, rpc=PROTOCOL)
    yield
    unregister(COUNTING_RPC.slug)
    await close_all()
    await close_consumer_connections()


@pytest.fixture
def playing(django_user_model):
    """A started counting game (with an RPC protocol) of ann and bob, and their session keys."""

    def build():
        users = {n: django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")}
        ids = {n: Identity(user_id=u.pk, name=n) for n, u in users.items()}
        game = services.create_game(host=ids["ann"], ruleset_slug="countrpc", options={"target": 50}, public=True,
                                    min_players=2, max_players=2, turn_seconds=0)
        services.join_game(game_id=game.pk, identity=ids["bob"])
        for name in ids:
            services.set_ready(game_id=game.pk, identity=ids[name], ready=True)
        return Game.objects.get(pk=game.pk), ids, {n: session_for(u) for n, u in users.items()}

    return build


def play_one(game, ids):
    """The seat to act adds 1 (as a move from another process would); the game's new event number."""
    game = Game.objects.get(pk=game.pk)
    mover = next(i for i in ids.values() if game.seats.get(position=game.to_act[0]).name == i.name)
    services.play_action(game_id=game.pk, identity=mover, expected_seq=game.event_seq,
                         action={"type": "add", "amount": 1})
    return Game.objects.get(pk=game.pk).event_seq


async def test_a_page_is_told_to_resync_when_the_layer_may_have_lost_its_frames(playing):
    game, ids, keys = await sync(playing)()
    page = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    await get_channel_layer().group_send(broadcast.game_group(game.code), RESYNC)
    assert (await next_frame(page, "resync")) == {"type": "resync"}
    await page.disconnect()


async def test_a_ping_behind_the_game_gets_the_missed_events_and_one_in_step_a_pong(playing):
    game, ids, keys = await sync(playing)()
    page = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await page.send_json_to({"type": "hello", "since": None})
    seen = (await next_frame(page, "snapshot"))["seq"]
    latest = await sync(play_one)(game, ids)
    await next_frame(page, "update")   # as if lost: the page still shows `seen`
    await page.send_json_to({"type": "ping", "since": seen})
    caught_up = await next_frame(page, "events", "pong")
    assert caught_up["type"] == "events" and caught_up["seq"] == latest
    assert [e["seq"] for e in caught_up["entries"]] == list(range(seen + 1, latest + 1))
    await page.send_json_to({"type": "ping", "since": latest, "ref": "r1"})
    pong = await next_frame(page, "pong", "events")
    assert pong["type"] == "pong" and pong["ref"] == "r1"
    await page.send_json_to({"type": "ping", "since": "x"})
    assert (await next_frame(page, "error"))["code"] == "bad_request"
    await page.disconnect()


async def test_an_rpc_program_that_missed_an_event_is_pushed_the_whole_state(playing):
    game, ids, keys = await sync(playing)()
    program = await connect(game.code, keys["ann"])
    latest = await sync(play_one)(game, ids)
    await program.until("game.added")
    # The next event's message is lost: the one after it shows the gap, and the program gets a state burst
    # (what volity.send_state() returns) instead of notifications that would skip a move.
    await get_channel_layer().group_send(rpc_group(game.code), {
        "type": "rpc.frames", "seq": latest + 2, "public": ['{"jsonrpc":"2.0","method":"game.added","params":[]}'],
        "private": {}})
    notes = methods(await program.until("volity.state_sent"))
    burst = notes[notes.index("volity.receive_state"):]
    assert "game.count" in burst and "game.added" not in burst
    await program.close()


async def test_an_rpc_program_is_pushed_its_state_when_the_layer_resyncs(playing):
    game, ids, keys = await sync(playing)()
    program = await connect(game.code, keys["bob"])
    await get_channel_layer().group_send(rpc_group(game.code), RESYNC)
    burst = await program.until("volity.state_sent")
    assert methods(burst)[0] == "volity.receive_state" and burst[0]["params"][0]["state"] == "active"
    assert await program.quiet()
    await program.close()


async def test_the_open_games_list_is_sent_again_on_a_resync():
    page = await open_socket("/ws/games/")
    first = await next_frame(page, "games")
    await get_channel_layer().group_send(broadcast.OPEN_GAMES_GROUP, RESYNC)
    again = await next_frame(page, "games")
    assert again["now"] >= first["now"]  # the server's clock, for the lobbies' ages: read again
    assert {**again, "now": None} == {**first, "now": None}
    assert await no_frame_except(page)
    await page.disconnect()
