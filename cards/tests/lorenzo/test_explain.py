"""Every effect in English (no database)."""
import pytest

from cards.lorenzo.carddata import EffectData
from cards.lorenzo.explain import explain_card, explain_effect, explain_effects
from cards.lorenzo.reading import read_file

from cards.tests.lorenzo.conftest import REFERENCE_FILES, reference_text


def cards(name):
    return {card.name: card for card in read_file(reference_text(name), name).card_sets[0].cards}


DEVELOPMENT = cards("cards.json")
EXCOMMUNICATIONS = cards("excom_cards.json")
LEADERS = cards("leader_cards.json")


def slot(card, timing):
    effects = card.effects_in(timing)
    return explain_effects(effects, exclusive=timing == "permanent" and bool(card.exclusive_permanent_effect))


@pytest.mark.parametrize(
    "card, timing, expected",
    [
        (DEVELOPMENT["Fortress"], "permanent", "Gain 2 victory points and 1 council privilege"),
        (EXCOMMUNICATIONS["Malus Stone or Wood"], "instant", "Each time you gain stone or wood, gain one less"),
        (DEVELOPMENT["Dukedom"], "permanent", "Gain 1 coin, 2 wood and 1 stone"),
        (DEVELOPMENT["Treasury"], "permanent", "Exchange 1 coin for 3 victory points or 2 coins for 5 victory points"),
        (DEVELOPMENT["Residence"], "permanent", "Pay 1 coin to gain 1 council privilege"),
        (DEVELOPMENT["Royal Messenger"], "instant", "Gain 3 council privileges (each a different one)"),
        (DEVELOPMENT["Cardinal"], "instant", "Gain 2 faith points, then take a harvest action of value 4"),
        (DEVELOPMENT["Patron"], "instant", "Take a character card with an action of value 6, paying 2 coins less"),
        (DEVELOPMENT["Ambassador"], "instant",
         "Take a card of any type with an action of value 7, then gain 1 council privilege"),
        (DEVELOPMENT["Stonemason"], "permanent",
         "Your actions on the building tower get +2, and building cards cost you 1 stone or 1 wood less"),
        (DEVELOPMENT["Farmer"], "permanent", "Your harvest actions get +2"),
        (DEVELOPMENT["Noble"], "instant", "Gain 2 victory points for each territory card you have"),
        (DEVELOPMENT["General"], "instant", "Gain 1 victory point for every 2 military points you have"),
        (DEVELOPMENT["Preacher"], "permanent", "You no longer gain the bonuses of the tower action spaces"),
        (EXCOMMUNICATIONS["Malus Tower Blue"], "permanent", "Your actions on the character tower get −4"),
        (EXCOMMUNICATIONS["Malus Color Familiar"], "permanent", "Your coloured family members get −1 on every action"),
        (EXCOMMUNICATIONS["No Market Action"], "permanent", "You cannot place family members in the market"),
        (EXCOMMUNICATIONS["Less Points for Cost"], "instant",
         "At the end of the game, lose 1 victory point for every wood and stone on your building cards' costs"),
        (LEADERS["Francesco Sforza"], "instant", "Take a harvest action of value 1 (you may raise it with servants)"),
        (LEADERS["Pico della Mirandola"], "permanent", "Venture cards cost you 3 coins less"),
        (LEADERS["Santa Rita"], "flag",
         "Each time a development card's immediate effect gives you wood, stone, coins or servants, you get them twice"),
    ],
)
def test_effects_read_as_english(card, timing, expected):
    assert slot(card, timing) == expected


def test_cards_read_slot_by_slot_with_when_they_apply():
    assert explain_card(DEVELOPMENT["Support to the Pope"]) == [
        "Cost: 5 military points (you need 10 military points) or 3 wood, 3 stone and 4 coins",
        "Immediately: Gain 2 faith points",
        "At the end of the game: Gain 10 victory points",
    ]
    assert explain_card(DEVELOPMENT["Woods"]) == ["Immediately: Gain 1 wood", "Harvest (action value 2 or more): Gain 1 wood"]
    assert explain_card(LEADERS["Cesare Borgia"]) == [
        "Requires 3 building cards, 12 coins and 2 faith points",
        "Permanently: You need no military points to take territory cards",
    ]
    assert explain_card(LEADERS["Lucrezia Borgia"])[0] == (
        "Requires 6 venture cards, 6 character cards, 6 building cards or 6 territory cards"
    )


def test_exclusive_permanent_effects_read_as_a_choice():
    effects = [EffectData("permanent", "ADD", {"COINS": 1}), EffectData("permanent", "PRIVILEGE", {"NUMBER": 1}),
               EffectData("permanent", "CHANGE", {"RESOURCEIN": {"WOOD": 1}, "RESOURCEOUT": {"COINS": 2}})]  # fmt: skip
    assert explain_effects(effects, exclusive=True) == (
        "One of: Gain 1 coin, gain 1 council privilege or exchange 1 wood for 2 coins"
    )


@pytest.mark.parametrize("name", REFERENCE_FILES)
def test_every_reference_effect_has_words_not_keywords(name):
    for card in cards(name).values():
        for effect in card.effects:
            text = explain_effect(effect)
            assert text and effect.effect not in text and "None" not in text, (card.name, effect, text)
        assert explain_card(card), card.name
