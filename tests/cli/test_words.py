"""Words: winners and their points for counts 0, 1 and 2, lists, seats from 1."""

from __future__ import annotations

import pytest

from core.players import Player
from core.rules import find_rules
from hanatui.text.words import (
    Near,
    and_list,
    describe_event,
    future_words,
    seat_label,
    winners_words,
)

from ..app.helpers import new_session


@pytest.mark.parametrize(
    "names,score,expected",
    [
        (["You"], 0, "You win with 0 points"),
        (["CPU"], 1, "CPU wins with 1 point"),
        (["CPU"], 2, "CPU wins with 2 points"),
        (["A", "B"], 1, "A and B tie with 1 point"),
        (["A", "B", "C"], 2, "A, B and C tie with 2 points"),
    ],
)
def test_winners(names, score, expected):
    assert winners_words(names, score) == expected


def test_and_list_and_seats_from_one():
    assert and_list([]) == ""
    assert and_list(["A"]) == "A"
    assert seat_label(0) == "seat 1"
    assert seat_label(6) == "seat 7"


@pytest.mark.parametrize("rounds,expected", [(1, "1 round:"), (2, "2 rounds:"), (12, "12 rounds:")])
def test_match_start_counts_rounds(rounds, expected):
    session = new_session("bakappana", 2, rounds=rounds)
    first = session.events[0]
    assert expected in describe_event(first, None, session.state)


def test_you_and_others_agree_in_every_line():
    """Every sentence of a whole match agrees with 'You' and with a third person."""
    from hanatui.arena.selfplay import play_match
    from hanatui.bots import make_bot

    for name in ("You", "Aiko"):
        players = (
            Player(name=name, kind="bot", bot="easy"),
            Player(name="CPU", kind="bot", bot="easy"),
        )
        bots = [make_bot("easy"), make_bot("easy")]
        timeline = play_match(find_rules("koikoi", rounds=2), bots, seed=3, players=players)
        events, states = timeline.events, timeline.states
        for i, event in enumerate(events):
            text = describe_event(event, states[i - 1] if i else None, states[i]) or ""
            future = future_words(event, states, i)
            for line in (text, future):
                if name == "You":
                    for wrong in ("You plays", "You moves", "You draws", "You takes", "You wins"):
                        assert wrong not in line, line
                else:
                    for wrong in (f"{name} play ", f"{name} move", f"{name} draw "):
                        assert wrong not in line, line
            assert "1 points" not in text and "1 rounds" not in text


def test_near_text_is_ascii_when_asked():
    near = Near(held=(("Tane", 1),), near=(("Akatan", 2, 3),), team=False)
    assert near.text(sep=" - ").isascii()
    assert near.text() == "yaku  Tane 1   near  Akatan 2/3"
