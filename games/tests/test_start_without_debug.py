"""`make start`'s configuration: debugging off, a secret key, collected static files (Makefile `start`).

A stranger's mistyped address gets the site's 404 page, never Django's debug page with the URL list, and the
page's styles and scripts are served."""
import subprocess
import urllib.error
import urllib.request

from tests.browser.live_site import PYTHON, ROOT

from games.tests.default_site import default_site


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_the_default_site_without_debugging_serves_real_error_pages_and_its_static_files(tmp_path, monkeypatch):
    static_root = tmp_path / "static"
    site = default_site(tmp_path, monkeypatch, extra_env={
        "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "a-test-secret-key-that-is-long-enough-0123456789abcdef",
        "DJANGO_STATIC_ROOT": str(static_root)})
    collected = subprocess.run([PYTHON, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"], cwd=ROOT,
                               env=site.env, capture_output=True, text=True, timeout=300)
    assert collected.returncode == 0, collected.stderr[-3000:]
    try:
        site.start()
        base = site.url().rstrip("/")
        status, page = fetch(f"{base}/no/such/page/")
        assert status == 404
        assert "There is no page at this address." in page and 'class="site-header"' in page
        assert "URLconf" not in page and "DEBUG = True" not in page   # not Django's debug page
        status, page = fetch(f"{base}/games/nosuchgame/")
        assert status == 404 and "There is no game with this link." in page
        status, css = fetch(f"{base}/static/css/site.css")
        assert status == 200 and ".site-header" in css
    finally:
        site.stop()
