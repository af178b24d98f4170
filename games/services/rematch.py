"""Rematch: a finished game's players ask for a new game with the same options, bots kept.

The first player to ask creates it and hosts it; asking again (anyone, any number of times) returns the
same new game. The finished game's page offers the others a one-click join (the seats frame names it).
"""
from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import NotAllowed
from games.models import Game, Seat
from games.notifications.services import notify_rematch

from games.services.common import announce_open_games, announce_seats, lock_game, require_seat, require_status
from games.services.lobby import MAX_NAME


@transaction.atomic
def create_rematch(*, game_id, identity):
    game = lock_game(game_id, with_rules=False)
    require_status(game, Game.Status.FINISHED, message=_("A rematch can only follow a finished game."))
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    require_seat(seats, identity, _("Only the players of this game can ask for a rematch."))
    if game.rematch_id:
        return Game.objects.get(pk=game.rematch_id)
    if identity.is_anonymous:
        raise NotAllowed(_("Sign in or choose a guest nickname first."))
    rematch = Game.objects.create(
        ruleset=game.ruleset, options=game.options, public=game.public, min_players=game.min_players,
        max_players=game.max_players, turn_seconds=game.turn_seconds, pace=game.pace, on_timeout=game.on_timeout,
        rated=game.rated and identity.user_id is not None,  # rated stays rated, unless a guest hosts the rematch
        **identity.owner_fields("host_"),
    )
    Seat.objects.create(game=rematch, position=0, name=identity.name[:MAX_NAME], **identity.owner_fields())
    bots = [s for s in seats if s.bot_kind]
    for position, bot in enumerate(bots, start=1):
        Seat.objects.create(game=rematch, position=position, bot_kind=bot.bot_kind, ready=True, name=bot.name)
    game.rematch = rematch
    game.save(update_fields=["rematch", "updated_at"])
    notify_rematch(game, rematch, seats, identity)
    announce_seats(game)  # the finished game's page shows the others a "Join the rematch" button
    announce_open_games()
    return rematch
