"""Play many bot games and summarise them (`python manage.py simulate --game aquarius`, bench/aquarius.py)."""
import time

from games.common import rng as _rng

from games.aquarius.engine.bots import make_bot
from games.aquarius.engine.rules import apply_in_place
from games.aquarius.engine.setup import new_game


def play_game(deck, seed, bots, chicken=False):
    """Play one game to the end; `bots[seat]` chooses for each seat. Return (final state, actions played)."""
    state = new_game(deck, seed, len(bots), chicken=chicken)
    actions = 0
    while not state.over:
        seat = state.to_act
        apply_in_place(state, bots[seat].choose(state, seat), seat)
        actions += 1
    return state, actions


def seat_bots(bot_names, players, seed):
    """Seat s is played by bot_names[s % len(bot_names)], seeded from (seed, s)."""
    return [make_bot(bot_names[s % len(bot_names)], _rng.derive(seed, s)) for s in range(players)]


def simulate(deck, games, players, bot_names, seed=0, chicken=False):
    """Play `games` games (game i seeded from (seed, i)) and return a JSON-ready summary."""
    for name in bot_names:
        make_bot(name)
    started = time.perf_counter()
    results = []
    for index in range(games):
        game_seed = _rng.derive(seed, index)
        state, actions = play_game(deck, game_seed, seat_bots(bot_names, players, game_seed), chicken)
        results.append((state.turn, actions, state.winners, state.chicken_last))
    elapsed = time.perf_counter() - started
    return summarise(results, players, bot_names, elapsed,
                     {"players": players, "bots": list(bot_names), "seed": seed, "chicken": chicken})


def summarise(results, players, bot_names, elapsed, settings):
    wins_by_seat = {str(s): 0 for s in range(players)}
    wins_by_bot = {name: 0 for name in dict.fromkeys(bot_names)}
    shared = 0
    for _, _, winners, _ in results:
        shared += len(winners) > 1
        for seat in winners:
            wins_by_seat[str(seat)] += 1
            wins_by_bot[bot_names[seat % len(bot_names)]] += 1
    games = len(results)
    turns = [t for t, _, _, _ in results]
    summary = {
        "game": "aquarius",
        "games": games,
        **settings,
        "turns": {"mean": round(sum(turns) / games, 2) if games else 0, "max": max(turns, default=0),
                  "total": sum(turns)},
        "wins_by_seat": wins_by_seat,
        "wins_by_bot": wins_by_bot,
        "draws": shared,     # games won by several seats at once (they share the win)
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }
    if settings.get("chicken"):
        chicken = {str(s): 0 for s in range(players)}
        for *_, last in results:
            if last is not None:
                chicken[str(last)] += 1
        summary["chicken_last_by_seat"] = chicken
    return summary
