"""A finished game's statistics as tabbed sections (static/js/tabs.js builds the tabs): which sections each game
has and in what order, the game page's log and board as extra tabs, and a player's time-line rows marked own or
other turns (only their own show until "All turns" is ticked)."""
import re

import pytest
from django.urls import reverse

from stats import services
from stats.machikoro.selectors import game_view
from stats.models import GameStatistics

from stats.tests.aquarius_factories import play_finished_aquarius
from stats.tests.factories import play_finished_game

pytestmark = pytest.mark.django_db

SECTION = re.compile(r'<section class="tab-section" id="tab-([a-z-]+)" data-tab="\1" data-tab-label="([^"]+)">')


@pytest.fixture
def machikoro():
    game, _ = play_finished_game(seed=71, players=3)
    services.compute_and_store(game.pk)
    return game


def test_machi_koro_sections_are_time_line_dice_and_per_player(client, machikoro):
    html = client.get(reverse("stats:game", args=[machikoro.code])).content.decode()
    assert SECTION.findall(html) == [("timeline", "Time-line"), ("dice", "Dice"), ("players", "Per player")]
    assert html.count('class="tab-heading"') == 3 and "data-tabs " in html
    # The summary comes before the tabs; the players' table and time-lines are in "Per player".
    players = html[html.index('id="tab-players"'):]
    assert html.index('class="stats-summary"') < html.index("data-tabs")
    assert "stats-mk-players" in players and "stats-timeline-table" in players and 'class="best-turn"' in players
    assert "js/tabs.js" in html and html.index("js/tabs.js") < html.index("js/stats.js")


def test_a_time_line_marks_own_and_other_turns_and_counts_the_own(client, machikoro):
    html = client.get(reverse("stats:game", args=[machikoro.code])).content.decode()
    statistics = GameStatistics.objects.get(game=machikoro)
    timelines = game_view(statistics.result, {})["timelines"]
    tables = html.split('class="stats-table stats-timeline-table"')[1:]
    assert len(tables) == len(timelines) == 3
    for line, table in zip(timelines, tables):
        body = table[:table.index("</tbody>")]
        own, other = body.count('<tr class="own-turn'), body.count('<tr class="other-turn')
        assert own == line["own_turns"] == sum(1 for row in line["rows"] if row["active"]) > 0
        assert own + other == len(line["rows"]) and other > own
    assert html.count('class="all-turns-toggle"') == 3 and ">All turns</label>" in html


def test_aquarius_has_no_dice_section(client):
    game, _ = play_finished_aquarius(seed=9, players=3)
    services.compute_and_store(game.pk)
    html = client.get(reverse("stats:game", args=[game.code])).content.decode()
    assert SECTION.findall(html) == [("timeline", "Time-line"), ("players", "Per player")]
    assert 'data-series="measures"' in html[html.index('id="tab-timeline"'):html.index('id="tab-players"')]
    assert "stats-players" in html[html.index('id="tab-players"'):]


def test_the_game_page_puts_the_result_then_statistics_then_log_and_board(client, machikoro):
    html = client.get(reverse("games:game", args=[machikoro.code])).content.decode()
    order = [html.index(marker) for marker in ('id="after"', 'id="after-stats"', 'id="end-log"', 'id="play"')]
    assert order == sorted(order)
    assert 'id="end-log" data-tab-external="log" data-tab-label="Log" hidden' in html
    assert 'id="play" data-tab-external="final-board" data-tab-label="Final board"' in html
    assert '<section class="panel" id="log-panel" data-pane="log">' in html and 'id="game-log"' in html
