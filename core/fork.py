"""Play on from here: a new match that starts at any position of a recorded one.

The new match's events are the recorded events up to the position (so it folds like any log),
with new players, and either the same future (the recorded deck) or the cards the forking seat
could not see reshuffled among their places (a fair what-if: the seat learns nothing it did not
know). Cards seen by the seat keep their places, so the prefix stays valid. A reshuffled deal
loses its proof (docs/deals.md): it is no longer the shuffle its table committed to.
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from core.chance import Rng, shuffle_positions
from core.engine import fold, is_over
from core.errors import HanaError
from core.events import DealCommitted, Dealt, EntropyGiven, Event, MatchStarted, UndoTaken
from core.messages import N_
from core.players import Player
from core.view import observe


def fork_events(
    events: Sequence[Event],
    index: int,
    *,
    players: tuple[Player, ...],
    seat: int,
    mode: str = "same_future",
    rng: Rng | None = None,
) -> list[Event]:
    """The events of a new match continuing from the state after ``events[:index]``.

    ``mode`` is "same_future" (the recorded deck order) or "reshuffled" (needs ``rng``): the cards
    ``seat`` cannot see at that point are shuffled among their positions in the current deal.
    """
    if not 1 <= index <= len(events):
        raise HanaError(
            N_("cannot fork at event {index}: the log has {count} events"),
            index=index,
            count=len(events),
        )
    first = events[0]
    if not isinstance(first, MatchStarted):
        raise HanaError(N_("a match must begin with match_started"))
    if len(players) != len(first.players):
        raise HanaError(
            N_("the match has {seats} seats, not {count}"),
            seats=len(first.players),
            count=len(players),
        )
    # what the source's undos took back stays with the source (a reshuffled future would not
    # let it replay), and so do the undos of a seat a computer now plays (only people undo)
    prefix: list[Event] = [replace(first, players=players)]
    for e in events[1:index]:
        if isinstance(e, UndoTaken):
            if players[e.seat].kind != "human":
                continue
            e = UndoTaken(seat=e.seat)
        prefix.append(e)
    state = fold(prefix)
    if is_over(state):
        raise HanaError(N_("the match is over: there is nothing to play on from"))
    if mode == "same_future":
        return prefix
    if mode != "reshuffled":
        raise HanaError(
            N_("unknown fork mode: {mode} (same_future or reshuffled)"), mode=repr(mode)
        )
    if rng is None:
        raise HanaError(N_("a reshuffled fork needs a random generator"))
    dealt_at = max((i for i, e in enumerate(prefix) if isinstance(e, Dealt)), default=None)
    if dealt_at is None or not state.hands:
        return prefix  # before the first deal: the future is not dealt yet anyway
    unseen = observe(state, seat).unseen.mask
    dealt = prefix[dealt_at]
    assert isinstance(dealt, Dealt)
    deck = tuple(c for c in dealt.deck if c is not None)
    if len(deck) != len(dealt.deck):
        raise HanaError(N_("a redacted deal cannot be reshuffled"))
    prefix[dealt_at] = replace(dealt, deck=shuffle_positions(deck, unseen, rng))
    # the reshuffled deal is no longer the one its proof committed to: its proof goes
    start = dealt_at
    while start > 0 and isinstance(prefix[start - 1], EntropyGiven):
        start -= 1
    if start > 0 and isinstance(prefix[start - 1], DealCommitted):
        del prefix[start - 1 : dealt_at]
    fold(prefix)  # the prefix must still replay: it never mentions an unseen card
    return prefix
