"""`hanatui play GAME` is read without argparse (`_quick_play`): it must read it as the parser
does, and leave every other command line to the parser."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hanatui.cli import _quick_play, build_parser


@pytest.mark.parametrize("game", ["koikoi", "bakappana", "hana-awase", "sakura", "nonsense"])
def test_play_game_reads_as_the_parser_reads_it(game: str) -> None:
    argv = ["play", game]
    quick = _quick_play(argv)
    assert quick is not None
    assert vars(quick) == vars(build_parser(only="play").parse_args(argv))


@pytest.mark.parametrize(
    "argv",
    [
        ["play"],
        ["play", "-h"],
        ["play", "--ascii"],
        ["play", "koikoi", "--seed", "3"],
        ["play", "koikoi", "--ascii"],
        ["sim", "koikoi"],
        ["replay", "koikoi"],
    ],
)
def test_every_other_command_line_is_left_to_the_parser(argv: list[str]) -> None:
    assert _quick_play(argv) is None


def test_an_unknown_game_is_still_a_usage_error(tmp_path) -> None:
    env = {"HANATUI_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "hanatui", "play", "nonsense"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("usage: hanatui")
    assert "error:" in done.stderr and "nonsense" in done.stderr
    assert done.stderr.count("\n") <= 3
