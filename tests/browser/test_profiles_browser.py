"""A player's profile and "My games" on a 1280×800 desktop and a 390×844 phone: the name in the header
leads to My games with the count of games waiting for your move, the games waiting come first, the profile
keeps each game apart and pages through the games played; nothing scrolls sideways. Screenshots of each page
go to test-artifacts/ (profile-*.png, my-games-*.png)."""
import re

import pytest

from tests.browser.helpers import ARTIFACTS, CHROMIUM, SIZES, screenshots_on_failure, watch_errors
from tests.browser.live_site import LiveSite

pytestmark = pytest.mark.browser
PLAYER, PASSWORD = "ann", "Tab1e-Top!"
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A site whose sweeper leaves the seeded running games alone (nobody has a socket open to them)."""
    assert CHROMIUM.exists(), "Chromium is not installed at /usr/bin/chromium (`make test` installs it)"
    with LiveSite(tmp_path_factory.mktemp("profiles"), load_cards=False,
                  extra_env={"GAMES_ABSENCE_GRACE": "86400"}) as live:
        yield live


@pytest.fixture(scope="module")
def history(site):
    site._run("shell", "-c", "from stats.tests.profile_factories import seed_history; "
              f"seed_history({PLAYER!r}, {PASSWORD!r})")
    return PLAYER


def signed_in(browser, site, size):
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.goto(site.url() + "/accounts/login/")
    page.fill("#id_username", PLAYER)
    page.fill("#id_password", PASSWORD)
    page.click("form button.primary")
    page.wait_for_load_state()
    return page


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_my_games_from_the_name_in_the_header(browser, site, history, size):
    page = signed_in(browser, site, size)
    errors = []
    watch_errors(page, errors)
    with screenshots_on_failure(f"my-games-failed-{size}", [page]):
        page.goto(site.url() + "/docs/")
        badge = page.locator("#waiting-badge")
        assert badge.is_visible() and badge.locator(".turn-count").inner_text() == "2"
        assert badge.locator(".turn-label").text_content() == "2 games waiting for your move"
        page.click(".account-nav a.who")
        page.wait_for_url(re.compile(r"/games/mine/$"))
        assert page.locator("h1").inner_text() == "My games"
        waiting = page.locator("#your-turn-title + .my-games > li")
        assert waiting.count() == 2
        assert "Turn-based" in waiting.nth(0).inner_text() and "left for this move" in waiting.nth(0).inner_text()
        assert "Live" in waiting.nth(1).inner_text()
        assert page.locator("#in-progress-title + .my-games > li").count() == 1
        assert page.locator("#lobbies-title + .my-games > li").count() == 1
        assert page.locator("#finished-title + .my-games > li").count() == 20
        assert page.evaluate(OVERFLOW) <= 0
        shot(page, f"my-games-{size}")
        page.click("text=My profile")
        page.wait_for_url(re.compile(r"/players/ann/$"))
        assert errors == []
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_profile_keeps_each_game_apart_and_pages_through_games(browser, site, history, size):
    page = signed_in(browser, site, size)
    errors = []
    watch_errors(page, errors)
    with screenshots_on_failure(f"profile-failed-{size}", [page]):
        page.goto(site.url() + "/players/ann/")
        rows = page.locator(".profile-summary tbody tr")
        assert rows.count() == 2 and rows.nth(0).locator("th").inner_text() == "Machi Koro"
        in_progress = page.locator("#in-progress-title + .my-games > li")
        assert in_progress.count() == 3 and "Your move" in in_progress.nth(0).inner_text()
        assert page.locator(".played-games tbody tr").count() == 20
        assert page.evaluate(OVERFLOW) <= 0
        shot(page, f"profile-{size}")
        page.click(".tabs a:has-text('Aquarius')")
        page.wait_for_url(re.compile(r"game=aquarius"))
        assert page.locator(".profile-game-title").inner_text() == "Aquarius"
        assert page.locator(".stats-summary dd").first.inner_text() == "9"
        assert "Aqua-Chicken" in page.locator("#statistics").inner_text()
        page.select_option("select[name=result]", "won")
        page.click("#played button[type=submit]")
        page.wait_for_url(re.compile(r"result=won"))
        results = page.locator(".played-games tbody tr td:nth-child(2)").all_inner_texts()
        assert results and set(results) == {"Won"}
        assert page.evaluate(OVERFLOW) <= 0
        shot(page, f"profile-aquarius-{size}")
        page.goto(site.url() + "/players/ann/?page=2")
        assert page.locator(".played-games tbody tr").count() == 6 and "Page 2 of 2" in page.inner_text(".pager")
        assert errors == []
    page.context.close()
