"""What one Machi Koro game adds to the site totals (stats.aggregate adds it), and its extension mix. Pure Python."""

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
