"""Actions a player can take. Immutable, hashable, compared by value; cards are named by slug.

An action is a tuple tagged with its type ("buy", "cafe"), so building, comparing and hashing them is done
in C: some choices (Business Center's trades) list hundreds of actions. Every action is taken by the seat
in `state.to_act`; actions therefore carry no player field. Python code builds them directly
(`Buy("cafe")`); input from outside goes through `Action.from_json`, which checks every field's type.
"""

from operator import itemgetter

from games.machikoro.engine.errors import SerialisationError

_ACTION_TYPES = {}


class Action(tuple):
    __slots__ = ()
    type = ""
    fields = ()
    field_types = {}

    def __new__(cls, *values):
        if len(values) != len(cls.fields):
            raise TypeError(f"{cls.__name__} takes {len(cls.fields)} argument(s): {', '.join(cls.fields)}")
        return tuple.__new__(cls, (cls.type,) + values)

    def __getnewargs__(self):
        return tuple(self[1:])

    def to_json(self):
        data = {"type": self.type}
        for position, name in enumerate(self.fields, 1):
            data[name] = self[position]
        return data

    @staticmethod
    def from_json(data):
        if not isinstance(data, dict):
            raise SerialisationError(f"an action must be a JSON object, got {data!r}")
        cls = _ACTION_TYPES.get(data.get("type"))
        if cls is None:
            raise SerialisationError(f"unknown action type {data.get('type')!r} (known: {', '.join(_ACTION_TYPES)})")
        values = []
        for name in cls.fields:
            if name not in data:
                raise SerialisationError(f"action {cls.type!r} needs the field {name!r}")
            value = data[name]
            expected = cls.field_types[name]
            if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
                raise SerialisationError(f"action {cls.type!r}: {name} must be {expected.__name__}, got {value!r}")
            values.append(value)
        return cls(*values)

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(repr(v) for v in self[1:])})"


def _action(type_name, **field_types):
    """Turn a documented placeholder class into an Action subclass with these fields (name -> type)."""

    def decorate(placeholder):
        namespace = {"__slots__": (), "__doc__": placeholder.__doc__, "__module__": __name__, "type": type_name,
                     "fields": tuple(field_types), "field_types": field_types}
        for position, name in enumerate(field_types, 1):
            namespace[name] = property(itemgetter(position))
        cls = type(placeholder.__name__, (Action,), namespace)
        _ACTION_TYPES[type_name] = cls
        return cls

    return decorate


@_action("roll", dice=int)
class Roll:
    """Roll this many dice (1, or 2 with Train Station)."""


@_action("reroll", dice=int)
class Reroll:
    """Radio Tower: discard the roll and roll this many dice again."""


@_action("keep_roll")
class KeepRoll:
    """Radio Tower: keep the roll."""


@_action("adjust_roll", add=bool)
class AdjustRoll:
    """Harbor: add (or not) the landmark's amount to the total."""


@_action("choose_opponent", opponent=int)
class ChooseOpponent:
    """TV Station: the opponent who pays."""


@_action("trade", give=str, opponent=int, take=str)
class Trade:
    """Business Center: give one of your `give` cards, take one of the opponent's `take` cards."""


@_action("decline")
class Decline:
    """Decline an optional effect (Business Center, Exhibit Hall)."""


@_action("renovate", card=str)
class Renovate:
    """Renovation Company: the establishment type that closes."""


@_action("move", card=str, opponent=int)
class Move:
    """Moving Company: give one `card` to `opponent`."""


@_action("demolish", landmark=str)
class Demolish:
    """Demolition Company: the landmark to un-build."""


@_action("activate", card=str)
class Activate:
    """Exhibit Hall: the establishment type of yours to activate."""


@_action("buy", card=str)
class Buy:
    """Buy one establishment from the market."""


@_action("build", landmark=str)
class Build:
    """Build one landmark."""


@_action("pass")
class Pass:
    """Build nothing this turn."""


@_action("invest", coins=int)
class Invest:
    """Tech Startup: put this many coins on the card (0 = do not invest)."""


ACTION_TYPES = dict(_ACTION_TYPES)
