"""The new-game screen: game, seats, rounds, preset, and every house rule with its explanation."""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import AwaitMount, Widget
from textual.widgets import Button, Checkbox, Collapsible, Input, Select, Static

from core.errors import HanaError
from core.players import Player, check_name
from core.rules import OptionDoc
from hanatui.app.common import HanaFooter, hana_app
from hanatui.app.widgets import Field, TooSmall
from hanatui.net.words import level_description, level_name
from hanatui.store.settings import Settings
from hanatui.text.errors import error_text
from hanatui.text.i18n import N_, _, pgettext
from hanatui.text.names import card_name, yaku_title
from hanatui.text.said import player_name
from hanatui.text.words import game_title


def available_games() -> list[str]:
    from core.games.registry import GAMES

    return list(GAMES)


def bot_levels() -> list[str]:
    from hanatui.bots import BOTS

    return list(BOTS)


def level_lines() -> str:
    """The computer levels, one line each: what a player gets at each."""
    from hanatui.bots import BOTS

    return "\n".join(
        # TRANSLATORS: a computer level and what it plays like, "easy: takes the most..."
        _("{level}: {description}").format(
            level=level_name(name), description=level_description(name, bot.description)
        )
        for name, bot in BOTS.items()
    )


def _base_type(t: Any) -> Any:
    while typing.get_origin(t) is typing.Annotated:
        t = typing.get_args(t)[0]
    return t


def option_specs(game: str) -> list[tuple[OptionDoc, Any]]:
    """Every option of a game as players read it, with its type (for its editor)."""
    import msgspec

    from core.games.registry import game_of
    from hanatui.text.options import option_docs

    types = {f.name: f.type for f in msgspec.structs.fields(game_of(game).rules_type)}
    return [(doc, _base_type(types.get(doc.key))) for doc in option_docs(game)]


def _literal_values(t: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(t) is typing.Literal:
        return typing.get_args(t)
    return None


#: Koi-koi's cards that may count as two chaff, by option value: their codes (`card_name`
#: names them).
DOUBLE_CHAFF = {
    "sake_cup": "09a",
    "lightning": "11d",
    "yellow_paulownia": "12b",
}


def double_chaff_name(code: str) -> str:
    from core.cards import Card

    return card_name(Card.parse(code))


class NewGameScreen(Screen[None]):
    """Set up a match."""

    DEFAULT_CSS = """
    NewGameScreen { background: $hana-felt; align: center top; }
    NewGameScreen #form {
        width: 100; max-width: 100%; height: 1fr; background: $surface; border: round $accent;
        padding: 0 1;
    }
    NewGameScreen #seats, NewGameScreen #options { height: auto; }
    NewGameScreen .row { height: auto; margin-bottom: 1; }
    NewGameScreen .row > .label { width: 16; padding: 0 1 0 0; text-style: bold; }
    NewGameScreen .seat { margin-bottom: 0; }
    NewGameScreen .seat Select, NewGameScreen .seat Input { margin-right: 1; }
    NewGameScreen .row Select { margin-right: 2; }

    NewGameScreen .row Select { width: 24; }
    NewGameScreen .row Input { width: 24; }
    NewGameScreen .row #ruleset-name { width: 1fr; max-width: 40; }
    NewGameScreen .heading { text-style: bold; color: $accent; margin-top: 1; }
    NewGameScreen .seat > .label { width: 10; }
    NewGameScreen .seat Select.kind { width: 18; }
    NewGameScreen .seat Select.level { width: 16; }
    NewGameScreen .seat Input { width: 28; }
    NewGameScreen .option { height: auto; margin-bottom: 1; }
    NewGameScreen .option .line { height: auto; }
    NewGameScreen .option .key { width: 30; padding: 0 1 0 0; text-style: bold; }
    NewGameScreen .option .editor { width: 34; }
    NewGameScreen .option .unit { width: 1fr; padding: 0 0 0 1; }
    NewGameScreen .option .doc { color: $text-muted; }
    NewGameScreen .option .editor.-number { width: 10; }
    NewGameScreen .option .cards { height: auto; width: 1fr; }
    NewGameScreen .option .cards Checkbox { width: auto; }
    NewGameScreen .option Collapsible { border-top: none; padding: 0; width: 1fr; }
    NewGameScreen .option CollapsibleTitle { width: 100%; }
    NewGameScreen .option Collapsible > Contents { padding: 0 0 0 2; }
    NewGameScreen .option .yaku-row { height: 1; }
    NewGameScreen .option .yaku-row .name { width: 30; }
    NewGameScreen .option .yaku-row Input { width: 8; }
    NewGameScreen #preset-doc { color: $text-muted; height: auto; margin-bottom: 1; }
    NewGameScreen #levels-doc { color: $text-muted; height: auto; margin-bottom: 1; }
    NewGameScreen #buttons { height: 1; width: 100; max-width: 100%; margin: 0 0 1 0; }
    NewGameScreen #buttons Button { margin-right: 2; }
    """
    #: The first field takes the keys: the form's scroll box, which would by default, restyled
    #: its 400 widgets as it took the focus and again as it gave it to the game's choice
    AUTO_FOCUS = "#game"
    BINDINGS = [
        Binding("escape", "back", N_("Back"), id="newgame.back"),
        Binding("ctrl+s", "start", N_("Start"), id="newgame.start"),
    ]

    def __init__(self, *, host: bool = False) -> None:
        super().__init__()
        #: Host a table across the network (seat 1 is played here, other people join)
        self.host = host
        settings = self.settings
        games = available_games()
        self.game = settings.last_game if settings.last_game in games else games[0]
        self._building = False
        #: The seats' and the house rules' rows last built, until mounted: a choice (`Select`)
        #: has no value before it is mounted, and a quick ctrl+s can come first.
        self._mounting: dict[str, AwaitMount] = {}
        self._yaku_overrides: dict[str, Any] = {}  # koi-koi's each-yaku points, as built

    @property
    def settings(self) -> Settings:
        return hana_app(self.app).settings

    def compose(self) -> ComposeResult:
        from core.games.registry import game_of
        from core.rules import preset_of, presets

        game = game_of(self.game)
        yield TooSmall()
        with VerticalScroll(id="form"):
            yield Static(
                Content(
                    _(
                        "Host a table: seat 1 is yours; each other person's seat gets an address "
                        "to join from their own terminal"
                    )
                    if self.host
                    else pgettext("screen", "New game")
                ),
                classes="heading",
            )
            with Horizontal(classes="row"):
                yield Static(Content(_("Game")), classes="label")
                yield Select(
                    [(Content(game_title(g)), g) for g in available_games()],
                    value=self.game,
                    allow_blank=False,
                    id="game",
                    compact=True,
                )
                yield Static(Content(_("Players")), classes="label")
                yield Select(
                    [(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                    value=game.min_players,
                    allow_blank=False,
                    id="players",
                    compact=True,
                )
            yield Static(
                Content(_("Seats (the draw for dealer decides who starts)")), classes="heading"
            )
            # the seats and the house rules are built with the screen, so they show with it
            # (mounted after its first frame, they came 1 to 3 s later, the whole form laid
            # out again for each part)
            yield Vertical(*self._seat_rows(game.min_players), id="seats")
            yield Static(Content(level_lines()), id="levels-doc")
            with Horizontal(classes="row"):
                yield Static(Content(_("Preset")), classes="label")
                yield Select(
                    [(Content(_(preset_of(self.game, p).title)), p) for p in presets(self.game)],
                    value="standard",
                    allow_blank=False,
                    id="preset",
                    compact=True,
                )
                yield Static(Content(_("Saved rules")), classes="label")
                yield Select(self._rulesets(), prompt=_("(none saved)"), id="ruleset", compact=True)
            yield Static(Content(self._preset_words("standard")), id="preset-doc")
            with Horizontal(classes="row"):
                yield Static(Content(_("Save rules as")), classes="label")
                yield Field(placeholder=_("name these rules"), id="ruleset-name", compact=True)
                yield Button(Content(_("Save rules")), id="save-rules", compact=True)
            yield Static(Content(_("House rules")), classes="heading")
            yield Vertical(*self._option_rows(self._preset_values("standard")), id="options")
        with Horizontal(id="buttons"):
            yield Button(
                Content(_("Start ({key})").format(key="ctrl+s")),
                id="start",
                variant="primary",
                compact=True,
            )
            yield Button(Content(_("Back ({key})").format(key="esc")), id="back", compact=True)
        yield HanaFooter()

    def on_mount(self) -> None:
        # the choices announce their first values once mounted: not changes to act on
        self._building = True
        self.call_after_refresh(self._done_building)

    # --- building the form for a game ------------------------------------------------------
    def _load_game(self, game: str) -> None:
        from core.games.registry import game_of
        from core.rules import preset_of, presets

        self._building = True
        self.game = game
        g = game_of(game)
        players = self.query_one("#players", Select)
        players.set_options([(str(n), n) for n in range(g.min_players, g.max_players + 1)])
        players.value = g.min_players
        preset = self.query_one("#preset", Select)
        preset.set_options([(Content(_(preset_of(game, p).title)), p) for p in presets(game)])
        preset.value = "standard"
        self._show_preset("standard")
        self._load_rulesets()
        self._build_seats(g.min_players)
        self._build_options()
        self.call_after_refresh(self._done_building)

    def _done_building(self) -> None:
        self._building = False

    def _rulesets(self) -> list[tuple[Content, str]]:
        return [
            (Content(name), name)
            for name, rs in sorted(self.settings.rule_sets.items())
            if rs.game == self.game
        ]

    def _load_rulesets(self) -> None:
        self.query_one("#ruleset", Select).set_options(self._rulesets())

    def _build_seats(self, count: int) -> None:
        box = self.query_one("#seats", Vertical)
        rows = self._seat_rows(count, self.seat_values())
        box.remove_children()
        self._mounting["seats"] = box.mount_all(rows)

    def _seat_rows(self, count: int, old: Sequence[tuple[str, str, str]] = ()) -> list[Widget]:
        """A row per seat (the kind, the computer's level, the name), as ``old`` had them."""
        levels = bot_levels()
        default_level = self.settings.bot_level if self.settings.bot_level in levels else levels[0]
        rows: list[Widget] = []
        for i in range(count):
            if i < len(old):
                kind, level, name = old[i]
            else:
                kind = "human" if i == 0 else "bot"
                level = default_level
                name = (
                    player_name(self.settings) if i == 0 else ("CPU" if count == 2 else f"CPU {i}")
                )
            level_select: Select[str] = Select(
                [(Content(level_name(lv)), lv) for lv in levels],
                value=level,
                allow_blank=False,
                id=f"seat-level-{i}",
                classes="level",
                compact=True,
                disabled=kind == "human",
            )
            level_select.display = kind != "human"
            row = Horizontal(
                Static(Content(_("Seat {seat}").format(seat=i + 1)), classes="label"),
                Select(
                    [
                        # TRANSLATORS: who plays a seat: a person, or the computer
                        (Content(pgettext("seat", "human")), "human"),
                        (Content(pgettext("seat", "computer")), "bot"),
                    ],
                    value=kind,
                    allow_blank=False,
                    id=f"seat-kind-{i}",
                    classes="kind",
                    compact=True,
                ),
                level_select,
                Field(
                    value=name,
                    max_length=40,
                    placeholder=_("named when they join")
                    if self.host and i > 0
                    else _("this player's name"),
                    id=f"seat-name-{i}",
                    compact=True,
                ),
                classes="row seat",
            )
            rows.append(row)
        return rows

    def _show_level(self, seat: int, kind: str) -> None:
        """A computer seat shows its level; a human seat shows none."""
        try:
            level = self.query_one(f"#seat-level-{seat}", Select)
        except Exception:
            return
        level.display = kind != "human"
        level.disabled = kind == "human"

    def seat_values(self) -> list[tuple[str, str, str]]:
        out = []
        i = 0
        while True:
            try:
                kind = self.query_one(f"#seat-kind-{i}", Select).value
                level = self.query_one(f"#seat-level-{i}", Select).value
                name = self.query_one(f"#seat-name-{i}", Input).value
            except Exception:
                break
            out.append((str(kind), str(level), name))
            i += 1
        return out

    def _preset_values(self, preset: str) -> dict[str, Any]:
        from core.rules import find_rules

        return find_rules(self.game, preset).options()

    def _build_options(self, values: dict[str, Any] | None = None) -> None:
        box = self.query_one("#options", Vertical)
        if values is None:
            preset = self.query_one("#preset", Select).value
            values = self._preset_values(str(preset) if preset != Select.BLANK else "standard")
        rows = self._option_rows(values)
        box.remove_children()
        self._mounting["options"] = box.mount_all(rows)

    def _option_rows(self, values: dict[str, Any]) -> list[Widget]:
        """A row per house rule, with its editor and its explanation."""
        rows: list[Widget] = []
        for doc, t in option_specs(self.game):
            value = values.get(doc.key, doc.default)
            rows.append(
                Vertical(
                    Horizontal(
                        Static(Content(doc.title), classes="key"),
                        *self._editor(doc, value, t),
                        classes="line",
                    ),
                    Static(Content(self._plain(doc.explanation)), classes="doc"),
                    classes="option",
                )
            )
        return rows

    async def _built(self) -> None:
        """Wait until the rows the form last built are mounted, so that it is read whole."""
        for mounting in list(self._mounting.values()):
            await mounting

    def _editor(self, doc: OptionDoc, value: Any, t: Any) -> list[Widget]:
        """The widgets that edit one option: the value always in words (a switch says on or
        off, a choice its words, a number what it counts)."""
        wid = f"opt-{doc.key}"
        if t is bool:
            return [
                Checkbox(
                    Content(_("on") if value else _("off")),
                    value=bool(value),
                    id=wid,
                    classes="editor",
                    compact=True,
                )
            ]
        if doc.choices:
            return [
                Select(
                    [(Content(self._plain(words)), choice) for choice, words in doc.choices],
                    value=value,
                    allow_blank=False,
                    id=wid,
                    classes="editor",
                    compact=True,
                )
            ]
        if t is int:
            return [
                Field(
                    value=str(value),
                    type="integer",
                    id=wid,
                    classes="editor -number",
                    compact=True,
                ),
                Static(
                    Content(self._number_words(doc.key, value)),
                    id=f"unit-{doc.key}",
                    classes="unit",
                ),
            ]
        if doc.key == "double_chaff_cards":
            return [
                Vertical(
                    *[
                        Checkbox(
                            Content(self._plain(double_chaff_name(code))),
                            value=card in value,
                            id=f"{wid}-{card}",
                            compact=True,
                        )
                        for card, code in DOUBLE_CHAFF.items()
                    ],
                    id=wid,
                    classes="cards",
                )
            ]
        if doc.key == "yaku_points":
            return [self._yaku_points_editor(wid, value)]
        return [Field(value=str(value), id=wid, classes="editor", compact=True)]

    def _plain(self, text: str) -> str:
        """``text`` as the screen may show it: only ASCII in ASCII mode (× as x)."""
        from hanatui.text.names import ascii_text

        return ascii_text(text) if hana_app(self.app).ascii_mode else text

    def _number_words(self, key: str, value: Any) -> str:
        from hanatui.text.options import option_value_words

        if not isinstance(value, int):
            return ""
        return option_value_words(self.game, key, value)

    def _yaku_points_editor(self, wid: str, value: Any) -> Widget:
        """One field per koi-koi yaku, blank for the table's value (koi-koi's single yaku). The
        fields are made when the list is first opened (44 widgets a form seldom needs; until
        then the values are those it was built with)."""
        self._yaku_overrides = dict(value) if isinstance(value, dict) else {}
        ascii_mode = hana_app(self.app).ascii_mode
        return Collapsible(
            title=_("each yaku (blank: the table's value)"),
            id=wid,
            collapsed=True,
            collapsed_symbol=">" if ascii_mode else "▶",
            expanded_symbol="v" if ascii_mode else "▼",
        )

    def _yaku_rows(self, wid: str) -> list[Widget]:
        from core.games.koikoi.rules import KOIKOI_YAKU_IDS

        overrides = self._yaku_overrides
        return [
            Horizontal(
                Static(Content(self._plain(yaku_title(yaku))), classes="name"),
                Field(
                    value="" if overrides.get(yaku) is None else str(overrides[yaku]),
                    # TRANSLATORS: a yaku's points field left blank: the table's value
                    placeholder=pgettext("yaku points", "table"),
                    type="integer",
                    id=f"{wid}-{yaku}",
                    compact=True,
                ),
                classes="yaku-row",
            )
            for yaku in KOIKOI_YAKU_IDS
        ]

    async def open_yaku_points(self) -> None:
        """Make the fields of each yaku's points (once), as opening their list does."""
        try:
            box = self.query_one("#opt-yaku_points", Collapsible)
        except Exception:
            return
        contents = box.query_one(Collapsible.Contents)
        if not contents.children:
            await contents.mount_all(self._yaku_rows("opt-yaku_points"))

    async def on_collapsible_expanded(self, event: Collapsible.Expanded) -> None:
        if event.collapsible.id == "opt-yaku_points":
            await self.open_yaku_points()

    def _preset_words(self, name: str) -> str:
        from core.rules import preset_of

        try:
            described = preset_of(self.game, name).description
        except HanaError:
            described = ""
        text = _(described) if described else ""  # gettext's "" is the catalog's header
        return self._plain(text)

    def _show_preset(self, name: str) -> None:
        self.query_one("#preset-doc", Static).update(Content(self._preset_words(name)))

    def option_values(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for doc, t in option_specs(self.game):
            key = doc.key
            try:
                widget = self.query_one(f"#opt-{key}")
            except Exception:
                continue
            if key == "double_chaff_cards":
                values[key] = [
                    card
                    for card in DOUBLE_CHAFF
                    if self.query_one(f"#opt-{key}-{card}", Checkbox).value
                ]
            elif key == "yaku_points":
                values[key] = self._yaku_points_value()
            elif isinstance(widget, (Checkbox, Select)):
                values[key] = widget.value
            elif isinstance(widget, Input):
                text = widget.value.strip()
                if t is str:
                    values[key] = text
                else:
                    try:
                        values[key] = int(text)
                    except ValueError:
                        raise HanaError(
                            _("{option}: {value} is not a whole number").format(
                                option=doc.title, value=repr(text)
                            )
                        ) from None
        return values

    def _yaku_points_value(self) -> dict[str, int]:
        from core.games.koikoi.rules import KOIKOI_YAKU_IDS

        if not self.query(f"#opt-yaku_points-{KOIKOI_YAKU_IDS[0]}"):  # not made: as built
            return {k: v for k, v in self._yaku_overrides.items() if v is not None}
        out = {}
        for yaku in KOIKOI_YAKU_IDS:
            text = self.query_one(f"#opt-yaku_points-{yaku}", Input).value.strip()
            if not text:
                continue
            try:
                out[yaku] = int(text)
            except ValueError:
                raise HanaError(
                    _("{option}: {value} is not a whole number").format(
                        option=yaku_title(yaku), value=repr(text)
                    )
                ) from None
        return out

    # --- events ---------------------------------------------------------------------------
    def on_select_changed(self, event: Select.Changed) -> None:
        if self._building:
            return
        sid = event.select.id or ""
        if sid == "game" and event.value != self.game and event.value != Select.BLANK:
            self._load_game(str(event.value))
        elif sid.startswith("seat-kind-") and event.value != Select.BLANK:
            # a level means something only for a computer seat; a human seat asks for a name
            seat = int(sid.removeprefix("seat-kind-"))
            self._show_level(seat, str(event.value))
            name = self.query_one(f"#seat-name-{seat}", Input)
            if event.value == "human" and name.value.startswith("CPU"):
                name.value = ""
                name.focus()
        elif sid == "players" and event.value != Select.BLANK:
            self._build_seats(int(str(event.value)))
        elif sid == "preset" and event.value != Select.BLANK:
            self._show_preset(str(event.value))
            self._build_options()
        elif sid == "ruleset" and event.value != Select.BLANK:
            rs = self.settings.rule_sets.get(str(event.value))
            if rs is not None:
                self._build_options(dict(rs.options))
                self.query_one("#ruleset-name", Input).value = str(event.value)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A switch says its value in words."""
        box = event.checkbox
        if (box.id or "").startswith("opt-") and box.has_class("editor"):
            box.label = Content(_("on") if event.value else _("off"))

    def on_input_changed(self, event: Input.Changed) -> None:
        """A number says what it counts (or that it is off)."""
        key = (event.input.id or "").removeprefix("opt-")
        try:
            unit = self.query_one(f"#unit-{key}", Static)
        except Exception:
            return
        try:
            unit.update(Content(self._number_words(key, int(event.value))))
        except ValueError:
            unit.update(Content(_("a whole number, please")))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id
        if bid == "start":
            await self.action_start()
        elif bid == "back":
            self.action_back()
        elif bid == "save-rules":
            await self.save_ruleset()

    async def save_ruleset(self) -> None:
        from hanatui.store.settings import RuleSet

        await self._built()
        name = self.query_one("#ruleset-name", Input).value.strip()
        try:
            check_name(name)
            options = self.option_values()
            from core.rules import find_rules

            find_rules(self.game, "standard", **options)
        except HanaError as exc:
            self.notify(
                error_text(exc), markup=False, severity="error", title=_("Cannot save these rules")
            )
            return
        self.settings.rule_sets[name] = RuleSet(game=self.game, options=options)
        hana_app(self.app).save_settings()
        self._load_rulesets()
        self.notify(_("Saved the house rules as {name}").format(name=name), markup=False)

    def build(self) -> tuple[Any, tuple[Player, ...]]:
        """The rules and players the form describes; raises HanaError saying what is wrong."""
        from core.rules import find_rules

        rules = find_rules(self.game, "standard", **self.option_values())
        players = []
        for i, (kind, level, name) in enumerate(self.seat_values()):
            name = name.strip()
            if self.host and i > 0 and kind == "human" and not name:
                # a joining player names their seat themselves
                name = _("Seat {seat}").format(seat=i + 1)
            if not name:  # said as what to do, not as the core's "invalid name: ''"
                raise HanaError(
                    _("Seat {seat} needs a name: type one in its row.").format(seat=i + 1)
                )
            try:
                check_name(name)
            except HanaError as exc:
                raise HanaError(
                    _("seat {seat}: {reason}").format(seat=i + 1, reason=error_text(exc))
                ) from None
            if kind == "human":
                players.append(Player(name=name, kind="human"))
            else:
                players.append(Player(name=name, kind="bot", bot=level))
        return rules, tuple(players)

    async def action_start(self) -> None:
        await self._built()
        try:
            rules, players = self.build()
        except HanaError as exc:
            self.notify(error_text(exc), markup=False, severity="error", title=_("Cannot start"))

            return
        self.settings.last_game = self.game
        hana_app(self.app).save_settings()
        if self.host:
            self.run_worker(hana_app(self.app).host_table(rules, players))
            return
        hana_app(self.app).start_game(rules, players)

    def action_back(self) -> None:
        self.app.pop_screen()
