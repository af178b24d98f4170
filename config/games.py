"""The games of the site: one declaration each (config/registry.py says what each part is).

Adding a game is its packages (cards/<slug>/, games/<slug>/, stats/<slug>/, as it needs) and one line in
GAMES below; docs/architecture.md has the checklist. The order is the site's order (the first live game
is the default of the create page).
"""
from config.registry import Game

MACHI_KORO = Game(
    slug="machikoro", name="Machi Koro", card_game="machi-koro", cards="cards.machikoro",
    loader="cards.machikoro.loading.load_official_cards", exporter="cards.machikoro.export.document",
    effects="cards.machikoro.effects",
    engine="games.machikoro.engine", ruleset="games.machikoro.ruleset.MACHI_KORO", rpc="games.machikoro.rpc.PROTOCOL",
    rpc_client="games.machikoro.client",
    statistics="stats.machikoro.statistics.MACHI_KORO",
    card_check="games.machikoro.engine.card_problems",
    rules_template="games/machikoro/rules.html", rules_cards="games.machikoro.rules.rules_cards",
)
AQUARIUS = Game(
    slug="aquarius", name="Aquarius", card_game="aquarius", cards="cards.aquarius",
    loader="cards.aquarius.data.load_official_cards", exporter="cards.aquarius.data.aquarius_document",
    engine="games.aquarius.engine", ruleset="games.aquarius.ruleset.AQUARIUS", rpc="games.aquarius.rpc.PROTOCOL",
    rpc_client="games.aquarius.client",
    statistics="stats.aquarius.statistics.AQUARIUS",
    card_check="games.aquarius.engine.card_problems",
    rules_template="games/aquarius/rules.html", rules_cards="games.aquarius.rules.rules_cards",
)
LORENZO = Game(
    slug="lorenzo", name="Lorenzo il Magnifico", card_game="lorenzo", cards="cards.lorenzo",
    loader="cards.lorenzo.loading.load_official_cards", exporter="cards.lorenzo.exporter.lorenzo_document",
)
VALERIA = Game(
    slug="valeria", name="Valeria: Card Kingdoms", card_game="valeria", cards="cards.valeria",
    loader="cards.valeria.loading.load_official_cards", loaded_apart="Valeria: Card Kingdoms",
    exporter="cards.valeria.export.document", effects="cards.valeria.effects",
)
PROGRESS = Game(
    slug="progress", name="Progress: Evolution of Technology", card_game="progress", cards="cards.progress",
    loader="cards.progress.loading.load_official_cards", loaded_apart="Progress (sample set)",
    exporter="cards.progress.export.document",
)

GAMES = (MACHI_KORO, AQUARIUS, LORENZO, VALERIA, PROGRESS)
