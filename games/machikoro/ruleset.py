"""Machi Koro on the platform: a thin adapter over the rules engine (games.machikoro.engine), which decides everything.

The card set is read from the card database when a game starts and frozen in the game (`Game.rules`);
compiled card sets are cached per process by the hash of that frozen document, so a move does not
re-parse card effects.
"""
import hashlib
import json
import weakref
from collections import OrderedDict
from threading import Lock

from django.utils.translation import get_language, gettext as _, ngettext, pgettext_lazy

from cards.effects import EffectError, explain, parse
from cards.machikoro.export import document as machikoro_document
from cards.language import current_language, localized_name
from cards.models import CardGame
from cards.machikoro.models import Establishment, Landmark
from games.machikoro import engine, lab as machikoro_lab
from games.machikoro.engine import CardSetError, IllegalActionError, NotYourTurnError, OptionsError, SerialisationError
from games.machikoro.engine import gauntlet as engine_gauntlet
from games.machikoro.engine.strategies import STRATEGIES
from games.machikoro.forms import MachiKoroOptionsForm
from games.machikoro.text import action_label, narrate, option_problem
from games.rulesets.base import Match, OptionsInvalid, Ruleset, RulesUnavailable, RuleViolation, Standing

BASE = "base"
_CACHE_SIZE = 16


class _CardSetCache:
    """Compiled card sets by frozen-document hash: immutable data derived from the database, never game state."""

    def __init__(self):
        self._sets = OrderedDict()
        self._lock = Lock()

    def get(self, rules):
        key = rules["key"]
        with self._lock:
            found = self._sets.get(key)
            if found is not None:
                self._sets.move_to_end(key)
                return found
        card_set = engine.CardSet.from_data(rules["cards"], rules["extensions"])
        with self._lock:
            self._sets[key] = card_set
            while len(self._sets) > _CACHE_SIZE:
                self._sets.popitem(last=False)
        return card_set


CARD_SETS = _CardSetCache()
CHECKED_SETS = _CardSetCache()  # the card database's checks (card_set_problems): live games' sets stay cached


def _frozen_rules(document, options):
    """The rules a game of `options` freezes: the document (changed in place) cut to the cards in play."""
    extensions = list(options["extensions"])
    # Keep only the cards in play: the frozen set is stored with every game.
    document["establishments"] = [c for c in document["establishments"] if c["extension"] in extensions]
    document["landmarks"] = [c for c in document["landmarks"] if c["extension"] in extensions]
    text = json.dumps(document, sort_keys=True, ensure_ascii=True)
    return {"key": hashlib.sha256(text.encode()).hexdigest()[:24], "extensions": extensions, "cards": document}


def _players_label(choice, players):
    return ngettext("%(choice)s, %(count)d player", "%(choice)s, %(count)d players", players) % {
        "choice": choice, "count": players}


_LABELS_PER_CARD_SET = 4096
_labels = weakref.WeakKeyDictionary()   # card set -> {(language, action, names): label}; dies with the set


def _cached_label(state, action):
    """A button label, worded once per card set, language and action: every update sends the acting
    player's labelled actions in each site language, and the same few actions recur all game long."""
    try:
        items = tuple(sorted(action.items()))
        hash(items)
    except (AttributeError, TypeError):   # not a flat action: word it, keep nothing
        return action_label(state, action)
    names = tuple(p.name for p in state.players) if "opponent" in action else None
    key = (get_language(), items, names)
    labels = _labels.get(state.card_set)
    if labels is None:
        labels = _labels.setdefault(state.card_set, {})
    label = labels.get(key)
    if label is None:
        if len(labels) >= _LABELS_PER_CARD_SET:
            labels.clear()
        label = labels[key] = action_label(state, action)
    return label


class MachiKoroMatch(Match):
    def __init__(self, state):
        self.state = state

    def dump(self):
        return self.state.to_json()

    def progress(self):
        state = self.state
        if state.over:
            winners = () if state.winner is None else (state.winner,)
            return Standing(to_act=(), turn=state.turn, over=True, winners=winners)
        return Standing(to_act=(state.to_act,), turn=state.turn)

    def may_act(self, seat, action):
        return engine.may_act(self.state, seat, action)

    def legal_actions(self, seat):
        if self.state.over or seat != self.state.to_act:
            return []
        return [a.to_json() for a in engine.legal_actions(self.state)]

    def apply(self, seat, action):
        try:
            parsed = engine.Action.from_json(action)
        except SerialisationError as exc:
            raise RuleViolation(f"Unknown or malformed action: {exc}", "unknown_action") from None
        try:
            new_state, events = engine.apply(self.state, parsed, seat)
        except NotYourTurnError as exc:
            raise RuleViolation(_("It is not your turn."), exc.code) from None
        except IllegalActionError as exc:
            raise RuleViolation(_("%(action)s: not possible now (%(reason)s).") % {
                "action": action_label(self.state, action), "reason": exc}, exc.code) from None
        return MachiKoroMatch(new_state), [e.to_json() for e in events]

    def view(self, seat):
        data = engine.view_for(self.state, seat)
        data.pop("legal_actions", None)  # the platform sends the acting seat its labelled actions
        return data

    def label(self, action):
        return _cached_label(self.state, action)

    def narrate(self, events):
        return narrate(self.state, events)

    def narrate_move(self, seat, action, events):
        lines = narrate(self.state, events)
        if isinstance(action, dict) and action.get("type") == "pass" and isinstance(seat, int) and 0 <= seat < len(self.state.players):
            lines.insert(0, _("%(player)s builds nothing.") % {"player": self.state.players[seat].name})
        return lines

    def bot_action(self, seat, kind, seed):
        bot = engine.make_bot(kind, seed)
        return bot.choose(self.state, engine.legal_actions(self.state)).to_json()

    def final_table(self):
        state = self.state
        cs = state.card_set
        required = cs.win_landmarks
        rows = []
        for seat, rank in engine.final_ranking(state):
            player = state.players[seat]
            built = sum(1 for i in required if player.built[i])
            rows.append({
                "seat": seat, "name": player.name, "score": built, "coins": player.coins,
                # The numbers of `details` too, so each page words them in its own language.
                "landmarks": [built, len(required)], "establishments": sum(player.cards),
                "details": f"{built}/{len(required)} landmarks, {_plural(player.coins, 'coin')}, "
                           f"{_plural(sum(player.cards), 'establishment')}",
                "rank": rank,
            })
        return rows


class MachiKoroRuleset(Ruleset):
    slug = "machikoro"
    name = pgettext_lazy("game", "Machi Koro")  # Minivilles in French
    bot_kinds = tuple(engine.BOTS)  # weakest first: random, greedy, income, the named strategies, search
    autopilot_bot = "income"
    bot_labels = {"random": pgettext_lazy("bot", "Random"), "greedy": pgettext_lazy("bot", "Greedy"),
                  "income": pgettext_lazy("bot", "Income"), "search": pgettext_lazy("bot", "Search"),
                  # The named strategies (engine/strategies.py, docs/strategies.md)
                  "cheese-factory": pgettext_lazy("bot", "Cheese Factory strategy"),
                  "bakery": pgettext_lazy("bot", "Bakery strategy"),
                  "convenience-store": pgettext_lazy("bot", "Convenience Store strategy"),
                  "one-die-spread": pgettext_lazy("bot", "One-Die Spread strategy"),
                  "furniture-factory": pgettext_lazy("bot", "Furniture Factory strategy"),
                  "fruit-market": pgettext_lazy("bot", "Fruit Market strategy")}
    same_view_for_all = True
    # The board's compact pieces, loaded before it, and what a move changed, animated (static/js/motion.js).
    board_parts = ("js/boards/machikoro/tiles.js", "js/boards/machikoro-motion.js")
    board_script = "js/boards/machikoro.js"
    tutorial_script = "js/boards/machikoro-tutorial.js"
    form_script = "js/forms/machikoro.js"
    options_form = MachiKoroOptionsForm

    def clean_options(self, raw):
        extensions = [BASE, *[e for e in raw.get("extensions", []) if e != BASE]]
        if "market_rule" in raw:   # the create form's fields
            market = raw.get("stacks") if raw.get("market_rule") else engine.ALL_STACKS
        else:   # stored options (a lobby's option change keeps the market it had)
            market = raw.get("market", engine.ALL_STACKS)
        if raw.get("market_rule") and market is None:
            raise OptionsInvalid({"stacks": [_("Choose how many stacks the market shows (10 to 15).")]})
        neighbours = bool(raw.get("neighbours_only"))
        try:
            options = engine.GameOptions(extensions=tuple(extensions), market=market, neighbours_only=neighbours)
            engine.check_options(options)
        except OptionsError as exc:
            raise OptionsInvalid({exc.field: [option_problem(exc)]}) from None
        return options.to_json()

    def player_limits(self, options):
        return engine.options.MIN_PLAYERS, engine.GameOptions.from_json(options).max_players

    def player_limit_hint(self, options):
        most = self.player_limits(options)[1]
        if most < 5:
            return " " + _("Add Harbor for a fifth player, or the 5–6 player box for six.")
        if most < 6:
            return " " + _("Add the 5–6 player box for six.")
        return ""

    def describe_options(self, options):
        names = {"harbor": _("Harbor"), "millionaires-row": _("Millionaire's Row"), "five-six": _("5–6 box"),
                 "promo": _("Promos")}
        extras = [names.get(e, e) for e in options["extensions"] if e != BASE]
        market = options["market"]
        lines = [
            _("Base game") + (" + " + ", ".join(extras) if extras else ""),
            _("Market: every stack") if market == engine.ALL_STACKS else _("Market: %(n)s stacks") % {"n": market},
        ]
        if options.get("neighbours_only"):
            lines.append(_("Neighbours-only payments"))
        return lines

    def freeze_rules(self, options):
        try:
            document = machikoro_document()
        except CardGame.DoesNotExist:
            raise RulesUnavailable("the Machi Koro cards are not loaded (run manage.py load_cards)") from None
        return self.lab_rules(document, options)

    def lab_rules(self, document, options):
        rules = {**_frozen_rules(document, options), "images": card_images()}
        self.card_set(rules)  # built (and cached) now: a card the engine cannot play stops the start here
        return rules

    def card_set_problems(self):
        """{choice key: (label, why a game of it could not start or None, the reason's code, its params)} for the
        cards in the database now: the base game alone, with each extension, with all of them, at the fewest and
        most players. The card database refuses a write that breaks a choice which could start, wording the reason
        from its code and params in the reader's language (cards/integrity.py); the English text is the engine's."""

        def coded(text):
            """(code, params) of an engine's refusal: the cases a designer's write causes, else its text as detail."""
            detail = text.removeprefix("the card set cannot be played: ")
            card, _sep, problem = detail.partition(": ")
            if detail.startswith("starting card '") and "' is not in the extensions " in detail:
                slug, _sep, extensions = detail.removeprefix("starting card '").partition("' is not in the extensions ")
                return "starting_card_missing", {"card": slug, "extensions": extensions}
            if detail.startswith("the extensions ") and detail.endswith(" hold no landmark to build for the win"):
                extensions = detail.removeprefix("the extensions ").removesuffix(" hold no landmark to build for the win")
                return "no_landmark_to_win", {"extensions": extensions}
            if problem.startswith("unknown landmark '"):
                return "unknown_landmark", {"card": card, "landmark": problem.removeprefix("unknown landmark '")[:-1]}
            if problem.startswith("effect '") and "' does not parse: " in problem:
                effect, _sep, error = problem.removeprefix("effect '").rpartition("' does not parse: ")
                return "effect_does_not_parse", {"card": card, "effect": effect, "error": error}
            if problem.startswith("no establishment is called '"):
                return "unknown_establishment", {"card": card,
                                                 "establishment": problem.removeprefix("no establishment is called '")[:-1]}
            return "card_set_invalid", {"detail": detail}

        try:
            document = machikoro_document()
        except CardGame.DoesNotExist:
            reason = "the Machi Koro cards are not loaded"
            return {((BASE,), players): (_players_label(_("Base game"), players), reason, "cards_not_loaded", {})
                    for players in self.player_limits(self.clean_options({}))}
        others = [e["slug"] for e in document["extensions"] if e["slug"] != BASE]
        problems = {}
        for mix in dict.fromkeys([(), *((e,) for e in others), tuple(others)]):
            options = self.clean_options({"extensions": list(mix)})
            label = self.describe_options(options)[0]
            try:
                card_set = self.card_set(_frozen_rules(dict(document), options), cache=CHECKED_SETS)
                reason = None
            except RulesUnavailable as exc:
                card_set, reason = None, str(exc)
            for players in self.player_limits(options):
                found = reason
                if card_set is not None:
                    try:
                        self._new_match(card_set, options, 0, [f"Player {n + 1}" for n in range(players)])
                    except RulesUnavailable as exc:
                        found = str(exc)
                code, params = coded(found) if found else (None, {})
                problems[(tuple(options["extensions"]), players)] = (_players_label(label, players), found, code, params)
        return problems

    def rules_view(self, rules):
        """The faces in the active language (a French and an English player at one table each see theirs)."""
        # Pictures are outside the card set's key: they are part of the cache key here, as is the language.
        language = current_language()
        return _rules_view((rules["key"], tuple(sorted(rules.get("images", {}).items())), language), rules, language)

    simulator = True

    def simulate(self, games, players, bots, seed, flags):
        unknown = [b for b in bots if b not in engine.BOTS]
        if not bots or unknown:
            raise OptionsInvalid({"bots": [f"unknown bot(s) {', '.join(unknown)}; choose from {', '.join(engine.BOTS)}"]})
        market = flags["market"]
        if market != engine.ALL_STACKS:
            try:
                market = int(market)
            except ValueError:
                raise OptionsInvalid({"market": [f"--market must be 'all' or a number from {engine.options.MIN_STACKS} "
                                                 f"to {engine.options.MAX_STACKS}"]}) from None
        extensions = [e.strip() for e in flags["extensions"].split(",") if e.strip()]
        try:
            return engine.simulate(engine.load_card_set(extensions), games, players, bots, seed=seed,
                                   extensions=extensions, market=market, neighbours_only=flags["neighbours_only"],
                                   jobs=flags["jobs"])
        except engine.EngineError as exc:
            raise OptionsInvalid({"__all__": [str(exc)]}) from exc

    # The balance lab: options, figures and names in lab.py, the games in games/machikoro/engine/lab.py.
    lab_bots = tuple(engine.BOTS)
    lab_drafts = True
    lab_turn_limit = 2000      # games/machikoro/engine/lab.py's default max_turns
    lab_tables = (machikoro_lab.CARDS, machikoro_lab.LANDMARKS)

    def lab_option_fields(self):
        return machikoro_lab.option_fields()

    def lab_form_options(self, data):
        return machikoro_lab.form_options(data)

    def lab_clean_options(self, options):
        game_options = self.clean_options(machikoro_lab.raw_options(options))
        settings = {"extensions": list(game_options["extensions"]), "market": game_options["market"]}
        if options.get("gauntlet") is not None:
            settings["gauntlet"] = machikoro_lab.clean_gauntlet(options["gauntlet"], self.player_limits(game_options))
        return game_options, settings

    def lab_describe(self, settings):
        return machikoro_lab.describe(settings)

    def lab_play(self, rules, settings, seed, start, stop, should_stop=None):
        if settings.get("gauntlet"):
            return engine_gauntlet.play_chunk(self.card_set(rules), settings, seed, start, stop, should_stop)
        return engine.lab.play_chunk(self.card_set(rules), settings, seed, start, stop, should_stop)

    # Gauntlets (stats/lab/gauntlet*.py): a lab run whose settings hold "gauntlet" {"players": [N, ...],
    # "games_per_pairing": G} plays every bot of its "bots" against every other (engine/gauntlet.py); its tally
    # adds "gauntlet" {N: {A: {B: {games, wins, unfinished, turns}}}}.
    lab_gauntlet_bots = tuple(engine.BOTS)                 # the bots a gauntlet may enter
    lab_gauntlet_default = tuple(s.name for s in STRATEGIES)   # the ones it enters unless told

    def lab_gauntlet_games(self, bots, player_counts, games_per_pairing):
        return engine_gauntlet.game_count(bots, player_counts, games_per_pairing)

    def lab_names(self, rules):
        cards = rules["cards"]
        return {c["slug"]: localized_name(c) for c in cards["establishments"] + cards["landmarks"]}

    def lab_namer(self, rules):
        return machikoro_lab.card_namer(rules)

    def card_set(self, rules, cache=CARD_SETS):
        try:
            return cache.get(rules)
        except (CardSetError, OptionsError) as exc:
            raise RulesUnavailable(f"the card set cannot be played: {exc}") from None

    def start(self, rules, options, seed, names):
        return self._new_match(self.card_set(rules), options, seed, names)

    def _new_match(self, card_set, options, seed, names):
        # The set may lack what every game needs (a starting card moved or deleted behind the card database's
        # back): the engine's OptionsError is then the set's fault, told to the players like any other.
        try:
            return MachiKoroMatch(engine.new_game(card_set, engine.GameOptions.from_json(options), seed, list(names)))
        except (CardSetError, OptionsError) as exc:
            raise RulesUnavailable(f"the card set cannot be played: {exc}") from None

    def load(self, rules, state):
        return MachiKoroMatch(engine.GameState.from_json(state, self.card_set(rules)))

    def warm_up(self):
        # The effect grammar's parser (its LALR tables: 40 ms of CPU on a quiet core, a 100 ms stall for the
        # whole process when built inside a busy server's first move) and the modules explaining imports.
        explain(parse("c 1", game="machi-koro"))


def _plural(count, word):
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def card_images():
    """Uploaded card pictures by slug: the faces show them in place of the drawn art."""
    images = {}
    for model in (Establishment, Landmark):
        for slug, image in model.objects.exclude(image="").values_list("slug", "image"):
            images[slug] = model._meta.get_field("image").storage.url(image)
    return images


_VIEWS = OrderedDict()


def _rules_view(key, rules, language="en"):
    """What the board draws each card's face from (static/js/card-face.js), cached per frozen card set and language.

    A card set frozen before the French names were kept has no `name_fr`: its faces fall back to English."""
    found = _VIEWS.get(key)
    if found is not None:
        return found
    def words(card, facts=None):
        try:
            return explain(parse(card.get("effect") or "", game="machi-koro"), card=facts,
                           language=language) if card.get("effect") else ""
        except EffectError:
            return ""

    cards = rules["cards"]
    images = rules.get("images", {})
    icons = {i["slug"]: i for i in cards["icons"]}
    colours = {c["slug"]: localized_name(c, language) or c["slug"] for c in cards["colours"]}
    keep = ("cost", "colour", "icon", "activation_min", "activation_max", "major", "description")
    view = {"establishments": {}, "landmarks": {}, "language": language}
    for c in cards["establishments"]:
        icon = icons.get(c["icon"], {})
        facts = {"colour": c["colour"], "activation": list(range(c["activation_min"], c["activation_max"] + 1))}
        view["establishments"][c["slug"]] = {
            **{k: c.get(k) for k in keep}, "name": localized_name(c, language), "kind": "establishment",
            "symbol": icon.get("symbol", ""), "icon_name": localized_name(icon, language) or c["icon"],
            "colour_name": colours.get(c["colour"], c["colour"]),
            "text": words(c, facts) or c.get("description", ""), "image": images.get(c["slug"], ""),
        }
    for c in cards["landmarks"]:
        view["landmarks"][c["slug"]] = {
            **{k: c.get(k) for k in ("cost", "description", "starts_built", "counts_toward_win")},
            "name": localized_name(c, language), "kind": "landmark", "text": words(c) or c.get("description", ""),
            "image": images.get(c["slug"], ""),
        }
    with _VIEWS_LOCK:
        _VIEWS[key] = view
        while len(_VIEWS) > _CACHE_SIZE:
            _VIEWS.popitem(last=False)
    return view


_VIEWS_LOCK = Lock()

MACHI_KORO = MachiKoroRuleset()
