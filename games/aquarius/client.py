"""An Aquarius player over the referee's JSON-RPC socket (seed 004), with a bot's policy.

It knows only what the RPC messages say: the table it rebuilds from the notifications (board, own hand and
goal, who sits where) plus the printed deck (card ids and panels, cards/data/aquarius.json), and uses the
engine's pure placement functions on that rebuilt board to find legal moves. It never reads the database.
"""
import random

from games.aquarius.engine import Board, load_deck
from games.aquarius.engine.cards import ELEMENTS
from games.aquarius.engine.moves import can_be_moved, move_destinations, placements

from games.clients.rpc import RpcConnection, RpcError, socket_address, suspended_meanwhile

POLICIES = ("random", "greedy")
DEFAULT_POLICY = "greedy"
WIN = 7


class UnknownCard(ValueError):
    """A card id the printed deck lacks: the game plays a variant deck this client cannot reason about."""


class TableView:
    """What one seat knows, rebuilt from notifications."""

    def __init__(self, deck):
        self.deck = deck
        self.reset()
        self.state = "setup"
        self.seat = None
        self.player = None  # this program's name in volity.player_sat, as receive_state tells it
        self.seats = {}  # seat id -> player name, once the seats are drawn
        self.chicken = False
        self.outcome = None
        self.in_burst = False

    def reset(self):
        self.board = Board()
        self.hand = []
        self.goal = None
        self.my_turn = False
        self.canmove = True
        self.hand_sizes = {}

    def apply(self, note):
        method, params = note["method"], note["params"]
        handler = getattr(self, "on_" + method.replace(".", "_"), None)
        if handler is not None:
            try:
                handler(*params)
            except KeyError as exc:
                raise UnknownCard(f"{exc.args[0]!r} is not a card of the printed deck: this game plays a "
                                  "variant deck the client does not know") from None

    def on_volity_receive_state(self, state):
        self.in_burst = True
        self.state = state["state"]
        self.seat = state["seat"]
        self.player = state.get("player")
        self.reset()

    def on_volity_state_sent(self):
        self.in_burst = False

    def on_volity_start_game(self):
        self.state = "active"
        self.seat = None
        self.seats = {}
        self.reset()

    def on_volity_player_sat(self, name, seat):
        if seat is not None:
            self.seats[seat] = name
            if name == self.player:  # the referee names this program's seat when the seat order is drawn
                self.seat = seat

    def on_volity_end_game(self):
        self.state = "finished"
        self.my_turn = False

    def on_volity_suspend_game(self, name):  # no move until volity.resume_game()
        if self.state == "active":
            self.state = "suspended"

    def on_volity_resume_game(self):
        if self.state == "suspended":
            self.state = "active"

    def on_game_is_chicken(self, sender, flag):
        self.chicken = flag

    def on_game_new_hand(self, cards):
        self.hand = list(cards)

    def on_game_new_goal(self, element):
        self.goal = element

    def on_game_knows_goal(self, seat, flag):
        if seat == self.seat and not flag:
            self.goal = None  # a trade or shuffle: the new goal is unseen

    def on_game_hand_size(self, seat, count):
        self.hand_sizes[seat] = count

    def on_game_place_card(self, card, x, y, upright):
        self.board.place(self.deck.by_id[card], 0 if upright else 1, (x, y))

    def on_game_remove_card(self, card, x, y):
        self.board.remove(self.deck.by_id[card])

    def on_game_your_turn(self, card, canmove):
        if card and card not in self.hand:
            self.hand.append(card)
        self.my_turn = True
        self.canmove = canmove

    def on_game_other_turn(self, seat):
        self.my_turn = False

    def on_game_outcome(self, winners, *goals):
        self.outcome = {"winners": winners, "goals": list(goals)}
        self.my_turn = False

    def played(self, card):
        if card in self.hand:
            self.hand.remove(card)
        self.my_turn = False

    def my_seat(self):
        """The seat a state burst named, or after the deal the one seat whose hand size was not announced
        (the referee never tells a seat its own)."""
        if self.seat is None:
            unannounced = [s for s in self.seats if s not in self.hand_sizes]
            if len(unannounced) == 1:
                self.seat = unannounced[0]
        return self.seat

    def others(self):
        mine = self.my_seat()
        return sorted(s for s in self.seats if s != mine)


def _element_plays(view, card):
    return [("game.play_card", [card.id, x, y, o == 0]) for x, y, o in placements(view.board, card)]


def _action_plays(view, card, rng):
    board = view.board
    if card.action == "shuffle_goals":
        return [("game.play_shuffle_goals", [card.id])]
    if card.action in ("trade_goals", "trade_hands"):
        others = view.others()
        rng.shuffle(others)
        return [(f"game.play_{card.action}", [card.id, seat]) for seat in others]
    if len(board) < 2:
        return []
    targets = sorted((c for c, _ in board.cells.values()), key=lambda c: c.index)
    rng.shuffle(targets)
    if card.action == "zap_card":
        return [("game.play_zap_card", [card.id, t.id]) for t in targets[:5]]
    plays = []
    for target in targets:
        if can_be_moved(board, target):
            spots = move_destinations(board, target)
            x, y, o = spots[int(rng.random() * len(spots))]
            plays.append(("game.play_move_card", [card.id, target.id, x, y, o == 0]))
    return plays[:5]


class RandomPolicy:
    """A random card from the hand, then a random legal use of it."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def look_at_goal(self, view):
        return False

    def candidates(self, view):
        hand = list(view.hand)
        self.rng.shuffle(hand)
        plays = []
        for card_id in hand:
            card = view.deck.by_id[card_id]
            found = _element_plays(view, card) if card.action is None else _action_plays(view, card, self.rng)
            self.rng.shuffle(found)
            plays += found[:3]
        return plays


class GreedyPolicy(RandomPolicy):
    """Knows its goal (looks at it in Aqua-Chicken) and plays where its goal's group grows most; an action
    card only when no element card fits."""

    def look_at_goal(self, view):
        return view.goal is None

    def candidates(self, view):
        goal = ELEMENTS.index(view.goal) if view.goal else None
        scored, actions = [], []
        for card_id in view.hand:
            card = view.deck.by_id[card_id]
            if card.action is not None:
                actions += _action_plays(view, card, self.rng)
                continue
            for method, params in _element_plays(view, card):
                x, y, upright = params[1], params[2], params[3]
                size = view.board.group_after(card, 0 if upright else 1, (x, y), goal) if goal is not None else 0
                scored.append((size, self.rng.random(), method, params))
        scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
        return [(m, p) for _, _, m, p in scored] + actions


def make_policy(kind, seed=None):
    if kind == "random":
        return RandomPolicy(seed)
    if kind == "greedy":
        return GreedyPolicy(seed)
    raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(POLICIES)}")


MAX_TRIES = 12


async def take_turn(connection, view, policy):
    """One turn: look at the goal if the policy wants to, then the first candidate the referee accepts."""
    if policy.look_at_goal(view) and view.state == "active":
        await connection.call("game.see_goal")
        while view.goal is None:  # new_goal follows the reply
            view.apply(await connection.notification())
    if view.canmove:
        for method, params in policy.candidates(view)[:MAX_TRIES]:
            try:
                await connection.call(method, *params)
            except RpcError as error:
                if error.code == 606:
                    continue  # the rebuilt view was wrong about this one: try the next
                raise
            view.played(params[0])
            return method, params
    await connection.call("game.pass")
    view.my_turn = False
    return "game.pass", []


async def play_seat(game_url, token=None, bot="greedy", seed=None, ready=True, cookie=None, on_frame=None,
                    timeout=600):
    """Play one seat until the game ends; return the outcome {"winners", "goals", "seat"}."""
    url, origin = socket_address(game_url, token)
    async with RpcConnection(url, origin, cookie=cookie, on_frame=on_frame, timeout=timeout) as connection:
        return await play(connection, make_policy(bot, seed), ready)


async def play(connection, policy, ready=True, send_state=True):
    """Play over an open `connection` (anything with `call` and `notification`) until the game ends. Without
    `send_state`, the caller has already asked for the state burst (games/clients/play.py)."""
    view = TableView(load_deck())
    if send_state:
        await connection.call("volity.send_state")
    want_ready = False
    while True:
        if want_ready:
            want_ready = not await _get_ready(connection)
        try:
            note = await connection.notification(timeout=READY_RETRY if want_ready else None)
        except TimeoutError:
            continue  # still too few players: ask again
        view.apply(note)
        method = note["method"]
        if view.state == "setup" and ready and not view.in_burst and method in (
                "volity.state_sent", "game.is_chicken", "volity.player_sat"):
            # at first, after a config change (everyone is unready then), and when someone sits down
            want_ready = True
        elif method == "volity.start_game":
            want_ready = False
        elif method == "volity.suspend_game" and ready:  # a player suspended the game: ready to resume it
            want_ready = True
        if method == "volity.end_game" or (method == "volity.state_sent" and view.state == "finished"):
            return {**(view.outcome or {}), "seat": view.my_seat()}
        if view.my_turn and not view.in_burst and view.state == "active":
            try:
                await take_turn(connection, view, policy)
            except RpcError as error:
                if not suspended_meanwhile(error):  # else the turn is taken after volity.resume_game()
                    raise


READY_RETRY = 2.0  # seconds between volity.ready() calls while too few seats are filled


async def _get_ready(connection):
    """True once ready; False while the referee says too few seats are filled."""
    try:
        await connection.call("volity.ready")
    except RpcError as error:
        if error.code == 606:
            return False
        if error.code != 609:  # 609: the game has started meanwhile
            raise
    return True


def summary(outcome):
    winners = ", ".join(outcome.get("winners") or []) or "nobody"
    return f"Game over: {winners} won; you were {outcome.get('seat')}; goals {' '.join(outcome.get('goals') or [])}."
