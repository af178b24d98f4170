"""The part of a balance-lab tally every game shares (the tally format of games/rulesets/base.py).

Plain Python, whole numbers only, so the tallies of any split of a run add up to the whole run's: the game's
length (sum, sum of squares, buckets) and the wins by seat and by bot. Each game's lab module adds its own keys.
"""
from games.common import rng

LENGTH_BUCKET = 5          # game lengths are counted in buckets of this many turns


def empty_tally(**own):
    """A tally with the common counts at zero, and the game's `own` keys."""
    return {"games": 0, "unfinished": 0, "turns_sum": 0, "turns_squares": 0, "length_buckets": {},
            "wins_by_seat": {}, "seats_by_bot": {}, "wins_by_bot": {}, **own}


def add(counter, key, amount=1):
    counter[key] = counter.get(key, 0) + amount


def count_game(tally, turns, bot_names, winners):
    """Add one finished game: its length, the bot of every seat, and its winning seats (none: unfinished)."""
    tally["games"] += 1
    tally["turns_sum"] += turns
    tally["turns_squares"] += turns * turns
    add(tally["length_buckets"], str(turns // LENGTH_BUCKET * LENGTH_BUCKET))
    for seat, name in enumerate(bot_names):
        add(tally["seats_by_bot"], name)
        add(tally["wins_by_seat"], str(seat), 0)
    for seat in sorted(winners):
        add(tally["wins_by_seat"], str(seat))
        add(tally["wins_by_bot"], bot_names[seat])
    if not winners:
        tally["unfinished"] += 1


def game_seed(run_seed, index):
    """Game `index` of a run is seeded from the run's seed and its index alone (any split plays the same)."""
    return rng.derive(run_seed, index)


def merge_tallies(tallies):
    """The tally of several chunks: every count summed, whatever the nesting (whole numbers: exact in any order)."""
    total = {}
    for tally in tallies:
        _merge_into(total, tally)
    return total


def _merge_into(total, part):
    for key, value in part.items():
        if isinstance(value, dict):
            _merge_into(total.setdefault(key, {}), value)
        else:
            total[key] = total.get(key, 0) + value
