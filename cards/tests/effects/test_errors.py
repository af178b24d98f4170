"""Malformed effects fail with an EffectError that says where, what was found and what was expected."""

import pytest

from cards.effects import EffectContext, EffectError, parse

# (text, column, token, expected)
MALFORMED = [
    ("take c 1 form roller", 10, "form", "'from' after '1'"),
    ("c", 2, "", "a number (1 or more) after 'c'"),
    ("c three", 3, "three", "a number (1 or more) after 'c'"),
    ("c -1", 3, "-1", "a number (1 or more) after 'c'"),
    ("take x 1 from roller", 6, "x", "a resource (c) after 'take'"),
    ("take c 1 from bank", 15, "bank",
     "a payer (roller, each_opponent or chosen_opponent) after 'from'"),
    ("count own <cards where icon=cow> c 3", 28, "=", "a comparison operator (==, !=, <, <=, >, >=)"),
    ("count own <cards where icon<cow> c 3", 28, "<", "== or != after 'icon'"),
    ("count own <cards where cost>=3> c 1", 24, "cost", "a filter field (icon, colour or name)"),
    ("count own <cards where icon==cup c 1", 34, "c", "'and', 'or', ')' or '>'"),
    ("c 1 +", 6, "", "a word, a dotted word such as turn.end, a \"quoted name\", a number or '<'"),
    ("roll.fly 2", 1, "roll.fly", "a phase (build.before, build.self, build.skip, income.bonus, roll.after, "
                                  "roll.broken, roll.dice, roll.reroll or turn.end)"),
    ("if owner hasnt Harbor c 1", 10, "hasnt",
     "'has LANDMARK' or a comparison such as coins>=10 or landmarks<2 after 'owner'"),
    ("trade <cards where icon!=tower> maybe", 33, "maybe", "'optional', '+' or end of effect"),
    ("c 3 c 4", 5, "c", "'+' or end of effect"),
    ("activate <cards> explode", 18, "explode", "what this card does then (return or close) after '<cards>'"),
    ("if owner coins == 0 c 1", 16, "==", "a comparison written without spaces, like coins>=10"),
    ("if roll coins>=3 c 1", 9, "coins>=3", "a comparison on the dice total such as total>=10 after 'roll'"),
    ("count payer <cards> c 1", 21, "c", "a 'take ... from ...' action after the scope 'payer'"),
    ("roll.reroll 0", 13, "0", "a number of re-rolls (a whole number of 1 or more) after 'roll.reroll'"),
    ("c 1 | c 2", 5, "|", "a word, a dotted word such as turn.end, a \"quoted name\", a number, '<', '>' or '+'"),
    ('count own <cards where name=="Flower Orchard> c 1', 30, '"', "a closing '\"' on the same line"),
    ("", 1, "", "a word, a dotted word such as turn.end, a \"quoted name\", a number or '<'"),
]


@pytest.mark.parametrize("text, column, token, expected", MALFORMED)
def test_error_names_column_token_and_expectation(text, column, token, expected):
    with pytest.raises(EffectError) as caught:
        parse(text)
    error = caught.value
    assert (error.column, error.token, error.expected) == (column, token, expected)
    found = "end of effect" if token == "" else f"'{token}'"
    assert str(error) == f"col {column}: expected {expected}, found {found}"


def test_message_format_matches_the_valeria_example():
    with pytest.raises(EffectError) as caught:
        parse("s 3 + choose 3", game="valeria")
    assert str(caught.value) == ("col 14: expected a resource (g, m, s, v, p, t or wild) or <...> after 'choose', "
                                 "found '3'")


def test_effect_error_is_a_value_error():
    assert issubclass(EffectError, ValueError)


def test_unknown_verb():
    with pytest.raises(EffectError) as caught:
        parse("steal c 1")
    assert caught.value.column == 1 and caught.value.token == "steal"
    assert caught.value.expected.startswith("an action (c N, take, pay, count, if, ")


@pytest.mark.parametrize("text, column, token", [
    ("take c 1 from", 14, ""),                 # missing payer
    ("shared_roll 2", 14, ""),                 # missing per-pip amount
    ("demolish c 8", 10, "c"),                 # missing landmark count
    ("redistribute c 1", 14, "c"),             # takes nothing
    ("close self self", 12, "self"),           # one word too many
    ("roll.dice 2 3", 13, "3"),
    ("income.bonus c 1", 14, "c"),             # missing filter
    ("count own c 3", 11, "c"),                # missing filter
])
def test_wrong_arity_or_type(text, column, token):
    with pytest.raises(EffectError) as caught:
        parse(text)
    assert (caught.value.column, caught.value.token) == (column, token)


def test_verbs_bound_to_a_phase_are_refused_elsewhere():
    with pytest.raises(EffectError, match=r"col 1: expected an action allowed without a phase \('invest' needs"):
        parse("invest c 1")
    with pytest.raises(EffectError, match=r"col 10: expected an action allowed after turn.end \('adjust_roll'"):
        parse("turn.end adjust_roll 2")
    assert parse("turn.end invest c 1").legs[0].phase == "turn.end"


@pytest.mark.parametrize("text, column, token, expected", [
    ("count own <cards where icon==cowz> c 3", 30, "cowz",
     "an icon (boat, bread, cow, cup, factory, fruit, gear, suitcase, tower or wheat)"),
    ("count own <cards where colour==pink> c 3", 32, "pink", "a colour (blue, green, purple or red)"),
    ("count own <cards where name==Cafe> c 1", 30, "Cafe", "a known card name"),
    ("if owner has Harbour c 1", 14, "Harbour", "a known landmark name after 'has'"),
    ('if owner has "Train Statio" c 1', 14, '"Train Statio"', "a known landmark name after 'has'"),
])
def test_unknown_names_are_errors_with_a_context(text, column, token, expected, context):
    with pytest.raises(EffectError) as caught:
        parse(text, context=context)
    assert (caught.value.column, caught.value.token, caught.value.expected) == (column, token, expected)
    parse(text)  # without a context, names are not checked


def test_a_partial_context_checks_only_what_it_lists():
    icons_only = EffectContext(icons={"cow"})
    parse("count own <cards where name==Anything> c 1", context=icons_only)
    with pytest.raises(EffectError):
        parse("count own <cards where icon==wheat> c 1", context=icons_only)


def test_names_with_spaces_need_quotes(context):
    assert parse('if owner has "Train Station" c 1', context=context).legs[0].action.condition.landmark == \
        "Train Station"
    with pytest.raises(EffectError):
        parse("if owner has Train Station c 1", context=context)


@pytest.mark.parametrize("value", [None, 3, b"c 1", ["c 1"]])
def test_non_strings_are_effect_errors(value):
    with pytest.raises(EffectError):
        parse(value)


def test_unknown_game_and_bad_context_are_effect_errors():
    with pytest.raises(EffectError, match="expected a game"):
        parse("c 1", game="monopoly")
    with pytest.raises(EffectError, match="EffectContext"):
        parse("c 1", context={"icons": set()})


def test_deep_nesting_is_an_effect_error():
    with pytest.raises(EffectError, match="nested less deeply"):
        parse("choose " + "<choose " * 2000 + "g 1" + ">" * 2000, game="valeria")
