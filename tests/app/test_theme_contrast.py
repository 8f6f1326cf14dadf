"""The table's words read in each of our themes, at both sizes: the panels' titles (the field,
a seat's name and points, the game log) were drawn in their border's faint colour, 1.15:1
against the table in hana-washi and 1.8:1 even in hana-contrast."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from textual.strip import Strip

from hanatui.app.app import HanaApp

from .helpers import new_session, settings
from .test_play import settle

pytestmark = pytest.mark.slow


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _strips(found: object) -> list[Strip]:
    if isinstance(found, Strip):
        return [found]
    assert isinstance(found, Iterable)
    return [s for part in found for s in _strips(part)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("theme", ["hana-night", "hana-washi", "hana-contrast"])
async def test_the_panels_titles_read_in_every_theme(theme, size):
    app = HanaApp(settings=settings(theme=theme), save=False, session=new_session("koikoi"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        update = app.screen._compositor.render_update(full=True)
        ratios: dict[str, float] = {}
        for strip in _strips(update.strips):
            for segment in strip:
                style = segment.style
                word = segment.text.strip().split(" ")[0]  # "Field · * poetry ribbon" too
                if word not in ("Field", "Game") or style is None:
                    continue
                assert style.color is not None and style.bgcolor is not None
                fg = style.color.get_truecolor()
                bg = style.bgcolor.get_truecolor()
                ratios[word] = min(ratios.get(word, 99.0), contrast(tuple(fg), tuple(bg)))
        expected = {"Field", "Game"} if size == (120, 40) else {"Field"}
        assert set(ratios) == expected
        assert min(ratios.values()) >= 4.5, ratios
