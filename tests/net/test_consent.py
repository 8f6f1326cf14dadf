"""What the players decide together: an undo needs the others' consent (asked, allowed or
refused), a seat that stays away can be handed to a computer player (recorded in the log) and
taken back by its player, and each player downloads the match in their own player view."""

from __future__ import annotations

import asyncio
import random

from core.events import Dealt, UndoTaken
from core.logfile import read_log
from core.redact import redact
from hanatui.net import protocol as p
from hanatui.store.files import read_bytes_capped
from tests.net.helpers import Recorder, koikoi_table, play_seat, play_turns, seated, until


def _asked(recorder: Recorder) -> list[p.UndoAsked]:
    return [m for m in recorder.messages if isinstance(m, p.UndoAsked)]


def _settled(recorder: Recorder) -> list[p.UndoSettled]:
    return [m for m in recorder.messages if isinstance(m, p.UndoSettled)]


async def test_an_undo_needs_the_other_players_consent(data_dir):
    server = await koikoi_table(data_dir)
    ann, ann_log = await seated(server, 0, "Ann")
    bob, bob_log = await seated(server, 1, "Bob")
    try:
        await until(lambda: ann.started and bob.started)
        session = server.session
        assert session is not None
        rng = random.Random(7)
        # play until one seat has just decided and the other must answer
        await play_turns([ann, bob], 2, rng)
        mover, mover_log, other, other_log = (
            (ann, ann_log, bob, bob_log) if session.can_undo(0) else (bob, bob_log, ann, ann_log)
        )
        seat = 0 if mover is ann else 1
        assert session.can_undo(seat)
        before = list(session.events)
        # refused: nothing changes
        assert await mover.request_undo()
        await until(lambda: bool(_asked(other_log)))
        asked = _asked(other_log)[-1]
        assert asked.seat == seat
        assert await other.answer_undo(asked.request, allow=False)
        await until(lambda: bool(_settled(mover_log)))
        refused = _settled(mover_log)[-1]
        assert not refused.granted and "said no" in refused.reason
        assert session.events == before
        # allowed: the move is taken back for everyone, and the log says who took it back
        assert await mover.request_undo()
        await until(lambda: len(_asked(other_log)) == 2)
        assert await other.answer_undo(_asked(other_log)[-1].request, allow=True)
        await until(lambda: len(_settled(mover_log)) == 2 and _settled(mover_log)[-1].granted)
        last = session.events[-1]
        assert isinstance(last, UndoTaken) and last.seat == seat and last.undone
        assert len(session.events) < len(before) + 1
        for s, client in ((0, ann), (1, bob)):
            await until(lambda c=client, s=s: c.redacted == redact(session.events, s))
        assert mover.legal()  # the seat decides again
        # an answer to a closed request is refused; a request with nothing to undo too
        assert await other.answer_undo(asked.request, allow=True)
        await until(lambda: any(isinstance(m, p.Refused) for m in other_log.messages))
        journal = read_log(read_bytes_capped(server.journal_path))
        assert journal.events == session.events
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_a_seat_away_is_handed_to_a_computer_and_taken_back(data_dir):
    server = await koikoi_table(data_dir, hand_over_after=0)
    ann, ann_log = await seated(server, 0, "Ann")
    bob, _ = await seated(server, 1, "Bob")
    try:
        await until(lambda: ann.started and bob.started)
        # refused while Bob is at the table
        assert await ann.hand_over(1, "easy")
        await until(lambda: any(isinstance(m, p.Refused) for m in ann_log.messages))
        await bob.close()
        await until(lambda: 1 not in server.connected)
        await until(lambda: bool(ann.away_seats()))
        assert await ann.hand_over(1, "easy")
        await until(lambda: server.stand_ins == {1: "easy"})
        # Ann plays alone: the computer answers for Bob until the round is over
        await play_seat(ann, random.Random(8), rounds=1)
        assert server.session is not None and server.session.state.rounds_done >= 1
        notices = [m.text for m in ann_log.messages if isinstance(m, p.Notice)]
        assert any("handed seat 2 (Bob" in t and "easy computer player" in t for t in notices)
        # Bob comes back: his seat is his again, and the log records both changes
        back, _ = await seated(server, 1, "Bob")
        await until(lambda: back.started and not server.stand_ins)
        log = read_log(read_bytes_capped(server.journal_path))
        texts = [c.text for c in log.comments]
        assert any("handed seat 2" in t for t in texts)
        assert any("is back" in t for t in texts)
        await back.close()
    finally:
        await ann.close()
        await server.close()


async def test_a_player_downloads_the_match_in_their_player_view(data_dir):
    server = await koikoi_table(data_dir)
    ann, _ = await seated(server, 0, "Ann")
    bob, _ = await seated(server, 1, "Bob")
    try:
        await until(lambda: ann.started and bob.started)
        await asyncio.gather(
            play_seat(ann, random.Random(1), rounds=1), play_seat(bob, random.Random(2), rounds=1)
        )
        data = await ann.fetch_log()
        assert data is not None
        log = read_log(data)
        assert log.header.redacted_for == 0
        assert server.session is not None
        truth = server.session.events[: len(log.events)]
        # the same match; only the cards Ann never saw may lie elsewhere in the deals
        assert [e for e in log.events if not isinstance(e, Dealt)] == [
            e for e in truth if not isinstance(e, Dealt)
        ]
        first_deal = next(line for line in data.decode().splitlines() if '"dealt"' in line)
        assert first_deal.count("null") == 48 - 16  # only the field and Ann's hand
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_each_player_keeps_the_finished_match_in_their_own_player_view(data_dir, tmp_path):
    from core.events import MatchEnded

    server = await koikoi_table(data_dir, rules={"rounds": 1})
    ann, _ = await seated(server, 0, "Ann")
    bob, _ = await seated(server, 1, "Bob")
    try:
        await until(lambda: ann.started and bob.started)
        await asyncio.gather(
            play_seat(ann, random.Random(1), rounds=1), play_seat(bob, random.Random(2), rounds=1)
        )
        assert server.session is not None
        truth = server.session.events
        assert isinstance(truth[-1], MatchEnded)
        await until(lambda: ann.over and bob.over)
        for seat, client in ((0, ann), (1, bob)):
            kept = client.archive(tmp_path / f"games{seat}")
            assert kept is not None and kept.parent == tmp_path / f"games{seat}"
            assert client.archive() == kept  # kept once
            data = read_bytes_capped(kept)
            log = read_log(data)  # strictly: a whole, valid log
            assert log.header.redacted_for == seat
            # the whole match; only the cards this seat never saw may lie elsewhere in the deal
            assert [e for e in log.events if not isinstance(e, Dealt)] == [
                e for e in truth if not isinstance(e, Dealt)
            ]
            deal = next(line for line in data.decode().splitlines() if '"dealt"' in line)
            assert deal.count("null") == 48 - 16  # only the field and this seat's hand
            assert log.header.players == server.session.players
    finally:
        await ann.close()
        await bob.close()
        await server.close()
