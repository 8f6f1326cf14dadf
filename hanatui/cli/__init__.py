"""The ``hanatui`` command: the app with no arguments, and headless tools as subcommands, one
module a command (`play`: the app, `play` and `replay`; `verify`, `export`, `analyse`, `sim`;
`net`: `host`, `join`, `serve`), `parser` the command line, `common` what they share.

Exit statuses: 0 success, 1 a checked file is invalid (verify) or a run failed, 2 usage errors,
130 interrupted (Ctrl+C), 128 + the signal's number when SIGHUP or SIGTERM ended the app.
Errors are one clear line on stderr, never a traceback.

cli/ may import every part of hanatui; no part imports cli/ but net/commands.py, for the
common option reader.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hanatui.cli.analyse import cmd_analyse
from hanatui.cli.common import EXIT_OK, EXIT_USAGE, guarded
from hanatui.cli.export import cmd_export
from hanatui.cli.net import cmd_net
from hanatui.cli.parser import LOCAL_COMMANDS, build_parser
from hanatui.cli.play import cmd_app, cmd_play, cmd_replay
from hanatui.cli.sim import cmd_sim
from hanatui.cli.verify import cmd_verify
from hanatui.store.settings import settings_language
from hanatui.text.i18n import (
    LANGUAGES,
    PSEUDO,
    SOURCE_LANGUAGE,
    _,
    choose_language,
    language_scope,
)

if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv``, in the language it asks for (``--lang``, first), else the
    language setting's, else the system's: every message of the command and the app is in it.
    ``LANGUAGE=qps`` alone (no ``--lang``) asks for the pseudo-language, which no player is
    offered: for tests and layout checks."""
    argv = sys.argv[1:] if argv is None else list(argv)
    asked, argv = _language_option(argv)
    if asked is not None and asked not in LANGUAGES:
        from core.text import printable  # lazily: the app starts faster without the engine

        print(
            _("hanatui: error: no such language: {language} (choose one of {choices})").format(
                language=printable(asked), choices=", ".join(sorted(LANGUAGES))
            ),
            file=sys.stderr,
        )
        return EXIT_USAGE
    chosen = choose_language(asked, settings_language(), os.environ)
    if asked is None and os.environ.get("LANGUAGE") == PSEUDO:
        chosen = PSEUDO  # the pseudo-language, asked for by a test or a layout check alone
    with language_scope(chosen if chosen in LANGUAGES or chosen == PSEUDO else SOURCE_LANGUAGE):
        return _command(argv)


def _language_option(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang CODE`` or ``--lang=CODE`` before the command, and the command line without it."""
    if argv and argv[0].startswith("--lang="):
        return argv[0].partition("=")[2], argv[1:]
    if argv and argv[0] == "--lang":
        if len(argv) < 2:
            return "", []
        return argv[1], argv[2:]
    return None, argv


def _command(argv: list[str]) -> int:
    if not argv:
        # `hanatui` alone opens the app at once: building the parser of every command first
        # (and importing what their options need) would only delay the title.
        return guarded(cmd_app)
    command = argv[0]
    quick = _quick_play(argv)
    if quick is not None:
        return guarded(lambda: cmd_play(quick, None))
    if command in LOCAL_COMMANDS:  # that command's parser alone: `hanatui play` starts sooner
        parser = build_parser(only="analyse" if command == "analyze" else command)
    else:
        parser = build_parser()
    args = parser.parse_args(argv)
    return guarded(lambda: _dispatch(args, parser))


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
        return cmd_net(args, parser)
    return cmd_app()


def run() -> None:
    """Console-script entry point: every error is one line on stderr and a non-zero status;
    ``HANATUI_DEBUG=1`` shows the traceback of an unexpected one."""
    try:
        status = main()
        if status > 128:  # a quit signal ended the command: a later one changes nothing
            from hanatui.session.signals import quit_signals_blocked_to_the_end

            quit_signals_blocked_to_the_end()
        sys.exit(status)
    except BrokenPipeError:
        # the reader went away (`hanatui sim --json | head`): not an error worth a traceback
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_OK)


__all__ = ["build_parser", "main", "run"]
