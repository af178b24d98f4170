"""The guided first game ("Learn to play"): a private, unrated, live game against the weakest bots, started at
once. The page shows hints on it (static/js/tutorial.js); which games are guided is kept in the player's session,
so no column is needed (read by games/selectors/tutorial.py)."""
from django.db import transaction

from games.errors import BadRequest
from games.rulesets import get_ruleset
from games.selectors.tutorial import SESSION_KEY, is_guided
from games.services.lobby import add_bot, create_game, set_ready

TUTORIAL_BOTS = 2      # the learner and two bots: a table where every card colour matters
KEPT = 10              # the session remembers the latest guided games only


@transaction.atomic
def start_tutorial(*, identity, ruleset_slug):
    """A started game for `identity` against TUTORIAL_BOTS bots of the ruleset's weakest kind: no timer (a
    learner takes their time), unlisted, unrated."""
    ruleset = get_ruleset(ruleset_slug)
    if not is_guided(ruleset):
        raise BadRequest(f"There is no guided game of {ruleset_slug!r}.")
    players = TUTORIAL_BOTS + 1
    game = create_game(host=identity, ruleset_slug=ruleset.slug, options={}, public=False,
                       min_players=players, max_players=players, turn_seconds=0, rated=False)
    for _bot in range(TUTORIAL_BOTS):
        add_bot(game_id=game.pk, identity=identity, kind=ruleset.bot_kinds[0])
    set_ready(game_id=game.pk, identity=identity, ready=True)  # everyone is ready: the game starts
    game.refresh_from_db()
    return game


def remember_tutorial(session, code):
    """Mark game `code` as guided for this browser session."""
    codes = [c for c in session.get(SESSION_KEY, []) if c != code]
    session[SESSION_KEY] = (codes + [code])[-KEPT:]
