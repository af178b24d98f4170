"""The game page's side of "Delivery: at most once, then resync" (docs/live-games.md), in Chromium on Redis: a
lost last update is caught up by the quiet page's ping, and a `resync` frame makes the page send `hello`."""
import json
import os

import pytest
import redis

from config.pubsub_layer import RESYNC, ResyncingPubSubChannelLayer
from tests.browser.helpers import CHROMIUM, choose_and_click, host_and_guest_start_a_game, watch_errors
from tests.browser.live_site import LiveSite

pytestmark = [pytest.mark.browser, pytest.mark.redis]

DROPPED = 1   # the first move's update never reaches the pages (the layer's test hook)
CATCH_UP_MS = 3000   # the page's first quiet ping comes 0.5 s after its last frame; the rest is slack


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    assert CHROMIUM.exists(), "Chromium is not installed at /usr/bin/chromium (`make test` installs it)"
    env = {"CHANNEL_LAYER_TEST_DROP_SEQS": str(DROPPED), "CELERY_TASK_ALWAYS_EAGER": "1", "GAMES_SCHEDULER": "1"}
    with LiveSite(tmp_path_factory.mktemp("resync"), worker=False, load_cards=True, extra_env=env) as live:
        yield live


def sockets_of(page):
    """The WebSockets `page` opens from now on (a list that fills as they open)."""
    opened = []
    page.on("websocket", lambda ws: opened.append(ws))
    return opened


def is_hello(payload):
    return json.loads(payload).get("type") == "hello"


def test_the_page_catches_up_a_lost_update_and_answers_a_resync(site, browser):
    errors = []
    host_context, guest_context = browser.new_context(), browser.new_context()
    host, guest = host_context.new_page(), guest_context.new_page()
    for page in (host, guest):
        watch_errors(page, errors)
    sockets = {"host": sockets_of(host), "guest": sockets_of(guest)}
    try:
        host_and_guest_start_a_game(host, guest, site, "Gus")
        # The player to act moves; its update (event 1) is dropped on delivery: both pages catch it up.
        assert choose_and_click(host) or choose_and_click(guest)
        for page in (host, guest):
            page.wait_for_function(f"() => Number(document.getElementById('game').dataset.seq) >= {DROPPED}",
                                   timeout=CATCH_UP_MS)

        # The server's layer says the pages may have lost frames: each answers with a hello from where it is.
        code = host.locator("#game").get_attribute("data-socket").rstrip("/").rsplit("/", 1)[-1]
        resync = ResyncingPubSubChannelLayer(hosts=[os.environ["REDIS_URL"]]).serialize(RESYNC)
        client = redis.Redis.from_url(os.environ["REDIS_URL"])
        try:
            for name in ("host", "guest"):
                game_socket = next(ws for ws in reversed(sockets[name]) if f"/ws/games/{code}/" in ws.url)
                with game_socket.expect_event("framesent", predicate=is_hello, timeout=2000) as hello:
                    client.publish(f"asgi__group__game-{code}", resync)
                assert json.loads(hello.value)["since"] >= DROPPED, name
        finally:
            client.close()
        assert not errors, errors
    finally:
        host_context.close()
        guest_context.close()
