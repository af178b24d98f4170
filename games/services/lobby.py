"""Lobby services: create a game, join, get ready, leave, remove a player, seat a bot.

Each service is one transaction on the locked game row; sockets hear about the change after commit.
When the seats are within bounds and everyone is ready, `start_if_ready` starts the game in the same
transaction.
"""
from dataclasses import dataclass

from django.db import transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games import broadcast
from games.errors import (BadRequest, GameError, GameNotFound, InvalidSettings, LobbyFull, NotAllowed, TooFewPlayers,
                          WrongStatus)
from games.identity import Identity
from games.models import Game, Guest, Seat
from games.rpc import notify as rpc_notify
from games.rpc.notify import announce_table
from games.rulesets import OptionsInvalid, UnknownRuleset, get_ruleset
from games.selectors.lookup import seat_of

from games.services.accounts import become_guest, clean_nickname, count_new_guest
from games.services.common import announce_open_games, announce_seats, compact_positions, lock_game, locked_seats, require_identity, require_seat, require_status
from games.services.play import hand_seat_to_bot
from games.services.start import start_if_ready
from games.services.suspension import resume_if_everyone_ready, set_ready_while_suspended

TIMER_CHOICES = (0, 30, 60, 90, 120, 180, 300)
# Turn-based games: the time per move (1 hour, 12 hours, 1 day, 3 days); they always have one, so no game stalls.
MOVE_TIME_CHOICES = (3600, 12 * 3600, 24 * 3600, 3 * 24 * 3600)
MAX_NAME = 40


def _host_check(game, identity):
    key = identity.key
    host = f"u:{game.host_user_id}" if game.host_user_id else f"g:{game.host_guest_id}" if game.host_guest_id else None
    if not key or key != host:
        raise NotAllowed(_("Only the host can do that."))


def _unique_name(name, seats):
    taken = {s.name for s in seats}
    if name not in taken:
        return name[:MAX_NAME]
    n = 2
    while f"{name} ({n})" in taken:
        n += 1
    return f"{name} ({n})"[:MAX_NAME]


def validate_settings(ruleset_slug, options, min_players, max_players, turn_seconds, pace=Game.Pace.LIVE,
                      on_timeout=Game.OnTimeout.BOT_PLAYS):
    """The cleaned options and ruleset, or InvalidSettings explaining every problem by form field.

    Live games take a turn timer among TIMER_CHOICES (0: none) and, when it runs out, a bot plays for the
    player; turn-based games take a time per move among MOVE_TIME_CHOICES and either policy (`on_timeout`)."""
    try:
        ruleset = get_ruleset(ruleset_slug)
    except UnknownRuleset as exc:
        raise InvalidSettings({"ruleset": [str(exc)]}) from None
    try:
        cleaned = ruleset.clean_options(options)
    except OptionsInvalid as exc:
        raise InvalidSettings(exc.errors) from None
    errors = {}
    fewest, most = ruleset.player_limits(cleaned)
    for field, value in (("min_players", min_players), ("max_players", max_players)):
        if not isinstance(value, int) or isinstance(value, bool) or not fewest <= value <= most:
            errors.setdefault(field, []).append(
                _("These options allow %(fewest)d to %(most)d players.") % {"fewest": fewest, "most": most}
                + ruleset.player_limit_hint(cleaned)
            )
    if not errors and min_players > max_players:
        errors["min_players"] = [_("The minimum cannot be larger than the maximum.")]
    errors.update(pace_errors(pace, turn_seconds, on_timeout))
    if errors:
        raise InvalidSettings(errors)
    return ruleset, cleaned


def validate_rated(rated, host):
    """A rated game is created by a registered player (guests are never rated); InvalidSettings otherwise."""
    if not isinstance(rated, bool):
        raise InvalidSettings({"rated": [_("Rated is true or false.")]})
    if rated and host.user_id is None:
        raise InvalidSettings({"rated": [_("Only registered players can create a rated game: sign up or sign in.")]})


def pace_errors(pace, turn_seconds, on_timeout):
    """{form field: [messages]} for a pace, time and timeout policy that do not go together (empty when fine)."""
    if pace not in Game.Pace.values:
        return {"pace": [_("Choose live or turn-based play.")]}
    errors = {}
    if on_timeout not in Game.OnTimeout.values:
        errors["on_timeout"] = [_("Choose what happens when a player's time runs out: a bot plays the turn, "
                                  "or the player loses by time.")]
    if pace == Game.Pace.LIVE:
        if turn_seconds not in TIMER_CHOICES:
            errors["turn_seconds"] = [_("Choose a turn timer among %(choices)s seconds.")
                                      % {"choices": ", ".join(map(str, TIMER_CHOICES))}]
        if on_timeout == Game.OnTimeout.LOSES:
            errors["on_timeout"] = [_("Losing by time is for turn-based games: in a live game a bot plays for "
                                      "a player whose time runs out.")]
    elif turn_seconds not in MOVE_TIME_CHOICES:
        errors["move_seconds"] = [_("Choose a time per move: 1 hour, 12 hours, 1 day or 3 days.")]
    return errors


@transaction.atomic
def create_game(*, host, ruleset_slug, options, public, min_players, max_players, turn_seconds,
                pace=Game.Pace.LIVE, on_timeout=Game.OnTimeout.BOT_PLAYS, rated=False):
    """A new lobby hosted by `host`. `turn_seconds` is the live turn timer, or a turn-based game's time per move."""
    require_identity(host)
    ruleset, cleaned = validate_settings(ruleset_slug, options, min_players, max_players, turn_seconds, pace,
                                         on_timeout)
    validate_rated(rated, host)
    game = Game.objects.create(
        ruleset=ruleset.slug, options=cleaned, public=bool(public), min_players=min_players,
        max_players=max_players, turn_seconds=turn_seconds, pace=pace, on_timeout=on_timeout, rated=rated,
        **host.owner_fields("host_"),
    )
    Seat.objects.create(game=game, position=0, name=host.name[:MAX_NAME], **host.owner_fields())
    announce_open_games()
    return game


@transaction.atomic
def join_game(*, game_id, identity):
    """Take a seat in a lobby; joining twice is harmless and returns the same seat."""
    require_identity(identity)
    game = lock_game(game_id)
    seats = locked_seats(game)
    mine = next((s for s in seats if s.identity_key == identity.key), None)
    if mine is not None:
        return mine
    if identity.key in game.kicked:
        raise NotAllowed(_("The host removed you from this game."), code="removed")
    if game.status == Game.Status.ABANDONED:  # not "already started": it never will
        raise WrongStatus(_("Everyone left this game before it started: create another one."), status=game.status)
    require_status(game, Game.Status.LOBBY, message=_("This game has already started: you can watch it."))
    if len(seats) >= game.max_players:
        raise LobbyFull(_("This game is full (%(players)d players).") % {"players": game.max_players})
    seat = Seat.objects.create(
        game=game, position=len(seats), name=_unique_name(identity.name, seats), **identity.owner_fields()
    )
    game.save(update_fields=["updated_at"])
    announce_table(game, "volity.player_sat", seat.name, None)
    announce_seats(game)
    announce_open_games()
    return seat


@dataclass(frozen=True)
class GuestJoin:
    """What `join_as_new_guest` did: the new guest, their seat (None when none was left) and, then, why not."""

    guest: Guest
    seat: Seat = None
    refused: GameError = None


def join_as_new_guest(*, session, game_id, nickname, client):
    """One step from a game's page: a visitor picks a nickname and sits down. The guest is made for this browser
    session (counted against GAMES_GUEST_RATE for the address `client`: TooManyGuests, and no guest, when over;
    BadRequest for a bad nickname), then seated by `join_game`. When the lobby filled up, started or closed in
    the meantime the guest stays, a spectator, and `refused` says why (the guest is kept: two transactions)."""
    nickname = clean_nickname(nickname)
    count_new_guest(client)
    guest = become_guest(session, nickname)
    try:
        seat = join_game(game_id=game_id, identity=Identity(guest_id=guest.pk, name=guest.nickname))
    except (LobbyFull, WrongStatus, NotAllowed, GameNotFound) as exc:
        return GuestJoin(guest, refused=exc)
    return GuestJoin(guest, seat)


@transaction.atomic
def set_ready(*, game_id, identity, ready):
    if not isinstance(ready, bool):
        raise BadRequest("ready must be true or false.")
    game = lock_game(game_id)
    if game.status == Game.Status.PLAYING and game.is_suspended:
        return set_ready_while_suspended(game, identity, ready)  # everyone ready: the game resumes
    require_status(game, Game.Status.LOBBY, message=_("The game is not waiting for players any more."))
    seats = locked_seats(game)
    seat = require_seat(seats, identity)
    seat.ready = ready
    seat.save(update_fields=["ready"])
    game.save(update_fields=["updated_at"])
    announce_table(game, "volity.player_ready" if ready else "volity.player_unready", seat.name)
    if not start_if_ready(game, seats):
        announce_seats(game)
    return seat


def ready_to_play(*, game_id, identity):
    """Get ready, as the RPC socket's volity.ready() asks: a seated player of a lobby with fewer seats filled than
    the game needs is refused (`TooFewPlayers`, as Volity does), instead of waiting ready."""
    game = Game.objects.get(pk=game_id)
    seats = list(Seat.objects.filter(game=game))
    if game.is_lobby and seat_of(seats, identity) is not None:
        if len(seats) < get_ruleset(game.ruleset).player_limits(game.options)[0]:
            raise TooFewPlayers("Too few seats are filled to play.")
    return set_ready(game_id=game_id, identity=identity, ready=True)


def default_bot_kind(ruleset):
    """The bot seated when none is named (the RPC socket's volity.add_bot()): the one that stands in for players."""
    return ruleset.autopilot_bot if ruleset.autopilot_bot in ruleset.bot_kinds else ruleset.bot_kinds[0]


@transaction.atomic
def add_bot(*, game_id, identity, kind=None):
    """The host seats a bot of `kind` (None: the ruleset's default bot), ready at once."""
    game = lock_game(game_id)
    _host_check(game, identity)
    require_status(game, Game.Status.LOBBY, message=_("Bots can only be seated before the game starts."))
    ruleset = get_ruleset(game.ruleset)
    if kind is None:
        kind = default_bot_kind(ruleset)
    if kind not in ruleset.bot_kinds:
        raise BadRequest(_("Unknown bot %(kind)r: choose one of %(kinds)s.") % {"kind": kind, "kinds": ", ".join(ruleset.bot_kinds)})
    seats = locked_seats(game)
    if len(seats) >= game.max_players:
        raise LobbyFull(_("This game is full (%(players)d players).") % {"players": game.max_players})
    seat = Seat.objects.create(game=game, position=len(seats), bot_kind=kind, ready=True,
                               name=_unique_name(capfirst(_("%(kind)s bot") % {"kind": ruleset.bot_label(kind)}), seats))
    seats.append(seat)
    game.save(update_fields=["updated_at"])
    announce_table(game, "volity.player_sat", seat.name, None)
    announce_table(game, "volity.player_ready", seat.name)
    if not start_if_ready(game, seats):
        announce_seats(game)
        announce_open_games()
    return seat


@transaction.atomic
def kick(*, game_id, identity, seat_id):
    """The host removes a player or a bot from the lobby; a removed player cannot join again."""
    game = lock_game(game_id)
    _host_check(game, identity)
    require_status(game, Game.Status.LOBBY, message=_("Players can only be removed before the game starts."))
    seats = locked_seats(game)
    target = next((s for s in seats if s.pk == seat_id), None)
    if target is None:
        raise BadRequest(_("There is no such seat in this game."))
    if target.identity_key == identity.key:
        raise BadRequest(_("You cannot remove yourself: leave the game instead."))
    if target.identity_key:
        game.kicked = [*game.kicked, target.identity_key]
    target.delete()
    announce_table(game, "volity.player_stood", target.name)
    compact_positions(game)
    game.save(update_fields=["kicked", "updated_at"])
    remaining = [s for s in seats if s.pk != seat_id]
    if not start_if_ready(game, remaining):
        announce_seats(game)
        announce_open_games()


@transaction.atomic
def remove_bot(*, game_id, identity, name):
    """The host removes the bot called `name` from the lobby (the RPC socket's volity.remove_bot): `kick` by name."""
    game = lock_game(game_id)
    _host_check(game, identity)
    require_status(game, Game.Status.LOBBY, message=_("Players can only be removed before the game starts."))
    bot = Seat.objects.filter(game=game, name=name).exclude(bot_kind="").first()
    if bot is None:
        raise BadRequest(_("There is no bot called %(name)s at this game.") % {"name": name[:MAX_NAME]},
                         code="unknown_bot")
    kick(game_id=game_id, identity=identity, seat_id=bot.pk)


@transaction.atomic
def leave(*, game_id, identity):
    """Leave a lobby (the seat is freed), or a running game (a bot plays the seat until you take it back)."""
    game = lock_game(game_id)
    seats = locked_seats(game)
    seat = require_seat(seats, identity)
    if game.status == Game.Status.PLAYING:
        seat.left = True
        seat.save(update_fields=["left"])
        hand_seat_to_bot(game, seats, seat)
        resume_if_everyone_ready(game, seats)  # suspended, and the others were waiting only for this player
        return
    require_status(game, Game.Status.LOBBY, message=_("This game is over."))
    seat.delete()
    announce_table(game, "volity.player_stood", seat.name)
    remaining = [s for s in seats if s.pk != seat.pk]
    humans = [s for s in remaining if not s.bot_kind]
    fields = ["updated_at"]
    if not humans:
        game.status = Game.Status.ABANDONED
        fields.append("status")
    elif _is_host(game, identity):
        successor = humans[0]
        game.host_user_id, game.host_guest_id = successor.user_id, successor.guest_id
        fields += ["host_user", "host_guest"]
    compact_positions(game)
    game.save(update_fields=fields)
    if game.status == Game.Status.LOBBY and start_if_ready(game, remaining):
        return
    announce_seats(game)
    announce_open_games()


def _is_host(game, identity):
    try:
        _host_check(game, identity)
    except NotAllowed:
        return False
    return True


@transaction.atomic
def change_option(*, game_id, identity, name, value):
    """A seated player changes one of the table's options in the lobby (Volity's config phase).

    The options are checked by the ruleset as at creation; every player becomes unready (they agreed to
    other settings), and everyone is told who changed what.
    """
    game = lock_game(game_id)
    require_status(game, Game.Status.LOBBY, message=_("The options can only change before the game starts."))
    seats = locked_seats(game)
    seat = require_seat(seats, identity, _("Only the players seated at this game can change its options."))
    ruleset, cleaned = validate_settings(game.ruleset, {**game.options, name: value}, game.min_players,
                                         game.max_players, game.turn_seconds, game.pace, game.on_timeout)
    game.options = cleaned
    game.save(update_fields=["options", "updated_at"])
    unreadied = [s.name for s in seats if s.ready and not s.bot_kind]
    Seat.objects.filter(game=game, bot_kind="").update(ready=False)
    announce_seats(game)
    announce_open_games()
    sender = seat.name
    broadcast.after_commit(lambda: rpc_notify.publish_options(game, ruleset, sender), "the RPC options")
    for name in unreadied:  # after the options that unreadied them
        announce_table(game, "volity.player_unready", name)
    return game
