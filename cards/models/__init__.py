"""Card database models, one module per game plus the shared catalogue."""
from .catalogue import CardGame, Extension
from .lorenzo import Excommunication
from .machikoro import Colour, Establishment, IconType, Landmark
from .version import CardDataVersion

__all__ = [
    "CardDataVersion",
    "CardGame",
    "Colour",
    "Establishment",
    "Excommunication",
    "Extension",
    "IconType",
    "Landmark",
]
