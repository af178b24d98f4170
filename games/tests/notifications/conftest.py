"""Fixtures of the notification tests: players with e-mail addresses, turn-based games, a real SMTP server."""
import email
import email.policy
import socket

import pytest
from aiosmtpd.controller import Controller
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import services
from games.accounts.models import AccountEmail
from games.models import Game, LanguagePreference

from games.tests.helpers import counting_lobby


def with_address(identity, language=None):
    user = get_user_model().objects.get(pk=identity.user_id)
    user.email = f"{identity.name}@example.test"
    user.save(update_fields=["email"])
    AccountEmail.objects.update_or_create(user=user, defaults={"email": user.email, "confirmed_at": timezone.now()})
    if language:
        LanguagePreference.objects.create(user=user, language=language)
    return user


def turn_based_game(host, *others, target=10):
    """A started turn-based counting game of `host` and `others` (the first to act is random)."""
    game = counting_lobby(host, target=target, max_players=max(2, 1 + len(others)))
    Game.objects.filter(pk=game.pk).update(pace=Game.Pace.TURN_BASED)
    for other in others:
        services.join_game(game_id=game.pk, identity=other)
    for player in (host, *others):
        services.set_ready(game_id=game.pk, identity=player, ready=True)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.PLAYING
    return game


def play(game, identity, amount=1):
    game = Game.objects.get(pk=game.pk)
    services.play_action(game_id=game.pk, identity=identity, expected_seq=game.event_seq,
                         action={"type": "add", "amount": amount})
    return Game.objects.get(pk=game.pk)


class Collector:
    """aiosmtpd handler keeping every message it receives, parsed."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        self.messages.append({"from": envelope.mail_from, "to": list(envelope.rcpt_tos), "message": message})
        return "250 Message accepted for delivery"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server(settings):
    """A real SMTP server (aiosmtpd) on a free port; the site's e-mail goes to it by SMTP. Its messages are
    in the returned list (each {"from", "to", "message"})."""
    handler = Collector()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = controller.port
    settings.EMAIL_USE_TLS = False
    settings.DEFAULT_FROM_EMAIL = "Card tables <tables@example.test>"
    settings.SITE_URL = "http://tables.example.test"
    try:
        yield handler.messages
    finally:
        controller.stop()


@pytest.fixture
def run_on_commit(db, monkeypatch):
    """Outside any service's transaction (do_notify called by a test), its after-commit work runs at once,
    as on a real commit."""
    monkeypatch.setattr(transaction, "on_commit", lambda callback, using=None, robust=False: callback())
