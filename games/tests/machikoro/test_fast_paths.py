"""The engine's precomputed tables and shortcuts agree with the plain rules they replace."""

import pytest

from games.machikoro.engine import GameOptions, apply_in_place, make_bot, new_game, play_game
from games.machikoro.engine import actions as A
from games.machikoro.engine.legs import make_condition
from games.machikoro.engine.rules import PHASE_HANDLERS, activated_owners, activation_steps, build_actions
from games.machikoro.engine.state import BUILD, OVER

from games.tests.machikoro.helpers import BASE, EVERYTHING, HARBOR_MR, arrange, game, official_cards


def _build_actions_by_the_rules(state):
    """Pass, affordable unbuilt landmarks (cost order), affordable buyable establishments (cost order)."""
    cs = state.card_set
    player = state.players[state.active]
    found = [A.Pass()]
    for landmark in sorted(cs.landmarks, key=lambda l: (l.cost, l.index)):
        if landmark.cost <= player.coins and not player.built[landmark.index]:
            found.append(A.Build(landmark.slug))
    for card in sorted(cs.establishments, key=lambda e: (e.cost, e.index)):
        i = card.index
        if card.cost <= player.coins and state.market[i] and not (card.major and player.cards[i]):
            found.append(A.Buy(card.slug))
    return found


@pytest.mark.parametrize("extensions, market", [(BASE, "all"), (HARBOR_MR, "all"), (HARBOR_MR, 10)])
def test_build_actions_match_the_rules_in_random_games(extensions, market):
    checked = 0
    for seed in range(4):
        state = new_game(official_cards(), GameOptions(extensions=extensions, market=market, max_turns=300), seed, 4)
        bots = [make_bot("random", seed * 10 + seat) for seat in range(4)]
        while state.phase != OVER:
            if state.phase == BUILD:
                assert build_actions(state) == _build_actions_by_the_rules(state)
                checked += 1
            apply_in_place(state, bots[state.active].act(state))
    assert checked > 100


def test_build_actions_with_more_coins_than_anything_costs():
    state = game(BASE)
    arrange(state, 0, coins=500, cards={"stadium": 1})
    state.phase = BUILD
    state.market[state.card_set.establishment_index["mine"]] = 0
    assert build_actions(state) == _build_actions_by_the_rules(state)
    assert A.Buy("stadium") not in build_actions(state) and A.Buy("mine") not in build_actions(state)


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("neighbours_only", [False, True])
def test_activation_steps_follow_colour_then_seat_then_card_order(players, neighbours_only):
    cs = official_cards().restrict(EVERYTHING)
    for roller in range(players):
        steps = activation_steps(cs, players, roller, neighbours_only)
        for total, groups in enumerate(cs.activation_cards):
            expected = tuple((owner, index, card) for activated_by, cards in groups
                             for owner in activated_owners(players, roller, activated_by, neighbours_only)
                             for index, card in cards)
            assert steps[total] == expected


def test_play_game_gives_the_same_game_as_apply_in_place():
    cs = official_cards()
    options = GameOptions(extensions=HARBOR_MR, max_turns=400)
    final, turns = play_game(cs, options, 7, [make_bot("random", seat) for seat in range(3)])
    state = new_game(cs, options, 7, 3)
    bots = [make_bot("random", seat) for seat in range(3)]
    while state.phase != OVER:
        apply_in_place(state, bots[state.active].act(state))
    assert state == final and state.turn == turns
    assert set(PHASE_HANDLERS) >= {"roll", "reroll", "adjust", "choose", "build", "invest", "over"}


@pytest.mark.parametrize("subject", ["owner", "roller", "payer"])
def test_conditions_read_the_subject_seat(subject):
    state = game(HARBOR_MR, players=3, active=1)
    arrange(state, 0, coins=1, landmarks=["harbor"])
    arrange(state, 1, coins=5, landmarks=["harbor", "train-station", "shopping-mall"])
    arrange(state, 2, coins=12)
    cs = state.card_set
    win = tuple(l.index for l in cs.landmarks if l.counts_toward_win)
    harbor = cs.landmark_index["harbor"]
    seat = {"owner": 0, "roller": 1, "payer": 2}[subject]
    has = make_condition(subject, "has", None, None, landmark=harbor)
    rich = make_condition(subject, "coins", ">=", 5)
    built = make_condition(subject, "landmarks", ">=", 2, win_landmarks=win)
    player = state.players[seat]
    assert has(state, 0, 2) == player.built[harbor]
    assert rich(state, 0, 2) == (player.coins >= 5)
    assert built(state, 0, 2) == (sum(player.built[i] for i in win) >= 2)
    assert make_condition(subject, "has", None, None, landmark=None)(state, 0, 2) is False


def test_fast_event_constructors_build_what_the_classes_build():
    from games.machikoro.engine import events as E

    cs = official_cards()
    bakery = cs.establishments[cs.establishment_index["bakery"]]
    cases = [
        (E.new_transfer, E.Transfer, (None, 1, 2, 3, bakery)),
        (E.new_dice_rolled, E.DiceRolled, (0, (3, 4), "roll")),
        (E.new_bought, E.Bought, (1, bakery, 1)),
        (E.new_turn_started, E.TurnStarted, (2, 7, True)),
    ]
    for fast, cls, args in cases:
        made, built = fast(*args), cls(*args)
        assert type(made) is cls
        assert made.to_json() == built.to_json()
        assert all(getattr(made, name) is getattr(built, name) for name in cls.__slots__)
