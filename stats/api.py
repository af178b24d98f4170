"""GET /api/games/{id}/stats/: 202 while the statistics are computed, then 200 with them (or the error).
POST re-queues a computation that failed or stalled."""
from django.utils.translation import gettext as _, gettext_lazy as _lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Game

from stats import selectors
from stats.kinds import supports
from stats.permissions import may_retry, may_see
from stats.services import StatisticsUnavailable, ensure_statistics, request_statistics

POLL_SECONDS = 2


class NotFinished(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "not_finished"
    default_detail = _lazy("Statistics are computed once the game is over.")


class AlreadyQueued(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "not_retryable"
    default_detail = _lazy("These statistics are ready or already being computed.")


class GameStatisticsView(APIView):
    permission_classes = [AllowAny]

    def _game(self, request, game_id):
        game = Game.objects.filter(pk=game_id).first()
        if game is None or not may_see(request, game):
            raise NotFound(_("There is no such game."))
        if not supports(game):
            raise NotFound(_("There are no statistics for this kind of game."))
        if game.status != Game.Status.FINISHED:
            raise NotFinished()
        return game

    def _respond(self, game):
        code, body = selectors.api_payload(game, ensure_statistics(game))
        response = Response(body, status=code)
        if code == status.HTTP_202_ACCEPTED:
            response["Retry-After"] = str(POLL_SECONDS)
        return response

    @extend_schema(summary="A finished game's statistics", responses={
        200: OpenApiResponse(description="done (with `statistics`) or failed (with `error`)"),
        202: OpenApiResponse(description="pending or running: ask again after Retry-After seconds"),
        404: OpenApiResponse(description="no such game"), 409: OpenApiResponse(description="not finished")})
    def get(self, request, game_id):
        return self._respond(self._game(request, game_id))

    @extend_schema(summary="Compute a game's statistics again (after a failure or a stalled worker)",
                   request=None, responses={202: OpenApiResponse(description="queued")})
    def post(self, request, game_id):
        game = self._game(request, game_id)
        if not may_retry(game, selectors.statistics_of(game)):
            raise AlreadyQueued()
        try:
            request_statistics(game)
        except StatisticsUnavailable as exc:
            raise NotFinished(str(exc)) from None
        return self._respond(game)
