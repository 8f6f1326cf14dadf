"""The analysis in the player's language: verdicts, the report and its counts in Polish and
Spanish (their own plural forms), the cards by code and translated name, and the JSON report in
English whatever the language (it is for programs)."""

from __future__ import annotations

import pytest

from core.actions import CallKoiKoi, CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import Card
from hanatui.analysis import Analyser, verdict
from hanatui.analysis.model import class_name, describe_move
from hanatui.analysis.report import class_count, json_report, text_report
from hanatui.text.i18n import language_scope
from hanatui.text.names import card_name
from tests.analysis.test_analysis import SAMPLE, _analysis, short_log


@pytest.fixture(scope="module")
def log():
    return short_log()


@pytest.fixture(scope="module")
def analysed(log):
    return Analyser(log, budget=20).run()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("pl", ["gruby błąd ??", "niedokładność ?!", "błąd ?", "zagranie 01a "]),
        ("es", ["error grave ??", "imprecisión ?!", "error ?", "jugar 01a "]),
    ],
)
def test_a_verdict_in_polish_and_spanish_names_its_class_and_the_cards_by_code(language, words):
    a = _analysis(SAMPLE)
    with language_scope(language):
        lines = [verdict(a, d) for d in a.decisions]
        crane = card_name(Card("01a"))
    text = "\n".join(lines)
    for word in words:
        assert word in text
    assert crane in text  # the card's own name in that language, beside its code
    assert "expects" not in text and "better" not in text


@pytest.mark.parametrize(
    ("language", "n", "expected"),
    [
        ("pl", 1, "1 błąd"),
        ("pl", 3, "3 błędy"),
        ("pl", 5, "5 błędów"),
        ("pl", 22, "22 błędy"),
        ("es", 1, "1 error"),
        ("es", 2, "2 errores"),
        ("en", 1, "1 mistake"),
        ("en", 2, "2 mistakes"),
    ],
)
def test_counts_of_a_class_take_each_languages_plural_form(language, n, expected):
    with language_scope(language):
        assert class_count("mistake", n) == expected


def test_every_move_and_class_has_words_in_each_language():
    moves = [
        PlayCard(seat=0, card=Card("09a")),
        ChooseCapture(seat=0, card=Card("11d"), target=Card("03a")),
        ChooseCapture(seat=0, card=Card("11d"), target=None),
        DeclareHiki(seat=0, month=3),
        CallKoiKoi(seat=0),
        CallShobu(seat=0),
    ]
    english = [describe_move(m) for m in moves]
    for language in ("pl", "es"):
        with language_scope(language):
            words = [describe_move(m) for m in moves]
            classes = [class_name(c) for c in ("best", "good", "inaccuracy", "mistake", "blunder")]
        assert all(w != e for w, e in zip(words, english, strict=True)), words
        assert classes != ["best", "good", "inaccuracy", "mistake", "blunder"]
        assert "09a" in words[0] and "11d" in words[1] and "03a" in words[1]


def test_the_report_in_polish_and_the_json_in_english(log, analysed):
    english = text_report(log, analysed, every=True)
    data = json_report(log, analysed)
    with language_scope("pl"):
        polish = text_report(log, analysed, every=True)
        assert json_report(log, analysed) == data  # for programs: the same in every language
    assert polish != english
    assert "Podsumowanie" in polish and "Summary" not in polish
    assert "(miejsce 1)" in polish
    assert all(d["move_text"].isascii() for d in data["decisions"])


def test_the_pseudo_language_reaches_every_line_of_the_report(log, analysed):
    with language_scope("qps"):
        report = text_report(log, analysed, every=True)
    for line in report.splitlines():
        if line.strip():
            assert "«" in line, line
