"""Bakappana, declared (docs/rules.md §3): the fishing core scored by card points alone."""

from __future__ import annotations

from core.events import RoundEnded, RoundEndReason
from core.games.bakappana import scoring
from core.games.bakappana.rules import PRESETS, STANDARD, BakappanaRules
from core.games.base import Game
from core.state import State


class Bakappana(Game[BakappanaRules]):
    id = "bakappana"
    title = "Bakappana"
    min_players = 2
    max_players = 4
    rules_type = BakappanaRules
    presets = PRESETS
    standard = STANDARD
    rules_section = "§3"
    playout_hooks = frozenset()

    def card_values(self, rules: BakappanaRules) -> tuple[int, ...]:
        return scoring.card_values(rules)

    def deal_sizes(self, rules: BakappanaRules, n: int) -> tuple[int, int]:
        return scoring.deal_sizes(rules, n)

    def round_over(self, state: State) -> RoundEndReason | None:
        rules = state.rules  # checked every turn: narrowed inline, not by `rules_of`
        assert isinstance(rules, BakappanaRules)
        return scoring.round_over(state, rules)

    def score_round(self, state: State) -> RoundEnded:
        return scoring.score_by_cards(state, self.rules_of(state))


GAME = Bakappana()
