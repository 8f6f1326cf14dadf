"""Bakappana's options and presets (docs/rules.md §3).

Each option's ``msgspec.Meta`` description is its explanation for players, in plain words;
`WORDS` names each option and its values (`core.rules.option_docs`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.games.options import ROUNDS_WORDS, OptionWords, Preset, Rules
from core.messages import N_


class BakappanaRules(Rules, frozen=True, kw_only=True, tag="bakappana"):
    """Bakappana: the plain fishing game, 2-4 players, no yaku."""

    scoring: Annotated[
        Literal["simple", "zero_sum"],
        msgspec.Meta(
            description=N_(
                "Card points: each player scores the points of the cards they took. Zero-sum: the "
                "same less par, the deck's points shared out equally (132, 88 or 66 a player), so "
                "the round's scores add up to nothing."
            )
        ),
    ] = "simple"
    end_at_empty_hands: Annotated[
        bool,
        msgspec.Meta(
            description=N_(
                "Two players, card-point scoring: the round ends as soon as the hands "
                "are empty, and the 8 cards left in the draw pile are not played."
            )
        ),
    ] = False
    chaff_value: Annotated[
        Literal[1, 0],
        msgspec.Meta(
            description=N_(
                "What a chaff card is worth: 1 point (the deck is worth 264), or 0 in "
                'the "80" game (240).'
            )
        ),
    ] = 1
    hand_size_2p: Annotated[
        Literal[8, 10],
        msgspec.Meta(
            description=N_(
                "Cards dealt to each of two players; the field gets 8 either way, and "
                "with 10 the draw pile runs out with the hands."
            )
        ),
    ] = 8

    def __post_init__(self) -> None:
        if self.end_at_empty_hands and self.scoring == "zero_sum":
            raise ValueError(
                N_("ending at empty hands needs card-point scoring (zero-sum plays every card)")
            )


WORDS: dict[str, OptionWords] = {
    "rounds": ROUNDS_WORDS,
    "scoring": OptionWords(
        N_("Scoring"),
        {"simple": N_("card points"), "zero_sum": N_("zero-sum: card points less par")},
    ),
    "end_at_empty_hands": OptionWords(N_("End at empty hands")),
    "chaff_value": OptionWords(N_("Chaff"), {1: N_("1 point"), 0: N_('0 points (the "80" game)')}),
    "hand_size_2p": OptionWords(N_("Hand, two players"), {8: N_("8 cards"), 10: N_("10 cards")}),
}

BakappanaRules.option_words = WORDS

STANDARD = Preset(
    "standard",
    N_("Standard"),
    N_(
        "Card points alone: brights 20, animals 10, ribbons 5, chaff 1 (the Polish manual and "
        "FudaWiki); the draw pile is played out with two players."
    ),
)
PRESETS = (
    Preset(
        "eighty",
        N_('The "80" game'),
        N_(
            'Chaff counts 0, so the deck is worth 240 instead of 264 (FudaWiki\'s "80" bakappana; '
            'the standard game is the "88").'
        ),
        {"chaff_value": 0},
    ),
    Preset(
        "zero-sum",
        N_("Zero-sum"),
        N_(
            "The traditional settlement: each player scores their card points less par, the deck's "
            "points shared out equally (the Polish manual and FudaWiki)."
        ),
        {"scoring": "zero_sum"},
    ),
)
