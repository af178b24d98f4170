"""Card database models, one module per game plus the shared catalogue."""
from .aquarius import AquariusCard
from .catalogue import CardGame, Extension
from .drafts import CardSetDraft, DraftCard
from .lorenzo import Excommunication
from .machikoro import Colour, Establishment, IconType, Landmark
from .progress import Technology, TechnologyCost
from .valeria import (ValeriaAgent, ValeriaCitizen, ValeriaDomain, ValeriaDuke, ValeriaEvent, ValeriaMonster,
                      ValeriaNoble, ValeriaPreset, ValeriaRelic, ValeriaStarter)
from .version import CardDataVersion

__all__ = [
    "AquariusCard",
    "CardDataVersion",
    "CardGame",
    "CardSetDraft",
    "Colour",
    "DraftCard",
    "Establishment",
    "Excommunication",
    "Extension",
    "IconType",
    "Landmark",
    "Technology",
    "TechnologyCost",
    "ValeriaAgent",
    "ValeriaCitizen",
    "ValeriaDomain",
    "ValeriaDuke",
    "ValeriaEvent",
    "ValeriaMonster",
    "ValeriaNoble",
    "ValeriaPreset",
    "ValeriaRelic",
    "ValeriaStarter",
]
