"""Every kind of page keeps to the site's Content-Security-Policy: Chromium reports no violation (neither a
`securitypolicyviolation` event nor a console message) on the public pages, a live game with its socket, a
replay, the statistics, the API documentation, the admin (login, list, change form, a draft) and the balance lab."""
import re

import pytest

from tests.browser.helpers import add_designer, screenshots_on_failure, watch_errors

pytestmark = pytest.mark.browser

DESIGNER = ("cspdesigner", "pw-csp-designer-9")
PUBLIC_PAGES = ["/", "/cards/", "/cards/valeria/?table=domains&q=Wisborg", "/cards/progress/",
                "/cards/progress/cost/", "/cards/lorenzo/score/", "/games/", "/stats/", "/docs/", "/docs/api/",
                "/api/", "/api/docs/", "/api/redoc/", "/accounts/login/", "/accounts/guest/", "/admin/login/",
                "/games/rules/machikoro/", "/games/rules/aquarius/", "/games/learn/machikoro/"]
DESIGNER_PAGES = ["/admin/", "/admin/cards/establishment/", "/admin/cards/establishment/1/change/",
                  "/admin/cards/valeriadomain/", "/admin/cards/cardsetdraft/", "/stats/lab/"]
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""


@pytest.fixture(scope="module")
def browser(module_browser):
    return module_browser


@pytest.fixture(scope="module")
def designer(site):
    return add_designer(site, DESIGNER)


class Watched:
    """A page whose CSP violations and script errors are collected, visit by visit."""

    def __init__(self, browser):
        self.context = browser.new_context()
        self.context.add_init_script(RECORD_VIOLATIONS)
        self.page = self.context.new_page()
        self.problems = []
        self.page.on("console", self._console)
        watch_errors(self.page, self.problems)

    def _console(self, message):
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.problems.append(f"{self.page.url}: console: {message.text}")

    def visit(self, url, ready=None):
        response = self.page.goto(url)
        assert response.ok, f"{url}: {response.status}"
        assert "content-security-policy" in response.headers, f"{url} has no Content-Security-Policy"
        self.settle(ready)

    def settle(self, ready=None):
        if ready:
            self.page.wait_for_selector(ready)
        self.page.wait_for_load_state("networkidle")
        self.problems += [f"{self.page.url}: {violation}"
                          for violation in self.page.evaluate("window.__cspViolations || []")]


def test_no_page_breaks_the_content_security_policy(site, browser, designer):
    url = site.url()
    visitor, staff = Watched(browser), Watched(browser)
    with screenshots_on_failure("csp", [visitor.page, staff.page]):
        for path in PUBLIC_PAGES:
            visitor.visit(url + path, ready="#redoc-container .api-content" if path == "/api/redoc/" else
                          "#swagger-ui .info" if path == "/api/docs/" else None)

        # A guest's game with its socket, played out by bots: the game page, its replay and its statistics.
        visitor.visit(url + "/accounts/guest/?next=/games/new/")
        visitor.page.fill("#id_nickname", "Cspa")
        visitor.page.click("form button.primary")
        visitor.page.wait_for_url(re.compile(r"/games/new/$"))
        visitor.page.fill("#id_game-max_players", "2")
        visitor.page.click("form button.primary")
        visitor.page.wait_for_selector("#connection[data-state='live']")
        visitor.page.click("#add-bot")
        visitor.page.click("#ready-button")
        visitor.page.wait_for_selector("#play:not([hidden])")
        visitor.settle()
        game = visitor.page.url.rstrip("/")
        visitor.page.click("#leave-play")
        visitor.page.wait_for_selector("#after:not([hidden])", timeout=120_000)
        visitor.settle()
        visitor.visit(game + "/replay/")
        code = game.rsplit("/", 1)[-1]
        visitor.visit(f"{url}/stats/games/{code}/", ready=".stats-body")

        # An Aquarius game against a bot: its panels (measure bars, element chips) and the table's motion.
        visitor.visit(url + "/games/new/aquarius/")
        visitor.page.fill("#id_game-max_players", "2")
        visitor.page.click("form button.primary")
        visitor.page.wait_for_selector("#connection[data-state='live']")
        visitor.page.click("#add-bot")
        visitor.page.click("#ready-button")
        visitor.page.wait_for_selector("#play:not([hidden]) .aq-board .aq-chip")
        visitor.settle()
        visitor.page.click("#leave-play")
        visitor.page.wait_for_selector("#after:not([hidden])", timeout=120_000)
        visitor.settle()

        # The admin and the lab as a designer: a draft made in the admin, a lab run started from the lab page.
        staff.visit(url + "/admin/login/")
        staff.page.fill("#id_username", designer[0])
        staff.page.fill("#id_password", designer[1])
        staff.page.click("input[type=submit]")
        staff.page.wait_for_url(re.compile(r"/admin/$"))
        for path in DESIGNER_PAGES:
            staff.visit(url + path)
        staff.visit(url + "/admin/cards/cardsetdraft/add/")
        staff.page.fill("#id_name", "CSP draft")
        staff.page.click("input[name=_continue]")
        staff.page.wait_for_url(re.compile(r"/cardsetdraft/\d+/change/$"))
        staff.settle()
        staff.visit(url + "/stats/lab/")
        staff.page.fill("#id_games", "2")
        staff.page.click(".lab-form button[type=submit]")
        staff.page.wait_for_url(re.compile(r"/stats/lab/\d+/$"))
        # The run's page reloads itself once the run is over: the next visit waits for that, or the reload may
        # interrupt it (a loaded machine runs the two games slower).
        staff.settle(ready="#lab-progress[data-final='true'][data-settling='false']")
        staff.visit(url + "/stats/")

    problems = visitor.problems + staff.problems
    assert not problems, "\n".join(problems)
