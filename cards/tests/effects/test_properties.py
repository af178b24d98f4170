"""Property tests: printing and parsing are inverse on generated trees; no text raises anything but EffectError."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cards.effects import EffectError, explain, parse, to_string

from cards.tests.effects.strategies import machikoro_effects, valeria_effects

FAST = settings(max_examples=200, deadline=None)
PIECES = ["c", "1", "-2", "+", "<", ">", "<cards", "where", "icon==cup", "or", "and", "(", ")", '"x y"', '"', "=",
          "==", "roll.dice", "turn.end", "take", "from", "roller", "count", "own", "if", "owner", "has", "coins>=3",
          "choose", "g", "m:3", "a=b:c,d", ".", " ", "\t", "\n", "é", "|", "activate", "optional", "total>=2",
          "roll", "payer", "half", "<citizens + v 1>", "x.y.z", "0", "9" * 30]


@FAST
@given(machikoro_effects)
def test_machikoro_trees_print_and_parse_back(tree):
    text = to_string(tree)
    assert parse(text) == tree
    assert to_string(parse(text)) == text


@FAST
@given(machikoro_effects, st.sampled_from([None, {"colour": "red", "activation": 3},
                                           {"colour": "purple", "activation_min": 11, "activation_max": 13}]))
def test_machikoro_trees_explain(tree, card):
    text = explain(tree, card)
    assert text and text.endswith(".")


@FAST
@given(valeria_effects)
def test_valeria_trees_print_and_parse_back(tree):
    text = to_string(tree)
    assert parse(text, game="valeria") == tree
    assert explain(tree)


@FAST
@given(st.text(max_size=60), st.sampled_from(["machi-koro", "valeria"]))
def test_arbitrary_text_raises_only_effect_error(text, game):
    try:
        tree = parse(text, game=game)
    except EffectError as error:
        assert error.column >= 1
        return
    assert parse(to_string(tree), game=game) == tree


@FAST
@given(st.lists(st.sampled_from(PIECES), max_size=12).map(" ".join), st.sampled_from(["machi-koro", "valeria"]))
def test_token_soup_raises_only_effect_error(text, game):
    try:
        tree = parse(text, game=game)
    except EffectError as error:
        assert 1 <= error.column <= len(text) + 1
        return
    assert parse(to_string(tree), game=game) == tree
    explain(tree)
