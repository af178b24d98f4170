"""Applying an action to a state (the phase handlers); the queries are in queries.py, the flow in turn.py.

Turn order for the active player:
  ROLL    roll 1 die, or up to N with a roll.dice landmark (Train Station)
  REROLL  with a roll.reroll landmark (Radio Tower), once per turn: keep, or roll again
  ADJUST  with a roll.after landmark (Harbor) whose condition holds: add to the total or not
  income  red cards of the other players (counter-clockwise from the roller), then blue, then green, then
          purple; inside a colour, by activation number then data order. A card that asks a question
          pauses the resolution in phase CHOOSE until the owner (always the active player) answers.
  BUILD   build.before landmarks (City Hall) fire, then buy one establishment, build one landmark, or
          pass; build.skip landmarks (Airport) pay when nothing was built
  INVEST  turn.end invest cards (Tech Startup): put coins on the card or not
  then an extra turn after doubles with an extra_turn landmark (Amusement Park), else the next seat
  clockwise. Building the last required landmark ends the game at once.
"""

from games.machikoro.engine import actions as A
from games.machikoro.engine import market
from games.common import rng as _rng
from games.machikoro.engine.errors import IllegalActionError, NotYourTurnError
from games.machikoro.engine.events import GameOver, Invested, LandmarkBuilt, RollAdjusted, new_bought, new_dice_rolled
from games.machikoro.engine.options import ALL_STACKS
# The queries and the turn's flow live in queries.py and turn.py; callers keep reaching them through here.
from games.machikoro.engine.queries import ROLL_ACTIONS, build_actions, current_choice, describe_choice, has_won, legal_actions, max_dice, roll_actions
from games.machikoro.engine.state import ADJUST, BUILD, CHOOSE, INVEST, OVER, REROLL, ROLL
from games.machikoro.engine.turn import _after_dice, _after_roll, _emit, _end_turn, _roll, _run_pending, _start_adjust, _start_build, _start_invest, activated_owners, activation_steps

# ---- applying actions ---------------------------------------------------------------------------------------

def apply(state, action, seat=None):
    """Return (new_state, events) after `action`; `state` itself is not modified.

    With `seat`, also check that this seat is the one to act. An illegal action raises IllegalActionError
    (NotYourTurnError for the wrong seat) and nothing changes.
    """
    if seat is not None:
        _check_seat(state, seat)
    new_state = state.clone()
    events = []
    _HANDLERS[new_state.phase](new_state, action, events)
    return new_state, events


def apply_in_place(state, action, seat=None):
    """Like `apply` but changes `state` itself and returns only the events (the simulator's fast path).

    Every handler checks the action completely before changing anything, so an illegal action leaves
    `state` as it was here too.
    """
    if seat is not None:
        _check_seat(state, seat)
    events = []
    _HANDLERS[state.phase](state, action, events)
    return events


def may_act(state, seat, action):
    """Whether `seat` may try `action` now: only the seat to act, while the game runs."""
    return not state.over and seat == state.to_act


def _check_seat(state, seat):
    if seat != state.to_act:
        if state.phase == OVER:
            raise NotYourTurnError("the game is over", "game_over")
        raise NotYourTurnError(f"seat {seat} cannot act: it is seat {state.active}'s turn ({state.phase})")


def _illegal(state, action, reason, code):
    raise IllegalActionError(f"{action!r} is not legal in phase {state.phase!r}: {reason}", code)


# One handler per phase: check the action (raising before any change), then play it.

def _on_roll(state, action, events):
    if type(action) is not A.Roll:
        _illegal(state, action, "roll the dice first (roll with 1 die, or 2 with a Train Station)", "must_roll")
    dice = action[1]
    if dice != 1:
        limit = max_dice(state, state.active)
        if type(dice) is not int or not 1 <= dice <= limit:
            _illegal(state, action, f"you may roll 1 to {limit} dice", "wrong_dice_count")
    state.rng, faces = _rng.roll_dice(state.rng, dice)
    events.append(new_dice_rolled(state.active, faces, "roll"))
    state.dice = faces              # DiceRolled.apply, inlined (the turn's roll)
    state.total = sum(faces)
    _after_roll(state, events)


def _on_reroll(state, action, events):
    kind = type(action)
    if kind is A.KeepRoll:
        _after_dice(state, events)
        return
    if kind is not A.Reroll:
        _illegal(state, action, "keep the roll or re-roll", "keep_or_reroll")
    limit = max_dice(state, state.active)
    if type(action.dice) is not int or not 1 <= action.dice <= limit:
        _illegal(state, action, f"you may re-roll 1 to {limit} dice", "wrong_dice_count")
    _roll(state, events, action.dice, "reroll")
    _after_roll(state, events)


def _on_adjust(state, action, events):
    if type(action) is not A.AdjustRoll or not isinstance(action.add, bool):
        _illegal(state, action, "answer whether to adjust the roll (adjust_roll add=true/false)", "must_adjust")
    if action.add:
        landmark = state.card_set.landmarks[state.choice]
        _emit(state, events, RollAdjusted(state.active, landmark, landmark.abilities.adjust.amount))
    state.choice = None
    _start_adjust(state, events)


def _on_choose(state, action, events):
    owner, card, leg = current_choice(state)
    if not leg.is_legal(state, owner, card, action):
        options = leg.options(state, owner, card)
        shown = ", ".join(repr(o) for o in options[:6]) + (", ..." if len(options) > 6 else "")
        _illegal(state, action, f"{card.name} asks for one of: {shown}", "not_an_option")
    frame = state.pending[-1]
    if leg.resolve(state, events, owner, card, action, frame[4]):
        frame[3] += 1
        frame[4] = 0
    else:
        frame[4] += 1
    if _run_pending(state, events):
        _start_build(state, events)


def _on_build(state, action, events):
    kind = type(action)
    cs = state.card_set
    active = state.active
    player = state.players[active]
    if kind is A.Buy:
        index = cs.establishment_index.get(action[1])
        if index is None:
            _illegal(state, action, f"there is no establishment {action.card!r} in this game", "unknown_card")
        card = cs.establishments[index]
        if not state.market[index]:
            _illegal(state, action, f"{card.name} is not available in the market", "not_in_market")
        if card.cost > player.coins:
            _illegal(state, action, f"{card.name} costs {card.cost} coins and you have {player.coins}", "cannot_afford")
        if card.major and player.cards[index]:
            _illegal(state, action, f"you already own {card.name}: one copy of each major establishment", "major_owned")
        cost = card.cost
        events.append(new_bought(active, card, cost))
        player.coins -= cost        # Bought.apply, inlined (a purchase nearly every turn)
        state.bank += cost
        state.market[index] -= 1
        player.cards[index] += 1
        state.built_this_turn = True
        if card.build_legs:
            for leg in card.build_legs:
                leg.fire(state, events, active, card, 1)
        if state.options.market != ALL_STACKS:
            market.fill(state, events)
    elif kind is A.Build:
        index = cs.landmark_index.get(action[1])
        if index is None:
            _illegal(state, action, f"there is no landmark {action.landmark!r} in this game", "unknown_card")
        landmark = cs.landmarks[index]
        if player.built[index]:
            _illegal(state, action, f"{landmark.name} is already built", "already_built")
        if landmark.cost > player.coins:
            _illegal(state, action, f"{landmark.name} costs {landmark.cost} coins and you have {player.coins}", "cannot_afford")
        event = LandmarkBuilt(active, landmark, landmark.cost)
        event.apply(state)
        events.append(event)
        if landmark.counts_toward_win and has_won(state, active):
            _emit(state, events, GameOver(active, "landmarks"))
            return
    elif kind is not A.Pass:
        _illegal(state, action, "buy one establishment, build one landmark, or pass", "build_or_pass")
    if cs.build_skip_landmarks and not state.built_this_turn:
        built = player.built
        for index in cs.build_skip_landmarks:
            if built[index]:
                landmark = cs.landmarks[index]
                for leg in landmark.abilities.build_skip:
                    leg.fire(state, events, active, landmark, 1)
    if cs.invest_cards:
        _start_invest(state, events, -1)
    else:
        _end_turn(state, events)


def _on_invest(state, action, events):
    index = state.choice
    amount = state.card_set.establishments[index].invest
    if type(action) is not A.Invest or type(action.coins) is not int or action.coins not in (0, amount):
        _illegal(state, action, f"invest 0 or {amount} coins", "invest_amount")
    if action.coins:
        _emit(state, events, Invested(state.active, state.card_set.establishments[index], action.coins))
    _start_invest(state, events, index)


def _on_over(state, action, events):
    _illegal(state, action, "the game is over", "game_over")


# handler(state, action, events) for each phase: checks `action`, then plays it on `state`.
PHASE_HANDLERS = _HANDLERS = {ROLL: _on_roll, REROLL: _on_reroll, ADJUST: _on_adjust, CHOOSE: _on_choose,
                              BUILD: _on_build, INVEST: _on_invest, OVER: _on_over}
