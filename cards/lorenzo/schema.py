"""Structural validation of Lorenzo card files against our JSON Schema (lorenzo-cards.schema.json).

The schema checks fields, types, known words and ranges; the messages are rewritten so a
designer reads "unknown effect "TELEPORT"" rather than jsonschema's phrasing. What depends on
the effect at the same position (the payloads) is checked afterwards by normalise.py.
"""
import json
from functools import cache
from itertools import islice
from pathlib import Path

import jsonschema
from django.utils.translation import gettext
from referencing import Registry, Resource

from cards.lorenzo.payloads import join_or, show
from cards.lorenzo.vocabulary import DEVELOPMENT, EXCOMMUNICATION, LEADER

SCHEMA_FILE = Path(__file__).resolve().parent / "lorenzo-cards.schema.json"
CARD_DEFINITIONS = {DEVELOPMENT: "developmentCard", EXCOMMUNICATION: "excommunication", LEADER: "leaderCard"}
MAX_PROBLEMS_PER_CARD = 20  # the validator stops there: a card's first problems say enough, and the work is bounded


def _json_types():
    """JSON types in words, in the active language."""
    return {
        "object": gettext("an object"), "array": gettext("an array"), "string": gettext("a string"),
        "integer": gettext("a whole number"), "number": gettext("a number"), "boolean": gettext("true or false"),
        "null": "null",
    }  # fmt: skip


def _unknown_word(title):
    """"unknown resource ...; expected one of ..." for the schema's word lists (by their titles)."""
    messages = {
        "resource": gettext("unknown resource %(value)s; expected one of %(choices)s"),
        "card type": gettext("unknown card type %(value)s; expected one of %(choices)s"),
        "effect": gettext("unknown effect %(value)s; expected one of %(choices)s"),
        "flag": gettext("unknown flag %(value)s; expected one of %(choices)s"),
        "value": gettext("unknown value %(value)s; expected one of %(choices)s"),
    }
    return messages.get(title) or f"unknown {title} %(value)s; expected one of %(choices)s"


@cache
def schema_document():
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


@cache
def _validator(definition):
    document = schema_document()
    registry = Registry().with_resource(document["$id"], Resource.from_contents(document))
    return jsonschema.Draft202012Validator({"$ref": f"{document['$id']}#/$defs/{definition}"}, registry=registry)


def _type_name(value):
    types = _json_types()
    if value is None:
        return types["null"]
    if isinstance(value, bool):
        return types["boolean"]
    if isinstance(value, int):
        return types["integer"]
    return {dict: types["object"], list: types["array"], str: types["string"], float: types["number"]}.get(
        type(value), gettext("a value"))


def _message_and_path(error):
    """Our wording for one jsonschema error, and the path inside the card it concerns."""
    path = list(error.absolute_path)
    kind = error.validator
    if kind == "required":
        missing = error.message.split("'")[1]
        return gettext("missing required field %(field)r") % {"field": missing}, path
    if kind == "additionalProperties":
        allowed = error.schema.get("properties", {})
        unknown = [key for key in error.instance if key not in allowed]
        return gettext("unknown field; expected one of %(choices)s") % {"choices": ", ".join(allowed)}, path + unknown[:1]
    if kind in ("enum", "const"):
        title = error.schema.get("title", "value")
        if "propertyNames" in error.schema_path:
            path.append(error.instance)
        choices = error.schema.get("enum", [error.schema.get("const")])
        return _unknown_word(title) % {"value": show(error.instance), "choices": ", ".join(map(show, choices))}, path
    if kind == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        types = _json_types()
        expected = join_or([types[name] for name in wanted])
        return gettext("expected %(expected)s, got %(type)s %(value)s") % {
            "expected": expected, "type": _type_name(error.instance), "value": show(error.instance)}, path
    if kind == "minimum":
        return gettext("must be at least %(limit)s, got %(value)s") % {
            "limit": error.validator_value, "value": show(error.instance)}, path
    if kind == "maximum":
        return gettext("must be at most %(limit)s, got %(value)s") % {
            "limit": error.validator_value, "value": show(error.instance)}, path
    if kind in ("minItems", "minProperties", "minLength"):
        return gettext("must not be empty"), path
    if kind == "maxLength":
        return gettext("is longer than %(limit)s characters") % {"limit": error.validator_value}, path
    return error.message, path


def card_schema_problems(item, kind):
    """``(path, message)`` pairs for one card: its structure against the schema (at most MAX_PROBLEMS_PER_CARD)."""
    found = islice(_validator(CARD_DEFINITIONS[kind]).iter_errors(item), MAX_PROBLEMS_PER_CARD)
    errors = sorted(found, key=lambda e: list(map(str, e.absolute_path)))
    problems = []
    for error in errors:
        message, path = _message_and_path(error)
        problems.append((tuple(path), message))
    return problems


def document_envelope_problems(document):
    """Problems in a Lorenzo document (``"format": "lorenzo-cards"``) outside its card lists."""
    envelope = {key: ([] if key in ("development_cards", "excommunications", "leader_cards") else value)
                for key, value in document.items()}  # fmt: skip
    return [
        (tuple(path), message)
        for message, path in (_message_and_path(e) for e in _validator("lorenzoDocument").iter_errors(envelope))
    ]
