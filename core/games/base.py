"""What every game is built from: the `Game` value it declares, with the hooks by which it differs.

A game is one package under ``core/games/`` that declares one `Game` value: its id, title,
aliases, player counts, Rules type and presets, and what other code reads about it (card values,
yaku specs, teams, yaku evaluation). The engine (`core.engine`, `core.turns`) runs the fishing
turn shared by all four games (docs/rules.md §2) and asks the game's hooks where it differs: how
many cards are dealt, when a deal is void, where a card may land, when a round ends, how it
scores, and the game's own decisions (koi-koi's call, Sakura's hiki).

Hooks return what should happen and never call the turn flow back: a hook that moves the match
on returns the state with its own changes and a `Then` instruction (a phase or a step, the
constants of `core.state`), which the engine carries out (`core.turns.proceed`). Which optional
hooks a game overrides is worked out once per class (`Game.overrides`), so the engine skips the
others on its hot paths; the hooks about where a card lands are asked only about the cards the
game declares wild (`Game.wild_cards`), every other card follows the ordinary month match.

A game's options build on `core.games.options` (the `Rules` base and `Preset`), which the log's
types import without the hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from core.actions import describe_action
from core.cards import ALL_MASK, MONTH_MASKS, STANDARD_POINTS, cards_of, points_of
from core.errors import CorruptLogError, IllegalActionError
from core.events import RoundEnded, SeatScore
from core.games.options import OptionWords, Preset, Rules
from core.messages import N_
from core.state import DRAW, NEXT_TURN, PLAY
from core.yaku import YakuContext, YakuHit, YakuSpec, evaluate_specs

if TYPE_CHECKING:
    from core.actions import Action
    from core.events import Event, RedealReason, RoundEndReason
    from core.state import Source, State, Then

# --------------------------------------------------------------------------------------------
# Hooks
# --------------------------------------------------------------------------------------------


#: Deal sizes (cards in each hand, cards on the field) by player count: docs/rules.md §2.3.
DEAL_TABLE: Mapping[int, tuple[int, int]] = {
    2: (8, 8),
    3: (7, 6),
    4: (5, 8),
    5: (4, 8),
    6: (3, 12),
    7: (3, 6),
}

#: The hooks the engine calls only when a game overrides them (`Game.overrides`).
OPTIONAL_HOOKS = (
    "after_hand_step",
    "after_turn",
    "auto_event",
    "capture_targets",
    "interrupt_choice",
    "landed",
    "playable",
)

#: The hooks a game may override for the computer players' quick playouts, which run ordinary
#: turns without the engine (`Game.playout_hooks`); a game overriding one is `Game.refines`.
PLAYOUT_HOOKS = ("play_extra_possible", "turn_changes_nothing", "wild_now")

#: The hooks about one card landing, asked only about a game's `Game.wild_cards`.
_CARD_HOOKS = frozenset({"capture_targets", "interrupt_choice", "landed"})

R = TypeVar("R", bound=Rules)


class Game(Generic[R]):
    """One game: what it declares, and the hooks by which it differs from the fishing core.

    A subclass declares the class attributes and overrides the hooks its game changes; its
    package makes one instance of it (``GAME``), which `core.games.registry` lists.
    """

    # --- what a game declares ------------------------------------------------------------
    id: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()  # other names people type for it (the CLI)
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_type: type[R]
    presets: ClassVar[tuple[Preset, ...]] = ()  # besides "standard" (the defaults)
    standard: ClassVar[Preset]  # the defaults, as players read them: title, description
    rules_section: ClassVar[str]  # where docs/rules.md describes it, e.g. "§5"
    offers_hiki: ClassVar[bool] = False  # a seat may declare hiki (the table offers its key)
    #: Captured cards add their points (`card_values`) to a score (not in koi-koi).
    cards_score: ClassVar[bool] = True
    #: A yaku costs its holder's opponents its points instead of earning them (Sakura).
    yaku_costs_others: ClassVar[bool] = False
    #: The numbers players call yaku by, with their kana and romaji, by yaku id (Sakura's).
    yaku_numbers: ClassVar[Mapping[str, tuple[int, str, str]]] = {}

    #: The `OPTIONAL_HOOKS` this class overrides; worked out once per class.
    overrides: ClassVar[frozenset[str]] = frozenset()
    #: The `PLAYOUT_HOOKS` this class overrides; worked out once per class.
    refines: ClassVar[frozenset[str]] = frozenset()

    #: The `OPTIONAL_HOOKS` whose effects a quick playout (one that runs the ordinary turn itself,
    #: as the computer players' do) knows to hand to the engine, or None when it does not know
    #: this game: a game overriding any other hook is played out by the engine alone.
    playout_hooks: ClassVar[frozenset[str] | None] = None

    #: The cards (a mask) that may land otherwise than by the ordinary month match: only about
    #: these does the engine ask `capture_targets`, `landed` and `interrupt_choice` (koi-koi's
    #: wild Lightning, Sakura's Gaji: 11d). A game that overrides one of those hooks without
    #: declaring its wild cards is asked about every card.
    wild_cards: ClassVar[int] = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.overrides = frozenset(
            name for name in OPTIONAL_HOOKS if getattr(cls, name) is not getattr(Game, name)
        )
        cls.refines = frozenset(
            name for name in PLAYOUT_HOOKS if getattr(cls, name) is not getattr(Game, name)
        )
        if "wild_cards" not in cls.__dict__ and cls.overrides & _CARD_HOOKS:
            cls.wild_cards = ALL_MASK

    def __repr__(self) -> str:
        return f"<game {self.id}>"

    @property
    def option_words(self) -> Mapping[str, OptionWords]:
        """How players read each option (title, words for its values): its Rules type's."""
        return self.rules_type.option_words

    def rules_of(self, state: State) -> R:
        """The rules of a state of this game, typed as this game's Rules."""
        rules = state.rules
        if not isinstance(rules, self.rules_type):
            raise TypeError(f"{self.title} cannot play {rules.game} rules")
        return rules

    def for_rules(self, rules: R) -> Game[R]:
        """The game value that plays ``rules``, which a match's state carries (`State.hooks`):
        this one, or a variant of it with hooks that only some options need (koi-koi's turn
        variants), so that the engine never calls a hook that cannot change anything."""
        return self

    def check_players(self, rules: R, n: int) -> None:
        """Raise `IllegalActionError` unless ``n`` players can play under ``rules``."""
        if self.min_players == self.max_players != n:
            raise IllegalActionError(
                N_("{game} is for {count} players, not {n}"),
                game=self.title,
                count=self.min_players,
                n=n,
            )
        if not self.min_players <= n <= self.max_players:
            raise IllegalActionError(
                N_("{game} is for {least}-{most} players, not {n}"),
                game=self.title,
                least=self.min_players,
                most=self.max_players,
                n=n,
            )
        self.teams(rules, n)

    # --- what other code reads: values, yaku, teams --------------------------------------
    def card_values(self, rules: R) -> tuple[int, ...]:
        """Each card's points (by bit index): what captured cards add to a score, or, in a game
        where cards do not score (koi-koi), their customary worth (docs/rules.md §1)."""
        return STANDARD_POINTS

    def yaku_specs(self, rules: R) -> tuple[YakuSpec, ...]:
        """The yaku of this game under ``rules`` (() for a game without yaku), for help screens
        and the computer players. Scores come from `evaluate_yaku`, which applies the options
        that compare piles or look at the table."""
        return ()

    def evaluate_yaku(self, rules: R, captured: int, context: YakuContext) -> tuple[YakuHit, ...]:
        """The yaku one pile of captured cards holds (see `core.games.registry.evaluate_yaku`)."""
        return evaluate_specs(self.yaku_specs(rules), captured)

    def teams(self, rules: R, n: int) -> tuple[tuple[int, ...], ...]:
        """The scoring units of ``n`` seats: each seat alone, or teams that pool their captures.
        Raises `IllegalActionError` when ``rules`` cannot seat ``n`` players."""
        return tuple((s,) for s in range(n))

    def yaku_payers(self, rules: R, n: int) -> int:
        """How many times a seat's yaku are paid at an ``n``-seat table: once, or once by each
        other player (hana-awase's seed and zero-sum scoring)."""
        return 1

    def has_yaku(self, rules: R) -> bool:
        """Whether the game has yaku under ``rules`` (Sakura's may be switched off)."""
        return bool(self.yaku_specs(rules))

    def unit_of(self, rules: R, n: int, seat: int) -> tuple[int, ...]:
        """The seats ``seat`` scores with among ``n`` (its team's, or itself alone)."""
        return next((u for u in self.teams(rules, n) if seat in u), (seat,))

    def card_points(self, rules: R, mask: int) -> int | None:
        """The card points of a pile of captures, None where cards do not score (`cards_score`)."""
        return points_of(mask, self.card_values(rules)) if self.cards_score else None

    def unit_points(self, rules: R, captures: Sequence[int], seat: int) -> int | None:
        """The running card points of ``seat``'s scoring unit (its team's captures pooled), given
        every seat's captured cards; None where cards do not score."""
        mask = 0
        for s in self.unit_of(rules, len(captures), seat):
            mask |= captures[s]
        return self.card_points(rules, mask)

    def yaku_held(self, rules: R, mask: int) -> tuple[YakuHit, ...]:
        """The yaku a pile of captures holds (without the field or the round: `evaluate_yaku`),
        remembered for the piles asked about most recently."""
        return _held(self, rules, mask)

    def near_yaku(
        self, rules: R, mine: int, taken: int, limit: int = 2
    ) -> tuple[tuple[str, int, int], ...]:
        """Yaku the pile ``mine`` could still make with one (or, with ``limit`` 2, two) more
        cards, as (name, cards of the pile it needs, cards it needs in all), nearest first.

        ``taken`` is every card already captured by anyone: those cannot come any more. Found by
        trying the cards still in play, so it follows the game's own evaluator and options; a
        yaku no card of the pile counts towards is not near."""
        return _near(self, rules, mine, taken, limit)

    # --- setup -----------------------------------------------------------------------------
    def coin_flip_first_dealer(self, rules: R) -> bool:
        """Whether a coin flip picks the first dealer (a `DealerDrawn` without draws) instead of
        the draw for the earliest month (docs/rules.md §2.1). Default: the draw."""
        return False

    def deal_sizes(self, rules: R, n: int) -> tuple[int, int]:
        """(cards in each hand, cards on the field) for ``n`` players."""
        return DEAL_TABLE[n]

    def initial_totals(self, rules: R, n: int) -> tuple[int, ...]:
        """Each seat's total when the match begins (koi-koi's zero-sum stake)."""
        return (0,) * n

    def void_deal(self, state: State) -> RedealReason | None:
        """Why a fresh deal is void (a Redeal follows), or None. Default: four cards of one month
        on the field."""
        field = state.field
        for m in MONTH_MASKS:
            if field & m == m:
                return "four_of_a_month_on_field"
        return None

    def after_deal(self, state: State) -> tuple[State, Then]:
        """The state right after a valid deal, and what follows: `PLAY` (the dealer leads)
        or `END_ROUND` (koi-koi's lucky hands win at once)."""
        return state, PLAY

    # --- the turn ----------------------------------------------------------------------------
    def playable(self, state: State) -> int:
        """The mask of hand cards ``state.turn`` may play now. Default: the whole hand."""
        return state.hands[state.turn]

    def capture_targets(self, state: State, card: int, source: Source) -> tuple[int, ...] | None:
        """The field masks ``card`` (a bit index of `wild_cards`) landing from ``source`` may
        take, or None for the ordinary month match. More than one mask: the player chooses; a
        mask of 0: the card may join the field instead (a wild card played as an ordinary
        one)."""
        return None

    def interrupt_choice(self, state: State, seat: int, target: int) -> Event | None:
        """An event that stops ``seat``'s chosen capture of ``target`` (one of the masks of
        `capture_targets`) for the pending card (one of `wild_cards`), or None to let the
        capture happen. The game applies that event in `apply_extra` (Sakura: a hiki holder
        interrupts the Gaji)."""
        return None

    def landed(self, state: State, seat: int, card: int, captured: int, source: Source) -> State:
        """The state after ``card`` (one of `wild_cards`) from ``source`` landed and took
        ``captured`` (0: it joined the field), with the game's own bookkeeping (Sakura: what a
        wild Gaji took)."""
        return state

    def after_hand_step(self, state: State) -> tuple[State, Then]:
        """When the card from the hand is dealt with: `DRAW` (the standard turn), or a turn
        variant: `PLAY` (the same seat plays another card) or `END_TURN` (no draw)."""
        return state, DRAW

    def after_turn(self, state: State) -> tuple[State, Then]:
        """When ``state.turn`` has finished its turn: `NEXT_TURN`, or `DECIDE` for a
        decision of the game's own (koi-koi or shobu)."""
        return state, NEXT_TURN

    def auto_event(self, state: State) -> Event | None:
        """An automatic event of the game's own due in this state, or None."""
        return None

    def round_over(self, state: State) -> RoundEndReason | None:
        """Why the round is over, checked whenever the turn passes on, or None. Default: once
        every hand and the draw pile are empty."""
        if any(state.hands) or state.pile:
            return None
        return "cards_exhausted"

    # --- decisions of the game's own ---------------------------------------------------------
    def decider(self, state: State) -> int:
        """The seat that decides in the CHOOSE and DECIDE phases. Default: the seat whose turn it
        is; a game may ask another seat (Sakura: a hiki holder interrupting the Gaji)."""
        return state.turn

    def legal_extra(self, state: State) -> tuple[Action, ...]:
        """Legal actions the game adds: in the PLAY phase besides playing a card, and in DECIDE."""
        return ()

    def decide_extra(self, state: State, action: Action) -> Event:
        """The event of a legal action of the game's own; `IllegalActionError` otherwise."""
        raise IllegalActionError(f"illegal action in {self.title}: {describe_action(action)}")

    def apply_extra(self, state: State, event: Event) -> tuple[State, Then]:
        """The state after an event of the game's own, and what follows it; `CorruptLogError`
        if the event does not follow."""
        raise CorruptLogError(f"event {type(event).__name__} does not belong to {self.title}")

    # --- what quick playouts ask instead of building a state (`playout_hooks`) ---------------
    def wild_now(self, state: State) -> int:
        """The cards (a mask of `wild_cards`) wild in ``state``, where the round or the table
        decides it; asked when a quick playout takes over from the engine. Default: all of
        `wild_cards`."""
        return self.wild_cards

    def play_extra_possible(self, hand: int, field: int) -> bool:
        """Whether ``hand`` and ``field`` allow an action of the game's own in the play phase
        besides playing a card (Sakura's hiki), asked without building a state. Default: never."""
        return False

    def turn_changes_nothing(self, state: State) -> Callable[[int, int, int], bool] | None:
        """For the round of ``state``: whether `after_turn` leaves the end of a turn as it is,
        asked as ``(seat, captured, field)`` without building a state; None: ask `after_turn`."""
        return None

    # --- the round's score and the match -----------------------------------------------------
    def score_round(self, state: State) -> RoundEnded:
        """The score of the round that is over (every seat's points, line by line)."""
        raise NotImplementedError

    def match_over(self, state: State) -> bool:
        """Checked after each round is scored. Default: the rounds of the rules are played."""
        return state.rounds_done >= state.rules.rounds


@lru_cache(maxsize=8192)
def _held(game: Game[Any], rules: Any, mask: int) -> tuple[YakuHit, ...]:
    return game.evaluate_yaku(rules, mask, YakuContext())


@lru_cache(maxsize=1024)
def _near(
    game: Game[Any], rules: Any, mine: int, taken: int, limit: int
) -> tuple[tuple[str, int, int], ...]:
    if not mine:
        # Nothing captured yet: no yaku has a card of ours, so none is near (the search below
        # would try every pair of cards, ~1,200 evaluations, to find that out).
        return ()
    held = {h.id for h in _held(game, rules, mine)}
    free = [c.bit for c in cards_of(ALL_MASK & ~taken & ~mine)]
    found: dict[str, tuple[str, int, int]] = {}

    def progress(hit: YakuHit, added: int, missing: int) -> tuple[str, int, int]:
        # Cards of ours the yaku needs: those without which the completed yaku would vanish
        # (extra cards that only raise its points do not count as progress).
        have = 0
        whole = mine | added
        for c in hit.cards:
            if mine & c.bit and hit.id not in {h.id for h in _held(game, rules, whole & ~c.bit)}:
                have += 1
        return (hit.name, have, have + missing)

    for bit in free:
        for h in _held(game, rules, mine | bit):
            if h.id not in held and h.id not in found:
                found[h.id] = progress(h, bit, 1)
    if limit >= 2:
        singles = set(found)
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                for h in _held(game, rules, mine | a | b):
                    if h.id not in held and h.id not in singles and h.id not in found:
                        found[h.id] = progress(h, a | b, 2)
    shown = [v for v in found.values() if v[1] > 0]
    return tuple(sorted(shown, key=lambda t: (t[2] - t[1], -t[1], t[0])))


def round_ended(state: State, breakdown: Sequence[SeatScore], next_dealer: int) -> RoundEnded:
    """The `RoundEnded` of the round that is over: each seat's points from its breakdown, and the
    match totals after them."""
    assert state.end_reason is not None, "a round is scored only once it is over"
    points = tuple(s.points for s in breakdown)
    return RoundEnded(
        round=state.round,
        reason=state.end_reason,
        points=points,
        totals=tuple(t + p for t, p in zip(state.totals, points, strict=True)),
        breakdown=tuple(breakdown),
        next_dealer=next_dealer,
    )


def highest_deals(state: State, points: Sequence[int]) -> int:
    """The seat that deals next under the common rule: the best round score; a tie goes to the
    tied seat earliest in turn order from the dealer (docs/rules.md §3)."""
    n = state.num_players
    best = max(points)
    for k in range(n):
        seat = (state.dealer + k) % n
        if points[seat] == best:
            return seat
    raise AssertionError("unreachable")
