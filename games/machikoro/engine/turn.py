"""The turn's flow once an action is accepted: rolling, income (card activations in colour order, with the
choices they ask for), building, investing and passing the turn on. Every change goes through an event."""

from games.common import rng as _rng
from games.machikoro.engine.events import CardsReopened, GameOver, RollAdjusted, new_dice_rolled, new_transfer, new_turn_started
from games.machikoro.engine.legs import income_bonus
from games.machikoro.engine.queries import max_rerolls
from games.machikoro.engine.state import ADJUST, BANK, BUILD, CHOOSE, INVEST, REROLL

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
