"""Properties of the engine over random legal play in every game, under any option set.

Hypothesis draws a game's options (every option of its Rules type, from the values its type
allows), a number of players the rules can seat, and the seed of the random generator that deals
and chooses among the legal actions. For the whole match:

- the state `step` computes after each event is the state `apply` folds from that event, every
  card is in exactly one zone, and the whole log (through its JSON form) folds to the final state;
- undoing the latest decision, again and again, walks back through the exact states before each
  decision until none is left.
"""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from core.engine import apply, fold
from core.errors import IllegalActionError, RulesError
from core.events import DECISION_EVENTS, Event, ShobuCalled, UndoTaken
from core.games.registry import GAMES, game_of
from core.rules import AnyRules
from core.state import State
from core.timeline import Timeline
from tests.helpers import check_zones, random_playout, roundtrip


def _option_values(annotation: Any) -> st.SearchStrategy[Any]:
    """The values an option's type allows (integers kept small: they only scale scores)."""
    meta: list[msgspec.Meta] = []
    if typing.get_origin(annotation) is typing.Annotated:
        annotation, *extras = typing.get_args(annotation)
        meta = [m for m in extras if isinstance(m, msgspec.Meta)]
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return st.sampled_from(typing.get_args(annotation))
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        low = int(max((m.ge for m in meta if m.ge is not None), default=0))
        high = int(min((m.le for m in meta if m.le is not None), default=low + 50))
        return st.integers(low, min(high, low + 50))
    if origin is tuple:  # a set of choices, e.g. koi-koi's double_chaff_cards
        (item, _ellipsis) = typing.get_args(annotation)
        return st.lists(_option_values(item), unique=True, max_size=3).map(tuple)
    if isinstance(annotation, type) and issubclass(annotation, msgspec.Struct):
        fields = msgspec.structs.fields(annotation)  # e.g. koi-koi's yaku_points
        return st.fixed_dictionaries({}, optional={f.name: _option_values(f.type) for f in fields})
    if typing.get_origin(annotation) in (typing.Union, type(int | None)):
        return st.one_of(*(_option_values(a) for a in typing.get_args(annotation)))
    if annotation is type(None):
        return st.none()
    raise AssertionError(f"no strategy for an option of type {annotation!r}")


@st.composite
def matches(draw: st.DrawFn, game_id: str) -> tuple[AnyRules, int]:
    """Rules of ``game_id`` with every option drawn, and a number of players they seat."""
    game = game_of(game_id)
    hints = typing.get_type_hints(game.rules_type, include_extras=True)
    options = {
        name: draw(_option_values(hints[name]))
        for name in game.rules_type.__struct_fields__
        if name != "rounds"
    }
    options["rounds"] = draw(st.integers(1, 2))
    try:
        rules: AnyRules = game.rules_type.from_options(options)
    except RulesError:
        assume(False)  # options that exclude each other
        raise
    seats = []
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.check_players(rules, n)
        except IllegalActionError:
            continue
        seats.append(n)
    return rules, draw(st.sampled_from(seats))


def _check_each_step(events: list[Event], states: list[State]) -> None:
    """The state each event was stepped to is the one `apply` folds from it, with every card in
    exactly one zone."""
    for before, event, after in zip(states[:-1], events[1:], states[1:], strict=True):
        assert apply(before, event) == after, f"{type(event).__name__} folds differently"
        check_zones(after)


def _decided(event: Event) -> bool:
    """A decision a person made: a forced shobu is the rules', so undo goes back past it."""
    if isinstance(event, ShobuCalled) and event.auto:
        return False
    return isinstance(event, DECISION_EVENTS)


def _undo_to_the_start(events: list[Event], states: list[State]) -> None:
    """Undo the latest decision until there is none: each undo lands on the state before it."""
    timeline = Timeline(events)
    undone = 0
    while True:
        latest = max(
            (i for i, e in enumerate(timeline.events) if _decided(e)),
            default=None,
        )
        if latest is None:
            break
        decision = timeline.events[latest]
        assert isinstance(decision, DECISION_EVENTS)
        before = timeline.states[latest - 1]
        timeline.undo(decision.seat)
        undone += 1
        assert isinstance(timeline.events[-1], UndoTaken)
        assert replace(timeline.last, undos=before.undos) == before
    assert undone == sum(_decided(e) for e in events)
    assert fold(timeline.events) == timeline.last
    first = next((i for i, e in enumerate(events) if _decided(e)), None)
    if first is None:  # a match nobody decided in (a lucky hand won its only round)
        assert not any(timeline.can_undo(seat) for seat in range(len(states[0].players)))
        return
    assert replace(timeline.last, undos=states[first - 1].undos) == states[first - 1]


@pytest.mark.parametrize("game_id", list(GAMES))
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_folds_to_the_stepped_states_and_undoes_to_the_start(
    game_id: str, data: st.DataObject, seed: int
) -> None:
    rules, n = data.draw(matches(game_id), label="rules and players")
    events, states = random_playout(rules, n, seed)
    _check_each_step(events, states)
    assert fold(events) == states[-1]
    assert fold(roundtrip(events)) == states[-1]
    _undo_to_the_start(events, states)
