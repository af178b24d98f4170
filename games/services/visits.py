"""What a player has seen of a game: the last event number, so the page highlights the moves made since.

Written cheaply: when the player's page opens (games.views.game_page), when it is hidden or closed (the
socket's "seen" message) and on the player's own moves (services.play.play_action), never per update.
Only turn-based games keep it (docs/playing.md, "Turn-based games").
"""
from django.utils.translation import gettext as _

from games.errors import BadRequest
from games.models import Game, Seat


def note_seen(*, game_id, identity, seq):
    """The identity's seat has seen the game up to event `seq` (at most the game's last event; it never goes
    back). Returns whether the seat's number moved; a spectator or a live game changes nothing."""
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise BadRequest(_("Send the number of the last event you saw as `seq`."))
    if identity.is_anonymous:
        return False
    last = (Game.objects.filter(pk=game_id, pace=Game.Pace.TURN_BASED).values_list("event_seq", flat=True)
            .first())
    if last is None:
        return False
    seq = min(seq, last)
    return bool(Seat.objects.filter(game_id=game_id, seen_seq__lt=seq, **identity.owner_fields()).update(seen_seq=seq))


def since_last_visit(game, seat):
    """For the page of a turn-based game: {"seq": the last event the seat had seen, "moves": how many events
    came after it}, or None (a spectator, a live game, a lobby, nothing new)."""
    if seat is None or game.pace != Game.Pace.TURN_BASED or game.is_lobby or seat.is_bot:
        return None
    return {"seq": seat.seen_seq, "moves": max(0, game.event_seq - seat.seen_seq)}
