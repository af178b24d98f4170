"""Compile effect trees (cards/effects/tree.py) into the engine's runtime legs (legs/), once per card set.

Everything that depends on names is resolved here: filters become tuples of establishment indexes,
landmark names become landmark indexes, conditions become closures. A tree the engine cannot play (an
unknown verb, a verb in a phase where it means nothing, another game's node) raises CardSetError naming
the card, so a bad card fails when the card set is built, never in the middle of a game.
"""

from cards.effects import tree as T

from games.machikoro.engine import legs as L
from games.machikoro.engine.errors import CardSetError

TEXT_FIELDS = ("icon", "colour", "name")
NUMBER_FIELDS = ("cost",)


class CompileContext:
    """What compiling needs to know about the card set being built."""

    def __init__(self, establishments, landmarks, all_landmark_names, icons, colours, all_card_names):
        self.establishments = establishments            # list of Establishment (indexes already set)
        self.landmarks = landmarks                      # list of Landmark
        self.all_landmark_names = all_landmark_names    # every landmark name/alias/slug in the data (lower case)
        self.icons = icons
        self.colours = colours
        self.all_card_names = all_card_names            # every establishment name/alias/slug in the data
        self.win_landmarks = tuple(l.index for l in landmarks if l.counts_toward_win)
        self._filters = {}

    def landmark_index(self, name, card):
        key = name.lower()
        for landmark in self.landmarks:
            if key in landmark.names:
                return landmark.index
        if key in self.all_landmark_names:
            return None     # a landmark of an extension that is not in play: nobody has it
        raise CardSetError(f"{card}: unknown landmark {name!r}")

    def filter_indexes(self, node, card):
        """The establishment indexes a `<cards where ...>` filter selects (cached per filter)."""
        if not isinstance(node, T.Filter):
            raise CardSetError(f"{card}: expected a card filter, got {type(node).__name__}")
        if node.kind != "cards":
            raise CardSetError(f"{card}: Machi Koro filters select 'cards', not {node.kind!r}")
        if node.count is not None:
            raise CardSetError(f"{card}: a Machi Koro filter takes no count")
        cached = self._filters.get(node)
        if cached is None:
            test = self._condition(node.where, card)
            cached = self._filters[node] = tuple(e.index for e in self.establishments if test(e))
        return cached

    def _condition(self, node, card):
        if node is None:
            return lambda e: True
        if isinstance(node, T.AllOf):
            tests = [self._condition(t, card) for t in node.terms]
            return lambda e: all(t(e) for t in tests)
        if isinstance(node, T.AnyOf):
            tests = [self._condition(t, card) for t in node.terms]
            return lambda e: any(t(e) for t in tests)
        if not isinstance(node, T.Compare):
            raise CardSetError(f"{card}: unsupported filter condition {type(node).__name__}")
        field, op, value = node.field, node.op, node.value
        if op not in L.OPERATORS:
            raise CardSetError(f"{card}: unknown operator {op!r}")
        if field in NUMBER_FIELDS:
            if not isinstance(value, int):
                raise CardSetError(f"{card}: {field} compares with a number, not {value!r}")
            compare = L.OPERATORS[op]
            return lambda e: compare(getattr(e, field), value)
        if field not in TEXT_FIELDS:
            raise CardSetError(f"{card}: unknown filter field {field!r} (use {', '.join(TEXT_FIELDS + NUMBER_FIELDS)})")
        if op not in ("==", "!="):
            raise CardSetError(f"{card}: {field} can only be compared with == or !=")
        text = str(value)
        if field == "icon" and text not in self.icons:
            raise CardSetError(f"{card}: unknown icon {text!r}")
        if field == "colour" and text not in self.colours:
            raise CardSetError(f"{card}: unknown colour {text!r}")
        if field == "name":
            key = text.lower()
            if key not in self.all_card_names:
                raise CardSetError(f"{card}: no establishment is called {text!r}")
            matches = lambda e: key in e.names
        else:
            matches = lambda e: getattr(e, field) == text
        if op == "==":
            return matches
        return lambda e: not matches(e)


def compile_establishment(effect, establishment, ctx):
    """Return (activation legs, build.self legs, invest amount) for one establishment's effect tree."""
    card = establishment.name
    activation, build_self, invest = [], [], 0
    for leg in _legs_of(effect, card):
        phase = leg.phase
        if phase is None:
            activation.append(_action(leg.action, card, ctx, guards=(), payer_guards=(), bonus=True))
        elif phase == "build.self":
            built = _action(leg.action, card, ctx, guards=(), payer_guards=(), bonus=False)
            if built.choice:
                raise CardSetError(f"{card}: a build.self leg cannot ask for a choice")
            build_self.append(built)
        elif phase == "turn.end" and isinstance(leg.action, T.Invest):
            invest += _coins(leg.action.amount, card)
        else:
            raise CardSetError(f"{card}: an establishment cannot use the phase {phase!r} "
                               f"(establishments support build.self and turn.end invest)")
    return tuple(activation), tuple(build_self), invest


class LandmarkAbilities:
    """What a built landmark does, by phase."""

    __slots__ = ("dice", "rerolls", "adjust", "bonus_indexes", "bonus_amount", "extra_turn", "build_before",
                 "build_skip")

    def __init__(self):
        self.dice = 0
        self.rerolls = 0
        self.adjust = None
        self.bonus_indexes = ()
        self.bonus_amount = 0
        self.extra_turn = False
        self.build_before = ()
        self.build_skip = ()


def compile_landmark(effect, landmark, ctx):
    card = landmark.name
    abilities = LandmarkAbilities()
    for leg in _legs_of(effect, card):
        phase, action = leg.phase, leg.action
        if phase == "roll.dice" and isinstance(action, T.RollDice):
            abilities.dice = max(abilities.dice, _positive(action.max_dice, card, "roll.dice"))
        elif phase == "roll.reroll" and isinstance(action, T.Reroll):
            abilities.rerolls += _positive(action.times, card, "roll.reroll")
        elif phase == "roll.after":
            abilities.adjust = _adjust(action, card, ctx, ())
        elif phase == "income.bonus" and isinstance(action, T.IncomeBonus):
            abilities.bonus_indexes = ctx.filter_indexes(action.filter, card)
            abilities.bonus_amount = _coins(action.bonus, card)
        elif phase == "turn.end" and isinstance(action, T.ExtraTurn):
            if action.when != "doubles":
                raise CardSetError(f"{card}: extra_turn supports 'doubles' only")
            abilities.extra_turn = True
        elif phase in ("build.before", "build.skip"):
            compiled = _action(action, card, ctx, guards=(), payer_guards=(), bonus=False)
            if compiled.choice:
                raise CardSetError(f"{card}: a {phase} leg cannot ask for a choice")
            name = phase.replace(".", "_")
            setattr(abilities, name, getattr(abilities, name) + (compiled,))
        elif phase == "roll.broken":
            # Santa's Toy Factory pays on a physically "broken" roll, which a digital die never makes.
            _action(action, card, ctx, guards=(), payer_guards=(), bonus=False)
        elif phase is None:
            raise CardSetError(f"{card}: a landmark's effect needs a phase (roll.dice, income.bonus, ...)")
        else:
            raise CardSetError(f"{card}: a landmark cannot use {type(action).__name__} in phase {phase!r}")
    return abilities


def _legs_of(effect, card):
    if not isinstance(effect, T.Effect):
        raise CardSetError(f"{card}: the effect is not a parsed effect tree")
    if effect.game != "machi-koro":
        raise CardSetError(f"{card}: the effect was parsed for {effect.game!r}, not machi-koro")
    if not effect.legs:
        raise CardSetError(f"{card}: the effect is empty")
    return effect.legs


def _adjust(action, card, ctx, guards):
    if isinstance(action, T.If):
        return _adjust(action.action, card, ctx, guards + (_guard(action.condition, card, ctx).test,))
    if isinstance(action, T.AdjustRoll):
        return L.Adjust(action.amount, bool(action.optional), guards)
    raise CardSetError(f"{card}: roll.after supports [if ...] adjust_roll N [optional]")


def _coins(amount, card, words=()):
    if not isinstance(amount, T.Amount):
        raise CardSetError(f"{card}: expected an amount of coins")
    if amount.resource != "c":
        raise CardSetError(f"{card}: Machi Koro only knows coins ('c'), not {amount.resource!r}")
    value = amount.value
    if isinstance(value, str):
        if value not in words:
            raise CardSetError(f"{card}: the amount {value!r} is not allowed here")
        return value
    if not isinstance(value, int) or value < 0:
        raise CardSetError(f"{card}: an amount must be a whole number of 0 or more")
    return value


def _positive(value, card, what):
    if not isinstance(value, int) or value < 1:
        raise CardSetError(f"{card}: {what} needs a positive number")
    return value


def _guard(condition, card, ctx):
    if isinstance(condition, T.Has):
        if condition.subject not in ("owner", "roller", "payer"):
            raise CardSetError(f"{card}: unknown subject {condition.subject!r}")
        index = ctx.landmark_index(condition.landmark, card)
        return _Guard(condition.subject, L.make_condition(condition.subject, "has", None, None, landmark=index))
    if isinstance(condition, T.Check):
        subject, quantity = condition.subject, condition.quantity
        valid = (subject == "roll" and quantity == "total") or (
            subject in ("owner", "roller", "payer") and quantity in ("coins", "landmarks"))
        if not valid:
            raise CardSetError(f"{card}: cannot test {subject} {quantity}")
        if condition.op not in L.OPERATORS:
            raise CardSetError(f"{card}: unknown operator {condition.op!r}")
        return _Guard(subject, L.make_condition(subject, quantity, condition.op, condition.value,
                                                win_landmarks=ctx.win_landmarks))
    raise CardSetError(f"{card}: unsupported condition {type(condition).__name__}")


class _Guard:
    """A compiled condition and its subject (a `payer` condition is checked per paying opponent)."""

    __slots__ = ("subject", "test")

    def __init__(self, subject, test):
        self.subject = subject
        self.test = test


def _action(node, card, ctx, guards, payer_guards, bonus):
    """Compile one action node (with the `if` conditions wrapping it) into a leg."""
    tests = tuple(g.test for g in guards)
    if isinstance(node, T.If):
        guard = _guard(node.condition, card, ctx)
        if guard.subject == "payer":
            return _action(node.action, card, ctx, guards, payer_guards + (guard,), bonus)
        return _action(node.action, card, ctx, guards + (guard,), payer_guards, bonus)
    if payer_guards and not isinstance(node, (T.Take, T.Count)):
        raise CardSetError(f"{card}: a 'payer' condition needs a take ... from ... action")
    if isinstance(node, T.Gain):
        return L.Gain(_coins(node.amount, card), tests, bonus)
    if isinstance(node, T.Pay):
        return L.Pay(_coins(node.amount, card), tests)
    if isinstance(node, T.Take):
        return _take(node, card, ctx, tests, payer_guards, bonus, None, ())
    if isinstance(node, T.Count):
        if node.scope not in ("own", "all", "payer"):
            raise CardSetError(f"{card}: unknown count scope {node.scope!r}")
        indexes = ctx.filter_indexes(node.filter, card)
        inner = node.action
        if isinstance(inner, T.Gain):
            if node.scope == "payer":
                raise CardSetError(f"{card}: 'count payer' needs a take ... from ... action")
            if payer_guards:
                raise CardSetError(f"{card}: a 'payer' condition needs a take ... from ... action")
            return L.CountGain(node.scope, indexes, _coins(inner.amount, card), tests, bonus)
        if isinstance(inner, T.Take):
            return _take(inner, card, ctx, tests, payer_guards, bonus, node.scope, indexes)
        raise CardSetError(f"{card}: count supports a gain (c N) or a take (take c N from ...)")
    if payer_guards:
        raise CardSetError(f"{card}: a 'payer' condition needs a take ... from ... action")
    if isinstance(node, T.SharedRoll):
        return L.SharedRollGain(_positive(node.dice, card, "shared_roll"), _coins(node.per_pip, card), tests, bonus)
    if isinstance(node, T.Close):
        if node.target != "self":
            raise CardSetError(f"{card}: close supports 'self' only")
        return L.CloseSelf(tests)
    if isinstance(node, T.Redistribute):
        return L.Redistribute(tests)
    if isinstance(node, T.Trade):
        return L.TradeLeg(ctx.filter_indexes(node.filter, card), bool(node.optional), tests)
    if isinstance(node, T.Renovate):
        return L.RenovateLeg(ctx.filter_indexes(node.filter, card), _coins(node.per_copy, card), tests)
    if isinstance(node, T.Demolish):
        return L.DemolishLeg(_positive(node.count, card, "demolish"), _coins(node.reward, card), tests)
    if isinstance(node, T.Move):
        return L.MoveLeg(ctx.filter_indexes(node.filter, card), _coins(node.reward, card), tests)
    if isinstance(node, T.Activate):
        if node.then not in ("return", "close"):
            raise CardSetError(f"{card}: activate ends with 'return' or 'close'")
        return L.ActivateLeg(ctx.filter_indexes(node.filter, card), node.then, bool(node.optional), tests)
    if isinstance(node, T.Call):
        raise CardSetError(f"{card}: unknown verb {node.verb!r}: the engine cannot play it")
    raise CardSetError(f"{card}: {type(node).__name__} cannot be used when an establishment is activated")


def _take(node, card, ctx, tests, payer_guards, bonus, count_scope, count_indexes):
    amount = _coins(node.amount, card, words=("half", "all", "invested"))
    kind = amount if isinstance(amount, str) else "fixed"
    if count_scope is not None and kind != "fixed":
        raise CardSetError(f"{card}: count needs a fixed amount, not {amount!r}")
    payer = node.payer
    if payer not in (L.ROLLER, L.EACH_OPPONENT, L.CHOSEN_OPPONENT):
        raise CardSetError(f"{card}: unknown payer {payer!r}")
    take = L.Take(payer, kind, amount if kind == "fixed" else 0, count_scope, count_indexes, tests,
                  tuple(g.test for g in payer_guards), bonus)
    if payer == L.CHOSEN_OPPONENT:
        take.guards = ()
        return L.TakeChosen(take, tests)
    return take
