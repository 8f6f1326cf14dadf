"""A scripted koi-koi round in which the dealer, one card away from two viewing yaku, plays a
chaff instead: the analysis calls that move a blunder and names the capture that was sure."""

from __future__ import annotations

import random

from core.actions import Action, PlayCard
from core.cards import CARDS, Card
from core.engine import apply, is_over, legal_actions, step, to_act
from core.events import CardPlayed, DealerDrawn, Dealt, Event, MatchStarted
from core.logfile import LogRead, header_for
from core.rules import find_rules
from core.state import State
from core.view import observe
from hanatui.analysis import Analyser, verdict
from hanatui.bots import NormalBot
from tests.helpers import players

FIELD = "08a 03a 01c 02c 04c 05c 06c 07c"  # the Moon and the Curtain lie on the field
DEALER = "08b 09b 10d 12c 12d 10a 01d 02d"  # Geese to take the Moon, and 09b for the Sake Cup
OTHER = "09a 09c 03c 04d 05d 06d 07d 02b"  # will give up the Sake Cup, and holds 09c to take it
PILE_TOP = "03b 11c 12b"  # the dealer takes the Curtain with 03b; the other two match nothing


def scripted_deck() -> tuple[Card, ...]:
    named = [Card(c) for c in f"{FIELD} {DEALER} {OTHER} {PILE_TOP}".split()]
    rest = [c for c in CARDS if c not in named and c is not Card("09d")]
    return (*named, *rest, Card("09d"))  # the last chrysanthemum deep in the pile


def scripted_round() -> tuple[LogRead, int]:
    """The log of the round and the index of the blunder."""
    rules = find_rules("koikoi", rounds=1)
    first = MatchStarted(rules=rules, players=players(2))
    script: list[Event] = [
        first,
        DealerDrawn(draws=((Card("01a"), Card("05a")),), dealer=0),
        Dealt(round=1, dealer=0, deck=scripted_deck()),
    ]
    events: list[Event] = []
    states: list[State] = []
    state: State | None = None
    for e in script:
        state = apply(state, e)
        events.append(e)
        states.append(state)
    assert state is not None

    def play(action: Action) -> None:
        nonlocal state
        assert state is not None
        for e, s in step(state, action):
            events.append(e)
            states.append(s)
        state = states[-1]

    play(PlayCard(seat=0, card=Card("08b")))  # takes the Moon; the draw 03b takes the Curtain
    play(PlayCard(seat=1, card=Card("09a")))  # the Sake Cup goes to the field
    assert to_act(state) == 0
    blunder = len(events)
    play(PlayCard(seat=0, card=Card("10d")))  # instead of 09b, which makes both viewing yaku
    bot, rng = NormalBot(), random.Random(3)
    while not is_over(state):
        seat = to_act(state)
        assert seat is not None
        play(bot.choose(observe(state, seat), legal_actions(state), rng))
    return LogRead(header=header_for(events), events=events, states=states), blunder


def test_the_script_is_what_it_says():
    log, blunder = scripted_round()
    before = log.states[blunder - 1]
    assert log.events[blunder] == CardPlayed(seat=0, card=Card("10d"))
    assert (
        before.captures[0] == Card("08a").bit | Card("08b").bit | Card("03a").bit | Card("03b").bit
    )
    assert before.field & Card("09a").bit and before.hands[0] & Card("09b").bit
    # the other seat took the Sake Cup straight after
    assert log.events[blunder + 2] == CardPlayed(
        seat=1, card=Card("09c"), captured=(Card("09a"), Card("09c"))
    )


def test_throwing_away_a_sure_yaku_is_a_blunder_and_the_capture_is_named():
    log, blunder = scripted_round()
    result = Analyser(log, seats=[0], budget=1000, indexes=[blunder]).run()
    d = result.at(blunder)
    assert d is not None and d.kind == "play"
    assert d.move == PlayCard(seat=0, card=Card("10d"))
    assert d.best_move == PlayCard(seat=0, card=Card("09b"))
    assert result.class_of(d) == "blunder"
    # a blunder beyond the noise: two standard errors below the loss is still one
    assert d.loss - 2 * d.se >= result.thresholds(d).blunder
    line = verdict(result, d)
    assert line.startswith("blunder ??: play 10d")
    assert "better play 09b Chrysanthemum blue ribbon" in line
