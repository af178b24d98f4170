"""Play many bot games and summarise them (used by `python manage.py simulate` and bench/engine.py)."""

import time
from concurrent.futures import ProcessPoolExecutor

from games.common import rng as _rng
from games.machikoro.engine.bots import make_bot
from games.machikoro.engine.options import GameOptions
from games.machikoro.engine.rules import PHASE_HANDLERS
from games.machikoro.engine.setup import new_game
from games.machikoro.engine.state import OVER

DEFAULT_TURN_LIMIT = 2000   # a bot game stuck for this long stops with no winner (counted as unfinished)


def play_game(card_set, options, seed, bots):
    """Play one game to the end; `bots[seat]` chooses for each seat. Return (final state, turns played)."""
    state = new_game(card_set, options, seed, len(bots))
    handlers = PHASE_HANDLERS     # apply_in_place without its call and seat check: bots act for state.active
    while state.phase != OVER:
        action = bots[state.active].act(state)
        handlers[state.phase](state, action, [])
    return state, state.turn


def _seat_bots(names, players, seed):
    return [make_bot(names[seat % len(names)], _rng.derive(seed, seat)) for seat in range(players)]


def _play_range(card_set, options, players, bot_names, seed, start, stop):
    """Play games start..stop-1; return per-game (turns, winner seat or None)."""
    results = []
    for index in range(start, stop):
        game_seed = _rng.derive(seed, index)
        bots = _seat_bots(bot_names, players, game_seed)
        state, turns = play_game(card_set, options, game_seed, bots)
        results.append((turns, state.winner))
    return results


def simulate(card_set, games, players, bot_names, seed=0, extensions=None, market="all", neighbours_only=False,
             jobs=1, max_turns=DEFAULT_TURN_LIMIT):
    """Play `games` games and return a JSON-ready summary.

    Seat s is played by bot_names[s % len(bot_names)]. Game i is seeded from (seed, i), so the results do
    not depend on `jobs`.
    """
    extensions = tuple(extensions or card_set.extensions)
    options = GameOptions(extensions=extensions, market=market, neighbours_only=neighbours_only,
                          max_turns=max_turns)
    options.check_players(players)
    for name in bot_names:
        make_bot(name)
    started = time.perf_counter()
    if jobs <= 1 or games < 2:
        results = _play_range(card_set, options, players, bot_names, seed, 0, games)
    else:
        chunk = -(-games // jobs)
        bounds = [(start, min(start + chunk, games)) for start in range(0, games, chunk)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_range, card_set, options, players, bot_names, seed, start, stop)
                       for start, stop in bounds]
            results = [result for future in futures for result in future.result()]
    elapsed = time.perf_counter() - started
    return summarise(results, players, bot_names, elapsed, {
        "players": players, "extensions": list(extensions), "bots": list(bot_names), "seed": seed,
        "market": market, "neighbours_only": neighbours_only, "jobs": jobs,
    })


def summarise(results, players, bot_names, elapsed, settings):
    turns = [t for t, _ in results]
    wins_by_seat = {str(seat): 0 for seat in range(players)}
    wins_by_bot = {name: 0 for name in dict.fromkeys(bot_names)}
    unfinished = 0
    for _, winner in results:
        if winner is None:
            unfinished += 1
            continue
        wins_by_seat[str(winner)] += 1
        wins_by_bot[bot_names[winner % len(bot_names)]] += 1
    games = len(results)
    return {
        "games": games,
        **settings,
        "turns": {"mean": round(sum(turns) / games, 2) if games else 0, "max": max(turns, default=0),
                  "total": sum(turns)},
        "wins_by_seat": wins_by_seat,
        "wins_by_bot": wins_by_bot,
        "unfinished": unfinished,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }
