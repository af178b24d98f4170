"""The Aquarius board's scripts: small modules of one job each (static/js/boards/aquarius/), loaded by the game
page and the replay as plain scripts, before the board script that puts them together and registers the board."""
import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from games import services
from games.rulesets import get_ruleset

MAX_LINES = 400  # the project's size for one module


def scripts_of(html):
    return re.findall(r'<script src="/static/([^"]+)"', html)


def test_the_board_is_split_into_small_modules_that_each_set_one_key():
    ruleset = get_ruleset("aquarius")
    assert ruleset.board_script == "js/boards/aquarius.js"
    assert ruleset.board_parts and all(part.startswith("js/boards/aquarius/") for part in ruleset.board_parts)
    on_disk = {path.relative_to(settings.BASE_DIR / "static").as_posix()
               for path in (settings.BASE_DIR / "static" / "js" / "boards" / "aquarius").glob("*.js")}
    assert on_disk == set(ruleset.board_parts), "every module is loaded, and only modules that exist"
    for name in (*ruleset.board_parts, ruleset.board_script):
        found = finders.find(name)
        assert found, f"{name} is not a static file"
        source = open(found, encoding="utf-8").read()
        assert len(source.splitlines()) <= MAX_LINES, f"{name} has grown past {MAX_LINES} lines: split it"
        assert source.lstrip().startswith("/*") and '"use strict";' in source, name
    # Each part adds its own key to window.Aquarius, and needs only the parts loaded before it.
    loaded = set()
    for part in ruleset.board_parts:
        source = open(finders.find(part), encoding="utf-8").read()
        keys = re.findall(r"window\.Aquarius = Object\.assign\(window\.Aquarius \|\| \{\}, \{\s*(\w+):", source)
        assert len(keys) == 1, part
        needs = set(re.findall(r"\bAquarius\.(\w+)\.", source))
        assert needs <= loaded, f"{part} needs {needs - loaded}, loaded after it"
        loaded.add(keys[0])
    board = open(finders.find(ruleset.board_script), encoding="utf-8").read()
    assert set(re.findall(r"\bAquarius\.(\w+)\.", board)) <= loaded


@pytest.mark.django_db
def test_the_game_page_and_the_replay_load_the_modules_before_the_board(ann):
    from stats.tests.aquarius_factories import play_finished_aquarius

    ruleset = get_ruleset("aquarius")
    game, _ = play_finished_aquarius(seed=2, players=2)
    expected = [*ruleset.board_parts, ruleset.board_script]
    for url in (f"/games/{game.code}/", f"/games/{game.code}/replay/"):
        scripts = scripts_of(Client().get(url).content.decode())
        board = [name for name in scripts if name.startswith("js/boards/aquarius")]
        assert board == expected, url
        # After the helpers and the registry they use, before the page script that asks for the board.
        assert scripts.index("js/dom.js") < scripts.index("js/boards/generic.js") < scripts.index(expected[0])
        page = "js/game-page.js" if "replay" not in url else "js/replay.js"
        assert scripts.index(ruleset.board_script) < scripts.index(page)
    machikoro = services.create_game(host=ann, ruleset_slug="machikoro", public=True, min_players=2, max_players=4,
                                     turn_seconds=0, options={})
    scripts = scripts_of(Client().get(f"/games/{machikoro.code}/").content.decode())
    assert [name for name in scripts if name.startswith("js/boards/")] == ["js/boards/generic.js",
                                                                           "js/boards/machikoro/tiles.js",
                                                                           "js/boards/machikoro-motion.js",
                                                                           "js/boards/machikoro.js"]
