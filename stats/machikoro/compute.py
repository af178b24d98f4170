"""Machi Koro's statistics from a game's event log: a pure fold (no database, no I/O).

`compute_statistics(events, starting_coins, ...)` reads the events exactly as the engine serialises them
(`Event.to_json()`: seats are 0-based ints, `None` is the bank, cards are slugs) and returns a JSON-ready
dict. The same events always give the same dict (keys are strings, order is fixed), so a stored result
can be compared with a recomputed one.

Coins are followed forward from the starting coins: a log that would make a player's coins negative, or a
Park redistribution whose "before" coins differ from the fold's, is rejected with `EventLogError`, so
wrong inputs never produce plausible-looking numbers.
"""

from stats.kinds import EventLogError
from stats.machikoro.dice import DiceCounter

STATISTICS_VERSION = 1

# Events that change no coins and nothing the statistics show; listed so that unknown types are caught.
_IGNORED_EVENTS = frozenset({
    "cards_closed", "cards_reopened", "card_given", "card_returned", "market_drawn",
    "market_removed", "activated",
})
NO_CARD = ""   # income_by_card key for a transfer that names no card


def compute_statistics(events, starting_coins, names=None, first_player=None):
    """Fold `events` (a list of event dicts, in order) into the statistics of one game.

    starting_coins: coins of each seat before the first event (its length is the number of seats).
    names: the players' names by seat (default "Player 1", ...).
    first_player: the seat that plays turn 1; by default the player of the first dice roll.
    """
    fold = _Fold(starting_coins, names, first_player, events)
    for position, event in enumerate(events):
        try:
            fold.apply(event)
        except EventLogError as exc:
            raise EventLogError(f"event #{position} {_short(event)}: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise EventLogError(f"event #{position} {_short(event)} is malformed: {exc!r}") from None
    return fold.result()


def _short(event):
    text = repr(event)
    return text if len(text) <= 120 else text[:117] + "..."


def _seat(value, seats, what):
    if type(value) is not int or not 0 <= value < seats:
        raise EventLogError(f"{what} must be a seat from 0 to {seats - 1}, got {value!r}")
    return value


def _payer(value, seats, what):
    return None if value is None else _seat(value, seats, what)


def _coins(value, what):
    if type(value) is not int or value < 0:
        raise EventLogError(f"{what} must be a non-negative integer, got {value!r}")
    return value


def _add(counter, key, amount):
    counter[key] = counter.get(key, 0) + amount


class _Fold:
    """The running totals while the events are read, then `result()`."""

    def __init__(self, starting_coins, names, first_player, events):
        if not isinstance(starting_coins, (list, tuple)) or not starting_coins:
            raise EventLogError("starting_coins must list the coins of each seat")
        seats = len(starting_coins)
        self.seats = seats
        self.starting = [_coins(c, "starting coins") for c in starting_coins]
        if names is None:
            names = [f"Player {seat + 1}" for seat in range(seats)]
        if len(names) != seats:
            raise EventLogError(f"{len(names)} names for {seats} seats")
        self.names = [str(n) for n in names]
        if first_player is None:
            first_player = _first_roller(events)
        self.first_player = None if first_player is None else _seat(first_player, seats, "first_player")

        self.coins = list(self.starting)
        self.gained_total = [0] * seats
        self.paid_total = [0] * seats
        self.spent_total = [0] * seats
        self.invested_total = [0] * seats
        self.forgiven = [0] * seats          # owed by this seat but not paid (he was short)
        self.missed = [0] * seats            # owed to this seat but not received
        self.turns_played = [0] * seats
        self.flows = [[0] * seats for _ in range(seats)]   # flows[payer][payee], player to player
        self.income_by_card = [{} for _ in range(seats)]
        self.losses_by_card = [{} for _ in range(seats)]
        self.bought = [{} for _ in range(seats)]
        self.landmarks = []
        self.dice = DiceCounter(seats)
        self.turns = []
        self.turn = None
        self.winner = None
        self.end_reason = None
        self.over = False

    # ---- turns ----------------------------------------------------------------------------------------------

    def _open_turn(self, number, player, extra):
        seats = self.seats
        self.turn = {
            "turn": number, "player": player, "extra": extra, "dice": [], "total": 0, "rolls": 0,
            "gained": [0] * seats, "paid": [0] * seats, "spent": [0] * seats,
            "bought": [], "landmarks": [],
        }
        self.turns_played[player] += 1

    def _close_turn(self):
        turn = self.turn
        if turn is None:
            return
        turn["net"] = [g - p - s for g, p, s in zip(turn["gained"], turn["paid"], turn["spent"])]
        turn["coins"] = list(self.coins)
        self.turns.append(turn)
        self.turn = None

    def _current(self):
        if self.over:
            raise EventLogError("an event follows game_over")
        if self.turn is None:
            if self.turns:
                raise EventLogError("an event outside a turn")
            if self.first_player is None:
                raise EventLogError("the first player is unknown (no dice roll names him)")
            self._open_turn(1, self.first_player, False)
        return self.turn

    # ---- coins ----------------------------------------------------------------------------------------------

    def _gain(self, turn, seat, amount):
        self.coins[seat] += amount
        self.gained_total[seat] += amount
        turn["gained"][seat] += amount

    def _lose(self, turn, seat, amount, column):
        coins = self.coins[seat] - amount
        if coins < 0:
            raise EventLogError(f"seat {seat} would hold {coins} coins (the starting coins or the log are wrong)")
        self.coins[seat] = coins
        turn[column][seat] += amount
        if column == "paid":
            self.paid_total[seat] += amount
        else:
            self.spent_total[seat] += amount

    # ---- events ---------------------------------------------------------------------------------------------

    def apply(self, event):
        kind = event["type"]
        seats = self.seats
        if kind == "transfer":
            turn = self._current()
            payer = _payer(event["payer"], seats, "payer")
            payee = _payer(event["payee"], seats, "payee")
            amount = _coins(event["amount"], "amount")
            owed = _coins(event["owed"], "owed")
            if amount > owed:
                raise EventLogError(f"amount {amount} is more than owed {owed}")
            card = event["card"] or NO_CARD
            if payer is not None:
                self._lose(turn, payer, amount, "paid")
                _add(self.losses_by_card[payer], card, amount)
                self.forgiven[payer] += owed - amount
            if payee is not None:
                self._gain(turn, payee, amount)
                _add(self.income_by_card[payee], card, amount)
                self.missed[payee] += owed - amount
            if payer is not None and payee is not None:
                self.flows[payer][payee] += amount
        elif kind == "dice_rolled":
            turn = self._current()
            player = _seat(event["player"], seats, "player")
            dice = event["dice"]
            self.dice.add(player, dice, event["purpose"])
            if event["purpose"] != "shared":
                turn["dice"] = list(dice)
                turn["total"] = sum(dice)
                turn["rolls"] += 1
        elif kind == "turn_started":
            self._current()
            self._close_turn()
            number = event["turn"]
            if type(number) is not int or number < 1:
                raise EventLogError(f"turn must be a positive integer, got {number!r}")
            self._open_turn(number, _seat(event["player"], seats, "player"), bool(event["extra"]))
        elif kind == "bought":
            turn = self._current()
            player = _seat(event["player"], seats, "player")
            cost = _coins(event["cost"], "cost")
            self._lose(turn, player, cost, "spent")
            _add(self.bought[player], event["card"], 1)
            turn["bought"].append({"player": player, "card": event["card"], "cost": cost})
        elif kind == "landmark_built":
            turn = self._current()
            player = _seat(event["player"], seats, "player")
            cost = _coins(event["cost"], "cost")
            self._lose(turn, player, cost, "spent")
            self._landmark(turn, player, event["landmark"], "built", None, cost)
        elif kind == "landmark_demolished":
            turn = self._current()
            player = _seat(event["player"], seats, "player")
            self._landmark(turn, player, event["landmark"], "lost", event["card"], 0)
        elif kind == "roll_adjusted":
            turn = self._current()
            amount = event["amount"]
            if type(amount) is not int:
                raise EventLogError(f"amount must be an integer, got {amount!r}")
            turn["total"] += amount
        elif kind == "invested":
            turn = self._current()
            player = _seat(event["player"], seats, "player")
            amount = _coins(event["amount"], "amount")
            self._lose(turn, player, amount, "spent")
            self.invested_total[player] += amount
        elif kind == "redistributed":
            self._redistribute(self._current(), event)
        elif kind == "game_over":
            self._current()
            winner = event["winner"]
            self.winner = None if winner is None else _seat(winner, seats, "winner")
            self.end_reason = str(event["reason"])
            self._close_turn()
            self.over = True
        elif kind in _IGNORED_EVENTS:
            self._current()
        else:
            raise EventLogError(f"unknown event type {kind!r}")

    def _landmark(self, turn, player, landmark, change, card, cost):
        record = {"turn": turn["turn"], "player": player, "landmark": landmark, "change": change, "by": card,
                  "cost": cost}
        turn["landmarks"].append({"player": player, "landmark": landmark, "change": change, "by": card})
        self.landmarks.append(record)

    def _redistribute(self, turn, event):
        """Park: every player now holds `share` coins; the differences are gains and payments."""
        before = event["before"]
        share = _coins(event["share"], "share")
        if not isinstance(before, list) or len(before) != self.seats:
            raise EventLogError("before must list the coins of every seat")
        if list(before) != self.coins:
            raise EventLogError(f"before {before} differs from the coins followed so far {self.coins}")
        card = event["card"] or NO_CARD
        for seat in range(self.seats):
            delta = share - self.coins[seat]
            if delta > 0:
                self._gain(turn, seat, delta)
                _add(self.income_by_card[seat], card, delta)
            elif delta < 0:
                self._lose(turn, seat, -delta, "paid")
                _add(self.losses_by_card[seat], card, -delta)

    # ---- result ---------------------------------------------------------------------------------------------

    def result(self):
        if self.turn is not None:
            self._close_turn()
        seats = self.seats
        turns = self.turns
        players = []
        for seat in range(seats):
            nets = [(t["net"][seat], t["turn"]) for t in turns]
            best = max(nets, key=lambda pair: (pair[0], -pair[1]), default=(0, None))
            worst = min(nets, key=lambda pair: (pair[0], pair[1]), default=(0, None))
            built = sum(1 for record in self.landmarks if record["player"] == seat and record["change"] == "built")
            lost = sum(1 for record in self.landmarks if record["player"] == seat and record["change"] == "lost")
            players.append({
                "seat": seat,
                "name": self.names[seat],
                "order": _order(seat, self.first_player, seats),
                "starting_coins": self.starting[seat],
                "final_coins": self.coins[seat],
                "gained": self.gained_total[seat],
                "paid": self.paid_total[seat],
                "spent": self.spent_total[seat],
                "invested": self.invested_total[seat],
                "forgiven": self.forgiven[seat],
                "missed": self.missed[seat],
                "turns": self.turns_played[seat],
                "landmarks_built": built,
                "landmarks_lost": lost,
                "best_turn": {"turn": best[1], "net": best[0]},
                "worst_turn": {"turn": worst[1], "net": worst[0]},
                "bought": dict(sorted(self.bought[seat].items())),
                "winner": self.winner == seat,
            })
        return {
            "version": STATISTICS_VERSION,
            "seats": seats,
            "first_player": self.first_player,
            "finished": self.over,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "turn_count": len(turns),
            "players": players,
            "turns": turns,
            "landmarks": self.landmarks,
            "income_by_card": [_sorted_by_amount(c) for c in self.income_by_card],
            "losses_by_card": [_sorted_by_amount(c) for c in self.losses_by_card],
            "flows": self.flows,
            "dice": self.dice.result(),
        }


def _order(seat, first_player, seats):
    """1 for the first player, 2 for the next clockwise, ... (None when nobody played)."""
    return None if first_player is None else (seat - first_player) % seats + 1


def _sorted_by_amount(counter):
    return dict(sorted(counter.items(), key=lambda item: (-item[1], item[0])))


def _first_roller(events):
    for event in events:
        if isinstance(event, dict) and event.get("type") == "dice_rolled":
            return event.get("player")
        if isinstance(event, dict) and event.get("type") == "turn_started":
            return None
    return None
