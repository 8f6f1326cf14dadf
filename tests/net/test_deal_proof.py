"""Proved deals at a network table (docs/deals.md): each player's program gives its entropy after
the host's commitment and checks every deal at its round's end; a host that deals a deck of its
choice, or withholds its secret, is caught by both players."""

from __future__ import annotations

import random
from typing import Any

from core.events import (
    DealCommitted,
    DealerDrawn,
    DealRevealed,
    Dealt,
    EntropyGiven,
    Event,
    Redeal,
    RoundEnded,
)
from core.logfile import read_log
from hanatui.cli import main
from hanatui.net import server as server_module
from hanatui.net.client import RemoteSession
from hanatui.session.session import Session
from tests.net.helpers import koikoi_table, play_seat, seated, until


class StackingSession(Session):
    """A host's session that deals the deck it likes (the 48 cards in order) while committing
    and revealing as an honest one does."""

    def chance_event(self, event: Event) -> Event:
        if isinstance(event, Dealt):
            deck = tuple(sorted(event.deck, key=lambda c: c.index if c else 0))
            return Dealt(round=event.round, dealer=event.dealer, deck=deck)
        return event


class WithholdingSession(Session):
    """A host's session that never reveals its secrets."""

    def reveal_secret(self, ordinal: int) -> bytes | None:
        return None


async def _one_round(data_dir, monkeypatch, session_type: type[Session] | None = None) -> Any:
    if session_type is not None:
        monkeypatch.setattr(server_module, "Session", session_type)
    server = await koikoi_table(data_dir, rules={"rounds": 1})
    ann, _ = await seated(server, 0, "Ann")
    bob, _ = await seated(server, 1, "Bob")
    said: list[tuple[bool, str]] = []

    def listen(kind: str, data: Any) -> None:
        if kind == "deal_checked":
            said.append(data)

    ann.listener = listen
    return server, ann, bob, said


async def _play(ann, bob, server) -> None:
    import asyncio

    await asyncio.gather(
        play_seat(ann, random.Random(1), rounds=1), play_seat(bob, random.Random(2), rounds=1)
    )
    assert server.session is not None
    await until(lambda: len(ann.redacted) == len(bob.redacted) == len(server.session.events))


async def test_an_honest_table_deals_from_every_players_entropy(data_dir, monkeypatch):
    server, ann, bob, said = await _one_round(data_dir, monkeypatch)
    try:
        await _play(ann, bob, server)
        truth = list(server.session.events)
        # every chance event mixed in both players' own entropy, as their programs sent it
        for at, event in enumerate(truth):
            if isinstance(event, DealCommitted):
                given = {
                    e.seat: e.value for e in truth[at + 1 : at + 3] if isinstance(e, EntropyGiven)
                }
                assert given == {
                    0: ann.entropy_given[event.commitment].hex(),
                    1: bob.entropy_given[event.commitment].hex(),
                }
        # the secret of a deal reaches the players only after its round (or void deal) is over
        for at, event in enumerate(truth):
            if isinstance(event, DealRevealed):
                chance = max(i for i in range(at) if isinstance(truth[i], Dealt | DealerDrawn))
                if isinstance(truth[chance], Dealt):
                    assert any(isinstance(e, RoundEnded | Redeal) for e in truth[chance:at])
        for player in (ann, bob):
            checks = list(player.deal_checks.values())
            assert checks and all(c.status == "proved" for c in checks)
            assert player.deal_evidence is None
        assert said and all(ok for ok, _ in said)
        assert "Deal checked: round 1" in said[-1][1]
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_players_catch_a_host_that_deals_a_deck_of_its_choice(data_dir, monkeypatch):
    server, ann, bob, said = await _one_round(data_dir, monkeypatch, StackingSession)
    try:
        await _play(ann, bob, server)
        for player in (ann, bob):
            await until(lambda p=player: any(c.kind == "deal" for c in p.deal_checks.values()))
            deals = [c for c in player.deal_checks.values() if c.kind == "deal"]
            assert deals and all(
                (c.status, c.reason, c.round) == ("forged", "deck_changed", 1) for c in deals
            )
            assert player.problem is not None and "DOES NOT MATCH" in player.problem
            # the evidence: the player's view as it stood, which verify refuses as well
            assert player.deal_evidence is not None
            read_log(player.deal_evidence)
            path = player.deal_evidence_path
            assert path is not None and path.parent == data_dir / "games"
            assert path.read_bytes() == player.deal_evidence
            assert main(["verify", str(path)]) == 1  # and verify refuses it too
        assert said and not said[0][0] and "round 1" in said[0][1]
    finally:
        await ann.close()
        await bob.close()
        await server.close()


async def test_players_name_a_host_that_withholds_its_secret(data_dir, monkeypatch):
    server, ann, bob, said = await _one_round(data_dir, monkeypatch, WithholdingSession)
    try:
        await _play(ann, bob, server)
        for player in (ann, bob):
            await until(lambda p=player: any(c.kind == "deal" for c in p.deal_checks.values()))
            deals = [c for c in player.deal_checks.values() if c.kind == "deal"]
            assert deals and all(c.status == "withheld" for c in deals)
            assert player.problem is not None and "WITHHELD" in player.problem
        assert said and not said[0][0]
    finally:
        await ann.close()
        await bob.close()
        await server.close()


class SilentSession(RemoteSession):
    """A player's program that never answers a commitment."""

    def _give_entropy(self) -> None:
        return None


async def test_a_seat_that_sends_no_entropy_does_not_stop_the_table(data_dir):
    """After the wait the table deals with its own contribution for the silent seat; the other
    player's entropy is in the seed all the same."""
    server = await koikoi_table(data_dir, rules={"rounds": 1}, entropy_timeout=0.2)
    ann, _ = await seated(server, 0, "Ann")
    bob = SilentSession(server.url(1), "Bob")
    bob.start()
    try:
        await until(
            lambda: (
                server.session is not None
                and any(isinstance(e, Dealt) for e in server.session.events)
            )
        )
        events = server.session.events
        committed = next(e for e in events if isinstance(e, DealCommitted))
        given = [e for e in events if isinstance(e, EntropyGiven)][:2]
        assert given[0].value == ann.entropy_given[committed.commitment].hex()
        assert not bob.entropy_given
        # the log says whose entropy the table made, and so does each program's check
        assert [(e.seat, e.by_table) for e in given] == [(0, False), (1, True)]
        await until(lambda: bool(ann.deal_checks) and bool(bob.deal_checks))
        draw = next(iter(bob.deal_checks.values()))
        assert draw.status == "proved" and draw.by_table == (1,)
    finally:
        await ann.close()
        await bob.close()
        await server.close()
