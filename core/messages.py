"""The mark on English text the engine holds for players to read (an option's title, an error's
reason): ``N_("...")`` is the text itself, unchanged.

The engine stays free of gettext and of any language: it only marks its sentences, so that
`scripts/messages.py` extracts them into the catalogs, and the program translates them where it
shows them (``hanatui.text.i18n._``), with their ``{named}`` values filled in after translation.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """``message``, marked for translation where it is shown."""
    return message
