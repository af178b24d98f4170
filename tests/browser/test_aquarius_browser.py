"""A whole Aquarius game in headless Chromium: two browser players (a desktop and a phone) and a program.

The host picks Aquarius on the create form with Aqua-Chicken; a guest joins by the link on a phone; a third
player joins, copies the seat token the game's "Play with a program" page shows and hands the seat to the stand-alone client
(`manage.py aquarius_client <game url> --seat-token T --bot greedy`, a subprocess speaking JSON-RPC over the
live server's real socket), then closes the page. The host looks at his goal on his turn; the guest sees that
he knows it. Both humans play through the board only (a card from the hand, then a highlighted space or a
target). At the end: the winners, every goal revealed, the winning group outlined, the replay and the JSON
export; the client saw the same outcome and played its seat itself (no bot stood in for it).
Screenshots of the pages go to test-artifacts/ on failure.
"""
import json
import re
import subprocess
import time

import pytest

from tests.browser.aquarius_helpers import finished, no_horizontal_overflow, play_one_step, seq_of, statistics_table_fits
from tests.browser.helpers import ARTIFACTS, GAME_TIMEOUT, join_as_guest, sign_up
from tests.browser.live_site import PYTHON, ROOT

pytestmark = pytest.mark.browser


def start_client(site, page, name):
    """The seated player of `page` hands the seat to the stand-alone client with the token its game page shows:
    a subprocess connecting to the live server's RPC socket. Returns (the process, its output file)."""
    game_url = page.url.split("#")[0].split("?")[0]
    page.click("#program-link")  # the game's menu: "Play with a program", the token of a seated player
    page.wait_for_selector("#rpc-token")
    token = page.input_value("#rpc-token")
    assert re.fullmatch(r"\d+-[0-9a-f]+", token), token
    shown = page.text_content("#rpc-command").strip()
    assert shown == f"python manage.py aquarius_client {game_url} --seat-token {token} --bot greedy", shown
    output = (ARTIFACTS / f"aquarius-client-{name}.log").open("w+")
    process = subprocess.Popen(
        [PYTHON, "manage.py", "aquarius_client", game_url, "--seat-token", token, "--bot", "greedy", "--seed", "3",
         "--timeout", "120"],
        cwd=str(ROOT), env=site.env, stdout=output, stderr=subprocess.STDOUT, text=True)
    return process, output


def client_output(output):
    output.flush()
    output.seek(0)
    return output.read()


def test_a_whole_aquarius_game_in_the_browser(site, browser):
    errors = []
    ARTIFACTS.mkdir(exist_ok=True)
    host_context = browser.new_context(viewport={"width": 1280, "height": 800})
    guest_context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    third_context = browser.new_context(viewport={"width": 1280, "height": 800})
    host, guest, third = host_context.new_page(), guest_context.new_page(), third_context.new_page()
    pages = {"desktop": host, "phone": guest, "client-seat": third}
    for page in pages.values():
        page.on("pageerror", lambda error, page=page: errors.append(f"{page.url}: {error}"))
    client = output = None
    try:
        sign_up(host, site, "aria")

        # The create form offers every game; Aquarius' own options come from its ruleset.
        host.goto(site.url() + "/games/new/")
        host.click(".game-choice a[data-ruleset='aquarius']")
        host.wait_for_selector("h1:has-text('New Aquarius game')")
        host.check("input[name='options-chicken']")  # Aqua-Chicken: goals stay hidden until looked at
        host.fill("#id_game-max_players", "3")
        host.click("form button.primary")
        host.wait_for_selector("#lobby:not([hidden])")
        link = host.input_value("#join-link")

        guest.goto(site.url() + "/games/")
        assert "Aquarius" in guest.locator("#open-games").inner_text()
        join_as_guest(guest, link, "Gil")
        host.wait_for_selector("#seats li:has-text('Gil')")
        host.fill("#chat-input", "good luck")
        host.press("#chat-input", "Enter")
        guest.click("#tab-chat")  # a phone: the chat is a tab
        guest.wait_for_selector("#chat-log li:has-text('good luck')")
        guest.click("#tab-board")

        # The third player takes a seat, then lets a program play it with the page's seat token.
        sign_up(third, site, "cleo")
        third.goto(link)
        third.click("#join-button")
        third.wait_for_selector("#lobby:not([hidden])")
        host.wait_for_selector("#seats li:has-text('cleo')")
        client, output = start_client(site, third, "cleo")
        # The client readies its seat over RPC (volity.ready); everyone's page shows it.
        host.wait_for_selector("#seats li:has-text('cleo') .tag.ready", timeout=30000)
        third.close()  # from now on the program's socket alone keeps the seat present
        guest.click("#ready-button")
        host.click("#ready-button")
        for page in (host, guest):
            page.wait_for_selector("#play:not([hidden]) .aq-board svg.aq-grid")
            assert page.locator("#board .aq-measure").count() == 5
            assert page.locator("#board g.aq-card").count() >= 1
            assert page.locator("#aq-goal button.aq-see-goal").count() == 1
            # Neither page player has looked at a goal yet (the client may already have looked at its own).
            for name in ("aria", "Gil"):
                player = page.locator("#board .aq-player", has_text=name)
                assert player.count() == 1 and player.locator(".tag:not(.knows)").count() == 1, name
        assert no_horizontal_overflow(guest) and no_horizontal_overflow(host), "horizontal overflow"
        host.screenshot(path=str(ARTIFACTS / "aquarius-desktop-start.png"))
        guest.screenshot(path=str(ARTIFACTS / "aquarius-phone-start.png"), full_page=True)

        deadline = time.monotonic() + GAME_TIMEOUT
        looked = False
        refusals = []
        while not (finished(host) and finished(guest)):
            assert time.monotonic() < deadline, "the game did not end in time"
            assert client.poll() in (None, 0), f"the client failed:\n{client_output(output)}"
            moved = False
            if not looked and host.locator("#board button.aq-hand-card:not([disabled])").count():
                # On his turn the host looks at his goal: he sees it, the others learn that he knows it.
                host.click("#aq-goal button.aq-see-goal")
                host.wait_for_selector("#aq-goal:has-text('Your goal:')")
                guest.wait_for_selector("#board .aq-player:has-text('aria') .tag.knows")
                looked = True
            for page in (host, guest):
                if not finished(page):
                    moved = play_one_step(page, refusals) or moved
            if not moved:
                time.sleep(0.1)

        assert not refusals, refusals
        # The client saw the end over RPC and exits by itself.
        assert client.wait(timeout=60) == 0, client_output(output)
        said = client_output(output)

        # The end: winners, every goal revealed, the winning group outlined when a goal was reached.
        for page in (host, guest):
            # Once the statistics are in, the final board is one of the end's tabs.
            page.wait_for_selector("#after-stats [data-stats-panel][data-stats-state='done'] .tab-list", timeout=30000)
            page.click("[role=tab][data-name=final-board]")
            page.wait_for_selector("#board .aq-banner")
            assert page.locator("#board .aq-goal-reveal").count() == 3
            assert page.locator("#board .aq-player.winner").count() >= 1
        banner = host.inner_text("#board .aq-banner")
        assert banner == guest.inner_text("#board .aq-banner")
        reached = host.evaluate("""() => [...document.querySelectorAll('#board .aq-measure.won .aq-count')]
                                       .some((n) => parseInt(n.textContent) >= 7)""")
        if reached:
            assert host.locator("#board g.aq-card.winning").count() >= 7
        assert no_horizontal_overflow(guest), "horizontal overflow at the end"
        host.screenshot(path=str(ARTIFACTS / "aquarius-desktop-end.png"), full_page=True)
        guest.screenshot(path=str(ARTIFACTS / "aquarius-phone-end.png"), full_page=True)

        final_seq = seq_of(host)
        assert final_seq == seq_of(guest) > 3
        for page in (host, guest):
            page.wait_for_selector("#after-stats [data-stats-panel][data-stats-state='done'] .stats-body[data-stats-drawn='1']",
                                   timeout=30000)
            # The players' table, a dozen numbers a player, fits the game page's column at 1280 and at 390 px.
            assert statistics_table_fits(page), page.viewport_size
            assert no_horizontal_overflow(page), "horizontal overflow with the statistics"
        host.click("#replay-link")
        host.wait_for_selector(f"#replay-position:has-text('Move 0 of {final_seq}')")
        assert host.locator("#board g.aq-card").count() == 1  # the start card alone
        host.click("#replay-last")
        host.wait_for_selector(f"#replay-position:has-text('Move {final_seq} of {final_seq}')")
        assert host.locator("#board .aq-banner").inner_text() == banner
        record = json.loads(host.request.get(site.url() + host.locator("a:has-text('Export')").get_attribute("href")).text())
        assert record["format"] == "live-game-record" and record["ruleset"] == "aquarius"
        assert len(record["events"]) == final_seq
        assert sorted(p["kind"] for p in record["players"]) == ["guest", "user", "user"]  # no bot seat

        # The program played cleo's seat itself, from start to end: every move is a player's own, cleo's too.
        cleo = next(p["seat"] for p in record["players"] if p["name"] == "cleo")
        assert {e["by"] for e in record["events"]} == {"player"}
        assert any(e["seat"] == cleo and e["action"]["type"] != "see_goal" for e in record["events"])
        # ...and it read the outcome from the RPC socket: the same winners and goals as the record.
        winners = ", ".join(f"seat{w + 1}" for w in record["result"]["winners"])
        outcome = next(e for step in record["events"] for e in step["events"] if e["type"] == "outcome")
        assert f"Game over: {winners} won; you were seat{cleo + 1}; goals {' '.join(outcome['goals'])}." in said, said
        assert not errors, errors
    except BaseException:
        for name, page in pages.items():
            if page.is_closed():
                continue
            try:
                page.screenshot(path=str(ARTIFACTS / f"aquarius-{name}-failure.png"), full_page=True)
            except Exception:  # the page may be gone; the other screenshots still help
                pass
        if output is not None:
            print("aquarius_client said:\n" + client_output(output))
        raise
    finally:
        if client is not None and client.poll() is None:
            client.kill()
            client.wait(timeout=10)
        if output is not None:
            output.close()
        for context in (host_context, guest_context, third_context):
            context.close()


@pytest.mark.django_db(transaction=True)
def test_replay_ends_on_the_winning_group_outlined(live_server, browser):
    """A stored game that ends on a goal reached: the replay steps through it and outlines the group of 7."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connections

    from stats.tests.aquarius_factories import SEED_WITH_A_GROUP_OF_SEVEN, play_finished_aquarius

    def store():
        try:
            game, match = play_finished_aquarius(seed=SEED_WITH_A_GROUP_OF_SEVEN, players=3)
            return game.code, game.event_seq, match.view(None)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:  # Playwright keeps an event loop in this thread
        code, steps, final = pool.submit(store).result()
    names = dict(zip("aefwv", ("air", "earth", "fire", "water", "void")))
    winner = final["winners"][0]
    group = final["measures"][names[final["goals"][winner]]]
    assert group >= 7
    errors = []
    for name, viewport in (("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844})):
        page = browser.new_page(viewport=viewport)
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            page.goto(f"{live_server.url}/games/{code}/replay/")
            page.wait_for_selector(f"#replay-position:has-text('Move 0 of {steps}')")
            assert page.locator("#board g.aq-card").count() == 1 and page.locator("#board g.aq-drop").count() == 0
            page.click("#replay-next")
            page.wait_for_selector(f"#replay-position:has-text('Move 1 of {steps}')")
            for move in range(2, 12):  # to the first move that places a card: its cells are outlined
                if page.locator("#game-log li:last-child .line[data-cells]").count():
                    break
                page.click("#replay-next")
                page.wait_for_selector(f"#replay-position:has-text('Move {move} of {steps}')")
            placed = page.locator("#game-log li:last-child .line[data-cells]").first.get_attribute("data-cells")
            assert page.locator("#board .aq-mark").count() == len(placed.split(";"))
            page.click("#replay-last")
            page.wait_for_selector(f"#replay-position:has-text('Move {steps} of {steps}')")
            assert page.locator("#board g.aq-card").count() == len(final["board"])
            assert page.locator("#board g.aq-card.winning").count() == group
            assert page.locator("#board .aq-goal-reveal").count() == 3
            assert "The winning group is outlined" in page.inner_text("#board .aq-banner")
            assert no_horizontal_overflow(page)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"aquarius-replay-{name}.png"), full_page=True)
            assert not errors, errors
        except BaseException:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"aquarius-replay-{name}-failure.png"), full_page=True)
            raise
        finally:
            page.close()
