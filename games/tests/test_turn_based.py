"""Turn-based play: creation, the time per move run out (a bot plays the turn and the others may remove the
player, or the player loses by time), no handover for a closed page, what a player has seen, the lists."""
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.errors import InvalidSettings, NotAllowed
from games.models import Game, GameEvent, Seat
from games.selectors.lists import games_of, open_games_frame
from games.services.housekeeping import absent_seats, sweep
from games.services.lobby import MOVE_TIME_CHOICES

from games.tests.helpers import join_and_ready, seat_to_act

DAY = 24 * 3600


def fresh(game):
    return Game.objects.get(pk=game.pk)


def seat(game, player):
    return Seat.objects.get(game=game, **player.owner_fields())


def turn_based(host, *others, on_timeout="bot", turn_seconds=DAY, target=90):
    lobby = services.create_game(host=host, ruleset_slug="counting", options={"target": target}, public=True,
                                 min_players=2, max_players=max(2, 1 + len(others)), turn_seconds=turn_seconds,
                                 pace="turn_based", on_timeout=on_timeout)
    game = join_and_ready(lobby, host, *others)
    assert game.status == Game.Status.PLAYING
    return game


def past_deadline(game):
    return fresh(game).turn_deadline + timedelta(seconds=1)


def play_once(game, player):
    return services.play_action(game_id=game.pk, identity=player, expected_seq=fresh(game).event_seq,
                                action={"type": "add", "amount": 1})


# ---- creation -------------------------------------------------------------------------------------------------

def test_a_turn_based_game_keeps_its_pace_time_per_move_and_policy(ann, bob):
    game = turn_based(ann, bob, on_timeout="lose", turn_seconds=3 * DAY)
    assert (game.pace, game.turn_seconds, game.on_timeout) == ("turn_based", 3 * DAY, "lose")
    # The deadline is days away, and it is there from the first move.
    assert game.turn_deadline - timezone.now() > timedelta(days=2, hours=23)


@pytest.mark.parametrize("pace, seconds, on_timeout, field", [
    ("turn_based", 90, "bot", "move_seconds"),       # a live timer is no time per move
    ("turn_based", 0, "lose", "move_seconds"),       # turn-based games always have one: none stalls
    ("live", DAY, "bot", "turn_seconds"),            # a day is no live turn timer
    ("live", 90, "lose", "on_timeout"),              # losing by time is for turn-based games
    ("turn_based", DAY, "resign", "on_timeout"),
    ("correspondence", DAY, "bot", "pace"),
])
def test_settings_that_do_not_go_together_are_refused_and_create_nothing(ann, pace, seconds, on_timeout, field):
    with pytest.raises(InvalidSettings) as refused:
        services.create_game(host=ann, ruleset_slug="counting", options={"target": 10}, public=True, min_players=2,
                             max_players=2, turn_seconds=seconds, pace=pace, on_timeout=on_timeout)
    assert field in refused.value.errors
    assert not Game.objects.exists()


def create_form(pace, **more):
    return {"game-min_players": "2", "game-max_players": "2", "game-public": "on", "game-turn_seconds": "90",
            "game-pace": pace, "game-move_seconds": str(12 * 3600), "game-on_timeout": "lose",
            "options-target": "10", **more}


def test_the_create_page_makes_a_turn_based_game(client, django_user_model):
    user = django_user_model.objects.create_user("ann", password="pw-long-enough-1")
    client.force_login(user)
    page = client.get(reverse("games:create-ruleset", args=["counting"]))
    assert b'name="game-pace"' in page.content and b"js/forms/pace.js" in page.content
    response = client.post(reverse("games:create-ruleset", args=["counting"]), create_form("turn_based"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.pace, game.turn_seconds, game.on_timeout) == ("turn_based", 12 * 3600, "lose")


def test_the_create_page_keeps_live_games_as_they_were(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("ann", password="pw-long-enough-1"))
    client.post(reverse("games:create-ruleset", args=["counting"]), create_form("live"))
    game = Game.objects.get()
    assert (game.pace, game.turn_seconds, game.on_timeout) == ("live", 90, "bot")  # the policy is for turn-based


def test_the_create_page_refuses_a_bad_time_per_move_clearly(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("ann", password="pw-long-enough-1"))
    response = client.post(reverse("games:create-ruleset", args=["counting"]),
                           create_form("turn_based", **{"game-move_seconds": "90"}))
    assert response.status_code == 200 and not Game.objects.exists()
    assert "move_seconds" in response.context["settings_form"].errors
    assert sorted(MOVE_TIME_CHOICES) == [3600, 12 * 3600, DAY, 3 * DAY]


def test_a_rematch_keeps_the_pace_time_and_policy(ann, bob):
    game = turn_based(ann, bob, on_timeout="lose", turn_seconds=3600, target=3)
    while fresh(game).status == Game.Status.PLAYING:
        play_once(game, seat_to_act(game, ann, bob))
    rematch = services.create_rematch(game_id=game.pk, identity=ann)
    assert (rematch.pace, rematch.turn_seconds, rematch.on_timeout) == ("turn_based", 3600, "lose")


# ---- time per move run out: a bot plays the turn, the others may remove the player ----------------------------

def test_the_sweeper_has_a_bot_play_the_late_turn_then_gives_the_seat_back(ann, bob):
    game = turn_based(ann, bob)
    late = seat_to_act(game, ann, bob)
    assert sweep(now=timezone.now(), due_only=True)["turns"] == 0   # a day to go
    report = sweep(now=past_deadline(game), due_only=True)
    assert report["turns"] == 1
    game = fresh(game)
    assert GameEvent.objects.get(game=game, seq=1).by == "autopilot"
    late_seat = seat(game, late)
    # The bot played that turn only: the seat is the player's again, with the time per move on their next turn.
    assert not late_seat.autopilot and not late_seat.bot_for_turn and late_seat.timeouts == 1
    assert game.status == Game.Status.PLAYING and late_seat.position not in game.to_act
    other = bob if late == ann else ann
    play_once(game, other)
    game = fresh(game)
    assert late_seat.position in game.to_act and game.turn_deadline > timezone.now() + timedelta(hours=23)


def test_the_others_vote_to_remove_a_player_who_ran_out_of_time(ann, bob, cid):
    game = turn_based(ann, bob, cid)
    late = seat_to_act(game, ann, bob, cid)
    voters = [p for p in (ann, bob, cid) if p != late]
    # Before their time ran out, nobody may remove them.
    with pytest.raises(NotAllowed):
        services.hand_stalled_seat_to_bot(game_id=game.pk, identity=voters[0], seat_id=seat(game, late).pk)
    sweep(now=past_deadline(game), due_only=True)
    if late == ann:  # the host ran out: the two others vote, both needed (a strict majority of two)
        first = services.hand_stalled_seat_to_bot(game_id=game.pk, identity=bob, seat_id=seat(game, ann).pk)
        assert first == {"handed": False, "votes": 1, "needed": 2}
        assert fresh(game).handover_votes  # the vote waits for the other, whether or not anyone is online
        outcome = services.hand_stalled_seat_to_bot(game_id=game.pk, identity=cid, seat_id=seat(game, ann).pk)
    else:            # the host's vote alone removes
        outcome = services.hand_stalled_seat_to_bot(game_id=game.pk, identity=ann, seat_id=seat(game, late).pk)
    assert outcome["handed"] is True
    removed = seat(game, late)
    assert removed.autopilot and removed.left and late.key in fresh(game).kicked
    # A removed player can neither take the seat back nor play it.
    with pytest.raises(NotAllowed):
        services.take_back_seat(game_id=game.pk, identity=late)


# ---- time per move run out: the player loses by time ----------------------------------------------------------

def test_losing_by_time_in_a_two_player_game_ends_it_with_the_other_winning(ann, bob, broadcasts):
    game = turn_based(ann, bob, on_timeout="lose")
    late = seat_to_act(game, ann, bob)
    other = bob if late == ann else ann
    assert sweep(now=past_deadline(game), due_only=True)["turns"] == 1
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    late_position, other_position = seat(game, late).position, seat(game, other).position
    assert game.result["winners"] == [other_position]
    assert game.result["forfeited"] == [late_position]
    assert [(row["seat"], row["rank"], row["by_time"]) for row in game.result["table"]] == [
        (other_position, 1, "won"), (late_position, 2, "lost")]
    assert seat(game, late).forfeited
    # Every page of the game asks again and gets the result (the game ended without a new event).
    assert any(frame.get("type") == "resync" for _group, frame in broadcasts)


def test_losing_by_time_with_three_players_hands_the_seat_to_a_bot_and_the_others_go_on(ann, bob, cid):
    game = turn_based(ann, bob, cid, on_timeout="lose", target=12)
    late = seat_to_act(game, ann, bob, cid)
    sweep(now=past_deadline(game), due_only=True)
    game = fresh(game)
    lost = seat(game, late)
    assert game.status == Game.Status.PLAYING
    assert lost.forfeited and lost.autopilot and GameEvent.objects.get(game=game, seq=1).by == "autopilot"
    with pytest.raises(NotAllowed):
        services.take_back_seat(game_id=game.pk, identity=late)
    with pytest.raises(NotAllowed):
        play_once(game, late)
    others = [p for p in (ann, bob, cid) if p != late]
    while fresh(game).status == Game.Status.PLAYING:
        play_once(game, seat_to_act(game, *others))
    result = fresh(game).result
    assert result["forfeited"] == [lost.position]
    assert lost.position not in result["winners"] and result["winners"]
    ranks = {row["seat"]: row for row in result["table"]}
    assert ranks[lost.position]["forfeited"] and ranks[lost.position]["rank"] == 3   # ranked last


def test_when_a_second_of_three_loses_by_time_the_last_one_wins(ann, bob, cid):
    game = turn_based(ann, bob, cid, on_timeout="lose")
    first = seat_to_act(game, ann, bob, cid)
    sweep(now=past_deadline(game), due_only=True)
    second = seat_to_act(game, ann, bob, cid)
    sweep(now=past_deadline(game), due_only=True)
    game = fresh(game)
    last = next(p for p in (ann, bob, cid) if p not in (first, second))
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [seat(game, last).position]
    assert game.result["forfeited"] == [seat(game, second).position, seat(game, first).position]


def test_a_game_never_stalls_whatever_the_policy(ann, bob):
    for policy in ("bot", "lose"):
        game = turn_based(ann, bob, on_timeout=policy)
        for _ in range(3):
            game = fresh(game)
            if game.status != Game.Status.PLAYING:
                break
            assert game.turn_deadline is not None  # a human to act always has a deadline
            sweep(now=past_deadline(game), due_only=True)
        assert fresh(game).event_seq >= 1 or fresh(game).status == Game.Status.FINISHED


# ---- a closed page is no absence in a turn-based game --------------------------------------------------------

def test_leaving_the_page_does_not_hand_a_turn_based_seat_to_a_bot(ann, bob, settings):
    game = turn_based(ann, bob)
    player = seat_to_act(game, ann, bob)
    presence = services.socket_opened(game_id=game.pk, identity=player)
    services.socket_closed(presence)
    later = timezone.now() + timedelta(seconds=settings.GAMES_ABSENCE_GRACE + 60)
    assert not services.play.check_absent_player(game.pk, seat(game, player).pk, now=later)
    Game.objects.filter(pk=game.pk).update(started_at=timezone.now() - timedelta(hours=2))
    assert absent_seats(later) == []
    assert sweep(now=later)["absent"] == 0
    assert not seat(game, player).autopilot and fresh(game).event_seq == 0


# ---- what the player has seen --------------------------------------------------------------------------------

def test_the_page_shows_the_moves_since_the_last_visit_and_notes_them_seen(client, ann, bob, django_user_model):
    game = turn_based(ann, bob)
    client.force_login(django_user_model.objects.get(pk=ann.user_id))
    for _ in range(3):
        play_once(game, seat_to_act(game, ann, bob))
    mine = seat(game, ann)
    page = client.get(reverse("games:game", args=[game.code]))
    assert page.context["since_visit"] == {"seq": mine.seen_seq, "moves": 3 - mine.seen_seq}
    assert f'data-seen-seq="{mine.seen_seq}"'.encode() in page.content
    assert seat(game, ann).seen_seq == 3   # the visit saw everything up to now
    again = client.get(reverse("games:game", args=[game.code]))
    assert again.context["since_visit"] == {"seq": 3, "moves": 0}


def test_own_moves_and_the_pages_seen_message_move_the_number_forward_never_back(ann, bob):
    game = turn_based(ann, bob)
    player = seat_to_act(game, ann, bob)
    play_once(game, player)
    assert seat(game, player).seen_seq == 1
    other = bob if player == ann else ann
    assert services.note_seen(game_id=game.pk, identity=other, seq=99) is True
    assert seat(game, other).seen_seq == 1            # never past the game's last event
    assert services.note_seen(game_id=game.pk, identity=other, seq=0) is False
    assert seat(game, other).seen_seq == 1            # never back


def test_live_games_keep_no_seen_number(ann, bob):
    lobby = services.create_game(host=ann, ruleset_slug="counting", options={"target": 50}, public=True,
                                 min_players=2, max_players=2, turn_seconds=0)
    game = join_and_ready(lobby, ann, bob)
    play_once(game, seat_to_act(game, ann, bob))
    assert services.note_seen(game_id=game.pk, identity=ann, seq=1) is False
    assert set(Seat.objects.filter(game=game).values_list("seen_seq", flat=True)) == {0}


# ---- the lists -----------------------------------------------------------------------------------------------

def test_the_lists_show_the_pace_and_whose_turn_it_is(ann, bob):
    game = turn_based(ann, bob)
    waiting = seat_to_act(game, ann, bob)
    row = next(r for r in open_games_frame()["playing"] if r["code"] == game.code)
    assert row["pace"] == "turn_based" and row["pace_text"] == "Turn-based · 1 day per move"
    assert row["to_act"] == [seat(game, waiting).name]
    mine = {g.code: g for g in games_of(waiting)}[game.code]
    assert mine.my_turn and mine.pace_text
    other = bob if waiting == ann else ann
    theirs = {g.code: g for g in games_of(other)}[game.code]
    assert not theirs.my_turn and theirs.waiting_for == [seat(game, waiting).name]


def test_the_games_page_shows_turn_based_games(client, ann, bob):
    game = turn_based(ann, bob)
    page = client.get(reverse("games:list"))
    assert "Turn-based · 1 day per move" in page.content.decode()
    assert f"{seat(game, seat_to_act(game, ann, bob)).name} to play" in page.content.decode()
