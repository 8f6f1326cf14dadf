"""Events: what happened, in the past tense. A match is exactly its list of events.

Each event is a frozen msgspec Struct with an explicit tag, so renaming a class never changes the
file format. Events repeat derived facts (what a play captured, the drawn card, the score) so a
log reads on its own; `core.engine.apply` checks every repeated fact against the state.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.cards import Card
from core.games.bakappana.rules import BakappanaRules
from core.games.hanaawase.rules import HanaAwaseRules
from core.games.koikoi.rules import KoiKoiRules
from core.games.sakura.rules import SakuraRules
from core.players import Player
from core.text import SAFE_TEXT_PATTERN

#: The rules of any game: what a log's header and its match_started event record, tagged by the
#: game's id. Every game of `core.games.registry.GAMES` has its Rules type here.
AnyRules = BakappanaRules | HanaAwaseRules | KoiKoiRules | SakuraRules

Seat = Annotated[int, msgspec.Meta(ge=0, le=6)]
Text = Annotated[str, msgspec.Meta(max_length=200, pattern=SAFE_TEXT_PATTERN)]
Cards = tuple[Card, ...]


class Event(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, tag_field="type"
):
    """Base of every event."""


class MatchStarted(Event, frozen=True, tag="match_started"):
    """A match begins: the resolved rules and who sits in each seat (seat order = turn order)."""

    rules: AnyRules
    players: tuple[Player, ...]


class DealerDrawn(Event, frozen=True, tag="dealer_drawn"):
    """Each player drew a card for the first deal; ``draws`` holds every attempt (ties redraw).
    Under koi-koi's ``first_dealer = coin_flip`` no card is drawn: ``draws`` is empty."""

    draws: tuple[Cards, ...]
    dealer: Seat


class Dealt(Event, frozen=True, tag="dealt"):
    """A shuffled deck was dealt. The deck order decides everything: see docs/replay-format.md."""

    round: Annotated[int, msgspec.Meta(ge=1)]
    dealer: Seat
    deck: Annotated[tuple[Card | None, ...], msgspec.Meta(min_length=48, max_length=48)]
    """All 48 cards; in a log redacted for one seat, the cards it could not see are null."""


RedealReason = Literal[
    "four_of_a_month_on_field",
    "lucky_pattern_on_field",
    "both_lucky",
    "lucky_hand",
    "three_of_a_month_on_field",
]


class Redeal(Event, frozen=True, tag="redeal"):
    """The deal is void and the same dealer deals again."""

    reason: RedealReason


class CardPlayed(Event, frozen=True, tag="card_played"):
    """A card went from ``seat``'s hand to the field; ``captured`` is what it took with it.

    Empty ``captured`` means no capture yet: either no field card matched, or a choice follows.
    """

    seat: Seat
    card: Card
    captured: Cards = ()


class CardDrawn(Event, frozen=True, tag="card_drawn"):
    """The top card of the draw pile was turned over for ``seat``; same meaning of ``captured``."""

    seat: Seat
    card: Card
    captured: Cards = ()


class CaptureChosen(Event, frozen=True, tag="capture_chosen"):
    """``seat`` chose which field card the pending ``card`` takes (None: no wild capture)."""

    seat: Seat
    card: Card
    target: Card | None
    captured: Cards = ()


class HikiDeclared(Event, frozen=True, tag="hiki_declared"):
    """Sakura: ``seat`` took the four cards of ``month`` held between hand and field."""

    seat: Seat
    month: Annotated[int, msgspec.Meta(ge=1, le=12)]
    captured: Cards


class GajiInterrupted(Event, frozen=True, tag="gaji_interrupted"):
    """Sakura: ``seat`` aimed the Gaji at ``target``, a card of the hiki of ``month`` that seat
    ``by`` holds; ``by`` interrupts (a `HikiDeclared` follows) and the Gaji takes nothing yet."""

    seat: Seat
    target: Card
    by: Seat
    month: Annotated[int, msgspec.Meta(ge=1, le=12)]


class GajiClaimed(Event, frozen=True, tag="gaji_claimed"):
    """Sakura, at the round's end: the owner of a wild Gaji takes these cards left on the field."""

    seat: Seat
    captured: Cards


class LightningClaimed(Event, frozen=True, tag="lightning_claimed"):
    """Hana-awase under ``lightning_wild``, when the round is over: ``seat`` takes odd cards left
    on the field, the odd Willow (it holds the other two non-wild Willows) or the odd cards of the
    month of the Lightning's pair (it paired the Lightning)."""

    seat: Seat
    captured: Cards


class KoiKoiCalled(Event, frozen=True, tag="koikoi_called", omit_defaults=True):
    """Koi-koi: ``seat`` plays on. ``play_on``: after raising a yaku it held, under
    ``raise_allows_shobu``, the seat plays on without a new koi-koi call (not counted by the
    multipliers); written only when true."""

    seat: Seat
    play_on: bool = False


class DrawnToHand(Event, frozen=True, tag="drawn_to_hand"):
    """Koi-koi turn variants: the top card of the draw pile went into ``seat``'s hand, at the start
    of a draw-then-play-two turn (P16), or turned over and kept because it matched nothing (P17)."""

    seat: Seat
    card: Card
    reason: Literal["draw_then_play_two", "unmatched_draw"]


class ShobuCalled(Event, frozen=True, tag="shobu_called"):
    """Koi-koi: ``seat`` stops the round (``auto``: forced, on the last move or below the
    minimum)."""

    seat: Seat
    auto: bool = False


class UndoTaken(Event, frozen=True, tag="undo_taken", omit_defaults=True):
    """``seat`` took back their last decision. The main line goes on from here; ``undone`` keeps
    what was taken back (the decision and what followed it, in order, from this point), a side
    variation for a viewer to show: the engine folds the marker alone (the variation changes no
    state) and checks only that the variation could have been played here. An undo taken among
    them is kept inside (with its own variation) when the line cannot be told flat. Empty in
    logs written before variations were kept, in a copy redacted for one seat, and when the
    line was put back (redo)."""

    seat: Seat
    undone: tuple[UndoneEvent, ...] = ()


#: 32 bytes in lowercase hex: nothing else (no free text) can stand in such a field.
HEX32_PATTERN = "^[0-9a-f]{64}$"
Hex32 = Annotated[str, msgspec.Meta(pattern=HEX32_PATTERN)]
"""32 bytes as 64 lowercase hex digits (a secret, a commitment, a contribution)."""


class DealCommitted(Event, frozen=True, tag="deal_committed"):
    """Before a chance event (a deal, the dealer draw) the table commits to its secret for it:
    ``commitment`` is SHA-256 of a label and the secret (docs/deals.md). ``round``: the round the
    chance event is for."""

    round: Annotated[int, msgspec.Meta(ge=1)]
    commitment: Hex32


class EntropyGiven(Event, frozen=True, tag="entropy_given", omit_defaults=True):
    """A seat's contribution to the next chance event's seed, given after the commitment.
    ``by_table``: the player's own program gave none (a network player away or silent when the
    deal was due), so the table made it; written only when true."""

    round: Annotated[int, msgspec.Meta(ge=1)]
    seat: Seat
    value: Hex32
    by_table: bool = False


class DealRevealed(Event, frozen=True, tag="deal_revealed"):
    """The table's secret of the last committed chance event, once its cards are no longer
    hidden (the dealer draw at once, a deal when its round ends or it is void)."""

    round: Annotated[int, msgspec.Meta(ge=1)]
    secret: Hex32


#: The events of a deal's proof: they change nothing in the game's state (`core.proof` checks
#: them), so they may stand anywhere, even after the match's end.
PROOF_EVENTS = (DealCommitted, EntropyGiven, DealRevealed)


ScoreKind = Literal["cards", "par", "yaku", "multiplier", "bonus", "penalty", "note"]


class ScoreLine(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """One line of a score breakdown, as data: what it counts (``kind``, and ``id``: a yaku's id,
    or what a note, bonus, penalty or multiplier is for), whose it is (``seat``: the player who
    holds the yaku, is paid or called; omitted, the seat whose breakdown it is in), the number its
    words name (``value``), what it adds (``points``) or multiplies by (``factor``), and the cards
    it is about. docs/replay-format.md lists every ``id`` with its ``seat`` and ``value``.

    The words are made where a line is shown (`hanatui.text.words.score_line_words`), from the rules
    and the players' names, so a log never holds a sentence that a rewording would contradict.
    """

    kind: ScoreKind
    id: Text | None = None
    seat: Seat | None = None
    value: int | None = None
    points: int = 0
    factor: int = 1
    cards: Cards = ()


class SeatScore(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How one seat's round score was reached, line by line."""

    seat: Seat
    lines: tuple[ScoreLine, ...] = ()
    points: int


RoundEndReason = Literal[
    "cards_exhausted",
    "hands_empty",
    "shobu",
    "exhaustive_draw",
    "lucky_hand",
    "both_lucky",
]


class RoundEnded(Event, frozen=True, tag="round_ended"):
    """A round is over: the points of each seat, the breakdown, the new totals and next dealer."""

    round: Annotated[int, msgspec.Meta(ge=1)]
    reason: RoundEndReason
    points: tuple[int, ...]
    totals: tuple[int, ...]
    breakdown: tuple[SeatScore, ...]
    next_dealer: Seat


class MatchEnded(Event, frozen=True, tag="match_ended"):
    """The match is over; ``winners`` are the seats with the best total (more than one: a tie)."""

    totals: tuple[int, ...]
    winners: tuple[Seat, ...]


#: What an undo's variation may hold: any event after a person's decision (an earlier undo too).
UndoneEvent = (
    Dealt
    | Redeal
    | CardPlayed
    | CardDrawn
    | CaptureChosen
    | HikiDeclared
    | GajiInterrupted
    | GajiClaimed
    | LightningClaimed
    | KoiKoiCalled
    | ShobuCalled
    | DrawnToHand
    | UndoTaken
    | RoundEnded
)


#: Events in which a seat makes a decision (the points undo returns to).
DECISION_EVENTS = (
    CardPlayed,
    CaptureChosen,
    HikiDeclared,
    GajiInterrupted,
    KoiKoiCalled,
    ShobuCalled,
)
