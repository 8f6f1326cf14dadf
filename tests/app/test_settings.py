"""Settings and themes persist; a broken settings file never stops the app nor is lost."""

from __future__ import annotations

import json

from hanatui.app.app import HanaApp
from hanatui.app.themes import load_themes, theme_from_toml
from hanatui.store.settings import load_settings, settings_path


def test_our_three_themes_load_and_define_every_card_colour():
    from hanatui.app.themes import VARIABLE_DEFAULTS

    themes, problems = load_themes()
    ours = {t.name: t for t in themes}
    assert {"hana-night", "hana-washi", "hana-contrast"} <= set(ours)
    assert not problems
    for name in ("hana-night", "hana-washi", "hana-contrast"):
        assert set(VARIABLE_DEFAULTS) <= set(ours[name].variables), name


def test_the_default_theme_in_code_is_the_built_in_file():
    """The app starts on `DEFAULT` without reading hana-night.toml: the two must not drift."""
    from dataclasses import asdict

    from hanatui.app.themes import BUILTIN_DIR, DEFAULT

    in_file = theme_from_toml((BUILTIN_DIR / "hana-night.toml").read_bytes())
    assert asdict(DEFAULT) == asdict(in_file)


async def test_the_theme_files_are_offered_once_the_app_is_drawn(monkeypatch):
    """On the default theme no theme file is read before the first frame; all of them are
    registered just after (the settings and the palette offer them)."""
    from hanatui.app import app as app_module

    from .helpers import settings

    loads = []
    real = app_module.load_themes

    def counted():
        loads.append(1)
        return real()

    monkeypatch.setattr(app_module, "load_themes", counted)
    app = HanaApp(settings=settings(), save=False)
    assert loads == [] and "hana-washi" not in app.available_themes
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert loads == [1]
        assert {"hana-night", "hana-washi", "hana-contrast"} <= set(app.available_themes)
        assert app.theme == "hana-night"


def test_a_broken_theme_file_is_reported_not_fatal():
    import pytest

    with pytest.raises(ValueError):
        theme_from_toml("dark = true\n")


async def test_theme_and_settings_persist_across_runs():
    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        app.theme = "hana-washi"
        await pilot.pause()
    saved = json.loads(settings_path().read_text())
    assert saved["theme"] == "hana-washi"
    again = HanaApp()
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "hana-washi"


async def test_the_settings_theme_is_drawn_from_the_first_frame_and_parsed_once(monkeypatch):
    """The theme chosen at start goes into the stylesheet before its first parse: no second
    parse of every rule before the first frame; a theme chosen later still restyles all."""
    from textual.color import Color
    from textual.css.stylesheet import Stylesheet

    from .helpers import settings

    reparses = []
    real = Stylesheet.reparse

    def counted(self: Stylesheet) -> None:
        reparses.append(1)
        real(self)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    themes = {t.name: t for t in load_themes()[0]}
    app = HanaApp(settings=settings(theme="hana-washi"), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        felt = Color.parse(themes["hana-washi"].variables["hana-felt"])
        assert app.screen.styles.background == felt
        assert reparses == []
        app.theme = "hana-night"
        await pilot.pause()
        assert reparses == [1]
        night = Color.parse(themes["hana-night"].variables["hana-felt"])
        assert app.screen.styles.background == night


async def test_a_corrupt_settings_file_is_kept_aside_and_the_app_starts():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ this is not json")
    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
        assert any("unreadable" in str(n.message) for n in app._notifications)
    backup = path.with_name("settings.json.bak")
    assert backup.read_text() == "{ this is not json"
    # a second broken file does not overwrite the first backup
    path.write_text("[]")
    _settings, warning = load_settings()
    assert warning and backup.read_text() == "{ this is not json"
    assert path.with_name("settings.json.bak.1").read_text() == "[]"


def test_a_settings_name_with_control_characters_is_refused():
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"name": "bad\u001b[2Jname"}))
    settings, warning = load_settings()
    assert settings.name == "You"
    assert warning is not None


async def test_no_color_is_respected(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.no_color
        assert any(type(f).__name__ in ("Monochrome", "NoColor") for f in app._filters)


async def test_ascii_mode_draws_no_kanji():
    from hanatui.store.settings import Settings

    from .helpers import new_session
    from .test_play import settle

    app = HanaApp(
        settings=Settings(ascii=True, pace=0.0), save=False, session=new_session("bakappana", 2)
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        import re

        svg = app.export_screenshot()
        shown = "".join(re.findall(r">([^<]*)</text>", svg))
        assert "01" in shown or "02" in shown
        assert not [ch for ch in shown if ord(ch) >= 0x2E80], "no kanji or kana in ASCII mode"


async def test_resize_reflows_and_small_terminals_get_a_note():
    from hanatui.store.settings import Settings

    from .helpers import new_session
    from .test_play import settle

    app = HanaApp(settings=Settings(pace=0.0), save=False, session=new_session("bakappana", 2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert not app.has_class("-too-small")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert app.has_class("-too-small")
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not app.has_class("-too-small")


async def test_house_rules_can_be_saved_under_a_name_and_reused():
    from textual.widgets import Input, Select

    from hanatui.app.screens.newgame import NewGameScreen

    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#opt-rounds", Input).value = "3"
        screen.query_one("#ruleset-name", Input).value = "short evenings"
        await pilot.click("#save-rules")
        await pilot.pause()
        assert app.settings.rule_sets["short evenings"].options["rounds"] == 3
        saved = json.loads(settings_path().read_text())
        assert saved["rule_sets"]["short evenings"]["options"]["rounds"] == 3
        # reset, then pick the saved set again
        screen.query_one("#opt-rounds", Input).value = "12"
        screen.query_one("#ruleset", Select).value = "short evenings"
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#opt-rounds", Input).value == "3"
        rules, _players = screen.build()
        assert rules.rounds == 3


def test_play_refuses_an_unknown_game(capsys):
    import pytest

    from hanatui.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["play", "chess"])
    assert exc.value.code == 2
    assert "chess" in capsys.readouterr().err


async def test_new_game_form_follows_the_game_and_the_number_of_players():
    from textual.widgets import Select

    from hanatui.app.screens.newgame import NewGameScreen

    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#game", Select).value = "bakappana"
        await pilot.pause()
        await pilot.pause()
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        await pilot.pause()
        assert len(screen.seat_values()) == 3
        assert screen.query_one("#seat-level-0", Select).disabled  # a human seat has no level
        screen.query_one("#game", Select).value = "sakura"
        await pilot.pause()
        await pilot.pause()
        keys = {w.id for w in screen.query(".option .editor")}
        assert "opt-teams" in keys
        rules, players = screen.build()
        assert rules.game == "sakura" and len(players) == 2


async def test_keys_can_be_remapped_by_binding_id():
    from hanatui.store.settings import Settings

    from .helpers import new_session
    from .test_play import settle, undos_by_key

    session = new_session("bakappana", 2, seed=3)
    app = HanaApp(
        settings=Settings(pace=0.0, keymap={"table.undo": "backspace"}), save=False, session=session
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        before, after = await undos_by_key(pilot, session, "backspace")
        assert after == before + 1


async def test_the_command_palette_offers_the_game_commands():
    from .helpers import new_session
    from .test_play import settle

    app = HanaApp(save=False, session=new_session("bakappana", 2, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"New game", "Rules and yaku", "Open replay", "Theme"} <= titles


async def test_the_strong_players_time_is_a_setting_that_the_bots_follow():
    from textual.widgets import Select

    from hanatui.app.screens.info import SettingsScreen
    from hanatui.bots import StrongBot, make_bot
    from hanatui.bots.base import set_strong_seconds

    def strong_time() -> float | None:
        bot = make_bot("strong")
        assert isinstance(bot, StrongBot)
        return bot.seconds

    try:
        app = HanaApp()
        async with app.run_test(size=(100, 40)) as pilot:
            await app.push_screen(SettingsScreen())
            await pilot.pause()
            app.screen.query_one("#strong_seconds", Select).value = 1.0
            await pilot.pause()
            assert strong_time() == 1.0
        assert json.loads(settings_path().read_text())["strong_seconds"] == 1.0
        again = HanaApp()
        async with again.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert strong_time() == 1.0
        # play --think overrides it for one run, and is not saved
        once = HanaApp(strong_seconds=0.2)
        async with once.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert strong_time() == 0.2
        assert json.loads(settings_path().read_text())["strong_seconds"] == 1.0
    finally:
        set_strong_seconds(0.0)
    assert strong_time() is None


def test_play_refuses_a_strong_time_out_of_range(capsys):
    import pytest

    from hanatui.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["play", "koikoi", "--think", "-1"])
    assert exc.value.code == 2
    assert "0 to 60 seconds" in capsys.readouterr().err


async def test_the_settings_checkboxes_say_whether_they_are_on():
    """A checkbox's mark looks the same on and off but for its colour (none with NO_COLOR): its
    label says which. Animations read "on" even once turned off; ASCII cards said neither."""
    from textual.widgets import Checkbox

    from hanatui.app.screens.info import SettingsScreen

    app = HanaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        animations = screen.query_one("#animations", Checkbox)
        cards = screen.query_one("#ascii", Checkbox)
        assert animations.value and str(animations.label) == "on"
        assert not cards.value and str(cards.label) == "off"
        animations.focus()
        await pilot.press("space")
        await pilot.pause()
        assert not animations.value and str(animations.label) == "off"
        assert load_settings()[0].animations is False
        cards.focus()
        await pilot.press("space")
        await pilot.pause()
        assert cards.value and str(cards.label) == "on"
        explained = [str(w.render()) for w in screen.query(".explain")]
        assert "on: cards drawn as +-----+ with L A R C" in explained


async def test_a_newer_versions_settings_are_kept_when_this_one_saves():
    """A settings file written by a newer hanatui (entries this version has no field for, a
    theme it does not have) is read, and what this version does not know is written back as it
    was: opening Settings and changing one there took the newer version's entries away."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = {
        "format": 9,
        "theme": "hana-aurora",
        "pace": 0.3,
        "name": "Ann",
        "sound": {"volume": 0.5, "on": True},
        "keymap": {"table.undo": "ctrl+z,backspace"},
    }
    path.write_text(json.dumps(newer))
    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        app.settings.ascii = True
        app.save_settings()
        await pilot.pause()
    saved = json.loads(path.read_text())
    assert saved["ascii"] is True and saved["name"] == "Ann" and saved["pace"] == 0.3
    assert saved["theme"] == "hana-aurora"
    assert saved["format"] == 9
    assert saved["sound"] == {"volume": 0.5, "on": True}
    assert saved["keymap"] == {"table.undo": "ctrl+z,backspace"}
    settings, warning = load_settings()
    assert warning is None and settings.ascii and settings.name == "Ann"


async def test_settings_that_cannot_be_saved_say_where_and_why_in_words(monkeypatch, tmp_path):
    """A settings folder that cannot be made (here a file is in its way; read-only or full
    alike): the notice names the file and the reason, not Python's "[Errno 20] Not a
    directory: '...'"."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("HANATUI_CONFIG_DIR", str(blocker / "config"))
    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.settings.ascii = True
        app.save_settings()
        await pilot.pause()
        errors = [n.message for n in app._notifications if n.severity == "error"]
        assert errors == [
            f"Could not save the settings to {blocker / 'config' / 'settings.json'} "
            "(Not a directory); they last until you quit."
        ]


async def test_a_theme_that_is_not_there_is_named_and_kept_in_the_file():
    """The settings name a theme this hanatui does not have (its file removed, or a newer
    version's): the default theme is drawn, and the player is told why, not left to wonder;
    the file keeps the theme's name until another is chosen."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"theme": "hana-aurora", "name": "Ann"}))
    app = HanaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.theme == "hana-night"
        told = [n.message for n in app._notifications if "theme" in n.message]
        assert told == [
            "Settings: there is no theme 'hana-aurora' (a theme file gone, or a newer "
            "hanatui's theme); hana-night is used until you choose one."
        ]
        app.settings.ascii = True
        app.save_settings()
    assert json.loads(path.read_text())["theme"] == "hana-aurora"


def test_a_newer_versions_entries_of_a_rule_set_are_kept_when_this_one_saves(tmp_path):
    """A rule set a newer hanatui saved with an entry this version has no field for keeps it
    when this version saves; a rule set deleted here stays deleted."""
    from hanatui.store.settings import save_settings

    path = tmp_path / "settings.json"
    newer = {
        "rule_sets": {
            "club": {"game": "koikoi", "options": {"rounds": 6}, "note": "Tuesdays", "v": 2},
            "gone": {"game": "bakappana", "options": {}, "note": "old"},
        }
    }
    path.write_text(json.dumps(newer))
    settings, warning = load_settings(path)
    assert warning is None
    del settings.rule_sets["gone"]
    settings.rule_sets["club"].options["rounds"] = 12
    save_settings(settings, path)
    saved = json.loads(path.read_text())["rule_sets"]
    assert saved == {
        "club": {"game": "koikoi", "options": {"rounds": 12}, "note": "Tuesdays", "v": 2}
    }


async def test_opening_settings_writes_nothing_until_something_changes():
    """Opening Settings rewrote settings.json though nothing had changed (a file another
    hanatui, or the player's editor, had just written could be overwritten for nothing)."""
    from textual.widgets import Select

    from hanatui.app.screens.info import SettingsScreen

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"theme": "hana-washi", "pace": 0.3, "name": "Mio"}\n')  # as written by hand
    before = (path.read_bytes(), path.stat().st_ino, path.stat().st_mtime_ns)
    app = HanaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        after = path.stat()
        assert (path.read_bytes(), after.st_ino, after.st_mtime_ns) == before
        # a change is still saved at once
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#pace", Select).value = 1.0
        await pilot.pause()
        assert json.loads(path.read_text())["pace"] == 1.0
        assert json.loads(path.read_text())["name"] == "Mio"
