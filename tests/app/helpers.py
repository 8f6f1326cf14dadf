"""Building sessions in chosen situations, and driving the app from tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core.actions import Action
from core.chance import advance
from core.engine import is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.players import Player
from core.rules import find_rules
from core.state import State
from core.timeline import Timeline
from core.view import observe
from hanatui.bots import make_bot
from hanatui.session.session import Session
from hanatui.store.settings import Settings


def players(n: int, humans: int = 1, names: tuple[str, ...] = ()) -> tuple[Player, ...]:
    out = []
    for i in range(n):
        name = names[i] if i < len(names) else ("You" if i == 0 else f"CPU {i}")
        if i < humans:
            out.append(Player(name=name, kind="human"))
        else:
            out.append(Player(name=name, kind="bot", bot="easy"))
    return tuple(out)


def settings(**kw: Any) -> Settings:
    kw.setdefault("pace", 0.0)
    kw.setdefault("animations", False)  # pictures must not catch a flash half-way
    return Settings(**kw)


def new_session(
    game: str,
    n: int = 2,
    *,
    humans: int = 1,
    seed: int = 1,
    names: tuple[str, ...] = (),
    **options: Any,
) -> Session:
    rules = find_rules(game, **options)
    return Session.new(rules, players(n, humans, names), seed=seed, autosave=False)


def session_where(
    game: str,
    n: int,
    predicate: Callable[[State], bool],
    *,
    humans: int = 1,
    seeds: range = range(1, 400),
    choose: Callable[[State, tuple[Action, ...], random.Random], Action] | None = None,
    **options: Any,
) -> Session:
    """A session (no autosave) played by easy bots for every seat until ``predicate`` holds in a
    state where a human seat is to act."""
    rules = find_rules(game, **options)
    seats = players(n, humans)
    bot = make_bot("easy")
    for seed in seeds:
        rng = random.Random(seed)
        timeline = Timeline([MatchStarted(rules=rules, players=seats)])
        while not is_over(timeline.last):
            state = timeline.last
            if is_chance(state):
                timeline.extend(advance(state, rng))
                continue
            seat = to_act(state)
            assert seat is not None
            if seat < humans and predicate(state):
                session = Session(timeline, seed=seed)
                return session
            legal = legal_actions(state)
            if choose is not None and seat < humans:
                action = choose(state, legal, rng)
            else:
                action = bot.choose(observe(state, seat), legal, rng)
            timeline.extend(step(state, action))
    raise AssertionError("no seed reached the situation")
