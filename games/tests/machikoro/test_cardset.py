"""Building card sets from data: compilation once, errors at build time, designer-invented cards."""

import copy

import pytest

from cards.effects import parse, parse_calls
from games.machikoro.engine import CardSet, CardSetError, GameOptions, OptionsError, new_game, simulate
from games.machikoro.engine import actions as A
from games.machikoro.engine.state import BUILD, CHOOSE

from games.tests.machikoro.helpers import arrange, card_data, coins, owned, play, roll


def base_data_with(*establishments, landmarks=()):
    data = copy.deepcopy(card_data())
    data["establishments"].extend(establishments)
    data["landmarks"].extend(landmarks)
    return data


def designer_card(slug, effect, colour="blue", icon="wheat", low=3, high=4, cost=1, **extra):
    return {"slug": slug, "name": slug.replace("-", " ").title(), "extension": "base", "cost": cost,
            "effect": effect, "colour": colour, "icon": icon, "activation_min": low, "activation_max": high,
            "copies": 6, "major": colour == "purple", **extra}


def designer_game(*cards, landmarks=(), players=2):
    card_set = CardSet.from_data(base_data_with(*cards, landmarks=landmarks), ["base"])
    state = new_game(card_set, GameOptions(), 0, players)
    state.active = 0
    return state


def test_each_distinct_effect_is_parsed_once_and_restricting_parses_nothing():
    data = card_data()
    before = parse_calls()
    card_set = CardSet.from_data(data)
    distinct = len({c["effect"] for c in data["establishments"] + data["landmarks"]})
    assert parse_calls() - before == distinct
    before = parse_calls()
    card_set.restrict(["base", "harbor"])
    card_set.restrict(["base", "millionaires-row"])
    assert parse_calls() == before


def test_restricted_sets_keep_only_their_extensions():
    card_set = CardSet.from_data(card_data())
    base = card_set.restrict(["base"])
    assert len(base.establishments) == 15 and len(base.landmarks) == 4
    assert base.restrict(["base"]) is base
    assert card_set.restrict(["harbor", "base"]) is card_set.restrict(["base", "harbor"])
    with pytest.raises(OptionsError):
        base.restrict(["harbor"])


def test_a_designer_blue_card_on_three_and_four_plays_without_code():
    state = designer_game(designer_card("bee-farm", "c 2"))
    arrange(state, 0, coins=0, cards={})
    arrange(state, 1, coins=0, cards={"bee-farm": 2})
    state, _ = roll(state, 3)
    assert coins(state) == [0, 4]
    state, _ = play(state, A.Pass())
    state, _ = roll(state, 4)
    assert coins(state) == [0, 8]


def test_a_designer_green_card_counting_cows_plays_without_code():
    state = designer_game(designer_card("dairy", "count own <cards where icon==cow> c 4", colour="green",
                                        icon="factory", low=5, high=5))
    arrange(state, 0, coins=0, cards={"dairy": 1, "ranch": 2})
    state, _ = roll(state, 5)
    assert coins(state)[0] == 8


def test_a_designer_landmark_plays_without_code():
    park = {"slug": "lookout", "name": "Lookout", "extension": "base", "cost": 1, "effect": "build.skip c 5",
            "starts_built": False, "counts_toward_win": True}
    state = designer_game(landmarks=[park])
    arrange(state, 0, coins=0, landmarks=["lookout"])
    state, _ = roll(state, 6)
    state, _ = play(state, A.Pass())
    assert coins(state)[0] == 5


def test_a_designer_move_card_with_nothing_matching_does_nothing():
    state = designer_game(designer_card("cattle-trader", "move <cards where icon==cow> c 4", colour="green",
                                        icon="suitcase", low=5, high=5))
    arrange(state, 0, coins=0, cards={"cattle-trader": 1, "wheat-field": 1})
    state, events = roll(state, 5)
    assert state.phase == BUILD and coins(state)[0] == 0
    state = designer_game(designer_card("cattle-trader", "move <cards where icon==cow> c 4", colour="green",
                                        icon="suitcase", low=5, high=5))
    arrange(state, 0, coins=0, cards={"cattle-trader": 1, "ranch": 1})
    state, _ = roll(state, 5)
    assert state.phase == CHOOSE
    state, _ = play(state, A.Move("ranch", 1))
    assert owned(state, 1, "ranch") == 1 and coins(state)[0] == 4


def test_bots_play_a_designer_card_set_to_the_end():
    card_set = CardSet.from_data(base_data_with(
        designer_card("bee-farm", "c 2"),
        designer_card("dairy", "count own <cards where icon==cow> c 4", colour="green", icon="factory", low=5, high=5),
        designer_card("toll-booth", "if roller coins>=5 take c 2 from roller", colour="red", icon="cup", low=6, high=6),
    ), ["base"])
    summary = simulate(card_set, 6, 3, ["random", "greedy", "income"], seed=5)
    assert summary["games"] == 6 and summary["unfinished"] == 0


@pytest.mark.parametrize("effect, message", [
    ("zap c 2", "does not parse"),
    ("count own <cards where icon==dragon> c 1", "dragon"),
    ("roll.dice 2", "does not parse|phase"),
    ("adjust_roll 2", "does not parse|phase|cannot"),
])
def test_unplayable_establishment_effects_fail_when_the_card_set_is_built(effect, message):
    with pytest.raises(CardSetError, match=message):
        CardSet.from_data(base_data_with(designer_card("broken", effect)), ["base"])


def test_a_tree_the_engine_cannot_play_is_refused_with_the_card_name():
    from cards.effects.tree import Call, Effect, Leg

    def parse_to_call(text):
        if text == "mystery":
            return Effect((Leg(Call("teleport", ()), None),))
        return parse(text, game="machi-koro")

    with pytest.raises(CardSetError, match="Mystery.*teleport"):
        CardSet.from_data(base_data_with(designer_card("mystery", "mystery")), ["base"], parse=parse_to_call)


def test_a_landmark_effect_needs_a_phase():
    landmark = {"slug": "fountain", "name": "Fountain", "extension": "base", "cost": 3, "effect": "c 1"}
    with pytest.raises(CardSetError, match="Fountain.*phase"):
        CardSet.from_data(base_data_with(landmarks=[landmark]), ["base"])


def test_missing_fields_and_unknown_extensions_are_reported():
    card = designer_card("half-card", "c 1")
    del card["activation_min"]
    with pytest.raises(CardSetError, match="activation_min"):
        CardSet.from_data(base_data_with(card), ["base"])
    with pytest.raises(CardSetError, match="extension"):
        CardSet.from_data(base_data_with(designer_card("alien", "c 1", extension="mars")), ["base"])
    with pytest.raises(CardSetError):
        CardSet.from_data({"establishments": []})


def test_duplicate_slugs_are_refused():
    with pytest.raises(CardSetError, match="slug"):
        CardSet.from_data(base_data_with(designer_card("cafe", "c 1")), ["base"])


def test_the_sushi_bar_cost_is_read_from_the_data():
    data = copy.deepcopy(card_data())
    next(c for c in data["establishments"] if c["slug"] == "sushi-bar")["cost"] = 2
    cheap = CardSet.from_data(data, ["base", "harbor"])
    official = CardSet.from_data(card_data(), ["base", "harbor"])
    assert cheap.establishment("sushi-bar").cost == 2 and official.establishment("sushi-bar").cost == 4
    assert cheap.fingerprint != official.fingerprint


def test_compiled_filters_and_bonuses():
    card_set = CardSet.from_data(card_data(), ["base"])
    mall = card_set.landmark_index["shopping-mall"]
    assert card_set.establishment("bakery").bonus == ((mall, 1),)
    assert card_set.establishment("cafe").bonus == ((mall, 1),)
    assert card_set.establishment("cheese-factory").bonus == ()
    assert [card_set.establishments[i].slug for i in card_set.activation[6][0][1]] == \
        ["stadium", "tv-station", "business-center"]
