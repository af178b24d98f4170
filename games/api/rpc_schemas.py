"""/api/rpc/<name>.schema.json: the referee protocols' JSON Schemas, so a program's author gets them from the site
(docs/aquarius-rpc.md, docs/machikoro-rpc.md): the shared `volity` part and one per game played over RPC."""
import json
from functools import lru_cache
from pathlib import Path

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api_schema import ErrorSerializer
from config.registry import live_games

SCHEMA_DIR = Path(__file__).resolve().parents[1] / "rpc"
SHARED = "volity"


def published_names():
    """The schemas served: the shared part and each game that declares an RPC protocol and publishes its schema."""
    return {SHARED} | {game.slug for game in live_games()
                       if game.rpc_protocol is not None and (SCHEMA_DIR / f"{game.slug}.schema.json").is_file()}


@lru_cache(maxsize=None)
def _document(name):
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


class RpcSchemaView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="A referee protocol's JSON Schema",
        description="`volity` (the lobby calls, the referee's volity.* notifications and faults, which every game's "
                    "schema refers to by $ref) or a game played over JSON-RPC (`aquarius`, `machikoro`). Load the "
                    "game's and the shared one into your validator.",
        parameters=[OpenApiParameter("name", str, OpenApiParameter.PATH, description="volity, aquarius, machikoro")],
        responses={200: OpenApiTypes.OBJECT, 404: ErrorSerializer},
    )
    def get(self, request, name):
        if name not in published_names():
            raise NotFound(_("There is no referee schema called %(name)s.") % {"name": name[:40]})
        return Response(_document(name), content_type="application/schema+json")
