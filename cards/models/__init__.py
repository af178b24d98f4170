"""Card database models, one module per game plus the shared catalogue."""
from cards.models.aquarius import AquariusCard
from cards.models.catalogue import CardGame, Extension
from cards.models.drafts import CardSetDraft, DraftCard
from cards.models.lorenzo import Excommunication
from cards.models.machikoro import Colour, Establishment, IconType, Landmark
from cards.models.progress import Technology, TechnologyCost
from cards.models.valeria import ValeriaAgent, ValeriaCitizen, ValeriaDomain, ValeriaDuke, ValeriaEvent, ValeriaMonster, ValeriaNoble, ValeriaPreset, ValeriaRelic, ValeriaStarter
from cards.models.version import CardDataVersion

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
