"""Site-wide running totals: adding or removing what one game adds to them (its kind says what). Pure Python.

Totals are nested dicts whose leaves are integer counters, so a game's contribution can be added when it
is aggregated and subtracted again if its statistics are recomputed: the totals stay exact without ever
re-reading old games, and refreshing them costs time in proportion to the new games only.
"""


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
