"""The functions every rules engine offers the platform, with the same signatures (games/<game>/engine).

An engine decides every rule; the game's ruleset adapter (games/<game>/ruleset.py) only translates between
the platform's dicts and the engine's objects, and words the engine's codes for people. Plain Python.

    apply(state, action, seat=None) -> (new_state, events)   `state` untouched; seat None: the seat to act
    apply_in_place(state, action, seat=None) -> events         the same, changing `state` (simulators)
    may_act(state, seat, action) -> bool                       whether `seat` may try `action` now
    final_ranking(state) -> [(seat, rank)]                     best first once the game is over; equal ranks tie
    check_options(options)                                     the engine's OptionsError (with `code` and
                                                               `field`) for options its rules refuse
    card_problems(card, kind=None, cards=None) -> [problem]    why the engine could not play `card` (a card-data
                                                               dict) beside `cards`; empty when it can (the
                                                               card database asks through the registry)
"""
from typing import Protocol

FUNCTIONS = ("apply", "apply_in_place", "may_act", "final_ranking", "check_options", "card_problems")


class Engine(Protocol):
    def apply(self, state, action, seat=None): ...

    def apply_in_place(self, state, action, seat=None): ...

    def may_act(self, state, seat, action): ...

    def final_ranking(self, state): ...

    def check_options(self, options): ...

    def card_problems(self, card, kind=None, cards=None): ...


def competition_ranks(seats, key):
    """[(seat, rank)] of `seats` sorted by `key(seat)`, equal keys sharing a rank (1, 1, 3: "standard
    competition" ranking)."""
    ranked, rank, previous = [], 0, object()
    for position, seat in enumerate(sorted(seats, key=key), start=1):
        current = key(seat)
        if current != previous:
            rank, previous = position, current
        ranked.append((seat, rank))
    return ranked
