"""Lobby services on the counting game: create, join, ready and start, leave, kick, bots."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import (BadRequest, IdentityRequired, InvalidSettings, LobbyFull, NotAllowed, NotSeated,
                          WrongStatus)
from games.identity import ANONYMOUS
from games.models import Game, Presence, Seat
from games.selectors.presence import present_seat_ids

from games.tests.helpers import counting_lobby


def positions(game):
    return list(Seat.objects.filter(game=game).order_by("position").values_list("name", flat=True))


def test_create_game_seats_the_host_and_lists_the_game(ann, broadcasts):
    game = counting_lobby(ann, target=12, max_players=3, turn_seconds=60)
    assert game.status == Game.Status.LOBBY and game.options == {"target": 12}
    assert positions(game) == ["ann"]
    assert game.host_user_id == ann.user_id and game.turn_seconds == 60
    lists = [frame for group, frame in broadcasts if group == "open-games"]
    assert lists and lists[-1]["lobbies"][0]["code"] == game.code


@pytest.mark.parametrize("settings, field", [
    ({"min_players": 3, "max_players": 2}, "min_players"),
    ({"min_players": 1}, "min_players"),
    ({"max_players": 7}, "max_players"),
    ({"turn_seconds": 7}, "turn_seconds"),
    ({"target": 1000}, "target"),
])
def test_invalid_settings_are_explained_by_field(ann, settings, field):
    with pytest.raises(InvalidSettings) as caught:
        counting_lobby(ann, **settings)
    assert field in caught.value.errors and caught.value.errors[field][0]
    assert not Game.objects.exists()


def test_anonymous_visitors_cannot_create_or_join(ann):
    with pytest.raises(IdentityRequired):
        counting_lobby(ANONYMOUS)
    game = counting_lobby(ann)
    with pytest.raises(IdentityRequired):
        services.join_game(game_id=game.pk, identity=ANONYMOUS)


def test_join_is_idempotent_and_bounded(ann, bob, cid):
    game = counting_lobby(ann, max_players=2)
    first = services.join_game(game_id=game.pk, identity=bob)
    again = services.join_game(game_id=game.pk, identity=bob)
    assert first.pk == again.pk and positions(game) == ["ann", "bob"]
    with pytest.raises(LobbyFull):
        services.join_game(game_id=game.pk, identity=cid)


def test_same_names_are_told_apart(ann, make_player):
    game = counting_lobby(ann)
    other = make_player("ann2")
    services.join_game(game_id=game.pk, identity=other.__class__(user_id=other.user_id, name="ann"))
    assert positions(game) == ["ann", "ann (2)"]


def test_game_starts_once_enough_players_are_all_ready(ann, bob):
    game = counting_lobby(ann, min_players=2)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY  # alone: below the minimum
    services.join_game(game_id=game.pk, identity=bob)
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY  # bob is not ready yet
    services.set_ready(game_id=game.pk, identity=bob, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING


def test_start_draws_player_one_and_keeps_the_order_around_the_table(ann, bob, cid, broadcasts, monkeypatch):
    game = counting_lobby(ann, min_players=3, max_players=3)
    services.join_game(game_id=game.pk, identity=bob)
    services.join_game(game_id=game.pk, identity=cid)
    monkeypatch.setattr("games.services.start.secrets.randbelow", lambda n: 1)
    for player in (ann, bob):
        services.set_ready(game_id=game.pk, identity=player, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY
    services.set_ready(game_id=game.pk, identity=cid, ready=True)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.PLAYING
    assert positions(game) == ["bob", "cid", "ann"] == game.table
    assert game.rules == {"kind": "counting", "steps": [1, 2, 3]} and game.seed is not None
    assert game.state["players"][0]["name"] == "bob" and game.to_act == [0] and game.event_seq == 0
    assert ("game-%s" % game.code, {"type": "started"}) in broadcasts


def test_unready_player_holds_the_start(ann, bob):
    game = counting_lobby(ann)
    services.join_game(game_id=game.pk, identity=bob)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.set_ready(game_id=game.pk, identity=bob, ready=False)
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY
    with pytest.raises(BadRequest):
        services.set_ready(game_id=game.pk, identity=bob, ready="yes")


def test_joining_a_started_game_is_refused(ann, bob, cid):
    game = counting_lobby(ann, max_players=3)
    services.join_game(game_id=game.pk, identity=bob)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.set_ready(game_id=game.pk, identity=bob, ready=True)
    with pytest.raises(WrongStatus):
        services.join_game(game_id=game.pk, identity=cid)


def test_leaving_a_lobby_frees_the_seat_and_passes_the_host_on(ann, bob, cid):
    game = counting_lobby(ann)
    services.join_game(game_id=game.pk, identity=bob)
    services.join_game(game_id=game.pk, identity=cid)
    services.leave(game_id=game.pk, identity=ann)
    game = Game.objects.get(pk=game.pk)
    assert positions(game) == ["bob", "cid"] and game.host_user_id == bob.user_id
    with pytest.raises(NotSeated):
        services.leave(game_id=game.pk, identity=ann)


def test_last_human_leaving_abandons_the_lobby(ann):
    game = counting_lobby(ann)
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    services.leave(game_id=game.pk, identity=ann)
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABANDONED
    with pytest.raises(WrongStatus, match="Everyone left this game before it started"):  # not "already started"
        services.join_game(game_id=game.pk, identity=ann)


def test_only_the_host_kicks_and_the_kicked_cannot_return(ann, bob, cid):
    game = counting_lobby(ann)
    services.join_game(game_id=game.pk, identity=bob)
    services.join_game(game_id=game.pk, identity=cid)
    bob_seat = Seat.objects.get(game=game, user_id=bob.user_id)
    with pytest.raises(NotAllowed):
        services.kick(game_id=game.pk, identity=cid, seat_id=bob_seat.pk)
    ann_seat = Seat.objects.get(game=game, user_id=ann.user_id)
    with pytest.raises(BadRequest):
        services.kick(game_id=game.pk, identity=ann, seat_id=ann_seat.pk)
    services.kick(game_id=game.pk, identity=ann, seat_id=bob_seat.pk)
    assert positions(game) == ["ann", "cid"]
    with pytest.raises(NotAllowed):
        services.join_game(game_id=game.pk, identity=bob)


def test_host_seats_bots_that_are_always_ready(ann, bob):
    game = counting_lobby(ann, max_players=3)
    with pytest.raises(BadRequest):
        services.add_bot(game_id=game.pk, identity=ann, kind="genius")
    services.join_game(game_id=game.pk, identity=bob)
    with pytest.raises(NotAllowed):
        services.add_bot(game_id=game.pk, identity=bob, kind="random")
    services.add_bot(game_id=game.pk, identity=ann, kind="greedy")
    assert positions(game) == ["ann", "bob", "Greedy bot"]
    with pytest.raises(LobbyFull):
        services.add_bot(game_id=game.pk, identity=ann, kind="random")
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.set_ready(game_id=game.pk, identity=bob, ready=True)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING


def test_seating_a_bot_can_complete_the_lobby(ann):
    game = counting_lobby(ann)
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    services.add_bot(game_id=game.pk, identity=ann, kind="greedy")
    game = Game.objects.get(pk=game.pk)
    # Bots play at once in eager mode, so the game may already be over; it has left the lobby in any case.
    assert game.status in (Game.Status.PLAYING, Game.Status.FINISHED)


def test_presence_is_one_row_per_socket(ann, broadcasts):
    game = counting_lobby(ann)
    first = services.socket_opened(game_id=game.pk, identity=ann)
    second = services.socket_opened(game_id=game.pk, identity=ann)
    services.socket_closed(first)
    seat = Seat.objects.get(game=game)
    assert list(Presence.objects.filter(seat=seat).values_list("pk", flat=True)) == [second]
    assert seat.disconnected_at is None
    services.socket_closed(second)
    services.socket_closed(second)  # a second close of the same socket changes nothing
    seat.refresh_from_db()
    assert not Presence.objects.exists() and seat.disconnected_at is not None
    seat_frames = [f for g, f in broadcasts if isinstance(f, dict) and f.get("type") == "seats"]
    # Each opened socket announces the list (the second tab's shows the same); only the last close changes it.
    assert [f["seats"][0]["connected"] for f in seat_frames] == [True, True, False]
    assert services.socket_opened(game_id=game.pk, identity=ANONYMOUS) is None  # spectators have no seat


def test_presence_not_refreshed_within_the_ttl_has_expired(ann, settings):
    game = counting_lobby(ann)
    presence = services.socket_opened(game_id=game.pk, identity=ann)
    seat = Seat.objects.get(game=game)
    now = timezone.now()
    assert present_seat_ids(game.pk, now) == {seat.pk}
    later = now + timedelta(seconds=settings.GAMES_PRESENCE_TTL + 1)
    assert present_seat_ids(game.pk, later) == set()
    services.presence.refresh([presence], now=later)
    assert present_seat_ids(game.pk, later) == {seat.pk}
