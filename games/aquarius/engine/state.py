"""The game state: plain mutable records with a cheap explicit clone and a JSON form naming cards by id.

Seats are 0..players-1; goals are dealt to all five seats (`goals[s]` is an element index) because the
outcome reveals five goals even when fewer play. The draw pile's top is the end of `draw`.
"""
from games.aquarius.engine.board import Board
from games.aquarius.engine.cards import ELEMENT_INDEX, ELEMENTS
from games.aquarius.engine.errors import SerialisationError

SEATS = 5


class GameState:
    __slots__ = ("deck", "chicken", "names", "players", "draw", "hands", "goals", "knows", "first_look",
                 "looks", "discard", "board", "to_act", "drawn", "turn", "over", "winners", "chicken_last",
                 "rng", "growth", "opening")

    def clone(self):
        other = GameState.__new__(GameState)
        other.deck = self.deck
        other.chicken = self.chicken
        other.names = self.names
        other.players = self.players
        other.draw = self.draw[:]
        other.hands = [h[:] for h in self.hands]
        other.goals = self.goals[:]
        other.knows = self.knows[:]
        other.first_look = self.first_look[:]
        other.looks = self.looks
        other.discard = self.discard[:]
        other.board = self.board.clone()
        other.to_act = self.to_act
        other.drawn = self.drawn
        other.turn = self.turn
        other.over = self.over
        other.winners = self.winners
        other.chicken_last = self.chicken_last
        other.rng = self.rng
        other.growth = [g[:] for g in self.growth]
        other.opening = self.opening
        return other

    def to_json(self):
        cards = self.deck.cards
        ids = lambda indices: [cards[i].id for i in indices]  # noqa: E731
        board = sorted(self.board.cells.items(), key=lambda item: item[1][0].index)
        return {
            "chicken": self.chicken,
            "names": list(self.names),
            "draw": ids(self.draw),
            "hands": [ids(h) for h in self.hands],
            "goals": [ELEMENTS[g] for g in self.goals],
            "knows": list(self.knows),
            "first_look": list(self.first_look),
            "looks": self.looks,
            "discard": ids(self.discard),
            "board": [{"card": card.id, "x": x, "y": y, "upright": orientation == 0}
                      for (x, y), (card, orientation) in board],
            "to_act": self.to_act,
            "drawn": None if self.drawn is None else cards[self.drawn].id,
            "turn": self.turn,
            "over": self.over,
            "winners": list(self.winners),
            "chicken_last": self.chicken_last,
            "rng": self.rng,
            "growth": [g[:] for g in self.growth],
            "opening": self.opening,
        }

    @classmethod
    def from_json(cls, data, deck):
        try:
            index = lambda card_id: deck.by_id[card_id].index  # noqa: E731
            state = cls.__new__(cls)
            state.deck = deck
            state.chicken = bool(data["chicken"])
            state.names = list(data["names"])
            state.players = len(state.names)
            state.draw = [index(c) for c in data["draw"]]
            state.hands = [[index(c) for c in hand] for hand in data["hands"]]
            state.goals = [ELEMENT_INDEX[g] for g in data["goals"]]
            state.knows = [bool(k) for k in data["knows"]]
            state.first_look = list(data["first_look"])
            state.looks = int(data["looks"])
            state.discard = [index(c) for c in data["discard"]]
            state.board = Board()
            placed = [(deck.by_id[p["card"]], p) for p in data["board"]]
            for card, p in placed:
                state.board.place(card, 0 if p["upright"] else 1, (int(p["x"]), int(p["y"])), join=False)
            state.board.regroup()
            state.to_act = data["to_act"]
            state.drawn = None if data["drawn"] is None else index(data["drawn"])
            state.turn = int(data["turn"])
            state.over = bool(data["over"])
            state.winners = tuple(data["winners"])
            state.chicken_last = data["chicken_last"]
            state.rng = int(data["rng"])
            state.growth = [list(g) for g in data["growth"]]
            state.opening = data["opening"]
        except (KeyError, TypeError, ValueError) as exc:
            raise SerialisationError(f"not an Aquarius state: {exc!r}") from None
        if len(state.goals) != SEATS or len(state.hands) != state.players:
            raise SerialisationError("not an Aquarius state: wrong number of goals or hands")
        return state

    def hand_of(self, seat):
        return self.hands[seat]

    def card(self, card_id):
        """The Card for an id, or None when the id is not in this deck."""
        return self.deck.by_id.get(card_id) if isinstance(card_id, str) else None
