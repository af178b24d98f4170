"""Games a player sits in, stored as the services leave them (no rules played): for "My games", the header's
badge and the profiles. Each seat is an account, a guest or a bot."""
from datetime import timedelta

from django.utils import timezone

from games.models import Game, Seat


def seated_game(status, players, ruleset="machikoro", to_act=(), pace=Game.Pace.LIVE, deadline=None,
                winners=(), public=True, autopilot=(), minutes_ago=10):
    """A game of `status` with one seat per entry of `players`: a User, a Guest, or a bot's name (a str).
    to_act: the positions whose move is awaited; deadline: seconds from now to the turn's end."""
    now = timezone.now()
    game = Game.objects.create(
        ruleset=ruleset, status=status, min_players=2, max_players=max(len(players), 2), public=public, pace=pace,
        turn_seconds=3600 if pace == Game.Pace.TURN_BASED else 0, to_act=list(to_act),
        turn_deadline=now + timedelta(seconds=deadline) if deadline is not None else None,
        table=[_name(p) for p in players],
        started_at=now - timedelta(minutes=minutes_ago) if status != Game.Status.LOBBY else None,
        finished_at=now - timedelta(minutes=minutes_ago) if status == Game.Status.FINISHED else None,
        result={"winners": list(winners), "table": []} if status == Game.Status.FINISHED else None)
    for position, player in enumerate(players):
        Seat.objects.create(game=game, position=position, name=_name(player), ready=True,
                            autopilot=position in autopilot, **_owner(player))
    Game.objects.filter(pk=game.pk).update(updated_at=now - timedelta(minutes=minutes_ago))
    game.refresh_from_db()
    return game


def _name(player):
    if isinstance(player, str):
        return player
    return getattr(player, "nickname", None) or player.get_username()


def _owner(player):
    if isinstance(player, str):
        return {"bot_kind": "greedy"}
    if hasattr(player, "nickname"):
        return {"guest": player}
    return {"user": player}
