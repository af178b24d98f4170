"""Bots have names in the reader's language: the host's picker, the seat a bot takes and the balance lab
all say "Rentier" to a French reader where an English one reads "Income"; the bot's kind stays the token."""
import pytest
from django.conf import settings
from django.utils import translation

from games import services
from games.models import Seat
from games.rulesets import get_ruleset


def lobby(host):
    return services.create_game(host=host, ruleset_slug="machikoro", public=True, min_players=2, max_players=4,
                                turn_seconds=0, options={})


@pytest.mark.parametrize("slug", ["machikoro", "aquarius"])
def test_every_bot_a_host_may_seat_has_a_french_name(slug):
    ruleset = get_ruleset(slug)
    english = dict(ruleset.bot_choices())
    with translation.override("fr"):
        french = dict(ruleset.bot_choices())
    assert list(english) == list(ruleset.bot_kinds) == list(french)
    assert all(french[kind] != english[kind] for kind in english), (english, french)


def test_a_bot_seated_by_a_french_host_has_a_french_name(db, ann):
    game = lobby(ann)
    with translation.override("fr"):
        services.add_bot(game_id=game.pk, identity=ann, kind="income")
        services.add_bot(game_id=game.pk, identity=ann, kind="income")
    services.add_bot(game_id=game.pk, identity=ann, kind="greedy")
    names = list(Seat.objects.filter(game=game, bot_kind__gt="").order_by("position").values_list("name", "bot_kind"))
    assert names == [("Bot Rentier", "income"), ("Bot Rentier (2)", "income"), ("Greedy bot", "greedy")]


def test_the_lobby_picker_and_seat_tags_name_bots_in_french(client, db, ann):
    game = lobby(ann)
    services.add_bot(game_id=game.pk, identity=ann, kind="search")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = client.get(f"/games/{game.code}/").content.decode()
    assert '<option value="income" selected>Rentier</option>' in page
    assert '<span class="tag">bot Stratège</span>' in page
    assert ">Income<" not in page


def test_the_balance_labs_seats_name_bots_in_french():
    from stats.lab.forms import _bot_choices

    with translation.override("fr"):
        assert dict(_bot_choices())["income"] == "Rentier"
    assert dict(_bot_choices())["income"] == "Income"
