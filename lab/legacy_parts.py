"""The strong player's parts, today's against the first version's, on positions from real play.

Where `lab/legacy_ab.py` plays whole rounds (noisy, costly), this asks each part of the strong
player's pipeline for its choice on the same positions, in both versions, and counts how often
they agree: the prior (the normal policy asked on a determinization, as `StrongBot` asks it),
the playout policy's card and target choice (`rollout_policy`), its koi-koi call (today's
`koikoi_choice`, today's koi-koi playout's table call ``mixed`` and ``table``, the first
version's `koikoi_choice`), and what the seat's view counts as unseen. The first version answers
from its own code and engine (`lab/legacy_server.py`, op ``parts``). A part that breaks ties at
random is asked under ``--seeds`` seeds on both sides, and two versions agree on a decision when
they choose the same set of actions.

Positions: single-round two-seat koi-koi dealt by today's engine, both seats played by today's
normal policy (``--play normal``: the decisions the strong player meets) or by today's playout
policy (``--play rollout``: the decisions inside its playouts, where most koi-koi calls are).

It also checks that the deals the search samples (`fast.chance.Dealer`, and `core.view.determinize`
which the first version's code matches line for line) are uniform over what the seat cannot see:
how often each hidden card lands in the opponent's hand and at each place of the draw pile,
against the uniform count (a chi-square statistic per view, with its degrees of freedom).

    nice .venv/bin/python lab/legacy_parts.py --rounds 60 --play normal
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

import msgspec
from legacy_ab import FILED_AGAINST, Legacy, _encoded, _events, source_tree

from core.actions import Action, CallKoiKoi, CallShobu, ChooseCapture, PlayCard
from core.cards import CardSet
from core.chance import advance
from core.engine import is_chance, is_over, legal_actions, step, to_act
from core.events import MatchStarted
from core.rules import find_rules
from core.state import State
from core.timeline import Timeline
from core.view import View, determinize, hidden_indexes, observe
from hanatui.arena.selfplay import bot_players
from hanatui.bots import StrongBot
from hanatui.bots.fast.calls import mixed_policy, table_policy
from hanatui.bots.fast.chance import Dealer, Ties
from hanatui.bots.fast.playout import play_out_score as kk_play_out_score
from hanatui.bots.normal import koikoi_choice, normal_policy, relative_points
from hanatui.bots.rollout import play_out_score as rollout_play_out_score
from hanatui.bots.rollout import rollout_policy
from hanatui.bots.strong import Policy

Json = dict[str, Any]

PLAYERS: dict[str, Policy] = {"normal": normal_policy, "rollout": rollout_policy}


def kind(legal: tuple[Action, ...]) -> str:
    """The decision's kind: a card from the hand, a capture target, the koi-koi call, other."""
    if any(type(a) is CallKoiKoi for a in legal) and any(type(a) is CallShobu for a in legal):
        return "call"
    if all(type(a) is PlayCard for a in legal):
        return "play"
    if all(type(a) is ChooseCapture for a in legal):
        return "target"
    return "other"


def ours(state: State, view: View, seat: int, legal: tuple[Action, ...], seed: int, k: int) -> Json:
    """Today's answers to what the ``parts`` op asks the first version."""
    prior: set[str] = set()
    played: set[str] = set()
    for j in range(k):
        rng = random.Random(seed + j)
        sample = determinize(view, rng)
        prior.add(_encoded(normal_policy(sample, seat, legal, rng)))
        played.add(_encoded(rollout_policy(state, seat, legal, random.Random(seed + j))))
    out: Json = {"prior": sorted(prior), "rollout": sorted(played)}
    if kind(legal) == "call":
        rng = random.Random(seed)
        out["call"] = _encoded(koikoi_choice(state, seat, legal))
        out["mixed"] = _encoded(mixed_policy(state, seat, legal, rng))
        out["table"] = _encoded(table_policy(state, seat, legal, rng))
    return out


def positions(rules: Any, play: str, rounds: int, seed: int) -> Any:
    """(timeline, state, seat, legal) of every decision with a choice, in ``rounds`` rounds."""
    policy = PLAYERS[play]
    for r in range(rounds):
        chance = random.Random(seed + r)
        rng = random.Random(seed * 31 + r)
        timeline = Timeline([MatchStarted(rules=rules, players=bot_players(["normal", "normal"]))])
        state = timeline.last
        while not is_over(state):
            if is_chance(state):
                timeline.extend(advance(state, chance))
                state = timeline.last
                continue
            seat = to_act(state)
            assert seat is not None
            legal = legal_actions(state)
            if len(legal) > 1:
                yield timeline, state, seat, legal
            timeline.extend(step(state, policy(state, seat, legal, rng)))
            state = timeline.last


def compare(legacy: Legacy, rules: Any, play: str, rounds: int, seed: int, k: int) -> Json:
    counts: Counter[str] = Counter()
    examples: dict[str, list[Json]] = {}
    n = 0
    for timeline, state, seat, legal in positions(rules, play, rounds, seed):
        n += 1
        dseed = seed * 1000 + n
        view = observe(state, seat)
        old = legacy.ask({"events": _events(timeline), "seat": seat, "seed": dseed, "parts": k})
        new = ours(state, view, seat, legal, dseed, k)
        what = kind(legal)
        counts[f"{what}"] += 1
        unseen_same = (
            old["unseen"] == view.unseen.mask
            and old["counts"] == list(view.hand_counts)
            and old["pile"] == view.pile_count
        )
        counts["unseen_differs"] += not unseen_same
        for part in ("prior", "rollout"):
            same = old[part] == new[part]
            counts[f"{what}/{part}/same"] += same
            counts[f"{what}/{part}/overlap"] += bool(set(old[part]) & set(new[part]))
            counts[f"{what}/{part}/old_tied"] += len(old[part]) > 1
            counts[f"{what}/{part}/new_tied"] += len(new[part]) > 1
            if not same:
                ex = examples.setdefault(f"{what}/{part}", [])
                if len(ex) < 4:
                    ex.append(_example(state, seat, legal, old[part], new[part]))
        if what == "call":
            koi = _encoded(next(a for a in legal if type(a) is CallKoiKoi))
            counts["call/old_koikoi"] += old["call"] == koi
            for name in ("call", "mixed", "table"):
                counts[f"call/new_{name}_koikoi"] += new[name] == koi
                counts[f"call/{name}_vs_old/same"] += new[name] == old["call"]
            if new["call"] != old["call"]:
                ex = examples.setdefault("call/koikoi_choice", [])
                if len(ex) < 6:
                    ex.append(_example(state, seat, legal, [old["call"]], [new["call"]]))
    return {
        "play": play,
        "rounds": rounds,
        "decisions": n,
        "counts": dict(counts),
        "examples": examples,
    }


def _example(
    state: State, seat: int, legal: tuple[Action, ...], old: list[str], new: list[str]
) -> Json:
    return {
        "seat": seat,
        "turn_no": state.turn_no,
        "hand": str(CardSet(state.hands[seat])),
        "field": str(CardSet(state.field)),
        "mine": str(CardSet(state.captures[seat])),
        "theirs": str(CardSet(state.captures[1 - seat])),
        "old": old,
        "new": new,
    }


def searches(legacy: Legacy, rules: Any, rounds: int, seed: int, playouts: int) -> Json:
    """The whole strong player on positions from normal play, at ``playouts`` a decision: the
    first version's choice under two seeds (how often it agrees with itself: the noise), today's
    engine-path player (``kk=None``) under the first seed (the same random numbers: equal
    whenever its search is the first version's), and today's koi-koi path at as many koi-koi
    playouts (``kk_playouts``) under both seeds."""
    counts: Counter[str] = Counter()
    diffs: list[Json] = []
    gaps: list[float] = []
    n = 0
    for timeline, state, seat, legal in positions(rules, "normal", rounds, seed):
        n += 1
        view = observe(state, seat)
        s1, s2 = seed * 100_000 + 2 * n, seed * 100_000 + 2 * n + 1
        events = _events(timeline)
        ask = {"events": events, "seat": seat, "search": {"playouts": playouts}}
        old1 = legacy.ask({**ask, "seed": s1})
        old2 = legacy.ask({**ask, "seed": s2})
        a1 = json.dumps(old1["action"], sort_keys=True)
        a2 = json.dumps(old2["action"], sort_keys=True)
        eng = StrongBot(playouts=playouts, kk=None)
        e1 = _encoded(eng.choose(view, legal, random.Random(s1)))
        kk = StrongBot(playouts=playouts, kk_playouts=playouts)
        k1 = _encoded(kk.choose(view, legal, random.Random(s1)))
        k2 = _encoded(kk.choose(view, legal, random.Random(s2)))
        what = kind(legal)
        counts[what] += 1
        counts[f"{what}/old_vs_old"] += a1 == a2
        counts[f"{what}/engine_vs_old_same_seed"] += e1 == a1
        counts[f"{what}/kk_vs_old"] += (k1 == a1) + (k2 == a2)
        counts[f"{what}/kk_vs_kk"] += k1 == k2
        if e1 == a1:
            # the same choice: are the estimates the same numbers too?
            old_means = {json.dumps(a, sort_keys=True): m for a, m, _ in old1["last"]}
            eng_means = {_encoded(e.action): e.mean for e in eng.last}
            gap = max(abs(old_means[a] - eng_means[a]) for a in old_means if a in eng_means)
            gaps.append(gap)
        elif len(diffs) < 5:
            diffs.append({"old": a1, "engine": e1, "old_last": old1["last"][:3]})
    return {
        "playouts": playouts,
        "decisions": n,
        "counts": dict(counts),
        "max_mean_gap_when_same": max(gaps, default=0.0),
        "engine_differs": diffs,
    }


def playouts(rules: Any, rounds: int, seed: int, deals: int) -> Json:
    """Today's koi-koi playout (`fast.playout`) against the engine path's (`rollout`, which plays
    as the first version's stepping of its engine does: `searches`), on the same deals and tie
    numbers, for every candidate of positions from normal play: how often the points are the
    same with the normal call (``normal``: they must be), with the table's call where its
    calls agreed (``mixed``, today's default) and with the table alone (``table``); and, per
    pair of candidates, how far the paired difference the search compares moves, and the
    spread of those paired differences on each path."""
    counts: Counter[str] = Counter()
    shift: dict[str, list[float]] = {"mixed": [], "table": []}
    # the paired differences themselves (each candidate less the first), whose spread the
    # search's comparisons fight
    pair: dict[str, list[float]] = {"engine": [], "mixed": [], "table": []}
    n = 0
    for _, state, seat, legal in positions(rules, "normal", rounds, seed):
        if kind(legal) == "call":
            continue
        n += 1
        view = observe(state, seat)
        rng = random.Random(seed * 100_000 + n)
        for _ in range(deals):
            det = determinize(view, rng)
            tie = rng.getrandbits(32)
            values: dict[str, list[float]] = {"engine": [], "normal": [], "mixed": [], "table": []}
            for a in legal:
                points = rollout_play_out_score(det, a, Ties(tie))
                assert points is not None
                values["engine"].append(relative_points(det, points, seat))
                for call in ("normal", "mixed", "table"):
                    got = kk_play_out_score(det, a, Ties(tie), call)
                    assert got is not None
                    values[call].append(relative_points(det, got, seat))
            for call in ("normal", "mixed", "table"):
                same = values[call] == values["engine"]
                counts[f"{call}/deals_same"] += same
                counts[f"{call}/playouts_same"] += sum(
                    x == y for x, y in zip(values[call], values["engine"], strict=True)
                )
            counts["deals"] += 1
            counts["playouts"] += len(legal)
            e = values["engine"]
            for i in range(1, len(legal)):
                pair["engine"].append(e[i] - e[0])
            for call in ("mixed", "table"):
                v = values[call]
                for i in range(1, len(legal)):
                    shift[call].append((v[i] - v[0]) - (e[i] - e[0]))
                    pair[call].append(v[i] - v[0])
    out: Json = {"decisions": n, "deals_each": deals, "counts": dict(counts)}
    for call, d in shift.items():
        m = len(d)
        mean = sum(d) / m
        sd = (sum((x - mean) ** 2 for x in d) / (m - 1)) ** 0.5
        out[f"{call}_pair_shift"] = {
            "pairs": m,
            "nonzero": sum(x != 0 for x in d),
            "mean": round(mean, 4),
            "sd": round(sd, 3),
            "mean_abs": round(sum(abs(x) for x in d) / m, 4),
        }
    for call, d in pair.items():
        mean = sum(d) / len(d)
        out[f"{call}_pair_sd"] = round((sum((x - mean) ** 2 for x in d) / (len(d) - 1)) ** 0.5, 3)
    return out


def uniformity(rules: Any, views: int, deals: int, seed: int, reps: int = 8) -> Json:
    """Chi-square of the hidden cards' places (the opponent's hand, each place of the draw pile)
    against the uniform count, for `Dealer` and `determinize`, on ``views`` distinct views from
    normal play (one every seventh decision), ``deals`` deals a run, ``reps`` runs each: per
    view and sampler, the mean statistic and its spread over the runs, with the table's degrees
    of freedom. A uniform sampler's mean is about the degrees of freedom (a little above, where
    the pile's places expect few counts); a biased one's grows with ``deals``."""
    # By the counts alone: the statistic does not change when the cards are named otherwise,
    # so two views with as many unseen cards and opponent's cards give the same figures.
    found: dict[tuple[int, int], View] = {}
    for k, (_, state, seat, _legal) in enumerate(positions(rules, "normal", views, seed + 500)):
        if len(found) < views and k % 7 == 0:
            v = observe(state, seat)
            found.setdefault((v.unseen.mask.bit_count(), v.hand_counts[1 - seat]), v)
    out: Json = {"views": len(found), "deals": deals, "runs": reps, "stats": []}
    for v in found.values():
        hidden = hidden_indexes(v)
        opp = 1 - v.seat
        places = v.pile_count + 1  # 0: the opponent's hand, 1..: the pile's places
        probs = [v.hand_counts[opp] / len(hidden)] + [1 / len(hidden)] * v.pile_count
        # The card-by-place table's rows and columns both sum to known totals.
        row: Json = {"turn_no": v.turn_no, "dof": (len(hidden) - 1) * (places - 1)}
        for name in ("dealer", "determinize"):
            chis = []
            for rep in range(reps):
                rng = random.Random(seed * 1000 + rep)
                deal = Dealer(v, rng) if name == "dealer" else partial(determinize, v)
                table = {c: [0] * places for c in hidden}
                for _ in range(deals):
                    st = deal(rng)
                    hand = st.hands[opp]
                    for c in hidden:
                        if hand >> c & 1:
                            table[c][0] += 1
                    for pos, c in enumerate(st.pile):
                        table[c][1 + pos] += 1
                chis.append(
                    sum(
                        (table[c][p] - deals * probs[p]) ** 2 / (deals * probs[p])
                        for c in hidden
                        for p in range(places)
                    )
                )
            mean = sum(chis) / reps
            sd = (sum((x - mean) ** 2 for x in chis) / (reps - 1)) ** 0.5
            row[name] = [round(mean, 1), round(sd, 1)]
        out["stats"].append(row)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--play", choices=sorted(PLAYERS), default="normal")
    parser.add_argument("--seeds", type=int, default=4, help="seeds per tie-breaking part")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commit", default=FILED_AGAINST)
    parser.add_argument("--search", type=int, default=0, help="playouts: compare whole searches")
    parser.add_argument("--playouts", type=int, default=0, help="deals: compare the playouts")
    parser.add_argument("--uniform", type=int, default=0, help="views for the uniformity check")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--out", help="write the JSON result here")
    args = parser.parse_args(argv)
    rules = find_rules("koikoi", rounds=1)
    result: Json = {}
    if args.playouts:
        result = playouts(rules, args.rounds, args.seed, args.playouts)
    elif args.rounds:
        tree = source_tree(args.commit)
        legacy = Legacy(tree, {}, json.loads(msgspec.json.encode(rules)))
        try:
            if args.search:
                result = searches(legacy, rules, args.rounds, args.seed, args.search)
            else:
                result = compare(legacy, rules, args.play, args.rounds, args.seed, args.seeds)
        finally:
            legacy.close()
    if args.uniform:
        result["uniform"] = uniformity(rules, args.uniform, args.deals, args.seed)
    text = json.dumps(result, indent=1, sort_keys=True)
    if args.out:
        Path(args.out).write_text(text + "\n")
    sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
