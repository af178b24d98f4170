"""What the programs' API reads and answers (the OpenAPI schema is built from these)."""
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from cards.api_input import RejectUnknownFieldsMixin, StrictCharField, StrictIntegerField
from config.registry import live_games
from games.errors import BadRequest
from games.models import Game
from games.services.accounts import clean_nickname

STATUSES = [Game.Status.LOBBY, Game.Status.PLAYING, Game.Status.FINISHED]
SEAT_KINDS = ["human", "bot", "empty"]


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false only (DRF's BooleanField also takes "yes", 1 and "on")."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class MeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["user", "guest"])
    id = serializers.IntegerField(help_text="The user's or the guest's id.")
    name = serializers.CharField(help_text="The username or the guest's nickname: the name seats are given.")


class GuestRequestSerializer(RejectUnknownFieldsMixin, serializers.Serializer):
    nickname = StrictCharField(max_length=24, help_text="2 to 24 letters, digits, spaces, dots, dashes or apostrophes.")

    def validate_nickname(self, value):
        """The guest form's check, as a field error (`fields.nickname`) like every other bad value."""
        try:
            return clean_nickname(value)
        except BadRequest as error:
            raise serializers.ValidationError(error.message, code="invalid") from None


class GuestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    nickname = serializers.CharField()


class GuestTokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="The guest's API token (mkt_...): send it as Authorization: Bearer. "
                                            "Shown once; it expires after 30 days.")
    guest = GuestSerializer()


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="0 for the first seat; once started, the seat's index in the game.")
    name = serializers.CharField(allow_null=True)
    kind = serializers.ChoiceField(choices=SEAT_KINDS, help_text="empty: a free seat of a lobby.")
    bot_kind = serializers.CharField(allow_null=True, help_text="The bot's kind, for a bot.")
    ready = serializers.BooleanField()


class GameSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The game's code: its address is /games/<code>/.")
    ruleset = serializers.CharField(help_text="machikoro, aquarius ...")
    status = serializers.ChoiceField(choices=Game.Status.values)
    pace = serializers.ChoiceField(choices=Game.Pace.values)
    rated = serializers.BooleanField()
    public = serializers.BooleanField()
    host = serializers.CharField(allow_null=True, help_text="The host's seat name.")
    host_present = serializers.BooleanField(help_text=(
        "Whether the host has the game's page or its referee socket open now. A lobby whose host stays away "
        "for GAMES_LOBBY_ABANDON_AFTER (15 minutes by default) is closed: its status turns abandoned."))
    host_last_seen = serializers.DateTimeField(allow_null=True, help_text=(
        "The last moment the host was known there (now, for a host present); null when they never opened "
        "a socket of the game."))
    seats = SeatSerializer(many=True)
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    turn_seconds = serializers.IntegerField(help_text="Live: the turn timer (0: none); turn-based: the time per move.")
    on_timeout = serializers.ChoiceField(choices=Game.OnTimeout.values)
    created_at = serializers.DateTimeField()
    url = serializers.URLField(help_text="The game's page.")
    rpc_url = serializers.CharField(allow_null=True, help_text="ws(s)://.../ws/games/<code>/rpc/ (null when the game "
                                                               "has no RPC protocol); add ?token= or a Bearer header.")


class GameDetailSerializer(GameSerializer):
    options = serializers.DictField(help_text="The game's options, as stored (cleaned by its rules).")
    options_text = serializers.ListField(child=serializers.CharField(), help_text="The options in words.")
    bot_kinds = serializers.ListField(child=serializers.CharField(), help_text="Bots the host may seat, weakest first.")
    your_seat = serializers.IntegerField(allow_null=True, help_text="Your seat's position, null when not seated.")
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text="Positions whose move is awaited.")
    event_seq = serializers.IntegerField(help_text="The number of the last move played.")


class LiveRulesetMixin:
    """`ruleset` is a live game's slug: a misspelt one (`machi-koro`, the card API's name) is refused as a choice
    field refuses, in the listing (not an empty page) as in the creation."""

    def validate_ruleset(self, value):
        if value not in {game.slug for game in live_games()}:
            message = serializers.ChoiceField.default_error_messages["invalid_choice"]
            raise serializers.ValidationError(message.format(input=value), code="invalid_choice")
        return value


class GameListQuerySerializer(LiveRulesetMixin, serializers.Serializer):
    ruleset = serializers.CharField(required=False)
    status = serializers.ChoiceField(choices=STATUSES, required=False)
    seats_free = serializers.BooleanField(required=False, allow_null=True, default=None)
    pace = serializers.ChoiceField(choices=Game.Pace.values, required=False)


class GameCreateSerializer(LiveRulesetMixin, RejectUnknownFieldsMixin, serializers.Serializer):
    ruleset = StrictCharField(help_text="The game: machikoro, aquarius ...")
    options = serializers.JSONField(required=False, default=dict, help_text=(
        "The game's options, named as on the create form: Aquarius chicken (bool), deck (text); Machi Koro "
        "extensions (list of texts), market_rule (bool), stacks (10-15), neighbours_only (bool)."))
    min_players = StrictIntegerField(required=False, default=2)
    max_players = StrictIntegerField(required=False, default=4)
    turn_seconds = StrictIntegerField(required=False, help_text=(
        "Live: 0 (no timer), 30, 60, 90 (default), 120, 180 or 300; turn-based: 3600, 43200, 86400 (default) "
        "or 259200."))
    pace = serializers.ChoiceField(choices=Game.Pace.values, required=False, default=Game.Pace.LIVE)
    on_timeout = serializers.ChoiceField(choices=Game.OnTimeout.values, required=False,
                                         default=Game.OnTimeout.BOT_PLAYS)
    public = StrictBooleanField(required=False, default=True, help_text="Listed on the games page and /api/games/.")
    rated = StrictBooleanField(required=False, default=False, help_text=(
        "Registered players only. Starts with two registered players, or a program account and a bot."))


class ReadySerializer(RejectUnknownFieldsMixin, serializers.Serializer):
    ready = StrictBooleanField(help_text="true: ready to start; false: not ready any more.")


class BotRequestSerializer(RejectUnknownFieldsMixin, serializers.Serializer):
    kind = StrictCharField(required=False, help_text="One of the game's bot_kinds; by default the stand-in bot's.")


class SeatAccessSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    seat_token = serializers.CharField(help_text="Plays this seat over the RPC socket (?token=).")
    rpc_url = serializers.CharField(allow_null=True, help_text="The RPC socket with the seat token in its query.")
    socket_url = serializers.CharField(help_text="The game page's socket (ws(s)://.../ws/games/<code>/).")


class EventsQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(required=False, default=0, min_value=0, max_value=10**9,
                                     help_text="Only the moves numbered above this one.")


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The move's number (from 1).")
    seat = serializers.IntegerField(help_text="The seat that moved.")
    by = serializers.CharField(help_text="player, bot or autopilot.")
    kind = serializers.CharField(help_text="The event's type, as in the game's RPC notifications.")
    data = serializers.DictField(help_text="The event's other fields.")


class EventsSerializer(serializers.Serializer):
    events = EventSerializer(many=True)
    latest_seq = serializers.IntegerField(help_text="The number of the last move played.")
    more = serializers.BooleanField(help_text="More moves follow: ask again with after= the last seq.")
    view = serializers.JSONField(allow_null=True, help_text="The position now, as your seat (or an observer) sees it.")
    to_act = serializers.ListField(child=serializers.IntegerField())


class RatingChangeSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField(allow_null=True)
    bot_kind = serializers.CharField(allow_null=True)
    rank = serializers.IntegerField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    delta = serializers.IntegerField()
    provisional = serializers.BooleanField()


class ResultSerializer(serializers.Serializer):
    code = serializers.CharField()
    ruleset = serializers.CharField()
    finished_at = serializers.DateTimeField()
    result = serializers.JSONField(help_text="The winners and the final table, as the game's rules give them.")
    rating_changes = RatingChangeSerializer(many=True, help_text="Empty unless rated (and rated already).")


NOT_FINISHED = _("The game is not over: its result comes once it ends.")
