"""The replay viewer: every control, the seat view's secrecy, play on from here, sharing, bad files.

Pilot tests on the sample logs in replays/. Positions are counts of events applied (1..len).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from core.cards import CARDS, Card, cards_of
from core.engine import fold
from core.events import Dealt, MatchStarted
from core.logfile import Origin, encode_log, read_log
from core.state import State
from hanatui.app.app import HanaApp, replay_app
from hanatui.app.screens.errors import BadFileDialog
from hanatui.app.screens.replay.opening import open_replay
from hanatui.app.screens.replay.screen import (
    SPEEDS,
    ForkDialog,
    GotoDialog,
    MoveList,
    ReplayHelp,
    ReplayScreen,
    ShareDialog,
)
from hanatui.app.screens.table.screen import TableScreen
from hanatui.store.files import read_log_file
from hanatui.text.export import anonymise, player_view, text_record

from .helpers import settings

REPLAYS = Path(__file__).resolve().parents[2] / "replays"
BAKAPPANA = REPLAYS / "bakappana-3p-seed30.hana"
SIZE = (120, 40)


def app() -> HanaApp:
    return HanaApp(settings=settings(theme="hana-night"), save=False)


async def viewer(pilot, path: Path = BAKAPPANA, log=None) -> ReplayScreen:
    """Open ``path`` (or an already read ``log``) in the viewer and wait for it to draw."""
    if log is None:
        assert open_replay(pilot.app, path)
    else:
        await pilot.app.push_screen(ReplayScreen(log, path))
    await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def screen_text(pilot) -> str:
    """Everything on the terminal right now, as plain text."""
    strips = pilot.app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def shows_code(text: str, code: str) -> bool:
    return re.search(rf"(?<![0-9A-Za-z]){code}(?![0-9A-Za-z])", text) is not None


# --- stepping -------------------------------------------------------------------------------------


async def test_opens_at_the_first_deal_and_steps_one_event_with_arrows_and_hl():
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        first_deal = (
            next(i for i, e in enumerate(screen.timeline.events) if isinstance(e, Dealt)) + 1
        )
        assert screen.position == first_deal
        await pilot.press("right")
        assert screen.position == first_deal + 1
        await pilot.press("l", "l")
        assert screen.position == first_deal + 3
        await pilot.press("left")
        assert screen.position == first_deal + 2
        await pilot.press("h", "h", "h", "h", "h", "h")
        assert screen.position == 1  # clamped at the start
        assert "move 1 of" in screen_text(pilot)


async def test_turn_keys_stop_where_a_turn_ends():
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        states = screen.timeline.states
        start = screen.position
        await pilot.press("down")
        after = screen.position
        assert after > start
        # the turn count changed between the two positions, and not before the last event
        assert states[after - 1].turn_no != states[start - 1].turn_no
        assert all(states[k - 1].turn_no == states[start - 1].turn_no for k in range(start, after))
        await pilot.press("j", "j")
        further = screen.position
        await pilot.press("up")
        assert start < screen.position < further
        await pilot.press("k", "k", "k", "k")
        assert screen.position == 1


async def test_page_keys_move_by_round_and_home_end_to_the_ends():
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        total = len(screen.timeline.events)
        await pilot.press("pagedown")
        assert screen.state.round == 2
        assert isinstance(screen.timeline.events[screen.position - 1], Dealt)
        await pilot.press("right", "right", "pageup")
        assert screen.state.round == 2 and isinstance(
            screen.timeline.events[screen.position - 1], Dealt
        )
        await pilot.press("pageup")
        assert screen.state.round == 1
        await pilot.press("end")
        assert screen.position == total and screen.state.phase == "over"
        await pilot.press("pagedown")
        assert screen.position == total
        await pilot.press("home")
        assert screen.position == 1


async def test_space_autoplays_and_plus_minus_change_the_speed():
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        speed = screen.speed
        await pilot.press("plus", "plus")
        assert screen.speed == speed + 2
        await pilot.press("minus")
        assert screen.speed == speed + 1
        for _ in range(len(SPEEDS)):
            await pilot.press("plus")
        assert screen.speed == len(SPEEDS) - 1  # the fastest, and no further
        start = screen.position
        await pilot.press("space")
        assert screen.playing
        await pilot.pause(SPEEDS[-1] * 6)
        assert screen.position > start
        await pilot.press("space")
        assert not screen.playing
        stopped = screen.position
        await pilot.pause(SPEEDS[-1] * 4)
        assert screen.position == stopped
        # autoplay stops by itself at the end
        await pilot.press("end", "left", "space")
        await pilot.pause(SPEEDS[-1] * 5)
        assert screen.timeline.at_end and not screen.playing


async def test_go_to_move_from_the_palette_and_with_g():
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"120")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.position == 120
        assert "move 120 of" in screen_text(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GotoDialog)
        await pilot.press(*"45", "enter")
        await pilot.pause()
        assert pilot.app.screen is screen and screen.position == 45
        await pilot.press("g", "escape")
        assert pilot.app.screen is screen and screen.position == 45


async def test_go_to_on_an_empty_field_says_what_to_type():
    """Enter on an emptied go-to field did nothing and said nothing: it stays open and asks for
    a move number in its range; typing one brings the usual hint back, and enter goes there."""
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        total = len(screen.story)
        await pilot.press("g")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, GotoDialog)
        await pilot.press("backspace", "enter")  # the number was selected: now nothing
        await pilot.pause()
        assert pilot.app.screen is dialog
        assert f"Type a move number, 1 to {total}" in screen_text(pilot)
        await pilot.press(*"30")
        await pilot.pause()
        text = screen_text(pilot)
        assert "Type a move number" not in text and "enter go" in text
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.screen is screen and screen.position == 30


@pytest.mark.parametrize("key", ["f", "e"], ids=["play-on", "share"])
async def test_every_button_of_a_dialog_is_reached_by_tab_and_seen_at_80x24(key):
    """At 80x24 the bordered fields pushed the play-on dialog's Play and Cancel, and the share
    dialog's Close, below its box: focused by tab (Play at once) but never drawn. Each is
    reached by tab and drawn inside the box when it has the focus."""
    from textual.widgets import Button

    async with app().run_test(size=(80, 24)) as pilot:
        await viewer(pilot)
        await pilot.press(key)
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, ForkDialog | ShareDialog)
        box = dialog.query_one("#dialog")
        buttons = list(dialog.query(Button))
        reached = set()
        for _ in range(2 * len(dialog.focus_chain)):
            focused = pilot.app.focused
            if isinstance(focused, Button):
                reached.add(focused)
                assert box.region.contains_region(focused.region), (focused.label, box.region)
                assert focused in dialog._compositor.visible_widgets, focused.label
            await pilot.press("tab")
            await pilot.pause()
        assert reached == set(buttons)


async def test_the_move_list_follows_the_cursor_and_seeks_where_chosen():
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        moves = screen.query_one(MoveList)
        await pilot.press("right", "right")
        assert screen._rows[moves.highlighted] == ("event", screen.position - 1)
        # the list holds nothing after the cursor: no line of a move still to come
        assert all(index < screen.position for kind, index in screen._rows if kind == "event")
        # choose an earlier line of this round: the viewer goes there
        screen.seek(30)
        await pilot.pause()
        target = next(
            i for i, (kind, index) in enumerate(screen._rows) if kind == "event" and index == 20
        )
        moves.highlighted = target
        moves.action_select()
        await pilot.pause()
        assert screen.position == 21
        # a click on an earlier round's line (the match start here) goes to its start
        moves.scroll_home(animate=False)
        await pilot.pause()
        await pilot.click(MoveList, offset=(6, 1))
        await pilot.pause()
        assert screen.position == 1
        # in a later round, earlier rounds are one line each, and clicking one opens that round
        await pilot.press("pagedown", "pagedown", "pagedown")
        assert screen.state.round == 3
        round_rows = [i for i, (kind, _) in enumerate(screen._rows) if kind == "round"]
        moves.highlighted = round_rows[1]
        moves.action_select()
        await pilot.pause()
        assert screen.state.round == 1 and isinstance(
            screen.timeline.events[screen.position - 1], Dealt
        )


async def test_help_lists_the_keys():
    async with app().run_test(size=SIZE) as pilot:
        await viewer(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ReplayHelp)
        assert "PgUp PgDn" in screen_text(pilot)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, ReplayScreen)
        await pilot.press("escape")
        assert not isinstance(pilot.app.screen, ReplayScreen)


# --- perspective ----------------------------------------------------------------------------------


def _hidden_codes(state, seat: int) -> set[str]:
    hidden = 0
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden |= hand
    for i in state.pile:
        hidden |= CARDS[i].bit
    return {c.value for c in cards_of(hidden)}


def _rounds_prefix(path: Path, rounds: int):
    """The log's first ``rounds`` rounds, as a log of its own (an unfinished match)."""
    log = read_log_file(path)
    dealt = [(i, e.round) for i, e in enumerate(log.events) if isinstance(e, Dealt)]
    rounds_seen = sorted({r for _, r in dealt})
    cut = next((i for i, r in dealt if r > rounds_seen[rounds - 1]), len(log.events))
    return read_log(encode_log(log.header, log.events[:cut]))


@pytest.mark.parametrize(
    "name,rounds",
    [
        ("bakappana-3p-seed30.hana", 1),
        ("koikoi-2p-variants-seed5.hana", 1),  # cards drawn into the hand
        ("sakura-4p-teams-2x2-seed13.hana", 1),
    ],
)
@pytest.mark.slow
async def test_the_seat_view_never_shows_a_card_that_seat_cannot_see(name, rounds):
    path = REPLAYS / name
    log = _rounds_prefix(path, rounds)
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot, path, log)
        seat = screen.seat
        checked = 0
        for position in range(1, len(log.events) + 1):
            screen.seek(position)
            await pilot.pause()
            text = screen_text(pilot)
            state = log.states[position - 1]
            leaked = sorted(code for code in _hidden_codes(state, seat) if shows_code(text, code))
            assert not leaked, f"move {position}: {leaked} shown in the view of seat {seat}"
            if state.hands:
                own = [c.value for c in cards_of(state.hands[seat])]
                assert all(shows_code(text, code) for code in own), (
                    f"move {position}: own hand not shown"
                )
                checked += 1
        assert checked > 20


async def test_all_hands_shows_every_hand_and_s_changes_the_seat():
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        await pilot.press("right")
        state = screen.state
        others = [
            c.value for s, h in enumerate(state.hands) if s != screen.seat for c in cards_of(h)
        ]
        text = screen_text(pilot)
        assert not any(shows_code(text, code) for code in others)
        await pilot.press("v")
        assert screen.all_hands
        text = screen_text(pilot)
        assert all(shows_code(text, code) for code in others)
        assert "all hands shown" in text
        await pilot.press("v")
        assert not screen.all_hands
        first = screen.seat
        await pilot.press("s")
        assert screen.seat == (first + 1) % len(state.players)
        mine = [c.value for c in cards_of(state.hands[screen.seat])]
        text = screen_text(pilot)
        assert all(shows_code(text, code) for code in mine)
        assert f"the view of {state.players[screen.seat].name}" in text


async def test_a_log_redacted_for_a_seat_shows_only_that_seat(tmp_path):
    source = read_log_file(BAKAPPANA)
    path = tmp_path / "seat2.hana"
    path.write_bytes(player_view(source, 1))
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot, path)
        assert screen.seat == 1
        await pilot.press("v", "s")
        await pilot.pause()
        assert screen.seat == 1 and not screen.all_hands
        assert "redacted" in screen_text(pilot)
        for cmd in ("All hands", "next seat"):
            assert cmd.lower() not in " ".join(name.lower() for name, _h, _c in _palette(screen))


def _palette(screen: ReplayScreen):
    from hanatui.app.screens.replay.screen import ReplayCommands

    return ReplayCommands(screen)._commands(screen)


async def test_text_from_the_file_is_never_markup(tmp_path):
    source = read_log_file(BAKAPPANA)
    from msgspec.structs import replace

    players = (
        replace(source.header.players[0], name="[b]Aki[/b] [@click=app.quit]x[/]"),
        *source.header.players[1:],
    )
    first = source.events[0]
    assert isinstance(first, MatchStarted)
    events = [replace(first, players=players), *source.events[1:]]
    path = tmp_path / "[bold red]odd.hana"
    path.write_bytes(encode_log(replace(source.header, players=players), events))
    async with app().run_test(size=SIZE) as pilot:
        await viewer(pilot, path)
        text = screen_text(pilot)
        assert "[b]Aki[/b] [@click=app.quit]x[/]" in text
        assert "[bold red]odd.hana" in text


# --- play on from here ----------------------------------------------------------------------------


async def _fork(pilot, screen: ReplayScreen, mode: str) -> TableScreen:
    await pilot.press("f")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, ForkDialog)
    await pilot.click(f"#{mode}")
    await pilot.click("#play")
    await pilot.pause()
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


@pytest.mark.parametrize("mode", ["same_future", "reshuffled"])
async def test_play_on_from_here_starts_a_game_at_this_position(mode):
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        await pilot.press("pagedown", "down", "down")
        position = screen.position
        seat = screen.seat
        recorded = screen.timeline.events
        table = await _fork(pilot, screen, mode)
        session = table.session
        assert session.header.origin == Origin(source=BAKAPPANA.name, event=position, mode=mode)
        players = session.players
        assert players[seat].kind == "human" and all(
            p.kind == "bot" for i, p in enumerate(players) if i != seat
        )
        events = session.events[:position]
        assert events[1:] != [] and isinstance(events[0], MatchStarted)
        here = fold(recorded[:position])
        forked = fold(events)
        # the forking seat's hand and everything public are as recorded
        assert forked.hands[seat] == here.hands[seat]
        assert forked.field == here.field and forked.captures == here.captures
        last_deal = max(i for i, e in enumerate(events) if isinstance(e, Dealt))
        if mode == "same_future":
            assert events[1:] == recorded[1:position]
        else:
            assert events[last_deal] != recorded[last_deal]  # the unseen cards moved...
            others = [i for i in range(len(players)) if i != seat]
            assert (forked.pile, [forked.hands[i] for i in others]) != (
                here.pile,
                [here.hands[i] for i in others],
            )

            def hidden(s: State) -> int:
                return sum(s.hands[i] for i in others) | sum(CARDS[c].bit for c in s.pile)

            assert hidden(forked) == hidden(here)  # ...among themselves
            assert [h.bit_count() for h in forked.hands] == [h.bit_count() for h in here.hands]
            assert events[last_deal + 1 :] == recorded[last_deal + 1 : position]
        # escape from the table comes back to the viewer
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen


async def test_a_forked_game_autosaves_with_its_origin(isolated_dirs):
    from hanatui.app.screens.replay.screen import ForkChoice
    from hanatui.session.session import JOURNAL_NAME

    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        await pilot.press("right", "right")
        session = screen.fork_session(
            ForkChoice(seat=0, mode="reshuffled", level="easy"), autosave=True, seed=5
        )
        journal = isolated_dirs / "autosave" / JOURNAL_NAME
        saved = read_log_file(journal)
        assert saved.header.origin == Origin(
            source=BAKAPPANA.name, event=screen.position, mode="reshuffled"
        )
        assert saved.events == session.events


async def test_there_is_nothing_to_play_on_from_at_the_end():
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        await pilot.press("end", "f")
        await pilot.pause()
        assert pilot.app.screen is screen


# --- sharing --------------------------------------------------------------------------------------


async def test_share_saves_an_anonymised_copy_a_text_record_and_a_seat_view(isolated_dirs):
    source = read_log_file(BAKAPPANA)
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot)
        await pilot.press("e")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, ShareDialog)
        await pilot.click("#anonymised")
        await pilot.click("#text")
        await pilot.click("#seat")
        await pilot.pause()
        shared = isolated_dirs / "shared"
        anon = read_log_file(shared / "bakappana-3p-seed30-anonymised.hana")
        assert anon.header.anonymised
        assert [p.name for p in anon.header.players] == ["Computer 1", "Computer 2", "Computer 3"]
        assert anon.events[1:] == source.events[1:]
        assert (shared / "bakappana-3p-seed30-anonymised.hana").read_bytes() == anonymise(source)
        assert (shared / "bakappana-3p-seed30.txt").read_text(encoding="utf-8") == text_record(
            source
        )
        seat_copy = read_log_file(shared / f"bakappana-3p-seed30-seat{screen.seat + 1}.hana")
        assert seat_copy.header.redacted_for == screen.seat
        # saving again never overwrites: the field now offers a new name
        await pilot.click("#anonymised")
        assert (shared / "bakappana-3p-seed30-anonymised-2.hana").exists()
        # a name that exists is refused
        dialog.query_one("#text-path").value = str(shared / "bakappana-3p-seed30.txt")
        await pilot.click("#text")
        assert "already exists" in screen_text(pilot)
        await pilot.press("escape")
        assert pilot.app.screen is screen


# --- bad files ------------------------------------------------------------------------------------


def _corrupt(tmp_path: Path) -> Path:
    lines = BAKAPPANA.read_bytes().split(b"\n")
    # line 6 plays a card: claim it captured a card that is not on the field
    line = lines[5].decode()
    assert '"card_played"' in line or '"card_drawn"' in line
    lines[5] = re.sub(r'"card":"\d\d[a-d]"', '"card":"12a"', line, count=1).encode()
    path = tmp_path / "corrupt.hana"
    path.write_bytes(b"\n".join(lines))
    return path


def _truncated(tmp_path: Path) -> Path:
    data = BAKAPPANA.read_bytes()
    path = tmp_path / "truncated.hana"
    path.write_bytes(data[: len(data) // 2])
    return path


def _hostile(tmp_path: Path) -> Path:
    data = BAKAPPANA.read_bytes().replace(
        b'"Easy 1"', b'"Eve\\u001b[2J\\u001b]0;pwned\\u0007\\u202e"'
    )
    path = tmp_path / "hostile\x1b[31m.hana"
    path.write_bytes(data)
    return path


def _newer(tmp_path: Path) -> Path:
    data = BAKAPPANA.read_bytes().replace(b'"version":1', b'"version":9', 1)
    path = tmp_path / "newer.hana"
    path.write_bytes(data)
    return path


def _garbage(tmp_path: Path) -> Path:
    import random

    path = tmp_path / "garbage.hana"
    path.write_bytes(random.Random(4).randbytes(5000))
    return path


@pytest.mark.parametrize(
    "make,line,words",
    [
        (_corrupt, 6, ""),
        (_truncated, None, "truncated"),
        (_hostile, 1, "control or bidi-override characters"),
        (_newer, 1, "newer"),
        (_garbage, 1, "binary"),
    ],
    ids=["corrupt", "truncated", "hostile", "newer", "garbage"],
)
async def test_a_bad_file_opens_a_clear_error_dialog_and_the_app_keeps_running(
    tmp_path, make, line, words
):
    path = make(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        before = pilot.app.screen
        assert not open_replay(pilot.app, path)
        await pilot.pause()
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, BadFileDialog)
        problem = dialog.problem
        text = screen_text(pilot)
        assert "\x1b" not in text and "\u202e" not in text
        assert path.name.replace("\x1b", "\\x1b") in text
        if line is not None:
            assert problem.line == line and f"line     {line}" in text
        else:
            assert problem.line and problem.line > 2
        assert words in problem.reason or words in text
        if make is _newer:
            assert problem.version == 9
            assert "log format version 9" in text
        await pilot.press("escape")
        assert pilot.app.screen is before
        # still running: the viewer opens a good file afterwards
        await viewer(pilot)


async def test_the_readable_part_of_a_truncated_log_can_be_opened(tmp_path):
    path = _truncated(tmp_path)
    async with app().run_test(size=SIZE) as pilot:
        open_replay(pilot.app, path)
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, BadFileDialog) and dialog.problem.recoverable > 100
        await pilot.press("r")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        assert len(screen.timeline.events) == dialog.problem.recoverable
        assert "readable part only" in screen_text(pilot)


# --- the command line -----------------------------------------------------------------------------


async def test_hanatui_replay_file_opens_the_viewer_over_the_title():
    from hanatui.app.screens.title import TitleScreen

    viewer_app = replay_app(BAKAPPANA, settings=settings(), save=False)
    async with viewer_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, ReplayScreen)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, TitleScreen)


async def test_hanatui_replay_of_a_bad_file_shows_the_dialog_over_the_title(tmp_path):
    from hanatui.app.screens.title import TitleScreen

    viewer_app = replay_app(_garbage(tmp_path), settings=settings(), save=False)
    async with viewer_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, BadFileDialog)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, TitleScreen)


def test_the_replay_subcommand_is_wired(monkeypatch):
    from hanatui import cli

    opened = []

    class FakeApp:
        return_code = 0

        # what SIGHUP and SIGTERM call (`hanatui.session.signals`)
        def quit_when_ready(self) -> None:
            raise AssertionError("no signal was sent")

        async def run_async(self) -> None:
            opened.append(True)

    monkeypatch.setattr(
        "hanatui.app.app.replay_app",
        lambda path, **kw: opened.append(path) or FakeApp(),
    )
    assert cli.main(["replay", str(BAKAPPANA)]) == 0
    assert opened == [str(BAKAPPANA), True]


__all__ = ["Card"]


async def test_a_long_match_s_score_chart_shows_the_rounds_around_the_cursor_on_whole_lines():
    """A 60-round match at 120x40: the chart's lines wrapped (60 cells and a total in a column
    of 38), so the round numbers stood over other rounds' cells. The chart shows the rounds
    around the cursor's, its lines as wide as the column, the first shown numbered, and the
    players' names whole."""
    from core.logfile import header_for
    from core.rules import find_rules
    from hanatui.arena.selfplay import play_match
    from hanatui.bots import make_bot

    rules = find_rules("koikoi", rounds=60)
    timeline = play_match(rules, [make_bot("easy"), make_bot("easy")], seed=3)
    header = header_for(timeline.events, app="hanatui test", created="2026-12-01T00:00:00+00:00")
    log = read_log(encode_log(header, timeline.events))
    async with app().run_test(size=SIZE) as pilot:
        screen = await viewer(pilot, log=log)
        chart = screen.query_one("#chart")
        width = chart.content_region.width
        for key in ("home", "pagedown", "end"):
            await pilot.press(key)
            await pilot.pause()
            lines = str(chart.render().plain).split("\n")
            assert len(lines) == 3  # the numbers and a line a player: none wrapped
            # the header's numbers stand over the rows' cells: every line as long, within it
            assert len({len(line) for line in lines}) == 1 and len(lines[0]) <= width, lines
            header = lines[0]
            assert header.endswith(" total")
            numbers = header.split()[-2]
            first = int(header.split(":")[0]) if ":" in header else 1
            assert numbers[0] == str(first % 10)
            current = screen.state.round or 1
            assert first <= current < first + len(numbers), (current, header)
            # the names whole, not cut to "Eas…" both
            assert lines[1].startswith("Easy 1 ") and lines[2].startswith("Easy 2 "), lines


def test_a_move_line_from_move_1000_on_wraps_within_the_list_and_indents_under_its_words():
    """From move 1000 the number takes a column more: the words were still wrapped for three
    digits, one column past the list's edge, and the lines under them indented a column short
    of the words above."""
    from rich.cells import cell_len

    from hanatui.app.screens.replay.render import move_line

    text = "Easy 5 plays 04c Wisteria chaff, taking 04b Wisteria ribbon and then some more"
    for number in ("12", "1493"):
        lines = move_line(number, text, "", 40).plain.split("\n")
        assert len(lines) > 1
        assert all(cell_len(line) <= 40 for line in lines), lines
        start = len(number) + 1 if len(number) > 3 else 4  # where the words begin
        assert lines[0][start - 1] == " " and lines[0][start] != " "
        assert all(line[:start].isspace() and line[start] != " " for line in lines[1:]), lines


@pytest.mark.parametrize("ascii_mode", [False, True], ids=["unicode", "ascii"])
async def test_the_chosen_way_to_play_on_shows_without_colour(ascii_mode):
    # Textual draws the same dot in both radio buttons and tells them apart by colour alone.
    chosen, other = ("(*)", "( )") if ascii_mode else ("▐●▌", "▐○▌")
    application = HanaApp(settings=settings(theme="hana-night", ascii=ascii_mode), save=False)
    async with application.run_test(size=SIZE) as pilot:
        await viewer(pilot)
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ForkDialog)

        def marks() -> tuple[str, str]:
            text = screen_text(pilot)
            same = next(line for line in text.splitlines() if "the same future" in line)
            shuffled = next(line for line in text.splitlines() if "reshuffled:" in line)
            return same, shuffled

        same, shuffled = marks()
        assert chosen in same and other in shuffled
        await pilot.click("#reshuffled")
        await pilot.pause()
        same, shuffled = marks()
        assert other in same and chosen in shuffled
