"""Hypothesis strategies that build valid typed trees (the shapes the parser can produce)."""

from hypothesis import strategies as st

from cards.effects.tree import (Activate, AdjustRoll, AllOf, Amount, AnyOf, Call, Check, Choose, Close, Compare,
                                Count, Demolish, Effect, ExtraTurn, Filter, Gain, Group, Has, If, IncomeBonus,
                                Invest, Leg, Move, Pay, Redistribute, Renovate, Reroll, RollDice, SharedRoll, Take,
                                Trade, Acquire)

OPERATORS = ("==", "!=", "<", "<=", ">", ">=")
# Names: anything on one line without a double quote, so spaces, digits, accents, keywords and dots all occur.
names = st.text(st.characters(blacklist_characters='"\n', blacklist_categories=("Cs",)), max_size=12)
words = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True)
counts = st.integers(1, 99)
coins = st.builds(Amount, st.just("c"), counts)
take_amounts = coins | st.builds(Amount, st.just("c"), st.sampled_from(("half", "all", "invested")))

comparisons = (
    st.builds(Compare, st.sampled_from(("icon", "colour")), st.sampled_from(("==", "!=")), words | names)
    | st.builds(Compare, st.just("name"), st.sampled_from(("==", "!=")), names)
)


def nested(terms):
    return (st.builds(AllOf, st.lists(terms, min_size=2, max_size=3).map(tuple))
            | st.builds(AnyOf, st.lists(terms, min_size=2, max_size=3).map(tuple)))


conditions = st.recursive(comparisons, nested, max_leaves=6)
card_filters = st.builds(Filter, st.just("cards"), st.none() | conditions)

player_checks = st.builds(Check, st.sampled_from(("owner", "roller")), st.sampled_from(("coins", "landmarks")),
                          st.sampled_from(OPERATORS), st.integers(0, 30))
roll_checks = st.builds(Check, st.just("roll"), st.just("total"), st.sampled_from(OPERATORS), st.integers(0, 14))
has = st.builds(Has, st.sampled_from(("owner", "roller")), names)
payer_checks = st.builds(Check, st.just("payer"), st.sampled_from(("coins", "landmarks")),
                         st.sampled_from(OPERATORS), st.integers(0, 30)) | st.builds(Has, st.just("payer"), names)

takes = st.builds(Take, take_amounts, st.sampled_from(("roller", "each_opponent", "chosen_opponent")))
gains = st.builds(Gain, coins)
simple_actions = st.one_of(
    gains, takes, st.builds(Pay, coins), st.builds(SharedRoll, counts, coins),
    st.builds(Trade, card_filters, st.booleans()), st.builds(Renovate, card_filters, coins), st.just(Close("self")),
    st.builds(Demolish, counts, coins), st.builds(Move, card_filters, coins), st.just(Redistribute()),
    st.builds(Activate, card_filters, st.sampled_from(("return", "close")), st.booleans()),
)


def wrapped(inner):
    return st.one_of(
        st.builds(If, player_checks | has | roll_checks, inner),
        st.builds(If, payer_checks, takes),
        st.builds(Count, st.sampled_from(("own", "all")), card_filters, gains | takes),
        st.builds(Count, st.just("payer"), card_filters, takes),
    )


actions = st.recursive(simple_actions, wrapped, max_leaves=3)
legs = st.one_of(
    st.builds(Leg, actions),
    st.builds(Leg, actions | st.builds(Invest, coins) | st.just(ExtraTurn("doubles")), st.just("turn.end")),
    st.builds(Leg, actions, st.sampled_from(("build.before", "build.self", "build.skip", "roll.broken"))),
    st.builds(Leg, st.builds(AdjustRoll, counts, st.booleans())
              | st.builds(If, roll_checks, st.builds(AdjustRoll, counts, st.booleans())), st.just("roll.after")),
    st.builds(Leg, st.builds(RollDice, counts), st.just("roll.dice")),
    st.builds(Leg, st.builds(Reroll, counts), st.just("roll.reroll")),
    st.builds(Leg, st.builds(IncomeBonus, card_filters, coins), st.just("income.bonus")),
)
machikoro_effects = st.builds(Effect, st.lists(legs, min_size=1, max_size=3).map(tuple))

# Valeria: the shared nodes plus a few typed verbs.
RESOURCES = ("g", "m", "s", "v", "p", "t", "wild")
valeria_amounts = st.builds(Amount, st.sampled_from(RESOURCES), counts)
valeria_conditions = st.recursive(
    st.builds(Compare, st.just("gold_cost"), st.sampled_from(OPERATORS), st.integers(0, 9))
    | st.builds(Compare, st.just("role"), st.sampled_from(("==", "!=")), st.sampled_from(("holy", "shadow"))),
    nested, max_leaves=4)
picks = st.builds(Filter, st.sampled_from(("citizens", "domains", "noble")), st.none() | valeria_conditions,
                  st.none() | counts)
valeria_simple = st.one_of(
    st.builds(Gain, st.builds(Amount, st.sampled_from(RESOURCES), st.integers(-9, 9))),
    st.builds(Acquire, picks),
    st.builds(lambda a, b: Call("exchange", (a, b)), valeria_amounts, valeria_amounts),
    st.builds(lambda scope, name, a: Call("count", (scope, name, a)), st.sampled_from(("area", "type")), names,
              valeria_amounts),
    st.just(Call("slay")),
)
groups = st.builds(Group, st.lists(st.builds(Leg, valeria_simple), min_size=2, max_size=3).map(tuple))
valeria_actions = valeria_simple | st.builds(Choose, st.lists(valeria_amounts | picks | groups, min_size=1,
                                                             max_size=3).map(tuple))
valeria_legs = st.builds(Leg, valeria_actions, st.none() | st.sampled_from(("action.end", "action.start")))
valeria_effects = st.builds(Effect, st.lists(valeria_legs, min_size=1, max_size=3).map(tuple), st.just("valeria"))
