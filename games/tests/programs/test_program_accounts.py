"""Program accounts: marked on the settings page, shown with a badge, and counted as registered accounts by rated
games (a rated game needs two registered accounts, people or programs, or one program account and bots; bots are
rated by kind, guests never)."""
import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.errors import CannotStart
from games.models import Game, Seat
from games.programs.models import ProgramAccount
from games.programs.selectors import is_program, program_user_ids
from games.programs.services import do_mark_program
from games.ratings.models import RatingChange
from games.ratings.services import do_rate_game
from games.selectors.frames import seats_frame
from games.services.start import start_game

from games.tests.ratings.helpers import finished_game, guest, play_until_won_by, rated_lobby, ready_all

pytestmark = pytest.mark.django_db


def user_of(identity):
    return get_user_model().objects.get(pk=identity.user_id)


def mark(*identities):
    for identity in identities:
        do_mark_program(user_of(identity), True)


def test_marking_and_unmarking_an_account(ann, bob):
    assert not is_program(user_of(ann))
    assert do_mark_program(user_of(ann), True) and do_mark_program(user_of(ann), True)  # twice: one row
    assert ProgramAccount.objects.filter(user_id=ann.user_id).count() == 1
    assert is_program(user_of(ann)) and not is_program(user_of(bob)) and not is_program(None)
    assert program_user_ids([ann.user_id, bob.user_id, None]) == {ann.user_id}
    assert do_mark_program(user_of(ann), False) is False
    assert not is_program(user_of(ann)) and program_user_ids([ann.user_id]) == set()


def test_the_settings_page_marks_the_account(ann, client):
    client.login(username="ann", password="pw-ann")
    page = client.get(reverse("account-settings")).content.decode()
    assert 'id="program-form"' in page and 'name="program-program"' in page and "checked" not in page
    answer = client.post(reverse("account-settings"), {"form": "program", "program-program": "on"})
    assert answer.status_code == 302 and is_program(user_of(ann))
    assert "checked" in client.get(reverse("account-settings")).content.decode()
    client.post(reverse("account-settings"), {"form": "program"})  # an unticked box is not sent
    assert not is_program(user_of(ann))


def test_the_settings_form_for_a_program_leaves_the_other_forms_alone(ann, client):
    client.login(username="ann", password="pw-ann")
    client.post(reverse("account-settings"), {"form": "program", "program-program": "on",
                                              "password-old_password": "wrong", "email-email": "x@example.com"})
    user = user_of(ann)
    assert user.check_password("pw-ann") and user.email != "x@example.com" and is_program(user)


def test_a_program_wears_a_badge_on_the_leaderboard_and_its_profile(ann, bob, client):
    mark(ann)
    do_rate_game(finished_game([(ann, 1), (bob, 2)]))
    board = client.get(reverse("ratings:leaderboard") + "?game=counting").content.decode()
    assert board.count('class="program-badge"') == 1
    rows = client.get("/api/ratings/counting/").json()["results"]
    assert {row["name"]: row["program"] for row in rows} == {"ann": True, "bob": False}
    assert 'class="program-badge"' in client.get("/players/ann/").content.decode()
    assert 'class="program-badge"' not in client.get("/players/bob/").content.decode()


def test_two_programs_and_a_bot_play_a_rated_game(ann, bob):
    mark(ann, bob)
    game = ready_all(rated_lobby(ann, bob, bots=["random"], target=100), ann, bob)
    assert game.status == Game.Status.PLAYING and game.rated
    first = Seat.objects.get(game=game, position=game.to_act[0])
    winner = ann if first.user_id == ann.user_id else bob
    game = play_until_won_by(game, winner, ann, bob)
    owners = {(c.user_id, c.bot_kind) for c in RatingChange.objects.filter(game=game)}
    assert owners == {(ann.user_id, ""), (bob.user_id, ""), (None, "random")}


def test_a_program_and_a_person_make_a_rated_game(ann, bob):
    mark(ann)
    game = ready_all(rated_lobby(ann, bob), ann, bob)
    assert game.status == Game.Status.PLAYING


def test_a_program_alone_with_bots_plays_a_rated_game_and_is_rated_against_them(ann):
    mark(ann)
    game = ready_all(rated_lobby(ann, bots=["random", "greedy"], target=100), ann)
    assert game.status == Game.Status.PLAYING and game.rated
    game = play_until_won_by(game, ann, ann)
    assert game.status == Game.Status.FINISHED
    owners = {(c.user_id, c.bot_kind) for c in RatingChange.objects.filter(game=game)}
    assert owners == {(ann.user_id, ""), (None, "random"), (None, "greedy")}


def test_a_program_with_a_guest_and_a_bot_starts_and_the_guest_is_not_rated(ann):
    mark(ann)
    gus = guest("Gus")
    game = ready_all(rated_lobby(ann, gus, bots=["random"], target=100), ann, gus)
    assert game.status == Game.Status.PLAYING
    game = play_until_won_by(game, ann, ann, gus)
    assert {c.user_id for c in RatingChange.objects.filter(game=game)} == {ann.user_id, None}
    assert not RatingChange.objects.filter(game=game, user_id=None, bot_kind="").exists()


def test_a_program_without_a_bot_or_a_second_account_is_not_enough(ann):
    mark(ann)
    gus = guest("Gus")
    game = ready_all(rated_lobby(ann, gus), ann, gus)
    assert game.status == Game.Status.LOBBY
    with pytest.raises(CannotStart) as refused:
        start_game(game, list(Seat.objects.filter(game=game)))
    assert "a program account and a bot" in refused.value.message
    assert seats_frame(game, list(Seat.objects.filter(game=game)), set())["rated_needs_players"] is True


def test_a_person_alone_with_bots_is_not_enough(ann):
    game = ready_all(rated_lobby(ann, bots=["random", "greedy"]), ann)
    assert game.status == Game.Status.LOBBY  # ann is registered but no program: bots alone do not rate her
    seats = list(Seat.objects.filter(game=game))
    assert seats_frame(game, seats, set())["rated_needs_players"] is True
    with pytest.raises(CannotStart):
        start_game(game, seats)
    mark(ann)  # the same table once ann's account is a program's: it starts when she is ready again
    assert seats_frame(game, seats, set())["rated_needs_players"] is False
