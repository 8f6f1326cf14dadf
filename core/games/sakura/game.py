"""Sakura, declared (docs/rules.md §6): 2-7 players, teams, the Gaji wild card, hiki, 8 yaku.

The engine runs the fishing turn; these hooks add what Sakura changes:

- card values (Sakura column, total 240); the dealer takes four of a month dealt to the field;
- the Gaji (11d): played from the hand (or turned from the draw pile, option
  ``gaji_wild_on_draw``) onto a non-empty field it takes any one field card and keeps it
  (`SakuraRound.gaji_pair`); at the round's end its owner takes the field cards of that month
  (`GajiClaimed`). Dealt to the field it is an ordinary Willow card (or discarded);
- hiki: `DeclareHiki` instead of playing a card, when hand and field hold all four cards of a
  month; and the interrupt: a Gaji aimed at a card of another seat's hiki is stopped
  (`GajiInterrupted`), that seat declares the hiki out of turn, then the Gaji's player aims again
  or leaves it on the field (or takes it back, option ``gaji_blocked``);
- scoring: the (team's pooled) card total minus the penalty for every yaku held by an opponent
  (`core.games.sakura.scoring`).

Zones: every card is in exactly one of the hands, the field, the draw pile, the captures, the
pending card (CHOOSE, and DECIDE during an interrupt) or `SakuraRound.discarded`. The card the
Gaji took stays in its owner's captures; `gaji_pair` only remembers which one it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from core.actions import Action, DeclareHiki, describe_action
from core.cards import (
    ALL_MASK,
    CARDS,
    MONTH_MASKS,
    SAKURA_POINTS,
    Card,
    cards_of,
    mask_of,
    single_bits,
)
from core.errors import CorruptLogError, IllegalActionError
from core.events import (
    Event,
    GajiClaimed,
    GajiInterrupted,
    HikiDeclared,
    RedealReason,
    RoundEnded,
    RoundEndReason,
)
from core.games.base import DEAL_TABLE, Game
from core.games.sakura import scoring
from core.games.sakura.round import SakuraRound, round_of
from core.games.sakura.rules import PRESETS, STANDARD, SakuraRules
from core.games.sakura.teams import teams_of
from core.games.sakura.yaku import SAKURA_NUMBERS, sakura_hits, sakura_specs
from core.players import seat_label
from core.state import (
    CHOOSE,
    DECIDE,
    DRAW,
    END_ROUND,
    HAND,
    HAND_DONE,
    PLAY,
    SCORING,
    Source,
    State,
    Then,
)
from core.yaku import YakuContext, YakuHit, YakuSpec

GAJI = Card.C11D.index
GAJI_BIT = 1 << GAJI
WILLOWS = MONTH_MASKS[10]


def hiki_months(hand: int, field: int, mode: str = "any_combination") -> tuple[int, ...]:
    """Months (1..12) whose four cards lie between ``hand`` and ``field``, one at least in hand
    (``hand3_field1``: exactly three in hand and the fourth on the field)."""
    both = hand | field
    return tuple(
        m + 1
        for m, mm in enumerate(MONTH_MASKS)
        if both & mm == mm
        and hand & mm
        and (mode != "hand3_field1" or (field & mm).bit_count() == 1)
    )


_MONTH_FIRSTS = int("0001" * 12, 2)  # the first card of each month


def has_hiki(hand: int, field: int) -> bool:
    """Whether `hiki_months` names any month, without listing them (bit arithmetic on the months'
    nibbles: the strong level's playouts ask at every decision)."""
    both = hand | field
    full = both & both >> 1 & both >> 2 & both >> 3 & _MONTH_FIRSTS
    held = (hand | hand >> 1 | hand >> 2 | hand >> 3) & _MONTH_FIRSTS
    return bool(full & held)


def hiki_holder(state: State, month: int, exclude: int) -> int:
    """The seat other than ``exclude`` holding a hiki of ``month`` with the field, or -1."""
    mm = MONTH_MASKS[month - 1]
    rest = mm & ~state.field
    if not rest:
        return -1
    rules = state.rules
    assert isinstance(rules, SakuraRules)
    if rules.hiki_mode == "hand3_field1" and rest.bit_count() != 3:
        return -1
    for seat, hand in enumerate(state.hands):
        if seat != exclude and hand & mm == rest:
            return seat
    return -1


#: The cards worth points in Sakura (transfer_during_play passes on the next one of a month).
POINT_CARDS = sum(1 << i for i, v in enumerate(SAKURA_POINTS) if v)


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.value for c in cards) or "nothing"


def _sakura_round(state: State) -> SakuraRound:
    extra = round_of(state)
    if extra is None:
        raise CorruptLogError("no Sakura round is in play")
    return extra


class Sakura(Game[SakuraRules]):
    id = "sakura"
    title = "Sakura"
    min_players = 2
    max_players = 7
    rules_type = SakuraRules
    presets = PRESETS
    standard = STANDARD
    rules_section = "§6"
    offers_hiki = True
    yaku_costs_others = True
    yaku_numbers = SAKURA_NUMBERS
    wild_cards = GAJI_BIT  # wild from the hand (and the pile, `gaji_wild_on_draw`)
    playout_hooks = frozenset(
        {"auto_event", "capture_targets", "interrupt_choice", "landed", "playable"}
    )

    # --- what other code reads -----------------------------------------------------------
    def card_values(self, rules: SakuraRules) -> tuple[int, ...]:
        return SAKURA_POINTS

    def yaku_specs(self, rules: SakuraRules) -> tuple[YakuSpec, ...]:
        return sakura_specs(rules)

    def evaluate_yaku(
        self, rules: SakuraRules, captured: int, context: YakuContext
    ) -> tuple[YakuHit, ...]:
        return sakura_hits(rules, captured)

    def teams(self, rules: SakuraRules, n: int) -> tuple[tuple[int, ...], ...]:
        return teams_of(rules.teams, n)

    # --- setup -------------------------------------------------------------------------------
    def deal_sizes(self, rules: SakuraRules, n: int) -> tuple[int, int]:
        hand, field = DEAL_TABLE[n]
        return (10 if n == 2 and rules.hand_size_2p == 10 else hand), field

    def void_deal(self, state: State) -> RedealReason | None:
        return None  # four of a month on the field is the dealer's, not a misdeal

    def after_deal(self, state: State) -> tuple[State, Then]:
        """The Gaji dealt to the field may be discarded; four of a month there go to the dealer."""
        rules = self.rules_of(state)
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
        state = replace(
            state,
            field=field,
            captures=captures,
            extra=SakuraRound(discarded=discarded, dealer_took=took),
        )
        return state, PLAY

    # --- the turn ----------------------------------------------------------------------------
    def round_over(self, state: State) -> RoundEndReason | None:
        if any(state.hands):
            return None
        if not state.pile:
            return "cards_exhausted"
        if self.rules_of(state).sakura_round_end == "hands_empty":
            return "hands_empty"
        return None

    @staticmethod
    def _wild(rules: SakuraRules, source: Source | None) -> bool:
        return source == HAND or (source == DRAW and rules.gaji_wild_on_draw)

    def capture_targets(self, state: State, card: int, source: Source) -> tuple[int, ...] | None:
        """A wild Gaji may take any one field card (the player chooses). Three Willow cards on
        the field are taken all together, as by any fourth Willow. Mask 0 (target None) plays it
        as an ordinary Willow card: offered when that differs from a wild capture (no Willow on
        the field: it joins the field), and after a hiki holder stopped it (it is left there)."""
        if card != GAJI or not self._wild(self.rules_of(state), source):
            return None
        field = state.field
        ex = round_of(state)
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
        """A wild Gaji that took a card remembers it (it stays with the Gaji for the end claim).
        Under ``transfer_during_play`` the next point card of that card's month to be captured
        or turned up goes to the Gaji's owner."""
        if card != GAJI:
            return self._transfer(state, seat, card, captured, source)
        ex = _sakura_round(state)
        if captured and self._wild(self.rules_of(state), source):
            pair = captured & ~GAJI_BIT
            low = pair & -pair
            return replace(
                state,
                extra=replace(ex, gaji_owner=seat, gaji_pair=low.bit_length() - 1, blocked_turn=0),
            )
        if ex.blocked_turn:
            return replace(state, extra=replace(ex, blocked_turn=0))
        return state

    def _transfer(self, state: State, seat: int, card: int, captured: int, source: Source) -> State:
        ex = round_of(state)
        if ex is None or ex.gaji_owner < 0 or ex.transfer_spent:
            return state
        if self.rules_of(state).gaji_end_claim != "transfer_during_play":
            return state
        month = MONTH_MASKS[ex.gaji_pair >> 2] & POINT_CARDS
        bit = 1 << card
        # A card that joined the field counts only when it was turned up from the pile.
        moved = captured & month if captured else bit & month if source == DRAW else 0
        if not moved:
            return state
        # The next point card: the card played or turned up if it is one, else the most valuable
        # field card of the month it took (the lowest card on a tie).
        if moved & bit:
            chosen = bit
        else:
            chosen = max(single_bits(moved), key=lambda b: (SAKURA_POINTS[b.bit_length() - 1], -b))
        owner = ex.gaji_owner
        if captured and seat == owner:  # the owner took it itself: the right is spent
            return replace(state, extra=replace(ex, transfer_spent=True))
        caps = list(state.captures)
        field = state.field
        if captured:
            caps[seat] &= ~chosen
        else:
            field &= ~chosen
        caps[owner] |= chosen
        return replace(
            state,
            field=field,
            captures=tuple(caps),
            extra=replace(ex, transfer_spent=True, transferred=chosen.bit_length() - 1),
        )

    def interrupt_choice(self, state: State, seat: int, target: int) -> Event | None:
        """A Gaji aimed at a card completing another seat's hiki is stopped by that seat."""
        if state.pending != GAJI or not target or target & (target - 1):
            return None
        if not self._wild(self.rules_of(state), state.pending_from):
            return None
        index = target.bit_length() - 1
        month = index // 4 + 1
        by = hiki_holder(state, month, seat)
        if by < 0:
            return None
        return GajiInterrupted(seat=seat, target=CARDS[index], by=by, month=month)

    def claim_mask(self, state: State) -> int:
        """The field cards the Gaji's owner takes at the round's end (0 if none)."""
        ex = round_of(state)
        if ex is None or ex.gaji_owner < 0:
            return 0
        claim = self.rules_of(state).gaji_end_claim
        if claim == "transfer_during_play":
            return 0
        if claim == "all_remaining":
            return state.field
        return state.field & MONTH_MASKS[ex.gaji_pair >> 2]

    def auto_event(self, state: State) -> Event | None:
        if state.phase != SCORING:
            return None
        mask = self.claim_mask(state)
        if not mask:
            return None
        return GajiClaimed(seat=_sakura_round(state).gaji_owner, captured=cards_of(mask))

    # --- decisions: hiki, and who decides ------------------------------------------------
    def decider(self, state: State) -> int:
        if state.phase == DECIDE:
            ex = round_of(state)
            if ex is not None and ex.interrupt_by >= 0:
                return ex.interrupt_by
        return state.turn

    def playable(self, state: State) -> int:
        """A Gaji taken back after a block is not played again in that turn (unless it is the
        only card left)."""
        hand = state.hands[state.turn]
        if hand & GAJI_BIT and hand != GAJI_BIT:
            ex = round_of(state)
            if ex is not None and ex.returned_turn == state.turn_no:
                return hand & ~GAJI_BIT
        return hand

    def play_extra_possible(self, hand: int, field: int) -> bool:
        """A hiki (`has_hiki`)."""
        return has_hiki(hand, field)

    def legal_extra(self, state: State) -> tuple[Action, ...]:
        phase = state.phase
        if phase == PLAY:
            seat = state.turn
            mode = self.rules_of(state).hiki_mode
            return tuple(
                DeclareHiki(seat=seat, month=m)
                for m in hiki_months(state.hands[seat], state.field, mode)
            )
        if phase == DECIDE:
            ex = round_of(state)
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
                f"{seat_label(action.seat)} holds no hiki of month {action.month} now: "
                f"{describe_action(action)}"
            )
        return super().decide_extra(state, action)

    # --- applying Sakura's own events ----------------------------------------------------
    def apply_extra(self, state: State, event: Event) -> tuple[State, Then]:
        if isinstance(event, HikiDeclared):
            return self._apply_hiki(state, event)
        if isinstance(event, GajiInterrupted):
            return self._apply_interrupt(state, event), DECIDE
        if isinstance(event, GajiClaimed):
            return self._apply_claim(state, event), END_ROUND
        return super().apply_extra(state, event)

    @staticmethod
    def _take(state: State, seat: int, mask: int) -> State:
        hands = list(state.hands)
        hands[seat] &= ~mask
        caps = list(state.captures)
        caps[seat] |= mask
        return replace(state, hands=tuple(hands), field=state.field & ~mask, captures=tuple(caps))

    def _apply_hiki(self, state: State, ev: HikiDeclared) -> tuple[State, Then]:
        mm = MONTH_MASKS[ev.month - 1]
        if mask_of(ev.captured) != mm or len(ev.captured) != 4:
            raise CorruptLogError(
                f"a hiki of month {ev.month} takes its four cards, not {_codes(ev.captured)}"
            )
        ex = round_of(state)
        if state.phase == DECIDE and ex is not None and ex.interrupt_by >= 0:
            # The holder who stopped the Gaji declares; then the Gaji's player goes on.
            if ev.seat != ex.interrupt_by or ev.month != ex.interrupt_month:
                raise CorruptLogError(
                    f"{seat_label(ex.interrupt_by)} must declare the hiki of month "
                    f"{ex.interrupt_month}, not {seat_label(ev.seat)} month {ev.month}"
                )
            state = self._take(state, ev.seat, mm)
            ex = replace(ex, interrupt_by=-1, interrupt_month=0)
            rules = self.rules_of(state)
            if rules.gaji_blocked == "return_to_hand" and state.pending_from == HAND:
                hands = list(state.hands)
                hands[state.turn] |= GAJI_BIT
                back = replace(
                    state, hands=tuple(hands), extra=replace(ex, returned_turn=state.turn_no)
                )
                return back, PLAY
            return replace(state, extra=replace(ex, blocked_turn=state.turn_no)), CHOOSE
        if state.phase != PLAY or state.stage != HAND:
            raise CorruptLogError(f"a hiki was declared out of turn (phase {state.phase!r})")
        if ev.seat != state.turn:
            raise CorruptLogError(
                f"{seat_label(ev.seat)} declared hiki, but it is {seat_label(state.turn)}'s turn"
            )
        mode = self.rules_of(state).hiki_mode
        if ev.month not in hiki_months(state.hands[ev.seat], state.field, mode):
            raise CorruptLogError(f"{seat_label(ev.seat)} holds no hiki of month {ev.month}")
        state = self._take(state, ev.seat, mm)
        if mode == "any_moment" and state.hands[ev.seat]:
            return state, PLAY  # a hiki declared at any moment does not take the turn's play
        return state, HAND_DONE

    def _apply_interrupt(self, state: State, ev: GajiInterrupted) -> State:
        if state.phase != CHOOSE or state.pending != GAJI:
            raise CorruptLogError("a Gaji was interrupted, but no Gaji is waiting for a target")
        if ev.seat != state.turn:
            raise CorruptLogError(
                f"{seat_label(ev.seat)} aimed the Gaji, but it is {seat_label(state.turn)}'s turn"
            )
        source = state.pending_from
        targets = self.capture_targets(state, GAJI, source) if source is not None else None
        expected = (
            self.interrupt_choice(state, ev.seat, ev.target.bit)
            if ev.target.bit in (targets or ())
            else None
        )
        if expected != ev:
            raise CorruptLogError(
                f"the Gaji aimed at {ev.target.value} is not stopped by a hiki of "
                f"{seat_label(ev.by)}"
            )
        return replace(
            state,
            extra=replace(_sakura_round(state), interrupt_by=ev.by, interrupt_month=ev.month),
        )

    def _apply_claim(self, state: State, ev: GajiClaimed) -> State:
        if state.phase != SCORING:
            raise CorruptLogError("the Gaji's end claim comes only when the round is over")
        mask = self.claim_mask(state)
        if not mask or ev.seat != _sakura_round(state).gaji_owner or mask_of(ev.captured) != mask:
            raise CorruptLogError(
                f"the Gaji's end claim is {_codes(cards_of(mask))}, not {seat_label(ev.seat)} "
                f"taking {_codes(ev.captured)}"
            )
        caps = list(state.captures)
        caps[ev.seat] |= mask
        return replace(state, field=state.field & ~mask, captures=tuple(caps))

    # --- the round's score -------------------------------------------------------------------
    def score_round(self, state: State) -> RoundEnded:
        return scoring.score_round(state, self.rules_of(state))

    def for_rules(self, rules: SakuraRules) -> Game[SakuraRules]:
        """Under ``transfer_during_play`` any card's landing may pass a point card to the Gaji's
        owner: `TRANSFER_DURING_PLAY` has `landed` asked about every card, this game about the
        Gaji only."""
        if rules.gaji_end_claim == "transfer_during_play":
            return TRANSFER_DURING_PLAY
        return self


class SakuraTransferDuringPlay(Sakura):
    """Sakura under ``transfer_during_play``: the same game, its card hooks asked about every
    card (`Sakura.for_rules` picks it for the rules that need it)."""

    wild_cards = ALL_MASK


GAME = Sakura()
TRANSFER_DURING_PLAY = SakuraTransferDuringPlay()
