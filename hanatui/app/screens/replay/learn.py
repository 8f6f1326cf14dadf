"""Learn from your mistakes (lichess's mode of that name), opened from the replay viewer with t.

Each flagged decision of the seat in view (a mistake or a blunder, `hanatui.analysis.learn`) is
shown from that seat's side as it was just before it, and asks for a better move: a card from
the hand (arrows and enter, a click, or its number), or, when the decision is not a card play
(a capture, koi-koi or shobu, a hiki), one of the moves listed by number. The answer is judged
by the analysis: as good as the best found, or by how many points worse (`judge`, which searches
an answer not judged yet in a thread, as the analysis searched the decision). The solution can
be shown; n goes to the next; after the last, a summary: found N of M. f goes back to the
replay to play on from before the decision in hand.

Only the seat's own view is drawn (hidden cards stay backs), and the words name only its cards.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from rich.cells import cell_len
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from core.actions import Action, PlayCard
from core.cards import Card
from core.logfile import LogRead
from core.view import observe
from hanatui.analysis import MARKS, Decision, GameAnalysis
from hanatui.analysis.learn import Judgement, judge, puzzles
from hanatui.analysis.model import describe_move
from hanatui.app.common import HanaFooter
from hanatui.app.layout import TABLE_LARGE, Scene, TableLayout, glyphs
from hanatui.app.screens.replay.playon import BETTER_MARK, PLAYED_MARK, move_words
from hanatui.app.widgets import CardRow, TooSmall
from hanatui.text.i18n import N_, _
from hanatui.text.words import game_title, is_you, last_move_cards

#: The words of the mode (translated where shown); ``{move}`` and ``{best}`` name moves in brief
#: (`move_words`), and ``{points}`` a number of points to one decimal.
TITLE = N_("Learn from your mistakes")
ASK = N_("Find a better move than {move}.")
#: What the box under the hand asks, by the class of the decision (the mode offers mistakes and
#: blunders; an inaccuracy only if asked for).
ASK_LONG = {
    "inaccuracy": N_(
        "{player} made an inaccuracy {mark} here: {move}, losing {points} points this round. "
        "Find a better move."
    ),
    "mistake": N_(
        "{player} made a mistake {mark} here: {move}, losing {points} points this round. "
        "Find a better move."
    ),
    "blunder": N_(
        "{player} made a blunder {mark} here: {move}, losing {points} points this round. "
        "Find a better move."
    ),
}
#: The same said to the reader, when the player is the one who chose no name ("You").
ASK_LONG_TO_YOU = {
    "inaccuracy": N_(
        "You made an inaccuracy {mark} here: {move}, losing {points} points this round. "
        "Find a better move."
    ),
    "mistake": N_(
        "You made a mistake {mark} here: {move}, losing {points} points this round. "
        "Find a better move."
    ),
    "blunder": N_(
        "You made a blunder {mark} here: {move}, losing {points} points this round. "
        "Find a better move."
    ),
}
WEIGHING = N_("Weighing {move}{more}")
WEIGH_FAILED = N_("The answer could not be weighed: {error}")
FOUND_BEST = N_("{move}: as good as the best found.")
FOUND_GOOD = N_("{move}: good, within the noise of the best found ({points} points short).")
WORSE = N_("{move}: {points} points worse than the best found ({expected} this round); try again.")
SAME = N_("{move} is the move made: {points} points worse than the best found; try another.")
SOLUTION = N_("The best move found: {best}, expecting {expected} points this round.")
SOLUTION_LONG = SOLUTION
#: The same in fewer words, for the caption where the sentence would not fit in one line.
FOUND_GOOD_SHORT = N_("{move}: good, {points} short of the best.")
WORSE_SHORT = N_("{move}: {points} points worse; try again.")
SAME_SHORT = N_("{move} is the move made; try another.")
SOLUTION_SHORT = N_("Best found: {best} ({expected}).")
# TRANSLATORS: the label before the learn mode's caption under the board (a word or two)
CAPTION_LABEL = N_("learn")
SUMMARY = N_("Found {found} of {total}.")
SUMMARY_LONG = N_("Learn from your mistakes is over: you found {found} of {total}. n goes back.")
NONE_ANALYSED = N_("Nothing analysed for {player} yet: a analyses the game, then t.")
NONE_FLAGGED = N_("{player} made no mistake the analysis flags: nothing to learn here.")
NONE_ANALYSED_TO_YOU = N_("Nothing analysed for you yet: a analyses the game, then t.")
NONE_FLAGGED_TO_YOU = N_("You made no mistake the analysis flags: nothing to learn here.")
#: The keys that answer, each a key and what it does, shown joined by dots (the status line
#: keeps as many as fit).
KEY_CHOOSE = N_("←→ choose")
KEY_CHOOSE_ASCII = N_("<- -> choose")
KEY_ANSWER = N_("enter answer")
KEY_ANSWER_NUMBER = N_("1-{n} answer")
KEYS_REST = (N_("s solution"), N_("n next"), N_("f play on"), N_("esc back"))
KEYS_OVER = N_("n or esc: back to the replay")
CHOICE = "{n}. {move}"
PUZZLE = N_("{n}. move {move}: {words}")
#: The hidden keys' descriptions: 1 to 9 and 0 answer with the move of that number.
ANSWER_KEYS = (
    N_("Answer 0"),
    N_("Answer 1"),
    N_("Answer 2"),
    N_("Answer 3"),
    N_("Answer 4"),
    N_("Answer 5"),
    N_("Answer 6"),
    N_("Answer 7"),
    N_("Answer 8"),
    N_("Answer 9"),
)
STATUS = {
    "open": N_("not tried"),
    "found": N_("found"),
    "missed": N_("not found"),
    "shown": N_("solution seen"),
}


@dataclass
class Puzzle:
    """One decision to try again, and how it went."""

    decision: Decision
    answers: list[Judgement] = field(default_factory=list)
    shown: bool = False  # the solution was shown
    shown_at: int = 0  # after how many answers
    found: bool = False  # found before the solution was shown

    @property
    def status(self) -> str:
        if self.found:
            return "found"
        if self.shown:
            return "shown"
        return "missed" if self.answers else "open"


class LearnScreen(Screen[int | None]):
    """The decisions of one seat to try again, one at a time."""

    DEFAULT_CSS = """
    LearnScreen { background: $hana-felt; }
    LearnScreen TableLayout #side { width: 37%; max-width: 44; min-width: 30; }
    /* the field takes the rows the seats and the box leave, its cards in the middle */
    LearnScreen TableLayout #field-panel { height: 1fr; min-height: 6; align-vertical: middle; }
    LearnScreen TableLayout #status { display: none; }  /* no card's words here */
    LearnScreen #learn { height: auto; border: round $accent; padding: 0 1; }
    LearnScreen TableLayout.-compact #learn { border: none; border-top: round $accent; }
    LearnScreen #puzzles { height: 1fr; border: round $panel-lighten-2; padding: 0 1; }
    LearnScreen.-ascii #learn, LearnScreen.-ascii #puzzles { border: ascii $panel-lighten-2; }
    LearnScreen.-ascii TableLayout.-compact #learn { border: none; border-top: ascii $accent; }
    """
    AUTO_FOCUS = ""

    BINDINGS = [
        Binding("left,h", "move(-1)", N_("Choose"), id="learn.left", show=False),
        Binding("right,l", "move(1)", N_("Choose"), id="learn.right", show=False),
        Binding("enter,space", "answer", N_("Answer"), id="learn.answer", key_display="enter"),
        *[
            Binding(
                str(d),
                f"answer_index({(d - 1) % 10})",
                ANSWER_KEYS[d],
                id=f"learn.answer{d}",
                show=False,
            )
            for d in range(10)
        ],
        Binding("s", "solution", N_("Solution"), id="learn.solution"),
        Binding("n", "next", N_("Next"), id="learn.next"),
        Binding("f", "play_on", N_("Play on"), id="learn.play_on"),
        Binding("escape,q", "leave", N_("Back"), id="learn.leave"),
    ]

    def __init__(self, log: LogRead, analysis: GameAnalysis, seat: int) -> None:
        super().__init__()
        self.game_log = log
        self.analysis = analysis
        self.seat = seat
        self.puzzles = [Puzzle(d) for d in puzzles(analysis, seat)]
        self.current = 0
        self.weighing: Action | None = None  # an answer being searched in the thread
        self.over = not self.puzzles

    # --- reading ------------------------------------------------------------------------------
    @property
    def ascii_mode(self) -> bool:
        return bool(getattr(self.app, "ascii_mode", False))

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.current]

    @property
    def player(self) -> str:
        return self.game_log.header.players[self.seat].name

    def choices(self) -> tuple[Action, ...]:
        """The moves the decision allowed, as the analysis lists them."""
        return tuple(c.action for c in self.puzzle.decision.candidates)

    def cards_only(self) -> bool:
        """Whether every move is a card from the hand (answered on the hand itself)."""
        return all(isinstance(a, PlayCard) for a in self.choices())

    def found_count(self) -> int:
        return sum(1 for p in self.puzzles if p.found)

    # --- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        n = len(self.game_log.header.players)
        yield TooSmall()
        yield TableLayout(
            side=[Static(id="puzzles")],
            extra=[Static(id="learn")],
            hand_focusable=True,
            seats=tuple((self.seat + k) % n for k in range(1, n)),
            large_from=TABLE_LARGE,
            id="layout",
        )
        yield HanaFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#puzzles", Static).border_title = Content(_(TITLE))
        self.refresh_view()
        self._focus_hand()

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)

    def on_table_layout_panels_ready(self, message: TableLayout.PanelsReady) -> None:
        message.stop()
        self.refresh_view()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":  # enter answers with a card; the listed moves by number
            return not self.over and self.cards_only()
        if action in ("move", "answer_index", "solution", "play_on"):
            return not self.over  # the summary: only n and escape (back to the replay)
        return True

    # --- drawing ------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        if not self.is_attached or not self.puzzles:
            return
        ascii_mode = self.ascii_mode
        self.set_class(ascii_mode, "-ascii")
        g = glyphs(ascii_mode)
        puzzle = self.puzzle
        d = puzzle.decision
        events = self.game_log.events
        before = self.game_log.states[d.index - 1]
        view = observe(before, self.seat)
        classes: dict[Card, str] = {}
        if isinstance(d.move, PlayCard):
            classes[d.move.card] = PLAYED_MARK
        if (puzzle.shown or puzzle.found) and isinstance(d.best_move, PlayCard):
            classes[d.best_move.card] = BETTER_MARK
        header: list[str | tuple[str, str]] = [("hanatui", "bold $accent"), g["dot"], _(TITLE)]
        header.append(f"{g['dot']}{game_title(view.rules.game)}")
        if view.round:
            header.append(
                g["dot"]
                + _("Round {round} of {rounds}").format(round=view.round, rounds=view.rules.rounds)
            )
        header.append(
            g["dot"]
            + _("{number} of {total}").format(number=self.current + 1, total=len(self.puzzles))
        )
        scene = Scene(
            view=view,
            seat=self.seat,
            header=header,
            marked=self.seat,
            hand=list(view.hand),
            hand_classes=classes,
            pile_note=_("pile {count}").format(count=view.pile_count),
            you_note=_("find a better move") if not self.over else "",
            ascii_mode=ascii_mode,
            caption=self.caption(),
            caption_label=_(CAPTION_LABEL),
            moved=last_move_cards(events, d.index - 1),
        )
        if not self.query_one("#layout", TableLayout).draw(scene):
            return
        self.query_one("#learn", Static).update(self.lines())
        # the compact table's bottom line (the box under the hand may be scrolled away there)
        width = max(self.app.size.width - 2, 10)
        status = Content.styled(self.keys(width), "dim")
        self.query_one("#status-line", Static).update(status)
        self.query_one("#puzzles", Static).update(self.puzzle_list())
        self.refresh_bindings()

    def caption(self) -> str:
        """The latest thing to say, in one line: in fewer words where a longer language's
        sentence would not fit the caption."""
        room = max((self.app.size.width or 80) - 4 - cell_len(_(CAPTION_LABEL)), 10)
        text = self._caption(short=False)
        return text if cell_len(text) <= room else self._caption(short=True)

    def _caption(self, *, short: bool) -> str:
        if self.over:
            return _(SUMMARY).format(found=self.found_count(), total=len(self.puzzles))
        puzzle = self.puzzle
        if self.weighing is not None:
            return _(WEIGHING).format(
                move=move_words(self.weighing), more=glyphs(self.ascii_mode)["more"]
            )
        if puzzle.shown and puzzle.shown_at == len(puzzle.answers):
            return self.solution_words(short=short)  # nothing answered since
        if puzzle.answers:
            return self.judgement_words(puzzle.answers[-1], short=short)
        return _(ASK).format(move=move_words(puzzle.decision.move))

    def judgement_words(self, j: Judgement, *, short: bool = False) -> str:
        """What an answer is worth (``short``: in a few words, for the caption)."""
        move = move_words(j.answer)
        points = f"{j.loss:.1f}"
        expected = f"{j.best_expected:+.1f}"
        if j.found:
            template = FOUND_BEST if j.best else (FOUND_GOOD_SHORT if short else FOUND_GOOD)
        elif j.answer == self.puzzle.decision.move:
            template = SAME_SHORT if short else SAME
        else:
            template = WORSE_SHORT if short else WORSE
        return _(template).format(move=move, points=points, expected=expected)

    def solution_words(self, *, long: bool = False, short: bool = False) -> str:
        """The solution: the best move in brief (the caption; ``short``, in fewer words) or in
        words (the box)."""
        d = self.puzzle.decision
        if long:
            template, best = SOLUTION_LONG, describe_move(d.best_move)
        else:
            template, best = (SOLUTION_SHORT if short else SOLUTION), move_words(d.best_move)
        return _(template).format(best=best, expected=f"{d.best_expected:+.1f}")

    def lines(self) -> Content:
        """The box under the hand: what to find, the answers so far, the solution if shown."""
        if self.over:
            done = Content(
                _(SUMMARY_LONG).format(found=self.found_count(), total=len(self.puzzles))
            )
            return Content("\n").join([done, self.puzzle_list()])
        puzzle = self.puzzle
        d = puzzle.decision
        cls = self.analysis.class_of(d)
        asks = ASK_LONG_TO_YOU if is_you(self.player) else ASK_LONG
        ask = asks.get(cls, asks["mistake"])
        out = [
            Content(
                _(ask).format(
                    player=self.player,
                    mark=MARKS[cls],
                    move=describe_move(d.move),
                    points=f"{d.loss:.1f}",
                )
            )
        ]
        if not self.cards_only():
            for i, action in enumerate(self.choices()):
                out.append(Content(CHOICE.format(n=(i + 1) % 10, move=describe_move(action))))
        out.extend(Content(self.judgement_words(j)) for j in puzzle.answers)
        if puzzle.shown:
            out.append(Content(self.solution_words(long=True)))
        out.append(Content.styled(self.keys(), "dim"))
        return Content("\n").join(out)

    def keys(self, width: int | None = None) -> str:
        """The keys that answer now (with ``width``, as many as fit in it)."""
        dot = glyphs(self.ascii_mode)["dot"]
        if self.over:
            return _(KEYS_OVER)
        if self.cards_only():
            first = [_(KEY_CHOOSE_ASCII if self.ascii_mode else KEY_CHOOSE), _(KEY_ANSWER)]
        else:
            first = [_(KEY_ANSWER_NUMBER).format(n=min(len(self.choices()), 10))]
        items = first + [_(key) for key in KEYS_REST]
        while width is not None and len(items) > 1 and cell_len(dot.join(items)) > width:
            items.pop()
        return dot.join(items)

    def puzzle_list(self) -> Content:
        lines = []
        for i, p in enumerate(self.puzzles):
            words = _(STATUS[p.status])
            line = Content(_(PUZZLE).format(n=i + 1, move=p.decision.index + 1, words=words))
            if i == self.current and not self.over:
                line = line.stylize("bold")
            lines.append(line)
        lines.append(Content(_(SUMMARY).format(found=self.found_count(), total=len(self.puzzles))))
        return Content("\n").join(lines)

    def _focus_hand(self) -> None:
        def focus() -> None:
            if not self.is_attached or self.app.screen is not self:
                return
            hand = self.query_one("#hand", CardRow)
            if hand.can_focus and not hand.has_focus:
                hand.focus_card(hand.cursor)

        self.call_after_refresh(focus)

    # --- answering ----------------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        hand = self.query_one("#hand", CardRow)
        if not hand.can_focus:
            return
        if hand.has_focus:
            hand.move_cursor(delta)
        else:
            hand.focus_card(hand.cursor)

    def action_answer(self) -> None:
        if self.over:
            return
        if not self.cards_only():
            return  # the moves are answered by their numbers
        card = self.query_one("#hand", CardRow).cursor_card
        if card is not None:
            self.answer(PlayCard(seat=self.seat, card=card))

    def action_answer_index(self, index: int) -> None:
        if self.over:
            return
        if self.cards_only():
            hand = self.query_one("#hand", CardRow)
            card = hand.card_at(index) if 0 <= index < len(hand.cards) else None
            if card is not None:
                hand.focus_card(index)
                self.answer(PlayCard(seat=self.seat, card=card))
            return
        choices = self.choices()
        if 0 <= index < len(choices):
            self.answer(choices[index])

    def on_card_row_picked(self, message: CardRow.Picked) -> None:
        message.stop()
        card = message.card
        if message.row.role == "hand" and card is not None and self.cards_only():
            message.row.focus_card(message.index)
            self.answer(PlayCard(seat=self.seat, card=card))

    def answer(self, action: Action) -> None:
        """Judge ``action`` as the answer to the puzzle in hand (in a thread if it needs a
        search)."""
        if self.over or self.weighing is not None:
            return
        d = self.puzzle.decision
        if action not in self.choices():
            self.app.bell()
            return
        if action in (d.move, d.best_move):
            self.judged(self.current, judge(self.game_log, self.analysis, d, action))
            return
        self.weighing = action
        self.refresh_view()
        self._weigh(self.current, action)

    @work(thread=True, exclusive=True, group="learn", exit_on_error=False)
    def _weigh(self, current: int, action: Action) -> None:
        found = judge(self.game_log, self.analysis, self.puzzles[current].decision, action)
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile
            self.app.call_from_thread(self.judged, current, found)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "learn" or event.state != WorkerState.ERROR:
            return
        self.weighing = None
        self.refresh_view()
        self.notify(
            _(WEIGH_FAILED).format(error=event.worker.error), markup=False, severity="error"
        )

    def judged(self, current: int, found: Judgement) -> None:
        """An answer's judgement is in."""
        self.weighing = None
        puzzle = self.puzzles[current]
        puzzle.answers.append(found)
        if found.found and not puzzle.shown:
            puzzle.found = True
        self.refresh_view()

    def action_solution(self) -> None:
        if self.over or self.weighing is not None:
            return
        self.puzzle.shown = True
        self.puzzle.shown_at = len(self.puzzle.answers)
        self.refresh_view()
        d = self.puzzle.decision
        if isinstance(d.best_move, PlayCard):
            hand = self.query_one("#hand", CardRow)
            if d.best_move.card in hand.cards:
                hand.focus_card(hand.cards.index(d.best_move.card))

    def action_next(self) -> None:
        if self.over:
            self.action_leave()
            return
        if self.weighing is not None:
            return
        if self.current + 1 < len(self.puzzles):
            self.current += 1
            self.query_one("#hand", CardRow).cursor = 0
        else:
            self.over = True
        self.refresh_view()
        self._focus_hand()

    def action_play_on(self) -> None:
        """Back to the replay, to play on from before this decision (its play on dialog)."""
        if self.over:
            return
        self.workers.cancel_group(self, "learn")
        self.dismiss(self.puzzle.decision.index)

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "learn")
        self.dismiss(None)


def learn_refusal(analysis: GameAnalysis | None, seat: int, player: str) -> str | None:
    """Why the mode cannot start for ``seat``, or None."""
    you = is_you(player)
    if analysis is None or seat not in analysis.seats:
        return _(NONE_ANALYSED_TO_YOU if you else NONE_ANALYSED).format(player=player)
    if not puzzles(analysis, seat):
        return _(NONE_FLAGGED_TO_YOU if you else NONE_FLAGGED).format(player=player)
    return None


__all__ = ["LearnScreen", "Puzzle", "learn_refusal"]
