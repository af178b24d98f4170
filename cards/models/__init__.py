"""Card database models, one module per game plus the shared catalogue."""
from .catalogue import CardGame, Extension
from .drafts import CardSetDraft, DraftCard
from .lorenzo import Excommunication
from .machikoro import Colour, Establishment, IconType, Landmark

__all__ = [
    "CardGame",
    "CardSetDraft",
    "Colour",
    "DraftCard",
    "Establishment",
    "Excommunication",
    "Extension",
    "IconType",
    "Landmark",
]
