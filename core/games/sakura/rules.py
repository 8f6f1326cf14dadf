"""Sakura's options and presets (docs/rules.md §6, the presets in §7)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.games.options import Preset, Rules

#: Team layouts: "COUNTxSIZE" (2x2 = two teams of two), seated alternately: seat s plays for team
#: s % COUNT.
TEAM_LAYOUTS: dict[str, tuple[int, int]] = {"2x2": (2, 2), "3x2": (3, 2), "2x3": (2, 3)}


class SakuraRules(Rules, frozen=True, kw_only=True, tag="sakura"):
    """Sakura (Hawaiian hanafuda, Higo-bana): 2-7 players, teams optional, the Gaji and hiki."""

    hand_size_2p: Annotated[
        Literal[8, 10],
        msgspec.Meta(description="Hand size with 2 players: 8 (field 8) or 10 (field 8)."),
    ] = 8
    sakura_round_end: Annotated[
        Literal["hands_empty", "hands_and_deck_empty"],
        msgspec.Meta(
            description=(
                "hands_empty: the round ends when every hand is empty (cards left in the draw pile "
                "stay there); hands_and_deck_empty: draw-only turns play the draw pile out first."
            )
        ),
    ] = "hands_empty"
    sakura_yaku_enabled: Annotated[
        bool,
        msgspec.Meta(
            description="Score the 8 Sakura yaku (each costs every opponent the penalty)."
        ),
    ] = True
    sakura_yaku_penalty: Annotated[
        int,
        msgspec.Meta(ge=0, le=1000, description="Points every opponent loses for each yaku held."),
    ] = 50
    gaji_wild_on_draw: Annotated[
        bool,
        msgspec.Meta(
            description="The Gaji (11d) is wild when turned from the draw pile too, not only "
            "from the hand."
        ),
    ] = True
    gaji_initial_field: Annotated[
        Literal["ordinary", "discard"],
        msgspec.Meta(
            description="The Gaji dealt to the initial field: an ordinary Willow card, or "
            "discarded."
        ),
    ] = "ordinary"
    gaji_end_claim: Annotated[
        Literal["same_suit", "all_remaining", "transfer_during_play"],
        msgspec.Meta(
            description=(
                "What the owner of a wild Gaji gets besides the card it took: at the round's end "
                "the field cards of that card's month, or every card left on the field; or, "
                "during play, the next point card of that month that is captured or turned up."
            )
        ),
    ] = "same_suit"
    gaji_blocked: Annotated[
        Literal["retarget_or_leave", "return_to_hand"],
        msgspec.Meta(
            description=(
                "After a hiki holder interrupts the Gaji: its player picks another target or "
                "leaves "
                "it on the field, or (played from the hand) takes it back and plays another card."
            )
        ),
    ] = "retarget_or_leave"
    hiki_mode: Annotated[
        Literal["any_combination", "any_moment", "hand3_field1"],
        msgspec.Meta(
            description=(
                "Hiki (all four cards of a month between hand and field): declared on one's turn "
                "in place of playing a card; declared at any moment, without giving up the play; "
                "or only with three in hand and the fourth on the field, in place of a play."
            )
        ),
    ] = "any_combination"
    sakura_victory_scoring: Annotated[
        Literal["off", "round_wins", "chu", "basa", "chu_basa"],
        msgspec.Meta(
            description=(
                "Count round wins instead of points: the best round score wins one; a lead of "
                "50 or more (chu) or of 100 or more (basa) wins two; with both, 50 wins two and "
                "100 wins three."
            )
        ),
    ] = "off"
    teams: Annotated[
        Literal["none", "2x2", "3x2", "2x3"],
        msgspec.Meta(
            description=(
                "none; 2x2: 4 players in two teams of two; 3x2: 6 players in three teams of two; "
                "2x3: 6 players in two teams of three. Teammates sit alternately and pool captures."
            )
        ),
    ] = "none"
    tie_next_dealer: Annotated[
        Literal["previous_dealer", "turn_order"],
        msgspec.Meta(
            description=(
                "Tie for the best round score: the previous dealer deals again, or the tied seat "
                "earliest in turn order from the dealer."
            )
        ),
    ] = "previous_dealer"


PRESETS = (
    Preset(
        "beginner",
        "the Spanish guide's first games: card points only, no yaku",
        {"sakura_yaku_enabled": False},
    ),
    Preset("half-year", "a half game of 6 rounds", {"rounds": 6}),
    Preset(
        "fudawiki",
        "FudaWiki's reading: the Gaji is wild from the hand only, the round ends when the draw "
        "pile is empty too, ties go to the earliest seat in turn order",
        {
            "gaji_wild_on_draw": False,
            "sakura_round_end": "hands_and_deck_empty",
            "tie_next_dealer": "turn_order",
        },
    ),
    Preset(
        "bga",
        "Board Game Arena: 4 rounds, the Gaji's owner takes every card left on the field",
        {"rounds": 4, "gaji_end_claim": "all_remaining", "tie_next_dealer": "turn_order"},
    ),
)
