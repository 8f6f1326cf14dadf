"""The message catalogs: extract the messages, update each language's catalog, compile them.

    python scripts/messages.py update    # extract; each language's .po gains the new messages
    python scripts/messages.py compile   # each .po -> its .mo, which the app reads
    python scripts/messages.py check     # what the suite checks: complete, nothing stale

`make messages` runs the first two. The template is made afresh each time from the source, never
stored, so it cannot be stale. The messages are every ``_``, ``ngettext``, ``pgettext``,
``npgettext`` and ``N_`` call in ``hanatui/`` and ``core/`` (Babel's Python extractor; the engine
marks its sentences with `core.messages.N_` and stays free of gettext), and the names of the
cards, months, kinds and yaku, which the engine holds as data (`core.cards`, `core.names`): they
are translated with the context ``card``, ``month`` (its plant), ``calendar`` (its name in the
calendar), ``kind`` or ``yaku``, so that a name shared
by two things ("Chaff": a kind and a yaku) can be two words in another language.
docs/languages.md says how to add a language.
"""

from __future__ import annotations

import copy
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from core.cards import CARDS, MONTH_CALENDAR, MONTHS, Kind
from core.names import YAKU_NAMES
from hanatui.text.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE

ROOT = Path(__file__).resolve().parents[1]
#: The catalogs of this script's own tree (not of whichever hanatui the interpreter imports).
LOCALE_DIR = ROOT / "hanatui" / "locale"

_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]|%[sd]")


def names() -> Iterator[tuple[str, str, str]]:
    """(context, English name, where it comes from) of every name the engine holds."""
    for card in CARDS:
        yield "card", card.name_en, "core/cards.py"
    for month in MONTHS:
        yield "month", month.en, "core/cards.py"
    for calendar in MONTH_CALENDAR:
        yield "calendar", calendar, "core/cards.py"
    for kind in Kind:
        yield "kind", kind.names.en, "core/cards.py"
    for name in YAKU_NAMES.values():
        yield "yaku", name.en, "core/names.py"


def extract() -> Catalog:
    """Every message of the source, as a template."""
    catalog = Catalog(project="hanatui", domain=DOMAIN, fuzzy=False, version=None)
    # the engine marks its sentences with core.messages.N_; the program, with hanatui.text.i18n
    method_map = [("hanatui/**.py", "python"), ("core/**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        catalog.add(
            message,
            locations=[(filename, lineno)],
            auto_comments=comments,
            context=context,
            flags=("python-brace-format",) if _has_braces(message) else (),
        )
    for context, name, where in names():
        catalog.add(name, locations=[(where, 0)], context=context)
    return catalog


def _has_braces(message: str | tuple[str, ...]) -> bool:
    text = message if isinstance(message, str) else "".join(message)
    return "{" in text


_HEADER = """\
# hanatui's messages in {language}. Made by scripts/messages.py update: translate each msgstr,
# then run `make messages` (docs/languages.md)."""


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def read_catalog(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, domain=DOMAIN, project="hanatui", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # no dates and no wrapping: a catalog changes only where a message does
    write_po(out, catalog, width=0, omit_header=False, sort_output=False, ignore_obsolete=True)
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date): [^"\\]*\\n"\n', b"", out.getvalue())


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def update(template: Catalog) -> None:
    """Each language's catalog with the template's messages, new ones untranslated (the English
    one says each message as the source does); a message no longer in the source is dropped."""
    for language in LANGUAGES:
        catalog = read_catalog(language)
        # a copy each: Babel's update shares the template's entries
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)
        catalog.fuzzy = False
        catalog.last_translator = catalog.language_team = "hanatui's developers"
        catalog.msgid_bugs_address = ""
        catalog.header_comment = _HEADER.format(language=LANGUAGES[language])
        if language == SOURCE_LANGUAGE:
            for message in catalog:
                if message.id:
                    message.string = message.id
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog))


def compile_all() -> None:
    for language in LANGUAGES:
        mo_path(language).write_bytes(_mo_bytes(read_catalog(language)))


def _entries(catalog: Catalog) -> dict[tuple[object, object], object]:
    """Each message's translation by context and id; a plural message's id and forms as tuples
    (a .po gives them as lists, a .mo as tuples)."""

    def frozen(value: object) -> object:
        return tuple(value) if isinstance(value, list) else value

    return {(m.context, frozen(m.id)): frozen(m.string) for m in catalog if m.id}


def _compiled(language: str, catalog: Catalog) -> bool:
    """The .mo holds the .po's translations (the header aside: Babel dates it as it writes)."""
    path = mo_path(language)
    if not path.exists():
        return False
    with path.open("rb") as f:
        return _entries(read_mo(f)) == _entries(catalog)


def placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text))


def problems(template: Catalog, catalogs: dict[str, Catalog] | None = None) -> list[str]:
    """What is wrong with the catalogs (each language's .po, or ``catalogs``), in words: a
    message of the source missing from a language, or there fuzzy, empty, or with other
    placeholders than its English; a compiled catalog that is not its .po's."""
    found = []
    for language in LANGUAGES:
        catalog = catalogs[language] if catalogs else read_catalog(language)
        for message in template:
            if not message.id:
                continue
            where = f"{language}: {message.id!r}" + (
                f" ({message.context})" if message.context else ""
            )
            entry = catalog.get(message.id, context=message.context)
            if entry is None:
                found.append(f"{where} is not in the catalog")
                continue
            strings = [entry.string] if isinstance(entry.string, str) else list(entry.string or ())
            if entry.fuzzy:
                found.append(f"{where} is fuzzy")
            if not all(strings):
                found.append(f"{where} has no translation")
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            want = placeholders(ids[-1])
            for string in strings:
                if placeholders(string) != want:
                    found.append(f"{where}: {string!r} has other placeholders than {want}")
        if not _compiled(language, catalog):
            found.append(f"{language}: {mo_path(language).name} is not compiled from its .po")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    template = extract()
    if command == "update":
        update(template)
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems(template)
        for line in found:
            print(line)
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
