"""python manage.py aquarius_client <game url> --seat-token T --bot greedy: the former name of `rpc_client`, which
plays Aquarius and Machi Koro alike (the game is the one the referee names)."""
from games.management.commands.rpc_client import Command as RpcClientCommand


class Command(RpcClientCommand):
    help = "The same as rpc_client (kept for the pages and scripts that name it): " + RpcClientCommand.help
