"""The API's front page (/api/): what the API is, and every endpoint, not only the router's collections."""
from rest_framework import routers
from rest_framework.response import Response
from rest_framework.reverse import reverse

EXTRA_ENDPOINTS = [
    # (name, URL name, description)
    ("export", "card-export", "Every game's cards as one JSON document (GET; ?game=<slug> for one game)."),
    ("export-machi-koro", "card-export-machikoro", "The Machi Koro cards in the loader's format (GET)."),
    ("export-lorenzo", "card-export-lorenzo", "Lorenzo il Magnifico's cards as a file (GET)."),
    ("import", "card-import", "Load a card file (POST, designers only; dry_run=true previews without saving)."),
    ("schema", "schema", "The OpenAPI 3 schema (GET)."),
    ("swagger-ui", "swagger-ui", "Interactive documentation (Swagger UI)."),
    ("redoc", "redoc", "Reference documentation (Redoc)."),
]


class ApiRoot(routers.APIRootView):
    """The card database and live games API.

    Read the cards of Machi Koro (Minivilles) and Lorenzo il Magnifico anonymously; designers (staff or the
    Designers group) also create, change and delete them, and import card files. Finished games have their
    statistics under games/<id>/stats/. Lists are paginated (?page=, ?page_size=) and filterable; errors
    come back as JSON with a message. The guide is at /docs/api/.
    """

    def get_view_name(self):
        return "Card database and live games API"

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        collections = dict(response.data)
        endpoints = {name: {"url": reverse(url_name, request=request), "description": text}
                     for name, url_name, text in EXTRA_ENDPOINTS}
        endpoints["game-statistics"] = {
            "url": reverse("api-root", request=request) + "games/{game_id}/stats/",
            "description": "A finished game's statistics (GET; 202 while they are being computed).",
        }
        return Response({
            "description": " ".join(self.__doc__.split()),
            "guide": request.build_absolute_uri("/docs/api/"),
            "collections": collections,
            "endpoints": endpoints,
        })
