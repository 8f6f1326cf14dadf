"""Checking the proof of every deal in a log (docs/deals.md), and when a table's reveal is due.

A proved chance event (a deal or the dealer draw) is preceded by the table's commitment
(`DealCommitted`) and the entropy of every person at the table (`EntropyGiven`), and followed,
once its cards are no longer hidden, by the table's secret (`DealRevealed`). `check_deals` works
out for each chance event of a log whether the secret matches the commitment and the logged
outcome is the published shuffle of the combined seed. Pure: it reads events, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import msgspec

from core.cards import Card
from core.chance import draw_dealer
from core.events import (
    DealCommitted,
    DealerDrawn,
    DealRevealed,
    Dealt,
    EntropyGiven,
    Event,
    MatchStarted,
    Redeal,
    RoundEnded,
)
from core.shuffle import DEALER_LABEL, SeededRng, combined_seed, commitment, deck_from_seed
from core.state import State

Status = Literal["proved", "unproved", "pending", "withheld", "forged"]
#: Why a chance event is not proved (`DealProof.reason`); the words are the showing module's.
Reason = Literal[
    "no_commitment",  # unproved: nothing committed before it (an older log, a reshuffled fork)
    "in_play",  # pending: its round is still being played
    "not_revealed",  # withheld: the round is over, the secret never came
    "second_commitment",  # forged: a commitment came while another waited for its deal
    "round_differs",  # forged: the proof's events name another round than the deal
    "entropy_twice",  # forged: ``seat`` gave entropy twice
    "entropy_alone",  # forged: entropy with no commitment before it
    "reveal_alone",  # forged: a secret revealed with no committed deal before it
    "secret_differs",  # forged: the revealed secret does not fit the commitment
    "entropy_missing",  # forged: ``seat``, a person, gave no entropy
    "entropy_omitted",  # forged: the deck is the shuffle of a seed without ``seat``'s entropy
    "deck_changed",  # forged: the outcome is not the shuffle of the seed
]


class DealProof(msgspec.Struct, frozen=True, kw_only=True):
    """What a log proves about one chance event.

    ``status``: ``proved`` (the revealed secret matches its commitment and the outcome is the
    shuffle of the combined seed); ``unproved`` (no commitment: an older log, or a deal a
    play-on reshuffled); ``pending`` (committed, its round still being played); ``withheld``
    (committed, the round is over and the table never revealed its secret); ``forged`` (the
    proof contradicts the log). ``reason`` says why it is not proved, about ``seat`` for the
    reasons about one seat. ``event``: the chance event's index in the log (for a stray proof
    event, its own); ``entropy``: the seats whose contribution the seed mixes in, ``by_table``
    those the table made for a player who gave none (away from a network table); ``redacted``:
    only the cards a player's view shows were compared.
    """

    event: int
    round: int
    kind: Literal["deal", "dealer_draw"]
    status: Status
    reason: Reason | None = None
    seat: int | None = None
    entropy: tuple[int, ...] = ()
    by_table: tuple[int, ...] = ()
    redacted: bool = False


class _Pending:
    """A commitment seen, with the contributions after it and the chance event it is for."""

    def __init__(self, at: int, ev: DealCommitted) -> None:
        self.at = at
        self.commit = ev
        self.entropy: dict[int, bytes] = {}
        self.by_table: set[int] = set()
        self.problem: Reason | None = None
        self.seat: int | None = None


def _chance_kind(event: Event) -> Literal["deal", "dealer_draw"] | None:
    if isinstance(event, Dealt):
        return "deal"
    if isinstance(event, DealerDrawn):
        return "dealer_draw"
    return None


def _matches(event: Event, seed: bytes, first: MatchStarted) -> bool:
    """Whether the logged chance event is what the seed draws (a redacted deck's hidden cards,
    null, match any card)."""
    if isinstance(event, Dealt):
        deck: tuple[Card | None, ...] = event.deck
        expected = deck_from_seed(seed)
        return all(c is None or c == e for c, e in zip(deck, expected, strict=True))
    assert isinstance(event, DealerDrawn)
    drawn = draw_dealer(first.rules, len(first.players), SeededRng(seed, DEALER_LABEL))
    return drawn == event


def check_deals(events: Sequence[Event], *, branch: int = 0) -> list[DealProof]:
    """The proof of each chance event of a match's events, in order. ``branch``: for a game
    played on from another log, the index it branched at: the deals before it were made for
    that log's players, so they need not hold the entropy of every person seated here."""
    if not events or not isinstance(events[0], MatchStarted):
        return []
    first = events[0]
    people = tuple(i for i, p in enumerate(first.players) if p.kind == "human")
    pending: _Pending | None = None  # committed, its chance event not yet seen
    open_: dict[int, tuple[_Pending, Event]] = {}  # chance index -> its proof, not revealed
    ended: set[int] = set()  # chance events whose cards are no longer hidden
    hidden: list[int] = []  # open chance events whose cards are still hidden
    order: list[int] = []  # the open chance events, in order (a reveal is for the last)
    results: dict[int, DealProof] = {}
    forged_extra: list[DealProof] = []
    for i, event in enumerate(events):
        if isinstance(event, DealCommitted):
            twice = pending is not None
            pending = _Pending(i, event)
            if twice:
                pending.problem = "second_commitment"
        elif isinstance(event, EntropyGiven):
            if pending is None:
                forged_extra.append(
                    DealProof(
                        event=i,
                        round=event.round,
                        kind="deal",
                        status="forged",
                        reason="entropy_alone",
                    )
                )
                continue
            if event.round != pending.commit.round:
                pending.problem = "round_differs"
            if event.seat in pending.entropy:
                pending.problem, pending.seat = "entropy_twice", event.seat
            pending.entropy[event.seat] = bytes.fromhex(event.value)
            if event.by_table:
                pending.by_table.add(event.seat)
        elif isinstance(event, DealRevealed):
            target = order.pop() if order else None
            if target is None:
                forged_extra.append(
                    DealProof(
                        event=i,
                        round=event.round,
                        kind="deal",
                        status="forged",
                        reason="reveal_alone",
                    )
                )
                continue
            proof, chance = open_.pop(target)
            needed = people if target >= branch else ()
            results[target] = _judge(target, proof, chance, event, first, needed)
        else:
            kind = _chance_kind(event)
            if hidden and isinstance(event, RoundEnded | Redeal):
                ended.update(hidden)  # each chance event is looked at once: linear in the log
                hidden.clear()
            if kind is None:
                continue
            round_no = event.round if isinstance(event, Dealt) else 1
            if pending is None:
                results[i] = DealProof(
                    event=i,
                    round=round_no,
                    kind=kind,
                    status="unproved",
                    reason="no_commitment",
                )
                continue
            if pending.commit.round != round_no:
                pending.problem = "round_differs"
            open_[i] = (pending, event)
            order.append(i)
            if kind == "dealer_draw":
                ended.add(i)
            else:
                hidden.append(i)
            pending = None
    for at, (proof, chance) in open_.items():
        kind = _chance_kind(chance) or "deal"
        round_no = chance.round if isinstance(chance, Dealt) else 1
        if proof.problem:
            results[at] = DealProof(
                event=at,
                round=round_no,
                kind=kind,
                status="forged",
                reason=proof.problem,
                seat=proof.seat,
            )
        elif at in ended:
            results[at] = DealProof(
                event=at,
                round=round_no,
                kind=kind,
                status="withheld",
                reason="not_revealed",
            )
        else:
            results[at] = DealProof(
                event=at,
                round=round_no,
                kind=kind,
                status="pending",
                reason="in_play",
            )
    return sorted([*results.values(), *forged_extra], key=lambda p: p.event)


def _judge(
    at: int,
    proof: _Pending,
    chance: Event,
    reveal: DealRevealed,
    first: MatchStarted,
    people: tuple[int, ...],
) -> DealProof:
    kind = _chance_kind(chance) or "deal"
    round_no = chance.round if isinstance(chance, Dealt) else 1
    redacted = isinstance(chance, Dealt) and None in chance.deck

    def verdict(status: Status, reason: Reason | None = None, seat: int | None = None) -> DealProof:
        return DealProof(
            event=at,
            round=round_no,
            kind=kind,
            status=status,
            reason=reason,
            seat=seat,
            entropy=tuple(sorted(proof.entropy)),
            by_table=tuple(sorted(proof.by_table)),
            redacted=redacted,
        )

    if proof.problem:
        return verdict("forged", proof.problem, proof.seat)
    if reveal.round != round_no:
        return verdict("forged", "round_differs")
    secret = bytes.fromhex(reveal.secret)
    if commitment(secret) != proof.commit.commitment:
        return verdict("forged", "secret_differs")
    missing = [s for s in people if s not in proof.entropy]
    if missing:
        return verdict("forged", "entropy_missing", missing[0])
    seats = sorted(proof.entropy)
    values = [proof.entropy[s] for s in seats]
    if _matches(chance, combined_seed(secret, values), first):
        return verdict("proved")
    for k, seat in enumerate(seats):
        if _matches(chance, combined_seed(secret, values[:k] + values[k + 1 :]), first):
            return verdict("forged", "entropy_omitted", seat)
    return verdict("forged", "deck_changed")


def reveal_due(
    events: Sequence[Event], tail: Sequence[Event] = (), *, chances: int | None = None
) -> tuple[int, DealCommitted] | None:
    """The chance event whose secret a table should reveal now, as (its ordinal among the
    match's chance events, from 0; its commitment), or None: the last chance event, if it was
    committed, is not revealed yet and its cards are no longer hidden (the dealer draw at once,
    a deal once a `RoundEnded` or `Redeal` follows it). The events are ``events`` then
    ``tail``; ``chances``, if the caller counts them, is how many chance events they hold (so
    the work is only the last round's)."""
    split = len(events)

    def get(i: int) -> Event:
        return events[i] if i < split else tail[i - split]

    over = False
    at = None
    for i in range(split + len(tail) - 1, -1, -1):
        event = get(i)
        if isinstance(event, DealRevealed):
            return None
        if isinstance(event, RoundEnded | Redeal):
            over = True
        elif isinstance(event, DealerDrawn):
            over = True
            at = i
            break
        elif isinstance(event, Dealt):
            at = i
            break
    if at is None or not over:
        return None
    j = at - 1
    while j > 0 and isinstance(get(j), EntropyGiven):
        j -= 1
    committed = get(j)
    if not isinstance(committed, DealCommitted):
        return None
    if chances is None:
        chances = chance_ordinal(events) + chance_ordinal(tail)
    return chances - 1, committed


def chance_ordinal(events: Sequence[Event]) -> int:
    """How many chance events (deals, dealer draws) the events hold: the next one's ordinal."""
    return sum(1 for e in events if isinstance(e, Dealt | DealerDrawn))


#: The events after which a chance event's secret may be due (see `reveal_due`).
REVEALING = (DealerDrawn, Redeal, RoundEnded)


def with_reveals(
    events: Sequence[Event],
    pairs: Sequence[tuple[Event, State]],
    secret: Callable[[int], bytes | None],
    *,
    chances: int | None = None,
) -> list[tuple[Event, State]]:
    """``pairs`` (new events with their states, after ``events``) with each secret that falls
    due placed right after the event that makes it due (so a match still ends with
    `MatchEnded`). ``secret(ordinal)`` is the table's secret for that chance event, or None
    (not this table's, or not to be revealed); one that does not match the commitment (a deal
    this table did not commit to, as in a game played on from a replay) is not revealed.
    ``chances``: how many chance events ``events`` holds, if the caller counts them."""
    out: list[tuple[Event, State]] = []
    for pair in pairs:
        out.append(pair)
        if not isinstance(pair[0], REVEALING):
            continue
        tail = [e for e, _ in out]
        known = None if chances is None else chances + chance_ordinal(tail)
        due = reveal_due(events, tail, chances=known)
        if due is None:
            continue
        ordinal, committed = due
        value = secret(ordinal)
        if value is not None and commitment(value) == committed.commitment:
            out.append((DealRevealed(round=committed.round, secret=value.hex()), pair[1]))
    return out
