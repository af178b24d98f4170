"""Both rules engines offer the platform the same functions with the same signatures (games/common/protocol.py),
and decide the rules the adapters used to: who may act, the final ranking and its ties, the options' rules."""
import inspect

import pytest

from games.aquarius import engine as aquarius
from games.common.protocol import FUNCTIONS, competition_ranks
from games.machikoro import engine as machikoro

from games.tests.aquarius.helpers import DECK


@pytest.mark.parametrize("name", FUNCTIONS)
def test_both_engines_offer_the_function_with_the_same_signature(name):
    signatures = {str(inspect.signature(getattr(engine, name))) for engine in (machikoro, aquarius)}
    assert len(signatures) == 1, signatures


def test_ties_share_a_rank():
    assert competition_ranks([0, 1, 2, 3], key=lambda seat: [2, 1, 2, 0][seat]) == [(3, 1), (1, 2), (0, 3), (2, 3)]


def test_aquarius_decides_who_may_act_and_the_ranking():
    state = aquarius.new_game(DECK, 3, 3)
    others = [seat for seat in range(3) if seat != state.to_act]
    assert aquarius.may_act(state, state.to_act, {"type": "pass"})
    assert not aquarius.may_act(state, others[0], {"type": "pass"})
    assert aquarius.may_act(state, others[0], {"type": "see_goal"})      # any seated player may look
    assert not aquarius.may_act(state, 7, {"type": "see_goal"})
    ranking = aquarius.final_ranking(state)
    assert sorted(seat for seat, _ in ranking) == [0, 1, 2] and ranking[0][1] == 1


def test_machi_koro_refuses_neighbours_only_without_its_box_with_a_code():
    with pytest.raises(machikoro.OptionsError) as caught:
        machikoro.check_options(machikoro.GameOptions(extensions=("base", "harbor"), neighbours_only=True))
    assert caught.value.code == "neighbours_only_needs_five_six" and caught.value.field == "neighbours_only"
    machikoro.check_options(machikoro.GameOptions(extensions=("base", "five-six"), neighbours_only=True))


def test_aquarius_refuses_a_chicken_option_that_is_not_on_or_off():
    with pytest.raises(aquarius.OptionsError) as caught:
        aquarius.check_options({"chicken": "yes"})
    assert caught.value.code == "chicken_on_or_off" and caught.value.field == "chicken"
