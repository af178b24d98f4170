"""The Machi Koro vocabulary: the verbs of docs/effects.md over the shared syntax."""

from __future__ import annotations

from dataclasses import dataclass

from cards.effects.compound_params import ActionParam, FilterParam
from cards.effects.cursor import Cursor, after_token
from cards.effects.errors import EffectError
from cards.effects.params import AmountParam, Flag, Literal, Name, Number, Param, Word
from cards.effects.phrases import _
from cards.effects.spelling import listed
from cards.effects.syntax import RawCompare, RawWord
from cards.effects.tree import Activate, AdjustRoll, Check, Close, Count, Demolish, ExtraTurn, Gain, Has, If, IncomeBonus, Invest, Leg, Move, Pay, Redistribute, Renovate, Reroll, RollDice, SharedRoll, Take, Trade
from cards.effects.explain import CardFacts
from cards.effects.vocabulary import FieldSpec, VerbSpec, Vocabulary, register

from cards.machikoro.explain import explain_machikoro

GAME = "machi-koro"
PAYERS = ("roller", "each_opponent", "chosen_opponent")
TAKE_WORDS = ("half", "all", "invested")
SCOPES = ("own", "all", "payer")
PLAYER_SUBJECTS = ("owner", "roller", "payer")
SUBJECTS = PLAYER_SUBJECTS + ("roll",)
PLAYER_QUANTITIES = ("coins", "landmarks")
OPERATORS = ("==", "!=", "<", "<=", ">", ">=")


@dataclass
class ConditionParam(Param):
    """`SUBJECT has LANDMARK` | `SUBJECT coins OP N` | `SUBJECT landmarks OP N` | `roll total OP N`."""

    field: str = "condition"
    optional: bool = False

    def accepts(self, item, cursor):
        return isinstance(item, RawWord) and not item.quoted and item.text in SUBJECTS

    def describe(self):
        return _("a subject (%(choices)s)", choices=listed(SUBJECTS))

    def read(self, cursor: Cursor):
        if not self.accepts(cursor.peek(), cursor):
            raise cursor.error(self.describe())
        subject = cursor.take().text
        item = cursor.peek()
        if subject == "roll":
            if not (isinstance(item, RawCompare) and item.field == "total"):
                raise cursor.error(_("a comparison on the dice total such as total>=10"))
            return self._check(cursor, subject, item)
        if isinstance(item, RawWord) and not item.quoted and item.text == "has":
            cursor.take()
            landmark = Name("landmark", what=_("a landmark name"), known="landmark_names",
                            known_what=_("a known landmark name")).read(cursor)
            return Has(subject, landmark)
        if isinstance(item, RawCompare):
            if item.field not in PLAYER_QUANTITIES:
                raise cursor.error_at(item.start, item.field, after_token(listed(PLAYER_QUANTITIES), subject))
            return self._check(cursor, subject, item)
        raise cursor.error(_("'has LANDMARK' or a comparison such as coins>=10 or landmarks<2"))

    def _check(self, cursor, subject, item: RawCompare):
        if not isinstance(item.value, int) or item.value < 0:
            token = cursor.text[item.value_start:item.end]
            raise cursor.error_at(item.value_start, token,
                                  after_token(_("a number of 0 or more"), f"{item.field}{item.op}"))
        cursor.take()
        return Check(subject, item.field, item.op, item.value)

    def write(self, value, vocabulary):
        if isinstance(value, Has) and value.subject in PLAYER_SUBJECTS and isinstance(value.landmark, str):
            return [value.subject, "has", vocabulary.print_value(value.landmark)]
        if isinstance(value, Check) and value.op in OPERATORS and _is_count(value.value) and (
                (value.subject == "roll" and value.quantity == "total") or
                (value.subject in PLAYER_SUBJECTS and value.quantity in PLAYER_QUANTITIES)):
            return [value.subject, f"{value.quantity}{value.op}{value.value}"]
        raise EffectError(1, repr(value), _("a condition the grammar can write (see docs/effects.md)"))


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _involves_payer(action) -> bool:
    """Whether the action makes someone pay the owner, so that `payer` means something inside it."""
    if isinstance(action, Take):
        return True
    if isinstance(action, (Count, If)):
        return _involves_payer(action.action)
    return False


def _build_count(values, cursor: Cursor):
    scope, card_filter, action = (value for _param, value, _item in values)
    action_item = values[2][2]
    if scope == "payer" and not _involves_payer(action):
        raise cursor.error(_("a 'take ... from ...' action after the scope 'payer'"), action_item, after=False)
    return Count(scope, card_filter, action)


def _build_if(values, cursor: Cursor):
    condition, action = (value for _param, value, _item in values)
    action_item = values[1][2]
    if condition.subject == "payer" and not _involves_payer(action):
        raise cursor.error(_("a 'take ... from ...' action after a 'payer' condition"), action_item, after=False)
    return If(condition, action)


CARDS = FilterParam("filter")

GAIN = VerbSpec(None, Gain, ((AmountParam("amount"),),))
VERBS = {
    spec.word: spec for spec in (
        VerbSpec("take", Take, ((AmountParam("amount", words=TAKE_WORDS), Literal("from"),
                                 Word("payer", PAYERS, _("a payer"))),)),
        VerbSpec("pay", Pay, ((AmountParam("amount"),),)),
        VerbSpec("count", Count, ((Word("scope", SCOPES, _("a scope")), CARDS,
                                   ActionParam("action", (Gain, Take),
                                               _("a gain (c N) or a take (take c N from ...)"))),),
                 build=_build_count),
        VerbSpec("if", If, ((ConditionParam(), ActionParam("action")),), build=_build_if),
        VerbSpec("shared_roll", SharedRoll, ((Number("dice", what=_("a number of dice")), AmountParam("per_pip")),)),
        VerbSpec("trade", Trade, ((CARDS, Flag("optional")),)),
        VerbSpec("renovate", Renovate, ((CARDS, AmountParam("per_copy")),)),
        VerbSpec("close", Close, ((Word("target", ("self",), _("what closes")),),)),
        VerbSpec("demolish", Demolish, ((Number("count", what=_("a number of landmarks")), AmountParam("reward")),)),
        VerbSpec("move", Move, ((CARDS, AmountParam("reward")),)),
        VerbSpec("invest", Invest, ((AmountParam("amount"),),), phases=frozenset({"turn.end"})),
        VerbSpec("redistribute", Redistribute),
        VerbSpec("activate", Activate, ((CARDS, Word("then", ("return", "close"), _("what this card does then")),
                                         Flag("optional")),)),
        VerbSpec("adjust_roll", AdjustRoll, ((Number("amount", what=_("a number to add")), Flag("optional")),),
                 phases=frozenset({"roll.after"})),
        VerbSpec("extra_turn", ExtraTurn, ((Word("when", ("doubles",), _("when")),),), phases=frozenset({"turn.end"})),
    )
}

# Phases whose body is not an ordinary action but a few words of its own.
PHASE_BODIES = {
    "roll.dice": VerbSpec(None, RollDice, ((Number("max_dice", what=_("a number of dice")),),)),
    "roll.reroll": VerbSpec(None, Reroll, ((Number("times", what=_("a number of re-rolls")),),)),
    "income.bonus": VerbSpec(None, IncomeBonus, ((CARDS, AmountParam("bonus")),)),
}
ACTION_PHASES = ("roll.after", "roll.broken", "turn.end", "build.before", "build.self", "build.skip")
PHASES = tuple(sorted((*PHASE_BODIES, *ACTION_PHASES)))

FIELDS = {
    "icon": FieldSpec("icon", "word", _("an icon"), known="icons"),
    "colour": FieldSpec("colour", "word", _("a colour"), known="colours"),
    "name": FieldSpec("name", "name", _("a known card name"), known="card_names"),
}


class MachiKoroVocabulary(Vocabulary):
    def __init__(self):
        super().__init__(GAME, ("c",), dict(VERBS), dict(FIELDS))
        self._specs_by_node = {spec.node: spec for spec in VERBS.values()}
        self._specs_by_node[Gain] = GAIN
        self._specs_by_node.update({spec.node: spec for spec in PHASE_BODIES.values()})
        self._body_phase = {spec.node: phase for phase, spec in PHASE_BODIES.items()}

    def explain(self, effect, card=None, language="en") -> str:
        return explain_machikoro(effect, CardFacts.of(card), language)

    def describe_actions(self) -> str:
        return _("an action (c N, %(verbs)s)", verbs=listed(self.verbs))

    def read_leg(self, text, leg, context) -> Leg:
        phase = None
        if leg.phase is not None:
            phase = leg.phase.text
            if phase not in PHASES:
                raise EffectError(leg.phase.start + 1, phase, _("a phase (%(phases)s)", phases=listed(PHASES)))
        cursor = Cursor(text, leg, self, context, phase)
        if phase in PHASE_BODIES:
            action = PHASE_BODIES[phase].read(cursor)
        else:
            action = self.read_action(cursor)
        self.finish_leg(cursor)
        return Leg(action, phase)

    def read_action(self, cursor: Cursor):
        item = cursor.peek()
        if isinstance(item, RawWord) and not item.quoted:
            if item.text in self.resources:
                return GAIN.read(cursor)
            spec = self.verbs.get(item.text)
            if spec is not None:
                return self.read_verb(cursor, spec)
        raise cursor.error(self.describe_actions())

    def spec_for(self, action) -> VerbSpec:
        spec = self._specs_by_node.get(type(action))
        if spec is None:
            raise EffectError(1, type(action).__name__, _("a Machi Koro action"))
        return spec

    def print_leg(self, leg: Leg, in_group=False) -> str:
        self._check_placement(leg.phase, leg.action)
        body = self.print_action(leg.action)
        return body if leg.phase is None else f"{leg.phase} {body}"

    def print_action(self, action) -> str:
        if isinstance(action, (If, Count)):
            self._check_placement(None, action.action, nested=True)
        return super().print_action(action)

    def _check_placement(self, phase, action, nested=False):
        """Refuse trees the parser could never build: a phase body outside its phase, an unknown phase."""
        if not nested and phase is not None and phase not in PHASES:
            raise EffectError(1, phase, _("a phase (%(phases)s)", phases=listed(PHASES)))
        body_phase = self._body_phase.get(type(action))
        if body_phase is not None and (nested or phase != body_phase):
            raise EffectError(1, type(action).__name__, _("%(node)s only as the body of %(phase)s",
                                                          node=type(action).__name__, phase=body_phase))
        if not nested and phase in PHASE_BODIES and body_phase != phase:
            raise EffectError(1, phase, _("the body of %(phase)s (%(node)s)", phase=phase,
                                          node=PHASE_BODIES[phase].node.__name__))


VOCABULARY = register(MachiKoroVocabulary(), default=True)  # parse(text) without a game reads Machi Koro
