"""The public list of games: open lobbies to join and games in progress to watch."""
from django.conf import settings
from django.db.models import Count, Q
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from games.models import Game
from games.rulesets import UnknownRuleset, get_ruleset
from games.selectors.presence import host_presence

LIST_LIMIT = 50
PLAYING_LIMIT = 20   # running games the list shows, newest first
# What a row shows: a running game's rules and state (kilobytes of JSON each) are never read, and the list
# is built again at every start and end of a game.
ROW_FIELDS = ("code", "ruleset", "status", "public", "options", "min_players", "max_players", "turn_seconds",
              "created_at", "pace", "on_timeout", "to_act", "host_user", "host_guest")


def move_time_text(seconds):
    """A turn-based game's time per move in words ("1 day", "12 hours")."""
    if seconds and seconds % 86400 == 0:
        return ngettext("%(n)d day", "%(n)d days", seconds // 86400) % {"n": seconds // 86400}
    hours = (seconds or 0) // 3600
    return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}


def ago_text(moment, now):
    """How long ago `moment` was, in words: "just now", "3 minutes ago", "2 hours ago", "1 day ago" (the same
    words as static/js/game-list.js, which keeps them current between updates)."""
    seconds = max(0, int((now - moment).total_seconds()))
    if seconds < 60:
        return gettext("just now")
    if seconds < 3600:
        return ngettext("%(count)s minute ago", "%(count)s minutes ago", seconds // 60) % {"count": seconds // 60}
    if seconds < 86400:
        return ngettext("%(count)s hour ago", "%(count)s hours ago", seconds // 3600) % {"count": seconds // 3600}
    return ngettext("%(count)s day ago", "%(count)s days ago", seconds // 86400) % {"count": seconds // 86400}


def host_text(here, seen_at, now):
    """Whether a lobby's host is there: "Host here", "Host away · seen 5 minutes ago" or "Host away"."""
    if here:
        return gettext("Host here")
    if seen_at is None:
        return gettext("Host away")
    return gettext("Host away · seen %(ago)s") % {"ago": ago_text(seen_at, now)}


def pace_text(game):
    """How a game is played, for the lists: empty for a live game, "Turn-based · 1 day per move" otherwise."""
    if game.pace != Game.Pace.TURN_BASED:
        return ""
    return gettext("Turn-based · %(time)s per move") % {"time": move_time_text(game.turn_seconds)}


def waiting_for(game, seats):
    """The names of the seats whose move a running game awaits (whose turn it is)."""
    if game.status != Game.Status.PLAYING:
        return []
    return [s.name for s in seats if s.position in game.to_act]


def _describe(game):
    try:
        ruleset = get_ruleset(game.ruleset)
    except UnknownRuleset:
        return game.ruleset, []
    return str(ruleset.name), ruleset.describe_options(game.options)


def _game_row(game):
    """One game of the list; its option lines in the active language."""
    name, options = _describe(game)
    seats = list(game.seats.all())
    return {
        "code": game.code,
        "game": name,
        "options": options,
        "players": game.players,
        "humans": game.humans,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "turn_seconds": game.turn_seconds,
        "names": [s.name for s in seats],
        "created_at": game.created_at.isoformat(),
        "pace": game.pace,
        "pace_text": pace_text(game),
        "to_act": waiting_for(game, seats),
    }


def public_games(status, limit=LIST_LIMIT):
    return (
        Game.objects.filter(status=status, public=True)
        .only(*ROW_FIELDS)
        .annotate(players=Count("seats"), humans=Count("seats", filter=Q(seats__bot_kind="")))
        .prefetch_related("seats")
        .order_by("-created_at")[:limit]
    )


def open_games_frame():
    """The list in the active language (a page, or one socket when it connects)."""
    lobbies = list(public_games(Game.Status.LOBBY))
    now = timezone.now()
    return _frame(lobbies, list(public_games(Game.Status.PLAYING, limit=PLAYING_LIMIT)), host_presence(lobbies, now), now)


def was_listed_running(game):
    """Whether the list showed `game` among the running games before it ended: only then does its end
    change the list (on a busy site most games end beyond the newest ones shown). Ties count as shown."""
    if not game.public:
        return False
    newer = (Game.objects.filter(status=Game.Status.PLAYING, public=True, created_at__gte=game.created_at)
             .exclude(pk=game.pk)[:PLAYING_LIMIT].count())
    return newer < PLAYING_LIMIT


def open_games_frames():
    """The list once per site language ({language: frame}), for a broadcast each socket reads in its own:
    the games are read once, only their option lines are worded per language."""
    lobbies = list(public_games(Game.Status.LOBBY))
    playing = list(public_games(Game.Status.PLAYING, limit=PLAYING_LIMIT))
    now = timezone.now()
    presence = host_presence(lobbies, now)
    frames = {}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            frames[language] = _frame(lobbies, playing, presence, now)
    return frames


def _lobby_row(game, presence, now):
    """A lobby of the list: a game row, with its age and whether its host is there (`presence`: host_presence's
    answer); `now` lets the page correct its own clock."""
    here, seen_at = presence.get(game.pk, (False, None))
    return {
        **_game_row(game),
        "age_text": gettext("Created %(ago)s") % {"ago": ago_text(game.created_at, now)},
        "host_here": here,
        "host_seen_at": seen_at.isoformat() if seen_at else None,
        "host_text": host_text(here, seen_at, now),
    }


def _frame(lobbies, playing, presence, now):
    return {"type": "games", "now": now.isoformat(), "lobbies": [_lobby_row(g, presence, now) for g in lobbies],
            "playing": [_game_row(g) for g in playing]}


def games_of(identity, limit=20):
    """The identity's own games, newest first (lobbies, running and finished), each with `game_name`,
    `pace_text`, `waiting_for` (names of the seats to act) and `my_turn` set."""
    if identity.is_anonymous:
        return []
    games = list(Game.objects.filter(identity.owner_filter("seats__")).exclude(status=Game.Status.ABANDONED)
                 .defer("rules", "state").prefetch_related("seats").distinct().order_by("-updated_at")[:limit])
    for game in games:
        seats = list(game.seats.all())
        game.game_name = _describe(game)[0]
        game.pace_text = pace_text(game)
        game.waiting_for = waiting_for(game, seats)
        game.my_turn = any(s.identity_key == identity.key and s.position in game.to_act and not s.is_automated
                           for s in seats) and game.status == Game.Status.PLAYING
    return games
