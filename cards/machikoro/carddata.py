"""Machi Koro cards as plain data, in the format of cards/data/machikoro.json (docs/card-data.md): what the export
writes, the loader compares and the rules engine reads. Reads the rows' attributes only (no query, no model import).
"""

FORMAT = "machi-koro-cards"
VERSION = 1


def extension_to_data(extension):
    return {"slug": extension.slug, "name": extension.name, "name_fr": extension.name_fr, "order": extension.order}


def colour_to_data(colour):
    return {
        "slug": colour.slug,
        "name": colour.name,
        "name_fr": colour.name_fr,
        "activation_order": colour.activation_order,
        "activated_by": colour.activated_by,
        "description": colour.description,
    }


def icon_to_data(icon):
    return {"slug": icon.slug, "name": icon.name, "name_fr": icon.name_fr, "symbol": icon.symbol}


def _card_common(card):
    return {
        "slug": card.slug,
        "name": card.name,
        "name_fr": card.name_fr,
        "aliases": list(card.aliases or []),
        "extension": card.extension.slug,
        "cost": card.cost,
        "effect": card.effect,
        "description": card.description,
    }


def establishment_to_data(card):
    data = _card_common(card)
    data.update(
        colour=card.colour.slug,
        icon=card.icon.slug,
        activation_min=card.activation_min,
        activation_max=card.activation_max,
        copies=card.copies,
        major=card.major,
        rules_note=card.rules_note,
    )
    return data


def landmark_to_data(card):
    data = _card_common(card)
    data.update(starts_built=card.starts_built, counts_toward_win=card.counts_toward_win, copies=card.copies)
    if card.rules_note:
        data["rules_note"] = card.rules_note
    return data
