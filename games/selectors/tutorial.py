"""Which games have a guided first game ("Learn to play"), and which of this browser's games are guided (kept in
its session by games/services/tutorial.py)."""
from games.rulesets.registry import all_rulesets

SESSION_KEY = "tutorial_games"


def is_guided(ruleset):
    """Whether the game has a guided first game: its ruleset declares a hint table (`tutorial_script`)."""
    return bool(ruleset.tutorial_script)


def guided_rulesets():
    """The installed games that have a guided first game, in the site's order."""
    return [r for r in all_rulesets() if is_guided(r)]


def is_tutorial(session, code):
    return code in session.get(SESSION_KEY, [])
