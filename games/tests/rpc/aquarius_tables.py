"""Aquarius tables for the RPC tests: players with sessions, a lobby, and RPC clients validated by the schema."""
from games import services
from games.identity import Identity
from games.models import Game, Seat
from games.rpc.tokens import seat_token

from games.tests.helpers import session_for


def aquarius_table(django_user_model, names, bots=(), chicken=False, host_options=None):
    """A lobby with players `names` (the first hosts) and bots of `bots` kinds; {name: session key}."""
    load_aquarius_cards()
    users = {n: django_user_model.objects.create_user(n, password="pw") for n in names}
    ids = {n: Identity(user_id=u.pk, name=n) for n, u in users.items()}
    seats = len(names) + len(bots)
    game = services.create_game(host=ids[names[0]], ruleset_slug="aquarius", options={"chicken": chicken},
                                public=True, min_players=max(2, seats), max_players=max(2, seats), turn_seconds=0)
    for name in names[1:]:
        services.join_game(game_id=game.pk, identity=ids[name])
    for kind in bots:
        services.add_bot(game_id=game.pk, identity=ids[names[0]], kind=kind)
    return Game.objects.get(pk=game.pk), ids, {n: session_for(u) for n, u in users.items()}


def load_aquarius_cards():
    """The printed deck in the card database, where games freeze it from (once per database)."""
    from cards.aquarius.data import load_aquarius
    from cards.aquarius.data import AQUARIUS_FILE
    from cards.loading import read_json

    load_aquarius(read_json(AQUARIUS_FILE))


def tokens_of(game):
    return {s.name: seat_token(game, s) for s in Seat.objects.filter(game=game) if not s.bot_kind}


def event_log(game):
    """The engine's events in order, unredacted: the opening, then every recorded action's."""
    from games.rulesets import get_ruleset

    game = Game.objects.get(pk=game.pk)
    ruleset = get_ruleset(game.ruleset)
    first = ruleset.start(game.rules, game.options, game.seed, game.table)
    events = list(first.opening_events())
    for event in game.events.order_by("seq"):
        events += event.events
    return game, events


def arrange(game, to_act, hands, board, goals=None, chicken=None, draw=None):
    """Rewrite the running game's position: `hands` {seat: [ids]} (the last one just drawn), `board`
    [(id, x, y, upright)]; every other card goes to the draw pile. With `draw` (a list of ids, top last), the pile
    is that, the rest is discarded and nothing was drawn this turn (with an empty pile: the deck is exhausted)."""
    game = Game.objects.get(pk=game.pk)
    state = dict(game.state)
    placed = {c for hand in hands.values() for c in hand} | {c for c, *_ in board}
    everything = state["draw"] + [c for h in state["hands"] for c in h] + state["discard"] + [
        b["card"] for b in state["board"]]
    state["hands"] = [list(hands.get(s, [c for c in state["hands"][s] if c not in placed]))
                      for s in range(len(state["hands"]))]
    held = {c for h in state["hands"] for c in h} | {c for c, *_ in board}
    state["draw"] = [c for c in everything if c not in held]
    state["discard"] = []
    if draw is not None:
        state["discard"] = [c for c in state["draw"] if c not in draw]
        state["draw"] = list(draw)
    state["board"] = [{"card": c, "x": x, "y": y, "upright": u} for c, x, y, u in board]
    state["to_act"] = to_act
    state["drawn"] = state["hands"][to_act][-1] if state["hands"][to_act] and draw is None else None
    if goals is not None:
        state["goals"] = list(goals)
    if chicken is not None:
        state["chicken"] = chicken
        state["knows"] = [not chicken] * len(state["hands"])
    Game.objects.filter(pk=game.pk).update(state=state, to_act=[to_act])
    return state
