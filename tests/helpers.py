"""Shared test helpers: random playouts and the engine invariants every game must keep."""

from __future__ import annotations

import contextlib
import importlib.util
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import msgspec

from core.cards import ALL_MASK
from core.chance import advance
from core.engine import fold, is_chance, is_over, legal_actions, step, to_act
from core.events import Event, MatchStarted
from core.logfile import AnyEvent
from core.players import Player
from core.rules import AnyRules
from core.state import DEAL, DEALER_DRAW, State
from core.timeline import Timeline


def players(n: int) -> tuple[Player, ...]:
    return tuple(Player(name=f"P{i + 1}") for i in range(n))


def random_playout(
    rules: AnyRules, n: int, seed: int, *, check: Callable[[Event, State], None] | None = None
) -> tuple[list[Event], list[State]]:
    """A whole match of uniformly random legal play; ``check`` sees every event and state."""
    rng = random.Random(seed)
    first = MatchStarted(rules=rules, players=players(n))
    from core.engine import apply

    state = apply(None, first)
    events: list[Event] = [first]
    states: list[State] = [state]
    while not is_over(state):
        if is_chance(state):
            pairs = advance(state, rng)
        else:
            legal = legal_actions(state)
            assert legal, f"nobody can act in phase {state.phase}"
            pairs = step(state, legal[rng.randrange(len(legal))])
        for event, after in pairs:
            if check is not None:
                check(event, after)
            events.append(event)
            states.append(after)
        state = states[-1]
    return events, states


def playout_with_undos(
    rules: AnyRules, seed: int, *, undos: int = 6, rate: float = 0.15, redo: float = 0.3
) -> Timeline:
    """A whole match of random play, seat 0 a person and the others computers, in which the
    person takes back a move now and then (up to ``undos`` times, sometimes twice in a row) and
    sometimes puts it back (``redo``): a log with undo markers and their variations."""
    rng = random.Random(seed)
    n = 2
    seats = (
        Player(name="You"),
        *(Player(name=f"CPU {i}", kind="bot", bot="easy") for i in range(1, n)),
    )
    timeline = Timeline([MatchStarted(rules=rules, players=seats)])
    left = undos
    while not is_over(timeline.last):
        state = timeline.last
        if is_chance(state):
            timeline.extend(advance(state, rng))
            continue
        if left and to_act(state) == 0 and timeline.can_undo(0) and rng.random() < rate:
            left -= 1
            timeline.undo(0)
            while left and timeline.can_undo(0) and rng.random() < 0.3:  # again, further back
                left -= 1
                timeline.undo(0)
            while timeline.can_redo() and rng.random() < redo:
                timeline.redo()
            continue
        legal = legal_actions(state)
        timeline.extend(step(state, legal[rng.randrange(len(legal))]))
    return timeline


def zone_masks(state: State) -> Iterator[int]:
    """Every zone a card can be in: hands, field, draw pile, captures, the pending card."""
    yield from state.hands
    yield state.field
    pile = 0
    for i in state.pile:
        pile |= 1 << i
    yield pile
    yield from state.captures
    if state.pending >= 0:
        yield 1 << state.pending
    if state.extra is not None:
        yield state.extra.out_of_play


def check_zones(state: State) -> None:
    """Each of the 48 cards is in exactly one zone (once a deal has happened)."""
    if state.phase in (DEALER_DRAW, DEAL) and not state.hands:
        return
    seen = 0
    total = 0
    for m in zone_masks(state):
        assert seen & m == 0, f"a card is in two zones in phase {state.phase}"
        seen |= m
        total += m.bit_count()
    assert seen == ALL_MASK and total == 48, f"cards missing in phase {state.phase}"


def roundtrip(events: list[Event]) -> list[Event]:
    """Encode every event to JSON and decode it back."""
    enc = msgspec.json.Encoder()
    dec = msgspec.json.Decoder(AnyEvent)
    return [dec.decode(enc.encode(e)) for e in events]


def assert_replays(events: list[Event], states: list[State]) -> None:
    assert fold(events) == states[-1]
    assert fold(roundtrip(events)) == states[-1]


#: The lab's folder (studies: tuning, fitting, A/B): scripts, not a package.
LAB = Path(__file__).resolve().parents[1] / "lab"


@contextlib.contextmanager
def lab_script(name: str) -> Iterator[ModuleType]:
    """The lab script ``name`` (``lab/<name>.py``) loaded as a module, with the lab folder on
    the import path while it is used (the scripts import each other by name)."""
    spec = importlib.util.spec_from_file_location(f"lab_{name}", LAB / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(LAB))
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(LAB))
