"""The Machi Koro log reads as sentences: who rolled what, what each card paid whom, what was built."""
from games.machikoro import engine
from games.machikoro.text import action_label, narrate


def a_state():
    card_set = engine.load_card_set(["base", "harbor"])
    return engine.new_game(card_set, engine.GameOptions(extensions=("base", "harbor")), 7, ["Ann", "Bob", "Cid"])


def test_each_event_becomes_a_sentence():
    state = a_state()
    events = [
        {"type": "turn_started", "player": 1, "turn": 4, "extra": False},
        {"type": "dice_rolled", "player": 1, "dice": [3, 4], "purpose": "roll"},
        {"type": "roll_adjusted", "player": 1, "landmark": "harbor", "amount": 2},
        {"type": "transfer", "payer": 1, "payee": 0, "amount": 1, "owed": 2, "card": "cafe"},
        {"type": "transfer", "payer": None, "payee": 2, "amount": 3, "owed": 3, "card": "ranch"},
        {"type": "bought", "player": 1, "card": "forest", "cost": 3},
        {"type": "landmark_built", "player": 0, "landmark": "train-station", "cost": 4},
        {"type": "game_over", "winner": 0, "reason": "landmarks"},
    ]
    assert narrate(state, events) == [
        "Turn 4: Bob.",
        "Bob rolls: 3 + 4 = 7.",
        "Harbor: Bob adds 2 to the roll.",
        "Café: Bob pays Ann 1 coin (owed 2).",
        "Ranch: the bank pays Cid 3 coins.",
        "Bob buys Forest for 3 coins.",
        "Ann builds Train Station for 4 coins.",
        "Ann has built every landmark and wins!",
    ]


def test_buttons_say_what_they_do():
    state = a_state()
    labels = [action_label(state, a.to_json()) for a in engine.legal_actions(state)]
    assert labels == ["Roll 1 die"]
    assert action_label(state, {"type": "buy", "card": "ranch"}) == "Buy Ranch (1)"
    assert action_label(state, {"type": "build", "landmark": "airport"}) == "Build Airport (30)"
    assert action_label(state, {"type": "choose_opponent", "opponent": 2}) == "Take from Cid"
    assert action_label(state, {"type": "pass"}) == "Build nothing"
