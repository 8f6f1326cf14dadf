"""Hana-awase, declared (docs/rules.md §4): bakappana's deal, turn and end of round, scored by
card points plus yaku."""

from __future__ import annotations

from msgspec.structs import replace

from core.events import RoundEnded, RoundEndReason
from core.games.bakappana import scoring as cards
from core.games.base import Game
from core.games.hanaawase.rules import PRESETS, STANDARD, HanaAwaseRules
from core.games.hanaawase.scoring import score_round, shown_teyaku
from core.games.hanaawase.yaku import hanaawase_hits, hanaawase_specs
from core.state import PLAY, State, Then
from core.yaku import YakuContext, YakuHit, YakuSpec


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

    def card_values(self, rules: HanaAwaseRules) -> tuple[int, ...]:
        return cards.card_values(rules)

    def yaku_specs(self, rules: HanaAwaseRules) -> tuple[YakuSpec, ...]:
        return hanaawase_specs(rules.yaku_table)

    def evaluate_yaku(
        self, rules: HanaAwaseRules, captured: int, context: YakuContext
    ) -> tuple[YakuHit, ...]:
        return hanaawase_hits(rules, captured)

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


GAME = HanaAwase()
