"""`hanatui analyse`: judge a log's decisions, with the cache beside the log."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from hanatui.cli.common import EXIT_INVALID, EXIT_OK, EXIT_USAGE, file_error
from hanatui.text.errors import error_text
from hanatui.text.i18n import _, ngettext

if TYPE_CHECKING:
    import argparse

    from core.logfile import LogRead
    from hanatui.analysis import Decision


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
        print(file_error(args.file, exc), file=sys.stderr)
        return EXIT_INVALID
    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    n = len(log.header.players)
    seats = None
    if args.seat:
        bad = [s for s in args.seat if not 1 <= s <= n]
        if bad:
            print(
                _("hanatui analyse: --seat must be 1..{seats}, not {seat}").format(
                    seats=n, seat=bad[0]
                ),
                file=sys.stderr,
            )
            return EXIT_USAGE
        seats = [s - 1 for s in args.seat]
    try:
        known = cache.load(args.file, log, budget)
        analyser = Analyser(log, seats=seats, budget=budget, known=known)
    except HanaError as exc:
        print(_("hanatui analyse: {reason}").format(reason=error_text(exc)), file=sys.stderr)
        return EXIT_USAGE
    show = sys.stderr.isatty() and not args.json
    try:
        result = analyser.run(progress=_analysis_progress if show else None)
    except KeyboardInterrupt:
        if show:
            sys.stderr.write("\r\x1b[K")
        partial = analyser.result()
        kept = _save_analysis(args.file, log, budget, known, partial.decisions)
        message = (
            _(
                "hanatui analyse: cancelled after {done} of {total} decisions (those are "
                "cached; run it again to go on)"
            )
            if kept
            else _("hanatui analyse: cancelled after {done} of {total} decisions")
        )
        print(message.format(done=len(partial), total=partial.total), file=sys.stderr)
        return 130
    if show:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()
    if not _save_analysis(args.file, log, budget, known, result.decisions):
        print(
            _("hanatui analyse: {file}: cannot be written, so this analysis is not cached").format(
                file=printable_path(cache.sidecar_path(args.file))
            ),
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
    bar = f"[{'#' * filled}{'.' * (width - filled)}]"
    counted = ngettext("{done}/{total} decision", "{done}/{total} decisions", total)
    sys.stderr.write(f"\r{bar} {counted.format(done=done, total=total)}")
    sys.stderr.flush()
