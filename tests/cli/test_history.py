"""History: summaries of saved games and statistics from the human player's side."""

from __future__ import annotations

from core.logfile import encode_log, header_for
from core.players import Player
from core.rules import find_rules
from hanatui.arena.selfplay import play_match
from hanatui.bots import make_bot
from hanatui.store.history import format_statistics, scan, statistics


def _save(directory, name, rules, levels, seed, human=True):
    bots = [make_bot(level) for level in levels]
    players = tuple(
        Player(name="You") if human and i == 0 else Player(name=f"CPU {i}", kind="bot", bot=level)
        for i, level in enumerate(levels)
    )
    timeline = play_match(rules, bots, seed=seed, players=players)
    (directory / name).write_bytes(
        encode_log(
            header_for(timeline.events, created=f"2026-01-0{seed}T00:00:00+00:00"), timeline.events
        )
    )
    return timeline.last


def test_scan_lists_games_newest_first_and_marks_unreadable_ones(tmp_path):
    rules = find_rules("bakappana", rounds=2)
    _save(tmp_path, "a.hana", rules, ["easy", "random"], 1)
    _save(tmp_path, "b.hana", rules, ["easy", "easy", "random"], 2)
    (tmp_path / "broken.hana").write_text("{}\n", encoding="utf-8")
    rows = scan(tmp_path)
    assert [s.path.rsplit("/", 1)[1] for s, _ in rows] == ["b.hana", "a.hana", "broken.hana"]
    first = rows[0][0]
    assert first.game == "bakappana" and first.players == ("You", "CPU 1", "CPU 2")
    assert first.finished and first.rounds_played == 2 and first.result.endswith(("wins", "tie"))
    assert rows[2][0].result == "unreadable" and rows[2][1] is None


def test_statistics_count_games_wins_opponents_and_points(tmp_path):
    rules = find_rules("bakappana", rounds=3)
    finals = [
        _save(tmp_path, f"g{seed}.hana", rules, ["easy", "random" if seed % 2 else "easy"], seed)
        for seed in range(1, 7)
    ]
    _save(tmp_path, "bots.hana", rules, ["easy", "easy"], 8, human=False)
    stats = statistics(log for _, log in scan(tmp_path) if log is not None)
    wins = sum(s.totals[0] == max(s.totals) for s in finals)
    assert stats.games["bakappana"].played == 7
    assert stats.by_opponent["random"].played == 3 and stats.by_opponent["easy"].played == 3
    assert stats.by_opponent["random"].won + stats.by_opponent["easy"].won == wins
    assert stats.rounds == 18
    assert sum(stats.round_points) == sum(s.totals[0] for s in finals)
    text = format_statistics(stats)
    assert "bakappana" in text and "points per round" in text
