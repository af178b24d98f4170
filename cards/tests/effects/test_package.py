"""The package's promises: a parse counter, no Django, one exception type."""

import subprocess
import sys
from pathlib import Path

import cards.effects as effects
from cards.effects import parse, parse_calls

REPO = Path(__file__).resolve().parents[3]


def test_parse_calls_counts_every_parse_even_failed_ones():
    before = parse_calls()
    tree = parse("c 1")
    try:
        parse("c")
    except effects.EffectError:
        pass
    assert parse_calls() == before + 2
    effects.to_string(tree), effects.explain(tree)  # printing and explaining do not parse
    assert parse_calls() == before + 2


def test_the_package_does_not_import_django():
    code = ("import sys, cards.effects as e, cards.machikoro.vocabulary, cards.valeria.vocabulary; e.parse('c 1'); "
            "e.explain(e.parse('c 1')); e.rewrite('m 1 + slay'); import cards.valeria.report; "
            "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_public_api():
    assert set(effects.__all__) >= {"parse", "to_string", "explain", "rewrite", "parse_calls", "EffectError",
                                    "EffectContext"}
    assert effects.games() == ["machi-koro", "valeria"]
