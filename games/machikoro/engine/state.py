"""The game state: plain mutable records with a cheap explicit clone.

Cards and landmarks are stored as lists indexed like the card set (counts, closed counts, built flags),
so activation is list indexing, and `clone()` copies a handful of short lists instead of deep-copying.
The JSON form names every card by slug, so it stays readable and independent of list positions.
"""

from games.machikoro.engine.errors import SerialisationError
from games.machikoro.engine.options import GameOptions

# Phases of a turn. The active player is the one to act in every phase except OVER.
ROLL = "roll"          # choose how many dice to roll
REROLL = "reroll"      # Radio Tower: keep the roll or roll again
ADJUST = "adjust"      # Harbor: add to the total or not
CHOOSE = "choose"      # an activated card asks its owner for a choice
BUILD = "build"        # buy one establishment, build one landmark, or build nothing
INVEST = "invest"      # Tech Startup: put coins on the card or not
OVER = "over"          # the game has ended

PHASES = (ROLL, REROLL, ADJUST, CHOOSE, BUILD, INVEST, OVER)
BANK = None            # payer/payee value meaning the bank


class PlayerState:
    """One seat: coins, establishments (counts and closed counts), built landmarks, investments."""

    __slots__ = ("name", "coins", "cards", "closed", "built", "invested")

    def __init__(self, name, coins, cards, closed, built, invested):
        self.name = name
        self.coins = coins
        self.cards = cards          # list[int]: copies owned, indexed by establishment index
        self.closed = closed        # list[int]: how many of those copies are closed for renovation
        self.built = built          # list[bool]: landmark built, indexed by landmark index
        self.invested = invested    # dict[int, int]: coins invested on an establishment (Tech Startup)

    def clone(self):
        return PlayerState(self.name, self.coins, self.cards[:], self.closed[:], self.built[:],
                           dict(self.invested))

    def to_json(self, card_set):
        establishments = card_set.establishments
        landmarks = card_set.landmarks
        return {
            "name": self.name,
            "coins": self.coins,
            "cards": {establishments[i].slug: n for i, n in enumerate(self.cards) if n},
            "closed": {establishments[i].slug: n for i, n in enumerate(self.closed) if n},
            "landmarks": [landmarks[i].slug for i, built in enumerate(self.built) if built],
            "invested": {establishments[i].slug: n for i, n in sorted(self.invested.items()) if n},
        }

    @classmethod
    def from_json(cls, data, card_set):
        cards = _counts(data.get("cards", {}), card_set, "cards")
        closed = _counts(data.get("closed", {}), card_set, "closed")
        if any(c > n for c, n in zip(closed, cards)):
            raise SerialisationError("a player has more closed copies than copies of a card")
        built = [False] * len(card_set.landmarks)
        for slug in data.get("landmarks", []):
            built[_landmark_index(card_set, slug)] = True
        invested = {}
        for slug, n in data.get("invested", {}).items():
            invested[_establishment_index(card_set, slug)] = _non_negative(n, "invested")
        return cls(str(data.get("name", "")), _non_negative(data.get("coins"), "coins"), cards, closed, built,
                   invested)


class GameState:
    """Everything needed to continue a game. Mutated only by the engine through events (see events/)."""

    __slots__ = (
        "card_set", "options", "seed", "players", "bank", "market", "deck", "removed", "rng",
        "first_player", "active", "turn", "phase", "dice", "total", "rerolls_used", "adjust_from",
        "built_this_turn", "shared_roll", "pending", "choice", "winner",
    )

    def clone(self):
        other = GameState.__new__(GameState)
        other.card_set = self.card_set
        other.options = self.options
        other.seed = self.seed
        other.players = [p.clone() for p in self.players]
        other.bank = self.bank
        other.market = self.market[:]
        other.deck = self.deck[:]
        other.removed = self.removed[:]
        other.rng = self.rng
        other.first_player = self.first_player
        other.active = self.active
        other.turn = self.turn
        other.phase = self.phase
        other.dice = self.dice
        other.total = self.total
        other.rerolls_used = self.rerolls_used
        other.adjust_from = self.adjust_from
        other.built_this_turn = self.built_this_turn
        other.shared_roll = self.shared_roll
        other.pending = [step[:] for step in self.pending]
        other.choice = self.choice
        other.winner = self.winner
        return other

    @property
    def to_act(self):
        """The seat whose action is awaited, or None once the game is over."""
        return None if self.phase == OVER else self.active

    @property
    def over(self):
        return self.phase == OVER

    def total_coins(self):
        """Bank + players + investments: constant for the whole game (the bank is a ledger that may go negative)."""
        return self.bank + sum(p.coins + sum(p.invested.values()) for p in self.players)

    def __eq__(self, other):
        return isinstance(other, GameState) and self.to_json() == other.to_json()

    __hash__ = None

    # ---- JSON -------------------------------------------------------------------------------------------

    def to_json(self):
        cs = self.card_set
        est = cs.establishments
        return {
            "format": "machi-koro-state",
            "version": 1,
            "card_set": cs.fingerprint,
            "options": self.options.to_json(),
            "seed": self.seed,
            "players": [p.to_json(cs) for p in self.players],
            "bank": self.bank,
            "market": {est[i].slug: n for i, n in enumerate(self.market) if n},
            "deck": [est[i].slug for i in self.deck],
            "removed": {est[i].slug: n for i, n in enumerate(self.removed) if n},
            "rng": self.rng,
            "first_player": self.first_player,
            "active": self.active,
            "turn": self.turn,
            "phase": self.phase,
            "dice": list(self.dice),
            "total": self.total,
            "rerolls_used": self.rerolls_used,
            "adjust_from": self.adjust_from,
            "built_this_turn": self.built_this_turn,
            "shared_roll": None if self.shared_roll is None else list(self.shared_roll),
            "pending": [[owner, est[card].slug, firings, leg, sub] for owner, card, firings, leg, sub in self.pending],
            "choice": self._choice_to_json(),
            "winner": self.winner,
        }

    def _choice_to_json(self):
        # `choice` is a landmark index while a landmark asks (ADJUST), an establishment index while a card
        # asks at the end of the turn (INVEST), otherwise None (CHOOSE reads its card from `pending`).
        if self.choice is None:
            return None
        if self.phase == ADJUST:
            return self.card_set.landmarks[self.choice].slug
        return self.card_set.establishments[self.choice].slug

    @classmethod
    def from_json(cls, data, card_set):
        """Rebuild a state from `to_json()` output; `card_set` must be the one the game was created with."""
        if not isinstance(data, dict) or data.get("format") != "machi-koro-state":
            raise SerialisationError("not a machi-koro-state document")
        try:
            options = GameOptions.from_json(data["options"])
            cs = card_set.restrict(options.extensions)
            if data["card_set"] != cs.fingerprint:
                raise SerialisationError("the state was made with a different card set (fingerprint mismatch)")
            state = cls.__new__(cls)
            state.card_set = cs
            state.options = options
            state.seed = data["seed"]
            state.players = [PlayerState.from_json(p, cs) for p in data["players"]]
            state.bank = int(data["bank"])
            state.market = _counts(data["market"], cs, "market")
            state.deck = [_establishment_index(cs, slug) for slug in data["deck"]]
            state.removed = _counts(data.get("removed", {}), cs, "removed")
            state.rng = int(data["rng"])
            state.first_player = int(data["first_player"])
            state.active = int(data["active"])
            state.turn = int(data["turn"])
            state.phase = data["phase"]
            state.dice = tuple(int(d) for d in data["dice"])
            state.total = int(data["total"])
            state.rerolls_used = int(data["rerolls_used"])
            state.adjust_from = int(data["adjust_from"])
            state.built_this_turn = bool(data["built_this_turn"])
            shared = data["shared_roll"]
            state.shared_roll = None if shared is None else tuple(int(d) for d in shared)
            state.pending = [[int(o), _establishment_index(cs, slug), int(f), int(leg), int(sub)]
                             for o, slug, f, leg, sub in data["pending"]]
            choice = data["choice"]
            if choice is None:
                state.choice = None
            elif state.phase == ADJUST:
                state.choice = _landmark_index(cs, choice)
            else:
                state.choice = _establishment_index(cs, choice)
            state.winner = data["winner"]
        except SerialisationError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise SerialisationError(f"malformed state document: {exc!r}") from exc
        if state.phase not in PHASES:
            raise SerialisationError(f"unknown phase {state.phase!r}")
        if not 0 <= state.active < len(state.players):
            raise SerialisationError("the active seat is not a seat of the game")
        return state


def _establishment_index(card_set, slug):
    try:
        return card_set.establishment_index[slug]
    except KeyError:
        raise SerialisationError(f"unknown establishment {slug!r} for this card set") from None


def _landmark_index(card_set, slug):
    try:
        return card_set.landmark_index[slug]
    except KeyError:
        raise SerialisationError(f"unknown landmark {slug!r} for this card set") from None


def _non_negative(value, what):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SerialisationError(f"{what} must be a non-negative integer, got {value!r}")
    return value


def _counts(mapping, card_set, what):
    counts = [0] * len(card_set.establishments)
    if not isinstance(mapping, dict):
        raise SerialisationError(f"{what} must be an object of slug: count")
    for slug, n in mapping.items():
        counts[_establishment_index(card_set, slug)] = _non_negative(n, what)
    return counts
