"""Issue 33's whole journey in the browser, at 1280×800 (Ann, English) and 390×844 (Bob, French):

both sign up with an e-mail address and confirm it from the mail a real SMTP server (aiosmtpd, started here)
received; Ann creates a rated turn-based Machi Koro game where time running out loses the game and invites
Bob by name; Bob joins from the invitation mail; they play over several visits, each one a new browser with
the account's cookies (the browser closed between moves), each mailed on their turn (at most once an hour per
game); then Bob's time runs out and he loses by time. The leaderboard, both profiles and the end page show
the result and the rating changes, Bob's in French. Screenshots in test-artifacts/.
"""
import email
import email.policy
import re
import threading
from contextlib import closing
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller

from tests.browser.helpers import ARTIFACTS, SIZES, choose_and_click, ready_and_start, screenshots_on_failure, watch_errors
from tests.browser.live_site import LiveSite, free_port

pytestmark = pytest.mark.browser

PASSWORD = "Tab1e-Top!"
PLAYERS = {"ann": {"viewport": SIZES["desktop"], "locale": "en-GB"},
           "bob": {"viewport": SIZES["phone"], "is_mobile": True, "has_touch": True, "locale": "fr-FR"}}


class Mailbox:
    """aiosmtpd's handler: every message the site sent, parsed."""

    def __init__(self):
        self.messages = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server, session, envelope):
        with self.arrived:
            self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
            self.arrived.notify_all()
        return "250 OK"

    def to(self, address, subject=""):
        return [m for m in self.messages if address in m["To"] and subject in m["Subject"]]

    def wait_for(self, address, subject="", timeout=15):
        """The mails to `address` whose subject has `subject`, once there is one (the site sends after commit)."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: self.to(address, subject), timeout=timeout):
                raise AssertionError(f"no mail {subject!r} to {address}: {[m['Subject'] for m in self.messages]}")
            return self.to(address, subject)


def text_of(message):
    return message.get_body(preferencelist=("plain",)).get_content()


def path_of_link(message, pattern):
    """The path of the first link of `message` matching `pattern` (the mail names the site's public address)."""
    link = re.search(rf"https?://[^\s\"<>]*{pattern}[^\s\"<>]*", text_of(message)).group(0)
    parts = urlsplit(link)
    return parts.path + (f"?{parts.query}" if parts.query else "")


@pytest.fixture(scope="module")
def mailbox():
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield box, controller.port
    finally:
        controller.stop()


@pytest.fixture(scope="module")
def site(tmp_path_factory, mailbox):
    _, port = mailbox
    env = {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(port), "DEFAULT_FROM_EMAIL": "Tables <tables@example.test>",
           "SITE_URL": "http://tables.example.test", "GAMES_SWEEP_SECONDS": "1"}
    with LiveSite(tmp_path_factory.mktemp("journey"), extra_env=env) as live:
        yield live


def visit(browser, who, states, errors):
    """A new browser for `who` with their cookies (the previous one was closed)."""
    context = browser.new_context(storage_state=states.get(who), **PLAYERS[who])
    page = context.new_page()
    watch_errors(page, errors)
    return context, page


def sign_up_and_confirm(browser, who, states, box, errors):
    context, page = visit(browser, who, states, errors)
    with closing(context):
        page.goto(states["url"] + "/accounts/signup/")
        page.fill("#id_username", who)
        page.fill("#id_email", f"{who}@example.test")
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
        page.click("form button.primary")
        page.wait_for_selector("#account-settings-link .unconfirmed-dot")
        mail = box.wait_for(f"{who}@example.test")[0]
        page.goto(states["url"] + path_of_link(mail, "/accounts/confirm/"))
        page.wait_for_selector("#account-settings-link:not(:has(.unconfirmed-dot))")
        states[who] = context.storage_state()
        return mail


def waiting_for(browser, who, states):
    """How many games wait for `who`'s move (the header badge's own endpoint)."""
    context = browser.new_context(storage_state=states[who])
    with closing(context):
        return context.request.get(states["url"] + "/games/mine/waiting.json").json()["count"]


MY_MOVE = "document.querySelector('#actions button:not([disabled]), #board button.mk-buy')"


def play_my_turn(page):
    """Greedy moves until the turn passes to the other player (their name in the turn line)."""
    page.wait_for_selector("#connection[data-state='live']")
    page.wait_for_function(f"() => {MY_MOVE}")  # the board drawn with this player's choices
    for _ in range(12):
        before = page.locator("#game").get_attribute("data-seq")
        if not choose_and_click(page):
            return
        page.wait_for_function(f"() => document.getElementById('game').dataset.seq !== '{before}'")
        if not page.evaluate(f"() => Boolean({MY_MOVE})"):
            return


def test_two_players_play_a_rated_turn_based_game_over_several_visits(site, browser, mailbox):
    box, _ = mailbox
    states, errors = {"url": site.url()}, []
    ARTIFACTS.mkdir(exist_ok=True)

    confirmation = {who: sign_up_and_confirm(browser, who, states, box, errors) for who in PLAYERS}
    html = {who: mail.get_body(preferencelist=("html",)).get_content() for who, mail in confirmation.items()}
    assert 'lang="fr"' in html["bob"] and 'lang="fr"' not in html["ann"]  # each in the language they signed up in

    # Ann creates the game and invites Bob by name.
    context, ann = visit(browser, "ann", states, errors)
    with closing(context), screenshots_on_failure("journey-create", [ann]):
        ann.goto(site.url() + "/games/new/")
        ann.fill("#id_game-max_players", "2")
        ann.check("input[name='game-pace'][value='turn_based']")
        ann.select_option("#id_game-move_seconds", str(24 * 3600))
        ann.check("input[name='game-on_timeout'][value='lose']")
        ann.check("#id_game-rated")
        ann.click("form button.primary")
        ann.wait_for_selector("#lobby:not([hidden])")
        ann.wait_for_selector("#connection[data-state='live']")
        code = ann.locator("#game").get_attribute("data-code")
        ann.fill("#invite-name", "bob")
        ann.click("#invite-button")
        invitation = box.wait_for("bob@example.test", "vous invite")[0]

        # Bob joins from the mail, on his phone, in French; both get ready and the game starts.
        bob_context, bob = visit(browser, "bob", states, errors)
        with closing(bob_context):
            bob.goto(site.url() + path_of_link(invitation, f"/games/{code}/join/"))
            bob.click("#join-button")
            bob.wait_for_selector("#lobby:not([hidden])")
            ready_and_start(ann, bob, "bob")
            states["bob"] = bob_context.storage_state()
        states["ann"] = context.storage_state()

    # Several visits, the browser closed between them: whoever the game waits for comes back and plays.
    turns = {"ann": 0, "bob": 0}
    for _ in range(4):
        who = next(name for name in PLAYERS if waiting_for(browser, name, states))
        context, page = visit(browser, who, states, errors)
        with closing(context), screenshots_on_failure(f"journey-visit-{who}", [page]):
            page.goto(site.url() + f"/games/{code}/")
            play_my_turn(page)
            page.screenshot(path=str(ARTIFACTS / f"journey-visit-{who}.png"))
        turns[who] += 1
    assert turns["ann"] >= 1 and turns["bob"] >= 1, turns

    # Each was mailed on their turn, in their language, once an hour per game at most.
    ann_turn_mails = box.to("ann@example.test", f"Your turn in Machi Koro #{code}")
    bob_turn_mails = box.to("bob@example.test", f"À vous de jouer : Minivilles #{code}")
    assert len(ann_turn_mails) == 1 and len(bob_turn_mails) == 1, [m["Subject"] for m in box.messages]
    assert str(bob_turn_mails[0]["List-Unsubscribe"]).strip().startswith("<http")

    # Whoever is to act now runs out of time: with "lose by time" the other wins and the game is rated.
    loser = next(name for name in PLAYERS if waiting_for(browser, name, states))
    winner = "ann" if loser == "bob" else "bob"
    site._run("shell", "-c", "from datetime import timedelta; from django.utils import timezone; "
              "from games.models import Game; "
              f"Game.objects.filter(code={code!r}).update(turn_deadline=timezone.now() - timedelta(seconds=1))")

    for who in PLAYERS:
        context, page = visit(browser, who, states, errors)
        with closing(context), screenshots_on_failure(f"journey-end-{who}", [page]):
            # The game page sees the end by itself (the site's sweeper), then the end page has the rating changes.
            page.goto(site.url() + f"/games/{code}/")
            page.wait_for_selector("#after:not([hidden])", timeout=20000)
            page.goto(site.url() + f"/stats/games/{code}/")
            changes = page.locator(".rating-changes")
            assert changes.locator("td.delta.gain").count() == 1 and changes.locator("td.delta.loss").count() == 1
            assert winner in changes.locator("tr:has(td.delta.gain)").inner_text()
            rating = changes.locator(f"tr:has(a:text-is('{who}')) td.rating").inner_text().rstrip("?")
            page.screenshot(path=str(ARTIFACTS / f"journey-end-{who}.png"), full_page=True)

            # The leaderboard lists both, the winner above.
            page.goto(site.url() + "/players/?game=machikoro")
            names = page.locator("table.board tbody tr").all_inner_texts()
            rows = [row for row in names if re.search(r"\b(ann|bob)\b", row)]
            assert len(rows) == 2 and winner in rows[0], names
            assert page.locator("#own-row").count() == 1
            page.screenshot(path=str(ARTIFACTS / f"journey-leaderboard-{who}.png"), full_page=True)

            # Their profile: the game among the games played, and the rating.
            page.goto(site.url() + f"/players/{who}/")
            body = page.locator("main").inner_text()
            played = page.locator(f"tr:has(a[href*='{code}'])").first
            assert played.locator(".badge.won" if who == winner else ".badge.lost").count() == 1
            assert page.locator(".profile-rating .big").first.inner_text().rstrip("?") == rating
            if who == "bob":
                assert page.locator("html").get_attribute("lang") == "fr"
                assert "Minivilles" in body
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "sideways scroll"
            page.screenshot(path=str(ARTIFACTS / f"journey-profile-{who}.png"), full_page=True)
    assert not errors, errors
