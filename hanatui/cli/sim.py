"""`hanatui sim`: bots against bots in the arena, with the results and their intervals."""

from __future__ import annotations

import contextlib
import sys
import time
from typing import TYPE_CHECKING, Any

from hanatui.cli.common import EXIT_OK, parse_option
from hanatui.text.errors import error_text
from hanatui.text.i18n import _, ngettext

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from hanatui.arena.selfplay import ArenaMatch


def cmd_sim(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Bots against bots. Every match is played once per seating (the bots rotated round the
    table, the same seed for the deals), so each bot gets the same cards and first dealer."""
    from core.errors import HanaError  # lazily: the app starts faster
    from core.games.registry import find_game
    from core.rules import find_rules
    from hanatui.arena.selfplay import default_jobs, seat_rotations, simulate
    from hanatui.bots import make_bot

    try:
        game = find_game(args.game)
        game_id = game.id
        options = dict(parse_option(o) for o in args.option)
        rules = find_rules(game_id, args.preset, **options)
        players = args.players or game.min_players
        game.check_players(rules, players)
        levels = (args.bots or "easy").split(",")
        entries = [levels[i % len(levels)].strip() for i in range(players)]
        bots = [make_bot(level) for level in entries]  # each level is known
    except HanaError as exc:
        parser.error(error_text(exc))
    if (args.hands is not None and args.hands < 1) or (
        args.matches is not None and args.matches < 1
    ):
        parser.error(_("--hands and --matches must be at least 1"))
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        parser.error(_("--jobs must be at least 1"))

    progress = sys.stderr.isatty() and not args.json
    totals = [0] * players  # per entry (the bots in command-line order)
    won = [0] * players
    decided = 0
    hands = 0  # for the progress line, and counted again from what was played
    seatings = len(seat_rotations(players, entries))
    target_matches = None
    if args.hands is None:
        target_matches = (args.matches or 1) * seatings
    start = time.perf_counter()
    cpu_start = _cpu_seconds()
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
    arena = simulate(
        rules,
        entries,
        seed=args.seed,
        hands=args.hands,
        matches=args.matches,
        jobs=jobs,
        keep_events=args.save is not None,
    )
    from hanatui.session.signals import Stopped, exit_status_of, stopping_signals

    # Ctrl+c, SIGTERM and SIGHUP end the arena as one: its workers stopped, the matches played
    # so far reported (each whole: a match is counted once it is in `played`), the status that
    # of the signal.
    played: list[ArenaMatch] = []
    interrupted: KeyboardInterrupt | None = None
    with stopping_signals(), contextlib.closing(arena):
        try:
            for match in arena:
                played.append(match)
                if args.save is not None and match.outcome.events is not None:
                    _save_match(args.save, match, f"{game_id}-{players}p", seatings > 1)
                if progress:
                    hands += len(match.outcome.history)
                    _progress(hands, len(played), args.hands, target_matches)
        except KeyboardInterrupt as exc:  # Stopped too (SIGTERM, SIGHUP)
            interrupted = exc
    seconds = time.perf_counter() - start
    cpu = _cpu_seconds() - cpu_start
    if progress:
        print(file=sys.stderr)
    hands = matches = 0
    for match in played:
        seating = match.seating
        for points in match.outcome.history:
            for seat, p in enumerate(points):
                totals[seating[seat]] += p
            if max(points) != min(points):
                decided += 1
                for seat, p in enumerate(points):
                    won[seating[seat]] += p == max(points)
        hands += len(match.outcome.history)
        matches += 1
    stopped_by = None
    if interrupted is not None:
        stopped_by = interrupted.signal.name if isinstance(interrupted, Stopped) else "SIGINT"
        print(
            _("hanatui sim: stopped by {signal}; what was played so far:").format(
                signal=stopped_by
            ),
            file=sys.stderr,
        )
    seats: list[dict[str, Any]] = []
    for e in range(players):
        rate = won[e] / decided if decided else None
        low, high = _wilson(won[e], decided)
        seats.append(
            {
                "seat": e,
                "bot": bots[e].level,
                "total_points": totals[e],
                "hands_won": won[e],
                "win_rate": round(rate, 4) if rate is not None else None,
                "win_rate_ci95": [round(low, 4), round(high, 4)],
                "points_per_hand": round(totals[e] / hands, 3) if hands else 0,
            }
        )
    result = {
        "game": game_id,
        "preset": args.preset,
        "players": players,
        "seed": args.seed,
        "matches": matches,
        "seatings": seatings,
        "hands": hands,
        "hands_decided": decided,
        "seconds": round(seconds, 4),
        "hands_per_second": round(hands / seconds, 1) if seconds > 0 else None,
        "cpu_seconds": round(cpu, 4),
        "seats": seats,
    }
    if stopped_by is not None:
        result["stopped_by"] = stopped_by
    if args.json:
        import json

        print(json.dumps(result))
    else:
        print(summary_line(game_id, result, seatings=seatings, jobs=jobs))
        for s in seats:
            print(seat_line(s))
    return EXIT_OK if interrupted is None else exit_status_of(interrupted)


def summary_line(game_id: str, result: dict[str, Any], *, seatings: int, jobs: int) -> str:
    """The report's first line: ``koikoi: 100 hands in 10 matches, each played in 2 seatings,
    1.23 s on 2 processes (81.3 hands/s); 95 hands decided`` (the game by its id)."""
    hands, matches, decided = result["hands"], result["matches"], result["hands_decided"]
    balance = ""
    if seatings > 1:
        balance = ngettext(
            ", each played in {n} seating", ", each played in {n} seatings", seatings
        ).format(n=seatings)
    workers = ""
    if jobs > 1:
        workers = ngettext(" on {n} process", " on {n} processes", jobs).format(n=jobs)
    # TRANSLATORS: {hands} is "3 hands", {in_matches} "in 1 match", {balance} "" or ", each
    # played in 2 seatings", {workers} "" or " on 2 processes", {decided} "2 hands decided"
    return _(
        "{game}: {hands} {in_matches}{balance}, {seconds} s{workers} ({speed} hands/s); {decided}"
    ).format(
        game=game_id,
        hands=ngettext("{n} hand", "{n} hands", hands).format(n=hands),
        in_matches=ngettext("in {n} match", "in {n} matches", matches).format(n=matches),
        balance=balance,
        seconds=f"{result['seconds']:.2f}",
        workers=workers,
        speed=result["hands_per_second"],
        decided=ngettext("{n} hand decided", "{n} hands decided", decided).format(n=decided),
    )


def seat_line(seat: dict[str, Any]) -> str:
    """One entry's line of the report, its numbers in columns (the bot by its level, as
    ``--bots`` names it)."""
    won_rate = "-" if seat["win_rate"] is None else f"{100 * seat['win_rate']:.1f}%"
    low, high = seat["win_rate_ci95"]
    # TRANSLATORS: one bot's results; the values come padded to columns, keep the spaces;
    # "95% CI" is the 95 % confidence interval of the rate of hands won
    return _(
        "  {bot} points {points}  per hand {per_hand}  hands won {won} ({rate}, 95% CI "
        "{low}-{high}%)"
    ).format(
        bot=f"{seat['bot']:<8}",
        points=f"{seat['total_points']:>8}",
        per_hand=f"{seat['points_per_hand']:>8}",
        won=seat["hands_won"],
        rate=won_rate,
        low=f"{100 * low:.1f}",
        high=f"{100 * high:.1f}",
    )


def _save_match(folder: Path, match: ArenaMatch, prefix: str, by_seating: bool) -> None:
    """Write one arena match's log in ``folder``, never over an earlier file."""
    from core.logfile import header_for
    from hanatui.session.session import app_version, now_iso
    from hanatui.store.files import free_path, write_log_file

    events = match.outcome.events
    assert events is not None
    header = header_for(events, app=app_version(), created=now_iso())
    suffix = f"-seating{match.rotation + 1}" if by_seating else ""
    name = f"{prefix}-seed{match.seed}{suffix}.hana"
    write_log_file(free_path(folder / name), header, events)


def _wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion (0-1 when there is no data)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the arena's workers)."""
    try:
        import resource
    except ImportError:  # Windows: this process only
        return time.process_time()
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _progress(
    hands: int, matches: int, target_hands: int | None, target_matches: int | None
) -> None:
    if target_hands:
        done, total = hands, target_hands
        counted = ngettext("{done}/{total} hand", "{done}/{total} hands", total)
    else:
        done, total = matches, target_matches or 1
        counted = ngettext("{done}/{total} match", "{done}/{total} matches", total)
    width = 30
    filled = int(width * done / total) if total else width
    bar = f"[{'#' * filled}{'.' * (width - filled)}]"
    sys.stderr.write(f"\r{bar} {counted.format(done=done, total=total)}")
    sys.stderr.flush()
