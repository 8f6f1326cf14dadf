"""The hooks by which a game differs from the shared fishing core (RULES.md §2).

The engine (`core.engine`) runs the turn structure; a `Game` says how many cards are dealt, when a
deal is void, how cards are valued, when a round ends, how it is scored and who deals next. A game
with decisions of its own (koi-koi, hiki) adds actions and events through `legal_extra`,
`decide_extra` and `apply_extra`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from core.cards import MONTH_MASKS, STANDARD_POINTS, points_of
from core.errors import CorruptLogError, IllegalActionError

if TYPE_CHECKING:
    from core.actions import Action
    from core.events import Event, RoundEnded
    from core.rules import Rules
    from core.state import Source, State

# Deal sizes (hand each, field) by player count: RULES.md §2.
DEAL_TABLE = {2: (8, 8), 3: (7, 6), 4: (5, 8), 5: (4, 8), 6: (3, 12), 7: (3, 6)}


class Game:
    """Default behaviour shared by the fishing games; subclasses override what differs."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    # --- setup -----------------------------------------------------------------------------
    def check_players(self, rules: Rules, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            raise IllegalActionError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {n}"
            )

    def deal_sizes(self, rules: Rules, n: int) -> tuple[int, int]:
        """(cards in each hand, cards on the field)."""
        hand, field = DEAL_TABLE[n]
        if n == 2 and getattr(rules, "hand_size_2p", 8) == 10:
            hand = 10
        return hand, field

    def void_deal(self, state: State) -> str | None:
        """Why a fresh deal is void (a Redeal follows), or None. Default: four of a month on the field."""
        field = state.field
        for m in MONTH_MASKS:
            if field & m == m:
                return "four_of_a_month_on_field"
        return None

    def after_deal(self, state: State) -> State:
        """Adjust the state right after a valid deal (Sakura: the dealer takes four of a month)."""
        return state

    # --- values and the end of a round ----------------------------------------------------
    def card_values(self, rules: Rules) -> tuple[int, ...]:
        chaff = getattr(rules, "chaff_value", 1)
        if chaff == 1:
            return STANDARD_POINTS
        return tuple(p if p != 1 else chaff for p in STANDARD_POINTS)

    def card_total(self, state: State, seat: int) -> int:
        return points_of(state.captures[seat], self.card_values(state.rules))

    def plays_out_pile(self, rules: Rules) -> bool:
        """Whether draw-only turns continue once every hand is empty (2-player bakappana)."""
        return True

    def round_over(self, state: State) -> str | None:
        """The reason the round is over, checked at the start of each turn, or None."""
        if any(state.hands):
            return None
        if not state.pile or not self.plays_out_pile(state.rules):
            return "cards_exhausted" if not state.pile else "hands_empty"
        return None

    def after_hand_step(self, state: State) -> tuple[State, str] | None:
        """Called when a card from the hand has landed. None: the standard turn (turn the top
        card of the pile over next). Or ``(state, "hand")``: the same seat plays another card from
        the hand; ``(state, "end")``: the turn ends without a draw (koi-koi P16/P17)."""
        return None

    def after_turn(self, state: State) -> State | None:
        """Called when ``state.turn`` has finished both actions; a new state to stop there
        (a decision of the game's own), or None to pass the turn on."""
        return None

    def auto_event(self, state: State) -> Event | None:
        """A game-specific automatic event due in this state, or None."""
        return None

    def score_round(self, state: State) -> RoundEnded:
        raise NotImplementedError

    def next_dealer(self, state: State, points: Sequence[int]) -> int:
        """Highest round score deals; a tie goes to the tied seat earliest in turn order from
        the dealer (RULES.md §3)."""
        n = state.num_players
        best = max(points)
        for k in range(n):
            seat = (state.dealer + k) % n
            if points[seat] == best:
                return seat
        raise AssertionError("unreachable")

    def initial_totals(self, rules: Rules, n: int) -> tuple[int, ...]:
        """Each seat's total when the match begins (koi-koi zero-sum: the stake)."""
        return (0,) * n

    def match_over(self, state: State) -> bool:
        """Checked after each round is scored."""
        return state.rounds_done >= state.rules.rounds

    def winners(self, state: State) -> tuple[int, ...]:
        best = max(state.totals)
        return tuple(i for i, t in enumerate(state.totals) if t == best)

    # --- game-specific decisions ----------------------------------------------------------
    def legal_extra(self, state: State) -> tuple[Action, ...]:
        """Legal actions the game adds: in the PLAY phase besides playing a card, and in DECIDE."""
        return ()

    def decider(self, state: State) -> int:
        """The seat that decides in the CHOOSE and DECIDE phases. Default: the seat whose turn it
        is; a game may ask another seat (Sakura: a hiki holder interrupting the Gaji)."""
        return state.turn

    def playable(self, state: State) -> int:
        """The mask of hand cards ``state.turn`` may play now. Default: the whole hand (Sakura: a
        Gaji taken back after a block may not be played again at once)."""
        return state.hands[state.turn]

    def decide_extra(self, state: State, action: Action) -> Event:
        raise IllegalActionError(f"illegal action in {self.title}: {action!r}")

    def apply_extra(self, state: State, event: Event) -> State:
        raise CorruptLogError(f"event {type(event).__name__} does not belong to {self.title}")

    # --- capture resolution -------------------------------------------------------------
    def capture_targets(self, state: State, card: int, source: Source) -> tuple[int, ...] | None:
        """Masks the card may take when it lands, or None for the ordinary month match.

        More than one mask means the player chooses. Wild cards override this.
        """
        return None

    def interrupt_choice(self, state: State, seat: int, target: int) -> Event | None:
        """An event that stops ``seat``'s chosen capture of ``target`` (one of the masks of
        `capture_targets`) for the pending card, or None to let the capture happen. The game
        applies that event in `apply_extra` (Sakura: a hiki holder interrupts the Gaji)."""
        return None

    def landed(self, state: State, seat: int, card: int, captured: int, source: Source) -> State:
        """The state after ``card`` from ``source`` ("hand" or "draw") landed and took
        ``captured`` (0: it joined the field). Sakura: a wild Gaji remembers the card it took."""
        return state
