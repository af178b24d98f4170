"""Aquarius rules engine (seed 004, First Edition deck): plain Python, no Django, no I/O (except `loading`).

Deck
    Deck.from_data(cards)                      a list of {"id", "kind", "panels", "action"} dicts, checked
    load_deck()                                the 55 official cards from cards/data/aquarius.json

Game
    new_game(deck, seed, players, chicken=False) -> GameState     players: names in seat order or a count
    legal_actions(state, seat) -> [action dicts]; can_move(state, seat) -> bool
    apply(state, action, seat=None) -> (new_state, events)        IllegalMove(code, message) if refused
    apply_in_place(state, action, seat=None) -> events            the same, mutating state (simulator)
    may_act(state, seat, action) -> bool                           see_goal: any seated player during play
    final_ranking(state) -> [(seat, rank)]                         best first once over; equal players tie
    check_options({"chicken": bool})                               OptionsError(code, field) if refused
    state.to_json() / GameState.from_json(data, deck)
    replay(initial_state, events) -> state
    view_for(state, seat) / visible_events(events, seat)          hidden information

Bots and simulation
    BOTS = {"random", "greedy", "strong"}; make_bot(kind, seed).choose(state, seat) -> action
    play_game(deck, seed, bots, chicken=False) -> (final state, actions); simulate(...) -> summary dict

Rules, choices and the platform contract: docs/rules-aquarius.md.
"""
from games.aquarius.engine.board import Board
from games.aquarius.engine.bots import BOTS, make_bot
from games.aquarius.engine.cards import ACTIONS, ELEMENTS, KINDS, Card, Deck, card_problems, check_card
from games.aquarius.engine.errors import (
    MESSAGES, AquariusError, DeckError, IllegalMove, OptionsError, ReplayError, SerialisationError,
)
from games.aquarius.engine.events import replay
from games.aquarius.engine.loading import load_deck, load_deck_data
from games.aquarius.engine.moves import can_move, legal_actions
from games.aquarius.engine.rules import WIN, apply, apply_in_place, final_ranking, may_act, winners
from games.aquarius.engine.setup import MAX_PLAYERS, MIN_PLAYERS, check_options, new_game
from games.aquarius.engine.simulate import play_game, simulate
from games.aquarius.engine.state import SEATS, GameState
from games.aquarius.engine.view import view_for, visible_events

__all__ = [
    "ACTIONS", "BOTS", "ELEMENTS", "KINDS", "MAX_PLAYERS", "MESSAGES", "MIN_PLAYERS", "SEATS", "WIN",
    "AquariusError", "Board", "Card", "Deck", "DeckError", "GameState", "IllegalMove", "OptionsError", "ReplayError",
    "SerialisationError", "apply", "apply_in_place", "can_move", "card_problems", "check_card", "check_options", "final_ranking",
    "legal_actions", "load_deck", "load_deck_data", "make_bot", "may_act", "new_game", "play_game", "replay",
    "simulate", "view_for", "visible_events", "winners",
]
