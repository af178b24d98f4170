"""A side effect after a commit (a broadcast, a job queued) never turns the committed action into an error.

With Redis unreachable, creating a game answered 500 after the game was saved, and each retry left another
lobby; a socket's call answered `server_error` after its change was committed. Now the failure is logged and
the side effect dropped (games/broadcast.py, `after_commit`)."""
import logging

import pytest
import pytest_asyncio
from channels.layers import get_channel_layer
from django.db import transaction
from django.urls import reverse
from redis.exceptions import ConnectionError as RedisConnectionError

from games import scheduling, services
from games.identity import Identity
from games.models import Game, Seat
from games.rulesets import register, unregister

from games.tests.helpers import session_for
from games.tests.rpc.counting_rpc import COUNTING_RPC, PROTOCOL
from games.tests.rpc.rpc_sockets import close_all, connect
from games.tests.sockets import close_consumer_connections, next_frame, open_socket, sync

COUNTING_FORM = {"options-target": "12", "game-min_players": "2", "game-max_players": "3", "game-public": "on",
                 "game-turn_seconds": "0"}


@pytest.fixture
def unreachable_redis():
    """The channel layer fails every group message as redis-py does once its retries are spent."""
    layer = get_channel_layer()

    async def group_send(group, message):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    layer.group_send = group_send
    return layer


def dropped(caplog):
    return [r for r in caplog.records if r.name == "games.broadcast" and r.levelno == logging.ERROR]


def test_creating_a_game_with_redis_unreachable_redirects_to_the_one_lobby_it_made(client, commit_hooks,
                                                                                   unreachable_redis, caplog):
    client.post(reverse("guest"), {"nickname": "Lou"})
    response = client.post(reverse("games:create-ruleset", args=["counting"]), COUNTING_FORM)
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("games:game", args=[game.code])
    assert dropped(caplog), "the lost broadcast is logged"


def test_a_job_that_cannot_be_queued_is_logged_and_dropped(commit_hooks, monkeypatch, caplog):
    from kombu.exceptions import OperationalError

    def broker_down(task_name, *args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(scheduling, "dispatch", broker_down)
    with transaction.atomic():
        scheduling.dispatch_on_commit(scheduling.PLAY_BOT_MOVE, 1, 0)
    assert "games.tasks.play_bot_move" in dropped(caplog)[0].getMessage()


@pytest_asyncio.fixture
async def sockets_closed():
    register(COUNTING_RPC, rpc=PROTOCOL)
    yield
    unregister(COUNTING_RPC.slug)
    await close_all()
    await close_consumer_connections()


@pytest.fixture
def lobby(django_user_model):
    """ann (host) and bob in a lobby of the counting game with an RPC protocol, and their session keys."""

    def build():
        users = {n: django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")}
        ids = {n: Identity(user_id=u.pk, name=n) for n, u in users.items()}
        game = services.create_game(host=ids["ann"], ruleset_slug=COUNTING_RPC.slug, options={"target": 12},
                                    public=True, min_players=2, max_players=3, turn_seconds=0)
        services.join_game(game_id=game.pk, identity=ids["bob"])
        return game, {n: session_for(u) for n, u in users.items()}

    return build


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_socket_calls_answer_normally_with_redis_unreachable(lobby, sockets_closed, unreachable_redis, caplog):
    game, keys = await sync(lobby)()
    page = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    await page.send_json_to({"type": "ready", "ready": True})
    await page.send_json_to({"type": "ping", "ref": 1})
    assert (await next_frame(page, "pong", "error", timeout=5))["type"] == "pong"   # no server_error first
    assert await sync(lambda: Seat.objects.get(game=game, user__username="ann").ready)()
    await page.disconnect()
    referee = await connect(game.code, keys["bob"])
    assert (await referee.call("volity.ready", timeout=5))["result"] == ["volity.ok"]
    assert len(dropped(caplog)) >= 2
