"""Koi-koi, declared (docs/rules.md §5): two players, yaku only, koi-koi or shobu.

The engine runs the fishing turn; these hooks add what koi-koi does differently:

- the deal: four of a month or (P3) four pairs on the field void it; lucky hands (P1/P2) win the
  round for 6, void the deal, or do nothing (`core.games.koikoi.lucky`);
- after each turn (`after_turn`): a seat that formed a new yaku or raised a group's value since
  its last decision must decide (`DECIDE`, actions `CallKoiKoi` / `CallShobu`); on its last
  move, or below ``koikoi_min_points``, shobu is automatic (`ShobuCalled(auto=True)` through
  `auto_event`);
- turn variants: draw-then-play-two (P16) and the unmatched draw kept in the hand (P17) through
  the `DrawnToHand` event and `after_hand_step`; the wild Lightning (P12/P13) through
  `capture_targets`; the play-out of the draw pile (P15) through `round_over`;
- the round's score and the match's scoring modes (`core.games.koikoi.scoring`).
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from core.actions import Action, CallKoiKoi, CallShobu, describe_action
from core.cards import BRIGHTS, CARDS, MONTH_MASKS, Card
from core.errors import CorruptLogError, IllegalActionError
from core.events import (
    DrawnToHand,
    Event,
    KoiKoiCalled,
    RedealReason,
    RoundEnded,
    RoundEndReason,
    ShobuCalled,
)
from core.games.base import Game
from core.games.koikoi import scoring
from core.games.koikoi.lucky import (
    LuckyKind,
    fours,
    lucky_cards,
    lucky_kind,
    month_counts,
    three_or_more,
    twos,
)
from core.games.koikoi.round import KoiKoiRound, round_of, with_seat
from core.games.koikoi.rules import PRESETS, STANDARD, KoiKoiRules
from core.games.koikoi.yaku import (
    KoiKoiYaku,
    Standing,
    compiled_yaku,
    koikoi_specs,
    round_month,
)
from core.players import seat_label
from core.state import DECIDE, DRAW, END_ROUND, END_TURN, HAND, NEXT_TURN, PLAY, Source, State, Then
from core.turns import capture_targets
from core.yaku import YakuContext, YakuHit, YakuSpec

LIGHTNING = Card.C11D.index
WILLOW = MONTH_MASKS[10]
SUSUKI = MONTH_MASKS[7]


def better(now: Standing, then: Standing) -> bool:
    """A new yaku, or a slot's value raised, relative to ``then``."""
    before = {k: (i, v) for k, i, v in then}
    for k, i, v in now:
        old = before.get(k)
        if old is None or old[0] != i or v > old[1]:
            return True
    return False


def newer(now: Standing, then: Standing) -> bool:
    """A yaku that ``then`` did not hold (P22: a raise alone does not count)."""
    before = {k: i for k, i, _ in then}
    return any(before.get(k) != i for k, i, _ in now)


def base_points(rules: KoiKoiRules, standing: Standing) -> int:
    """A seat's own yaku points in a standing, counted as ``yaku_count_mode`` says."""
    if not standing:
        return 0
    if rules.yaku_count_mode == "best_only":
        return max(v for _, _, v in standing)
    return sum(v for _, _, v in standing)


class KoiKoi(Game[KoiKoiRules]):
    id = "koikoi"
    title = "Koi-koi"
    aliases = ("koi-koi",)
    min_players = 2
    max_players = 2
    rules_type = KoiKoiRules
    presets = PRESETS
    standard = STANDARD
    rules_section = "§5"
    wild_cards = 1 << LIGHTNING  # P12/P13: wild under `lightning_wild`
    playout_hooks = frozenset({"after_turn", "auto_event", "capture_targets"})
    cards_score = False  # only yaku score (card values: the customary worth, for the bots)

    # --- what other code reads -----------------------------------------------------------
    def yaku_specs(self, rules: KoiKoiRules) -> tuple[YakuSpec, ...]:
        """The yaku (without tsukifuda, whose cards depend on the round); the Sake Cup counts as
        an animal only under ``sake_cup_role = animal_only``, else in both pools."""
        role = "animal" if rules.sake_cup_role == "animal_only" else "both"
        return tuple(koikoi_specs(rules, role))

    def evaluate_yaku(
        self, rules: KoiKoiRules, captured: int, context: YakuContext
    ) -> tuple[YakuHit, ...]:
        month = context.month if rules.tsukifuda_enabled else None
        return compiled_yaku(rules, month).hits(captured, context.field)

    # --- setup -------------------------------------------------------------------------
    def deal_sizes(self, rules: KoiKoiRules, n: int) -> tuple[int, int]:
        return rules.hand_size, 8

    def initial_totals(self, rules: KoiKoiRules, n: int) -> tuple[int, ...]:
        return scoring.initial_totals(rules, n)

    def void_deal(self, state: State) -> RedealReason | None:
        rules = self.rules_of(state)
        counts = month_counts(state.field)
        if fours(counts):
            return "four_of_a_month_on_field"
        if rules.field_three_redeal and three_or_more(counts):
            return "three_of_a_month_on_field"
        if rules.field_lucky_pattern_redeal and twos(counts).bit_count() >= 4:
            return "lucky_pattern_on_field"
        if rules.lucky_hands == "redeal" and any(
            lucky_kind(h, kuttsuki=rules.kuttsuki_enabled) for h in state.hands
        ):
            return "lucky_hand"
        return None

    def coin_flip_first_dealer(self, rules: KoiKoiRules) -> bool:
        return rules.first_dealer == "coin_flip"

    def after_deal(self, state: State) -> tuple[State, Then]:
        rules = self.rules_of(state)
        wild = rules.lightning_wild == "always" or (
            rules.lightning_wild == "if_susuki_on_initial_field" and bool(state.field & SUSUKI)
        )
        lucky: tuple[LuckyKind, LuckyKind] = ("", "")
        lucky_masks = (0, 0)
        if rules.lucky_hands == "win_6":
            h0, h1 = state.hands
            kut, stack = rules.kuttsuki_enabled, rules.lucky_hands_stack
            lucky = (
                lucky_kind(h0, kuttsuki=kut, stack=stack),
                lucky_kind(h1, kuttsuki=kut, stack=stack),
            )
            if lucky[0] or lucky[1]:
                lucky_masks = (lucky_cards(h0, lucky[0]), lucky_cards(h1, lucky[1]))
        extra = KoiKoiRound(
            lucky=lucky,
            lucky_cards=lucky_masks,
            field_brights=(state.field & BRIGHTS).bit_count(),
            wild=wild,
        )
        state = replace(state, extra=extra)
        if lucky[0] and lucky[1]:
            return replace(state, end_reason="both_lucky"), END_ROUND
        if lucky[0] or lucky[1]:
            return replace(state, end_reason="lucky_hand"), END_ROUND
        return state, PLAY

    # --- the turn ------------------------------------------------------------------------
    def round_over(self, state: State) -> RoundEndReason | None:
        if any(state.hands):
            return None
        rules = state.rules
        assert isinstance(rules, KoiKoiRules)
        if state.pile and rules.play_out_draw_pile:
            return None
        return "exhaustive_draw"

    def capture_targets(self, state: State, card: int, source: Source) -> tuple[int, ...] | None:
        if card != LIGHTNING:
            return None
        extra = state.extra
        if not isinstance(extra, KoiKoiRound) or not extra.wild:
            return None
        # P12/P13: the Lightning takes any one field card; with three Willows on the field the
        # ordinary capture of all four stands in for taking one of them.
        field = state.field
        willows = field & WILLOW
        targets = []
        if willows.bit_count() == 3:
            targets.append(willows)
            field &= ~WILLOW
        while field:
            low = field & -field
            targets.append(low)
            field ^= low
        targets.sort(key=lambda t: t & -t)
        return tuple(targets)

    def round_yaku(self, rules: KoiKoiRules, round_no: int) -> KoiKoiYaku:
        """The compiled yaku of a round (its month matters under tsukifuda)."""
        return compiled_yaku(rules, round_month(round_no) if rules.tsukifuda_enabled else None)

    def wild_now(self, state: State) -> int:
        """The Lightning is wild for a whole round, or ordinary (`KoiKoiRound.wild`)."""
        extra = state.extra
        return self.wild_cards if isinstance(extra, KoiKoiRound) and extra.wild else 0

    def turn_changes_nothing(self, state: State) -> Callable[[int, int, int], bool]:
        """For the round of ``state``: whether `after_turn` leaves the end of a turn of a seat
        holding some captures, with some field, as it is (its yaku are those it held after its
        last turn), asked as ``(seat, captured, field)``. The strong bot's playouts ask this
        instead of building a state at the end of every turn; `after_turn` makes the same test
        inline, and tests/bots/test_playout.py checks that both agree."""
        rules, extra = state.rules, state.extra
        assert isinstance(rules, KoiKoiRules) and isinstance(extra, KoiKoiRound)
        standing = self.round_yaku(rules, state.round).standing
        seen = extra.seen

        def unchanged(seat: int, captured: int, field: int) -> bool:
            return standing(captured, field) == seen[seat]

        return unchanged

    def for_rules(self, rules: KoiKoiRules) -> Game[KoiKoiRules]:
        """The turn variants (P16 draw-then-play-two, P17 the unmatched draw kept) need hooks of
        their own on every turn: `TURN_VARIANTS` plays them, this game the standard turn."""
        if rules.turn_structure != "standard" or rules.unmatched_draw_to_hand:
            return TURN_VARIANTS
        return self

    # The hooks below run on every turn: they narrow the rules and the round state with an
    # inline assert rather than `rules_of` / `round_of`, whose calls cost the engine its speed.

    def has_more_turns(self, state: State, seat: int) -> bool:
        """Whether ``seat`` will move again this round (if nobody stops it)."""
        if state.hands[seat]:
            return True
        if not self.rules_of(state).play_out_draw_pile:
            return False
        # The opponent moves next (from the hand, or draw-only) and takes one card off the pile.
        return len(state.pile) > 1

    def after_turn(self, state: State) -> tuple[State, Then]:
        """A seat whose yaku are new or raised since its last decision decides (P21/P22)."""
        seat = state.turn
        rules, extra = state.rules, state.extra
        assert isinstance(rules, KoiKoiRules) and isinstance(extra, KoiKoiRound)
        yaku = compiled_yaku(rules, round_month(state.round) if rules.tsukifuda_enabled else None)
        now = yaku.standing(state.captures[seat], state.field)
        seen = extra.seen[seat]
        if now == seen:  # as `turn_changes_nothing` tells
            return state, NEXT_TURN
        improved = better(now, seen)
        before = extra.decided[seat]
        play_on = False
        if rules.koikoi_requires_new_yaku:
            decision = newer(now, before)
            if not decision and rules.raise_allows_shobu and better(now, before):
                decision = play_on = True  # shobu, or play on without a new call
        else:
            decision = better(now, before)
        extra = replace(
            extra,
            seen=with_seat(extra.seen, seat, now),
            last_yaku=seat if improved else extra.last_yaku,
        )
        if decision:
            forced = not self.has_more_turns(state, seat)
            if not forced and rules.koikoi_once:
                forced = extra.koikoi != (0, 0)  # a koi-koi was called: this yaku ends it
            if not forced and rules.koikoi_min_points:
                forced = base_points(rules, now) < rules.koikoi_min_points
            return replace(state, extra=replace(extra, forced=forced, play_on=play_on)), DECIDE
        return replace(state, extra=extra), NEXT_TURN

    def auto_event(self, state: State) -> Event | None:
        """The automatic shobu (on the last move, or below ``koikoi_min_points``)."""
        if state.phase == DECIDE and round_of(state).forced:
            return ShobuCalled(seat=state.turn, auto=True)
        return None

    @staticmethod
    def _unmatched(state: State, card: int) -> bool:
        return not capture_targets(state, card, DRAW)

    # --- decisions -----------------------------------------------------------------------
    def legal_extra(self, state: State) -> tuple[Action, ...]:
        if state.phase != DECIDE or round_of(state).forced:
            return ()
        seat = state.turn
        return (CallKoiKoi(seat=seat), CallShobu(seat=seat))

    def decide_extra(self, state: State, action: Action) -> Event:
        if state.phase != DECIDE:
            raise IllegalActionError(
                f"there is no koi-koi decision now (phase {state.phase}): {describe_action(action)}"
            )
        if round_of(state).forced:
            raise IllegalActionError(
                f"shobu is automatic here (last move or too few points): {describe_action(action)}"
            )
        if isinstance(action, CallKoiKoi):
            return KoiKoiCalled(seat=action.seat, play_on=round_of(state).play_on)
        if isinstance(action, CallShobu):
            return ShobuCalled(seat=action.seat)
        raise IllegalActionError(f"decide koi-koi or shobu: {describe_action(action)}")

    def apply_extra(self, state: State, event: Event) -> tuple[State, Then]:
        if isinstance(event, KoiKoiCalled):
            self._expect_decision(state, event.seat, event)
            extra = round_of(state)
            if extra.forced:
                raise CorruptLogError(
                    f"{seat_label(event.seat)} called koi-koi, but shobu was automatic"
                )
            if event.play_on != extra.play_on:
                raise CorruptLogError(
                    f"{seat_label(event.seat)}'s koi-koi is "
                    + ("a play-on after a raise" if extra.play_on else "a new call")
                    + " here"
                )
            seat = event.seat
            calls = list(extra.koikoi)
            if not event.play_on:
                calls[seat] += 1
            extra = replace(
                extra,
                koikoi=(calls[0], calls[1]),
                decided=with_seat(extra.decided, seat, extra.seen[seat]),
                play_on=False,
            )
            return replace(state, extra=extra), NEXT_TURN
        if isinstance(event, ShobuCalled):
            self._expect_decision(state, event.seat, event)
            extra = round_of(state)
            if event.auto != extra.forced:
                free = "automatic" if extra.forced else "a free choice"
                raise CorruptLogError(f"{seat_label(event.seat)}'s shobu is {free} here")
            ended = replace(
                state,
                end_reason="shobu",
                extra=replace(extra, winner=event.seat, forced=False, play_on=False),
            )
            return ended, END_ROUND
        if isinstance(event, DrawnToHand):
            return self._apply_drawn_to_hand(state, event), PLAY
        return super().apply_extra(state, event)

    @staticmethod
    def _expect_decision(state: State, seat: int, event: Event) -> None:
        if state.phase != DECIDE:
            raise CorruptLogError(
                f"{type(event).__name__} is out of order: no koi-koi decision is due"
            )
        if seat != state.turn:
            raise CorruptLogError(
                f"{seat_label(seat)} decided, but it is {seat_label(state.turn)}'s decision"
            )

    def _apply_drawn_to_hand(self, state: State, ev: DrawnToHand) -> State:
        if state.phase != PLAY:
            raise CorruptLogError("drawn_to_hand is out of order: no turn is in play")
        if ev.seat != state.turn:
            raise CorruptLogError(
                f"{seat_label(ev.seat)} drew, but it is {seat_label(state.turn)}'s turn"
            )
        if not state.pile or ev.card.index != state.pile[0]:
            top = CARDS[state.pile[0]].value if state.pile else "nothing"
            raise CorruptLogError(f"drew {ev.card.value}, but the top of the draw pile is {top}")
        rules = self.rules_of(state)
        extra = round_of(state)
        hands = list(state.hands)
        hands[ev.seat] |= ev.card.bit
        if ev.reason == "draw_then_play_two":
            if rules.turn_structure != "draw_then_play_two":
                raise CorruptLogError(
                    "a draw into the hand needs turn_structure=draw_then_play_two"
                )
            if state.stage != HAND or extra.drawn_turn == state.turn_no:
                raise CorruptLogError("this turn's draw into the hand was already taken")
            extra = replace(extra, drawn_turn=state.turn_no)
        else:
            if not rules.unmatched_draw_to_hand:
                raise CorruptLogError("keeping an unmatched draw needs unmatched_draw_to_hand")
            if (
                state.stage != DRAW
                or not state.hands[ev.seat]
                or not self._unmatched(state, ev.card.index)
            ):
                raise CorruptLogError(
                    f"{ev.card.value} cannot be kept: it matches, or no draw is due"
                )
            extra = replace(extra, kept_turn=state.turn_no, kept_card=ev.card.index)
        return replace(state, pile=state.pile[1:], hands=tuple(hands), extra=extra)

    # --- the round's score and the match -------------------------------------------------
    def score_round(self, state: State) -> RoundEnded:
        return scoring.score_round(state, self.rules_of(state))

    def match_over(self, state: State) -> bool:
        return scoring.match_over(state, self.rules_of(state))


class KoiKoiTurnVariants(KoiKoi):
    """Koi-koi under the turn variants (P16/P17): the same game, with the hooks that vary the
    turn. `KoiKoi.for_rules` picks it for the rules that need it."""

    # The hooks below run on every turn: they narrow the rules and the round state with an
    # inline assert rather than `rules_of` / `round_of`, whose calls cost the engine its speed.

    def after_hand_step(self, state: State) -> tuple[State, Then]:
        rules, extra = state.rules, state.extra
        assert isinstance(rules, KoiKoiRules) and isinstance(extra, KoiKoiRound)
        if rules.unmatched_draw_to_hand:
            if extra.kept_turn == state.turn_no:
                return state, END_TURN  # the card played in place of the kept draw
            return state, DRAW
        if rules.turn_structure != "draw_then_play_two":
            return state, DRAW
        turn, plays = extra.plays
        plays = plays + 1 if turn == state.turn_no else 1
        state = replace(state, extra=replace(extra, plays=(state.turn_no, plays)))
        if plays < 2 and state.hands[state.turn]:
            return state, PLAY
        return state, END_TURN

    def playable(self, state: State) -> int:
        hand = state.hands[state.turn]
        extra = state.extra
        assert isinstance(extra, KoiKoiRound)
        if extra.kept_turn == state.turn_no:  # only under P17 (unmatched_draw_to_hand)
            return hand & ~(1 << extra.kept_card)  # "another hand card in its place"
        return hand

    def auto_event(self, state: State) -> Event | None:
        """The automatic shobu, and the draws the variants put into the hand."""
        phase = state.phase
        if phase != PLAY:
            return super().auto_event(state)
        rules = state.rules
        assert isinstance(rules, KoiKoiRules)
        if rules.turn_structure == "draw_then_play_two":
            if state.stage == HAND and state.pile and round_of(state).drawn_turn != state.turn_no:
                return DrawnToHand(
                    seat=state.turn, card=CARDS[state.pile[0]], reason="draw_then_play_two"
                )
        elif (
            rules.unmatched_draw_to_hand
            and state.stage == DRAW
            and state.hands[state.turn]
            and self._unmatched(state, state.pile[0])
        ):
            return DrawnToHand(seat=state.turn, card=CARDS[state.pile[0]], reason="unmatched_draw")
        return None


GAME = KoiKoi()
TURN_VARIANTS = KoiKoiTurnVariants()
