"""No string a player reads holds a seat index, a rule number ("P22"), a Python literal (True,
False, None, "()") or an option id (snake_case): option titles, values and explanations, preset
titles and descriptions, the rules pages, the words of every score line of the sample logs, the
game log's lines, the text export, the help, and the messages of the checks people run into
(a bad log, an illegal action, a combination of options that does not go together)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.actions import CallShobu, ChooseCapture, DeclareHiki, PlayCard
from core.cards import Card
from core.chance import advance
from core.engine import decide, fold, to_act
from core.errors import HanaError
from core.events import MatchStarted, RoundEnded
from core.games.registry import GAMES
from core.logfile import read_log
from core.rules import find_rules, option_docs, preset_of, presets
from hanatui.app.screens.dialogs import help_text
from hanatui.text.export import text_record
from hanatui.text.rules_text import (
    COMMON,
    alias_lines,
    card_rows,
    kind_lines,
    month_lines,
    page,
)
from hanatui.text.words import describe_event, score_line_text, score_line_words
from tests.helpers import players

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "replays").glob("*.hana"))
HOSTILE = sorted((ROOT / "tests" / "fixtures" / "hostile").glob("*.hana"))

#: What a player must never read, and why.
FORBIDDEN = {
    "a rule number": re.compile(r"\bP\d+\b"),
    "a Python literal": re.compile(r"\b(True|False|None)\b|\(\)"),
    "an option or yaku id": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "a seat counted from 0": re.compile(r"\bseats? 0\b|\bseats are 0\b"),
}
#: Words about players, which name them and never say "seat".
NAMING = {**FORBIDDEN, "a seat": re.compile(r"\bseat\b", re.I)}


def check(text: str, rules: dict[str, re.Pattern[str]] = FORBIDDEN) -> None:
    for what, pattern in rules.items():
        found = pattern.search(text)
        assert found is None, f"{what} ({found.group(0)!r}) in: {text}"


def option_texts() -> Iterator[str]:
    for game in GAMES:
        for doc in option_docs(game):
            yield doc.title
            yield doc.default_words
            yield doc.explanation
            for _value, words in doc.choices:
                yield words
        for name in presets(game):
            preset = preset_of(game, name)
            yield preset.title
            yield preset.description


def test_option_and_preset_texts_are_plain_words():
    texts = list(option_texts())
    assert len(texts) > 300
    for text in texts:
        assert text.strip(), "an option or preset without words"
        check(text)


@pytest.mark.parametrize("ascii_only", [False, True], ids=["kanji", "ascii"])
def test_the_rules_pages_are_plain_words(ascii_only: bool):
    texts = [COMMON, *month_lines(ascii_only=ascii_only), *kind_lines(ascii_only=ascii_only)]
    texts += [cell for row in card_rows(ascii_only=ascii_only) for cell in row]
    texts += alias_lines(ascii_only=ascii_only)
    for game in GAMES:
        for heading, text in page(game, ascii_only=ascii_only):
            texts += [heading, text]
    for text in texts:
        check(text, NAMING)
        if ascii_only:
            assert text.isascii(), text


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_what_a_sample_log_says_is_plain_words(path: Path):
    log = read_log(path.read_bytes())
    names = [p.name for p in log.header.players]
    rules = log.header.rules
    for before, event, after in zip([None, *log.states[:-1]], log.events, log.states, strict=True):
        line = describe_event(event, before, after)
        if line:
            check(line, NAMING)
        if isinstance(event, RoundEnded):
            for score in event.breakdown:
                for x in score.lines:
                    check(score_line_words(x, score.seat, rules, names), NAMING)
                    check(score_line_text(x, score.seat, rules, names), NAMING)
    record = text_record(log)
    for text in record.splitlines():
        check(text)  # a comment's author may be "Aki (seat 1)"


def test_the_help_is_plain_words():
    for ascii_mode in (False, True):
        check(help_text({}, ascii_mode=ascii_mode), NAMING)


@pytest.mark.parametrize("path", HOSTILE, ids=lambda p: p.stem)
def test_a_bad_logs_message_counts_seats_from_1(path: Path):
    with pytest.raises(HanaError) as err:
        read_log(path.read_bytes())
    message = str(err.value)
    assert not re.search(r"\bseats? 0\b|\bseats are 0\b", message), message
    assert "()" not in message and not re.search(r"\bP\d+\b", message), message


def test_an_illegal_actions_message_names_the_seat_from_1_and_the_action_in_words():
    state = fold([MatchStarted(rules=find_rules("sakura"), players=players(3))])
    rng = random.Random(3)
    while to_act(state) is None:
        state = advance(state, rng)[-1][1]
    seat = to_act(state)
    assert seat is not None
    other = (seat + 1) % 3
    messages = []
    for action in (
        PlayCard(seat=other, card=Card.parse("01a")),
        PlayCard(seat=seat, card=next(c for c in Card if not state.hands[seat] & c.bit)),
        ChooseCapture(seat=seat, card=Card.parse("01a"), target=None),
        DeclareHiki(seat=seat, month=5),
        CallShobu(seat=seat),
    ):
        with pytest.raises(HanaError) as err:
            decide(state, action)
        messages.append(str(err.value))
    assert f"it is seat {seat + 1}'s decision, not seat {other + 1}'s" in messages[0]
    for message in messages:
        assert "()" not in message and "Card.parse" not in message, message
        assert not re.search(r"\bseat 0\b", message), message


@pytest.mark.parametrize(
    "game,options",
    [
        ("bakappana", {"end_at_empty_hands": True, "scoring": "zero_sum"}),
        ("hana-awase", {"end_at_empty_hands": True, "scoring": "zero_sum"}),
        ("koikoi", {"akatan_aotan_stack": True}),
        ("koikoi", {"raise_allows_shobu": True}),
        ("koikoi", {"turn_structure": "draw_then_play_two", "unmatched_draw_to_hand": True}),
        ("koikoi", {"double_chaff_cards": ["lightning", "lightning"]}),
    ],
)
def test_options_that_do_not_go_together_are_refused_in_words(game, options):
    with pytest.raises(HanaError) as err:
        find_rules(game, **options)
    check(str(err.value))
    assert "`" not in str(err.value) and "$." not in str(err.value)


@pytest.mark.parametrize(
    "options,message",
    [
        ({"double_threshold": 0}, "Doubling threshold: must be at least 1"),
        ({"zero_sum_start": "many"}, "Zero-sum stake: must be a whole number"),
        ({"lucky_hands": "maybe"}, "Lucky hands: 'maybe' is not one of its values"),
        ({"rounds": 121}, "Rounds: must be at most 120"),
    ],
)
def test_a_bad_option_value_is_refused_naming_the_option_by_its_title(options, message):
    with pytest.raises(HanaError) as err:
        find_rules("koikoi", **options)
    assert str(err.value) == message


@pytest.mark.parametrize(
    "game,n,message",
    [
        ("koikoi", 3, "Koi-koi is for 2 players, not 3"),
        ("bakappana", 1, "Bakappana is for 2-4 players, not 1"),
        ("sakura", 8, "Sakura is for 2-7 players, not 8"),
    ],
)
def test_a_wrong_number_of_players_is_refused_in_words(game, n, message):
    """A fixed count reads "for 2 players", not "for 2-2 players"; a range "2-4"."""
    rules = find_rules(game)
    with pytest.raises(HanaError) as err:
        GAMES[game].check_players(rules, n)
    assert str(err.value) == message
