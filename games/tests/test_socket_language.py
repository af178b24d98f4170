"""A game socket answers in its page's language, also when its database work runs in the thread pool
(PostgreSQL: games.consumers.db hands the call to its own threads, which must carry the language)."""
import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings

from config.asgi import application

from games import services

from games.tests.sockets import CONNECT_TIMEOUT, close_consumer_connections, next_frame, open_socket, sync
from games.tests.test_game_socket import hello, start, table  # noqa: F401  (fixture)

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def french_socket(path, session_key):
    cookie = f"{settings.SESSION_COOKIE_NAME}={session_key}; {settings.LANGUAGE_COOKIE_NAME}=fr"
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost"),
                                                                     (b"cookie", cookie.encode())])
    connected, _ = await communicator.connect(timeout=CONNECT_TIMEOUT)
    assert connected
    return communicator


async def test_a_refused_move_is_worded_in_the_sockets_language(table):  # noqa: F811
    game, ids, keys = await sync(table)()
    path = f"/ws/games/{game.code}/"
    ann, bob = await french_socket(path, keys["ann"]), await open_socket(path, keys["bob"])
    await start(game, ann, bob)
    snapshot = await hello(ann)
    seq = snapshot["seq"]
    if snapshot["actions"]:  # ann is to act: she plays once, then it is bob's turn
        await ann.send_json_to({"type": "act", "seq": seq, "action": {"type": "add", "amount": 1}})
        seq = (await next_frame(ann, "update", timeout=10))["seq"]
    await ann.send_json_to({"type": "act", "seq": seq, "action": {"type": "add", "amount": 1}, "ref": 1})
    refused = await next_frame(ann, "error", timeout=10)
    assert refused["code"] == "not_your_turn" and refused["message"] == "Ce n'est pas votre tour."
    for socket in (ann, bob):
        await socket.disconnect()
    await close_consumer_connections()


async def test_the_open_games_list_reaches_each_socket_in_its_own_language(django_user_model):
    """A French host opens a lobby: the English browser's list says "Harbor", the French one "Marina"."""
    from games.identity import Identity
    from games.machikoro import engine

    french = await french_socket("/ws/games/", "")
    english = await open_socket("/ws/games/", "")
    for socket in (french, english):
        await next_frame(socket, "games")

    def open_lobby():
        from django.utils import translation

        user = django_user_model.objects.create_user("hana", password="pw")
        host = Identity(user_id=user.pk, name="hana")
        with translation.override("fr"):  # the action's language must not be everyone's
            return services.create_game(host=host, ruleset_slug="machikoro", public=True, min_players=2,
                                        max_players=4, turn_seconds=0,
                                        options=engine.GameOptions(extensions=("base", "harbor")).to_json())

    game = await sync(open_lobby)()

    async def options_seen(socket):
        while True:
            frame = await next_frame(socket, "games", timeout=10)
            rows = [g for g in frame["lobbies"] if g["code"] == game.code]
            if rows:
                return rows[0]["options"]

    assert await options_seen(english) == ["Base game + Harbor", "Market: every stack"]
    assert await options_seen(french) == ["Jeu de base + Marina", "Marché : toutes les piles"]
    for socket in (french, english):
        await socket.disconnect()
    await close_consumer_connections()


async def test_a_french_page_gets_every_move_in_french_also_one_worded_before_it_was_noted(django_user_model):
    """Opening the page notes French for the game, so its updates are worded in it; a move worded before the
    note (the page opened as it was made) reaches the page as the missed entry, in French, not in English."""
    from cards.loading import load_official_cards
    from games.identity import Identity
    from games.models import Game, Seat

    from games.tests.helpers import join_and_ready, session_for

    def machikoro_game():
        load_official_cards()
        users = [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]
        ann, bob = (Identity(user_id=u.pk, name=u.username) for u in users)
        game = services.create_game(host=ann, ruleset_slug="machikoro", public=True, min_players=2,
                                    max_players=2, turn_seconds=0, options={})
        game = join_and_ready(game, ann, bob)
        first = Seat.objects.get(game=game, position=game.to_act[0])
        return game, {u.pk: session_for(u) for u in users}, first.user_id

    game, keys, first_user = await sync(machikoro_game)()
    path = f"/ws/games/{game.code}/"
    french_user = first_user
    english_user = next(u for u in keys if u != first_user)
    french, english = await french_socket(path, keys[french_user]), await open_socket(path, keys[english_user])
    assert (await sync(Game.objects.get)(pk=game.pk)).reader_languages == ["fr"]
    snapshot = await hello(french)
    await hello(english)

    async def roll(seq):
        action = next(a["action"] for a in snapshot["actions"] if a["action"]["type"] == "roll")
        await french.send_json_to({"type": "act", "seq": seq, "action": action})

    await roll(snapshot["seq"])
    in_french, in_english = await next_frame(french, "update"), await next_frame(english, "update")
    assert in_french["seq"] == in_english["seq"] == 1
    assert in_french["entry"]["lines"] != in_english["entry"]["lines"]   # both worded: each its own
    assert any("lance" in line for line in in_french["entry"]["lines"])
    # The race: the next move is worded before the note (as if the page had just opened).
    await sync(Game.objects.filter(pk=game.pk).update)(reader_languages=[])
    snapshot = await hello(french)
    await french.send_json_to({"type": "act", "seq": snapshot["seq"], "action": snapshot["actions"][0]["action"]})
    caught_up = await next_frame(french, "events", "update", timeout=10)
    assert caught_up["type"] == "events" and caught_up["since"] == 1
    assert [e["seq"] for e in caught_up["entries"]] == [2]
    worded = await next_frame(english, "update")
    assert caught_up["entries"][0]["lines"] != worded["entry"]["lines"]
    for socket in (french, english):
        await socket.disconnect()
    await close_consumer_connections()
