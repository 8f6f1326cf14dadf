"""What a screen looks like to a language with longer words: each message whole, nothing past its
box. Shared by the pseudo-language pilot (tests/app/test_languages_pilot.py) and the layout tests.

The pseudo-language (`hanatui.text.i18n.PSEUDO`) writes every message inside ``«»``, 40 % longer
than its English. A widget that cuts a message (a fixed width, an ellipsis, a height too small)
shows a ``«`` without its ``»``; a widget pushed past its container is clipped by it. Both show
in the compositor's map of the screen: each widget's region beside the clip its containers give it.
"""

from __future__ import annotations

import re

from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

_WORD = re.compile(r"[A-Za-z]{3,}")

#: Widgets whose words have a fixed room, cut to it on purpose: a card's face (seven cells for
#: its kind) and its border (five for a tag). Each real language's words fit there whole
#: (tests/app/test_table_languages.py); the pseudo-language, longer on purpose, is cut.
FIXED_ROOM = ("CardRow",)


def widget_text(widget: Widget) -> str:
    """Everything ``widget`` draws, the whole of it (not only what its container lets show)."""
    width, height = widget.outer_size
    return "\n".join(strip.text for strip in widget.render_lines(Region(0, 0, width, height)))


def _scrolls(widget: Widget, vertical: bool) -> bool:
    """Whether ``widget`` or a container of it scrolls in that direction: what it clips there can
    be scrolled to."""
    node: Widget | None = widget
    while isinstance(node, Widget) and not isinstance(node, Screen):
        if vertical and node.allow_vertical_scroll:
            return True
        if not vertical and node.allow_horizontal_scroll:
            return True
        parent = node.parent
        node = parent if isinstance(parent, Widget) else None
    return False


def unbalanced(text: str) -> str | None:
    """The first message ``text`` cuts (a ``«`` without its ``»``, or the other way), or None."""
    depth = 0
    start = 0
    for i, char in enumerate(text):
        if char == "«":
            if depth == 0:
                start = i
            depth += 1
        elif char == "»":
            depth -= 1
            if depth < 0:
                return text[max(0, i - 40) : i + 1]
    return text[start : start + 60] if depth else None


def outside_messages(text: str) -> str:
    """``text`` without what is inside ``«»``: what no message said."""
    out = []
    depth = 0
    for char in text:
        if char == "«":
            depth += 1
        elif char == "»":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def english_words(text: str) -> set[str]:
    """The Latin words of three letters or more outside every message."""
    return set(_WORD.findall(outside_messages(text)))


def screen_problems(screen: Screen[object], *, pseudo: bool) -> list[str]:
    """What is cut or out of its box on ``screen``, in words; ``pseudo``: the pseudo-language is
    in use, so a cut message also shows as an unbalanced ``«»``."""
    found = []
    width = screen.size.width
    for widget, (region, clip) in screen._compositor.visible_widgets.items():
        if widget is screen:
            continue
        name = f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__
        sideways = region.x < clip.x or region.right > clip.right
        if sideways and not _scrolls(widget, vertical=False):
            found.append(f"{name} is cut at the side: {region} inside {clip}")
        vertically = region.y < clip.y or region.bottom > clip.bottom
        if vertically and not _scrolls(widget, vertical=True):
            found.append(f"{name} is cut at the top or bottom: {region} inside {clip}")
        if region.right > width:
            found.append(f"{name} runs past the screen's edge: {region}")
        if any(child.display for child in widget.children):
            continue  # a container: its children say what it shows
        text = widget_text(widget)
        # a widget that scrolls its own lines (the game's log) shows a window onto them, which
        # may open or close inside an entry: only whole widgets are read for cut messages
        scrolled = widget.allow_vertical_scroll and widget.max_scroll_y > 0
        if pseudo and type(widget).__name__ not in FIXED_ROOM and not scrolled:
            cut = unbalanced(text)
            if cut is not None:
                found.append(f"{name} cuts a message: {cut!r}")
    return found
