"""Every official Machi Koro card string parses, prints back identically and explains."""

import json

import pytest

from cards.effects import explain, parse, to_string
from cards.effects.tree import (Activate, AdjustRoll, AnyOf, Amount, Check, Close, Compare, Count, Effect, Filter,
                                Gain, Has, If, IncomeBonus, Invest, Leg, Pay, RollDice, Take)

from cards.tests.effects.conftest import CARD_DATA

CARDS = json.loads(CARD_DATA.read_text(encoding="utf-8"))
ALL_CARDS = CARDS["establishments"] + CARDS["landmarks"]


def card_id(card):
    return card["slug"]


def test_the_data_has_every_kind_of_card():
    assert len(CARDS["establishments"]) == 40
    assert len(CARDS["landmarks"]) == 8


@pytest.mark.parametrize("card", ALL_CARDS, ids=card_id)
def test_official_string_parses_with_the_card_context_and_prints_back(card, context):
    tree = parse(card["effect"], context=context)
    assert tree.game == "machi-koro"
    assert to_string(tree) == card["effect"]
    assert parse(to_string(tree)) == tree


@pytest.mark.parametrize("card", ALL_CARDS, ids=card_id)
def test_official_string_explains_with_and_without_the_card(card):
    tree = parse(card["effect"])
    bare, with_card = explain(tree), explain(tree, card)
    for text in (bare, with_card):
        assert text[0].isupper() and text.endswith(".")
        assert "_" not in text  # no raw verb or payer names leak into the English
    if "colour" in card:  # establishments: the card adds the trigger with its dice numbers
        assert str(card["activation_min"]) in with_card
        assert with_card != bare


def test_trees_are_hashable_values():
    first, second = parse("take c 1 from roller"), parse("take c 1 from roller")
    assert first == second and hash(first) == hash(second)
    assert len({first, second, parse("c 1")}) == 2


# The trees the rules engine compiles: these shapes are the contract with games/machikoro/.
CONTRACT = {
    "c 1": Effect((Leg(Gain(Amount("c", 1))),)),
    "take c 1 from roller": Effect((Leg(Take(Amount("c", 1), "roller")),)),
    "take c invested from each_opponent + turn.end invest c 1": Effect((
        Leg(Take(Amount("c", "invested"), "each_opponent")),
        Leg(Invest(Amount("c", 1)), "turn.end"),
    )),
    "count payer <cards where icon==cup or icon==bread> take c 1 from each_opponent": Effect((Leg(Count(
        "payer",
        Filter("cards", AnyOf((Compare("icon", "==", "cup"), Compare("icon", "==", "bread")))),
        Take(Amount("c", 1), "each_opponent"),
    )),)),
    "if payer coins>=10 take c half from each_opponent": Effect((Leg(If(
        Check("payer", "coins", ">=", 10), Take(Amount("c", "half"), "each_opponent"))),)),
    "if owner has Harbor take c 3 from roller": Effect((Leg(If(
        Has("owner", "Harbor"), Take(Amount("c", 3), "roller"))),)),
    "count own <cards where name==Vineyard> c 6 + close self": Effect((
        Leg(Count("own", Filter("cards", Compare("name", "==", "Vineyard")), Gain(Amount("c", 6)))),
        Leg(Close("self")),
    )),
    "pay c 2 + build.self c 5": Effect((Leg(Pay(Amount("c", 2))), Leg(Gain(Amount("c", 5)), "build.self"))),
    "activate <cards where colour==blue or colour==green> return optional": Effect((Leg(Activate(
        Filter("cards", AnyOf((Compare("colour", "==", "blue"), Compare("colour", "==", "green")))),
        "return", True)),)),
    "roll.dice 2": Effect((Leg(RollDice(2), "roll.dice"),)),
    "roll.after if roll total>=10 adjust_roll 2 optional": Effect((Leg(
        If(Check("roll", "total", ">=", 10), AdjustRoll(2, True)), "roll.after"),)),
    "income.bonus <cards where icon==cup or icon==bread> c 1": Effect((Leg(IncomeBonus(
        Filter("cards", AnyOf((Compare("icon", "==", "cup"), Compare("icon", "==", "bread")))),
        Amount("c", 1)), "income.bonus"),)),
    'count own <cards where name=="Flower Orchard"> c 1': Effect((Leg(Count(
        "own", Filter("cards", Compare("name", "==", "Flower Orchard")), Gain(Amount("c", 1)))),)),
}


@pytest.mark.parametrize("text", CONTRACT)
def test_trees_have_the_documented_shape(text):
    assert parse(text) == CONTRACT[text]
    assert to_string(CONTRACT[text]) == text


def test_the_roller_is_them_when_the_card_is_red():
    tree = parse("take c 1 from roller")
    assert explain(tree) == "Take 1 coin from the roller."
    assert explain(tree, {"colour": "red", "activation": 3}) == "When another player rolls 3, take 1 coin from them."


@pytest.mark.parametrize("text, card, english", [
    ("c 1", {"colour": "blue", "activation": [1]}, "When anyone rolls 1, get 1 coin from the bank."),
    ("c 1", {"colour": "green", "activation_min": 2, "activation_max": 3},
     "When you roll 2 or 3, get 1 coin from the bank."),
    ("if roller landmarks>=3 take c all from roller", {"colour": "red", "activation": [12, 13, 14]},
     "When another player rolls 12, 13 or 14, if they have at least 3 landmarks built, take all their coins."),
    ("if roller landmarks>=3 take c all from roller", None,
     "If the roller has at least 3 landmarks built, take all the roller's coins."),
    ("if payer coins>=10 take c half from each_opponent", None,
     "Take half the coins (rounded down) of each opponent who has at least 10 coins."),
    ("count payer <cards where icon==cup or icon==bread> take c 1 from each_opponent", None,
     "Take 1 coin from each opponent for each cup or bread establishment they own."),
    ("count own <cards where name==Vineyard> c 6 + close self", {"colour": "green", "activation": 9},
     "When you roll 9, get 6 coins from the bank for each Vineyard you own. Then this card closes for renovation."),
    ("build.before if owner coins==0 c 1", None,
     "Right before you build, if you have no coins, get 1 coin from the bank."),
    ("roll.dice 2", None, "You may roll 1 or 2 dice."),
    ("roll.reroll 1", None, "Once per turn, you may re-roll your dice."),
    ("turn.end extra_turn doubles", None,
     "At the end of your turn, if you rolled doubles, take another turn after this one."),
    ("trade <cards where icon!=tower> optional", None,
     "You may swap one of your non-tower establishments with one of an opponent's."),
])
def test_explanations_read_as_english(text, card, english):
    assert explain(parse(text), card) == english


def test_card_facts_may_come_from_an_object():
    class Colour:
        slug = "blue"

    class Card:
        colour = Colour()
        activation_min, activation_max = 9, 10

    assert explain(parse("c 1"), Card()) == "When anyone rolls 9 or 10, get 1 coin from the bank."
