"""What one seat may see. Everything in Machi Koro is public except the future: the random state and the
order of the market deck are hidden (the deck's size is shown)."""

from games.machikoro.engine.rules import describe_choice, legal_actions


def view_for(state, seat):
    data = state.to_json()
    del data["rng"]
    del data["seed"]
    data["deck"] = len(state.deck)
    data["seat"] = seat
    data["to_act"] = state.to_act
    data["choice"] = describe_choice(state)
    data["legal_actions"] = [a.to_json() for a in legal_actions(state)] if seat == state.to_act else []
    return data
