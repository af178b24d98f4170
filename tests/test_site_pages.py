"""The pages around the game: card faces from data, guides as site pages, the API root, the header's links,
the favicon, and API documentation that loads nothing from outside the site."""
import json
import re

import pytest
from django.test import Client

from cards.machikoro.models import Establishment, Landmark

pytestmark = pytest.mark.django_db


def faces_in(html):
    return [json.loads(re.sub(r"&quot;", '"', m).replace("&amp;", "&").replace("&#x27;", "'"))
            for m in re.findall(r'data-card-face="([^"]*)"', html)]


def test_the_card_pages_draw_every_card_from_its_data(client, official_cards):
    html = client.get("/cards/").content.decode()
    faces = faces_in(html)
    assert len(faces) == Establishment.objects.count() + Landmark.objects.count()
    wheat = next(f["card"] for f in faces if f["card"]["name"] == "Wheat Field")
    assert wheat["colour"] == "blue" and wheat["icon_name"] == "Wheat" and wheat["activation_min"] == 1
    assert "get 1 coin from the bank" in wheat["text"].lower() and wheat["image"] == ""
    assert '<script src="/static/js/card-face.js"' in html


def test_a_designers_edit_shows_on_the_face_at_once(client, official_cards):
    card = Establishment.objects.get(slug="wheat-field")
    card.cost = 4
    card.save()
    wheat = next(f["card"] for f in faces_in(client.get("/cards/").content.decode()) if f["card"]["name"] == "Wheat Field")
    assert wheat["cost"] == 4


def test_the_admin_previews_the_face(client, official_cards, designer):
    client.force_login(designer)
    card = Establishment.objects.get(slug="bakery")
    html = client.get(f"/admin/cards/establishment/{card.pk}/change/").content.decode()
    assert "Card face" in html and faces_in(html)[0]["card"]["name"] == "Bakery"


def test_the_game_board_gets_the_faces_words(official_cards):
    from games.machikoro.ruleset import MACHI_KORO

    rules = MACHI_KORO.freeze_rules(MACHI_KORO.clean_options({}))
    view = MACHI_KORO.rules_view(rules)
    cafe = view["establishments"]["cafe"]
    assert cafe["kind"] == "establishment" and cafe["icon_name"] == "Cup" and cafe["colour_name"]
    assert "take 1 coin" in cafe["text"]
    assert view["landmarks"]["train-station"]["kind"] == "landmark" and view["landmarks"]["train-station"]["text"]


@pytest.mark.parametrize("name, heading", [("playing", "Playing"), ("rules", "rules"), ("api", "API")])
def test_guides_are_site_pages(client, name, heading):
    response = client.get(f"/docs/{name}/")
    html = response.content.decode()
    assert response.status_code == 200 and "<h1>" in html and heading.lower() in html.lower()
    assert not re.search(r'href="[^"]*\.md', html), "links to repository files"


def test_the_players_guide_is_french_for_a_french_reader(client):
    client.cookies["django_language"] = "fr"
    html = client.get("/docs/playing/").content.decode()
    assert "<h1>Jouer sur le site (Minivilles, Aquarius)</h1>" in html
    assert "n'existe qu'en anglais" not in html and 'lang="en"' not in html.split("<article")[1][:40]
    assert 'href="/docs/rules-aquarius/"' in html and not re.search(r'href="[^"]*\.md', html)
    rules = client.get("/docs/rules/").content.decode()
    assert "Ce guide n'existe qu'en anglais." in rules and '<article class="doc" lang="en">' in rules
    english = Client().get("/docs/playing/").content.decode()
    assert "<h1>Playing on the site (Machi Koro, Aquarius)</h1>" in english and "notice" not in english


def test_the_french_players_guide_keeps_the_english_ones_sections():
    """A translation left behind when the guide changes shows here: the same sections, in the same order,
    with as many items."""
    from django.conf import settings

    def outline(path):
        text = path.read_text(encoding="utf-8")
        return [len(re.findall(r"^## ", text, re.M)), len(re.findall(r"^- ", text, re.M)),
                len(re.findall(r"^\d+\. ", text, re.M))]

    docs = settings.BASE_DIR / "docs"
    assert outline(docs / "fr" / "playing.md") == outline(docs / "playing.md")


def test_unknown_guides_are_not_found(client):
    assert client.get("/docs/operations-secret/").status_code == 404
    assert client.get("/docs/").status_code == 200


def test_the_api_root_describes_the_api_and_lists_every_endpoint(client):
    data = client.get("/api/", HTTP_ACCEPT="application/json").json()
    assert "designers" in data["description"].lower()
    for name in ("export", "import", "export-machi-koro", "game-statistics", "schema"):
        assert name in data["endpoints"], name
    assert "establishments" in data["collections"]


def test_the_admin_link_is_for_designers_only(client, official_cards, player, designer):
    assert 'href="/admin/"' not in client.get("/").content.decode()
    client.force_login(player)
    html = client.get("/").content.decode()
    assert 'href="/admin/"' not in html and "Log out" in html
    client.force_login(designer)
    assert 'href="/admin/"' in client.get("/").content.decode()


def test_home_page_offers_play_first_and_a_favicon(client):
    html = client.get("/").content.decode()
    main = html[html.index("<main>"):]
    assert main.index(">Play<") < main.index("Browse the cards")
    assert 'rel="icon"' in html
    assert client.get("/favicon.ico").status_code in (301, 302)


def test_api_documentation_loads_nothing_from_outside(client):
    for url in ("/api/redoc/", "/api/docs/"):
        html = client.get(url).content.decode()
        assert not re.search(r'(src|href)="https?://', html), url


def test_the_api_documentation_links_back_to_the_site(client):
    for url, other in (("/api/docs/", "/api/redoc/"), ("/api/redoc/", "/api/docs/")):
        html = client.get(url).content.decode()
        assert '<a href="/">' in html and 'href="/docs/api/"' in html and f'href="{other}"' in html, url


def test_the_join_page_offers_no_seat_at_a_full_table(client, django_user_model):
    from games import services
    from games.identity import Identity

    users = [django_user_model.objects.create_user(n, password="pw-" + n) for n in ("ann", "bob", "cid")]
    ann, bob = (Identity(user_id=u.pk, name=u.username) for u in users[:2])
    game = services.create_game(host=ann, ruleset_slug="machikoro", options={}, public=True, min_players=2,
                                max_players=2, turn_seconds=0)
    services.join_game(game_id=game.pk, identity=bob)
    client.force_login(users[2])
    html = client.get(f"/games/{game.code}/join/").content.decode()
    assert "This table is full" in html and 'id="join-button"' not in html


def test_an_uploaded_image_replaces_the_drawn_art(client, official_cards):
    from django.core.files.base import ContentFile

    from games.machikoro.ruleset import MACHI_KORO

    card = Establishment.objects.get(slug="forest")
    card.image.save("forest.png", ContentFile(b"\x89PNG\r\n\x1a\n"), save=True)
    forest = next(f["card"] for f in faces_in(client.get("/cards/").content.decode()) if f["card"]["name"] == "Forest")
    assert forest["image"] == card.image.url and forest["image"]
    rules = MACHI_KORO.freeze_rules(MACHI_KORO.clean_options({}))
    assert MACHI_KORO.rules_view(rules)["establishments"]["forest"]["image"] == card.image.url
