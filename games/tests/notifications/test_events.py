"""Each kind of notification is made at the right moment, once, for the right players, as their settings say."""
import pytest
from django.contrib.auth import get_user_model

from games import services
from games.models import Game, Notification, NotificationPreference
from games.notifications.models import Kind
from games.notifications.selectors import describe
from games.notifications.services import do_notify, notify_turn
from games.signals import game_finished

from games.tests.helpers import counting_lobby, seat_to_act
from games.tests.notifications.conftest import play, turn_based_game, with_address


def kinds_of(identity):
    return list(Notification.objects.filter(user_id=identity.user_id).order_by("id").values_list("kind", flat=True))


def test_your_turn_goes_to_each_player_as_the_turn_passes_once_per_turn(ann, bob):
    game = turn_based_game(ann, bob)
    first = seat_to_act(game, ann, bob)
    second = bob if first == ann else ann
    assert kinds_of(first) == [Kind.YOUR_TURN] and kinds_of(second) == []
    game = play(game, first)
    assert kinds_of(second) == [Kind.YOUR_TURN]
    assert kinds_of(first) == [Kind.YOUR_TURN]  # the one who played is not told again
    notification = Notification.objects.get(user_id=second.user_id)
    assert notification.game_id == game.pk and notification.data["code"] == game.code
    # The same turn announced again (a retried hook): still one notification.
    seats = list(game.seats.all())
    notify_turn(game, seats)
    assert kinds_of(second) == [Kind.YOUR_TURN]
    play(game, second)
    assert kinds_of(first) == [Kind.YOUR_TURN, Kind.YOUR_TURN]


def test_live_games_guests_and_bots_get_no_your_turn(ann, bob, make_player):
    live = counting_lobby(ann)
    services.join_game(game_id=live.pk, identity=bob)
    for player in (ann, bob):
        services.set_ready(game_id=live.pk, identity=player, ready=True)
    assert Game.objects.get(pk=live.pk).status == Game.Status.PLAYING
    assert not Notification.objects.exists()
    game = counting_lobby(ann, max_players=2)
    Game.objects.filter(pk=game.pk).update(pace=Game.Pace.TURN_BASED)
    services.add_bot(game_id=game.pk, identity=ann, kind="random")
    services.set_ready(game_id=game.pk, identity=ann, ready=True)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.PLAYING
    # The bot's moves are played at once (eager jobs); ann is told only when she is to act.
    assert set(kinds_of(ann)) <= {Kind.YOUR_TURN}
    assert Notification.objects.exclude(user_id=ann.user_id).count() == 0
    seat = game.seats.get(user_id=ann.user_id)
    assert (seat.position in game.to_act) == (len(kinds_of(ann)) == 1)


def test_game_ended_tells_every_registered_player_once_with_their_place(ann, bob):
    game = turn_based_game(ann, bob, target=3)
    winner = seat_to_act(game, ann, bob)
    loser = bob if winner == ann else ann
    game = play(game, winner, amount=3)
    assert game.status == Game.Status.FINISHED
    ended = {n.user_id: n for n in Notification.objects.filter(kind=Kind.GAME_ENDED)}
    assert set(ended) == {ann.user_id, bob.user_id}
    assert ended[winner.user_id].data["won"] is True
    assert ended[loser.user_id].data == {"code": game.code, "ruleset": "counting", "players": 2, "rank": 2, "won": False}
    game_finished.send_robust(sender=Game, game=game)  # the end processed twice
    assert Notification.objects.filter(kind=Kind.GAME_ENDED).count() == 2


def test_a_live_game_ending_tells_its_players_too(ann, bob):
    game = counting_lobby(ann, target=3)
    services.join_game(game_id=game.pk, identity=bob)
    for player in (ann, bob):
        services.set_ready(game_id=game.pk, identity=player, ready=True)
    play(game, seat_to_act(game, ann, bob), amount=3)
    assert sorted(Notification.objects.values_list("kind", flat=True)) == [Kind.GAME_ENDED, Kind.GAME_ENDED]


def test_rematch_offered_tells_the_other_players_once(ann, bob, cid):
    game = turn_based_game(ann, bob, target=3)
    play(game, seat_to_act(game, ann, bob), amount=3)
    Notification.objects.all().delete()
    rematch = services.create_rematch(game_id=game.pk, identity=ann)
    offered = Notification.objects.get(kind=Kind.REMATCH_OFFERED)
    assert offered.user_id == bob.user_id and offered.game_id == rematch.pk
    assert offered.data["by"] == "ann" and offered.data["code"] == rematch.code
    services.create_rematch(game_id=game.pk, identity=bob)  # the same rematch: nobody told again
    assert Notification.objects.filter(kind=Kind.REMATCH_OFFERED).count() == 1


def test_a_kind_turned_off_is_not_notified_and_email_follows_the_settings(ann, bob, mailoutbox, run_on_commit):
    user = with_address(ann)
    NotificationPreference.objects.create(user=user, kind=Kind.INVITED, enabled=False)
    assert do_notify(user=user, kind=Kind.INVITED, data={"code": "x", "by": "bob"}) is None
    NotificationPreference.objects.create(user=user, kind=Kind.GAME_ENDED, enabled=True, email=False)
    assert do_notify(user=user, kind=Kind.GAME_ENDED, data={}) is not None
    assert mailoutbox == []
    sent = do_notify(user=user, kind=Kind.YOUR_TURN, data={"code": "abc", "ruleset": "counting"}, dedupe_key="t:1")
    assert len(mailoutbox) == 1
    assert Notification.objects.get(pk=sent.pk).email_status == Notification.EmailStatus.SENT
    # No address, no mail (the notification is still in the site's menu).
    no_address = do_notify(user=bob_user(bob), kind=Kind.YOUR_TURN, data={"code": "abc"}, dedupe_key="t:1")
    assert no_address is not None and len(mailoutbox) == 1
    assert Notification.objects.get(pk=no_address.pk).email_status == ""
    # One event, one notification.
    assert do_notify(user=user, kind=Kind.YOUR_TURN, data={}, dedupe_key="t:1") is None
    assert len(mailoutbox) == 1


def bob_user(bob):
    return get_user_model().objects.get(pk=bob.user_id)


@pytest.mark.parametrize("kind", Kind.values)
def test_every_kind_has_words_and_a_link(ann, kind):
    user = with_address(ann)
    notification = do_notify(user=user, kind=kind, data={"code": "abcdefgh23", "ruleset": "counting", "by": "bob",
                                                         "rank": 2, "players": 3})
    words = describe(notification)
    assert words["title"] and words["path"].startswith("/games/abcdefgh23/")
