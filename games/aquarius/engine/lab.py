"""Balance-lab runs of Aquarius: many bot games with one deck, summed into mergeable counts.

Plain Python like the rest of the engine. A chunk of games returns a tally of whole numbers only (the lab tally
format of games/rulesets/base.py), so the tallies of any split of a run add up to exactly the tally of the
whole run. Beside the common counts (length, wins by seat and by bot) an Aquarius tally holds:

    shared        games won by several seats at once (they share the win)
    blocked       games that ended with no move left: the goal groups closest to seven shared the win
    actions       per action ("zap_card", ...): played (cards played), played_squares (sum over games of the
                  square of the plays in that game), players (a seat that played it at least once in a game),
                  player_wins (such seats that won)
    goal_trades   "by" (the seat that played Trade Goals) and "with" (the seat it traded with): trades, wins
                  (trades after which that seat won the game)
"""
from games.common import rng as _rng
from games.common.lab import add as _add, count_game, empty_tally as _common_tally, game_seed

from games.aquarius.engine.bots import make_bot
from games.aquarius.engine.rules import apply_in_place, winners as goal_winners
from games.aquarius.engine.setup import new_game


def empty_tally():
    return _common_tally(shared=0, blocked=0, actions={}, goal_trades={})


def _action(tally, action):
    found = tally["actions"].get(action)
    if found is None:
        found = tally["actions"][action] = {"played": 0, "played_squares": 0, "players": 0, "player_wins": 0}
    return found


def _trade_side(tally, side):
    found = tally["goal_trades"].get(side)
    if found is None:
        found = tally["goal_trades"][side] = {"trades": 0, "wins": 0}
    return found


def play_one(deck, seed, bots, tally, chicken=False):
    """Play one game with `bots` (one per seat) and add what happened to `tally`; return the final state."""
    state = new_game(deck, seed, len(bots), chicken=chicken)
    cards = deck.by_id
    played = {}                      # action -> plays this game
    players = set()                  # (seat, action) pairs this game
    trades = []                      # (by, with) of each goal trade this game
    while not state.over:
        seat = state.to_act
        for event in apply_in_place(state, bots[seat].choose(state, seat), seat):
            kind = event["type"]
            if kind == "play_action":
                action = cards[event["card"]].action
                _add(played, action)
                players.add((event["seat"], action))
            elif kind == "goals_traded":
                trades.append((event["seat"], event["with"]))
    won = set(state.winners)
    count_game(tally, state.turn, [bot.name for bot in bots], won)   # a game always ends with winners
    tally["shared"] += len(won) > 1
    tally["blocked"] += not goal_winners(state)
    for action, count in played.items():
        stats = _action(tally, action)
        stats["played"] += count
        stats["played_squares"] += count * count
    for seat, action in players:
        stats = _action(tally, action)
        stats["players"] += 1
        stats["player_wins"] += seat in won
    for by, other in trades:
        for side, seat in (("by", by), ("with", other)):
            stats = _trade_side(tally, side)
            stats["trades"] += 1
            stats["wins"] += seat in won
    return state


def seat_bots(bot_names, players, game_seed):
    """Seat s is played by bot_names[s % len(bot_names)], seeded from the game's seed (as simulate does)."""
    return [make_bot(bot_names[seat % len(bot_names)], _rng.derive(game_seed, seat)) for seat in range(players)]


def play_chunk(deck, settings, run_seed, start, stop, should_stop=None):
    """Play games start..stop-1 of a run; return their tally. `should_stop()` is asked between games.

    `settings`: {"players", "bots", "chicken"?} as the lab stores them (the deck is already compiled)."""
    players = int(settings["players"])
    chicken = bool(settings.get("chicken", False))
    for name in settings["bots"]:
        make_bot(name)               # an unknown bot fails before any game
    tally = empty_tally()
    for index in range(start, stop):
        if should_stop is not None and should_stop():
            break
        seed = game_seed(run_seed, index)
        play_one(deck, seed, seat_bots(settings["bots"], players, seed), tally, chicken)
    return tally
