"""Machi Koro's statistics: the coin fold of stats.compute over the engine's events, dice and cards."""
from stats import inputs
from stats.aggregate import mix_label, site_contribution
from stats.compute import STATISTICS_VERSION, EventLogError, compute_statistics

from django.utils.translation import pgettext_lazy

from stats.games.base import GameStatisticsKind


class MachiKoroStatistics(GameStatisticsKind):
    slug = "machikoro"
    name = pgettext_lazy("game", "Machi Koro")  # Minivilles in French
    version = STATISTICS_VERSION
    game_template = "stats/_game_body.html"
    site_template = "stats/games/machikoro_site.html"

    def compute(self, game):
        starting, first_player = inputs.starting_position(game)
        events = inputs.event_log(game)
        result = compute_statistics(events, starting, list(game.table), first_player)
        expected = inputs.final_coins(game)
        if expected is not None and result["turns"] and result["turns"][-1]["coins"] != expected:
            raise EventLogError(f"the log ends with coins {result['turns'][-1]['coins']}, "
                                f"the stored final state has {expected}")
        extensions = inputs.extensions(game)
        result["game"] = inputs.game_facts(game, {"extensions": extensions, "mix": mix_label(extensions),
                                                  "market": (game.options or {}).get("market")})
        result["cards"] = _used_card_names(game, result)
        return result

    def site_contribution(self, result):
        return site_contribution(result, result["game"]["extensions"])

    def player_extras(self, result, player):
        return result["game"]["mix"], player["bought"]

    def game_view(self, result, links):
        from stats.selectors import game_view

        return game_view(result, links)

    def site_view(self, totals):
        from stats.selectors import site_view

        return site_view(totals)


def _used_card_names(game, result):
    names = inputs.card_names(game)
    used = set()
    for player in result["players"]:
        used.update(player["bought"])
    for counter in result["income_by_card"] + result["losses_by_card"]:
        used.update(counter)
    for record in result["landmarks"]:
        used.add(record["landmark"])
        if record["by"]:
            used.add(record["by"])
    return {slug: names[slug] for slug in sorted(used) if slug in names}


MACHI_KORO = MachiKoroStatistics()
