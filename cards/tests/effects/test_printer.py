"""to_string: canonical spelling, and a clear EffectError for trees the parser could never build."""

import pytest

from cards.effects import EffectError, parse, to_string
from cards.effects.tree import (AdjustRoll, AllOf, Amount, AnyOf, Call, Check, Choose, Compare, Effect, Filter,
                                Gain, If, Leg, RollDice, Take, Trade)

COW, CUP, BREAD = (Compare("icon", "==", v) for v in ("cow", "cup", "bread"))


@pytest.mark.parametrize("where, text", [
    (AnyOf((AllOf((COW, CUP)), BREAD)), "icon==cow and icon==cup or icon==bread"),
    (AllOf((AnyOf((COW, CUP)), BREAD)), "(icon==cow or icon==cup) and icon==bread"),
    (AllOf((AllOf((COW, CUP)), BREAD)), "(icon==cow and icon==cup) and icon==bread"),
    (AnyOf((AnyOf((COW, CUP)), BREAD)), "(icon==cow or icon==cup) or icon==bread"),
    (Compare("name", "==", "Flower Orchard"), 'name=="Flower Orchard"'),
    (Compare("name", "==", "or"), 'name=="or"'),
    (Compare("name", "==", "12"), 'name=="12"'),
    (Compare("name", "==", "Café"), "name==Café"),
])
def test_conditions_print_with_only_the_needed_parentheses_and_quotes(where, text):
    tree = Effect((Leg(Trade(Filter("cards", where))),))
    assert to_string(tree) == f"trade <cards where {text}>"
    assert parse(to_string(tree)) == tree


def test_redundant_parentheses_and_spaces_are_not_canonical():
    tree = parse("trade   <cards where (icon==cow)>   optional")
    assert to_string(tree) == "trade <cards where icon==cow> optional"


@pytest.mark.parametrize("tree", [
    Effect(()),
    Effect((Leg(RollDice(2)),)),                              # a phase body without its phase
    Effect((Leg(Gain(Amount("c", 1)), "roll.dice"),)),        # a phase with the wrong body
    Effect((Leg(Gain(Amount("c", 1)), "lunch.time"),)),       # unknown phase
    Effect((Leg(Call("steal", (Amount("c", 1),))),)),        # not a Machi Koro node
    Effect((Leg(Trade(Filter("cards", AllOf((COW,))))),)),    # 'and' of one term
    Effect((Leg(Trade(Filter("cards", Compare("name", "==", 'say "hi"')))),)),  # a name that cannot be quoted
    Effect((Leg(Choose(())),), "valeria"),
    Effect((Leg(Call("no_such_verb")),), "valeria"),
    Effect((Leg(Gain(Amount("c", 1))),), "monopoly"),
    "c 1",
])
def test_impossible_trees_raise_effect_error(tree):
    with pytest.raises(EffectError):
        to_string(tree)


def test_canonical_strings_are_fixed_points():
    for text in ("take c half from each_opponent", "roll.after adjust_roll 2", "trade <cards>",
                 "count all <cards where colour!=red and icon==cup> c 1"):
        assert to_string(parse(text)) == text
    assert parse("roll.after adjust_roll 2").legs[0].action == AdjustRoll(2, False)
    assert parse("take c half from each_opponent").legs[0].action == Take(Amount("c", "half"), "each_opponent")


@pytest.mark.parametrize("action", [
    Gain(Amount("c", 0)),                                            # amounts start at 1
    Gain(Amount("g", 1)),                                            # not a Machi Koro resource
    Take(Amount("c", "most"), "roller"),                             # not an amount word
    Take(Amount("c", 1), "bank"),                                    # not a payer
    Trade(Filter("cards", None, 2)),                                 # Machi Koro filters have no count
    Trade(Filter("citizens")),                                       # nor other kinds
    Trade(Filter("cards", Compare("cost", "==", 3))),                # unknown field
    Trade(Filter("cards", Compare("icon", "<", "cup"))),             # operator not allowed for icon
    Trade(Filter("cards", Compare("icon", "==", 3))),                # a number for a word field
    If(Check("roll", "coins", ">=", 3), Gain(Amount("c", 1))),       # the roll has a total, not coins
    If(Check("owner", "coins", ">=", -1), Gain(Amount("c", 1))),
])
def test_trees_with_impossible_values_raise_effect_error(action):
    with pytest.raises(EffectError):
        to_string(Effect((Leg(action),)))
