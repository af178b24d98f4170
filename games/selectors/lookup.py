"""Finding games, seats and the loaded position of a game."""
from collections.abc import Mapping

from django.db.models.fields.json import KeyTextTransform
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.rulesets import get_ruleset
from games.errors import GameNotFound


def game_by_code(code):
    try:
        return Game.objects.get(code=code)
    except Game.DoesNotExist:
        raise GameNotFound(_("There is no game with this link.")) from None


def game_id_by_code(code):
    """The id of the game with this link (a socket needs nothing else of it to open)."""
    game_id = Game.objects.filter(code=code).values_list("pk", flat=True).first()
    if game_id is None:
        raise GameNotFound(_("There is no game with this link."))
    return game_id


def game_by_id(game_id):
    try:
        return Game.objects.get(pk=game_id)
    except Game.DoesNotExist:
        raise GameNotFound(_("This game no longer exists.")) from None


def seats_of(game):
    return list(Seat.objects.filter(game=game).order_by("position"))


def seat_of(seats, identity):
    """The seat of `identity` among `seats` (bots never match), or None for a spectator."""
    if identity.is_anonymous:
        return None
    for seat in seats:
        if seat.bot_kind:
            continue
        if identity.user_id is not None and seat.user_id == identity.user_id:
            return seat
        if identity.guest_id is not None and seat.guest_id == identity.guest_id:
            return seat
    return None


def host_key(game):
    if game.host_user_id:
        return f"u:{game.host_user_id}"
    if game.host_guest_id:
        return f"g:{game.host_guest_id}"
    return None


def is_host(game, identity):
    return bool(identity.key) and identity.key == host_key(game)


class FrozenRules(Mapping):
    """A started game's frozen rules, fetched only when something beyond their "key" is read.

    Moves load the game row without its rules (a card set is several kilobytes of JSON); rulesets that
    cache what they build from the rules by key never need the rest.
    """

    def __init__(self, game_id, key):
        self.game_id = game_id
        self.key = key
        self._data = None

    def _load(self):
        if self._data is None:
            self._data = Game.objects.values_list("rules", flat=True).get(pk=self.game_id)
        return self._data

    def __getitem__(self, name):
        if name == "key" and self.key is not None:
            return self.key
        return self._load()[name]

    def __iter__(self):
        return iter(self._load())

    def __len__(self):
        return len(self._load())


def without_rules(queryset):
    """The games of `queryset` with their rules deferred and their rules key at hand (see FrozenRules)."""
    return queryset.defer("rules").annotate(rules_key=KeyTextTransform("key", "rules"))


def current_match(game):
    """The ruleset and the loaded current position of a started game."""
    ruleset = get_ruleset(game.ruleset)
    if "rules" in game.get_deferred_fields():
        rules = FrozenRules(game.pk, getattr(game, "rules_key", None))
    else:
        rules = game.rules
    return ruleset, ruleset.load(rules, game.state)
