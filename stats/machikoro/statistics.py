"""Machi Koro's statistics: the coin fold of stats.machikoro.compute over the engine's events, dice and cards."""
from django.utils.translation import pgettext_lazy

from stats.kinds import EventLogError, GameStatisticsKind, game_facts
from stats.machikoro import inputs, selectors
from stats.machikoro.aggregate import mix_label, site_contribution
from stats.machikoro.compute import STATISTICS_VERSION, compute_statistics


class MachiKoroStatistics(GameStatisticsKind):
    slug = "machikoro"
    name = pgettext_lazy("game", "Machi Koro")  # Minivilles in French
    version = STATISTICS_VERSION
    game_template = "stats/machikoro/game.html"
    site_template = "stats/machikoro/site.html"

    def with_platform_result(self, result, platform):
        result = super().with_platform_result(result, platform)
        if result.get("by_time"):  # ended by time: its winner is the platform's, and the game counts as finished
            result["winner"] = next((p["seat"] for p in result["players"] if p["winner"]), None)
            result["finished"] = True
        return result

    def compute(self, game):
        starting, first_player = inputs.starting_position(game)
        events = inputs.event_log(game)
        result = compute_statistics(events, starting, list(game.table), first_player)
        expected = inputs.final_coins(game)
        if expected is not None and result["turns"] and result["turns"][-1]["coins"] != expected:
            raise EventLogError(f"the log ends with coins {result['turns'][-1]['coins']}, "
                                f"the stored final state has {expected}")
        extensions = inputs.extensions(game)
        result["game"] = game_facts(game, {"extensions": extensions, "mix": mix_label(extensions),
                                           "market": (game.options or {}).get("market")})
        result["cards"] = _used_card_names(game, result)
        return result

    def site_contribution(self, result):
        return site_contribution(result, result["game"]["extensions"])

    def player_extras(self, result, player):
        return result["game"]["mix"], player["bought"]

    def variant_label(self, variant):
        return selectors.mix_label(variant)

    def card_label(self, slug):
        return selectors.card_label(slug)

    def game_view(self, result, links):
        return selectors.game_view(result, links)

    def site_view(self, totals):
        return selectors.site_view(totals)


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
