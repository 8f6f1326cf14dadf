"""The network commands: ``hanatui host``, ``hanatui join`` and ``hanatui serve`` (README).

Kept apart from `hanatui.cli` (which only parses and dispatches) so the argument parser stays
free of the network libraries.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import shlex
import signal
import ssl
import sys
from pathlib import Path
from typing import Any

from core.errors import HanaError
from core.text import printable_path
from hanatui.text.errors import error_text

#: The port a table listens on unless told otherwise.
DEFAULT_PORT = 7146
#: The address a table listens on unless told otherwise: this machine only.
DEFAULT_BIND = "127.0.0.1"
#: The port of ``hanatui serve``.
DEFAULT_SERVE_PORT = 8000


def add_parsers(sub: Any) -> None:
    """The network commands' parsers, on the ``hanatui`` command's subparsers."""
    host = sub.add_parser(
        "host", help="host a table that friends join over the network (prints their addresses)"
    )
    host.add_argument("game", nargs="?", help="bakappana, hana-awase, koikoi or sakura")
    host.add_argument("--players", type=int, default=None, help="number of seats")
    host.add_argument(
        "--computer", type=int, default=0, metavar="N", help="the last N seats are computer players"
    )
    host.add_argument("--bot", default="normal", help="level of the computer seats")
    host.add_argument("--preset", default="standard", help="rule preset")
    host.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="override a rule option"
    )
    host.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"default {DEFAULT_PORT} (with --resume: the table's own)",
    )
    host.add_argument(
        "--bind",
        default=None,
        metavar="ADDR",
        help="address to listen on (default 127.0.0.1: this machine only, see the README; "
        "with --resume: the table's own)",
    )
    host.add_argument("--journal", type=Path, default=None, metavar="FILE", help="the match's log")
    host.add_argument(
        "--resume", type=Path, default=None, metavar="FILE", help="bring back a journaled table"
    )
    host.add_argument("--tls-cert", type=Path, default=None, metavar="PEM", help="serve wss://")
    host.add_argument("--tls-key", type=Path, default=None, metavar="PEM")
    host.add_argument(
        "--pace", type=float, default=0.8, metavar="S", help="seconds per computer move"
    )
    host.add_argument(
        "--hand-over-after",
        type=int,
        default=60,
        metavar="S",
        help="seconds away before the others may hand a seat to a computer player",
    )

    join = sub.add_parser("join", help="sit at a table someone hosts (hanatui host)")
    join.add_argument("address", metavar="ADDRESS", help="ws://HOST:PORT/#TOKEN, as the host gave")
    join.add_argument("--name", default=None, help="your name at the table")
    join.add_argument("--cafile", type=Path, default=None, help="trust this CA for wss:// tables")
    join.add_argument("--ascii", action="store_true", help="draw the cards in ASCII")

    serve = sub.add_parser("serve", help="serve the app in a web browser (textual-serve)")
    serve.add_argument("--port", type=int, default=DEFAULT_SERVE_PORT)
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDR")


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    if args.tls_cert is None and args.tls_key is None:
        return None
    if args.tls_cert is None:
        raise HanaError("--tls-key needs --tls-cert")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(args.tls_cert, args.tls_key)
    except (OSError, ssl.SSLError) as exc:
        raise HanaError(f"cannot load the TLS certificate and key ({exc})") from None
    return context


def journal_for(game: str) -> Path:
    """A new journal file for a hosted match of ``game``, among the autosaves."""
    from hanatui.store.settings import autosave_dir

    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return autosave_dir() / "tables" / f"{game}-{stamp}.hana"


def cmd_host(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from core.games.registry import find_game
    from core.rules import find_rules
    from hanatui.net.server import SeatPlan, TableServer

    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error(f"--port must be 0-65535, not {args.port}")
    # a resumed table listens where it did (its players' addresses) unless told otherwise
    resuming = args.resume is not None
    options = {
        "bind": args.bind if args.bind is not None or resuming else DEFAULT_BIND,
        "port": args.port if args.port is not None or resuming else DEFAULT_PORT,
        "ssl_context": _tls(args),
        "pace": max(0.0, args.pace),
        "hand_over_after": max(0, args.hand_over_after),
    }
    if args.resume is not None:
        if args.game is not None:
            parser.error("--resume takes the game from the journal: give no GAME")
        server = TableServer.resume(args.resume, default_port=DEFAULT_PORT, **options)
    else:
        if args.game is None:
            parser.error("name the game to host (or --resume FILE)")
        from hanatui.cli.common import parse_option

        try:
            game = find_game(args.game)
            rules = find_rules(game.id, args.preset, **dict(map(parse_option, args.option)))
            players = args.players or game.min_players
            game.check_players(rules, players)
            if not 0 <= args.computer < players:
                raise HanaError(f"--computer must leave at least one human seat (0-{players - 1})")
        except HanaError as exc:
            parser.error(error_text(exc))
        humans = players - args.computer
        plan = [SeatPlan() for _ in range(humans)]
        plan += [SeatPlan(kind="bot", level=args.bot) for _ in range(args.computer)]
        journal = args.journal or journal_for(game.id)
        server = TableServer.new(rules, plan, journal, **options)
    from hanatui.session.signals import ProcessSignals

    with ProcessSignals.save():  # the loop's handling of ctrl+c, SIGTERM and SIGHUP, undone
        return asyncio.run(_host(server))


async def _host(server: object) -> int:
    from hanatui.net.server import TableServer

    assert isinstance(server, TableServer)
    # Ctrl+C and SIGTERM close the table properly, from before the addresses are printed on;
    # so does SIGHUP (the host's terminal closed), unless it was ignored from the start (nohup:
    # the one who started it asked the table to outlive the terminal).
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    hangup = getattr(signal, "SIGHUP", None)
    closing = [signal.SIGINT, signal.SIGTERM]
    if hangup is not None and signal.getsignal(hangup) != signal.SIG_IGN:
        closing.append(hangup)
    for sig in closing:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)

    def changed() -> None:
        if server.finished.is_set() and not server.connected:
            stop.set()

    server.on_change = changed
    try:
        await server.start()
    except OSError as exc:
        raise HanaError(f"cannot listen on {server.bind}:{server.port} ({exc.strerror})") from None
    say = _say
    from hanatui.text.words import game_title

    say(
        f"hanatui: a {game_title(server.rules.game)} table for {len(server.plan)} on "
        f"{server.bind} port {server.port}; the match is journaled in "
        f"{printable_path(server.journal_path)}"
    )
    for seat, plan in enumerate(server.plan):
        if plan.kind == "bot" or (server.session and server.session.players[seat].kind == "bot"):
            say(f"seat {seat + 1}: a computer player ({plan.level})")
        else:
            say(f"seat {seat + 1}: {server.url(seat)}")
    say(
        "Give each player their seat's address (it is their key: keep it private); they "
        "run: hanatui join ADDRESS. Ctrl+C stops the table (hanatui host --resume FILE brings "
        "it back)."
    )
    changed()  # a resumed table whose match is over has nothing left to do
    await stop.wait()
    await server.close()
    if server.finished.is_set():
        say(f"hanatui: the match is over; its log is {printable_path(server.journal_path)}")
    elif server.session is None:
        say("hanatui: the table is closed (its match had not started)")
    else:
        say(
            "hanatui: the table is closed; bring it back with: hanatui host --resume "
            + shlex.quote(str(server.journal_path))
        )
    return 0


def _say(line: str) -> None:
    """A line on standard output, dropped if that is gone (a terminal hung up fails every
    write): the table still closes properly."""
    with contextlib.suppress(OSError):
        print(line, flush=True)


def join_context(cafile: Path | None) -> ssl.SSLContext | None:
    if cafile is None:
        return None
    try:
        return ssl.create_default_context(cafile=str(cafile))
    except (OSError, ssl.SSLError) as exc:
        raise HanaError(f"cannot read the CA file {printable_path(cafile)} ({exc})") from None


def cmd_serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if not 0 <= args.port <= 65535:
        parser.error(f"--port must be 0-65535, not {args.port}")
    from textual_serve.server import Server

    command = f"{shlex.quote(sys.executable)} -m hanatui"
    server = Server(command, host=args.bind, port=args.port, title="hanatui")
    from hanatui.session.signals import ProcessSignals

    with ProcessSignals.save():  # the web server's signal handling, undone when it ends
        server.serve()
    return 0
