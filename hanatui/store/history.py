"""Past games: a summary of each saved log for the history browser, and statistics over them.

Statistics are from the point of view of the human player of each game (the first human seat);
games with no human seat (bot-only simulations) count only in the per-game totals.
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

import msgspec

from core.errors import HanaError
from core.events import KoiKoiCalled, RoundEnded
from core.logfile import LogRead
from core.names import yaku_name
from hanatui.store.files import read_log_file


class GameSummary(msgspec.Struct, kw_only=True):
    """One saved game, as the history browser lists it."""

    path: str
    created: str
    game: str
    players: tuple[str, ...]
    rounds_played: int
    rounds: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    events: int
    error: str | None = None

    @property
    def result(self) -> str:
        if self.error:
            return "unreadable"
        if not self.finished:
            return "unfinished"
        names = " and ".join(self.players[i] for i in self.winners)
        return f"{names} {'wins' if len(self.winners) == 1 else 'tie'}"


def summarise(path: str | os.PathLike[str]) -> tuple[GameSummary, LogRead | None]:
    """The summary of one log file; unreadable files get a summary with ``error`` set."""
    try:
        log = read_log_file(path)
    except HanaError as exc:
        return (
            GameSummary(
                path=str(path),
                created="",
                game="?",
                players=(),
                rounds_played=0,
                rounds=0,
                totals=(),
                winners=(),
                finished=False,
                events=0,
                error=str(exc),
            ),
            None,
        )
    state = log.states[-1]
    finished = state.phase == "over"
    best = max(state.totals) if state.totals else 0
    return (
        GameSummary(
            path=str(path),
            created=log.header.created,
            game=state.rules.game,
            players=tuple(p.name for p in state.players),
            rounds_played=state.rounds_done,
            rounds=state.rules.rounds,
            totals=state.totals,
            winners=tuple(i for i, t in enumerate(state.totals) if t == best) if finished else (),
            finished=finished,
            events=len(log.events),
        ),
        log,
    )


def scan(directory: str | os.PathLike[str]) -> list[tuple[GameSummary, LogRead | None]]:
    """Every ``*.hana`` file of a directory, newest first."""
    d = Path(directory)
    if not d.is_dir():
        return []
    out = [summarise(p) for p in d.glob("*.hana")]
    out.sort(key=lambda pair: (pair[0].created, pair[0].path), reverse=True)
    return out


class Record(msgspec.Struct, kw_only=True):
    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


class Statistics(msgspec.Struct, kw_only=True):
    games: dict[str, Record]  # per game id
    by_opponent: dict[str, Record]  # per opponent level ("human" for people)
    rounds: int = 0
    round_points: list[int]  # the user's points in each round
    yaku: Counter[str]  # yaku id -> times the user made it
    yaku_names: dict[str, str]
    koikoi_calls: int = 0
    koikoi_outcomes: Counter[str]  # "won" / "lost" / "draw" of the round after a call

    @property
    def points_per_round(self) -> float:
        return sum(self.round_points) / len(self.round_points) if self.round_points else 0.0


def statistics(logs: Iterable[LogRead]) -> Statistics:
    games: dict[str, Record] = defaultdict(Record)
    by_opp: dict[str, Record] = defaultdict(Record)
    stats = Statistics(
        games=games,
        by_opponent=by_opp,
        round_points=[],
        yaku=Counter(),
        yaku_names={},
        koikoi_outcomes=Counter(),
    )
    for log in logs:
        state = log.states[-1]
        if state.phase != "over":
            continue
        me = next((i for i, p in enumerate(state.players) if p.kind == "human"), None)
        won = me is not None and state.totals[me] == max(state.totals)
        rec = games[state.rules.game]
        rec.played += 1
        rec.won += won
        if me is None:
            continue
        for level in sorted(
            {
                p.bot or "?" if p.kind == "bot" else "human"
                for i, p in enumerate(state.players)
                if i != me
            }
        ):
            by_opp[level].played += 1
            by_opp[level].won += won
        called = False
        for event in log.events:
            if isinstance(event, KoiKoiCalled) and event.seat == me and not event.play_on:
                stats.koikoi_calls += 1
                called = True
            elif isinstance(event, RoundEnded):
                stats.rounds += 1
                stats.round_points.append(event.points[me])
                for line in event.breakdown[me].lines:
                    if line.kind == "yaku" and line.id:
                        stats.yaku[line.id] += 1
                        stats.yaku_names[line.id] = yaku_name(line.id).en
                if called:
                    mine, best = event.points[me], max(event.points)
                    outcome = (
                        "draw"
                        if max(event.points) == min(event.points)
                        else ("won" if mine == best and mine > 0 else "lost")
                    )
                    stats.koikoi_outcomes[outcome] += 1
                called = False
    stats.games = dict(games)
    stats.by_opponent = dict(by_opp)
    return stats


def bar(value: float, top: float, width: int = 20) -> str:
    """A text bar for simple charts."""
    if top <= 0:
        return ""
    n = round(width * max(0.0, value) / top)
    return "█" * n + "·" * (width - n)


def format_statistics(stats: Statistics) -> str:
    """Tables and bar charts as plain text (for the CLI and the app)."""
    lines = ["Games", f"  {'game':<12}{'played':>7}{'won':>6}{'win %':>7}"]
    for game, rec in sorted(stats.games.items()):
        lines.append(
            f"  {game:<12}{rec.played:>7}{rec.won:>6}{rec.rate * 100:>6.0f}%  {bar(rec.rate, 1.0)}"
        )
    lines += ["", "Against", f"  {'opponent':<12}{'played':>7}{'won':>6}{'win %':>7}"]
    for level, rec in sorted(stats.by_opponent.items()):
        lines.append(
            f"  {level:<12}{rec.played:>7}{rec.won:>6}{rec.rate * 100:>6.0f}%  {bar(rec.rate, 1.0)}"
        )
    lines += ["", f"Rounds played: {stats.rounds}, points per round: {stats.points_per_round:.2f}"]
    if stats.yaku:
        top = max(stats.yaku.values())
        lines += ["", "Yaku made"]
        for yid, count in stats.yaku.most_common():
            lines.append(f"  {stats.yaku_names.get(yid, yid):<24}{count:>5}  {bar(count, top)}")
    if stats.koikoi_calls:
        o = stats.koikoi_outcomes
        lines += [
            "",
            f"Koi-koi called {stats.koikoi_calls} times: round won {o['won']}, lost "
            f"{o['lost']}, drawn {o['draw']}",
        ]
    return "\n".join(lines) + "\n"


def history_logs(pairs: Sequence[tuple[GameSummary, LogRead | None]]) -> list[LogRead]:
    return [log for _summary, log in pairs if log is not None]
