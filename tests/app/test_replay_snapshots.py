"""Pictures of the replay viewer at the start, in the middle of a round and at the end, from one
seat's view and with all hands shown; and of its dialogs.

Update after an intended change with
``pytest tests/app/test_replay_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from hanatui.analysis import cache
from hanatui.app.app import HanaApp
from hanatui.app.screens.errors import BadFileDialog, describe_problem
from hanatui.app.screens.replay.screen import ForkDialog, ReplayScreen
from hanatui.store.files import read_log_file

from .helpers import settings

pytestmark = pytest.mark.slow  # whole rounds or pictures: deselect with -m "not slow"

LOG = Path(__file__).resolve().parents[2] / "replays" / "bakappana-3p-seed30.hana"
SIZE = (120, 40)
#: A koi-koi log with comments and its first seat's analysis at 200 playouts a decision, frozen
#: so that the pictures do not move with the search (see `analysed_copy`).
REVIEW = Path(__file__).resolve().parents[1] / "fixtures" / "analysis" / "koikoi-review.hana"


def _app() -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night"), save=False)


def _at(where: str, all_hands: bool):
    async def run_before(pilot) -> None:
        screen = ReplayScreen(read_log_file(LOG), LOG)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        if where == "mid-round":
            screen.seek(screen.story.segment_start(3) + 12)
        elif where == "end":
            screen.seek(len(screen.story))
        if all_hands:
            await pilot.press("v")
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("all_hands", [False, True], ids=["seat-view", "all-hands"])
@pytest.mark.parametrize("where", ["start", "mid-round", "end"])
def test_viewer(snap_compare, where, all_hands):
    assert snap_compare(_app(), terminal_size=SIZE, run_before=_at(where, all_hands))


def analysed_copy(folder: Path) -> Path:
    """A copy of the review log with its frozen analysis cached beside it, as the viewer caches
    one (the decisions were made once with ``Analyser(log, seats=[0], budget=200)``)."""
    path = folder / REVIEW.name
    path.write_bytes(REVIEW.read_bytes())
    frozen = REVIEW.with_name(REVIEW.stem + ".decisions.json").read_bytes()
    decisions = list(msgspec.json.decode(frozen, type=cache.Sidecar).decisions)
    log = read_log_file(path)
    cache.save(path, log, 200, decisions)
    assert cache.load(path, log, 200) is not None  # still consistent with the log
    return path


@pytest.mark.parametrize(
    "size,side",
    [((120, 40), False), ((80, 24), False), ((80, 24), True)],
    ids=["120x40", "80x24", "80x24-moves"],
)
def test_viewer_with_analysis_and_comments(snap_compare, tmp_path, size, side):
    path = analysed_copy(tmp_path)

    async def run_before(pilot) -> None:
        screen = ReplayScreen(read_log_file(path), path)
        await pilot.app.push_screen(screen)
        await pilot.pause()
        await pilot.press("n")  # the first mistake: marks, the verdict, the graph's cursor
        if side:
            await pilot.press("m")
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=size, run_before=run_before)


def test_fork_dialog(snap_compare):
    async def run_before(pilot) -> None:
        await _at("mid-round", False)(pilot)
        await pilot.press("f")
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_bad_file_dialog(snap_compare):
    from core.errors import UnsupportedVersionError

    problem = describe_problem(
        "/games/from-the-future.hana",
        UnsupportedVersionError("written by a newer hanatui (log format version 99)", 1),
        b'{"format":"hanatui","version":99}\n',
    )

    async def run_before(pilot) -> None:
        await pilot.app.push_screen(BadFileDialog(problem))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


__all__ = ["ForkDialog"]
