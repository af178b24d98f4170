"""Setup, player counts, supply and the two market rules."""

import pytest

from games.machikoro.engine import GameOptions, OptionsError, game_set, new_game, recommended_stacks
from games.machikoro.engine import actions as A
from games.machikoro.engine.events import MarketDrawn, MarketRemoved
from games.machikoro.engine.state import ROLL

from games.tests.machikoro.helpers import BASE, EVERYTHING, HARBOR, HARBOR_MR, arrange, built, game, official_cards, owned, play


def test_players_start_with_three_coins_wheat_field_bakery_and_no_landmark():
    state = game(BASE, players=4)
    for seat, player in enumerate(state.players):
        assert player.coins == 3
        assert owned(state, seat, "wheat-field") == 1 and owned(state, seat, "bakery") == 1
        assert sum(player.cards) == 2
        assert not any(player.built)
    assert [l.slug for l in state.card_set.landmarks] == ["train-station", "shopping-mall", "amusement-park",
                                                           "radio-tower"]
    assert state.phase == ROLL and state.turn == 1


def test_with_harbor_city_hall_starts_built_and_six_landmarks_are_required():
    state = game(HARBOR, players=3)
    for seat in range(3):
        assert built(state, seat, "city-hall")
        assert not built(state, seat, "harbor") and not built(state, seat, "airport")
    gs = game_set(official_cards(), GameOptions(extensions=HARBOR), 3)
    assert gs.required_landmarks == ("train-station", "shopping-mall", "amusement-park", "radio-tower", "harbor",
                                     "airport")
    assert gs.starting_landmarks == ("city-hall",)


def test_first_player_is_random_but_fixed_by_the_seed():
    firsts = {new_game(official_cards(), GameOptions(), seed, 4).first_player for seed in range(60)}
    assert firsts == {0, 1, 2, 3}
    assert new_game(official_cards(), GameOptions(), 7, 4).first_player == \
        new_game(official_cards(), GameOptions(), 7, 4).first_player
    state = new_game(official_cards(), GameOptions(), 7, 4)
    assert state.active == state.first_player


@pytest.mark.parametrize("extensions, allowed, refused", [
    (BASE, (2, 3, 4), (1, 5)),
    (HARBOR, (2, 5), (1, 6)),
    (HARBOR_MR, (5,), (6,)),
    (("base", "millionaires-row"), (4,), (5,)),
    (EVERYTHING, (2, 6), (1, 7)),
])
def test_player_counts(extensions, allowed, refused):
    for players in allowed:
        assert len(new_game(official_cards(), GameOptions(extensions=extensions), 0, players).players) == players
    for players in refused:
        with pytest.raises(OptionsError):
            new_game(official_cards(), GameOptions(extensions=extensions), 0, players)


def test_players_can_be_named_in_seat_order():
    state = new_game(official_cards(), GameOptions(), 0, ["Ann", "Bob", "Cy"])
    assert [p.name for p in state.players] == ["Ann", "Bob", "Cy"]


def test_every_stack_is_available_in_the_base_rule_with_one_major_per_player():
    state = game(BASE, players=3)
    cs = state.card_set
    stacks = {e.slug: state.market[e.index] for e in cs.establishments}
    assert len(stacks) == 15
    assert stacks["wheat-field"] == 6 and stacks["cafe"] == 6 and stacks["fruit-and-vegetable-market"] == 6
    assert stacks["stadium"] == stacks["tv-station"] == stacks["business-center"] == 3
    assert state.deck == []


def test_game_set_of_five_players_with_harbor():
    gs = game_set(official_cards(), GameOptions(extensions=HARBOR), 5)
    assert gs.supply["publisher"] == 5 and gs.supply["stadium"] == 5 and gs.supply["sushi-bar"] == 6
    assert gs.starting_cards == ("wheat-field", "bakery")
    assert "exhibit-hall" not in gs.supply
    assert gs.max_players == 5


@pytest.mark.parametrize("stacks", [10, 12, 15])
def test_n_stack_market_shows_exactly_n_distinct_stacks(stacks):
    state = game(HARBOR_MR, players=4, seed=stacks, market=stacks)
    showing = [i for i, n in enumerate(state.market) if n]
    assert len(showing) == stacks
    supply = game_set(official_cards(), GameOptions(extensions=HARBOR_MR), 4).supply
    assert sum(state.market) + len(state.deck) == sum(supply.values())


def test_market_refills_when_a_stack_sells_out():
    state = game(HARBOR, players=2, market=10, seed=3)
    cs = state.card_set
    cheap = next(i for i, n in enumerate(state.market) if n and cs.establishments[i].cost <= 3
                 and not cs.establishments[i].major)
    state.market[cheap] = 1
    state.phase = "build"
    arrange(state, 0, coins=10)
    after, events = play(state, A.Buy(cs.establishments[cheap].slug))
    assert after.market[cheap] == 0
    assert sum(1 for n in after.market if n) == 10
    assert any(isinstance(e, MarketDrawn) for e in events)


def test_market_is_not_refilled_once_the_deck_is_empty():
    state = game(HARBOR, players=2, market=10, seed=3)
    cs = state.card_set
    state.deck = []
    index = next(i for i, n in enumerate(state.market) if n and cs.establishments[i].cost <= 3)
    state.market[index] = 1
    state.phase = "build"
    arrange(state, 0, coins=10)
    after, events = play(state, A.Buy(cs.establishments[index].slug))
    assert sum(1 for n in after.market if n) == 9
    assert not any(isinstance(e, MarketDrawn) for e in events)


def test_a_major_stack_every_player_owns_leaves_the_market_and_is_replaced():
    state = game(BASE, players=2, market=10, seed=1)
    cs = state.card_set
    stadium = cs.establishment_index["stadium"]
    # Put a Stadium stack in the market; seat 1 already owns one, seat 0 buys the other.
    state.market[stadium] = 2
    showing = [i for i, n in enumerate(state.market) if n and i != stadium]
    for index in showing[9:]:
        state.deck.append(index)
        state.market[index] = 0
    arrange(state, 1, cards={"wheat-field": 1, "bakery": 1, "stadium": 1})
    arrange(state, 0, coins=6)
    state.phase = "build"
    after, events = play(state, A.Buy("stadium"))
    assert after.market[stadium] == 0
    assert any(isinstance(e, MarketRemoved) and e.card.slug == "stadium" for e in events)
    assert sum(1 for n in after.market if n) == 10


@pytest.mark.parametrize("market", [9, 16, "some", True])
def test_market_option_is_all_or_10_to_15(market):
    with pytest.raises(OptionsError):
        GameOptions(market=market)


def test_recommended_number_of_stacks():
    assert recommended_stacks(HARBOR, 4) == 10
    assert recommended_stacks(EVERYTHING, 5) == 12
    assert recommended_stacks(EVERYTHING, 4) == 10


def test_options_round_trip_and_reject_unknown_keys():
    options = GameOptions(extensions=HARBOR, market=12, neighbours_only=True, max_turns=50)
    assert GameOptions.from_json(options.to_json()) == options
    with pytest.raises(OptionsError):
        GameOptions.from_json({"extensions": ["base"], "colour": "red"})
    with pytest.raises(OptionsError):
        GameOptions(extensions=["base", "base"])


def test_starting_cards_must_be_in_the_game():
    with pytest.raises(OptionsError):
        new_game(official_cards(), GameOptions(extensions=("base",), starting_cards=("sushi-bar",)), 0, 2)


def test_unknown_extension_is_refused():
    with pytest.raises(OptionsError):
        new_game(official_cards(), GameOptions(extensions=("base", "space")), 0, 2)
