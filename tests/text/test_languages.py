"""The player's language: the catalogs are complete and compiled, the language is chosen as the
docs say (``--lang``, the setting, the system's locale), and a screen says its words in it."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from core.cards import CARDS, Card, Kind
from hanatui.cli import main
from hanatui.text import rules_text
from hanatui.text.i18n import (
    LANGUAGES,
    PSEUDO,
    PseudoTranslations,
    _,
    choose_language,
    language,
    language_from_environment,
    language_of_locale,
    language_scope,
)
from hanatui.text.names import ascii_text, card_name, kind_name, month_name, yaku_title

_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "messages.py"


@pytest.fixture(scope="module")
def messages() -> Iterator[ModuleType]:
    spec = importlib.util.spec_from_file_location("hanatui_messages_script", _SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("hanatui_messages_script", None)


@pytest.fixture(scope="module")
def template(messages: ModuleType) -> Any:
    return messages.extract()


def test_every_message_of_the_source_is_translated_in_every_catalog_and_compiled(
    messages: ModuleType, template: Any
) -> None:
    """None missing, fuzzy or empty, the same placeholders as the English, each .mo compiled
    from its .po: `make messages` mends what this finds."""
    assert messages.problems(template) == []
    ids = {m.id for m in template if m.id}
    assert "Settings" in ids and "Crane" in ids  # the source's calls and the engine's names


def test_a_new_untranslated_message_fails_the_check(messages: ModuleType, template: Any) -> None:
    import copy

    grown = copy.deepcopy(template)
    grown.add("A sentence nobody has translated yet, {player}")
    found = messages.problems(grown)
    assert {line.split(":")[0] for line in found} == set(LANGUAGES)
    assert all("is not in the catalog" in line for line in found)


def test_a_translation_with_other_placeholders_is_refused(
    messages: ModuleType, template: Any
) -> None:
    catalogs = {code: messages.read_catalog(code) for code in LANGUAGES}
    entry = catalogs["pl"].get("hanatui export: --player-view must be 1..{seats}")
    entry.string = "hanatui export: --player-view musi być liczbą od 1 do {graczy}"
    found = messages.problems(template, catalogs)
    assert any(line.startswith("pl: ") and "other placeholders" in line for line in found)


def test_polish_has_three_plural_forms(messages: ModuleType) -> None:
    """1 karta, 2-4 karty, 5 kart (but 22 karty, 12 kart): the catalog's rule, from CLDR."""
    import gettext

    polish = messages.read_catalog("pl")
    assert polish.num_plurals == 3
    form = gettext.c2py(polish.plural_expr)
    assert [form(n) for n in (1, 2, 4, 5, 12, 22, 25, 101)] == [0, 1, 1, 2, 2, 1, 2, 2]
    spanish = gettext.c2py(messages.read_catalog("es").plural_expr)
    assert spanish(1) != spanish(2) == spanish(5)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "es_ES.UTF-8", "LC_MESSAGES": "pl_PL"}, "pl"),
        ({"LANG": "pl_PL", "LC_ALL": "es_AR.UTF-8"}, "es"),
        ({"LANGUAGE": "de:es", "LANG": "pl_PL"}, "es"),
        ({"LANGUAGE": "de", "LANG": "pl_PL"}, "pl"),  # nothing we speak: the next variable
        ({"LANG": "C"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_system_locale_chooses_the_language(environ: dict[str, str], expected: str) -> None:
    assert language_from_environment(environ) == expected


def test_the_command_line_comes_before_the_setting_before_the_system() -> None:
    system = {"LANG": "pl_PL.UTF-8"}
    assert choose_language("es", "en", system) == "es"
    assert choose_language(None, "es", system) == "es"
    assert choose_language(None, "", system) == "pl"
    assert language_of_locale("es-MX") == "es" and language_of_locale("xx") is None


def test_help_in_the_language_asked_and_the_language_put_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "pl", "--help"])
    assert "Stół do hanafudy w terminalu" in capsys.readouterr().out
    assert language() == "en"
    with pytest.raises(SystemExit):
        main(["--lang=es", "verify", "--help"])
    assert "imprime un informe legible por programas" in capsys.readouterr().out


def test_an_unknown_language_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "xx", "verify", "f.hana"]) == 2
    assert "no such language: xx (choose one of en, es, pl)" in capsys.readouterr().err


def test_the_setting_and_then_the_locale_choose_when_no_lang_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HANATUI_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("LANGUAGE", "pl")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "Stół do hanafudy" in capsys.readouterr().out
    (tmp_path / "settings.json").write_text(json.dumps({"language": "es"}))
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "La mesa de hanafuda" in capsys.readouterr().out


def test_the_names_follow_the_rule_books() -> None:
    """The Polish manual's and the Spanish guide's own words for the kinds and the cards they
    name (docs/languages.md)."""
    with language_scope("pl"):
        assert [kind_name(k) for k in Kind] == ["Światło", "Zwierzę", "Wstążka", "Zwykła karta"]
        assert card_name(Card("09a")) == "Czarka"
        assert card_name(Card("11d")) == "Błyskawica"
        assert card_name(Card("12b")) == "Żółta pawłownia"
        assert yaku_title("inoshikacho") == "Dzik, jeleń i motyle"
        assert yaku_title("hanamizake") == "Podziwianie kwitnącej wiśni"
    with language_scope("es"):
        assert [kind_name(k) for k in Kind] == ["Brillante", "Animal", "Cinta", "Paja"]
        assert card_name(Card("11d")) == "Tormenta eléctrica"
        assert yaku_title("akatan") == "Cintas de poesía"
        assert month_name(8) == "Hierba susuki"
    assert card_name(Card("09a")) == "Sake Cup"


def test_the_same_english_names_two_things_apart() -> None:
    """ "Chaff" is a kind and a yaku: two words in Polish."""
    with language_scope("pl"):
        assert kind_name(Kind.CHAFF) != yaku_title("kasu")


@pytest.mark.parametrize("code", [*LANGUAGES, PSEUDO])
def test_the_reference_tables_are_in_the_language_and_ascii_mode_stays_ascii(code: str) -> None:
    with language_scope(code):
        months = rules_text.month_lines()
        rows = rules_text.card_rows()
        plain = (
            rules_text.month_lines(ascii_only=True)
            + rules_text.kind_lines(ascii_only=True)
            + rules_text.alias_lines(ascii_only=True)
            + [" ".join(row) for row in rules_text.card_rows(ascii_only=True)]
        )
        assert months[0].split(": ", 1)[1].startswith(month_name(1))
        assert [row[2] for row in rows] == [card_name(c) for c in CARDS]
    assert all(line.isascii() for line in plain), [line for line in plain if not line.isascii()]


def test_ascii_mode_keeps_the_letters_without_their_accents() -> None:
    assert ascii_text("Światło, Żółta pawłownia, Peonía, gokō") == (
        "Swiatlo, Zolta pawlownia, Peonia, goko"
    )


def test_the_pseudo_language_is_longer_and_keeps_placeholders_and_markup() -> None:
    pseudo = PseudoTranslations()
    text = pseudo.gettext("{player} plays [b]{card}[/b] and %(n)s more")
    assert "{player}" in text and "{card}" in text and "[b]" in text and "%(n)s" in text
    assert text.startswith("«") and text.endswith("»")
    assert len(text) >= 1.4 * len("{player} plays [b]{card}[/b] and %(n)s more")
    assert "płáýś" in text
    with language_scope(PSEUDO):
        assert _("Settings") != "Settings"


async def test_the_language_chosen_in_settings_is_used_at_once_and_saved() -> None:
    from textual.widgets import Select, Static

    from hanatui.app.app import HanaApp
    from hanatui.app.screens.info import SettingsScreen
    from tests.app.helpers import settings

    app = HanaApp(settings=settings(), save=False)
    with language_scope("en"):
        async with app.run_test(size=(120, 40)) as pilot:
            app.push_screen(SettingsScreen())
            await pilot.pause()
            app.screen.query_one("#language", Select).value = "pl"
            await pilot.pause()
            await pilot.pause()
            assert app.settings.language == "pl"
            assert language() == "pl"
            heading = app.screen.query_one(".heading", Static)
            assert str(heading.render()) == "Ustawienia"
            footer = app.screen.query_one("HanaFooter")
            assert "Wstecz" in str(footer.render())
            app.screen.query_one("#language", Select).value = ""  # the system's: English here
            await pilot.pause()
            await pilot.pause()
            assert app.settings.language == "" and language() == "en"
            assert str(app.screen.query_one(".heading", Static).render()) == "Settings"
