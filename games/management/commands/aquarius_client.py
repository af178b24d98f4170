"""python manage.py aquarius_client <game url> --seat-token T --bot greedy: play a seat over the RPC socket."""
import asyncio
import sys

from django.core.management.base import BaseCommand, CommandError

from games.aquarius.client import POLICIES, UnknownCard, play_seat
from games.clients.rpc import RpcError

REFUSALS = {4403: "the referee refused the seat token", 4404: "no such game, or a game without an RPC referee"}


class Command(BaseCommand):
    help = ("Play one seat of an Aquarius game through its JSON-RPC socket with a bot's policy, knowing only "
            "what the socket says (docs/aquarius-rpc.md).")

    def add_arguments(self, parser):
        parser.add_argument("game_url", help="the game's page, e.g. http://localhost:8000/games/<code>/")
        parser.add_argument("--seat-token", required=True, help="the seat's token from the game page")
        parser.add_argument("--bot", choices=POLICIES, default="greedy")
        parser.add_argument("--seed", type=int, default=None, help="makes the policy's choices repeatable")
        parser.add_argument("--no-ready", action="store_true", help="do not call volity.ready() in the lobby")
        parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for the referee")
        parser.add_argument("--verbose", action="store_true", help="print every frame sent and received")

    def handle(self, *args, **options):
        def show(direction, text):
            self.stdout.write(("> " if direction == "out" else "< ") + text)

        try:
            outcome = asyncio.run(play_seat(
                options["game_url"], token=options["seat_token"], bot=options["bot"], seed=options["seed"],
                ready=not options["no_ready"], timeout=options["timeout"],
                on_frame=show if options["verbose"] else None,
            ))
        except (ValueError, UnknownCard) as exc:
            raise CommandError(str(exc)) from None
        except RpcError as exc:
            raise CommandError(f"The referee refused: {exc.message} ({exc.code})") from None
        except (OSError, TimeoutError) as exc:
            raise CommandError(f"Cannot reach the game: {exc}") from None
        except Exception as exc:  # websockets' errors: a refusal is a close with its code (docs/aquarius-rpc.md)
            if type(exc).__module__.startswith("websockets"):
                refusal = REFUSALS.get(getattr(getattr(exc, "rcvd", None), "code", None))
                raise CommandError(f"The game's socket closed: {refusal or exc}") from None
            raise
        winners = ", ".join(outcome.get("winners") or []) or "nobody"
        self.stdout.write(f"Game over: {winners} won; you were {outcome.get('seat')}; "
                          f"goals {' '.join(outcome.get('goals') or [])}.")
        sys.stdout.flush()
