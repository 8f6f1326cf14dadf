"""A whole koi-koi round between two players across real WebSocket connections on loopback: each
seat receives only what it may see (checked by a tracker that knows nothing of `core.redact`),
and the server's journal is a valid log of the match."""

from __future__ import annotations

import random

import pytest

from core.actions import ChooseCapture, PlayCard
from core.events import Dealt, DrawnToHand, Event, MatchStarted, RoundEnded
from core.logfile import read_log
from core.redact import HiddenDraw
from hanatui.store.files import read_bytes_capped
from tests.net.helpers import koikoi_table, play_seat, seated, settled, until

# The deck of a `dealt` event (docs/replay-format.md): the field's cards first, then each seat's
# hand in seat order, then the draw pile. Koi-koi for two: 8 on the field, 8 in each hand.
FIELD, HAND = 8, 8


class SeenTracker:
    """What one seat may know, rebuilt from the true match (the server's journal) without the
    redaction code: at each deal, the field and its own hand; later, whatever is played or
    turned face up. Each event the seat received is compared with the true one."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.checked_deals = 0
        self.hidden_draws = 0

    def check(self, received: list[Event], truth: list[Event]) -> None:
        assert len(received) == len(truth)
        own = range(FIELD + self.seat * HAND, FIELD + (self.seat + 1) * HAND)
        for got, real in zip(received, truth, strict=True):
            if isinstance(real, Dealt):
                assert isinstance(got, Dealt)
                for i, card in enumerate(got.deck):
                    if i < FIELD or i in own:
                        assert card is real.deck[i], f"position {i} of the deal is wrong"
                    else:
                        assert card is None, f"seat {self.seat} was sent {card} at position {i}"
                self.checked_deals += 1
            elif isinstance(real, DrawnToHand):
                # the wire's draw into a hand may carry no card; a draw into another hand is
                # face up only when the rules turn it over
                assert isinstance(got, HiddenDraw)
                assert (got.seat, got.reason) == (real.seat, real.reason)
                hidden = real.seat != self.seat and real.reason == "draw_then_play_two"
                assert got.card is (None if hidden else real.card)
                self.hidden_draws += hidden
            else:
                assert got == real, f"{got} differs from {real}"


@pytest.mark.parametrize(
    "rules",
    [{}, {"turn_structure": "draw_then_play_two"}],
    ids=["standard", "draw-then-play-two"],
)
async def test_two_clients_play_a_whole_round(data_dir, rules):
    server = await koikoi_table(data_dir, rules=rules)
    ann, ann_log = await seated(server, 0, "Ann")
    bob, bob_log = await seated(server, 1, "Bob")
    try:
        moves = await _play_round(ann, bob)
        assert min(moves) >= 1
        await until(lambda: ann.redacted == _as_client_sees(ann_log)[: len(ann.redacted)])
        assert server.session is not None
        # the round's end commits to the next deal, dealt once both programs' entropy has come:
        # the truth is read after that, or a deal arriving later would make it stale
        await settled(server, ann, bob)
        truth = list(server.session.events)
        assert truth[0] == MatchStarted(rules=truth[0].rules, players=server.session.players)
        assert [p.name for p in server.session.players] == ["Ann", "Bob"]
        assert server.session.state.rounds_done >= 1
        assert any(isinstance(e, RoundEnded) for e in truth)
        for seat, log in ((0, ann_log), (1, bob_log)):
            received = _as_client_sees(log)
            tracker = SeenTracker(seat)
            tracker.check(received, truth)
            assert tracker.checked_deals >= 1
            # the legal actions a seat was sent are its own, with its own cards
            for message in log.events:
                for action in message.legal:
                    assert action.seat == seat
                    if isinstance(action, PlayCard | ChooseCapture):
                        assert action.card is not None
        # each seat's table shows exactly its own hand and the real field
        state = server.session.state
        for seat, session in ((0, ann), (1, bob)):
            view = session.view(seat)
            assert view.hand.mask == state.hands[seat]
            assert view.field.mask == state.field
            assert view.totals == state.totals
        # the journal, written as the match went, reads back strictly as a log of the match
        log = read_log(read_bytes_capped(server.journal_path))
        assert log.events == truth
        assert log.header.players == server.session.players
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def _play_round(ann, bob) -> list[int]:
    import asyncio

    return list(
        await asyncio.gather(
            play_seat(ann, random.Random(1), rounds=1), play_seat(bob, random.Random(2), rounds=1)
        )
    )


def _as_client_sees(recorder) -> list[Event]:
    """The events a client holds after applying every `events` message it received in order."""
    events: list[Event] = []
    for message in recorder.events:
        assert message.at <= len(events)
        events = events[: message.at] + list(message.events)
    return events
