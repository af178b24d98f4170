"""Balance-lab runs: many bot games played with one card set, summed into mergeable counts.

Pure Python like the rest of the engine. A chunk of games returns a tally of whole numbers only (the lab tally
format of games/rulesets/base.py), so the tallies of any split of a run add up to exactly the tally of the
whole run: the numbers do not depend on how many workers played the chunks.
"""

from games.common import rng as _rng
from games.common.lab import add as _add, count_game, empty_tally as _common_tally, game_seed
from games.machikoro.engine.bots import make_bot
from games.machikoro.engine.events import Bought, GameOver, LandmarkBuilt, Transfer
from games.machikoro.engine.options import GameOptions
from games.machikoro.engine.rules import PHASE_HANDLERS
from games.machikoro.engine.setup import new_game
from games.machikoro.engine.state import BANK, OVER

def options_for(settings):
    """Engine options from a lab run's settings (JSON)."""
    return GameOptions(extensions=tuple(settings["extensions"]), market=settings.get("market", "all"),
                       neighbours_only=bool(settings.get("neighbours_only", False)),
                       max_turns=int(settings.get("max_turns", 2000)))


def empty_tally():
    return _common_tally(cards={}, landmarks={})


def _card(tally, slug):
    found = tally["cards"].get(slug)
    if found is None:
        found = tally["cards"][slug] = {"buyers": 0, "buyer_wins": 0, "first_buy_turns": 0,
                                        "first_buy_turn_squares": 0, "bought": 0, "activations": 0,
                                        "activation_squares": 0, "paid": 0, "paid_squares": 0}
    return found


def _landmark(tally, slug):
    found = tally["landmarks"].get(slug)
    if found is None:
        found = tally["landmarks"][slug] = {"built": 0, "rank_sum": 0, "ranks": {}}
    return found


def play_one(card_set, options, seed, bots, tally):
    """Play one game with `bots` (one per seat) and add what happened to `tally`."""
    state = new_game(card_set, options, seed, len(bots))
    handlers = PHASE_HANDLERS
    first_buy = [{} for _ in bots]          # per seat: card slug -> turn of its first purchase
    built_order = [0] * len(bots)           # per seat: how many landmarks it has built so far
    activations = {}                        # card slug -> its payouts this game
    events = []
    while state.phase != OVER:
        events.clear()
        handlers[state.phase](state, bots[state.active].act(state), events)
        for event in events:
            kind = type(event)
            if kind is Transfer:
                if event.card is not None and event.payee is not BANK and event.amount > 0:
                    stats = _card(tally, event.card.slug)
                    stats["activations"] += 1
                    stats["paid"] += event.amount
                    stats["paid_squares"] += event.amount * event.amount
                    _add(activations, event.card.slug)
            elif kind is Bought:
                slug = event.card.slug
                _card(tally, slug)["bought"] += 1
                first_buy[event.player].setdefault(slug, state.turn)
            elif kind is LandmarkBuilt:
                built_order[event.player] += 1
                stats = _landmark(tally, event.landmark.slug)
                stats["built"] += 1
                stats["rank_sum"] += built_order[event.player]
                _add(stats["ranks"], str(built_order[event.player]))
            elif kind is GameOver:
                pass
    winner = state.winner
    count_game(tally, state.turn, [bot.name for bot in bots], () if winner is None else (winner,))
    for seat, bought in enumerate(first_buy):
        for slug, turn in bought.items():
            stats = _card(tally, slug)
            stats["buyers"] += 1
            stats["first_buy_turns"] += turn
            stats["first_buy_turn_squares"] += turn * turn
            if seat == winner:
                stats["buyer_wins"] += 1
    for slug, count in activations.items():   # the squares of the payouts per game: its spread over games
        tally["cards"][slug]["activation_squares"] += count * count
    return state


def seat_bots(bot_names, players, game_seed):
    """Seat s is played by bot_names[s % len(bot_names)], seeded from the game's seed."""
    return [make_bot(bot_names[seat % len(bot_names)], _rng.derive(game_seed, seat)) for seat in range(players)]


def play_chunk(card_set, settings, run_seed, start, stop, should_stop=None, on_game=None):
    """Play games start..stop-1 of a run; return their tally. `should_stop()` is asked between games."""
    options = options_for(settings)
    players = int(settings["players"])
    options.check_players(players)
    tally = empty_tally()
    for index in range(start, stop):
        if should_stop is not None and should_stop():
            break
        seed = game_seed(run_seed, index)
        play_one(card_set, options, seed, seat_bots(settings["bots"], players, seed), tally)
        if on_game is not None:
            on_game(index)
    return tally
