"""Settings, and the rules and yaku reference."""

from __future__ import annotations

import os
from pathlib import Path

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
    Input,
    Select,
    Static,
    TabbedContent,
    TabPane,
)

from core.errors import HanaError
from core.games.options import Rules
from core.players import check_name
from hanatui.app.common import HanaFooter, hana_app
from hanatui.app.widgets import TooSmall
from hanatui.net.words import level_name
from hanatui.store.settings import DEFAULT_NAME, PACES
from hanatui.text.i18n import (
    LANGUAGES,
    N_,
    _,
    language_from_environment,
    pgettext,
    use_language,
)
from hanatui.text.names import ascii_text
from hanatui.text.said import player_name
from hanatui.text.words import game_title

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
{name} .row > .explain {{ width: 1fr; color: $text-muted; padding: 0 0 0 1; }}
{name} .row Select, {name} .row Input {{ width: 30; }}
{name} .note {{ color: $text-muted; }}
"""


def _on_off(value: bool) -> Content:
    """A checkbox's label: its mark differs on and off only by colour (none with NO_COLOR).
    What "on" does is said beside it, in words that wrap: no language's longer words are cut."""
    return Content(_("on") if value else _("off"))


def _seconds(value: float) -> str:
    """A number of seconds as the language writes it: 0.6 in English, 0,6 in Polish."""
    # TRANSLATORS: the decimal mark of a number such as 2.4 (a comma in many languages)
    return f"{value:g}".replace(".", pgettext("decimal mark", "."))


class SettingsScreen(Screen[None]):
    """Language, theme, pace of the computer players, ASCII mode, your name."""

    DEFAULT_CSS = SCREEN_CSS.format(name="SettingsScreen")
    BINDINGS = [Binding("escape", "back", N_("Back"), id="settings.back")]

    def compose(self) -> ComposeResult:
        app = self.app
        settings = hana_app(app).settings
        themes = sorted(app.available_themes)
        system = LANGUAGES[language_from_environment(os.environ)]
        yield TooSmall()
        with VerticalScroll(id="body"):
            yield Static(Content(_("Settings")), classes="heading")
            with Horizontal(classes="row"):
                yield Static(Content(_("Language")), classes="label")
                yield Select(
                    [(Content(_("the system's ({language})").format(language=system)), "")]
                    + [(Content(name), code) for code, name in LANGUAGES.items()],
                    value=settings.language if settings.language in LANGUAGES else "",
                    allow_blank=False,
                    id="language",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Static(Content(_("Theme")), classes="label")
                yield Select(
                    [(Content(t), t) for t in themes],
                    value=app.theme,
                    allow_blank=False,
                    id="theme",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Static(Content(_("Computer pace")), classes="label")
                paces = sorted(set(PACES) | {settings.pace})
                yield Select(
                    [
                        (
                            Content(
                                _("instant")
                                if p == 0
                                else _("{seconds} s per move").format(seconds=_seconds(p))
                            ),
                            p,
                        )
                        for p in paces
                    ],
                    value=settings.pace,
                    allow_blank=False,
                    id="pace",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Static(Content(_("ASCII cards")), classes="label")
                yield Checkbox(
                    _on_off(settings.ascii), value=settings.ascii, id="ascii", compact=True
                )
                yield Static(
                    Content(_("on: cards drawn as +-----+ with L A R C")), classes="explain"
                )
            with Horizontal(classes="row"):
                yield Static(Content(_("Animations")), classes="label")
                yield Checkbox(
                    _on_off(settings.animations),
                    value=settings.animations,
                    id="animations",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Static(Content(_("Same-worth choices")), classes="label")
                yield Checkbox(
                    _on_off(settings.same_choice_auto),
                    value=settings.same_choice_auto,
                    id="same-choice",
                    compact=True,
                )
                yield Static(
                    Content(
                        _(
                            "on: a capture between cards worth the same under the rules is "
                            "taken without asking; off: always asked"
                        )
                    ),
                    classes="explain",
                )
            with Horizontal(classes="row"):
                yield Static(Content(_("Your name")), classes="label")
                # a player who chose no name sees the word their language calls them by, as a
                # hint: the settings keep it as DEFAULT_NAME, never the translation
                chosen = "" if settings.name == DEFAULT_NAME else settings.name
                yield Input(
                    value=chosen,
                    placeholder=player_name(None),
                    max_length=40,
                    id="name",
                    compact=True,
                )
            with Horizontal(classes="row"):
                from hanatui.bots import BOTS

                yield Static(Content(_("Default computer level")), classes="label")
                level = settings.bot_level if settings.bot_level in BOTS else next(iter(BOTS))
                yield Select(
                    [(Content(level_name(b)), b) for b in BOTS],
                    value=level,
                    allow_blank=False,
                    id="bot_level",
                    compact=True,
                )
            with Horizontal(classes="row"):
                from hanatui.bots.base import STRONG_TIMES

                yield Static(Content(_("Strong player's time")), classes="label")
                times = sorted(set(STRONG_TIMES) | {settings.strong_seconds} - {0.0})
                yield Select(
                    [(Content(_("Fixed playouts (~0.1 s)")), 0.0)]
                    + [
                        (Content(_("{seconds} s a move").format(seconds=_seconds(t))), t)
                        for t in times
                    ],
                    value=settings.strong_seconds,
                    allow_blank=False,
                    id="strong_seconds",
                    compact=True,
                )
            yield Static(
                Content(
                    _(
                        "Settings are saved as you change them. NO_COLOR in the environment "
                        "turns colour off."
                    )
                ),
                classes="note",
            )
            yield Button(Content(_("Back (esc)")), id="back", compact=True)
        yield HanaFooter()

    def on_select_changed(self, event: Select.Changed) -> None:
        app = self.app
        settings = hana_app(app).settings
        if event.value == Select.BLANK:
            return
        if event.select.id == "language":
            if settings.language != event.value:
                settings.language = str(event.value)
                hana_app(app).save_settings()
                use_language(settings.language or language_from_environment(os.environ))
                for screen in app.screen_stack:  # every screen says it again in the new words
                    screen.refresh(recompose=True)
                self.call_after_refresh(self.query_one("#language", Select).focus)
        elif event.select.id == "theme":
            if app.theme != event.value:
                app.theme = str(event.value)
        elif event.select.id == "pace":
            if settings.pace != event.value:
                settings.pace = float(str(event.value))
                hana_app(app).save_settings()
        elif event.select.id == "bot_level" and settings.bot_level != event.value:
            settings.bot_level = str(event.value)
            hana_app(app).save_settings()
        elif event.select.id == "strong_seconds":
            seconds = float(str(event.value))
            if settings.strong_seconds != seconds:
                settings.strong_seconds = seconds
                hana_app(app).save_settings()

    def on_mount(self) -> None:
        self.query_one("#theme", Select).focus()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        app = self.app
        settings = hana_app(app).settings
        if event.checkbox.id == "ascii":
            settings.ascii = event.value
            hana_app(app).set_ascii(event.value)
            event.checkbox.label = _on_off(event.value)
        elif event.checkbox.id == "animations":
            settings.animations = event.value
            app.animation_level = "full" if event.value else "none"
            event.checkbox.label = _on_off(event.value)
        elif event.checkbox.id == "same-choice":
            settings.same_choice_auto = event.value
            event.checkbox.label = _on_off(event.value)
        hana_app(app).save_settings()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "name":
            return
        if not event.value.strip():  # no name: the default one, shown in the reader's words
            event.input.set_class(False, "-invalid")
            hana_app(self.app).settings.name = DEFAULT_NAME
            hana_app(self.app).save_settings()
            return
        try:
            check_name(event.value)
        except HanaError:
            event.input.set_class(True, "-invalid")
            return
        event.input.set_class(False, "-invalid")
        hana_app(self.app).settings.name = event.value
        hana_app(self.app).save_settings()  # writes nothing if the name is as it was

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_back()

    def action_back(self) -> None:
        self.app.pop_screen()


class RulesScreen(Screen[None]):
    """How each game is played: the cards and their names, then per game its card values, yaku
    (each exclusive group once, with its members), multipliers, presets and house rules."""

    # the cards table whole in the page, which scrolls (no table scrolling inside it: its rows
    # grow to two lines where the screen is narrow, `_fill_cards`)
    DEFAULT_CSS = (
        SCREEN_CSS.format(name="RulesScreen")
        + """
    RulesScreen DataTable { height: auto; width: 1fr; max-height: 500; }
    RulesScreen .text { margin-bottom: 1; }
    """
    )
    BINDINGS = [Binding("escape,q", "back", N_("Back"), id="rules.back")]

    def __init__(self, rules: Rules | None = None) -> None:
        """``rules``: those of the match in play, whose game's page then also explains the house
        rules on that change the play."""
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        from hanatui.app.screens.newgame import available_games
        from hanatui.text import rules_text

        ascii_only = hana_app(self.app).ascii_mode
        yield TooSmall()

        def said(text: str) -> Content:  # in ASCII mode, the letters without their accents
            return Content(ascii_text(text) if ascii_only else text)

        with Vertical(id="body"), TabbedContent():
            with TabPane(said(_("How to play")), id="tab-common"), VerticalScroll():
                yield Static(said(_(rules_text.COMMON)), classes="text")
                yield Static(said(_("The months")), classes="heading")
                yield Static(Content("\n".join(rules_text.month_lines(ascii_only=ascii_only))))
                yield Static(said(_("The kinds of card")), classes="heading")
                yield Static(Content("\n".join(rules_text.kind_lines(ascii_only=ascii_only))))
                yield Static(said(_("The cards, month by month")), classes="heading")
                yield DataTable(id="cards", show_cursor=False, zebra_stripes=True)
                yield Static(said(_("Other names")), classes="heading")
                yield Static(Content("\n".join(rules_text.alias_lines(ascii_only=ascii_only))))
            for game in available_games():
                with TabPane(said(game_title(game)), id=f"tab-{game}"), VerticalScroll():
                    shown = rules_text.page(game, ascii_only=ascii_only, rules=self.rules)
                    for heading, text in shown:
                        yield Static(Content(heading), classes="heading")
                        yield Static(Content(text), classes="text")
        yield HanaFooter()

    def on_mount(self) -> None:
        self._card_table_width = -1
        self.call_after_refresh(self._fill_cards)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fill_cards)

    def _fill_cards(self) -> None:
        """The cards table, its columns as wide as their longest cell, or where the table would
        be wider than the screen, the kind, the card's name and its Japanese name narrower,
        wrapping onto more lines (`_card_columns`: a longer language's names need not scroll
        out of sight)."""
        from rich.cells import cell_len

        from hanatui.text.rules_text import card_rows

        ascii_only = hana_app(self.app).ascii_mode
        table = self.query_one("#cards", DataTable)
        width = table.content_size.width  # inside the border ASCII mode draws
        if width <= 0 or width == self._card_table_width:
            return  # not shown yet (another tab), or already made for this width
        self._card_table_width = width
        columns: tuple[str, ...] = (
            # TRANSLATORS: the cards table's columns: a card's code (01a), its kind, its name,
            # its Japanese name, its points (short), its points in Sakura (the game's name)
            _("code"),
            _("kind"),
            _("card"),
            _("Japanese"),
            pgettext("column", "pts"),
            _("Sakura"),
        )
        if ascii_only:
            columns = tuple(ascii_text(c) for c in columns)
        rows = card_rows(ascii_only=ascii_only)
        widths = _card_columns(width, columns, rows)
        table.clear(columns=True)
        # a header wider than its column takes two lines (one word may be longer than a column)
        table.header_height = 1 + any(
            w is not None and cell_len(c) > w for c, w in zip(columns, widths, strict=True)
        )
        for label, column_width in zip(columns, widths, strict=True):
            table.add_column(Text(label, overflow="fold"), width=column_width)
        for row in rows:
            table.add_row(*[Text(cell, overflow="fold") for cell in row], height=None)

    def action_back(self) -> None:
        self.app.pop_screen()


#: The cards table's columns that may wrap onto more lines, in turn: the card and its Japanese,
#: then the kind too.
_WRAPPING = ((2, 3), (1, 2, 3))


def _card_columns(
    width: int, columns: tuple[str, ...], rows: list[tuple[str, ...]]
) -> list[int | None]:
    """The widths of the cards table's columns in ``width`` cells (None: as wide as its longest
    cell). Where the table is wider than that, the columns of `_WRAPPING` are made narrower,
    each at least as wide as its longest word, in the widths that make the table the fewest
    lines; where not even the longest words fit, narrower in proportion (a word folds)."""
    from itertools import product

    from rich.cells import cell_len

    cells = [(c, *(r[i] for r in rows)) for i, c in enumerate(columns)]
    natural = [max(cell_len(x) for x in column) for column in cells]
    least = [max(cell_len(w) for x in column for w in x.split()) for column in cells]
    widths: list[int | None] = [None] * len(columns)
    for wrapping in _WRAPPING:
        room = width - 2 * len(columns) - sum(n for i, n in enumerate(natural) if i not in wrapping)
        if sum(natural[i] for i in wrapping) <= room:
            return widths
        if sum(least[i] for i in wrapping) > room:
            continue
        best: tuple[int, ...] = ()
        fewest = 0
        for tried in product(*(range(least[i], natural[i] + 1) for i in wrapping)):
            if sum(tried) > room:
                continue
            height = sum(
                max(_lines(row[i], w) for i, w in zip(wrapping, tried, strict=True)) for row in rows
            )
            if not best or height < fewest:
                best, fewest = tried, height
        for i, w in zip(wrapping, best, strict=True):
            widths[i] = w
        return widths
    total = sum(least[i] for i in wrapping)
    for i in wrapping:
        widths[i] = max(4, room * least[i] // total)
    return widths


def _lines(text: str, width: int) -> int:
    """How many lines ``text`` takes wrapped at its spaces in ``width`` cells."""
    from rich.cells import cell_len

    lines, used = 1, 0
    for word in text.split():
        size = cell_len(word)
        if used and used + 1 + size > width:
            lines, used = lines + 1, size
        else:
            used += size + (1 if used else 0)
    return lines


__all__ = ["Path", "RulesScreen", "SettingsScreen"]
