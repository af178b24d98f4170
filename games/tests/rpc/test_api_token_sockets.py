"""The game sockets accept API tokens: `?token=mkt_...` and `Authorization: Bearer mkt_...` on the RPC socket, the
header on the game page's socket; a wrong or revoked one is refused (4403), never taken as an anonymous visit."""
import pytest
import pytest_asyncio
from channels.testing import WebsocketCommunicator

from games import services
from games.api_tokens.services import do_create_token, do_revoke_token
from games.identity import Identity
from games.models import Seat
from games.rulesets import register, unregister

from games.tests.sockets import CONNECT_TIMEOUT, application, close_consumer_connections, refusal, sync
from games.tests.rpc.counting_rpc import COUNTING_RPC, PROTOCOL
from games.tests.rpc.rpc_sockets import OPEN, RpcTestClient, close_all, connect, rpc_path

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest_asyncio.fixture(autouse=True)
async def rpc_game():
    register(COUNTING_RPC, rpc=PROTOCOL)
    yield
    unregister(COUNTING_RPC.slug)
    await close_all()
    await close_consumer_connections()


def lobby_with_bob_token(django_user_model):
    ann, bob = (django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob"))
    ids = {n: Identity(user_id=u.pk, name=n) for n, u in (("ann", ann), ("bob", bob))}
    game = services.create_game(host=ids["ann"], ruleset_slug=COUNTING_RPC.slug, options={"target": 12}, public=True,
                                min_players=2, max_players=3, turn_seconds=0)
    services.join_game(game_id=game.pk, identity=ids["bob"])
    token, raw = do_create_token(user=bob, name="bob's bot")
    return game, bob, token, raw


def bearer_socket(path, raw):
    return WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost"),
                                                            (b"authorization", f"Bearer {raw}".encode())])


def bob_is_ready(game):
    return Seat.objects.get(game=game, name="bob").ready


async def test_an_api_token_in_the_query_plays_its_owners_seat(django_user_model):
    game, bob, token, raw = await sync(lobby_with_bob_token)(django_user_model)
    client = await connect(game.code, token=raw)
    assert (await client.call("volity.ready"))["result"] == ["volity.ok"]
    assert await sync(bob_is_ready)(game)
    wrong = raw[:-1] + ("A" if raw[-1] != "A" else "B")
    assert await refusal(rpc_path(game.code, wrong)) == 4403
    await sync(do_revoke_token)(user=bob, token_id=token.pk)
    assert await refusal(rpc_path(game.code, raw)) == 4403


async def test_a_bearer_header_opens_the_rpc_socket_as_the_tokens_owner(django_user_model):
    game, _bob, _token, raw = await sync(lobby_with_bob_token)(django_user_model)
    communicator = bearer_socket(rpc_path(game.code), raw)
    connected, _ = await communicator.connect(timeout=CONNECT_TIMEOUT)
    assert connected
    OPEN.append(communicator)
    client = RpcTestClient(communicator)
    assert (await client.call("volity.ready"))["result"] == ["volity.ok"]
    assert await sync(bob_is_ready)(game)
    refused = bearer_socket(rpc_path(game.code), "mkt_aaaaaaaa_" + "b" * 32)
    connected, _ = await refused.connect(timeout=CONNECT_TIMEOUT)
    assert connected
    assert (await refused.receive_output(timeout=CONNECT_TIMEOUT))["code"] == 4403


async def test_a_bearer_header_opens_the_game_page_socket_as_the_tokens_owner(django_user_model):
    game, _bob, _token, raw = await sync(lobby_with_bob_token)(django_user_model)
    communicator = bearer_socket(f"/ws/games/{game.code}/", raw)
    connected, _ = await communicator.connect(timeout=CONNECT_TIMEOUT)
    assert connected
    OPEN.append(communicator)
    await communicator.send_json_to({"type": "hello", "since": None})
    while True:
        frame = await communicator.receive_json_from(timeout=3)
        if frame["type"] == "snapshot":
            break
    assert frame["you"]["name"] == "bob" and frame["you"]["position"] == 1
    refused = bearer_socket(f"/ws/games/{game.code}/", raw[:13] + "A" * 32)  # bob's token id, a wrong secret
    connected, _ = await refused.connect(timeout=CONNECT_TIMEOUT)
    assert connected
    assert (await refused.receive_output(timeout=CONNECT_TIMEOUT))["code"] == 4403


async def test_a_token_at_an_unknown_game_is_told_the_game_is_unknown_not_that_the_token_is_bad(django_user_model):
    """A typo in the game's code closes with 4404 whatever the credentials: a 4403 would send the program hunting
    for a fault in a token that is fine (docs/aquarius-rpc.md, "Connecting")."""
    game, _bob, _token, raw = await sync(lobby_with_bob_token)(django_user_model)
    assert await refusal(rpc_path("nosuchgame", raw)) == 4404
    assert await refusal(rpc_path("nosuchgame", "1-" + "0" * 40)) == 4404
    refused = bearer_socket(rpc_path("nosuchgame"), raw)
    connected, _ = await refused.connect(timeout=CONNECT_TIMEOUT)
    assert connected
    assert (await refused.receive_output(timeout=CONNECT_TIMEOUT))["code"] == 4404
    assert await refusal(rpc_path(game.code, "mkt_aaaaaaaa_" + "b" * 32)) == 4403  # the game exists: the token is bad
