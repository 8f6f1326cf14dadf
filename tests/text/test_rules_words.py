"""The rules pages and the options in the player's language: the same words as the engine's in
English, the catalogs' words in Polish and Spanish, a number in the form its count asks for, a
rules error said again in the language, and the cards table within the screen's width."""

from __future__ import annotations

import pytest

from core import rules as core_rules
from core.errors import RulesError
from core.games.registry import GAMES, find_game
from hanatui.text import rules_text
from hanatui.text.i18n import PSEUDO, _, language_scope, pgettext
from hanatui.text.options import (
    join_and,
    number_words,
    option_docs,
    option_value_words,
    rules_error_text,
)


@pytest.mark.parametrize("game", list(GAMES))
def test_in_english_the_options_read_as_the_engine_words_them(game: str) -> None:
    assert option_docs(game) == core_rules.option_docs(game)
    for preset in core_rules.presets(game):
        for key, value in core_rules.find_rules(game, preset).options().items():
            assert option_value_words(game, key, value) == core_rules.option_value_words(
                game, key, value
            )


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("pl", ["1 punkt", "2 punkty", "4 punkty", "5 punktów", "12 punktów", "22 punkty"]),
        ("es", ["1 punto", "2 puntos", "4 puntos", "5 puntos", "12 puntos", "22 puntos"]),
        ("en", ["1 point", "2 points", "4 points", "5 points", "12 points", "22 points"]),
    ],
)
def test_a_number_takes_the_form_its_count_asks_for(code: str, words: list[str]) -> None:
    with language_scope(code):
        assert [number_words("points", n) for n in (1, 2, 4, 5, 12, 22)] == words


def test_a_list_is_joined_in_the_language() -> None:
    assert join_and(["A", "B", "C"]) == "A, B and C"
    with language_scope("pl"):
        assert join_and(["A", "B", "C"]) == "A, B i C"
    with language_scope("es"):
        assert join_and(["A", "B"]) == "A y B"
    assert join_and([]) == "" and join_and(["A"]) == "A"


@pytest.mark.parametrize("code", ["pl", "es"])
def test_every_option_is_said_in_the_language(code: str) -> None:
    english = {game: option_docs(game) for game in GAMES}
    with language_scope(code):
        for game in GAMES:
            for doc, source in zip(option_docs(game), english[game], strict=True):
                assert doc.explanation and doc.explanation != source.explanation, doc.key
                assert doc.title, doc.key


def test_a_rules_error_is_said_again_in_the_language() -> None:
    with pytest.raises(RulesError) as caught:
        core_rules.find_rules("koikoi", double_threshold=0)
    assert str(caught.value) == "Doubling threshold: must be at least 1"
    assert rules_error_text(caught.value) == str(caught.value)
    with language_scope("pl"):
        assert rules_error_text(caught.value) == "Próg podwojenia: musi wynosić co najmniej 1"
    with pytest.raises(RulesError) as caught:
        core_rules.find_rules("bakappana", end_at_empty_hands=True, scoring="zero_sum")
    with language_scope("es"):
        assert rules_error_text(caught.value).startswith("terminar con las manos vacías")
    with pytest.raises(RulesError) as caught:
        find_game("go")
    with language_scope("pl"):
        assert rules_error_text(caught.value).startswith("nieznana gra: 'go'")


@pytest.mark.parametrize("code", ["pl", "es"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_page_is_in_the_language_and_ascii_mode_stays_ascii(code: str, game: str) -> None:
    english = rules_text.page(game)
    with language_scope(code):
        shown = rules_text.page(game)
        assert [h for h, _t in shown] != [h for h, _t in english]
        for (heading, text), (_h, source) in zip(shown, english, strict=True):
            assert text != source, heading
        assert all(h.isascii() and t.isascii() for h, t in rules_text.page(game, ascii_only=True))


@pytest.mark.parametrize("code", ["en", "pl", "es", PSEUDO])
@pytest.mark.parametrize("width", [72, 74, 94])
def test_the_cards_table_fits_its_width(code: str, width: int) -> None:
    """Each column at least as wide as its longest word, the whole within the width (the
    pseudo-language at the narrowest excepted: its longest words are too long for 80 columns)."""
    from rich.cells import cell_len

    from hanatui.app.screens.info import _card_columns

    with language_scope(code):
        columns: tuple[str, ...] = (_("code"), _("kind"), _("card"), _("Japanese"))
        columns += (pgettext("column", "pts"), _("Sakura"))
        rows = rules_text.card_rows()
        widths = _card_columns(width, columns, rows)
    cells = [(c, *(r[i] for r in rows)) for i, c in enumerate(columns)]
    used = [
        w if w is not None else max(cell_len(x) for x in cells[i]) for i, w in enumerate(widths)
    ]
    if code == PSEUDO and width < 80:
        return
    assert sum(used) + 2 * len(columns) <= width
    for i, w in enumerate(widths):
        if w is not None:
            assert w >= max(cell_len(word) for x in cells[i] for word in x.split())
