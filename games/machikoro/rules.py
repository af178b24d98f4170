"""The turn: legal actions in a state, and applying an action to a state.

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

from . import actions as A
from . import market
from games.common import rng as _rng
from .errors import IllegalActionError, NotYourTurnError
from .events import (CardsReopened, GameOver, Invested, LandmarkBuilt, RollAdjusted, new_bought, new_dice_rolled,
                     new_transfer, new_turn_started)
from .legs import income_bonus
from .options import ALL_STACKS
from .state import ADJUST, BANK, BUILD, CHOOSE, INVEST, OVER, REROLL, ROLL

_PASS = A.Pass()
_KEEP = A.KeepRoll()
_ADJUST_CHOICES = (A.AdjustRoll(True), A.AdjustRoll(False))
_REROLLS = {}
_INVEST_CHOICES = {}


# ---- queries ------------------------------------------------------------------------------------------------

def max_dice(state, seat):
    """How many dice `seat` may roll: 1, or the best built roll.dice landmark."""
    built = state.players[seat].built
    best = 1
    for landmark, dice in state.card_set.dice_landmarks:
        if built[landmark] and dice > best:
            best = dice
    return best


def max_rerolls(state, seat):
    built = state.players[seat].built
    total = 0
    for landmark, times in state.card_set.reroll_landmarks:
        if built[landmark]:
            total += times
    return total


def has_won(state, seat):
    built = state.players[seat].built
    return all(built[i] for i in state.card_set.win_landmarks)


class _RollActions(dict):
    """ROLL_ACTIONS[count] = (Roll(1), ..., Roll(count)), built on first use."""

    def __missing__(self, count):
        found = self[count] = tuple(A.Roll(n) for n in range(1, count + 1))
        return found


ROLL_ACTIONS = _RollActions()     # a plain lookup: bots index it on every roll


def roll_actions(count):
    return ROLL_ACTIONS[count]


def _reroll_actions(count):
    found = _REROLLS.get(count)
    if found is None:
        found = _REROLLS[count] = (_KEEP,) + tuple(A.Reroll(n) for n in range(1, count + 1))
    return found


def _invest_actions(amount):
    found = _INVEST_CHOICES.get(amount)
    if found is None:
        found = _INVEST_CHOICES[amount] = (A.Invest(0), A.Invest(amount))
    return found


def legal_actions(state):
    """Every action the seat `state.to_act` may take now (empty once the game is over)."""
    phase = state.phase
    if phase == ROLL:
        return list(roll_actions(max_dice(state, state.active)))
    if phase == BUILD:
        return build_actions(state)
    if phase == REROLL:
        return list(_reroll_actions(max_dice(state, state.active)))
    if phase == ADJUST:
        return list(_ADJUST_CHOICES)
    if phase == CHOOSE:
        owner, card, leg = current_choice(state)
        return leg.options(state, owner, card)
    if phase == INVEST:
        return list(_invest_actions(state.card_set.establishments[state.choice].invest))
    return []


def build_actions(state):
    """Pass, then the affordable unbuilt landmarks, then the affordable establishments one may buy."""
    cs = state.card_set
    player = state.players[state.active]
    coins = player.coins
    if coins > cs.max_cost:
        coins = cs.max_cost
    # Plain loops with found.append: cheaper than comprehensions for these short tables.
    found = [_PASS]
    built = player.built
    for index, action in cs.affordable_builds[coins]:
        if not built[index]:
            found.append(action)
    market = state.market
    cards = player.cards
    for index, major, action in cs.affordable_buys[coins]:
        if market[index] and not (major and cards[index]):
            found.append(action)
    return found


def current_choice(state):
    frame = state.pending[-1]
    card = state.card_set.establishments[frame[1]]
    return frame[0], card, card.legs[frame[3]]


def describe_choice(state):
    """For a UI: what is being asked, e.g. {"phase": "choose", "player": 0, "card": "tv-station",
    "verb": "chosen_opponent"}."""
    if state.phase == CHOOSE:
        owner, card, leg = current_choice(state)
        return {"phase": CHOOSE, "player": owner, "card": card.slug, "verb": leg.verb}
    if state.phase == ADJUST:
        return {"phase": ADJUST, "player": state.active, "card": state.card_set.landmarks[state.choice].slug}
    if state.phase == INVEST:
        return {"phase": INVEST, "player": state.active, "card": state.card_set.establishments[state.choice].slug}
    return {"phase": state.phase, "player": state.to_act}


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


def _check_seat(state, seat):
    if seat != state.to_act:
        if state.phase == OVER:
            raise NotYourTurnError("the game is over")
        raise NotYourTurnError(f"seat {seat} cannot act: it is seat {state.active}'s turn ({state.phase})")


def _illegal(state, action, reason):
    raise IllegalActionError(f"{action!r} is not legal in phase {state.phase!r}: {reason}")


# One handler per phase: check the action (raising before any change), then play it.

def _on_roll(state, action, events):
    if type(action) is not A.Roll:
        _illegal(state, action, "roll the dice first (roll with 1 die, or 2 with a Train Station)")
    dice = action[1]
    if dice != 1:
        limit = max_dice(state, state.active)
        if type(dice) is not int or not 1 <= dice <= limit:
            _illegal(state, action, f"you may roll 1 to {limit} dice")
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
        _illegal(state, action, "keep the roll or re-roll")
    limit = max_dice(state, state.active)
    if type(action.dice) is not int or not 1 <= action.dice <= limit:
        _illegal(state, action, f"you may re-roll 1 to {limit} dice")
    _roll(state, events, action.dice, "reroll")
    _after_roll(state, events)


def _on_adjust(state, action, events):
    if type(action) is not A.AdjustRoll or not isinstance(action.add, bool):
        _illegal(state, action, "answer whether to adjust the roll (adjust_roll add=true/false)")
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
        _illegal(state, action, f"{card.name} asks for one of: {shown}")
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
            _illegal(state, action, f"there is no establishment {action.card!r} in this game")
        card = cs.establishments[index]
        if not state.market[index]:
            _illegal(state, action, f"{card.name} is not available in the market")
        if card.cost > player.coins:
            _illegal(state, action, f"{card.name} costs {card.cost} coins and you have {player.coins}")
        if card.major and player.cards[index]:
            _illegal(state, action, f"you already own {card.name}: one copy of each major establishment")
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
            _illegal(state, action, f"there is no landmark {action.landmark!r} in this game")
        landmark = cs.landmarks[index]
        if player.built[index]:
            _illegal(state, action, f"{landmark.name} is already built")
        if landmark.cost > player.coins:
            _illegal(state, action, f"{landmark.name} costs {landmark.cost} coins and you have {player.coins}")
        event = LandmarkBuilt(active, landmark, landmark.cost)
        event.apply(state)
        events.append(event)
        if landmark.counts_toward_win and has_won(state, active):
            _emit(state, events, GameOver(active, "landmarks"))
            return
    elif kind is not A.Pass:
        _illegal(state, action, "buy one establishment, build one landmark, or pass")
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
        _illegal(state, action, f"invest 0 or {amount} coins")
    if action.coins:
        _emit(state, events, Invested(state.active, state.card_set.establishments[index], action.coins))
    _start_invest(state, events, index)


def _on_over(state, action, events):
    _illegal(state, action, "the game is over")


def _emit(state, events, event):
    event.apply(state)
    events.append(event)


# ---- roll ---------------------------------------------------------------------------------------------------

def _roll(state, events, count, purpose):
    state.rng, dice = _rng.roll_dice(state.rng, count)
    _emit(state, events, new_dice_rolled(state.active, dice, purpose))


def _after_roll(state, events):
    cs = state.card_set
    if cs.reroll_landmarks and state.rerolls_used < max_rerolls(state, state.active):
        state.phase = REROLL
        return
    _after_dice(state, events)


def _after_dice(state, events):
    """The dice are final: adjust the total if a landmark allows it, then resolve income."""
    if state.card_set.adjust_landmarks:
        _start_adjust(state, events)
    else:
        _start_income(state, events)


def _start_adjust(state, events):
    """Offer (or apply) the active player's roll.after landmarks, in landmark order, each at most once."""
    cs = state.card_set
    if cs.adjust_landmarks:
        active = state.active
        built = state.players[active].built
        for index in cs.adjust_landmarks:
            if index < state.adjust_from or not built[index]:
                continue
            landmark = cs.landmarks[index]
            adjust = landmark.abilities.adjust
            if not adjust.applies(state, active):
                continue
            state.adjust_from = index + 1
            if adjust.optional:
                state.phase = ADJUST
                state.choice = index
                return
            _emit(state, events, RollAdjusted(active, landmark, adjust.amount))
    _start_income(state, events)


# ---- income -------------------------------------------------------------------------------------------------

_OWNER_ORDERS = {}


def activated_owners(count, roller, activated_by, neighbours_only):
    """Seats whose cards of a colour activate on `roller`'s roll, in resolution order (cached).

    Others are visited counter-clockwise starting from the roller's right. With the neighbours-only
    variant, cards of other players activate only when the roller sits next to their owner.
    """
    return _owner_orders(count, roller, neighbours_only)[activated_by]


def _owner_orders(count, roller, neighbours_only):
    """{activated_by: seats} for one roller (cached)."""
    key = (count, roller, neighbours_only)
    orders = _OWNER_ORDERS.get(key)
    if orders is None:
        others = [(roller - i) % count for i in range(1, count)]
        if neighbours_only:
            near = {(roller - 1) % count, (roller + 1) % count}
            others = [seat for seat in others if seat in near]
        orders = _OWNER_ORDERS[key] = {"owner": (roller,), "others": tuple(others),
                                       "anyone": (roller,) + tuple(others)}
    return orders


def activation_steps(card_set, count, roller, neighbours_only):
    """steps[total] = ((owner, establishment index, card), ...): every card that may activate when `roller`
    rolls `total`, in resolution order (colour groups, then seats, then cards). Cached on the card set."""
    key = (count, roller, neighbours_only)
    steps = card_set.step_tables.get(key)
    if steps is None:
        orders = _owner_orders(count, roller, neighbours_only)
        steps = card_set.step_tables[key] = tuple(
            tuple((owner, index, card) for activated_by, cards in groups for owner in orders[activated_by]
                  for index, card in cards)
            for groups in card_set.activation_cards)
    return steps


def _start_income(state, events):
    """Activate the cards matching the total, in resolution order.

    Cards that ask nothing fire at once; from the first card that may ask a question on, the remaining
    steps go to `state.pending` so the resolution can pause and resume (see _run_pending).
    """
    total = state.total
    cs = state.card_set
    if total <= cs.max_total:
        players = state.players
        tables = cs.step_tables.get((len(players), state.active, state.options.neighbours_only))
        if tables is None:
            tables = activation_steps(cs, len(players), state.active, state.options.neighbours_only)
        waiting = None      # steps left for _run_pending once a card may ask a question
        for owner, index, card in tables[total]:
            player = players[owner]
            copies = player.cards[index]
            if not copies:
                continue
            if waiting is not None or card.choice:
                if waiting is None:
                    waiting = []
                waiting.append([owner, index, -1, 0, 0])
                continue
            closed = player.closed[index]
            if closed:
                event = CardsReopened(owner, card, closed)
                event.apply(state)
                events.append(event)
                copies -= closed
                if not copies:
                    continue
            gain = card.fast_gain
            if gain:
                # Gain.fire inlined for a plain `c N` card: the bank pays N (+ the income bonus) per copy.
                if card.bonus:
                    gain += income_bonus(state, owner, card)
                gain *= copies
                state.bank -= gain          # Transfer.apply inlined
                player.coins += gain
                events.append(new_transfer(BANK, owner, gain, gain, card))
                continue
            for leg in card.legs:
                leg.fire(state, events, owner, card, copies)
        if waiting:
            waiting.reverse()
            state.pending = waiting
            if not _run_pending(state, events):
                return
    if cs.build_before_landmarks:
        _start_build(state, events)
    else:
        state.phase = BUILD     # _start_build with nothing to fire


def _run_pending(state, events):
    """Resolve activation steps (a stack, next step last). Return False when a card waits for a choice."""
    pending = state.pending
    players = state.players
    establishments = state.card_set.establishments
    while pending:
        frame = pending[-1]
        owner = frame[0]
        index = frame[1]
        card = establishments[index]
        player = players[owner]
        if frame[2] < 0:
            # The step starts: closed copies reopen instead of producing; open copies fire.
            closed = player.closed[index]
            if closed:
                _emit(state, events, CardsReopened(owner, card, closed))
            firings = player.cards[index] - closed
            if firings <= 0:
                pending.pop()
                continue
            if not card.choice:
                pending.pop()
                for leg in card.legs:
                    leg.fire(state, events, owner, card, firings)
                continue
            frame[2] = firings
        # A card that asks questions fires copy by copy, leg by leg; before each copy it checks that its
        # owner still has that many (copies given away by its own Moving Company do not fire).
        legs = card.legs
        position = frame[3]
        if position >= len(legs):
            frame[2] -= 1
            frame[3] = 0
            frame[4] = 0
            continue
        if position == 0 and frame[2] > player.cards[index]:
            frame[2] = player.cards[index]
        if frame[2] <= 0:
            pending.pop()
            continue
        leg = legs[position]
        if leg.choice:
            if leg.has_options(state, owner, card):
                state.phase = CHOOSE
                return False
            leg.skip(state, events, owner, card, frame[4])
        else:
            leg.fire(state, events, owner, card, 1)
        frame[3] = position + 1
        frame[4] = 0
    return True


# ---- build --------------------------------------------------------------------------------------------------

def _start_build(state, events):
    state.phase = BUILD
    cs = state.card_set
    if cs.build_before_landmarks:
        active = state.active
        built = state.players[active].built
        for index in cs.build_before_landmarks:
            if built[index]:
                landmark = cs.landmarks[index]
                for leg in landmark.abilities.build_before:
                    leg.fire(state, events, active, landmark, 1)


# ---- end of turn --------------------------------------------------------------------------------------------

def _start_invest(state, events, after):
    cs = state.card_set
    if cs.invest_cards:
        player = state.players[state.active]
        for index in cs.invest_cards:
            if index > after and player.cards[index] and player.coins >= cs.establishments[index].invest:
                state.phase = INVEST
                state.choice = index
                return
        state.choice = None
    _end_turn(state, events)


def _end_turn(state, events):
    active = state.active
    turn = state.turn
    limit = state.options.max_turns
    if limit is not None and turn >= limit:
        _emit(state, events, GameOver(None, "turn limit"))
        return
    dice = state.dice
    extra = False
    if len(dice) >= 2 and dice.count(dice[0]) == len(dice):
        built = state.players[active].built
        for landmark in state.card_set.extra_turn_landmarks:
            if built[landmark]:
                extra = True
                break
    following = active if extra else (active + 1) % len(state.players)
    event = new_turn_started(following, turn + 1, extra)
    event.apply(state)
    events.append(event)


# handler(state, action, events) for each phase: checks `action`, then plays it on `state`.
PHASE_HANDLERS = _HANDLERS = {ROLL: _on_roll, REROLL: _on_reroll, ADJUST: _on_adjust, CHOOSE: _on_choose,
                              BUILD: _on_build, INVEST: _on_invest, OVER: _on_over}
