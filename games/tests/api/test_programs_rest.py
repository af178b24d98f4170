"""The REST API for programs (docs/api.md, "Programs"): a whole table set up over REST only, with a guest token
or a personal token; refusals in the API's error shape with stable codes; what each seat may see."""
from unittest import mock

import pytest
from django.core.cache import caches
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from games.api_tokens.keys import hash_secret
from games.api_tokens.models import ApiToken
from games.api_tokens.services import do_create_token
from games.models import Game, GameEvent, Seat

from games.tests.rpc.aquarius_tables import load_aquarius_cards

pytestmark = pytest.mark.django_db


def bearer(raw):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


def guest_client(nickname="Robo"):
    answer = APIClient().post("/api/guests/", {"nickname": nickname}, format="json")
    assert answer.status_code == 201, answer.json()
    return bearer(answer.json()["token"]), answer.json()


@pytest.fixture
def aquarius_cards(db):
    load_aquarius_cards()


def test_a_guest_program_sets_up_a_five_seat_aquarius_table_and_starts_it_over_rest_only(aquarius_cards):
    program, made = guest_client("Robo")
    assert made["token"].startswith("mkt_") and made["guest"]["nickname"] == "Robo"
    assert program.get("/api/me/").json() == {"kind": "guest", "id": made["guest"]["id"], "name": "Robo"}

    created = program.post("/api/games/", {"ruleset": "aquarius", "options": {"chicken": False},
                                           "min_players": 2, "max_players": 5, "turn_seconds": 0}, format="json")
    assert created.status_code == 201, created.json()
    game = created.json()
    code = game["code"]
    assert game["your_seat"] == 0 and game["host"] == "Robo" and game["status"] == "lobby"
    assert [s["kind"] for s in game["seats"]] == ["human", "empty", "empty", "empty", "empty"]
    assert game["rpc_url"] == f"ws://testserver/ws/games/{code}/rpc/"
    assert "random" in game["bot_kinds"] or game["bot_kinds"]

    listed = APIClient().get("/api/games/", {"ruleset": "aquarius", "seats_free": "true"}).json()
    assert [row["code"] for row in listed["results"]] == [code]

    for _ in range(4):
        added = program.post(f"/api/games/{code}/bots/", {}, format="json")
        assert added.status_code == 201, added.json()
    assert [s["kind"] for s in added.json()["seats"]] == ["human", "bot", "bot", "bot", "bot"]
    assert APIClient().get("/api/games/", {"seats_free": "true"}).json()["results"] == []

    ready = program.post(f"/api/games/{code}/ready/", {"ready": True}, format="json")
    assert ready.status_code == 200, ready.json()
    assert ready.json()["status"] == "playing"

    seat = program.get(f"/api/games/{code}/seat/").json()
    assert seat["rpc_url"] == f"ws://testserver/ws/games/{code}/rpc/?token={seat['seat_token']}"
    assert seat["socket_url"] == f"ws://testserver/ws/games/{code}/"
    mine = seat["position"]

    events = program.get(f"/api/games/{code}/events/").json()
    assert events["latest_seq"] == Game.objects.get(code=code).event_seq
    assert len(events["view"]["hand"]) >= 3   # the seat's own hand, as the seat sees it
    assert {e["seq"] for e in events["events"]} == set(range(1, events["latest_seq"] + 1)) - {
        seq for seq in range(1, events["latest_seq"] + 1) if not GameEvent.objects.get(game__code=code, seq=seq).events}
    later = program.get(f"/api/games/{code}/events/", {"after": events["latest_seq"]}).json()
    assert later["events"] == []
    assert program.get(f"/api/games/{code}/result/").json()["error"]["code"] == "not_finished"
    assert mine == Seat.objects.get(game__code=code, guest_id=made["guest"]["id"]).position


def test_a_registered_program_creates_a_machi_koro_table_with_the_create_forms_options(official_cards, player):
    _token, raw = do_create_token(user=player, name="bot")
    answer = bearer(raw).post("/api/games/", {
        "ruleset": "machikoro", "options": {"extensions": ["harbor"], "market_rule": True, "stacks": 12},
        "min_players": 2, "max_players": 5, "pace": "turn_based", "turn_seconds": 3600, "rated": True,
        "public": False}, format="json")
    assert answer.status_code == 201, answer.json()
    game = Game.objects.get(code=answer.json()["code"])
    assert game.options["extensions"] == ["base", "harbor"] and game.options["market"] == 12
    assert (game.pace, game.turn_seconds, game.rated, game.public) == ("turn_based", 3600, True, False)
    assert answer.json()["host"] == "pat"


@pytest.mark.parametrize("body, field, code", [
    ({"ruleset": "aquarius", "colour": "red"}, "colour", "unknown_field"),
    ({"ruleset": "aquarius", "options": {"chickn": True}}, "options.chickn", "unknown_field"),
    ({"ruleset": "aquarius", "options": {"chicken": "yes"}}, "options.chicken", "invalid"),
    ({"ruleset": "aquarius", "options": {"deck": "nope"}}, "options.deck", "invalid"),
    ({"ruleset": "aquarius", "max_players": 9}, "max_players", "invalid"),
    ({"ruleset": "aquarius", "turn_seconds": 45}, "turn_seconds", "invalid"),
    ({"ruleset": "chess"}, "ruleset", "invalid_choice"),
    ({"ruleset": "machi-koro"}, "ruleset", "invalid_choice"),
    ({"ruleset": "machikoro", "options": {"market_rule": True}}, "options.stacks", "invalid"),
    ({"ruleset": "machikoro", "options": {"extensions": "harbor"}}, "options.extensions", "invalid"),
])
def test_create_refuses_what_the_form_refuses_with_the_field_named(official_cards, body, field, code):
    program, _made = guest_client()
    answer = program.post("/api/games/", body, format="json")
    assert answer.status_code == 400, answer.json()
    error = answer.json()["error"]
    assert field in error["fields"], error
    assert error["fields"][field][0]["code"] == code
    assert not Game.objects.exists()


def test_the_listing_refuses_a_game_it_does_not_know_rather_than_answering_an_empty_page(aquarius_cards):
    host, _ = guest_client("Host")
    host.post("/api/games/", {"ruleset": "aquarius"}, format="json")
    assert APIClient().get("/api/games/", {"ruleset": "aquarius"}).json()["count"] == 1
    for misspelt in ("machi-koro", "Aquarius"):
        answer = APIClient().get("/api/games/", {"ruleset": misspelt})
        assert answer.status_code == 400, misspelt
        assert answer.json()["error"]["fields"]["ruleset"][0]["code"] == "invalid_choice"


@pytest.mark.parametrize("nickname", ["R", "<script>", "a" * 25, "   "])
def test_a_nickname_the_guest_form_refuses_is_a_field_error(db, nickname):
    answer = APIClient().post("/api/guests/", {"nickname": nickname}, format="json")
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid" and error["fields"]["nickname"][0]["code"] in {"invalid", "max_length", "blank"}
    assert not ApiToken.objects.exists()


def test_a_guest_cannot_create_a_rated_game(aquarius_cards):
    program, _made = guest_client()
    error = program.post("/api/games/", {"ruleset": "aquarius", "rated": True}, format="json").json()["error"]
    assert error["code"] == "invalid_settings" and "rated" in error["fields"]


def test_refusals_carry_the_services_codes(aquarius_cards):
    host, _ = guest_client("Host")
    other, _ = guest_client("Other")
    code = host.post("/api/games/", {"ruleset": "aquarius", "max_players": 2}, format="json").json()["code"]
    assert other.post(f"/api/games/{code}/bots/", {}, format="json").json()["error"]["code"] == "forbidden"
    assert other.post(f"/api/games/{code}/ready/", {"ready": True}, format="json").json()["error"]["code"] == "not_seated"
    assert other.get(f"/api/games/{code}/seat/").status_code == 403
    assert other.post(f"/api/games/{code}/join/").status_code == 200
    third, _ = guest_client("Third")
    full = third.post(f"/api/games/{code}/join/")
    assert (full.status_code, full.json()["error"]["code"]) == (409, "lobby_full")
    assert host.delete(f"/api/games/{code}/seats/7/").status_code == 404
    assert other.delete(f"/api/games/{code}/seats/0/").json()["error"]["code"] == "forbidden"
    full_bot = host.post(f"/api/games/{code}/bots/", {}, format="json")
    assert (full_bot.status_code, full_bot.json()["error"]["code"]) == (409, "lobby_full")
    kicked = host.delete(f"/api/games/{code}/seats/1/")
    assert kicked.status_code == 200 and [s["kind"] for s in kicked.json()["seats"]] == ["human", "empty"]
    rejoined = other.post(f"/api/games/{code}/join/")
    assert (rejoined.status_code, rejoined.json()["error"]["code"]) == (403, "removed")
    bad_bot = host.post(f"/api/games/{code}/bots/", {"kind": "genius"}, format="json")
    assert (bad_bot.status_code, bad_bot.json()["error"]["code"]) == (400, "bad_request")
    assert APIClient().get("/api/games/nosuchgame/").json()["error"]["code"] == "not_found"


def test_another_players_seat_is_refused_and_each_seat_sees_only_its_own(aquarius_cards, django_user_model):
    ann = django_user_model.objects.create_user("ann", password="pw")
    bob = django_user_model.objects.create_user("bob", password="pw")
    _t, ann_raw = do_create_token(user=ann, name="a")
    _t, bob_raw = do_create_token(user=bob, name="b")
    ann_api, bob_api = bearer(ann_raw), bearer(bob_raw)
    code = ann_api.post("/api/games/", {"ruleset": "aquarius", "max_players": 2}, format="json").json()["code"]
    assert bob_api.get(f"/api/games/{code}/seat/").json()["error"]["code"] == "not_seated"
    bob_api.post(f"/api/games/{code}/join/")
    ann_api.post(f"/api/games/{code}/ready/", {"ready": True}, format="json")
    assert bob_api.post(f"/api/games/{code}/ready/", {"ready": True}, format="json").json()["status"] == "playing"
    ann_seat = ann_api.get(f"/api/games/{code}/seat/").json()
    bob_seat = bob_api.get(f"/api/games/{code}/seat/").json()
    assert ann_seat["seat_token"] != bob_seat["seat_token"] and ann_seat["position"] != bob_seat["position"]
    # A move that hands out hidden information: a new hand and a new goal for seat 0 only.
    game = Game.objects.get(code=code)
    secret = [{"type": "new_goal", "seat": 0, "goal": "fire"}, {"type": "new_hand", "seat": 0, "hand": ["w_f_1"]},
              {"type": "hand_size", "seat": 0, "size": 1}]
    GameEvent.objects.create(game=game, seq=game.event_seq + 1, seat=0, by="player", action={"type": "x"},
                             events=secret)
    Game.objects.filter(pk=game.pk).update(event_seq=game.event_seq + 1)
    after = game.event_seq
    by_position = {ann_seat["position"]: ann_api, bob_seat["position"]: bob_api}
    own = by_position[0].get(f"/api/games/{code}/events/", {"after": after}).json()["events"]
    assert {e["kind"] for e in own} == {"new_goal", "new_hand"}
    other = by_position[1].get(f"/api/games/{code}/events/", {"after": after}).json()
    assert [(e["kind"], e["data"]) for e in other["events"]] == [("hand_size", {"seat": 0, "size": 1})]
    assert other["view"]["goal"] != "fire" or other["view"]["hand"] != ["w_f_1"]
    assert other["view"]["hand"] and "hands" not in other["view"]
    watcher = APIClient().get(f"/api/games/{code}/events/", {"after": after}).json()
    assert [e["kind"] for e in watcher["events"]] == ["hand_size"] and watcher["view"]["hand"] == []
    assert watcher["view"]["goal"] is None


def test_wrong_revoked_and_expired_tokens_answer_401_in_the_error_shape(player):
    token, raw = do_create_token(user=player, name="bot")
    assert bearer(raw).get("/api/me/").json()["name"] == "pat"
    wrong = raw[:-1] + ("A" if raw[-1] != "A" else "B")
    for value in (wrong, "mkt_zzzzzzzz_" + "x" * 32, "mkt_short"):
        answer = bearer(value).get("/api/me/")
        assert answer.status_code == 401 and answer.json()["error"]["code"] == "authentication_failed"
    assert APIClient().get("/api/me/").json()["error"]["code"] == "not_authenticated"
    # A value that is no mkt_ token is no credential (docs/api.md): the guide's bots send "Bearer None" for a guest.
    assert bearer("None").get("/api/me/").json()["error"]["code"] == "not_authenticated"
    assert bearer("None").post("/api/guests/", {"nickname": "Robo"}, format="json").status_code == 201
    _guest_api, made = guest_client()
    ApiToken.objects.filter(guest_id=made["guest"]["id"]).update(expires_at=timezone.now())
    assert bearer(made["token"]).get("/api/me/").status_code == 401
    client = APIClient()
    client.force_login(player)
    page = client.post(reverse("api-tokens"), {"form": "revoke", "token": token.pk})
    assert page.status_code == 302
    assert bearer(raw).get("/api/me/").status_code == 401


def test_tokens_are_stored_hashed_and_shown_once_on_the_tokens_page(client, player):
    client.force_login(player)
    assert reverse("api-tokens") in client.get(reverse("account-settings")).content.decode()
    page = client.post(reverse("api-tokens"), {"form": "create", "token-name": "my Aquarius bot"})
    assert page.status_code == 200
    raw = page.context["created"]["raw"]
    assert raw in page.content.decode()
    stored = ApiToken.objects.get(user=player)
    assert stored.secret_hash == hash_secret(raw.split("_", 2)[2]) and raw not in str(vars(stored))
    listing = client.get(reverse("api-tokens")).content.decode()
    assert raw not in listing and stored.prefix in listing and "my Aquarius bot" in listing
    bearer(raw).get("/api/me/")
    stored.refresh_from_db()
    assert stored.last_used_at is not None
    assert client.post(reverse("api-tokens"), {"form": "create", "token-name": ""}).status_code == 400


def test_a_token_never_writes_cards_even_a_designers(designer, official_cards):
    _token, raw = do_create_token(user=designer, name="bot")
    answer = bearer(raw).patch("/api/establishments/bakery/", {"cost": 2}, format="json")
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "permission_denied"
    basic = APIClient()
    basic.credentials(HTTP_AUTHORIZATION="Basic ZGFuYTpwdy1kZXNpZ25lci0x")  # dana:pw-designer-1
    assert basic.patch("/api/establishments/bakery/", {"cost": 2}, format="json").status_code == 200


def test_session_users_use_the_api_too_but_a_guest_session_does_not(client, player):
    client.force_login(player)
    assert client.get("/api/me/").json()["kind"] == "user"


def test_leaving_frees_the_seat(aquarius_cards):
    host, _ = guest_client("Host")
    other, _ = guest_client("Other")
    code = host.post("/api/games/", {"ruleset": "aquarius", "max_players": 3}, format="json").json()["code"]
    other.post(f"/api/games/{code}/join/")
    left = other.post(f"/api/games/{code}/leave/").json()
    assert left["your_seat"] is None and [s["kind"] for s in left["seats"]] == ["human", "empty", "empty"]


def test_each_token_has_its_own_rate_and_is_told_when_to_come_back(player):
    caches["limits"].clear()
    _t, first = do_create_token(user=player, name="one")
    _t, second = do_create_token(user=player, name="two")
    rates = {"anon": None, "user": None, "calculator": None, "token": "3/min"}
    with mock.patch.object(SimpleRateThrottle, "THROTTLE_RATES", rates):
        assert [bearer(first).get("/api/me/").status_code for _ in range(3)] == [200, 200, 200]
        refused = bearer(first).get("/api/me/")
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "throttled"
        assert 0 < int(refused["Retry-After"]) <= 60
        assert bearer(second).get("/api/me/").status_code == 200   # counted per token, not per address
        _guest, made = guest_client()   # a guest's token is not counted as an anonymous client's
        assert bearer(made["token"]).get("/api/games/").status_code == 200
    caches["limits"].clear()


def test_the_tokens_page_speaks_french(client, player):
    client.force_login(player)
    page = client.get(reverse("api-tokens"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Jetons d&#x27;API" in page or "Jetons d'API" in page
    assert "API tokens" not in page


def test_the_admin_shows_tokens_without_their_secret_and_revokes_them(admin_client, player):
    token, raw = do_create_token(user=player, name="ladder bot")
    listing = admin_client.get("/admin/games/apitoken/")
    assert listing.status_code == 200 and token.prefix in listing.content.decode()
    assert admin_client.get(f"/admin/games/apitoken/{token.pk}/change/").status_code == 200   # view only
    assert raw.split("_", 2)[2] not in admin_client.get(f"/admin/games/apitoken/{token.pk}/change/").content.decode()
    admin_client.post("/admin/games/apitoken/", {"action": "revoke", "_selected_action": [token.pk]})
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert bearer(raw).get("/api/me/").status_code == 401
