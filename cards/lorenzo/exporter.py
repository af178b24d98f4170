"""Lorenzo cards back to seed 000's JSON, as the reference files write them.

Fields come in the reference files' order; an effect alone is written as a string with its payload,
several as arrays (payloads in the same order, null for an effect without one); absent fields are
omitted. Cards come out in the order they were first imported (their id), so importing a reference
file and exporting it gives the same list.
"""
import json

from cards.models import CardGame
from cards.lorenzo.models import Excommunication
from cards.lorenzo.models import DevelopmentCard, LeaderCard

from cards.lorenzo import vocabulary as words
from cards.lorenzo.carddata import CardData, EffectData
from cards.lorenzo.reading import LORENZO_FORMAT, LORENZO_VERSION

# The file names of the reference data, used by export_cards --output-dir.
FILE_NAMES = {words.DEVELOPMENT: "cards.json", words.EXCOMMUNICATION: "excom_cards.json", words.LEADER: "leader_cards.json"}
SECTIONS = {words.DEVELOPMENT: "development_cards", words.EXCOMMUNICATION: "excommunications", words.LEADER: "leader_cards"}
MODELS = {words.DEVELOPMENT: DevelopmentCard, words.EXCOMMUNICATION: Excommunication, words.LEADER: LeaderCard}


def _effects_from_rows(rows):
    order = {timing: index for index, timing in enumerate(words.TIMINGS)}
    rows = sorted(rows, key=lambda row: (order[row.timing], row.position))
    return tuple(EffectData(row.timing, row.effect_type, row.payload) for row in rows)


def card_data(card):
    """The normalised data of a database card (what an import of its export would produce)."""
    if isinstance(card, Excommunication):
        effects = tuple(
            EffectData(timing, getattr(card, f"{timing}_effect"), getattr(card, f"{timing}_payload"))
            for timing in (words.INSTANT, words.PERMANENT)
            if getattr(card, f"{timing}_effect")
        )
        return CardData(
            words.EXCOMMUNICATION, card.name, card.source_name, period=card.period, image_name=card.image_name,
            effects=effects,
        )  # fmt: skip
    effects = _effects_from_rows(card.effects.all())
    if isinstance(card, LeaderCard):
        return CardData(
            words.LEADER, card.name, card.source_name, requirements=card.requirements, image_name=card.image_name,
            effects=effects,
        )  # fmt: skip
    return CardData(
        words.DEVELOPMENT,
        card.name,
        card.source_name,
        period=card.period,
        card_type=card.card_type,
        costs=card.costs,
        requirements=card.requirements,
        minimum_action_value=card.minimum_action_value,
        exclusive_permanent_effect=card.exclusive_permanent_effect,
        image_name=card.image_name,
        effects=effects,
    )


def _effect_fields(effects, timing):
    chosen = [effect for effect in effects if effect.timing == timing]
    if not chosen:
        return {}
    if len(chosen) == 1:
        fields = {f"{timing}Effect": chosen[0].effect}
        if chosen[0].payload is not None:
            fields[f"{timing}Payload"] = chosen[0].payload
        return fields
    fields = {f"{timing}Effect": [effect.effect for effect in chosen]}
    if any(effect.payload is not None for effect in chosen):
        fields[f"{timing}Payload"] = [effect.payload for effect in chosen]
    return fields


def card_json(card):
    """A CardData as seed 000's JSON object, fields in the reference order."""
    fields = {"name": card.source_name or card.name}
    if card.costs is not None:
        fields["cost"] = card.costs
    if card.requirements is not None:
        fields["requirements"] = card.requirements
    for timing in words.TIMINGS:
        fields.update(_effect_fields(card.effects, timing))
    if card.minimum_action_value is not None:
        fields["minimumActionValue"] = card.minimum_action_value
    if card.period is not None:
        fields["period"] = card.period
    if card.card_type is not None:
        fields["cardType"] = card.card_type
    if card.exclusive_permanent_effect is not None:
        fields["exclusivePermanentEffect"] = "TRUE" if card.exclusive_permanent_effect else "FALSE"
    if card.image_name:
        fields["path"] = card.image_name
    return {key: fields[key] for key in words.FIELD_ORDER[card.kind] if key in fields}


def cards_of(kind):
    """The database cards of one kind, in export order, with what the export reads."""
    queryset = MODELS[kind].objects.filter(extension__game__slug=CardGame.LORENZO)
    if kind != words.EXCOMMUNICATION:
        queryset = queryset.prefetch_related("effects")
    return queryset.order_by("id")


def card_list(kind):
    """Every card of one kind as a seed-000 array."""
    return [card_json(card_data(card)) for card in cards_of(kind)]


def dumps(document):
    """The text of an exported file: four-space indents like the reference files."""
    return json.dumps(document, indent=4, ensure_ascii=False)


def lorenzo_document():
    """The three card sets in one document (our format, ``"format": "lorenzo-cards"``)."""
    game = CardGame.objects.get(slug=CardGame.LORENZO)
    document = {
        "format": LORENZO_FORMAT,
        "version": LORENZO_VERSION,
        "game": {"slug": game.slug, "name": game.name, "name_fr": game.name_fr},
    }
    for kind, section in SECTIONS.items():
        document[section] = card_list(kind)
    return document
