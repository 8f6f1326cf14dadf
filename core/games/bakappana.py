"""Bakappana (RULES.md §3): the fishing core, scored by card points alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.cards import ALL_MASK, cards_of, points_of
from core.events import RoundEnded, ScoreLine, SeatScore
from core.games.base import Game

if TYPE_CHECKING:
    from core.rules import Rules
    from core.state import State


class Bakappana(Game):
    id = "bakappana"
    title = "Bakappana"
    min_players = 2
    max_players = 4

    def plays_out_pile(self, rules: Rules) -> bool:
        return not getattr(rules, "end_at_empty_hands", False)

    def deck_total(self, rules: Rules) -> int:
        return points_of(ALL_MASK, self.card_values(rules))

    def card_lines(self, state: State, seat: int) -> list[ScoreLine]:
        """The card total line, and the par line under zero-sum scoring."""
        total = self.card_total(state, seat)
        lines = [
            ScoreLine(
                kind="cards",
                label=f"card points ({state.captures[seat].bit_count()} cards)",
                points=total,
                cards=cards_of(state.captures[seat]),
            )
        ]
        if getattr(state.rules, "scoring", "") == "zero_sum":
            par = self.deck_total(state.rules) // state.num_players
            lines.append(ScoreLine(kind="par", label=f"par {par}", points=-par))
        return lines

    def score_round(self, state: State) -> RoundEnded:
        breakdown = []
        for seat in range(state.num_players):
            lines = self.card_lines(state, seat)
            breakdown.append(
                SeatScore(seat=seat, lines=tuple(lines), points=sum(x.points for x in lines))
            )
        return self.round_result(state, tuple(breakdown))

    def round_result(self, state: State, breakdown: tuple[SeatScore, ...]) -> RoundEnded:
        points = tuple(s.points for s in breakdown)
        return RoundEnded(
            round=state.round,
            reason=state.end_reason,  # type: ignore[arg-type]
            points=points,
            totals=tuple(t + p for t, p in zip(state.totals, points)),
            breakdown=breakdown,
            next_dealer=self.next_dealer(state, points),
        )


GAME = Bakappana()
