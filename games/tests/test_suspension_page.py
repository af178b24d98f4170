"""A suspended game on its page: the banner (rendered with the page, kept up to date by the seat lists), the page
socket's `suspend` message, no action offered while suspended, and `ready` resuming play."""
import pytest
from django.urls import reverse

from games import services
from games.models import Game

from games.tests.helpers import seat_to_act, started_counting_game
from games.tests.sockets import next_frame, open_socket, sync
from games.tests.test_game_socket import close_database_threads, hello, start, table  # noqa: F401  (fixtures)

BANNER = "Game suspended by bob — play resumes when everyone is ready."


@pytest.mark.django_db
def test_the_page_shows_the_banner_only_while_suspended(client, ann, bob, django_user_model):
    game = started_counting_game(ann, bob, target=50)
    client.force_login(django_user_model.objects.get(username="ann"))
    page = client.get(reverse("games:game", args=[game.code])).content.decode()
    assert BANNER not in page and 'id="suspended-bar" role="status" hidden' in page
    assert 'id="suspend-game"' in page
    services.do_suspend_game(game_id=game.pk, identity=bob)
    page = client.get(reverse("games:game", args=[game.code])).content.decode()
    assert BANNER in page and 'id="suspended-bar" role="status">' in page


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_suspend_and_ready_over_the_page_socket(table):  # noqa: F811
    game, ids, keys = await sync(table)()
    ann = await open_socket(f"/ws/games/{game.code}/", keys["ann"])
    bob = await open_socket(f"/ws/games/{game.code}/", keys["bob"])
    await start(game, ann, bob)
    sockets = {"ann": ann, "bob": bob}
    first = (await sync(seat_to_act)(game, ids["ann"], ids["bob"])).name
    await bob.send_json_to({"type": "suspend"})
    for socket in sockets.values():
        seats = await next_frame(socket, "seats")
        assert seats["suspended"]["by"] == "bob" and not any(s["ready"] for s in seats["seats"])
        await next_frame(socket, "resync")
    frame = await hello(sockets[first])
    assert frame["actions"] == [] and frame["seats"]["suspended"]["by"] == "bob"
    await sockets[first].send_json_to({"type": "act", "seq": 0, "action": {"type": "add", "amount": 1}})
    assert (await next_frame(sockets[first], "error"))["code"] == "game_suspended"
    for socket in sockets.values():
        await socket.send_json_to({"type": "ready", "ready": True})
    while (await next_frame(ann, "seats"))["suspended"] is not None:
        pass
    assert not (await sync(Game.objects.get)(pk=game.pk)).is_suspended
    frame = await hello(sockets[first])
    assert [a["action"]["amount"] for a in frame["actions"]] == [1, 2, 3] and frame["seats"]["suspended"] is None
    for socket in sockets.values():
        await socket.disconnect()
