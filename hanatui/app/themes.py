"""hanatui's own themes: TOML files loaded into Textual themes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.theme import Theme

from hanatui.text.i18n import _

BUILTIN_DIR = Path(__file__).resolve().parent.parent / "themes"
DEFAULT_THEME = "hana-night"

#: Fallbacks for every variable the stylesheet uses (the hana-night values).
VARIABLE_DEFAULTS = {
    "hana-bright": "#f2c14e",
    "hana-animal": "#7fc36b",
    "hana-ribbon-poetry": "#ff6b5b",
    "hana-ribbon-blue": "#6fa8ff",
    "hana-ribbon-red": "#e5544b",
    "hana-chaff": "#b7ad99",
    "hana-back": "#b5523b",
    "hana-card": "#231f1a",
    "hana-match": "#3d5a2a",
    "hana-chosen": "#5a4a1f",
    "hana-felt": "#14201a",
}

#: The default theme, as `hanatui/themes/hana-night.toml` has it (a test keeps them equal): the
#: app starts on it without reading or parsing any theme file, tomllib not even imported.
DEFAULT = Theme(
    name=DEFAULT_THEME,
    dark=True,
    primary="#c8553d",
    secondary="#5e8c61",
    accent="#e6b422",
    warning="#e09f3e",
    error="#d1495b",
    success="#6a994e",
    foreground="#ece4d4",
    background="#14201a",
    surface="#1b2a22",
    panel="#24382d",
    variables=dict(VARIABLE_DEFAULTS),
)

_FIELDS = (
    "primary",
    "secondary",
    "warning",
    "error",
    "success",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)


def theme_from_toml(data: bytes | str) -> Theme:
    """A Textual theme from the text of a theme file; raises ValueError if it is not one."""
    import tomllib  # here: the default theme is had without it

    text = data.decode() if isinstance(data, bytes) else data
    table = tomllib.loads(text)
    name = table.get("name")
    primary = table.get("primary")
    if not isinstance(name, str) or not name or not isinstance(primary, str):
        raise ValueError(_("a theme needs a name and a primary colour"))
    variables = table.get("variables", {})
    if not isinstance(variables, dict):
        # TRANSLATORS: [variables] is the name of a part of a theme file, as written in it
        raise ValueError(_("{section} must be a table").format(section="[variables]"))
    colours: dict[str, Any] = {k: str(table[k]) for k in _FIELDS if k in table}
    return Theme(
        name=name,
        dark=bool(table.get("dark", True)),
        variables={str(k): str(v) for k, v in variables.items()},
        **colours,
    )


def theme_dirs() -> list[Path]:
    """Where themes are looked for: the built-ins, the project's themes/, the user's."""
    from hanatui.store.settings import config_dir

    dirs = [BUILTIN_DIR, Path(__file__).resolve().parents[2] / "themes", config_dir() / "themes"]
    return [d for d in dirs if d.is_dir()]


def load_themes() -> tuple[list[Theme], list[str]]:
    """Every theme found, and a message for each file that could not be loaded."""
    import tomllib

    themes: dict[str, Theme] = {}
    problems: list[str] = []
    for directory in theme_dirs():
        for path in sorted(directory.glob("*.toml")):
            try:
                theme = theme_from_toml(path.read_bytes())
            except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
                # TRANSLATORS: a theme file that cannot be read: its name, and what is wrong
                problems.append(_("theme {file}: {problem}").format(file=path.name, problem=exc))
                continue
            themes.setdefault(theme.name, theme)
    return list(themes.values()), problems
