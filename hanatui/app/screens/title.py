"""The title screen: new game, resume, host or join a table, games played, settings, rules,
quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from hanatui.app.common import HanaFooter, TooSmall, game_title, hana_app

LOGO = """\
 ╭─────╮╭─────╮╭─────╮
 │松 光││桜 光││芒 光│   h a n a t u i
 │ 01a ││ 03a ││ 08a │   hanafuda at the terminal
 ╰─────╯╰─────╯╰─────╯"""

LOGO_ASCII = """\
 +-----+ +-----+ +-----+
 | 01 L| | 03 L| | 08 L|   h a n a t u i
 | 01a | | 03a | | 08a |   hanafuda at the terminal
 +-----+ +-----+ +-----+"""


class TitleScreen(Screen[None]):
    """Where everything starts."""

    DEFAULT_CSS = """
    TitleScreen { align: center middle; background: $hana-felt; }
    TitleScreen #menu {
        width: 60; height: auto; border: round $accent; background: $surface; padding: 1 2 0 2;
    }
    TitleScreen #logo { color: $hana-bright; width: auto; margin-bottom: 1; }
    TitleScreen #menu Button { width: 1fr; margin: 0 0 1 0; }
    TitleScreen #menu Button#resume { margin-bottom: 0; }
    TitleScreen #menu Button#quit { margin-bottom: 0; }
    TitleScreen #menu #network { height: auto; }
    TitleScreen #menu #network Button#host { margin-right: 2; }
    TitleScreen #resume-info {
        color: $text-muted; width: 1fr; height: auto; margin-bottom: 1;
        content-align: center middle;
    }
    """
    BINDINGS = [
        Binding("n", "app.new_game", "New game", id="title.new"),
        Binding("c", "resume", "Resume", id="title.resume"),
        Binding("h", "app.host", "Host", id="title.host"),
        Binding("j", "app.join", "Join", id="title.join"),
        Binding("g", "app.history", "Games", id="title.games"),
        Binding("s", "app.settings", "Settings", id="title.settings"),
        Binding("r", "app.rules", "Rules", id="title.rules"),
        Binding("q", "app.quit", "Quit", id="title.quit"),
        Binding("up,k", "app.focus_previous", "Up", show=False, id="title.up"),
        Binding("down,j", "app.focus_next", "Down", show=False, id="title.down"),
    ]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        ascii_mode = bool(getattr(self.app, "ascii_mode", False))
        with Vertical(id="menu"):
            yield Static(Content(LOGO_ASCII if ascii_mode else LOGO), id="logo")
            yield Button(Content("Resume (c)"), id="resume", variant="success", compact=True)
            yield Static(id="resume-info")
            yield Button(Content("New game (n)"), id="new", variant="primary", compact=True)
            with Horizontal(id="network"):
                yield Button(Content("Host a table (h)"), id="host", compact=True)
                yield Button(Content("Join a table (j)"), id="join", compact=True)
            yield Button(Content("Games played & replays (g)"), id="games", compact=True)
            yield Button(Content("Settings (s)"), id="settings", compact=True)
            yield Button(Content("Rules and yaku (r)"), id="rules", compact=True)
            yield Button(Content("Quit (q)"), id="quit", variant="error", compact=True)
        yield HanaFooter()

    def on_mount(self) -> None:
        self.refresh_resume()

    def on_screen_resume(self) -> None:
        self.refresh_resume()

    def refresh_resume(self) -> None:
        ascii_mode = bool(getattr(self.app, "ascii_mode", False))
        self.query_one("#logo", Static).update(Content(LOGO_ASCII if ascii_mode else LOGO))
        unfinished = hana_app(self.app).unfinished()
        button = self.query_one("#resume", Button)
        info = self.query_one("#resume-info", Static)
        button.display = unfinished is not None
        info.display = unfinished is not None
        if unfinished is not None:
            pairs = zip(unfinished.players, unfinished.totals, strict=False)
            totals = ", ".join(f"{n} {t}" for n, t in pairs)
            title = game_title(unfinished.game)
            info.update(
                Content(f"{title}, round {unfinished.round} of {unfinished.rounds}: {totals}")
            )
            button.focus()
        else:
            self.query_one("#new", Button).focus()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            # shown only when there is something to resume
            return hana_app(self.app).unfinished() is not None
        return True

    def action_resume(self) -> None:
        hana_app(self.app).resume_game()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        app = self.app
        actions = {
            "resume": hana_app(app).resume_game,
            "new": hana_app(app).action_new_game,
            "host": hana_app(app).action_host,
            "join": hana_app(app).action_join,
            "games": hana_app(app).action_history,
            "settings": hana_app(app).action_settings,
            "rules": hana_app(app).action_rules,
            "quit": app.exit,
        }
        handler = actions.get(event.button.id or "")
        if handler is not None:
            handler()
