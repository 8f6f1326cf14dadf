"""`hanatui export`: a text record, an anonymised copy, a copy redacted for one seat."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from hanatui.cli.common import EXIT_INVALID, EXIT_OK, EXIT_USAGE, file_error
from hanatui.text.errors import error_text
from hanatui.text.i18n import _

if TYPE_CHECKING:
    import argparse


def cmd_export(args: argparse.Namespace) -> int:
    from core.errors import HanaError  # lazily: the app starts faster
    from core.text import printable_path
    from hanatui.store.files import read_log_file
    from hanatui.text.export import anonymise, player_view, text_record

    try:
        log = read_log_file(args.file)
    except HanaError as exc:
        print(file_error(args.file, exc), file=sys.stderr)
        return EXIT_INVALID
    if args.output is not None:
        problem = _output_problem(Path(args.file), args.output, force=args.force)
        if problem:
            print(
                _("hanatui export: {file}: {problem}").format(
                    file=printable_path(args.output), problem=problem
                ),
                file=sys.stderr,
            )
            return EXIT_USAGE
    try:
        if args.text:
            data = text_record(log).encode("utf-8")
        elif args.anonymise:
            data = anonymise(log)
        else:
            seats = len(log.header.players)
            if not 1 <= args.player_view <= seats:
                print(
                    _("hanatui export: --player-view must be 1..{seats}").format(seats=seats),
                    file=sys.stderr,
                )
                return EXIT_USAGE
            data = player_view(log, args.player_view - 1)
    except HanaError as exc:
        print(_("hanatui export: {reason}").format(reason=error_text(exc)), file=sys.stderr)
        return EXIT_INVALID
    if args.output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return EXIT_OK
    try:
        _write_output(args.output, data, force=args.force)
    except OSError as exc:
        print(
            _("hanatui export: {file}: cannot write ({reason})").format(
                file=printable_path(args.output), reason=exc.strerror
            ),
            file=sys.stderr,
        )
        return EXIT_INVALID
    return EXIT_OK


def _output_problem(source: Path, output: Path, *, force: bool) -> str | None:
    """Why ``output`` may not be written, or None. Never the input itself (even with --force),
    never an existing file without --force, never a folder, never into a missing folder."""
    import os

    if output.is_dir():
        return _("is a folder; give a file name")
    folder = output.parent
    if not folder.is_dir():
        return _("its folder does not exist (export makes no folders)")
    if output.exists() or output.is_symlink():
        try:
            same = os.path.samefile(source, output)
        except OSError:
            same = False
        if same:
            return _("is the file being exported; write the copy elsewhere")
        if not force:
            return _("already exists; add --force to replace it")
        if not output.is_file():
            return _("is not a regular file")
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
