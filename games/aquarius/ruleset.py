"""Aquarius on the platform: a thin adapter over the rules engine (games.aquarius.engine), which decides everything.

The deck is frozen into the game when it starts (`Game.rules`: {"key", "deck", "cards"}); compiled decks
are cached per process by the hash of that frozen list. Seats are the platform's positions 0..n-1.
"""
import hashlib
import json
from collections import OrderedDict
from threading import Lock

from django import forms
from django.utils.translation import gettext_lazy as _, ngettext, pgettext_lazy

from cards.aquarius.data import DeckMissing, aquarius_decks, frozen_deck
from cards.language import current_language
from games.aquarius import engine
from games.aquarius.engine import lab
from games.aquarius.engine.bots import BOTS, make_bot
from games.aquarius.text import (ACTION_NAMES, OPTION_PROBLEMS, action_label, card_title, goal_title, narrate,
                                  narrate_marked, refusal_text)
from games.rulesets.base import Match, OptionsInvalid, Ruleset, RulesUnavailable, RuleViolation, Standing
from games.rulesets.lab import GAMES, Chart, Column, Figure, Table

_CACHE_SIZE = 16
OFFICIAL_DECK = "first-edition"


def deck_choices():
    """The Aquarius decks in the card database: the official one and designers' variants."""
    return [(d.slug, d.name) for d in aquarius_decks()] or [(OFFICIAL_DECK, "Aquarius (First Edition)")]


class AquariusOptionsForm(forms.Form):
    chicken = forms.BooleanField(
        required=False, label=_("Aqua-Chicken: nobody sees their goal until they choose to look"),
        help_text=_("The last player to look wins the side game."),
    )
    deck = forms.ChoiceField(required=False, label=_("Deck"), initial=OFFICIAL_DECK,
                             help_text=_("The official First Edition deck, or a designer's variant."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["deck"].choices = deck_choices()


class _DeckCache:
    def __init__(self):
        self._decks = OrderedDict()
        self._lock = Lock()

    def get(self, rules):
        key = rules["key"]
        with self._lock:
            if key in self._decks:
                self._decks.move_to_end(key)
                return self._decks[key]
        deck = engine.Deck.from_data(rules["cards"])
        with self._lock:
            self._decks[key] = deck
            while len(self._decks) > _CACHE_SIZE:
                self._decks.popitem(last=False)
        return deck


DECKS = _DeckCache()


def freeze(cards, deck_slug):
    """The frozen rules for a list of card dicts."""
    text = json.dumps(cards, sort_keys=True, ensure_ascii=True)
    return {"key": hashlib.sha256(text.encode()).hexdigest()[:24], "deck": deck_slug, "cards": cards}


class AquariusMatch(Match):
    def __init__(self, state):
        self.state = state

    def dump(self):
        return self.state.to_json()

    def progress(self):
        s = self.state
        if s.over:
            return Standing(to_act=(), turn=s.turn, over=True, winners=tuple(s.winners))
        return Standing(to_act=(s.to_act,), turn=s.turn)

    def may_act(self, seat, action):
        return engine.may_act(self.state, seat, action)

    def legal_actions(self, seat):
        return engine.legal_actions(self.state, seat)

    def can_move(self, seat):
        return engine.can_move(self.state, seat)

    def apply(self, seat, action):
        try:
            new_state, events = engine.apply(self.state, action, seat)
        except engine.IllegalMove as exc:
            raise RuleViolation(exc.message, exc.code) from None
        return AquariusMatch(new_state), events

    def view(self, seat):
        return engine.view_for(self.state, seat)

    def visible_events(self, events, seat):
        return engine.visible_events(events, seat)

    def opening_events(self):
        """The dealing events of the game (every seat's hand and goal, the start card, the first turn)."""
        return list(self.state.opening)

    def label(self, action):
        return action_label(self.state, action)

    def narrate(self, events):
        return narrate(self.state, events)

    def narrate_cells(self, seat, action, events):
        """The board cells each line of `narrate_move` speaks of (games.aquarius.text.narrate_marked)."""
        return [cells for _line, cells in narrate_marked(self.state, events)]

    def bot_action(self, seat, kind, seed):
        return make_bot(kind, seed).choose(self.state, seat)

    def final_table(self):
        s = self.state
        best = s.board.best
        rows = []
        for seat, rank in engine.final_ranking(s):
            goal = s.goals[seat]
            details = f"goal {engine.cards.ELEMENT_NAMES[goal]}, largest group {best[goal]}"
            if s.chicken_last == seat:
                details += ", looked last (Aqua-Chicken)"
            # The page words a row from its goal and group in the reader's language (static/js/boards/aquarius.js);
            # `details` stays for programs and for what reads older results.
            rows.append({"seat": seat, "name": s.names[seat], "score": best[goal], "details": details, "rank": rank,
                         "goal_element": engine.cards.ELEMENTS[goal], "looked_last": s.chicken_last == seat})
        return rows


class AquariusRuleset(Ruleset):
    slug = "aquarius"
    name = "Aquarius"
    bot_kinds = tuple(BOTS)              # weakest first
    autopilot_bot = tuple(BOTS)[-1]
    bot_labels = {"random": pgettext_lazy("bot", "Random"), "greedy": pgettext_lazy("bot", "Greedy"),
                  "strong": pgettext_lazy("bot", "Strong")}
    same_view_for_all = False
    board_script = "js/boards/aquarius.js"
    tutorial_script = "js/boards/aquarius-tutorial.js"
    # The board's modules, in the order they need each other (static/js/boards/aquarius.js puts them together).
    board_parts = tuple(f"js/boards/aquarius/{name}.js"
                        for name in ("cards", "state", "view", "input", "table", "panels", "hand", "motion"))
    options_form = AquariusOptionsForm

    def clean_options(self, raw):
        chicken = raw.get("chicken", False)
        try:
            engine.check_options({"chicken": chicken})
        except engine.OptionsError as exc:
            raise OptionsInvalid({exc.field: [str(OPTION_PROBLEMS.get(exc.code, exc))]}) from None
        deck = raw.get("deck") or OFFICIAL_DECK
        if deck != OFFICIAL_DECK and deck not in dict(deck_choices()):
            raise OptionsInvalid({"deck": [f"There is no Aquarius deck {deck!r}."]})
        return {"chicken": chicken, "deck": deck}

    def player_limits(self, options):
        return engine.MIN_PLAYERS, engine.MAX_PLAYERS

    def describe_options(self, options):
        lines = ["Aqua-Chicken: goals stay secret until looked at"] if options.get("chicken") else []
        if options.get("deck", OFFICIAL_DECK) != OFFICIAL_DECK:
            lines.append(f"Deck: {dict(deck_choices()).get(options['deck'], options['deck'])}")
        return lines

    def freeze_rules(self, options):
        """The deck chosen in the options, read from the card database now and frozen with the game
        (`RulesUnavailable` when it is not in the database or cannot be played)."""
        try:
            slug, cards = frozen_deck(options.get("deck") or OFFICIAL_DECK)
        except DeckMissing as exc:
            raise RulesUnavailable(str(exc)) from None
        try:
            engine.Deck.from_data(cards)
        except engine.DeckError as exc:
            raise RulesUnavailable(f"the Aquarius deck {slug!r} cannot be played: {exc}") from None
        return freeze(cards, slug)

    def card_set_problems(self):
        """{choice key: (label, why a game of it could not start or None, the reason's code, its params)}: the
        official deck at the fewest and most players, with the cards in the database now. The card database refuses
        a write that breaks a choice which could start, wording the reason from its code and params in the reader's
        language (cards/integrity.py); designers' variant decks are theirs to shape."""

        def coded(text):
            """(code, params) of a refusal: the cases a designer's write causes, else its text as detail."""
            prefix = f"the Aquarius deck {OFFICIAL_DECK!r} cannot be played: "
            detail = text.removeprefix(prefix)
            if text == f"the Aquarius deck {OFFICIAL_DECK!r} is not loaded (run manage.py load_cards)":
                return "deck_missing", {"deck": OFFICIAL_DECK}
            words = detail.split()
            if detail.startswith("a deck of ") and " is too small for " in detail and words[3].isdigit():
                return "deck_too_small", {"deck": OFFICIAL_DECK, "cards": int(words[3]), "players": int(words[-2])}
            if detail == "a deck needs element cards":
                return "deck_without_elements", {"deck": OFFICIAL_DECK}
            if detail == "no element card is left in the draw pile for the start card":
                return "no_start_card", {"deck": OFFICIAL_DECK}
            return "deck_invalid", {"deck": OFFICIAL_DECK, "detail": detail}

        options = self.clean_options({})
        label = dict(deck_choices()).get(OFFICIAL_DECK, OFFICIAL_DECK)
        try:
            rules, reason = self.freeze_rules(options), None
        except RulesUnavailable as exc:
            rules, reason = None, str(exc)
        problems = {}
        for players in self.player_limits(options):
            found = reason
            if rules is not None:
                try:
                    self.start(rules, options, 0, [f"Player {n + 1}" for n in range(players)])
                except (RulesUnavailable, RuleViolation) as exc:
                    found = str(exc)
            code, params = coded(found) if found else (None, {})
            problems[(OFFICIAL_DECK, players)] = (
                ngettext("%(choice)s, %(count)d player", "%(choice)s, %(count)d players", players)
                % {"choice": label, "count": players}, found, code, params)
        return problems

    def refusal_text(self, code, message):
        return refusal_text(code, message)

    def rules_view(self, rules):
        """The frozen deck for the board, with each card's name and each goal's in the active language
        (games.aquarius.text.card_title, goal_title): the page names cards only by these, never by their ids."""
        return {"deck": rules.get("deck", ""),
                "cards": {c["id"]: {**{k: c.get(k) for k in ("kind", "panels", "action")},
                                    "name": card_title(c.get("kind"), c.get("panels"), c.get("action"))}
                          for c in rules["cards"]},
                "goal_names": {letter: goal_title(letter) for letter in engine.cards.ELEMENTS}}

    def deck(self, rules):
        return DECKS.get(rules)

    def start(self, rules, options, seed, names):
        try:
            state = engine.new_game(self.deck(rules), seed, list(names), chicken=options.get("chicken", False))
        except engine.IllegalMove as exc:
            raise RuleViolation(exc.message, exc.code) from None
        except engine.DeckError as exc:   # a deck too small for this many players
            raise RulesUnavailable(f"the Aquarius deck {rules.get('deck', '')!r} cannot be played: {exc}") from None
        return AquariusMatch(state)

    def load(self, rules, state):
        return AquariusMatch(engine.GameState.from_json(state, self.deck(rules)))

    simulator = True

    def simulate(self, games, players, bots, seed, flags):
        unknown = [b for b in bots if b not in engine.BOTS]
        if not bots or unknown:
            raise OptionsInvalid({"bots": [f"unknown bot(s) {', '.join(unknown)}; choose from {', '.join(engine.BOTS)}"]})
        if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
            raise OptionsInvalid({"players": [f"Aquarius is played by {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} "
                                              f"players"]})
        return engine.simulate(engine.load_deck(), games, players, bots, seed=seed, chicken=flags["chicken"])

    # The balance lab: the games are played by games/aquarius/engine/lab.py. Drafts (cards.drafts) are Machi Koro's:
    # a run plays a deck of the card database, the official one or a designer's variant.
    lab_bots = tuple(BOTS)
    lab_figures = (
        Figure("shared_wins", _("Games with a shared win"), "shared", csv="games with a shared win"),
        Figure("blocked", _("Games that ended with no move left (the goals closest to seven win)"), "blocked",
               csv="games ended with no move left"),
    )
    lab_tables = (
        Table("actions", title=_("Action cards"), row_label=_("Action card"),
              caption=_("By action card: how often it was played, and the win rate of the players who played it"),
              columns=(
                  Column("played", _("Times played"), "count", ("played",)),
                  Column("per_game", _("Played per game"), "mean", ("played", "played_squares", GAMES), digits=2,
                         csv="plays per game"),
                  Column("players", _("Players who played it"), "count", ("players",)),
                  Column("player_win_rate", _("Their win rate"), "rate", ("player_wins", "players"),
                         csv="win rate of players who played it",
                         compare=_("Win rate of players who played %(card)s")),
              ),
              chart=Chart("player_win_rate", _("Win rate of players who played the card"), _("Players' win rate (%)"),
                          _("Bar chart: win rate of the players who played each action card. The table below has "
                            "the numbers."))),
        Table("goal_trades", title=_("Goal trades"), row_label=_("Player"),
              caption=_("How often the player who played Trade Goals, and the player it traded with, won the game"),
              columns=(
                  Column("trades", _("Goal trades"), "count", ("trades",)),
                  Column("win_rate", _("Win rate"), "rate", ("wins", "trades"), csv="win rate after a goal trade",
                         compare=_("Win rate after a goal trade: %(card)s")),
              )),
    )
    LAB_TRADE_SIDES = {"by": _("The player who traded"), "with": _("The player traded with")}

    def lab_option_fields(self):
        form = AquariusOptionsForm()
        return {"deck": form.fields["deck"], "chicken": form.fields["chicken"]}

    def lab_form_options(self, data):
        return {"deck": data.get("deck") or OFFICIAL_DECK, "chicken": bool(data.get("chicken"))}

    def lab_describe(self, settings):
        deck = settings.get("deck", OFFICIAL_DECK)
        lines = [(_("Deck"), dict(deck_choices()).get(deck, deck))]
        if settings.get("chicken"):
            lines.append((_("Variant"), _("Aqua-Chicken")))
        return lines

    def lab_play(self, rules, settings, seed, start, stop, should_stop=None):
        return lab.play_chunk(self.deck(rules), settings, seed, start, stop, should_stop)

    def lab_names(self, rules):
        """Each action by its card's name in the frozen deck (English), and the sides of a goal trade."""
        names = {c["action"]: c.get("name") or c["action"] for c in reversed(rules["cards"]) if c.get("action")}
        return {**names, **{side: str(label) for side, label in self.LAB_TRADE_SIDES.items()}}

    def lab_namer(self, rules):
        def name(slug, stored=None):
            if slug in self.LAB_TRADE_SIDES:
                return str(self.LAB_TRADE_SIDES[slug])
            if slug in engine.ACTIONS:   # the frozen deck's English name, else the action card's name
                return stored if stored and current_language() == "en" else str(ACTION_NAMES[slug])
            return stored or slug
        return name


AQUARIUS = AquariusRuleset()
