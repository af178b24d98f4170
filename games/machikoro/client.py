"""A Machi Koro player over the referee's JSON-RPC socket (docs/machikoro-rpc.md), with a simple policy.

It knows only what the RPC messages say: the cards in play (`game.cards`), every seat's holdings, the market and
the turn, rebuilt from the notifications, and the calls `game.your_move` offers. It never reads the database.
"""
import random

from games.clients.rpc import RpcError, get_ready, suspended_meanwhile

POLICIES = ("random", "greedy")
DEFAULT_POLICY = "greedy"


class TableView:
    """What every seat knows, rebuilt from notifications (Machi Koro is open information)."""

    def __init__(self):
        self.state = "setup"
        self.seat = None
        self.seats = {}
        self.establishments = {}
        self.landmarks = {}
        self.outcome = None
        self.in_burst = False
        self.reset()

    def reset(self):
        self.holdings = {}
        self.market = {}
        self.deck = 0
        self.active = None
        self.turn = 0
        self.dice = []
        self.total = 0
        self.ask = None
        self.options = None  # the calls game.your_move offered, until one is made

    def apply(self, note):
        handler = getattr(self, "on_" + note["method"].replace(".", "_"), None)
        if handler is not None:
            handler(*note["params"])

    def snapshot(self):
        """The table as comparable data: what a state burst and the notifications before it must agree on."""
        return {"holdings": {seat: {**h, "landmarks": sorted(h["landmarks"])} for seat, h in self.holdings.items()},
                "market": self.market, "deck": self.deck, "active": self.active, "turn": self.turn,
                "dice": self.dice, "total": self.total}

    # ---- Volity --------------------------------------------------------------------------------------

    def on_volity_receive_state(self, state):
        self.in_burst = True
        self.state = state["state"]
        self.seat = state["seat"]
        self.reset()

    def on_volity_state_sent(self):
        self.in_burst = False

    def on_volity_start_game(self):
        self.state = "active"
        self.seats = {}
        self.reset()

    def on_volity_player_sat(self, name, seat):
        if seat is not None:
            self.seats[seat] = name

    def on_volity_suspend_game(self, name):  # no move until volity.resume_game()
        if self.state == "active":
            self.state = "suspended"

    def on_volity_resume_game(self):
        if self.state == "suspended":
            self.state = "active"

    def on_volity_end_game(self):
        self.state = "finished"
        self.options = None

    # ---- the table -----------------------------------------------------------------------------------

    def on_game_cards(self, establishments, landmarks):
        self.establishments = {c["slug"]: c for c in establishments}
        self.landmarks = {c["slug"]: c for c in landmarks}

    def on_game_holdings(self, seat, holdings):
        self.holdings[seat] = {"coins": holdings["coins"], "cards": dict(holdings["cards"]),
                               "closed": dict(holdings["closed"]), "landmarks": list(holdings["landmarks"]),
                               "invested": dict(holdings["invested"])}

    def on_game_market(self, stacks, deck):
        self.market = dict(stacks)
        self.deck = deck

    def on_game_turn_state(self, seat, turn, dice, total):
        self.active, self.turn, self.dice, self.total = seat, turn, list(dice), total

    def on_game_turn_started(self, seat, turn, extra):
        self.active, self.turn, self.dice, self.total = seat, turn, [], 0

    def on_game_dice_rolled(self, seat, dice, purpose):
        if purpose != "shared":
            self.dice, self.total = list(dice), sum(dice)

    def on_game_roll_adjusted(self, seat, landmark, amount):
        self.total += amount

    def on_game_payment(self, payer, payee, amount, owed, card):
        if payer in self.holdings:
            self.holdings[payer]["coins"] -= amount
        if payee in self.holdings:
            self.holdings[payee]["coins"] += amount

    def on_game_bought(self, seat, card, cost):
        self.holdings[seat]["coins"] -= cost
        _add(self.holdings[seat]["cards"], card, 1)
        _add(self.market, card, -1)

    def on_game_built(self, seat, landmark, cost):
        self.holdings[seat]["coins"] -= cost
        self.holdings[seat]["landmarks"].append(landmark)

    def on_game_demolished(self, seat, landmark, card):
        self.holdings[seat]["landmarks"].remove(landmark)

    def on_game_cards_closed(self, seat, card, count):
        _add(self.holdings[seat]["closed"], card, count)

    def on_game_cards_reopened(self, seat, card, count):
        _add(self.holdings[seat]["closed"], card, -count)

    def on_game_card_given(self, giver, receiver, card, closed):
        _add(self.holdings[giver]["cards"], card, -1)
        _add(self.holdings[receiver]["cards"], card, 1)
        if closed:
            _add(self.holdings[giver]["closed"], card, -1)
            _add(self.holdings[receiver]["closed"], card, 1)

    def on_game_card_returned(self, seat, card, to_deck):
        _add(self.holdings[seat]["cards"], card, -1)
        if to_deck:
            self.deck += 1
        else:
            _add(self.market, card, 1)

    def on_game_market_drawn(self, card):
        self.deck -= 1
        _add(self.market, card, 1)

    def on_game_market_removed(self, card, count):
        _add(self.market, card, -count)

    def on_game_invested(self, seat, card, amount):
        self.holdings[seat]["coins"] -= amount
        _add(self.holdings[seat]["invested"], card, amount)

    def on_game_redistributed(self, seat, card, before, share, topup):
        for holdings in self.holdings.values():
            holdings["coins"] = share

    def on_game_your_move(self, ask, calls):
        self.ask, self.options = ask, [list(c) for c in calls]

    def on_game_other_move(self, seat, ask):
        self.ask, self.options = ask, None

    def on_game_outcome(self, winners, reason):
        self.outcome = {"winners": list(winners), "reason": reason}
        self.options = None

    # ---- questions a policy asks ---------------------------------------------------------------------

    def mine(self):
        return self.holdings.get(self.active, {"coins": 0, "cards": {}, "landmarks": []})

    def activates(self, total, seat=None):
        """How many of `seat`'s (the active seat's) establishments of its own colours activate on `total`."""
        cards = self.holdings.get(seat or self.active, {}).get("cards", {})
        count = 0
        for slug, copies in cards.items():
            card = self.establishments.get(slug)
            if card and card["activation"][0] <= total <= card["activation"][1] and card["colour"] != "red":
                count += copies
        return count


def _add(counts, key, n):
    counts[key] = counts.get(key, 0) + n
    if counts[key] <= 0:
        del counts[key]


class RandomPolicy:
    """Any call game.your_move offers."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view):
        return self.rng.choice(view.options)


class GreedyPolicy(RandomPolicy):
    """Simple and legal: two dice once it owns cards for them; keep a roll that pays, else roll again; build the
    cheapest landmark it can, else buy the dearest establishment it can; take from the richest; never invest."""

    def choose(self, view):
        options = view.options
        kinds = {c[0] for c in options}
        phase = (view.ask or {}).get("phase")
        if phase == "roll":
            big = any(view.establishments.get(s, {}).get("activation", [0])[0] >= 7 for s in view.mine()["cards"])
            return max(options, key=lambda c: c[1]) if big else min(options, key=lambda c: c[1])
        if phase == "reroll":
            if view.activates(view.total) or "game.reroll" not in kinds:
                return ["game.keep_roll"]
            return next(c for c in options if c[0] == "game.reroll" and c[1] == len(view.dice))
        if phase == "adjust":
            return ["game.adjust_roll", True]
        if phase == "invest":
            return min(options, key=lambda c: c[1])
        if phase == "build":
            return self._build(view, options)
        return self._choose(view, options)

    def _build(self, view, options):
        builds = [c for c in options if c[0] == "game.build"]
        if builds:
            return min(builds, key=lambda c: (view.landmarks.get(c[1], {}).get("cost", 99), c[1]))
        buys = [c for c in options if c[0] == "game.buy"]
        if buys:
            dearest = max(view.establishments.get(c[1], {}).get("cost", 0) for c in buys)
            return self.rng.choice([c for c in buys if view.establishments.get(c[1], {}).get("cost", 0) == dearest])
        return ["game.pass"]

    def _choose(self, view, options):
        def coins(seat):
            return view.holdings.get(seat, {}).get("coins", 0)

        def cost(slug):
            return view.establishments.get(slug, {}).get("cost", 0)

        taking = [c for c in options if c[0] == "game.choose_opponent"]
        if taking:
            return max(taking, key=lambda c: (coins(c[1]), c[1]))
        trades = [c for c in options if c[0] == "game.trade"]
        if trades:
            return max(trades, key=lambda c: (cost(c[3]) - cost(c[1]), c[1:]))
        useful = [c for c in options if c[0] != "game.decline"]
        return self.rng.choice(useful or options)


def make_policy(kind, seed=None):
    if kind == "random":
        return RandomPolicy(seed)
    if kind == "greedy":
        return GreedyPolicy(seed)
    raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(POLICIES)}")


async def take_move(connection, view, policy):
    """One decision: the policy's pick among the offered calls (always one the referee listed)."""
    call = policy.choose(view)
    offered, view.options = view.options, None  # the next game.your_move says what follows
    try:
        await connection.call(*call)
    except RpcError as error:
        if suspended_meanwhile(error):  # the same choice stands once volity.resume_game() comes
            view.options = offered
            return None
        if error.code != 609:  # 609: the position moved on meanwhile (a turn timer); the next prompt tells
            raise
    return call


async def play(connection, policy, ready=True, send_state=True):
    """Play over an open `connection` (anything with `call` and `notification`) until the game ends; return
    {"winners", "reason", "seat"}. Without `send_state`, the caller has already asked for the state burst."""
    view = TableView()
    if send_state:
        await connection.call("volity.send_state")
    want_ready = False
    awaiting_burst = True  # act only on a view rebuilt from a burst
    while True:
        if want_ready:
            want_ready = not await get_ready(connection)
        try:
            note = await connection.notification(timeout=READY_RETRY if want_ready else None)
        except TimeoutError:
            continue
        view.apply(note)
        method = note["method"]
        if method == "volity.state_sent":
            awaiting_burst = False
        if view.state == "setup" and ready and not view.in_burst and method in (
                "volity.state_sent", "game.extensions", "game.market_stacks", "game.neighbours_only",
                "volity.player_sat"):
            want_ready = True
        elif method == "volity.start_game":
            want_ready = False
            if view.seat is None:  # the burst's volity.receive_state names this program's seat
                awaiting_burst = True
                await connection.call("volity.send_state")
        if method == "volity.end_game" or (method == "volity.state_sent" and view.state == "finished"):
            return {**(view.outcome or {}), "seat": view.seat}
        if method == "volity.suspend_game" and ready:  # a player suspended the game: ready to resume it
            want_ready = True
        if view.options and not view.in_burst and not awaiting_burst and view.state == "active":
            await take_move(connection, view, policy)


READY_RETRY = 2.0


def summary(outcome):
    winners = ", ".join(outcome.get("winners") or []) or "nobody"
    return f"Game over: {winners} won ({outcome.get('reason')}); you were {outcome.get('seat')}."
