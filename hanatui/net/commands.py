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
from hanatui.text.i18n import _, ngettext

#: The port a table listens on unless told otherwise.
DEFAULT_PORT = 7146
#: The address a table listens on unless told otherwise: this machine only.
DEFAULT_BIND = "127.0.0.1"
#: The port of ``hanatui serve``.
DEFAULT_SERVE_PORT = 8000


def add_parsers(sub: Any) -> None:
    """The network commands' parsers, on the ``hanatui`` command's subparsers."""
    host = sub.add_parser(
        "host",
        help=_("host a table that friends join over the network (prints their addresses)"),
    )
    host.add_argument("game", nargs="?", help=_("bakappana, hana-awase, koikoi or sakura"))
    host.add_argument("--players", type=int, default=None, help=_("number of seats"))
    host.add_argument(
        "--computer",
        type=int,
        default=0,
        metavar="N",
        help=_("the last N seats are computer players"),
    )
    host.add_argument("--bot", default="normal", help=_("level of the computer seats"))
    host.add_argument("--preset", default="standard", help=_("rule preset"))
    host.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_("override a rule option"),
    )
    host.add_argument(
        "--port",
        type=int,
        default=None,
        help=_("default {port} (with --resume: the table's own)").format(port=DEFAULT_PORT),
    )
    host.add_argument(
        "--bind",
        default=None,
        metavar="ADDR",
        help=_(
            "address to listen on (default 127.0.0.1: this machine only, see the README; "
            "with --resume: the table's own)"
        ),
    )
    host.add_argument(
        "--journal", type=Path, default=None, metavar="FILE", help=_("the match's log")
    )
    host.add_argument(
        "--resume", type=Path, default=None, metavar="FILE", help=_("bring back a journaled table")
    )
    host.add_argument("--tls-cert", type=Path, default=None, metavar="PEM", help=_("serve wss://"))
    host.add_argument("--tls-key", type=Path, default=None, metavar="PEM")
    host.add_argument(
        "--pace", type=float, default=0.8, metavar="S", help=_("seconds per computer move")
    )
    host.add_argument(
        "--hand-over-after",
        type=int,
        default=60,
        metavar="S",
        help=_("seconds away before the others may hand a seat to a computer player"),
    )

    join = sub.add_parser("join", help=_("sit at a table someone hosts (hanatui host)"))
    join.add_argument(
        "address", metavar="ADDRESS", help=_("ws://HOST:PORT/#TOKEN, as the host gave")
    )
    join.add_argument("--name", default=None, help=_("your name at the table"))
    join.add_argument(
        "--cafile", type=Path, default=None, help=_("trust this CA for wss:// tables")
    )
    join.add_argument("--ascii", action="store_true", help=_("draw the cards in ASCII"))

    serve = sub.add_parser("serve", help=_("serve the app in a web browser (textual-serve)"))
    serve.add_argument("--port", type=int, default=DEFAULT_SERVE_PORT)
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDR")


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    if args.tls_cert is None and args.tls_key is None:
        return None
    if args.tls_cert is None:
        raise HanaError(_("--tls-key needs --tls-cert"))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(args.tls_cert, args.tls_key)
    except (OSError, ssl.SSLError) as exc:
        raise HanaError(
            _("cannot load the TLS certificate and key ({why})").format(why=exc)
        ) from None
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
        parser.error(_("--port must be 0-65535, not {port}").format(port=args.port))
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
            parser.error(_("--resume takes the game from the journal: give no GAME"))
        server = TableServer.resume(args.resume, default_port=DEFAULT_PORT, **options)
    else:
        if args.game is None:
            parser.error(_("name the game to host (or --resume FILE)"))
        from hanatui.cli.common import parse_option

        try:
            game = find_game(args.game)
            rules = find_rules(game.id, args.preset, **dict(map(parse_option, args.option)))
            players = args.players or game.min_players
            game.check_players(rules, players)
            if not 0 <= args.computer < players:
                raise HanaError(
                    _("--computer must leave at least one human seat (0-{last})").format(
                        last=players - 1
                    )
                )
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
        raise HanaError(
            _("cannot listen on {address} ({why})").format(
                address=f"{server.bind}:{server.port}", why=exc.strerror
            )
        ) from None
    say = _say
    from hanatui.net.words import level_name
    from hanatui.text.words import game_title

    say(
        ngettext(
            "hanatui: a {game} table for {n} on {address} port {port}; the match is journaled "
            "in {path}",
            "hanatui: a {game} table for {n} on {address} port {port}; the match is journaled "
            "in {path}",
            len(server.plan),
        ).format(
            game=game_title(server.rules.game),
            n=len(server.plan),
            address=server.bind,
            port=server.port,
            path=printable_path(server.journal_path),
        )
    )
    for seat, plan in enumerate(server.plan):
        if plan.kind == "bot" or (server.session and server.session.players[seat].kind == "bot"):
            say(
                _("seat {seat}: a computer player ({level})").format(
                    seat=seat + 1, level=level_name(plan.level)
                )
            )
        else:
            say(_("seat {seat}: {address}").format(seat=seat + 1, address=server.url(seat)))
    say(
        _(
            "Give each player their seat's address (it is their key: keep it private); they "
            "run: {join}. Ctrl+C stops the table ({resume} brings it back)."
        ).format(join="hanatui join ADDRESS", resume="hanatui host --resume FILE")
    )
    changed()  # a resumed table whose match is over has nothing left to do
    await stop.wait()
    await server.close()
    if server.finished.is_set():
        say(
            _("hanatui: the match is over; its log is {path}").format(
                path=printable_path(server.journal_path)
            )
        )
    elif server.session is None:
        say(_("hanatui: the table is closed (its match had not started)"))
    else:
        say(
            _("hanatui: the table is closed; bring it back with: {command}").format(
                command="hanatui host --resume " + shlex.quote(str(server.journal_path))
            )
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
        raise HanaError(
            _("cannot read the CA file {path} ({why})").format(path=printable_path(cafile), why=exc)
        ) from None


def cmd_serve(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if not 0 <= args.port <= 65535:
        parser.error(_("--port must be 0-65535, not {port}").format(port=args.port))
    from textual_serve.server import Server

    command = f"{shlex.quote(sys.executable)} -m hanatui"
    server = Server(command, host=args.bind, port=args.port, title="hanatui")
    from hanatui.session.signals import ProcessSignals

    with ProcessSignals.save():  # the web server's signal handling, undone when it ends
        server.serve()
    return 0
