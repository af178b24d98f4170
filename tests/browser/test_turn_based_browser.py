"""A turn-based game in the browser: the host creates it (pace, time per move, what happens when time runs
out), a guest joins on a phone, leaves, moves are played while away (the deadline put in the past in the
database: the site's sweeper has a bot play that turn), and the guest comes back to the moves made since
their last visit, highlighted. At 1280×800 and 390×844; screenshots in test-artifacts/."""
import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, join_as_guest, ready_and_start, sign_up, watch_errors

pytestmark = pytest.mark.browser


# Which seat of the players list is to act (its place in the list; -1 for none).
TO_ACT = "[...document.querySelectorAll('#seats > li')].findIndex(seat => seat.classList.contains('to-act'))"

def expire_the_deadline(site, code):
    """The time per move of whoever is to act runs out now (no waiting: the deadline is moved)."""
    site._run("shell", "-c", "from datetime import timedelta; from django.utils import timezone; "
              "from games.models import Game; "
              f"Game.objects.filter(code={code!r}).update(turn_deadline=timezone.now() - timedelta(seconds=1))")


def test_a_turn_based_game_shows_the_moves_since_the_last_visit(site, browser):
    errors = []
    host_context = browser.new_context(viewport=SIZES["desktop"])
    guest_context = browser.new_context(viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    host, guest = host_context.new_page(), guest_context.new_page()
    for page in (host, guest):
        watch_errors(page, errors)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        sign_up(host, site, "tara")
        host.goto(site.url() + "/games/new/")
        # Live by default: the turn timer shows, the turn-based fields do not.
        assert host.locator("#id_game-turn_seconds").is_visible()
        assert not host.locator("#id_game-move_seconds").is_visible()
        host.check("input[name='game-pace'][value='turn_based']")
        assert not host.locator("#id_game-turn_seconds").is_visible()
        host.select_option("#id_game-move_seconds", str(24 * 3600))
        host.check("input[name='game-on_timeout'][value='bot']")
        host.locator("input[name='game-pace']").first.scroll_into_view_if_needed()
        host.screenshot(path=str(ARTIFACTS / "turn-based-create-desktop.png"), full_page=True)
        host.set_viewport_size(SIZES["phone"])
        host.screenshot(path=str(ARTIFACTS / "turn-based-create-phone.png"), full_page=True)
        assert host.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "phone overflow"
        host.set_viewport_size(SIZES["desktop"])
        host.click("form button.primary")
        host.wait_for_selector("#lobby:not([hidden])")
        assert "1 day per move" in host.locator(".pace-line").inner_text()
        code = host.locator("#game").get_attribute("data-code")
        join_as_guest(guest, host.input_value("#join-link"), "Pia")
        ready_and_start(host, guest, "Pia")
        # The timer counts a day in hours (h:mm:ss), not in thousands of minutes.
        host.wait_for_function("() => /^2[0-4]:\\d\\d:\\d\\d/.test(document.getElementById('timer').textContent)")

        # Pia closes the game (goes to the games list) having seen everything up to now.
        guest.wait_for_function("() => document.getElementById('game').dataset.seq !== undefined")
        seen = int(guest.locator("#game").get_attribute("data-seq"))
        guest.goto(site.url() + "/games/")
        pia = host.locator("#seats li:has-text('Pia')")
        # Pia's page is closed, but a turn-based seat is never handed to a bot for that: only time counts.
        host.wait_for_selector("#seats li:has-text('Pia') .dot:not(.on)")
        assert pia.locator(".tag.auto").count() == 0
        # Two times per move run out while she is away: a bot plays each of those turns.
        for _ in range(2):
            before = int(host.locator("#game").get_attribute("data-seq"))
            acting = host.evaluate(TO_ACT)
            expire_the_deadline(site, code)
            host.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}", timeout=20000)
            # The bot's whole turn (a roll, then a purchase: several events) is over when the other seat is to act.
            host.wait_for_function(f"(acting) => {{ const now = {TO_ACT}; return now >= 0 && now !== acting; }}",
                                   arg=acting, timeout=20000)
            host.wait_for_function("() => document.getElementById('timer').textContent !== ''", timeout=20000)
        # The games list shows the game, its pace and whose turn it is.
        guest.reload()
        card = guest.locator(f"#playing-games li:has-text('Turn-based · 1 day per move')")
        card.first.wait_for()
        assert card.first.locator(".turn").count() == 1

        guest.goto(site.url() + f"/games/{code}/")
        guest.wait_for_selector("#since-visit:not([hidden])")
        now = int(guest.locator("#game").get_attribute("data-seq"))
        moves = now - seen
        assert moves >= 2
        note = guest.locator("#since-visit").inner_text()
        assert note == f"{moves} moves since your last visit", note
        assert guest.locator("#game-log li.new-since-visit").count() == moves
        guest.locator("#since-visit").scroll_into_view_if_needed()
        guest.screenshot(path=str(ARTIFACTS / "turn-based-since-visit-phone.png"), full_page=True)
        assert guest.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "phone overflow"
        guest.set_viewport_size(SIZES["desktop"])
        guest.screenshot(path=str(ARTIFACTS / "turn-based-since-visit-desktop.png"), full_page=True)
        # Coming back again, nothing is new any more.
        guest.reload()
        guest.wait_for_selector("#connection[data-state='live']")
        guest.wait_for_function("() => document.getElementById('game-log').children.length > 0")
        assert guest.locator("#since-visit").is_hidden()
        assert guest.locator("#game-log li.new-since-visit").count() == 0
        assert not errors, errors
    except BaseException:
        for name, page in (("host", host), ("guest", guest)):
            page.screenshot(path=str(ARTIFACTS / f"turn-based-failure-{name}.png"), full_page=True)
        raise
    finally:
        host_context.close()
        guest_context.close()
