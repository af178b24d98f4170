"""Starting a gauntlet: an ordinary lab run whose settings hold "gauntlet" (see gauntlet_selectors.py), played
and stored like any run (its chunks, progress, cancelling, "run again")."""
from django.utils.translation import gettext as _

from games.rulesets import get_ruleset
from stats.lab import services
from stats.lab.services import MAX_GAMES, LabRequest, LabRunInvalid
from stats.models import grouped


def start_gauntlet(*, game, bots, player_counts, games_per_pairing, options=None, seed=None, name="", user=None):
    """Store and start a gauntlet run of `bots` (each against every other) at each of `player_counts`;
    LabRunInvalid names the fields at fault ("bots", "players", "games_per_pairing", the game's options)."""
    ruleset = get_ruleset(game)
    allowed = getattr(ruleset, "lab_gauntlet_bots", ())
    bots = list(dict.fromkeys(bots))
    errors = {}
    if len(bots) < 2 or any(bot not in allowed for bot in bots):
        errors["bots"] = [_("Choose at least two bots among %(bots)s.") % {"bots": ", ".join(allowed)}]
    player_counts = sorted(set(player_counts))
    if not player_counts:
        errors["players"] = [_("Choose at least one number of players.")]
    if errors:
        raise LabRunInvalid(errors)
    games = ruleset.lab_gauntlet_games(bots, player_counts, games_per_pairing)
    if games > MAX_GAMES:
        raise LabRunInvalid({"games_per_pairing": [
            _("This gauntlet would play %(games)s games; a run plays at most %(most)s. Play fewer games per pairing, "
              "or enter fewer bots.") % {"games": grouped(games), "most": grouped(MAX_GAMES)}]})
    request = LabRequest(
        game=ruleset.slug, players=max(player_counts), bots=tuple(bots), games=games, seed=seed, name=name,
        options={**(options or {}), "gauntlet": {"players": player_counts, "games_per_pairing": games_per_pairing}})
    return services.start_run(request, user=user)
