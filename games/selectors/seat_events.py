"""A game's event log as one seat (or an observer) may see it: the REST API's events for programs.

The same filter as the sockets and the replay: the ruleset's `visible_events` for that seat (an observer sees
the public events only), so no seat reads another's hidden information."""
from games.models import GameEvent
from games.selectors.lookup import current_match

EVENTS_PAGE = 500   # moves per answer; a client asks again from the last one it got


def seat_events(game, position, after, limit=EVENTS_PAGE):
    """{"events": [{"seq", "seat", "by", "kind", "data"}], "latest_seq", "more", "view", "to_act"} after move
    number `after`, seen from `position` (None: an observer). A lobby has no events and no view."""
    if game.state is None:
        return {"events": [], "latest_seq": game.event_seq, "more": False, "view": None, "to_act": []}
    _ruleset, match = current_match(game)
    rows = list(GameEvent.objects.filter(game=game, seq__gt=after).order_by("seq")
                .values_list("seq", "seat", "by", "events")[:limit])
    events = []
    for seq, seat, by, stored in rows:
        for event in match.visible_events(stored, position):
            data = {key: value for key, value in event.items() if key != "type"}
            events.append({"seq": seq, "seat": seat, "by": by, "kind": event.get("type"), "data": data})
    more = bool(rows) and len(rows) == limit and rows[-1][0] < game.event_seq
    return {"events": events, "latest_seq": game.event_seq, "more": more, "view": match.view(position),
            "to_act": list(game.to_act)}
