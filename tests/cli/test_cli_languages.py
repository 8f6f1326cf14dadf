"""The command line in the player's language, argparse's own words too (``usage:``, the groups'
titles, ``--help``, its errors), without changing the standard gettext other code uses."""

from __future__ import annotations

import gettext

import pytest

from hanatui.cli import main
from hanatui.cli.parser import ARGPARSE_MESSAGES, argparse_message

#: Command lines argparse refuses, each with a different one of its messages.
BAD = [
    ["sim", "koikoi", "--seed"],  # expected one argument
    ["sim", "koikoi", "--seed", "x"],  # invalid int value
    ["verify"],  # the following arguments are required
    ["export", "f.hana"],  # one of the arguments ... is required
    ["export", "f.hana", "--text", "--anonymise"],  # not allowed with argument
    ["verify", "f.hana", "--bogus"],  # unrecognized arguments
    ["frob"],  # invalid choice
    ["sim", "koikoi", "--j"],  # ambiguous option
    ["verify", "--json=1", "f.hana"],  # ignored explicit argument
]


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The error line of a refused command line (after the usage lines)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.splitlines()[-1]


def test_the_help_says_argparse_s_words_in_the_language(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "pl", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("użycie: hanatui ")
    for words in ("\nargumenty pozycyjne:\n", "\nopcje:\n", "pokazuje tę pomoc i kończy działanie"):
        assert words in out
    assert "pokazuje wersję programu" in out
    with pytest.raises(SystemExit):
        main(["--lang", "es", "play", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("uso: hanatui play ")
    assert "\nargumentos posicionales:\n" in out and "\nopciones:\n" in out
    assert "muestra esta ayuda y sale" in out
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: hanatui ")
    assert "\npositional arguments:\n" in out and "\noptions:\n" in out
    assert "show this help message and exit" in out


def test_an_argparse_error_in_english_is_as_argparse_says_it(capsys) -> None:
    assert _error(["sim", "koikoi", "--seed"], capsys) == (
        "hanatui sim: error: argument --seed: expected one argument"
    )
    assert _error(["verify"], capsys) == (
        "hanatui verify: error: the following arguments are required: FILE"
    )


@pytest.mark.parametrize("argv", BAD, ids=lambda argv: " ".join(argv))
def test_every_argparse_error_is_said_in_polish_and_spanish(argv, capsys) -> None:
    english = _error(argv, capsys)
    assert ": error: " in english
    said = english.partition(": error: ")[2]
    for code, error in (("pl", ": błąd: "), ("es", ": error: ")):
        line = _error(["--lang", code, *argv], capsys)
        assert error in line, line
        translated = line.partition(error)[2]
        # argparse's own words are gone, its values (options, metavars, choices) stay
        assert translated != said, line


def test_argparse_s_english_reads_back_as_it_is() -> None:
    for message in ARGPARSE_MESSAGES:
        english = message.format(
            argument_name="--seed",
            message="expected one argument",
            arguments="FILE, GAME",
            argument="--text",
            value="'x'",
            type="int",
            choices="'a', 'b'",
            closest="'a'",
            option="--j",
            matches="--jobs, --json",
            parser_name="'frob'",
        )
        assert argparse_message(english) == english
    assert argparse_message("expected 2 arguments") == "expected 2 arguments"
    assert argparse_message("a message of ours") == "a message of ours"


def test_the_standard_gettext_is_left_as_it_was(capsys) -> None:
    import argparse

    domain = gettext.textdomain()
    _error(["--lang", "pl", "sim", "koikoi", "--seed"], capsys)
    assert gettext.textdomain() == domain
    assert vars(argparse)["_"] is gettext.gettext
    assert gettext.gettext("usage: ") == "usage: "


def test_sim_counts_in_the_language(capsys) -> None:
    """Each number with its own word form: Polish has three (1, 2-4, 5 and more)."""
    main(["--lang", "pl", "sim", "koikoi", "--hands", "1", "--seed", "2", "--jobs", "1"])
    first, *seats = capsys.readouterr().out.splitlines()
    assert first.startswith("koikoi: 1 rozdanie w 1 partii, "), first
    assert first.endswith("; 1 rozdanie rozstrzygnięte"), first
    assert all(" punkty " in line and " na rozdanie " in line for line in seats)
    main(["--lang", "es", "sim", "koikoi", "--hands", "3", "--seed", "1", "--jobs", "1"])
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("koikoi: 3 manos en 1 partida, "), first
