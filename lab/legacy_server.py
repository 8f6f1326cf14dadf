"""The strong player of an earlier hanatui, answering decisions put to it over a pipe.

`lab/legacy_ab.py` runs this file with an earlier version's source tree first on the path
(``PYTHONPATH``), so every ``core`` and ``hanatui`` module it loads is that version's: its
engine, its rules and its `StrongBot`. Nothing here may name a module or an attribute the
earlier version lacks; they are looked up by name, as a foreign program's are.

The protocol is one JSON object per line each way. The first line in names the game and the
bot's keyword arguments::

    {"game": "koikoi", "rounds": 1, "bot": {"playouts": 1000}}

and is answered ``{"ready": true, "rules": {...}}`` (that version's rules, for the caller to
compare with its own). Each further line is a decision::

    {"events": [<the round's events so far, as the log writes them>], "seat": 1, "seed": 42}

The events after the match's start are folded by the earlier engine, from a start of its own
with its own rules; that engine refuses an event its rules do not allow, so a disagreement
between the two versions stops the run instead of being played through. The bot gets the
seat's view (that version's `observe`: never another seat's hand) and the legal actions, and
the answer is ``{"action": <the action, as the log writes it>, "cpu": <process seconds the
choice took>}``. A line ``{"events": [<a round, up to its end>], "check": true}`` is answered
with the points that engine gives the round: ``{"points": [...]}``. A decision line with
``"parts": k`` is not played by the bot: it asks that version's parts of the strong player, for
`lab/legacy_parts.py`, and is answered ``{"prior": [...], "rollout": [...], "call": ...,
"unseen": <mask>, "counts": [...], "pile": <count>}``: the actions (as the log writes them)
the normal policy (the prior, asked on that version's determinization seeded ``seed + j``)
and the rollout policy (on the state itself) choose under the seeds ``seed .. seed + k - 1``
(several when they break ties at random), the koi-koi call of `koikoi_choice` when there is
one, and what the seat's view counts as unseen. A decision line with ``"search": {<keyword
arguments>}`` has a `StrongBot` of those arguments choose under ``seed`` and is answered
``{"action": ..., "last": [[<action>, <mean>, <playouts>], ...]}`` (its estimates, best
first). Anything that goes wrong is answered
``{"error": "..."}``.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
import traceback
from typing import Any


def _module(name: str) -> Any:
    return importlib.import_module(name)


def serve(lines: Any, out: Any) -> None:
    msgspec = _module("msgspec")
    actions = _module("core.actions")
    engine = _module("core.engine")
    events = _module("core.events")
    logfile = _module("core.logfile")
    rules_mod = _module("core.rules")
    view_mod = _module("core.view")
    selfplay = _module("hanatui.arena.selfplay")
    strong = _module("hanatui.bots.strong")

    decode_event = msgspec.json.Decoder(logfile.AnyEvent)
    encode = msgspec.json.encode
    started: Any = None  # the match start and the bot, from the first line
    bot: Any = None

    def answer(obj: dict[str, Any]) -> None:
        out.write(json.dumps(obj) + "\n")
        out.flush()

    for line in lines:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
            if started is None:
                rules = rules_mod.find_rules(msg["game"], rounds=msg["rounds"])
                players = selfplay.bot_players(["strong", "strong"])
                started = events.MatchStarted(rules=rules, players=players)
                bot = strong.StrongBot(**msg.get("bot", {}))
                answer({"ready": True, "rules": json.loads(encode(rules))})
                continue
            past = [decode_event.decode(json.dumps(e)) for e in msg["events"]]
            if msg.get("check"):
                answer({"points": _round_points(engine, events, started, past)})
                continue
            state = engine.fold([started, *past])
            seat = msg["seat"]
            if engine.to_act(state) != seat:
                raise ValueError(f"seat {seat} is not to act here ({engine.to_act(state)} is)")
            legal = engine.legal_actions(state)
            view = view_mod.observe(state, seat)
            if msg.get("parts"):
                answer(_parts(encode, view_mod, state, view, seat, legal, msg))
                continue
            rng = random.Random(msg["seed"])
            if "search" in msg:
                searcher = strong.StrongBot(**msg["search"])
                chosen = searcher.choose(view, legal, rng)
                last = [[json.loads(encode(e.action)), e.mean, e.playouts] for e in searcher.last]
                answer({"action": json.loads(encode(chosen)), "last": last})
                continue
            t = time.process_time()
            action = bot.choose(view, legal, rng)
            cpu = time.process_time() - t
            assert isinstance(action, actions.Action)
            answer({"action": json.loads(encode(action)), "cpu": cpu})
        except Exception as exc:  # every failure goes back to the caller, which stops the run
            answer({"error": f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"})


def _parts(
    encode: Any, view_mod: Any, state: Any, view: Any, seat: int, legal: Any, msg: Any
) -> dict[str, Any]:
    """The earlier version's prior, rollout choice and koi-koi call for one decision."""
    normal = _module("hanatui.bots.normal")
    rollout = _module("hanatui.bots.rollout")
    determinize = getattr(view_mod, "determinize", None)
    if determinize is None:  # the first version kept it among the bots
        determinize = _module("hanatui.bots.determinize").determinize

    def form(action: Any) -> str:
        return json.dumps(json.loads(encode(action)), sort_keys=True)

    prior: set[str] = set()
    played: set[str] = set()
    for j in range(msg["parts"]):
        rng = random.Random(msg["seed"] + j)
        sample = determinize(view, rng)
        prior.add(form(normal.normal_policy(sample, seat, legal, rng)))
        played.add(form(rollout.rollout_policy(state, seat, legal, random.Random(msg["seed"] + j))))
    names = {type(a).__name__ for a in legal}
    call = None
    if {"CallKoiKoi", "CallShobu"} <= names:
        call = form(normal.koikoi_choice(state, seat, legal))
    return {
        "prior": sorted(prior),
        "rollout": sorted(played),
        "call": call,
        "unseen": view.unseen.mask,
        "counts": list(view.hand_counts),
        "pile": view.pile_count,
    }


def _round_points(engine: Any, events: Any, started: Any, past: list[Any]) -> list[int] | None:
    """The points the earlier engine gives the round whose events up to its end are ``past``:
    they are folded, then that engine's own automatic events run to its own end of the round."""
    state = engine.fold([started, *past])
    for event, _ in engine.run_auto(state):
        if isinstance(event, events.RoundEnded):
            return list(event.points)
    return None


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
