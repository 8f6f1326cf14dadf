"""Hana-awase, declared (docs/rules.md §4): bakappana's deal, turn and end of round, scored by
card points plus yaku.

Under ``lightning_wild`` (Mushi's wild Lightning, docs/rules.md §4.3) `HanaAwase.for_rules` plays
the rules with `MUSHI`, whose landing hooks are asked about every card: the Lightning (11d) is
wild from a hand or the draw pile, and while it lies on the field the next non-Willow card turned
up takes it instead of its month match. When the round is over, the odd cards that the wild card
leaves go to their mates' holders by automatic `LightningClaimed` events.
"""

from __future__ import annotations

from msgspec.structs import replace

from core.cards import ALL_MASK, MONTH_MASKS, Card, cards_of, mask_of, single_bits
from core.errors import CorruptLogError
from core.events import Event, LightningClaimed, RoundEnded, RoundEndReason
from core.games.bakappana import scoring as cards
from core.games.base import Game
from core.games.hanaawase.rules import PRESETS, STANDARD, HanaAwaseRules
from core.games.hanaawase.scoring import HanaAwaseRound, score_round, shown_teyaku, yaku_payers
from core.games.hanaawase.yaku import hanaawase_hits, hanaawase_specs
from core.players import seat_label
from core.state import DRAW, END_ROUND, PLAY, SCORING, Source, State, Then
from core.yaku import YakuContext, YakuHit, YakuSpec

LIGHTNING = Card.C11D.index
LIGHTNING_BIT = 1 << LIGHTNING
WILLOWS = MONTH_MASKS[10]
#: The three Willow cards that are not wild.
PLAIN_WILLOWS = WILLOWS & ~LIGHTNING_BIT


def _codes(mask: int) -> str:
    return " ".join(c.value for c in cards_of(mask)) or "nothing"


def _month_match(matches: int) -> tuple[int, ...]:
    """The ordinary targets of a card whose month mates on the field are ``matches``: none (it
    joins the field), the one, a choice of two, or all three."""
    return single_bits(matches) if matches.bit_count() == 2 else (matches,) if matches else ()


class HanaAwase(Game[HanaAwaseRules]):
    id = "hana-awase"
    title = "Hana-awase"
    aliases = ("hanaawase",)
    min_players = 2
    max_players = 4
    rules_type = HanaAwaseRules
    presets = PRESETS
    standard = STANDARD
    rules_section = "§4"
    playout_hooks = frozenset({"auto_event", "capture_targets", "landed"})

    def card_values(self, rules: HanaAwaseRules) -> tuple[int, ...]:
        return cards.card_values(rules)

    def yaku_specs(self, rules: HanaAwaseRules) -> tuple[YakuSpec, ...]:
        return hanaawase_specs(rules.yaku_table)

    def yaku_payers(self, rules: HanaAwaseRules, n: int) -> int:
        return yaku_payers(rules, n)

    def evaluate_yaku(
        self, rules: HanaAwaseRules, captured: int, context: YakuContext
    ) -> tuple[YakuHit, ...]:
        return hanaawase_hits(rules, captured)

    def for_rules(self, rules: HanaAwaseRules) -> Game[HanaAwaseRules]:
        """The wild Lightning changes how cards land: `MUSHI` plays those rules."""
        return MUSHI if rules.lightning_wild else self

    def deal_sizes(self, rules: HanaAwaseRules, n: int) -> tuple[int, int]:
        return cards.deal_sizes(rules, n)

    def after_deal(self, state: State) -> tuple[State, Then]:
        if self.rules_of(state).teyaku_chaff:
            state = replace(state, extra=shown_teyaku(state.hands))
        return state, PLAY

    def round_over(self, state: State) -> RoundEndReason | None:
        rules = state.rules  # checked every turn: narrowed inline, not by `rules_of`
        assert isinstance(rules, HanaAwaseRules)
        return cards.round_over(state, rules)

    def score_round(self, state: State) -> RoundEnded:
        return score_round(state, self.rules_of(state))


class HanaAwaseMushi(HanaAwase):
    """Hana-awase under ``lightning_wild``: the Lightning (11d) is wild (docs/rules.md §4.3).

    - From a hand it may take any one field card that is not a Willow (the player chooses), or
      be played as an ordinary Willow card (the month match among the other Willows; target
      None: it joins the field).
    - Turned from the draw pile it must take one non-Willow field card (the player chooses); with
      none it joins the field. Turned as the last card of the pile it takes the whole field.
    - On the field it is no Willow to match: the next non-Willow card turned from the pile takes
      it, instead of its own month match; a card from a hand leaves it there.
    - When the round is over: the odd Willow on the field goes to the seat holding the other two
      plain Willows, and the field cards of the month the Lightning was paired with go to the seat
      that paired them (`LightningClaimed`, one event per claim, the Willow first).
    """

    wild_cards = ALL_MASK  # the Lightning on the field changes how any drawn card lands

    def wild_now(self, state: State) -> int:
        """The Lightning itself, or every card while it lies on the field (a card turned up may
        take it). A quick playout hands a wild card to the engine, and only the engine moves the
        Lightning, so this holds until the playout stops."""
        return self.wild_cards if state.field & LIGHTNING_BIT else LIGHTNING_BIT

    def after_deal(self, state: State) -> tuple[State, Then]:
        state, then = super().after_deal(state)
        if not isinstance(state.extra, HanaAwaseRound):
            state = replace(state, extra=HanaAwaseRound())
        return state, then

    def capture_targets(self, state: State, card: int, source: Source) -> tuple[int, ...] | None:
        field = state.field
        if card == LIGHTNING:
            if source == DRAW:
                if not state.pile:  # turned as the last card: it takes every card left
                    return (field,) if field else ()
                return single_bits(field & ~WILLOWS)
            others = field & ~WILLOWS
            if not others:
                return None  # nothing to take wild: an ordinary Willow card
            willows = field & WILLOWS
            return single_bits(others) + (_month_match(willows) if willows else (0,))
        if not field & LIGHTNING_BIT:
            return None
        if WILLOWS >> card & 1:  # a Willow's mates are the plain Willows only
            return _month_match(field & PLAIN_WILLOWS)
        if source == DRAW:
            return (LIGHTNING_BIT,)
        return None

    def landed(self, state: State, seat: int, card: int, captured: int, source: Source) -> State:
        """Remember the Lightning's pair: the one non-Willow card it took, or the drawn card that
        took it from the field."""
        if not captured & LIGHTNING_BIT:
            return state
        pair = captured & ~LIGHTNING_BIT if card == LIGHTNING else 1 << card
        if pair.bit_count() != 1 or pair & WILLOWS:
            return state  # played as a Willow, or the last card's sweep of the field
        extra = state.extra
        assert isinstance(extra, HanaAwaseRound)
        return replace(
            state,
            extra=replace(extra, lightning_pair=pair.bit_length() - 1, lightning_user=seat),
        )

    def claim(self, state: State) -> tuple[int, int] | None:
        """The next claim due when the round is over, as (seat, field mask), or None."""
        field = state.field
        odd = field & PLAIN_WILLOWS
        if odd.bit_count() == 1:
            mates = PLAIN_WILLOWS & ~odd
            for seat, captured in enumerate(state.captures):
                if captured & mates == mates:
                    return seat, odd
        extra = state.extra
        if isinstance(extra, HanaAwaseRound) and extra.lightning_pair >= 0:
            left = field & MONTH_MASKS[extra.lightning_pair >> 2]
            if left:
                return extra.lightning_user, left
        return None

    def auto_event(self, state: State) -> Event | None:
        if state.phase != SCORING:
            return None
        due = self.claim(state)
        if due is None:
            return None
        seat, mask = due
        return LightningClaimed(seat=seat, captured=cards_of(mask))

    def apply_extra(self, state: State, event: Event) -> tuple[State, Then]:
        if not isinstance(event, LightningClaimed):
            return super().apply_extra(state, event)
        if state.phase != SCORING:
            raise CorruptLogError("the Lightning's end claim comes only when the round is over")
        due = self.claim(state)
        if due is None or due != (event.seat, mask_of(event.captured)):
            expected = "none" if due is None else f"{seat_label(due[0])} taking {_codes(due[1])}"
            raise CorruptLogError(
                f"the Lightning's end claim is {expected}, not {seat_label(event.seat)} taking "
                f"{_codes(mask_of(event.captured))}"
            )
        caps = list(state.captures)
        caps[event.seat] |= due[1]
        return replace(state, field=state.field & ~due[1], captures=tuple(caps)), END_ROUND


GAME = HanaAwase()
MUSHI = HanaAwaseMushi()
