"""Scenario helpers: build a game, arrange cards and coins, force the dice, play actions."""

from functools import lru_cache

from games.machikoro.engine import (GameOptions, apply, legal_actions, load_card_data, load_card_set, new_game)
from games.machikoro.engine import actions as A
from games.common import rng
from games.machikoro.engine.events import Transfer

BASE = ("base",)
HARBOR = ("base", "harbor")
MR = ("base", "millionaires-row")
HARBOR_MR = ("base", "harbor", "millionaires-row")
EVERYTHING = ("base", "harbor", "millionaires-row", "five-six", "promo")


@lru_cache(maxsize=None)
def card_data():
    return load_card_data()


@lru_cache(maxsize=None)
def official_cards():
    """Every official card, parsed once for the whole test session."""
    return load_card_set()


def game(extensions=BASE, players=2, seed=0, active=0, market="all", neighbours_only=False, **options):
    """A new game whose seat `active` is about to roll."""
    state = new_game(official_cards(), GameOptions(extensions=extensions, market=market,
                                                   neighbours_only=neighbours_only, **options), seed, players)
    state.active = active
    return state


def arrange(state, seat, coins=None, cards=None, closed=None, landmarks=None, invested=None):
    """Set a seat's coins, establishments ({slug: copies}, replacing all), closed copies, built landmarks.

    The bank gives or takes the coin difference so that the game's coin total stays constant.
    """
    cs = state.card_set
    player = state.players[seat]
    if coins is not None:
        state.bank -= coins - player.coins
        player.coins = coins
    if cards is not None:
        player.cards = [0] * len(cs.establishments)
        for slug, copies in cards.items():
            player.cards[cs.establishment_index[slug]] = copies
    if closed is not None:
        player.closed = [0] * len(cs.establishments)
        for slug, copies in closed.items():
            player.closed[cs.establishment_index[slug]] = copies
    if landmarks is not None:
        player.built = [l.starts_built for l in cs.landmarks]
        for slug in landmarks:
            player.built[cs.landmark_index[slug]] = True
    if invested is not None:
        state.bank -= sum(invested.values()) - sum(player.invested.values())
        player.invested = {cs.establishment_index[slug]: n for slug, n in invested.items()}
    return state


def force_dice(state, *rolls):
    """Set the random state so that the next rolls give exactly `rolls` (tuples of faces), in order."""
    for candidate in range(1, 10_000_000):
        current = candidate
        for wanted in rolls:
            current, dice = rng.roll_dice(current, len(wanted))
            if dice != tuple(wanted):
                break
        else:
            state.rng = candidate
            return state
    raise AssertionError(f"no random state gives {rolls}")


def play(state, *steps):
    """Apply actions with `apply` (each returns a new state); return (final state, all events)."""
    events = []
    for action in steps:
        state, new_events = apply(state, action)
        events.extend(new_events)
    return state, events


def roll(state, *faces, then=()):
    """Force the active player's roll to `faces` (and any later rolls in `then`) and roll."""
    force_dice(state, tuple(faces), *then)
    return play(state, A.Roll(len(faces)))


def coins(state):
    return [p.coins for p in state.players]


def owned(state, seat, slug):
    return state.players[seat].cards[state.card_set.establishment_index[slug]]


def closed(state, seat, slug):
    return state.players[seat].closed[state.card_set.establishment_index[slug]]


def built(state, seat, slug):
    return state.players[seat].built[state.card_set.landmark_index[slug]]


def payments(events):
    """(payer, payee, amount) of every coin transfer; None is the bank."""
    return [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Transfer)]


def types(events):
    return [e.type for e in events]


def legal(state):
    return legal_actions(state)
