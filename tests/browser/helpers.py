"""What the browser tests share: where Chromium is, how a visitor signs up, joins a game and gets it started."""
import collections
import re
import time
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
GAME_TIMEOUT = 300  # seconds for a whole game
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@contextmanager
def screenshots_on_failure(name, pages):
    """Whole-page screenshots of `pages` in test-artifacts/ (`name`-0.png, ...) when the block fails."""
    try:
        yield
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        for index, page in enumerate(pages):
            try:
                page.screenshot(path=str(ARTIFACTS / f"{name}-{index}.png"), full_page=True)
            except Exception:  # a closed page: the others still help
                pass
        raise


def watch_errors(page, errors):
    """Script errors, and any browser dialog (alert, confirm, prompt: the site asks inside the page), go to `errors`."""
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    page.on("dialog", lambda dialog: (errors.append(f"{page.url}: a {dialog.type} dialog: {dialog.message}"), dialog.dismiss()))


def seq_of(page):
    """The event number the game page shows (`#game[data-seq]`)."""
    return int(page.locator("#game").get_attribute("data-seq") or 0)


def record_socket_frames(page, keep=60):
    """The page's last WebSocket frames, both ways, with the socket's closes: what a failing test writes out
    (`write_socket_frames`) to tell a lost click from a lost frame or a dropped socket."""
    frames = collections.deque(maxlen=keep)

    def note(direction, payload):
        text = payload if isinstance(payload, str) else f"<{len(payload)} bytes>"
        frames.append(f"{time.strftime('%H:%M:%S')}.{int(time.time() * 1000) % 1000:03d} {direction} {text[:300]}")

    def watch(socket):
        note("open", socket.url)
        socket.on("framesent", lambda payload: note("->", payload))
        socket.on("framereceived", lambda payload: note("<-", payload))
        socket.on("close", lambda _socket: note("closed", socket.url))

    page.on("websocket", watch)
    return frames


def write_socket_frames(name, frames):
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"{name}-frames.txt").write_text("\n".join(frames) + "\n")


def sign_up(page, site, username, password="Tab1e-Top!"):
    page.goto(site.url() + "/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.com")
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    page.click("form button.primary")


def enter_as_guest(page, site, nickname, then="/games/"):
    """Play as a guest called `nickname` from the guest page, landing on `then`."""
    page.goto(site.url() + "/accounts/guest/?next=" + then)
    page.fill("#id_nickname", nickname)
    page.click("form button.primary")
    page.wait_for_url(re.compile(re.escape(then) + "$"))


def add_designer(site, account):
    """A staff account (name, password) in the Designers group of the live `site`; returns `account`."""
    name, password = account
    site._run("shell", "-c", "from django.contrib.auth.models import Group, User; "
              f"u = User.objects.create_user({name!r}, password={password!r}, is_staff=True); "
              "u.groups.add(Group.objects.get(name='Designers'))")
    return account


def join_as_guest(page, link, nickname):
    """Open a game's join link and take a seat as a guest called `nickname` (one step: the nickname seats them)."""
    page.goto(link)
    page.fill("#id_nickname", nickname)
    page.click("#guest-join-button")
    page.wait_for_selector("#seated-controls:not([hidden])")


def wait_until_live(*pages):
    # A click before the game socket is open would only say "reconnecting".
    for page in pages:
        page.wait_for_selector("#connection[data-state='live']")


def host_and_guest_start_a_game(host, guest, site, guest_name):
    """The host signs up and creates a Machi Koro game with the default options, the guest joins by its link,
    both get ready and the game starts."""
    sign_up(host, site, "hana")
    host.goto(site.url() + "/games/new/")
    host.click("form button.primary")
    host.wait_for_selector("#lobby:not([hidden])")
    join_as_guest(guest, host.input_value("#join-link"), guest_name)
    ready_and_start(host, guest, guest_name)


def ready_and_start(host, guest, guest_name):
    """Both players press Ready (the guest first, seen by the host) and the game starts by itself."""
    wait_until_live(host, guest)
    host.wait_for_selector(f"#seats li:has-text('{guest_name}')")
    guest.click("#ready-button")
    host.wait_for_selector(f"#seats li:has-text('{guest_name}') .tag.ready")
    host.click("#ready-button")
    for page in (host, guest):
        page.wait_for_selector("#play:not([hidden])")


CONFIRM = "#board .mk-confirm button.mk-confirm-yes"

CHOOSE = """() => {
  // An open question about a costly move: confirm it.
  if (document.querySelector("#board .mk-confirm button.mk-confirm-yes")) return "#board .mk-confirm button.mk-confirm-yes";
  // The dearest landmark, else the dearest establishment, else an offered action (two dice when possible).
  const cost = (b) => Number((b.getAttribute("aria-label").match(/\\((\\d+)\\)/) || [0, 0])[1]);
  for (const selector of ["#board .mk-landmark button.mk-buy", "#board .mk-market-card button.mk-buy"]) {
    const buttons = [...document.querySelectorAll(selector)];
    if (buttons.length) {
      const best = buttons.reduce((a, b) => (cost(b) > cost(a) ? b : a));
      return `${selector}[aria-label="${best.getAttribute("aria-label")}"]`;
    }
  }
  const bar = [...document.querySelectorAll("#actions button:not([disabled])")].map((b) => b.textContent);
  if (!bar.length) return null;
  const label = ["Roll 2 dice", "Keep the roll", "Add to the roll"].find((l) => bar.includes(l)) || bar[0];
  return `#actions button:text-is("${label}")`;
}"""


def choose_and_click(page):
    """Play like a simple greedy player; returns whether something was clicked."""
    selector = page.evaluate(CHOOSE)
    if selector is None:
        return False
    page.locator(selector).first.click()
    if "mk-buy" in selector:
        # A costly move asks first, inside the page (the move is sent at once otherwise: its button goes).
        page.wait_for_function("(chosen) => document.querySelector('#board .mk-confirm') || !document.querySelector(chosen)",
                               arg=selector)
        if page.locator(CONFIRM).count():
            page.locator(CONFIRM).click()
    return True
