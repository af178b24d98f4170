"""Rated games from creation to the end: created by registered players only, started with two registered players
at least (the lobby says why it waits), rated through the game_finished signal as they end, kept by a rematch."""
import pytest
from django.urls import reverse

from games import services
from games.errors import CannotStart, InvalidSettings
from games.models import Game, Seat
from games.ratings.models import PlayerRating, RatingChange
from games.selectors.frames import seats_frame
from games.services.start import start_game

from games.tests.ratings.helpers import guest, play_until_won_by, rated_lobby, ready_all

pytestmark = pytest.mark.django_db


def test_a_guest_cannot_create_a_rated_game(db, commit_hooks):
    gus = guest("Gus")
    with pytest.raises(InvalidSettings) as refused:
        rated_lobby(gus)
    assert "rated" in refused.value.errors
    assert not Game.objects.exists()
    assert rated_lobby(gus, rated=False).rated is False


def test_a_rated_game_with_one_registered_player_waits_and_says_why(ann, broadcasts):
    gus = guest("Gus")
    game = rated_lobby(ann, gus, bots=["random"])
    game = ready_all(game, ann, gus)
    assert game.status == Game.Status.LOBBY  # everyone is ready, but only ann is registered
    seats = list(Seat.objects.filter(game=game))
    frame = seats_frame(game, seats, set())
    assert frame["rated"] is True and [s["registered"] for s in frame["seats"]] == [True, False, False]
    with pytest.raises(CannotStart) as refused:  # the start itself refuses too, saying why
        start_game(game, seats)
    assert "two registered players" in refused.value.message
    assert frame["rated_needs_players"] is True
    assert Game.objects.get(pk=game.pk).status == Game.Status.LOBBY


def test_a_rated_game_starts_with_two_registered_players_and_bots(ann, bob):
    game = ready_all(rated_lobby(ann, bob, bots=["random"]), ann, bob)
    assert game.started_at is not None and game.status != Game.Status.LOBBY and game.rated  # the bot may win at once


def test_a_rated_game_is_rated_as_it_ends_and_an_unrated_one_is_not(ann, bob):
    game = ready_all(rated_lobby(ann, bob), ann, bob)
    first = Seat.objects.get(game=game, position=game.to_act[0])
    winner = ann if first.user_id == ann.user_id else bob
    game = play_until_won_by(game, winner, ann, bob)
    assert game.status == Game.Status.FINISHED
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert changes[winner.user_id].delta > 0 and len(changes) == 2
    assert sum(c.delta < 0 for c in changes.values()) == 1
    unrated = ready_all(rated_lobby(ann, bob, rated=False), ann, bob)
    play_until_won_by(unrated, winner, ann, bob)
    assert not RatingChange.objects.filter(game=unrated).exists()
    assert PlayerRating.objects.get(user_id=ann.user_id).games == 1


def test_a_rematch_keeps_rated_unless_a_guest_hosts_it(ann, bob):
    gus = guest("Gus")
    game = ready_all(rated_lobby(ann, bob, gus), ann, bob, gus)
    game = play_until_won_by(game, None, ann, bob, gus)
    assert services.create_rematch(game_id=game.pk, identity=bob).rated is True
    Game.objects.filter(pk=game.pk).update(rematch=None)
    assert services.create_rematch(game_id=game.pk, identity=gus).rated is False


def test_the_create_page_stores_rated_and_guests_see_it_disabled(client, django_user_model):
    django_user_model.objects.create_user("ann", password="pw")
    client.login(username="ann", password="pw")
    data = {"game-min_players": 2, "game-max_players": 4, "game-public": "on", "game-turn_seconds": 0,
            "game-rated": "on", "options-target": 10}
    response = client.post(reverse("games:create-ruleset", args=["counting"]), data)
    assert response.status_code == 302
    assert Game.objects.get().rated is True
    client.logout()
    session = client.session
    gus = guest("Gus")
    session["games_guest_id"] = gus.guest_id
    session.save()
    page = client.get(reverse("games:create-ruleset", args=["counting"]))
    assert page.context["settings_form"].fields["rated"].disabled
    client.post(reverse("games:create-ruleset", args=["counting"]), data)  # a forged "on" is ignored
    assert list(Game.objects.filter(host_guest_id=gus.guest_id).values_list("rated", flat=True)) == [False]
