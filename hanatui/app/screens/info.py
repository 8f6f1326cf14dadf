"""Settings, the rules and yaku reference, and the games played."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Footer,
    Input,
    Select,
    Static,
    TabbedContent,
    TabPane,
)

from core.cards import CARDS, Kind
from core.errors import HanaError
from core.players import check_name
from core.yaku import YakuSpec
from hanatui.app.common import hana_app
from hanatui.app.widgets import TooSmall
from hanatui.settings import PACES
from hanatui.words import game_title

SCREEN_CSS = """
{name} {{ background: $hana-felt; align: center top; }}
{name} #body {{
    width: 100; max-width: 100%; height: 1fr; background: $surface; border: round $accent;
    padding: 0 1;
}}
{name} .heading {{ text-style: bold; color: $accent; margin-top: 1; }}
{name} .row {{ height: auto; }}
{name} .row {{ margin-bottom: 1; }}
{name} .row > .label {{ width: 24; padding: 0 1 0 0; }}
{name} Checkbox {{ width: auto; }}
{name} .row Select, {name} .row Input {{ width: 30; }}
{name} .note {{ color: $text-muted; }}
"""


class SettingsScreen(Screen[None]):
    """Theme, pace of the computer players, ASCII mode, your name."""

    DEFAULT_CSS = SCREEN_CSS.format(name="SettingsScreen")
    BINDINGS = [Binding("escape", "back", "Back", id="settings.back")]

    def compose(self) -> ComposeResult:
        app = self.app
        settings = hana_app(app).settings
        themes = sorted(app.available_themes)
        yield TooSmall()
        with VerticalScroll(id="body"):
            yield Static(Content("Settings"), classes="heading")
            with Horizontal(classes="row"):
                yield Static(Content("Theme"), classes="label")
                yield Select(
                    [(Content(t), t) for t in themes],
                    value=app.theme,
                    allow_blank=False,
                    id="theme",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Static(Content("Computer pace"), classes="label")
                paces = sorted(set(PACES) | {settings.pace})
                yield Select(
                    [(Content("instant" if p == 0 else f"{p:g} s per move"), p) for p in paces],
                    value=settings.pace,
                    allow_blank=False,
                    id="pace",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Static(Content("ASCII cards"), classes="label")
                yield Checkbox(
                    Content("draw cards as +-----+ with L A R C"),
                    value=settings.ascii,
                    id="ascii",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Static(Content("Animations"), classes="label")
                yield Checkbox(
                    Content("on"), value=settings.animations, id="animations", compact=True
                )
            with Horizontal(classes="row"):
                yield Static(Content("Your name"), classes="label")
                yield Input(value=settings.name, max_length=40, id="name", compact=True)
            with Horizontal(classes="row"):
                from hanatui.bots import BOTS

                yield Static(Content("Default computer level"), classes="label")
                level = settings.bot_level if settings.bot_level in BOTS else next(iter(BOTS))
                yield Select(
                    [(Content(b), b) for b in BOTS],
                    value=level,
                    allow_blank=False,
                    id="bot_level",
                    compact=True,
                )
            yield Static(
                Content(
                    "Settings are saved as you change them. "
                    "NO_COLOR in the environment turns colour off."
                ),
                classes="note",
            )
            yield Button(Content("Back (esc)"), id="back", compact=True)
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        app = self.app
        settings = hana_app(app).settings
        if event.value == Select.BLANK:
            return
        if event.select.id == "theme":
            if app.theme != event.value:
                app.theme = str(event.value)
        elif event.select.id == "pace":
            if settings.pace != event.value:
                settings.pace = float(str(event.value))
                hana_app(app).save_settings()
        elif event.select.id == "bot_level" and settings.bot_level != event.value:
            settings.bot_level = str(event.value)
            hana_app(app).save_settings()

    def on_mount(self) -> None:
        self.query_one("#theme", Select).focus()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        app = self.app
        settings = hana_app(app).settings
        if event.checkbox.id == "ascii":
            settings.ascii = event.value
            hana_app(app).set_ascii(event.value)
        elif event.checkbox.id == "animations":
            settings.animations = event.value
            app.animation_level = "full" if event.value else "none"
        hana_app(app).save_settings()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "name":
            return
        try:
            check_name(event.value)
        except HanaError:
            event.input.set_class(True, "-invalid")
            return
        event.input.set_class(False, "-invalid")
        hana_app(self.app).settings.name = event.value
        hana_app(self.app).save_settings()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_back()

    def action_back(self) -> None:
        self.app.pop_screen()


RULES_TEXT = {
    "common": """\
Every game here is a fishing game. On your turn you play a card from your hand onto the field: if
a field card shows the same month (the same flower), you capture both; if two match, you choose
one; if three match, you take all four. Then you turn over the top card of the draw pile and it is
resolved the same way. Captured cards lie face up in front of you. The first dealer is decided by
a draw: the earliest month deals.""",
    "bakappana": """\
Bakappana (2-4 players): no yaku. When the cards run out, each player scores the points of the
cards they captured: brights 20, animals 10, ribbons 5, chaff 1 (264 in the deck). With zero-sum
scoring each score is measured against par (264 divided by the number of players).""",
    "hana-awase": """\
Hana-awase (2-4 players): bakappana plus yaku, combinations of captured cards that score extra
(the viewing yaku, the three red or blue ribbons, boar-deer-butterflies, the brights...). With
more than two players the yaku are worth more (the seed scoring).""",
    "koikoi": """\
Koi-koi (2 players): the race for yaku. When you make a yaku you choose: shobu (stop now and score
your yaku) or koi-koi (play on for more, but if your opponent then makes a yaku first they score
double). If nobody stops before the hands run out, nobody scores. A round is named after a month
(round 1 Pine, round 2 Plum...).""",
    "sakura": """\
Sakura (Hawaiian hanafuda, 2-7 players): points as in bakappana but with the Sakura values
(ribbons 10, animals 5, Rain Man 5, Yellow Paulownia 10), minus 50 for each yaku an opponent holds.
The Lightning (11d, Gaji) is wild: played or drawn, it may capture any field card. Hiki: holding
all four cards of a month between your hand and the field, you may take them all at once.""",
}


def _yaku_specs(game: str) -> list[YakuSpec]:
    """The yaku of a game under its standard rules ([] for a game without yaku)."""
    from core.games.registry import game_of
    from core.rules import find_rules

    return list(game_of(game).yaku_specs(find_rules(game)))


def _paragraphs(text: str) -> str:
    """Hard-wrapped prose as flowing paragraphs, so it reflows with the terminal."""
    return "\n\n".join(" ".join(p.split()) for p in text.split("\n\n"))


class RulesScreen(Screen[None]):
    """How each game is played, its house rules, and the cards."""

    DEFAULT_CSS = (
        SCREEN_CSS.format(name="RulesScreen")
        + """
    RulesScreen DataTable { height: auto; }
    """
    )
    BINDINGS = [Binding("escape,q", "back", "Back", id="rules.back")]

    def compose(self) -> ComposeResult:
        from hanatui.app.screens.newgame import available_games, option_specs

        yield TooSmall()
        with Vertical(id="body"), TabbedContent():
            with TabPane("How to play", id="tab-common"), VerticalScroll():
                yield Static(Content(_paragraphs(RULES_TEXT["common"])))
                yield Static(Content("The cards"), classes="heading")
                yield DataTable(id="cards", show_cursor=False, zebra_stripes=True)
            for game in available_games():
                with TabPane(game_title(game), id=f"tab-{game}"), VerticalScroll():
                    yield Static(Content(_paragraphs(RULES_TEXT.get(game, ""))))
                    yaku = self._yaku_lines(game)
                    if yaku:
                        yield Static(Content("Yaku (standard rules)"), classes="heading")
                        yield Static(Content(yaku))
                    yield Static(Content("House rules"), classes="heading")
                    for key, default, doc, _t in option_specs(game):
                        yield Static(
                            Content.assemble((f"{key}", "bold"), f" (default {default!r}): {doc}")
                        )
        yield Footer()

    def _yaku_lines(self, game: str) -> str:
        """The yaku of a game under its standard rules, from the table the game publishes."""
        specs = _yaku_specs(game)
        lines = []
        for spec in specs:
            name = getattr(spec, "name", "?")
            ja = getattr(spec, "name_ja", "") or ""
            title = f"{name} ({ja})" if ja else name
            # padded in terminal cells: Japanese names are two cells a character
            title = title + " " * max(0, 34 - cell_len(title))
            lines.append(
                f"{title} {getattr(spec, 'points', 0):>4}  {getattr(spec, 'description', '')}"
            )
        return "\n".join(lines)

    def on_mount(self) -> None:
        table = self.query_one("#cards", DataTable)
        table.add_columns("code", "month", "kind", "card", "points", "Sakura")
        for c in CARDS:
            table.add_row(
                c.value,
                Text(f"{c.kanji} {c.month_name}"),
                Text(f"{c.kind.kanji} {c.kind.label}"),
                Text(f"{c.name_en} ({c.name_ja})"),
                str(c.points),
                str(c.sakura_points),
            )

    def action_back(self) -> None:
        self.app.pop_screen()


class HistoryScreen(Screen[None]):
    """The games kept in the data directory, finished and unfinished, newest first."""

    DEFAULT_CSS = (
        SCREEN_CSS.format(name="HistoryScreen")
        + """
    HistoryScreen DataTable { height: 1fr; }
    """
    )
    BINDINGS = [Binding("escape,q", "back", "Back", id="history.back")]

    def compose(self) -> ComposeResult:
        from hanatui.settings import games_dir

        yield TooSmall()
        with Vertical(id="body"):
            yield Static(Content("Games played"), classes="heading")
            yield Static(Content(f"Kept as .hana logs in {games_dir()}"), classes="note")
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static(
                Content("Each log can be checked with `hanatui verify FILE` and shared as it is."),
                classes="note",
            )
        yield Footer()

    def on_mount(self) -> None:
        from hanatui.files import read_log_file
        from hanatui.session import list_games

        table = self.query_one("#games", DataTable)
        table.add_columns("file", "game", "players", "rounds", "result")
        for path in list_games()[:200]:
            try:
                log = read_log_file(path, recover=True)
            except HanaError as exc:
                table.add_row(Text(path.name), "", "", "", Text(f"unreadable: {exc}"))
                continue
            state = log.state
            if state is None:
                continue
            pairs = zip(state.players, state.totals, strict=False)
            players = ", ".join(f"{p.name} {t}" for p, t in pairs)
            result = "finished" if state.phase == "over" else "unfinished"
            table.add_row(
                Text(path.name),
                Text(game_title(state.rules.game)),
                Text(players),
                str(state.rounds_done),
                result,
            )
        if not table.row_count:
            table.add_row(Text("(no games yet)"), "", "", "", "")

    def action_back(self) -> None:
        self.app.pop_screen()


__all__ = ["HistoryScreen", "Kind", "Path", "RulesScreen", "SettingsScreen"]
