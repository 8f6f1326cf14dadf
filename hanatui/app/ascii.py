"""ASCII mode for the parts Textual draws with its own glyphs: scrollbars, check boxes, radio
buttons' sides and the tab underline. Borders are styled in hanatui-ascii.tcss; our own words
choose ASCII in `hanatui.app.layout.glyphs`.

The glyphs are class attributes Textual reads at each render, so the mode is process-wide: it is
switched with the app's setting, and switching it off restores Textual's own glyphs (tests run
several apps in one process).
"""

from __future__ import annotations

from typing import Any

#: Textual's glyphs as they were before ASCII mode replaced them (empty while it is off).
_SAVED: dict[tuple[Any, str], Any] = {}


def _targets() -> dict[tuple[Any, str], Any]:
    from textual.renderables.bar import Bar
    from textual.scrollbar import ScrollBarRender
    from textual.widgets import Checkbox, RadioButton

    return {
        # The thumb keeps its colour; its ends are whole cells instead of eighths of a block.
        (ScrollBarRender, "VERTICAL_BARS"): [" "] * 8,
        (ScrollBarRender, "HORIZONTAL_BARS"): [" "] * 8,
        (Checkbox, "BUTTON_LEFT"): "[",
        (Checkbox, "BUTTON_RIGHT"): "]",
        (RadioButton, "BUTTON_LEFT"): "(",
        (RadioButton, "BUTTON_RIGHT"): ")",
        (Bar, "BAR"): "-",
        (Bar, "HALF_BAR_LEFT"): "-",
        (Bar, "HALF_BAR_RIGHT"): "-",
    }


def use_ascii_glyphs(on: bool) -> None:
    """Draw Textual's own widgets with ASCII glyphs (``on``) or with Textual's (off)."""
    if on and not _SAVED:
        for (owner, name), glyph in _targets().items():
            _SAVED[owner, name] = owner.__dict__.get(name)
            setattr(owner, name, glyph)
    elif not on and _SAVED:
        for (owner, name), glyph in _SAVED.items():
            if glyph is None:
                delattr(owner, name)  # it was inherited: the parent's glyph shows again
            else:
                setattr(owner, name, glyph)
        _SAVED.clear()
