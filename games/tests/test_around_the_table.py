"""Around the table (issue 34): a friend with the join link is seated in one step; the open games say how old they
are and whether their host is there; a lobby its host left closes by itself."""
from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services
from games.errors import TooManyGuests, WrongStatus
from games.identity import GUEST_SESSION_KEY
from games.models import Game, Guest, Presence, Seat
from games.selectors.lists import open_games_frame
from games.services.housekeeping import HOST_AWAY, lobbies_left_by_their_host, sweep

from games.tests.helpers import counting_lobby, started_counting_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_limits():
    caches["limits"].clear()
    yield
    caches["limits"].clear()


# ---- one-step join -------------------------------------------------------------------------------------------

def test_a_new_guest_is_seated_in_one_step(ann, broadcasts):
    game = counting_lobby(ann)
    session = SessionStore()
    joined = services.join_as_new_guest(session=session, game_id=game.pk, nickname=" Max ", client="10.0.0.1")
    assert joined.refused is None and joined.guest.nickname == "Max"
    assert session[GUEST_SESSION_KEY] == joined.guest.pk
    assert joined.seat == Seat.objects.get(game=game, guest=joined.guest) and joined.seat.name == "Max"
    seat_frames = [f for g, f in broadcasts if g == f"game-{game.code}" and f.get("type") == "seats"]
    assert "Max" in [s["name"] for s in seat_frames[-1]["seats"]]


def test_a_full_lobby_leaves_the_new_guest_watching(ann, bob):
    game = counting_lobby(ann, max_players=2)
    services.join_game(game_id=game.pk, identity=bob)
    session = SessionStore()
    joined = services.join_as_new_guest(session=session, game_id=game.pk, nickname="Max", client="10.0.0.1")
    assert joined.seat is None and joined.refused.code == "lobby_full"
    # The guest was made all the same: they watch under their nickname and may chat.
    assert session[GUEST_SESSION_KEY] == joined.guest.pk and not Seat.objects.filter(guest=joined.guest).exists()


def test_a_started_game_leaves_the_new_guest_watching(ann, bob):
    game = started_counting_game(ann, bob)
    joined = services.join_as_new_guest(session=SessionStore(), game_id=game.pk, nickname="Max", client="10.0.0.1")
    assert joined.seat is None and isinstance(joined.refused, WrongStatus)


def test_the_guest_rate_limit_counts_one_step_joins(ann, settings):
    settings.GAMES_GUEST_RATE = "2/hour"
    game = counting_lobby(ann, max_players=4)
    for name in ("Max", "Mia"):
        services.join_as_new_guest(session=SessionStore(), game_id=game.pk, nickname=name, client="10.0.0.1")
    with pytest.raises(TooManyGuests) as refused:
        services.join_as_new_guest(session=SessionStore(), game_id=game.pk, nickname="Moe", client="10.0.0.1")
    assert refused.value.details["wait"] > 0
    assert not Guest.objects.filter(nickname="Moe").exists() and Seat.objects.filter(game=game).count() == 3
    # Another address is counted apart; the guest form counts with the same limit.
    services.join_as_new_guest(session=SessionStore(), game_id=game.pk, nickname="Moe", client="10.0.0.2")
    assert Seat.objects.filter(game=game).count() == 4


def test_the_join_link_seats_a_visitor_who_gives_a_nickname(ann):
    game = counting_lobby(ann)
    friend = Client()
    page = friend.get(reverse("games:join", args=[game.code]))
    assert b'id="guest-join-form"' in page.content and b'id="join-button"' not in page.content
    response = friend.post(reverse("games:join", args=[game.code]), {"nickname": "Max"})
    assert response.status_code == 302 and response.url == reverse("games:game", args=[game.code])
    guest = Guest.objects.get(nickname="Max")
    assert friend.session[GUEST_SESSION_KEY] == guest.pk and Seat.objects.filter(game=game, guest=guest).exists()
    page = friend.get(response.url)
    assert b'id="join-panel"' not in page.content   # seated: nothing to join any more


def test_the_game_page_offers_the_nickname_form_to_visitors(ann):
    game = counting_lobby(ann)
    page = Client().get(reverse("games:game", args=[game.code])).content.decode()
    assert 'id="guest-join-form"' in page and f'action="/games/{game.code}/join/"' in page
    assert 'name="csrfmiddlewaretoken"' in page


def test_the_join_link_keeps_csrf(ann):
    game = counting_lobby(ann)
    friend = Client(enforce_csrf_checks=True)
    response = friend.post(reverse("games:join", args=[game.code]), {"nickname": "Max"})
    assert response.status_code == 403 and not Guest.objects.exists()


def test_a_lobby_full_meanwhile_lands_on_the_page_as_a_spectator_with_a_message(ann, bob):
    game = counting_lobby(ann, max_players=2)
    friend = Client()
    friend.get(reverse("games:join", args=[game.code]))   # the form was shown with a free seat...
    services.join_game(game_id=game.pk, identity=bob)     # ...then the last seat went
    response = friend.post(reverse("games:join", args=[game.code]), {"nickname": "Max"}, follow=True)
    assert response.redirect_chain == [(reverse("games:game", args=[game.code]), 302)]
    html = response.content.decode()
    assert "The last seat was taken just before you: you are watching this game as Max." in html
    assert not Seat.objects.filter(game=game, guest__nickname="Max").exists()


def test_a_bad_nickname_is_explained_on_the_join_page(ann):
    game = counting_lobby(ann)
    response = Client().post(reverse("games:join", args=[game.code]), {"nickname": "<x>"})
    assert response.status_code == 400 and b"2 to 24 letters" in response.content and not Guest.objects.exists()


def test_the_join_page_answers_429_over_the_guest_rate(ann, settings):
    settings.GAMES_GUEST_RATE = "1/hour"
    game = counting_lobby(ann)
    Client().post(reverse("games:join", args=[game.code]), {"nickname": "Max"})
    response = Client().post(reverse("games:join", args=[game.code]), {"nickname": "Mia"})
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert b'id="too-many-guests"' in response.content and not Guest.objects.filter(nickname="Mia").exists()


# ---- the sweeper: lobbies their host left --------------------------------------------------------------------

def _host_left(game, ago):
    """The host's seat taken and their last socket closed `ago` before now."""
    moment = timezone.now() - ago
    Seat.objects.filter(game=game, position=0).update(joined_at=moment, disconnected_at=moment)


def test_a_lobby_its_host_left_closes_after_the_limit_not_before(ann, bob, settings, broadcasts):
    settings.GAMES_LOBBY_ABANDON_AFTER = 15 * 60
    game = counting_lobby(ann)
    services.join_game(game_id=game.pk, identity=bob)
    services.socket_opened(game_id=game.pk, identity=bob)   # a seated player is there and is told
    _host_left(game, timedelta(minutes=14))
    assert sweep()["lobbies"] == 0 and Game.objects.get(pk=game.pk).status == Game.Status.LOBBY
    assert sweep(now=timezone.now() + timedelta(minutes=2))["lobbies"] == 1
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABANDONED
    assert (f"game-{game.code}", {"type": "closed", "status": "abandoned", **HOST_AWAY}) in broadcasts
    lists = [f for g, f in broadcasts if g == "open-games"]
    assert game.code not in [row["code"] for row in lists[-1]["lobbies"]]
    assert game.code not in [row["code"] for row in open_games_frame()["lobbies"]]


def test_a_lobby_whose_host_is_there_stays(ann, settings):
    settings.GAMES_LOBBY_ABANDON_AFTER = 15 * 60
    game = counting_lobby(ann)
    services.socket_opened(game_id=game.pk, identity=ann)
    Seat.objects.filter(game=game).update(joined_at=timezone.now() - timedelta(hours=1))
    later = timezone.now() + timedelta(minutes=20)
    Presence.objects.update(last_seen=later - timedelta(seconds=5))   # the heartbeat kept refreshing it
    assert sweep(now=later)["lobbies"] == 0
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY


def test_a_host_who_never_opened_the_page_counts_from_their_seat(ann, settings):
    settings.GAMES_LOBBY_ABANDON_AFTER = 15 * 60
    game = counting_lobby(ann)
    assert lobbies_left_by_their_host(timezone.now() + timedelta(minutes=14)) == []
    assert lobbies_left_by_their_host(timezone.now() + timedelta(minutes=16)) == [game.pk]


def test_a_host_back_before_the_close_keeps_the_lobby(ann, settings):
    settings.GAMES_LOBBY_ABANDON_AFTER = 15 * 60
    game = counting_lobby(ann)
    _host_left(game, timedelta(minutes=20))
    assert lobbies_left_by_their_host(timezone.now()) == [game.pk]
    services.socket_opened(game_id=game.pk, identity=ann)   # between the sweeper's list and its lock
    assert not services.housekeeping.close_lobby_left_by_host(game.pk)
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY


def test_running_games_are_untouched(ann, bob, settings):
    settings.GAMES_LOBBY_ABANDON_AFTER = 15 * 60
    game = started_counting_game(ann, bob)
    _host_left(game, timedelta(hours=1))
    assert lobbies_left_by_their_host(timezone.now()) == []
    sweep()
    assert Game.objects.get(pk=game.pk).status != Game.Status.ABANDONED


def test_zero_turns_the_host_rule_off(ann, settings):
    settings.GAMES_LOBBY_ABANDON_AFTER = 0
    counting_lobby(ann)
    assert lobbies_left_by_their_host(timezone.now() + timedelta(hours=2)) == []


# ---- the list: age and host presence -------------------------------------------------------------------------

def test_the_list_shows_each_lobbys_age_and_whether_its_host_is_there(ann, bob, cid):
    here = counting_lobby(ann)
    away = counting_lobby(bob)
    never = counting_lobby(cid)
    services.socket_opened(game_id=here.pk, identity=ann)
    closed = services.socket_opened(game_id=away.pk, identity=bob)
    services.socket_closed(closed)
    Game.objects.filter(pk=away.pk).update(created_at=timezone.now() - timedelta(minutes=3, seconds=10))
    Seat.objects.filter(game=away).update(disconnected_at=timezone.now() - timedelta(minutes=2, seconds=5))
    html = Client().get(reverse("games:list")).content.decode()
    created = Game.objects.get(pk=away.pk).created_at.isoformat()
    assert f'<time class="lobby-age" datetime="{created}">Created 3 minutes ago</time>' in html
    assert "Created just now" in html
    assert html.count("Host here") == 1 and "Host away · seen 2 minutes ago" in html
    rows = {row["code"]: row for row in open_games_frame()["lobbies"]}
    assert rows[here.code]["host_here"] is True and rows[away.code]["host_here"] is False
    assert rows[away.code]["host_seen_at"] is not None and rows[never.code]["host_seen_at"] is None
    assert rows[never.code]["host_text"] == "Host away"


def test_the_host_coming_and_going_resends_the_list(ann, bob, broadcasts):
    game = counting_lobby(ann)
    services.join_game(game_id=game.pk, identity=bob)
    broadcasts.clear()
    services.socket_opened(game_id=game.pk, identity=bob)     # not the host: the list does not change
    assert not [f for g, f in broadcasts if g == "open-games"]
    presence = services.socket_opened(game_id=game.pk, identity=ann)
    lists = [f for g, f in broadcasts if g == "open-games"]
    assert lists and lists[-1]["lobbies"][0]["host_here"] is True
    broadcasts.clear()
    services.socket_closed(presence)
    lists = [f for g, f in broadcasts if g == "open-games"]
    assert lists and lists[-1]["lobbies"][0]["host_here"] is False


def test_the_api_list_says_whether_the_host_is_there(ann, bob):
    here = counting_lobby(ann)
    away = counting_lobby(bob)
    services.socket_opened(game_id=here.pk, identity=ann)
    rows = {row["code"]: row for row in Client().get("/api/games/?status=lobby").json()["results"]}
    assert rows[here.code]["host_present"] is True and rows[here.code]["host_last_seen"] is not None
    assert rows[away.code]["host_present"] is False and rows[away.code]["host_last_seen"] is None
    detail = Client().get(f"/api/games/{here.code}/").json()
    assert detail["host_present"] is True

