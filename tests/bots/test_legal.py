"""Every bot only ever returns a legal action: whole matches in every game and option set, each
seat a different level, plus every decision of random playouts offered to every level."""

from __future__ import annotations

import random

import pytest

from core.actions import Action
from core.engine import legal_actions, to_act
from core.state import OVER
from core.view import View, observe
from hanatui.arena.selfplay import play_match
from hanatui.bots import BOTS, Bot
from hanatui.bots.strong import StrongBot
from tests.bots.conftest import OPTION_SETS, decision_points, option_id, rules_for


class Checked(Bot):
    """Wraps a bot and checks each of its answers against the legal actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level
        self.decisions = 0

    def choose(self, view: View, legal: tuple[Action, ...], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        assert action in legal, f"{self.level} chose {action!r}, not among {legal!r}"
        self.decisions += 1
        return action


def level_bot(level: str) -> Bot:
    return StrongBot(playouts=8) if level == "strong" else BOTS[level]()


@pytest.mark.parametrize("entry", OPTION_SETS, ids=option_id)
def test_mixed_tables_play_whole_matches_legally(entry):
    game, n, options = entry
    rules = rules_for(game, options, rounds=2)
    levels = ["normal", "easy", "strong", "random"]
    for seed in range(2):
        bots = [Checked(level_bot(levels[(s + seed) % len(levels)])) for s in range(n)]
        timeline = play_match(rules, bots, seed=seed)
        assert timeline.last.phase == OVER
        assert sum(b.decisions for b in bots) > 0


@pytest.mark.parametrize("entry", OPTION_SETS, ids=option_id)
def test_every_level_answers_legally_at_random_positions(entry):
    game, n, options = entry
    rules = rules_for(game, options)
    rng = random.Random(3)
    for seed in range(2):
        for k, state in enumerate(decision_points(rules, n, seed=100 + seed)):
            seat = to_act(state)
            legal = legal_actions(state)
            view = observe(state, seat)
            for level in sorted(BOTS):
                if level == "strong" and k % 4:
                    continue
                action = level_bot(level).choose(view, legal, rng)
                assert action in legal, f"{level} chose {action!r} in {game}"
