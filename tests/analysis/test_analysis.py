"""The analysis runner and its results: decisions found, determinism, cancelling, classes,
summaries, the evaluation series, the next flagged move, and the cache's refusals."""

from __future__ import annotations

import math
import threading

import msgspec
import pytest

from core.actions import CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import Card
from core.errors import HanaError
from core.events import CaptureChosen, CardPlayed, KoiKoiCalled, ShobuCalled
from core.logfile import Comment, LogRead, encode_log, header_for, read_log
from core.rules import find_rules
from hanatui.analysis import (
    Analyser,
    Candidate,
    Decision,
    GameAnalysis,
    Thresholds,
    cache,
    decision_points,
)
from hanatui.analysis.run import kind_of
from hanatui.text.export import player_view
from tests.helpers import random_playout

BUDGET = 20


def short_log(game: str = "koikoi", n: int = 2, seed: int = 8) -> LogRead:
    events, states = random_playout(find_rules(game, rounds=1), n, seed)
    return LogRead(header=header_for(events), events=events, states=states)


@pytest.fixture(scope="module")
def log() -> LogRead:
    return short_log()


@pytest.fixture(scope="module")
def analysed(log) -> GameAnalysis:
    return Analyser(log, budget=BUDGET).run()


def test_every_real_choice_is_a_decision_point_and_nothing_else(log):
    from core.engine import legal_actions, to_act

    points = decision_points(log)
    expected = [
        i
        for i, event in enumerate(log.events)
        if isinstance(event, (CardPlayed, CaptureChosen, KoiKoiCalled))
        or (isinstance(event, ShobuCalled) and not event.auto)
        if to_act(log.states[i - 1]) is not None and len(legal_actions(log.states[i - 1])) > 1
    ]
    assert [p.index for p in points] == expected and expected
    for p in points:
        assert len(p.legal) >= 2 and p.move in p.legal
        assert p.seat == log.events[p.index].seat
        assert p.legal == legal_actions(log.states[p.index - 1])


def test_kinds_of_decision():
    play = (PlayCard(seat=0, card=Card("01a")), PlayCard(seat=0, card=Card("02a")))
    assert kind_of(play) == "play"
    assert kind_of((*play, DeclareHiki(seat=0, month=3))) == "hiki"
    choose = tuple(ChooseCapture(seat=0, card=Card("01a"), target=Card(t)) for t in ("01c", "01d"))
    assert kind_of(choose) == "capture"
    assert kind_of((CallKoiKoi(seat=1), CallShobu(seat=1))) == "koikoi"


def test_the_same_log_and_budget_give_the_same_verdicts_however_asked(log, analysed):
    assert analysed.complete and len(analysed) == len(decision_points(log))
    again = Analyser(log, budget=BUDGET).run()
    assert again.decisions == analysed.decisions
    # seat by seat, or decision by decision in another order: the same numbers
    parts = []
    for seat in (1, 0):
        parts += Analyser(log, seats=[seat], budget=BUDGET).run().decisions
    assert sorted(parts, key=lambda d: d.index) == analysed.decisions
    last = analysed.decisions[-1].index
    assert Analyser(log, budget=BUDGET, indexes=[last]).run().decisions == [analysed.at(last)]


def test_a_verdict_compares_the_move_made_with_the_best_on_the_same_samples(log, analysed):
    for d in analysed.decisions:
        assert d.move == decision_points_by_index(log)[d.index].move
        made, best = d.candidates[d.made], d.candidates[d.best]
        assert best.playouts == max(c.playouts for c in d.candidates)
        assert made.playouts == best.playouts  # the move made is never dropped
        assert d.loss == pytest.approx(max(0.0, best.expected - made.expected))
        assert d.loss >= 0 and d.se >= 0 and math.isfinite(d.se)
        assert (d.made == d.best) == (analysed.class_of(d) == "best")


def decision_points_by_index(log):
    return {p.index: p for p in decision_points(log)}


def test_cancel_stops_after_the_decision_in_hand_and_a_later_run_goes_on(log, analysed):
    analyser = Analyser(log, budget=BUDGET)
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done == 2:
            analyser.cancel()

    partial = analyser.run(progress)
    assert seen[0] == (0, analyser.total) and seen[-1] == (2, analyser.total)
    assert not partial.complete and len(partial) == 2
    assert partial.decisions == analysed.decisions[:2]
    assert analyser.run().decisions == partial.decisions  # a cancelled analyser stays stopped
    # going on: a new analyser that knows what is done
    known = {d.index: d for d in partial.decisions}
    assert Analyser(log, budget=BUDGET, known=known).run().decisions == analysed.decisions


def test_cancel_from_another_thread(log):
    analyser = Analyser(log, budget=2000)
    started = threading.Event()
    box = {}

    def work():
        box["result"] = analyser.run(lambda done, total: started.set())

    thread = threading.Thread(target=work)
    thread.start()
    assert started.wait(10)
    analyser.cancel()
    thread.join(30)
    assert not thread.is_alive()
    assert not box["result"].complete and analyser.cancelled


def test_known_decisions_are_not_searched_again(log, analysed, monkeypatch):
    import hanatui.analysis.run as run

    def no_search(*args, **kwargs):
        raise AssertionError("searched again")

    monkeypatch.setattr(run, "analyse_position", no_search)
    known = {d.index: d for d in analysed.decisions}
    assert Analyser(log, budget=BUDGET, known=known).run().decisions == analysed.decisions


def test_a_redacted_log_is_analysed_for_its_own_seat_only(log):
    copy = read_log(player_view(log, 1))
    result = Analyser(copy, budget=BUDGET).run()
    assert result.seats == (1,) and {d.seat for d in result.decisions} == {1}
    with pytest.raises(HanaError, match="redacted for seat 2"):
        Analyser(copy, seats=[0], budget=BUDGET)
    with pytest.raises(HanaError, match="no seat 5"):
        Analyser(log, seats=[4], budget=BUDGET)
    with pytest.raises(HanaError, match="at least"):
        Analyser(log, budget=3)


# --- classes, summaries, the graph, the next mistake ---------------------------------------


def test_thresholds_class_a_loss():
    t = Thresholds(1.0, 2.0, 4.0)
    assert [t.classify(x) for x in (0.0, 0.2, 1.0, 1.99, 2.0, 3.9, 4.0, 40.0)] == [
        "best",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def _decision(index: int, seat: int, made: float, best: float, kind="play") -> Decision:
    a, b = PlayCard(seat=seat, card=Card("01a")), PlayCard(seat=seat, card=Card("02a"))
    same = made == best
    return Decision(
        index=index,
        seat=seat,
        kind=kind,
        candidates=(
            Candidate(action=a, expected=made, playouts=100),
            Candidate(action=b, expected=best, playouts=100),
        ),
        made=0,
        best=0 if same else 1,
        se=0.0 if same else 0.1,
    )


def _analysis(decisions, teams=(0, 1), game="koikoi") -> GameAnalysis:
    return GameAnalysis(
        game=game,
        teams=teams,
        budget=100,
        decisions=decisions,
        seats=range(len(teams)),
        total=len(decisions),
    )


SAMPLE = [
    _decision(3, 0, 1.0, 1.0),  # best
    _decision(5, 1, -2.0, -1.8),  # good (0.2)
    _decision(7, 0, 0.0, 4.5),  # blunder (4 or more in koi-koi plays)
    _decision(9, 1, 1.0, 2.2),  # inaccuracy (1 or more)
    _decision(11, 0, 3.0, 5.5),  # mistake (2 or more)
    _decision(12, 0, -1.0, 2.0, kind="koikoi"),  # koi-koi calls have wider thresholds
]


def test_classes_marks_and_the_next_flagged_move():
    a = _analysis(SAMPLE)
    assert [a.class_of(d) for d in a.decisions] == [
        "best",
        "good",
        "blunder",
        "inaccuracy",
        "mistake",
        "mistake",  # a loss of 3 in a koi-koi call: a mistake, where a card play's is one
    ]
    assert [a.mark_of(d) for d in a.decisions[:5]] == ["", "", "??", "?!", "?"]
    assert a.next_flagged(0).index == 7
    assert a.next_flagged(7).index == 11  # mistakes and worse by default
    assert a.next_flagged(7, at_least="inaccuracy").index == 9
    assert a.next_flagged(0, seat=1, at_least="inaccuracy").index == 9
    assert a.next_flagged(0, seat=1) is None
    assert a.next_flagged(12) is None
    assert a.previous_flagged(11).index == 7
    assert a.previous_flagged(7) is None
    assert a.at(9) is SAMPLE[3] and a.at(10) is None


def test_a_summary_per_seat():
    a = _analysis(SAMPLE)
    s0, s1 = a.summary(0), a.summary(1)
    assert s0.decisions == 4 and s1.decisions == 2
    assert s0.average_loss == pytest.approx((0 + 4.5 + 2.5 + 3.0) / 4)
    assert s1.average_loss == pytest.approx((0.2 + 1.2) / 2)
    assert s1.counts == {"best": 0, "good": 1, "inaccuracy": 1, "mistake": 0, "blunder": 0}
    assert sum(s0.counts.values()) == 4


def test_the_evaluation_series_for_two_sides_mirrors_each_decision():
    a = _analysis(SAMPLE[:3])
    assert [(p.index, p.seat, p.values) for p in a.evaluation()] == [
        (3, 0, (1.0, -1.0)),
        (5, 1, (2.0, -2.0)),
        (7, 0, (0.0, -0.0)),
    ]


def test_the_evaluation_series_with_more_sides_or_teams():
    three = _analysis([_decision(3, 1, 2.0, 2.0)], teams=(0, 1, 2), game="bakappana")
    assert three.evaluation()[0].values == (None, 2.0, None)
    teams = _analysis([_decision(3, 1, 2.0, 2.0)], teams=(0, 1, 0, 1), game="sakura")
    assert teams.evaluation()[0].values == (-2.0, 2.0, -2.0, 2.0)


def test_every_game_and_kind_has_thresholds_ordered_and_positive():
    from hanatui.analysis import THRESHOLDS, thresholds_for

    for game in ("koikoi", "bakappana", "hana-awase", "sakura"):
        for kind in ("play", "capture"):
            t = thresholds_for(game, kind)
            assert 0 < t.inaccuracy < t.mistake < t.blunder
    assert thresholds_for("koikoi", "koikoi") == THRESHOLDS[("koikoi", "koikoi")]
    assert thresholds_for("sakura", "hiki") == THRESHOLDS[("sakura", "hiki")]


# --- the cache -----------------------------------------------------------------------------


def test_the_sidecar_round_trips_and_ignores_comments(log, analysed):
    data = cache.encode_sidecar(log, BUDGET, analysed.decisions)
    assert cache.decode_sidecar(data, log, BUDGET) == {d.index: d for d in analysed.decisions}
    commented = read_log(
        encode_log(log.header, log.events, [Comment(text="later note", after=5, seat=0)])
    )
    assert cache.log_key(commented) == cache.log_key(log)
    assert cache.decode_sidecar(data, commented, BUDGET) is not None


def test_a_sidecar_for_another_log_or_budget_is_not_used(log, analysed):
    data = cache.encode_sidecar(log, BUDGET, analysed.decisions)
    assert cache.decode_sidecar(data, log, BUDGET + 1) is None
    other = short_log(seed=9)
    assert cache.log_key(other) != cache.log_key(log)
    assert cache.decode_sidecar(data, other, BUDGET) is None


def _tampered(log, analysed, change) -> bytes:
    raw = msgspec.json.decode(cache.encode_sidecar(log, BUDGET, analysed.decisions))
    change(raw)
    return msgspec.json.encode(raw)


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r["decisions"][0].update(made=(r["decisions"][0]["made"] + 1) % 2),
        lambda r: r["decisions"][0].update(seat=1 - r["decisions"][0]["seat"]),
        lambda r: r["decisions"][0].update(index=r["decisions"][0]["index"] + 1),
        lambda r: r["decisions"][0]["candidates"].pop(),
        lambda r: r["decisions"][0]["candidates"][0].update(expected=float("nan")),
        lambda r: r["decisions"][0]["candidates"][0].update(playouts=10**9),
        lambda r: r["decisions"][0].update(se=-1.0),
        lambda r: r["decisions"][0].update(mood="glad"),
        lambda r: r["decisions"].append(r["decisions"][0]),
        lambda r: r.update(version=2),
        lambda r: r.update(method=r["method"] + 1),
    ],
)
def test_a_sidecar_inconsistent_with_the_log_is_never_trusted(log, analysed, change):
    assert cache.decode_sidecar(_tampered(log, analysed, change), log, BUDGET) is None


def test_garbage_is_no_sidecar(log):
    for data in (b"", b"{", b"[]", b"\x00" * 10, b'{"format":"hanatui-analysis"}'):
        assert cache.decode_sidecar(data, log, BUDGET) is None


def test_a_sidecar_loads_at_its_own_budget_and_takes_more_seats(log, analysed, tmp_path):
    path = tmp_path / "game.hana"
    path.write_bytes(encode_log(log.header, log.events))
    assert cache.load_any(path, log) is None  # nothing beside it yet
    mine = [d for d in analysed.decisions if d.seat == 0]
    theirs = [d for d in analysed.decisions if d.seat == 1]
    known = cache.save_merged(path, log, BUDGET, {}, mine)
    assert cache.load_any(path, log) == (BUDGET, {d.index: d for d in mine}) == (BUDGET, known)
    before = cache.sidecar_path(path).stat().st_mtime_ns
    assert cache.save_merged(path, log, BUDGET, known, mine) == known  # nothing new
    assert cache.sidecar_path(path).stat().st_mtime_ns == before  # so nothing written
    both = cache.save_merged(path, log, BUDGET, known, theirs)
    assert cache.load(path, log, BUDGET) == both == {d.index: d for d in analysed.decisions}
    cache.sidecar_path(path).write_bytes(b"{not json")
    assert cache.load_any(path, log) is None


def test_decisions_of_every_sample_log_and_of_its_player_views():
    """Every game's decisions are found from the seat's view alone, in a full log and in one
    redacted for a seat (whose decisions are then the same)."""
    from pathlib import Path

    from hanatui.store.files import read_log_file

    root = Path(__file__).resolve().parents[2] / "replays"
    kinds = set()
    for path in sorted(root.glob("*.hana")):
        full = read_log_file(path)
        points = decision_points(full)
        assert points, path.name
        kinds |= {p.kind for p in points}
        copy = read_log(player_view(full, 0))
        mine = [p for p in points if p.seat == 0]
        assert [p for p in decision_points(copy) if p.seat == 0] == mine
    assert kinds == {"play", "capture", "koikoi", "hiki"}


def test_a_gaji_stopped_by_a_hiki_is_the_capture_its_player_chose():
    from core.events import GajiInterrupted

    log = short_log("sakura", 4, seed=13)
    index = next(i for i, e in enumerate(log.events) if isinstance(e, GajiInterrupted))
    point = decision_points_by_index(log)[index]
    event = log.events[index]
    assert point.kind == "capture"
    assert point.move == ChooseCapture(seat=event.seat, card=Card("11d"), target=event.target)
