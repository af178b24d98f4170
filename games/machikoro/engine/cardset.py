"""The card set a game is played with: cards from the card-data format and their compiled effects.

`CardSet.from_data(data, extensions)` takes the structure of cards/data/machikoro.json (Django builds the
same dict from its models) and parses every effect string once. `restrict(extensions)` derives the set of
one game's extension mix from the same parsed trees, so no effect string is parsed while games run.
"""

import hashlib
import json

from cards.effects import EffectContext, parse
from cards.machikoro.vocabulary import VOCABULARY

from games.machikoro.engine import actions as A
from games.machikoro.engine import compile as C
from games.machikoro.engine.errors import CardSetError, OptionsError

STANDARD_STACK = 6          # copies of a non-major establishment whose data gives none
ACTIVATED_BY = ("others", "anyone", "owner")


class Colour:
    __slots__ = ("slug", "name", "activation_order", "activated_by", "rank")

    def __init__(self, slug, name, activation_order, activated_by, rank):
        self.slug = slug
        self.name = name
        self.activation_order = activation_order
        self.activated_by = activated_by
        self.rank = rank


class Establishment:
    """One establishment type. `index` is its position in the card set's lists."""

    __slots__ = ("index", "slug", "name", "name_fr", "names", "extension", "cost", "colour", "icon",
                 "activation_min", "activation_max", "copies", "major", "effect", "legs", "build_legs", "invest",
                 "choice", "bonus", "fast_gain", "data")

    def __init__(self, index, data):
        self.index = index
        self.data = data
        self.slug = data["slug"]
        self.name = data["name"]
        self.name_fr = data.get("name_fr", "")
        self.names = _names(data)
        self.extension = data["extension"]
        self.cost = data["cost"]
        self.colour = data["colour"]
        self.icon = data["icon"]
        self.activation_min = data["activation_min"]
        self.activation_max = data["activation_max"]
        self.major = bool(data.get("major", False))
        copies = data.get("copies")
        self.copies = STANDARD_STACK if copies is None else copies
        self.effect = data["effect"]
        self.legs = ()
        self.build_legs = ()
        self.invest = 0
        self.choice = False
        self.bonus = ()     # ((landmark index, extra coins), ...) from income.bonus landmarks
        self.fast_gain = 0  # N when the whole effect is an unconditional `c N` (engine fast path; + `bonus`)

    def __repr__(self):
        return f"<Establishment {self.slug}>"


class Landmark:
    __slots__ = ("index", "slug", "name", "name_fr", "names", "extension", "cost", "starts_built",
                 "counts_toward_win", "copies", "effect", "abilities", "data", "bonus")

    def __init__(self, index, data):
        self.index = index
        self.data = data
        self.slug = data["slug"]
        self.name = data["name"]
        self.name_fr = data.get("name_fr", "")
        self.names = _names(data)
        self.extension = data["extension"]
        self.cost = data["cost"]
        self.starts_built = bool(data.get("starts_built", False))
        self.counts_toward_win = bool(data.get("counts_toward_win", True))
        self.copies = data.get("copies")
        self.effect = data["effect"]
        self.abilities = None
        self.bonus = ()     # landmarks never receive an income bonus; lets legs treat both kinds alike

    def __repr__(self):
        return f"<Landmark {self.slug}>"


def _names(data):
    names = {data["slug"].lower(), data["name"].lower()}
    names.update(alias.lower() for alias in data.get("aliases", []))
    return frozenset(names)


class CardSet:
    """Cards of the chosen extensions, compiled. Build with `from_data`; never mutate."""

    def __init__(self, data, extensions, trees):
        self.data = data
        self.extensions = extensions
        self._trees = trees
        self._restricted = {}
        self.colours = {}
        for rank, colour in enumerate(data["colours"]):
            activated_by = colour.get("activated_by")
            if activated_by not in ACTIVATED_BY:
                raise CardSetError(f"colour {colour.get('slug')!r}: activated_by must be one of {ACTIVATED_BY}")
            self.colours[colour["slug"]] = Colour(colour["slug"], colour.get("name", colour["slug"]),
                                                  colour.get("activation_order", rank), activated_by, rank)
        chosen = set(extensions)
        self.establishments = tuple(Establishment(i, card) for i, card in
                                    enumerate(c for c in data["establishments"] if c["extension"] in chosen))
        self.landmarks = tuple(Landmark(i, card) for i, card in
                               enumerate(c for c in data["landmarks"] if c["extension"] in chosen))
        self.establishment_index = {e.slug: e.index for e in self.establishments}
        self.landmark_index = {l.slug: l.index for l in self.landmarks}
        self._check_cards()
        self._compile(data)
        self._index()
        self.fingerprint = _fingerprint(data, extensions)

    # ---- construction ---------------------------------------------------------------------------------------

    @classmethod
    def from_data(cls, data, extensions=None, parse=None):
        """Parse and compile the cards of `extensions` (default: every extension in the data).

        `parse(text) -> Effect` defaults to cards.effects.parse for Machi Koro with the data's names as
        context. Every problem is a CardSetError naming the card.
        """
        _check_document(data)
        known = [e["slug"] for e in data["extensions"]]
        if extensions is None:
            extensions = known
        extensions = _ordered_extensions(extensions, known)
        if parse is None:
            parse = _default_parser(data)
        trees = {}
        for card in data["establishments"] + data["landmarks"]:
            if card["extension"] not in extensions:
                continue
            text = card["effect"]
            if not text:
                raise CardSetError(f"{card['name']}: the effect is empty: every card needs one")
            if text not in trees:
                try:
                    trees[text] = parse(text)
                except Exception as exc:  # the grammar's EffectError or any parser failure
                    raise CardSetError(f"{card['name']}: effect {text!r} does not parse: {exc}") from exc
        return cls(data, tuple(extensions), trees)

    def restrict(self, extensions):
        """The card set of a subset of these extensions, compiled from the trees already parsed."""
        extensions = tuple(extensions)
        missing = [e for e in extensions if e not in self.extensions]
        if missing:
            raise OptionsError(f"extension(s) {', '.join(missing)} are not in this card set "
                               f"({', '.join(self.extensions)})")
        ordered = tuple(e for e in self.extensions if e in extensions)
        if ordered == self.extensions:
            return self
        cached = self._restricted.get(ordered)
        if cached is None:
            cached = self._restricted[ordered] = CardSet(self.data, ordered, self._trees)
        return cached

    def _check_cards(self):
        seen = set()
        for card in self.establishments + self.landmarks:
            if card.slug in seen:
                raise CardSetError(f"two cards share the slug {card.slug!r}")
            seen.add(card.slug)
        for e in self.establishments:
            if e.colour not in self.colours:
                raise CardSetError(f"{e.name}: unknown colour {e.colour!r}")
            for field in ("cost", "activation_min", "activation_max", "copies"):
                value = getattr(e, field)
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise CardSetError(f"{e.name}: {field} must be a whole number of 0 or more")
            if e.activation_min > e.activation_max:
                raise CardSetError(f"{e.name}: activation_min is above activation_max")
        for l in self.landmarks:
            if isinstance(l.cost, bool) or not isinstance(l.cost, int) or l.cost < 0:
                raise CardSetError(f"{l.name}: cost must be a whole number of 0 or more")

    def _compile(self, data):
        ctx = _compile_context(data, self.establishments, self.landmarks, self.colours)
        for landmark in self.landmarks:
            landmark.abilities = C.compile_landmark(self._trees[landmark.effect], landmark, ctx)
        for e in self.establishments:
            e.legs, e.build_legs, e.invest = C.compile_establishment(self._trees[e.effect], e, ctx)
            e.choice = any(leg.choice for leg in e.legs)
            e.bonus = tuple((l.index, l.abilities.bonus_amount) for l in self.landmarks
                            if e.index in l.abilities.bonus_indexes and l.abilities.bonus_amount)
            if len(e.legs) == 1 and type(e.legs[0]) is C.L.Gain and not e.legs[0].guards and e.legs[0].bonus:
                e.fast_gain = e.legs[0].amount

    def _index(self):
        """Precompute what the engine looks up every turn."""
        establishments = self.establishments
        self.max_total = max([e.activation_max for e in establishments] + [12])
        # activation[total] = ((activated_by, (establishment indexes in resolution order)), ...) with colour
        # groups in activation order (red, then blue, then green, then purple) and, inside a colour, cards by
        # activation number then data order.
        colours = sorted(self.colours.values(), key=lambda c: (c.activation_order, c.rank))
        self.activation = []
        for total in range(self.max_total + 1):
            groups = []
            for colour in colours:
                cards = sorted((e for e in establishments
                                if e.colour == colour.slug and e.activation_min <= total <= e.activation_max),
                               key=lambda e: (e.activation_min, e.index))
                if cards:
                    groups.append((colour.activated_by, tuple(e.index for e in cards)))
            self.activation.append(tuple(groups))
        # The same, with the card definitions at hand: what the engine loops over on every roll.
        self.activation_cards = [tuple((activated_by, tuple((i, establishments[i]) for i in cards))
                                       for activated_by, cards in groups) for groups in self.activation]
        landmarks = self.landmarks
        self.win_landmarks = tuple(l.index for l in landmarks if l.counts_toward_win)
        self.starting_landmarks = tuple(l.index for l in landmarks if l.starts_built)
        self.dice_landmarks = tuple((l.index, l.abilities.dice) for l in landmarks if l.abilities.dice)
        self.reroll_landmarks = tuple((l.index, l.abilities.rerolls) for l in landmarks if l.abilities.rerolls)
        self.adjust_landmarks = tuple(l.index for l in landmarks if l.abilities.adjust is not None)
        self.extra_turn_landmarks = tuple(l.index for l in landmarks if l.abilities.extra_turn)
        self.build_before_landmarks = tuple(l.index for l in landmarks if l.abilities.build_before)
        self.build_skip_landmarks = tuple(l.index for l in landmarks if l.abilities.build_skip)
        self.invest_cards = tuple(e.index for e in establishments if e.invest)
        # What the build phase offers, cheapest first so the scan stops at the first unaffordable card.
        self.buy_table = tuple((e.index, e.cost, e.major, A.Buy(e.slug))
                               for e in sorted(establishments, key=lambda e: (e.cost, e.index)))
        self.build_table = tuple((l.index, l.cost, A.Build(l.slug))
                                 for l in sorted(landmarks, key=lambda l: (l.cost, l.index)))
        self.buy_costs = tuple(row[1] for row in self.buy_table)
        self.build_costs = tuple(row[1] for row in self.build_table)
        # By coins held (the last entry, the dearest cost, serves any larger amount): what that many coins pay
        # for, in table order: affordable_builds[c] = ((landmark index, action), ...) and
        # affordable_buys[c] = ((establishment index, major, action), ...).
        self.max_cost = max(self.buy_costs + self.build_costs + (0,))
        self.affordable_builds = tuple(tuple((index, action) for index, cost, action in self.build_table
                                             if cost <= coins) for coins in range(self.max_cost + 1))
        self.affordable_buys = tuple(tuple((index, major, action) for index, cost, major, action in self.buy_table
                                           if cost <= coins) for coins in range(self.max_cost + 1))
        # Activation steps by (player count, roller, neighbours_only), filled by rules.activation_steps.
        self.step_tables = {}

    # ---- lookups --------------------------------------------------------------------------------------------

    def establishment(self, slug):
        try:
            return self.establishments[self.establishment_index[slug]]
        except KeyError:
            raise CardSetError(f"no establishment {slug!r} in this card set") from None

    def landmark(self, slug):
        try:
            return self.landmarks[self.landmark_index[slug]]
        except KeyError:
            raise CardSetError(f"no landmark {slug!r} in this card set") from None

    def card_by_slug(self, slug):
        index = self.establishment_index.get(slug)
        if index is not None:
            return self.establishments[index]
        return self.landmark(slug)

    def __repr__(self):
        return (f"<CardSet {'+'.join(self.extensions)}: {len(self.establishments)} establishments, "
                f"{len(self.landmarks)} landmarks>")

    def __reduce__(self):
        # Compiled closures do not pickle: a worker process rebuilds the set from its data instead.
        return (_rebuild, (self.data, self.extensions))


def _compile_context(data, establishments, landmarks, colours):
    return C.CompileContext(
        list(establishments), list(landmarks),
        frozenset(n for card in data["landmarks"] for n in _names(card)),
        frozenset(i["slug"] for i in data.get("icons", [])),
        frozenset(colours),
        frozenset(n for card in data["establishments"] for n in _names(card)),
    )


def check_card(data, kind, card, parse=None):
    """Raise CardSetError naming `card` when the engine could not play it beside the other cards of `data`.

    `kind` is "establishments" or "landmarks"; `card` (card-data format) replaces the card of `data` with its
    slug, or joins them. Only this card is parsed and compiled, so a fault elsewhere in `data` is not its own.
    """
    if kind not in ("establishments", "landmarks"):
        raise ValueError(f"kind must be establishments or landmarks, not {kind!r}")
    data = {**data, kind: [c for c in data[kind] if c.get("slug") != card.get("slug")] + [card]}
    name = card.get("name") or card.get("slug") or "?"
    text = card.get("effect")
    if not isinstance(text, str) or not text:
        raise CardSetError(f"{name}: the effect is empty: every card needs one")
    try:
        tree = (parse or _default_parser(data))(text)
    except Exception as exc:  # the grammar's EffectError or any parser failure
        raise CardSetError(f"{name}: effect {text!r} does not parse: {exc}") from exc
    try:
        establishments = [Establishment(i, c) for i, c in enumerate(data["establishments"])]
        landmarks = [Landmark(i, c) for i, c in enumerate(data["landmarks"])]
    except (KeyError, TypeError) as exc:
        raise CardSetError(f"{name}: the card data lacks {exc}") from None
    ctx = _compile_context(data, establishments, landmarks, [c["slug"] for c in data["colours"]])
    if kind == "establishments":
        C.compile_establishment(tree, establishments[-1], ctx)
    else:
        C.compile_landmark(tree, landmarks[-1], ctx)


def card_problems(card, kind=None, cards=None):
    """The engine protocol's card check: [the CardSetError naming `card`] when the engine could not play it
    beside `cards` (a card-data document), else []. `kind` is "establishments" or "landmarks"."""
    try:
        check_card(cards, kind, card)
    except CardSetError as error:
        return [error]
    return []


def _rebuild(data, extensions):
    return CardSet.from_data(data, extensions)


def _default_parser(data):
    context = EffectContext.from_card_data(data)
    return lambda text: parse(text, game=VOCABULARY, context=context)


def _ordered_extensions(extensions, known):
    if isinstance(extensions, str):
        raise OptionsError("extensions must be a list of slugs, not a string")
    extensions = list(extensions)
    unknown = [e for e in extensions if e not in known]
    if unknown:
        raise OptionsError(f"unknown extension(s): {', '.join(map(str, unknown))} (known: {', '.join(known)})")
    return [e for e in known if e in extensions]


REQUIRED_ESTABLISHMENT_FIELDS = ("slug", "name", "extension", "cost", "effect", "colour", "icon",
                                 "activation_min", "activation_max")
REQUIRED_LANDMARK_FIELDS = ("slug", "name", "extension", "cost", "effect")


def _check_document(data):
    if not isinstance(data, dict):
        raise CardSetError("card data must be a JSON object")
    for key in ("extensions", "colours", "establishments", "landmarks"):
        if not isinstance(data.get(key), list):
            raise CardSetError(f"card data needs a list {key!r}")
    extension_slugs = {e.get("slug") for e in data["extensions"]}
    for kind, fields in (("establishments", REQUIRED_ESTABLISHMENT_FIELDS), ("landmarks", REQUIRED_LANDMARK_FIELDS)):
        for card in data[kind]:
            missing = [f for f in fields if f not in card]
            if missing:
                raise CardSetError(f"{card.get('name', card.get('slug', '?'))}: missing {', '.join(missing)}")
            if card["extension"] not in extension_slugs:
                raise CardSetError(f"{card['name']}: unknown extension {card['extension']!r}")


def _fingerprint(data, extensions):
    """A short hash of everything about the cards in play that changes how a game plays."""
    chosen = set(extensions)
    material = {
        "extensions": list(extensions),
        "colours": [[c["slug"], c.get("activation_order"), c.get("activated_by")] for c in data["colours"]],
        "establishments": [[c["slug"], c["cost"], c["colour"], c["icon"], c["activation_min"], c["activation_max"],
                            c.get("copies"), bool(c.get("major")), c["effect"], c["name"], c.get("aliases", [])]
                           for c in data["establishments"] if c["extension"] in chosen],
        "landmarks": [[c["slug"], c["cost"], c["effect"], bool(c.get("starts_built")),
                       bool(c.get("counts_toward_win", True)), c["name"], c.get("aliases", [])]
                      for c in data["landmarks"] if c["extension"] in chosen],
    }
    text = json.dumps(material, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
