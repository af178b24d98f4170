"""Volity's lobby calls on the RPC socket, with Volity's meaning, carried out by the lobby services.

Each function runs in a database thread for one call of the socket (games/rpc/consumer.py) and returns the
call's result. `player` arguments are display names, as `volity.player_sat` says them: a program seats or
stands only itself (someone else's name is fault 607 `volity.not_yourself`).
"""
from django.utils.translation import gettext as _, gettext_lazy

from games import services
from games.models import Game, Seat
from games.selectors.lookup import seat_of

from games.rpc.protocol import NOT_A_PLAYER, OK, REFUSED, Fault

# The seat order is drawn when the game starts (games/services/start.py): nobody chooses a seat.
SEAT_NOT_CHOSEN = gettext_lazy("The seat order is drawn when the game starts: sit without naming a seat.")


def _table(game_id, identity):
    """(game, the caller's seat or None)."""
    game = Game.objects.get(pk=game_id)
    return game, seat_of(list(Seat.objects.filter(game=game)), identity)


def _require_yourself(identity, seat, player):
    """`player` must name the caller: their seat's name, or the name they sit down under."""
    if identity.is_anonymous:
        raise Fault(NOT_A_PLAYER, _("Sign in, or connect with a token, to take a seat."),
                    ["volity.identity_required"])
    if player not in {identity.name, seat.name if seat is not None else identity.name}:
        mine = seat.name if seat is not None else identity.name
        raise Fault(NOT_A_PLAYER, _("You can only seat or stand yourself (%(name)s).") % {"name": mine},
                    ["volity.not_yourself"])


def seat_id(protocol, game, seat):
    """The seat's id once the seat order is drawn; None in the lobby (and for no seat)."""
    if seat is None or game.state is None:
        return None
    return protocol.seat_name(seat.position)


def sit(game_id, identity, protocol, player, seat=None):
    """volity.sit(player[, seat]): take a seat in the lobby, or, in a running game, take back your seat from the
    bot playing it. The result names the caller's seat: ["volity.ok", {"player": name, "seat": id or null}]."""
    game, mine = _table(game_id, identity)
    _require_yourself(identity, mine, player)
    if seat is not None:
        protocol.seat_position(seat)  # an id of no seat: volity.invalid_seat
        if seat != seat_id(protocol, game, mine):
            raise Fault(REFUSED, str(SEAT_NOT_CHOSEN), ["volity.seat_not_available"])
    if mine is not None and game.status == Game.Status.PLAYING:
        taken = services.take_back_seat(game_id=game_id, identity=identity)
    else:
        taken = services.join_game(game_id=game_id, identity=identity)
    game = Game.objects.get(pk=game_id)
    return [*OK, {"player": taken.name, "seat": seat_id(protocol, game, taken)}]


def stand(game_id, identity, player):
    """volity.stand(player): leave the lobby's seat; in a running game a bot plays it until you sit again."""
    game, mine = _table(game_id, identity)
    _require_yourself(identity, mine, player)
    services.leave(game_id=game_id, identity=identity)
    return OK


def add_bot(game_id, identity, kind=None):
    """volity.add_bot([kind]): the host seats a bot (the game's default one unless `kind` names another);
    the result is its name, as player_sat says it."""
    seat = services.add_bot(game_id=game_id, identity=identity, kind=kind)
    return [*OK, seat.name]


def remove_bot(game_id, identity, bot):
    services.remove_bot(game_id=game_id, identity=identity, name=bot)
    return OK


def invite_player(game_id, identity, player, message=None):
    """volity.invite_player(player[, message]): invite a registered player by name (the site's invitation
    notification carries the table's link and the message)."""
    services.do_invite_player(game_id, identity, player, message)
    return OK


def suspend_game(game_id, identity):
    """volity.suspend_game(): a player suspends the running game (docs/aquarius-rpc.md, "Suspension"); everyone
    hears volity.suspend_game(name) and volity.player_unready(name) for every player."""
    services.do_suspend_game(game_id=game_id, identity=identity)
    return OK
