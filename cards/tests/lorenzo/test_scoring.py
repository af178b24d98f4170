"""End-of-game scoring, case by case, with the real cards."""
from pathlib import Path

import pytest
from django.utils import translation

from cards.lorenzo.reading import read_file
from cards.lorenzo.score_text import line_what
from cards.lorenzo.scoring import (LINE_KEYS, PlayerHoldings, ScoringError, final_scores, military_points_won,
                                   score_player)

from cards.tests.lorenzo.conftest import reference_cards, reference_text


def cards(name):
    return {card.name: card for card in read_file(reference_text(name), name).card_sets[0].cards}


DEVELOPMENT = cards("cards.json")
TILES = cards("excom_cards.json")
LEADERS = cards("leader_cards.json")
TERRITORIES = ["Woods", "Forest", "Village", "Citadel", "City", "Farm", "Colony"]
CHARACTERS = ["Farmer", "Artisan", "Preacher", "Abbess", "Captain", "Cardinal", "Bishop"]


def player(territories=0, characters=0, ventures=(), buildings=(), tiles=(), leaders=(), **values):
    held = TERRITORIES[:territories] + CHARACTERS[:characters] + list(ventures) + list(buildings)
    values.setdefault("faith_points", 5)
    return PlayerHoldings(
        "Ada", cards=[DEVELOPMENT[name] for name in held], excommunications=[TILES[name] for name in tiles],
        leaders=[LEADERS[name] for name in leaders], **values,
    )  # fmt: skip


def lines(sheet):
    return {key: sheet.points(key) for key, _, _ in sheet.lines}


def test_a_full_score_without_excommunication():
    sheet = score_player(
        player(3, 4, ["Support to the Pope", "Crusade"], ["Fortress"], victory_points=20, military_points=6,
               faith_points=7, coins=5, wood=3, stone=2, servants=1),
        [6, 4],
    )  # fmt: skip
    assert lines(sheet) == {
        "victory_points": 20, "faith": 9, "territories": 1, "characters": 10, "ventures": 15, "military": 5,
        "resources": 2,
    }  # fmt: skip
    assert sheet.total == 62


@pytest.mark.parametrize("count, points", [(0, 0), (1, 0), (2, 0), (3, 1), (4, 4), (5, 10), (6, 20), (7, 20)])
def test_territory_table(count, points):
    assert score_player(player(territories=count)).points("territories") == points


@pytest.mark.parametrize("count, points", [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 21), (7, 21)])
def test_character_table(count, points):
    assert score_player(player(characters=count)).points("characters") == points


@pytest.mark.parametrize("faith, points", [(5, 5), (6, 7), (12, 19), (13, 22), (15, 30), (21, 30)])
def test_faith_track_at_the_third_vatican_report(faith, points):
    assert score_player(player(faith_points=faith)).points("faith") == points


def test_sisto_iv_adds_five_when_supporting_the_church():
    sheet = score_player(player(faith_points=6, leaders=["Sisto IV"]))
    assert (sheet.points("faith"), sheet.points("MOREFAITH")) == (7, 5)
    keys = [key for key, _, _ in sheet.lines]
    assert len(keys) == len(set(keys))  # one line per key: the answer's lines may be read as a mapping


def test_a_period_three_tile_means_no_support_and_no_faith_points():
    sheet = score_player(player(faith_points=2, tiles=["Skip Turn", "No Victory Points Blue"]))
    assert sheet.points("faith") == 0
    # A period-1 or -2 tile alone does not stop the last report.
    assert score_player(player(faith_points=9, tiles=["Malus Coins", "Skip Turn"])).points("faith") == 13


def test_supporting_the_church_needs_five_faith_points():
    with pytest.raises(ScoringError, match="fewer than the 5 needed"):
        score_player(player(faith_points=4))


@pytest.mark.parametrize(
    "tile, key",
    [("No Victory Points Green", "territories"), ("No Victory Points Blue", "characters"),
     ("No Victory Points Purple", "ventures")],
)  # fmt: skip
def test_no_end_points_tiles_cancel_their_card_type(tile, key):
    holdings = dict(territories=5, characters=5, ventures=["Sacred War", "Crusade"], faith_points=5)
    clean = lines(score_player(player(**holdings)))
    cursed = lines(score_player(player(**holdings, tiles=[tile])))
    assert (clean["territories"], clean["characters"], clean["ventures"]) == (10, 15, 13)
    assert cursed[key] == 0
    for other in {"territories", "characters", "ventures"} - {key}:
        assert cursed[other] == clean[other]


def test_less_for_victory_takes_one_in_five_before_the_final_scoring():
    sheet = score_player(player(victory_points=24, characters=6, faith_points=0, tiles=["Less Points for Victory"]))
    assert sheet.points("LESSFORVICTORY") == -4  # of the 24, not of the 21 the characters add later
    assert sheet.total == 24 - 4 + 21 + 5  # 5: first on the military track, alone at 0


def test_less_for_military_costs_each_military_point_but_the_track_still_scores():
    sheet = score_player(player(military_points=7, faith_points=0, tiles=["Less Points for Military"]), [7, 3])
    assert (sheet.points("military"), sheet.points("LESSFORMILITARY")) == (5, -7)


def test_less_for_building_counts_wood_and_stone_on_building_costs():
    sheet = score_player(
        player(buildings=["Fortress", "Chapel", "Bank"], victory_points=30, faith_points=0, tiles=["Less Points for Cost"])
    )
    # Fortress 2 wood + 4 stone, Chapel 2 wood, Bank 1 wood + 3 stone; coins do not count.
    assert sheet.points("LESSFORBUILDING") == -12


def test_less_for_resource_costs_each_resource_and_they_still_score():
    sheet = score_player(
        player(coins=6, wood=2, stone=3, servants=1, victory_points=20, faith_points=0, tiles=["Less Points for Resource"])
    )
    assert (sheet.points("resources"), sheet.points("LESSFORRESOURCE")) == (2, -12)


def test_the_total_never_goes_below_zero():
    sheet = score_player(player(military_points=30, faith_points=0, tiles=["Less Points for Military"]), [30, 40])
    assert sum(points for _, _, points in sheet.lines) < 0 and sheet.total == 0


@pytest.mark.parametrize(
    "military, won",
    [([7, 5, 3], [5, 2, 0]), ([7, 7, 3], [5, 5, 0]), ([7, 3, 3], [5, 2, 2]), ([4], [5]), ([0, 0], [5, 5])],
)
def test_military_track_places_and_ties(military, won):
    assert [military_points_won(military, points) for points in military] == won


def test_final_scores_rank_the_table():
    ada = player(victory_points=40, military_points=2)
    ben = PlayerHoldings("Ben", victory_points=38, military_points=9, faith_points=5)
    sheets = final_scores([ada, ben])
    assert [(s.player, s.total) for s in sheets] == [("Ben", 38 + 5 + 5), ("Ada", 40 + 5 + 2)]


def test_seed_json_cards_score_like_imported_ones():
    raw = {c["name"]: c for c in reference_cards("cards.json")}
    from_json = PlayerHoldings("Ada", faith_points=5, cards=[raw["Sacred War"], raw["Woods"]])
    assert score_player(from_json).points("ventures") == 8


@pytest.mark.django_db
def test_database_cards_score_too(lorenzo_cards):
    from cards.lorenzo.models import Excommunication
    from cards.lorenzo.models import DevelopmentCard

    holdings = PlayerHoldings(
        "Ada", faith_points=0, cards=list(DevelopmentCard.objects.filter(card_type="VENTURECARD", period=3)),
        excommunications=[Excommunication.objects.get(slug="less-points-for-victory")], victory_points=10,
    )  # fmt: skip
    sheet = score_player(holdings)
    # Hiring Mercenaries 6, Repairing the Cathedral 5, Building the Towers 4, Promoting Sacred Art 3,
    # Military Conquest 7, Improving the Roads 5, Sacred War 8, Support to the Pope 10.
    assert sheet.points("ventures") == 48
    assert sheet.points("LESSFORVICTORY") == -2


COUNTED = {  # line key -> the sheet's English for 1 and for 2, and the site's French for 1 and for 2
    "territories": ("1 territory card", "2 territory cards", "1 carte Territoire", "2 cartes Territoire"),
    "characters": ("1 character card", "2 character cards", "1 carte Personnage", "2 cartes Personnage"),
    "ventures": ("1 venture card", "2 venture cards", "1 carte Entreprise", "2 cartes Entreprise"),
    "military": ("1 military point", "2 military points", "1 point militaire", "2 points militaires"),
    "resources": ("1 resource", "2 resources", "1 ressource", "2 ressources"),
}


@pytest.mark.parametrize("count", [1, 2])
def test_a_sheet_counts_one_card_in_the_singular_in_both_languages(count):
    """The sheet's own English read "1 territory cards"; the site's words (score_text, ngettext) say the same
    in English and agree in French."""
    sheet = score_player(player(count, count, ["Support to the Pope", "Crusade"][:count], military_points=count,
                                coins=count))
    english = {key: what for key, what, _ in sheet.lines}
    details = {key: facts for (key, _, _), facts in zip(sheet.lines, sheet.details)}
    for key, (one, two, un, deux) in COUNTED.items():
        assert english[key] == (one if count == 1 else two)
        for language, expected in (("en", english[key]), ("fr", un if count == 1 else deux)):
            with translation.override(language):
                assert line_what(details[key]) == expected, (key, language)


LORENZO_DOCS = Path(__file__).resolve().parents[3] / "docs" / "lorenzo.md"
PERIOD_3_TILES = [name for name, tile in TILES.items() if tile.period == 3]


@pytest.mark.parametrize("tile", [None, *PERIOD_3_TILES])
def test_lines_have_unique_keys_from_the_documented_list(tile):
    sheet = score_player(player(2, 2, ["Crusade"], ["Fortress"], tiles=[tile] if tile else [], leaders=["Sisto IV"],
                                victory_points=12, military_points=3, faith_points=8, wood=2, stone=2))
    keys = [key for key, _, _ in sheet.lines]
    assert len(keys) == len(set(keys)) and set(keys) <= set(LINE_KEYS)
    assert keys == sorted(keys, key=LINE_KEYS.index)


def test_docs_list_every_score_line_key():
    section = LORENZO_DOCS.read_text(encoding="utf-8").split("## End-of-game scoring", 1)[1]
    missing = [key for key in LINE_KEYS if f"`{key}`" not in section]
    assert not missing, f"docs/lorenzo.md's End-of-game scoring does not list {missing}"
