"""What RPC sockets are sent: notifications built once per change in the process that made it, per seat.

Every message to a game's RPC group carries the texts for observers and, by player identity, the texts of
each seated player, plus the event number it follows (`seq`) so a socket that has just rebuilt its state
skips what that state already contains. Games without an RPC protocol send nothing here, nor do moves and
starts of a game no program's socket was ever opened on (Game.rpc_readers, set as the socket opens).
"""
from config.registry import get_game
from games import broadcast
from games.models import Game, Seat
from games.selectors.lookup import current_match

from games.rpc.protocol import encode, notification

REFEREE = "referee"  # the sender named in state bursts, where no player made the change
NOT_STARTED = -1  # the event number a lobby is at: the start (numbered 0) is still news


def position_seq(game):
    """The number of the last event a socket that has just read `game` knows of."""
    return game.event_seq if game.state is not None else NOT_STARTED


def rpc_group(code):
    return f"rpc-{code}"


def _publish(code, seq, public, private):
    broadcast.publish(rpc_group(code), {
        "type": "rpc.frames", "seq": seq,
        "public": [encode(n) for n in public],
        "private": {key: [encode(n) for n in notes] for key, notes in private.items()},
    })


def _players(seats):
    return [s for s in seats if s.identity_key and not s.bot_kind]


def _seating(protocol, seats, started):
    """volity.player_sat(name, seat) for every seat; in the lobby the seat order is not drawn yet (null)."""
    return [notification("volity.player_sat", s.name, protocol.seat_name(s.position) if started else None)
            for s in seats]


def publish_events(game, seats, ruleset, match, event):
    """After commit: the notifications of one recorded event, per seat, and volity.end_game() if it ended."""
    protocol = get_game(game.ruleset).rpc_protocol
    if protocol is None or not game.rpc_readers:
        return
    closing = [notification("volity.end_game")] if game.status == Game.Status.FINISHED else []
    public = protocol.notifications(match, event.events, None) + closing
    private = {s.identity_key: protocol.notifications(match, event.events, s.position) + closing
               for s in _players(seats)}
    _publish(game.code, event.seq, public, private)


def publish_start(game, seats, ruleset, match):
    """After commit: volity.start_game() and the opening deal, per seat."""
    protocol = get_game(game.ruleset).rpc_protocol
    if protocol is None or not game.rpc_readers:
        return
    opening = [notification("volity.start_game"), *_seating(protocol, seats, started=True)]
    public = opening + protocol.start_notifications(match, None)
    private = {s.identity_key: opening + protocol.start_notifications(match, s.position) for s in _players(seats)}
    _publish(game.code, game.event_seq, public, private)


def announce_table(game, method, *params):
    """After commit: a Volity seating or readiness call (volity.player_sat, _stood, _ready, _unready) to all."""
    if get_game(game.ruleset).rpc_protocol is None:
        return
    code = game.code
    broadcast.after_commit(lambda: _publish(code, None, [notification(method, *params)], {}), method)


def publish_options(game, ruleset, sender):
    """After commit: the table's options echoed to everyone, naming who changed them."""
    protocol = get_game(game.ruleset).rpc_protocol
    if protocol is None:
        return
    _publish(game.code, None, protocol.config_notifications(game.options, sender), {})


def state_burst(game, seat):
    """(event number, notifications) rebuilding what `seat` (None: an observer) knows of `game`."""
    protocol = get_game(game.ruleset).rpc_protocol
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    state = {Game.Status.LOBBY: "setup", Game.Status.PLAYING: "active"}.get(game.status, "finished")
    if game.status == Game.Status.PLAYING and game.is_suspended:
        state = "suspended"
    burst = [notification("volity.receive_state", {
        "state": state, "game": game.code, "ruleset": game.ruleset,
        "seat": protocol.seat_name(seat.position) if seat is not None and game.state is not None else None,
        "player": seat.name if seat is not None else None,  # the receiver's name in volity.player_sat
    })]
    burst.append(notification("volity.seat_list", list(protocol.seat_ids)))
    burst += _seating(protocol, seats, started=game.state is not None)
    if game.is_lobby:
        burst += [notification("volity.player_ready", s.name) for s in seats if s.ready or s.bot_kind]
    burst += protocol.config_notifications(game.options, REFEREE)
    if game.state is not None:
        burst.append(notification("volity.game_has_started"))
        _, match = current_match(game)
        burst += protocol.state_notifications(match, seat.position if seat is not None else None)
        if game.status == Game.Status.FINISHED:
            burst.append(notification("volity.end_game"))
    if state == "suspended":  # who suspended it, and who is ready again (a seat a bot plays waits for nobody)
        burst.append(notification("volity.suspend_game", game.suspended_by))
        burst += [notification("volity.player_ready", s.name) for s in seats if s.ready or s.is_automated]
    burst.append(notification("volity.state_sent"))
    return position_seq(game), burst
