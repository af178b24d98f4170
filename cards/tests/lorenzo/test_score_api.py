"""POST /api/lorenzo/score/ and the final-score page: each line of the computation, clear errors."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from cards.lorenzo.score_views import ScoreForm

pytestmark = pytest.mark.django_db


def score(body):
    return APIClient().post("/api/lorenzo/score/", body, format="json")


def test_a_score_line_by_line_with_an_excommunication(official_cards):
    response = score({
        "name": "Ada", "victory_points": 20, "military_points": 6, "faith_points": 7, "coins": 5, "wood": 3,
        "stone": 2, "servants": 1, "rivals_military_points": [4],
        "cards": {"territories": ["Woods", "Forest", "Village"], "buildings": ["mint"]},
        "excommunications": ["less-points-for-cost"],
    })  # fmt: skip
    assert response.status_code == 200, response.json()
    body = response.json()
    lines = {line["key"]: line["points"] for line in body["lines"]}
    # Period-3 excommunication: no faith line. 3 territories 1, military first of 6/4: 5, 11 resources: 2,
    # LESSFORBUILDING: the Mint's 1 wood and 3 stone.
    assert lines == {"victory_points": 20, "territories": 1, "characters": 0, "ventures": 0, "military": 5,
                     "resources": 2, "LESSFORBUILDING": -4}
    assert body["total"] == 24 and body["player"] == "Ada"
    assert body["in_words"][-1] == f"Final score: {body['total']} victory points."
    assert any("wood and stone" in sentence for sentence in body["in_words"])


def test_the_score_is_worded_in_french_when_asked(official_cards):
    body = {"victory_points": 20, "faith_points": 7, "cards": {"territories": ["Woods"]}}
    french = APIClient().post("/api/lorenzo/score/?lang=fr", body, format="json").json()
    assert {line["key"]: line["what"] for line in french["lines"]}["territories"] == "1 carte Territoire"
    assert any(line.startswith("7 points de foi (troisième rapport au Vatican) : +") for line in french["in_words"])
    assert french["in_words"][-1] == f"Score final : {french['total']} points de victoire."
    english = score(body).json()  # no language asked: English
    assert english["in_words"][-1] == f"Final score: {english['total']} victory points."


def test_the_period_3_excommunication_takes_faith_away(official_cards):
    held = {"victory_points": 10, "faith_points": 9, "excommunications": ["less-points-for-victory"]}
    lines = {line["key"]: line["points"] for line in score(held).json()["lines"]}
    assert "faith" not in lines  # excommunicated in period 3: no faith points scored
    assert lines["LESSFORVICTORY"] == -2  # 1 for every 5 of 10


def test_every_line_has_its_own_key_sisto_iv_included(official_cards):
    body = score({"victory_points": 10, "faith_points": 6, "military_points": 1, "leaders": ["Sisto IV"],
                  "cards": {"territories": ["Woods"]}}).json()
    keys = [line["key"] for line in body["lines"]]
    assert len(keys) == len(set(keys)), keys
    lines = {line["key"]: line["points"] for line in body["lines"]}
    assert lines["faith"] == 7 and lines["MOREFAITH"] == 5


def test_the_seeds_typo_is_not_needed_and_cards_may_be_a_flat_list(official_cards):
    body = score({"faith_points": 5, "cards": ["Woods", "farmer"]}).json()
    lines = {line["key"]: line for line in body["lines"]}
    assert lines["territories"]["what"] == "1 territory card" and lines["characters"]["points"] == 1


@pytest.mark.parametrize("body, field, message", [
    ({"cards": ["Atlantis"]}, "cards", "Unknown card 'Atlantis'."),
    ({"cards": {"territories": ["Farmer"]}}, "cards.territories", "Farmer is a character card, not a territory card."),
    ({"cards": {"castles": ["Woods"]}}, "cards", "Unknown card type 'castles'"),
    ({"excommunications": ["no-such-tile"]}, "excommunications", "Unknown card 'no-such-tile'."),
    ({"leaders": ["Nobody"]}, "leaders", "Unknown card 'Nobody'."),
    ({"cards": {"territories": "Woods"}}, "cards.territories", "Give a list of card slugs or names."),
    ({"cards": {"buildings": None}}, "cards.buildings", "Give a list of card slugs or names."),
    ({"cards": "Woods"}, "cards", "Give a list of card slugs or names."),
    ({"excommunications": "malus-coins"}, "excommunications", "Give a list of card slugs or names."),
    ({"leaders": {"name": "Sisto IV"}}, "leaders", "Give a list of card slugs or names."),
    ({"rivals_military_points": 4}, "rivals_military_points", "A list of whole numbers, 0 or more."),
    ({"name": ["Ada"]}, "name", "Give the player's name as text."),
    ({"coins": -1}, "coins", "A whole number, 0 or more."),
    ({"faith_points": 2}, "faith_points", "fewer than the 5 needed"),
    ({"faith_points": 5, "excommunications": ["malus-coins", "malus-servants"]}, "excommunications",
     "at most one excommunication per period"),
])
def test_bad_situations_get_clear_errors(official_cards, body, field, message):
    response = score(body)
    assert response.status_code == 400
    assert message in response.json()["error"]["fields"][field][0]["message"]


@pytest.mark.parametrize("body", [{"leaders": ["Sisto\x00IV"]}, {"cards": {"territories": ["\x00"]}}])
def test_a_nul_character_in_a_card_name_is_a_clear_400(official_cards, body):
    # PostgreSQL cannot even compare a text holding one: it was a 500 there (a schema fuzz run found it)
    response = score(body)
    assert response.status_code == 400 and "NUL" in response.json()["error"]["message"]


def test_a_name_holding_a_nul_is_no_card_even_past_the_parser():
    from cards.lorenzo.score_service import ScoreInputError, holdings_from

    with pytest.raises(ScoreInputError) as refused:
        holdings_from({"leaders": ["Sisto\x00IV"]})
    assert "is not a card name or slug" in str(refused.value)


def test_a_string_where_a_list_of_cards_belongs_is_refused_not_dropped(official_cards):
    # "Woods" alone used to be read as no card at all: a 200 with the territory silently missing.
    response = score({"faith_points": 5, "cards": {"territories": "Woods", "characters": ["farmer"]}})
    assert response.status_code == 400
    error = response.json()["error"]
    assert list(error["fields"]) == ["cards.territories"]  # only the malformed field; the good one is fine
    assert "cards.territories" in error["message"]


def test_the_page_scores_a_form_and_shows_the_computation(official_cards):
    browser = Client()
    assert "Lorenzo il Magnifico: final score" in browser.get("/cards/lorenzo/score/").content.decode()
    page = browser.post("/cards/lorenzo/score/", {
        "name": "Ada", "victory_points": 3, "military_points": 0, "faith_points": 5, "coins": 0, "wood": 0,
        "stone": 0, "servants": 0, "characters": ["farmer", "artisan"], "rivals_military_points": "2, 1"})
    text = page.content.decode()
    assert page.status_code == 200
    assert "Ada: 11 victory points" in text  # 3, faith 5 -> 5, 2 characters -> 3, military 0 of 0/2/1 -> 0
    assert "5 faith points (third Vatican report): +5 victory points." in text
    assert "2 character cards: +3 victory points." in text
    refused = browser.post("/cards/lorenzo/score/", {"name": "Ada", "victory_points": 0, "military_points": 0,
                                                     "faith_points": 1, "coins": 0, "wood": 0, "stone": 0,
                                                     "servants": 0})
    assert refused.status_code == 400 and "fewer than the 5 needed" in refused.content.decode()


def test_the_untouched_page_form_scores_its_own_defaults(official_cards):
    """What the page offers before anyone types is a situation that can occur: it scores, no refusal."""
    form = ScoreForm()
    untouched = {name: field.initial for name, field in form.fields.items() if field.initial is not None}
    page = Client().post("/cards/lorenzo/score/", {k: str(v) for k, v in untouched.items()})
    assert page.status_code == 200, page.content.decode()[:500]
    assert "Player: 10 victory points" in page.content.decode()  # faith 5 -> 5, alone on the military track -> 5


def test_too_little_faith_is_a_whole_sentence_in_the_readers_language(official_cards):
    situation = {"name": "Ada", "victory_points": 0, "military_points": 0, "faith_points": 1, "coins": 0,
                 "wood": 0, "stone": 0, "servants": 0}
    english = Client().post("/cards/lorenzo/score/", situation).content.decode()
    assert ("Ada has 1 faith point, fewer than the 5 needed to support the Church in period 3: list the period-3 "
            "excommunication taken instead, or give at least 5 faith points.") in english
    french = Client(headers={"accept-language": "fr"}).post("/cards/lorenzo/score/", situation)
    assert french.status_code == 400 and "Ada a 1 point de foi" in french.content.decode()
