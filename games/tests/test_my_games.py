"""My games (/games/mine/), the header's count of games waiting for your move and its label."""
import pytest
from django.urls import reverse

from games.identity import Identity
from games.models import Game, Guest
from games.selectors.my_games import my_games, waiting_count

from games.tests.my_games_factories import seated_game

pytestmark = pytest.mark.django_db
PLAYING, LOBBY, FINISHED = Game.Status.PLAYING, Game.Status.LOBBY, Game.Status.FINISHED


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password="pw-ann-123")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", password="pw-bob-123")


def me(user):
    return Identity(user_id=user.pk, name=user.get_username())


def test_waiting_count_counts_games_awaiting_the_players_own_move(ann, bob):
    seated_game(PLAYING, [ann, bob], to_act=[0])                        # waits for ann
    seated_game(PLAYING, [bob, ann], to_act=[1], pace=Game.Pace.TURN_BASED, deadline=3600)  # waits for ann
    seated_game(PLAYING, [ann, bob], to_act=[1])                        # waits for bob
    seated_game(PLAYING, [ann, "Bot"], to_act=[0], autopilot=[0])       # a bot plays ann's seat
    seated_game(FINISHED, [ann, bob], to_act=[0], winners=[0])          # over
    seated_game(LOBBY, [ann], to_act=[0])                               # not started
    assert waiting_count(me(ann)) == 2
    assert waiting_count(me(bob)) == 1
    assert waiting_count(Identity()) == 0


def test_waiting_count_is_one_query(ann, bob, django_assert_num_queries):
    for _ in range(5):
        seated_game(PLAYING, [ann, bob], to_act=[0])
    with django_assert_num_queries(1):
        assert waiting_count(me(ann)) == 5


def test_my_games_sections_and_waiting_first(ann, bob):
    later = seated_game(PLAYING, [ann, bob], to_act=[0], pace=Game.Pace.TURN_BASED, deadline=86400, minutes_ago=1)
    sooner = seated_game(PLAYING, [bob, ann], to_act=[1], pace=Game.Pace.TURN_BASED, deadline=600, minutes_ago=50)
    live = seated_game(PLAYING, [ann, "Bot"], to_act=[0], minutes_ago=5)
    theirs = seated_game(PLAYING, [ann, bob], to_act=[1], minutes_ago=2)
    lobby = seated_game(LOBBY, [ann])
    ended = seated_game(FINISHED, [ann, bob], winners=[1])
    seated_game(PLAYING, [bob, "Bot"], to_act=[0])                       # not ann's
    sections = my_games(me(ann))
    assert [row["code"] for row in sections["your_turn"]] == [sooner.code, later.code, live.code]
    assert [row["code"] for row in sections["in_progress"]] == [theirs.code]
    assert sections["in_progress"][0]["to_move"] == ["bob"]
    assert [row["code"] for row in sections["lobbies"]] == [lobby.code]
    assert [(row["code"], row["won"]) for row in sections["finished"]] == [(ended.code, False)]
    assert sections["your_turn"][0]["turn_based"] and sections["your_turn"][0]["pace_label"] == "Turn-based"


def test_my_games_reads_a_fixed_number_of_queries(ann, bob, django_assert_max_num_queries):
    for index in range(12):
        seated_game([PLAYING, LOBBY, FINISHED][index % 3], [ann, bob, "Bot"], to_act=[index % 2])
    with django_assert_max_num_queries(4):
        sections = my_games(me(ann))
    assert sum(len(rows) for rows in sections.values()) == 12


def test_my_games_page_lists_waiting_games_first(client, ann, bob):
    other = seated_game(PLAYING, [ann, bob], to_act=[1], minutes_ago=1)
    mine = seated_game(PLAYING, [ann, bob], to_act=[0], pace=Game.Pace.TURN_BASED, deadline=7200, minutes_ago=30)
    ended = seated_game(FINISHED, [ann, bob], winners=[0])
    client.force_login(ann)
    html = client.get(reverse("games:mine")).content.decode()
    assert html.index(mine.code) < html.index(other.code) < html.index(ended.code)
    assert "Turn-based" in html and "left for this move" in html and "Play your move" in html
    assert f'href="/stats/games/{ended.code}/"' in html and f'href="/games/{ended.code}/replay/"' in html
    assert 'href="/players/ann/"' in html


def test_my_games_page_for_a_guest_and_for_nobody(client, bob):
    guest = Guest.objects.create(nickname="zed")
    game = seated_game(PLAYING, [guest, bob], to_act=[0])
    session = client.session
    session["games_guest_id"] = guest.pk
    session.save()
    html = client.get(reverse("games:mine")).content.decode()
    assert game.code in html and f'href="/players/guest/{guest.pk}/"' in html
    client.cookies.clear()
    response = client.get(reverse("games:mine"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("guest"))


def test_header_name_links_to_my_games_with_the_badge(client, ann, bob):
    seated_game(PLAYING, [ann, bob], to_act=[0])
    seated_game(PLAYING, [bob, ann], to_act=[1])
    client.force_login(ann)
    html = client.get(reverse("docs-home")).content.decode()
    assert '<a class="who" href="/games/mine/"' in html
    assert '<span class="turn-count" aria-hidden="true">2</span>' in html
    assert "2 games waiting for your move" in html
    assert 'id="waiting-badge" data-url="/games/mine/waiting.json">' in html   # shown: not hidden


def test_badge_is_hidden_with_no_game_waiting(client, ann):
    client.force_login(ann)
    html = client.get(reverse("docs-home")).content.decode()
    assert 'data-url="/games/mine/waiting.json" hidden>' in html and "0 games waiting for your move" in html


def test_badge_count_is_one_query_per_request_however_many_templates(client, ann, bob,
                                                                     django_assert_max_num_queries):
    seated_game(PLAYING, [ann, bob], to_act=[0])
    client.force_login(ann)
    with django_assert_max_num_queries(20) as captured:
        client.get(reverse("docs-home"))
    assert sum('"games_seat"' in q["sql"] and '"to_act"' in q["sql"] for q in captured.captured_queries) == 1


def test_waiting_json_for_the_live_badge(client, ann, bob):
    seated_game(PLAYING, [ann, bob], to_act=[0])
    client.force_login(ann)
    body = client.get(reverse("games:mine-waiting")).json()
    assert body == {"count": 1, "label": "1 game waiting for your move", "url": "/games/mine/"}
    client.logout()
    assert client.get(reverse("games:mine-waiting")).json()["count"] == 0
    assert client.post(reverse("games:mine-waiting")).status_code == 405


def test_names_are_escaped(client, ann, django_user_model):
    villain = django_user_model.objects.create_user("vil", password="pw-vil-123")
    game = seated_game(PLAYING, [ann, villain], to_act=[1])
    game.seats.filter(position=1).update(name="<script>x</script>")
    client.force_login(ann)
    html = client.get(reverse("games:mine")).content.decode()
    assert "<script>x</script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
