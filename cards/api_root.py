"""The API's front page (/api/): what the API is, each game's part of it, and every endpoint, not only the
router's collections.

`collections` are the router's lists; `endpoints` everything else under /api/ (exports, calculators, the effect
explainer, statistics, the schema), with a description each; `games` says which of both belong to which game,
and `shared` lists those that serve every game. A test checks that every URL under /api/ is listed here.
"""
from rest_framework import routers
from rest_framework.response import Response
from rest_framework.reverse import reverse

EXTRA_ENDPOINTS = [
    # (name, URL name, URL arguments written as {placeholders}, description)
    ("export", "card-export", {}, "Every game's cards as one JSON document (GET; ?game=<slug> for one game)."),
    ("changes", "card-changes", {},
     "What changed in the cards since a card data version: ?since=N[&game=<slug>] (GET; paginated)."),
    ("export-machi-koro", "card-export-machikoro", {}, "The Machi Koro cards in the loader's format (GET)."),
    ("export-aquarius", "card-export-aquarius", {},
     "Every Aquarius deck in the loader's format (GET; ?deck=<slug> for one deck)."),
    ("export-lorenzo", "card-export-lorenzo", {}, "Lorenzo il Magnifico's cards as a file (GET)."),
    ("export-lorenzo-set", "card-export-lorenzo-set", {"card_set": "{card_set}"},
     "One Lorenzo il Magnifico card set as a file (GET)."),
    ("export-valeria", "card-export-valeria", {},
     "Every Valeria table, the presets and the banned list in one document (GET)."),
    ("valeria-banned", "valeria-banned", {},
     "Valeria's banned cards by table, as reference ids: {\"dukes\": [22], ...} (GET)."),
    ("progress-cost", "progress-cost", {"slug": "{slug}"},
     "The knowledge cost of a Progress technology for a player's active and research cards, tokens and "
     "discards: the cost, how it is covered and the shortfall (POST; stores nothing)."),
    ("lorenzo-score", "lorenzo-score", {},
     "A Lorenzo il Magnifico player's final score from their end-of-game situation, line by line (POST; "
     "stores nothing)."),
    ("effects-explain", "effect-explain", {},
     "Check an effect string and explain it: ?game=machi-koro|valeria&effect=... (GET)."),
    ("import", "card-import", {}, "Load a card file (POST, designers only; dry_run=true previews without saving)."),
    ("game-statistics", "game-statistics-api", {"game_id": "{game_id}"},
     "A finished game's statistics (GET; 202 while they are being computed)."),
    ("ratings-leaderboard", "ratings-leaderboard-api", {"ruleset": "{ruleset}"},
     "A live game's leaderboard: ?period=all|month, ?bots=true for the bot kinds (GET; paginated)."),
    ("ratings-player", "ratings-player-api", {"ruleset": "{ruleset}", "username": "{username}"},
     "A registered player's rating at a live game and its history (GET)."),
    ("ratings-ladder", "ratings-ladder-api", {"ruleset": "{ruleset}"},
     "A live game's bot ladder: program accounts and bot kinds with ratings, wins and last game: "
     "?period=all|month (GET; paginated)."),
    ("me", "api-me", {}, "Who the credentials name: a registered user or a guest (GET; docs/api.md, Programs)."),
    ("guests", "api-guests", {}, "A guest and its API token for a program without an account (POST)."),
    ("games", "api-games", {},
     "Live games: list them (?ruleset, ?status, ?seats_free, ?pace; GET) or create one with any option the "
     "create page offers (POST)."),
    ("game", "api-game", {"code": "{code}"}, "One live game: seats, options, whose turn, your seat (GET)."),
    ("game-join", "api-game-join", {"code": "{code}"}, "Take a free seat at a game in its lobby (POST)."),
    ("game-leave", "api-game-leave", {"code": "{code}"}, "Give up your seat (POST)."),
    ("game-ready", "api-game-ready", {"code": "{code}"}, "Say you are ready or not: {\"ready\": true} (POST)."),
    ("game-bots", "api-game-bots", {"code": "{code}"}, "The host seats a built-in bot: {\"kind\": ...} (POST)."),
    ("game-seat-remove", "api-game-seat-remove", {"code": "{code}", "position": "{position}"},
     "The host removes a bot or a player from the lobby (DELETE)."),
    ("game-seat", "api-game-seat", {"code": "{code}"},
     "Your seat's token and the referee socket's address for a program (GET)."),
    ("game-events", "api-game-events", {"code": "{code}"},
     "A game's events after ?after=N, as far as your seat may see them (GET)."),
    ("game-result", "api-game-result", {"code": "{code}"},
     "A finished game's result and rating changes (GET; 404 not_finished before the end)."),
    ("rpc-schema", "api-rpc-schema", {"name": "{name}"},
     "A referee protocol's JSON Schema: volity (the shared lobby part), aquarius or machikoro (GET)."),
    ("schema", "schema", {}, "The OpenAPI 3 schema (GET)."),
    ("swagger-ui", "swagger-ui", {}, "Interactive documentation (Swagger UI)."),
    ("redoc", "redoc", {}, "Reference documentation (Redoc)."),
]

GAMES = {
    # game slug -> what its part of the API does, and its collections and endpoints (names as listed above)
    "machi-koro": {
        "name": "Machi Koro (Minivilles)",
        "description": "Played live on the site. Establishments and landmarks with their colours, icon types and "
                       "boxes; each effect string comes with its explanation. Designers write them; each card "
                       "has its history/. The export is in the loader's format.",
        "collections": ["establishments", "landmarks", "colours", "icon-types"],
        "endpoints": ["export-machi-koro"],
    },
    "aquarius": {
        "name": "Aquarius",
        "description": "Played live on the site (programs play it over its referee RPC, see /docs/aquarius-rpc/). "
                       "Its cards, deck by deck, and their export in the loader's format.",
        "collections": ["aquarius-cards"],
        "endpoints": ["export-aquarius"],
    },
    "lorenzo": {
        "name": "Lorenzo il Magnifico",
        "description": "Development cards, leader cards and excommunication tiles with their effects explained; "
                       "card files out (and in, through import), and the final-score calculator.",
        "collections": ["development-cards", "leader-cards", "excommunications"],
        "endpoints": ["export-lorenzo", "export-lorenzo-set", "lorenzo-score"],
    },
    "valeria": {
        "name": "Valeria: Card Kingdoms",
        "description": "Citizens, domains, monsters, dukes, nobles, events, starters, agents and relics, every "
                       "column of the reference tables with their effects explained; the presets, the banned "
                       "list and a bulk export. Designers write them.",
        "collections": ["valeria/citizens", "valeria/domains", "valeria/monsters", "valeria/dukes",
                        "valeria/nobles", "valeria/events", "valeria/starters", "valeria/agents",
                        "valeria/relics", "valeria/presets"],
        "endpoints": ["export-valeria", "valeria-banned"],
    },
    "progress": {
        "name": "Progress: Evolution of Technology",
        "description": "Technology cards (a sample set authored for the project) with their knowledge costs, and "
                       "the cost calculator.",
        "collections": ["progress/technologies"],
        "endpoints": ["progress-cost"],
    },
}
SHARED = {  # what serves every game
    "collections": ["card-games", "extensions"],
    "endpoints": ["export", "changes", "import", "effects-explain", "game-statistics", "ratings-leaderboard", "ratings-ladder",
                  "ratings-player", "me", "guests", "games", "game", "game-join", "game-leave", "game-ready",
                  "game-bots", "game-seat-remove", "game-seat", "game-events", "game-result", "rpc-schema", "schema",
                  "swagger-ui", "redoc"],
}


def endpoint_url(request, url_name, arguments):
    """The absolute URL of an endpoint, its arguments left as {placeholders} (`/api/games/{game_id}/stats/`)."""
    samples = {key: f"0{index}" for index, key in enumerate(arguments)}  # valid for slug and int converters
    url = reverse(url_name, kwargs=samples, request=request)
    for key, sample in samples.items():
        url = url.replace(f"/{sample}/", f"/{arguments[key]}/", 1)
    return url


class ApiRoot(routers.APIRootView):
    """The card database and live games API.

    Read the cards of every game anonymously: Machi Koro (Minivilles) and Aquarius, which are played live on
    the site, Lorenzo il Magnifico, Valeria: Card Kingdoms and Progress: Evolution of Technology. Designers
    (staff or the Designers group) also create, change and delete them, and import card files. Each game has
    its export; Progress computes knowledge costs and Lorenzo final scores (POST, nothing stored); effect
    strings are checked and explained at effects/explain/; finished games have their statistics under
    games/<id>/stats/, and the live games' leaderboards and players' ratings are under ratings/<game>/, the bot ladders under ladder/<game>/. Lists are paginated (?page=, ?page_size=) and filterable; answers are in English or
    French (?lang=); errors come back as JSON with a message. The guide is at /docs/api/.
    """

    def get_view_name(self):
        return "Card database and live games API"

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        collections = dict(response.data)
        endpoints = {name: {"url": endpoint_url(request, url_name, arguments), "description": text}
                     for name, url_name, arguments, text in EXTRA_ENDPOINTS}
        return Response({
            "description": " ".join(self.__doc__.split()),
            "guide": request.build_absolute_uri("/docs/api/"),
            "games": GAMES,
            "shared": SHARED,
            "collections": collections,
            "endpoints": endpoints,
        })
