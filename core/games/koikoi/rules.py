"""Koi-koi's options and presets (docs/rules.md §5; the optional rules P1-P33 in §5.5).

Each field's ``msgspec.Meta(description=...)`` is its explanation for players, in plain words
(no option ids, no rule numbers); `WORDS` names each option and its values for the house-rules
editor and the rules pages (`core.rules.option_docs`). The defaults are the ``standard`` preset
(docs/rules.md §5); choices the sources leave open are recorded in docs/rules-notes.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.games.options import ROUNDS_WORDS, OptionWords, Preset, Rules
from core.messages import N_

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
    """Koi-koi: two players, yaku only; stop (shobu) or play on (koi-koi) after each new yaku.

    The optional rules of the Polish manual (P1-P33 of docs/rules.md §5.5) are options here;
    each one's explanation, in ``msgspec.Meta``, is in plain words for players."""

    # --- dealing (P1-P4) ----------------------------------------------------------------
    lucky_hands: Annotated[
        Literal["win_6", "redeal", "off"],
        _opt(
            N_(
                "Four cards of one month (teshi) or four pairs (kuttsuki) in a dealt hand: the "
                "holder wins the round for 6 points, never multiplied (both players lucky: a draw, "
                "the same dealer deals again); or the deal is void and dealt again; or nothing "
                "happens."
            )
        ),
    ] = "win_6"
    field_lucky_pattern_redeal: Annotated[
        bool,
        _opt(
            N_(
                "Four pairs among the field cards void the deal (four cards of one month on the "
                "field always do)."
            )
        ),
    ] = True
    field_three_redeal: Annotated[
        bool, _opt(N_("Three cards of one month among the field cards void the deal too."))
    ] = False
    kuttsuki_enabled: Annotated[
        bool,
        _opt(
            N_(
                "Four pairs in a dealt hand (kuttsuki) are a lucky hand, as four cards of one "
                "month (teshi) are."
            )
        ),
    ] = True
    lucky_hands_stack: Annotated[
        bool,
        _opt(
            N_(
                "A hand that is both lucky hands at once (four cards of a month and four pairs, "
                "the four counting as two pairs) wins 12 instead of 6."
            )
        ),
    ] = False
    first_dealer: Annotated[
        Literal["draw", "coin_flip"],
        _opt(N_("Who deals the first round: the player who draws the earliest month, or a coin.")),
    ] = "draw"
    hand_size: Annotated[
        Literal[8, 10],
        _opt(N_("Cards dealt to each hand; the field gets 8 either way.")),
    ] = 8

    # --- yaku (P5-P14, values) --------------------------------------------------------------
    yaku_values: Annotated[
        Literal["nintendo", "common"],
        _opt(
            N_(
                "The values of the yaku: Nintendo's, or the set FudaWiki calls the most common, "
                "which values Five Brights 15 and Three Brights 6."
            )
        ),
    ] = "nintendo"
    yaku_points: Annotated[
        YakuPoints,
        _opt(
            N_(
                "Points that replace the value of single yaku (0 switches a yaku off); the others "
                "keep their table's value."
            )
        ),
    ] = YakuPoints()
    ribbon_animal_system: Annotated[
        Literal["modern", "classic"],
        _opt(
            N_(
                "Modern yaku: Boar, Deer and Butterflies, Poetry Ribbons and Blue Ribbons score +1 "
                "for each further animal or ribbon, and only the best animal yaku and the best "
                "ribbon yaku count. The older yaku have no such extras, and add up with Animals, "
                "Ribbons and each other."
            )
        ),
    ] = "modern"
    akatan_aotan_stack: Annotated[
        bool,
        _opt(
            N_(
                "With the older yaku: holding both the Poetry and the Blue Ribbons also scores "
                "Poetry and Blue Ribbons, on top of each set (10 + 5 + 5)."
            )
        ),
    ] = False
    inoshikacho_enabled: Annotated[
        bool,
        _opt(
            N_(
                "Boar, Deer and Butterflies is a yaku of its own (off: those cards count only "
                "towards Animals)."
            )
        ),
    ] = True
    viewing_yaku: Annotated[
        Literal["on", "off", "require_other_yaku"],
        _opt(
            N_(
                "Flower Viewing (the Curtain and the Sake Cup) and Moon Viewing (the Moon and the "
                "Sake Cup): scored; not scored; or scored only by a player who holds another yaku "
                "too."
            )
        ),
    ] = "on"
    viewing_weather_block: Annotated[
        bool,
        _opt(
            N_(
                "A Willow card on the field rains out Flower Viewing, and a Paulownia card on the "
                "field fogs out Moon Viewing; they count again once those cards are taken."
            )
        ),
    ] = False
    rain_man_voids_viewing: Annotated[
        bool,
        _opt(
            N_(
                "Holding the Rain Man (11a) voids Flower Viewing and Moon Viewing (ame-nagare, the "
                "rain washes them out)."
            )
        ),
    ] = False
    sake_cup_role: Annotated[
        Literal["both", "either", "animal_only"],
        _opt(
            N_(
                "How the Sake Cup (09a) counts: as an animal and as a chaff at once; as whichever "
                "scores more, but not both; or as an animal only."
            )
        ),
    ] = "both"
    double_chaff_cards: Annotated[
        tuple[DoubleChaffCard, ...],
        _opt(
            N_(
                "Cards that count as two chaff towards the Chaff yaku: any of the Sake Cup, the "
                "Lightning and the Yellow Paulownia."
            )
        ),
    ] = ()
    tsukifuda_enabled: Annotated[
        bool,
        _opt(
            N_(
                "Month Cards (tsukifuda): the four cards of the round's month (round 1 Pine, "
                "round 2 Plum...) are a yaku worth 4."
            )
        ),
    ] = False

    # --- special cards and turn variants (P12-P17) ----------------------------------------
    lightning_wild: Annotated[
        Literal["off", "always", "if_susuki_on_initial_field"],
        _opt(
            N_(
                "The Lightning (11d), played or drawn, may take any one field card: never; always; "
                "or only in rounds whose first field holds a Pampas (August) card."
            )
        ),
    ] = "off"
    play_out_draw_pile: Annotated[
        bool,
        _opt(
            N_(
                "Once both hands are empty, the players keep taking draw-only turns until the draw "
                "pile is empty."
            )
        ),
    ] = False
    turn_structure: Annotated[
        Literal["standard", "draw_then_play_two"],
        _opt(
            N_(
                "A turn plays a card from the hand, then turns over the top card of the draw pile; "
                "or it draws that card into the hand, then plays two cards."
            )
        ),
    ] = "standard"
    unmatched_draw_to_hand: Annotated[
        bool,
        _opt(
            N_(
                "A card turned from the draw pile that matches nothing goes to the hand, and "
                "another hand card is played in its place."
            )
        ),
    ] = False

    # --- draws (P18-P20) --------------------------------------------------------------------
    draw_dealer_points: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=100,
            description=N_(
                "On a draw (nobody stopped, or both players lucky) the dealer scores "
                "this many points, the dealer's privilege (oya-ken); 0 switches it off."
            ),
        ),
    ] = 0
    draw_next_dealer: Annotated[
        Literal["same", "other"],
        _opt(N_("Who deals after a draw: the same dealer, or the other player.")),
    ] = "same"
    exhaustive_draw_last_yaku_scores: Annotated[
        bool,
        _opt(
            N_(
                "When nobody stops before the hands run out, the last player to make or raise a "
                "yaku scores it as if they had stopped, and deals next."
            )
        ),
    ] = False

    # --- calling koi-koi (P21-P22) ----------------------------------------------------------
    koikoi_min_points: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=100,
            description=N_(
                "A player with fewer yaku points than this cannot call koi-koi and "
                "stops at once; 0 switches it off."
            ),
        ),
    ] = 0
    koikoi_requires_new_yaku: Annotated[
        bool,
        _opt(
            N_(
                "Only a new yaku lets a player stop or call koi-koi; raising a yaku they already "
                "hold (one more chaff, say) gives no decision."
            )
        ),
    ] = False
    raise_allows_shobu: Annotated[
        bool,
        _opt(
            N_(
                'With "only a new yaku decides": raising a yaku you already hold still lets you '
                "stop (shobu) or play on, and playing on is no new koi-koi call."
            )
        ),
    ] = False
    koikoi_once: Annotated[
        bool,
        _opt(
            N_(
                "Once either player has called koi-koi, the next yaku made by either player ends "
                "the round at once (no second koi-koi)."
            )
        ),
    ] = False

    # --- multipliers (P23-P28, P30-P31) ------------------------------------------------------
    double_at_7: Annotated[
        bool,
        _opt(
            N_(
                "A score whose yaku make the doubling threshold (7 points) or more is doubled, "
                "before the other multipliers."
            )
        ),
    ] = True
    double_threshold: Annotated[
        int,
        msgspec.Meta(
            ge=1, le=100, description=N_("The yaku points that double a score, when it doubles.")
        ),
    ] = 7
    koikoi_multiplier: Annotated[
        KoiKoiMultiplier,
        _opt(
            N_(
                "How koi-koi calls multiply the winner's score: not at all; ×2 if the winner "
                "called, if the opponent called or if anyone called; or ×(calls + 1), counting the "
                "opponent's calls or everyone's."
            )
        ),
    ] = "opponent_flat"
    koikoi_call_bonus: Annotated[
        bool,
        _opt(
            N_(
                "The winner adds 1 point for each koi-koi they called, up to three; with four "
                "calls or more their score is multiplied by the calls less two instead."
            )
        ),
    ] = False
    viewing_after_koikoi: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=100,
            description=N_(
                "Flower Viewing and Moon Viewing are worth this many points once their "
                "holder has called koi-koi; 0 leaves them as they are."
            ),
        ),
    ] = 0
    field_bright_multiplier: Annotated[
        Literal["off", "double_if_any", "per_bright"],
        _opt(
            N_(
                "Brights dealt to the field multiply the round's score: not at all; ×2 if there is "
                "any; or × one more than their number."
            )
        ),
    ] = "off"

    # --- counting and match scoring (P29, P32, P33) ------------------------------------------
    yaku_count_mode: Annotated[
        Literal["all", "best_only"],
        _opt(N_("The winner scores all their yaku, or only the most valuable one.")),
    ] = "all"
    winner_scores_opponent_yaku: Annotated[
        bool, _opt(N_("The winner also scores the yaku the opponent holds."))
    ] = False
    match_scoring: Annotated[
        Literal["cumulative", "zero_sum", "target"],
        _opt(
            N_(
                "Cumulative: each round's points add up. Zero-sum: both players start with the "
                "stake and the winner takes their points from the loser; the match ends early "
                "when a player has nothing left. Target: the first to the target score ends the "
                "match."
            )
        ),
    ] = "cumulative"
    zero_sum_cap: Annotated[
        bool,
        _opt(
            N_(
                "Zero-sum: a player never pays more than they have left; off, totals may go "
                "below zero."
            )
        ),
    ] = True
    zero_sum_start: Annotated[
        int,
        msgspec.Meta(
            ge=1, le=10000, description=N_("What each player starts with in zero-sum scoring.")
        ),
    ] = 30
    target_score: Annotated[
        int,
        msgspec.Meta(
            ge=1, le=10000, description=N_("The total that ends the match in target scoring.")
        ),
    ] = 50

    def __post_init__(self) -> None:
        if len(set(self.double_chaff_cards)) != len(self.double_chaff_cards):
            raise ValueError(N_("a card is listed twice among the cards worth two chaff"))
        if self.akatan_aotan_stack and self.ribbon_animal_system != "classic":
            raise ValueError(
                N_(
                    "both ribbon sets add up only with the older yaku: the modern yaku already "
                    "have Poetry and Blue Ribbons"
                )
            )
        if self.raise_allows_shobu and not self.koikoi_requires_new_yaku:
            raise ValueError(
                N_(
                    '"a raise may stop" needs "only a new yaku decides": without it every raise '
                    "already lets a player stop or call koi-koi"
                )
            )
        if self.turn_structure == "draw_then_play_two" and self.unmatched_draw_to_hand:
            raise ValueError(
                N_(
                    "keeping an unmatched draw needs the standard turn (drawing into the hand "
                    "turns no card over)"
                )
            )

    def yaku_value(self, yaku_id: str) -> int:
        """The base points of a yaku under these rules (value table plus overrides)."""
        points: int | None = getattr(self.yaku_points, yaku_id)
        return YAKU_VALUES[self.yaku_values][yaku_id] if points is None else points


WORDS: dict[str, OptionWords] = {
    "rounds": ROUNDS_WORDS,
    "lucky_hands": OptionWords(
        N_("Lucky hands"),
        {"win_6": N_("the holder wins 6"), "redeal": N_("deal again"), "off": N_("no effect")},
    ),
    "field_lucky_pattern_redeal": OptionWords(N_("Four pairs on the field")),
    "field_three_redeal": OptionWords(N_("Three of a month on the field")),
    "kuttsuki_enabled": OptionWords(N_("Four pairs are lucky")),
    "lucky_hands_stack": OptionWords(N_("Both lucky hands at once")),
    "first_dealer": OptionWords(
        N_("First dealer"), {"draw": N_("a draw"), "coin_flip": N_("a coin flip")}
    ),
    "hand_size": OptionWords(N_("Hand"), {8: N_("8 cards"), 10: N_("10 cards")}),
    "yaku_values": OptionWords(
        N_("Yaku values"),
        {
            "nintendo": N_("Nintendo's (Five Brights 10)"),
            "common": N_("most common (Five Brights 15)"),
        },
    ),
    "yaku_points": OptionWords(N_("Single yaku values")),
    "ribbon_animal_system": OptionWords(
        N_("Ribbon and animal yaku"),
        {"modern": N_("modern: +1 a card, best only"), "classic": N_("older: no extras, add up")},
    ),
    "akatan_aotan_stack": OptionWords(N_("Both ribbon sets add up")),
    "inoshikacho_enabled": OptionWords(N_("Boar, Deer and Butterflies")),
    "viewing_yaku": OptionWords(
        N_("Viewing yaku"),
        {"on": N_("on"), "off": N_("off"), "require_other_yaku": N_("only with another yaku")},
    ),
    "viewing_weather_block": OptionWords(N_("Rain and fog")),
    "rain_man_voids_viewing": OptionWords(N_("Rain Man voids viewing")),
    "sake_cup_role": OptionWords(
        N_("The Sake Cup"),
        {
            "both": N_("an animal and a chaff"),
            "either": N_("an animal or a chaff"),
            "animal_only": N_("an animal only"),
        },
    ),
    "double_chaff_cards": OptionWords(N_("Cards worth two chaff")),
    "tsukifuda_enabled": OptionWords(N_("Month Cards")),
    "lightning_wild": OptionWords(
        N_("Wild Lightning"),
        {
            "off": N_("never"),
            "always": N_("always"),
            "if_susuki_on_initial_field": N_("with a Pampas card on the field"),
        },
    ),
    "play_out_draw_pile": OptionWords(N_("Play out the draw pile")),
    "turn_structure": OptionWords(
        N_("Turn"),
        {"standard": N_("play, then draw"), "draw_then_play_two": N_("draw, then play two")},
    ),
    "unmatched_draw_to_hand": OptionWords(N_("Keep an unmatched draw")),
    "draw_dealer_points": OptionWords(N_("Dealer's privilege"), off=0, unit="points"),
    "draw_next_dealer": OptionWords(
        N_("Deal after a draw"), {"same": N_("the same dealer"), "other": N_("the other player")}
    ),
    "exhaustive_draw_last_yaku_scores": OptionWords(N_("Last yaku scores on a draw")),
    "koikoi_min_points": OptionWords(N_("Points to call koi-koi"), off=0, unit="points"),
    "koikoi_requires_new_yaku": OptionWords(N_("Only a new yaku decides")),
    "raise_allows_shobu": OptionWords(N_("A raise may stop")),
    "koikoi_once": OptionWords(N_("One koi-koi a round")),
    "double_at_7": OptionWords(N_("Double at 7")),
    "double_threshold": OptionWords(N_("Doubling threshold"), unit="points"),
    "koikoi_multiplier": OptionWords(
        N_("Koi-koi multiplier"),
        {
            "none": N_("none"),
            "self_flat": N_("×2 if the winner called"),
            "opponent_flat": N_("×2 if the opponent called"),
            "any_flat": N_("×2 if anyone called"),
            "opponent_count": N_("×(the opponent's calls + 1)"),
            "any_count": N_("×(all calls + 1)"),
        },
    ),
    "koikoi_call_bonus": OptionWords(N_("Bonus for koi-koi calls")),
    "viewing_after_koikoi": OptionWords(N_("Viewing after koi-koi"), off=0, unit="points"),
    "field_bright_multiplier": OptionWords(
        N_("Brights on the first field"),
        {"off": N_("off"), "double_if_any": N_("×2 if any"), "per_bright": N_("×(brights + 1)")},
    ),
    "yaku_count_mode": OptionWords(
        N_("Yaku counted"), {"all": N_("all the winner's"), "best_only": N_("the best one only")}
    ),
    "winner_scores_opponent_yaku": OptionWords(N_("Winner takes the opponent's yaku")),
    "match_scoring": OptionWords(
        N_("Match scoring"),
        {
            "cumulative": N_("the rounds add up"),
            "zero_sum": N_("zero-sum: points change hands"),
            "target": N_("first to the target"),
        },
    ),
    "zero_sum_cap": OptionWords(N_("Cap a zero-sum payment")),
    "zero_sum_start": OptionWords(N_("Zero-sum stake"), unit="points"),
    "target_score": OptionWords(N_("Target score"), unit="points"),
}

KoiKoiRules.option_words = WORDS

STANDARD = Preset(
    "standard",
    N_("Standard"),
    N_(
        "Nintendo's yaku values; ×2 for 7 points or more and ×2 after the opponent's koi-koi, "
        "FudaWiki's standard multipliers (also hanafubuki.org's and Board Game Arena's); lucky "
        "hands win 6; 12 rounds."
    ),
)
PRESETS = (
    Preset(
        "nintendo",
        N_("Nintendo"),
        N_(
            "Nintendo's yaku values (Five Brights 10, Four Brights 8, Rainy Four Brights 7, Three "
            "Brights 5...), as Nintendo's koi-koi rules give them. "
            "Nintendo's rules as we have them give values only: the two multipliers kept here, ×2 "
            "for 7 points or more and ×2 after the opponent's koi-koi, are FudaWiki's standard "
            "(FudaWiki says the 7-point doubling began as a house rule). The same as the standard "
            "rules."
        ),
        {
            "yaku_values": "nintendo",
            "double_at_7": True,
            "double_threshold": 7,
            "koikoi_multiplier": "opponent_flat",
        },
    ),
    Preset(
        "common",
        N_("Most common values"),
        N_(
            "The yaku values FudaWiki calls the most common: Five Brights 15 and Three Brights 6; "
            "everything else standard."
        ),
        {"yaku_values": "common"},
    ),
    Preset(
        "koikoi-ai",
        N_("KoiKoi-AI"),
        N_(
            "The rules of the KoiKoi-AI program (guansanghai/KoiKoi-AI on GitHub), read from its "
            "code: 8 rounds, zero-sum from 30 points each with no cap on a payment; the older "
            "yaku, both ribbon sets adding 10; Flower and Moon Viewing 1, or 3 after a koi-koi "
            "call; +1 for each own koi-koi call; no doubling; lucky deals dealt again; the dealer "
            "scores 1 on a draw."
        ),
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
        N_("open-hanafuda-ai"),
        N_(
            "The rules of the open-hanafuda-ai program (suzukiplan/open-hanafuda-ai on GitHub), "
            "read from its code: Nintendo's values and the standard multipliers, one koi-koi a "
            "round, lucky deals and three of a month on the field dealt again, a coin flip for the "
            "first dealer, the deal passing to the other player after a draw."
        ),
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
        "spanish",
        N_("Spanish guide"),
        N_(
            "The koi-koi of the Spanish guide: your score doubles if you called koi-koi yourself, "
            "no doubling at 7 points, and zero-sum play from 50 points each (its value slips read "
            "as the standard values)."
        ),
        {
            "koikoi_multiplier": "self_flat",
            "double_at_7": False,
            "match_scoring": "zero_sum",
            "zero_sum_start": 50,
        },
        aliases=("seed-es",),
    ),
)
