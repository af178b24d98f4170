"""Seed 003's knowledge costs: the worked example, every branch of the seed's workflow, and properties."""
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.progress.costs import (CULTURE, ENGINEERING, KNOWLEDGE_TYPES, SCIENCE, CostPart, KnowledgeError,
                                  TechnologyCard, cover, knowledge_cost)
from cards.progress.seed_check import seed_cover

MEDICINE = TechnologyCard("medicine", "Medicine", 2, SCIENCE, (
    CostPart(SCIENCE, 3, "mathematics"), CostPart(CULTURE, 2, "burial")))


def per_type(science=0, engineering=0, culture=0):
    return {SCIENCE: science, ENGINEERING: engineering, CULTURE: culture}


def test_the_seeds_worked_example_medicine():
    # The player owns Mathematics, not Burial: 3 Science is waived, 2 Culture is due, paid by a discard and a token.
    cost = knowledge_cost(MEDICINE, active=["mathematics"], research=[])
    assert cost.per_type == per_type(culture=2) and cost.general == 2
    assert [p.waived_by for p in cost.waived] == ["mathematics"]
    covering = cover(cost, tokens={CULTURE: 1}, discards=1)
    assert covering.covered
    assert covering.tokens_used == per_type(culture=1)
    assert covering.discards_used == per_type(culture=1)
    assert covering.shortfall == per_type() and covering.discards_needed == 1


@pytest.mark.parametrize("active, research, expected", [
    (["mathematics", "burial"], [], per_type()),                       # both waiver cards active: no change
    ([], ["mathematics", "burial"], per_type()),                       # found in research: no change either
    (["mathematics"], ["burial"], per_type()),                         # one in each area
    (["mathematics"], [], per_type(culture=2)),                        # waiver card absent: its part is added
    ([], [], per_type(science=3, culture=2)),                          # neither owned
    (["writing"], ["pottery"], per_type(science=3, culture=2)),        # other cards do not waive anything
])  # fmt: skip
def test_every_branch_of_the_seeds_workflow(active, research, expected):
    assert knowledge_cost(MEDICINE, active, research).per_type == expected


def test_a_part_without_a_waiver_is_always_paid():
    card = TechnologyCard("optics", "Optics", 2, SCIENCE, (CostPart(SCIENCE, 2, "astronomy"), CostPart(ENGINEERING, 2)))
    assert knowledge_cost(card, ["astronomy"], ["optics"]).per_type == per_type(engineering=2)


def test_the_seeds_check_accepts_a_token_of_the_wrong_type():
    # Without Burial, Medicine costs 2 Culture. Two Science tokens do not pay Culture, but the seed's single
    # "General knowledge" total reaches 0 and it says "covered"; its Science counter goes negative.
    cost = knowledge_cost(MEDICINE, ["mathematics"])
    seed_covered, counters = seed_cover(cost, tokens={SCIENCE: 2})
    assert seed_covered is True and counters[SCIENCE] == -2 and counters[CULTURE] == 2
    ours = cover(cost, tokens={SCIENCE: 2})
    assert ours.covered is False and ours.shortfall == per_type(culture=2) and ours.tokens_used == per_type()


def test_the_seeds_check_refuses_paying_more_than_the_cost():
    cost = knowledge_cost(MEDICINE, ["mathematics"])
    assert seed_cover(cost, tokens={CULTURE: 2}, discards=1)[0] is False  # general = -1, not 0
    covering = cover(cost, tokens={CULTURE: 2}, discards=1)
    assert covering.covered and covering.discards_left == 1 and covering.discards_needed == 0


def test_tokens_and_discards_may_be_given_as_lists():
    cost = per_type(science=1, culture=2)
    assert cover(cost, [CULTURE, SCIENCE, ENGINEERING], ["some-card", "another"]) == cover(
        cost, {CULTURE: 1, SCIENCE: 1, ENGINEERING: 1}, 2)


@pytest.mark.parametrize("call, message", [
    (lambda: cover(per_type(), {SCIENCE: -1}), "must not be negative"),
    (lambda: cover(per_type(), {}, -2), "discards must not be negative"),
    (lambda: cover(per_type(), {"magic": 1}), "unknown knowledge type 'magic'"),
    (lambda: cover(per_type(), {}, "3"), "discards must be a number or a list"),
    (lambda: cover({SCIENCE: -1}), "must not be negative"),
    (lambda: cover(per_type(), {SCIENCE: 1.5}), "whole number"),
])
def test_impossible_situations_are_refused(call, message):
    with pytest.raises(KnowledgeError, match=message):
        call()


# --- properties ------------------------------------------------------------------------------------------------
counts = st.integers(min_value=0, max_value=6)
costs = st.fixed_dictionaries({k: counts for k in KNOWLEDGE_TYPES})
token_lists = st.lists(st.sampled_from(KNOWLEDGE_TYPES), max_size=10)
discard_counts = st.integers(min_value=0, max_value=10)


def as_counts(tokens):
    return {k: tokens.count(k) for k in KNOWLEDGE_TYPES}


@given(costs, token_lists, discard_counts)
def test_a_token_only_ever_pays_its_own_type(cost, tokens, discards):
    covering = cover(cost, tokens, discards)
    have = as_counts(tokens)
    for k in KNOWLEDGE_TYPES:
        assert 0 <= covering.tokens_used[k] <= min(have[k], cost[k])
        assert covering.discards_used[k] >= 0 and covering.shortfall[k] >= 0
        assert covering.tokens_used[k] + covering.discards_used[k] + covering.shortfall[k] == cost[k]
    assert sum(covering.discards_used.values()) <= discards


@given(costs, token_lists, discard_counts, st.randoms(use_true_random=False))
def test_the_order_of_tokens_and_discards_does_not_matter(cost, tokens, discards, rng):
    discarded = [f"card-{i}" for i in range(discards)]
    shuffled_tokens, shuffled_discards = tokens[:], discarded[:]
    rng.shuffle(shuffled_tokens)
    rng.shuffle(shuffled_discards)
    assert cover(cost, tokens, discarded) == cover(cost, shuffled_tokens, shuffled_discards)


@given(costs, token_lists, discard_counts, st.sampled_from(KNOWLEDGE_TYPES + ("discard",)))
def test_more_tokens_or_discards_never_uncover_a_cost(cost, tokens, discards, extra):
    before = cover(cost, tokens, discards)
    after = cover(cost, tokens + [extra], discards) if extra != "discard" else cover(cost, tokens, discards + 1)
    if before.covered:
        assert after.covered
    assert after.total_shortfall <= before.total_shortfall


def brute_force_fewest_discards(cost, tokens):
    """The fewest wild discards that, spread over the types in any way, cover the cost with these tokens."""
    have = as_counts(tokens)
    for total in range(0, sum(cost.values()) + 1):
        for split in itertools.product(range(total + 1), repeat=len(KNOWLEDGE_TYPES)):
            if sum(split) == total and all(have[k] + n >= cost[k] for k, n in zip(KNOWLEDGE_TYPES, split)):
                return total
    raise AssertionError("some number of discards always covers a cost")


small_costs = st.fixed_dictionaries({k: st.integers(0, 3) for k in KNOWLEDGE_TYPES})


@settings(max_examples=150)
@given(small_costs, st.lists(st.sampled_from(KNOWLEDGE_TYPES), max_size=5), st.integers(0, 6))
def test_the_discards_asked_for_are_really_the_fewest(cost, tokens, discards):
    fewest = brute_force_fewest_discards(cost, tokens)
    covering = cover(cost, tokens, discards)
    assert covering.discards_needed == fewest
    assert covering.covered == (discards >= fewest)
    if covering.covered:
        assert sum(covering.discards_used.values()) == fewest
    else:
        assert covering.total_shortfall == fewest - discards


@given(costs, token_lists, discard_counts)
def test_where_the_seed_and_the_typed_check_agree(cost, tokens, discards):
    # With only tokens of the needed types and no overpayment, the seed's total gives the same answer.
    covering = cover(cost, tokens, discards)
    exact = all(as_counts(tokens)[k] <= cost[k] for k in KNOWLEDGE_TYPES) and discards <= covering.discards_needed
    if exact:
        assert seed_cover(cost, tokens, discards)[0] == covering.covered
