"""The words of seed 000's card format: resources, card types, regions, effects and flags.

Each table holds the spelling our files store (the one the reference data uses); the
``*_VARIANTS`` tables hold the other spellings the seed document itself uses, which the
importer accepts and rewrites.
"""

# Resource key -> (singular, plural) in English.
RESOURCE_NAMES = {
    "COINS": ("coin", "coins"),
    "WOOD": ("wood", "wood"),
    "STONE": ("stone", "stone"),
    "SERVANTS": ("servant", "servants"),
    "MILITARY_POINTS": ("military point", "military points"),
    "FAITH_POINTS": ("faith point", "faith points"),
    "VICTORY_POINTS": ("victory point", "victory points"),
}
RESOURCES = frozenset(RESOURCE_NAMES)
# The seed writes "MILITARY POINTS" (Fighting Heresies) and "MILITARY" (its BONUS example).
RESOURCE_VARIANTS = {
    "MILITARY POINTS": "MILITARY_POINTS",
    "FAITH POINTS": "FAITH_POINTS",
    "VICTORY POINTS": "VICTORY_POINTS",
    "MILITARY": "MILITARY_POINTS",
    "FAITH": "FAITH_POINTS",
    "VICTORY": "VICTORY_POINTS",
}
# What the rules call "resources" (the supply on the personal board), as opposed to points.
SUPPLY_RESOURCES = ("WOOD", "STONE", "COINS", "SERVANTS")

# Card type -> (singular, plural, tower region).
CARD_TYPE_NAMES = {
    "TERRITORYCARD": ("territory card", "territory cards", 4),
    "CHARACTERCARD": ("character card", "character cards", 5),
    "BUILDINGCARD": ("building card", "building cards", 6),
    "VENTURECARD": ("venture card", "venture cards", 7),
}
CARD_TYPES = tuple(CARD_TYPE_NAMES)

REGION_NAMES = {
    0: "production area",
    1: "harvest area",
    2: "council palace",
    3: "market",
    4: "territory tower",
    5: "character tower",
    6: "building tower",
    7: "venture tower",
}
TOWER_REGIONS = frozenset({4, 5, 6, 7})

ACTION_TYPES = frozenset({"HARVEST", "PRODUCTION", "TOWER"})
# The seed's PERMANENT example writes "HARVESTACTION".
ACTION_TYPE_VARIANTS = {"HARVESTACTION": "HARVEST", "PRODUCTIONACTION": "PRODUCTION", "TOWERACTION": "TOWER"}
# Where an action of each type may take place.
ACTION_TYPE_REGIONS = {"HARVEST": {1}, "PRODUCTION": {0}, "TOWER": TOWER_REGIONS}
ACTION_PAYLOAD_KEYS = (
    "TYPE", "REGIONID", "BONUSACTIONVALUE", "BONUSRESOURCE", "EXCLUSIVEBONUS", "FLAGREGION", "CHOSESERVANT",
)  # fmt: skip
# Keys every stored ACTION/PERMANENT payload carries, null when unused (CHOSESERVANT only when given).
ACTION_PAYLOAD_FILLED_KEYS = ACTION_PAYLOAD_KEYS[:-1]
BONUS_PAYLOAD_KEYS = ("TYPE", "FOREACH", "QUANTITY", "INCREASE", "INCREASINGQUANTITY")
BONUS_TYPES = frozenset({"CARD", "RESOURCE"})
PRIVILEGE_PAYLOAD_KEYS = ("NUMBER", "COST")
CHANGE_PAYLOAD_KEYS = ("RESOURCEIN", "RESOURCEOUT")

EXCOMMUNICATION_FLAGS = frozenset(
    {
        "DOUBLESERVANTS",
        "SKIPTURN",
        "NOENDBLUE",
        "NOENDGREEN",
        "NOENDPURPLE",
        "LESSFORVICTORY",
        "LESSFORMILITARY",
        "LESSFORBUILDING",
        "LESSFORRESOURCE",
        "NO_MARKET_ACTION",  # the seed lists it among the FLAG-type effects
    }
)
LEADER_FLAGS = frozenset({"FAMILYOCCUPY", "NOTRIBUTE", "MOREFAITH", "NOMILITARYRULE", "DOUBLE"})
FLAG_VARIANTS = {"LESSFORVISTORY": "LESSFORVICTORY"}

# Effect keyword -> what its payload is. None: the effect takes no payload.
EFFECT_PAYLOADS = {
    "ADD": "resources",
    "CHANGE": "change",
    "ACTION": "action",
    "PERMANENT": "action",
    "BONUS": "bonus",
    "PRIVILEGE": "privilege",
    "LESSRESOURCE": "resource list",
    "FLAG": "flag",
    "LESSDICE": None,
    "NO_MARKET_ACTION": None,
    "NO_TOWER_BONUS": None,
    "FAMILYSIXVALOR": None,
    "GREYFAMILY": None,
    "FAMILYCOLORDICE": None,
    "FAMILYCOLORBONUS": None,
    "JOLLY": None,
}
EFFECTS = frozenset(EFFECT_PAYLOADS)

DEVELOPMENT = "development"
EXCOMMUNICATION = "excommunication"
LEADER = "leader"
CARD_KINDS = (DEVELOPMENT, EXCOMMUNICATION, LEADER)
KIND_LABELS = {DEVELOPMENT: "development card", EXCOMMUNICATION: "excommunication", LEADER: "leader card"}


def with_article(words_):
    """"an excommunication", "a leader card"."""
    return f"{'an' if words_[:1].lower() in 'aeiou' else 'a'} {words_}"

INSTANT, PERMANENT, FLAG = "instant", "permanent", "flag"
TIMINGS = (INSTANT, PERMANENT, FLAG)

# Which effects each kind of card may carry in each slot of the JSON.
_EXCOMMUNICATION_EFFECTS = frozenset({"LESSRESOURCE", "PERMANENT", "FLAG", "LESSDICE", "NO_MARKET_ACTION"})
ALLOWED_EFFECTS = {
    DEVELOPMENT: {
        INSTANT: frozenset({"ADD", "CHANGE", "ACTION", "BONUS", "PRIVILEGE"}),
        PERMANENT: frozenset({"ADD", "CHANGE", "PERMANENT", "BONUS", "PRIVILEGE", "NO_TOWER_BONUS"}),
    },
    EXCOMMUNICATION: {INSTANT: _EXCOMMUNICATION_EFFECTS, PERMANENT: _EXCOMMUNICATION_EFFECTS},
    LEADER: {
        INSTANT: frozenset({"ADD", "CHANGE", "ACTION", "BONUS", "PRIVILEGE", "FAMILYSIXVALOR"}),
        PERMANENT: frozenset(
            {"ADD", "CHANGE", "PERMANENT", "BONUS", "PRIVILEGE", "GREYFAMILY", "FAMILYCOLORDICE",
             "FAMILYCOLORBONUS", "JOLLY"}
        ),  # fmt: skip
        FLAG: frozenset({"FLAG"}),
    },
}
FLAGS_BY_KIND = {DEVELOPMENT: frozenset(), EXCOMMUNICATION: EXCOMMUNICATION_FLAGS, LEADER: LEADER_FLAGS}
ALL_FLAGS = EXCOMMUNICATION_FLAGS | LEADER_FLAGS

# The JSON fields of each kind, in the order our exports write them (the reference files' order).
FIELD_ORDER = {
    DEVELOPMENT: (
        "name", "cost", "requirements", "instantEffect", "instantPayload", "permanentEffect", "permanentPayload",
        "minimumActionValue", "period", "cardType", "exclusivePermanentEffect", "path",
    ),
    EXCOMMUNICATION: ("name", "instantEffect", "instantPayload", "permanentEffect", "permanentPayload", "period", "path"),
    LEADER: (
        "name", "requirements", "instantEffect", "instantPayload", "flagEffect", "flagPayload", "permanentEffect",
        "permanentPayload", "path",
    ),
}  # fmt: skip


def join(items, word="and"):
    """"a, b and c" (word: "and", "or" or its French in the French phrasebook); empty items left out."""
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"
