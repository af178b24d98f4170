"""From one card as written in a seed-000 file to a ``CardData`` in normalised form.

The seed document allows several spellings of the same thing; they are rewritten to the one the
reference data uses, so an export writes every card the same way:

- an effect alone or in an array of one: ``"ADD"`` / ``["ADD"]`` (payloads follow: ``{..}`` / ``[{..}]``);
- ``"TRUE"``/``"FALSE"`` or ``true``/``false`` (exclusivePermanentEffect, EXCLUSIVEBONUS ...);
- ``FLAGREGION: "ALL"`` or ``true``; the flag ``LESSFORVISTORY`` or ``LESSFORVICTORY``;
- a cost as one object or a list of alternatives; a CHANGE as one exchange or a list of one;
- ``"MILITARY POINTS"``/``"MILITARY"`` for MILITARY_POINTS, ``HARVESTACTION`` for HARVEST (with a warning);
- ACTION/PERMANENT payloads get every key, null when unused.

Names keep their spelling for export, but stray spaces and characters are taken off the displayed
name, with a warning.
"""
import re

from django.utils.translation import gettext, ngettext

from cards.lorenzo import vocabulary as words
from cards.lorenzo.carddata import CardData, EffectData
from cards.lorenzo.payloads import a_kind, effect_slot_problem, join_or, payload_problems, resource_problems, show

_STRAY_AT_EDGES = re.compile(r"^[\s*#_~^`+|\\]+|[\s*#_~^`+|\\]+$")
_YES_NO = {"TRUE": True, "FALSE": False, True: True, False: False}


def read_as(value, canonical):
    """The warning for a variant spelling: '"MILITARY POINTS" read as MILITARY_POINTS'."""
    return gettext("%(value)s read as %(canonical)s") % {"value": show(value), "canonical": canonical}


class CardNormaliser:
    """Normalises one card, collecting ``(path, message)`` errors and warnings as it goes."""

    def __init__(self, item, kind):
        self.item = item
        self.kind = kind
        self.errors = []
        self.warnings = []

    def error(self, path, message):
        self.errors.append((tuple(path), message))

    def warn(self, path, message):
        self.warnings.append((tuple(path), message))

    # Names and simple fields.
    def name(self):
        raw = self.item["name"]
        clean = _STRAY_AT_EDGES.sub("", re.sub(r"\s+", " ", "".join(ch for ch in raw if ch.isprintable() or ch.isspace())))
        if not clean:
            self.error(["name"], gettext("the name %(value)s has no letters") % {"value": show(raw)})
        elif clean != raw:
            self.warn(["name"], gettext("stray spaces or characters in %(value)s; shown as %(shown)s, exported as written")
                      % {"value": show(raw), "shown": show(clean)})
        return clean, (raw if clean != raw else "")

    def resource_key(self, key, path):
        if key in words.RESOURCE_VARIANTS:
            canonical = words.RESOURCE_VARIANTS[key]
            self.warn(path, read_as(key, canonical))
            return canonical
        return key

    def resources(self, bag, path, *, check=True):
        """A resource bag with its keys spelt our way (and checked, unless the payload check does it)."""
        if not isinstance(bag, dict):
            return bag
        normalised = {}
        for key, amount in bag.items():
            canonical = self.resource_key(key, [*path, key])
            if canonical in normalised:
                self.error([*path, key], gettext("%(key)s appears twice") % {"key": canonical})
            normalised[canonical] = amount
        if check:
            for subpath, message in resource_problems(normalised):
                self.error([*path, *subpath], message)
        return normalised

    def costs(self):
        cost = self.item.get("cost")
        if cost is None or cost == []:
            return None
        alternatives = [cost] if isinstance(cost, dict) else cost
        prefix = ["cost"] if isinstance(cost, dict) else None
        return [self.resources(bag, prefix or ["cost", index]) for index, bag in enumerate(alternatives)]

    def requirements(self):
        requirements = self.item.get("requirements")
        if requirements is None:
            return None
        if self.kind == words.DEVELOPMENT:
            return self.resources(requirements, ["requirements"])
        normalised = {}
        for key, value in requirements.items():
            if key == "RESOURCE":
                normalised[key] = self.resources(value, ["requirements", key])
            else:
                normalised[key] = value[0] if isinstance(value, list) and len(value) == 1 else value
        return normalised

    # Effects and payloads.
    def effects(self):
        effects = []
        slots = words.ALLOWED_EFFECTS[self.kind]
        for timing in slots:
            effects += self.slot(timing)
        if self.kind == words.EXCOMMUNICATION:
            for timing in slots:
                count = sum(1 for e in effects if e.timing == timing)
                if count > 1:
                    message = {
                        words.INSTANT: gettext("an excommunication has at most one instant effect, got %(count)s"),
                        words.PERMANENT: gettext("an excommunication has at most one permanent effect, got %(count)s"),
                    }[timing]
                    self.error([f"{timing}Effect"], message % {"count": count})
        if self.kind != words.DEVELOPMENT and not effects:
            fields = join_or([f"{timing}Effect" for timing in slots])
            self.error([], gettext("%(kind)s needs at least one effect (%(fields)s)")
                       % {"kind": a_kind(self.kind), "fields": fields})
        return tuple(effects)

    def slot(self, timing):
        effect_field, payload_field = f"{timing}Effect", f"{timing}Payload"
        names = self.item.get(effect_field)
        has_payload = payload_field in self.item and self.item[payload_field] is not None
        payload = self.item.get(payload_field)
        if names is None:
            if has_payload:
                self.error([payload_field], gettext("a payload without an effect: add %(effect)s or remove %(payload)s")
                           % {"effect": effect_field, "payload": payload_field})
            return []
        if isinstance(names, str):
            return [self.effect(timing, names, payload, [effect_field], [payload_field])]
        if not has_payload:
            payloads = [None] * len(names)
        elif len(names) == 1 and not isinstance(payload, list):
            payloads = [payload]  # one effect in an array, its payload alone: unambiguous
        elif not isinstance(payload, list):
            self.error([payload_field], ngettext(
                "%(effect)s lists %(count)d effect, so %(payload)s must be an array of %(count)d payload in the "
                "same order (seed 000: the n-th payload belongs to the n-th effect)",
                "%(effect)s lists %(count)d effects, so %(payload)s must be an array of %(count)d payloads in the "
                "same order (seed 000: the n-th payload belongs to the n-th effect)",
                len(names)) % {"effect": effect_field, "payload": payload_field, "count": len(names)})
            return []
        elif len(payload) != len(names):
            # English keeps its wording for any count ("lists 1 effects"), hence the same singular and plural.
            effects = ngettext("%(effect)s lists %(count)d effects", "%(effect)s lists %(count)d effects",
                               len(names)) % {"effect": effect_field, "count": len(names)}
            payloads = ngettext("%(payload)s has %(count)d payloads", "%(payload)s has %(count)d payloads",
                                len(payload)) % {"payload": payload_field, "count": len(payload)}
            self.error([payload_field], gettext(
                "%(effects)s but %(payloads)s; the n-th payload belongs to the n-th effect, so the counts must match")
                % {"effects": effects, "payloads": payloads})
            return []
        else:
            payloads = payload
        return [
            self.effect(timing, name, payloads[index], [effect_field, index], [payload_field, index], names)
            for index, name in enumerate(names)
        ]

    def effect(self, timing, name, payload, effect_path, payload_path, siblings=()):
        problem = effect_slot_problem(name, timing, self.kind)
        if problem:
            self.error(effect_path, problem)
            return EffectData(timing, name, payload)
        raw = payload
        payload = self.payload(name, payload, payload_path)
        problems = payload_problems(name, payload, self.kind)
        misplaced = [
            (position, other) for position, other in enumerate(siblings)
            if problems and other != name and other in words.EFFECTS and not payload_problems(other, raw, self.kind)
        ]  # fmt: skip
        if misplaced:
            position, other = misplaced[0]
            self.error(payload_path, gettext(
                "this is a payload for %(other)s (effect %(position)s), not for %(effect)s: seed 000's order rule "
                "says the n-th payload belongs to the n-th effect") % {"other": other, "position": position, "effect": name})
        else:
            for subpath, message in problems:
                self.error([*payload_path, *subpath], message)
        return EffectData(timing, name, payload)

    def payload(self, effect, payload, path):
        """The payload with the seed's variants rewritten; its shape is checked afterwards."""
        shape = words.EFFECT_PAYLOADS[effect]
        if shape is None:
            return None if payload in (None, {}, []) else payload
        rewrite = getattr(self, f"_{shape.replace(' ', '_')}_payload")
        return rewrite(payload, path)

    def _resources_payload(self, payload, path):
        return self.resources(payload, path, check=False)

    def _privilege_payload(self, payload, path):
        if not isinstance(payload, dict):
            return payload
        return {k: (self.resources(v, [*path, k], check=False) if k == "COST" else v) for k, v in payload.items()}

    def _change_payload(self, payload, path):
        return self.change(payload, path)

    def _action_payload(self, payload, path):
        return self.action(payload, path) if isinstance(payload, dict) else payload

    def _bonus_payload(self, payload, path):
        if not isinstance(payload, dict):
            return payload
        return {k: (self.resource_key(v, [*path, k]) if k in ("INCREASE", "FOREACH") and isinstance(v, str) else v)
                for k, v in payload.items()}  # fmt: skip

    def _resource_list_payload(self, payload, path):
        items = [payload] if isinstance(payload, str) else payload
        if not isinstance(items, list):
            return payload
        return [self.resource_key(r, [*path, i]) if isinstance(r, str) else r for i, r in enumerate(items)]

    def _flag_payload(self, payload, path):
        if isinstance(payload, str) and payload in words.FLAG_VARIANTS:
            self.warn(path, read_as(payload, words.FLAG_VARIANTS[payload]))
            return words.FLAG_VARIANTS[payload]
        return payload

    def change(self, payload, path):
        if isinstance(payload, list) and len(payload) == 1:
            return self.change(payload[0], [*path, 0])
        if isinstance(payload, list):
            return [self.change(alternative, [*path, index]) for index, alternative in enumerate(payload)]
        if not isinstance(payload, dict):
            return payload
        return {k: (self.resources(v, [*path, k], check=False) if k in words.CHANGE_PAYLOAD_KEYS else v)
                for k, v in payload.items()}  # fmt: skip

    def action(self, payload, path):
        normalised = {}
        for key, value in payload.items():
            if key == "TYPE" and value in words.ACTION_TYPE_VARIANTS:
                self.warn([*path, key], read_as(value, words.ACTION_TYPE_VARIANTS[value]))
                value = words.ACTION_TYPE_VARIANTS[value]
            elif key == "FLAGREGION" and value == "ALL":
                value = True
            elif key in ("EXCLUSIVEBONUS", "FLAGREGION", "CHOSESERVANT") and value in ("TRUE", "FALSE"):
                value = _YES_NO[value]
            elif key == "BONUSRESOURCE" and isinstance(value, dict):
                value = self.resources(value, [*path, key], check=False)
            elif key == "BONUSRESOURCE" and isinstance(value, list):
                value = [self.resources(bag, [*path, key, i], check=False) for i, bag in enumerate(value)]
            normalised[key] = value
        for key in words.ACTION_PAYLOAD_FILLED_KEYS:
            normalised.setdefault(key, None)
        return normalised

    def card(self):
        name, source_name = self.name()
        item = self.item
        exclusive = item.get("exclusivePermanentEffect")
        return CardData(
            kind=self.kind,
            name=name,
            source_name=source_name,
            period=item.get("period"),
            card_type=item.get("cardType"),
            costs=self.costs(),
            requirements=self.requirements(),
            minimum_action_value=item.get("minimumActionValue"),
            exclusive_permanent_effect=None if exclusive is None else _YES_NO[exclusive],
            image_name=item.get("path", ""),
            effects=self.effects(),
        )


def normalise_card(item, kind):
    """``(card, errors, warnings)`` for one card that passed the schema; errors and warnings are
    ``(path inside the card, message)`` pairs."""
    normaliser = CardNormaliser(item, kind)
    card = normaliser.card()
    return card, normaliser.errors, normaliser.warnings
