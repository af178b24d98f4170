"""The game's menu links to "Play with a program", which shows a seated player the RPC address and their seat's
token (others see no token); the players' sidebar has no RPC panel."""
import pytest

from games.rpc.tokens import identity_for_token, seat_token
from games.models import Seat

from games.tests.rpc.aquarius_tables import aquarius_table


@pytest.mark.django_db
def test_the_seated_player_sees_the_token_of_their_seat_only(client, django_user_model):
    game, ids, keys = aquarius_table(django_user_model, ("ann", "bob"))
    ann, bob = (Seat.objects.get(game=game, name=n) for n in ("ann", "bob"))
    client.force_login(django_user_model.objects.get(username="ann"))
    game_page = client.get(f"/games/{game.code}/").content.decode()
    assert f'href="/games/{game.code}/program/"' in game_page and "Play with a program" in game_page
    assert 'id="rpc-access"' not in game_page and seat_token(game, ann) not in game_page   # no panel in the sidebar
    page = client.get(f"/games/{game.code}/program/").content.decode()
    assert f"/ws/games/{game.code}/rpc/" in page and seat_token(game, ann) in page
    assert f"python manage.py aquarius_client http://testserver/games/{game.code}/ --seat-token" in page
    assert seat_token(game, bob) not in page
    assert 'href="/docs/aquarius-rpc/"' in page and 'href="/docs/write-a-bot/"' in page   # guides, not file paths
    assert "docs/aquarius-rpc.md" not in page
    client.logout()
    page = client.get(f"/games/{game.code}/program/").content.decode()
    assert f"/ws/games/{game.code}/rpc/" in page and 'id="rpc-token"' not in page and 'id="rpc-no-seat"' in page
    assert identity_for_token(game, seat_token(game, ann)).user_id == ann.user_id
    assert identity_for_token(game, seat_token(game, ann).replace("-", "-0", 1)) is None


@pytest.mark.django_db
def test_games_without_an_rpc_protocol_have_no_program_page(client, django_user_model):
    from games import services
    from games.identity import Identity

    user = django_user_model.objects.create_user("ann", password="pw")
    game = services.create_game(host=Identity(user_id=user.pk, name="ann"), ruleset_slug="counting",
                                options={"target": 10}, public=True, min_players=2, max_players=2, turn_seconds=0)
    client.force_login(user)
    assert "/program/" not in client.get(f"/games/{game.code}/").content.decode()
    assert client.get(f"/games/{game.code}/program/").status_code == 404
