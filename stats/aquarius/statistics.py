"""Aquarius' statistics: the game replayed through its ruleset, move by move.

Per game: the measures (largest group of each element) after every move, and each seat's goal and the
size of its goal's largest group over time; who traded or shuffled goals. Across games: win rates by
seat, by number of seats and for the first player, and how often goals change hands.
"""
from django.utils.translation import gettext as _

from games.aquarius.text import element_label
from games.models import GameEvent
from games.rulesets import get_ruleset

from stats.kinds import EventLogError, GameStatisticsKind, game_facts
from stats.selectors import player_style

ELEMENTS = (("a", "air"), ("e", "earth"), ("f", "fire"), ("w", "water"), ("v", "void"))
LETTERS = "".join(letter for letter, _english in ELEMENTS)
# The board's colours (static/js/boards/aquarius.js), darker air so its line reads on white.
ELEMENT_COLOURS = {"a": "#B8A800", "e": "#8C6D31", "f": "#D55E00", "w": "#0072B2", "v": "#3B3B4F"}
ELEMENT_DASHES = {"a": [], "e": [6, 3], "f": [2, 2], "w": [8, 3, 2, 3], "v": [12, 4]}
WIN_SIZE = 7
COUNTED = {"trade_goals": "goal_trades", "shuffle_goals": "goal_shuffles", "trade_hands": "hand_trades",
           "zap_card": "zaps", "move_card": "moves", "pass": "passes", "play_card": "cards_played"}
NOT_A_TURN = {"see_goal"}


def _goals(match, seats):
    """Every seated player's current goal letter. Statistics see the whole state, hidden goals included."""
    state = match.dump()
    goals = state.get("goals") if isinstance(state, dict) else None
    if isinstance(goals, list) and len(goals) >= seats and all(isinstance(g, str) for g in goals[:seats]):
        return list(goals[:seats])
    return [match.view(seat).get("goal") for seat in range(seats)]


def _measures(match):
    measures = match.view(None).get("measures") or {}
    return {letter: int(measures.get(name, 0)) for letter, name in ELEMENTS}


def _order(seat, first, seats):
    return (seat - first) % seats + 1


class _Fold:
    """Follows a replayed game: one timeline point per move (actions that are not a look at one's goal)."""

    def __init__(self, match, names):
        self.seats = len(names)
        self.names = names
        self.first = (match.progress().to_act or (0,))[0]
        self.moves, self.movers = [0], [None]
        self.measures = {letter: [] for letter in LETTERS}
        self.goals = [[] for _ in range(self.seats)]
        self.counts = {name: [0] * self.seats for name in COUNTED.values()}
        self.looked = [False] * self.seats
        self.last_events = []
        self._point(match)

    def _point(self, match):
        measures = _measures(match)
        for letter in LETTERS:
            self.measures[letter].append(measures[letter])
        for seat, goal in enumerate(_goals(match, self.seats)):
            self.goals[seat].append(goal)

    def step(self, seat, action, match, events):
        self.last_events = events
        kind = action.get("type")
        if kind in NOT_A_TURN:
            self.looked[seat] = True
            return
        if kind in COUNTED:
            self.counts[COUNTED[kind]][seat] += 1
        self.moves.append(len(self.moves))
        self.movers.append(seat)
        self._point(match)

    def result(self, match):
        progress = match.progress()
        winners = sorted(progress.winners)
        outcome = next((e for e in reversed(self.last_events) if e.get("type") == "outcome"), None)
        final_goals = list(outcome["goals"]) if outcome else [line[-1] for line in self.goals]
        goal_sizes = [[self.measures[goal][i] if goal in self.measures else 0 for i, goal in enumerate(line)]
                      for line in self.goals]
        players = []
        for seat in range(self.seats):
            players.append({
                "seat": seat, "name": self.names[seat], "order": _order(seat, self.first, self.seats),
                "winner": seat in winners, "goal": final_goals[seat] if seat < len(final_goals) else None,
                "final_group": goal_sizes[seat][-1], "best_group": max(goal_sizes[seat]),
                "goal_changes": sum(1 for a, b in zip(self.goals[seat], self.goals[seat][1:]) if a != b),
                "looked": self.looked[seat],
                **{name: counts[seat] for name, counts in self.counts.items()},
            })
        return {
            "seats": self.seats, "first_player": self.first, "finished": progress.over, "winners": winners,
            "turn_count": len(self.moves) - 1, "players": players,
            "unseated_goals": final_goals[self.seats:],
            "totals": {name: sum(counts) for name, counts in self.counts.items()},
            "timeline": {"moves": self.moves, "movers": self.movers, "measures": self.measures,
                         "goals": self.goals, "goal_groups": goal_sizes},
        }


class AquariusStatistics(GameStatisticsKind):
    slug = "aquarius"
    name = "Aquarius"
    version = 1
    game_template = "stats/aquarius/game.html"
    site_template = "stats/aquarius/site.html"

    def with_platform_result(self, result, platform):
        result = super().with_platform_result(result, platform)
        if result.get("by_time"):  # ended by time: its winners are the platform's, and the game counts as finished
            result["winners"] = [p["seat"] for p in result["players"] if p["winner"]]
            result["finished"] = True
        return result

    def compute(self, game):
        if game.rules is None or game.seed is None:
            raise EventLogError("the game never started (no frozen rules or seed)")
        ruleset = get_ruleset(game.ruleset)
        names = list(game.table)
        match = ruleset.start(game.rules, game.options, game.seed, names)
        fold = _Fold(match, names)
        for stored in GameEvent.objects.filter(game=game).order_by("seq").only("seq", "seat", "action", "events"):
            match, events = match.apply(stored.seat, stored.action)
            if events != stored.events:
                raise EventLogError(f"event {stored.seq} does not replay to the recorded events")
            fold.step(stored.seat, stored.action, match, events)
        if match.dump() != game.state:
            raise EventLogError("the replayed game does not end in the recorded final state")
        result = fold.result(match)
        chicken = bool((game.options or {}).get("chicken"))
        result["chicken"] = chicken
        result["game"] = game_facts(game, {"variant": "Aqua-Chicken" if chicken else ""})
        return result

    def site_contribution(self, result):
        seats = result["seats"]
        turns = result["turn_count"]
        trades = result["totals"]["goal_trades"]
        contribution = {"games": 1, "turns": turns, "goal_trades": trades,
                        "goal_shuffles": result["totals"]["goal_shuffles"],
                        "games_with_goal_trade": int(trades > 0)}
        if result["chicken"]:
            contribution["chicken"] = 1
        winners = set(result["winners"])
        if not winners or not result["finished"]:
            contribution["unfinished"] = 1
            return contribution
        contribution["won_games"] = 1
        if len(winners) > 1:
            contribution["shared_wins"] = 1
        by_seat = {str(p["seat"] + 1): {"games": 1, "wins": int(p["seat"] in winners)} for p in result["players"]}
        first_won = int(result["first_player"] in winners)
        contribution["by_seats"] = {str(seats): {"games": 1, "turns": turns, "by_seat": by_seat,
                                                 "first": {"games": 1, "wins": first_won}}}
        contribution["first"] = {"games": 1, "wins": first_won}
        traders = [p for p in result["players"] if p["goal_trades"]]
        if traders:
            contribution["traders"] = {"players": len(traders), "wins": sum(int(p["winner"]) for p in traders)}
        return contribution

    def player_extras(self, result, player):
        return result["game"].get("variant", ""), {}

    def game_view(self, result, links):
        players = [{**p, **player_style(p["seat"]), "url": links.get(p["seat"], ""),
                    "goal_name": _name(p["goal"])} for p in result["players"]]
        timeline = result["timeline"]
        labels = timeline["moves"]
        goal_line = {"value": WIN_SIZE, "label": _("%(n)s: a goal is reached") % {"n": WIN_SIZE}}
        measures = {"type": "line", "title": _("Largest group per element"), "x": _("Move"),
                    "y": _("Panels in the largest group"), "labels": labels, "max": WIN_SIZE, "stepped": True,
                    "line": goal_line,
                    "datasets": [{"label": _name(letter), "data": timeline["measures"][letter],
                                  "colour": ELEMENT_COLOURS[letter], "dash": ELEMENT_DASHES[letter]}
                                 for letter in LETTERS]}
        goals = {"type": "line", "title": _("Each player's goal group"), "x": _("Move"),
                 "y": _("Panels of the player's goal element"), "labels": labels, "max": WIN_SIZE, "stepped": True,
                 "line": goal_line,
                 "datasets": [{"label": p["name"], "data": timeline["goal_groups"][p["seat"]], "colour": p["colour"],
                               "dash": p["dash"]} for p in players]}
        changes = []
        for p in players:
            line = timeline["goals"][p["seat"]]
            for move in range(1, len(line)):
                if line[move] != line[move - 1]:
                    changes.append({"move": move, "name": p["name"], "before": _name(line[move - 1]),
                                    "after": _name(line[move]),
                                    "by": players[timeline["movers"][move]]["name"]})
        changes.sort(key=lambda c: c["move"])
        return {
            "players": players, "winners": [p for p in players if p["winner"]], "game": result["game"],
            "by_time": result.get("by_time", False), "turn_count": result["turn_count"], "chicken": result["chicken"], "totals": result["totals"],
            "unseated_goals": [_name(g) for g in result["unseated_goals"]], "goal_changes": changes,
            "final_measures": [{"name": _name(letter), "size": timeline["measures"][letter][-1]} for letter in LETTERS],
            "chart": {"series": {"measures": measures, "goals": goals}},
        }

    def site_view(self, totals):
        games = totals.get("games", 0)
        won = totals.get("won_games", 0)
        by_seat = {}
        rows = []
        for seats, entry in sorted(totals.get("by_seats", {}).items(), key=lambda item: int(item[0])):
            count = entry.get("games", 0)
            seat_rows = []
            for seat, cell in sorted(entry.get("by_seat", {}).items(), key=lambda item: int(item[0])):
                seat_rows.append({"seat": int(seat), "games": cell.get("games", 0), "wins": cell.get("wins", 0),
                                  "rate": _percent(cell.get("wins", 0), cell.get("games", 0))})
                total = by_seat.setdefault(int(seat), {"games": 0, "wins": 0})
                total["games"] += cell.get("games", 0)
                total["wins"] += cell.get("wins", 0)
            first = entry.get("first", {})
            rows.append({"seats": int(seats), "games": count, "fair": 100 / int(seats),
                         "average_turns": entry.get("turns", 0) / count if count else None,
                         "first_rate": _percent(first.get("wins", 0), first.get("games", 0)), "by_seat": seat_rows})
        seat_totals = [{"seat": seat, **cell, "rate": _percent(cell["wins"], cell["games"])}
                       for seat, cell in sorted(by_seat.items())]
        first = totals.get("first", {})
        traders = totals.get("traders", {})
        chart = {"type": "bar", "title": _("Win rate by seat (all table sizes)"), "x": _("Seat"), "y": _("Wins (%)"),
                 "labels": [_("Seat %(n)s") % {"n": row["seat"]} for row in seat_totals], "max": 100,
                 "datasets": [{"label": _("Win rate"), "data": [round(row["rate"] or 0, 1) for row in seat_totals],
                               "colour": "#0072B2"}]}
        return {
            "games": games, "won_games": won, "unfinished": totals.get("unfinished", 0),
            "shared_wins": totals.get("shared_wins", 0), "chicken": totals.get("chicken", 0),
            "average_turns": totals.get("turns", 0) / games if games else None,
            "first": {"games": first.get("games", 0), "wins": first.get("wins", 0),
                      "rate": _percent(first.get("wins", 0), first.get("games", 0))},
            "by_seats": rows, "by_seat": seat_totals,
            "goal_trades": totals.get("goal_trades", 0),
            "trades_per_game": totals.get("goal_trades", 0) / games if games else None,
            "shuffles_per_game": totals.get("goal_shuffles", 0) / games if games else None,
            "games_with_trade": _percent(totals.get("games_with_goal_trade", 0), games),
            "traders": {"players": traders.get("players", 0), "wins": traders.get("wins", 0),
                        "rate": _percent(traders.get("wins", 0), traders.get("players", 0))},
            "chart": {"series": {"seats": chart}},
        }


def _name(letter):
    """An element's name in the active language ("f" -> "fire", "feu"); "?" for no goal."""
    return element_label(letter) if letter and letter in LETTERS else "?"


def _percent(part, whole):
    return 100 * part / whole if whole else None


AQUARIUS = AquariusStatistics()
