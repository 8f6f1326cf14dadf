"""The round's result: the cards of each yaku, at 80x24 too; the same words on its button and
in the footer."""

from __future__ import annotations

import pytest

from core.events import RoundEnded
from core.rules import find_rules
from hanatui.app.app import HanaApp
from hanatui.app.screens.results import RoundResultScreen
from hanatui.arena.selfplay import play_match
from hanatui.bots import make_bot

from .helpers import settings


def _round_with_yaku(game: str):
    for seed in range(1, 60):
        timeline = play_match(find_rules(game, rounds=1), [make_bot("easy")] * 2, seed=seed)
        end = next(e for e in timeline.events if isinstance(e, RoundEnded))
        lines = [ln for s in end.breakdown for ln in s.lines if ln.kind == "yaku" and ln.cards]
        if lines:
            return timeline, end, lines
    pytest.fail("no round with a yaku")


def _screen_text(app) -> str:
    return "\n".join(s.text for s in app.screen._compositor.render_strips())


@pytest.mark.parametrize("game", ["koikoi", "hana-awase"])
async def test_the_round_result_shows_the_cards_of_each_yaku_at_80x24(game):
    timeline, end, lines = _round_with_yaku(game)
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RoundResultScreen(end, timeline.last.players, timeline.last.rules))
        await pilot.pause()
        await pilot.pause()
        text = _screen_text(app)
        for line in lines:
            codes = sorted(line.cards, key=lambda c: c.index)
            # the first cards of each yaku, in order, under its name (a long one wraps)
            assert " ".join(c.value for c in codes[:3]) in text, text


@pytest.mark.parametrize(("last", "words"), [(False, "Next round"), (True, "See the match result")])
async def test_the_result_button_and_the_footer_say_the_same(last, words):
    timeline, end, _ = _round_with_yaku("koikoi")
    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = RoundResultScreen(end, timeline.last.players, timeline.last.rules, last=last)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        text = _screen_text(app)
        footer = text.splitlines()[-1]
        assert f"{words} (enter)" in text
        assert f"enter {words}" in footer, footer
        other = "Next round" if last else "See the match result"
        assert other not in footer
