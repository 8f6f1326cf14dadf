"""The house-rules editor speaks in words: each option by its title, a switch saying on or off,
a choice its words, a number what it counts; the chosen preset's description under the preset;
single yaku values and the double-chaff cards edited by name."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Checkbox, Input, Select, Static

from core.errors import HanaError
from core.rules import option_docs, preset_of
from hanatui.app.app import HanaApp
from hanatui.app.screens.newgame import NewGameScreen

from .helpers import settings


async def _new_game(pilot) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


def _text(widget: Static) -> str:
    return str(widget.render())


async def test_every_option_reads_in_words():
    app = HanaApp(settings=settings(last_game="koikoi"), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _new_game(pilot)
        titles = [_text(w) for w in screen.query(".option .key").results(Static)]
        assert titles == [doc.title for doc in option_docs("koikoi")]
        assert not any("_" in t for t in titles)
        for doc in option_docs("koikoi"):
            widget = screen.query_one(f"#opt-{doc.key}")
            if isinstance(widget, Checkbox):
                assert str(widget.label) == ("on" if doc.default else "off")
            elif isinstance(widget, Select):
                labels = [str(label) for label, _value in widget._options]
                assert labels == [words for _value, words in doc.choices]
                assert not any(re.search(r"\b[a-z]+_[a-z_]+\b", label) for label in labels)
        # a number says what it counts, and "off" where 0 switches it off
        assert _text(screen.query_one("#unit-draw_dealer_points", Static)) == "off"
        points = screen.query_one("#opt-draw_dealer_points", Input)
        points.value = "1"
        await pilot.pause()
        assert _text(screen.query_one("#unit-draw_dealer_points", Static)) == "1 point"
        # a switch says its new value when it changes
        double = screen.query_one("#opt-double_at_7", Checkbox)
        double.value = False
        await pilot.pause()
        assert str(double.label) == "off"


async def test_the_chosen_presets_description_shows_and_its_options_follow():
    app = HanaApp(settings=settings(last_game="koikoi"), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _new_game(pilot)
        doc = screen.query_one("#preset-doc", Static)
        assert _text(doc) == preset_of("koikoi", "standard").description
        preset = screen.query_one("#preset", Select)
        assert [str(label) for label, _v in preset._options][:2] == [
            "Standard",
            "Most common values",
        ]
        preset.value = "spanish"
        await pilot.pause()
        await pilot.pause()
        assert _text(doc) == preset_of("koikoi", "spanish").description
        assert str(screen.query_one("#opt-double_at_7", Checkbox).label) == "off"
        rules, _players = screen.build()
        assert rules.koikoi_multiplier == "self_flat" and rules.zero_sum_start == 50


async def test_single_yaku_values_and_double_chaff_cards_are_edited_by_name():
    app = HanaApp(settings=settings(last_game="koikoi"), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _new_game(pilot)
        from textual.widgets import Collapsible

        screen.query_one("#opt-yaku_points", Collapsible).collapsed = False  # opened: the fields
        await pilot.pause()
        await pilot.pause()
        screen.query_one("#opt-yaku_points-hanamizake", Input).value = "3"
        screen.query_one("#opt-double_chaff_cards-lightning", Checkbox).value = True
        await pilot.pause()
        rules, _players = screen.build()
        assert rules.yaku_value("hanamizake") == 3 and rules.yaku_value("tsukimizake") == 5
        assert rules.double_chaff_cards == ("lightning",)
        screen.query_one("#opt-yaku_points-kasu", Input).value = "lots"
        with pytest.raises(HanaError, match=r"^Chaff: 'lots' is not a whole number$"):
            screen.build()  # the editor's own words, naming the yaku
