"""GET /api/ratings/<ruleset>/ (a game's leaderboard), /api/ratings/<ruleset>/<username>/ (a player's rating
and history) and /api/ladder/<ruleset>/ (the game's bot ladder: program accounts and bot kinds). Anyone may read
them; errors come in the API's shape (docs/api.md, "Errors")."""
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games.ratings import ladder, selectors


class RatingSerializer(serializers.Serializer):
    rating = serializers.IntegerField(help_text="The rating people see: round(1500 + 40 × (mu − 25)).")
    games = serializers.IntegerField(help_text="Rated games finished.")
    provisional = serializers.BooleanField(help_text="Fewer rated games than RATINGS_PROVISIONAL_GAMES (shown \"?\").")
    mu = serializers.FloatField(help_text="openskill's skill estimate (25 at first).")
    sigma = serializers.FloatField(help_text="openskill's uncertainty (25/3 at first).")


class LeaderboardRowSerializer(RatingSerializer):
    position = serializers.IntegerField(help_text="The place on this leaderboard, 1 is the top.")
    name = serializers.CharField(help_text="The username, or the bot kind's name in the served language.")
    username = serializers.CharField(allow_null=True, help_text="null for a bot kind.")
    bot_kind = serializers.CharField(allow_null=True, help_text="The bot kind (\"random\") or null for a player.")
    program = serializers.BooleanField(help_text="The account is played by a program (its owner marked it so).")
    gained = serializers.IntegerField(required=False, help_text="period=month: rating points gained this month.")
    played = serializers.IntegerField(required=False, help_text="period=month: rated games finished this month.")


class LeaderboardSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    period = serializers.ChoiceField(choices=selectors.PERIODS)
    bots = serializers.BooleanField()
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LeaderboardRowSerializer(many=True)


class LadderRowSerializer(RatingSerializer):
    position = serializers.IntegerField(help_text="The place on the ladder, 1 is the top.")
    name = serializers.CharField(help_text="The program account's username, or the bot kind's name in the served "
                                           "language.")
    username = serializers.CharField(allow_null=True, help_text="null for a bot kind.")
    bot_kind = serializers.CharField(allow_null=True, help_text="The bot kind, or null for a program account.")
    program = serializers.BooleanField(help_text="true for a program account, false for a bot kind.")
    wins = serializers.IntegerField(help_text="Rated games finished first (ties share first place) in the period.")
    last_played = serializers.DateTimeField(allow_null=True, help_text="The end of its latest rated game "
                                                                       "(in the period).")


class LadderSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    period = serializers.ChoiceField(choices=selectors.PERIODS)
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = LadderRowSerializer(many=True, help_text="`games` counts the period's rated games.")


class LadderQuerySerializer(serializers.Serializer):
    period = serializers.ChoiceField(choices=selectors.PERIODS, default="all")
    page = serializers.IntegerField(min_value=1, max_value=10**6, default=1)
    page_size = serializers.IntegerField(min_value=1, max_value=selectors.MAX_PAGE_SIZE, required=False)


class HistoryEntrySerializer(serializers.Serializer):
    game = serializers.CharField(help_text="The game's code (its end page: /stats/games/<code>/).")
    at = serializers.DateTimeField()
    rank = serializers.IntegerField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    delta = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="The rating was still provisional after this game.")


class PlayerRatingSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    username = serializers.CharField()
    rating = RatingSerializer(allow_null=True, help_text="null when never rated at this game.")
    position = serializers.IntegerField(allow_null=True, help_text="The place on the all-time leaderboard.")
    history = HistoryEntrySerializer(many=True, help_text="Every rated game, oldest first.")


class QuerySerializer(serializers.Serializer):
    period = serializers.ChoiceField(choices=selectors.PERIODS, default="all")
    bots = serializers.BooleanField(default=False)
    page = serializers.IntegerField(min_value=1, max_value=10**6, default=1)
    page_size = serializers.IntegerField(min_value=1, max_value=selectors.MAX_PAGE_SIZE, required=False)


def _ruleset(slug):
    if not any(r.slug == slug for r in selectors.rated_rulesets()):
        raise NotFound(_("No game called %(slug)r is played on this site.") % {"slug": slug})
    return slug


def _link(request, query, page):
    return request.build_absolute_uri(request.path + "?" + query.urlencode()) if page else None


def _page_links(request, board):
    """{"next", "previous"}: absolute links to the pages around `board`'s (None past either end)."""
    links = {}
    for name, page in (("next", board["page"] + 1), ("previous", board["page"] - 1)):
        if 1 <= page <= board["pages"]:
            following = request.query_params.copy()
            following["page"] = str(page)
            links[name] = _link(request, following, page)
        else:
            links[name] = None
    return links


def _valid_query(serializer_class, request):
    query = serializer_class(data=request.query_params)
    if not query.is_valid():
        raise ValidationError(query.errors)
    return query.validated_data


def _require_page(params, board):
    if params["page"] > board["pages"]:
        raise NotFound(_("There is no page %(page)d: the last is %(pages)d.") % {
            "page": params["page"], "pages": board["pages"]})


class LeaderboardView(APIView):
    """A game's leaderboard: the rated players (or, with bots=true, the bot kinds), best first."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="A game's leaderboard",
        parameters=[
            OpenApiParameter("period", str, enum=list(selectors.PERIODS), description=(
                "all (default): established ratings first, then provisional ones, each best first. month: the "
                "players who finished a rated game this month, by the rating points gained this month.")),
            OpenApiParameter("bots", bool, description="true: the bot kinds (each rated as one player)."),
            OpenApiParameter("page", int, description="1 by default; a page past the last is a 404."),
            OpenApiParameter("page_size", int, description=f"1 to {selectors.MAX_PAGE_SIZE}, 50 by default."),
        ],
        responses={200: LeaderboardSerializer},
    )
    def get(self, request, ruleset):
        slug = _ruleset(ruleset)
        params = _valid_query(QuerySerializer, request)
        board = selectors.leaderboard(slug, period=params["period"], bots=params["bots"], page=params["page"],
                                      page_size=params.get("page_size"))
        _require_page(params, board)
        body = {key: board[key] for key in ("ruleset", "period", "bots", "count", "page", "pages")}
        return Response({**body, **_page_links(request, board), "results": board["results"]})


class LadderView(APIView):
    """A game's bot ladder: the program accounts and the site's bot kinds, ranked by rating."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="A game's bot ladder (programs and bot kinds)",
        parameters=[
            OpenApiParameter("period", str, enum=list(selectors.PERIODS), description=(
                "all (default): every program account and bot kind with a rated game. month: those that finished "
                "a rated game this month; games and wins count this month's. Both ranked by rating, established "
                "ratings first.")),
            OpenApiParameter("page", int, description="1 by default; a page past the last is a 404."),
            OpenApiParameter("page_size", int, description=f"1 to {selectors.MAX_PAGE_SIZE}, 50 by default."),
        ],
        responses={200: LadderSerializer},
    )
    def get(self, request, ruleset):
        slug = _ruleset(ruleset)
        params = _valid_query(LadderQuerySerializer, request)
        board = ladder.ladder(slug, period=params["period"], page=params["page"], page_size=params.get("page_size"))
        _require_page(params, board)
        body = {key: board[key] for key in ("ruleset", "period", "count", "page", "pages")}
        return Response({**body, **_page_links(request, board), "results": board["results"]})


class PlayerRatingView(APIView):
    """A registered player's rating at a game and its history."""

    permission_classes = [AllowAny]

    @extend_schema(summary="A player's rating at a game, with its history", responses={200: PlayerRatingSerializer})
    def get(self, request, ruleset, username):
        slug = _ruleset(ruleset)
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise NotFound(_("There is no player called %(name)r.") % {"name": username})
        history = [{key: entry[key] for key in ("game", "at", "rank", "before", "after", "delta", "provisional")}
                   for entry in selectors.rating_history(user, slug)]
        return Response({"ruleset": slug, "username": user.get_username(), "rating": selectors.rating_of(user, slug),
                         "position": selectors.position_of(user, slug), "history": history})
