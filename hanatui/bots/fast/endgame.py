"""The exact value of a two-seat koi-koi round once every card is known: the endgame solve.

The strong level values a move by playing it out on many deals of the hidden cards with a
greedy policy for both seats (`fast.playout`). Once the hands are small, a deal's round can be
played out exactly instead: every card is known (the opponent's hand and the pile's order are
the deal's), so the round is a game of perfect information, and minimax over the decisions
that are left gives its value. Each seat maximizes its own round points less the other's (two
seats: `normal.relative_points`, zero-sum), so the search is a negamax.

The decisions are the engine's: the card from the hand, which of two field cards a card
(played or drawn) takes, and koi-koi or shobu when the end of a turn gives the right. The
round is played on integers as `playout.play_round` plays it (the turn, `KoiKoi.after_turn`'s end
of a turn: ``koikoi_requires_new_yaku``, ``raise_allows_shobu``, ``koikoi_once``,
``koikoi_min_points``, the forced shobu of an empty hand; the exhaustive draw's points), with
the greedy choices replaced by the search over every choice. Within one turn the mover makes
all its choices knowing the draw, so the turn is one max over (card, its capture, the draw's
capture, the call). Alpha-beta with a transposition table (per deal: the pile is the deal's;
the solves of one deal's cards share it) keeps a solve of four cards each to about 40 turns
searched, about 0.27 ms CPU (five cards: about 140 turns, 0.9 ms).

Caveat: the solve is perfect-information ("double dummy"). Within one deal each side plays
knowing everything, the opponent's hand and the draws to come; averaged over deals, a move's
value is what it is worth to players who would each see the cards, not to players who must
guess them (strategy fusion). Whether that beats the greedy playout's model is what the
``solve`` option of `strong.StrongBot` measures.

Supported: what `rounds.round_for` supports (two seats, the standard turn, no wild
Lightning, no play-out of the draw pile); anything else gives None.
tests/bots/test_endgame.py checks the value against a brute-force minimax over the engine.
"""

from __future__ import annotations

from core.actions import Action, PlayCard
from core.engine import legal_actions, step, to_act
from core.events import RoundEnded
from core.games.koikoi.game import base_points, better, newer
from core.games.koikoi.round import KoiKoiRound
from core.games.koikoi.yaku import Standing
from core.state import DRAW, HAND, PLAY, State
from hanatui.bots.fast.position import BITS, INDEXES, MONTHS, Position, position_of
from hanatui.bots.fast.rounds import IntRound, draw_points, round_for, shobu_now

#: The transposition table's bounds: the stored value is exact, a lower or an upper bound.
_EXACT, _LOWER, _UPPER = 0, 1, 2

#: A `Position`'s fields as a plain tuple, in its order: the solve's inner loop makes one a
#: turn and one a draw and unpacks each, which a plain tuple does faster than a named one (with
#: `Position` itself the solve measured 30% slower); `_new(Position, t)` makes the `Position`
#: where one is asked for.
Packed = tuple[
    int, int, int, int, int, int, int, tuple[int, int], tuple[Standing, Standing],
    tuple[Standing, Standing], int,
]  # fmt: skip
_new = tuple.__new__

#: Above any round's points: the search's window when it is open.
_INF = 1 << 30


class Stats:
    """What solves searched: the solves, and the turns entered (``nodes``)."""

    def __init__(self) -> None:
        self.solves = 0
        self.nodes = 0


class _Solver:
    """One deal's search: the round's rules and the deal's fixed facts (the pile, the match
    totals), and its transposition table, keyed by the position."""

    def __init__(self, kk: IntRound, st: State) -> None:
        extra = st.extra
        assert isinstance(extra, KoiKoiRound)
        self.kk = kk
        self.st = st
        rules = kk.rules
        self.rules = rules
        self.pile = st.pile
        self.end = len(self.pile)
        self.standing = kk.yaku.standing
        self.standings = kk.standings
        self.field_free = kk.field_free
        self.requires_new = rules.koikoi_requires_new_yaku
        self.memo: dict[Packed, tuple[int, int]] = {}
        self.nodes = 0

    def turn(self, p: Packed, alpha: int, beta: int, only: int = -1) -> int:
        """The value for the mover of the position ``p`` of its turn from its hand (``only``:
        the card it plays, -1: its best card), both playing their best to the end of the
        round: its points less the other's. Fail-soft alpha-beta."""
        self.nodes += 1
        alpha0 = alpha
        if only < 0:
            found = self.memo.get(p)
            if found is not None:
                value, flag = found
                if flag == _EXACT:
                    return value
                if flag == _LOWER:
                    if value >= beta:
                        return value
                    if value > alpha:
                        alpha = value
                elif value <= alpha:
                    return value
                elif value < beta:
                    beta = value
        hand, op, mine, theirs, field, pos, turn, calls, decided, seen, last = p
        best = -_INF
        # Captures first: they tend to be the best moves, which makes the cuts come sooner.
        if only >= 0:
            order: tuple[int, ...] | list[int] = (only,)
        else:
            cards = INDEXES[hand]
            order = [c for c in cards if field & MONTHS[c]]
            order += [c for c in cards if not field & MONTHS[c]]
        for card in order:
            bit = BITS[card]
            rest = hand ^ bit
            matches = field & MONTHS[card]
            if not matches:
                at = (rest, op, mine, theirs, field | bit, pos, turn, calls, decided, seen, last)
                value = self.draw(at, mine, alpha, beta)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
                continue
            options: tuple[int, ...] = (matches,)
            if matches.bit_count() == 2:
                first = matches & -matches
                options = (first, matches ^ first)
            for taken in options:
                at = (
                    rest, op, mine | taken | bit, theirs, field & ~taken, pos, turn, calls,
                    decided, seen, last,
                )  # fmt: skip
                value = self.draw(at, mine, alpha, beta)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            if alpha >= beta:
                break
        if only < 0:
            if best <= alpha0:
                flag = _UPPER
            elif best >= beta:
                flag = _LOWER
            else:
                flag = _EXACT
            self.memo[p] = (best, flag)
        return best

    def draw(self, p: Packed, took: int, alpha: int, beta: int) -> int:
        """The mover's value from its draw on (``took``: its pile before its turn, -1 when
        not known): the draw's capture, then the end of the turn."""
        hand, op, mine, theirs, field, pos, turn, calls, decided, seen, last = p
        if pos >= self.end:
            return self.after(p, took, alpha, beta)
        card = self.pile[pos]
        pos += 1
        bit = BITS[card]
        matches = field & MONTHS[card]
        if not matches:
            at = (hand, op, mine, theirs, field | bit, pos, turn, calls, decided, seen, last)
            return self.after(at, took, alpha, beta)
        if matches.bit_count() != 2:
            at = (
                hand, op, mine | matches | bit, theirs, field & ~matches, pos, turn, calls,
                decided, seen, last,
            )  # fmt: skip
            return self.after(at, took, alpha, beta)
        first = matches & -matches
        best = -_INF
        for taken in (first, matches ^ first):
            at = (
                hand, op, mine | taken | bit, theirs, field & ~taken, pos, turn, calls,
                decided, seen, last,
            )  # fmt: skip
            value = self.after(at, took, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def after(self, p: Packed, took: int, alpha: int, beta: int) -> int:
        """The end of the mover's turn (`playout.play_round`'s): its yaku, the call or the
        forced shobu, else the next turn or the exhaustive draw."""
        rules = self.rules
        hand, op, mine, theirs, field, pos, turn, calls, decided, seen, last = p
        now: Standing | None = None
        if not self.field_free:
            now = self.standing(mine, field)
        elif mine != took:
            standings = self.standings
            now = standings.get(mine)
            if now is None:
                if len(standings) > 100_000:
                    standings.clear()
                now = standings[mine] = self.standing(mine, field)
        if now is not None and now != seen[turn]:
            if better(now, seen[turn]):
                last = turn
            seen = (now, seen[1]) if turn == 0 else (seen[0], now)
            before = decided[turn]
            play_on = False
            if self.requires_new:
                decision = newer(now, before)
                if not decision and rules.raise_allows_shobu and better(now, before):
                    decision = play_on = True
            else:
                decision = better(now, before)
            if decision:
                forced = not hand
                if not forced and rules.koikoi_once:
                    forced = calls != (0, 0)
                if not forced and rules.koikoi_min_points:
                    forced = base_points(rules, now) < rules.koikoi_min_points
                points = shobu_now(self.kk, self.st, _new(Position, p))
                shobu = points[turn] - points[1 - turn]
                if forced or shobu >= beta:
                    return shobu
                if not play_on:
                    calls = (calls[0] + 1, calls[1]) if turn == 0 else (calls[0], calls[1] + 1)
                decided = (now, decided[1]) if turn == 0 else (decided[0], now)
                if shobu > alpha:
                    alpha = shobu
                at = (hand, op, mine, theirs, field, pos, turn, calls, decided, seen, last)
                go_on = self.next(at, alpha, beta)
                return go_on if go_on > shobu else shobu
            p = (hand, op, mine, theirs, field, pos, turn, calls, decided, seen, last)
        return self.next(p, alpha, beta)

    def next(self, p: Packed, alpha: int, beta: int) -> int:
        """The mover's value once its turn is over: the other seat's turn (negated), or the
        exhaustive draw when both hands are empty."""
        hand, op, mine, theirs, field, pos, turn, calls, decided, seen, last = p
        if not op:
            if hand:  # not in the standard turn (as `playout.play_round`)
                raise AssertionError("endgame: a seat without cards is to play")
            points = draw_points(self.kk, self.st, _new(Position, p))
            return points[turn] - points[1 - turn]
        at = (op, hand, theirs, mine, field, pos, 1 - turn, calls, decided, seen, last)
        return -self.turn(at, -beta, -alpha)


def _start(solver: _Solver, st: State, only: int = -1) -> int:
    """The value for the seat whose turn it is of a state in play (its hand, or its draw)."""
    p = position_of(st)
    if st.stage == DRAW:
        return solver.draw(p, -1, -_INF, _INF)
    return solver.turn(p, -_INF, _INF, only)


class Finisher:
    """A playout's exact end (`playout.Finish`): once both hands hold at most ``cards``
    cards, the round is solved from the playout's position (perfect information: the deal's
    cards, as the playout knows them). ``stats``: the solves and their nodes."""

    def __init__(self, cards: int) -> None:
        self.cards = cards
        self.stats = Stats()

    def __call__(self, kk: IntRound, st: State, p: Position) -> int:
        solver = _Solver(kk, st)
        value = solver.turn(p, -_INF, _INF)
        self.stats.solves += 1
        self.stats.nodes += solver.nodes
        return value


def _relative(points: tuple[int, ...], seat: int) -> int:
    return points[seat] - points[1 - seat]


def _value(kk: IntRound, st: State, seat: int, stats: Stats | None) -> int | None:
    """`value` of a supported round: the integers where the state is a turn in play, the
    engine's decisions (a capture to choose, a call) searched by stepping it."""
    if st.phase == PLAY and (st.stage == DRAW or (st.stage == HAND and st.hands[st.turn])):
        solver = _Solver(kk, st)
        v = _start(solver, st)
        if stats is not None:
            stats.nodes += solver.nodes
        return v if st.turn == seat else -v
    actor = to_act(st)
    if actor is None:
        return None
    best: int | None = None
    for action in legal_actions(st):
        after = _after(kk, st, action, actor, stats)
        if after is None:
            return None
        if best is None or after > best:
            best = after
    if best is None:
        return None
    return best if actor == seat else -best


#: The last state whose candidates were solved, and its solver: the search solves every card
#: of a deal in turn, and their solves share the table (its positions are the deal's).
_LAST: list[tuple[State, IntRound, _Solver]] = []


def _solver_for(kk: IntRound, st: State) -> _Solver:
    if _LAST and _LAST[0][0] is st and _LAST[0][1] is kk:
        return _LAST[0][2]
    solver = _Solver(kk, st)
    _LAST[:] = [(st, kk, solver)]
    return solver


def _after(kk: IntRound, st: State, action: Action, seat: int, stats: Stats | None) -> int | None:
    """The value for ``seat`` of ``action`` in ``st``, both seats playing their best after it."""
    if (
        st.phase == PLAY
        and st.stage == HAND
        and type(action) is PlayCard
        and st.hands[st.turn] & action.card.bit
    ):
        solver = _solver_for(kk, st)
        solver.nodes = 0
        v = _start(solver, st, action.card.index)
        if stats is not None:
            stats.nodes += solver.nodes
        return v if st.turn == seat else -v
    out = step(st, action)
    for ev, _ in out:
        if type(ev) is RoundEnded:
            return _relative(ev.points, seat)
    return _value(kk, out[-1][1], seat, stats)


def value(state: State, seat: int, stats: Stats | None = None) -> int | None:
    """The round's value for ``seat`` (its points less the other's) when both seats play their
    best knowing every card (the deal's hands and pile), or None where `fast.playout` does not
    play the round. ``stats``: the solves and nodes are added to it."""
    kk = round_for(state)
    if kk is None:
        return None
    if stats is not None:
        stats.solves += 1
    return _value(kk, state, seat, stats)


def value_after(state: State, action: Action, seat: int, stats: Stats | None = None) -> int | None:
    """`value` of the round after ``action`` (``seat``'s choice in ``state``)."""
    kk = round_for(state)
    if kk is None:
        return None
    if stats is not None:
        stats.solves += 1
    return _after(kk, state, action, seat, stats)
