"""The command line's parser (argparse, imported only when a command line needs it), in the
player's language: our help and messages, and argparse's own words too.

argparse takes its words (``usage:``, ``options:``, its error messages) from the standard
library's gettext, in its default domain, where nothing translates them, and changing that domain
would change every other user of it in the process. So our parser says them itself: its
formatter gives the ``usage:`` prefix, the parser its groups' titles and its ``--help`` line, and
its ``error`` reads argparse's English message back against `ARGPARSE_MESSAGES` (the same
English, with ``{named}`` placeholders) and says it from our catalog.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from hanatui.cli.common import EXIT_USAGE
from hanatui.text.i18n import LANGUAGES, N_, _, ngettext, pgettext

if TYPE_CHECKING:
    import argparse

#: argparse's messages a command line can meet, as CPython 3.11 to 3.14 writes them
#: (Lib/argparse.py), its ``%(name)s`` and ``%s`` placeholders written ``{name}``: each is read
#: back from argparse's English and said in the player's language (`argparse_message`).
ARGPARSE_MESSAGES = (
    # TRANSLATORS: argparse's error about one argument: {argument_name} is an option or a
    # metavar (--seed, FILE), {message} says what is wrong with it.
    N_("argument {argument_name}: {message}"),
    N_("the following arguments are required: {arguments}"),
    N_("one of the arguments {arguments} is required"),
    N_("unrecognized arguments: {arguments}"),
    N_("not allowed with argument {argument}"),
    N_("ignored explicit argument {value}"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    # TRANSLATORS: {type} is a Python type's name (int, float), {value} what was given, quoted.
    N_("invalid {type} value: {value}"),
    N_("invalid choice: {value} (choose from {choices})"),
    N_("invalid choice: {value}, maybe you meant {closest}? (choose from {choices})"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("unknown parser {parser_name} (choices: {choices})"),
    N_("unexpected option string: {option}"),
)
_NARGS = re.compile(r"expected (?P<n>\d+) arguments?")
_FIELD = re.compile(r"\{(\w+)\}")


def _pattern(message: str) -> re.Pattern[str]:
    """The English ``message`` as a pattern: its text as it is, each ``{name}`` a group."""
    parts = _FIELD.split(message)
    source = "".join(
        f"(?P<{part}>.+?)" if i % 2 else re.escape(part) for i, part in enumerate(parts)
    )
    return re.compile(source, re.DOTALL)


_PATTERNS: list[tuple[re.Pattern[str], str]] = []


def argparse_message(message: str) -> str:
    """argparse's English ``message`` in the player's language (``argument --seed: expected one
    argument``: both parts); a message that is not argparse's (ours, already translated) as it
    is."""
    if not _PATTERNS:
        _PATTERNS.extend((_pattern(m), m) for m in ARGPARSE_MESSAGES)
    counted = _NARGS.fullmatch(message)
    if counted:
        n = int(counted["n"])
        return ngettext("expected {n} argument", "expected {n} arguments", n).format(n=n)
    for pattern, english in _PATTERNS:
        found = pattern.fullmatch(message)
        if found:
            values = found.groupdict()
            if "message" in values:
                values["message"] = argparse_message(values["message"])
            return _(english).format(**values)
    return message


def _parser_type() -> type[argparse.ArgumentParser]:
    """argparse's parser in the player's language, with our usage error (imported here:
    `hanatui` alone and `hanatui play GAME` start without argparse and the gettext it brings
    in)."""
    import argparse

    class _Formatter(argparse.HelpFormatter):
        def add_usage(
            self,
            usage: str | None,
            actions: Any,
            groups: Any,
            prefix: str | None = None,
        ) -> None:
            if prefix is None:
                # TRANSLATORS: the first words of the command line's help, before "hanatui [-h] ..."
                prefix = pgettext("command line", "usage: ")
            super().add_usage(usage, actions, groups, prefix)

    class _Parser(argparse.ArgumentParser):
        def __init__(self, *, add_help: bool = True, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", _Formatter)
            super().__init__(add_help=False, **kwargs)
            self.add_help = add_help
            self._positionals.title = pgettext("command line", "positional arguments")
            self._optionals.title = pgettext("command line", "options")
            if add_help:
                self.add_argument(
                    "-h",
                    "--help",
                    action="help",
                    default=argparse.SUPPRESS,
                    help=_("show this help message and exit"),
                )

        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            print(
                _("{program}: error: {message}").format(
                    program=self.prog, message=argparse_message(message)
                ),
                file=sys.stderr,
            )
            raise SystemExit(EXIT_USAGE)

    return _Parser


#: Commands whose arguments are parsed without the network commands' parsers (whose module
#: brings in the network libraries): `hanatui play` starts sooner.
LOCAL_COMMANDS = frozenset({"verify", "sim", "export", "analyse", "analyze", "replay", "play"})


def build_parser(*, only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's, or with ``only`` that one local command's
    alone, without the network commands (`main` parses a local command's arguments so)."""
    parser_type = _parser_type()
    parser = parser_type(
        prog="hanatui",
        description=_("The hanafuda card table for the terminal. With no command, opens the app."),
    )
    import argparse

    from hanatui import __version__

    parser.add_argument(
        "--version",
        action="version",
        version=f"hanatui {__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument(  # read by `main` before the parser (SUPPRESS: not in the namespace)
        "--lang",
        choices=sorted(LANGUAGES),
        default=argparse.SUPPRESS,
        help=_(
            "the language of the program, before the command (default: the language setting, "
            "else the system's locale)"
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=parser_type)

    if only in (None, "verify"):
        verify = sub.add_parser(
            "verify", help=_("check .hana log files (exit 1 if any is invalid)")
        )
        verify.add_argument("files", nargs="+", metavar="FILE")
        verify.add_argument(
            "--json", action="store_true", help=_("print a machine-readable report")
        )

    if only in (None, "sim"):
        sim = sub.add_parser("sim", help=_("bots play each other headless; prints statistics"))
        sim.add_argument("game", help=_("bakappana, hana-awase, koikoi or sakura"))
        sim.add_argument("--players", type=int, default=None, help=_("number of seats"))
        length = sim.add_mutually_exclusive_group()
        length.add_argument(
            "--hands", type=int, default=None, help=_("hands (rounds) to play in all")
        )
        length.add_argument("--matches", type=int, default=None, help=_("whole matches to play"))
        sim.add_argument("--seed", type=int, default=1)
        sim.add_argument(
            "--bots", default=None, help=_("comma-separated levels, one per seat (repeats)")
        )
        sim.add_argument("--preset", default="standard")
        sim.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help=_("override a rule option"),
        )
        sim.add_argument(
            "--save", type=Path, default=None, metavar="DIR", help=_("write one log per match")
        )
        sim.add_argument(
            "--jobs",
            type=int,
            default=None,
            metavar="N",
            help=_(
                "worker processes (default: the number of cores); the result is the same for any N"
            ),
        )
        sim.add_argument("--json", action="store_true", help=_("print one JSON object"))

    if only in (None, "export"):
        export = sub.add_parser(
            "export", help=_("share a game: a text record, an anonymised or redacted copy")
        )
        export.add_argument("file", metavar="FILE")
        what = export.add_mutually_exclusive_group(required=True)
        what.add_argument("--text", action="store_true", help=_("a readable record of the game"))
        what.add_argument(
            "--anonymise", action="store_true", help=_("a copy with player names replaced")
        )
        what.add_argument(
            "--player-view",
            type=int,
            metavar="SEAT",
            help=_("a copy without the cards SEAT (1-based) could not see"),
        )
        export.add_argument(
            "-o", "--output", type=Path, default=None, help=_("write here instead of stdout")
        )
        export.add_argument(
            "--force", action="store_true", help=_("replace the --output file if it exists")
        )

    if only in (None, "analyse"):
        analyse = sub.add_parser(
            "analyse",
            aliases=["analyze"],
            help=_(
                "the strong player's verdict on every decision of a game: mistakes and better moves"
            ),
        )
        analyse.add_argument("file", metavar="FILE")
        analyse.add_argument(
            "--seat",
            type=int,
            action="append",
            metavar="N",
            help=_("analyse seat N only (1 is the first player; repeat for several); default: all"),
        )
        analyse.add_argument(
            "--budget",
            type=int,
            default=None,
            metavar="PLAYOUTS",
            help=_("playouts per decision (default 1000: more is slower and less noisy)"),
        )
        analyse.add_argument(
            "--all", action="store_true", help=_("list every decision, not only the flagged ones")
        )
        analyse.add_argument("--json", action="store_true", help=_("print one JSON object"))

    if only in (None, "replay"):
        replay = sub.add_parser("replay", help=_("open a .hana log in the replay viewer"))
        replay.add_argument("file", metavar="FILE")
        replay.add_argument("--ascii", action="store_true", help=_("draw the cards in ASCII"))

    if only in (None, "play"):
        play = sub.add_parser(
            "play", help=_("open a game at the table: you against computer seats")
        )
        play.add_argument("game", help=_("bakappana, hana-awase, koikoi or sakura"))
        play.add_argument(
            "--players", type=int, default=None, help=_("number of seats (you are seat 1)")
        )
        play.add_argument(
            "--seed", type=int, default=None, help=_("seed for the deals and the computer")
        )
        play.add_argument("--preset", default="standard", help=_("rule preset"))
        play.add_argument("--bot", default=None, help=_("level of the computer seats"))
        play.add_argument(
            "--think",
            type=float,
            default=None,
            metavar="SECONDS",
            help=_(
                "the strong player's time per move, e.g. 0.2, 1 or 3 (default: the setting; "
                "0: a fixed number of playouts, about 0.1 s a move)"
            ),
        )
        play.add_argument("--ascii", action="store_true", help=_("draw the cards in ASCII"))

    if only is None:
        from hanatui.net.commands import add_parsers

        add_parsers(sub)  # host, join, serve
    return parser
