"""The programs' API (docs/api.md, "Programs"): thin views over games.services and games.selectors.

Who acts: an API token's owner (Authorization: Bearer mkt_...), or a signed-in user (session with its CSRF token,
or HTTP Basic). Every refusal is a JSON error with a stable code (games/api/errors.py)."""
from django.conf import settings
from django.db.models import Count, F, Q
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, Throttled, ValidationError
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api_schema import ErrorSerializer
from cards.pagination import CardPagination
from games import services
from games.api import serializers as s
from games.api.errors import refusals
from games.api.options import clean_api_options
from games.api.payloads import game_detail_payload, game_payload, rpc_path, socket_url
from games.api_tokens.authentication import request_api_identity
from games.api_tokens.services import do_create_guest_token
from games.errors import GameNotFound, NotSeated
from games.models import Game, Seat
from games.rate_limits import client_ip, parse_rate, take_one
from games.ratings.selectors import rating_change_rows
from games.rpc.tokens import seat_token
from games.rulesets import UnknownRuleset, get_ruleset
from games.selectors.lookup import game_by_code, seat_of, seats_of
from games.selectors.presence import host_presence
from games.selectors.seat_events import seat_events

LIVE_DEFAULT_TIMER = 90              # the create form's initial choices
TURN_BASED_DEFAULT_MOVE = 24 * 3600
REFUSED = {409: ErrorSerializer, 403: ErrorSerializer}
CODE = OpenApiParameter("code", str, OpenApiParameter.PATH, description="The game's code.")


class IsPlayer(BasePermission):
    """A token's owner or a signed-in user (anonymous requests answer 401)."""

    message = _("Send an API token (Authorization: Bearer mkt_...) or sign in.")

    def has_permission(self, request, view):
        return not request_api_identity(request).is_anonymous


def _game(code):
    with refusals():
        return game_by_code(code)


def _detail(request, game, identity=None):
    game.refresh_from_db()
    identity = identity or request_api_identity(request)
    return s.GameDetailSerializer(game_detail_payload(request, game, seats_of(game), identity)).data


def _valid(serializer_class, data):
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise ValidationError(serializer.errors)
    return serializer.validated_data


class MeView(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(summary="Who the request acts as", responses={200: s.MeSerializer})
    def get(self, request):
        identity = request_api_identity(request)
        kind = "user" if identity.user_id is not None else "guest"
        return Response({"kind": kind, "id": identity.user_id if kind == "user" else identity.guest_id,
                         "name": identity.name})


class GuestTokenView(APIView):
    """A new guest and its API token, as the guest form makes a guest (and counted with it per address)."""

    permission_classes = [AllowAny]

    @extend_schema(summary="Play as a guest: a guest and its API token", request=s.GuestRequestSerializer,
                   responses={201: s.GuestTokenSerializer})
    def post(self, request):
        data = _valid(s.GuestRequestSerializer, request.data)
        wait = take_one("guest", client_ip(request) or "unknown", parse_rate(settings.GAMES_GUEST_RATE,
                                                                             "GAMES_GUEST_RATE"))
        if wait:
            raise Throttled(wait, _("Too many guests were created from your address."))
        with refusals():
            guest, _token, raw = do_create_guest_token(nickname=data["nickname"])
        return Response({"token": raw, "guest": {"id": guest.pk, "nickname": guest.nickname}},
                        status=status.HTTP_201_CREATED)


class GameListView(GenericAPIView):
    """Public games, newest first: filter by game, status, pace and free seats."""

    permission_classes = [AllowAny]
    pagination_class = CardPagination
    filter_backends = []
    serializer_class = s.GameSerializer

    def get_permissions(self):
        return [IsPlayer()] if self.request.method == "POST" else [AllowAny()]

    @extend_schema(
        summary="List public games",
        parameters=[
            OpenApiParameter("ruleset", str, description="Only this game's tables (machikoro, aquarius ...)."),
            OpenApiParameter("status", str, enum=s.STATUSES, description="lobby, playing or finished; all by default."),
            OpenApiParameter("seats_free", bool, description="true: only lobbies with a free seat."),
            OpenApiParameter("pace", str, enum=list(Game.Pace.values), description="live or turn_based."),
        ],
        responses={200: s.GameSerializer(many=True)},
    )
    def get(self, request):
        query = _valid(s.GameListQuerySerializer, request.query_params)
        games = (Game.objects.filter(public=True).exclude(status=Game.Status.ABANDONED)
                 .defer("rules", "state").prefetch_related("seats").order_by("-created_at", "-id"))
        if "ruleset" in query:
            games = games.filter(ruleset=query["ruleset"])
        if "status" in query:
            games = games.filter(status=query["status"])
        if "pace" in query:
            games = games.filter(pace=query["pace"])
        if query.get("seats_free"):
            games = (games.filter(status=Game.Status.LOBBY).annotate(taken=Count("seats"))
                     .filter(taken__lt=F("max_players")))
        elif query.get("seats_free") is False:
            games = games.annotate(taken=Count("seats")).filter(~Q(status=Game.Status.LOBBY) | Q(taken__gte=F("max_players")))
        page = self.paginate_queryset(games)
        presence = host_presence(page)
        rows = [s.GameSerializer(game_payload(request, g, list(g.seats.all()), presence)).data for g in page]
        return self.get_paginated_response(rows)

    @extend_schema(summary="Create a game (you take the first seat)", request=s.GameCreateSerializer,
                   responses={201: s.GameDetailSerializer, 403: ErrorSerializer})
    def post(self, request):
        data = _valid(s.GameCreateSerializer, request.data)
        try:
            ruleset = get_ruleset(data["ruleset"])
        except UnknownRuleset as exc:
            raise ValidationError({"ruleset": [str(exc)]}) from None
        options = clean_api_options(ruleset, data["options"])
        turn_seconds = data.get("turn_seconds")
        if turn_seconds is None:
            turn_seconds = TURN_BASED_DEFAULT_MOVE if data["pace"] == Game.Pace.TURN_BASED else LIVE_DEFAULT_TIMER
        identity = request_api_identity(request)
        with refusals():
            game = services.create_game(
                host=identity, ruleset_slug=ruleset.slug, options=options, public=data["public"],
                min_players=data["min_players"], max_players=data["max_players"], turn_seconds=turn_seconds,
                pace=data["pace"], on_timeout=data["on_timeout"], rated=data["rated"])
        return Response(_detail(request, game, identity), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="One game, with your seat", parameters=[CODE], responses={200: s.GameDetailSerializer})
    def get(self, request, code):
        return Response(_detail(request, _game(code)))


class JoinView(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(summary="Take a seat in a lobby (joining twice is harmless)", request=None, parameters=[CODE],
                   responses={200: s.GameDetailSerializer, **REFUSED})
    def post(self, request, code):
        game = _game(code)
        with refusals():
            services.join_game(game_id=game.pk, identity=request_api_identity(request))
        return Response(_detail(request, game))


class LeaveView(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(summary="Leave a lobby (or a running game: a bot plays your seat)", request=None,
                   parameters=[CODE], responses={200: s.GameDetailSerializer, **REFUSED})
    def post(self, request, code):
        game = _game(code)
        with refusals():
            services.leave(game_id=game.pk, identity=request_api_identity(request))
        return Response(_detail(request, game))


class ReadyView(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(summary="Get ready (or not); the game starts when every seat is ready and enough are filled",
                   request=s.ReadySerializer, parameters=[CODE],
                   responses={200: s.GameDetailSerializer, **REFUSED})
    def post(self, request, code):
        data = _valid(s.ReadySerializer, request.data)
        game = _game(code)
        with refusals():
            services.set_ready(game_id=game.pk, identity=request_api_identity(request), ready=data["ready"])
        return Response(_detail(request, game))


class BotsView(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(summary="Seat a bot (the host, in the lobby)", request=s.BotRequestSerializer, parameters=[CODE],
                   responses={201: s.GameDetailSerializer, **REFUSED})
    def post(self, request, code):
        data = _valid(s.BotRequestSerializer, request.data)
        game = _game(code)
        kind = data.get("kind")
        if kind is None:
            with refusals():
                ruleset = get_ruleset(game.ruleset)
            kind = ruleset.autopilot_bot or (ruleset.bot_kinds[0] if ruleset.bot_kinds else "")
        with refusals():
            services.add_bot(game_id=game.pk, identity=request_api_identity(request), kind=kind)
        return Response(_detail(request, game), status=status.HTTP_201_CREATED)


class SeatView(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(summary="Remove a bot or a player from the lobby (the host)", request=None,
                   parameters=[CODE, OpenApiParameter("position", int, OpenApiParameter.PATH)],
                   responses={200: s.GameDetailSerializer, **REFUSED})
    def delete(self, request, code, position):
        game = _game(code)
        seat = Seat.objects.filter(game=game, position=position).first()
        if seat is None:
            raise NotFound(_("There is no seat at position %(position)d.") % {"position": position})
        with refusals():
            services.kick(game_id=game.pk, identity=request_api_identity(request), seat_id=seat.pk)
        return Response(_detail(request, game))


class SeatAccessView(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(summary="Your seat's token and the sockets' addresses", parameters=[CODE],
                   responses={200: s.SeatAccessSerializer, 403: ErrorSerializer})
    def get(self, request, code):
        game = _game(code)
        seat = seat_of(seats_of(game), request_api_identity(request))
        if seat is None:
            with refusals():
                raise NotSeated(_("You are not seated at this game."))
        token = seat_token(game, seat)
        path = rpc_path(game)
        return Response({
            "position": seat.position, "seat_token": token,
            "rpc_url": socket_url(request, f"{path}?token={token}") if path else None,
            "socket_url": socket_url(request, f"/ws/games/{game.code}/"),
        })


class EventsView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        summary="The moves played, as your seat (or an observer) sees them",
        parameters=[CODE, OpenApiParameter("after", int, description="Only moves numbered above this (0 by default).")],
        responses={200: s.EventsSerializer})
    def get(self, request, code):
        query = _valid(s.EventsQuerySerializer, request.query_params)
        game = _game(code)
        seat = seat_of(seats_of(game), request_api_identity(request))
        position = seat.position if seat is not None and not game.is_lobby else None
        return Response(s.EventsSerializer(seat_events(game, position, query["after"])).data)


class ResultView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(summary="A finished game's result and rating changes", parameters=[CODE],
                   responses={200: s.ResultSerializer})
    def get(self, request, code):
        game = _game(code)
        if game.status != Game.Status.FINISHED:
            with refusals():
                raise GameNotFound(str(s.NOT_FINISHED), code="not_finished", status=game.status)
        return Response(s.ResultSerializer({
            "code": game.code, "ruleset": game.ruleset, "finished_at": game.finished_at, "result": game.result,
            "rating_changes": rating_change_rows(game)}).data)


