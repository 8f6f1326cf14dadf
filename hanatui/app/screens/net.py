"""Network play in the app: joining a table, its lobby, and the table of a seat played across the
network (docs/network.md).

`NetTableScreen` is the ordinary `TableScreen` over a `RemoteSession`: the turn loop waits for
the other seats' events, sends this seat's moves to the server, and asks the others before an
undo. Everything that comes from the network is shown as plain text, never as markup.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Static

from core.errors import HanaError
from core.text import printable_path
from hanatui.app.common import HanaFooter, TooSmall, game_title, hana_app
from hanatui.app.screens.dialog_base import DIALOG_CSS
from hanatui.app.screens.table.screen import TableScreen
from hanatui.net import protocol as p
from hanatui.net.client import RemoteSession, parse_address
from hanatui.net.words import level_name, server_text
from hanatui.text.errors import error_text
from hanatui.text.i18n import N_, _, ngettext
from hanatui.text.said import player_name

#: The connection's states, as the lobby says them.
STATUS = {
    "connecting": N_("connecting"),
    "connected": N_("connected"),
    "reconnecting": N_("reconnecting"),
    "ended": N_("ended"),
}


def _keep(app: Any, coroutine: Any) -> None:
    """Run ``coroutine`` in the background without losing it (the app holds the task)."""
    tasks: set[asyncio.Task[Any]] = app.__dict__.setdefault("_net_tasks", set())
    task = asyncio.ensure_future(coroutine)
    tasks.add(task)
    task.add_done_callback(tasks.discard)


class AskDialog(ModalScreen[bool]):
    """A yes-or-no question (allow an undo, hand a seat over, leave a hosted table)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="AskDialog")
    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="ask.yes"),
        Binding("n,escape", "answer(False)", N_("No"), id="ask.no"),
    ]

    def __init__(
        self, title: str, text: str, yes: str | None = None, no: str | None = None
    ) -> None:
        """``yes`` and ``no``: the answers' words, in the player's language (Yes, No)."""
        super().__init__()
        self.title_text, self.text = title, text
        self.yes = yes if yes is not None else _("Yes")
        self.no = no if no is not None else _("No")

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Content(self.title_text), classes="title")
            yield Static(Content(self.text))
            with Horizontal(classes="buttons"):
                # TRANSLATORS: a button: its words and its key, "Allow (y)"
                answer = _("{answer} ({key})")
                yield Button(
                    Content(answer.format(answer=self.yes, key="y")), id="yes", variant="primary"
                )
                yield Button(Content(answer.format(answer=self.no, key="n")), id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")


class JoinScreen(Screen[None]):
    """Type (or paste) the address a host gave, then join."""

    DEFAULT_CSS = """
    JoinScreen { align: center middle; background: $hana-felt; }
    JoinScreen #join { width: 76; height: auto; border: round $accent; background: $surface;
        padding: 1 2; }
    JoinScreen #join .title { text-style: bold; color: $accent; margin-bottom: 1; }
    JoinScreen #join Input { margin-bottom: 1; }
    JoinScreen #join .hint { color: $text-muted; }
    JoinScreen #join Horizontal { height: auto; margin-top: 1; }
    JoinScreen #join Button { margin-right: 2; }
    """
    BINDINGS = [Binding("escape", "back", N_("Back"), id="join.back")]

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="join"):
            yield Static(Content(_("Join a table")), classes="title")
            yield Static(
                Content(
                    _("The address the host gave you ({form}):").format(form="ws://HOST:PORT/#KEY")
                )
            )
            yield Input(placeholder="ws://127.0.0.1:7146/#...", id="address", compact=True)
            yield Static(Content(_("Your name at the table:")))
            yield Input(value=player_name(hana_app(self.app).settings), id="name", compact=True)
            yield Static(
                Content(_("The address is your seat's key: keep it to yourself.")),
                classes="hint",
            )
            with Horizontal():
                yield Button(Content(_("Join")), id="go", variant="primary", compact=True)
                yield Button(Content(_("Back ({key})").format(key="esc")), id="back", compact=True)
        yield HanaFooter()

    def on_mount(self) -> None:
        self.query_one("#address", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "go":
            self._join()
        else:
            self.action_back()

    def _join(self) -> None:
        from core.players import check_name

        address = self.query_one("#address", Input).value
        try:
            parse_address(address)
            name = check_name(self.query_one("#name", Input).value.strip())
        except HanaError as exc:
            self.notify(error_text(exc), markup=False, severity="error", title=_("Cannot join"))
            return
        hana_app(self.app).join_table(address, name)

    def action_back(self) -> None:
        self.app.pop_screen()


class LobbyScreen(Screen[None]):
    """Waiting for the match: who has joined, and (for the host) each seat's address."""

    DEFAULT_CSS = """
    LobbyScreen { align: center middle; background: $hana-felt; }
    LobbyScreen #lobby { width: 100; max-width: 100%; height: auto; border: round $accent;
        background: $surface; padding: 1 2; }
    LobbyScreen #lobby .title { text-style: bold; color: $accent; margin-bottom: 1; }
    LobbyScreen #lobby .hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [
        Binding("c", "copy", N_("Copy addresses"), id="lobby.copy"),
        Binding("escape", "leave", N_("Leave"), id="lobby.leave"),
    ]

    def __init__(self, session: RemoteSession, server: Any = None) -> None:
        super().__init__()
        self.session = session
        self.server = server
        #: The connection's state (`STATUS`), and why, if the network said
        self.status = "connecting"
        self.status_reason = ""

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Vertical(id="lobby"):
            yield Static(Content(_("A table across the network")), classes="title")
            yield Static(id="seats")
            yield Static(id="status", classes="hint")
        yield HanaFooter()

    def on_mount(self) -> None:
        self.session.listener = self._on_net
        # what came before this screen listened (a rejoin gets the whole match at once)
        if self.session.connected:
            self.status = "connected"
        if self.session.started:
            self._to_table()
            return
        self._draw()

    def _to_table(self) -> None:
        self.session.listener = None  # the table listens from now on (once mounted)
        self.app.switch_screen(NetTableScreen(self.session, self.server))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "copy":
            return True if self.server is not None else None
        return True

    def _on_net(self, kind: str, data: Any) -> None:
        if kind in ("update", "rewind") and self.session.started:
            self._to_table()
            return
        if kind in ("connected", "reconnecting", "ended"):
            self.status, self.status_reason = kind, str(data or "")
        elif kind == "refused" and data:
            self.notify(str(data), markup=False, severity="warning")
        self._draw()

    def _draw(self) -> None:
        lines: list[str] = []
        lobby = self.session.lobby
        if lobby is not None:
            lines.append(
                ngettext("{game}, {n} seat:", "{game}, {n} seats:", len(lobby.seats)).format(
                    game=game_title(lobby.game), n=len(lobby.seats)
                )
            )
            for seat, info in enumerate(lobby.seats):
                lines.append(self._seat_line(seat, info))
        elif self.server is not None:
            lines.append(_("Starting the table..."))
        else:
            lines.append(_("Joining the table..."))
        self.query_one("#seats", Static).update(Content("\n".join(lines)))
        state = _(STATUS.get(self.status, self.status))
        if self.status_reason:
            connection = _("Connection: {state}: {reason}.").format(
                state=state, reason=self.status_reason
            )
        else:
            connection = _("Connection: {state}.").format(state=state)
        if self.server is not None:
            then = _(
                "The match starts when everyone has joined; give each player their address "
                "({key} copies them). This table listens on {address} only: friends elsewhere "
                "reach it through an SSH tunnel, or host with {command} (README)."
            ).format(key="c", address=self.server.bind, command="`hanatui host --bind`")
        else:
            then = _("The match starts when everyone has joined.")
        self.query_one("#status", Static).update(Content(f"{connection} {then}"))

    def _seat_line(self, seat: int, info: p.LobbySeat) -> str:
        number = seat + 1
        if info.kind == "bot":
            text = _("seat {seat}: a computer player").format(seat=number)
        elif info.joined and seat == self.session.seat:
            text = _("seat {seat}: {name} (you)").format(seat=number, name=info.name or "?")
        elif info.joined:
            text = _("seat {seat}: {name}").format(seat=number, name=info.name or "?")
        elif self.server is not None:
            text = _("seat {seat}: waiting for {address}").format(
                seat=number, address=self.server.url(seat)
            )
        else:
            text = _("seat {seat}: waiting").format(seat=number)
        return f"  {text}"

    def action_copy(self) -> None:
        if self.server is None:
            return
        urls = [
            _("seat {seat}: {address}").format(seat=seat + 1, address=self.server.url(seat))
            for seat in self.server.human_seats
            if seat != self.session.seat
        ]
        self.app.copy_to_clipboard("\n".join(urls))
        self.notify(_("Copied the join addresses"), markup=False, timeout=3)

    def action_leave(self) -> None:
        _keep(self.app, _close(self.session, self.server))
        self.app.pop_screen()


async def _close(session: RemoteSession, server: Any) -> None:
    await session.close()
    if server is not None:
        await server.close()


class NetTableScreen(TableScreen):
    """The table of one seat across the network (see the module docstring)."""

    BINDINGS = [Binding("o", "hand_over", N_("Hand over"), id="table.hand_over")]

    def __init__(self, session: RemoteSession, server: Any = None) -> None:
        super().__init__(session)
        self.remote = session
        self.server = server
        seat = session.seat if session.seat is not None else 0
        self.viewer = self.keyboard = seat
        self._asked: dict[int, AskDialog] = {}
        self._away_told: set[int] = set()
        self._present: tuple[bool, ...] = ()

    def on_mount(self) -> None:
        self.remote.listener = self._on_net
        super().on_mount()
        self.set_interval(5, self._check_away)
        # a question that came before this table listened (with a rejoin's whole match)
        if self.remote.undo_open is not None:
            self._undo_asked(self.remote.undo_open)

    def on_unmount(self) -> None:
        self.remote.listener = None
        _keep(self.app, _close(self.remote, self.server))

    # --- what the network says --------------------------------------------------------------
    def _on_net(self, kind: str, data: Any) -> None:
        if kind == "update":
            self._redraw()
        elif kind == "rewind":
            self.stop_loop()
            self._after_history_change()
        elif kind == "presence":
            self._presence(data)
        elif kind == "refused":
            self.notify(str(data), markup=False, severity="warning", title=_("Not played"))
        elif kind == "undo_asked":
            self._undo_asked(data)
        elif kind == "undo_settled":
            self._undo_settled(data)
        elif kind == "notice":
            self.notify(str(data), markup=False, timeout=8)
        elif kind == "deal_checked":
            ok, text = data
            if ok:
                self.notify(text, markup=False, timeout=4)
            else:
                self.notify(text, markup=False, severity="error", timeout=60)
        elif kind == "reconnecting":
            self.notify(
                _("Connection lost ({reason}); rejoining...").format(reason=data),
                markup=False,
                severity="warning",
            )
        elif kind == "connected":
            self.notify(_("Connected to the table"), markup=False, timeout=3)
        elif kind == "ended":
            self.notify(str(data), markup=False, severity="error", timeout=30)

    def _redraw(self) -> None:
        """Draw again after what is being mounted; before the table's first drawing there is
        nothing to update (that drawing shows the latest)."""
        if self._drawn is not None:
            self.call_after_refresh(self.refresh_table, True)

    def _presence(self, presence: p.Presence) -> None:
        present = tuple(s.connected for s in presence.seats)
        if self._present and self.remote.started:
            for seat, (was, now) in enumerate(zip(self._present, present, strict=False)):
                if was != now and seat != self.viewer:
                    name = self.remote.players[seat].name
                    self.notify(
                        (_("{name} is back") if now else _("{name} left the table")).format(
                            name=name
                        ),
                        markup=False,
                        timeout=5,
                    )
                    self._away_told.discard(seat)
        self._present = present
        self._redraw()
        self.refresh_bindings()

    def _hand_over_candidates(self) -> list[tuple[int, int]]:
        presence = self.remote.presence
        if presence is None or not self.remote.started or self.remote.over:
            return []
        after = presence.hand_over_after
        return [(seat, away) for seat, away in self.remote.away_seats() if away >= after]

    def _check_away(self) -> None:
        candidates = self._hand_over_candidates()
        for seat, away in candidates:
            if seat not in self._away_told:
                self._away_told.add(seat)
                name = self.remote.players[seat].name
                self.notify(
                    _(
                        "{name} has been away {away} s: press {key} to let a computer player "
                        "play their seat until they are back"
                    ).format(name=name, away=away, key="o"),
                    markup=False,
                    timeout=15,
                )
        self.refresh_bindings()

    def _undo_asked(self, asked: p.UndoAsked) -> None:
        if asked.request in self._asked:
            return  # asked already (a reconnection sends an open question again)
        if self.remote.started:
            text = _("{name} asks to take back their last move.").format(
                name=self.remote.players[asked.seat].name
            )
        else:
            text = _("A player asks to take back their last move.")
        dialog = AskDialog(_("Undo?"), text, _("Allow"), _("Refuse"))
        self._asked[asked.request] = dialog

        def answer(allow: bool | None) -> None:
            self._asked.pop(asked.request, None)
            if self.remote.undo_open is asked:
                self.remote.undo_open = None
            _keep(self.app, self.remote.answer_undo(asked.request, bool(allow)))

        self.app.push_screen(dialog, answer)

    def _undo_settled(self, settled: p.UndoSettled) -> None:
        dialog = self._asked.pop(settled.request, None)
        if dialog is not None and dialog.is_attached:
            dialog.dismiss(False)
        if settled.seat == self.viewer:
            if settled.granted:
                self.notify(_("The others allowed it: your move is taken back"), markup=False)
            else:
                self.notify(
                    _("Undo refused: {reason}").format(reason=server_text(settled.reason)),
                    markup=False,
                    severity="warning",
                )

    # --- what this seat does ----------------------------------------------------------------
    def may_undo(self) -> bool:
        return self.remote.started and self.remote.can_undo(self.viewer)

    def undo_key_answers(self) -> bool:
        return self.may_undo()

    def undo(self) -> None:
        if not self.may_undo():
            self.app.bell()
            return
        _keep(self.app, self.remote.request_undo())
        self.notify(_("Asked the other players to allow the undo"), markup=False, timeout=4)

    def redo(self) -> None:
        self.app.bell()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hand_over":  # shown only while a seat may be handed over
            return bool(self._hand_over_candidates())
        return super().check_action(action, parameters)

    def action_hand_over(self) -> None:
        candidates = self._hand_over_candidates()
        if not candidates:
            return
        seat, away = candidates[0]
        name = self.remote.players[seat].name
        level = hana_app(self.app).settings.bot_level or "normal"

        def answer(yes: bool | None) -> None:
            if yes:
                _keep(self.app, self.remote.hand_over(seat, level))

        self.app.push_screen(
            AskDialog(
                _("Hand the seat over?"),
                _(
                    "{name} has been away {away} s. Let the {level} computer player play their "
                    "seat until they come back? (The log records it.)"
                ).format(name=name, away=away, level=level_name(level)),
            ),
            answer,
        )

    def _prompt(self, view: Any, to_act: int | None) -> str:
        prompt = super()._prompt(view, to_act)
        away = to_act is not None and to_act != self.viewer and to_act < len(self._present)
        if away and to_act is not None and not self._present[to_act]:
            return _("{name} is away; waiting for them").format(name=view.players[to_act].name)
        return prompt

    def action_leave(self) -> None:
        if self.server is not None and not self.remote.over:

            def answer(yes: bool | None) -> None:
                if yes:
                    TableScreen.action_leave(self)

            self.app.push_screen(
                AskDialog(
                    _("Leave the table?"),
                    _(
                        "You host this table: leaving closes it for everyone. Its journal keeps "
                        "the match: {command} brings it back."
                    ).format(
                        command="`hanatui host --resume "
                        f"{printable_path(self.server.journal_path)}`"
                    ),
                    _("Leave"),
                    _("Stay"),
                ),
                answer,
            )
            return
        super().action_leave()


__all__ = ["AskDialog", "JoinScreen", "LobbyScreen", "NetTableScreen"]
