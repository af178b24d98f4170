"""Game set and setup: what a given extension mix and player count puts on the table."""

from dataclasses import dataclass

from games.machikoro.engine import market
from games.common import rng as _rng
from games.machikoro.engine.errors import OptionsError
from games.machikoro.engine.options import ALL_STACKS, GameOptions
from games.machikoro.engine.state import ROLL, GameState, PlayerState

# The bank is unlimited, as in most implementations. `state.bank` is a ledger that starts with the base box's
# 282 coins minus the starting coins, so that bank + players + investments stays constant; it may go negative.
BANK_COINS = 282


@dataclass(frozen=True)
class GameSet:
    """The cards of one game.

    supply: establishment slug -> copies in the market or deck. Non-major stacks have the data's copies (6);
        a major needs only one copy per player, since nobody may own two.
    starting_cards: establishments every player starts with (outside the supply).
    landmarks: every landmark each player has in front of him; starting_landmarks start built (City Hall);
        required_landmarks are the ones to build to win.
    """

    supply: dict
    starting_cards: tuple
    landmarks: tuple
    starting_landmarks: tuple
    required_landmarks: tuple
    max_players: int

    def to_json(self):
        return {
            "supply": dict(self.supply),
            "starting_cards": list(self.starting_cards),
            "landmarks": list(self.landmarks),
            "starting_landmarks": list(self.starting_landmarks),
            "required_landmarks": list(self.required_landmarks),
            "max_players": self.max_players,
        }


def game_set(card_set, options, players):
    """The game set of `options` (extensions) for `players` players."""
    cs = _checked_card_set(card_set, options, players)
    return GameSet(
        supply={e.slug: copies for e, copies in zip(cs.establishments, _supply(cs, players))},
        starting_cards=tuple(options.starting_cards),
        landmarks=tuple(l.slug for l in cs.landmarks),
        starting_landmarks=tuple(l.slug for l in cs.landmarks if l.starts_built),
        required_landmarks=tuple(l.slug for l in cs.landmarks if l.counts_toward_win),
        max_players=options.max_players,
    )


def _checked_card_set(card_set, options, players):
    """The card set of the game, once the options are known to suit it and the player count."""
    cs = card_set.restrict(options.extensions)
    options.check_players(players)
    for slug in options.starting_cards:
        if slug not in cs.establishment_index:
            raise OptionsError(f"starting card {slug!r} is not in the extensions {', '.join(options.extensions)}")
    if not any(l.counts_toward_win and not l.starts_built for l in cs.landmarks):
        # Nobody could ever win (or everybody would have won before the first roll).
        raise OptionsError(f"the extensions {', '.join(options.extensions)} hold no landmark to build for the win")
    return cs


def _supply(cs, players):
    """Copies of each establishment (by index) in the market or deck."""
    return [players if e.major else e.copies for e in cs.establishments]


def new_game(card_set, options=None, seed=0, players=2):
    """A new game ready for the first player's roll.

    players: a number of players, or their names in seat order (clockwise). The first player is drawn
    from the seed; everything random in the game follows from `seed`.
    """
    options = GameOptions() if options is None else options
    if isinstance(players, bool):
        raise OptionsError("players must be a number or a list of names")
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else [str(n) for n in players]
    count = len(names)
    cs = _checked_card_set(card_set, options, count)     # what game_set checks, without building a GameSet

    state = GameState.__new__(GameState)
    state.card_set = cs
    state.options = options
    state.seed = seed
    random = _rng.seed_state(seed)
    random, first = _rng.below(random, count)

    establishments = len(cs.establishments)
    starting = [0] * establishments
    for slug in options.starting_cards:
        starting[cs.establishment_index[slug]] += 1
    built = [l.starts_built for l in cs.landmarks]
    state.players = [PlayerState(name, options.starting_coins, starting[:], [0] * establishments, built[:], {})
                     for name in names]
    state.bank = BANK_COINS - options.starting_coins * count

    supply = _supply(cs, count)
    if options.market == ALL_STACKS:
        state.market = supply
        state.deck = []
    else:
        state.market = [0] * establishments
        state.deck = [i for i, copies in enumerate(supply) for _ in range(copies)]
        random = _rng.shuffle(random, state.deck)
    state.removed = [0] * establishments
    state.rng = random
    state.first_player = first
    state.active = first
    state.turn = 1
    state.phase = ROLL
    state.dice = ()
    state.total = 0
    state.rerolls_used = 0
    state.adjust_from = 0
    state.built_this_turn = False
    state.shared_roll = None
    state.pending = []
    state.choice = None
    state.winner = None
    market.fill(state, None)
    return state
