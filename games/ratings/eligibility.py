"""Which tables a rated game can start with (docs/playing.md, "Ratings"): two rated players, one of them at least a
registered account. Two registered accounts (people or programs) always do; a program account may also play the
site's bots alone, which is how it climbs the bot ladder; a person alone with bots may not (a rating earned off
bots only would not compare with the others'). Bots count with their kind's rating; guests are never rated."""
from django.utils.translation import gettext as _

from games.programs.selectors import program_user_ids

RATED_PLAYERS = 2  # registered accounts a rated game needs, unless the one it has is a program with bots


def registered_user_ids(seats):
    return [s.user_id for s in seats if s.user_id is not None and not s.bot_kind]


def rated_start_problem(game, seats):
    """Why this rated game cannot start with these seats ("" when it can, or when it is not rated)."""
    if not game.rated:
        return ""
    users = registered_user_ids(seats)
    if len(users) >= RATED_PLAYERS:
        return ""
    if len(users) == 1 and any(s.bot_kind for s in seats) and program_user_ids(users):
        return ""
    return _("A rated game needs two registered players, or a program account and a bot (guests are not rated).")
