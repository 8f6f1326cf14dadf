"""The ``hanatui`` command: the app with no arguments, and headless tools as subcommands.

Exit statuses: 0 success, 1 a checked file is invalid (verify) or a run failed, 2 usage errors,
130 interrupted (Ctrl+C), 128 + the signal's number when SIGHUP or SIGTERM ended the app.
Errors are one clear line on stderr, never a traceback.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace

    from core.logfile import LogRead
    from hanatui.analysis import Decision
    from hanatui.app.app import HanaApp
    from hanatui.session.signals import QuitSignals

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def _parser_type() -> type[argparse.ArgumentParser]:
    """argparse's parser with our usage error (imported here: `hanatui` alone and `hanatui play
    GAME` start without argparse and the gettext it brings in)."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            print(f"{self.prog}: error: {message}", file=sys.stderr)
            raise SystemExit(EXIT_USAGE)

    return _Parser


#: Commands whose arguments are parsed without the network commands' parsers (whose module
#: brings in the network libraries): `hanatui play` starts sooner.
_LOCAL_COMMANDS = frozenset({"verify", "sim", "export", "analyse", "analyze", "replay", "play"})


def build_parser(*, only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's, or with ``only`` that one local command's
    alone, without the network commands (`main` parses a local command's arguments so)."""
    parser_type = _parser_type()
    parser = parser_type(
        prog="hanatui",
        description="The hanafuda card table for the terminal. With no command, opens the app.",
    )
    from hanatui import __version__

    parser.add_argument("--version", action="version", version=f"hanatui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=parser_type)

    if only in (None, "verify"):
        verify = sub.add_parser("verify", help="check .hana log files (exit 1 if any is invalid)")
        verify.add_argument("files", nargs="+", metavar="FILE")
        verify.add_argument("--json", action="store_true", help="print a machine-readable report")

    if only in (None, "sim"):
        sim = sub.add_parser("sim", help="bots play each other headless; prints statistics")
        sim.add_argument("game", help="bakappana, hana-awase, koikoi or sakura")
        sim.add_argument("--players", type=int, default=None, help="number of seats")
        length = sim.add_mutually_exclusive_group()
        length.add_argument("--hands", type=int, default=None, help="hands (rounds) to play in all")
        length.add_argument("--matches", type=int, default=None, help="whole matches to play")
        sim.add_argument("--seed", type=int, default=1)
        sim.add_argument(
            "--bots", default=None, help="comma-separated levels, one per seat (repeats)"
        )
        sim.add_argument("--preset", default="standard")
        sim.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="override a rule option",
        )
        sim.add_argument(
            "--save", type=Path, default=None, metavar="DIR", help="write one log per match"
        )
        sim.add_argument(
            "--jobs",
            type=int,
            default=None,
            metavar="N",
            help="worker processes (default: the number of cores); "
            "the result is the same for any N",
        )
        sim.add_argument("--json", action="store_true", help="print one JSON object")

    if only in (None, "export"):
        export = sub.add_parser(
            "export", help="share a game: a text record, an anonymised or redacted copy"
        )
        export.add_argument("file", metavar="FILE")
        what = export.add_mutually_exclusive_group(required=True)
        what.add_argument("--text", action="store_true", help="a readable record of the game")
        what.add_argument(
            "--anonymise", action="store_true", help="a copy with player names replaced"
        )
        what.add_argument(
            "--player-view",
            type=int,
            metavar="SEAT",
            help="a copy without the cards SEAT (1-based) could not see",
        )
        export.add_argument(
            "-o", "--output", type=Path, default=None, help="write here instead of stdout"
        )
        export.add_argument(
            "--force", action="store_true", help="replace the --output file if it exists"
        )

    if only in (None, "analyse"):
        analyse = sub.add_parser(
            "analyse",
            aliases=["analyze"],
            help="the strong player's verdict on every decision of a game: "
            "mistakes and better moves",
        )
        analyse.add_argument("file", metavar="FILE")
        analyse.add_argument(
            "--seat",
            type=int,
            action="append",
            metavar="N",
            help="analyse seat N only (1 is the first player; repeat for several); default: all",
        )
        analyse.add_argument(
            "--budget",
            type=int,
            default=None,
            metavar="PLAYOUTS",
            help="playouts per decision (default 1000: more is slower and less noisy)",
        )
        analyse.add_argument(
            "--all", action="store_true", help="list every decision, not only the flagged ones"
        )
        analyse.add_argument("--json", action="store_true", help="print one JSON object")

    if only in (None, "replay"):
        replay = sub.add_parser("replay", help="open a .hana log in the replay viewer")
        replay.add_argument("file", metavar="FILE")
        replay.add_argument("--ascii", action="store_true", help="draw the cards in ASCII")

    if only in (None, "play"):
        play = sub.add_parser("play", help="open a game at the table: you against computer seats")
        play.add_argument("game", help="bakappana, hana-awase, koikoi or sakura")
        play.add_argument(
            "--players", type=int, default=None, help="number of seats (you are seat 1)"
        )
        play.add_argument(
            "--seed", type=int, default=None, help="seed for the deals and the computer"
        )
        play.add_argument("--preset", default="standard", help="rule preset")
        play.add_argument("--bot", default=None, help="level of the computer seats")
        play.add_argument(
            "--think",
            type=float,
            default=None,
            metavar="SECONDS",
            help="the strong player's time per move, e.g. 0.2, 1 or 3 (default: the setting; "
            "0: a fixed number of playouts, about 0.1 s a move)",
        )
        play.add_argument("--ascii", action="store_true", help="draw the cards in ASCII")

    if only is None:
        from hanatui.net.commands import add_parsers

        add_parsers(sub)  # host, join, serve
    return parser


def cmd_play(
    args: argparse.Namespace | SimpleNamespace, parser: argparse.ArgumentParser | None
) -> int:
    """``parser``: the one that parsed ``args`` (None: `_quick_play` did; built for an error)."""
    from hanatui.app.startup import defer_collection

    defer_collection()  # until the table is drawn (`TableScreen`)
    from core.errors import HanaError  # lazily: the app starts faster
    from core.games.registry import find_game
    from core.players import Player
    from core.rules import find_rules
    from hanatui.bots import make_bot
    from hanatui.bots.base import set_strong_seconds
    from hanatui.store.settings import load_settings

    settings, _ = load_settings()
    level = args.bot or settings.bot_level
    try:
        game = find_game(args.game)
        rules = find_rules(game.id, args.preset)
        players = args.players or game.min_players
        game.check_players(rules, players)
        make_bot(level)
        if args.think is not None:
            set_strong_seconds(args.think)  # checks the range
    except HanaError as exc:
        (parser or build_parser(only="play")).error(str(exc))
    seats = [Player(name=settings.name, kind="human")]
    for i in range(1, players):
        seats.append(Player(name="CPU" if players == 2 else f"CPU {i}", kind="bot", bot=level))
    if args.ascii:
        import os

        os.environ["HANATUI_ASCII"] = "1"
    from hanatui.app.app import HanaApp
    from hanatui.session.lock import JournalInUse, lock
    from hanatui.session.session import JOURNAL_NAME
    from hanatui.store.settings import autosave_dir

    try:
        lock(autosave_dir() / JOURNAL_NAME)  # held until the process ends
    except JournalInUse as exc:
        print(
            f"hanatui: the game is open in another hanatui{exc.holder}; close it there to play "
            "here (`hanatui` alone browses replays and settings meanwhile)",
            file=sys.stderr,
        )
        return EXIT_INVALID
    except OSError:
        pass  # a folder that cannot be written: the app says so and plays on in memory
    # The modules loaded so far live as long as the process: kept out of the collector's
    # passes, its first full pass (it came before the table's first frame, some 25 ms on 2026
    # hardware, scanning every object the imports made) looks only at what the app makes.
    gc.freeze()
    return _run_app(HanaApp(play=(rules, seats, args.seed), strong_seconds=args.think))


def _run_app(app: HanaApp) -> int:
    """Run the app; then save what the journal could not (or say where a copy went): the exit
    status is non-zero if the app failed or a game could not be saved where it belongs, and
    128 + the signal's number if SIGHUP or SIGTERM ended the app (`hanatui.session.signals`)."""
    import asyncio

    from hanatui.session.signals import QuitSignals

    signals = QuitSignals()
    # On a loop of its own, as `App.run` runs it; the rescue runs on it too, so the loop's
    # handling of the quit signals covers both.
    status = asyncio.run(_app_then_rescue(app, signals))
    signals.hold()  # closing the loop gave them their default action back, for the exit
    return status


async def _app_then_rescue(app: HanaApp, signals: QuitSignals) -> int:
    signals.listen(app.quit_when_ready)  # a signal quits the app as the player's quit does
    await app.run_async()
    signals.hold()  # the app has ended: a signal now lets the rescue finish
    from hanatui.session.journal import rescue_unsaved  # after the app: the title is drawn sooner

    status = EXIT_OK if not app.return_code else EXIT_INVALID
    lines = rescue_unsaved()
    if signals.received is not None:
        _tell(f"quit on {signals.received.name}")
    for line in lines:
        _tell(line)
        status = EXIT_INVALID
    return signals.exit_status or status


def _tell(line: str) -> None:
    """One line on stderr after the app, dropped if the terminal is gone (it fails every write)."""
    with contextlib.suppress(OSError):
        print(f"hanatui: {line}", file=sys.stderr, flush=True)


def cmd_replay(args: argparse.Namespace) -> int:
    """The app on the viewer of FILE; a file that cannot be read is one line and exit 1."""
    from core.errors import HanaError
    from hanatui.store.files import read_log_file

    try:
        read_log_file(args.file)
    except HanaError as exc:
        print(_file_error(args.file, exc), file=sys.stderr)
        return EXIT_INVALID
    if args.ascii:
        import os

        os.environ["HANATUI_ASCII"] = "1"
    from hanatui.app.app import replay_app

    return _run_app(replay_app(args.file))


def cmd_app() -> int:
    from hanatui.app.app import HanaApp

    return _run_app(HanaApp())


def _file_error(name: str, exc: BaseException) -> str:
    """One line for a file that cannot be read: ``FILE:LINE: reason``, escaped."""
    from core.errors import CorruptLogError
    from core.text import printable, printable_path

    shown = printable_path(name)
    if isinstance(exc, CorruptLogError):
        return f"{shown}:{exc.line or 1}: {printable(exc.reason)}"
    return printable(str(exc))


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        # `hanatui` alone opens the app at once: building the parser of every command first
        # (and importing what their options need) would only delay the title.
        return _guarded(cmd_app)
    command = argv[0]
    quick = _quick_play(argv)
    if quick is not None:
        return _guarded(lambda: cmd_play(quick, None))
    if command in _LOCAL_COMMANDS:  # that command's parser alone: `hanatui play` starts sooner
        parser = build_parser(only="analyse" if command == "analyze" else command)
    else:
        parser = build_parser()
    args = parser.parse_args(argv)
    return _guarded(lambda: _dispatch(args, parser))


def _quick_play(argv: Sequence[str]) -> SimpleNamespace | None:
    """`hanatui play GAME` alone, the arguments as the parser would give them (a test keeps
    them equal); None for any other command line, which the parser reads. Building the parser
    and importing argparse with gettext cost some 4 ms of the table's start."""
    if len(argv) != 2 or argv[0] != "play" or argv[1].startswith("-"):
        return None
    from types import SimpleNamespace

    return SimpleNamespace(
        command="play",
        game=argv[1],
        players=None,
        seed=None,
        preset="standard",
        bot=None,
        think=None,
        ascii=False,
    )


def _dispatch(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.command == "verify":
        return cmd_verify(args)
    if args.command == "sim":
        return cmd_sim(args, parser)
    if args.command == "export":
        return cmd_export(args)
    if args.command in ("analyse", "analyze"):
        return cmd_analyse(args)
    if args.command == "play":
        return cmd_play(args, parser)
    if args.command == "replay":
        return cmd_replay(args)
    if args.command in ("host", "join", "serve"):
        from hanatui.net import commands

        if args.command == "host":
            return commands.cmd_host(args, parser)
        if args.command == "join":
            return commands.cmd_join(args, parser)
        return commands.cmd_serve(args, parser)
    return cmd_app()


def _guarded(command: Callable[[], int]) -> int:
    """Run a command: an interruption or an error that reaches here is one line and a status."""
    try:
        return command()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        raise
    except Exception as exc:
        return _fail(exc)


# --- verify ---------------------------------------------------------------------------------


def cmd_verify(args: argparse.Namespace) -> int:
    from core.engine import is_over
    from core.errors import CorruptLogError, HanaError  # lazily: the app starts faster
    from core.text import printable, printable_path
    from hanatui.store.files import read_log_file
    from hanatui.text.words import plural

    report = []
    failed = False
    for name in args.files:
        shown = printable_path(name)
        try:
            log = read_log_file(name)
        except CorruptLogError as exc:
            failed = True
            line = exc.line or 1
            report.append({"file": name, "valid": False, "line": line, "reason": exc.reason})
            if not args.json:
                print(_file_error(name, exc))
        except HanaError as exc:
            failed = True
            reason = str(exc).removeprefix(f"{shown}: ")
            report.append({"file": name, "valid": False, "line": None, "reason": reason})
            if not args.json:
                print(f"{shown}: {printable(reason)}")
        else:
            state = log.state
            assert state is not None
            report.append(
                {
                    "file": name,
                    "valid": True,
                    "game": state.rules.game,
                    "players": len(state.players),
                    "events": len(log.events),
                    "comments": len(log.comments),
                    "rounds": state.rounds_done,
                    "finished": is_over(state),
                    "totals": list(state.totals),
                }
            )
            if not args.json:
                status = "finished" if is_over(state) else "unfinished"
                comments = len(log.comments)
                noted = f", {plural(comments, 'comment')}" if comments else ""
                print(
                    f"{shown}: ok ({state.rules.game}, {len(state.players)} players, "
                    f"{plural(state.rounds_done, 'round')}, {len(log.events)} events{noted}, "
                    f"{status})"
                )
    if args.json:
        # ASCII only: a file name or reason can never put a raw control or bidi character out
        import json

        print(json.dumps({"valid": not failed, "files": report}, ensure_ascii=True))
    return EXIT_INVALID if failed else EXIT_OK


# --- export ---------------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    from core.errors import HanaError  # lazily: the app starts faster
    from core.text import printable_path
    from hanatui.store.files import read_log_file
    from hanatui.text.export import anonymise, player_view, text_record

    try:
        log = read_log_file(args.file)
    except HanaError as exc:
        print(_file_error(args.file, exc), file=sys.stderr)
        return EXIT_INVALID
    if args.output is not None:
        problem = _output_problem(Path(args.file), args.output, force=args.force)
        if problem:
            print(f"hanatui export: {printable_path(args.output)}: {problem}", file=sys.stderr)
            return EXIT_USAGE
    try:
        if args.text:
            data = text_record(log).encode("utf-8")
        elif args.anonymise:
            data = anonymise(log)
        else:
            seats = len(log.header.players)
            if not 1 <= args.player_view <= seats:
                print(f"hanatui export: --player-view must be 1..{seats}", file=sys.stderr)
                return EXIT_USAGE
            data = player_view(log, args.player_view - 1)
    except HanaError as exc:
        print(f"hanatui export: {exc}", file=sys.stderr)
        return EXIT_INVALID
    if args.output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return EXIT_OK
    try:
        _write_output(args.output, data, force=args.force)
    except OSError as exc:
        print(
            f"hanatui export: {printable_path(args.output)}: cannot write ({exc.strerror})",
            file=sys.stderr,
        )
        return EXIT_INVALID
    return EXIT_OK


def _output_problem(source: Path, output: Path, *, force: bool) -> str | None:
    """Why ``output`` may not be written, or None. Never the input itself (even with --force),
    never an existing file without --force, never a folder, never into a missing folder."""
    import os

    if output.is_dir():
        return "is a folder; give a file name"
    folder = output.parent
    if not folder.is_dir():
        return "its folder does not exist (export makes no folders)"
    if output.exists() or output.is_symlink():
        try:
            same = os.path.samefile(source, output)
        except OSError:
            same = False
        if same:
            return "is the file being exported; write the copy elsewhere"
        if not force:
            return "already exists; add --force to replace it"
        if not output.is_file():
            return "is not a regular file"
    return None


def _write_output(output: Path, data: bytes, *, force: bool) -> None:
    """Write the export: a new file made exclusively (so nothing appearing meanwhile is
    overwritten), or with --force the existing one replaced atomically."""
    import os

    from hanatui.store.files import write_atomic

    if force and output.exists():
        write_atomic(output, data, make_dirs=False)
        return
    fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
    except OSError:
        output.unlink(missing_ok=True)
        raise


# --- analyse --------------------------------------------------------------------------------


def cmd_analyse(args: argparse.Namespace) -> int:
    """Analyse FILE's decisions, reusing and refreshing the cache beside it. Ctrl-C stops
    cleanly: the decisions done are cached, one line says so, the exit status is 130."""
    from core.errors import HanaError  # lazily: the app starts faster
    from core.text import printable_path
    from hanatui.analysis import DEFAULT_BUDGET, Analyser, cache
    from hanatui.analysis.report import json_report, text_report
    from hanatui.store.files import read_log_file

    try:
        log = read_log_file(args.file)
    except HanaError as exc:
        print(_file_error(args.file, exc), file=sys.stderr)
        return EXIT_INVALID
    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    n = len(log.header.players)
    seats = None
    if args.seat:
        bad = [s for s in args.seat if not 1 <= s <= n]
        if bad:
            print(f"hanatui analyse: --seat must be 1..{n}, not {bad[0]}", file=sys.stderr)
            return EXIT_USAGE
        seats = [s - 1 for s in args.seat]
    try:
        known = cache.load(args.file, log, budget)
        analyser = Analyser(log, seats=seats, budget=budget, known=known)
    except HanaError as exc:
        print(f"hanatui analyse: {exc}", file=sys.stderr)
        return EXIT_USAGE
    show = sys.stderr.isatty() and not args.json
    try:
        result = analyser.run(progress=_analysis_progress if show else None)
    except KeyboardInterrupt:
        if show:
            sys.stderr.write("\r\x1b[K")
        partial = analyser.result()
        kept = _save_analysis(args.file, log, budget, known, partial.decisions)
        print(
            f"hanatui analyse: cancelled after {len(partial)} of {partial.total} decisions"
            + (" (those are cached; run it again to go on)" if kept else ""),
            file=sys.stderr,
        )
        return 130
    if show:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()
    if not _save_analysis(args.file, log, budget, known, result.decisions):
        print(
            f"hanatui analyse: {printable_path(cache.sidecar_path(args.file))}: cannot be "
            "written, so this analysis is not cached",
            file=sys.stderr,
        )
    if args.json:
        import json

        report = {"file": str(args.file), **json_report(log, result)}
        print(json.dumps(report, ensure_ascii=True))
    else:
        sys.stdout.write(text_report(log, result, every=args.all))
    return EXIT_OK


def _save_analysis(
    path: str,
    log: LogRead,
    budget: int,
    known: dict[int, Decision] | None,
    decisions: list[Decision],
) -> bool:
    """Write the cache with every decision known now (those of seats not asked for this time
    included); True if the cache holds them (when nothing is new, nothing is written)."""
    from hanatui.analysis import cache

    try:
        cache.save_merged(path, log, budget, known or {}, decisions)
    except OSError:
        return False
    return True


def _analysis_progress(done: int, total: int) -> None:
    width = 30
    filled = int(width * done / total) if total else width
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} decisions")
    sys.stderr.flush()


# --- sim ------------------------------------------------------------------------------------


def _parse_option(text: str) -> tuple[str, object]:
    import json

    from core.errors import HanaError  # lazily: the app starts faster

    key, sep, value = text.partition("=")
    if not sep or not key:
        raise HanaError(f"invalid --option {text!r} (expected KEY=VALUE)")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


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
        options = dict(_parse_option(o) for o in args.option)
        rules = find_rules(game_id, args.preset, **options)
        players = args.players or game.min_players
        game.check_players(rules, players)
        levels = (args.bots or "easy").split(",")
        entries = [levels[i % len(levels)].strip() for i in range(players)]
        bots = [make_bot(level) for level in entries]  # each level is known
    except HanaError as exc:
        parser.error(str(exc))
    if (args.hands is not None and args.hands < 1) or (
        args.matches is not None and args.matches < 1
    ):
        parser.error("--hands and --matches must be at least 1")
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        parser.error("--jobs must be at least 1")

    progress = sys.stderr.isatty() and not args.json
    totals = [0] * players  # per entry (the bots in command-line order)
    won = [0] * players
    decided = 0
    hands = 0
    matches = 0
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
    for match in arena:
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
        if args.save is not None and match.outcome.events is not None:
            from core.logfile import header_for
            from hanatui import __version__
            from hanatui.store.files import free_path, write_log_file

            events = match.outcome.events
            header = header_for(events, app=f"hanatui {__version__}", created=_now_iso())
            suffix = f"-seating{match.rotation + 1}" if seatings > 1 else ""
            name = f"{game_id}-{players}p-seed{match.seed}{suffix}.hana"
            write_log_file(free_path(args.save / name), header, events)  # none written over
        if progress:
            _progress(hands, matches, args.hands, target_matches)
    seconds = time.perf_counter() - start
    cpu = _cpu_seconds() - cpu_start
    if progress:
        print(file=sys.stderr)
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
    if args.json:
        import json

        print(json.dumps(result))
    else:
        from hanatui.text.words import plural

        balance = f", each played in {seatings} seatings" if seatings > 1 else ""
        workers = f" on {jobs} processes" if jobs > 1 else ""
        print(
            f"{game_id}: {plural(hands, 'hand')} in {plural(matches, 'match', 'matches')}"
            f"{balance}, {seconds:.2f} s{workers} ({result['hands_per_second']} hands/s); "
            f"{plural(decided, 'hand')} decided"
        )
        for s in seats:
            won_rate = "-" if s["win_rate"] is None else f"{100 * s['win_rate']:.1f}%"
            low, high = s["win_rate_ci95"]
            print(
                f"  {s['bot']:<8} points {s['total_points']:>8}  "
                f"per hand {s['points_per_hand']:>8}  hands won {s['hands_won']} "
                f"({won_rate}, 95% CI {100 * low:.1f}-{100 * high:.1f}%)"
            )
    return EXIT_OK


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


def _now_iso() -> str:
    import datetime

    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _progress(
    hands: int, matches: int, target_hands: int | None, target_matches: int | None
) -> None:
    done, total, unit = (
        (hands, target_hands, "hands")
        if target_hands
        else (matches, target_matches or 1, "matches")
    )
    width = 30
    filled = int(width * done / total) if total else width
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {unit}")
    sys.stderr.flush()


def run() -> None:
    """Console-script entry point: every error is one line on stderr and a non-zero status;
    ``HANATUI_DEBUG=1`` shows the traceback of an unexpected one."""
    try:
        sys.exit(main())
    except BrokenPipeError:
        # the reader went away (`hanatui sim --json | head`): not an error worth a traceback
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_OK)


def _fail(exc: Exception) -> int:
    """The one line for an error that reached the top, and the exit status."""
    import os

    from core.errors import HanaError  # lazily: the app starts faster without the engine
    from core.text import printable, printable_path

    if isinstance(exc, HanaError):
        print(f"hanatui: {printable(str(exc))}", file=sys.stderr)
    elif isinstance(exc, OSError):
        where = f"{printable_path(exc.filename)}: " if exc.filename else ""
        print(f"hanatui: {where}{exc.strerror or exc}", file=sys.stderr)
    else:
        if os.environ.get("HANATUI_DEBUG"):
            raise exc
        print(
            f"hanatui: internal error: {type(exc).__name__}: {printable(str(exc), 200)} "
            "(HANATUI_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
    return EXIT_INVALID
