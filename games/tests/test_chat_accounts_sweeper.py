"""Chat, guests kept as accounts, the sweeper, replays and records."""
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone

from games import services
from games.errors import ChatRejected, IdentityRequired, WrongStatus
from games.identity import ANONYMOUS, GUEST_SESSION_KEY, Identity, identity_of
from games.models import ChatMessage, Game, GameEvent, Guest, Seat
from games.selectors.replay import ReplayMismatch, game_record, replay
from games.services.chat import MAX_CHAT_LENGTH, RATE_LIMIT
from games.services.housekeeping import sweep

from games.tests.helpers import counting_lobby, seat_to_act, started_counting_game


def test_chat_is_stored_as_text_and_broadcast(ann, broadcasts):
    game = counting_lobby(ann)
    services.post_chat(game_id=game.pk, identity=ann, text="  <b>hi</b>\u0000 there\n ")
    message = ChatMessage.objects.get()
    assert message.text == "<b>hi</b>  there" and message.name == "ann"
    frame = broadcasts[-1][1]
    assert frame["type"] == "chat" and frame["message"]["text"] == "<b>hi</b>  there"


@pytest.mark.parametrize("text, code", [("   ", "chat_empty"), ("x" * (MAX_CHAT_LENGTH + 1), "chat_too_long"),
                                        (42, "chat_invalid")])
def test_bad_chat_is_refused(ann, text, code):
    game = counting_lobby(ann)
    with pytest.raises(ChatRejected) as caught:
        services.post_chat(game_id=game.pk, identity=ann, text=text)
    assert caught.value.code == code and not ChatMessage.objects.exists()


def test_chat_is_rate_limited_per_player(ann, bob):
    game = counting_lobby(ann)
    for n in range(RATE_LIMIT):
        services.post_chat(game_id=game.pk, identity=ann, text=f"message {n}")
    with pytest.raises(ChatRejected) as caught:
        services.post_chat(game_id=game.pk, identity=ann, text="one too many")
    assert caught.value.code == "chat_rate_limited"
    services.post_chat(game_id=game.pk, identity=bob, text="bob may still talk")
    ChatMessage.objects.update(created_at=timezone.now() - timedelta(seconds=11))
    services.post_chat(game_id=game.pk, identity=ann, text="later on")
    with pytest.raises(IdentityRequired):
        services.post_chat(game_id=game.pk, identity=ANONYMOUS, text="who am I")


def test_a_guest_lives_in_the_session_and_can_become_an_account(ann, broadcasts):
    session = SessionStore()
    guest = services.become_guest(session, "  Zoé   the  Great ")
    assert guest.nickname == "Zoé the Great" and session[GUEST_SESSION_KEY] == guest.pk
    identity = identity_of(None, session)
    assert identity == Identity(guest_id=guest.pk, name="Zoé the Great")
    game = counting_lobby(identity)
    services.post_chat(game_id=game.pk, identity=identity, text="hello")
    user = services.keep_guest_as_account(guest, username="zoe", password="a-long-pass-99",
                                               email="zoe@example.com")
    assert Seat.objects.get(game=game).user == user and Game.objects.get(pk=game.pk).host_user == user
    assert ChatMessage.objects.get().user == user
    assert identity_of(None, session).is_anonymous  # the guest is spent: it is an account now
    assert get_user_model().objects.get(username="zoe").check_password("a-long-pass-99")


def test_the_sweeper_expires_forgotten_lobbies_only(ann, bob, broadcasts):
    old = counting_lobby(ann)
    present = counting_lobby(bob)
    Game.objects.update(updated_at=timezone.now() - timedelta(hours=1))
    services.socket_opened(game_id=present.pk, identity=bob)
    report = sweep()
    assert report["lobbies"] == 1
    assert Game.objects.get(pk=old.pk).status == Game.Status.ABANDONED
    assert Game.objects.get(pk=present.pk).status == Game.Status.LOBBY
    assert (f"game-{old.code}", {"type": "closed", "status": "abandoned",
                               "message": "This lobby expired: nobody was there."}) in broadcasts


def test_the_sweeper_ends_overdue_turns_and_restarts_stalled_bots(ann, bob, settings):
    game = started_counting_game(ann, bob, turn_seconds=30, target=50)
    late = seat_to_act(game, ann, bob)
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=5))
    report = sweep()
    assert report["turns"] == 1 and Seat.objects.get(game=game, **late.owner_fields()).autopilot
    # A bot move whose job was lost: the sweeper plays it.
    game = Game.objects.get(pk=game.pk)
    seq = game.event_seq
    waiting = seat_to_act(game, ann, bob)
    Seat.objects.filter(game=game, **waiting.owner_fields()).update(autopilot=True)
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    report = sweep()
    assert report["bots"] == 1 and Game.objects.get(pk=game.pk).event_seq > seq


def finished_game(ann, bob):
    game = started_counting_game(ann, bob, target=8)
    while (current := Game.objects.get(pk=game.pk)).status == Game.Status.PLAYING:
        services.play_action(game_id=game.pk, identity=seat_to_act(current, ann, bob),
                             expected_seq=current.event_seq, action={"type": "add", "amount": 2})
    return Game.objects.get(pk=game.pk)


def test_a_finished_game_replays_from_its_event_log(ann, bob):
    game = finished_game(ann, bob)
    data = replay(game)
    assert [s["seq"] for s in data["steps"]] == list(range(game.event_seq + 1))
    assert data["steps"][-1]["view"]["count"] == 8 and data["steps"][0]["view"]["count"] == 0
    assert data["steps"][1]["lines"][0].endswith("adds 2: the count is 2.")
    record = game_record(game)
    assert record["format"] == "live-game-record" and len(record["events"]) == game.event_seq
    assert record["final_state"] == game.state and record["seed"] == game.seed


def test_a_tampered_log_does_not_replay(ann, bob):
    game = finished_game(ann, bob)
    GameEvent.objects.filter(game=game, seq=2).update(events=[{"type": "added", "seat": 0, "amount": 3, "count": 5}])
    with pytest.raises(ReplayMismatch):
        replay(game)


def test_replays_wait_for_the_end(ann, bob):
    game = started_counting_game(ann, bob)
    with pytest.raises(WrongStatus):
        replay(game)
    with pytest.raises(WrongStatus):
        game_record(game)
