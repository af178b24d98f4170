"""The pages: accounts and guests, creating a game with explained errors, joining by link, after the game."""
import pytest
from django.urls import reverse

from games import services
from games.identity import GUEST_SESSION_KEY, Identity
from games.models import Game, Guest, Seat

pytestmark = pytest.mark.django_db

MACHI_KORO_FORM = {
    "options-extensions": [], "options-stacks": "10", "game-min_players": "2", "game-max_players": "4",
    "game-public": "on", "game-turn_seconds": "90",
}


def test_creating_a_game_asks_who_you_are_first(client):
    response = client.get(reverse("games:create"))
    assert response.status_code == 302 and response.url.startswith(reverse("guest"))
    response = client.post(reverse("guest") + "?next=" + reverse("games:create"), {"nickname": "Lou"})
    assert response.status_code == 302 and response.url == reverse("games:create")
    assert Guest.objects.get(pk=client.session[GUEST_SESSION_KEY]).nickname == "Lou"


def test_a_guest_creates_a_game_and_a_friend_joins_through_the_link(client, official_cards):
    client.post(reverse("guest"), {"nickname": "Lou"})
    page = client.get(reverse("games:create"))
    assert b"Harbor" in page.content and b"Number of stacks" in page.content
    response = client.post(reverse("games:create"), {**MACHI_KORO_FORM, "options-extensions": ["harbor"],
                                                     "game-max_players": "5"})
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("games:game", args=[game.code])
    assert game.options["extensions"] == ["base", "harbor"] and game.max_players == 5 and game.turn_seconds == 90
    page = client.get(response.url)
    assert page.status_code == 200 and f"/games/{game.code}/join/".encode() in page.content
    from django.test import Client

    friend = Client()
    join = friend.get(reverse("games:join", args=[game.code]))
    assert b"Play as a guest" in join.content
    friend.post(reverse("guest"), {"nickname": "Max"})
    friend.post(reverse("games:join", args=[game.code]))
    assert list(Seat.objects.filter(game=game).values_list("name", flat=True)) == ["Lou", "Max"]


def test_impossible_options_are_explained_on_the_form(client, official_cards):
    client.post(reverse("guest"), {"nickname": "Lou"})
    response = client.post(reverse("games:create"), {**MACHI_KORO_FORM, "game-max_players": "6"})
    assert response.status_code == 200 and not Game.objects.exists()
    assert "These options allow 2 to 4 players. Add Harbor for a fifth player" in response.content.decode()
    response = client.post(reverse("games:create"), {**MACHI_KORO_FORM, "options-market_rule": "on",
                                                     "options-stacks": "16"})
    assert "Ensure this value is less than or equal to 15." in response.content.decode()
    response = client.post(reverse("games:create"), {**MACHI_KORO_FORM, "game-min_players": "4",
                                                     "game-max_players": "3"})
    assert "The minimum cannot be larger than the maximum." in response.content.decode()


def test_sign_up_log_out_and_in(client, django_user_model):
    response = client.post(reverse("signup"), {"username": "nina", "email": "nina@example.com", "password1": "Tab1e-Top!", "password2": "Tab1e-Top!"})
    assert response.status_code == 302 and client.session["_auth_user_id"]
    assert b"nina" in client.get(reverse("games:list")).content
    client.post(reverse("logout"))
    assert "_auth_user_id" not in client.session
    client.post(reverse("login"), {"username": "nina", "password": "Tab1e-Top!"})
    assert client.session["_auth_user_id"] == str(django_user_model.objects.get(username="nina").pk)


def test_a_guest_keeps_his_games_as_an_account(client):
    client.post(reverse("guest"), {"nickname": "Lou"})
    guest = Guest.objects.get()
    game = services.create_game(host=Identity(guest_id=guest.pk, name="Lou"), ruleset_slug="counting",
                                options={"target": 10}, public=True, min_players=2, max_players=2, turn_seconds=0)
    response = client.post(reverse("keep-guest"), {"username": "lou", "email": "lou@example.com", "password1": "Tab1e-Top!",
                                                   "password2": "Tab1e-Top!"})
    assert response.status_code == 302
    seat = Seat.objects.get(game=game)
    assert seat.user.username == "lou" and seat.guest is None
    assert client.session["_auth_user_id"] == str(seat.user.pk)


def test_the_games_page_lists_public_lobbies_only(client, django_user_model):
    user = django_user_model.objects.create_user("ann", password="pw")
    host = Identity(user_id=user.pk, name="ann")
    public = services.create_game(host=host, ruleset_slug="counting", options={"target": 10}, public=True,
                                  min_players=2, max_players=2, turn_seconds=0)
    private = services.create_game(host=host, ruleset_slug="counting", options={"target": 10}, public=False,
                                   min_players=2, max_players=2, turn_seconds=0)
    content = client.get(reverse("games:list")).content.decode()
    assert public.code in content and private.code not in content


def test_replay_and_record_wait_for_the_end(client, django_user_model):
    user = django_user_model.objects.create_user("ann", password="pw")
    game = services.create_game(host=Identity(user_id=user.pk, name="ann"), ruleset_slug="counting",
                                options={"target": 10}, public=True, min_players=2, max_players=2, turn_seconds=0)
    assert client.get(reverse("games:record", args=[game.code])).status_code == 409
    assert client.get(reverse("games:replay", args=[game.code])).status_code == 302
    assert client.get(reverse("games:game", args=["nosuchgame"])).status_code == 404


def test_the_create_page_lets_you_choose_the_game_and_the_lists_name_it(client, counting_game):
    client.post(reverse("guest"), {"nickname": "Lou"})
    page = client.get(reverse("games:create")).content.decode()
    assert 'href="/games/new/counting/"' in page and 'href="/games/new/machikoro/"' in page
    page = client.get(reverse("games:create-ruleset", args=["counting"])).content.decode()
    assert "New Counting race game" in page and 'name="options-target"' in page and "Harbor" not in page
    response = client.post(reverse("games:create-ruleset", args=["counting"]), {
        "options-target": "12", "game-min_players": "2", "game-max_players": "3", "game-public": "on",
        "game-turn_seconds": "0"})
    game = Game.objects.get()
    assert response.status_code == 302 and game.ruleset == "counting" and game.options == {"target": 12}
    listing = client.get(reverse("games:list")).content.decode()
    assert "Counting race · 1/3" in listing and '<strong class="game-name">Counting race</strong>' in listing
    assert client.get(reverse("games:create-ruleset", args=["nothing"])).status_code == 404


def test_refused_options_and_a_player_count_they_cannot_allow_show_on_the_first_submit(client, official_cards):
    """Neighbours-only without the 5–6 box, a market rule without a stack count and six seats without any box:
    one submit names all three problems (not the player limit only after the options are fixed)."""
    client.post(reverse("guest"), {"nickname": "Lou"})
    response = client.post(reverse("games:create"), {
        **MACHI_KORO_FORM, "options-neighbours_only": "on", "options-market_rule": "on", "options-stacks": "",
        "game-max_players": "6"})
    assert response.status_code == 200 and not Game.objects.exists()
    options, settings = response.context["options_form"], response.context["settings_form"]
    assert "5–6 player box" in options.errors["neighbours_only"][0]
    assert "stacks" in options.errors["stacks"][0]
    assert settings.errors["max_players"] == [
        "These options allow 2 to 4 players. Add Harbor for a fifth player, or the 5–6 player box for six."]
    page = response.content.decode()
    for message in ("Neighbours-only payments come with the 5–6 player box", "Choose how many stacks",
                    "These options allow 2 to 4 players."):
        assert message in page
    # The same options fixed but still six seats: only the player limit is left.
    response = client.post(reverse("games:create"), {**MACHI_KORO_FORM, "game-max_players": "6"})
    assert not response.context["options_form"].errors
    assert list(response.context["settings_form"].errors) == ["max_players"]


def test_a_refused_option_alone_adds_no_player_limit_error(client, official_cards):
    client.post(reverse("guest"), {"nickname": "Lou"})
    response = client.post(reverse("games:create"), {**MACHI_KORO_FORM, "options-extensions": ["five-six"],
                                                     "options-stacks": "99", "game-max_players": "6"})
    assert list(response.context["options_form"].errors) == ["stacks"]
    assert not response.context["settings_form"].errors  # six seats suit the 5–6 box: nothing made up
