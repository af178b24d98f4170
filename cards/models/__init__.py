"""Card database models, one module per game plus the shared catalogue."""
from .aquarius import AquariusCard
from .catalogue import CardGame, Extension
from .lorenzo import Excommunication
from .machikoro import Colour, Establishment, IconType, Landmark

__all__ = [
    "AquariusCard",
    "CardGame",
    "Colour",
    "Establishment",
    "Excommunication",
    "Extension",
    "IconType",
    "Landmark",
]
