"""Aquarius rules engine (seed 004, First Edition deck): plain Python, no Django, no I/O (except `loading`).

Deck
    Deck.from_data(cards)                      a list of {"id", "kind", "panels", "action"} dicts, checked
    load_deck()                                the 55 official cards from cards/data/aquarius.json

Game
    new_game(deck, seed, players, chicken=False) -> GameState     players: names in seat order or a count
    legal_actions(state, seat) -> [action dicts]; can_move(state, seat) -> bool
    apply(state, seat, action) -> (new_state, events)             IllegalMove(code, message) if refused
    apply_in_place(state, seat, action) -> events                 the same, mutating state (simulator)
    state.to_json() / GameState.from_json(data, deck)
    replay(initial_state, events) -> state
    view_for(state, seat) / visible_events(events, seat)          hidden information

Bots and simulation
    BOTS = {"random", "greedy", "strong"}; make_bot(kind, seed).choose(state, seat) -> action
    play_game(deck, seed, bots, chicken=False) -> (final state, actions); simulate(...) -> summary dict

Rules, choices and the platform contract: docs/rules-aquarius.md.
"""
from games.aquarius.board import Board
from games.aquarius.bots import BOTS, make_bot
from games.aquarius.cards import ACTIONS, ELEMENTS, KINDS, Card, Deck, check_card
from games.aquarius.errors import MESSAGES, AquariusError, DeckError, IllegalMove, ReplayError, SerialisationError
from games.aquarius.events import replay
from games.aquarius.loading import load_deck, load_deck_data
from games.aquarius.moves import can_move, legal_actions
from games.aquarius.rules import WIN, apply, apply_in_place, winners
from games.aquarius.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from games.aquarius.simulate import play_game, simulate
from games.aquarius.state import SEATS, GameState
from games.aquarius.view import view_for, visible_events

__all__ = [
    "ACTIONS", "BOTS", "ELEMENTS", "KINDS", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS", "SEATS", "WIN",
    "AquariusError", "Board", "Card", "Deck", "DeckError", "GameState", "IllegalMove", "ReplayError",
    "SerialisationError", "apply", "apply_in_place", "can_move", "check_card", "legal_actions", "load_deck",
    "load_deck_data", "make_bot", "new_game", "play_game", "replay", "simulate", "view_for", "visible_events", "winners",
]
