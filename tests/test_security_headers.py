"""The Content-Security-Policy header, and templates that keep to it (no inline script or style without the
request's nonce, no style attributes, no on* handlers); the browser test checks the pages themselves
(tests/browser/test_csp_browser.py)."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DIRS = [ROOT / "templates", *ROOT.glob("*/templates"), *ROOT.glob("*/*/templates")]
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/(?:ld\+)?json\")[^>]*>", re.I)
INLINE_STYLE = re.compile(r"<style[^>]*>", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[a-z][^>]*\sstyle=", re.I)
HANDLER_ATTRIBUTE = re.compile(r"<[a-z][^>]*\son[a-z]+=", re.I)


def policy(response):
    return dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";") if part.strip())


@pytest.mark.django_db
def test_pages_get_a_policy_with_a_nonce_and_their_own_sockets(client):
    directives = policy(client.get("/games/"))
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "'unsafe-inline'" not in directives["script-src"] and "'unsafe-inline'" not in directives["style-src"]
    assert directives["connect-src"] == "'self' ws://testserver"
    assert policy(client.get("/games/", secure=True))["connect-src"] == "'self' wss://testserver"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/redoc/", "/api/docs/"])
def test_the_api_documentation_scripts_carry_the_nonce(client, path):
    response = client.get(path)
    nonce = re.search(r"'nonce-([^']+)'", policy(response)["script-src"]).group(1)
    page = response.content.decode()
    inline = [tag for tag in INLINE_SCRIPT.findall(page)] + INLINE_STYLE.findall(page)
    assert inline and all(f'nonce="{nonce}"' in tag for tag in inline)


# E-mails are read in mail clients, not under the site's CSP; mail clients ignore style sheets, so their HTML is
# styled inline. They may not load scripts (checked below all the same).
MAIL_TEMPLATES = ("registration/mail/", "notifications/email")


def is_mail(template, folder):
    return template.relative_to(folder).as_posix().startswith(MAIL_TEMPLATES)


def test_no_template_has_an_inline_script_style_or_handler_without_the_nonce():
    offenders = []
    for folder in TEMPLATE_DIRS:
        for template in folder.rglob("*.html"):
            if is_mail(template, folder):
                text = template.read_text(encoding="utf-8")
                offenders += [f"{template.relative_to(ROOT)}: a script in an e-mail" for _ in INLINE_SCRIPT.findall(text)]
                offenders += [f"{template.relative_to(ROOT)}: {match}" for match in HANDLER_ATTRIBUTE.findall(text)]
                continue
            text = template.read_text(encoding="utf-8")
            tags = INLINE_SCRIPT.findall(text) + INLINE_STYLE.findall(text)
            offenders += [f"{template.relative_to(ROOT)}: {tag}" for tag in tags if "csp_nonce" not in tag]
            offenders += [f"{template.relative_to(ROOT)}: {match}" for match in
                          STYLE_ATTRIBUTE.findall(text) + HANDLER_ATTRIBUTE.findall(text)]
    assert not offenders, "\n".join(offenders)
