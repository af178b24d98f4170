"""Site totals: a game's contribution, adding it, taking it out again."""
import copy

import pytest

from stats.aggregate import merge_counts
from stats.machikoro.aggregate import mix_label, site_contribution
from stats.machikoro.compute import compute_statistics

from stats.tests.test_compute import EVENTS


def stats_of_sample():
    return compute_statistics(copy.deepcopy(EVENTS), [3, 3], ["Ann", "Bob"])


def test_mix_label_is_order_independent():
    assert mix_label(["promo", "base", "harbor"]) == "base+harbor+promo" == mix_label(["base", "harbor", "promo"])
    assert mix_label(["base"]) == "base"


def test_contribution_of_a_won_game():
    contribution = site_contribution(stats_of_sample(), ["base", "harbor"])
    assert contribution["games"] == 1 and contribution["won_games"] == 1 and contribution["turns"] == 5
    assert contribution["by_players"] == {"2": {"games": 1, "turns": 5, "by_order": {
        "1": {"games": 1, "wins": 0}, "2": {"games": 1, "wins": 1}}}}
    assert contribution["cards"] == {"ranch": {"buyers": 1, "wins": 0}}
    assert contribution["mixes"] == {"base+harbor": {"games": 1, "turns": 5}}
    assert contribution["faces"] == {"1": 2, "2": 1, "3": 2, "4": 2, "5": 0, "6": 1}
    assert contribution["dice"]["2"]["8"] == 1


def test_game_without_winner_counts_only_for_dice():
    stats = compute_statistics(copy.deepcopy(EVENTS[:4]), [3, 3])
    contribution = site_contribution(stats, ["base"])
    assert set(contribution) == {"games", "unfinished", "dice", "faces"}


def test_merge_adds_and_subtracts_back_to_nothing():
    first = site_contribution(stats_of_sample(), ["base"])
    totals = merge_counts({}, first)
    merge_counts(totals, first)
    assert totals["games"] == 2 and totals["by_players"]["2"]["by_order"]["2"]["wins"] == 2
    merge_counts(totals, first, -1)
    assert totals["games"] == 1
    merge_counts(totals, first, -1)
    assert totals == {}


def test_merge_refuses_non_counters():
    with pytest.raises(TypeError):
        merge_counts({}, {"games": "1"})
    with pytest.raises(TypeError):
        merge_counts({}, {"won": True})
