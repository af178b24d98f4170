"""The games of the site: one declaration each (config/registry.py says what each part is).

Adding a game is its packages (cards/<slug>/, games/<slug>/, stats/<slug>/, as it needs) and one line in
GAMES below; docs/architecture.md has the checklist. The order is the site's order (the first live game
is the default of the create page).
"""
from config.registry import Game

MACHI_KORO = Game(
    slug="machikoro", name="Machi Koro", card_game="machi-koro", cards="cards.machikoro",
    engine="games.machikoro", ruleset="games.rulesets.machikoro.MACHI_KORO",
    statistics="stats.games.machikoro.MACHI_KORO",
    card_check="games.machikoro.check_card",
)
AQUARIUS = Game(
    slug="aquarius", name="Aquarius", card_game="aquarius", cards="cards.aquarius",
    engine="games.aquarius", ruleset="games.rulesets.aquarius.AQUARIUS", rpc="games.rulesets.aquarius_rpc.PROTOCOL",
    statistics="stats.games.aquarius.AQUARIUS",
    card_check="games.aquarius.check_card",
)
LORENZO = Game(
    slug="lorenzo", name="Lorenzo il Magnifico", card_game="lorenzo", cards="cards.lorenzo",
)
VALERIA = Game(
    slug="valeria", name="Valeria: Card Kingdoms", card_game="valeria", cards="cards.valeria",
)
PROGRESS = Game(
    slug="progress", name="Progress: Evolution of Technology", card_game="progress", cards="cards.progress",
)

GAMES = (MACHI_KORO, AQUARIUS, LORENZO, VALERIA, PROGRESS)
