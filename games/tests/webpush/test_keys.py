"""The VAPID keys: `manage.py vapid_keys` prints a pair the site takes, and `manage.py check` warns of a bad one."""
import io

from django.core.management import call_command

from games.webpush import keys
from games.webpush.checks import check_vapid_keys


def printed_pair():
    out = io.StringIO()
    call_command("vapid_keys", "--subject", "mailto:ops@example.org", stdout=out, stderr=io.StringIO())
    return dict(line.split("=", 1) for line in out.getvalue().splitlines())


def test_the_command_prints_a_working_pair_in_the_environments_format(settings):
    printed = printed_pair()
    assert set(printed) == {"VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"}
    assert printed["VAPID_SUBJECT"] == "mailto:ops@example.org"
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = printed["VAPID_PUBLIC_KEY"], printed["VAPID_PRIVATE_KEY"]
    assert keys.push_enabled() and keys.public_key() == printed["VAPID_PUBLIC_KEY"]
    assert check_vapid_keys() == []
    assert printed_pair()["VAPID_PRIVATE_KEY"] != printed["VAPID_PRIVATE_KEY"]


def test_push_is_off_and_the_check_silent_without_keys(settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    assert not keys.push_enabled() and keys.public_key() == "" and keys.signer() is None
    assert check_vapid_keys() == []


def test_a_bad_or_half_pair_keeps_push_off_with_a_warning(settings):
    first, second = printed_pair(), printed_pair()
    cases = [(first["VAPID_PUBLIC_KEY"], second["VAPID_PRIVATE_KEY"], "not the public half"),
             (first["VAPID_PUBLIC_KEY"], "not-a-key", "not a base64url P-256 private key"),
             ("***", first["VAPID_PRIVATE_KEY"], "VAPID_PUBLIC_KEY is not"),
             (first["VAPID_PUBLIC_KEY"], "", "Only one of")]
    for public, private, problem in cases:
        settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = public, private
        [warning] = check_vapid_keys()
        assert problem in warning.msg and not keys.push_enabled() and keys.public_key() == ""
