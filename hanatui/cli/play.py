"""`hanatui` alone, `hanatui play` and `hanatui replay`: the app, run until it ends."""

from __future__ import annotations

import gc
import sys
from typing import TYPE_CHECKING

from hanatui.cli.common import EXIT_INVALID, file_error
from hanatui.cli.parser import build_parser
from hanatui.cli.running import run_app
from hanatui.text.errors import error_text
from hanatui.text.i18n import _

if TYPE_CHECKING:
    import argparse
    from types import SimpleNamespace


def cmd_play(
    args: argparse.Namespace | SimpleNamespace, parser: argparse.ArgumentParser | None
) -> int:
    """``parser``: the one that parsed ``args`` (None: `_quick_play` did; built for an error)."""
    from hanatui.app.startup import defer_collection, resume_collection

    defer_collection()  # until the table is drawn (`TableScreen`)
    try:
        return _play(args, parser)
    finally:
        resume_collection()  # a start that never drew the table too (an error, a refusal)


def _play(
    args: argparse.Namespace | SimpleNamespace, parser: argparse.ArgumentParser | None
) -> int:
    from core.errors import HanaError  # lazily: the app starts faster
    from core.games.registry import find_game
    from core.players import Player
    from core.rules import find_rules
    from hanatui.bots import make_bot
    from hanatui.bots.base import set_strong_seconds
    from hanatui.store.settings import load_settings

    settings = load_settings()[0]
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
        (parser or build_parser(only="play")).error(error_text(exc))
    seats = [Player(name=settings.name, kind="human")]
    for i in range(1, players):
        seats.append(Player(name="CPU" if players == 2 else f"CPU {i}", kind="bot", bot=level))
    from hanatui.app.app import HanaApp
    from hanatui.session.lock import JournalInUse, lock
    from hanatui.session.session import JOURNAL_NAME
    from hanatui.store.settings import autosave_dir

    try:
        lock(autosave_dir() / JOURNAL_NAME)  # held until the process ends
    except JournalInUse as exc:
        print(
            _(
                "hanatui: the game is open in another hanatui{holder}; close it there to play "
                "here (`hanatui` alone browses replays and settings meanwhile)"
            ).format(holder=exc.holder),
            file=sys.stderr,
        )
        return EXIT_INVALID
    except OSError:
        pass  # a folder that cannot be written: the app says so and plays on in memory
    # The modules loaded so far live as long as the process: kept out of the collector's
    # passes, its first full pass (it came before the table's first frame, some 25 ms on 2026
    # hardware, scanning every object the imports made) looks only at what the app makes.
    # Thawed when the app has ended: a second run in this process starts as the first did.
    gc.freeze()
    try:
        return run_app(
            lambda: HanaApp(play=(rules, seats, args.seed), strong_seconds=args.think),
            ascii=args.ascii,
        )
    finally:
        gc.unfreeze()


def cmd_replay(args: argparse.Namespace) -> int:
    """The app on the viewer of FILE; a file that cannot be read is one line and exit 1."""
    from core.errors import HanaError
    from hanatui.store.files import read_log_file

    try:
        read_log_file(args.file)
    except HanaError as exc:
        print(file_error(args.file, exc), file=sys.stderr)
        return EXIT_INVALID
    from hanatui.app.app import replay_app

    return run_app(lambda: replay_app(args.file), ascii=args.ascii)


def cmd_app() -> int:
    from hanatui.app.app import HanaApp

    return run_app(HanaApp)
