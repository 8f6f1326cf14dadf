"""Hana-awase's options and presets (docs/rules.md §4; its variants in §4.3).

Hana-awase is bakappana plus yaku: the same deal, turn and end of round (with 2 players the last
8 draw-pile cards are played out), scored by card points plus yaku. Choices the sources leave
open are recorded in docs/rules-notes.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.games.options import Preset, Rules


class HanaAwaseRules(Rules, frozen=True, kw_only=True, tag="hana-awase"):
    """Hana-awase: 2-4 players, card points plus yaku."""

    yaku_table: Annotated[
        Literal["fudawiki", "ja"],
        msgspec.Meta(
            description="Yaku values: fudawiki (goko 100, nomi 40, shima 10) or ja (goko 200, "
            "nomi 30, shima 20)."
        ),
    ] = "fudawiki"
    scoring: Annotated[
        Literal["seed", "plain", "zero_sum"],
        msgspec.Meta(
            description=(
                "seed: cards + yaku x (players - 1); plain: cards + yaku; zero_sum: cards - 264/N, "
                "plus your yaku from each other player, minus theirs."
            )
        ),
    ] = "seed"
    fuke_threshold: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=264,
            description="Fuke: a player with this many card points or fewer makes the round a "
            "draw (0 = off; usually 20).",
        ),
    ] = 0
    willow_row: Annotated[
        Literal["yaku", "cancel_all", "owner_only"],
        msgspec.Meta(
            description=(
                "The four Willows: an ordinary yaku; cancel every yaku of the round (ame-shima "
                "nagashi); or only their owner's yaku count."
            )
        ),
    ] = "yaku"
    rainman_blocks_viewing: Annotated[
        bool,
        msgspec.Meta(
            description="The player holding the Rain Man (11a) cannot score nomi, hanami or "
            "tsukimi."
        ),
    ] = False
    chaff_value: Annotated[
        Literal[1, 0],
        msgspec.Meta(
            description="Points of a chaff card: 1 (total 264) or 0 (total 240, par 240/N)."
        ),
    ] = 1
    teyaku_chaff: Annotated[
        bool,
        msgspec.Meta(
            description="Teyaku: 6 chaff in the opening hand are paid 20 by each other player, "
            "7 or more 30."
        ),
    ] = False
    compensation: Annotated[
        bool,
        msgspec.Meta(
            description="Three players: the dealer or the second player with 8 cards or fewer "
            "taken, or the third with 10 or fewer, receives 30 from each other player."
        ),
    ] = False
    hand_size_2p: Annotated[
        Literal[8, 10],
        msgspec.Meta(
            description="Hand size with 2 players: 8 (field 8) or 10 (field 8, no play-out)."
        ),
    ] = 8
    end_at_empty_hands: Annotated[
        bool,
        msgspec.Meta(
            description="2 players, seed or plain scoring: end at empty hands, leave the draw "
            "pile unplayed."
        ),
    ] = False

    def __post_init__(self) -> None:
        if self.end_at_empty_hands and self.scoring == "zero_sum":
            raise ValueError(
                "end_at_empty_hands needs seed or plain scoring (zero-sum plays every card)"
            )


PRESETS = (
    Preset("ja", "the Japanese yaku values (ja.wikipedia, sazano)", {"yaku_table": "ja"}),
    Preset("plain", "FudaWiki's simplified scoring: cards + yaku", {"scoring": "plain"}),
    Preset(
        "zero-sum",
        "traditional settlement: par and yaku paid by each player",
        {"scoring": "zero_sum"},
    ),
)
