"""The pilot's eye for longer words (tests/app/longer_words.py) sees what it is there to see: a
message cut by its widget, a widget pushed past its box, a word no catalog gave."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from hanatui.text.i18n import PSEUDO, _, language_scope

from .longer_words import english_words, screen_problems, unbalanced


class _Shows(App[None]):
    def __init__(self, css: str, text: str) -> None:
        super().__init__()
        self.css, self.text = css, text

    def compose(self) -> ComposeResult:
        with Horizontal(id="box"):
            yield Static(self.text, id="words")

    def on_mount(self) -> None:
        self.query_one("#box").styles.width = 30
        self.query_one("#box").styles.height = 5
        for rule in self.css.split(";"):
            if rule.strip():
                key, value = rule.split(":")
                setattr(self.query_one("#words").styles, key.strip(), value.strip())


async def _problems(css: str, message: str = "Play the card you chose") -> list[str]:
    with language_scope(PSEUDO):
        text = _(message)
    app = _Shows(css, text)
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        return screen_problems(app.screen, pseudo=True)


async def test_a_message_that_wraps_inside_its_box_is_whole() -> None:
    assert await _problems("width: 1fr") == []


async def test_a_message_cut_by_its_widget_is_seen() -> None:
    found = await _problems("width: 1fr; height: 1; text_wrap: nowrap; text_overflow: ellipsis")
    assert any("cuts a message" in line for line in found), found


async def test_a_widget_wider_than_its_box_is_seen() -> None:
    found = await _problems("width: 45")
    assert any("cut at the side" in line for line in found), found


async def test_a_widget_taller_than_its_box_is_seen() -> None:
    found = await _problems("width: 1fr; height: 8")
    assert any("cut at the top or bottom" in line for line in found), found


def test_unbalanced_and_english_words() -> None:
    assert unbalanced("«a «b» c»") is None
    assert unbalanced("x «a «b» c") is not None and unbalanced("a» b") is not None
    assert english_words("«Ŕóúñd» Round 3, «ñó» no ab") == {"Round"}
