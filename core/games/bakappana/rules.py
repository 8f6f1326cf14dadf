"""Bakappana's options and presets (docs/rules.md §3)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.games.options import Preset, Rules


class BakappanaRules(Rules, frozen=True, kw_only=True, tag="bakappana"):
    """Bakappana: the plain fishing game, 2-4 players, no yaku."""

    scoring: Annotated[
        Literal["simple", "zero_sum"],
        msgspec.Meta(description="simple: score = card total; zero_sum: card total minus 264/N."),
    ] = "simple"
    end_at_empty_hands: Annotated[
        bool,
        msgspec.Meta(
            description=(
                "2 players, simple scoring: end at empty hands, leave the draw pile unplayed."
            )
        ),
    ] = False
    chaff_value: Annotated[
        Literal[1, 0],
        msgspec.Meta(
            description="Points of a chaff card: 1 (total 264) or 0 (the '80' game, 240)."
        ),
    ] = 1
    hand_size_2p: Annotated[
        Literal[8, 10],
        msgspec.Meta(
            description="Hand size with 2 players: 8 (field 8) or 10 (field 8, no play-out)."
        ),
    ] = 8

    def __post_init__(self) -> None:
        if self.end_at_empty_hands and self.scoring == "zero_sum":
            raise ValueError("end_at_empty_hands needs simple scoring (zero-sum plays every card)")


PRESETS = (
    Preset("eighty", "the '80' game: chaff counts 0", {"chaff_value": 0}),
    Preset("zero-sum", "traditional settlement against par", {"scoring": "zero_sum"}),
)
