"""docs/effects.md's table of Valeria's key=value parameters, written from the declaration the parser checks
(vocabulary.py), so the docs and the checks cannot drift apart (cards/tests/valeria/test_typed_pairs.py)."""

from __future__ import annotations

from cards.effects.compound_params import Pairs
from cards.valeria.vocabulary import ATTACHED, RESOURCES, VERBS

HEADER = "| verb | key | required | value |\n|---|---|---|---|"


def pair_rows() -> list[tuple[str, str, bool, str]]:
    """(verb as written, key, required, what its value must be), in declaration order."""
    specs = [(word, spec) for word, spec in VERBS.items()]
    specs += [(f"{head}.{word}", spec) for head, verbs in ATTACHED.items() for word, spec in verbs.items()]
    rows, seen = [], set()
    for written, spec in specs:
        for signature in spec.signatures:
            for param in signature:
                if not isinstance(param, Pairs):
                    continue
                for key, kind in param.keys.items():
                    if (written, key) not in seen:
                        seen.add((written, key))
                        rows.append((written, key, key in param.required, str(kind.describe(RESOURCES))))
    return rows


def pairs_table() -> str:
    lines = [HEADER]
    for verb, key, required, value in pair_rows():
        lines.append(f"| `{verb}` | `{key}=` | {'yes' if required else 'no'} | {value} |")
    return "\n".join(lines)
