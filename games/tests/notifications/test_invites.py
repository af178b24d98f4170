"""Inviting a registered player by name to a lobby: the invitee is told with the join link; refusals are clear."""
import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model

from games import services
from games.errors import GameError, IdentityRequired, LobbyFull, NotSeated, WrongStatus
from games.identity import Identity
from games.models import Game, GameInvite, Notification
from games.notifications.models import Kind
from games.notifications.selectors import describe
from games.services import invites

from games.tests.helpers import counting_lobby, session_for
from games.tests.sockets import next_frame, open_socket


def test_a_seated_player_invites_a_registered_player_who_is_told_once(ann, bob, cid):
    game = counting_lobby(ann)
    services.join_game(game_id=game.pk, identity=cid)
    invite = services.do_invite_player(game, cid, " BOB ")  # any seated player; the name as typed
    assert invite.invitee_id == bob.user_id and invite.inviter_name == "cid"
    told = Notification.objects.get(user_id=bob.user_id)
    assert told.kind == Kind.INVITED and told.game_id == game.pk
    assert describe(told)["path"] == f"/games/{game.code}/join/" and "cid" in describe(told)["title"]
    with pytest.raises(GameError) as refused:
        services.do_invite_player(game, ann, "bob")
    assert refused.value.code == "already_invited"
    assert Notification.objects.filter(user_id=bob.user_id).count() == 1


@pytest.mark.parametrize("name, code", [("nobody", "unknown_player"), ("", "unknown_player"), (None, "unknown_player"),
                                        ("x" * 200, "unknown_player"), ("ann", "already_seated")])
def test_refusals_say_why_and_change_nothing(ann, name, code):
    game = counting_lobby(ann)
    with pytest.raises(GameError) as refused:
        services.do_invite_player(game, ann, name)
    assert refused.value.code == code and refused.value.message
    assert not GameInvite.objects.exists() and not Notification.objects.exists()


def test_only_the_seated_of_a_lobby_with_room_invite(ann, bob, cid, make_player):
    game = counting_lobby(ann, max_players=2)
    with pytest.raises(NotSeated):
        services.do_invite_player(game, bob, "cid")
    with pytest.raises(IdentityRequired):
        services.do_invite_player(game, Identity(), "cid")
    services.join_game(game_id=game.pk, identity=bob)
    with pytest.raises(LobbyFull):
        services.do_invite_player(game, ann, "cid")
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.set_ready(game_id=game.pk, identity=bob, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING
    with pytest.raises(WrongStatus):
        services.do_invite_player(game, ann, "cid")
    assert not GameInvite.objects.exists()


def test_too_many_invitations_are_refused(ann, make_player, monkeypatch):
    monkeypatch.setattr(invites, "MAX_INVITES_PER_GAME", 2)
    game = counting_lobby(ann, max_players=6)
    for name in ("p1", "p2", "p3"):
        make_player(name)
    services.do_invite_player(game, ann, "p1")
    services.do_invite_player(game, ann, "p2")
    with pytest.raises(GameError) as refused:
        services.do_invite_player(game, ann, "p3")
    assert refused.value.code == "too_many_invites"
    monkeypatch.setattr(invites, "MAX_INVITES_PER_GAME", 10)
    monkeypatch.setattr(invites, "MAX_INVITES_PER_HOUR", 2)
    with pytest.raises(GameError) as refused:
        services.do_invite_player(counting_lobby(ann), ann, "p3")
    assert refused.value.code == "too_many_invites"


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_lobby_socket_invites_and_answers_the_sender():
    @database_sync_to_async
    def setup():
        users = [get_user_model().objects.create_user(n, password=f"pw-{n}-123") for n in ("ann", "bob")]
        game = counting_lobby(Identity(user_id=users[0].pk, name="ann"))
        return game, session_for(users[0]), users[1]

    game, session, bob = await setup()
    socket = await open_socket(f"/ws/games/{game.code}/", session)
    await socket.send_json_to({"type": "invite", "name": "bob", "ref": "r1"})
    assert await next_frame(socket, "invited") == {"type": "invited", "ref": "r1", "name": "bob"}
    await socket.send_json_to({"type": "invite", "name": "nobody", "ref": "r2"})
    error = await next_frame(socket, "error")
    assert error["ref"] == "r2" and error["code"] == "unknown_player" and "nobody" in error["message"]
    await socket.send_json_to({"type": "invite", "name": ["bob"], "ref": "r3"})
    assert (await next_frame(socket, "error"))["code"] == "unknown_player"
    assert await database_sync_to_async(Notification.objects.filter(user=bob, kind=Kind.INVITED).count)() == 1
    await socket.disconnect()


def test_an_invitation_carries_its_message_on_one_line_and_escaped_in_the_page(ann, bob, client):
    game = counting_lobby(ann)
    services.do_invite_player(game, ann, "bob", "Come\nand <b>play</b>\x07 now")
    told = Notification.objects.get(user_id=bob.user_id)
    assert told.data["message"] == "Come and <b>play</b> now"
    assert describe(told)["detail"] == "“Come and <b>play</b> now”"
    client.force_login(get_user_model().objects.get(pk=bob.user_id))
    page = client.get("/notifications/").content.decode()
    assert "Come and &lt;b&gt;play&lt;/b&gt; now" in page and "<b>play</b>" not in page


@pytest.mark.parametrize("message", ["x" * (invites.MAX_MESSAGE + 1), 5, ["hi"]])
def test_an_invitation_message_that_is_not_short_text_is_refused_and_nothing_is_sent(ann, bob, message):
    game = counting_lobby(ann)
    with pytest.raises(GameError) as refused:
        services.do_invite_player(game, ann, "bob", message)
    assert refused.value.code == "bad_message"
    assert not GameInvite.objects.exists() and not Notification.objects.exists()
