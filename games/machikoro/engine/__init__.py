"""Machi Koro rules engine: plain Python, no Django, no I/O (except `loading`, which reads the card file).

Card set
    CardSet.from_data(data, extensions=None)   cards in the cards/data/machikoro.json format, effects parsed
                                               and compiled once; CardSetError for anything unplayable
    card_set.restrict(extensions)              the same cards for a subset of extensions (no re-parse)
    check_card(data, kind, card)               CardSetError naming the card unless the engine can play it
    card_problems(card, kind, cards)           the same as a list (the engine protocol's card check)
    load_card_set(extensions=None)             the official cards from cards/data/machikoro.json
    game_set(card_set, options, players)       supply, starting cards, landmarks, required landmarks

Game
    GameOptions(extensions=("base",), market="all"|10..15, neighbours_only=False, starting_coins=3,
                starting_cards=("wheat-field", "bakery"), max_turns=None)
    new_game(card_set, options, seed, players) -> GameState     players: a count or names in seat order
    legal_actions(state) -> list[Action]                        for the seat state.to_act
    apply(state, action, seat=None) -> (new_state, events)      state untouched; IllegalActionError
    apply_in_place(state, action, seat=None) -> events          same, mutating state (simulator)
    may_act(state, seat, action) -> bool                        only the seat to act, while the game runs
    final_ranking(state) -> [(seat, rank)]                      best first once over (games/common/protocol.py)
    check_options(options)                                      OptionsError(code, field) for options the
                                                                boxes' rules refuse (neighbours-only: 5-6 box)
    state.to_json() / GameState.from_json(data, card_set)
    Action.to_json() / Action.from_json(data)
    event.to_json() / Event.from_json(data, card_set)
    replay(initial_state, events) -> state                      rebuild a game from its events
    view_for(state, seat) -> dict                               what one seat may see (no RNG, no deck order)

Bots and simulation
    BOTS = {"random": RandomBot, "greedy": GreedyBot, "income": IncomeBot, "search": SearchBot}
    make_bot(name, seed=0, **budget)          budget: the search bot's rollouts=, horizon=, width=
    bot.choose(state, actions)
    play_game(card_set, options, seed, bots) -> (final_state, turns)
    simulate(...) -> summary dict                                (python manage.py simulate ...)

Rule choices are documented in docs/rules.md.
"""

from games.machikoro.engine.actions import Action, Activate, AdjustRoll, Build, Buy, ChooseOpponent, Decline, Demolish, Invest, KeepRoll, Move, Pass, Renovate, Reroll, Roll, Trade
from games.machikoro.engine import lab
from games.machikoro.engine.bots import BOTS, make_bot
from games.machikoro.engine.search import SearchBot
from games.machikoro.engine.simple_bots import GreedyBot, IncomeBot, RandomBot
from games.machikoro.engine.cardset import CardSet, card_problems, check_card
from games.machikoro.engine.errors import CardSetError, EngineError, IllegalActionError, NotYourTurnError, OptionsError, ReplayError, SerialisationError
from games.machikoro.engine.events import Event, replay
from games.machikoro.engine.loading import load_card_data, load_card_set
from games.machikoro.engine.options import ALL_STACKS, GameOptions, check_options, recommended_stacks
from games.machikoro.engine.ranking import final_ranking
from games.machikoro.engine.rules import apply, apply_in_place, describe_choice, legal_actions, may_act
from games.machikoro.engine.setup import GameSet, game_set, new_game
from games.machikoro.engine.simulate import play_game, simulate
from games.machikoro.engine.state import GameState, PlayerState
from games.machikoro.engine.view import view_for

__all__ = [
    "ALL_STACKS", "Action", "Activate", "AdjustRoll", "BOTS", "Build", "Buy", "CardSet", "CardSetError",
    "ChooseOpponent", "Decline", "Demolish", "EngineError", "Event", "GameOptions", "GameSet", "GameState",
    "GreedyBot", "IllegalActionError", "IncomeBot", "Invest", "KeepRoll", "Move", "NotYourTurnError",
    "OptionsError", "Pass", "PlayerState", "RandomBot", "Renovate", "ReplayError", "Reroll", "Roll",
    "SearchBot", "SerialisationError", "Trade", "apply", "apply_in_place", "card_problems", "check_card", "check_options",
    "describe_choice", "final_ranking", "game_set", "legal_actions", "may_act",
    "load_card_data", "load_card_set", "make_bot", "new_game", "play_game", "recommended_stacks", "replay",
    "simulate", "view_for",
]
