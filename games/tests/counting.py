"""A tiny game used to test the platform without Machi Koro: proof that the platform is game-agnostic.

Players take turns adding 1, 2 or 3 to a shared count; whoever brings it to the target wins. Each seat
also holds a secret number only it may see, to test per-seat views.
"""
import random

from django import forms

from config.registry import Game
from games.rulesets import Match, OptionsInvalid, Ruleset, RuleViolation, Standing


class CountingOptionsForm(forms.Form):
    target = forms.IntegerField(initial=10, min_value=3, max_value=100)


class CountingMatch(Match):
    def __init__(self, state):
        self.state = state

    def dump(self):
        return self.state

    def progress(self):
        s = self.state
        over = s["winner"] is not None
        return Standing(to_act=() if over else (s["active"],), turn=s["turn"], over=over,
                        winners=(s["winner"],) if over else ())

    def legal_actions(self, seat):
        s = self.state
        if s["winner"] is not None or seat != s["active"]:
            return []
        return [{"type": "add", "amount": n} for n in (1, 2, 3)]

    def apply(self, seat, action):
        s = self.state
        if s["winner"] is not None:
            raise RuleViolation("The game is over.", "game_over")
        if seat != s["active"]:
            raise RuleViolation("It is not your turn.", "not_your_turn")
        if not isinstance(action, dict) or action.get("type") != "add":
            raise RuleViolation("Unknown action.", "unknown_action")
        amount = action.get("amount")
        if amount not in (1, 2, 3) or isinstance(amount, bool):
            raise RuleViolation("Add 1, 2 or 3.", "illegal_action")
        new = dict(s, players=[dict(p) for p in s["players"]])
        new["count"] = s["count"] + amount
        events = [{"type": "added", "seat": seat, "amount": amount, "count": new["count"]}]
        if new["count"] >= s["target"]:
            new["winner"] = seat
            events.append({"type": "won", "seat": seat})
        else:
            new["active"] = (seat + 1) % len(s["players"])
            new["turn"] = s["turn"] + 1
        return CountingMatch(new), events

    def view(self, seat):
        s = self.state
        return {
            "count": s["count"], "target": s["target"], "active": s["active"], "winner": s["winner"],
            "players": [{"name": p["name"], "secret": p["secret"] if i == seat else None}
                        for i, p in enumerate(s["players"])],
        }

    def narrate(self, events):
        names = [p["name"] for p in self.state["players"]]
        lines = []
        for e in events:
            if e["type"] == "added":
                lines.append(f"{names[e['seat']]} adds {e['amount']}: the count is {e['count']}.")
            elif e["type"] == "won":
                lines.append(f"{names[e['seat']]} wins.")
        return lines

    def bot_action(self, seat, kind, seed):
        legal = self.legal_actions(seat)
        if kind == "greedy":
            gap = self.state["target"] - self.state["count"]
            return {"type": "add", "amount": min(3, max(1, gap))}
        return random.Random(seed).choice(legal)

    def final_table(self):
        s = self.state
        return [{"seat": i, "name": p["name"], "rank": 1 if i == s["winner"] else 2,
                 "score": s["count"] if i == s["winner"] else 0, "details": f"secret {p['secret']}"}
                for i, p in enumerate(s["players"])]


class CountingRuleset(Ruleset):
    slug = "counting"
    name = "Counting race"
    bot_kinds = ("random", "greedy")
    autopilot_bot = "greedy"
    same_view_for_all = False
    board_script = ""  # the generic board: the view as a table, actions as buttons
    options_form = CountingOptionsForm

    def clean_options(self, raw):
        target = raw.get("target", 10)
        if isinstance(target, bool) or not isinstance(target, int) or not 3 <= target <= 100:
            raise OptionsInvalid({"target": ["The target is a number from 3 to 100."]})
        return {"target": target}

    def player_limits(self, options):
        return 2, 6

    def describe_options(self, options):
        return [f"First to {options['target']}"]

    def freeze_rules(self, options):
        return {"kind": "counting", "steps": [1, 2, 3]}

    def start(self, rules, options, seed, names):
        rng = random.Random(seed)
        players = [{"name": name, "secret": rng.randrange(10)} for name in names]
        return CountingMatch({"count": 0, "target": options["target"], "active": 0, "turn": 1,
                              "winner": None, "players": players})

    def load(self, rules, state):
        return CountingMatch(state)


COUNTING = CountingRuleset()

# Declared as every game is (config/games.py); servers the tests start add it with GAMES_EXTRA.
GAME = Game(slug="counting", name="Counting", ruleset="games.tests.counting.COUNTING")
