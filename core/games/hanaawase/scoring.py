"""Hana-awase's round score (docs/rules.md §4.3): card points plus yaku, by scoring mode.

``seed`` pays a seat's yaku once per other player, ``plain`` once, ``zero_sum`` settles card
points against par and has each other player pay a seat's yaku. Fuke (a seat with too few card
points) makes the round a draw; the four Willows may cancel yaku; a chaff teyaku shown at the
deal is paid by every other player.
"""

from __future__ import annotations

from core.cards import CHAFF, cards_of, points_of
from core.events import RoundEnded, ScoreLine, SeatScore
from core.games.bakappana.scoring import card_lines, card_values, round_result
from core.games.hanaawase.rules import HanaAwaseRules
from core.games.hanaawase.yaku import hanaawase_hits
from core.state import RoundState, State
from core.yaku import YakuHit


class HanaAwaseRound(RoundState, frozen=True, kw_only=True):
    """Hana-awase's round state (``State.extra``), public: the chaff each seat showed at the deal
    for a teyaku (``teyaku_chaff``); under ``lightning_wild``, the card the Lightning was paired
    with (a bit index, -1 none yet: the card it took, or the drawn card that took it) and the seat
    that paired them."""

    shown: tuple[int, ...] = ()
    lightning_pair: int = -1
    lightning_user: int = -1


def yaku_payers(rules: HanaAwaseRules, n: int) -> int:
    """How many times a seat's yaku are paid at an ``n``-seat table: by each other player under
    ``seed`` and ``zero_sum`` scoring, once under ``plain``."""
    return n - 1 if rules.scoring in ("seed", "zero_sum") else 1


def teyaku_payment(chaff: int) -> int:
    """What each other player pays for a chaff teyaku: 6 chaff 20, 7 or more 30."""
    if chaff >= 7:
        return 30
    if chaff == 6:
        return 20
    return 0


def shown_teyaku(hands: tuple[int, ...]) -> HanaAwaseRound:
    """The chaff teyaku each opening hand shows (0 for a hand without one)."""
    return HanaAwaseRound(
        shown=tuple(h & CHAFF if teyaku_payment((h & CHAFF).bit_count()) else 0 for h in hands)
    )


#: What each other player pays a seat owed compensation (3 players).
COMPENSATION = 30


def compensated(state: State) -> list[int]:
    """Three players: the seats owed compensation, the dealer or the second in turn order with
    8 cards or fewer taken, the third with 10 or fewer."""
    out = []
    for k in range(3):
        seat = (state.dealer + k) % 3
        if state.captures[seat].bit_count() <= (10 if k == 2 else 8):
            out.append(seat)
    return out


def score_round(state: State, rules: HanaAwaseRules) -> RoundEnded:
    n = state.num_players
    lines: list[list[ScoreLine]] = [card_lines(state, rules, s) for s in range(n)]
    hits: list[tuple[YakuHit, ...]] = [hanaawase_hits(rules, state.captures[s]) for s in range(n)]
    notes: list[ScoreLine] = []
    holders = [s for s in range(n) if any(h.id == "yanagi_shima" for h in hits[s])]
    if holders and rules.willow_row == "cancel_all":
        notes.append(ScoreLine(kind="note", id="willow_row_cancel_all", seat=holders[0]))
        hits = [() for _ in range(n)]
    elif holders and rules.willow_row == "owner_only":
        notes.append(ScoreLine(kind="note", id="willow_row_owner_only", seat=holders[0]))
        hits = [hits[s] if s in holders else () for s in range(n)]
    values = card_values(rules)
    totals = [points_of(state.captures[s], values) for s in range(n)]
    fuke = [s for s in range(n) if rules.fuke_threshold and totals[s] <= rules.fuke_threshold]
    if fuke:
        fuke_line = ScoreLine(kind="note", id="fuke", seat=fuke[0], value=totals[fuke[0]])
        lines = [[fuke_line] for _ in range(n)]
    else:
        yaku_points = [sum(h.points for h in hs) for hs in hits]
        for s in range(n):
            lines[s].extend(notes)
            for h in hits[s]:
                lines[s].append(ScoreLine(kind="yaku", id=h.id, points=h.points, cards=h.cards))
            factor = yaku_payers(rules, n)
            times = "yaku_paid_by_each" if rules.scoring == "zero_sum" else "yaku_by_players"
            if factor > 1 and yaku_points[s]:
                lines[s].append(
                    ScoreLine(
                        kind="multiplier",
                        id=times,
                        factor=factor,
                        points=yaku_points[s] * (factor - 1),
                    )
                )
            if rules.scoring == "zero_sum":
                for o in range(n):
                    if o != s and yaku_points[o]:
                        lines[s].append(
                            ScoreLine(
                                kind="penalty", id="pays_yaku", seat=o, points=-yaku_points[o]
                            )
                        )
    extra = state.extra
    if isinstance(extra, HanaAwaseRound) and extra.shown:
        for s in range(n):
            pay = teyaku_payment(extra.shown[s].bit_count())
            if not pay:
                continue
            lines[s].append(
                ScoreLine(
                    kind="bonus",
                    id="teyaku",
                    points=pay * (n - 1),
                    cards=cards_of(extra.shown[s]),
                )
            )
            for o in range(n):
                if o != s:
                    lines[o].append(
                        ScoreLine(kind="penalty", id="pays_teyaku", seat=s, points=-pay)
                    )
    if rules.compensation and n == 3 and not fuke:
        for s in compensated(state):
            lines[s].append(
                ScoreLine(
                    kind="bonus",
                    id="compensation",
                    value=state.captures[s].bit_count(),
                    points=COMPENSATION * (n - 1),
                )
            )
            for o in range(n):
                if o != s:
                    lines[o].append(
                        ScoreLine(
                            kind="penalty", id="pays_compensation", seat=s, points=-COMPENSATION
                        )
                    )
    breakdown = tuple(
        SeatScore(seat=s, lines=tuple(lines[s]), points=sum(x.points for x in lines[s]))
        for s in range(n)
    )
    return round_result(state, breakdown)


__all__ = [
    "COMPENSATION",
    "HanaAwaseRound",
    "compensated",
    "score_round",
    "shown_teyaku",
    "teyaku_payment",
]
