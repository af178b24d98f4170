"""Around the table (issue 34) in the browser: friends opening the join link are seated by typing a nickname
(one step, no "Join as ..." click after it), from the link or the game's page, at 1280×800 and 390×844, each in a browser context of their own;
one whose seat went while they typed lands on the game as a spectator, told why; the open games say how old
they are and whether their host is there."""
import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure, sign_up, watch_errors

pytestmark = pytest.mark.browser

OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


def _context(browser, size):
    phone = size == "phone"
    return browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone)


def test_friends_are_seated_in_one_step_from_the_join_link(site, browser):
    errors = []
    host = _context(browser, "desktop").new_page()
    friends = {size: _context(browser, size).new_page() for size in SIZES}
    late = _context(browser, "phone").new_page()
    pages = [host, *friends.values(), late]
    for page in pages:
        watch_errors(page, errors)
    with screenshots_on_failure("one-step-join", pages):
        sign_up(host, site, "hosta")
        host.goto(site.url() + "/games/new/")
        host.fill("#id_game-max_players", "3")
        host.click("form button.primary")
        host.wait_for_selector("#lobby:not([hidden])")
        link = host.input_value("#join-link")

        # The list shows the lobby's age and that its host is here, on both screens.
        for size, friend in friends.items():
            friend.goto(site.url() + "/games/")
            card = friend.locator("#open-games .game-card", has_text="hosta")
            card.locator("time.lobby-age").wait_for()
            assert card.locator("time.lobby-age").get_attribute("datetime")
            assert "Created just now" in card.inner_text() or "minute ago" in card.inner_text()
            friend.wait_for_selector("#open-games .host-presence.here:has-text('Host here')")
            assert friend.evaluate(OVERFLOW) <= 1, f"{size}: the list scrolls sideways"
            ARTIFACTS.mkdir(exist_ok=True)
            friend.screenshot(path=str(ARTIFACTS / f"one-step-join-list-{size}.png"))

        late.goto(link)   # the last seat is still free while this one types...
        late.wait_for_selector("#guest-join-form")

        game_url = link.replace("/join/", "/")
        # One friend opens the join link, the other the game's own page (its join panel has the same form).
        for (size, friend), opened in zip(friends.items(), (link, game_url)):
            name = f"Friend {size}"
            friend.goto(opened)
            friend.fill("#id_nickname", name)
            friend.screenshot(path=str(ARTIFACTS / f"one-step-join-form-{size}.png"))
            friend.click("#guest-join-button")
            # One step: on the game's page, seated (no "Join as ..." button to press).
            friend.wait_for_selector("#seated-controls:not([hidden])")
            assert friend.url == game_url
            assert friend.locator("#join-button").count() == 0
            host.wait_for_selector(f"#seats li:has-text('{name}')")
            assert friend.evaluate(OVERFLOW) <= 1, f"{size}: the game page scrolls sideways"

        # ...and the table is full when they send their nickname: they watch, and the page says why.
        late.fill("#id_nickname", "Latecomer")
        late.click("#guest-join-button")
        late.wait_for_selector(".messages li.warning:has-text('you are watching this game as Latecomer')")
        late.wait_for_selector("#connection[data-state='live']")
        assert late.locator("#seated-controls").is_hidden()
        assert late.evaluate(OVERFLOW) <= 1, "phone: the spectator's page scrolls sideways"
    assert not errors, errors
