"""Site-wide running totals: what one game adds to them, and adding or removing it. Pure Python.

Totals are nested dicts whose leaves are integer counters, so a game's contribution can be added when it
is aggregated and subtracted again if its statistics are recomputed: the totals stay exact without ever
re-reading old games, and refreshing them costs time in proportion to the new games only.
"""

BASE_EXTENSION = "base"


def mix_label(extensions):
    """A stable name for an extension mix, e.g. "base+harbor+promo" (order-independent, base first)."""
    others = sorted(e for e in extensions if e != BASE_EXTENSION)
    return "+".join(([BASE_EXTENSION] if BASE_EXTENSION in extensions else []) + others)


def site_contribution(result, extensions):
    """What one game's statistics (compute_statistics output) add to the site totals.

    Games without a winner (stopped by a turn limit) count only for the dice: their length and seats say
    nothing about winning.
    """
    contribution = {"games": 1, "dice": result["dice"]["throws"], "faces": result["dice"]["faces"]}
    winner = result["winner"]
    if winner is None or not result["finished"]:
        contribution["unfinished"] = 1
        return contribution
    seats = str(result["seats"])
    turns = result["turn_count"]
    contribution["won_games"] = 1
    contribution["turns"] = turns
    by_order = {}
    cards = {}
    for player in result["players"]:
        won = int(player["seat"] == winner)
        by_order[str(player["order"])] = {"games": 1, "wins": won}
        for card in player["bought"]:
            cards[card] = {"buyers": 1, "wins": won}
    contribution["by_players"] = {seats: {"games": 1, "turns": turns, "by_order": by_order}}
    contribution["cards"] = cards
    contribution["mixes"] = {mix_label(extensions): {"games": 1, "turns": turns}}
    return contribution


def merge_counts(totals, part, sign=1):
    """Add (sign=1) or subtract (sign=-1) the counters of `part` into `totals`, in place; return `totals`.

    Counters that fall to zero are removed, so adding then subtracting a game leaves the totals as before.
    """
    for key, value in part.items():
        if isinstance(value, dict):
            inner = totals.get(key)
            if not isinstance(inner, dict):
                inner = totals[key] = {}
            merge_counts(inner, value, sign)
            if not inner:
                del totals[key]
        elif isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"counter {key!r} must be an integer, got {value!r}")
        else:
            total = totals.get(key, 0) + sign * value
            if total:
                totals[key] = total
            else:
                totals.pop(key, None)
    return totals
