"""The keymap: which names are keys, each binding id's own keys, and the settings' keymap checked.

The functions take the classes whose bindings a user may remap; the app module lists them (it is
the one that imports every screen), so this module imports no screen and a screen may import it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from textual.binding import Binding

from core.text import printable
from hanatui.text.i18n import _, ngettext

#: The modifiers a key in the keymap may carry (``ctrl+shift+z``).
_MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})


@cache
def _key_names() -> frozenset[str]:
    """The names of the keys that are no single character (``enter``, ``f5``, ``pageup``...)."""
    from textual.keys import KEY_ALIASES, KEY_NAME_REPLACEMENTS, Keys

    names = {k.value.rsplit("+", 1)[-1] for k in Keys}
    names |= set(KEY_ALIASES) | set(KEY_NAME_REPLACEMENTS.values()) | {"space"}
    return frozenset(names)


def is_key(key: str) -> bool:
    """Whether ``key`` names a key as Textual does: a character or a key's name (``enter``,
    ``question_mark``, the Unicode name of a character), with modifiers (``ctrl+z``)."""
    import unicodedata

    *modifiers, base = key.split("+")
    if not base or any(m not in _MODIFIERS for m in modifiers):
        return False
    if len(base) == 1 or base in _key_names():
        return True
    try:
        unicodedata.lookup(base.replace("_", " "))
    except KeyError:
        return False
    return True


def own_keys(classes: Iterable[type[Any]]) -> dict[str, str]:
    """Each binding id's own keys among ``classes`` (the first binding with the id)."""
    keys: dict[str, str] = {}
    for cls in classes:
        for binding in cls.BINDINGS:
            if isinstance(binding, Binding) and binding.id:
                keys.setdefault(binding.id, binding.key)
    return keys


def check_keymap(
    keymap: dict[str, str], classes: Sequence[type[Any]]
) -> tuple[dict[str, str], list[str]]:
    """The settings' keymap as the app can use it, and what is wrong with it, one line each:
    an unknown binding id or a value that names no key is left out (the binding keeps its
    own keys); a remapped key that another binding answers where both apply is named (only
    one of them answers it there). ``classes``: the app's class, then every screen's whose
    bindings a user may remap (the app's bindings apply on every screen)."""
    problems: list[str] = []
    app_class, *screens = classes
    defaults = own_keys(classes)
    unknown = sorted(set(keymap) - set(defaults))
    if unknown:
        problems.append(
            ngettext(
                "Settings: unknown binding id {ids} (docs/keys.md lists every binding id)",
                "Settings: unknown binding ids {ids} (docs/keys.md lists every binding id)",
                len(unknown),
            ).format(ids=", ".join(unknown))
        )
    usable: dict[str, str] = {}
    for ident, value in sorted(keymap.items()):
        if ident in unknown:
            continue
        keys = [k.strip() for k in value.split(",")]
        bad = [k for k in keys if not is_key(k)]
        if bad:
            shown = ", ".join(repr(k) for k in bad)
            problems.append(
                # TRANSLATORS: {binding} is a binding's id (table.hint), {keys} keys (i,h)
                _(
                    "Settings: keymap {binding}: {value} is not a key; it keeps its own keys "
                    "({keys})"
                ).format(binding=ident, value=printable(shown, 60), keys=defaults.get(ident, ""))
            )
            continue
        usable[ident] = ",".join(keys)
    # A key of a remapped binding that another binding answers on a screen where both apply
    # (the app's bindings apply on every screen).
    app_bindings = [b for b in app_class.BINDINGS if isinstance(b, Binding) and b.id]
    clashes: dict[tuple[str, str], list[str]] = {}
    for cls in screens:
        bindings = [b for b in cls.BINDINGS if isinstance(b, Binding) and b.id] + app_bindings
        keys_of = {b.id: usable.get(b.id, b.key).split(",") for b in bindings if b.id}
        for ident in usable:
            if ident not in keys_of:
                continue
            for key in keys_of[ident]:
                for other, keys in keys_of.items():
                    others = clashes.setdefault((ident, key), [])
                    if other != ident and key in keys and other not in others:
                        others.append(other)
    for (ident, key), others in sorted(clashes.items()):
        if others:
            problems.append(
                # TRANSLATORS: {binding} and {others} are bindings' ids (table.hint), {key} a key
                _(
                    "Settings: keymap {binding}: {key} is also the key of {others}; where both "
                    "apply, only one of them answers it"
                ).format(binding=ident, key=printable(key, 30), others=", ".join(sorted(others)))
            )
    return usable, problems
