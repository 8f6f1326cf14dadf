"""The decisions of a turn as dialogs, and the hot-seat hand-over.

Each dialog is driven by the legal actions the engine offers and returns a typed result; undo and
redo inside each take back the play that led to it (see `dialog_base.UNDO_BINDINGS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from core.actions import CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki
from core.cards import cards_of, month_mask
from core.events import RoundEnded
from core.games.options import Rules
from core.players import Player
from hanatui.app.layout import glyphs
from hanatui.app.screens.dialog_base import DIALOG_CSS, UNDO_BINDINGS, fit_buttons, pad
from hanatui.app.screens.dialog_base import label as _label
from hanatui.app.widgets import CardRow, TooSmall
from hanatui.session.session import Session, Threat
from hanatui.text.i18n import N_, _, ngettext, pgettext
from hanatui.text.names import month_name
from hanatui.text.words import Near, and_list, card_words, near_of, score_line_words, shown_name


class CaptureDialog(ModalScreen[ChooseCapture]):
    """Which field card the pending card takes: the candidates side by side."""

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = DIALOG_CSS.format(name="CaptureDialog")
    BINDINGS = [
        Binding("left,h,up", "move(-1)", N_("Previous"), id="capture.previous"),
        Binding("right,l,down", "move(1)", N_("Next"), id="capture.next"),
        Binding("enter,space", "pick", N_("Take it"), id="capture.take"),
        *UNDO_BINDINGS,
    ]

    def __init__(self, choices: Sequence[ChooseCapture], *, ascii_mode: bool = False) -> None:
        super().__init__()
        self.choices = tuple(choices)
        self.ascii_mode = ascii_mode

    def compose(self) -> ComposeResult:
        yield TooSmall()
        card = self.choices[0].card
        with Vertical(id="dialog"):
            title = _("{card}: which card does it take?").format(card=card_words(card))
            yield Static(_label(title), classes="title")
            yield CardRow(role="choice", focusable=True, id="choices")
            yield Static(id="choice-name")
            arrows = "<- ->" if self.ascii_mode else "←→"
            dot = glyphs(self.ascii_mode)["dot"]
            # TRANSLATORS: {arrows} are the arrow keys, {dot} a separator; "enter" and "u" are
            # keys, left as they are.
            hint = _("{arrows} choose{dot}enter take it{dot}u undo the play{dot}or click")
            yield Static(_label(hint.format(arrows=arrows, dot=dot)), classes="hint")

    def on_mount(self) -> None:
        row = self.query_one(CardRow)
        cards = [c.target for c in self.choices]
        row.show(cards, ascii_mode=self.ascii_mode)
        # a target of None (a wild card laid as an ordinary card) shows as a back
        self.call_after_refresh(self._focus_first)

    def _focus_first(self) -> None:
        # Runs after the first refresh: a quick enter may have taken a card and closed the
        # dialog by then, and a closed dialog has no cards left to focus.
        rows = self.query(CardRow)
        if rows:
            rows.first().focus_card(0)

    def _index(self) -> int:
        focused = self.focused
        if isinstance(focused, CardRow):
            return focused.cursor
        return 0

    def action_move(self, delta: int) -> None:
        row = self.query_one(CardRow)
        if row.has_focus:
            row.move_cursor(delta)
        else:
            row.focus_card((self._index() + delta) % max(len(row.cards), 1))

    def action_pick(self) -> None:
        self.dismiss(self.choices[self._index()])

    def on_card_row_picked(self, message: CardRow.Picked) -> None:
        message.stop()
        self.dismiss(self.choices[message.index])

    def on_card_row_hovered(self, message: CardRow.Hovered) -> None:
        message.stop()
        if message.index is None:
            return
        choice = self.choices[message.index]
        text = (
            _("takes {card}").format(card=card_words(choice.target))
            if choice.target is not None
            else _("no capture: it joins the field")
        )
        self.query_one("#choice-name", Static).update(Content(text))


class KoiKoiDialog(ModalScreen[bool]):
    """Koi-koi or shobu: the yaku made, what stopping scores now, and the risk of playing on:
    the cards left in each hand, what each opponent holds and is near, and what their next yaku
    would score with the multipliers.

    Dismisses with True for koi-koi (play on), False for shobu (stop).
    """

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="KoiKoiDialog")
        + """
    KoiKoiDialog .section { color: $text-muted; margin-top: 1; }
    KoiKoiDialog .indented { padding-left: 2; }
    """
    )
    BINDINGS = [
        Binding("k", "choose(True)", N_("Koi-koi"), id="koikoi.koikoi"),
        Binding("s", "choose(False)", N_("Shobu"), id="koikoi.shobu"),
        *UNDO_BINDINGS,
    ]

    def __init__(
        self,
        *,
        yaku: Sequence[tuple[str, int]],
        preview: RoundEnded | None,
        seat: int,
        players: Sequence[Player],
        near: dict[int, Near],
        hands: Sequence[int],
        threats: Sequence[Threat],
        calls: int,
        rules: Rules,
        ascii_mode: bool = False,
    ) -> None:
        super().__init__()
        self.yaku = tuple(yaku)
        self.preview = preview
        self.seat = seat
        self.players = tuple(players)
        self.near = dict(near)
        self.hands = tuple(hands)
        self.threats = tuple(threats)
        self.calls = calls
        self.rules = rules
        self.ascii_mode = ascii_mode

    @classmethod
    def for_session(
        cls, session: Session, seat: int, calls: int, *, ascii_mode: bool = False
    ) -> KoiKoiDialog:
        """The dialog for ``seat`` of a session: what the seat may see, and the risk."""
        view = session.view(seat)
        masks = tuple(c.mask for c in view.captures)
        others = [o for o in range(view.num_players) if o != seat]
        return cls(
            yaku=near_of(view.rules, masks, seat).held,
            preview=session.preview_shobu(),
            seat=seat,
            players=view.players,
            near={o: near_of(view.rules, masks, o, limit=1) for o in others},
            hands=view.hand_counts,
            threats=session.koikoi_risk(),
            calls=calls,
            rules=view.rules,
            ascii_mode=ascii_mode,
        )

    def _lines(self) -> list[tuple[str, str]]:
        """(text, class) for each line of the dialog."""
        g = glyphs(self.ascii_mode)
        times = g["times"]
        out: list[tuple[str, str]] = []
        names = [shown_name(p.name) for p in self.players]
        # the points in a column after the longest name (24 columns at least)
        width = max([24, *(cell_len(name) for name, _points in self.yaku)])
        for name, points in self.yaku:
            out.append((f"  {pad(name, width)} {points:>3}", ""))
        out.append((_("If you stop now (shobu):"), "section"))
        if self.preview is not None and self.seat < len(self.preview.breakdown):
            rows: list[tuple[str, str, str]] = []
            for line in self.preview.breakdown[self.seat].lines:
                words = score_line_words(line, self.seat, self.rules, names)
                if line.kind == "multiplier" or line.factor != 1:
                    rows.append((words, f"{times}{line.factor}", ""))
                elif line.kind != "yaku":
                    rows.append((words, f"{line.points:>3}", ""))
            points = self.preview.points[self.seat]
            rows.append((_("you score"), f"{points:>3}", "total"))
            # the numbers in a column after the longest words (40 columns at least)
            width = max([40, *(cell_len(words) for words, _n, _c in rows)])
            out.extend((f"  {pad(words, width)} {n}", cls) for words, n, cls in rows)
        else:
            out.append(("  " + _("(the score of a stop is not known)"), ""))
        out.append((_("If you play on (koi-koi):"), "section"))
        hands = ", ".join(
            ngettext("{player} {n} card", "{player} {n} cards", n).format(
                player=shown_name(self.players[s].name), n=n
            )
            for s, n in enumerate(self.hands)
        )
        out.append(("  " + _("cards left in hand: {hands}").format(hands=hands), ""))
        for other, near in self.near.items():
            name = shown_name(self.players[other].name)
            held = g["dot"].join(f"{n} {p}" for n, p in near.held)
            close = g["dot"].join(f"{n} {h}/{k}" for n, h, k in near.near)
            if held and close:
                text = _("{player}: holds {held}; one card from {near}")
            elif held:
                text = _("{player}: holds {held}")
            elif close:
                text = _("{player}: one card from {near}")
            else:
                text = _("{player}: no yaku within one card")
            out.append(("  " + text.format(player=name, held=held, near=close), ""))
        for threat in self.threats:
            name = shown_name(self.players[threat.seat].name)
            factors = ", ".join(
                f"{times}{x.factor} ({score_line_words(x, threat.seat, self.rules, names)})"
                for x in threat.lines
                if x.kind == "multiplier"
            )
            made = and_list([pgettext("yaku", y) for y in threat.yaku])
            n = threat.points
            if factors:
                text = ngettext(
                    "if {player} makes {yaku} next: {n} point ({factors})",
                    "if {player} makes {yaku} next: {n} points ({factors})",
                    n,
                )
            else:
                text = ngettext(
                    "if {player} makes {yaku} next: {n} point",
                    "if {player} makes {yaku} next: {n} points",
                    n,
                )
            out.append(("  " + text.format(player=name, yaku=made, n=n, factors=factors), ""))
        if self.calls:
            called = ngettext(
                "You have called koi-koi {n} time this round.",
                "You have called koi-koi {n} times this round.",
                self.calls,
            )
            out.append((called.format(n=self.calls), "section"))
        return out

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(_label(_("You made a yaku! Koi-koi or shobu?")), classes="title")
            for text, cls in self._lines():
                # an indented line wraps under its own indent (longer words in other languages)
                if text.startswith("  ") and not cls:
                    yield Static(Content(text[2:]), classes="indented")
                else:
                    yield Static(Content(text), classes=cls)
            with Horizontal(classes="buttons"):
                koikoi = _("Koi-koi ({key}): play on").format(key="k")
                yield Button(_label(koikoi), id="koikoi", variant="warning")
                shobu = _("Shobu ({key}): stop and score").format(key="s")
                yield Button(_label(shobu), id="shobu", variant="success")
            yield Static(_label(_("u: undo the play that made the yaku")), classes="hint")

    def on_resize(self) -> None:
        fit_buttons(self)

    def on_mount(self) -> None:
        self.call_after_refresh(fit_buttons, self)
        self.query_one("#shobu", Button).focus()

    def action_choose(self, koikoi: bool) -> None:
        self.dismiss(koikoi)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "koikoi")


class HikiDialog(ModalScreen[DeclareHiki | None]):
    """Sakura's hiki: take the four cards of a month you hold between hand and field, or play on."""

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = DIALOG_CSS.format(name="HikiDialog")
    BINDINGS = [
        Binding("d", "declare", N_("Declare hiki"), id="hiki.declare"),
        Binding("escape,p", "decline", N_("Play a card instead"), id="hiki.decline"),
        *UNDO_BINDINGS,
    ]

    def __init__(self, choices: Sequence[DeclareHiki], *, ascii_mode: bool = False) -> None:
        super().__init__()
        self.choices = tuple(choices)
        self.ascii_mode = ascii_mode

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            yield Static(
                _label(_("Hiki: you hold a whole month between your hand and the field.")),
                classes="title",
            )
            for i, choice in enumerate(self.choices):
                row = CardRow(role="hiki", id=f"hiki-cards-{i}")
                yield row
                yield Button(
                    _label(
                        _("Declare hiki of {month} ({key}: take all four)").format(
                            month=month_name(choice.month), key="d"
                        )
                    ),
                    id=f"hiki-{i}",
                    variant="warning",
                )
            with Horizontal(classes="buttons"):
                decline = _("Play a card instead ({key})").format(key="p")
                yield Button(_label(decline), id="decline")

    def on_resize(self) -> None:
        fit_buttons(self)

    def on_mount(self) -> None:
        self.call_after_refresh(fit_buttons, self)
        for i, choice in enumerate(self.choices):
            self.query_one(f"#hiki-cards-{i}", CardRow).show(
                cards_of(month_mask(choice.month)), ascii_mode=self.ascii_mode
            )
        self.query_one("#hiki-0", Button).focus()

    def action_declare(self) -> None:
        """The hiki of the month whose button has the focus (the first one otherwise)."""
        focused = self.focused
        bid = focused.id if isinstance(focused, Button) and focused.id else "hiki-0"
        index = int(bid.removeprefix("hiki-")) if bid.startswith("hiki-") else 0
        self.dismiss(self.choices[index])

    def action_decline(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        if bid.startswith("hiki-"):
            self.dismiss(self.choices[int(bid.removeprefix("hiki-"))])
        else:
            self.dismiss(None)


class HandOverScreen(Screen[None]):
    """Hot-seat: the table is hidden until the next player is at the keyboard."""

    TABLE_DIALOG = True  # undo and redo reach the table through it

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $hana-felt; }
    HandOverScreen #dialog {
        width: 60; height: auto; border: thick $accent; background: $surface; padding: 1 2;
    }
    HandOverScreen #dialog Static { width: 1fr; content-align: center middle; }
    HandOverScreen #dialog Button { margin-top: 1; width: 1fr; }
    """
    BINDINGS = [
        Binding("enter,space", "ready", N_("I am ready"), id="handover.ready"),
        *UNDO_BINDINGS,
    ]

    def __init__(self, player: Player, note: str = "") -> None:
        super().__init__()
        self.player = player
        self.note = note

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="dialog"):
            name = shown_name(self.player.name)
            yield Static(_with_name(_("Pass the keyboard to {player}"), name, "bold $accent"))
            yield Static(_label(_("The other hands stay hidden until they are ready.")))
            if self.note:
                yield Static(Content(self.note))
            yield Button(
                _with_name(_("I am {player}: show my hand"), name), id="ready", variant="primary"
            )

    def on_mount(self) -> None:
        self.query_one("#ready", Button).focus()

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


def _with_name(message: str, name: str, style: str = "") -> Content:
    """A translated message with a player's name in its ``{player}`` place, the name as text
    (never markup), in ``style``."""
    before, _found, after = message.partition("{player}")
    return Content.assemble(before, (name, style) if style else name, after)


def koikoi_choice(seat: int, koikoi: bool) -> CallKoiKoi | CallShobu:
    return CallKoiKoi(seat=seat) if koikoi else CallShobu(seat=seat)


__all__ = ["CaptureDialog", "HandOverScreen", "HikiDialog", "KoiKoiDialog", "koikoi_choice"]
