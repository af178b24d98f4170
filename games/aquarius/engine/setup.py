"""A new game: goals dealt to all five seats, hands of three, the start card at (0, 0), the first draw."""
from games.common import rng as _rng

from games.aquarius.engine.board import Board
from games.aquarius.engine.errors import DeckError, IllegalMove, OptionsError
from games.aquarius.engine.events import emit, goal_letter, measures_event
from games.aquarius.engine.moves import can_move
from games.aquarius.engine.state import SEATS, GameState

HAND = 3
MIN_PLAYERS, MAX_PLAYERS = 2, SEATS


def check_options(options):
    """OptionsError for options (a dict: "chicken") the rules refuse."""
    if not isinstance(options.get("chicken", False), bool):
        raise OptionsError("Aqua-Chicken is on or off.", code="chicken_on_or_off", field="chicken")


def new_game(deck, seed, players, chicken=False):
    """The initial state for `players` (names in seat order, or a count) under `seed`.

    Its `opening` holds the dealing events (every seat's hand and goal, the start card, the measures and
    the first turn); the state already reflects them.
    """
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
    if len(names) < MIN_PLAYERS:
        raise IllegalMove("game.two_seats_needed")
    if len(names) > MAX_PLAYERS:
        raise IllegalMove("unknown_action", f"at most {MAX_PLAYERS} players")
    if len(deck) < HAND * len(names) + 1:
        raise DeckError(f"a deck of {len(deck)} cards is too small for {len(names)} players")
    state = GameState.__new__(GameState)
    state.deck = deck
    state.chicken = bool(chicken)
    state.names = names
    state.players = n = len(names)
    rng = _rng.seed_state(seed)
    goals = list(range(SEATS))
    rng = _rng.shuffle(rng, goals)
    draw = list(range(len(deck)))
    rng = _rng.shuffle(rng, draw)
    state.goals = goals
    state.hands = [[draw.pop() for _ in range(HAND)] for _ in range(n)]
    cards = deck.cards
    # The start card: an action card turned up goes back into the pile at a random place below the top.
    if all(cards[i].action is not None for i in draw):
        raise DeckError("no element card is left in the draw pile for the start card")
    while cards[draw[-1]].action is not None:
        rng, at = _rng.below(rng, len(draw) - 1)
        draw.insert(at, draw.pop())
    start = draw.pop()
    state.draw = draw
    state.knows = [not state.chicken] * n
    state.first_look = [None] * n
    state.looks = 0
    state.discard = []
    state.board = Board()
    state.to_act = None
    state.drawn = None
    state.turn = 0
    state.over = False
    state.winners = ()
    state.chicken_last = None
    state.rng = rng
    state.growth = [[0] * 5 for _ in range(n)]
    state.opening = None

    events = []
    for seat in range(n):
        emit(state, events, {"type": "new_hand", "seat": seat, "cards": [cards[i].id for i in state.hands[seat]]})
    for seat in range(n):
        emit(state, events, {"type": "hand_size", "seat": seat, "count": HAND})
    for seat in range(n):
        if state.chicken:
            emit(state, events, {"type": "knows_goal", "seat": seat, "flag": False})
        else:
            emit(state, events, {"type": "new_goal", "seat": seat, "element": goal_letter(state, seat)})
    emit(state, events, {"type": "place_card", "seat": None, "card": cards[start].id, "x": 0, "y": 0,
                         "upright": True})
    emit(state, events, measures_event(state))
    start_turn(state, events, 0)
    state.opening = events
    return state


def start_turn(state, events, seat):
    """`seat` draws (if the pile is not empty) and is told whether it can move."""
    card = state.deck.cards[state.draw[-1]].id if state.draw else ""
    event = emit(state, events, {"type": "turn", "seat": seat, "card": card, "canmove": False})
    event["canmove"] = can_move(state, seat)
