"""The RPC codec's reading of a frame (games.rpc.protocol.decode): deep nesting says so, with the game socket's
limit, instead of calling the frame "not JSON"; valid calls decode as before."""
import json

import pytest

from games.rpc import protocol as rpc
from games.socket_input import MAX_DEPTH


def nested(depth):
    return "[" * depth + "]" * depth


def fault_of(text):
    with pytest.raises(rpc.Fault) as caught:
        rpc.decode(text)
    return caught.value


@pytest.mark.parametrize("text", ["[" * 100_000, nested(2000), '{"a":' * 2000 + "1" + "}" * 2000, nested(MAX_DEPTH + 1),
                                  json.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.pass",
                                              "params": [json.loads(nested(MAX_DEPTH))]})],
                         ids=["100000 brackets", "2000 arrays", "2000 objects", "a level too deep", "a deep argument"])
def test_a_frame_nested_too_deep_says_so(text):
    """'[' * 100000 was 'Parse error: that is not JSON.' (json.loads raised RecursionError)."""
    fault = fault_of(text)
    assert fault.code == rpc.INVALID_REQUEST
    assert fault.message == f"Invalid request: frames nest at most {MAX_DEPTH} levels deep."


def test_text_that_is_not_json_is_still_a_parse_error():
    for text in ("{oops", "NaN", "[1, 2", ""):
        fault = fault_of(text)
        assert (fault.code, fault.message) == (rpc.PARSE_ERROR, "Parse error: that is not JSON."), text


def test_calls_and_batches_decode_as_before():
    call = {"jsonrpc": "2.0", "id": 7, "method": "game.play_zap_card", "params": ["act_f_1", ["w_a_1"]]}
    assert rpc.decode(json.dumps(call)) == call
    assert rpc.decode(json.dumps([call, call])) == [call, call]  # a batch with an array argument: 4 deep
    assert rpc.decode(nested(MAX_DEPTH)) == json.loads(nested(MAX_DEPTH))  # the limit itself: request_of refuses it
    brackets = {**call, "params": ["[" * 40, "{" * 40]}  # brackets in strings are not nesting
    assert rpc.decode(json.dumps(brackets)) == brackets
