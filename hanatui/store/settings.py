"""Where hanatui keeps its things, and the user's settings.

Directories come from platformdirs; ``HANATUI_DATA_DIR`` and ``HANATUI_CONFIG_DIR`` override them
(tests and portable installs). Settings are one JSON file written atomically. A settings file that
cannot be read never stops the app and is never overwritten silently: it is moved aside to
``settings.json.bak`` and the app says so. Entries a newer hanatui wrote are kept when this one
saves.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec

from core.messages import N_

APP_NAME = "hanatui"
PACES = (0.0, 0.3, 0.6, 1.0, 1.5)
#: The name of a player who never chose one, as settings.json keeps it: English, data like the
#: rest of the file; shown in the player's language (`hanatui.text.said.player_name`).
DEFAULT_NAME = "You"


class Said(str):
    """A sentence for the player, in English, that keeps its message and values so that it is
    shown in the player's language (`hanatui.text.said.say`): store/ speaks no language itself.
    The message is marked with ``N_``; a value may be a `Said` too."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> Said:
        said = super().__new__(cls, template.format(**values))
        said.template = template
        said.values = values
        return said


def data_dir() -> Path:
    """The user's data directory: autosaves and finished games."""
    env = os.environ.get("HANATUI_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """The user's configuration directory: settings.json."""
    env = os.environ.get("HANATUI_CONFIG_DIR")
    if env:
        return Path(env)
    if os.environ.get("HANATUI_DATA_DIR"):
        return data_dir() / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def games_dir() -> Path:
    return data_dir() / "games"


class RuleSet(msgspec.Struct, kw_only=True, forbid_unknown_fields=False):
    """A named set of house rules the user saved: a game and its option values."""

    game: str
    options: dict[str, Any] = {}


class Settings(msgspec.Struct, kw_only=True):
    """What persists between runs."""

    theme: str = "hana-night"
    pace: float = 0.6  # seconds a computer seat takes per move
    ascii: bool = False
    animations: bool = True
    # a capture choice between cards worth the same under the rules is made without asking
    same_choice_auto: bool = True
    name: str = DEFAULT_NAME  # shown as `hanatui.text.said.player_name` says
    bot_level: str = "easy"
    strong_seconds: float = 0.0  # the strong player's time per decision (0: its playout budget)
    last_game: str = "koikoi"
    rule_sets: dict[str, RuleSet] = {}
    keymap: dict[str, str] = {}  # binding id -> keys, e.g. {"table.undo": "ctrl+z,backspace"}
    language: str = ""  # "en", "pl", "es"; "" the system's locale (hanatui.text.i18n)


_DECODER = msgspec.json.Decoder(Settings)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults if there are none) and a warning to show, if any.

    An unreadable file is moved to ``.bak`` (never deleted) so the next save cannot destroy it.
    """
    path = path or settings_path()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), Said(
            N_("Could not read {path} ({why}); using default settings."),
            path=path,
            why=exc.strerror,
        )
    try:
        settings = _DECODER.decode(data)
        _check(settings)
        return settings, None
    except (msgspec.DecodeError, ValueError, RecursionError) as exc:
        from core.text import printable  # only when the file is bad: the app starts faster

        backup = path.with_name(path.name + ".bak")
        reason = printable(str(exc), 200) if str(exc) else Said(N_("nested too deeply"))
        try:
            if backup.exists():
                backup = _free_name(backup)
            os.replace(path, backup)
        except OSError:
            return Settings(), Said(
                N_("The settings file was unreadable ({reason}); left in place; using defaults."),
                reason=reason,
            )
        return Settings(), Said(
            N_("The settings file was unreadable ({reason}); kept as {file}; using defaults."),
            reason=reason,
            file=backup.name,
        )


def _free_name(path: Path) -> Path:
    n = 1
    while True:
        candidate = path.with_name(f"{path.name}.{n}")
        if not candidate.exists():
            return candidate
        n += 1


def _check(settings: Settings) -> None:

    name = settings.name
    if not (name.isascii() and name.isprintable() and len(name.strip()) > 0 and len(name) <= 40):
        from core.players import check_name  # only when needed: start-up stays lean

        check_name(name)
    if not 0 <= settings.pace <= 10:
        raise ValueError(f"pace out of range: {settings.pace!r}")
    if not 0 <= settings.strong_seconds <= 60:
        raise ValueError(f"strong player's time out of range: {settings.strong_seconds!r}")


def settings_language(path: Path | None = None) -> str:
    """The language setting alone, read without the rest and without a word about a bad file
    ("" when there is none): the command line needs it before anything, and leaves a bad file for
    the app to report and set aside."""
    try:
        data = msgspec.json.decode((path or settings_path()).read_bytes())
    except (OSError, msgspec.DecodeError, RecursionError):
        return ""
    language = data.get("language") if isinstance(data, dict) else None
    return language if isinstance(language, str) else ""


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (readers see the old file or the new one, never half).

    The file's settings this version does not know (a newer hanatui's), and those of each of
    its rule sets, are written back as they were, after ours: running an older hanatui does not
    take them away."""
    from hanatui.store.files import write_atomic

    path = path or settings_path()
    data: dict[str, Any] = msgspec.to_builtins(settings)
    saved = _saved(path)
    _keep_unknown(data, saved, Settings)
    sets, saved_sets = data["rule_sets"], saved.get("rule_sets")
    if isinstance(saved_sets, dict):  # and those of each rule set still saved under its name
        for name, entry in sets.items():
            saved_entry = saved_sets.get(name)
            if isinstance(saved_entry, dict):
                _keep_unknown(entry, saved_entry, RuleSet)
    write_atomic(path, msgspec.json.format(msgspec.json.encode(data)) + b"\n")


def _keep_unknown(data: dict[str, Any], saved: dict[str, Any], kind: type[msgspec.Struct]) -> None:
    """Add to ``data`` the entries of ``saved`` that ``kind`` has no field for, after ours."""
    known = set(kind.__struct_fields__)
    for key, value in saved.items():
        if key not in known:
            data.setdefault(key, value)


def _saved(path: Path) -> dict[str, Any]:
    """The settings file at ``path`` as JSON (empty if it cannot be read as a JSON object)."""
    try:
        raw = msgspec.json.decode(path.read_bytes())
    except (OSError, msgspec.DecodeError, RecursionError):
        return {}
    return raw if isinstance(raw, dict) else {}
