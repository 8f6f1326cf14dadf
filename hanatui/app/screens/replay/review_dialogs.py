"""The replay viewer's review dialogs: the analysis (what is done, each seat's summary, run or
stop it) and a comment on a move or on the game (written, checked like names, saved, removed).

Text from the file (names, comments) is shown through `Content` only, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Select, Static

from core.errors import HanaError
from core.logfile import MAX_COMMENT, Comment, check_comment
from core.players import Player
from hanatui.app.screens.replay.dialogs import DIALOG_CSS
from hanatui.app.screens.replay.review_render import writer
from hanatui.app.widgets import TooSmall
from hanatui.text.errors import error_text
from hanatui.text.i18n import N_, _
from hanatui.text.words import shown_name

#: ASCII mode in these dialogs: plain frames (the buttons go compact, without their half-block
#: edges: `plain_in_ascii`).
ASCII_CSS = """
{name}.-ascii > #dialog {{ border: ascii $accent; scrollbar-size-vertical: 0; }}
{name}.-ascii Input {{ border: ascii $panel-lighten-2; }}
{name}.-ascii Input:focus {{ border: ascii $accent; }}
{name}.-ascii OptionList {{ border: ascii $panel-lighten-2; scrollbar-size-vertical: 0; }}
"""


#: A row of buttons too wide for the dialog (a longer language, a long name) stands in a column.
STACK_CSS = """
{name} .buttons.-stacked {{ layout: vertical; }}
{name} .buttons.-stacked Button {{ margin-right: 0; }}
"""


def fit_buttons(screen: Widget) -> None:
    """Stack each row of buttons whose labels do not fit side by side in the row's width, and
    put it back in a row when they do. The width kept is the row's less the dialog's scroll
    bar, shown or not yet: a row that fitted only without the bar was cut once a longer
    language's text brought it."""
    for row in screen.query(".buttons"):
        width = row.size.width
        if not width:
            continue
        box = row.parent
        if isinstance(box, Widget) and not box.show_vertical_scrollbar:
            width -= box.styles.scrollbar_size_vertical
        needed = 0
        for button in row.query(Button):
            if not button.display:
                continue
            inner = cell_len(str(button.label)) + 2
            needed += max(inner, 0 if button.compact else 16) + button.styles.margin.right
        row.set_class(needed > width, "-stacked")


def plain_in_ascii(screen: Widget) -> None:
    """Draw a dialog with ASCII only when the app is in ASCII mode."""
    ascii_mode = bool(getattr(screen.app, "ascii_mode", False))
    screen.set_class(ascii_mode, "-ascii")
    for button in screen.query(Button):
        button.compact = ascii_mode


class AnalysisDialog(ModalScreen[str | None]):
    """The analysis of the game: how far it is, each seat's summary, and running it for the
    seat in view or every seat (or stopping it). ``choices`` are (id, button label); dismissed
    with the id pressed ("stop" to stop a running one) or None."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="AnalysisDialog")
        + ASCII_CSS.format(name="AnalysisDialog")
        + STACK_CSS.format(name="AnalysisDialog")
        + """
    AnalysisDialog #dialog { max-height: 100%; }
    AnalysisDialog #summaries { height: auto; margin-bottom: 1; }
    AnalysisDialog .buttons { height: auto; }
    AnalysisDialog .buttons Button { margin-right: 1; }
    """
    )
    BINDINGS = [Binding("escape", "close", N_("Close"), id="analysis.close")]
    AUTO_FOCUS = "Button"  # the first: Stop, or analysing the seat in view

    def __init__(
        self,
        *,
        status: Content,
        summaries: Sequence[Content],
        choices: Sequence[tuple[str, str]],
        running: bool,
    ) -> None:
        super().__init__()
        self.status = status
        self.summaries = list(summaries)
        self.choices = list(choices)
        self.running = running

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(Content(_("Analysis")), classes="title")
            yield Static(self.status, id="status")
            if self.summaries:
                with Vertical(id="summaries"):
                    for line in self.summaries:
                        yield Static(line)
            yield Static(
                Content(
                    _(
                        "The strong player judges each decision from what its seat could see: "
                        "?! inaccuracy, ? mistake, ?? blunder, by the points this round the "
                        "move gave away against the best one it found (estimates: "
                        "docs/analysis.md). n and p jump to the next and previous mistake."
                    )
                ),
                classes="hint",
            )
            with Horizontal(classes="buttons"):
                if self.running:
                    yield Button(Content(_("Stop the analysis")), id="stop", variant="warning")
                else:
                    for i, (choice, label) in enumerate(self.choices):
                        yield Button(
                            Content(label),
                            id=f"choice-{choice}",
                            variant="primary" if i == 0 else "default",
                        )
                yield Button(Content(_("Close (esc)")), id="close")

    def on_mount(self) -> None:
        plain_in_ascii(self)
        self.call_after_refresh(fit_buttons, self)

    def on_resize(self) -> None:
        self.call_after_refresh(fit_buttons, self)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        bid = event.button.id or ""
        if bid == "stop":
            self.dismiss("stop")
        elif bid.startswith("choice-"):
            self.dismiss(bid.removeprefix("choice-"))
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def hint() -> str:
    """What the comment field takes, before anything is typed."""
    return _("One line, up to {limit} characters; enter saves, esc cancels.").format(
        limit=MAX_COMMENT
    )


#: The writer choice's value for a reviewer (someone not at the table).
REVIEWER = -1


class CommentDialog(ModalScreen[bool]):
    """A comment on a move or on the game: one line of plain text, checked as it is typed (the
    same rule as names), and who writes it. The comments already there are listed and can be
    removed. ``save(text, seat)`` and ``remove(comment)`` write the file and return None, or
    the reason they could not (the dialog stays open, the words typed are kept); ``shown``
    gives a comment's words as the seat in view may read them. Dismissed with True if anything
    was written."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="CommentDialog")
        + ASCII_CSS.format(name="CommentDialog")
        + STACK_CSS.format(name="CommentDialog")
        + """
    CommentDialog #dialog { max-height: 100%; padding: 0 1; }
    CommentDialog .row { margin-bottom: 0; }
    CommentDialog .buttons { margin-top: 0; }
    CommentDialog .row > Input, CommentDialog .row > OptionList { width: 1fr; }
    CommentDialog .row > .label { width: 12; }
    CommentDialog #author-label { padding-top: 0; }  /* beside a one-line choice */
    CommentDialog #existing { height: auto; max-height: 5; margin-bottom: 1; }
    CommentDialog #author { width: 1fr; }
    CommentDialog Input.-invalid { border: tall $error; }
    CommentDialog #problem { height: auto; }
    CommentDialog #problem.-error { color: $error; }
    """
    )
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="comment.cancel")]
    AUTO_FOCUS = "#text"

    def __init__(
        self,
        *,
        title: str,
        about: str,
        existing: Sequence[Comment],
        players: Sequence[Player],
        author: int | None,
        save: Callable[[str, int | None], str | None],
        remove: Callable[[Comment], str | None],
        shown: Callable[[Comment], str] = lambda comment: comment.text,
    ) -> None:
        super().__init__()
        self.heading = title
        self.about = about
        self.existing = list(existing)
        self.players = tuple(players)
        self.author = author
        self._save = save
        self._remove = remove
        self._shown = shown
        self.changed = False

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="dialog"):
            yield Static(Content(self.heading), classes="title")
            if self.about:
                yield Static(Content(self.about), classes="hint")
            existing = OptionList(*self._lines(), id="existing", markup=False)
            existing.display = bool(self.existing)
            yield existing
            with Horizontal(classes="row"):
                yield Static(Content(_("Comment")), classes="label", id="text-label")
                yield Input(
                    placeholder=_("one line of plain text"),
                    max_length=MAX_COMMENT,
                    id="text",
                )
            with Horizontal(classes="row"):
                yield Static(Content(_("Written by")), classes="label", id="author-label")
                # a choice that shows the writer the comment is saved as (a list's highlight
                # did not show while another field had the focus: it read as its first line)
                writers = [
                    (Content(f"{i + 1}. {shown_name(p.name)}"), i)
                    for i, p in enumerate(self.players)
                ]
                writers.append((Content(_("a reviewer (not at the table)")), REVIEWER))
                yield Select(
                    writers,
                    value=REVIEWER if self.author is None else self.author,
                    allow_blank=False,
                    id="author",
                    compact=True,
                )
            yield Static(Content(hint()), id="problem")
            with Horizontal(classes="buttons"):
                yield Button(Content(_("Save")), id="save", variant="primary")
                remove = Button(Content(_("Remove the chosen one")), id="remove")
                remove.display = bool(self.existing)
                yield remove
                yield Button(Content(_("Cancel (esc)")), id="cancel")

    def _fit_labels(self) -> None:
        """The labels as wide as the longest in this language (12 at least, 24 at most)."""
        labels = list(self.query(".row > .label").results(Static))
        width = max((cell_len(str(label.content)) for label in labels), default=0) + 1
        for label in labels:
            label.styles.width = min(max(width, 12), 24)

    def _lines(self) -> list[Content]:
        return [
            Content.assemble((writer(c, self.players), "bold"), ": ", self._shown(c))
            for c in self.existing
        ]

    def on_mount(self) -> None:
        plain_in_ascii(self)
        self._fit_labels()
        self.call_after_refresh(fit_buttons, self)

    def on_resize(self) -> None:
        self.call_after_refresh(fit_buttons, self)

    def _problem(self, text: str, error: bool) -> None:
        problem = self.query_one("#problem", Static)
        problem.update(Content(text))
        problem.set_class(error, "-error")

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        try:
            if event.value:
                check_comment(event.value)
        except HanaError as exc:
            event.input.set_class(True, "-invalid")
            self._problem(_("Not allowed: {reason}.").format(reason=error_text(exc)), True)
            return
        event.input.set_class(False, "-invalid")
        if event.value:
            words = _("{n} of {limit} characters; enter saves, esc cancels.").format(
                n=len(event.value), limit=MAX_COMMENT
            )
        else:
            words = hint()
        self._problem(words, False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.save_comment()

    def seat(self) -> int | None:
        """The seat of the writer chosen (None: a reviewer)."""
        value = self.query_one("#author", Select).value
        return value if isinstance(value, int) and value != REVIEWER else None

    def save_comment(self) -> bool:
        """Check and save the comment typed; True if it was written."""
        text = self.query_one("#text", Input).value.strip()
        try:
            check_comment(text)
        except HanaError as exc:
            self._problem(_("Not saved: {reason}.").format(reason=error_text(exc)), True)
            return False
        problem = self._save(text, self.seat())
        if problem is not None:
            self._problem(_("Not saved: {reason}.").format(reason=problem), True)
            return False
        self.changed = True
        self.dismiss(True)
        return True

    def remove_chosen(self) -> bool:
        """Remove the comment chosen in the list; True if the file was written."""
        listing = self.query_one("#existing", OptionList)
        index = listing.highlighted
        if index is None or not 0 <= index < len(self.existing):
            self._problem(_("Choose a comment in the list first."), True)
            return False
        problem = self._remove(self.existing[index])
        if problem is not None:
            self._problem(_("Not removed: {reason}.").format(reason=problem), True)
            return False
        self.changed = True
        del self.existing[index]
        listing.clear_options()
        listing.add_options(self._lines())
        listing.display = bool(self.existing)
        self.query_one("#remove", Button).display = bool(self.existing)
        fit_buttons(self)
        self._problem(_("Removed."), False)
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.save_comment()
        elif event.button.id == "remove":
            self.remove_chosen()
        else:
            self.dismiss(self.changed)

    def action_cancel(self) -> None:
        self.dismiss(self.changed)


__all__ = ["AnalysisDialog", "CommentDialog"]
