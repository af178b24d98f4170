"""What Machi Koro's statistics of a stored game are computed from: its events, seats, start and card names."""
from games.models import GameEvent
from games.rulesets import get_ruleset

from stats.kinds import EventLogError


def event_log(game):
    """Every event of the game in order: the events of each stored action, action after action."""
    events = []
    for batch in GameEvent.objects.filter(game=game).order_by("seq").values_list("events", flat=True).iterator():
        events.extend(batch)
    return events


def starting_position(game):
    """(coins by seat, first player) of the game's start, rebuilt from its frozen rules, options and seed."""
    if game.rules is None or game.seed is None:
        raise EventLogError("the game never started (no frozen rules or seed)")
    match = get_ruleset(game.ruleset).start(game.rules, game.options, game.seed, list(game.table))
    state = match.dump()
    return [player["coins"] for player in state["players"]], state["first_player"]


def final_coins(game):
    """The coins of each seat in the stored final state (None when the state says nothing about coins)."""
    state = game.state or {}
    players = state.get("players")
    if not isinstance(players, list):
        return None
    return [player.get("coins") for player in players]


def card_names(game):
    """{slug: {"name", "name_fr", "colour", "kind"}} of the cards frozen with the game (for labels; the pages
    show `name_fr` to French readers, and the English name when a game frozen long ago has none)."""
    cards = (game.rules or {}).get("cards") or {}
    names = {}
    for card in cards.get("establishments", []):
        names[card["slug"]] = {"name": card.get("name", card["slug"]), "name_fr": card.get("name_fr", ""),
                               "colour": card.get("colour", ""), "kind": "establishment"}
    for card in cards.get("landmarks", []):
        names[card["slug"]] = {"name": card.get("name", card["slug"]), "name_fr": card.get("name_fr", ""),
                               "colour": "", "kind": "landmark"}
    return names


def extensions(game):
    return list((game.options or {}).get("extensions") or ["base"])
