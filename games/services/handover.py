"""Handing a stalled seat to a bot during play.

The host decides alone. With no host present (the host's page is closed, or a bot plays the host's
seat), the players who are there and play their own seats vote: a strict majority of them, the stalled
player left out, hands the seat over. Whether a seat is stalled is one rule (selectors.handover), checked here
by `check_seat_can_be_handed_over`: a player who is there keeps the seat until their turn timer has run out;
a player who is away, once away past GAMES_ABSENCE_GRACE. The player takes the seat back as after a timeout.
"""
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import BadRequest, NotAllowed
from games.models import Game
from games.selectors.frames import iso
from games.selectors.handover import handover_opens_at
from games.selectors.lookup import host_key
from games.selectors.presence import is_present, last_sign_of_life, present_seat_ids

from games.services.common import (
    announce_seats, lock_game, locked_seats, refuse_while_suspended, require_seat, require_status,
)
from games.services.play import hand_seat_to_bot


@transaction.atomic
def hand_stalled_seat_to_bot(*, game_id, identity, seat_id):
    """Returns {"handed": bool, "votes": n, "needed": m}; votes and needed are 0 when the host decided."""
    game = lock_game(game_id)
    require_status(game, Game.Status.PLAYING, message=_("Seats are handed to bots only during play."))
    refuse_while_suspended(game)  # nobody is late while the game waits for everyone to be ready
    seats = locked_seats(game)
    actor = require_seat(seats, identity, _("Only the players at this game can hand a seat to a bot."))
    target = next((s for s in seats if s.pk == seat_id), None)
    if target is None:
        raise BadRequest(_("There is no such seat in this game."))
    if target.pk == actor.pk:
        raise BadRequest(_("To let a bot play your own seat, leave the game."))
    if game.pace == Game.Pace.TURN_BASED:
        return _vote_to_remove(game, seats, actor, target, identity)
    if target.is_automated:
        return {"handed": True, "votes": 0, "needed": 0}  # already done (a double click, another voter)
    now = timezone.now()
    present = present_seat_ids(game.pk, now)
    check_seat_can_be_handed_over(game, target, now, present=target.pk in present)
    host = host_key(game)
    if identity.key == host:
        hand_seat_to_bot(game, seats, target)
        return {"handed": True, "votes": 0, "needed": 0}
    host_seat = next((s for s in seats if host and s.identity_key == host), None)
    if host_seat is not None and not host_seat.is_automated and host_seat.pk in present:
        raise NotAllowed(_("The host is here: only the host can hand a seat to a bot."))
    if actor.is_automated:
        raise NotAllowed(_("Take your seat back first: only players playing their own seats vote."))
    voters = {s.identity_key for s in seats if not s.is_automated and s.identity_key and s.pk != target.pk
              and (s.pk in present or s.pk == actor.pk)}
    return _count_vote(game, seats, target, identity, voters, hand_seat_to_bot)


def check_seat_can_be_handed_over(game, seat, now, *, present=None):
    """Refuse, changing nothing, to hand `seat` to a bot at `now` unless the rule allows it
    (selectors.handover.handover_opens_at). The refusal is NotAllowed with code "not_stalled" and
    `handover_from`: the moment from which it would be allowed (ISO time), or None. `present`: whether the
    seat has a live socket, when the caller knows (else read here)."""
    if present is None:
        present = game.pace == Game.Pace.LIVE and is_present(seat, now)
    last_seen = None if present or game.pace != Game.Pace.LIVE else last_sign_of_life(seat, game)
    opens = handover_opens_at(game, seat, present=present, last_seen=last_seen)
    if opens is not None and opens <= now:
        return
    if game.pace == Game.Pace.TURN_BASED:
        message = _("This player has not run out of time: only a player whose time per move ran out can be removed.")
    elif present:
        message = _("%(name)s is here and their time has not run out: the seat stays theirs.") % {"name": seat.name}
    else:
        message = _("%(name)s has been away for less than %(seconds)s seconds: the seat stays theirs for now.") % {
            "name": seat.name, "seconds": int(settings.GAMES_ABSENCE_GRACE)}
    raise NotAllowed(message, code="not_stalled", handover_from=iso(opens))


def _vote_to_remove(game, seats, actor, target, identity):
    """Turn-based games: a player who ran out of time per move at least once may be removed. Nobody's
    presence counts: the host's vote removes at once, otherwise a strict majority of the players playing
    their own seats, the target left out, votes accumulating over days. A removed player's seat is played by
    a bot to the end and they cannot take it back (their identity is in Game.kicked)."""
    if target.is_bot or target.forfeited or target.identity_key in game.kicked:
        return {"handed": True, "votes": 0, "needed": 0}  # already done (a double click, another voter)
    check_seat_can_be_handed_over(game, target, timezone.now())
    if actor.forfeited or actor.identity_key in game.kicked or (actor.autopilot and not actor.bot_for_turn):
        raise NotAllowed(_("Take your seat back first: only players playing their own seats vote."))
    if identity.key == host_key(game):
        remove_player(game, seats, target)
        return {"handed": True, "votes": 0, "needed": 0}
    voters = {s.identity_key for s in seats if s.identity_key and s.pk != target.pk and not s.forfeited
              and s.identity_key not in game.kicked and (not s.autopilot or s.bot_for_turn)}
    return _count_vote(game, seats, target, identity, voters, remove_player)


def _count_vote(game, seats, target, identity, voters, act):
    """Add `identity`'s vote about `target` to those of `voters` still standing; a strict majority of `voters`
    calls `act(game, seats, target)`, else the votes are kept for later and the seats announced."""
    votes = (set(game.handover_votes.get(str(target.pk), [])) & voters) | {identity.key}
    needed = len(voters) // 2 + 1
    if len(votes) >= needed:
        act(game, seats, target)
        return {"handed": True, "votes": len(votes), "needed": needed}
    game.handover_votes = {**game.handover_votes, str(target.pk): sorted(votes)}
    game.save(update_fields=["handover_votes", "updated_at"])
    announce_seats(game)
    return {"handed": False, "votes": len(votes), "needed": needed}


def remove_player(game, seats, target):
    """Within the game lock: a bot plays `target` to the end of the game; its player may not take it back."""
    game.kicked = [*game.kicked, target.identity_key]
    game.save(update_fields=["kicked", "updated_at"])
    target.left = True
    target.bot_for_turn = False
    target.save(update_fields=["left", "bot_for_turn"])
    hand_seat_to_bot(game, seats, target)
