"""The cheap policy the strong bot plays its playouts with, and the fast path that plays them.

The policy (`rollout_policy`) is greedy, like `easy`, but values a card by what it does for the
yaku of both sides right now: a card that completes a yaku for the player is worth the yaku; one
that brings it within one or two cards is worth a share of it; and capturing a card an opponent
needs denies it. A card given to the field costs what it would be worth to the opponents. Koi-koi
decisions use the normal policy's rule. It reads only what the acting seat could see (its hand,
the field, the captures), so playouts do not cheat either.

`play_out` plays a round to its end with that policy for every seat, as stepping the engine
would, but without building an event and a state for every card: the ordinary turn (a card from
the hand, the draw, the next seat) runs on plain integers and lists, and the policy's card values
are remembered per pile of captures. Whatever is not ordinary goes to the engine: a wild card in
a hand or on top of the pile, a game's own action (Sakura's hiki), the game's own look at the end
of each turn (koi-koi's yaku, when they changed), the round's end, and every game or option the
fast path does not know (koi-koi's turn variants). tests/bots/test_playout.py checks that it
gives exactly what stepping the engine gives, over random deals of every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from msgspec.structs import replace

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, PlayCard
from core.cards import MONTH_MASKS
from core.engine import legal_actions, run_auto, step, to_act
from core.events import Event, RoundEnded
from core.games.base import Game
from core.state import DECIDE, DRAW, HAND, NEXT_TURN, PLAY, Source, State
from core.turns import capture_targets, next_turn, proceed
from hanatui.bots.fast.position import BITS, CAPTURES, INDEXES, MATES, MONTHS
from hanatui.bots.heuristics import Profile, profile_for
from hanatui.bots.normal import koikoi_choice, shobu_step
from hanatui.bots.shobu import shobu_score

# Share of a yaku's points credited to a card that leaves it 0, 1 or 2 cards short.
NEAR = (1.0, 0.3, 0.1)
DENY = (0.0, 0.5, 0.15)  # ...and for taking a card an opponent 1 or 2 short needs
#: `Model.deny` of `BLOCKING`: the shares for taking a card an opponent 1, 2 or 3 short of a yaku
#: needs. `DENY` is indexed as `NEAR` is, by the cards short before the capture, so a card that
#: would complete the opponent's yaku earns no denial at all (its first entry).
BLOCKING_DENY = (0.5, 0.15, 0.0)


class Model(NamedTuple):
    """Options of the playout policy (the default: `rollout_policy` as it always played)."""

    #: The denial shares, by the cards the opponent is short before the capture.
    deny: tuple[float, ...] = DENY


#: The playout policy as it always played.
PLAIN = Model()
#: ...with the card that completes an opponent's yaku worth taking (`BLOCKING_DENY`).
BLOCKING = Model(deny=BLOCKING_DENY)
# What a card given to the field risks, by how many cards of its month are out of sight.
DISCARD_RISK = (0.0, 0.35, 0.5, 0.6)

WILD = 43  # 11d, the only card a game makes wild (Sakura's Gaji, koi-koi's wild Lightning)


def _missing(prof: Profile, caps: int) -> list[int]:
    """Per target of the profile: how many cards a team holding ``caps`` still lacks."""
    memo = prof.cache if prof.cache is not None else {}
    hit = memo.get(caps)
    if hit is not None:
        return hit
    if len(memo) > 4096:
        memo.clear()
    out = []
    for t in prof.flat:
        miss = 0
        for mask, need in t.clauses:
            short = need - (caps & mask).bit_count()
            if short > 0:
                miss += short
        out.append(miss)
    memo[caps] = out
    return out


def _targets(state: State, idx: int) -> tuple[int, ...]:
    """`core.engine.capture_targets` of a card played from the hand, without the game hook
    for the cards no game makes wild."""
    if idx == WILD:
        return capture_targets(state, idx, "hand")
    matches = state.field & MONTH_MASKS[idx >> 2]
    if not matches:
        return ()
    if matches.bit_count() == 2:
        low = matches & -matches
        return (low, matches ^ low)
    return (matches,)


def _card_bonus(
    prof: Profile, i: int, caps: int, miss: list[int], table: tuple[float, ...]
) -> float:
    """What card ``i`` does for the targets of a team holding ``caps`` with ``miss`` missing."""
    bonus = 0.0
    bit = 1 << i
    if caps & bit:
        return 0.0
    flat = prof.flat
    for k in prof.card_targets[i]:
        m = miss[k]
        if m <= 0 or m > len(table):
            continue
        t = flat[k]
        helps = False
        for mask, need in t.clauses:
            if mask & bit and (caps & mask).bit_count() < need:
                helps = True
                break
        if helps:
            bonus += t.points * table[m - 1]
    return bonus


def rollout_policy(
    state: State,
    seat: int,
    legal: tuple[Action, ...],
    rng: random.Random,
    model: Model = PLAIN,
) -> Action:
    """A cheap greedy choice for ``seat`` in a playout, with the options of ``model``."""
    if len(legal) == 1:
        return legal[0]
    if state.phase == DECIDE:
        if any(isinstance(a, (CallKoiKoi, CallShobu)) for a in legal):
            return koikoi_choice(state, seat, legal)
        return legal[rng.randrange(len(legal))]
    n = len(state.players)
    prof = profile_for(state.rules, n)
    teams = prof.teams
    team = teams[seat]
    mine = 0
    theirs = 0
    for s in range(n):
        if teams[s] == team:
            mine |= state.captures[s]
        else:
            theirs |= state.captures[s]
    worth = prof.worth
    miss_me = _missing(prof, mine) if prof.flat else []
    miss_op = _missing(prof, theirs) if prof.flat else []
    deny = model.deny
    cache: dict[int, float] = {}

    def gain(mask: int) -> float:
        total = 0.0
        while mask:
            low = mask & -mask
            mask ^= low
            i = low.bit_length() - 1
            v = cache.get(i)
            if v is None:
                v = worth[i]
                if miss_me:
                    v += _card_bonus(prof, i, mine, miss_me, NEAR)
                    v += _card_bonus(prof, i, theirs, miss_op, deny)
                cache[i] = v
            total += v
        return total

    def given(i: int) -> float:
        v = worth[i]
        if miss_op:
            v += _card_bonus(prof, i, theirs, miss_op, NEAR)
        return v

    hand = state.hands[seat]
    seen = hand | state.field | mine | theirs
    best_v = -1e18
    best: list[Action] = []
    for a in legal:
        if isinstance(a, PlayCard):
            idx = a.card.index
            targets = _targets(state, idx)
            if not targets:
                month = MONTH_MASKS[idx >> 2]
                # the month's cards we cannot see are the ones that could take it from the field
                open_cards = (month & ~(seen | (1 << idx))).bit_count()
                v = -DISCARD_RISK[open_cards] * given(idx)
                if hand & month & ~(1 << idx):
                    v += 0.25 * worth[idx]  # we hold its mate: we may take it back
            else:
                v = max(gain(m | (1 << idx)) for m in targets)
        elif isinstance(a, ChooseCapture):
            v = 0.0 if a.target is None else gain(a.target.bit | a.card.bit)
        else:
            v = 1.0
        if v > best_v + 1e-9:
            best_v = v
            best = [a]
        elif v > best_v - 1e-9:
            best.append(a)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


# --------------------------------------------------------------------------------------------
# The playout fast path
# --------------------------------------------------------------------------------------------


class Fast(NamedTuple):
    """What the fast path needs of one game under one set of rules and table size."""

    prof: Profile
    teams: tuple[int, ...]
    worth: tuple[float, ...]
    wild: int  # cards whose play or draw goes to the engine
    wild_now: Callable[[State], int] | None  # ...or which of them are wild this round
    extras: Callable[[int, int], object] | None
    after_turn: bool  # the game looks at the end of each turn
    two: bool  # two seats, each a team of its own
    flat: bool  # there are yaku to steer for (`Profile.flat`)
    scopes: tuple[int, ...]  # per card: the cards of its targets (`_value`)
    near: list[dict[int, float]]  # per card: `_card_bonus` with NEAR, by the cards held in scope
    deny: list[dict[int, float]]  # ... with `deny_table`
    deny_table: tuple[float, ...]  # `Model.deny`


_FAST: dict[tuple[Game[Any], Any, int, tuple[float, ...]], Fast | None] = {}


def fast_for(state: State, deny: tuple[float, ...] = DENY) -> Fast | None:
    """The fast path's view of the game of ``state`` (with the denial shares ``deny``), or None
    when it does not know the game."""
    game = state.hooks
    key = (game, state.rules, len(state.players), deny)
    if key not in _FAST:
        known = game.playout_hooks  # the hooks it hands to the engine (see the docstring)
        fast = None
        if known is not None and game.overrides <= known:
            prof = profile_for(state.rules, len(state.players))
            fast = Fast(
                prof=prof,
                teams=prof.teams,
                worth=prof.worth,
                wild=game.wild_cards,
                wild_now=game.wild_now if "wild_now" in game.refines else None,
                extras=game.play_extra_possible if "play_extra_possible" in game.refines else None,
                after_turn="after_turn" in game.overrides,
                two=prof.teams == (0, 1),
                flat=bool(prof.flat),
                scopes=_scopes(prof),
                near=[{} for _ in range(48)],
                deny=[{} for _ in range(48)],
                deny_table=deny,
            )
        if len(_FAST) > 256:
            _FAST.clear()
        _FAST[key] = fast
    return _FAST[key]


def _scopes(prof: Profile) -> tuple[int, ...]:
    """Per card: itself and every card of the clauses of its targets."""
    out = []
    for i in range(48):
        scope = 1 << i
        for k in prof.card_targets[i]:
            for mask, _ in prof.flat[k].clauses:
                scope |= mask
        out.append(scope)
    return tuple(out)


def play_out(
    state: State, action: Action, rng: random.Random, model: Model = PLAIN
) -> tuple[RoundEnded | None, State]:
    """Play ``action``, then `rollout_policy` (with ``model``) for every seat to the end of the
    round: the round's score (None if the round ended without one) and the state after it.
    Exactly what stepping the engine with the same policy and ``rng`` gives, faster."""
    ended, st, _ = _play(state, action, rng, True, model)
    assert st is not None
    return ended, st


def play_out_score(
    state: State, action: Action, rng: random.Random, model: Model = PLAIN
) -> tuple[int, ...] | None:
    """The points of `play_out`'s score alone (the same use of ``rng``): a round ended by a
    shobu call is scored on masks, without the engine (`shobu.shobu_score`)."""
    ended, _, points = _play(state, action, rng, False, model)
    return points if ended is None else ended.points


def _play(
    state: State, action: Action, rng: random.Random, full: bool, model: Model = PLAIN
) -> tuple[RoundEnded | None, State | None, tuple[int, ...] | None]:
    """`play_out`, and None for points; unless ``full``, a called shobu ends it with its
    points alone (no event, no state)."""
    out: list[tuple[Event | None, State]]
    fast = fast_for(state, model.deny) if state.phase == PLAY and type(action) is PlayCard else None
    bit = action.card.bit if type(action) is PlayCard else 0
    if (
        fast is not None
        and state.stage == HAND
        and state.hands[state.turn] & bit
        and not bit & _wild(fast, state)
    ):
        handed, st = _run(state, fast, rng, bit.bit_length() - 1)
        out = [(None, st)] if handed is None else handed
    else:
        out = list(step(state, action))
    while True:
        for ev, st in out:
            if type(ev) is RoundEnded:
                return ev, st, None
        st = out[-1][1]
        actor = to_act(st)
        if actor is None:
            return None, st, None
        if st.phase == PLAY:
            fast = fast_for(st, model.deny)
            if fast is not None:
                handed, st = _run(st, fast, rng)
                if handed is not None:
                    out = handed
                    continue
                actor = st.turn  # a decision the fast path leaves to the policy
        legal = legal_actions(st)
        if st.phase == DECIDE and len(legal) > 1:
            choice = decide_phase(st, actor, legal, rng, model)
            if isinstance(choice, CallShobu):  # weighed just now: its score is known
                if not full:
                    points = shobu_score(st, choice.seat)
                    if points is not None:
                        return None, None, points
                called = shobu_step(st, choice.seat)
                if called is not None:
                    out = list(called)
                    continue
        else:
            choice = rollout_policy(st, actor, legal, rng, model)
        out = list(step(st, choice))


#: Koi-koi decisions of playouts, by what the policy reads of the table (`decide_phase`).
_DECISIONS: dict[tuple[object, ...], Action] = {}


def decide_phase(
    st: State, seat: int, legal: tuple[Action, ...], rng: random.Random, model: Model
) -> Action:
    """`rollout_policy` in the DECIDE phase. The koi-koi call is a deterministic function of
    what the deciding seat sees (`normal.koikoi_choice`), which many playouts of one search
    share (the first decision after the move searched, above all): it is remembered, keyed by
    everything that function reads."""
    if not any(isinstance(a, (CallKoiKoi, CallShobu)) for a in legal):
        return rollout_policy(st, seat, legal, rng, model)
    key = (
        st.rules,
        seat,
        st.hands[seat],
        tuple(map(int.bit_count, st.hands)),
        st.field,
        st.captures,
        st.extra,
        st.round,
        st.dealer,
        st.totals,
        st.pending,
        legal,
    )
    choice = _DECISIONS.get(key)
    if choice is None:
        choice = rollout_policy(st, seat, legal, rng)
        if len(_DECISIONS) > 50_000:
            _DECISIONS.clear()
        _DECISIONS[key] = choice
    return choice


def _wild(fast: Fast, st: State) -> int:
    return fast.wild if fast.wild_now is None else fast.wild_now(st)


def _run(
    st: State, fast: Fast, rng: random.Random, first: int = -1
) -> tuple[list[tuple[Event | None, State]] | None, State]:
    """Ordinary turns from the decision ``st`` (the play phase, a card from the hand next), until
    something needs the engine: then (the engine's events and states from there, the last state),
    or (None, the state of a decision for the policy on the state). ``first``: the card played
    first (an ordinary one of the hand), instead of the policy's choice."""
    game: Game[Any] = st.hooks
    wild = _wild(fast, st)
    extras = fast.extras
    quiet = game.turn_changes_nothing(st)
    hands = list(st.hands)
    field = st.field
    pile = st.pile
    pos = 0
    end = len(pile)
    caps = list(st.captures)
    turn = st.turn
    turn_no = st.turn_no
    n = len(hands)
    while True:
        # A card from the hand (none in a turn of a draw alone).
        hand = hands[turn]
        if hand:
            if first >= 0:
                card = first
                first = -1
            elif extras is not None and extras(hand, field):
                return None, _state(st, hands, field, pile[pos:], caps, turn, turn_no, HAND)
            elif hand & wild:
                # The game says where a wild card may go; the policy weighs it with the others.
                now = _state(st, hands, field, pile[pos:], caps, turn, turn_no, HAND)
                legal = legal_actions(now)
                if len(legal) != hand.bit_count() or any(type(a) is not PlayCard for a in legal):
                    return None, now  # not every card may be played, or the game adds actions
                targets = {i: capture_targets(now, i, HAND) for i in INDEXES[hand & wild]}
                card = _choose_play(fast, turn, hand, field, caps, rng, targets)
                if BITS[card] & wild:  # the wild card is played: the engine lands it
                    played = next(
                        a for a in legal if isinstance(a, PlayCard) and a.card.index == card
                    )
                    return _handed(now, step(now, played))
            else:
                card = _choose_play(fast, turn, hand, field, caps, rng)
            bit = BITS[card]
            hands[turn] = hand ^ bit
            matches = field & MONTH_MASKS[card >> 2]
            if matches:
                if matches.bit_count() == 2:
                    matches = _choose_target(fast, turn, bit, matches, caps, rng)
                caps[turn] |= matches | bit
                field &= ~matches
            else:
                field |= bit
        # The draw.
        if pos < end:
            card = pile[pos]
            bit = BITS[card]
            if bit & wild:
                drawing = _state(st, hands, field, pile[pos:], caps, turn, turn_no, DRAW)
                return _handed(drawing, run_auto(drawing))
            pos += 1
            matches = field & MONTH_MASKS[card >> 2]
            if matches:
                if matches.bit_count() == 2:
                    matches = _choose_target(fast, turn, bit, matches, caps, rng)
                caps[turn] |= matches | bit
                field &= ~matches
            else:
                field |= bit
        # The turn ends: the game may look at it; then the next seat with a hand plays.
        if fast.after_turn and not (quiet is not None and quiet(turn, caps[turn], field)):
            ended = _state(st, hands, field, pile[pos:], caps, turn, turn_no, HAND)
            after, then = game.after_turn(ended)
            if after is not ended or then != NEXT_TURN:
                moved = proceed(after, then)
                return _handed(moved, run_auto(moved))
        seat = turn + 1
        if seat == n:
            seat = 0
        if not hands[seat]:
            # Every hand empty and cards left to draw: the round may go on with draws alone
            # (the game says); any other seat without a hand is the engine's to pass over.
            ended = _state(st, hands, field, pile[pos:], caps, turn, turn_no, HAND)
            if any(hands) or pos == end or game.round_over(ended):
                moved = next_turn(ended)
                return _handed(moved, run_auto(moved))
        turn = seat
        turn_no += 1


def _state(
    st: State,
    hands: list[int],
    field: int,
    pile: tuple[int, ...],
    caps: list[int],
    turn: int,
    turn_no: int,
    stage: Source,
) -> State:
    """The engine's state where the fast path hands over to it (``st`` as it went on)."""
    return replace(
        st,
        hands=tuple(hands),
        field=field,
        pile=pile,
        captures=tuple(caps),
        turn=turn,
        turn_no=turn_no,
        stage=stage,
    )


def _handed(
    st: State, pairs: list[tuple[Event, State]]
) -> tuple[list[tuple[Event | None, State]], State]:
    out: list[tuple[Event | None, State]] = [(None, st), *pairs]
    return out, out[-1][1]


def scoped_bonus(prof: Profile, i: int, caps: int, table: tuple[float, ...]) -> float:
    """`_card_bonus` computed for the targets of card ``i`` alone (their missing cards are
    counted as `_missing` counts them)."""
    bit = 1 << i
    if caps & bit:
        return 0.0
    bonus = 0.0
    flat = prof.flat
    for k in prof.card_targets[i]:
        t = flat[k]
        m = 0
        for mask, need in t.clauses:
            short = need - (caps & mask).bit_count()
            if short > 0:
                m += short
        if m <= 0 or m > len(table):
            continue
        for mask, need in t.clauses:
            if mask & bit and (caps & mask).bit_count() < need:
                bonus += t.points * table[m - 1]
                break
    return bonus


def _gain(fast: Fast, mask: int, mine: int, theirs: int) -> float:
    """`rollout_policy`'s ``gain``: the values of the cards of ``mask`` (`_value`), added
    lowest first."""
    total = 0.0
    for i in INDEXES[mask]:
        total += _value(fast, i, mine, theirs)
    return total


def _value(fast: Fast, i: int, mine: int, theirs: int) -> float:
    """`rollout_policy`'s value of capturing card ``i``: its worth, the NEAR bonus for ``mine``
    and the DENY bonus against ``theirs`` (each remembered by the pile's cards in the card's
    scope: few combinations recur, where whole piles rarely do)."""
    v = fast.worth[i]
    if fast.flat:
        scope = fast.scopes[i]
        held = mine & scope
        memo = fast.near[i]
        bonus = memo.get(held)
        if bonus is None:
            bonus = remember(memo, held, scoped_bonus(fast.prof, i, held, NEAR))
        v += bonus
        held = theirs & scope
        memo = fast.deny[i]
        bonus = memo.get(held)
        if bonus is None:
            bonus = remember(memo, held, scoped_bonus(fast.prof, i, held, fast.deny_table))
        v += bonus
    return v


def remember(memo: dict[int, float], key: int, value: float) -> float:
    if len(memo) > 20_000:
        memo.clear()
    memo[key] = value
    return value


def _teams_caps(fast: Fast, seat: int, caps: list[int]) -> tuple[int, int]:
    teams = fast.teams
    team = teams[seat]
    mine = 0
    theirs = 0
    for s, c in enumerate(caps):
        if teams[s] == team:
            mine |= c
        else:
            theirs |= c
    return mine, theirs


def _choose_play(
    fast: Fast,
    seat: int,
    hand: int,
    field: int,
    caps: list[int],
    rng: random.Random,
    wild: dict[int, tuple[int, ...]] | None = None,
) -> int:
    """`rollout_policy`'s card to play (an index) from ``hand``; ``wild``: the capture targets
    of its wild cards, as the game gives them (every other card takes its month's match).
    The playouts' innermost loop: `_value` and `_gain` are written out here."""
    if not hand & (hand - 1):
        return hand.bit_length() - 1
    worth = fast.worth
    if fast.two:
        mine = caps[seat]
        theirs = caps[1 - seat]
    else:
        mine, theirs = _teams_caps(fast, seat, caps)
    unseen = ~(hand | field | mine | theirs)
    flat = fast.flat
    scopes = fast.scopes
    near = fast.near
    deny = fast.deny
    prof = fast.prof
    best_v = -1e18
    best: list[int] = []
    for idx in INDEXES[hand]:
        if wild is not None and idx in wild:
            targets = wild[idx]
            if targets:
                low = BITS[idx]
                v = max(_gain(fast, m | low, mine, theirs) for m in targets)
                if v > best_v + 1e-9:
                    best_v = v
                    best = [idx]
                elif v > best_v - 1e-9:
                    best.append(idx)
                continue
            matches = 0
        else:
            matches = field & MONTHS[idx]
        if not matches:
            given = worth[idx]  # what the card left on the field is worth to them
            if flat:
                held = theirs & scopes[idx]
                memo = near[idx]
                bonus = memo.get(held)
                if bonus is None:
                    bonus = remember(memo, held, scoped_bonus(prof, idx, held, NEAR))
                given += bonus
            mates = MATES[idx]
            v = -DISCARD_RISK[(mates & unseen).bit_count()] * given
            if hand & mates:
                v += 0.25 * worth[idx]
        else:
            # The gain of each capture it may make: its cards' values added lowest first, the
            # best capture counts.
            v = -1e300
            for cards in CAPTURES[idx][matches]:
                total = 0.0
                for i in cards:
                    x = worth[i]
                    if flat:
                        scope = scopes[i]
                        held = mine & scope
                        bonus = near[i].get(held)
                        if bonus is None:
                            bonus = remember(near[i], held, scoped_bonus(prof, i, held, NEAR))
                        x += bonus
                        held = theirs & scope
                        bonus = deny[i].get(held)
                        if bonus is None:
                            table = fast.deny_table
                            bonus = remember(deny[i], held, scoped_bonus(prof, i, held, table))
                        x += bonus
                    total += x
                if total > v:
                    v = total
        if v > best_v + 1e-9:
            best_v = v
            best = [idx]
        elif v > best_v - 1e-9:
            best.append(idx)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def _choose_target(
    fast: Fast, seat: int, bit: int, matches: int, caps: list[int], rng: random.Random
) -> int:
    """`rollout_policy`'s choice between the two field cards ``matches`` of the card ``bit``."""
    mine, theirs = _teams_caps(fast, seat, caps)
    first = matches & -matches
    second = matches ^ first
    a = _gain(fast, first | bit, mine, theirs)
    b = _gain(fast, second | bit, mine, theirs)
    if b > a + 1e-9:
        return second
    if b > a - 1e-9:
        return (first, second)[rng.randrange(2)]
    return first
