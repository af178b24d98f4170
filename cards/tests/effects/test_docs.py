"""docs/effects.md shows the real behaviour: every Machi Koro example explains as the table says."""

import re
from pathlib import Path

import pytest

from cards.effects import explain, parse, to_string

DOC = Path(__file__).resolve().parents[3] / "docs" / "effects.md"
ROW = re.compile(r"^\| `([^`]+)` \| ([^|]+) \|$")


def machikoro_rows():
    """The rows of the Machi Koro tables headed `| effect | English |`."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Machi Koro vocabulary"):text.index("## Errors")]
    rows, in_table = [], False
    for line in section.splitlines():
        if line == "| effect | English |":
            in_table = True
        elif not line.startswith("|"):
            in_table = False
        elif in_table and (match := ROW.match(line)):
            rows.append(match.groups())
    return rows


def test_the_doc_shows_every_machi_koro_verb_and_phase():
    examples = [parse(effect) for effect, _ in machikoro_rows()]
    kinds = {type(leg.action).__name__ for tree in examples for leg in tree.legs}
    nested = {type(leg.action.action).__name__
              for tree in examples for leg in tree.legs if hasattr(leg.action, "action")}
    from cards.machikoro.vocabulary import PHASES, VERBS
    assert {VERBS[word].node.__name__ for word in VERBS} <= kinds | nested | {"Gain"}
    assert set(PHASES) <= {leg.phase for tree in examples for leg in tree.legs}


@pytest.mark.parametrize("effect, english", machikoro_rows())
def test_doc_examples_explain_as_written(effect, english):
    tree = parse(effect)
    assert to_string(tree) == effect
    assert explain(tree) == english.strip()
