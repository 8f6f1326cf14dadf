"""Nothing spoiled, as a property: for random logs (seeded quick matches of every game, with undos
and their variations) and random cursors, every panel of the replay viewer drawn from the whole
log equals the one drawn from the log cut at the cursor. The panels' drawings are functions of
the events (`hanatui.app.screens.replay.render`), so no app is needed for the property; one
pilot test checks that the screen draws with them."""

from __future__ import annotations

import functools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.content import Content

from core.events import Event, UndoTaken
from core.games.registry import GAMES
from core.logfile import Comment
from core.rules import find_rules
from core.state import State
from hanatui.app.screens.replay.render import chart_panel, move_rows, shown_comments
from hanatui.text.story import Story
from hanatui.text.words import last_move, last_move_cards
from tests.helpers import playout_with_undos


@functools.cache
def _match(game: str, seed: int) -> tuple[tuple[Event, ...], tuple[State, ...]]:
    rules = find_rules(game, rounds=2)
    timeline = playout_with_undos(rules, seed, undos=5, rate=0.2)
    return tuple(timeline.events), tuple(timeline.states)


def _plain(content: Content) -> tuple[str, tuple[object, ...]]:
    return content.plain, tuple(content.spans)


def _panels(
    events: tuple[Event, ...],
    states: tuple[State, ...],
    comments: list[Comment],
    position: int,
    *,
    seat: int,
    all_hands: bool,
    variations: bool,
    width: int,
) -> dict[str, object]:
    """Every panel of the viewer at ``position``, as data."""
    story = Story(events, states)
    title, chart = chart_panel(states, position, width=width)
    here, on_game = shown_comments(comments, position, states[position - 1])
    viewer = None if all_hands else seat
    return {
        "chart": (_plain(title), _plain(chart)),
        "moves": move_rows(
            story,
            position,
            seat,
            all_hands=all_hands,
            variations=variations,
            comment_counts={c.after: 1 for c in comments if c.after is not None},
        ),
        "comments": (here, on_game),
        "caption": last_move(events, states, position - 1, viewer),
        "marks": last_move_cards(events, position - 1),
        "board": states[position - 1],
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(list(GAMES)),
    seed=st.integers(0, 40),
    where=st.floats(0, 1),
    seat=st.integers(0, 1),
    all_hands=st.booleans(),
    variations=st.booleans(),
    width=st.sampled_from([30, 38, 44]),
    noted=st.lists(st.floats(0, 1), max_size=4),
)
def test_no_panel_shows_anything_after_the_cursor(
    game: str,
    seed: int,
    where: float,
    seat: int,
    all_hands: bool,
    variations: bool,
    width: int,
    noted: list[float],
) -> None:
    events, states = _match(game, seed)
    steps = Story(events, states).steps
    position = steps[min(len(steps) - 1, int(where * len(steps)))]
    comments = [Comment(text="a note", after=int(f * (len(events) - 1))) for f in noted]
    comments.append(Comment(text="on the whole game"))
    kept = [c for c in comments if c.after is None or c.after < position]
    whole = _panels(
        events,
        states,
        comments,
        position,
        seat=seat,
        all_hands=all_hands,
        variations=variations,
        width=width,
    )
    cut = _panels(
        events[:position],
        states[:position],
        kept,
        position,
        seat=seat,
        all_hands=all_hands,
        variations=variations,
        width=width,
    )
    assert whole == cut


def test_the_matches_drawn_have_variations_to_show():
    """The property above sees logs with undos kept as variations, in every game."""
    for game in GAMES:
        found = False
        for seed in range(41):
            events, _ = _match(game, seed)
            if any(isinstance(e, UndoTaken) and e.undone for e in events):
                found = True
                break
        assert found, game


def test_the_score_chart_draws_no_round_after_the_cursor():
    """The reported case: early in round 1 the chart drew the computer's bars of rounds 1 and 2.
    Now the cells of rounds not played yet are empty."""
    events, states = _match("koikoi", 1)
    story = Story(events, states)
    position = story.step(story.opening(), 5)
    assert states[position - 1].round == 1 and not states[position - 1].history
    _, chart = chart_panel(states, position, width=38)
    _, at_end = chart_panel(states, len(events), width=38)
    bars = set("▁▂▃▄▅▆▇█")
    assert not bars & set(chart.plain)
    assert bars & set(at_end.plain)
