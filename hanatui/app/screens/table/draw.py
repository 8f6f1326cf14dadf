"""The table's drawing: the scene for the shared layout, the header, the prompt, what a focused
card would capture (as the engine says), the status line and the game log."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.cells import cell_len
from textual.content import Content
from textual.screen import Screen

from core.cards import Card, cards_of
from core.engine import capture_targets
from core.events import Dealt, KoiKoiCalled, RoundEnded
from core.view import View
from hanatui.app.describe import card_variable
from hanatui.app.layout import Scene, TableLayout, TableNote, glyphs
from hanatui.app.widgets import CardRow
from hanatui.session.session import Session
from hanatui.text.i18n import _, ngettext
from hanatui.text.names import ascii_text, card_name, kind_name
from hanatui.text.words import (
    card_japanese,
    describe_event,
    game_title,
    last_move,
    last_move_cards,
    last_move_seat,
    month_of_round,
    month_words,
    shown_name,
)

if TYPE_CHECKING:
    from textual.widgets import RichLog


class TableDrawing(Screen[None]):
    """The drawing half of `TableScreen` (which adds the turn loop and the keys)."""

    session: Session
    viewer: int
    keyboard: int | None
    _deciding: bool
    _drawn: tuple[object, ...] | None
    _last_card: Card | None
    _logged: int
    #: (the session's version it is for, its words for the caption, the seat panel's prompt,
    #: and there without the points expected, for a panel too narrow for them)
    _hint: tuple[int, str, str, str] | None
    #: The note until the first move, with the session's version it was opened at.
    _note: tuple[int, TableNote] | None

    async def _mount_log(self) -> None:
        raise NotImplementedError  # `TableScreen` puts the game log in its box

    @property
    def layout_widget(self) -> TableLayout:
        return self.query_one("#layout", TableLayout)

    @property
    def ascii_mode(self) -> bool:
        return bool(getattr(self.app, "ascii_mode", False))

    def refresh_table(self, force: bool = False) -> None:
        if not self.is_attached:
            return
        key = (
            self.session.version,
            self.viewer,
            self.keyboard,
            self.ascii_mode,
            self.app.size,
            self._deciding,
        )
        if key == self._drawn and not force:
            return
        view = self.session.view(self.viewer)
        ascii_mode = self.ascii_mode
        self.set_class(ascii_mode, "-ascii")
        show_hand = self.keyboard == self.viewer
        hand: list[Card | None]
        classes: dict[Card, str] = {}
        if show_hand:
            hand = list(view.hand)
            for c in view.hand:
                if self._targets(c):
                    classes[c] = "-capturer"
        else:
            hand = [None] * (view.hand_counts[self.viewer] if view.hand_counts else 0)
        to_act = self.session.to_act()
        marked = to_act if to_act is not None else None
        caption, moved = self._last_move()
        label = _("last move")
        note = self._note
        if note is not None and note[0] == self.session.version:
            label, caption = note[1].label or _("play on"), note[1].caption
            if show_hand:
                for c, mark in note[1].marks.items():
                    classes[c] = f"{classes.get(c, '')} {mark}".strip()
        hint = self._hint
        if hint is not None and hint[0] == self.session.version and to_act == self.viewer:
            # the hint in the caption until the move is made: the compact table draws no
            # bottom border for the seat panel's note
            label, caption = _("hint"), hint[1]
        scene = Scene(
            view=view,
            seat=self.viewer,
            header=self._header(view),
            marked=marked,
            hand=hand,
            hand_classes=classes,
            last=self._last_card,
            you_note=self._prompt(view, to_act),
            ascii_mode=ascii_mode,
            caption=caption,
            caption_label=self._words(label),
            moved=moved,
        )
        if not self.layout_widget.draw(scene):
            return  # drawn by the layout once the seats' panels are mounted
        if self._drawn is None:
            # The log waits for the first frame with the cards in it (Textual's RichLog
            # brings in rich.pretty and attrs, some 13 ms that frame need not wait for).
            self.call_after_refresh(self._mount_log)
        self._drawn = key
        self._highlight_matches()
        self._sync_log()
        self.refresh_bindings()

    def _last_move(self) -> tuple[tuple[str, ...] | str, frozenset[Card]]:
        """What just happened, in words, and the cards to mark: another seat's last move stays
        marked until the seat at the keyboard moves (its own moves are not marked). The words are
        two ways to say it: with the cards' names, and by their codes alone for a narrow screen."""
        events = self.session.events
        if not events:
            return "", frozenset()
        upto = len(events) - 1
        states = self.session.timeline.states
        words = (
            last_move(events, states, upto, self.viewer),
            last_move(events, states, upto, self.viewer, brief=True),
        )
        seat = last_move_seat(events, upto)
        if seat is None or seat == self.viewer:
            return words, frozenset()
        return words, last_move_cards(events, upto)

    def _header(self, view: View) -> list[str | tuple[str, str]]:
        """The round in progress (until the next deal), its dealer and the koi-koi calls."""
        g = glyphs(self.ascii_mode)
        dot = g["dot"]
        state = self.session.state
        parts: list[str | tuple[str, str]] = [("hanatui", "bold $accent"), dot]
        parts.append(game_title(view.rules.game))
        if view.round:
            over = state.phase == "over" or self._round_finished()
            numbers = {"round": view.round, "rounds": view.rules.rounds}
            if view.rules.game == "koikoi":
                month = month_of_round(state)
                if over:
                    # TRANSLATORS: the table's header; {month} is the round's month, "Pine, January"
                    text = _("Round {round} of {rounds} ({month}) over")
                else:
                    text = _("Round {round} of {rounds} ({month})")
                text = text.format(month=month, **numbers)
            else:
                text = (
                    _("Round {round} of {rounds} over") if over else _("Round {round} of {rounds}")
                ).format(**numbers)
            parts.append(dot + self._words(text))
        # the players' names are plain parts (never markup), and never folded to ASCII
        if 0 <= view.dealer < view.num_players:
            parts.append(
                dot
                + self._words(_("dealer: {name}")).format(
                    name=shown_name(view.players[view.dealer].name)
                )
            )
        for seat, n in self._koikoi_calls().items():
            # TRANSLATORS: the table's header: who called koi-koi this round, and how many times
            # ({times} is the sign ×)
            said = self._words(_("koi-koi: {name} {times}{n}"))
            parts.append(
                dot + said.format(name=shown_name(view.players[seat].name), times=g["times"], n=n)
            )
        return parts

    def _words(self, text: str) -> str:
        """Translated words as the table shows them: in ASCII mode without their accents."""
        return ascii_text(text) if self.ascii_mode else text

    def _round_finished(self) -> bool:
        for ev in reversed(self.session.events):
            if isinstance(ev, Dealt):
                return False
            if isinstance(ev, RoundEnded):
                return True
        return False

    def _koikoi_calls(self) -> dict[int, int]:
        calls: dict[int, int] = {}
        for ev in reversed(self.session.events):
            if isinstance(ev, Dealt):
                break
            if isinstance(ev, KoiKoiCalled) and not ev.play_on:
                calls[ev.seat] = calls.get(ev.seat, 0) + 1
        return calls

    def _prompt(self, view: View, to_act: int | None) -> str:
        words = self._words
        g = glyphs(self.ascii_mode)
        if self.session.over:
            return words(_("the match is over"))
        if to_act is None:
            return ""
        if to_act == self.viewer and self.session.is_human(to_act):
            hint = self._hint
            if hint is not None and hint[0] == self.session.version:
                # until the move is made (the version moves on); on the panel's border, whole
                room = self.layout_widget.query_one("#you").size.width - 6
                return hint[2] if cell_len(hint[2]) <= room else hint[3]
            if view.phase == "choose":
                return words(_("choose a capture"))
            if view.phase == "decide":
                return words(_("koi-koi or shobu?"))
            arrows = "<- ->" if self.ascii_mode else "←→"
            # TRANSLATORS: the prompt on the player's panel; {arrows} and {enter} are keys
            said = words(_("your turn: {arrows} choose{dot}{enter} play"))
            return said.format(arrows=arrows, dot=g["dot"], enter="enter")
        # TRANSLATORS: {more} is an ellipsis
        said = words(_("{name} is playing{more}"))
        return said.format(name=shown_name(view.players[to_act].name), more=g["more"])

    def _targets(self, card: Card) -> tuple[int, ...]:
        """What ``card`` would take if played from the hand now, as the engine says."""
        state = self.session.state
        if not state.hands:
            return ()
        return capture_targets(state, card.index, "hand")

    @property
    def hand_row(self) -> CardRow:
        return self.query_one("#hand", CardRow)

    @property
    def field_row(self) -> CardRow:
        return self.query_one("#field", CardRow)

    def _focused_hand_card(self) -> Card | None:
        """The hand's card at the cursor while the hand has the focus."""
        focused = self.focused
        if isinstance(focused, CardRow) and focused.role == "hand":
            return focused.cursor_card
        return None

    def _highlight_matches(self, card: Card | None = None, *, pointed: bool = False) -> None:
        """Light the field cards that ``card`` (the hand's card under the pointer when
        ``pointed``, else the one at the cursor) would take, and name it on the status line."""
        if not pointed:
            card = self._focused_hand_card()
        taken = 0
        if card is not None and not self._deciding:
            for mask in self._targets(card):
                taken |= mask
        field = self.field_row
        field.set_mark("-match", [c for c in field.cards if c is not None and taken & c.bit])
        self._status(None if self._deciding else card, "hand")

    def _status(self, card: Card | None, role: str) -> None:
        layout = self.layout_widget
        if card is None:
            layout.status([])
            return
        ja = f"  ({card_japanese(card, ascii_only=self.ascii_mode)})"
        named = self._words(f"{card.value} {card_name(card)}")
        name = Content.styled(named, f"bold {card_variable(card)}")
        line1 = name + Content(ja)
        if role == "hand":
            targets = self._targets(card)
            codes = [" ".join(c.value for c in cards_of(mask)) for mask in targets]
            if not targets:
                line2 = _("no match: it joins the field")
            elif len(targets) == 2:
                line2 = _("2 choices: you choose {first} or {second}").format(
                    first=codes[0], second=codes[1]
                )
            elif len(targets) > 2:
                line2 = ngettext(
                    "{n} choice: you choose one of {options}",
                    "{n} choices: you choose one of {options}",
                    len(targets),
                ).format(n=len(targets), options=", ".join(codes))
            else:
                line2 = _("captures {cards}").format(cards=codes[0])
        else:
            kind = kind_name(card.kind)
            # TRANSLATORS: a field card's month and kind, "Iris, May; ribbon"
            line2 = _("{month}; {kind}").format(
                month=month_words(card.month), kind=kind[:1].lower() + kind[1:]
            )
        layout.status([line1, Content(self._words(line2))])

    @property
    def game_log(self) -> RichLog | None:
        """The game log, or None until it is mounted (just after the table's first frame)."""
        found = self.query("#gamelog")
        return cast("RichLog", found.first()) if found else None

    def _sync_log(self) -> None:
        log = self.game_log
        if log is None:
            return  # written whole when it is mounted
        events = self.session.events
        states = self.session.timeline.states
        if self._logged > len(events):
            log.clear()
            self._logged = 0
        for i in range(self._logged, len(events)):
            line = describe_event(events[i], states[i - 1] if i else None, states[i], self.viewer)
            if line:
                # A plain string in a log built with markup=False is taken literally (no markup
                # from names in the log) and, unlike a Content, wraps at the column's width.
                log.write(line)
        self._logged = len(events)

    def rebuild_log(self) -> None:
        log = self.game_log
        if log is not None:
            log.clear()
        self._logged = 0
        self._sync_log()

    def _focus_hand(self) -> None:
        def focus() -> None:
            if not self.is_attached or self.app.screen is not self:
                return
            hand = self.hand_row
            if hand.can_focus and not hand.has_focus:
                hand.focus_card(hand.cursor)

        self.call_after_refresh(focus)

    def _flash(self, card: Card) -> None:
        """A short flash on the card that just landed on the field (if animations are on)."""
        if self.app.animation_level == "none" or not self.is_attached:
            return
        field = self.field_row
        if card in field.cards:
            field.add_mark(card, "-flash")
            self.set_timer(0.6, lambda: field.remove_mark(card, "-flash"))


__all__ = ["TableDrawing"]
