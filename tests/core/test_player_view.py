"""A log redacted for one seat hides every card that seat did not see, and only those.

The tracker here is written from the rules (docs/replay-format.md, "The deal"; the turn rules of
each game), not from `core.redact`: at each deal a seat sees the field and its own hand; after
that it sees every card turned face up or named by a public event, and its own draws into the
hand, but not another seat's draw into the hand (koi-koi's draw-then-play-two turns).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.logfile import encode_log, read_log
from hanatui.store.files import read_log_file
from hanatui.text.export import player_view

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "replays").glob("*.hana"))

#: Cards in each hand and on the field, by number of players (the rules' deal table).
DEAL = {2: (8, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12), 7: (3, 6)}


def deal_layout(rules: dict, n: int) -> tuple[int, int]:
    """(hand, field) for these rules: koi-koi deals its ``hand_size`` and 8 to the field; the
    other games follow the table, with ten-card hands for two players when chosen."""
    if rules["game"] == "koikoi":
        return rules["hand_size"], 8
    hand, field = DEAL[n]
    if n == 2 and rules.get("hand_size_2p") == 10:
        hand = 10
    return hand, field


def public_cards(event: dict) -> set[str]:
    """The cards an event shows to every seat."""
    kind = event["type"]
    cards: set[str] = set()
    if kind in ("card_played", "card_drawn", "capture_chosen"):
        cards.add(event["card"])
        cards.update(event.get("captured", []))
        if event.get("target"):
            cards.add(event["target"])
    elif kind in ("hiki_declared", "gaji_claimed", "lightning_claimed"):
        cards.update(event["captured"])
    elif kind == "gaji_interrupted":
        cards.add(event["target"])
    elif kind == "drawn_to_hand" and event["reason"] == "unmatched_draw":
        cards.add(event["card"])  # turned over for everyone, then kept
    elif kind == "round_ended":
        for seat_score in event["breakdown"]:
            for line in seat_score["lines"]:
                cards.update(line.get("cards", []))
    elif kind == "dealer_drawn":
        for attempt in event["draws"]:
            cards.update(attempt)
    return cards


def check_view(full: list[dict], redacted: list[dict], seat: int) -> int:
    """Walk the true events and the redacted ones side by side; return the hidden cards count.

    Every card the redacted log names must be one ``seat`` has seen by then, every card it
    leaves out (null) one the seat has not seen, and everything else must be as it happened.
    """
    assert len(full) == len(redacted)
    players = len(full[0]["players"])
    hand, field = deal_layout(full[0]["rules"], players)
    seen: set[str] = set()
    hidden = 0
    for number, (true, shown) in enumerate(zip(full, redacted, strict=True), start=2):
        where = f"line {number} ({true['type']})"
        assert true.keys() == shown.keys(), where
        if true["type"] == "dealt":
            mine = range(field + seat * hand, field + (seat + 1) * hand)
            seen = {c for i, c in enumerate(true["deck"]) if i < field or i in mine}
            for i, (card, visible) in enumerate(zip(true["deck"], shown["deck"], strict=True)):
                if card in seen:
                    assert visible == card, f"{where}: {card} at {i} is hidden but was seen"
                else:
                    assert visible is None, f"{where}: {card} at {i} leaks"
                    hidden += 1
            assert {k: v for k, v in true.items() if k != "deck"} == {
                k: v for k, v in shown.items() if k != "deck"
            }
            continue
        if true["type"] == "drawn_to_hand" and true["reason"] == "draw_then_play_two":
            if true["seat"] == seat:
                seen.add(true["card"])
                assert shown == true, where
            else:
                assert true["card"] not in seen, where
                assert shown == {**true, "card": None}, f"{where}: {true['card']} leaks"
                hidden += 1
            continue
        seen |= public_cards(true)
        assert shown == true, where
    return hidden


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_seats_view_of_every_sample_hides_exactly_what_it_did_not_see(path):
    log = read_log_file(path)
    # the sample as this version writes it (an older sample's scores come out as data)
    current = encode_log(log.header, log.events, log.comments)
    every = [json.loads(line) for line in current.splitlines()[1:]]
    full = [line for line in every if line["type"] != "comment"]
    for seat in range(len(log.header.players)):
        data = player_view(log, seat)
        lines = [json.loads(line) for line in data.splitlines()]
        assert lines[0]["redacted_for"] == seat
        # of the comments, the seat's own are kept (in order), no one else's
        own = [line for line in every if line["type"] == "comment" and line.get("seat") == seat]
        assert [line for line in lines[1:] if line["type"] == "comment"] == own
        events = [line for line in lines[1:] if line["type"] != "comment"]
        hidden = check_view(full, events, seat)
        assert hidden > 0
        copy = read_log(data)  # and it still replays to what happened
        assert copy.states[-1].totals == log.states[-1].totals


def test_the_tracker_finds_the_draw_into_the_hand_leak():
    """The tracker itself: a view that shows another seat's draw into the hand is caught."""
    path = ROOT / "replays" / "koikoi-2p-variants-seed5.hana"
    full = [json.loads(line) for line in path.read_bytes().splitlines()[1:]]
    # the view as it was before issue 13: the deals redacted, the draws into the hand not
    leaky = json.loads(json.dumps(full))
    for event in leaky:
        if event["type"] == "dealt":
            event["deck"] = [c if i < 16 else None for i, c in enumerate(event["deck"])]
    with pytest.raises(AssertionError, match=r"drawn_to_hand.*leaks"):
        check_view(full, leaky, 0)
