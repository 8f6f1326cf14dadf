"""Hana-awase's options and presets (docs/rules.md §4; its variants in §4.3).

Hana-awase is bakappana plus yaku: the same deal, turn and end of round (with 2 players the last
8 draw-pile cards are played out), scored by card points plus yaku. Choices the sources leave
open are recorded in docs/rules-notes.md. Each option's ``msgspec.Meta`` description is its
explanation for players; `WORDS` names each option and its values.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.games.options import ROUNDS_WORDS, OptionWords, Preset, Rules
from core.messages import N_


class HanaAwaseRules(Rules, frozen=True, kw_only=True, tag="hana-awase"):
    """Hana-awase: 2-4 players, card points plus yaku."""

    yaku_table: Annotated[
        Literal["fudawiki", "ja"],
        msgspec.Meta(
            description=N_(
                "Which values the yaku have: FudaWiki's English table, or the one of "
                "Japanese references (Japanese Wikipedia, sazano.com), which values Five Brights, "
                "Drinking and the three rows differently."
            )
        ),
    ] = "fudawiki"
    scoring: Annotated[
        Literal["seed", "plain", "zero_sum"],
        msgspec.Meta(
            description=N_(
                "How card points and yaku make the round's score. The Polish manual adds each "
                "yaku once per opponent (twice with three players, three times with four); "
                "FudaWiki's simplified scoring adds them once; zero-sum, the traditional "
                "settlement, scores card points less par, and each other player pays you your "
                "yaku while you pay theirs."
            )
        ),
    ] = "seed"
    fuke_threshold: Annotated[
        int,
        msgspec.Meta(
            ge=0,
            le=264,
            description=N_(
                "Fuke (dandruff): a player who takes this many card points or fewer "
                "makes the round a draw, and nobody scores; usually 20, 0 switches it off."
            ),
        ),
    ] = 0
    willow_row: Annotated[
        Literal["yaku", "cancel_all", "owner_only"],
        msgspec.Meta(
            description=N_(
                "What holding all four Willow cards (the Willow Row, yanagi-shima or ame-shima) "
                "does: it is an ordinary yaku; it cancels every yaku of the round, as some "
                "Japanese house rules have it; or only its holder's yaku count."
            )
        ),
    ] = "yaku"
    rainman_blocks_viewing: Annotated[
        bool,
        msgspec.Meta(
            description=N_(
                "The player who holds the Rain Man (11a) scores none of the viewing "
                "yaku: Drinking, Flower Viewing and Moon Viewing."
            )
        ),
    ] = False
    chaff_value: Annotated[
        Literal[1, 0],
        msgspec.Meta(
            description=N_(
                "What a chaff card is worth: 1 point (the deck is worth 264), or 0 "
                "(240; par is 240 shared by the players)."
            )
        ),
    ] = 1
    teyaku_chaff: Annotated[
        bool,
        msgspec.Meta(
            description=N_(
                "Chaff teyaku: a player dealt 6 chaff is paid 20 by each other player, "
                "7 or more 30."
            )
        ),
    ] = False
    compensation: Annotated[
        bool,
        msgspec.Meta(
            description=N_(
                "With three players, the dealer or the second player who takes 8 cards "
                "or fewer, or the third who takes 10 or fewer, is paid 30 by each other player."
            )
        ),
    ] = False
    hand_size_2p: Annotated[
        Literal[8, 10],
        msgspec.Meta(
            description=N_(
                "Cards dealt to each of two players; the field gets 8 either way, and "
                "with 10 the draw pile runs out with the hands."
            )
        ),
    ] = 8
    end_at_empty_hands: Annotated[
        bool,
        msgspec.Meta(
            description=N_(
                "Two players, without zero-sum scoring: the round ends as soon as the "
                "hands are empty, and the 8 cards left in the draw pile are not played."
            )
        ),
    ] = False

    lightning_wild: Annotated[
        bool,
        msgspec.Meta(
            description=N_(
                "Mushi's wild Lightning (11d): played from a hand it may take any one field card "
                "that is not a Willow, or be played as an ordinary Willow; turned from the draw "
                "pile it must take one (the last card of the pile takes the whole field); on the "
                "field it is taken by the next card turned up that is not a Willow. When the "
                "round is over, the odd Willow goes to the holder of the other two, and the odd "
                "card of the month the Lightning paired with to the player who paired it."
            )
        ),
    ] = False

    def __post_init__(self) -> None:
        if self.end_at_empty_hands and self.scoring == "zero_sum":
            raise ValueError(
                N_(
                    "ending at empty hands needs a scoring other than zero-sum (zero-sum plays "
                    "every card)"
                )
            )


WORDS: dict[str, OptionWords] = {
    "rounds": ROUNDS_WORDS,
    "yaku_table": OptionWords(
        N_("Yaku values"),
        {
            "fudawiki": N_("FudaWiki's (Five Brights 100)"),
            "ja": N_("Japanese (Five Brights 200)"),
        },
    ),
    "scoring": OptionWords(
        N_("Scoring"),
        {
            "seed": N_("cards + yaku once per opponent"),
            "plain": N_("cards + yaku"),
            "zero_sum": N_("zero-sum: par, yaku paid by each"),
        },
    ),
    "fuke_threshold": OptionWords(N_("Fuke"), off=0, unit="card points or fewer"),
    "willow_row": OptionWords(
        N_("Willow Row"),
        {
            "yaku": N_("an ordinary yaku"),
            "cancel_all": N_("cancels every yaku"),
            "owner_only": N_("only its holder's yaku count"),
        },
    ),
    "rainman_blocks_viewing": OptionWords(N_("Rain Man blocks viewing")),
    "chaff_value": OptionWords(N_("Chaff"), {1: N_("1 point"), 0: N_("0 points")}),
    "teyaku_chaff": OptionWords(N_("Chaff teyaku")),
    "compensation": OptionWords(N_("Compensation")),
    "hand_size_2p": OptionWords(N_("Hand, two players"), {8: N_("8 cards"), 10: N_("10 cards")}),
    "end_at_empty_hands": OptionWords(N_("End at empty hands")),
    "lightning_wild": OptionWords(N_("Wild Lightning (Mushi)")),
}

HanaAwaseRules.option_words = WORDS

STANDARD = Preset(
    "standard",
    N_("Standard"),
    N_(
        "Card points plus FudaWiki's yaku, each yaku counted once per opponent as the Polish "
        "manual scores it."
    ),
)
PRESETS = (
    Preset(
        "ja",
        N_("Japanese values"),
        N_(
            "The yaku values of Japanese references (Japanese Wikipedia, sazano.com): Five Brights "
            "200, Drinking 30, the three rows 20."
        ),
        {"yaku_table": "ja"},
    ),
    Preset(
        "plain",
        N_("FudaWiki's simplified scoring"),
        N_("Card points plus yaku, each yaku counted once (FudaWiki)."),
        {"scoring": "plain"},
    ),
    Preset(
        "zero-sum",
        N_("Zero-sum"),
        N_(
            "The traditional settlement: card points less par, and each player pays the others' "
            "yaku (the Polish manual, FudaWiki, Japanese references)."
        ),
        {"scoring": "zero_sum"},
    ),
)
