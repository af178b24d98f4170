"""The leaderboard (/players/) at 1280×800 and 390×844: the game tabs and periods, the signed-in player's place
(highlighted on its page, named with a link when on another), the bots apart, nothing scrolling sideways, and a
rated game's rating changes on its statistics page. Screenshots go to test-artifacts/."""
import re

import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure, watch_errors

pytestmark = pytest.mark.browser

OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"
PASSWORD = "Tab1e-Top!"

# 60 players in a chain of rated games, each beating the next: p00 won them all, p59 lost them all; bots too.
SEED = f"""
from django.contrib.auth.models import User
from django.utils import timezone
from games.models import Game
from games.ratings.services import do_rate_game
# One password hash for all (hashing 60 passwords would take most of the test's time).
first = User.objects.create_user("p00", password={PASSWORD!r})
users = [first] + User.objects.bulk_create([User(username=f"p{{i:02d}}", password=first.password) for i in range(1, 60)])
def play(ruleset, places, code):
    game = Game.objects.create(code=code, ruleset=ruleset, options={{}}, min_players=2, max_players=6, rated=True,
                               status=Game.Status.FINISHED, finished_at=timezone.now())
    table = []
    for position, (player, rank) in enumerate(places):
        if isinstance(player, str):
            game.seats.create(position=position, bot_kind=player, name=player.capitalize() + " bot")
        else:
            game.seats.create(position=position, user=player, name=player.username)
        table.append({{"seat": position, "name": "x", "rank": rank, "score": 0, "details": ""}})
    game.result = {{"winners": [0], "table": table}}
    game.save()
    do_rate_game(game)
for round in range(3):
    for i in range(59):
        play("machikoro", [(users[i], 1), (users[i + 1], 2)], f"mk{{round}}x{{i:02d}}")
play("machikoro", [(users[0], 1), ("income", 2), ("random", 3)], "mkbots")
play("aquarius", [(users[3], 1), (users[59], 2), ("random", 2)], "aqfirst")
"""


@pytest.fixture(scope="module")
def seeded(site):
    site._run("shell", "-c", SEED)


def signed_in(browser, site, username, size):
    phone = size != "desktop"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.goto(site.url() + "/accounts/login/?next=/players/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main form [type=submit]")
    page.wait_for_url(re.compile(r"/players/$"))
    return page


@pytest.mark.parametrize("size", SIZES)
def test_the_leaderboard_shows_your_place_and_fits_the_screen(site, browser, seeded, size):
    page = signed_in(browser, site, "p59", size)
    errors = []
    watch_errors(page, errors)
    with screenshots_on_failure(f"leaderboard-{size}", [page]):
        # Machi Koro, all time: p59 is 60th, on page 2 of 50 rows: named at the top with a link to the place.
        assert page.locator("nav.tabs a[aria-current]").inner_text() == "Machi Koro"
        assert page.locator("table.board").first.locator("tbody tr").count() == 50
        assert page.locator("tbody tr").first.locator("th").inner_text() == "p00"
        assert "You are number 60." in page.locator("#own-position").inner_text()
        assert page.evaluate(OVERFLOW) <= 0
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"leaderboard-{size}.png"), full_page=True)
        page.click("#own-position a")
        own = page.locator("tr#own-row")
        assert own.locator("th").inner_text() == "p59" and own.locator("td").first.inner_text() == "60"
        assert "highlighted below" in page.locator("#own-position").inner_text()
        assert page.evaluate(OVERFLOW) <= 0
        page.screenshot(path=str(ARTIFACTS / f"leaderboard-own-{size}.png"), full_page=True)
        # The bots, apart: rated by kind.
        bots = page.locator("table.bots tbody tr")
        assert bots.count() == 2 and {bots.nth(0).locator("th").inner_text(), bots.nth(1).locator("th").inner_text()} \
            == {"Income", "Random"}
        # This month: the points gained; Aquarius: its own board, where p59 is on the first page.
        page.click(".period-choice a:has-text('This month')")
        assert page.locator(".period-choice a[aria-current]").inner_text() == "This month"
        assert page.locator("table.board").first.locator("thead").inner_text().count("This month") == 1
        page.click("nav.tabs a:has-text('Aquarius')")
        assert page.locator("tr#own-row th").inner_text() == "p59"
        assert [page.locator("tbody tr").nth(i).locator("th").inner_text() for i in range(2)] == ["p03", "p59"]
        assert page.evaluate(OVERFLOW) <= 0
        page.screenshot(path=str(ARTIFACTS / f"leaderboard-aquarius-{size}.png"), full_page=True)
        # A player's name leads to their profile, /players/<name>/.
        assert page.locator("tbody tr th a").first.get_attribute("href") == "/players/p03/"
        # The game's statistics page lists each player's rating change.
        page.goto(site.url() + "/stats/games/aqfirst/")
        changes = page.locator(".rating-changes tbody tr")
        assert changes.count() == 3
        assert changes.nth(0).locator("td.delta").inner_text().startswith("+")
        assert page.evaluate(OVERFLOW) <= 0
        page.screenshot(path=str(ARTIFACTS / f"rating-changes-{size}.png"), full_page=True)
    assert errors == []
    page.context.close()
