"""`hanatui verify`: check that logs read, fold and score as the engine says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanatui.cli.common import EXIT_INVALID, EXIT_OK, file_error

if TYPE_CHECKING:
    import argparse


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
                print(file_error(name, exc))
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
