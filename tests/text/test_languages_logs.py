"""A game's log is machine data, its text export words for a reader: a game played in Polish is
saved as the same bytes as in English, replays and verifies alike in every language, and its
text export is in the language in use when exporting, telling the same facts in each."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from core.cards import Card, cards_of
from core.events import Dealt, KoiKoiCalled, RoundEnded
from core.logfile import LogRead, header_for
from core.players import Player
from core.rules import find_rules
from hanatui.cli import main
from hanatui.session.session import Session, app_version
from hanatui.store.files import read_log_file, write_log_file
from hanatui.text.export import anonymise, player_view
from hanatui.text.i18n import language, language_scope, ngettext, pgettext
from hanatui.text.names import card_name

LANGUAGES = ("en", "pl", "es")
#: Games played by the computer, each (game, seats, rounds, seed, level).
GAMES = {
    # a koi-koi match with yaku scored and koi-koi called (seven times)
    "koikoi": ("koikoi", 2, 3, 1, "easy"),
    "hana-awase": ("hana-awase", 3, 2, 1, "easy"),
}
#: Words of the text export only each language's catalog has.
ONLY_IN = {
    "en": ("Players: 1. Aki, 2. CPU 1 (computer, easy)", "\nRules: standard\n", " holds: "),
    "pl": ("Gracze: 1. Aki, 2. CPU 1 (komputer, easy)", "\nZasady: standardowe\n", " ma na ręce: "),
    "es": (
        "Jugadores: 1. Aki, 2. CPU 1 (ordenador, easy)",
        "\nReglas: estándar\n",
        " tiene en la mano: ",
    ),
}
_CODE = re.compile(r"(?<![0-9A-Za-z])(?:0[1-9]|1[0-2])[a-d](?![0-9A-Za-z])")
_NUMBER = re.compile(r"\d+")


def play(game: str, seats: int, rounds: int, seed: int, level: str) -> Session:
    """A match played to its end, every seat by the computer (the first one as a person's seat:
    its deals carry its entropy)."""
    computers = (Player(name=f"CPU {i}", kind="bot", bot=level) for i in range(1, seats))
    players = (Player(name="Aki"), *computers)
    session = Session.new(find_rules(game, rounds=rounds), players, seed=seed, autosave=False)
    while True:
        session.settle()
        if session.over:
            return session
        session.act(session.bot_choice(level=level))


def save(session: Session, path: Path) -> Path:
    """The match as a .hana log, made at a fixed time (so two plays of it are the same bytes)."""
    header = header_for(session.events, app=app_version(), created="2026-01-02T03:04:05+00:00")
    write_log_file(path, header, session.events)
    return path


@pytest.fixture(scope="module", params=sorted(GAMES))
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """The game played and saved under Polish, and its session."""
    folder = tmp_path_factory.mktemp(request.param)
    with language_scope("pl"):
        session = play(*GAMES[request.param])
        path = save(session, folder / f"{request.param}.hana")
    return path, session


def _export(path: Path, code: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--lang", code, "export", str(path), "--text"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def _facts(text: str) -> list[tuple[list[str], list[int]]]:
    """What a text export says, without its words: each line's card codes in order and its
    numbers (in any order: a language may put them in another order in a sentence)."""
    return [
        (_CODE.findall(line), sorted(int(n) for n in _NUMBER.findall(line)))
        for line in text.splitlines()
    ]


def test_the_koikoi_game_has_yaku_and_koikoi_calls() -> None:
    session = play(*GAMES["koikoi"])
    assert sum(isinstance(e, KoiKoiCalled) for e in session.events) >= 2
    assert any(
        line.kind == "yaku"
        for e in session.events
        if isinstance(e, RoundEnded)
        for seat in e.breakdown
        for line in seat.lines
    )


def test_the_log_is_the_same_bytes_in_every_language(played, tmp_path) -> None:
    path, _session = played
    game = next(name for name in GAMES if path.stem == name)
    for code in LANGUAGES:
        with language_scope(code):
            again = save(play(*GAMES[game]), tmp_path / f"{code}.hana")
        assert again.read_bytes() == path.read_bytes(), code
    assert language() == "en"


def test_the_copies_export_makes_are_the_same_bytes_in_every_language(played) -> None:
    """An anonymised copy and a player's view are logs: no words of a language in them."""
    path, _session = played
    copies = []
    for code in LANGUAGES:
        with language_scope(code):
            log = read_log_file(path)
            copies.append((anonymise(log), player_view(log, 0)))
    assert copies == [copies[0]] * len(copies)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_log_replays_to_the_same_end_in_every_language(played, code) -> None:
    path, session = played
    with language_scope(code):
        log = read_log_file(path)
    assert log.state is not None
    assert log.state.totals == session.state.totals
    assert log.state.history == session.state.history
    assert log.state == session.state


def test_verify_gives_the_same_verdict_and_status_in_every_language(played, capsys) -> None:
    path, _session = played
    reports: list[dict[str, Any]] = []
    statuses: list[int] = []
    firsts: dict[str, str] = {}
    for code in LANGUAGES:
        statuses.append(main(["--lang", code, "verify", "--json", str(path)]))
        reports.append(json.loads(capsys.readouterr().out))
        status = main(["--lang", code, "verify", str(path)])
        out = capsys.readouterr().out.splitlines()
        statuses.append(status)
        firsts[code] = out[0]
        with language_scope(code):
            ok = pgettext("verify verdict", "ok")
            rounds = ngettext("{n} round", "{n} rounds", reports[-1]["files"][0]["rounds"])
            rounds = rounds.format(n=reports[-1]["files"][0]["rounds"])
        assert out[0].startswith(f"{path}: {ok} ("), out[0]
        assert rounds in out[0]
    assert statuses == [0] * len(statuses)
    assert reports[0]["valid"] and reports[0]["files"][0]["deals_proved"]
    assert reports == [reports[0]] * len(reports)  # --json is machine data: English everywhere
    assert firsts["pl"] != firsts["en"] != firsts["es"]
    assert _facts(firsts["pl"]) == _facts(firsts["en"]) == _facts(firsts["es"])


def test_the_text_export_is_in_the_language_and_tells_the_same_facts(played, capsys) -> None:
    path, _session = played
    texts = {code: _export(path, code, capsys) for code in LANGUAGES}
    log = read_log_file(path)
    for code, text in texts.items():
        for words in ONLY_IN[code]:
            assert words in text, (code, words)
            for other in LANGUAGES:
                if other != code:
                    assert words not in texts[other], (code, other, words)
        with language_scope(code):
            # the first deal's hand, each card by its code and its name in this language
            hand = [f"{c.value} {card_name(c)}" for c in _first_hand(log)]
        assert ", ".join(hand) in text, code
    assert _facts(texts["pl"]) == _facts(texts["en"])
    assert _facts(texts["es"]) == _facts(texts["en"])
    assert language() == "en"


def _first_hand(log: LogRead) -> list[Card]:
    """The first seat's hand at the first deal."""
    index = next(i for i, e in enumerate(log.events) if isinstance(e, Dealt))
    return list(cards_of(log.states[index].hands[0]))
