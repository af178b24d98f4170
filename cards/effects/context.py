"""What a parse may check names against: the icons, colours, card and landmark names of one game's data."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EffectContext:
    """Known names. An attribute left as None is not checked; a set makes any other name an error."""

    icons: frozenset[str] | None = None
    colours: frozenset[str] | None = None
    card_names: frozenset[str] | None = None
    landmark_names: frozenset[str] | None = None

    def __post_init__(self):
        for name in ("icons", "colours", "card_names", "landmark_names"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, frozenset):
                object.__setattr__(self, name, frozenset(value))

    @classmethod
    def from_card_data(cls, data: dict) -> "EffectContext":
        """The context of a card-data document in our format (cards/data/machikoro.json, already loaded)."""
        return cls(
            icons=frozenset(icon["slug"] for icon in data.get("icons", [])),
            colours=frozenset(colour["slug"] for colour in data.get("colours", [])),
            card_names=frozenset(card["name"] for card in data.get("establishments", [])),
            landmark_names=frozenset(card["name"] for card in data.get("landmarks", [])),
        )
