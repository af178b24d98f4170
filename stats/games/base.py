"""What a game's statistics must provide to the shared jobs and pages."""


class GameStatisticsKind:
    slug = ""                 # the ruleset slug whose games these statistics describe
    name = ""
    version = 1               # bump when compute() changes: stored results of another version are recomputed
    game_template = ""        # the panel body of one game (templates/stats/...)
    site_template = ""        # this game's section of the site page

    def compute(self, game):
        """The JSON-ready statistics of finished `game` (raise stats.compute.EventLogError on a bad log).

        Must hold "players": [{"seat", "name", "order" (1 = played first), "winner"}, ...], "seats" and
        "turn_count"; everything else is the kind's own."""
        raise NotImplementedError

    def site_contribution(self, result):
        """What one game adds to this kind's site totals: nested dicts of integer counters."""
        raise NotImplementedError

    def player_extras(self, result, player):
        """(label of the game's variant, {card: copies}) stored with a player's result."""
        return "", {}

    def game_view(self, result, links):
        """What `game_template` renders (with "chart": the JSON island stats.js draws)."""
        raise NotImplementedError

    def site_view(self, totals):
        """What `site_template` renders from this kind's totals (with "chart" for stats.js, or None)."""
        raise NotImplementedError
