"""GET /api/changes/?since=<card data version>: what changed in the cards since a version a client holds (an export's
`card_data_version`, or the `version` of its last answer), per game, a page at a time (cards/changelog.py).

Anyone may read it. The answer carries an ETag named by the card data version and the URL, so a client asking again
while nothing changed gets 304 Not Modified.
"""
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import caching
from cards.api_errors import SOME_FIELDS_INVALID
from cards.changelog import MAX_PAGE_SIZE, PAGE_SIZE, ChangelogError, changes_since


class FieldChangeSerializer(serializers.Serializer):
    field = serializers.CharField()
    old = serializers.JSONField(allow_null=True)
    new = serializers.JSONField(allow_null=True)


class CardChangeSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="The card table: establishment, landmark, aquariuscard, valeriacitizen ...")
    id = serializers.IntegerField()
    slug = serializers.CharField(required=False)
    name = serializers.CharField(required=False)
    version = serializers.IntegerField(help_text="The card data version this change raised the data to.")
    date = serializers.DateTimeField()
    changes = FieldChangeSerializer(many=True, required=False,
                                    help_text="With a changed card: each field's old and new value.")


class GameChangesSerializer(serializers.Serializer):
    added = CardChangeSerializer(many=True)
    changed = CardChangeSerializer(many=True)
    removed = CardChangeSerializer(many=True)


class ChangelogSerializer(serializers.Serializer):
    since = serializers.IntegerField()
    version = serializers.IntegerField(help_text="The current card data version: ask since it once `next` is null.")
    until = serializers.IntegerField(help_text="The version this page reaches (`version` on the last page).")
    games = serializers.DictField(child=GameChangesSerializer(), help_text="Per game slug, only games with changes.")
    next = serializers.URLField(allow_null=True, help_text="The next page of this changelog, or null.")


def _since(value):
    """`since` as a version number, or the field error saying why not."""
    if value is None or value == "":
        return None, {"code": "required", "message": _("Give the card data version you hold as ?since=N.")}
    if not value.isascii() or not value.lstrip("-").isdigit() or len(value) > 18:
        return None, {"code": "invalid", "message": _("A card data version is a whole number.")}
    if int(value) < 0:
        return None, {"code": "min_value", "message": _("A card data version is 0 or more.")}
    return int(value), None


def _page_size(value):
    if value is None:
        return PAGE_SIZE, None
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= MAX_PAGE_SIZE:
        return None, {"code": "invalid", "message": _("A page size is a whole number from 1 to %(max)d.") % {
            "max": MAX_PAGE_SIZE}}
    return int(value), None


def _refusal(error):
    """A ChangelogError as (query parameter, field error)."""
    if error.code == "since_in_future":
        return "since", {"code": "since_in_future", "current": error.params["current"], "message": _(
            "Version %(since)d has not been reached yet: the card data is at version %(current)d.") % error.params}
    if error.code == "since_too_old":
        return "since", {"code": "since_too_old", "oldest": error.params["oldest"], "message": _(
            "Changes are known from version %(oldest)d on; fetch the whole export instead.") % error.params}
    if error.code == "unknown_game":
        return "game", {"code": "invalid_choice", "message": _("No game with slug %(slug)r.") % {
            "slug": error.params["game"]}}
    return "cursor", {"code": "invalid", "message": _("This cursor is not one this API gave.")}


def _bad_request(fields):
    return Response({"error": {"code": "invalid", "message": str(SOME_FIELDS_INVALID), "fields": fields}},
                    status=status.HTTP_400_BAD_REQUEST)


class CardChangesView(APIView):
    """What changed in the cards since a card data version: added, changed (field by field) and removed, per game."""

    @extend_schema(
        parameters=[
            OpenApiParameter("since", int, required=True, description="The card data version you hold (an export's "
                             "`card_data_version`, or `version` of your last changelog). 0 or more, at most the "
                             "current version."),
            OpenApiParameter("game", str, required=False, description="Only this game's changes (a game slug)."),
            OpenApiParameter("page_size", int, required=False,
                             description=f"Changes per page: 1 to {MAX_PAGE_SIZE}, {PAGE_SIZE} by default."),
            OpenApiParameter("cursor", str, required=False, description="The next page: copy it from `next`."),
        ],
        responses={200: ChangelogSerializer, 304: None},
    )  # fmt: skip
    def get(self, request):
        params = request.query_params
        since, since_error = _since(params.get("since"))
        limit, limit_error = _page_size(params.get("page_size"))
        fields = {name: [error] for name, error in (("since", since_error), ("page_size", limit_error)) if error}
        if fields:
            return _bad_request(fields)
        game, cursor = params.get("game") or None, params.get("cursor") or None
        version, url = caching.current_version(), request.build_absolute_uri()
        tag = caching.etag(version, "changes", url)
        if caching.matches(request, tag):
            response = Response(status=status.HTTP_304_NOT_MODIFIED)
            response["ETag"], response["Cache-Control"] = tag, "no-cache"
            return response
        try:
            answer = caching.cached(f"changes:{url}", version,
                                    lambda: self.answer(request, since, game, cursor, limit))
        except ChangelogError as error:
            name, detail = _refusal(error)
            return _bad_request({name: [detail]})
        response = Response(answer)
        response["ETag"] = tag
        response["Cache-Control"] = "no-cache"
        return response

    @staticmethod
    def answer(request, since, game, cursor, limit):
        log = changes_since(since, game=game, cursor=cursor, limit=limit)
        following = None
        if log.next_cursor:
            query = {"since": since, **({"game": game} if game else {}), "page_size": limit, "cursor": log.next_cursor}
            following = request.build_absolute_uri(f"{request.path}?{urlencode(query)}")
        return {"since": log.since, "version": log.version, "until": log.until, "games": log.games, "next": following}
