"""The hanatui application: themes, settings, screens and the command palette."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from core.text import printable, printable_path
from hanatui.app.ascii import use_ascii_glyphs
from hanatui.app.common import ScreensApp
from hanatui.app.keymap import check_keymap, own_keys
from hanatui.app.themes import DEFAULT, DEFAULT_THEME, VARIABLE_DEFAULTS, load_themes
from hanatui.store.settings import (
    Settings,
    autosave_dir,
    load_settings,
    save_settings,
    settings_path,
)
from hanatui.text.errors import error_text
from hanatui.text.i18n import N_, _, pgettext
from hanatui.text.said import say

if TYPE_CHECKING:
    from textual.driver import Driver

    from hanatui.app.screens.table.screen import TableScreen
    from hanatui.session.session import Unfinished


def binding_classes() -> list[type[Any]]:
    """Every class whose bindings a user may remap by id."""
    from hanatui.app.screens import (
        decisions,
        dialogs,
        errors,
        history,
        info,
        net,
        newgame,
        results,
        title,
    )
    from hanatui.app.screens.replay import dialogs as replay_dialogs
    from hanatui.app.screens.replay import learn as replay_learn
    from hanatui.app.screens.replay import review_dialogs as replay_review_dialogs
    from hanatui.app.screens.replay import screen as replay
    from hanatui.app.screens.table import screen as table

    found: list[type[Any]] = [HanaApp]
    modules = [decisions, dialogs, errors, history, info, net, newgame, replay, replay_dialogs]
    modules += [replay_learn, replay_review_dialogs, results, table, title]
    for module in modules:
        for value in vars(module).values():
            mine = isinstance(value, type) and value.__module__ == module.__name__
            if mine and getattr(value, "BINDINGS", None):
                found.append(value)
    return found


def known_binding_ids() -> set[str]:
    """The ids of every binding, as the settings' keymap names them."""
    return set(default_keys())


def default_keys() -> dict[str, str]:
    """Each binding id's own keys (the first binding with the id)."""
    return own_keys(binding_classes())


class _Base(Screen[None]):
    """The bottom of the screen stack, never seen: whenever it is on top, the title goes over it
    (the app opened straight on a table composes the title only when the table is left)."""

    def on_screen_resume(self) -> None:
        if self.app.screen is self:
            from hanatui.app.screens.title import TitleScreen

            self.app.push_screen(TitleScreen())


class HanaApp(App[None]):
    """hanafuda at the terminal."""

    TITLE = "hanatui"
    # The stylesheet sits at the package's top level, where pyproject's package-data ships it.
    CSS_PATH = str(Path(__file__).resolve().parent.parent / "hanatui.tcss")
    #: ASCII mode's rules, read only when ASCII mode is on (at start, or by `set_ascii`).
    ASCII_CSS_PATH = Path(__file__).resolve().parent.parent / "hanatui-ascii.tcss"
    BINDINGS = [
        Binding("question_mark", "help", N_("Help"), id="app.help", show=False),
        Binding("ctrl+q", "quit", N_("Quit"), id="app.quit", show=False),
        # Undo and redo belong to the app, so that they work inside every dialog of the table.
        Binding("ctrl+z,u", "undo", N_("Undo"), id="table.undo"),
        Binding("ctrl+y,r", "redo", N_("Redo"), id="table.redo"),
        # The command palette's key as Textual would bind it, with words from our catalogs (the
        # footer shows it at the right end); no id, as the footer finds it by its key.
        Binding(
            App.COMMAND_PALETTE_BINDING,
            "command_palette",
            # TRANSLATORS: at the footer's right end, after ctrl+p: the list of commands
            N_("palette"),
            show=False,
            priority=True,
            tooltip=N_("Open the command palette"),
        ),
    ]

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        save: bool = True,
        play: tuple[Any, Sequence[Any], int | None] | None = None,
        resume: bool = False,
        session: Any = None,
        join: tuple[str, str, Any] | None = None,
        exit_on_ready: bool = False,
        strong_seconds: float | None = None,
    ) -> None:
        """``strong_seconds``: the strong player's time per move for this run (`hanatui play
        --think`), instead of the setting's (and never saved)."""
        super().__init__()
        self._think = strong_seconds
        #: The stylesheet already has the theme's variables (`_set_theme`, `refresh_css`).
        self._css_current = False
        self._warnings: list[str] = []
        if settings is None:
            settings, warning = load_settings()
            if warning:
                self._warnings.append(warning)
        self.settings = settings
        #: The settings as last read or written (`save_settings` writes only if they changed).
        self._settings_saved = msgspec.json.encode(settings)
        self._save = save
        self._play = play
        self._resume = resume
        self._session = session
        self._join = join
        #: The app opened on the table its first screen is (`get_default_screen`).
        self._straight = False
        self._exit_on_ready = exit_on_ready or bool(os.environ.get("HANATUI_EXIT_ON_READY"))
        #: The first frame is laid out (`on_ready`): quitting no longer cuts the start-up short.
        self._started = False
        #: Why this instance may not play (another hanatui has the game open), or None.
        self.read_only: str | None = None
        #: Why the autosave there cannot be resumed, as `unfinished` last found, and the
        #: problem last told (`tell_autosave_problem`).
        self.autosave_problem: str | None = None
        self._autosave_told: str | None = None
        self.ascii_mode = settings.ascii or bool(os.environ.get("HANATUI_ASCII"))
        if self.ascii_mode:  # read with the rest of the stylesheet, before it is parsed
            self.css_path = [*self.css_path, self.ASCII_CSS_PATH]
        self.pace = settings.pace
        self._strong_seconds(settings.strong_seconds if self._think is None else self._think)
        if not settings.animations:
            self.animation_level = "none"
        self._set_theme()

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal; on Linux and macOS ours instead of Textual's,
        which tells the app when the terminal goes away (`hanatui.app.driver`)."""
        chosen = super().get_driver_class()
        if sys.platform != "win32":
            from textual.drivers.linux_driver import LinuxDriver

            if chosen is LinuxDriver:  # another (TEXTUAL_DRIVER's, the web's) stays
                from hanatui.app.driver import TerminalDriver

                return TerminalDriver
        return chosen

    # --- themes and settings ----------------------------------------------------------------
    def get_default_screen(self) -> Screen[Any]:
        if self._save:
            self._take_journal()  # first: whether this instance may play decides the screen
            if self.read_only is not None:
                self._warnings.append(self.read_only)
        if self._session is None and self._play is None:
            # Nothing can open straight on a table: the title is the bottom screen, and its
            # first frame is the app's first (no empty screen under it styled and drawn first).
            from hanatui.app.screens.title import TitleScreen

            return TitleScreen(id="_default")
        if self._play is not None and self.read_only is None and self.unfinished() is None:
            # `hanatui play` with nothing to ask first: the table is the bottom screen, and
            # its first frame is the app's first (no screen under it styled and activated
            # first); leaving it puts the title in its place (`leave_table`).
            table = self._new_table(*self._play, notify=False)
            self._play = None  # started, or why not is among the warnings
            if table is not None:
                self._straight = True
                # What `push_screen` gives every screen it pushes; Textual's default screen has
                # none, and `switch_screen` (the title taking the table's place) takes one.
                table._push_result_callback(table, None)
                return table
        return _Base(id="_default")

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(VARIABLE_DEFAULTS)

    def get_css_variables(self) -> dict[str, str]:
        if "settings" not in self.__dict__:
            # Asked by Textual's __init__ for its default theme, before ours is chosen: nothing
            # is parsed with these, and `_set_theme` gives the stylesheet the chosen theme's.
            return {}
        return super().get_css_variables()

    def _set_theme(self) -> None:
        """Register the themes and choose the settings' one. Called from ``__init__``: chosen
        before the stylesheet is first parsed, the theme costs no second pass over the CSS
        (in ``on_mount`` it did, before the first frame)."""
        self.register_theme(DEFAULT)
        wanted = self.settings.theme
        #: The theme files are read after the first frame (`_load_themes`) unless the chosen
        #: theme is among them: no file read, no TOML parsed before it.
        self._themes_loaded = False
        if wanted not in self.available_themes:
            self._load_themes()
        before = self.theme
        self.theme = wanted if wanted in self.available_themes else DEFAULT_THEME
        if wanted not in self.available_themes:
            self._warnings.append(
                _(
                    "Settings: there is no theme {theme} (a theme file gone, or a newer "
                    "hanatui's theme); {default} is used until you choose one."
                ).format(theme=repr(printable(wanted, 40)), default=DEFAULT_THEME)
            )
        # Textual's stylesheet was made with the default theme's variables, and setting the
        # theme queues `refresh_css`, which parses every rule again with the new ones and styles
        # every widget again (and leaves the next parse without its cache). Nothing is parsed
        # yet: giving the stylesheet this theme's variables now makes that refresh needless.
        self.stylesheet.set_variables(self.get_css_variables())
        self._css_current = self.theme != before

    def _validate_theme(self, theme_name: str) -> str:
        # A theme asked for before the files are read (after the first frame): read them now.
        if theme_name not in self.available_themes and not self._themes_loaded:
            self._load_themes()
        return super()._validate_theme(theme_name)

    def _load_themes(self) -> None:
        """Register every theme file's theme (the settings and the palette offer them)."""
        if self._themes_loaded:
            return
        self._themes_loaded = True
        themes, problems = load_themes()
        for theme in themes:
            if theme.name != DEFAULT_THEME:  # the built-in file's is `DEFAULT` already
                self.register_theme(theme)
        if self.is_running:
            for problem in problems:
                self.notify(problem, markup=False, severity="warning", timeout=10)
        else:
            self._warnings += problems

    def refresh_css(self, animate: bool = True) -> None:
        if self._css_current:
            self._css_current = False  # the refresh queued by the theme set in __init__
            return
        super().refresh_css(animate)

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self.set_class(self.ascii_mode, "-ascii")
        use_ascii_glyphs(self.ascii_mode)
        if self.settings.keymap:
            keymap, problems = check_keymap(dict(self.settings.keymap), binding_classes())
            self._warnings.extend(problems)
            self.set_keymap(keymap)
        if not self._themes_loaded:
            # once the bottom screen is drawn (the app's own refresh comes before)
            self.screen.call_after_refresh(self._load_themes)
        for warning in self._warnings:
            self.notify(say(warning), markup=False, severity="warning", timeout=10)
        # Opened on a game, the app draws the table at once; the title is composed when the
        # table is left (`_Base`). Otherwise the title goes first (a dialog asking about an
        # unfinished game, or a refusal to play, appears over it).
        straight = self._straight or self._session is not None
        if not straight:
            from hanatui.app.screens.title import TitleScreen

            if isinstance(self.screen, TitleScreen):
                if self.screen.is_mounted:  # it looked before the journal was taken: again
                    self.screen.refresh_resume()
            else:
                self.push_screen(TitleScreen())
        if self._straight:
            self._watch_journal(getattr(self.screen_stack[0], "session", None))
        elif self._session is not None:
            self.open_session(self._session)
        elif self._join is not None:
            self.join_table(*self._join)
        elif self._play is not None:
            rules, players, seed = self._play
            # After Textual's start-up, not within it: a screen pushed during the start-up
            # is laid out and rendered once for nothing (no frame is shown until the start-up
            # ends) and then again; pushed just after, its first rendering is the frame shown.
            self.call_later(self.start_game, rules, players, seed=seed)
        elif self._resume and self.unfinished() is not None:
            self.resume_game()

    def on_ready(self) -> None:
        self._started = True
        if self._exit_on_ready:
            self.exit()

    def on_terminal_driver_input_ended(self) -> None:
        """The terminal is gone (closed, hung up: `hanatui.app.driver`): quit as the player's
        quit does."""
        self.quit_when_ready()

    def quit_when_ready(self) -> None:
        """Quit as the player's quit does, for a reason from outside: the terminal gone, or
        SIGHUP or SIGTERM (`hanatui.session.signals`). Not before the first frame: a quit then
        cuts the first screen's mount short (its `on_mount` finds its widgets gone), so it waits for
        `on_ready`."""
        if self._started:
            self.exit()
        else:
            self._exit_on_ready = True

    async def on_event(self, event: events.Event) -> None:
        if (
            isinstance(event, events.Key)
            and not event.is_forwarded
            and self.has_class("-too-small")
            and not self._quits(event.key)
        ):
            # Only "Please enlarge the terminal" shows: a key would play a card or answer a
            # dialog unseen. Quitting still works.
            return
        await super().on_event(event)

    def _quits(self, key: str) -> bool:
        """Whether ``key`` quits the app (ctrl+q, or as the keymap has it; ctrl+c)."""
        bound = self._bindings.key_to_bindings.get(key, [])
        return key == "ctrl+c" or any(binding.action == "quit" for binding in bound)

    def on_resize(self, event: Any) -> None:
        size = event.size
        self.set_class(size.width < 80 or size.height < 24, "-too-small")
        # Dialogs are at most 96 columns wide; on a narrower terminal, at most its width.
        self.set_class(size.width < 100, "-narrow")

    def _theme_changed(self, theme: Any) -> None:
        if self.settings.theme != theme.name:
            self.settings.theme = theme.name
            self.save_settings()

    @staticmethod
    def _strong_seconds(seconds: float) -> None:
        """The strong player's time per decision, from the settings (0: its playout budget)."""
        if seconds or "hanatui.bots.base" in sys.modules:  # the bots load lazily otherwise
            from hanatui.bots.base import set_strong_seconds

            set_strong_seconds(seconds)

    def save_settings(self) -> None:
        self.pace = self.settings.pace
        if self._think is None:
            self._strong_seconds(self.settings.strong_seconds)
        encoded = msgspec.json.encode(self.settings)
        if self._save and encoded != self._settings_saved:  # nothing changed: nothing written
            try:
                save_settings(self.settings)
                self._settings_saved = encoded
            except OSError as exc:
                reason = exc.strerror or type(exc).__name__
                self.notify(
                    _(
                        "Could not save the settings to {path} ({reason}); they last until "
                        "you quit."
                    ).format(path=printable_path(settings_path()), reason=reason),
                    markup=False,
                    severity="error",
                )

    def set_ascii(self, on: bool) -> None:
        if on and self.ASCII_CSS_PATH not in self.css_path:
            # ASCII mode's rules were not read at start: read them, and restyle everything.
            self.css_path = [*self.css_path, self.ASCII_CSS_PATH]
            self.stylesheet.read(self.ASCII_CSS_PATH)
            self.refresh_css(animate=False)
        self.ascii_mode = on
        self.set_class(on, "-ascii")
        use_ascii_glyphs(on)
        from hanatui.app.screens.table.screen import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.refresh_table(force=True)

    # --- games ------------------------------------------------------------------------------
    def _take_journal(self) -> None:
        """Become the journal's one writer, or browse read-only if another hanatui is."""
        from hanatui.session.lock import JournalInUse, in_use_text, lock

        try:
            lock(autosave_dir() / "current.hana")
        except JournalInUse as exc:
            self.read_only = in_use_text(exc)
        except OSError:
            pass  # a folder that cannot be written: the journal says so when a game starts
        else:
            self.read_only = None

    def recheck_journal(self) -> bool:
        """A read-only instance asks for the journal again, as the other hanatui that held it
        may have closed since: True (and says so) if this one now has it and may play. Asked
        when the title is shown again, when the terminal gets the focus back and when the
        player tries to play, never on a timer: one lock attempt, no loop."""
        if not self._save or self.read_only is None:
            return False
        self._take_journal()
        if self.read_only is not None:
            return False
        self.notify(_("The other hanatui has closed: this one can play now."), timeout=6)
        return True

    def on_app_focus(self, event: events.AppFocus) -> None:
        """Back from another window, perhaps the one where the other hanatui was closed."""
        if self.recheck_journal():
            self.refresh_title()  # the unfinished game it left can be resumed here now

    def _refuse_play(self) -> bool:
        """True (and says why) if this instance may not start or resume a game: the other
        hanatui that held the journal is asked about again, as it may have closed since."""
        if self.read_only is None:
            return False
        if self.recheck_journal():
            self.refresh_title()  # the unfinished game it left can be resumed here now
            return False
        self.notify(self.read_only, markup=False, severity="warning", timeout=8)
        return True

    def _watch_journal(self, session: Any) -> None:
        """Show what the journal did to an old autosave, and every saving problem, as it comes."""
        journal = getattr(session, "journal", None)
        if journal is None:
            return

        def told(message: str) -> None:
            # the journal is told its problem before it says so; working again, it has none
            self.notify(
                message,
                markup=False,
                severity="information" if journal.problem is None else "error",
                timeout=12,
            )

        journal.on_problem = told
        if journal.notice:
            self.notify(journal.notice, markup=False, severity="warning", timeout=20)
            journal.notice = None
        if journal.problem:
            told(
                _("Could not save: {problem}. The game goes on and is kept in memory.").format(
                    problem=journal.problem
                )
            )

    def unfinished(self) -> Unfinished | None:
        if not self._save or self.read_only is not None:
            return None

        if not (autosave_dir() / "current.hana").exists():
            return None  # the common case, answered without loading the engine
        from hanatui.session.session import Session

        problems: list[str] = []
        found = Session.unfinished(problems=problems)
        self.autosave_problem = problems[0] if problems else None
        return found

    def tell_autosave_problem(self) -> None:
        """Say (once) that the autosave there cannot be resumed, and what happens to it: the
        title offers no Resume for it, and a new game moves it aside."""
        problem = self.autosave_problem
        if problem is None or problem == self._autosave_told:
            return
        self._autosave_told = problem

        path = autosave_dir() / "current.hana"
        self.notify(
            _(
                "The autosave cannot be resumed ({problem}); a new game keeps it as {file} in "
                "{folder}."
            ).format(
                problem=printable(problem, 300),
                file=f"{path.name}.damaged-N",
                folder=printable_path(path.parent),
            ),
            markup=False,
            severity="warning",
            timeout=20,
        )

    def start_game(
        self, rules: Any, players: Sequence[Any], *, seed: int | None = None, ask: bool = True
    ) -> None:
        """A new match; while another is unfinished, first ask: resume it, keep it for later
        (among the games played) or cancel."""
        if self._refuse_play():
            return
        unfinished = self.unfinished() if ask else None
        if unfinished is not None:
            from hanatui.app.screens.dialogs import UnfinishedDialog
            from hanatui.text.words import game_title, totals_words

            totals = totals_words(unfinished.players, unfinished.totals)
            summary = _("{game}, round {round} of {rounds}: {totals}").format(
                game=game_title(unfinished.game),
                round=unfinished.round,
                rounds=unfinished.rounds,
                totals=totals,
            )

            def answer(choice: str | None) -> None:
                if choice == "resume":
                    self.resume_game()
                elif choice == "keep":
                    self.start_game(rules, players, seed=seed, ask=False)

            self.push_screen(UnfinishedDialog(summary), answer)
            return
        table = self._new_table(rules, players, seed)
        if table is not None:
            self._watch_journal(table.session)
            self._to_table(table)

    def _new_table(
        self, rules: Any, players: Sequence[Any], seed: int | None, *, notify: bool = True
    ) -> TableScreen | None:
        """The table of a new match, or None if it cannot start: why is notified (or, before
        the app is mounted, kept among the warnings that ``on_mount`` shows)."""
        from core.errors import HanaError
        from hanatui.app.screens.table.screen import TableScreen
        from hanatui.session.session import Session

        try:
            session = Session.new(rules, players, seed=seed, autosave=self._save)
        except (HanaError, OSError) as exc:
            told = _("Cannot start the game: {reason}").format(reason=error_text(exc))
            if notify:
                self.notify(told, markup=False, severity="error")
            else:
                self._warnings.append(told)
            return None
        return TableScreen(session)

    def resume_game(self) -> None:
        from core.errors import HanaError
        from hanatui.app.screens.table.screen import TableScreen
        from hanatui.session.session import Session

        if self._refuse_play():
            return
        try:
            session = Session.resume()
        except (HanaError, OSError) as exc:
            self.notify(
                _("Cannot resume: {reason}").format(reason=error_text(exc)),
                markup=False,
                severity="error",
            )
            return
        self._watch_journal(session)
        self._to_table(TableScreen(session))

    def open_session(self, session: Any) -> None:
        from hanatui.app.screens.table.screen import TableScreen

        self._watch_journal(session)
        self._to_table(TableScreen(session))

    # --- network play (hanatui.net, docs/network.md) -------------------------------------------
    def join_table(self, address: str, name: str, ssl_context: Any = None) -> None:
        """Sit at a table across the network: its lobby, then its table."""
        from core.errors import HanaError
        from hanatui.app.screens.net import LobbyScreen
        from hanatui.net.client import RemoteSession

        try:
            session = RemoteSession(address, name, ssl_context=ssl_context)
        except HanaError as exc:
            self.notify(error_text(exc), markup=False, severity="error", title=_("Cannot join"))
            return
        session.start()
        self._to_table(LobbyScreen(session))

    def action_join(self) -> None:
        from hanatui.app.screens.net import JoinScreen

        self.push_screen(JoinScreen())

    def action_host(self) -> None:
        from hanatui.app.screens.newgame import NewGameScreen

        self._to_title()
        self.push_screen(NewGameScreen(host=True))

    async def host_table(self, rules: Any, players: Sequence[Any]) -> None:
        """Host a table in this app: seat 1 is played here, the other human seats join over the
        network, the computer seats play on the server."""
        from core.errors import HanaError
        from hanatui.app.screens.net import LobbyScreen
        from hanatui.net.client import RemoteSession
        from hanatui.net.commands import DEFAULT_PORT, journal_for
        from hanatui.net.server import SeatPlan, TableServer

        plan = [
            SeatPlan(kind="bot", level=p.bot or "normal", name=p.name)
            if p.kind == "bot"
            else SeatPlan()
            for p in players
        ]
        try:
            if plan[0].kind != "human":
                raise HanaError(_("seat 1 is yours when you host: make it a person"))
            server = TableServer.new(rules, plan, journal_for(rules.game), pace=self.pace)
            try:
                server.port = DEFAULT_PORT
                await server.start()
            except OSError:
                server.port = 0  # the usual port is taken: any free one
                await server.start()
        except (HanaError, OSError) as exc:
            self.notify(error_text(exc), markup=False, severity="error", title=_("Cannot host"))
            return
        session = RemoteSession(server.url(0), players[0].name)
        session.start()
        self._to_table(LobbyScreen(session, server))

    def _to_table(self, screen: Screen[Any]) -> None:
        # Straight to a table (`hanatui play`), no title was made: its module is not loaded
        # for an isinstance test that cannot succeed.
        title = sys.modules.get("hanatui.app.screens.title")
        while len(self.screen_stack) > 1 and not (
            title is not None and isinstance(self.screen, title.TitleScreen)
        ):
            self.pop_screen()
        self.push_screen(screen)

    def refresh_title(self) -> None:
        from hanatui.app.screens.title import TitleScreen

        # A title not mounted yet (just put in the place of the table the app opened on)
        # looks when it is.
        if isinstance(self.screen, TitleScreen) and self.screen.is_mounted:
            self.screen.refresh_resume()

    # --- actions ----------------------------------------------------------------------------
    def action_new_game(self) -> None:
        from hanatui.app.screens.newgame import NewGameScreen

        if self._refuse_play():
            return
        self._to_title()
        self.push_screen(NewGameScreen())

    def _to_title(self) -> None:
        from hanatui.app.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen | _Base):
            # the table the app opened on, at the bottom (`_Base` puts the title over itself)
            self.switch_screen(TitleScreen())

    def leave_table(self) -> None:
        """Take the table on top away: the title shows (in the table's place when the app
        opened on it)."""
        if len(self.screen_stack) > 1:
            self.pop_screen()
        else:
            self._to_title()

    def action_history(self) -> None:
        from hanatui.app.screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    def action_settings(self) -> None:
        from hanatui.app.screens.info import SettingsScreen

        self.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        from hanatui.app.screens.info import RulesScreen
        from hanatui.app.screens.table.screen import TableScreen

        tables = [s for s in self.screen_stack if isinstance(s, TableScreen)]
        self.push_screen(RulesScreen(tables[-1].session.state.rules if tables else None))

    def own_keys(self) -> dict[str, str]:
        """Each binding id's own keys, for the help (which names them where a row is remapped)."""
        return default_keys()

    def open_replay(self, path: str | os.PathLike[str]) -> bool:
        """Open a log in the viewer, or the bad-file dialog saying why it cannot be; True if
        opened (the table's "watch the replay" after a match)."""
        from hanatui.app.screens.replay.opening import open_replay

        return open_replay(self, path)

    def action_help(self) -> None:
        from hanatui.app.screens.dialogs import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def _table(self) -> TableScreen | None:
        """The table whose screens are on top: the table itself or a dialog of its turn loop."""
        table_module = sys.modules.get("hanatui.app.screens.table.screen")
        if table_module is None:
            # No table was ever opened. The footer asks about undo before the first frame: the
            # title is drawn without loading the table and the engine behind it.
            return None
        TableScreen = table_module.TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
            if not getattr(screen, "TABLE_DIALOG", False):
                return None
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo"):
            table = self._table()
            if table is None:
                return False
            if action == "undo":
                return True if table.undo_key_answers() else None
            return True if table.session.can_redo() else None
        return True

    def action_undo(self) -> None:
        table = self._table()
        if table is not None:
            table.undo()

    def action_redo(self) -> None:
        table = self._table()
        if table is not None:
            table.redo()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield SystemCommand(
            pgettext("screen", "New game"), _("Set up a new match"), self.action_new_game
        )
        table = self._table()
        if table is not None and table is screen:
            if table.may_undo():
                yield SystemCommand(_("Undo"), _("Take back your last decision"), self.action_undo)
            if table.session.can_redo():
                yield SystemCommand(_("Redo"), _("Put back what you undid"), self.action_redo)
        yield SystemCommand(_("Rules and yaku"), _("How each game is played"), self.action_rules)
        yield SystemCommand(
            _("Open replay"), _("The games you played, kept as .hana logs"), self.action_history
        )
        yield SystemCommand(
            _("Settings"), _("Language, theme, pace, ASCII cards, your name"), self.action_settings
        )
        yield SystemCommand(_("Help"), _("Keys and how to read the table"), self.action_help)
        # Textual's own commands, in the player's language (its "Keys" panel is left out: it
        # shows the bindings' English, and the help above lists every key translated)
        yield SystemCommand(
            _("Theme"), _("Change the colours of the app"), self.action_change_theme
        )
        yield SystemCommand(_("Quit"), _("Quit hanatui"), self.action_quit)
        if screen.maximized is not None:
            yield SystemCommand(
                _("Minimize"), _("The widget back at its own size"), screen.action_minimize
            )
        elif screen.focused is not None and screen.focused.allow_maximize:
            yield SystemCommand(
                _("Maximize"), _("The focused widget over the whole screen"), screen.action_maximize
            )
        yield SystemCommand(
            _("Screenshot"),
            _("Save a picture of this screen (SVG)"),
            lambda: self.set_timer(0.1, self.deliver_screenshot),
        )

    def action_command_palette(self) -> None:
        """Textual's command palette, its search field's hint in the player's language."""
        from textual.command import CommandPalette

        # open already: its screen has this class (what `CommandPalette.is_open` looks at)
        if self.use_command_palette and not self.screen.has_class("--textual-command-palette"):
            self.push_screen(
                CommandPalette(id="--command-palette", placeholder=_("Search for commands…"))
            )

    def action_change_theme(self) -> None:
        """Textual's list of themes, its search field's hint in the player's language."""
        from textual.command import CommandPalette
        from textual.theme import ThemeProvider

        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=_("Search for themes…"))
        )


def replay_app(path: str | os.PathLike[str], **kwargs: Any) -> HanaApp:
    """The app, opened on the viewer of ``path`` (over the title screen, where escape leads)."""
    from hanatui.app.screens.replay.opening import open_replay

    class ReplayApp(HanaApp):
        def on_ready(self) -> None:
            open_replay(self, path)

    return ReplayApp(**kwargs)


#: The app is what the screens take it for (`hanatui.app.common.ScreensApp`); checked by mypy.
_SCREENS_SEE_IT: type[ScreensApp] = HanaApp
