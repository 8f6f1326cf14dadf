"""What store/ says to the player, in the player's language, and the name of a player who never
chose one.

store/ speaks no language (it may import core/ only): it says its sentences as `Said`, English
that keeps its message and values; `say` gives them in the current language.
"""

from __future__ import annotations

from hanatui.store.settings import DEFAULT_NAME, Said, Settings
from hanatui.text.i18n import _, pgettext


def say(text: str) -> str:
    """``text`` in the player's language if store/ said it (a `Said`), else as it is."""
    if not isinstance(text, Said):
        return text
    values = {k: say(v) if isinstance(v, str) else v for k, v in text.values.items()}
    return _(text.template).format(**values)


def player_name(settings: Settings | None) -> str:
    """The name the player sits under: theirs, or, if they never chose one (`DEFAULT_NAME`, or
    none), "You" in their language. Said at the table and recorded there (a log keeps the names
    shown); the settings keep `DEFAULT_NAME`, never a translation."""
    name = settings.name.strip() if settings is not None else ""
    if settings is None or not name or name == DEFAULT_NAME:
        # TRANSLATORS: the name of a player who never set one (Settings: Your name), at the table
        return pgettext("player name", "You")
    return settings.name


__all__ = ["player_name", "say"]
