"""A NUL character in an address or its query string: PostgreSQL cannot hold one in text, so any that reached a
query answered 500 (the Valeria search, the Aquarius and card exports, a player's statistics, an API detail).
Every one is a 400, on SQLite and PostgreSQL alike, before any view runs."""
import pytest

pytestmark = pytest.mark.django_db

ADDRESSES = [
    "/cards/valeria/?q=%00", "/cards/valeria/?extension=ab%00", "/api/export/aquarius/?deck=%00",
    "/api/export/?game=%00", "/stats/players/a%00b/", "/api/card-games/%00/", "/api/establishments/?x%00=1",
]


@pytest.mark.parametrize("address", ADDRESSES)
def test_a_null_character_in_the_address_is_a_clear_400(client, address):
    response = client.get(address)
    assert response.status_code == 400
    if address.startswith("/api/"):
        assert response.json()["error"]["code"] == "bad_request"
    else:
        assert b"NUL" in response.content


def test_the_same_addresses_without_it_still_answer(client):
    assert client.get("/cards/valeria/?q=ab").status_code == 200
    assert client.get("/api/establishments/?x=1").status_code == 200
