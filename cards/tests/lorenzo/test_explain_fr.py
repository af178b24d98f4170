"""Every Lorenzo payload in French, from the same payloads as the English (no database)."""
import re

import pytest

from cards.lorenzo.carddata import EffectData
from cards.lorenzo.explain import explain_card, explain_effect, explain_effects, explain_excommunication
from cards.lorenzo.reading import read_file

from cards.tests.lorenzo.conftest import REFERENCE_FILES, reference_text

ENGLISH = {"the", "gain", "take", "you", "your", "coin", "coins", "wood", "stone", "of", "and", "or", "for",
           "each", "every", "victory", "cards", "card", "value", "then", "cost", "need", "have"}


def cards(name):
    return {card.name: card for card in read_file(reference_text(name), name).card_sets[0].cards}


DEVELOPMENT = cards("cards.json")
EXCOMMUNICATIONS = cards("excom_cards.json")
LEADERS = cards("leader_cards.json")


def slot(card, timing):
    effects = card.effects_in(timing)
    exclusive = timing == "permanent" and bool(card.exclusive_permanent_effect)
    return explain_effects(effects, exclusive=exclusive, language="fr")


def english_words(text):
    return {word for word in re.findall(r"[^\W\d_]+", re.sub(r"«[^»]*»", "", text)) if word.lower() in ENGLISH}


@pytest.mark.parametrize(
    "card, timing, expected",
    [
        (DEVELOPMENT["Fortress"], "permanent", "Gagnez 2 points de victoire et 1 privilège du Conseil"),
        (EXCOMMUNICATIONS["Malus Stone or Wood"], "instant",
         "Chaque fois que vous gagnez de la pierre ou du bois, vous en gagnez 1 de moins"),
        (DEVELOPMENT["Dukedom"], "permanent", "Gagnez 1 pièce, 2 bois et 1 pierre"),
        (DEVELOPMENT["Treasury"], "permanent",
         "Échangez 1 pièce contre 3 points de victoire ou 2 pièces contre 5 points de victoire"),
        (DEVELOPMENT["Residence"], "permanent", "Payez 1 pièce pour gagner 1 privilège du Conseil"),
        (DEVELOPMENT["Royal Messenger"], "instant", "Gagnez 3 privilèges du Conseil (chacun différent)"),
        (DEVELOPMENT["Cardinal"], "instant", "Gagnez 2 points de foi, puis effectuez une action de récolte de valeur 4"),
        (DEVELOPMENT["Patron"], "instant",
         "Prenez une carte Personnage avec une action de valeur 6, en payant 2 pièces de moins"),
        (DEVELOPMENT["Stonemason"], "permanent",
         "Vos actions sur la tour des Bâtiments ont +2, et les cartes Bâtiment vous coûtent 1 pierre ou 1 bois de "
         "moins"),
        (DEVELOPMENT["Noble"], "instant", "Gagnez 2 points de victoire pour chaque carte Territoire que vous avez"),
        (DEVELOPMENT["General"], "instant",
         "Gagnez 1 point de victoire par tranche de 2 points militaires que vous avez"),
        (EXCOMMUNICATIONS["Malus Tower Blue"], "permanent", "Vos actions sur la tour des Personnages ont −4"),
        (LEADERS["Pico della Mirandola"], "permanent", "Les cartes Entreprise vous coûtent 3 pièces de moins"),
    ],
)
def test_effects_read_as_french(card, timing, expected):
    assert slot(card, timing) == expected


def test_cards_read_slot_by_slot_in_french():
    assert explain_card(DEVELOPMENT["Support to the Pope"], language="fr") == [
        "Coût : 5 points militaires (il vous faut 10 points militaires) ou 3 bois, 3 pierres et 4 pièces",
        "Immédiatement : Gagnez 2 points de foi",
        "À la fin de la partie : Gagnez 10 points de victoire",
    ]
    assert explain_card(LEADERS["Cesare Borgia"], language="fr") == [
        "Nécessite 3 cartes Bâtiment, 12 pièces et 2 points de foi",
        "En permanence : Vous n'avez besoin d'aucun point militaire pour prendre des cartes Territoire",
    ]


def test_exclusive_permanent_effects_read_as_a_choice_in_french():
    effects = [EffectData("permanent", "ADD", {"COINS": 1}), EffectData("permanent", "PRIVILEGE", {"NUMBER": 1}),
               EffectData("permanent", "CHANGE", {"RESOURCEIN": {"WOOD": 1}, "RESOURCEOUT": {"COINS": 2}})]  # fmt: skip
    assert explain_effects(effects, exclusive=True, language="fr") == (
        "Au choix : Gagnez 1 pièce, gagnez 1 privilège du Conseil ou échangez 1 bois contre 2 pièces"
    )


@pytest.mark.parametrize("name", REFERENCE_FILES)
def test_every_reference_payload_reads_in_french(name):
    for card in cards(name).values():
        for effect in card.effects:
            french = explain_effect(effect, language="fr")
            assert french and french != explain_effect(effect), (card.name, effect)
            assert effect.effect not in french and "None" not in french and "{" not in french, (card.name, french)
            assert not english_words(french), (card.name, french)
        lines = explain_card(card, language="fr")
        assert len(lines) == len(explain_card(card))
        assert not any(english_words(line) for line in lines), (card.name, lines)


def test_excommunication_rows_read_in_french():
    class Row:
        instant_effect, instant_payload = "LESSRESOURCE", ["MILITARY_POINTS"]
        permanent_effect, permanent_payload = "FLAG", "NOENDBLUE"

    assert explain_excommunication(Row(), language="fr") == (
        "Chaque fois que vous gagnez des points militaires, vous en gagnez 1 de moins. À la fin de la partie, vos "
        "cartes Personnage ne rapportent aucun point de victoire")
    assert explain_excommunication(Row()).startswith("Each time you gain military points")
