"""End-of-game scoring of Lorenzo il Magnifico, excommunication penalties included.

The sequence follows the rulebook's end of the game:

1. The third Vatican report. A player who holds the period-3 excommunication did not support the
   Church and scores nothing for faith; the others need 5 faith points and score the faith track
   (excommunication_track.json: 0–15+ faith -> 0–30 victory points), 5 more with Sisto IV (MOREFAITH).
2. LESSFORVICTORY, "before the final scoring": lose 1 victory point for every 5 held at that moment.
3. The final scoring (score_conversion.json): territories 1/2/3/4/5/6 cards -> 0/0/1/4/10/20, characters
   -> 1/3/6/10/15/21, ventures their printed end-game points, the military track (most military points
   5, second 2; players tied for first all score 5 and no second place is given; players tied for second
   all score 2), and 1 victory point for every 5 resources (wood, stone, coins, servants).
   NOENDGREEN, NOENDBLUE and NOENDPURPLE cancel the territory, character and venture lines.
4. The other end-of-game penalties: LESSFORMILITARY (1 per military point), LESSFORBUILDING (1 per wood
   and stone on the costs of one's building cards; a card with alternative costs counts its first one),
   LESSFORRESOURCE (1 per wood, stone, coin and servant).

The total cannot go below 0 (the victory point track has no negative spaces; our choice, the rules
are silent). Cards are CardData, database cards or seed-000 JSON objects.
"""
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from cards.lorenzo import vocabulary as words
from cards.lorenzo.carddata import CardData
from cards.lorenzo.exporter import card_data
from cards.lorenzo.normalise import normalise_card

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "lorenzo" / "rules"
FAITH_NEEDED_IN_PERIOD_3 = 5
MOREFAITH_BONUS = 5
# Every key a score sheet's line may have, in the order lines come; each at most once (docs/lorenzo.md lists them).
LINE_KEYS = (
    "victory_points", "faith", "MOREFAITH", "LESSFORVICTORY", "territories", "characters", "ventures", "military",
    "resources", "LESSFORMILITARY", "LESSFORBUILDING", "LESSFORRESOURCE",
)


class ScoringError(ValueError):
    """The holdings cannot occur in a game (e.g. supporting the Church without enough faith)."""


class TooLittleFaith(ScoringError):
    """Fewer faith points than supporting the Church needs, and no period-3 excommunication taken instead."""

    def __init__(self, name, faith_points, needed):
        self.name, self.faith_points, self.needed = name, faith_points, needed
        super().__init__(f"{name} has {faith_points} faith points, fewer than the {needed} needed to support the "
                         f"Church in period 3: list the period-3 excommunication taken instead, or give at least "
                         f"{needed} faith points.")


@cache
def score_tables():
    conversion = json.loads((DATA_DIR / "score_conversion.json").read_text(encoding="utf-8"))
    faith = json.loads((DATA_DIR / "excommunication_track.json").read_text(encoding="utf-8"))
    return {
        "TERRITORYCARD": {int(k): v for k, v in conversion["TERRITORYCARD"].items()},
        "CHARACTERCARD": {int(k): v for k, v in conversion["CHARACTERCARD"].items()},
        "FIRSTMILITARY": conversion["FIRSTMILITARY"],
        "SECONDMILITARY": conversion["SECONDMILITARY"],
        "RESOURCE": conversion["RESOURCE"],
        "FAITH": {int(k): v for k, v in faith.items()},
    }


def _as_card(card, kind):
    """A card in any of the accepted forms, as CardData."""
    if isinstance(card, CardData):
        return card
    if isinstance(card, dict):
        data, errors, _ = normalise_card(card, kind)
        if errors:
            raise ScoringError(f"card {card.get('name')!r}: {errors[0][1]}")
        return data
    return card_data(card)


@dataclass
class PlayerHoldings:
    """What a player has when the last round ends (before the third Vatican report)."""

    name: str
    victory_points: int = 0
    military_points: int = 0
    faith_points: int = 0
    coins: int = 0
    wood: int = 0
    stone: int = 0
    servants: int = 0
    cards: list = field(default_factory=list)  # development cards taken
    excommunications: list = field(default_factory=list)  # excommunication tiles received
    leaders: list = field(default_factory=list)  # leader cards played

    @property
    def supply(self):
        return self.coins + self.wood + self.stone + self.servants


@dataclass
class ScoreSheet:
    """A player's final score, line by line: (key, what, points). `details` holds, line by line, the line's kind
    and the numbers its sentence is made of, so the site can word it in the reader's language."""

    player: str
    lines: list = field(default_factory=list)
    details: list = field(default_factory=list)

    def add(self, key, what, points, kind=None, **facts):
        self.lines.append((key, what, points))
        self.details.append({"kind": kind or key, **facts})

    def points(self, key):
        return sum(points for line_key, _, points in self.lines if line_key == key)

    @property
    def total(self):
        return max(0, sum(points for _, _, points in self.lines))


def _flags(cards):
    """Every FLAG payload and effect keyword the cards carry."""
    found = set()
    for card in cards:
        for effect in card.effects:
            found.add(effect.payload if effect.effect == "FLAG" else effect.effect)
    return found


def _venture_points(card):
    return sum(
        effect.payload.get("VICTORY_POINTS", 0)
        for effect in card.effects_in(words.PERMANENT)
        if effect.effect == "ADD" and isinstance(effect.payload, dict)
    )


def _building_wood_and_stone(card):
    cost = (card.costs or [{}])[0]
    return cost.get("WOOD", 0) + cost.get("STONE", 0)


def military_points_won(all_military_points, military_points):
    """The military track's points for one player, given every player's military points."""
    tables = score_tables()
    ranking = sorted(set(all_military_points), reverse=True)
    if military_points == ranking[0]:
        return tables["FIRSTMILITARY"]
    first_is_shared = list(all_military_points).count(ranking[0]) > 1
    if not first_is_shared and len(ranking) > 1 and military_points == ranking[1]:
        return tables["SECONDMILITARY"]
    return 0


def _counted(count, names):
    """'1 territory card', '2 territory cards': the sheet's own English (the site words each line in the
    reader's language from `details`, with ngettext: score_text.py). English takes the singular for 1 only."""
    singular, plural = names[:2]
    return f"{count} {singular if count == 1 else plural}"


def score_player(holdings, all_military_points=None):
    """One player's ScoreSheet; ``all_military_points`` holds every player's (theirs included)."""
    tables = score_tables()
    cards = [_as_card(card, words.DEVELOPMENT) for card in holdings.cards]
    tiles = [_as_card(tile, words.EXCOMMUNICATION) for tile in holdings.excommunications]
    leaders = [_as_card(leader, words.LEADER) for leader in holdings.leaders]
    flags = _flags(tiles)
    sheet = ScoreSheet(holdings.name)
    sheet.add("victory_points", "victory points during the game", holdings.victory_points)

    supports_church = not any(tile.period == 3 for tile in tiles)
    if supports_church:
        if holdings.faith_points < FAITH_NEEDED_IN_PERIOD_3:
            raise TooLittleFaith(holdings.name, holdings.faith_points, FAITH_NEEDED_IN_PERIOD_3)
        faith = tables["FAITH"][min(holdings.faith_points, max(tables["FAITH"]))]
        faith_points = _counted(holdings.faith_points, words.RESOURCE_NAMES["FAITH_POINTS"])
        sheet.add("faith", f"{faith_points} (third Vatican report)", faith, count=holdings.faith_points)
        if "MOREFAITH" in _flags(leaders):
            sheet.add("MOREFAITH", "Sisto IV: supporting the Church", MOREFAITH_BONUS)  # its own key: keys are unique
    if "LESSFORVICTORY" in flags:
        held = sum(points for _, _, points in sheet.lines)
        sheet.add("LESSFORVICTORY", f"1 for every 5 of {_counted(held, words.RESOURCE_NAMES['VICTORY_POINTS'])}",
                  -(held // 5), count=held)

    by_type = {card_type: [c for c in cards if c.card_type == card_type] for card_type in words.CARD_TYPES}
    for card_type, flag, key in (("TERRITORYCARD", "NOENDGREEN", "territories"), ("CHARACTERCARD", "NOENDBLUE", "characters")):
        count = len(by_type[card_type])
        table = tables[card_type]
        points = table.get(min(count, max(table)), 0) if count else 0
        if flag in flags:
            sheet.add(key, f"{_counted(count, words.CARD_TYPE_NAMES[card_type])} (excommunicated: {flag})", 0,
                      count=count, excommunication=flag)
        else:
            sheet.add(key, _counted(count, words.CARD_TYPE_NAMES[card_type]), points, count=count)
    ventures = by_type["VENTURECARD"]
    venture_points = 0 if "NOENDPURPLE" in flags else sum(_venture_points(card) for card in ventures)
    note = " (excommunicated: NOENDPURPLE)" if "NOENDPURPLE" in flags else ""
    sheet.add("ventures", _counted(len(ventures), words.CARD_TYPE_NAMES["VENTURECARD"]) + note, venture_points,
              count=len(ventures), **({"excommunication": "NOENDPURPLE"} if note else {}))

    rivals = list(all_military_points) if all_military_points is not None else [holdings.military_points]
    sheet.add("military", _counted(holdings.military_points, words.RESOURCE_NAMES["MILITARY_POINTS"]),
              military_points_won(rivals, holdings.military_points), count=holdings.military_points)
    sheet.add("resources", _counted(holdings.supply, ("resource", "resources")), holdings.supply // tables["RESOURCE"],
              count=holdings.supply)

    if "LESSFORMILITARY" in flags:
        sheet.add("LESSFORMILITARY", "1 for every military point", -holdings.military_points)
    if "LESSFORBUILDING" in flags:
        spent = sum(_building_wood_and_stone(card) for card in by_type["BUILDINGCARD"])
        sheet.add("LESSFORBUILDING", "1 for every wood and stone on building cards' costs", -spent)
    if "LESSFORRESOURCE" in flags:
        sheet.add("LESSFORRESOURCE", "1 for every wood, stone, coin and servant", -holdings.supply)
    return sheet


def final_scores(players):
    """Every player's ScoreSheet, the military track ranked among them, best total first."""
    military = [player.military_points for player in players]
    sheets = [score_player(player, military) for player in players]
    return sorted(sheets, key=lambda sheet: sheet.total, reverse=True)
