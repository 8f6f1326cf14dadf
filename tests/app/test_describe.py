"""The game log's sentences: every event type has words, and a secret draw stays secret."""

from __future__ import annotations

from pathlib import Path

from core.events import DrawnToHand
from hanatui.store.files import read_log_file
from hanatui.text.words import describe_event

ROOT = Path(__file__).resolve().parents[2]


def test_every_event_of_every_sample_log_has_a_sentence():
    for path in sorted((ROOT / "replays").glob("*.hana")):
        log = read_log_file(path)
        states = log.states
        for i, event in enumerate(log.events):
            text = describe_event(event, states[i - 1] if i else None, states[i])
            assert text is None or text != type(event).__name__, f"{path.name}: no words for {text}"


def test_a_card_drawn_into_another_hand_is_not_named_to_that_seat():
    log = read_log_file(ROOT / "replays" / "koikoi-2p-variants-seed5.hana")
    draws = [
        (i, e)
        for i, e in enumerate(log.events)
        if isinstance(e, DrawnToHand) and e.reason == "draw_then_play_two"
    ]
    assert draws
    i, event = draws[0]
    before, after = log.states[i - 1], log.states[i]
    other = 1 - event.seat
    assert event.card.value in describe_event(event, before, after, viewer=event.seat)
    assert event.card.value in describe_event(event, before, after)
    hidden = describe_event(event, before, after, viewer=other)
    assert event.card.value not in hidden and "draws a card into the hand" in hidden
