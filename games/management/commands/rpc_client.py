"""python manage.py rpc_client <game url or code> --token T [--bot greedy]: play a seat of any game with an RPC
referee (Aquarius, Machi Koro) over its JSON-RPC socket."""
import asyncio
import re
import sys

from django.core.management.base import BaseCommand, CommandError

from games.clients.play import NoClient, play_seat
from games.clients.rpc import RpcError

REFUSALS = {4403: "the referee refused the seat token", 4404: "no such game, or a game without an RPC referee"}
GAME_CODE = re.compile(r"[a-hjkmnp-z2-9]{10}")  # games.models.CODE_ALPHABET, 10 letters


def game_address(game, site):
    """The game page's address from an address or a bare game code (on `site`)."""
    if GAME_CODE.fullmatch(game):
        return f"{site.rstrip('/')}/games/{game}/"
    return game


class Command(BaseCommand):
    help = ("Play one seat of a game (Aquarius or Machi Koro) through its JSON-RPC socket with a bot's policy, "
            "knowing only what the socket says (docs/aquarius-rpc.md, docs/machikoro-rpc.md).")

    def add_arguments(self, parser):
        parser.add_argument("game_url", help="the game's page, e.g. http://localhost:8000/games/<code>/, or its code")
        parser.add_argument("--token", "--seat-token", dest="token", required=True,
                            help="the seat's token from the game page (or an API token)")
        parser.add_argument("--site", default="http://localhost:8000", help="the site, when given a bare game code")
        parser.add_argument("--bot", default=None, help="the policy: random or greedy (default: greedy)")
        parser.add_argument("--seed", type=int, default=None, help="makes the policy's choices repeatable")
        parser.add_argument("--no-ready", action="store_true", help="do not call volity.ready() in the lobby")
        parser.add_argument("--timeout", type=float, default=600, help="seconds to wait for the referee")
        parser.add_argument("--verbose", action="store_true", help="print every frame sent and received")

    def handle(self, *args, **options):
        def show(direction, text):
            self.stdout.write(("> " if direction == "out" else "< ") + text)

        try:
            client, outcome = asyncio.run(play_seat(
                game_address(options["game_url"], options["site"]), token=options["token"], bot=options["bot"],
                seed=options["seed"], ready=not options["no_ready"], timeout=options["timeout"],
                on_frame=show if options["verbose"] else None,
            ))
        except (ValueError, NoClient) as exc:   # the Aquarius client's UnknownCard is a ValueError too
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
        self.stdout.write(client.summary(outcome))
        sys.stdout.flush()
