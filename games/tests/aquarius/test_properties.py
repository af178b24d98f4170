"""Properties of random games of 2-5 seats, Aqua-Chicken or not, with every bot (hypothesis)."""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.aquarius.engine import (WIN, Board, GameState, apply, apply_in_place, legal_actions, make_bot, new_game,
                            replay)
from games.common import rng

from games.tests.aquarius.helpers import DECK, all_cards

ACTION_CEILING = 400      # far above any game (55 cards); reaching it means the game does not end
PROPERTY_SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEED_IDS = sorted(c.id for c in DECK.cards)


@st.composite
def setups(draw):
    players = draw(st.integers(2, 5))
    bots = draw(st.lists(st.sampled_from(["random", "random", "greedy", "strong"]), min_size=players,
                         max_size=players))
    return players, draw(st.integers(0, 2 ** 64)), bots, draw(st.booleans())


def fresh_groups(board):
    """The largest groups recomputed from scratch (a new board built from the cells)."""
    again = Board()
    for pos, (card, orientation) in board.cells.items():
        again.place(card, orientation, pos, join=False)
    again.regroup()
    return again.best


def play_out(players, seed, bot_names, chicken, check=None):
    state = new_game(DECK, seed, players, chicken=chicken)
    initial = state.clone()
    bots = [make_bot(name, rng.derive(seed, s)) for s, name in enumerate(bot_names)]
    events = []
    actions = 0
    while not state.over:
        assert actions < ACTION_CEILING, "the game does not end"
        seat = state.to_act
        action = bots[seat].choose(state, seat)
        if check:
            check(state, seat, action)
        events += apply_in_place(state, action, seat)
        actions += 1
    return initial, state, events


@PROPERTY_SETTINGS
@given(setups())
def test_cards_are_conserved_and_every_placement_matched(setup):
    players, seed, bots, chicken = setup
    moved_or_zapped = []

    def check(state, seat, action):
        assert sorted(all_cards(state)) == SEED_IDS
        board = state.board
        if action["type"] in ("play_card", "move_card"):
            card = state.deck.by_id[action.get("target", action["card"])]
            pos, o = (action["x"], action["y"]), 0 if action["upright"] else 1
            if action["type"] == "move_card":
                old = board.where[card.index]
                trial = board.clone()
                trial.remove(card)
                board = trial
                assert (pos, o) != (old, state.board.cells[old][1])
            # The space is empty, touches a card and makes at least one connection.
            assert pos not in board.cells and board.connections(card, o, pos)
        if action["type"] in ("move_card", "zap_card"):
            moved_or_zapped.append(action)
        if not moved_or_zapped:
            assert state.board.connected()
        assert state.board.best == fresh_groups(state.board)
        if action["type"] == "pass":
            assert legal_actions(state, seat) == [{"type": "pass"}]

    initial, final, events = play_out(players, seed, bots, chicken, check)
    assert sorted(all_cards(final)) == SEED_IDS
    assert final.board.best == fresh_groups(final.board)


@PROPERTY_SETTINGS
@given(setups())
def test_same_seed_same_game_and_replay_rebuilds_the_final_state(setup):
    players, seed, bots, chicken = setup
    initial, final, events = play_out(players, seed, bots, chicken)
    again_initial, again, again_events = play_out(players, seed, bots, chicken)
    assert again_events == events and again.to_json() == final.to_json()
    replayed = replay(initial, json.loads(json.dumps(events)))
    assert json.dumps(replayed.to_json()) == json.dumps(final.to_json())


@PROPERTY_SETTINGS
@given(setups())
def test_winners_really_hold_seven_and_a_reloaded_state_plays_on_identically(setup):
    players, seed, bots, chicken = setup
    state = new_game(DECK, seed, players, chicken=chicken)
    robots = [make_bot(name, rng.derive(seed, s)) for s, name in enumerate(bots)]
    while not state.over:
        action = robots[state.to_act].choose(state, state.to_act)
        reloaded = GameState.from_json(json.loads(json.dumps(state.to_json())), DECK)
        state, events = apply(state, action, state.to_act)
        _, reloaded_events = apply(reloaded, action, reloaded.to_act)
        assert reloaded_events == events
    outcome = events[-1]
    assert outcome["type"] == "outcome" and outcome["winners"] == list(state.winners)
    best = state.board.best
    goals = [state.goals[s] for s in range(players)]
    if max(best[g] for g in goals) >= WIN:
        # A win by seven: exactly the seats whose goal has a group of seven or more.
        assert state.winners == tuple(s for s in range(players) if best[goals[s]] >= WIN)
        for s in state.winners:
            assert max(len(g) for g in state.board.groups(goals[s])) >= WIN
    else:
        # Nobody could play any more: the pile is empty and the closest goals share the win.
        assert not state.draw
        top = max(best[g] for g in goals)
        assert state.winners == tuple(s for s in range(players) if best[goals[s]] == top)
