"""Sakura (RULES.md §6): 2-7 players, teams, the Gaji wild card, hiki and the 8 yaku.

The fishing core runs in `core.engine`; this module adds what Sakura changes:

- card values (Sakura column, total 240); the dealer takes four of a month dealt to the field;
- the Gaji (11d): played from the hand (or turned from the draw pile, option
  ``gaji_wild_on_draw``) onto a non-empty field it takes any one field card and keeps it
  (`SakuraRound.gaji_pair`); at the round's end its owner takes the field cards of that month
  (`GajiClaimed`). Dealt to the field it is an ordinary Willow card (or discarded);
- hiki: `DeclareHiki` instead of playing a card, when hand and field hold all four cards of a
  month; and the interrupt: a Gaji aimed at a card of another seat's hiki is stopped
  (`GajiInterrupted`), that seat declares the hiki out of turn, then the Gaji's player aims again
  or leaves it on the field (or takes it back, option ``gaji_blocked``);
- scoring: the (team's pooled) card total minus the penalty for every yaku held by an opponent.

Zones: every card is in exactly one of the hands, the field, the draw pile, the captures, the
pending card (Phase.CHOOSE, and Phase.DECIDE during an interrupt) or `SakuraRound.discarded`. The card the
Gaji took stays in its owner's captures; `gaji_pair` only remembers which one it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from core.actions import DeclareHiki
from core.cards import CARDS, MONTH_MASKS, SAKURA_POINTS, Card, cards_of, mask_of, points_of
from core.errors import CorruptLogError, IllegalActionError
from core.events import (
    GajiClaimed,
    GajiInterrupted,
    HikiDeclared,
    RoundEnded,
    ScoreLine,
    SeatScore,
)
from core.games.base import Game
from core.rulesets.sakura import TEAM_LAYOUTS, SakuraRules
from core.state import Phase, Source
from core.yaku import YakuHit, YakuSpec, evaluate_specs, register_evaluator

if TYPE_CHECKING:
    from core.actions import Action
    from core.events import Event
    from core.rules import Rules
    from core.state import State

GAJI = Card.C11D.index
GAJI_BIT = 1 << GAJI
WILLOWS = MONTH_MASKS[10]


class SakuraRound(msgspec.Struct, frozen=True, kw_only=True):
    """Sakura's own round state (`State.extra`); all of it is public."""

    gaji_owner: int = -1  # the seat whose wild Gaji took a card, or -1
    gaji_pair: int = -1  # the card (bit index) it took and keeps, for the end claim
    discarded: int = 0  # cards out of play: the Gaji dealt to the field (option discard)
    dealer_took: int = 0  # four of a month dealt to the field, captured by the dealer
    interrupt_by: int = -1  # Phase.DECIDE: the hiki holder who stopped the Gaji and must declare
    interrupt_month: int = 0  # ...the month of that hiki
    blocked_turn: int = 0  # turn_no in which the Gaji was stopped: it may be left on the field
    returned_turn: int = 0  # turn_no in which a stopped Gaji went back to the hand


# --------------------------------------------------------------------------------------------
# The 8 yaku (RULES.md §6, numbered as in the Spanish seed); each costs every opponent 50.
# --------------------------------------------------------------------------------------------


def _spec(
    number: int, yaku_id: str, name: str, name_ja: str, codes: str, description: str
) -> YakuSpec:
    return YakuSpec(
        id=yaku_id,
        name=f"Yaku {number}: {name}",
        name_ja=name_ja,
        points=50,
        cards=mask_of(codes.split()),
        description=description,
    )


SAKURA_YAKU: tuple[YakuSpec, ...] = (
    _spec(1, "nomi", "Nomi", "飲み", "03a 08a 09a", "Curtain, Moon and Sake Cup"),
    _spec(
        2,
        "omote_sugawara",
        "Omote-sugawara",
        "表菅原",
        "01a 02a 03a",
        "Crane, Bush Warbler and Curtain",
    ),
    _spec(3, "akatan", "Akatan", "赤短", "01b 02b 03b", "the three poetry ribbons"),
    _spec(4, "aotan", "Aotan", "青短", "06b 09b 10b", "the three blue ribbons"),
    _spec(
        5,
        "blue_animals",
        "Blue-ribbon animals",
        "",
        "06a 09a 10a",
        "Butterflies, Sake Cup and Deer",
    ),
    _spec(
        6,
        "kusatan",
        "Kusatan",
        "草短",
        "04b 05b 07b",
        "the plain red ribbons of Wisteria, Iris and Bush clover (not the Willow ribbon)",
    ),
    _spec(7, "grass_animals", "Grass-ribbon animals", "", "04a 05a 07a", "Cuckoo, Bridge and Boar"),
    _spec(8, "inoshikagan", "Inoshikagan", "猪鹿雁", "07a 08b 10a", "Boar, Geese and Deer"),
)


def evaluate_sakura_yaku(rules: Rules, captured: int) -> tuple[YakuHit, ...]:
    """The Sakura yaku a pile holds; ``points`` is what each opponent loses for it."""
    if not getattr(rules, "sakura_yaku_enabled", True):
        return ()
    hits = evaluate_specs(SAKURA_YAKU, captured)
    penalty = getattr(rules, "sakura_yaku_penalty", 50)
    if penalty != 50:
        hits = tuple(replace(h, points=penalty) for h in hits)
    return hits


register_evaluator("sakura", evaluate_sakura_yaku)


# --------------------------------------------------------------------------------------------
# Teams
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def teams_of(layout: str, n: int) -> tuple[tuple[int, ...], ...]:
    """The scoring units: one per seat, or the teams of ``layout`` seated alternately
    (seat s is in team s % team count: 2x2 gives (0, 2) and (1, 3))."""
    shape = TEAM_LAYOUTS.get(layout)
    if shape is None:
        return tuple((s,) for s in range(n))
    count = shape[0]
    return tuple(tuple(range(t, n, count)) for t in range(count))


def unit_label(unit: tuple[int, ...]) -> str:
    if len(unit) == 1:
        return f"seat {unit[0]}"
    return "team of seats " + ", ".join(str(s) for s in unit)


# --------------------------------------------------------------------------------------------
# Hiki
# --------------------------------------------------------------------------------------------


def hiki_months(hand: int, field: int) -> tuple[int, ...]:
    """Months (1..12) whose four cards lie between ``hand`` and ``field``, one at least in hand."""
    both = hand | field
    return tuple(m + 1 for m, mm in enumerate(MONTH_MASKS) if both & mm == mm and hand & mm)


def hiki_holder(state: State, month: int, exclude: int) -> int:
    """The seat other than ``exclude`` holding a hiki of ``month`` with the field, or -1."""
    mm = MONTH_MASKS[month - 1]
    rest = mm & ~state.field
    if not rest:
        return -1
    for seat, hand in enumerate(state.hands):
        if seat != exclude and hand & mm == rest:
            return seat
    return -1


class Sakura(Game):
    id = "sakura"
    title = "Sakura"
    min_players = 2
    max_players = 7

    # --- setup -----------------------------------------------------------------------------
    def check_players(self, rules: Rules, n: int) -> None:
        super().check_players(rules, n)
        layout = getattr(rules, "teams", "none")
        shape = TEAM_LAYOUTS.get(layout)
        if shape is not None and shape[0] * shape[1] != n:
            count, size = shape
            raise IllegalActionError(
                f"teams {layout} ({count} teams of {size}) needs {count * size} players, not {n}"
            )

    def void_deal(self, state: State) -> str | None:
        return None  # four of a month on the field is the dealer's, not a misdeal

    def after_deal(self, state: State) -> State:
        """The Gaji dealt to the field may be discarded; four of a month there go to the dealer."""
        rules: SakuraRules = state.rules  # type: ignore[assignment]
        field = state.field
        discarded = 0
        if rules.gaji_initial_field == "discard" and field & GAJI_BIT:
            field &= ~GAJI_BIT
            discarded = GAJI_BIT
        took = 0
        for mm in MONTH_MASKS:
            if field & mm == mm:
                took |= mm
        captures = state.captures
        if took:
            caps = list(captures)
            caps[state.dealer] |= took
            captures = tuple(caps)
            field &= ~took
        return replace(
            state,
            field=field,
            captures=captures,
            extra=SakuraRound(discarded=discarded, dealer_took=took),
        )

    # --- values and the end of a round ----------------------------------------------------
    def card_values(self, rules: Rules) -> tuple[int, ...]:
        return SAKURA_POINTS

    def round_over(self, state: State) -> str | None:
        if any(state.hands):
            return None
        if not state.pile:
            return "cards_exhausted"
        if state.rules.sakura_round_end == "hands_empty":  # type: ignore[attr-defined]
            return "hands_empty"
        return None

    # --- the Gaji ----------------------------------------------------------------------------
    @staticmethod
    def _wild(rules: Rules, source: Source) -> bool:
        return source == Source.HAND or (source == Source.DRAW and rules.gaji_wild_on_draw)  # type: ignore[attr-defined]

    def capture_targets(self, state: State, card: int, source: Source) -> tuple[int, ...] | None:
        """A wild Gaji may take any one field card (the player chooses). Three Willow cards on
        the field are taken all together, as by any fourth Willow. Mask 0 (target None) plays it
        as an ordinary Willow card: offered when that differs from a wild capture (no Willow on
        the field: it joins the field), and after a hiki holder stopped it (it is left there)."""
        if card != GAJI or not self._wild(state.rules, source):
            return None
        field = state.field
        ex = state.extra
        blocked = state.pending == GAJI and ex is not None and ex.blocked_turn == state.turn_no
        if not field:
            return (0,) if blocked else ()
        willows = field & WILLOWS
        three = willows.bit_count() == 3
        targets = []
        rest = field
        while rest:
            low = rest & -rest
            rest ^= low
            if three and low & WILLOWS:
                if low == willows & -willows:
                    targets.append(willows)
                continue
            targets.append(low)
        if blocked or not willows:
            targets.append(0)
        return tuple(targets)

    def landed(self, state: State, seat: int, card: int, captured: int, source: Source) -> State:
        """A wild Gaji that took a card remembers it (it stays with the Gaji for the end claim)."""
        if card != GAJI:
            return state
        ex: SakuraRound = state.extra
        if captured and self._wild(state.rules, source):
            pair = captured & ~GAJI_BIT
            low = pair & -pair
            return replace(
                state,
                extra=replace(ex, gaji_owner=seat, gaji_pair=low.bit_length() - 1, blocked_turn=0),
            )
        if ex.blocked_turn:
            return replace(state, extra=replace(ex, blocked_turn=0))
        return state

    def interrupt_choice(self, state: State, seat: int, target: int) -> Event | None:
        """A Gaji aimed at a card completing another seat's hiki is stopped by that seat."""
        if state.pending != GAJI or not target or target & (target - 1):
            return None
        if not self._wild(state.rules, state.pending_from):
            return None
        index = target.bit_length() - 1
        month = index // 4 + 1
        by = hiki_holder(state, month, seat)
        if by < 0:
            return None
        return GajiInterrupted(seat=seat, target=CARDS[index], by=by, month=month)

    def claim_mask(self, state: State) -> int:
        """The field cards the Gaji's owner takes at the round's end (0 if none)."""
        ex: SakuraRound | None = state.extra
        if ex is None or ex.gaji_owner < 0:
            return 0
        if state.rules.gaji_end_claim == "all_remaining":  # type: ignore[attr-defined]
            return state.field
        return state.field & MONTH_MASKS[ex.gaji_pair >> 2]

    def auto_event(self, state: State) -> Event | None:
        if state.phase != Phase.SCORING:
            return None
        mask = self.claim_mask(state)
        if not mask:
            return None
        return GajiClaimed(seat=state.extra.gaji_owner, captured=cards_of(mask))

    # --- decisions: hiki, and who decides ------------------------------------------------
    def decider(self, state: State) -> int:
        if state.phase == Phase.DECIDE:
            ex = state.extra
            if ex is not None and ex.interrupt_by >= 0:
                return ex.interrupt_by
        return state.turn

    def playable(self, state: State) -> int:
        """A Gaji taken back after a block is not played again in that turn (unless it is the
        only card left)."""
        hand = state.hands[state.turn]
        if hand & GAJI_BIT and hand != GAJI_BIT:
            ex = state.extra
            if ex is not None and ex.returned_turn == state.turn_no:
                return hand & ~GAJI_BIT
        return hand

    def legal_extra(self, state: State) -> tuple[Action, ...]:
        phase = state.phase
        if phase == Phase.PLAY:
            seat = state.turn
            return tuple(
                DeclareHiki(seat=seat, month=m) for m in hiki_months(state.hands[seat], state.field)
            )
        if phase == Phase.DECIDE:
            ex = state.extra
            if ex is not None and ex.interrupt_by >= 0:
                return (DeclareHiki(seat=ex.interrupt_by, month=ex.interrupt_month),)
        return ()

    def decide_extra(self, state: State, action: Action) -> Event:
        if isinstance(action, DeclareHiki) and action in self.legal_extra(state):
            return HikiDeclared(
                seat=action.seat,
                month=action.month,
                captured=cards_of(MONTH_MASKS[action.month - 1]),
            )
        if isinstance(action, DeclareHiki):
            raise IllegalActionError(
                f"seat {action.seat} holds no hiki of month {action.month} now: {action!r}"
            )
        return super().decide_extra(state, action)

    # --- applying Sakura's own events ----------------------------------------------------
    def apply_extra(self, state: State, event: Event) -> State:
        if isinstance(event, HikiDeclared):
            return self._apply_hiki(state, event)
        if isinstance(event, GajiInterrupted):
            return self._apply_interrupt(state, event)
        if isinstance(event, GajiClaimed):
            return self._apply_claim(state, event)
        return super().apply_extra(state, event)

    @staticmethod
    def _take(state: State, seat: int, mask: int) -> State:
        hands = list(state.hands)
        hands[seat] &= ~mask
        caps = list(state.captures)
        caps[seat] |= mask
        return replace(state, hands=tuple(hands), field=state.field & ~mask, captures=tuple(caps))

    def _apply_hiki(self, state: State, ev: HikiDeclared) -> State:
        mm = MONTH_MASKS[ev.month - 1]
        if mask_of(ev.captured) != mm or len(ev.captured) != 4:
            raise CorruptLogError(
                f"a hiki of month {ev.month} takes its four cards, not {_codes(ev.captured)}"
            )
        ex: SakuraRound | None = state.extra
        if state.phase == Phase.DECIDE and ex is not None and ex.interrupt_by >= 0:
            if ev.seat != ex.interrupt_by or ev.month != ex.interrupt_month:
                raise CorruptLogError(
                    f"seat {ex.interrupt_by} must declare the hiki of month {ex.interrupt_month}, "
                    f"not seat {ev.seat} month {ev.month}"
                )
            state = self._take(state, ev.seat, mm)
            ex = replace(ex, interrupt_by=-1, interrupt_month=0)
            if state.rules.gaji_blocked == "return_to_hand" and state.pending_from == Source.HAND:  # type: ignore[attr-defined]
                hands = list(state.hands)
                hands[state.turn] |= GAJI_BIT
                return replace(
                    state,
                    hands=tuple(hands),
                    phase=Phase.PLAY,
                    stage=Source.HAND,
                    pending=-1,
                    pending_from=None,
                    extra=replace(ex, returned_turn=state.turn_no),
                )
            return replace(state, phase=Phase.CHOOSE, extra=replace(ex, blocked_turn=state.turn_no))
        if state.phase != Phase.PLAY or state.stage != Source.HAND:
            raise CorruptLogError(f"a hiki was declared out of turn (phase {state.phase!r})")
        if ev.seat != state.turn:
            raise CorruptLogError(
                f"seat {ev.seat} declared hiki, but it is seat {state.turn}'s turn"
            )
        if ev.month not in hiki_months(state.hands[ev.seat], state.field):
            raise CorruptLogError(f"seat {ev.seat} holds no hiki of month {ev.month}")
        from core.engine import _after_hand_step  # the engine imports the games: import late

        return _after_hand_step(self._take(state, ev.seat, mm))

    def _apply_interrupt(self, state: State, ev: GajiInterrupted) -> State:
        if state.phase != Phase.CHOOSE or state.pending != GAJI:
            raise CorruptLogError("a Gaji was interrupted, but no Gaji is waiting for a target")
        if ev.seat != state.turn:
            raise CorruptLogError(
                f"seat {ev.seat} aimed the Gaji, but it is seat {state.turn}'s turn"
            )
        targets = self.capture_targets(state, GAJI, state.pending_from) or ()
        expected = (
            self.interrupt_choice(state, ev.seat, ev.target.bit)
            if ev.target.bit in targets
            else None
        )
        if expected != ev:
            raise CorruptLogError(
                f"the Gaji aimed at {ev.target.value} is not stopped by a hiki of seat {ev.by}"
            )
        return replace(
            state,
            phase=Phase.DECIDE,
            extra=replace(state.extra, interrupt_by=ev.by, interrupt_month=ev.month),
        )

    def _apply_claim(self, state: State, ev: GajiClaimed) -> State:
        if state.phase != Phase.SCORING:
            raise CorruptLogError("the Gaji's end claim comes only when the round is over")
        mask = self.claim_mask(state)
        if not mask or ev.seat != state.extra.gaji_owner or mask_of(ev.captured) != mask:
            raise CorruptLogError(
                f"the Gaji's end claim is {_codes(cards_of(mask))}, not seat {ev.seat} taking "
                f"{_codes(ev.captured)}"
            )
        caps = list(state.captures)
        caps[ev.seat] |= mask
        return replace(state, field=state.field & ~mask, captures=tuple(caps))

    # --- scoring -------------------------------------------------------------------------
    def score_round(self, state: State) -> RoundEnded:
        """Each unit (seat or team) scores its pooled card total minus the penalty for every
        yaku its opponents hold (RULES.md §6; the Spanish rule book's example)."""
        rules: SakuraRules = state.rules  # type: ignore[assignment]
        n = state.num_players
        units = teams_of(rules.teams, n)
        pools = []
        for unit in units:
            mask = 0
            for s in unit:
                mask |= state.captures[s]
            pools.append(mask)
        hits = [evaluate_sakura_yaku(rules, mask) for mask in pools]
        unit_lines: list[tuple[ScoreLine, ...]] = []
        unit_points: list[int] = []
        for u, unit in enumerate(units):
            pool = pools[u]
            team = len(unit) > 1
            lines = [
                ScoreLine(
                    kind="cards",
                    label=("team " if team else "") + f"card points ({pool.bit_count()} cards)",
                    points=points_of(pool, SAKURA_POINTS),
                    cards=cards_of(pool),
                )
            ]
            if team:
                lines.append(
                    ScoreLine(kind="note", label=f"{unit_label(unit)} pool their captures")
                )
            for hit in hits[u]:
                lines.append(
                    ScoreLine(
                        kind="yaku",
                        label=f"holds {hit.name} (each opponent loses {hit.points})",
                        id=hit.id,
                        cards=hit.cards,
                    )
                )
            for v, other in enumerate(units):
                if v == u:
                    continue
                for hit in hits[v]:
                    lines.append(
                        ScoreLine(
                            kind="penalty",
                            label=f"{unit_label(other)} holds {hit.name}",
                            points=-hit.points,
                            id=hit.id,
                            cards=hit.cards,
                        )
                    )
            unit_lines.append(tuple(lines))
            unit_points.append(sum(line.points for line in lines))
        unit_of = [0] * n
        for u, unit in enumerate(units):
            for s in unit:
                unit_of[s] = u
        breakdown = tuple(
            SeatScore(seat=s, lines=unit_lines[unit_of[s]], points=unit_points[unit_of[s]])
            for s in range(n)
        )
        points = tuple(unit_points[unit_of[s]] for s in range(n))
        return RoundEnded(
            round=state.round,
            reason=state.end_reason,  # type: ignore[arg-type]
            points=points,
            totals=tuple(t + p for t, p in zip(state.totals, points)),
            breakdown=breakdown,
            next_dealer=self.next_dealer(state, points),
        )

    def next_dealer(self, state: State, points: Sequence[int]) -> int:
        """The best round score deals next; a winning team's deal goes to its member earliest in
        turn order after the previous dealer (SOURCES §7.5 item 32). A tie between seats or
        teams: the previous dealer deals again, or (``tie_next_dealer = turn_order``) the tied
        seat earliest in turn order from the dealer."""
        n = state.num_players
        dealer = state.dealer
        units = teams_of(state.rules.teams, n)  # type: ignore[attr-defined]
        best = max(points)
        tied = [unit for unit in units if points[unit[0]] == best]
        if len(tied) == 1:
            members = tied[0]
            if len(members) == 1:
                return members[0]
            for k in range(1, n + 1):
                seat = (dealer + k) % n
                if seat in members:
                    return seat
        if state.rules.tie_next_dealer == "previous_dealer":  # type: ignore[attr-defined]
            return dealer
        for k in range(n):
            seat = (dealer + k) % n
            if points[seat] == best:
                return seat
        raise AssertionError("unreachable")


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.value for c in cards) or "nothing"


GAME = Sakura()
