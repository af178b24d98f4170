"""The interface between the live-games platform and the rules of one game.

The platform (lobby, seats, chat, timers, persistence, transport) calls only what is declared here;
every rule question is answered by a `Ruleset` and the `Match` objects it loads. States, actions and
events cross this boundary as JSON-ready dicts, so the platform can store and send them untouched.
"""
from abc import ABC, abstractmethod
from dataclasses import dataclass, field


class RuleViolation(Exception):
    """The ruleset refuses an action (illegal, malformed, out of turn). The state is unchanged."""

    def __init__(self, message, code="illegal_action"):
        super().__init__(message)
        self.code = code
        self.message = message


class OptionsInvalid(Exception):
    """Game options that cannot be played. `errors` maps a form field (or "__all__") to messages."""

    def __init__(self, errors):
        super().__init__("; ".join(m for messages in errors.values() for m in messages))
        self.errors = errors


class RulesUnavailable(Exception):
    """`freeze_rules` or `start` cannot set up a game (say, a card the engine cannot play). The message says why,
    naming the card; the platform keeps the game in its lobby and tells the players."""


@dataclass(frozen=True)
class Standing:
    """Where a game stands: who must act now, which turn it is, and whether (and by whom) it is won."""

    to_act: tuple = ()
    turn: int = 0
    over: bool = False
    winners: tuple = field(default=())


class Match(ABC):
    """One position of one game, loaded from its stored state. Immutable from the platform's side."""

    @abstractmethod
    def dump(self):
        """The state as a JSON-ready dict (what `Ruleset.load` reads back)."""

    @abstractmethod
    def progress(self):
        """A `Standing` for this position."""

    @abstractmethod
    def legal_actions(self, seat):
        """The actions `seat` may take now, as JSON-ready dicts; empty when it is not that seat's move."""

    @abstractmethod
    def apply(self, seat, action):
        """Play `action` (a dict) for `seat`: return (new Match, events as dicts) or raise `RuleViolation`."""

    @abstractmethod
    def view(self, seat):
        """What `seat` may see of this position (`None`: a spectator), JSON-ready."""

    def may_act(self, seat, action):
        """Whether `seat` may try `action` now; by default only the seats to act may (some games allow more)."""
        return seat in self.progress().to_act

    def visible_events(self, events, seat):
        """The part of `events` that `seat` may see; everything by default (no hidden information)."""
        return events

    def label(self, action):
        """A short button label for a legal action."""
        return " ".join(str(v) for v in action.values())

    @abstractmethod
    def narrate(self, events):
        """Readable log lines for `events`, visible to everyone."""

    def narrate_move(self, seat, action, events):
        """Log lines for one move: `narrate(events)` unless a move without events needs saying (a pass)."""
        return self.narrate(events)

    def narrate_cells(self, seat, action, events):
        """The board cells each line of `narrate_move` speaks of: one list of (x, y) a line, in the same order
        (empty for a line about no cell), so a page can point them out on the board instead of writing
        coordinates; None (the default) for a game without such cells."""
        return None

    @abstractmethod
    def bot_action(self, seat, kind, seed):
        """The action a bot of `kind` takes for `seat`, chosen among the legal ones (deterministic for `seed`)."""

    @abstractmethod
    def final_table(self):
        """One row per seat once the game is over: {"seat", "name", "rank", "score", "details"}."""


class Ruleset(ABC):
    """A game the platform can host. Subclasses are registered in `games.rulesets.registry`."""

    slug = ""
    name = ""
    bot_kinds = ()             # bots a host may seat, weakest first
    autopilot_bot = ""         # the bot that stands in for an absent or too slow player
    bot_labels = {}            # bot kind -> its name for people (a lazy translation; the kind is the wire token)
    same_view_for_all = False  # True when no seat sees anything the others do not
    board_script = ""          # static path of the page script that draws this game's board
    board_parts = ()           # static paths of the scripts the board script needs, loaded before it in order
    form_script = ""           # static path of a script for its options on the create form (optional)
    tutorial_script = ""       # static path of its hint table for the guided first game (none: no guided game)
    options_form = None        # a django Form class whose cleaned_data feeds `clean_options`

    def bot_label(self, kind):
        """A bot's name in the active language ("income" -> "Income", in French "Rentier")."""
        return str(self.bot_labels.get(kind) or str(kind).capitalize())

    def bot_choices(self):
        """(kind, name) of the bots a host may seat, for a picker."""
        return [(kind, self.bot_label(kind)) for kind in self.bot_kinds]

    def warm_up(self):
        """Build, once per server process and before it serves, what the first game would otherwise build
        inside a player's move (parsers, tables, lazily imported modules). By default nothing."""

    def refusal_text(self, code, message):
        """A refusal (`RuleViolation(message, code)`) as the page shows it, in the active language; the RPC API
        answers `message` itself. By default the message as it is."""
        return message

    @abstractmethod
    def clean_options(self, raw):
        """Validate form data; return the options dict stored with the game or raise `OptionsInvalid`."""

    @abstractmethod
    def player_limits(self, options):
        """The (fewest, most) players these options allow."""

    def player_limit_hint(self, options):
        """A sentence appended when a player count is out of bounds, e.g. which option allows more players."""
        return ""

    def describe_options(self, options):
        """Short readable lines for the lobby."""
        return []

    def rules_view(self, rules):
        """The fixed data a page needs to draw this game (e.g. card names), sent once per page load."""
        return {}

    @abstractmethod
    def freeze_rules(self, options):
        """The rules data used for the whole game (e.g. its card set), read once at the start.

        Raise `RulesUnavailable` when no playable game can be built from it."""

    @abstractmethod
    def start(self, rules, options, seed, names):
        """The first `Match` of a game for players `names` in seat order (or `RulesUnavailable`)."""

    @abstractmethod
    def load(self, rules, state):
        """A `Match` from a stored state."""

    # `manage.py simulate`: bot games played by the engine alone, summed up as JSON. A game without it keeps
    # `simulator = False`.
    simulator = False

    def simulate(self, games, players, bots, seed, flags):
        """The JSON-ready summary of `games` games between `bots` (seat by seat) for `players` players, seeded
        `seed`; `flags` holds the command's other options (say, "extensions", "market", "chicken"). Raise
        `OptionsInvalid` for a game that cannot be played so."""
        raise NotImplementedError

    # The balance lab (stats.lab) plays many bot games with a card set; a game without it returns False.
    # Its figures beyond the common ones are described by `lab_figures` and `lab_tables` (games/rulesets/lab.py):
    # the lab computes, shows, compares and exports them without knowing the game.
    lab_bots = ()              # bots the lab may seat
    lab_drafts = False         # True when designers' drafts of the card set (cards.drafts) can be played
    lab_turn_limit = None      # turns after which a lab game stops without a winner (None: games always end)
    lab_figures = ()           # lab.Figure: rates over the run's games
    lab_tables = ()            # lab.Table: per-card (or per-anything) tables

    @property
    def has_lab(self):
        return bool(self.lab_bots)

    def lab_default_bot(self):
        """The bot a lab seat starts with: the autopilot's if the lab has it, else the strongest."""
        return self.autopilot_bot if self.autopilot_bot in self.lab_bots else self.lab_bots[-1]

    def lab_option_fields(self):
        """{name: django form field} of this game's options on the lab's run form (say, its extensions)."""
        return {}

    def lab_form_options(self, data):
        """The lab options (JSON-ready, what `lab_clean_options` reads) from the form's cleaned data."""
        return {}

    def lab_clean_options(self, options):
        """(game options for `freeze_rules`/`lab_rules`, the settings a run stores besides players and bots)
        from lab options; raise `OptionsInvalid`. A run's stored settings are valid lab options again."""
        game_options = self.clean_options(options)
        return game_options, dict(game_options)

    def lab_describe(self, settings):
        """[(label, text)] of a run's game settings (not players and bots), in the active language."""
        return []

    def lab_rules(self, document, options):
        """Frozen rules like `freeze_rules`, from a card `document` (a designer's draft, when `lab_drafts`)."""
        raise NotImplementedError

    def lab_play(self, rules, settings, seed, start, stop, should_stop=None):
        """Play games start..stop-1 of a lab run seeded `seed`; return their tally.

        A tally holds whole-number counts only, nested in dicts, so chunks merge by summing. Every game's has
        games, unfinished, turns_sum, turns_squares, length_buckets {turns: games}, wins_by_seat {seat: wins},
        seats_by_bot and wins_by_bot; then the counts its `lab_figures` and `lab_tables` read (Machi Koro:
        cards {slug: {buyers, buyer_wins, first_buy_turns, ...}}, landmarks {slug: {built, rank_sum, ranks}}).
        """
        raise NotImplementedError

    def lab_names(self, rules):
        """The slugs of the tables' rows to their English names, stored with the result."""
        return {}

    def lab_namer(self, rules):
        """A function (slug, stored name) -> the row's name in the active language, for a result's pages."""
        return lambda slug, stored=None: stored or slug
