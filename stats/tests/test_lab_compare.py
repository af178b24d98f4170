"""Comparing two lab runs says its direction in words: which run is A and which is B, each difference as "A minus
B" with what it means ("draft minus published: −8.8 turns, games are shorter"), a draft always before the
published cards; differences within noise are said to be; runs of different games are refused."""
import re

import pytest
from django.urls import reverse

from games.rulesets import get_ruleset
from stats.lab import comparison, summary
from stats.models import LabRun

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


def page_text(response):
    """The page's words (not its scripts): inline tags dropped, others read as a space (nbsp too)."""
    html = re.sub(r"<script\b.*?</script>", " ", response.content.decode(), flags=re.S)
    html = re.sub(r"</?(a|strong|span|abbr)\b[^>]*>", "", html)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def card_counts(bought, payout, games):
    """A Machi Koro card's tally: `bought` copies per game, paying once per game `payout` coins (give or take one)."""
    return {"bought": bought * games, "buyers": games, "buyer_wins": games // 2, "first_buy_turns": 3 * games,
            "first_buy_turn_squares": 10 * games, "activations": games, "activation_squares": games,
            "paid": payout * games, "paid_squares": (payout * payout + 1) * games}


def machikoro_tally(games, mean_turns, seat_wins, wheat_bought=2, wheat_payout=1):
    """Two income bots; games of `mean_turns` turns (standard deviation 6); seat 1 wins `seat_wins` games."""
    return {"games": games, "unfinished": 0, "turns_sum": round(mean_turns * games),
            "turns_squares": round((mean_turns * mean_turns + 36) * games),
            "length_buckets": {str(int(mean_turns) // 5 * 5): games},
            "wins_by_seat": {"0": seat_wins, "1": games - seat_wins},
            "seats_by_bot": {"income": 2 * games}, "wins_by_bot": {"income": games},
            "cards": {"wheat-field": card_counts(wheat_bought, wheat_payout, games),
                      "bakery": card_counts(1, 1, games)},
            "landmarks": {"train-station": {"built": games, "rank_sum": games, "ranks": {"1": games}}}}


def aquarius_tally(games, shared):
    return {"games": games, "unfinished": 0, "turns_sum": 20 * games, "turns_squares": 409 * games,
            "length_buckets": {"20": games}, "wins_by_seat": {"0": games // 2, "1": games - games // 2},
            "seats_by_bot": {"strong": 2 * games}, "wins_by_bot": {"strong": games}, "shared": shared, "blocked": 0,
            "actions": {"zap_card": {"played": games, "played_squares": 2 * games, "players": games,
                                     "player_wins": games // 2}},
            "goal_trades": {"by": {"trades": games // 4, "wins": games // 8}}}


def finished_run(tally, game="machikoro", draft_name="", name="", names=None):
    """A finished run of `tally`; `names`: its rows' English names, as a run keeps them."""
    ruleset = get_ruleset(game)
    return LabRun.objects.create(
        game=game, draft_name=draft_name, name=name, rules={}, seed=1, games=tally["games"],
        chunk_size=tally["games"], options={"players": 2, "bots": ["income", "income"]}, status=LabRun.Status.DONE,
        games_done=tally["games"], result=summary.summarise(tally, names or {}, ruleset))


@pytest.fixture
def draft_and_published():
    """A draft whose games last 42.3 turns and whose Wheat Field pays 2 coins, 3 copies a game; the published
    cards' last 51.1 turns, their Wheat Field pays 1, 2 copies a game; seat 1 wins 52.0 % and 51.5 % of games."""
    draft = finished_run(machikoro_tally(1000, 42.3, 520, wheat_bought=3, wheat_payout=2), draft_name="Cheap ranch")
    published = finished_run(machikoro_tally(1000, 51.1, 515))
    return draft, published


def compare_page(client, a, b):
    return client.get(reverse("stats:lab-compare"), {"a": a.pk, "b": b.pk})


@pytest.mark.parametrize("draft_first_in_url", [True, False])
def test_a_draft_is_a_and_each_difference_is_draft_minus_published(client, designer, draft_and_published,
                                                                   draft_first_in_url):
    """The designer read "42.3 | 51.1 | +8.8 turns" while the draft shortened games by 8.8 turns."""
    draft, published = draft_and_published
    client.force_login(designer)
    pair = (draft, published) if draft_first_in_url else (published, draft)
    response = compare_page(client, *pair)
    assert response.status_code == 200
    page = page_text(response)
    assert page.index("A: 1,000 games, Draft “Cheap ranch”") < page.index("B: 1,000 games, Published cards"), page
    assert f"draft minus published: {MINUS}8.8 turns, games are shorter" in page, page
    assert "+8.8" not in page
    assert "Each difference is draft minus published (A minus B)." in page
    assert ("whatever the order chosen" in page) is (not draft_first_in_url)


def test_a_difference_within_noise_is_said_to_be_one(client, designer, draft_and_published):
    client.force_login(designer)
    page = page_text(compare_page(client, *draft_and_published))
    assert "Win rate of seat 1 52.0 % 51.5 % draft minus published: +0.5 points, no clear difference" in page, page


def test_each_cards_payouts_and_purchases_are_compared(client, designer, draft_and_published):
    client.force_login(designer)
    page = page_text(compare_page(client, *draft_and_published))
    assert "Mean payout (coins) 2.00 1.00 draft minus published: +1.00, higher" in page, page
    assert "Copies bought per game 3.00 2.00 draft minus published: +1.00, higher" in page, page
    assert "Copies bought per game 1.00 1.00 draft minus published: 0.00, no difference" in page, page
    assert "Built per game" in page and "Wheat Field" in page and "Bakery" in page


def test_runs_of_one_kind_keep_the_order_chosen_and_say_it(client, designer):
    shorter = finished_run(machikoro_tally(1000, 42.3, 500), name="Short")
    longer = finished_run(machikoro_tally(1000, 51.1, 500), name="Long")
    client.force_login(designer)
    page = page_text(compare_page(client, longer, shorter))
    assert page.index("A: Long") < page.index("B: Short")
    assert "Each difference is A minus B, in the order chosen." in page
    assert "A minus B: +8.8 turns, games are longer" in page, page
    assert "draft minus" not in page
    swap = f'href="?a={shorter.pk}&amp;b={longer.pk}"'
    assert swap in compare_page(client, longer, shorter).content.decode()


def test_two_aquarius_runs_compare_only_what_their_results_have(client, designer):
    a = finished_run(aquarius_tally(400, 200), game="aquarius", names={"zap_card": "Zap a Card"})
    b = finished_run(aquarius_tally(400, 20), game="aquarius", names={"zap_card": "Zap a Card"})
    client.force_login(designer)
    response = compare_page(client, a, b)
    assert response.status_code == 200
    page = page_text(response)
    assert "Games with a shared win 50.0 % 5.0 % A minus B: +45.0 points, higher" in page, page
    assert "Zap a Card" in page and "Players who played it per game" in page
    assert "Landmark" not in page and "draft" not in page
    charts = [dict(chart["data"])["chart"] for chart in comparison.comparison(a, b)["charts"]]
    assert charts[:3] == ["seats", "bots", "length"] and "ranks" not in str(comparison.comparison(a, b)["charts"])


def test_runs_of_different_games_are_refused_with_a_reason(client, designer, draft_and_published):
    draft, _published = draft_and_published
    aquarius = finished_run(aquarius_tally(100, 10), game="aquarius")
    client.force_login(designer)
    response = compare_page(client, draft, aquarius)
    assert response.status_code == 400
    page = page_text(response)
    assert "Runs of different games cannot be compared: A is Machi Koro, B is Aquarius." in page, page
    with pytest.raises(comparison.DifferentGames):
        comparison.comparison(aquarius, draft)


def test_the_comparison_is_worded_in_french(client, designer, draft_and_published):
    client.force_login(designer)
    client.cookies["django_language"] = "fr"
    page = page_text(compare_page(client, *reversed(draft_and_published)))
    assert page.index("A : 1 000 parties, Brouillon « Cheap ranch »") < page.index("B : 1 000 parties, Cartes publiées")
    assert f"brouillon moins cartes publiées : {MINUS}8,8 tours, parties plus courtes" in page, page
    assert "Chaque différence est brouillon moins cartes publiées (A moins B)." in page
    assert "aucune différence nette" in page and "Exemplaires achetés par partie" in page
    assert "minus" not in page and "games" not in page
