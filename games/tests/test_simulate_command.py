"""manage.py simulate for Aquarius (the Machi Koro one runs in a subprocess in games/tests/machikoro/)."""
import json

import pytest
from django.core.management import CommandError, call_command


def test_the_simulate_command_prints_json(capsys):
    call_command("simulate", "--game", "aquarius", "--games", "5", "--players", "4", "--bots", "random,strong",
                 "--seed", "2", "--chicken")
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "aquarius" and summary["games"] == 5 and summary["chicken"] is True
    assert set(summary["wins_by_bot"]) == {"random", "strong"}


def test_the_simulate_command_refuses_bad_input():
    with pytest.raises(CommandError, match="unknown bot"):
        call_command("simulate", "--game", "aquarius", "--bots", "genius")
    with pytest.raises(CommandError, match="2 to 5 players"):
        call_command("simulate", "--game", "aquarius", "--players", "6")
