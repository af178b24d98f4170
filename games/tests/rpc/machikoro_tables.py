"""Machi Koro tables for the RPC tests: players with sessions, a lobby, positions rewritten for a test."""
from games import services
from games.identity import Identity
from games.models import Game

from games.tests.helpers import session_for


def machikoro_table(django_user_model, names, bots=(), extensions=(), market_rule=False):
    """A lobby with players `names` (the first hosts) and bots of `bots` kinds; (game, identities, session keys).
    The official cards must be in the database (the `official_cards` fixture)."""
    users = {n: django_user_model.objects.create_user(n, password="pw") for n in names}
    ids = {n: Identity(user_id=u.pk, name=n) for n, u in users.items()}
    seats = max(2, len(names) + len(bots))
    options = {"extensions": list(extensions), "market_rule": market_rule, "stacks": 10 if market_rule else None}
    game = services.create_game(host=ids[names[0]], ruleset_slug="machikoro", options=options, public=True,
                                min_players=seats, max_players=seats, turn_seconds=0)
    for name in names[1:]:
        services.join_game(game_id=game.pk, identity=ids[name])
    for kind in bots:
        services.add_bot(game_id=game.pk, identity=ids[names[0]], kind=kind)
    return Game.objects.get(pk=game.pk), ids, {n: session_for(u) for n, u in users.items()}


def arrange(game, change):
    """Rewrite the running game's engine state: `change(state)` edits its JSON in place (coins, cards, phase...)."""
    game = Game.objects.get(pk=game.pk)
    state = dict(game.state)
    change(state)
    Game.objects.filter(pk=game.pk).update(state=state, to_act=[state["active"]])
    return state
