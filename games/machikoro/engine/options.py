"""Game options: which boxes are played, the market rule, the neighbours-only variant, limits."""

from dataclasses import dataclass

from games.machikoro.engine.errors import OptionsError

ALL_STACKS = "all"
MIN_STACKS = 10
MAX_STACKS = 15

# How many players each box allows. The French 5-6 box adds the copies for seats 5 and 6, Harbor the
# fifth-player kit; any other extension (a designer's) leaves the limit unchanged.
MAX_PLAYERS_BY_EXTENSION = {"base": 4, "harbor": 5, "five-six": 6}
MIN_PLAYERS = 2


@dataclass(frozen=True)
class GameOptions:
    """Options fixed when a game is created.

    extensions: extension slugs in play ("base" first by convention).
    market: "all" (every stack available, the base rule) or the number of distinct stacks (10..15) kept
        showing from a shuffled deck (Harbor's optional rule; 10 usual, 12 recommended with 5-6 players).
    neighbours_only: the French 5-6 box's MGA variant: blue cards pay only on their owner's and the two
        neighbours' rolls, red cards take only from a neighbour.
    starting_coins / starting_cards: what each player starts with.
    max_turns: stop the game (no winner) after this many turns; None = play until someone wins.
    """

    extensions: tuple = ("base",)
    market: object = ALL_STACKS
    neighbours_only: bool = False
    starting_coins: int = 3
    starting_cards: tuple = ("wheat-field", "bakery")
    max_turns: object = None

    def __post_init__(self):
        extensions = tuple(self.extensions)
        if not extensions or len(set(extensions)) != len(extensions):
            raise OptionsError("extensions must be a non-empty list without duplicates")
        if not all(isinstance(e, str) for e in extensions):
            raise OptionsError("extensions must be slugs (strings)")
        object.__setattr__(self, "extensions", extensions)
        object.__setattr__(self, "starting_cards", tuple(self.starting_cards))
        market = self.market
        if market != ALL_STACKS:
            if isinstance(market, bool) or not isinstance(market, int) or not MIN_STACKS <= market <= MAX_STACKS:
                raise OptionsError(f"market must be 'all' or a number of stacks from {MIN_STACKS} to {MAX_STACKS}, "
                                   f"got {market!r}")
        if not isinstance(self.neighbours_only, bool):
            raise OptionsError("neighbours_only must be true or false")
        if isinstance(self.starting_coins, bool) or not isinstance(self.starting_coins, int) or self.starting_coins < 0:
            raise OptionsError("starting_coins must be a non-negative integer")
        if self.max_turns is not None and (isinstance(self.max_turns, bool) or not isinstance(self.max_turns, int)
                                           or self.max_turns < 1):
            raise OptionsError("max_turns must be a positive integer or None")

    @property
    def max_players(self):
        return max(MAX_PLAYERS_BY_EXTENSION.get(e, MIN_PLAYERS) for e in self.extensions)

    def check_players(self, count):
        if not MIN_PLAYERS <= count <= self.max_players:
            raise OptionsError(f"{count} players cannot play with {', '.join(self.extensions)}: "
                               f"{MIN_PLAYERS} to {self.max_players} players")

    def to_json(self):
        return {
            "extensions": list(self.extensions),
            "market": self.market,
            "neighbours_only": self.neighbours_only,
            "starting_coins": self.starting_coins,
            "starting_cards": list(self.starting_cards),
            "max_turns": self.max_turns,
        }

    @classmethod
    def from_json(cls, data):
        if not isinstance(data, dict):
            raise OptionsError("options must be a JSON object")
        known = {"extensions", "market", "neighbours_only", "starting_coins", "starting_cards", "max_turns"}
        unknown = set(data) - known
        if unknown:
            raise OptionsError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**data)


def check_options(options):
    """OptionsError for options the boxes' rules refuse although the engine could play them: the
    neighbours-only variant comes with the 5-6 player box."""
    if options.neighbours_only and "five-six" not in options.extensions:
        raise OptionsError("neighbours-only payments come with the 5-6 player box",
                           code="neighbours_only_needs_five_six", field="neighbours_only")


def recommended_stacks(extensions, players):
    """Stacks for the N-stack market: 12 with 5-6 players (French 5-6 sheet), otherwise Harbor's 10."""
    return 12 if players >= 5 and "five-six" in extensions else 10
