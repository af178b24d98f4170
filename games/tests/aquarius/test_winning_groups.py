"""The end-of-game view names the winning groups' cells, so boards only draw them (never recompute them)."""
from games.aquarius.engine import apply, new_game, view_for
from games.aquarius.engine.bots import make_bot
from games.aquarius.engine.cards import ELEMENTS
from games.aquarius.engine.rules import WIN

from games.tests.aquarius.helpers import DECK


def _finished(seed, players):
    state = new_game(DECK, seed, players)
    bots = [make_bot("random", seed * 10 + s) for s in range(players)]
    before_end = None
    while not state.over:
        before_end = state
        state, _ = apply(state, bots[state.to_act].choose(state, state.to_act), state.to_act)
    return before_end, state


def _connected(cells):
    cells = {tuple(c) for c in cells}
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        x, y = stack.pop()
        for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if q in cells and q not in seen:
                seen.add(q)
                stack.append(q)
    return seen == cells


def test_every_finished_game_names_each_winners_group():
    """Seven panels or more; when the deck ran out first, the winners' largest goal groups (closest to seven)."""
    reached = closest = 0
    for seed in range(1, 31):
        before_end, state = _finished(seed, 3)
        assert "winning_groups" not in view_for(before_end, 0)  # only the end-of-game view carries it
        for seat in (None, 0, 1, 2):
            groups = view_for(state, seat)["winning_groups"]
            assert groups == view_for(state, None)["winning_groups"]  # public once the game is over
        assert {g["seat"] for g in groups} == set(state.winners)
        for group in groups:
            goal = state.goals[group["seat"]]
            assert group["element"] == ELEMENTS[goal]
            cells = group["cells"]
            best = state.board.best[goal]
            assert len({tuple(c) for c in cells}) == len(cells)
            assert len(cells) >= WIN if best >= WIN else len(cells) == best
            reached, closest = (reached + 1, closest) if best >= WIN else (reached, closest + 1)
            assert _connected(cells)
            for x, y in cells:
                card, orientation = state.board.cells[(x, y)]
                assert goal in card.elements  # every outlined card shows the goal element
    assert reached and closest  # both endings were seen
