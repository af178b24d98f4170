"""The site as a visitor sees it on a 1280×800 desktop and a 390×844 phone (and 360- and 430-px phones for
overflow): no page scrolls sideways, card faces carry accessible text, a background tab's title says when it
is your turn, and a rematch takes one click each. Screenshots of the pages go to test-artifacts/ when a test fails.
"""
import re

import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, add_designer, enter_as_guest, screenshots_on_failure, watch_errors

pytestmark = pytest.mark.browser

STATIC_PAGES = ["/", "/games/", "/games/new/machikoro/", "/games/new/aquarius/", "/cards/", "/cards/valeria/",
                "/cards/valeria/?table=monsters", "/cards/progress/", "/cards/progress/cost/", "/cards/lorenzo/score/",
                "/stats/", "/docs/", "/docs/playing/", "/docs/rules/", "/docs/rules-aquarius/", "/docs/api/",
                "/docs/designers/", "/docs/effects/", "/docs/statistics/", "/api/", "/api/docs/", "/api/redoc/",
                "/accounts/login/", "/accounts/signup/", "/accounts/guest/", "/players/ladder/aquarius/",
                "/players/ladder/machikoro/", "/docs/write-a-bot/", "/docs/machikoro-rpc/"]
DESIGNER_PAGES = ["/admin/", "/admin/cards/establishment/", "/admin/cards/establishment/1/change/",
                  "/admin/cards/valeriacitizen/", "/accounts/settings/", "/accounts/tokens/"]
DESIGNER = ("walker", "pw-walker-2026")
OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth"


# The phones the site must fit beside the 390-px one: nothing may scroll sideways from 360 to 430 px.
EDGE_PHONES = {"phone-360": {"width": 360, "height": 740}, "phone-430": {"width": 430, "height": 932}}


def new_player(browser, site, nickname, size="desktop"):
    phone = size != "desktop"
    context = browser.new_context(viewport={**SIZES, **EDGE_PHONES}[size], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    enter_as_guest(page, site, nickname)
    return page


def create_game(page, site, bots=1, max_players=None):
    page.goto(site.url() + "/games/new/")
    page.fill("#id_game-max_players", str(max_players or bots + 1))
    page.click("form button.primary")
    page.wait_for_selector("#lobby:not([hidden])")
    for count in range(bots):
        page.click("#add-bot")
        page.wait_for_selector(f"#seats li:nth-child({count + 2})")
    return page.url


def play_out_with_bots(page, timeout=120):
    """Hand the seat to a bot and wait for the end."""
    page.wait_for_selector("#play:not([hidden])")
    page.click("#leave-play")
    page.wait_for_selector("#after:not([hidden])", timeout=timeout * 1000)


@pytest.fixture(scope="module")
def browser(module_browser):
    return module_browser  # one Chromium for the module: the finished game below is played once for all tests


@pytest.fixture(scope="module")
def finished_game(site, browser):
    page = new_player(browser, site, "Fin")
    url = create_game(page, site, bots=2)
    page.click("#ready-button")
    play_out_with_bots(page)
    code = url.rstrip("/").rsplit("/", 1)[-1]
    page.context.close()
    return code


@pytest.fixture(scope="module")
def designer_account(site):
    return add_designer(site, DESIGNER)


def sign_in(page, site, account):
    page.goto(site.url() + "/accounts/login/?next=/admin/")
    page.fill("#id_username", account[0])
    page.fill("#id_password", account[1])
    page.click("main form [type=submit]")
    page.wait_for_url(re.compile(r"/admin/$"))


@pytest.mark.parametrize("size", SIZES)
def test_no_page_scrolls_sideways(site, browser, finished_game, designer_account, size):
    page = new_player(browser, site, "Wide" + size[:3], size)
    errors = []
    watch_errors(page, errors)
    with screenshots_on_failure(f"overflow-{size}", [page]):
        wide = {}

        def check(path):
            page.goto(site.url() + path)
            page.wait_for_load_state("networkidle")
            extra = page.evaluate(OVERFLOW)
            name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") or "home"
            ARTIFACTS.mkdir(exist_ok=True)  # every page of the walk, to look at (the overflowing ones named so)
            page.screenshot(path=str(ARTIFACTS / f"{'overflow' if extra > 0 else 'walk'}-{size}-{name}.png"))
            if extra > 0:
                wide[path] = extra

        for path in STATIC_PAGES + ["/games/new/", f"/games/{finished_game}/", f"/games/{finished_game}/replay/",
                                    f"/stats/games/{finished_game}/"]:
            check(path)
        # A lobby and a game being played, where it is this player's turn or a bot's.
        lobby = create_game(page, site, bots=1)
        assert not page.locator("#add-bot").is_visible(), "a full table still offers to add a bot"
        check(lobby.replace(site.url(), ""))
        page.click("#ready-button")
        page.wait_for_selector("#board .mk-player")
        assert page.evaluate(OVERFLOW) <= 0, "the board scrolls sideways"
        # The admin as a designer sees it: the index, an establishment's list and its change form.
        designer = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
        page = designer.new_page()
        watch_errors(page, errors)
        sign_in(page, site, designer_account)
        for path in DESIGNER_PAGES:
            check(path)
        page.goto(site.url() + "/admin/")
        lab = page.locator("#balance-lab-link th a").bounding_box()
        assert lab["height"] < 40, "the Balance lab link wraps letter by letter"
        designer.close()
        assert not wide, f"pages wider than the {size} screen (extra pixels): {wide}"
        assert not errors, errors


@pytest.mark.parametrize("size", EDGE_PHONES)
def test_the_narrowest_and_widest_phones_do_not_scroll_sideways(site, browser, finished_game, size):
    """The pages most likely to overflow (forms, tables, boards, the end of a game) at 360 and 430 px."""
    page = new_player(browser, site, "Edge" + size[-3:], size)
    with screenshots_on_failure(f"overflow-{size}", [page]):
        wide = {}
        for path in ["/", "/games/", "/games/new/machikoro/", "/games/new/aquarius/", "/cards/", "/cards/valeria/",
                     "/cards/progress/cost/", "/stats/", "/docs/playing/", "/api/docs/", f"/games/{finished_game}/",
                     f"/games/{finished_game}/replay/", f"/stats/games/{finished_game}/"]:
            page.goto(site.url() + path)
            page.wait_for_load_state("networkidle")
            extra = page.evaluate(OVERFLOW)
            if extra > 0:
                wide[path] = extra
        create_game(page, site, bots=1)
        page.click("#ready-button")
        page.wait_for_selector("#board .mk-player")
        if page.evaluate(OVERFLOW) > 0:
            wide["the board"] = page.evaluate(OVERFLOW)
        assert not wide, f"pages wider than the {size} screen (extra pixels): {wide}"


@pytest.mark.parametrize("size", SIZES)
def test_card_faces_carry_their_meaning_in_words(site, browser, size):
    page = new_player(browser, site, "Faces" + size[:3], size)
    with screenshots_on_failure(f"faces-{size}", [page]):
        page.goto(site.url() + "/cards/")
        faces = page.locator("svg.card-face[role=img]")
        assert faces.count() >= 40
        wheat = page.locator("svg.card-face", has=page.locator("title", has_text=re.compile(r"^Wheat Field")))
        label = wheat.first.locator("title").text_content()
        assert "Blue" in label and "activates on 1" in label and "costs 1 coin" in label and "bank" in label
        # The icon and the colour are written on the face, not only drawn.
        assert "Wheat" in wheat.first.text_content() and "Blue" in wheat.first.text_content()
        box = wheat.first.bounding_box()
        assert box["width"] >= 140, "faces too small to read"

        # In a game: the market's faces, buyable ones as labelled buttons.
        create_game(page, site, bots=1)
        page.click("#ready-button")
        page.wait_for_selector("#board .mk-market svg.card-face")
        titles = page.locator("#board .mk-market svg.card-face title").all_text_contents()
        assert any(t.startswith("Wheat Field") and "left in the market" in t for t in titles)
        owned = page.locator("#board .mk-owned svg.card-face title").all_text_contents()
        assert any("Bakery" in t and "1 owned" in t for t in owned)


def test_a_background_tab_is_told_when_it_is_its_turn(site, browser):
    page = new_player(browser, site, "Tabby")
    # The tab is in the background: the page sees document.hidden, as in a tab the player switched away from.
    page.add_init_script("""
      window.__hidden = true;
      Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
      Object.defineProperty(document, 'visibilityState', { get: () => window.__hidden ? 'hidden' : 'visible' });
    """)
    with screenshots_on_failure("title", [page]):
        create_game(page, site, bots=1)
        plain = page.title()
        page.click("#ready-button")
        page.wait_for_function("() => document.title.includes('Your turn')", timeout=30000)
        assert page.title() != plain
        # Coming back to the tab stops the blinking and restores the title.
        page.evaluate("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function(f"() => document.title === {plain!r}")
        # The timer is shown while it is this player's turn.
        page.wait_for_function("() => /^\\d+:\\d\\d left$/.test(document.getElementById('timer').textContent)", timeout=5000)
        assert re.match(r"\d+:\d\d left", page.inner_text("#timer"))


def test_rematch_in_one_click_each(site, browser):
    host = new_player(browser, site, "Hana")
    guest = new_player(browser, site, "Gus", "phone")
    with screenshots_on_failure("rematch", [host, guest]):
        url = create_game(host, site, bots=1, max_players=3)
        options = host.locator(".game-page > span.muted").all_inner_texts()
        guest.goto(url)
        guest.click("#join-button")
        guest.wait_for_selector("#ready-button")
        host.wait_for_selector("#seats li:has-text('Gus')")
        guest.click("#ready-button")
        host.click("#ready-button")
        for page in (host, guest):
            page.wait_for_selector("#play:not([hidden])")
            page.click("#leave-play")
        for page in (host, guest):
            page.wait_for_selector("#after:not([hidden])", timeout=120000)
            page.wait_for_selector("#rematch-button")
        host.click("#rematch-button")
        host.wait_for_url(lambda u: u.rstrip("/") != url.rstrip("/") and "/games/" in u)
        host.wait_for_selector("#lobby:not([hidden])")
        new_url = host.url
        assert host.locator("#seats li").count() == 2  # the host and the bot, kept
        assert host.locator("#seats li:has-text('bot')").count() == 1
        assert host.locator(".game-page > span.muted").all_inner_texts() == options
        # The other player is invited on the finished game's page and accepts with one click.
        guest.wait_for_selector("#rematch-join:visible")
        guest.click("#rematch-join")
        guest.wait_for_url(new_url)
        guest.wait_for_selector("#ready-button", state="visible")  # seated: the lobby's own controls
        host.wait_for_selector("#seats li:has-text('Gus')")
    for page in (host, guest):
        page.context.close()


def test_a_chat_message_refused_for_speed_stays_in_the_input(site, browser):
    page = new_player(browser, site, "Chatty", "phone")
    with screenshots_on_failure("chat", [page]):
        create_game(page, site, bots=0, max_players=2)
        page.wait_for_selector("#seats .dot.on")    # the socket is open: the server shows this player online
        page.click("#tab-chat")                     # a phone: the chat is a tab
        for number in range(1, 7):  # at most 5 messages every 10 seconds
            page.fill("#chat-input", f"message {number}")
            page.press("#chat-input", "Enter")
            if number < 6:
                page.wait_for_selector(f"#chat-log li:has-text('message {number}')")
        page.wait_for_function("() => document.getElementById('chat-input').value === 'message 6'")
        assert page.locator("#chat-log li:has-text('message 6')").count() == 0
    page.context.close()


RECORD_SOCKETS = """
window.openedSockets = [];
window.WebSocket = class extends window.WebSocket {
  constructor(...args) { super(...args); window.openedSockets.push(this); }
};
"""


def test_a_page_whose_game_is_gone_says_so_and_stops_reconnecting(site, browser):
    page = new_player(browser, site, "Gone")
    page.add_init_script(RECORD_SOCKETS)
    with screenshots_on_failure("gone", [page]):
        url = create_game(page, site, bots=0, max_players=2)
        code = url.rstrip("/").rsplit("/", 1)[-1]
        page.wait_for_selector("#connection[data-state='live']")
        site._run("shell", "-c", f"from games.models import Game; Game.objects.filter(code={code!r}).delete()")
        game_sockets = f"window.openedSockets.filter(s => s.url.includes('/ws/games/{code}/'))"
        page.evaluate(f"{game_sockets}.at(-1).close()")   # as a network blip would: the page reconnects
        page.wait_for_selector("#connection[data-state='gone']")
        assert "does not exist" in page.inner_text("#connection")
        assert page.is_disabled("#ready-button") and page.is_disabled("#chat-input")   # nothing left to use
        tries = page.evaluate(f"{game_sockets}.length")
        page.wait_for_timeout(3000)   # reconnecting would have tried again within 0.7 s, then 1.1 s
        assert page.evaluate(f"{game_sockets}.length") == tries == 2
    page.context.close()


def test_the_replay_plays_from_the_keyboard_at_a_chosen_speed_and_stays_in_french(site, browser, finished_game):
    context = browser.new_context(viewport=SIZES["desktop"], locale="fr-FR")
    page = context.new_page()
    errors = []
    watch_errors(page, errors)
    with screenshots_on_failure("replay-keys", [page]):
        page.goto(f"{site.url()}/games/{finished_game}/replay/")
        page.wait_for_selector("#replay-position:has-text('Coup 0 sur')")
        last = int(page.get_attribute("#replay-step", "max"))
        position = "() => document.getElementById('replay-step').value"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert page.evaluate(position) == "2"
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(position) == "1"
        page.keyboard.press("End")
        assert page.evaluate(position) == str(last)
        page.keyboard.press("Home")
        assert page.evaluate(position) == "0"
        page.select_option("#replay-speed", "4")
        page.keyboard.press(" ")   # plays: the label says "Pause" in French, then the moves advance
        page.wait_for_selector("#replay-play[aria-pressed='true']")
        page.wait_for_function(f"() => Number(document.getElementById('replay-step').value) >= {min(3, last)}")
        page.keyboard.press(" ")   # pauses: the button is translated again, and the position stays put
        page.wait_for_selector("#replay-play[aria-pressed='false']")
        assert page.inner_text("#replay-play") == "▶ Lecture"
        held = page.evaluate(position)
        page.keyboard.press("ArrowRight")
        assert int(page.evaluate(position)) == min(int(held) + 1, last)
        assert not errors
    context.close()
