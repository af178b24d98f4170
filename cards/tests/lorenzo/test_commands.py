"""manage.py import_cards and export_cards."""
import json

import pytest
from django.core.management import CommandError, call_command

from cards.machikoro.loading import MACHIKORO_FILE
from cards.lorenzo.models import Excommunication
from cards.machikoro.models import Establishment
from cards.lorenzo.models import DevelopmentCard, LeaderCard

from cards.tests.lorenzo.conftest import DATA_DIR, SEED_EXAMPLES, reference_text

pytestmark = pytest.mark.django_db
REFERENCE_PATHS = [str(DATA_DIR / name) for name in ("cards.json", "excom_cards.json", "leader_cards.json")]


def test_import_reports_counts_and_a_second_run_changes_nothing(capsys):
    call_command("import_cards", *REFERENCE_PATHS)
    out = capsys.readouterr().out
    assert "cards.json: 96 development cards" in out and "leader_cards.json: 20 leader cards" in out
    assert "137 added, 0 changed, 0 unchanged, 0 refused" in out
    assert "warning: cards.json, card 'Support to the Pope**'" in out
    call_command("import_cards", *REFERENCE_PATHS)
    assert "0 added, 0 changed, 137 unchanged, 0 refused" in capsys.readouterr().out


def test_dry_run_writes_nothing(capsys):
    call_command("import_cards", *REFERENCE_PATHS, "--dry-run")
    assert "137 added, 0 changed, 0 unchanged, 0 refused; dry run, nothing was written" in capsys.readouterr().out
    assert DevelopmentCard.objects.count() == 0


def test_a_refused_file_fails_the_command_and_names_the_error(tmp_path):
    with pytest.raises(CommandError) as excinfo:
        call_command("import_cards", *REFERENCE_PATHS, str(SEED_EXAMPLES / "cardinal.json"))
    assert str(excinfo.value) == (
        "Nothing was imported:\ncardinal.json, line 17, column 19: invalid JSON: Expecting ',' delimiter"
    )
    assert (DevelopmentCard.objects.count(), Excommunication.objects.count(), LeaderCard.objects.count()) == (0, 0, 0)
    with pytest.raises(CommandError, match="missing.json: No such file"):
        call_command("import_cards", str(tmp_path / "missing.json"))


def test_kind_option_reads_an_ambiguous_list(tmp_path):
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps([{"name": "Jolly Good", "permanentEffect": "JOLLY"}]))
    with pytest.raises(CommandError, match="cannot tell which cards"):
        call_command("import_cards", str(bare))
    call_command("import_cards", str(bare), "--kind", "leader")
    assert LeaderCard.objects.get(slug="jolly-good").effects.get().effect_type == "JOLLY"


def test_export_to_a_folder_round_trips_every_set(tmp_path, capsys):
    call_command("import_cards", *REFERENCE_PATHS, str(MACHIKORO_FILE))
    call_command("export_cards", "--output-dir", str(tmp_path))
    for name in ("cards.json", "excom_cards.json", "leader_cards.json"):
        assert json.loads((tmp_path / "lorenzo" / name).read_text()) == json.loads(reference_text(name))
    exported = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*.json"))
    assert exported == ["lorenzo/cards.json", "lorenzo/excom_cards.json", "lorenzo/leader_cards.json", "machikoro.json"]
    capsys.readouterr()
    call_command("import_cards", *map(str, tmp_path.rglob("*.json")))
    out = capsys.readouterr().out
    assert "0 added, 0 changed, 204 unchanged, 0 refused" in out  # 67 Machi Koro rows and 137 Lorenzo cards
    assert Establishment.objects.count() == 40


def test_export_one_set_to_stdout_or_a_file(tmp_path, capsys):
    call_command("import_cards", *REFERENCE_PATHS)
    capsys.readouterr()
    call_command("export_cards", "leader-cards")
    assert json.loads(capsys.readouterr().out) == json.loads(reference_text("leader_cards.json"))
    call_command("export_cards", "lorenzo", "-o", str(tmp_path / "lorenzo.json"))
    document = json.loads((tmp_path / "lorenzo.json").read_text())
    assert (document["format"], len(document["development_cards"]), len(document["excommunications"])) == (
        "lorenzo-cards", 96, 21,
    )  # fmt: skip
    with pytest.raises(CommandError, match="Unknown set dragons"):
        call_command("export_cards", "dragons")
    with pytest.raises(CommandError, match="No machi-koro cards"):
        call_command("export_cards", "machi-koro")
