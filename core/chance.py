"""The only place randomness enters the engine, always through an explicit ``rng``.

Chance outcomes are recorded whole in the events they return (the full deck order, every card of
the dealer draw), so a log replays identically anywhere, without any random-number generator.

A proved table (docs/deals.md) draws every chance event from a seed instead: `proved_advance`
records the table's commitment and each contributing seat's entropy, then the deal or dealer draw
that the published shuffle (`core.shuffle`) makes of the combined seed; `core.proof` checks it
once the secret is revealed. The engine never needs the secret to play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from core.cards import CARDS, Card
from core.engine import apply, dealer_from_draws, run_auto
from core.errors import IllegalActionError
from core.events import DealCommitted, DealerDrawn, Dealt, EntropyGiven, Event
from core.games.registry import game_of
from core.messages import N_
from core.rules import Rules
from core.shuffle import DEALER_LABEL, SeededRng, combined_seed, commitment, deck_from_seed
from core.state import DEAL, DEALER_DRAW, State

T = TypeVar("T")


class Rng(Protocol):
    """What the engine asks of a random generator (`random.Random` is one)."""

    def shuffle(self, x: MutableSequence[Any], /) -> None: ...
    def sample(self, population: Sequence[T], k: int, /) -> list[T]: ...


def deal(rules: Rules, rng: Rng, *, round: int = 1, dealer: int = 0) -> Dealt:
    """A freshly shuffled deck for round ``round`` dealt by ``dealer``."""
    deck = list(CARDS)
    if type(rng) is random.Random:
        _shuffle(deck, rng)
    else:
        rng.shuffle(deck)
    return Dealt(round=round, dealer=dealer, deck=tuple(deck))


# The (position, bits per draw) of each swap of `random.Random.shuffle` on a 48-card deck.
_SWAPS = tuple((i, (i + 1).bit_length()) for i in reversed(range(1, len(CARDS))))


def _shuffle(deck: list[Card], rng: random.Random) -> None:
    """``rng.shuffle(deck)``, the same draws in the same order with the same result, without a
    method call per card: a deal is a fair part of a self-play hand's cost. CPython's shuffle
    swaps each position from the last down with one below it, drawn by rejection from
    ``getrandbits`` (tests/core/test_chance.py holds both to the same decks)."""
    getrandbits = rng.getrandbits
    for i, k in _SWAPS:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


def shuffle_positions(deck: tuple[Card, ...], mask: int, rng: Rng) -> tuple[Card, ...]:
    """The deck with the cards in ``mask`` shuffled among their own positions; others stay."""
    places = [i for i, c in enumerate(deck) if c.bit & mask]
    moving = [deck[i] for i in places]
    rng.shuffle(moving)
    out = list(deck)
    for i, c in zip(places, moving, strict=True):
        out[i] = c
    return tuple(out)


def draw_dealer(rules: Rules, players: int, rng: Rng) -> DealerDrawn:
    """Each player draws a card; ties on the best card draw again (docs/rules.md §2.1). Under a
    coin flip (koi-koi's ``first_dealer``) no card is drawn and one seat is picked."""
    if game_of(rules.game).coin_flip_first_dealer(rules):
        return DealerDrawn(draws=(), dealer=rng.sample(range(players), 1)[0])
    draws = []
    while True:
        attempt = tuple(rng.sample(CARDS, players))
        draws.append(attempt)
        dealer = dealer_from_draws(draws)
        if dealer is not None:
            return DealerDrawn(draws=tuple(draws), dealer=dealer)


def advance(state: State, rng: Rng) -> list[tuple[Event, State]]:
    """The chance event due now, then every automatic event after it, each with its state."""
    event = chance_event(state, rng)
    state = apply(state, event)
    return [(event, state), *run_auto(state)]


def chance_event(state: State, rng: Rng) -> Event:
    """The random event a chance state needs (the dealer draw or the next deal)."""
    if state.phase == DEALER_DRAW:
        return draw_dealer(state.rules, len(state.players), rng)
    if state.phase == DEAL:
        return deal(state.rules, rng, round=state.rounds_done + 1, dealer=state.dealer)
    raise IllegalActionError(N_("no chance event is due in phase {phase}"), phase=repr(state.phase))


def contributors(state: State) -> tuple[int, ...]:
    """The seats whose entropy a proved chance event mixes in: every person's (a computer seat
    plays for the table, whose secret is its part)."""
    return tuple(i for i, p in enumerate(state.players) if p.kind == "human")


def chance_round(state: State) -> int:
    """The round the chance event due now is for (the dealer draw is for round 1)."""
    return state.rounds_done + 1


def commit_events(state: State, secret: bytes, contributions: Mapping[int, bytes]) -> list[Event]:
    """The commitment to ``secret`` and each seat's contribution, in seat order."""
    round_no = chance_round(state)
    events: list[Event] = [DealCommitted(round=round_no, commitment=commitment(secret))]
    for seat in sorted(contributions):
        events.append(EntropyGiven(round=round_no, seat=seat, value=contributions[seat].hex()))
    return events


def proved_chance_event(state: State, secret: bytes, contributions: Mapping[int, bytes]) -> Event:
    """The chance event due now drawn from the seed of ``secret`` and ``contributions`` (seat
    order): a deal is `deck_from_seed`, the dealer draw a `SeededRng` on `DEALER_LABEL`."""
    seed = combined_seed(secret, [contributions[s] for s in sorted(contributions)])
    if state.phase == DEAL:
        return Dealt(round=chance_round(state), dealer=state.dealer, deck=deck_from_seed(seed))
    if state.phase == DEALER_DRAW:
        return draw_dealer(state.rules, len(state.players), SeededRng(seed, DEALER_LABEL))
    raise IllegalActionError(N_("no chance event is due in phase {phase}"), phase=repr(state.phase))


def proved_advance(
    state: State, secret: bytes, contributions: Mapping[int, bytes]
) -> list[tuple[Event, State]]:
    """`advance` at a proved table: the commitment and the contributions (which change nothing
    in the state), the chance event of their seed, and every automatic event after it."""
    pairs = [(event, state) for event in commit_events(state, secret, contributions)]
    event = proved_chance_event(state, secret, contributions)
    state = apply(state, event)
    return [*pairs, (event, state), *run_auto(state)]
