"""Every token a refusal can carry is in docs/aquarius-rpc.md's table, with its fault code and a message in English
and in French: the tokens are read from the code (every `game.*`/`volity.*` string of the RPC modules that is not
a method name, and what the protocol makes of each of the engine's refusal codes)."""
import ast
import re
from pathlib import Path

from games.aquarius.engine.errors import MESSAGES
from games.aquarius.rpc import PROTOCOL
from games.rpc import protocol as rpc
from games.rpc.consumer import CODE_TOKENS, STATUS_TOKENS
from games.tests.rpc.rpc_sockets import definitions

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs/aquarius-rpc.md"
CODE = [*sorted((ROOT / "games/rpc").glob("*.py")), ROOT / "games/aquarius/rpc.py"]
TOKEN = re.compile(r"^(game|volity)\.[a-z_]+$")
ROW = re.compile(r"^\| `((?:game|volity)\.[a-z_]+)` \| (\d{3}) \| (.+?) \| (.+?) \|")


def documented():
    """{token: (fault code, English, French)} from the table of refusal tokens."""
    rows = {}
    for line in DOC.read_text().splitlines():
        match = ROW.match(line)
        if match:
            token, code, english, french = match.groups()
            assert token not in rows, f"{token} is documented twice"
            rows[token] = (int(code), english.strip(), french.strip())
    return rows


def methods():
    names = set(definitions("aquarius", "requests")) | set(definitions("aquarius", "notifications"))
    return names | {"volity.ok", "volity.suspend_game", "volity.resume_game"}


def tokens_in_the_code():
    found = set()
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and TOKEN.match(node.value):
                found.add(node.value)
    return found - methods()


def tokens_of_the_engine():
    return {token for code, message in MESSAGES.items() for token in PROTOCOL.refusal(code, message).tokens}


def test_the_code_walk_sees_the_token_dictionaries():
    # A token in a table of the consumer is a string constant of its module: the walk cannot miss it.
    assert {token for _, token in CODE_TOKENS.values()} | set(STATUS_TOKENS.values()) <= tokens_in_the_code()
    assert {"volity.rate_limited", "volity.not_yourself", "volity.invalid_seat", "volity.game_suspended"} <= (
        tokens_in_the_code())
    assert {"game.wrong_card", "game.bad_seat", "game.dont_have_card", "volity.not_your_turn"} <= tokens_of_the_engine()


def test_every_refusal_token_is_documented_with_its_fault_and_both_languages():
    rows = documented()
    vocabulary = tokens_in_the_code() | tokens_of_the_engine() | {PROTOCOL.too_few_players()[0]}
    missing = sorted(vocabulary - set(rows))
    assert not missing, f"refusal tokens missing from {DOC.name}: {missing}"
    assert not set(rows) - vocabulary, "the table documents tokens no refusal carries"
    for token, (code, english, french) in rows.items():
        assert code in (rpc.REFUSED, rpc.NOT_A_PLAYER, rpc.BAD_STATE), token
        assert english and french and english != french, token


def test_the_engines_messages_are_documented_word_for_word():
    rows = documented()
    for code, message in MESSAGES.items():
        fault = PROTOCOL.refusal(code, message)
        code_in_doc, english, _ = rows[fault.tokens[0]]
        assert code_in_doc == fault.code, code
        assert message in english.split(" / ")[0] or message in english.split(" / "), (code, english)
