"""Helpers shared by the services: locking a game, finding the actor's seat, announcing changes after commit."""
from django.utils.translation import gettext as _

from games import broadcast
from games.models import Game, Seat
from games.selectors.frames import SEATS_FRAME_FIELDS, seat_list_of, seats_frame
from games.selectors.lookup import seat_of, without_rules
from games.selectors.lists import open_games_frames

from games import fastsql
from games.errors import GameNotFound, GameSuspended, IdentityRequired, NotSeated, WrongStatus


def lock_game(game_id, with_rules=True):
    """The game row, locked until the transaction ends (select_for_update; SQLite locks the whole file).

    Without rules, the frozen rules are read from the database only if the ruleset needs more than their key.
    """
    queryset = Game.objects.select_for_update()
    if not with_rules:
        queryset = without_rules(queryset)
    try:
        return queryset.get(pk=game_id)
    except Game.DoesNotExist:
        raise GameNotFound(_("This game no longer exists.")) from None


def lock_game_with_seats(game_id):
    """The locked game (rules deferred, as in `lock_game(with_rules=False)`) and its seats in position
    order, in one statement written once per process (fastsql.py), not compiled per move."""
    found = fastsql.lock_game_with_seats(game_id)
    if found is None:   # no such game (GameNotFound), or one without seats
        return lock_game(game_id, with_rules=False), []
    return found


def locked_seats(game):
    return list(Seat.objects.select_for_update().filter(game=game).order_by("position"))


def require_identity(identity):
    if identity.is_anonymous:
        raise IdentityRequired(_("Sign in or choose a guest nickname first."))


def require_status(game, *statuses, message):
    if game.status not in statuses:
        raise WrongStatus(message, status=game.status)


def refuse_while_suspended(game):
    if game.is_suspended:
        raise GameSuspended(_("The game is suspended: play resumes when every player is ready."))


def require_seat(seats, identity, message="You are not seated at this game."):
    seat = seat_of(seats, identity)
    if seat is None:
        raise NotSeated(message)
    return seat


def announce_seats(game):
    """After commit: everyone watching the game gets the new seat list."""
    announce_seats_of(game.pk, game.code)


def announce_seats_of(game_id, code):
    """announce_seats for the game with this id and code (all the announcement needs of it)."""

    def send():
        # Seats, their presence and the game's few fields in one query (a seat list goes out at every
        # socket opened or closed); a game without seats is read on its own.
        fresh, seats, present = seat_list_of(game_id)
        if fresh is None:
            fresh = Game.objects.only(*SEATS_FRAME_FIELDS).get(pk=game_id)
        broadcast.publish_to_game(code, seats_frame(fresh, seats, present))

    broadcast.after_commit(send, "the seat list")


def announce_open_games():
    """After commit: the public list of open games is sent again to everyone browsing it, in each one's
    language (not the language of whoever changed it)."""
    broadcast.after_commit(lambda: broadcast.publish_open_games(open_games_frames()), "the open-games list")


def announce_to_game(code, frame):
    broadcast.after_commit(lambda: broadcast.publish_to_game(code, frame), "a frame to a game")


def compact_positions(game):
    """Renumber lobby seats 0..n-1 in join order (two passes: positions are unique per game)."""
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    renumber(seats, [s.pk for s in seats])


def renumber(seats, ordered_ids):
    """Give the seats with ids `ordered_ids` the positions 0, 1, 2 ... in that order."""
    by_id = {s.pk: s for s in seats}
    offset = 1000
    for index, seat_id in enumerate(ordered_ids):
        Seat.objects.filter(pk=seat_id).update(position=offset + index)
    for index, seat_id in enumerate(ordered_ids):
        Seat.objects.filter(pk=seat_id).update(position=index)
        by_id[seat_id].position = index
