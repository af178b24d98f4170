"""No server-rendered page shows an English sentence of the catalogue when French is chosen.

The pages a player, a guest and a designer open are rendered in French and their visible text is
compared with the English of locale/fr (tests/french_scan.py). The browser test plays a game in French
and scans what JavaScript draws; this one covers the pages it does not reach."""
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from stats import services as stats_services
from stats.tests.factories import play_finished_game

from tests.french_scan import VisibleText, english_fragments, english_in

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def fragments():
    found = english_fragments()
    assert len(found) > 200  # the scan has something to look for
    return found


def french_leaks(client, url, fragments):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    response = client.get(url)
    assert response.status_code == 200, url
    assert response.headers["Content-Language"] == "fr"
    return english_in(VisibleText.of(response.content.decode()), fragments)


@pytest.fixture
def finished_game(official_cards, player):
    game, _ = play_finished_game(seed=5, players=3, users=(player,), extensions=("base", "harbor"))
    stats_services.compute_and_store(game.pk)
    return game


def test_a_players_pages_are_french(client, player, finished_game, fragments):
    client.force_login(player)
    pages = ["/", "/games/", "/games/new/", reverse("games:game", args=[finished_game.code]),
             reverse("games:replay", args=[finished_game.code]), "/stats/",
             reverse("stats:game", args=[finished_game.code]), reverse("players:profile", args=[player.username]),
             "/cards/", "/cards/valeria/", "/cards/progress/", "/cards/lorenzo/score/", "/docs/",
             "/docs/rules/", "/games/rules/machikoro/", "/games/rules/aquarius/", "/accounts/settings/",
             "/accounts/confirm/"]
    leaks = {url: found for url in pages if (found := french_leaks(client, url, fragments))}
    assert not leaks, leaks


def test_a_visitors_pages_are_french(client, fragments):
    pages = ["/accounts/login/", "/accounts/signup/", "/accounts/guest/", "/accounts/password/reset/",
             "/accounts/password/reset/sent/"]
    leaks = {url: found for url in pages if (found := french_leaks(client, url, fragments))}
    assert not leaks, leaks


def test_a_designers_pages_are_french(client, designer, official_cards, fragments, settings,
                                     django_capture_on_commit_callbacks):
    from cards.drafts.services import create_draft
    from stats.lab.services import LabRequest, start_run

    settings.LAB_IN_PROCESS_THREAD = False   # the runs are played before the pages are read
    draft = create_draft(name="Cheap ranch", user=designer)
    with django_capture_on_commit_callbacks(execute=True):
        runs = [start_run(LabRequest(game="machikoro", players=2, extensions=("base",), market="all",
                                     bots=("income", "greedy"), games=games, seed=1, draft=card_set))
                for games, card_set in ((1, None), (2, draft))]
    client.force_login(designer)
    pages = ["/stats/lab/", reverse("stats:lab-run", args=[runs[0].pk]), reverse("stats:lab-run", args=[runs[1].pk]),
             f"{reverse('stats:lab-compare')}?a={runs[0].pk}&b={runs[1].pk}"]
    leaks = {url: found for url in pages if (found := french_leaks(client, url, fragments))}
    assert not leaks, leaks


@pytest.mark.parametrize("url, french, english", [
    ("/cards/progress/cost/", ["Jetons Science", "Cartes actives", "La technologie en cours de découverte."],
     ["Science tokens", "Active cards", "The technology being discovered."]),
    ("/cards/lorenzo/score/", ["Points de victoire", "Cartes Territoire", "Points militaires des autres joueurs"],
     ["Victory points", "Territory cards", "Other players&#x27; military points"]),
    ("/cards/valeria/", ["Citoyens", "Reliques"], [">Citizens<", ">Relics<"]),
])
def test_the_card_tools_forms_are_french(client, url, french, english):
    """The cards app's own strings (its catalogue, cards/locale) on the site's card tools."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = client.get(url).content.decode()
    assert all(text in page for text in french), [t for t in french if t not in page]
    assert not [text for text in english if text in page]


def test_the_card_tools_explain_their_results_in_french(client, official_cards):
    """The Progress cost explanation and the Lorenzo final score are worded in the reader's language."""
    from cards.progress.loading import load_progress

    load_progress()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = client.get("/cards/progress/cost/", {"card": "medicine", "research": ["burial"], "tokens_science": 1,
                                                "tokens_engineering": 0, "tokens_culture": 0, "discards": 1})
    text = page.content.decode()
    assert page.status_code == 200
    assert "2 Culture : offert, car le joueur possède Burial." in text
    assert "Non couvert : il manque encore 1 Science" in text
    assert "is waived" not in text and "Not covered" not in text
    page = client.post("/cards/lorenzo/score/", {
        "name": "Ada", "victory_points": 3, "military_points": 0, "faith_points": 5, "coins": 0, "wood": 0,
        "stone": 0, "servants": 0, "characters": ["farmer", "artisan"], "rivals_military_points": "2, 1"})
    text = page.content.decode()
    assert page.status_code == 200
    assert "5 points de foi (troisième rapport au Vatican) : +5 points de victoire." in text
    assert "2 cartes Personnage : +3 points de victoire." in text
    assert "Score final : 11 points de victoire." in text
    assert "victory points" not in text and "character cards" not in text


def test_machi_koro_is_minivilles_for_a_french_reader(client, player, finished_game):
    client.force_login(player)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = client.get(reverse("games:game", args=[finished_game.code])).content.decode()
    assert "<h1>Minivilles " in page
    assert "<h1>Nouvelle partie de Minivilles" in client.get("/games/new/machikoro/").content.decode()
    assert "Minivilles" in client.get("/stats/").content.decode()
    assert "<h1>Machi Koro " in Client().get(reverse("games:game", args=[finished_game.code])).content.decode()
