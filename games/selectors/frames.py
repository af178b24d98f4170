"""The frames the game socket sends. Built from the database only, so any process can build them.

Frame types: snapshot (everything a page needs), events (the entries a client missed plus the current
position), update (one new entry and the new position), seats, chat, started, closed, error. The wire
protocol is described in docs/live-games.md.
"""
from django.conf import settings
from django.utils import translation

from games import fastsql
from games.models import ChatMessage, Game
from games.ratings.eligibility import rated_start_problem

from games.selectors.handover import handover_times
from games.selectors.log_entries import entry_payload, log_entries
from games.selectors.lookup import current_match, host_key, seat_of
from games.selectors.presence import live_since

CHAT_TAIL = 50
LOG_TAIL = 300       # entries sent in a snapshot
CATCH_UP_LIMIT = 300  # more missing entries than this: a snapshot instead
SITE_LANGUAGES = [code for code, _name in settings.LANGUAGES]


def iso(moment):
    return moment.isoformat() if moment else None


def seat_payload(seat, host, present, votes=None, kicked=(), handover_from=None):
    """`present`: ids of the seats with a live socket; `votes`: the game's votes to hand seats to bots (in a
    turn-based game, to remove players); `kicked`: the identity keys of the players removed (Game.kicked);
    `handover_from`: the moment from which the others may hand the seat to a bot (selectors.handover)."""
    return {
        "id": seat.pk,
        "position": seat.position,
        "name": seat.name,
        "bot": seat.bot_kind or None,
        "ready": seat.ready or seat.is_bot,
        "connected": seat.is_bot or seat.pk in present,
        "autopilot": seat.autopilot,
        "left": seat.left,
        "host": host is not None and seat.identity_key == host,
        "handover_votes": len((votes or {}).get(str(seat.pk), ())),
        "registered": seat.user_id is not None and not seat.bot_kind,  # counts toward a rated game's start
        # Turn-based games: how often the time per move ran out, a bot playing this turn only, lost by time,
        # removed by the others' vote.
        "timeouts": seat.timeouts,
        "bot_for_turn": seat.bot_for_turn,
        "forfeited": seat.forfeited,
        "removed": seat.identity_key is not None and seat.identity_key in kicked,
        # From then on (ISO time, maybe already past) the host, or a vote, may hand the seat to a bot; null:
        # not while the game stays as it is (a new seat list comes when it changes).
        "handover_from": iso(handover_from),
    }


# What seats_frame reads of the game: a seat list is sent at every socket opened or closed, and the game's
# rules and state (kilobytes of JSON each) have no part in it.
SEATS_FRAME_FIELDS = ("code", "status", "min_players", "max_players", "handover_votes", "rematch", "host_user",
                      "host_guest", "rated", "pace", "kicked", "suspended_at", "suspended_by",
                      # when each seat may be handed to a bot (selectors.handover)
                      "started_at", "turn_seconds", "turn_deadline", "to_act")


def seats_frame(game, seats, present):
    """`present`: ids of the seats with a live socket (see `seats_and_presence`)."""
    host = host_key(game)
    handover = handover_times(game, seats, present)
    return {
        "type": "seats",
        "status": game.status,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "rated": game.rated,
        # A rated lobby short of the rated players it needs (its page says so, docs/playing.md "Ratings").
        "rated_needs_players": bool(game.rated and game.status == Game.Status.LOBBY
                                    and rated_start_problem(game, seats)),
        "seats": [seat_payload(s, host, present, game.handover_votes, game.kicked, handover[s.pk]) for s in seats],
        "pace": game.pace,
        "rematch": _rematch_code(game),
        # A suspended game (services.suspension): who suspended it; the seats' "ready" say who is ready again.
        "suspended": {"by": game.suspended_by, "since": iso(game.suspended_at)} if game.suspended_at else None,
    }


def seats_and_presence(game_id):
    """(the game's seats in position order, the ids of those with a live socket) in one statement."""
    _game, seats, present = fastsql.seat_list(game_id, (), live_since())
    return seats, present


def seat_list_of(game_id):
    """What a seat list needs, in one statement: (the game with only SEATS_FRAME_FIELDS, or None when it
    has no seats; its seats in position order; the ids of those with a live socket)."""
    return fastsql.seat_list(game_id, SEATS_FRAME_FIELDS, live_since())


def _rematch_code(game):
    if not getattr(game, "rematch_id", None):
        return None
    return type(game).objects.filter(pk=game.rematch_id).values_list("code", flat=True).first()


def chat_payload(message):
    return {"id": message.pk, "name": message.name, "text": message.text, "at": iso(message.created_at)}


def standing_payload(game):
    return {
        "status": game.status,
        "seq": game.event_seq,
        "to_act": list(game.to_act),
        "turn": game.turn,
        "deadline": iso(game.turn_deadline),
        "turn_seconds": game.turn_seconds,
        "pace": game.pace,
        "result": game.result,
    }


def labelled_actions(match, position):
    return [{"action": a, "label": match.label(a)} for a in match.legal_actions(position)]


def position_payload(game, match, seat):
    """The current position as `seat` sees it (a spectator when None) and what it may do now."""
    sees = seat.position if seat is not None else None
    payload = {"seq": game.event_seq, "progress": standing_payload(game), "view": match.view(sees), "actions": []}
    if (seat is not None and game.is_playing and not game.is_suspended and seat.position in game.to_act
            and not seat.is_automated):
        payload["actions"] = labelled_actions(match, seat.position)
    return payload


def you_payload(game, identity, seat):
    return {
        "name": identity.name,
        "identified": not identity.is_anonymous,
        "guest": identity.guest_id is not None,
        "seat": seat.pk if seat else None,
        "position": seat.position if seat else None,
        "host": bool(identity.key) and identity.key == host_key(game),
    }


def _chat_tail(game):
    messages = list(ChatMessage.objects.filter(game=game).order_by("-created_at", "-id")[:CHAT_TAIL])
    return [chat_payload(m) for m in reversed(messages)]


def snapshot_frame(game, identity, since=None):
    """Everything a page needs. With `since` (the last entry the client has), only the entries it missed,
    unless there are too many of them or the number is not one of this game's: then the whole log tail."""
    seats, present = seats_and_presence(game.pk)
    seat = seat_of(seats, identity)
    frame = {
        "type": "snapshot",
        "code": game.code,
        "ruleset": game.ruleset,
        "you": you_payload(game, identity, seat),
        "seats": seats_frame(game, seats, present),
        "chat": _chat_tail(game),
        "progress": standing_payload(game),
        "seq": game.event_seq,
    }
    if game.state is None:
        return frame
    ruleset, match = current_match(game)
    frame["rules"] = ruleset.rules_view(game.rules)
    frame.update(position_payload(game, match, seat))
    if since is not None and 0 <= since <= game.event_seq and game.event_seq - since <= CATCH_UP_LIMIT:
        frame["type"] = "events"
        frame["since"] = since
        frame["entries"] = log_entries(game, match, since, CATCH_UP_LIMIT)
    else:
        frame["entries"] = log_entries(game, match, 0, LOG_TAIL)
    return frame


def worded_languages(game):
    """The languages a game's updates are worded in: the site's default and those its pages were opened in
    (a page in another language, opened as a move was made, catches up on its own: games/consumers.py)."""
    default = settings.LANGUAGE_CODE
    return [default] + [code for code in SITE_LANGUAGES if code != default and code in game.reader_languages]


def update_texts(game, seats, ruleset, match, event, encode):
    """The texts of one update, once per language its pages read: ({language: public text},
    {identity key: {language: text}}) for seats that see more or may act. Only the log entry and the
    button labels are words: the view is encoded once and each language's words are joined to it."""
    base = {"type": "update", "seq": game.event_seq, "progress": standing_payload(game)}
    same_view = ruleset.same_view_for_all
    public_view = encode({**base, "view": match.view(None)})
    actors = []
    for seat in seats:
        key = seat.identity_key
        if key is None or seat.is_bot:
            continue
        acts = game.is_playing and seat.position in game.to_act and not seat.is_automated
        if same_view and not acts:
            continue
        view = public_view if same_view else encode({**base, "view": match.view(seat.position)})
        actors.append((key, view, match.legal_actions(seat.position) if acts else ()))  # once, not per language
    public, private = {}, {}
    for language in worded_languages(game):
        with translation.override(language):
            entry = entry_payload(game, event, match)
            public[language] = _join(public_view, encode({"entry": entry, "actions": []}))
            for key, view, legal in actors:
                actions = [{"action": a, "label": match.label(a)} for a in legal]
                private.setdefault(key, {})[language] = _join(view, encode({"entry": entry, "actions": actions}))
    return public, private


def _join(encoded, more):
    """Two encoded JSON objects as one: '{"a":1}' and '{"b":2}' give '{"a":1,"b":2}'."""
    return encoded[:-1] + "," + more[1:]
