"""Sakura's options and presets (docs/rules.md §6, the presets in §7).

Each option's ``msgspec.Meta`` description is its explanation for players, in plain words;
`WORDS` names each option and its values (`core.rules.option_docs`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.games.options import ROUNDS_WORDS, OptionWords, Preset, Rules
from core.messages import N_

#: Team layouts: "COUNTxSIZE" (2x2 = two teams of two), seated alternately: seat s plays for team
#: s % COUNT.
TEAM_LAYOUTS: dict[str, tuple[int, int]] = {"2x2": (2, 2), "3x2": (3, 2), "2x3": (2, 3)}


def _words(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class SakuraRules(Rules, frozen=True, kw_only=True, tag="sakura"):
    """Sakura (Hawaiian hanafuda, Higo-bana): 2-7 players, teams optional, the Gaji and hiki."""

    hand_size_2p: Annotated[
        Literal[8, 10],
        _words(N_("Cards dealt to each of two players; the field gets 8 either way.")),
    ] = 8
    sakura_round_end: Annotated[
        Literal["hands_empty", "hands_and_deck_empty"],
        _words(
            N_(
                "The round ends when every hand is empty, and the cards left in the draw pile are "
                "not played; or only once draw-only turns have emptied the draw pile too."
            )
        ),
    ] = "hands_empty"
    sakura_yaku_enabled: Annotated[
        bool,
        _words(
            N_(
                "Score the eight yaku: each one a player (or a team) holds costs every opponent "
                "the yaku penalty."
            )
        ),
    ] = True
    sakura_yaku_penalty: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=1000,
            description=N_("What every opponent loses for each yaku a player (or a team) holds."),
        ),
    ] = 50
    gaji_wild_on_draw: Annotated[
        bool,
        _words(
            N_(
                "The Gaji (the Lightning, 11d) is wild when turned from the draw pile too, not "
                "only when played from the hand."
            )
        ),
    ] = True
    gaji_initial_field: Annotated[
        Literal["ordinary", "discard"],
        _words(
            N_(
                "The Gaji dealt to the field at the start of a round: an ordinary Willow card "
                "(only another Willow takes it), or set aside for the round."
            )
        ),
    ] = "ordinary"
    gaji_end_claim: Annotated[
        Literal["same_suit", "all_remaining", "transfer_during_play"],
        _words(
            N_(
                "What the owner of a wild Gaji gets besides the card it took: at the round's end, "
                "the field cards of that card's month, or every card left on the field; or, "
                "instead, during play, the next point card of that month that is captured or "
                "turned up."
            )
        ),
    ] = "same_suit"
    gaji_blocked: Annotated[
        Literal["retarget_or_leave", "return_to_hand"],
        _words(
            N_(
                "When the Gaji is aimed at a card that completes another player's hiki, that "
                "player takes the four cards; the Gaji's player then aims it at another card or "
                "leaves it on the field, or takes it back into the hand and plays another card."
            )
        ),
    ] = "retarget_or_leave"
    hiki_mode: Annotated[
        Literal["any_combination", "any_moment", "hand3_field1"],
        _words(
            N_(
                "Hiki takes the four cards of a month held between your hand and the field. It is "
                "declared on your turn in place of playing a card (FudaWiki); on your turn without "
                'giving up the play (the Spanish guide\'s "at any moment"); or only with three in '
                "hand and the fourth on the field, in place of a play (Board Game Arena)."
            )
        ),
    ] = "any_combination"
    sakura_victory_scoring: Annotated[
        Literal["off", "round_wins", "chu", "basa", "chu_basa"],
        _words(
            N_(
                "Count round wins instead of points: the best round score wins one victory; with "
                "chu a lead of 50 or more wins two, with basa a lead of 100 or more wins two, with "
                "both 50 wins two and 100 three."
            )
        ),
    ] = "off"
    teams: Annotated[
        Literal["none", "2x2", "3x2", "2x3"],
        _words(
            N_(
                "Teams for four or six players: teammates sit alternately, pool their captures and "
                "yaku, share one score, and never see each other's hands."
            )
        ),
    ] = "none"
    tie_next_dealer: Annotated[
        Literal["previous_dealer", "turn_order"],
        _words(
            N_(
                "Who deals after a tie for the best round score: the previous dealer again (the "
                "Spanish guide), or the tied player earliest in turn order from the dealer "
                "(FudaWiki)."
            )
        ),
    ] = "previous_dealer"


WORDS: dict[str, OptionWords] = {
    "rounds": ROUNDS_WORDS,
    "hand_size_2p": OptionWords(N_("Hand, two players"), {8: N_("8 cards"), 10: N_("10 cards")}),
    "sakura_round_end": OptionWords(
        N_("End of round"),
        {
            "hands_empty": N_("when the hands are empty"),
            "hands_and_deck_empty": N_("when the draw pile is empty too"),
        },
    ),
    "sakura_yaku_enabled": OptionWords(N_("Yaku")),
    "sakura_yaku_penalty": OptionWords(N_("Yaku penalty"), unit="points"),
    "gaji_wild_on_draw": OptionWords(N_("Gaji wild when drawn")),
    "gaji_initial_field": OptionWords(
        N_("Gaji dealt to the field"),
        {"ordinary": N_("an ordinary Willow card"), "discard": N_("set aside")},
    ),
    "gaji_end_claim": OptionWords(
        N_("The Gaji's claim"),
        {
            "same_suit": N_("its card's month, at the end"),
            "all_remaining": N_("every card left, at the end"),
            "transfer_during_play": N_("the next point card, in play"),
        },
    ),
    "gaji_blocked": OptionWords(
        N_("Gaji stopped by a hiki"),
        {
            "retarget_or_leave": N_("aim again or leave it"),
            "return_to_hand": N_("take it back, play another"),
        },
    ),
    "hiki_mode": OptionWords(
        N_("Hiki"),
        {
            "any_combination": N_("on your turn, instead of a play"),
            "any_moment": N_("on your turn, besides your play"),
            "hand3_field1": N_("three in hand, one on the field"),
        },
    ),
    "sakura_victory_scoring": OptionWords(
        N_("Victory scoring"),
        {
            "off": N_("off: points count"),
            "round_wins": N_("one a round won"),
            "chu": N_("two for a lead of 50"),
            "basa": N_("two for a lead of 100"),
            "chu_basa": N_("two for 50, three for 100"),
        },
    ),
    "teams": OptionWords(
        N_("Teams"),
        {
            "none": N_("none"),
            "2x2": N_("two teams of two (4 players)"),
            "3x2": N_("three teams of two (6 players)"),
            "2x3": N_("two teams of three (6 players)"),
        },
    ),
    "tie_next_dealer": OptionWords(
        N_("Tie for the deal"),
        {
            "previous_dealer": N_("the previous dealer"),
            "turn_order": N_("first tied in turn order"),
        },
    ),
}

SakuraRules.option_words = WORDS

STANDARD = Preset(
    "standard",
    N_("Standard"),
    N_(
        "The Spanish guide's Sakura: the eight yaku at 50 each, the Gaji wild from the hand and "
        "the draw pile, hiki on your turn, the round over when the hands are empty, 12 rounds."
    ),
)
PRESETS = (
    Preset(
        "beginner",
        N_("Beginner"),
        N_("Card points only, no yaku: the Spanish guide's advice for first games."),
        {"sakura_yaku_enabled": False},
    ),
    Preset(
        "half-year",
        N_("Half a year"),
        N_("A half game of 6 rounds (the Spanish guide)."),
        {"rounds": 6},
    ),
    Preset(
        "fudawiki",
        N_("FudaWiki"),
        N_(
            "FudaWiki's reading: the Gaji is wild only when played from the hand, the round ends "
            "when the draw pile is empty too, and a tie for the deal goes to the tied player "
            "earliest in turn order."
        ),
        {
            "gaji_wild_on_draw": False,
            "sakura_round_end": "hands_and_deck_empty",
            "tie_next_dealer": "turn_order",
        },
    ),
    Preset(
        "bga",
        N_("Board Game Arena"),
        N_(
            "Board Game Arena's Sakura: 4 rounds, the Gaji's owner takes every card left on the "
            "field, and a tie for the deal goes to the tied player earliest in turn order."
        ),
        {"rounds": 4, "gaji_end_claim": "all_remaining", "tie_next_dealer": "turn_order"},
    ),
)
