"""Properties of random games of every extension mix and player count (hypothesis), and dice uniformity."""

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.machikoro.engine import GameOptions, apply, apply_in_place, legal_actions, make_bot, new_game, replay
from games.common import rng
from games.machikoro.engine.events import DiceRolled
from games.machikoro.engine.options import MAX_PLAYERS_BY_EXTENSION
from games.machikoro.engine.rules import max_dice
from games.machikoro.engine.state import OVER

from games.tests.machikoro.helpers import official_cards

MIXES = [
    ("base",), ("base", "harbor"), ("base", "millionaires-row"), ("base", "harbor", "millionaires-row"),
    ("base", "promo"), ("base", "five-six"), ("base", "harbor", "millionaires-row", "five-six", "promo"),
]
TURN_CEILING = 3000      # no bot game of any mix comes near; reaching it means the game does not end
PROPERTY_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def game_setups(draw):
    extensions = draw(st.sampled_from(MIXES))
    limit = max(MAX_PLAYERS_BY_EXTENSION.get(e, 2) for e in extensions)
    players = draw(st.integers(2, limit))
    market = draw(st.sampled_from(["all", 10, 12, 15]))
    neighbours_only = draw(st.booleans())
    seed = draw(st.integers(0, 2 ** 64))
    # The income bot is slow; one seat at most so that a run stays short.
    bots = draw(st.lists(st.sampled_from(["random", "random", "greedy"]), min_size=players, max_size=players))
    if draw(st.booleans()):
        bots[draw(st.integers(0, players - 1))] = "income"
    return GameOptions(extensions=extensions, market=market, neighbours_only=neighbours_only), players, seed, bots


def play_out(options, players, seed, bot_names, check=None):
    """Play a game to its end with in-place application; return (initial state, final state, events)."""
    state = new_game(official_cards(), options, seed, players)
    initial = state.clone()
    bots = [make_bot(name, rng.derive(seed, seat)) for seat, name in enumerate(bot_names)]
    events = []
    while state.phase != OVER:
        assert state.turn < TURN_CEILING, "the game does not end"
        actions = legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        action = bots[state.active].choose(state, actions)
        events.extend(apply_in_place(state, action))
        if check:
            check(state)
    return initial, state, events


@PROPERTY_SETTINGS
@given(game_setups())
def test_coins_are_conserved_nobody_goes_negative_and_the_game_ends(setup):
    options, players, seed, bots = setup
    start = new_game(official_cards(), options, seed, players)
    total = start.total_coins()

    def check(state):
        assert state.total_coins() == total
        for player in state.players:
            assert player.coins >= 0
            assert all(0 <= c <= n for c, n in zip(player.closed, player.cards))
            assert all(v >= 0 for v in player.invested.values())
        assert all(n >= 0 for n in state.market)

    _, final, _ = play_out(options, players, seed, bots, check)
    assert final.phase == OVER and final.winner is not None
    winner = final.players[final.winner]
    assert all(winner.built[i] for i in final.card_set.win_landmarks)


@PROPERTY_SETTINGS
@given(game_setups())
def test_the_same_seed_and_actions_give_the_same_game(setup):
    options, players, seed, bots = setup
    _, first, first_events = play_out(options, players, seed, bots)
    _, second, second_events = play_out(options, players, seed, bots)
    assert first.to_json() == second.to_json()
    assert [e.to_json() for e in first_events] == [e.to_json() for e in second_events]


@PROPERTY_SETTINGS
@given(game_setups())
def test_replaying_the_events_rebuilds_the_final_state(setup):
    options, players, seed, bots = setup
    initial, final, events = play_out(options, players, seed, bots)
    assert replay(initial, events).to_json() == final.to_json()


@settings(max_examples=10, deadline=None)
@given(game_setups())
def test_apply_and_apply_in_place_agree_and_apply_never_mutates(setup):
    options, players, seed, bot_names = setup
    state = new_game(official_cards(), options, seed, players)
    mutable = state.clone()
    bots = [make_bot(name, rng.derive(seed, seat)) for seat, name in enumerate(bot_names)]
    for _ in range(150):
        if state.phase == OVER:
            break
        action = bots[state.active].choose(state, legal_actions(state))
        before = state.to_json()
        new_state, events = apply(state, action)
        assert state.to_json() == before
        assert [e.to_json() for e in apply_in_place(mutable, action)] == [e.to_json() for e in events]
        state = new_state
        assert mutable.to_json() == state.to_json()


# Chi-square critical values at p = 0.001: 5 degrees of freedom (one die), 35 (two dice), 10 (totals).
CHI2_1_DIE = 20.52
CHI2_2_DICE = 66.62
CHI2_TOTALS = 29.59


def chi_square(counts, expected):
    return sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())


def test_single_die_is_uniform():
    state, faces = 2024, Counter()
    rolls = 60_000
    for _ in range(rolls):
        state, (die,) = rng.roll_dice(state, 1)
        faces[die] += 1
    assert set(faces) == set(range(1, 7))
    assert chi_square(faces, {f: rolls / 6 for f in range(1, 7)}) < CHI2_1_DIE


def test_two_dice_are_uniform_and_independent():
    state, pairs = 77, Counter()
    rolls = 72_000
    for _ in range(rolls):
        state, dice = rng.roll_dice(state, 2)
        pairs[dice] += 1
    expected = {(a, b): rolls / 36 for a in range(1, 7) for b in range(1, 7)}
    assert chi_square(pairs, expected) < CHI2_2_DICE


def test_totals_rolled_in_real_games_follow_the_two_dice_distribution():
    options = GameOptions(extensions=("base",))
    totals = Counter()
    for seed in range(60):
        state = new_game(official_cards(), options, seed, 4)
        bots = [make_bot("greedy", seat) for seat in range(4)]
        while state.phase != OVER:
            # Every seat rolls two dice once it may, so the totals below come from two-dice rolls.
            actions = legal_actions(state)
            if state.phase == "roll" and max_dice(state, state.active) == 2:
                action = actions[-1]
            else:
                action = bots[state.active].choose(state, actions)
            for event in apply_in_place(state, action):
                if isinstance(event, DiceRolled) and event.purpose == "roll" and len(event.dice) == 2:
                    totals[sum(event.dice)] += 1
    count = sum(totals.values())
    assert count > 2000
    ways = {t: 6 - abs(t - 7) for t in range(2, 13)}
    assert chi_square(totals, {t: count * w / 36 for t, w in ways.items()}) < CHI2_TOTALS


def test_below_is_uniform_for_shuffles():
    state, counts = 5, Counter()
    for _ in range(30_000):
        state, value = rng.below(state, 10)
        counts[value] += 1
    assert set(counts) == set(range(10))
    assert chi_square(counts, {v: 3000 for v in range(10)}) < 27.88   # 9 degrees of freedom, p = 0.001
