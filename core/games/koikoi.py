"""Koi-koi (RULES.md §5): yaku, the koi-koi / shobu decision, lucky hands, multipliers, match scoring.

The engine runs the fishing turn; this module adds what koi-koi does differently:

- the deal: four of a month or (P3) four pairs on the field void it; lucky hands (P1/P2) win the
  round for 6, void the deal, or do nothing;
- after each turn (`after_turn`): a seat that formed a new yaku or raised a group's value since its
  last decision must decide (phase Phase.DECIDE, actions `CallKoiKoi` / `CallShobu`); on its last move,
  or below ``koikoi_min_points``, shobu is automatic (`ShobuCalled(auto=True)` via `auto_event`);
- turn variants: draw-then-play-two (P16) and the unmatched draw kept in hand (P17) through the
  `DrawnToHand` event and the engine's `after_hand_step` hook; the wild Lightning (P12/P13) through
  `capture_targets`; the play-out of the draw pile (P15) through `plays_out_pile`;
- the round's score with a line per yaku and per multiplier, and the match scoring modes.

The round state lives in `KoiKoiRound` (``State.extra``); everything in it is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from core.actions import Action, CallKoiKoi, CallShobu
from core.cards import (
    ANIMALS,
    BRIGHTS,
    CARDS,
    CHAFF,
    MONTH_MASKS,
    MONTH_NAMES,
    RIBBONS,
    Card,
    cards_of,
)
from core.errors import CorruptLogError, IllegalActionError
from core.events import (
    DrawnToHand,
    Event,
    KoiKoiCalled,
    RoundEnded,
    ScoreLine,
    SeatScore,
    ShobuCalled,
)
from core.games.base import Game
from core.rulesets.koikoi import KoiKoiRules
from core.state import Phase, Source
from core.yaku import YakuContext, YakuHit, YakuSpec, YakuTable, register_evaluator

if TYPE_CHECKING:
    from core.rules import Rules
    from core.state import State


def _m(codes: str) -> int:
    mask = 0
    for code in codes.split():
        mask |= Card.parse(code).bit
    return mask


DRY_BRIGHTS = _m("01a 03a 08a 12a")
RAIN_MAN = Card.C11A.bit
SAKE_CUP = Card.C09A.bit
LIGHTNING = Card.C11D.index
WILLOW = MONTH_MASKS[10]
PAULOWNIA = MONTH_MASKS[11]
SUSUKI = MONTH_MASKS[7]
INOSHIKACHO = _m("06a 07a 10a")
AKATAN = _m("01b 02b 03b")
AOTAN = _m("06b 09b 10b")
DOUBLE_CHAFF = {"sake_cup": SAKE_CUP, "lightning": Card.C11D.bit, "yellow_paulownia": Card.C12B.bit}

# A yaku standing: per slot of the table that holds something, (slot, spec index, points).
Standing = tuple[tuple[int, int, int], ...]


# ------------------------------------------------------------------------------------------
# The yaku table (RULES.md §5, rules/SOURCES.md §5.4 and §5.8)
# ------------------------------------------------------------------------------------------


def koikoi_specs(
    rules: KoiKoiRules, sake_as: str = "both", month: int | None = None
) -> list[YakuSpec]:
    """The koi-koi yaku specs under ``rules``.

    ``sake_as``: the Sake Cup counts as ``both`` animal and chaff, ``animal`` only or ``chaff``
    only. ``month``: the round's month for tsukifuda (None: no tsukifuda).
    """
    v = rules.yaku_value
    modern = rules.ribbon_animal_system == "modern"
    animals = ANIMALS if sake_as != "chaff" else ANIMALS & ~SAKE_CUP
    chaff = CHAFF | SAKE_CUP if sake_as != "animal" else CHAFF
    doubles = 0
    for name in rules.double_chaff_cards:
        doubles |= DOUBLE_CHAFF[name]
    doubles &= chaff
    animal_group = "animals" if modern else None
    ribbon_group = "ribbons" if modern else None
    extra = 1 if modern else 0
    specs = [
        YakuSpec(
            id="goko",
            name="Five Brights",
            name_ja="五光",
            points=v("goko"),
            group="brights",
            cards=BRIGHTS,
            description="all five brights",
        ),
        YakuSpec(
            id="shiko",
            name="Four Brights",
            name_ja="四光",
            points=v("shiko"),
            group="brights",
            cards=DRY_BRIGHTS,
            description="01a 03a 08a 12a (no Rain Man)",
        ),
        YakuSpec(
            id="ameshiko",
            name="Rainy Four Brights",
            name_ja="雨四光",
            points=v("ameshiko"),
            group="brights",
            cards=RAIN_MAN,
            pool=DRY_BRIGHTS,
            need=3,
            description="the Rain Man and three of 01a 03a 08a 12a",
        ),
        YakuSpec(
            id="sanko",
            name="Three Brights",
            name_ja="三光",
            points=v("sanko"),
            group="brights",
            pool=DRY_BRIGHTS,
            need=3,
            description="three of 01a 03a 08a 12a (not the Rain Man)",
        ),
    ]
    if rules.inoshikacho_enabled:
        specs.append(
            YakuSpec(
                id="inoshikacho",
                name="Boar, Deer and Butterflies",
                name_ja="猪鹿蝶",
                points=v("inoshikacho"),
                group=animal_group,
                cards=INOSHIKACHO,
                per_extra=extra,
                extra_pool=animals if extra else 0,
                extra_base=3,
                description="06a 07a 10a" + (", +1 per further animal" if extra else ""),
            )
        )
    specs.append(
        YakuSpec(
            id="tane",
            name="Animals",
            name_ja="タネ",
            points=v("tane"),
            group=animal_group,
            pool=animals,
            need=5,
            per_extra=1,
            description="five animals, +1 per further animal",
        )
    )
    if modern:
        specs.append(
            YakuSpec(
                id="akatan_aotan",
                name="Poetry and Blue Ribbons",
                name_ja="赤短・青短の重複",
                points=v("akatan_aotan"),
                group=ribbon_group,
                cards=AKATAN | AOTAN,
                per_extra=1,
                extra_pool=RIBBONS,
                extra_base=6,
                description="the three poetry and three blue ribbons, +1 per further ribbon",
            )
        )
    specs += [
        YakuSpec(
            id="akatan",
            name="Poetry Ribbons",
            name_ja="赤短",
            points=v("akatan"),
            group=ribbon_group,
            cards=AKATAN,
            per_extra=extra,
            extra_pool=RIBBONS if extra else 0,
            extra_base=3,
            description="01b 02b 03b" + (", +1 per further ribbon" if extra else ""),
        ),
        YakuSpec(
            id="aotan",
            name="Blue Ribbons",
            name_ja="青短",
            points=v("aotan"),
            group=ribbon_group,
            cards=AOTAN,
            per_extra=extra,
            extra_pool=RIBBONS if extra else 0,
            extra_base=3,
            description="06b 09b 10b" + (", +1 per further ribbon" if extra else ""),
        ),
        YakuSpec(
            id="tan",
            name="Ribbons",
            name_ja="タン",
            points=v("tan"),
            group=ribbon_group,
            pool=RIBBONS,
            need=5,
            per_extra=1,
            description="five ribbons (11c counts), +1 per further ribbon",
        ),
    ]
    if rules.viewing_yaku != "off":
        specs += [
            YakuSpec(
                id="hanamizake",
                name="Flower Viewing",
                name_ja="花見で一杯",
                points=v("hanamizake"),
                cards=Card.C03A.bit | SAKE_CUP,
                description="the Curtain and the Sake Cup",
            ),
            YakuSpec(
                id="tsukimizake",
                name="Moon Viewing",
                name_ja="月見で一杯",
                points=v("tsukimizake"),
                cards=Card.C08A.bit | SAKE_CUP,
                description="the Moon and the Sake Cup",
            ),
        ]
    specs.append(
        YakuSpec(
            id="kasu",
            name="Chaff",
            name_ja="カス",
            points=v("kasu"),
            pool=chaff,
            need=10,
            per_extra=1,
            doubles=doubles,
            description="ten chaff, +1 per further chaff"
            + ("; the Sake Cup counts as chaff" if chaff & SAKE_CUP else ""),
        )
    )
    if rules.tsukifuda_enabled and month is not None:
        specs.append(
            YakuSpec(
                id="tsukifuda",
                name=f"Month Cards ({MONTH_NAMES[month - 1]})",
                name_ja="月札",
                points=v("tsukifuda"),
                cards=MONTH_MASKS[month - 1],
                description="the four cards of the round's month",
            )
        )
    return specs


class KoiKoiYaku:
    """The koi-koi yaku of one Rules value and month, compiled: standings and hits of a pile."""

    __slots__ = (
        "_cache",
        "best_only",
        "filtered",
        "hanami",
        "rain",
        "require_other",
        "tables",
        "tsukimi",
        "weather",
    )

    def __init__(self, rules: KoiKoiRules, month: int | None) -> None:
        roles = {"both": ("both",), "animal_only": ("animal",), "either": ("animal", "chaff")}
        self.tables = tuple(
            YakuTable(koikoi_specs(rules, role, month)) for role in roles[rules.sake_cup_role]
        )
        keys = self.tables[0].slot_keys
        self.hanami = keys.index("hanamizake") if "hanamizake" in keys else -1
        self.tsukimi = keys.index("tsukimizake") if "tsukimizake" in keys else -1
        self.weather = rules.viewing_weather_block
        self.rain = rules.rain_man_voids_viewing
        self.require_other = rules.viewing_yaku == "require_other_yaku"
        self.best_only = rules.yaku_count_mode == "best_only"
        self.filtered = self.hanami >= 0 and (self.weather or self.rain or self.require_other)
        # Standings by captured mask, when the field does not matter (no weather blocks): a pile
        # often stays the same for a turn, and small piles recur from hand to hand.
        self._cache: dict[int, Standing] | None = None if (self.filtered and self.weather) else {}

    def _filter(
        self, values: tuple[tuple[int, int], ...], captured: int, field: int | None
    ) -> tuple[tuple[int, int], ...]:
        """Apply the viewing-yaku options (weather, Rain Man, another yaku required)."""
        vals = list(values)
        h, t = self.hanami, self.tsukimi
        no_h = no_t = bool(self.rain and captured & RAIN_MAN)
        if self.weather and field is not None:
            no_h = no_h or bool(field & WILLOW)
            no_t = no_t or bool(field & PAULOWNIA)
        if no_h:
            vals[h] = (-1, 0)
        if no_t:
            vals[t] = (-1, 0)
        if self.require_other and (vals[h][1] or vals[t][1]):
            if not any(v for k, (_, v) in enumerate(vals) if k != h and k != t):
                vals[h] = vals[t] = (-1, 0)
        return tuple(vals)

    def values(self, captured: int, field: int | None) -> tuple[int, tuple[tuple[int, int], ...]]:
        """(table index, per-slot values): the table is the Sake Cup's role that scores most."""
        if len(self.tables) == 1:
            vals = self.tables[0].values(captured)
            return 0, self._filter(vals, captured, field) if self.filtered else vals
        best_t = 0
        best_vals: tuple[tuple[int, int], ...] = ()
        best_total = -1
        for t, table in enumerate(self.tables):
            vals = table.values(captured)
            if self.filtered:
                vals = self._filter(vals, captured, field)
            total = max(v for _, v in vals) if self.best_only else sum(v for _, v in vals)
            if total > best_total:
                best_t, best_vals, best_total = t, vals, total
        return best_t, best_vals

    def standing(self, captured: int, field: int | None) -> Standing:
        """What a pile holds, compactly: (slot, spec index, points) per slot that holds a yaku."""
        cache = self._cache
        if cache is not None:
            found = cache.get(captured)
            if found is not None:
                return found
        if self.filtered or len(self.tables) > 1:
            _, vals = self.values(captured, field)
            standing = tuple((k, i, v) for k, (i, v) in enumerate(vals) if v)
        else:
            standing = self.tables[0].held(captured)
        if cache is not None:
            if len(cache) > 200_000:
                cache.clear()
            cache[captured] = standing
        return standing

    def hits(self, captured: int, field: int | None) -> tuple[YakuHit, ...]:
        if not self.filtered and len(self.tables) == 1:
            return self.tables[0].hits_held(captured, self.standing(captured, field))
        t, vals = self.values(captured, field)
        return self.tables[t].hits(captured, vals)


def compiled_yaku(rules: KoiKoiRules, month: int | None) -> KoiKoiYaku:
    """The compiled yaku of ``rules`` in a round of ``month`` (month matters only with
    tsukifuda), cached by the (hashable) rules."""
    return _compiled_yaku(rules, month if rules.tsukifuda_enabled else None)


@lru_cache(maxsize=32)
def _compiled_yaku(rules: KoiKoiRules, month: int | None) -> KoiKoiYaku:
    return KoiKoiYaku(rules, month)


def evaluate_koikoi_yaku(rules: Rules, captured: int, context: YakuContext) -> tuple[YakuHit, ...]:
    """`core.evaluate_yaku` for koi-koi."""
    assert isinstance(rules, KoiKoiRules)
    return compiled_yaku(rules, context.month).hits(captured, context.field)


register_evaluator("koikoi", evaluate_koikoi_yaku, context=True)


def round_month(round_no: int) -> int:
    """The month of a round: round k is month k, cycling after 12 (for tsukifuda)."""
    return (round_no - 1) % 12 + 1


def _better(now: Standing, then: Standing) -> bool:
    """A new yaku, or a slot's value raised, relative to ``then``."""
    before = {k: (i, v) for k, i, v in then}
    for k, i, v in now:
        old = before.get(k)
        if old is None or old[0] != i or v > old[1]:
            return True
    return False


def _newer(now: Standing, then: Standing) -> bool:
    """A yaku that ``then`` did not hold (P22: a raise alone does not count)."""
    before = {k: i for k, i, _ in then}
    return any(before.get(k) != i for k, i, _ in now)


_ONES = int("0001" * 12, 2)  # bit 0 of each month's nibble
_FIVES = int("0101" * 12, 2)
_THREES = int("0011" * 12, 2)


def _month_counts(mask: int) -> int:
    """How many cards of each month a mask holds, as a nibble per month (0-4)."""
    pairs = (mask & _FIVES) + ((mask >> 1) & _FIVES)
    return (pairs & _THREES) + ((pairs >> 2) & _THREES)


def _fours(counts: int) -> int:
    """Bit 0 of each month's nibble set where the month is held four times."""
    return (counts >> 2) & _ONES


def _twos(counts: int) -> int:
    """Bit 0 of each month's nibble set where the month is held exactly twice."""
    return (counts >> 1) & ~counts & ~(counts >> 2) & _ONES


def lucky_kind(hand: int) -> str:
    """``teshi`` (four of a month), ``kuttsuki`` (four months held exactly twice) or ``""``."""
    counts = _month_counts(hand)
    if _fours(counts):
        return "teshi"
    return "kuttsuki" if _twos(counts).bit_count() >= 4 else ""


def lucky_cards(hand: int, kind: str) -> int:
    """The cards that make a lucky hand."""
    out = 0
    for m in MONTH_MASKS:
        count = (hand & m).bit_count()
        if (kind == "teshi" and count == 4) or (kind == "kuttsuki" and count == 2):
            out |= hand & m
    return out


# ------------------------------------------------------------------------------------------
# Round state
# ------------------------------------------------------------------------------------------


class KoiKoiRound(msgspec.Struct, frozen=True, kw_only=True):
    """Koi-koi's state of the round in play (``State.extra``); all of it is public."""

    koikoi: tuple[int, int] = (0, 0)  # koi-koi calls per seat this round
    decided: tuple[Standing, Standing] = ((), ())  # each seat's yaku at its last decision
    seen: tuple[Standing, Standing] = ((), ())  # each seat's yaku after its last turn
    last_yaku: int = -1  # the last seat that formed or raised a yaku (P20)
    lucky: tuple[str, str] = ("", "")  # lucky hand per seat: "teshi", "kuttsuki" or ""
    lucky_cards: tuple[int, int] = (0, 0)  # the cards that make them
    field_brights: int = 0  # brights on the initial field (P30/P31)
    wild: bool = False  # the Lightning is wild this round (P12/P13)
    forced: bool = False  # Phase.DECIDE: the shobu is automatic
    winner: int = -1  # the seat that called shobu
    drawn_turn: int = 0  # P16: the turn whose draw went into the hand
    plays: tuple[int, int] = (0, 0)  # P16: (turn, cards played from hand in it)
    kept_turn: int = 0  # P17: the turn that kept an unmatched draw
    kept_card: int = -1  # P17: the card it kept (not played in its place)


def _set(pair: tuple, seat: int, value: object) -> tuple:  # type: ignore[type-arg]
    return (value, pair[1]) if seat == 0 else (pair[0], value)


# ------------------------------------------------------------------------------------------
# The game
# ------------------------------------------------------------------------------------------


class KoiKoi(Game):
    id = "koikoi"
    title = "Koi-koi"
    min_players = 2
    max_players = 2

    # --- setup -------------------------------------------------------------------------
    def deal_sizes(self, rules: Rules, n: int) -> tuple[int, int]:
        assert isinstance(rules, KoiKoiRules)
        return rules.hand_size, 8

    def void_deal(self, state: State) -> str | None:
        rules = state.rules
        assert isinstance(rules, KoiKoiRules)
        counts = _month_counts(state.field)
        if _fours(counts):
            return "four_of_a_month_on_field"
        if rules.field_lucky_pattern_redeal and _twos(counts).bit_count() >= 4:
            return "lucky_pattern_on_field"
        if rules.lucky_hands == "redeal" and any(lucky_kind(h) for h in state.hands):
            return "lucky_hand"
        return None

    def after_deal(self, state: State) -> State:
        rules = state.rules
        assert isinstance(rules, KoiKoiRules)
        wild = rules.lightning_wild == "always" or (
            rules.lightning_wild == "if_susuki_on_initial_field" and bool(state.field & SUSUKI)
        )
        lucky = ("", "")
        lucky_masks = (0, 0)
        if rules.lucky_hands == "win_6":
            h0, h1 = state.hands
            lucky = (lucky_kind(h0), lucky_kind(h1))
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
            return replace(state, phase=Phase.SCORING, end_reason="both_lucky")
        if lucky[0] or lucky[1]:
            return replace(state, phase=Phase.SCORING, end_reason="lucky_hand")
        return state

    # --- turn flow -----------------------------------------------------------------------
    def plays_out_pile(self, rules: Rules) -> bool:
        return bool(getattr(rules, "play_out_draw_pile", False))

    def round_over(self, state: State) -> str | None:
        if any(state.hands):
            return None
        if state.pile and state.rules.play_out_draw_pile:  # type: ignore[attr-defined]
            return None
        return "exhaustive_draw"

    def capture_targets(self, state: State, card: int, source: Source) -> tuple[int, ...] | None:
        if card != LIGHTNING:
            return None
        extra = state.extra
        if extra is None or not extra.wild:
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

    def after_hand_step(self, state: State) -> tuple[State, str] | None:
        rules = state.rules
        if rules.unmatched_draw_to_hand:  # type: ignore[attr-defined]
            if state.extra.kept_turn == state.turn_no:
                return state, "end"  # the card played in place of the kept draw ends the turn
            return None
        if rules.turn_structure != "draw_then_play_two":  # type: ignore[attr-defined]
            return None
        extra = state.extra
        turn, plays = extra.plays
        plays = plays + 1 if turn == state.turn_no else 1
        state = replace(state, extra=replace(extra, plays=(state.turn_no, plays)))
        if plays < 2 and state.hands[state.turn]:
            return state, "hand"
        return state, "end"

    def playable(self, state: State) -> int:
        hand = state.hands[state.turn]
        if state.rules.unmatched_draw_to_hand:  # type: ignore[attr-defined]
            extra = state.extra
            if extra.kept_turn == state.turn_no:
                return hand & ~(1 << extra.kept_card)  # "another hand card in its place"
        return hand

    def has_more_turns(self, state: State, seat: int) -> bool:
        """Whether ``seat`` will move again this round (if nobody stops it)."""
        if state.hands[seat]:
            return True
        if not state.rules.play_out_draw_pile:  # type: ignore[attr-defined]
            return False
        # The opponent moves next (from the hand, or draw-only) and takes one card off the pile.
        return len(state.pile) > 1

    def after_turn(self, state: State) -> State | None:
        seat = state.turn
        extra: KoiKoiRound = state.extra
        rules: KoiKoiRules = state.rules  # type: ignore[assignment]
        yaku = compiled_yaku(rules, round_month(state.round))
        now = yaku.standing(state.captures[seat], state.field)
        seen = extra.seen[seat]
        if now == seen:
            return None
        improved = _better(now, seen)
        before = extra.decided[seat]
        decision = _newer(now, before) if rules.koikoi_requires_new_yaku else _better(now, before)
        extra = replace(
            extra,
            seen=_set(extra.seen, seat, now),
            last_yaku=seat if improved else extra.last_yaku,
        )
        if decision:
            forced = not self.has_more_turns(state, seat)
            if not forced and rules.koikoi_min_points:
                forced = self.base_points(rules, now) < rules.koikoi_min_points
            return replace(state, phase=Phase.DECIDE, extra=replace(extra, forced=forced))
        from core.engine import next_turn

        return next_turn(replace(state, extra=extra))

    def base_points(self, rules: KoiKoiRules, standing: Standing) -> int:
        """A seat's own yaku points in a standing, counted as ``yaku_count_mode`` says."""
        if not standing:
            return 0
        if rules.yaku_count_mode == "best_only":
            return max(v for _, _, v in standing)
        return sum(v for _, _, v in standing)

    def auto_event(self, state: State) -> Event | None:
        phase = state.phase
        if phase == Phase.DECIDE:
            if state.extra.forced:
                return ShobuCalled(seat=state.turn, auto=True)
            return None
        if phase != Phase.PLAY:
            return None
        rules = state.rules
        if rules.turn_structure == "draw_then_play_two":  # type: ignore[attr-defined]
            if (
                state.stage == Source.HAND
                and state.pile
                and state.extra.drawn_turn != state.turn_no
            ):
                return DrawnToHand(
                    seat=state.turn, card=CARDS[state.pile[0]], reason="draw_then_play_two"
                )
        elif rules.unmatched_draw_to_hand:  # type: ignore[attr-defined]
            if (
                state.stage == Source.DRAW
                and state.hands[state.turn]
                and self._unmatched(state, state.pile[0])
            ):
                return DrawnToHand(
                    seat=state.turn, card=CARDS[state.pile[0]], reason="unmatched_draw"
                )
        return None

    def _unmatched(self, state: State, card: int) -> bool:
        from core.engine import capture_targets

        return not capture_targets(state, card, Source.DRAW)

    # --- decisions -----------------------------------------------------------------------
    def legal_extra(self, state: State) -> tuple[Action, ...]:
        if state.phase != Phase.DECIDE or state.extra.forced:
            return ()
        seat = state.turn
        return (CallKoiKoi(seat=seat), CallShobu(seat=seat))

    def decide_extra(self, state: State, action: Action) -> Event:
        if state.phase != Phase.DECIDE:
            raise IllegalActionError(
                f"there is no koi-koi decision now (phase {state.phase}): {action!r}"
            )
        if state.extra.forced:
            raise IllegalActionError(
                f"shobu is automatic here (last move or too few points): {action!r}"
            )
        if isinstance(action, CallKoiKoi):
            return KoiKoiCalled(seat=action.seat)
        if isinstance(action, CallShobu):
            return ShobuCalled(seat=action.seat)
        raise IllegalActionError(f"decide koi-koi or shobu: {action!r}")

    def apply_extra(self, state: State, event: Event) -> State:
        if isinstance(event, KoiKoiCalled):
            self._expect_decision(state, event.seat, event)
            extra: KoiKoiRound = state.extra
            if extra.forced:
                raise CorruptLogError(f"seat {event.seat} called koi-koi, but shobu was automatic")
            seat = event.seat
            calls = list(extra.koikoi)
            calls[seat] += 1
            extra = replace(
                extra,
                koikoi=(calls[0], calls[1]),
                decided=_set(extra.decided, seat, extra.seen[seat]),
            )
            from core.engine import next_turn

            return next_turn(replace(state, phase=Phase.PLAY, extra=extra))
        if isinstance(event, ShobuCalled):
            self._expect_decision(state, event.seat, event)
            extra = state.extra
            if event.auto != extra.forced:
                raise CorruptLogError(
                    f"seat {event.seat}'s shobu is {'automatic' if extra.forced else 'a free choice'} here"
                )
            return replace(
                state,
                phase=Phase.SCORING,
                end_reason="shobu",
                extra=replace(extra, winner=event.seat, forced=False),
            )
        if isinstance(event, DrawnToHand):
            return self._apply_drawn_to_hand(state, event)
        return super().apply_extra(state, event)

    def _expect_decision(self, state: State, seat: int, event: Event) -> None:
        if state.phase != Phase.DECIDE:
            raise CorruptLogError(
                f"{type(event).__name__} is out of order: no koi-koi decision is due"
            )
        if seat != state.turn:
            raise CorruptLogError(f"seat {seat} decided, but it is seat {state.turn}'s decision")

    def _apply_drawn_to_hand(self, state: State, ev: DrawnToHand) -> State:
        if state.phase != Phase.PLAY:
            raise CorruptLogError("drawn_to_hand is out of order: no turn is in play")
        if ev.seat != state.turn:
            raise CorruptLogError(f"seat {ev.seat} drew, but it is seat {state.turn}'s turn")
        if not state.pile or ev.card.index != state.pile[0]:
            top = CARDS[state.pile[0]].value if state.pile else "nothing"
            raise CorruptLogError(f"drew {ev.card.value}, but the top of the draw pile is {top}")
        rules = state.rules
        extra: KoiKoiRound = state.extra
        hands = list(state.hands)
        hands[ev.seat] |= ev.card.bit
        if ev.reason == "draw_then_play_two":
            if rules.turn_structure != "draw_then_play_two":  # type: ignore[attr-defined]
                raise CorruptLogError(
                    "a draw into the hand needs turn_structure=draw_then_play_two"
                )
            if state.stage != Source.HAND or extra.drawn_turn == state.turn_no:
                raise CorruptLogError("this turn's draw into the hand was already taken")
            extra = replace(extra, drawn_turn=state.turn_no)
        else:
            if not rules.unmatched_draw_to_hand:  # type: ignore[attr-defined]
                raise CorruptLogError("keeping an unmatched draw needs unmatched_draw_to_hand")
            if (
                state.stage != Source.DRAW
                or not state.hands[ev.seat]
                or not self._unmatched(state, ev.card.index)
            ):
                raise CorruptLogError(
                    f"{ev.card.value} cannot be kept: it matches, or no draw is due"
                )
            extra = replace(extra, kept_turn=state.turn_no, kept_card=ev.card.index)
        return replace(
            state,
            pile=state.pile[1:],
            hands=tuple(hands),
            stage=Source.HAND,
            extra=extra,
        )

    # --- scoring -------------------------------------------------------------------------
    def counted_hits(self, rules: KoiKoiRules, hits: Sequence[YakuHit]) -> list[YakuHit]:
        """The hits that score under ``yaku_count_mode`` (P32: the single best one)."""
        if rules.yaku_count_mode == "best_only" and len(hits) > 1:
            best = max(h.points for h in hits)
            return [next(h for h in hits if h.points == best)]
        return list(hits)

    def win_lines(self, state: State, seat: int) -> list[ScoreLine]:
        """The score of ``seat`` winning the round by its yaku: one line per yaku, then one per
        multiplier (a multiplier line's points are what it adds)."""
        rules: KoiKoiRules = state.rules  # type: ignore[assignment]
        extra: KoiKoiRound = state.extra
        yaku = compiled_yaku(rules, round_month(state.round))
        lines: list[ScoreLine] = []
        for h in self.counted_hits(rules, yaku.hits(state.captures[seat], state.field)):
            lines.append(
                ScoreLine(kind="yaku", label=h.name, id=h.id, points=h.points, cards=h.cards)
            )
        if rules.winner_scores_opponent_yaku:
            other = yaku.hits(state.captures[1 - seat], state.field)
            for h in self.counted_hits(rules, other):
                lines.append(
                    ScoreLine(
                        kind="yaku",
                        label=f"{h.name} (the opponent's)",
                        id=h.id,
                        points=h.points,
                        cards=h.cards,
                    )
                )
        base = sum(x.points for x in lines)
        factors: list[tuple[int, str]] = []
        if rules.double_at_7 and base >= rules.double_threshold:
            factors.append((2, f"x2: {base} points, {rules.double_threshold} or more"))
        mine, theirs = extra.koikoi[seat], extra.koikoi[1 - seat]
        mode = rules.koikoi_multiplier
        if mode == "self_flat" and mine:
            factors.append((2, "x2: the winner called koi-koi"))
        elif mode == "opponent_flat" and theirs:
            factors.append((2, "x2: the opponent called koi-koi"))
        elif mode == "any_flat" and mine + theirs:
            factors.append((2, "x2: koi-koi was called"))
        elif mode == "opponent_count" and theirs:
            factors.append(
                (theirs + 1, f"x{theirs + 1}: the opponent called koi-koi {theirs} times")
            )
        elif mode == "any_count" and mine + theirs:
            n = mine + theirs
            factors.append((n + 1, f"x{n + 1}: koi-koi was called {n} times"))
        brights = extra.field_brights
        if rules.field_bright_multiplier == "double_if_any" and brights:
            factors.append((2, f"x2: {brights} bright(s) on the initial field"))
        elif rules.field_bright_multiplier == "per_bright" and brights:
            factors.append(
                (brights + 1, f"x{brights + 1}: {brights} bright(s) on the initial field")
            )
        running = base
        for factor, label in factors:
            lines.append(
                ScoreLine(
                    kind="multiplier", label=label, factor=factor, points=running * (factor - 1)
                )
            )
            running *= factor
        return lines

    def score_round(self, state: State) -> RoundEnded:
        rules: KoiKoiRules = state.rules  # type: ignore[assignment]
        extra: KoiKoiRound = state.extra
        reason = state.end_reason
        dealer = state.dealer
        winner = -1
        lines: list[list[ScoreLine]] = [[], []]
        if reason == "shobu":
            winner = extra.winner
            lines[winner] = self.win_lines(state, winner)
            next_dealer = winner
        elif reason == "lucky_hand":
            winner = 0 if extra.lucky[0] else 1
            kind = extra.lucky[winner]
            cards = extra.lucky_cards[winner]
            label = (
                f"teshi: the four {CARDS[(cards & -cards).bit_length() - 1].month_name} cards in hand"
                if kind == "teshi"
                else "kuttsuki: four pairs in hand"
            )
            lines[winner] = [
                ScoreLine(kind="yaku", label=label, id=kind, points=6, cards=cards_of(cards)),
                ScoreLine(kind="note", label="a lucky hand is not multiplied"),
            ]
            next_dealer = winner
        elif (
            reason == "exhaustive_draw"
            and rules.exhaustive_draw_last_yaku_scores
            and extra.last_yaku >= 0
        ):
            winner = extra.last_yaku
            lines[winner] = [
                ScoreLine(
                    kind="note", label="exhaustive draw: the last player to make a yaku scores it"
                ),
                *self.win_lines(state, winner),
            ]
            next_dealer = winner
        else:  # a draw: exhaustive, or both players lucky
            note = (
                "exhaustive draw: nobody scores"
                if reason == "exhaustive_draw"
                else "both players hold a lucky hand: a draw"
            )
            lines = [[ScoreLine(kind="note", label=note)], [ScoreLine(kind="note", label=note)]]
            if rules.draw_dealer_points:
                winner = dealer
                lines[dealer].append(
                    ScoreLine(
                        kind="bonus",
                        label="the dealer's privilege (oya-ken)",
                        points=rules.draw_dealer_points,
                    )
                )
            next_dealer = dealer if rules.draw_next_dealer == "same" else 1 - dealer
        points = [sum(x.points for x in lines[0]), sum(x.points for x in lines[1])]
        if winner >= 0 and rules.match_scoring == "zero_sum":
            loser = 1 - winner
            gain = points[winner]
            paid = min(gain, max(state.totals[loser], 0))
            if paid < gain:
                lines[winner].append(
                    ScoreLine(
                        kind="note",
                        label=f"capped: the opponent has only {paid} left",
                        points=paid - gain,
                    )
                )
            if paid:
                lines[loser].append(
                    ScoreLine(kind="penalty", label="paid to the winner (zero-sum)", points=-paid)
                )
            points[winner] = paid
            points[loser] = -paid
        elif winner >= 0 and not lines[1 - winner]:
            lines[1 - winner] = [ScoreLine(kind="note", label="the opponent won the round")]
        breakdown = tuple(
            SeatScore(seat=s, lines=tuple(lines[s]), points=points[s]) for s in (0, 1)
        )
        return RoundEnded(
            round=state.round,
            reason=reason,  # type: ignore[arg-type]
            points=(points[0], points[1]),
            totals=(state.totals[0] + points[0], state.totals[1] + points[1]),
            breakdown=breakdown,
            next_dealer=next_dealer,
        )

    # --- the match -----------------------------------------------------------------------
    def initial_totals(self, rules: Rules, n: int) -> tuple[int, ...]:
        if getattr(rules, "match_scoring", "") == "zero_sum":
            return (rules.zero_sum_start,) * n  # type: ignore[attr-defined]
        return (0,) * n

    def match_over(self, state: State) -> bool:
        rules: KoiKoiRules = state.rules  # type: ignore[assignment]
        if rules.match_scoring == "zero_sum" and min(state.totals) <= 0:
            return True
        if rules.match_scoring == "target" and max(state.totals) >= rules.target_score:
            return True
        return state.rounds_done >= rules.rounds


GAME = KoiKoi()
