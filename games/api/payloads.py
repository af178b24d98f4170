"""The programs' API's answers about a game, built from the selectors' rows."""
from django.urls import reverse

from config.registry import UnknownGame, get_game
from games.rulesets import UnknownRuleset, get_ruleset
from games.selectors.lookup import host_key, seat_of
from games.selectors.presence import host_presence


def socket_url(request, path):
    """A socket's address on the host the request came to (wss:// behind HTTPS)."""
    return ("wss://" if request.is_secure() else "ws://") + request.get_host() + path


def rpc_path(game):
    """The RPC socket's path, or None when the game has no RPC protocol."""
    try:
        protocol = get_game(game.ruleset).rpc_protocol
    except UnknownGame:
        return None
    return f"/ws/games/{game.code}/rpc/" if protocol is not None else None


def seat_rows(game, seats):
    rows = [{"position": s.position, "name": s.name, "kind": "bot" if s.bot_kind else "human",
             "bot_kind": s.bot_kind or None, "ready": s.ready or s.is_bot} for s in seats]
    if game.is_lobby:
        rows += [{"position": position, "name": None, "kind": "empty", "bot_kind": None, "ready": False}
                 for position in range(len(seats), game.max_players)]
    return rows


def game_payload(request, game, seats, presence=None):
    """`presence`: host_presence's answer for a page of games (read here for one game when not given)."""
    host = host_key(game)
    host_seat = next((s for s in seats if host is not None and s.identity_key == host), None)
    path = rpc_path(game)
    if presence is None:
        presence = host_presence([game], seats={game.pk: seats})
    here, last_seen = presence.get(game.pk, (False, None))
    return {
        "code": game.code, "ruleset": game.ruleset, "status": game.status, "pace": game.pace, "rated": game.rated,
        "public": game.public, "host": host_seat.name if host_seat else None, "seats": seat_rows(game, seats),
        "host_present": here, "host_last_seen": last_seen,
        "min_players": game.min_players, "max_players": game.max_players, "turn_seconds": game.turn_seconds,
        "on_timeout": game.on_timeout, "created_at": game.created_at,
        "url": request.build_absolute_uri(reverse("games:game", args=[game.code])),
        "rpc_url": socket_url(request, path) if path else None,
    }


def game_detail_payload(request, game, seats, identity):
    try:
        ruleset = get_ruleset(game.ruleset)
    except UnknownRuleset:
        ruleset = None
    seat = seat_of(seats, identity)
    return {
        **game_payload(request, game, seats),
        "options": game.options,
        "options_text": [str(line) for line in ruleset.describe_options(game.options)] if ruleset else [],
        "bot_kinds": list(ruleset.bot_kinds) if ruleset else [],
        "your_seat": seat.position if seat is not None else None,
        "to_act": list(game.to_act),
        "event_seq": game.event_seq,
    }
