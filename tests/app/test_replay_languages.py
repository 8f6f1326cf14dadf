"""The replay viewer and the games list in Polish, Spanish and the pseudo-language: the help
stays within its columns whatever the language, counts take their language's plural forms, and
play on's caption says the move in the player's words."""

from __future__ import annotations

import msgspec
import pytest
from rich.cells import cell_len

from core.actions import ChooseCapture, DeclareHiki, PlayCard
from core.cards import Card
from hanatui.app.screens.dialog_base import HELP_COLUMNS
from hanatui.app.screens.history import length_words, result_words
from hanatui.app.screens.replay.dialogs import replay_help
from hanatui.app.screens.replay.playon import ForkPoint, decision_note, move_words
from hanatui.app.screens.replay.render import score_chart
from hanatui.store.history import GameSummary
from hanatui.text.i18n import language_scope
from hanatui.text.names import month_name


def _summary(**changes: object) -> GameSummary:
    base = GameSummary(
        path="a.hana",
        created="",
        game="koikoi",
        players=("You", "CPU"),
        rounds_played=2,
        rounds=2,
        totals=(3, 1),
        winners=(0,),
        finished=True,
        events=95,
    )
    return msgspec.structs.replace(base, **changes)


@pytest.mark.parametrize("language", ["en", "pl", "es", "qps"])
def test_the_replay_help_stays_within_its_columns(language):
    with language_scope(language):
        text = replay_help()
    assert max(cell_len(line) for line in text.splitlines()) <= HELP_COLUMNS


def test_the_english_help_reads_as_it_was_written():
    text = replay_help()
    assert "  ↑ ↓ k j          to the end of the previous / next turn\n" in text
    assert "                   hidden cards stay backs, and moves not yet made name\n" in text


def test_counts_take_the_languages_plural_forms():
    assert length_words(_summary(rounds_played=1, rounds=1, events=1)) == "1 round, 1 move"
    with language_scope("pl"):
        assert length_words(_summary(rounds_played=2, events=95)) == "2 rundy, 95 ruchów"
        assert length_words(_summary(rounds_played=3, rounds=12, events=22)) == (
            "3 z 12 rund, 22 ruchy"
        )
        assert result_words(_summary()) == "Wygrywasz"
        assert result_words(_summary(winners=(0, 1))) == "Ty i CPU: remis"
    with language_scope("es"):
        assert length_words(_summary(rounds_played=1, rounds=1, events=1)) == "1 ronda, 1 jugada"
        assert result_words(_summary(winners=(1,))) == "CPU gana"


def test_play_ons_caption_is_said_in_the_players_words():
    sake, chaff = Card.parse("09a"), Card.parse("09d")
    point = ForkPoint(3, decision=3, seat=0, move=ChooseCapture(seat=0, card=sake, target=chaff))
    note = decision_note(point, player="You", analysis=None)
    assert note is not None and note.caption == "You chose 09a taking 09d here."
    with language_scope("es"):
        note = decision_note(point, player="Aki", analysis=None)
        assert note is not None and note.caption == "Aki eligió 09a capturando 09d aquí."
        assert move_words(DeclareHiki(seat=0, month=8)) == f"hiki de {month_name(8)}"
    with language_scope("pl"):
        played = ForkPoint(3, decision=3, seat=0, move=PlayCard(seat=0, card=sake))
        note = decision_note(played, player="You", analysis=None)
        assert note is not None and note.caption == "Twój ruch tutaj: 09a."


@pytest.mark.parametrize("language", ["en", "pl", "qps"])
def test_the_score_chart_keeps_its_width_with_a_longer_total(language):
    from core.players import Player

    players = [Player(name="You"), Player(name="CPU")]
    with language_scope(language):
        chart = score_chart(
            players, [[3, 0], [0, 2]], 12, done=2, current=3, totals=[3, 2], width=38
        )
    assert max(cell_len(line) for line in chart.plain.splitlines()) <= 38
