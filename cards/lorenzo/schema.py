"""Structural validation of Lorenzo card files against our JSON Schema (lorenzo-cards.schema.json).

The schema checks fields, types, known words and ranges; the messages are rewritten so a
designer reads "unknown effect "TELEPORT"" rather than jsonschema's phrasing. What depends on
the effect at the same position (the payloads) is checked afterwards by normalise.py.
"""
import json
from functools import cache
from pathlib import Path

import jsonschema
from referencing import Registry, Resource

from .payloads import show
from .vocabulary import DEVELOPMENT, EXCOMMUNICATION, LEADER

SCHEMA_FILE = Path(__file__).resolve().parent / "lorenzo-cards.schema.json"
CARD_DEFINITIONS = {DEVELOPMENT: "developmentCard", EXCOMMUNICATION: "excommunication", LEADER: "leaderCard"}
_JSON_TYPES = {
    "object": "an object", "array": "an array", "string": "a string", "integer": "a whole number",
    "number": "a number", "boolean": "true or false", "null": "null",
}  # fmt: skip


@cache
def schema_document():
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


@cache
def _validator(definition):
    document = schema_document()
    registry = Registry().with_resource(document["$id"], Resource.from_contents(document))
    return jsonschema.Draft202012Validator({"$ref": f"{document['$id']}#/$defs/{definition}"}, registry=registry)


def _type_name(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    return {dict: "an object", list: "an array", str: "a string", float: "a number"}.get(type(value), "a value")


def _message_and_path(error):
    """Our wording for one jsonschema error, and the path inside the card it concerns."""
    path = list(error.absolute_path)
    kind = error.validator
    if kind == "required":
        missing = error.message.split("'")[1]
        return f"missing required field {missing!r}", path
    if kind == "additionalProperties":
        allowed = error.schema.get("properties", {})
        unknown = [key for key in error.instance if key not in allowed]
        return f"unknown field; expected one of {', '.join(allowed)}", path + unknown[:1]
    if kind in ("enum", "const"):
        title = error.schema.get("title", "value")
        if "propertyNames" in error.schema_path:
            path.append(error.instance)
        choices = error.schema.get("enum", [error.schema.get("const")])
        return f"unknown {title} {show(error.instance)}; expected one of {', '.join(map(show, choices))}", path
    if kind == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        expected = " or ".join(_JSON_TYPES[name] for name in wanted)
        return f"expected {expected}, got {_type_name(error.instance)} {show(error.instance)}", path
    if kind == "minimum":
        return f"must be at least {error.validator_value}, got {show(error.instance)}", path
    if kind == "maximum":
        return f"must be at most {error.validator_value}, got {show(error.instance)}", path
    if kind in ("minItems", "minProperties", "minLength"):
        return "must not be empty", path
    if kind == "maxLength":
        return f"is longer than {error.validator_value} characters", path
    return error.message, path


def card_schema_problems(item, kind):
    """``(path, message)`` pairs for one card: its structure against the schema."""
    errors = sorted(_validator(CARD_DEFINITIONS[kind]).iter_errors(item), key=lambda e: list(map(str, e.absolute_path)))
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
