"""GET /api/effects/explain/: check an effect string as it is typed and say it in words (the admin's live help), in the
language asked for (?lang= or Accept-Language, see cards/middleware.py).

An invalid string is an answer, not a request error: 200 with `valid: false` and the error's position, token and
expectation. Only a missing string or an unknown game is a 400.

Each game whose cards hold effect strings declares the module that reads them (the registry's `effects` part,
cards/<game>/effects.py: its GAME, the grammar's name for it, and explain_answer(text, params, language)).
"""
from django.utils.translation import gettext as _, gettext_noop
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from config.registry import all_games

from cards.effects import EffectError
from cards.effects.phrases import Phrase

from cards.api_errors import SOME_FIELDS_INVALID
from cards.effect_messages import effect_error_message, expected_text
from cards.language import current_language


def effect_modules():
    """{the grammar's name of a game: its effects module}, in the registry's order."""
    modules = [game.part("effects") for game in all_games() if game.effects]
    return {module.GAME: module for module in modules}


EFFECT_GAMES = effect_modules()
GAMES = tuple(EFFECT_GAMES)
MAX_LENGTH = 500
NO_SPACES_AROUND = Phrase(gettext_noop("no spaces at the start or end"))  # worded in the reader's language


class EffectErrorSerializer(serializers.Serializer):
    column = serializers.IntegerField(help_text="1-based position of the offending token.")
    token = serializers.CharField(help_text="The offending text ('' at the end of the effect).")
    expected = serializers.CharField(help_text="What would have been accepted there, in the served language.")
    message = serializers.CharField()


class ExplainedEffectSerializer(serializers.Serializer):
    game = serializers.CharField()
    effect = serializers.CharField()
    valid = serializers.BooleanField()
    unified = serializers.CharField(required=False, help_text="The canonical spelling (legacy forms rewritten).")
    explained = serializers.CharField(required=False, help_text="The effect in the served language.")
    language = serializers.ChoiceField(choices=["en", "fr"], help_text="The language of `explained`.")
    error = EffectErrorSerializer(required=False)


def explain_answer(game, text, params):
    language = current_language()
    answer = {"game": game, "effect": text, "valid": True, "language": language}
    try:
        if text != text.strip():
            raise EffectError(1 if text[:1].isspace() else len(text), " ", NO_SPACES_AROUND)
        answer["unified"], answer["explained"] = EFFECT_GAMES[game].explain_answer(text, params, language)
    except EffectError as error:
        answer["valid"] = False
        answer["error"] = {"column": error.column, "token": error.token, "expected": expected_text(error),
                           "message": effect_error_message(error)}
    return answer


class ExplainEffectView(APIView):
    """Check one effect string and explain it (anyone may ask; nothing is stored)."""

    @extend_schema(
        parameters=[
            OpenApiParameter("game", enum=GAMES, description="The game whose grammar reads the effect: one of the "
                             "games with effect strings (the registry's `effects` parts).", required=True),
            OpenApiParameter("effect", description="The effect string.", required=True),
            OpenApiParameter("colour", description="Machi Koro: the card's colour (slug or id).", required=False),
            OpenApiParameter("activation_min", int, description="Machi Koro: lowest activation number.", required=False),
            OpenApiParameter("activation_max", int, description="Machi Koro: highest activation number.", required=False),
            OpenApiParameter("name", description="Machi Koro: the card's own name (it may name itself).", required=False),
        ],
        responses={200: ExplainedEffectSerializer, 400: dict},
    )  # fmt: skip
    def get(self, request):
        game, text = request.query_params.get("game", ""), request.query_params.get("effect")
        fields = {}
        if game not in GAMES:
            fields["game"] = [{"code": "invalid_choice", "message": _("Choose one of %(games)s.") % {"games": ", ".join(GAMES)}}]
        if text is None:
            fields["effect"] = [{"code": "required", "message": _("Give the effect string as ?effect=...")}]
        elif len(text) > MAX_LENGTH:
            fields["effect"] = [{"code": "max_length", "message": _("An effect has at most %(limit)d characters.") % {
                "limit": MAX_LENGTH}}]
        if fields:
            return Response({"error": {"code": "invalid", "message": SOME_FIELDS_INVALID, "fields": fields}},
                            status=status.HTTP_400_BAD_REQUEST)
        if not text:
            return Response({"game": game, "effect": "", "valid": True, "unified": "", "explained": "",
                             "language": current_language()})
        return Response(explain_answer(game, text, request.query_params))
