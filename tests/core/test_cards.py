from __future__ import annotations

import pytest

from core.cards import (
    ANIMALS,
    BRIGHTS,
    CARDS,
    CHAFF,
    RIBBONS,
    SAKURA_POINTS,
    STANDARD_POINTS,
    Card,
    CardSet,
    Kind,
    cards_of,
    month_mask,
)
from core.errors import HanaError, NotationError


def test_codes_round_trip_for_every_card():
    for i, card in enumerate(CARDS):
        assert Card.parse(card.code) is card
        assert card.index == i
        assert card.code == f"{card.month:02d}{'abcd'[i % 4]}"
        assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize("text", ["", "13a", "00a", "01e", "1a", "01", "01aa", "xx"])
def test_bad_codes_are_refused_with_the_input(text):
    with pytest.raises(NotationError) as err:
        Card.parse(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, HanaError) and isinstance(err.value, ValueError)


def test_deck_composition_and_totals():
    assert (BRIGHTS.bit_count(), ANIMALS.bit_count(), RIBBONS.bit_count(), CHAFF.bit_count()) == (
        5,
        9,
        10,
        24,
    )
    assert sum(STANDARD_POINTS) == 264
    assert sum(SAKURA_POINTS) == 240
    assert Card.parse("11a").sakura_points == 5 and Card.parse("12b").sakura_points == 10
    assert Card.parse("11d").kind is Kind.CHAFF and Card.parse("09a").kind is Kind.ANIMAL


def test_names_in_english_and_japanese():
    assert Card.parse("01a").name_en == "Crane" and Card.parse("01a").name_ja == "松に鶴"
    assert Card.parse("09a").description == "09a Sake Cup"
    assert Card.parse("11d").kanji == "柳" and Card.parse("11d").month_name == "Willow"


def test_cardset_is_an_immutable_mask_view():
    s = CardSet.parse("09a 01a, 03a")
    assert len(s) == 3 and Card.parse("09a") in s and Card.parse("09b") not in s
    assert [c.code for c in s] == ["01a", "03a", "09a"]
    assert eval(repr(s), {"CardSet": CardSet}) == s
    assert CardSet.month(9) == CardSet.parse("09a 09b 09c 09d")
    assert (s - CardSet.parse("01a")) == CardSet.parse("03a 09a")
    assert CardSet.parse("01a") <= s
    with pytest.raises(AttributeError):
        s.mask = 0
    assert hash(s) == hash(CardSet.parse("01a 03a 09a"))


def test_month_masks():
    assert cards_of(month_mask(11)) == tuple(Card.parse(c) for c in ("11a", "11b", "11c", "11d"))
