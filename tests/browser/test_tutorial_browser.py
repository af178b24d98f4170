"""The guided first game ("Learn to play") in the browser, at 1280×800 and 390×844: a visitor picks a nickname and
starts a Machi Koro game against bots; a hint bubble points at the roll button (the button stays clickable and
the bubble's buttons are reached with Tab), rolling brings the next hint, "Skip tutorial" hides the hints and a
reload keeps them hidden. An Aquarius guided game shows its first hint, on the secret goal, without animation when
reduced motion is asked for; one run is in French (its French comes with the merged translations).
Screenshots go to test-artifacts/tutorial-*.png."""
import json
import re

import pytest

from tests.browser.helpers import ARTIFACTS, SIZES, screenshots_on_failure, watch_errors

pytestmark = pytest.mark.browser

BUBBLE = "#tutorial-hint"
ROLL = "#actions button[data-action='roll']"
HINT_TIMEOUT = 60000  # the bots may play first


def start_guided_game(browser, site, slug, size, nickname, locale="en-US", motion="no-preference", route=None):
    """The visitor's page on a started guided game; `route(socket)`, if given, routes its game sockets."""
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], locale=locale, is_mobile=phone, has_touch=phone,
                                  reduced_motion=motion)
    page = context.new_page()
    if route:
        page.route_web_socket(re.compile(r"/ws/games/"), route)
    errors = []
    watch_errors(page, errors)
    page.on("requestfailed", lambda request: errors.append(f"failed request {request.url}"))
    page.on("response", lambda response: response.status >= 400 and errors.append(f"{response.status} {response.url}"))
    page.goto(site.url() + "/")
    shot(page, f"home-{size}-{locale}")
    page.click(f"a[data-learn='{slug}']")
    page.fill("#id_nickname", nickname)  # a visitor picks a nickname first, then comes back here
    page.click("form button.primary")
    page.wait_for_selector("#learn-start")   # the learn page loaded: a screenshot while it loads fails
    shot(page, f"learn-{slug}-{size}-{locale}")
    page.click("#learn-start")
    page.wait_for_selector("#connection[data-state='live']")
    return context, page, errors


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_load_state()   # Chromium cannot capture a page still loading
    page.screenshot(path=str(ARTIFACTS / f"tutorial-{name}.png"))


def wait_for_hint(page, *ids):
    selector = ", ".join(f"{BUBBLE}[data-hint='{i}']:not([hidden])" for i in ids)
    page.wait_for_selector(selector, timeout=HINT_TIMEOUT)
    page.wait_for_function("() => !document.getAnimations().length")  # placed and still: screenshots and boxes
    return page.locator(BUBBLE).get_attribute("data-hint")


def points_at(page, target):
    """The bubble beside `target` (above or below it, not over it) with its arrow within reach of its middle."""
    bubble = page.locator(BUBBLE).bounding_box()
    box = page.locator(target).bounding_box()
    arrow = page.locator(f"{BUBBLE} .tutorial-arrow").bounding_box()
    beside = bubble["y"] >= box["y"] + box["height"] or bubble["y"] + bubble["height"] <= box["y"]
    middle = box["x"] + box["width"] / 2
    near = abs(arrow["x"] + arrow["width"] / 2 - middle) <= max(24, box["width"] / 2)
    tabs = page.locator("#game-tabs")  # a phone's Board / Chat / Log tabs stay uncovered
    clear = not tabs.is_visible() or bubble["y"] + bubble["height"] <= tabs.bounding_box()["y"]
    return beside and near and clear


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_guided_machi_koro_game(site, browser, size):
    context, page, errors = start_guided_game(browser, site, "machikoro", size, f"Learner {size}")
    with screenshots_on_failure(f"tutorial-mk-{size}", [page]):
        wait_for_hint(page, "roll")
        assert page.locator(ROLL).evaluate("b => b.classList.contains('tutorial-target')")
        assert points_at(page, ROLL)
        assert page.locator(f"{BUBBLE} [aria-live='polite']").count() == 1
        shot(page, f"mk-roll-{size}")
        page.focus(ROLL)  # from the control, Tab reaches the hint's buttons
        for _ in range(12):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "tutorial-next":
                break
        assert page.evaluate("document.activeElement.id") == "tutorial-next"

        page.click(ROLL)  # the bubble leaves the button clickable
        assert wait_for_hint(page, "rolled") == "rolled"
        assert "rolled" in page.inner_text(f"{BUBBLE} .tutorial-text")
        shot(page, f"mk-rolled-{size}")
        page.click("#tutorial-next")
        if page.locator("#board .mk-buy").count():  # a build phase: what to buy comes next
            wait_for_hint(page, "buy")
            shot(page, f"mk-buy-{size}")

        page.click("#tutorial-skip")
        assert page.locator(BUBBLE).is_hidden()
        page.reload()
        page.wait_for_selector("#connection[data-state='live']")
        page.wait_for_selector("#board .mk-status")
        assert page.locator(f"{BUBBLE}:not([hidden])").count() == 0
        assert page.locator(".tutorial-target").count() == 0
        assert not errors, errors
    context.close()


def test_the_hinted_control_stays_marked_when_the_moves_are_drawn_again(site, browser):
    """The bar of moves is drawn again without a new position too, say on a `seats` frame (a player's presence):
    the hinted button is a new element then, and it is marked again (the mark was lost until the next move)."""
    routed = {"sockets": [], "seats": None}

    def route(socket):
        server = socket.connect_to_server()

        def from_server(message):
            if isinstance(message, str) and json.loads(message).get("type") == "seats":
                routed["seats"] = message
            socket.send(message)

        server.on_message(from_server)
        routed["sockets"].append(socket)

    context, page, errors = start_guided_game(browser, site, "machikoro", "desktop", "Marked", route=route)
    with screenshots_on_failure("tutorial-redrawn", [page]):
        wait_for_hint(page, "roll")
        assert page.locator(ROLL).evaluate("b => b.classList.contains('tutorial-target')")
        page.locator(ROLL).evaluate("b => { b.dataset.before = '1'; }")
        routed["sockets"][-1].send(routed["seats"])   # the same seats again, as when a player's presence changes
        page.wait_for_function(f"() => document.querySelector(\"{ROLL}\") && "
                               f"!document.querySelector(\"{ROLL}\").dataset.before")   # a new button
        assert page.locator(ROLL).evaluate("b => b.classList.contains('tutorial-target')")
        assert page.locator(".tutorial-target").count() == 1 and points_at(page, ROLL)
        assert not errors, errors
    context.close()


def test_the_guided_aquarius_game_explains_the_goal_first(site, browser):
    context, page, errors = start_guided_game(browser, site, "aquarius", "desktop", "Aqua learner", motion="reduce")
    with screenshots_on_failure("tutorial-aq", [page]):
        page.wait_for_selector(f"{BUBBLE}[data-hint='goal']:not([hidden])", timeout=HINT_TIMEOUT)
        # Reduced motion: the bubble and its target do not animate.
        assert page.evaluate("() => document.getAnimations().filter((a) => a.effect.target.closest"
                             "('#tutorial-hint, .tutorial-target')).length") == 0
        assert "7" in page.inner_text(f"{BUBBLE} .tutorial-text")
        assert page.locator("#aq-goal").evaluate("n => n.classList.contains('tutorial-target')")
        assert points_at(page, "#aq-goal")
        shot(page, "aq-goal-desktop")
        page.click("#tutorial-next")
        hint = wait_for_hint(page, "place", "measures")
        shot(page, f"aq-{hint}-desktop")
        assert not errors, errors
    context.close()


def test_the_guided_game_in_french(site, browser):
    context, page, errors = start_guided_game(browser, site, "machikoro", "phone", "Apprenti", locale="fr-FR")
    with screenshots_on_failure("tutorial-fr", [page]):
        assert page.locator("html").get_attribute("lang") == "fr"
        wait_for_hint(page, "roll")
        shot(page, "mk-roll-phone-fr")
        # French from the djangojs catalogue (the strings' French is merged with the translations).
        page.goto(site.url() + "/games/new/aquarius/")
        assert page.locator(".learn-offer button#learn-start").is_visible()
        shot(page, "create-phone-fr")
        page.go_back()
        wait_for_hint(page, "roll")
        assert page.inner_text("#tutorial-skip") == "Passer le tutoriel"
        assert page.inner_text(f"{BUBBLE} .tutorial-title") == "À vous : lancez les dés"
        assert not errors, errors
    context.close()
