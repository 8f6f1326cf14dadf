"""Proved deals through play: a session's undo replays the same committed deal, a game played
on from a replay says which deals it proves, and proved logs replay identically."""

from __future__ import annotations

import random
from typing import Literal

from hypothesis import given, settings
from hypothesis import strategies as st

from core.events import DealCommitted, Dealt, RoundEnded
from core.fork import fork_events
from core.logfile import Origin, encode_log, read_log
from core.players import Player
from core.proof import check_deals
from hanatui.cli.verify import deal_lines
from hanatui.session.session import Session
from tests.cli.test_verify_deals import proved_session


def test_an_undo_over_a_rounds_end_replays_the_same_committed_deal() -> None:
    """Hot-seat: the move that ends round 1 is taken back and played again: the next round's
    commitment and deck are the ones committed and dealt before."""
    from core.rules import find_rules

    players = (Player(name="Ann"), Player(name="Ben"))
    session = Session.new(find_rules("koikoi", rounds=2), players, seed=11, autosave=False)
    rng = random.Random(1)
    while True:
        session.settle()
        action = rng.choice(session.legal())
        before = len(session.events)
        session.act(action)
        if any(isinstance(e, RoundEnded) for e in session.events[before:]):
            break
    session.settle()
    after = session.events[before:]
    assert any(isinstance(e, DealCommitted) for e in after)
    assert any(isinstance(e, Dealt) and e.round == 2 for e in after)
    assert session.undo()
    session.act(action)
    session.settle()
    assert session.events[-len(after) :] == after
    proofs = check_deals(session.events)
    assert all(p.status in ("proved", "pending") for p in proofs)
    assert proofs[-1].status == "pending" and proofs[-1].round == 2


def _play_on(session: Session) -> Session:
    while True:
        session.settle()
        if session.over:
            return session
        session.act(session.bot_choice(level="random"))


def test_a_game_played_on_from_a_replay_proves_its_new_deals() -> None:
    source = proved_session(seed=7, rounds=2)
    events = source.events
    i = next(i for i, e in enumerate(events) if isinstance(e, Dealt) and e.round == 2) + 3
    players = tuple(Player(name=n) for n in ("Cat", "Dan"))
    modes: tuple[Literal["same_future", "reshuffled"], ...] = ("same_future", "reshuffled")
    for mode in modes:
        prefix = fork_events(events, i, players=players, seat=0, mode=mode, rng=random.Random(2))
        origin = Origin(source="source.hana", event=i, mode=mode)
        fork = _play_on(Session.from_events(prefix, seed=99, autosave=False, origin=origin))
        proofs = check_deals(fork.events, branch=i)
        # the deals before the branch hold the source's people's entropy, not this table's
        assert check_deals(fork.events)[0].reason == "entropy_missing"
        before = [p for p in proofs if p.event < len(prefix)]
        new = [p for p in proofs if p.event >= len(prefix)]
        assert all(p.status == "proved" for p in before[:-1])  # revealed in the prefix
        # the deal in play at the branch: its secret is the source's, not revealed here (same
        # future) or no longer what was committed (reshuffled: its proof is dropped)
        expected = "withheld" if mode == "same_future" else "unproved"
        assert before[-1].status == expected and before[-1].round == 2
        assert all(p.status == "proved" for p in new)
        words = deal_lines(proofs, [p.name for p in players], origin=origin)
        assert "source.hana" in words[len(before) - 1]
        data = encode_log(fork.header, fork.events)
        assert read_log(data).events == fork.events


def test_a_game_played_on_from_an_unproved_log_says_where_its_first_deals_were_made() -> None:
    """Played on with the same cards from a log without proofs (an older one): its deals before
    the branch are the source's, unproved there; reshuffled, they are new and unproved."""
    from core.events import PROOF_EVENTS

    source = proved_session(seed=5, rounds=2)
    events = [e for e in source.events if not isinstance(e, PROOF_EVENTS)]
    i = next(i for i, e in enumerate(events) if isinstance(e, Dealt) and e.round == 2) + 3
    players = tuple(Player(name=n) for n in ("Cat", "Dan"))
    cases: tuple[tuple[Literal["same_future", "reshuffled"], str], ...] = (
        ("same_future", "without a proof there"),
        ("reshuffled", "its unseen cards were reshuffled"),
    )
    for mode, words in cases:
        prefix = fork_events(events, i, players=players, seat=0, mode=mode, rng=random.Random(2))
        origin = Origin(source="old.hana", event=i, mode=mode)
        fork = _play_on(Session.from_events(prefix, seed=99, autosave=False, origin=origin))
        proofs = check_deals(fork.events, branch=i)
        lines = deal_lines(proofs, [p.name for p in players], origin=origin)
        before = [line for p, line in zip(proofs, lines, strict=True) if p.event < len(prefix)]
        assert before and all(words in line and "old.hana" in line for line in before), before


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40), humans=st.integers(1, 2))
def test_proved_logs_replay_identically(seed: int, humans: int) -> None:
    session = proved_session(seed=seed, rounds=1, humans=humans)
    data = encode_log(session.header, session.events)
    log = read_log(data)
    assert log.events == session.events
    assert encode_log(log.header, log.events) == data
    proofs = check_deals(log.events)
    assert proofs and all(p.status == "proved" for p in proofs)
    assert all(p.entropy == tuple(range(humans)) for p in proofs)


def test_the_replays_move_list_words_each_proof_event() -> None:
    """Before and after the cursor alike (a proof names no card), never an empty line."""
    from core.events import DealRevealed, EntropyGiven
    from hanatui.text.story import Story

    session = proved_session(seed=3, rounds=1)
    events = session.events
    story = Story(events, session.timeline.states)
    for position in (1, len(events)):
        for i, event in enumerate(events):
            line = story.line(i, position, 0, all_hands=False)
            if isinstance(event, DealCommitted):
                assert line == "The table commits to its secret for the next deal"
            elif isinstance(event, EntropyGiven):
                assert line == "P1 adds entropy to the next deal's seed"
            elif isinstance(event, DealRevealed):
                assert line.startswith("The table reveals its secret")
