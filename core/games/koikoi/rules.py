"""Koi-koi's options and presets (docs/rules.md §5; the optional rules P1-P33 in §5.5).

Each field's ``msgspec.Meta(description=...)`` is the one-line explanation the house-rules editor
shows (`core.rules.option_docs`). The defaults are the ``standard`` preset (docs/rules.md §5);
choices the sources leave open are recorded in docs/rules-notes.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.games.options import Preset, Rules

Points = Annotated[int, msgspec.Meta(ge=0, le=1000)]


class YakuPoints(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """Base points overriding the value table for single yaku (None: the table's value).

    Written to a log as an object of the overridden yaku only, e.g. ``{"hanamizake": 3}``. The
    fields are the koi-koi yaku ids (docs/rules.md §5.2), in table order.
    """

    goko: Points | None = None
    shiko: Points | None = None
    ameshiko: Points | None = None
    sanko: Points | None = None
    inoshikacho: Points | None = None
    tane: Points | None = None
    akatan_aotan: Points | None = None
    akatan: Points | None = None
    aotan: Points | None = None
    tan: Points | None = None
    hanamizake: Points | None = None
    tsukimizake: Points | None = None
    kasu: Points | None = None
    tsukifuda: Points | None = None


#: Koi-koi yaku ids (docs/rules.md §5.2), in table order.
KOIKOI_YAKU_IDS: tuple[str, ...] = YakuPoints.__struct_fields__

#: Base points of each yaku under a `yaku_values` table (extras: +1 per card, docs/rules.md §5.2).
YAKU_VALUES: dict[str, dict[str, int]] = {
    "nintendo": {
        "goko": 10,
        "shiko": 8,
        "ameshiko": 7,
        "sanko": 5,
        "inoshikacho": 5,
        "tane": 1,
        "akatan_aotan": 10,
        "akatan": 5,
        "aotan": 5,
        "tan": 1,
        "hanamizake": 5,
        "tsukimizake": 5,
        "kasu": 1,
        "tsukifuda": 4,
    },
}
YAKU_VALUES["common"] = {**YAKU_VALUES["nintendo"], "goko": 15, "sanko": 6}

DoubleChaffCard = Literal["sake_cup", "lightning", "yellow_paulownia"]
KoiKoiMultiplier = Literal[
    "none", "self_flat", "opponent_flat", "any_flat", "opponent_count", "any_count"
]


def _opt(description: str) -> msgspec.Meta:
    return msgspec.Meta(description=description)


class KoiKoiRules(Rules, frozen=True, kw_only=True, tag="koikoi"):
    """Koi-koi: two players, yaku only; stop (shobu) or play on (koi-koi) after each new yaku."""

    # --- dealing (P1-P4) ----------------------------------------------------------------
    lucky_hands: Annotated[
        Literal["win_6", "redeal", "off"],
        _opt(
            "P1/P2 teshi (4 of a month in hand) or kuttsuki (4 pairs): win_6 = the holder wins 6, "
            "not multiplied (both lucky: a draw, same dealer); redeal = void deal; off = no effect."
        ),
    ] = "win_6"
    field_lucky_pattern_redeal: Annotated[
        bool, _opt("P3 four pairs on the initial field void the deal (four of a month always do).")
    ] = True
    field_three_redeal: Annotated[
        bool, _opt("Three cards of one month on the initial field void the deal too.")
    ] = False
    kuttsuki_enabled: Annotated[
        bool,
        _opt("Four pairs in a dealt hand count as a lucky hand, as four cards of one month do."),
    ] = True
    lucky_hands_stack: Annotated[
        bool,
        _opt(
            "A hand holding both lucky hands at once (four of a month and four pairs, the four "
            "counting as two pairs) wins 12 instead of 6."
        ),
    ] = False
    first_dealer: Annotated[
        Literal["draw", "coin_flip"],
        _opt("Who deals first: the player who draws the earliest month, or a coin flip."),
    ] = "draw"
    hand_size: Annotated[
        Literal[8, 10], _opt("P4 cards dealt to each hand: 8 (field 8, pile 24) or 10 (pile 20).")
    ] = 8

    # --- yaku (P5-P14, values) --------------------------------------------------------------
    yaku_values: Annotated[
        Literal["nintendo", "common"],
        _opt("Yaku value table: nintendo (goko 10, sanko 5) or common (goko 15, sanko 6)."),
    ] = "nintendo"
    yaku_points: Annotated[
        YakuPoints,
        _opt('Per-yaku base points overriding the value table, e.g. {"hanamizake": 3}.'),
    ] = YakuPoints()
    ribbon_animal_system: Annotated[
        Literal["modern", "classic"],
        _opt(
            "P5 modern: +1 extras, animal and ribbon yaku exclusive; classic (older yaku): no "
            "extras on inoshikacho/akatan/aotan, which stack with tane/tan and each other."
        ),
    ] = "modern"
    akatan_aotan_stack: Annotated[
        bool,
        _opt(
            "With the older yaku: holding both ribbon sets also scores Poetry and Blue Ribbons, "
            "on top of each set (10 + 5 + 5)."
        ),
    ] = False
    inoshikacho_enabled: Annotated[
        bool, _opt("P6 boar-deer-butterflies counts as a yaku of its own.")
    ] = True
    viewing_yaku: Annotated[
        Literal["on", "off", "require_other_yaku"],
        _opt("P7/P8 hanamizake and tsukimizake: on, off, or only with another (non-viewing) yaku."),
    ] = "on"
    viewing_weather_block: Annotated[
        bool,
        _opt(
            "P9 a Willow card on the field rains out hanamizake; a Paulownia card on the field "
            "fogs out tsukimizake (they count again once those cards are captured)."
        ),
    ] = False
    rain_man_voids_viewing: Annotated[
        bool, _opt("Holding the Rain Man (11a) voids hanamizake and tsukimizake (ame-nagare).")
    ] = False
    sake_cup_role: Annotated[
        Literal["both", "either", "animal_only"],
        _opt(
            "P10/P11 the Sake Cup (09a) counts as animal and chaff (both), as whichever scores "
            "more but not both (either), or as an animal only."
        ),
    ] = "both"
    double_chaff_cards: Annotated[
        tuple[DoubleChaffCard, ...],
        _opt("P14 cards that count as two chaff for kasu: sake_cup, lightning, yellow_paulownia."),
    ] = ()
    tsukifuda_enabled: Annotated[
        bool, _opt("Tsukifuda: the four cards of the round's month (round k = month k) score 4.")
    ] = False

    # --- special cards and turn variants (P12-P17) ----------------------------------------
    lightning_wild: Annotated[
        Literal["off", "always", "if_susuki_on_initial_field"],
        _opt(
            "P12/P13 the Lightning (11d), played or drawn, may take any one field card: never, "
            "always, or only in rounds whose initial field holds a Susuki (August) card."
        ),
    ] = "off"
    play_out_draw_pile: Annotated[
        bool,
        _opt("P15 once both hands are empty, keep taking draw-only turns until the pile is empty."),
    ] = False
    turn_structure: Annotated[
        Literal["standard", "draw_then_play_two"],
        _opt(
            "P16 standard (play, then turn the top card) or draw into the hand, then play two "
            "cards."
        ),
    ] = "standard"
    unmatched_draw_to_hand: Annotated[
        bool,
        _opt(
            "P17 a turned card that matches nothing goes to the hand, and a hand card is played "
            "instead."
        ),
    ] = False

    # --- draws (P18-P20) --------------------------------------------------------------------
    draw_dealer_points: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=100,
            description="P18 on a draw (exhaustive or both lucky) the dealer scores this many "
            "(0 = off).",
        ),
    ] = 0
    draw_next_dealer: Annotated[
        Literal["same", "other"],
        _opt("P19 who deals after a draw: the same dealer, or the other player."),
    ] = "same"
    exhaustive_draw_last_yaku_scores: Annotated[
        bool,
        _opt(
            "P20 on an exhaustive draw the last player to form or raise a yaku scores it (as a "
            "shobu) and deals next."
        ),
    ] = False

    # --- calling koi-koi (P21-P22) ----------------------------------------------------------
    koikoi_min_points: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=100,
            description="P21 yaku points needed to call koi-koi; below them shobu is automatic "
            "(0 = off).",
        ),
    ] = 0
    koikoi_requires_new_yaku: Annotated[
        bool, _opt("P22 only a new yaku gives a decision; raising one already held does not.")
    ] = False
    raise_allows_shobu: Annotated[
        bool,
        _opt(
            "When only a new yaku gives a decision: raising a yaku you already hold still lets "
            "you stop (shobu) or play on, and playing on is no new koi-koi call."
        ),
    ] = False
    koikoi_once: Annotated[
        bool,
        _opt(
            "Once either player has called koi-koi, the next yaku made by either player ends "
            "the round at once (no second koi-koi)."
        ),
    ] = False

    # --- multipliers (P23-P28, P30-P31) ------------------------------------------------------
    double_at_7: Annotated[
        bool,
        _opt("P23 x2 when the base score (before other multipliers) reaches double_threshold."),
    ] = True
    double_threshold: Annotated[
        int,
        msgspec.Meta(ge=1, le=100, description="P23 base score that doubles (with double_at_7)."),
    ] = 7
    koikoi_multiplier: Annotated[
        KoiKoiMultiplier,
        _opt(
            "P24-P28 koi-koi calls multiply the score: none; x2 if the scorer called (self_flat), "
            "the opponent called (opponent_flat) or anyone called (any_flat); x(n+1) for n calls "
            "by the opponent (opponent_count) or by anyone (any_count)."
        ),
    ] = "opponent_flat"
    koikoi_call_bonus: Annotated[
        bool,
        _opt(
            "The winner adds 1 point for each koi-koi they called (up to three); with four or "
            "more calls their points are multiplied by the calls less two."
        ),
    ] = False
    viewing_after_koikoi: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=100,
            description="Flower and Moon Viewing are worth this many points once their holder "
            "has called koi-koi (0 = no change).",
        ),
    ] = 0
    field_bright_multiplier: Annotated[
        Literal["off", "double_if_any", "per_bright"],
        _opt(
            "P30/P31 brights on the initial field multiply the round: off; x2 if any; "
            "x(brights + 1)."
        ),
    ] = "off"

    # --- counting and match scoring (P29, P32, P33) ------------------------------------------
    yaku_count_mode: Annotated[
        Literal["all", "best_only"],
        _opt("P32 the winner scores all their yaku, or only the best one."),
    ] = "all"
    winner_scores_opponent_yaku: Annotated[
        bool, _opt("P33 the winner also scores the yaku the opponent holds.")
    ] = False
    match_scoring: Annotated[
        Literal["cumulative", "zero_sum", "target"],
        _opt(
            "P29 cumulative totals; zero_sum: both start with zero_sum_start, the winner takes "
            "the points from the loser, a player at 0 ends the match; target: the first to "
            "target_score ends the match."
        ),
    ] = "cumulative"
    zero_sum_cap: Annotated[
        bool,
        _opt(
            "Zero-sum: a payment is capped at what the loser has left; off: totals may go "
            "below zero."
        ),
    ] = True
    zero_sum_start: Annotated[
        int,
        msgspec.Meta(ge=1, le=10000, description="P29 each player's starting points in zero_sum."),
    ] = 30
    target_score: Annotated[
        int,
        msgspec.Meta(
            ge=1, le=10000, description="Points that end the match with match_scoring=target."
        ),
    ] = 50

    def __post_init__(self) -> None:
        if len(set(self.double_chaff_cards)) != len(self.double_chaff_cards):
            raise ValueError("double_chaff_cards lists a card twice")
        if self.akatan_aotan_stack and self.ribbon_animal_system != "classic":
            raise ValueError(
                "akatan_aotan_stack needs the older yaku (ribbon_animal_system=classic); the "
                "modern table already has Poetry and Blue Ribbons"
            )
        if self.raise_allows_shobu and not self.koikoi_requires_new_yaku:
            raise ValueError(
                "raise_allows_shobu reads P22 (koikoi_requires_new_yaku): without it every raise "
                "already gives koi-koi or shobu"
            )
        if self.turn_structure == "draw_then_play_two" and self.unmatched_draw_to_hand:
            raise ValueError(
                "unmatched_draw_to_hand needs the standard turn (draw_then_play_two turns no "
                "card over)"
            )

    def yaku_value(self, yaku_id: str) -> int:
        """The base points of a yaku under these rules (value table plus overrides)."""
        points: int | None = getattr(self.yaku_points, yaku_id)
        return YAKU_VALUES[self.yaku_values][yaku_id] if points is None else points


PRESETS = (
    Preset(
        "nintendo",
        "Nintendo's official values (goko 10, sanko 5), x2 at 7+, x2 after the opponent's koi-koi",
        {
            "yaku_values": "nintendo",
            "double_at_7": True,
            "double_threshold": 7,
            "koikoi_multiplier": "opponent_flat",
        },
    ),
    Preset(
        "common",
        "the 'most common' values per FudaWiki: goko 15, sanko 6",
        {"yaku_values": "common"},
    ),
    Preset(
        "koikoi-ai",
        "the rules of the KoiKoi-AI program (guansanghai/KoiKoi-AI): 8 rounds, 30 points each "
        "and no cap on a payment, older yaku with both ribbon sets adding 10, the viewing yaku "
        "1 (3 after a koi-koi call), +1 per own koi-koi call, no doubling",
        {
            "rounds": 8,
            "first_dealer": "coin_flip",
            "lucky_hands": "redeal",
            "kuttsuki_enabled": False,
            "field_lucky_pattern_redeal": False,
            "yaku_values": "nintendo",
            "yaku_points": {"hanamizake": 1, "tsukimizake": 1},
            "viewing_after_koikoi": 3,
            "ribbon_animal_system": "classic",
            "akatan_aotan_stack": True,
            "sake_cup_role": "both",
            "double_at_7": False,
            "koikoi_multiplier": "none",
            "koikoi_call_bonus": True,
            "draw_dealer_points": 1,
            "draw_next_dealer": "same",
            "match_scoring": "zero_sum",
            "zero_sum_start": 30,
            "zero_sum_cap": False,
        },
    ),
    Preset(
        "open-hanafuda-ai",
        "the rules of the open-hanafuda-ai program (suzukiplan/open-hanafuda-ai): Nintendo's "
        "values, one koi-koi per round, lucky deals redealt, a coin flip for the first dealer",
        {
            "first_dealer": "coin_flip",
            "lucky_hands": "redeal",
            "field_lucky_pattern_redeal": True,
            "field_three_redeal": True,
            "koikoi_once": True,
            "draw_next_dealer": "other",
        },
    ),
    Preset(
        "seed-es",
        "the Spanish seed: x2 if you called koi-koi yourself, zero-sum with a 50-point stake",
        {
            "koikoi_multiplier": "self_flat",
            "double_at_7": False,
            "match_scoring": "zero_sum",
            "zero_sum_start": 50,
        },
    ),
)
