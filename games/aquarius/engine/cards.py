"""The deck: card data (the frozen list of dicts) compiled once into edge tables the rules use.

Geometry (documented in docs/rules-aquarius.md): x grows to the right, y grows downwards. A card has four
quadrants TL, TR, BR, BL; `panels` name them by kind (upright):
    whole      [x]            x fills all four quadrants
    landscape  [top, bottom]  split by a horizontal line
    portrait   [left, right]  split by a vertical line
    quartered  [TL, TR, BR, BL], clockwise from the top-left
Turned 180 degrees (upright false) the quadrants become (BR, BL, TL, TR). Each card edge is two half-edges,
slots 0..7 = N-west, N-east, E-north, E-south, S-west, S-east, W-north, W-south; slot s faces slot s ^ 4 of
the neighbour on that side. Each half-edge shows the element of its quadrant.
"""
from dataclasses import dataclass, field
from typing import ClassVar

from games.aquarius.engine.errors import DeckError

ELEMENTS = "aefwv"                      # air, earth, fire, water, void: the order of `measures`
ELEMENT_NAMES = ("air", "earth", "fire", "water", "void")
ELEMENT_INDEX = {letter: i for i, letter in enumerate(ELEMENTS)}
KINDS = ("whole", "landscape", "portrait", "quartered", "action")
PANEL_COUNTS = {"whole": 1, "landscape": 2, "portrait": 2, "quartered": 4, "action": 0}
ACTIONS = ("shuffle_goals", "move_card", "zap_card", "trade_goals", "trade_hands")
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))   # N, E, S, W; side d holds slots 2d and 2d+1
# Quadrant (TL=0, TR=1, BR=2, BL=3) behind each half-edge slot.
SLOT_QUADRANT = (0, 1, 1, 2, 3, 2, 0, 3)


def quadrants(kind, panels):
    """The four quadrant elements (TL, TR, BR, BL) of an upright card."""
    if kind == "whole":
        x, = panels
        return (x, x, x, x)
    if kind == "landscape":
        top, bottom = panels
        return (top, top, bottom, bottom)
    if kind == "portrait":
        left, right = panels
        return (left, right, right, left)
    return tuple(panels)


def turned(quads):
    return (quads[2], quads[3], quads[0], quads[1])


@dataclass(frozen=True)
class CardProblem:
    """Why a card dict is not playable: a `code` and its `params`, read in English by str(); the card database
    words the same codes in the reader's language (cards/models/aquarius.py)."""

    ENGLISH: ClassVar = {
        "id": "a card needs a non-empty string id",
        "kind": "unknown kind {kind!r} (one of {kinds})",
        "panel_letters": "panels must be a list of element letters ({elements})",
        "panel_count": "a {kind} card has {expected} panel(s), not {found}",
        "panels_repeat": "the panels of one card must show different elements",
        "action_missing": "an action card needs an action ({actions})",
        "action_not_allowed": "only action cards carry an action",
    }

    code: str
    params: dict = field(default_factory=dict)

    def __str__(self):
        return self.ENGLISH[self.code].format(**self.params)


def check_card(data):
    """The problems of one card dict (CardProblem, str() in English), empty when it is playable."""
    problems = []
    kind = data.get("kind")
    panels = data.get("panels")
    action = data.get("action")
    if not isinstance(data.get("id"), str) or not data.get("id"):
        problems.append(CardProblem("id"))
    if kind not in KINDS:
        return problems + [CardProblem("kind", {"kind": kind, "kinds": ", ".join(KINDS)})]
    if not isinstance(panels, list) or any(p not in ELEMENT_INDEX for p in panels):
        return problems + [CardProblem("panel_letters", {"elements": ", ".join(ELEMENTS)})]
    if len(panels) != PANEL_COUNTS[kind]:
        problems.append(CardProblem("panel_count", {"kind": kind, "expected": PANEL_COUNTS[kind], "found": len(panels)}))
    elif len(set(panels)) != len(panels):
        problems.append(CardProblem("panels_repeat"))
    if kind == "action" and action not in ACTIONS:
        problems.append(CardProblem("action_missing", {"actions": ", ".join(ACTIONS)}))
    if kind != "action" and action:
        problems.append(CardProblem("action_not_allowed"))
    return problems


def card_problems(card, kind=None, cards=None):
    """The engine protocol's card check: check_card's problems (an Aquarius card stands on its own)."""
    return check_card(card)


class Card:
    """One compiled card. For element cards, per orientation o (0 upright, 1 turned):
    edges[o][slot] element index; shows[o] bitmask of (slot*5 + element) over the 8 half-edges;
    offers[o][d] the bits an empty cell gets from this card lying on its side d (see board.py)."""

    __slots__ = ("index", "id", "kind", "name", "panels", "action", "elements", "edges", "shows", "offers",
                 "quads", "sides", "either")

    def __init__(self, index, data):
        self.index = index
        self.id = data["id"]
        self.kind = data["kind"]
        self.name = data.get("name") or data["id"]
        self.panels = tuple(data["panels"])
        self.action = data.get("action") or None
        self.elements = tuple(ELEMENT_INDEX[p] for p in self.panels)
        if self.kind == "action":
            self.quads = self.edges = self.shows = self.offers = self.sides = self.either = None
            return
        upright = tuple(ELEMENT_INDEX[p] for p in quadrants(self.kind, list(self.panels)))
        self.quads = (upright, turned(upright))
        self.edges = tuple(tuple(q[SLOT_QUADRANT[s]] for s in range(8)) for q in self.quads)
        self.shows = tuple(sum(1 << (s * 5 + e[s]) for s in range(8)) for e in self.edges)
        offers = []
        for e in self.edges:
            # The empty cell's side d faces this card's side d ^ 2: its slot s faces our slot s ^ 4.
            offers.append(tuple(sum(1 << (s * 5 + e[s ^ 4]) for s in (2 * d, 2 * d + 1)) for d in range(4)))
        self.offers = tuple(offers)
        # sides[o][d]: the two half-edges of side d; they face the neighbour's side d ^ 2 in the same order.
        self.sides = tuple(tuple((e[2 * d], e[2 * d + 1]) for d in range(4)) for e in self.edges)
        self.either = self.shows[0] | self.shows[1]

    def to_json(self):
        return {"id": self.id, "kind": self.kind, "name": self.name, "panels": list(self.panels),
                "action": self.action}

    def __repr__(self):
        return f"Card({self.id})"


class Deck:
    """The cards of one game, by index (the order of the frozen list) and by id."""

    __slots__ = ("cards", "by_id", "element_cards")

    def __init__(self, cards):
        self.cards = cards
        self.by_id = {c.id: c for c in cards}
        self.element_cards = tuple(c.index for c in cards if c.kind != "action")

    @classmethod
    def from_data(cls, data):
        """Compile a list of card dicts ({"id", "kind", "panels", "action", "name"?}); DeckError if unplayable."""
        if not isinstance(data, list) or not data:
            raise DeckError("a deck is a non-empty list of cards")
        seen = set()
        for item in data:
            if not isinstance(item, dict):
                raise DeckError(f"a card is a dict, not {item!r}")
            problems = check_card(item)
            if problems:
                raise DeckError(f"card {item.get('id')!r}: {'; '.join(map(str, problems))}")
            if item["id"] in seen:
                raise DeckError(f"card id {item['id']!r} appears twice")
            seen.add(item["id"])
        if not any(item["kind"] != "action" for item in data):
            raise DeckError("a deck needs element cards")
        return cls([Card(i, item) for i, item in enumerate(data)])

    def __len__(self):
        return len(self.cards)

    def to_json(self):
        return [c.to_json() for c in self.cards]
