"""The Valeria: Card Kingdoms vocabulary, unified grammar plus the legacy forms of the reference tables.

Legacy forms still parse, into the same tree as their unified spelling, so printing a parsed legacy string gives
its rewrite (rewrite.py): `manipulate_resources mode=...` becomes a verb of its own, and a dotted namespace that is
not a timing (`action.modify_monster_strength +3`) loses its prefix. What stays dotted is a phase: spaced phases
(`action.end pay_to_player g 1 v 1 optional`) and the seed's phase.verb forms (`roll.set_one_die target=6`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.effects.compound_params import ActionParam, Pairs, Repeat, pick_kind, read_filter
from cards.effects.cursor import Cursor
from cards.effects.errors import EffectError
from cards.effects.pair_types import DieCost, DieFace, OneOf, ResourceAmounts, WholeNumber
from cards.effects.params import AmountParam, Dotted, Flag, Name, Number, Param, Word, with_choices
from cards.effects.phrases import _
from cards.effects.spelling import listed
from cards.effects.syntax import RawBracket, RawCompare, RawWord
from cards.effects.tree import Acquire, Call, Choose, Filter, Gain, Group, Leg
from cards.effects.vocabulary import FieldSpec, VerbSpec, Vocabulary, register

from cards.valeria.explain import explain_valeria
from cards.valeria.legacy import MODES, build_manipulate_resources

GAME = "valeria"
RESOURCES = ("g", "m", "s", "v", "p", "t", "wild")
ENTITY_KINDS = ("citizens", "domains", "monsters", "goods", "noble", "starters", "tomes")
COUNT_SCOPES = ("owned_worker", "owned_soldier", "owned_holy", "owned_shadow", "owned_citizens", "owned_domains",
                "owned_monsters")
NAMED_COUNT_SCOPES = ("owned_citizen_name", "owned_starter_name", "owned_monster_name", "area", "type")
SPACED_PHASES = ("action.start", "action.end", "action.hire", "action.slay", "action.build", "action.build_domain",
                 "action.on_opponent_slay")
OPTIONAL = Flag("optional", as_word=True)

# The types of the legacy key=value values (pair_types.py): they check each value as a card is saved, and
# docs/effects.md's table of key=value parameters is written from them (pairs_doc.py).
ROLES = ("holy", "shadow", "soldier", "worker")
MONSTER_TYPES = ("minion", "beast", "titan", "warden", "boss")
MONSTER_AREAS = ("barrens", "cavern", "crypt", "cutthroats", "dark_waters", "den", "desert", "fire_temple", "forest",
                 "glacier", "gloom_gyre", "gnolls", "hills", "kaharian", "mountains", "necropolis", "oasis", "ruins",
                 "sewer", "skerry", "swamp", "the_deep", "tundra", "undead_samurai", "valley", "volcano", "woods")
AMOUNTS = ResourceAmounts()
VICTIM_VP = WholeNumber(1, 10)
DISCOUNT = WholeNumber(1, 10)
ROLE = OneOf(ROLES, _("a role"))
CARD_KIND = OneOf(("citizen", "monster", "domain", "noble"), _("a card kind"))
MONSTER_TYPE = OneOf(MONSTER_TYPES, _("a monster type"))
MONSTER_POOL = OneOf(MONSTER_AREAS, _("a monster area"))
TAKEN_TO = OneOf(("self", "stack"), _("where the card goes"))
TRUE_FALSE = OneOf(("true", "false"), _("an answer"))
DIE_COST = DieCost(roles=ROLES)
LEGACY_EXCHANGE = {"pay": AMOUNTS, "gain": AMOUNTS, "optional": TRUE_FALSE}
LEGACY_MANIPULATE = {"mode": OneOf(tuple(MODES), _("a mode")), "pay": AMOUNTS, "gain": AMOUNTS, "take": AMOUNTS,
                     "optional": TRUE_FALSE}


@dataclass
class CountScope(Param):
    """What `count` counts: `owned_worker`, or a scope followed by a name (`area Hills`, `type Minion`)."""

    field: str = "scope"
    optional: bool = False
    splice = True

    def accepts(self, item, cursor):
        return isinstance(item, RawWord) and not item.quoted and item.text in COUNT_SCOPES + NAMED_COUNT_SCOPES

    def describe(self):
        return _("what to count (%(choices)s)", choices=listed(COUNT_SCOPES + NAMED_COUNT_SCOPES))

    def read(self, cursor):
        if not self.accepts(cursor.peek(), cursor):
            raise cursor.error(self.describe())
        scope = cursor.take().text
        if scope in NAMED_COUNT_SCOPES:
            return scope, Name("name").read(cursor)
        return (scope,)

    def write(self, value, vocabulary):
        return [vocabulary.print_value(v) for v in value]


@dataclass
class Option(Param):
    """One option of `choose`: a resource amount, a card pick `<citizens where ...>` or a sub-effect `<...>`."""

    field: str = "options"
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawBracket) or (
            isinstance(item, RawWord) and not item.quoted and item.text in RESOURCES)

    def describe(self):
        return _("a resource (%(choices)s) or <...>", choices=listed(RESOURCES))

    def read(self, cursor: Cursor):
        item = cursor.peek()
        if isinstance(item, RawBracket):
            cursor.take()
            if pick_kind(item, ENTITY_KINDS, allow_count=True) is not None:
                return read_filter(cursor, item, ENTITY_KINDS, allow_count=True)
            if item.where is not None:
                raise cursor.error_at(item.where_start, "where", _("'>' (only <kind where ...> takes a filter)"))
            legs = cursor.vocabulary.read_effect(cursor.text, item.legs, cursor.context)
            return Group(legs)
        if not self.accepts(item, cursor):
            raise cursor.error(self.describe())
        return AmountParam("amount").read(cursor)

    def write(self, value, vocabulary):
        return [vocabulary.print_value(value)]


@dataclass
class CompareParam(Param):
    """A bare comparison argument (`steal_citizen gold_cost<=2`), checked like a filter term."""

    field: str = "condition"
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawCompare)

    def describe(self):
        return _("a comparison such as gold_cost<=2")

    def read(self, cursor):
        item = cursor.peek()
        if not self.accepts(item, cursor):
            raise cursor.error(self.describe())
        compare = cursor.vocabulary.read_compare(cursor, item)
        cursor.take()
        return compare

    def write(self, value, vocabulary):
        return [vocabulary.print_value(value)]


def _choose(values, cursor):
    ((_param, options, _item),) = values
    return Choose(options)


def call(word, *params, phases=None, verb=None, signatures=None):
    return VerbSpec(word, Call, signatures or (tuple(params),), phases=phases, call_verb=verb or word)


def amount(name="amount"):
    return AmountParam(name)


def _verbs() -> dict[str, VerbSpec]:
    specs = [
        VerbSpec("choose", Choose, ((Repeat(Option()),),), build=_choose),
        call("exchange", amount("pay"), amount("gain")),
        call("count", CountScope(), amount()),
        call("steal", Repeat(amount()), Pairs("extra", {"victim_vp": VICTIM_VP})),
        call("banish_center", Word("kind", ("citizen", "monster", "noble", "domain"), _("a card kind")),
             Pairs("extra", {"type": MONSTER_TYPE})),
        call("banish_owned", Word("kind", ("citizen", "monster"), _("a card kind"))),
        call("take_owned", Word("kind", ("citizen", "monster"), _("a card kind")), Word("how", ("random",), _("how")),
             Pairs("extra", {"to": TAKEN_TO, "victim_vp": VICTIM_VP})),
        call("return_owned", Word("kind", ("citizen", "monster"), _("a card kind")), amount(), OPTIONAL),
        call("flip_citizen", Word("target", ("targeted",), _("a target"), optional=True), OPTIONAL),
        call("banish_center_citizen", OPTIONAL),
        call("banish_center_domain", OPTIONAL),
        call("add_slay_cost", amount()),
        call("add_self_slay_cost", amount(), Pairs("extra", {"max": WholeNumber(1, 20)})),
        call("add_self_gold_pool", Number("amount")),
        call("self_convert", signatures=((amount("pay"), amount("gain"), OPTIONAL),
                                         (Pairs("extra", LEGACY_EXCHANGE, ("pay", "gain")),))),
        call("pay_to_player", signatures=((amount("pay"), amount("gain"), OPTIONAL),
                                          (Pairs("extra", LEGACY_EXCHANGE, ("pay", "gain")),))),
        call("take_from_player", amount("take"), OPTIONAL),
        call("pay_to_chosen", Pairs("extra", {"pay": AMOUNTS}, ("pay",))),
        call("gain_action", Pairs("extra", {"pay": AMOUNTS}, ("pay",))),
        call("place_reserve_monster", Pairs("extra", {"pool": MONSTER_POOL}, ("pool",))),
        call("banish_owned_citizen", Pairs("extra", {"role": ROLE, "gain": AMOUNTS})),
        call("all_gain_per_owned", Pairs("extra", {"gain": AMOUNTS, "per": CARD_KIND}, ("gain", "per"))),
        call("grant_all", Dotted("flag")),
        call("modify_monster_strength", Number("amount", minimum=None)),
        call("steal_citizen", CompareParam()),
        call("wild_choose", Number("count"), Number("amount")),
        call("floor_div", Word("resource", ("gold", "strength", "magic"), _("a resource name")), Number("divisor"),
             Number("amount")),
        call("ignore_requirement", Number("count")),
        call("slay_discount", Pairs("extra", {"magic": DISCOUNT, "strength": DISCOUNT})),
        VerbSpec("manipulate_resources", Call, ((Pairs("extra", LEGACY_MANIPULATE, ("mode",)),),),
                 build=build_manipulate_resources),
    ]
    for word in ("all_lose", "all_gain", "active_gain", "others_gain", "active_lose", "others_lose"):
        specs.append(call(word, amount()))
    for word in ("all_may", "all_must", "active_may", "seq"):
        specs.append(call(word, ActionParam("action")))
    for word in ("slay", "recruit", "build_domain", "sail", "refresh_tomes", "place_kings_guard",
                 "block_recruit_matching_roll", "gain_self_gold_pool", "flip_opponent_citizen", "flip_opponent_domain",
                 "concurrent_flip_one_citizen", "banish_player_citizen", "banish_random_player_monster",
                 "newshilinatower", "northernwall"):
        specs.append(call(word))
    return {spec.word: spec for spec in specs}


VERBS = _verbs()

# phase.verb written as one dotted word (the seed keeps these as they are).
ATTACHED = {
    "roll": {spec.call_verb: spec for spec in (
        call("set_one_die", Pairs("extra", {"target": DieFace(), "subtract": WholeNumber(1, 5), "cost": DIE_COST})),
        call("on_event", Word("event", ("doubles",), _("an event")), ActionParam("action")),
        call("reroll_one_die"),
        call("reroll_both_dice_pay_magic_2"),
        call("exekratys_immune"),
    )},
    "harvest": {spec.call_verb: spec for spec in (
        call("gain_per_owned_citizen_name", Name("name"), amount()),
        call("gain_per_owned_starter_name", Name("name"), amount()),
        call("on_any_magic_gain", amount()),
    )},
    "effect": {"add": call("add", Dotted("flag"))},
    "immunity": {"take": call("take")},
}
# A namespace that is not a timing: dropped by the rewrite (`action.modify_monster_strength +3`).
NAMESPACED = {f"action.{word}": VERBS[word]
              for word in ("modify_monster_strength", "newshilinatower", "northernwall", "slay_discount")}

FIELDS = {
    "role": FieldSpec("role", "word", _("a role"), choices=("holy", "shadow", "soldier", "worker")),
    "name": FieldSpec("name", "name", _("a known card name"), known="card_names"),
    "gold_cost": FieldSpec("gold_cost", "number", _("a number"), ops=("==", "!=", "<", "<=", ">", ">=")),
    "strength_cost": FieldSpec("strength_cost", "number", _("a number"), ops=("==", "!=", "<", "<=", ">", ">=")),
    "magic_cost": FieldSpec("magic_cost", "number", _("a number"), ops=("==", "!=", "<", "<=", ">", ">=")),
}

GAIN = VerbSpec(None, Gain, ((AmountParam("amount", minimum=None),),))


class ValeriaVocabulary(Vocabulary):
    reads_legacy = True  # manipulate_resources mode=..., action.<verb> (legacy.py): rewrite() defaults to Valeria

    def __init__(self):
        super().__init__(GAME, RESOURCES, dict(VERBS), dict(FIELDS))

    def explain(self, effect, card=None, language="en") -> str:
        return explain_valeria(effect, language)

    def phases(self) -> list[str]:
        return sorted(SPACED_PHASES) + [f"{head}.VERB" for head in ATTACHED]

    def read_leg(self, text, leg, context) -> Leg:
        phase, spec = None, None
        if leg.phase is not None:
            phase, spec = self._phase(leg.phase)
        cursor = Cursor(text, leg, self, context, phase)
        action = spec.read(cursor) if spec is not None else self.read_action(cursor)
        self.finish_leg(cursor)
        return Leg(action, phase)

    def _phase(self, dotted):
        """(phase, spec of a verb already named by the dotted word, or None)."""
        text = dotted.text
        if text in SPACED_PHASES:
            return text, None
        if text in NAMESPACED:
            return None, NAMESPACED[text]
        head, _dot, tail = text.partition(".")
        if head in ATTACHED and tail in ATTACHED[head]:
            return head, ATTACHED[head][tail]
        expected = _("a phase (%(phases)s) or phase.verb (%(verbs)s)", phases=listed(SPACED_PHASES),
                     verbs=listed(self._attached_words()))
        raise EffectError(dotted.start + 1, text, expected)

    def _attached_words(self):
        return [f"{head}.{tail}" for head, verbs in ATTACHED.items() for tail in verbs]

    def read_action(self, cursor: Cursor):
        item = cursor.peek()
        if isinstance(item, RawWord) and not item.quoted:
            if item.text in self.resources:
                return GAIN.read(cursor)
            if item.text in ENTITY_KINDS:
                return Acquire(Filter(cursor.take().text))
            spec = self.verbs.get(item.text)
            if spec is not None:
                return self.read_verb(cursor, spec)
        if isinstance(item, RawBracket) and pick_kind(item, ENTITY_KINDS, allow_count=True) is not None:
            cursor.take()
            return Acquire(read_filter(cursor, item, ENTITY_KINDS, allow_count=True))
        raise cursor.error(_("an action (a resource amount such as g 2, a card pick such as <citizens>, or a verb: "
                             "choose, exchange, count, steal, slay ... see docs/effects.md)"))

    def spec_for(self, action) -> VerbSpec:
        if isinstance(action, Gain):
            return GAIN
        if isinstance(action, Choose):
            return self.verbs["choose"]
        if isinstance(action, Call):
            spec = self.verbs.get(action.verb)
            if spec is None or spec.call_verb != action.verb:
                raise EffectError(1, str(action.verb), _("a Valeria verb"))
            return spec
        raise EffectError(1, type(action).__name__, _("a Valeria action"))

    def print_leg(self, leg: Leg, in_group=False) -> str:
        action = leg.action
        if leg.phase in ATTACHED:
            if not isinstance(action, Call) or action.verb not in ATTACHED[leg.phase]:
                raise EffectError(1, leg.phase, _("a verb of %(phase)s (%(verbs)s)", phase=leg.phase,
                                                  verbs=listed(ATTACHED[leg.phase])))
            args = " ".join(self.print_value(arg) for arg in action.args)
            return f"{leg.phase}.{action.verb}" + (f" {args}" if args else "")
        if leg.phase is not None and leg.phase not in SPACED_PHASES:
            raise EffectError(1, leg.phase, _("a phase (%(phases)s)", phases=listed(SPACED_PHASES)))
        body = self.print_acquire(action, in_group) if isinstance(action, Acquire) else self.print_action(action)
        return body if leg.phase is None else f"{leg.phase} {body}"

    def print_acquire(self, action: Acquire, in_group: bool) -> str:
        card_filter = action.filter
        if card_filter.kind not in ENTITY_KINDS:
            raise EffectError(1, card_filter.kind, with_choices(_("a card kind"), ENTITY_KINDS))
        if in_group and card_filter.where is None and card_filter.count is None:
            return card_filter.kind
        return self.print_filter(card_filter)

    def print_action(self, action) -> str:
        if isinstance(action, Choose):
            if not action.options:
                raise EffectError(1, "choose", _("at least one option"))
            return "choose " + " ".join(self.print_value(option) for option in action.options)
        if isinstance(action, Acquire):
            return self.print_acquire(action, in_group=False)
        return super().print_action(action)


VOCABULARY = register(ValeriaVocabulary())
