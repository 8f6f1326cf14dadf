"""The analysis runs in a Textual thread worker as the replay viewer will run it: progress
reaches the screen through ``call_from_thread``, keys are handled while it runs, and cancelling
the worker stops the analysis after the decision in hand."""

from __future__ import annotations

from typing import ClassVar

from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from hanatui.analysis import Analyser, GameAnalysis
from tests.analysis.test_analysis import short_log


class Probe(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [("c", "cancel", "cancel"), ("x", "poke", "poke")]

    def __init__(self, analyser: Analyser) -> None:
        super().__init__()
        self.analyser = analyser
        self.pokes = 0
        self.result: GameAnalysis | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="progress")

    def on_mount(self) -> None:
        self.analyse()

    @work(thread=True, exclusive=True, group="analysis")
    def analyse(self) -> None:
        def progress(done: int, total: int) -> None:
            self.call_from_thread(self.query_one("#progress", Static).update, f"{done}/{total}")

        self.result = self.analyser.run(progress)

    def action_cancel(self) -> None:
        # a thread cannot be stopped from outside: the analyser stops itself, and the worker
        # returns what is done
        self.analyser.cancel()

    def action_poke(self) -> None:
        self.pokes += 1


def _key(app: App[None], key: str) -> None:
    """A key as the terminal sends it (``Pilot.press`` would wait for the CPU to go idle, which
    it does not while the analysis computes)."""
    event = events.Key(key, key)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


async def _until(pilot, condition) -> bool:
    for _ in range(500):
        if condition():
            return True
        await pilot.pause(0.01)
    return False


async def test_the_analysis_runs_in_a_worker_and_can_be_cancelled():
    analyser = Analyser(short_log(), budget=800)
    app = Probe(analyser)
    async with app.run_test() as pilot:
        progress = app.query_one("#progress", Static)
        assert await _until(pilot, lambda: str(progress.content).startswith("1/"))
        assert str(progress.content) == f"1/{analyser.total}"
        _key(app, "x")
        _key(app, "x")
        # the screen answers while the analysis runs
        assert await _until(pilot, lambda: app.pokes == 2)
        assert analyser.done < analyser.total
        _key(app, "c")
        await app.workers.wait_for_complete()
        assert app.result is not None and not app.result.complete
        assert 1 <= len(app.result) < analyser.total
