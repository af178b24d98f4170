"""The French catalogues are complete: `makemessages` over a copy of the project finds no string that is
untranslated or fuzzy in locale/fr (the site) or cards/locale/fr (the cards app, made from inside cards/ as the
Makefile's `messages` target does), and the committed .mo files hold exactly what the .po files say.

Adding a marked string without translating it (or forgetting `make messages`) fails here; see
docs/translating.md. Needs GNU gettext (xgettext, msgfmt): `make test` installs it."""
import gettext
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The same lists as the Makefile's `messages` target: cards/ keeps its own catalogue (cards/locale), made from
# inside cards/.
IGNORE = [".venv", ".git", "bench", "tests", "*/tests/*", "cards/?*", "staticfiles", "static/vendor/*", "media",
          ".test-media", "node_modules"]
CARDS_IGNORE = ["tests", "*/tests/*"]
COPY_SKIP = shutil.ignore_patterns(".venv", ".git", "__pycache__", "staticfiles", "media", ".test-media",
                                   "node_modules", "db.sqlite3", "bench", "tests", "data", "*.pyc")
# catalogue -> (folder makemessages runs in, its ignore list, its domains, the fewest entries it should hold)
CATALOGUES = {"site": (".", IGNORE, ("django", "djangojs"), 50), "cards": ("cards", CARDS_IGNORE, ("django",), 20)}
CHECKS = [(catalogue, domain) for catalogue, (_, _, domains, _) in CATALOGUES.items() for domain in domains]


def gettext_tools():
    missing = [tool for tool in ("xgettext", "msgfmt", "msgmerge") if shutil.which(tool) is None]
    assert not missing, f"GNU gettext is needed ({', '.join(missing)} missing): apt-get install gettext"


def locale_folder(base, catalogue):
    return base / CATALOGUES[catalogue][0] / "locale" / "fr" / "LC_MESSAGES"


@pytest.fixture(scope="module")
def fresh_project(tmp_path_factory):
    """The project after `makemessages` for every catalogue, run in a copy so the working tree is left alone."""
    gettext_tools()
    copy = tmp_path_factory.mktemp("project") / "site"
    shutil.copytree(ROOT, copy, ignore=COPY_SKIP)
    for folder, ignore, domains, _ in CATALOGUES.values():
        ignores = [f"--ignore={pattern}" for pattern in ignore]
        manage = os.path.relpath(copy / "manage.py", copy / folder)
        for domain in domains:
            subprocess.run([sys.executable, str(manage), "makemessages", "-l", "fr", "-d", domain, *ignores],
                           cwd=copy / folder, check=True, capture_output=True, text=True,
                           env={"DJANGO_SETTINGS_MODULE": "config.settings_test", "PATH": "/usr/bin:/bin",
                                "DJANGO_SECRET_KEY": "catalogue-test"})
    return copy


def statistics(po):
    out = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    counts = {kind: int(n) for n, kind in re.findall(r"(\d+) (translated|fuzzy|untranslated)", out.stderr)}
    return counts


@pytest.mark.parametrize("catalogue,domain", CHECKS)
def test_every_marked_string_has_a_french_translation(fresh_project, catalogue, domain):
    counts = statistics(locale_folder(fresh_project, catalogue) / f"{domain}.po")
    assert counts.get("translated", 0) > CATALOGUES[catalogue][3]
    assert counts.get("untranslated", 0) == 0 and counts.get("fuzzy", 0) == 0, (
        f"{catalogue} {domain}.po: {counts}; run `make messages`, translate the new entries in "
        f"{locale_folder(Path('.'), catalogue)}/{domain}.po and commit the .po and .mo files")


@pytest.mark.parametrize("catalogue,domain", CHECKS)
def test_the_committed_po_has_every_entry_and_the_mo_is_compiled_from_it(fresh_project, catalogue, domain, tmp_path):
    def entries(po, label):
        compiled = tmp_path / f"{label}-{domain}.mo"
        subprocess.run(["msgfmt", "-o", str(compiled), str(po)], check=True)
        return catalog(compiled)

    committed = locale_folder(ROOT, catalogue)
    fresh = entries(locale_folder(fresh_project, catalogue) / f"{domain}.po", "fresh")
    committed_po = entries(committed / f"{domain}.po", "committed")
    committed_mo = catalog(committed / f"{domain}.mo")
    assert set(fresh) <= set(committed_po), (
        f"not in the committed {catalogue} {domain}.po: {sorted(set(fresh) - set(committed_po))[:5]}")
    assert committed_mo == committed_po, f"{catalogue} {domain}.mo is older than its .po: run `make messages`"


def catalog(mo):
    with open(mo, "rb") as handle:
        return dict(gettext.GNUTranslations(handle)._catalog)


def test_the_check_fails_on_an_unmarked_for_french_string(tmp_path):
    """The count this test relies on: a new msgid with an empty translation is reported as untranslated."""
    gettext_tools()
    po = tmp_path / "new.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "A brand-new string"\nmsgstr ""\n', encoding="utf-8")
    assert statistics(po).get("untranslated") == 1


def test_a_string_in_both_catalogues_reads_the_same_in_french():
    """Django merges the catalogues and the site's (LOCALE_PATHS) wins over the cards app's for the same msgid, so
    a cards page would show the site's French: the two must agree. Give a word a context when its meanings differ
    (the admin's section "Play" is `pgettext("admin section", ...)`, apart from the site's "Play" button)."""
    site, cards = (catalog(locale_folder(ROOT, name) / "django.mo") for name in ("site", "cards"))
    differ = {key: (site[key], cards[key]) for key in set(site) & set(cards) if key and site[key] != cards[key]}
    assert not differ, differ
