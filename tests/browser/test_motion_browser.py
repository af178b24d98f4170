"""The moves' motion and sounds (static/js/motion.js, sounds.js, boards/machikoro-motion.js, boards/aquarius/motion.js),
in games against a bot, at 1280×800 and 390×844.

A roll makes the dice tumble and shows "+N" at the coins of the player who got them; a purchase clicked while
those animations still run is sent at once (the overlay never takes a click, nothing waits for an animation),
and the bought card flies to the buyer's city. Under prefers-reduced-motion nothing animates and the board shows
the new state as soon as it is drawn. "Sounds of moves" is on by default and its unticking is remembered.
Placing an Aquarius card slides a ghost of it onto the table. Screenshots in the middle of the motion go to
test-artifacts/motion-*.png."""
import pytest

from tests.browser.aquarius_helpers import game_against_a_bot, my_turn, open_game, play_one_step
from tests.browser.helpers import ARTIFACTS, SIZES, seq_of, sign_up, wait_until_live, watch_errors

pytestmark = pytest.mark.browser

# What the page's motion did, kept for the test: each drawing ("game:rendered": the coin changes, the animations
# of the dice running just after it, whether the coins shown already matched the state), and every "+N" / ghost
# added to the overlay (a "+N" with how far it is from its player's coin count).
RECORD = """() => {
  window.__motion = { renders: [], deltas: [], ghosts: [], csp: [] };
  document.addEventListener("securitypolicyviolation", (event) => window.__motion.csp.push(
    `${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`));
  const seq = () => Number(document.getElementById("game").dataset.seq);
  document.addEventListener("game:rendered", (event) => {
    const { state, previous, me } = event.detail;
    if (!previous || !state.players) return;
    const shown = [...document.querySelectorAll("#board [data-seat]")].every((city) =>
      city.querySelector("[data-coins]").textContent === String(state.players[Number(city.dataset.seat)].coins));
    window.__motion.renders.push({ seq: seq(), me, dice: (state.dice || []).join(), shown,
      change: state.players.map((p, i) => p.coins - previous.players[i].coins),
      tumbling: document.getAnimations().filter((a) => a.effect.target.closest("[data-dice]")).length });
  });
  new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach((node) => {
    if (!node.classList) return;
    if (node.classList.contains("motion-delta")) {
      const coins = document.querySelector(`#board [data-seat="${node.dataset.seat}"] [data-coins]`).getBoundingClientRect();
      const at = node.getBoundingClientRect();
      window.__motion.deltas.push({ seq: seq(), seat: Number(node.dataset.seat), text: node.textContent,
        dx: Math.abs(at.left + at.width / 2 - (coins.left + coins.width / 2)), dy: Math.abs(at.top - coins.top),
        through: getComputedStyle(node.parentNode).pointerEvents });
    }
    if (node.classList.contains("motion-ghost")) {
      window.__motion.ghosts.push({ seq: seq(), kind: node.classList.contains("motion-coin") ? "coin" : node.tagName.toLowerCase(),
        card: !!node.querySelector("g.aq-card") });
    }
  }))).observe(document.body, { childList: true, subtree: true });
}"""

ROLL = "#actions button:text-matches('^Roll \\\\d')"
MY_ROLL = "() => [...document.querySelectorAll('#actions button')].some((b) => /^Roll \\d/.test(b.textContent))"
CHEAPEST = """() => {
  const cost = (b) => Number((b.getAttribute("aria-label").match(/\\((\\d+)\\)$/) || [0, 99])[1]);
  const buttons = [...document.querySelectorAll("#board .mk-market-card button.mk-buy")].filter((b) => cost(b) === 1);
  return buttons.length ? `#board .mk-market-card button.mk-buy[aria-label="${buttons[0].getAttribute("aria-label")}"]` : null;
}"""


def shoot(page, name):
    """A screenshot in the middle of the motion: every animation held still for it, then let go."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("window.__held = document.getAnimations().filter((a) => a.playState === 'running');"
                  " window.__held.forEach((a) => a.pause())")
    page.screenshot(path=str(ARTIFACTS / name))
    page.evaluate("window.__held.forEach((a) => a.play())")


@pytest.fixture(scope="module")
def machikoro(site, module_browser):
    """A Machi Koro game of a registered player against one bot, without a turn timer: (URL, signed-in state)."""
    context = module_browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    sign_up(page, site, "mona")
    page.goto(site.url() + "/games/new/")
    page.fill("#id_game-max_players", "2")
    page.select_option("#id_game-turn_seconds", "0")
    page.click("form button.primary")
    page.wait_for_selector("#lobby:not([hidden])")
    wait_until_live(page)
    page.click("#add-bot")
    page.wait_for_selector("#seats li .tag:has-text('bot')")
    page.click("#ready-button")
    page.wait_for_selector("#play:not([hidden]) #board [data-seat]")
    game = (page.url.split("#")[0], context.storage_state())
    context.close()
    return game


def open_machikoro(browser, game, errors, **options):
    url, state = game
    context = browser.new_context(storage_state=state, **options)
    page = context.new_page()
    watch_errors(page, errors)
    # A request cut short by a reload (ERR_ABORTED) is no failure of the page.
    page.on("requestfailed", lambda request: "ERR_ABORTED" in (request.failure or "")
            or errors.append(f"request failed: {request.url} {request.failure}"))
    page.goto(url)
    page.wait_for_selector("#board [data-seat] [data-coins]")
    wait_until_live(page)
    page.evaluate(RECORD)
    return context, page


def roll(page):
    """Wait for the player's roll, with their city in sight, roll, and return the drawing of that roll."""
    end_turn(page)  # a turn left half played (by an earlier test) ends first
    page.wait_for_function(MY_ROLL, timeout=20000)
    page.locator("#mk-my-city").scroll_into_view_if_needed()
    page.locator("#mk-my-city header").evaluate("node => node.scrollIntoView({block: 'center'})")
    before = seq_of(page)
    # Clicked where it is, so the page does not scroll the city out of sight to reach the bar of moves.
    page.locator(ROLL).evaluate("button => button.click()")
    page.wait_for_function(f"() => window.__motion.renders.some((r) => r.seq > {before} && r.dice)")
    return page.evaluate(f"window.__motion.renders.find((r) => r.seq > {before} && r.dice)")


def end_turn(page):
    """Build nothing (or answer whatever else the turn asks with its first offered move) until the bot plays."""
    for _ in range(5):
        if page.evaluate(MY_ROLL) or not page.locator("#actions button:not([disabled])").count():
            return
        before = seq_of(page)
        build_nothing = page.locator("#actions button:text-is('Build nothing')")
        (build_nothing if build_nothing.count() else page.locator("#actions button:not([disabled])").first).click()
        page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_roll_animates_and_a_purchase_is_never_delayed(site, module_browser, machikoro, size):
    errors = []
    phone = size == "phone"
    context, page = open_machikoro(module_browser, machikoro, errors, viewport=SIZES[size], is_mobile=phone,
                                   has_touch=phone, reduced_motion="no-preference")
    try:
        me = page.evaluate("Number(document.querySelector('#mk-my-city').dataset.seat)")
        earned, bought = None, False
        for _ in range(12):
            rolled = roll(page)
            assert rolled["tumbling"] > 0, "the dice did not tumble"
            assert rolled["shown"], "the coins shown waited for the animation"
            if rolled["change"][me]:
                change = rolled["change"][me]
                text = ("+" if change > 0 else "\u2212") + str(abs(change))
                # The roll's "+N" shows at the player's coins once the dice have landed.
                found = f"window.__motion.deltas.find((d) => d.seq >= {rolled['seq']} && d.seat === {me} && d.text === '{text}')"
                page.wait_for_function(f"() => !!{found}")
                delta = page.evaluate(found)
                assert delta["dx"] < 80 and delta["dy"] < 60, f"the delta is not at the player's coins: {delta}"
                assert delta["through"] == "none"
                if not earned:
                    shoot(page, f"motion-roll-{size}.png")
                earned = rolled
            # A purchase offered after the roll is clicked while the roll's motion still runs: it goes at once.
            cheapest = page.evaluate(CHEAPEST)
            running = page.evaluate("document.getAnimations().filter((a) => a.playState === 'running').length")
            if cheapest and running and not bought:
                before = seq_of(page)
                page.click(cheapest, timeout=2000)
                page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) > {before}")
                page.wait_for_function(f"() => window.__motion.ghosts.some((g) => g.seq > {before} && g.kind === 'li')")
                shoot(page, f"motion-buy-{size}.png")
                bought = True
            if earned and bought and page.evaluate("window.__motion.ghosts.some((g) => g.kind === 'coin')"):
                break
            end_turn(page)
        assert earned, "no roll of 12 earned the player a coin"
        assert bought, "no purchase was made while the motion ran"
        assert page.evaluate("window.__motion.ghosts.some((g) => g.kind === 'coin')"), "no coin flew"
        # Everything the motion added is gone once it ends, and none of it broke the Content-Security-Policy.
        page.wait_for_function("() => !document.querySelector('.motion-layer > *')")
        assert page.evaluate("window.__motion.csp") == []
        assert not errors, errors
    finally:
        context.close()


def test_reduced_motion_shows_the_new_state_at_once_without_motion(site, module_browser, machikoro):
    errors = []
    context, page = open_machikoro(module_browser, machikoro, errors, viewport=SIZES["phone"], is_mobile=True,
                                   has_touch=True, reduced_motion="reduce")
    try:
        for _ in range(3):
            rolled = roll(page)
            assert rolled["tumbling"] == 0 and rolled["shown"], rolled
            end_turn(page)
        motion = page.evaluate("window.__motion")
        assert len(motion["renders"]) >= 3
        assert all(r["shown"] and r["tumbling"] == 0 for r in motion["renders"]), motion["renders"]
        assert motion["deltas"] == [] and motion["ghosts"] == [], motion
        assert page.evaluate("document.getAnimations().length") == 0
        assert not errors, errors
    finally:
        context.close()


def switch_language(page, code):
    """The site's language switcher (saved on the account), back on the game page."""
    with page.expect_navigation():
        page.locator(f".language-switcher button[value='{code}']").evaluate("button => button.click()")
    page.wait_for_selector("#board [data-seat]")
    wait_until_live(page)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_sounds_of_moves_are_on_by_default_and_a_mute_is_remembered(site, module_browser, machikoro, language):
    errors = []
    options = {"viewport": SIZES["desktop" if language == "en" else "phone"], "locale": "fr-FR" if language == "fr" else "en-US"}
    context, page = open_machikoro(module_browser, machikoro, errors, **options)
    try:
        if language == "fr":
            switch_language(page, "fr")
        summary = page.locator("#play-settings summary").inner_text().strip()
        assert summary == ("Alerts and confirmations" if language == "en" else "Alertes et confirmations"), summary
        page.click("#play-settings summary")
        box = page.locator("#setting-move-sounds")
        label = page.locator("label:has(#setting-move-sounds)").inner_text().strip()
        assert label == ("Sounds of moves" if language == "en" else "Sons des coups"), label
        assert box.is_checked() and page.evaluate("Sounds.enabled()")
        box.uncheck()
        page.reload()
        page.wait_for_selector("#board [data-seat]")
        assert not page.locator("#setting-move-sounds").is_checked()
        assert page.evaluate("localStorage.getItem('move-sounds')") == "0" and not page.evaluate("Sounds.enabled()")
        page.click("#play-settings summary")
        page.locator("#setting-move-sounds").check()
        page.reload()
        page.wait_for_selector("#board [data-seat]")
        assert page.locator("#setting-move-sounds").is_checked()
        assert not errors, errors
    finally:
        if language == "fr":
            switch_language(page, "en")  # the player's saved language, for the module's other tests
        context.close()


@pytest.fixture(scope="module")
def aquarius(site, module_browser):
    return game_against_a_bot(site, module_browser, "aqua", "random")


def test_placing_an_aquarius_card_slides_it_onto_the_table(site, module_browser, aquarius):
    context, page, errors = open_game(module_browser, aquarius, viewport=SIZES["desktop"], reduced_motion="no-preference")
    try:
        page.evaluate(RECORD.replace("if (!previous || !state.players) return;", "return;"))
        # The cards marked as changed by each drawing (the bot's move right after ours marks its own).
        page.evaluate("""() => { window.__marked = []; document.addEventListener("game:rendered", () => window.__marked.push(
          [...document.querySelectorAll("#board g.aq-card.motion-changed")].map((g) => g.dataset.card))); }""")
        placed = None
        for _ in range(10):
            for card in my_turn(page):
                page.click(f"#board button.aq-hand-card[data-card='{card}']")
                if not page.locator("#board g.aq-drop").count() and page.locator("#board button.aq-rotate").count():
                    page.click("#board button.aq-rotate")  # no space fits this way up: turned
                if page.locator("#board g.aq-drop").count():
                    placed = card
                    break
                page.click("#board .aq-cancel")
            if placed:
                break
            # No card fits the table: one of the hand is played as a simple player would, and the bot moves.
            while play_one_step(page, []) and page.locator("#board button.aq-hand-card.selected").count():
                pass
        assert placed, "no card of the hand could go on the table in 10 turns"
        drop = page.locator("#board g.aq-drop")
        before = seq_of(page)
        drop.first.evaluate("el => el.scrollIntoView({block: 'center', inline: 'center'})")
        drop.first.click()
        page.wait_for_function(f"() => window.__motion.ghosts.some((g) => g.seq > {before} && g.kind === 'svg' && g.card)")
        shoot(page, "motion-aquarius.png")
        # The card is on the table at once (the ghost only flies over it), and marked as the last change.
        assert page.locator(f"#board g.aq-layer g.aq-card[data-card='{placed}']").count() == 1
        assert page.evaluate(f"window.__marked.some((cards) => cards.length === 1 && cards[0] === '{placed}')"), page.evaluate("window.__marked")
        assert page.evaluate("window.__motion.csp") == [] and not errors, errors
    finally:
        context.close()


def test_a_ghost_over_a_button_lets_the_click_through(site, module_browser, machikoro):
    errors = []
    context, page = open_machikoro(module_browser, machikoro, errors, viewport=SIZES["desktop"], reduced_motion="no-preference")
    try:
        summary = "#play-settings summary"
        page.locator(summary).scroll_into_view_if_needed()
        page.evaluate(f"(() => {{ const r = document.querySelector('{summary}').getBoundingClientRect();"
                      " const ghost = document.createElement('div'); ghost.className = 'motion-coin coin';"
                      " Motion.fly(ghost, r, r, { duration: 60000 }); })()")
        page.wait_for_selector(".motion-layer .motion-ghost")
        # The ghost lies over the control, yet the control is what the pointer finds, and a click opens it.
        assert page.evaluate(f"(() => {{ const r = document.querySelector('{summary}').getBoundingClientRect();"
                             " const ghost = document.querySelector('.motion-layer .motion-ghost').getBoundingClientRect();"
                             " const x = r.left + r.width / 2, y = r.top + r.height / 2;"
                             " return ghost.left <= x && x <= ghost.right && ghost.top <= y && y <= ghost.bottom"
                             f" && document.elementFromPoint(x, y).closest('{summary}') !== null; }})()")
        page.click(summary, timeout=2000)
        assert page.evaluate("document.getElementById('play-settings').open")
        assert not errors, errors
    finally:
        context.close()
