"""`hanatui host`, `join` and `serve`: the network commands' dispatch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanatui.text.errors import error_text

if TYPE_CHECKING:
    import argparse


def cmd_net(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """`hanatui host`, `join` and `serve` (`hanatui.net.commands`, imported only for them: it
    brings in the network libraries)."""
    from hanatui.net import commands

    if args.command == "host":
        return commands.cmd_host(args, parser)
    if args.command == "join":
        return cmd_join(args, parser)
    return commands.cmd_serve(args, parser)


def cmd_join(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """`hanatui join ADDRESS`: the app, seated at a table across the network."""
    from core.errors import HanaError
    from core.players import check_name
    from hanatui.net.client import parse_address
    from hanatui.net.commands import join_context
    from hanatui.store.settings import load_settings

    try:
        parse_address(args.address)
        name = check_name(args.name.strip()) if args.name is not None else None
    except HanaError as exc:
        parser.error(error_text(exc))
    if name is None:
        name = load_settings()[0].name
    context = join_context(args.cafile)
    from hanatui.app.app import HanaApp
    from hanatui.cli.running import run_app

    return run_app(lambda: HanaApp(join=(args.address, name, context)), ascii=args.ascii)
