"""What one seat may see, and back: `observe(state, seat)` gives a seat's `View` (bots and the
table only ever get one); `determinize(view, rng)` samples a full `State` that agrees with it.

A determinization deals the seat's ``unseen`` cards at random into the other hands (with the
counts the view shows) and the draw pile (in a random order). Everything the seat can see, the
phase, the scores and the game's public round state are copied from the view, so the sampled
state is one the seat cannot tell apart from the real one.
"""

from __future__ import annotations

import random

from core.cards import CardSet, iter_bits
from core.games.options import Rules
from core.games.registry import game_for
from core.players import Player, seat_label
from core.state import Phase, RoundState, Source, State

__all__ = ["VIEW_FIELDS", "View", "determinize", "hidden_indexes", "observe"]


class View:
    """A seat's view of the table: its own hand, everything public, counts of the hidden zones.

    A view is built lazily from the state it looks at (`observe` costs next to nothing, which
    matters to a bot arena that gives a view at every decision): each part is read or computed
    the first time it is asked for. Its attributes are read-only and say only what the seat may
    see; the state it reads stays private (``_state``), and two views are equal when everything
    they show is.
    """

    __slots__ = ("_captures", "_field", "_hand", "_seat", "_state", "_unseen")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state  # private: read here only for what ``seat`` may see
        self._seat = seat
        self._hand: CardSet | None = None
        self._field: CardSet | None = None
        self._captures: tuple[CardSet, ...] | None = None
        self._unseen: CardSet | None = None

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def rules(self) -> Rules:
        return self._state.rules

    @property
    def players(self) -> tuple[Player, ...]:
        return self._state.players

    @property
    def num_players(self) -> int:
        return len(self._state.players)

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def dealer(self) -> int:
        return self._state.dealer

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def turn_no(self) -> int:
        return self._state.turn_no

    @property
    def stage(self) -> Source:
        return self._state.stage

    @property
    def totals(self) -> tuple[int, ...]:
        return self._state.totals

    @property
    def history(self) -> tuple[tuple[int, ...], ...]:
        return self._state.history

    @property
    def hand(self) -> CardSet:
        """The seat's own hand."""
        hand = self._hand
        if hand is None:
            hands = self._state.hands
            hand = self._hand = CardSet(hands[self._seat] if hands else 0)
        return hand

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(h.bit_count() for h in self._state.hands)

    @property
    def field(self) -> CardSet:
        field = self._field
        if field is None:
            field = self._field = CardSet(self._state.field)
        return field

    @property
    def captures(self) -> tuple[CardSet, ...]:
        """Each seat's captured cards."""
        captures = self._captures
        if captures is None:
            captures = self._captures = tuple(CardSet(c) for c in self._state.captures)
        return captures

    @property
    def pile_count(self) -> int:
        return len(self._state.pile)

    @property
    def pending(self) -> int:
        """The card awaiting a capture choice (public: it is on the table), or -1."""
        return self._state.pending

    @property
    def pending_from(self) -> Source | None:
        return self._state.pending_from

    @property
    def unseen(self) -> CardSet:
        """The cards this seat cannot see: the other hands and the draw pile."""
        unseen = self._unseen
        if unseen is None:
            state = self._state
            hidden = 0
            for i in state.pile:
                hidden |= 1 << i
            for s, h in enumerate(state.hands):
                if s != self._seat:
                    hidden |= h
            unseen = self._unseen = CardSet(hidden)
        return unseen

    @property
    def extra(self) -> RoundState | None:
        """The game's public round state."""
        return self._state.extra

    def _shown(self) -> tuple[object, ...]:
        """Everything the view shows, in the order of `VIEW_FIELDS`."""
        return tuple(getattr(self, name) for name in VIEW_FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self._shown() == other._shown()

    def __hash__(self) -> int:
        return hash(self._shown())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in VIEW_FIELDS)
        return f"View({shown})"


#: What a `View` shows (its equality compares these).
VIEW_FIELDS = (
    "seat",
    "rules",
    "players",
    "phase",
    "round",
    "dealer",
    "turn",
    "turn_no",
    "stage",
    "totals",
    "history",
    "hand",
    "hand_counts",
    "field",
    "captures",
    "pile_count",
    "pending",
    "pending_from",
    "unseen",
    "extra",
)


def observe(state: State, seat: int) -> View:
    """The view of ``seat``: never another seat's hand or the draw pile's order."""
    return View(state, seat)


def hidden_indexes(view: View) -> list[int]:
    """The bit indexes of the cards the seat cannot see, lowest first."""
    return list(iter_bits(view.unseen.mask))


def determinize(view: View, rng: random.Random, *, hidden: list[int] | None = None) -> State:
    """A full state that agrees with ``view`` on everything ``view.seat`` can see.

    The cards of ``view.unseen`` are shuffled with ``rng`` and dealt to the other hands (as many
    as ``view.hand_counts`` says each holds) and to the draw pile (``view.pile_count`` cards).
    ``hidden`` may pass `hidden_indexes(view)` precomputed when sampling many times.
    """
    cards = list(hidden_indexes(view) if hidden is None else hidden)
    rng.shuffle(cards)
    seat = view.seat
    counts = view.hand_counts
    need = sum(c for s, c in enumerate(counts) if s != seat) + view.pile_count
    if need != len(cards):
        raise ValueError(
            f"view of {seat_label(seat)} is inconsistent: {len(cards)} unseen cards, but the "
            f"other hands and the pile hold {need}"
        )
    hands = []
    pos = 0
    for s, count in enumerate(counts):
        if s == seat:
            hands.append(view.hand.mask)
            continue
        h = 0
        for i in cards[pos : pos + count]:
            h |= 1 << i
        hands.append(h)
        pos += count
    return State(
        rules=view.rules,
        hooks=game_for(view.rules),
        players=view.players,
        phase=view.phase,
        dealer=view.dealer,
        totals=view.totals,
        history=view.history,
        round=view.round,
        hands=tuple(hands),
        field=view.field.mask,
        pile=tuple(cards[pos:]),
        captures=tuple(c.mask for c in view.captures),
        turn=view.turn,
        turn_no=view.turn_no,
        stage=view.stage,
        pending=view.pending,
        pending_from=view.pending_from,
        undos=(0,) * len(view.players),
        extra=view.extra,
    )
