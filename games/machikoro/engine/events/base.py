"""The event base class: JSON in and out (cards by slug), equality, and the registry of event types."""

from games.machikoro.engine.errors import SerialisationError

_EVENT_TYPES = {}


def register(cls):
    _EVENT_TYPES[cls.type] = cls
    return cls


class Event:
    """Base class. `fields` lists the attributes in JSON order (subclasses declare `__slots__ = fields = (...)`);
    card fields hold card definitions."""

    __slots__ = fields = ()
    type = ""
    card_fields = ()

    def apply(self, state):
        """Change `state` as this event says (the engine calls it once; `replay` calls it again)."""

    def to_json(self):
        data = {"type": self.type}
        for name in self.fields:
            value = getattr(self, name)
            if name in self.card_fields:
                value = None if value is None else value.slug
            elif isinstance(value, tuple):
                value = list(value)
            data[name] = value
        return data

    @staticmethod
    def from_json(data, card_set):
        """Rebuild an event from `to_json()` output for the given (game) card set."""
        try:
            cls = _EVENT_TYPES[data["type"]]
            values = []
            for name in cls.fields:
                value = data[name]
                if name in cls.card_fields and value is not None:
                    value = card_set.card_by_slug(value)
                elif isinstance(value, list):
                    value = tuple(value)
                values.append(value)
        except (KeyError, TypeError) as exc:
            raise SerialisationError(f"malformed event {data!r}: {exc!r}") from exc
        return cls(*values)

    def __eq__(self, other):
        return type(self) is type(other) and all(getattr(self, f) == getattr(other, f) for f in self.fields)

    def __hash__(self):
        return hash((self.type,) + tuple(getattr(self, f) for f in self.fields))

    def __repr__(self):
        args = ", ".join(f"{name}={self.to_json()[name]!r}" for name in self.fields)
        return f"{type(self).__name__}({args})"
