"""One koi-koi round's rules compiled for the fast engine, the policy's weights, the points.

`round_for` compiles what every playout of a search shares (`IntRound`: the rules, the yaku,
the policy's weights as tables and memos); `Style` holds the policy's weights (`PLAIN_STYLE`
plays as `rollout_policy` does). `draw_points` and `shobu_now` are the round's points on
integers, as `core.games.koikoi.scoring` gives them (`shobu.win_points`).

Supported: two seats, the standard turn (no draw-then-play-two, no kept draw), no wild
Lightning this round, no play-out of the draw pile; anything else gives None and the caller
takes the engine's path.
"""

from __future__ import annotations

from typing import NamedTuple

from core.games.koikoi.game import KoiKoi
from core.games.koikoi.round import KoiKoiRound
from core.games.koikoi.rules import KoiKoiRules
from core.games.koikoi.yaku import KoiKoiYaku, Standing, compiled_yaku, round_month
from core.state import State
from hanatui.bots.fast.position import INDEXES, MATES, MONTHS, Position
from hanatui.bots.heuristics import Profile, profile_for
from hanatui.bots.rollout import DENY, DISCARD_RISK, NEAR, Fast, fast_for, scoped_bonus
from hanatui.bots.shobu import settle, win_points


class IntRound(NamedTuple):
    """What the playout needs of one round's rules (the same for every playout of a search)."""

    rules: KoiKoiRules
    yaku: KoiKoiYaku
    fast: Fast
    prof: Profile
    field_free: bool  # a pile's yaku do not depend on the field (no weather blocks)
    style: Style  # the weights of the playout policy
    neg_risk: tuple[float, ...]  # `Style.risk`, negated once (negation is exact)
    #: `Style.urgency`, None when it changes nothing and no fitted input weighs (`fitted`)
    urgency: tuple[float, ...] | None
    values: _Values  # `choose_card`'s memos of the cards' bonuses
    cards: tuple[_Card, ...]  # per card, what `choose_card` reads of it (`_cards`)
    standings: dict[int, Standing]  # `yaku.standing` by the pile, where the field plays no part
    fitted: tuple[float, float, float] | None  # `Style.own`, ``wait``, ``discard``; None: all 0
    noisy: bool  # the card from the hand is `noisy_card`'s (`Style.epsilon`, `.temperature`)
    greedy: IntRound | None  # a noisy style's: the round of its weights without the noise


#: A card's bonus by the count of a pile's cards in its one mask (`_Values`), or None.
ByCount = tuple[float, ...] | None


#: A value by two counts (``[first][second]``), or None.
ByCounts = tuple[tuple[float, ...], ...] | None


#: What `choose_card` reads of a card it might play, in one tuple (one lookup and an unpacking
#: where seven tuple lookups were): its month, its mates (`rollout.MATES`), its worth, its scope
#: (`Fast.scopes`), its value given to the field by counts or else its memo of `Style.near`
#: (`_Values`), and `Style.mate` of its worth (a discard's bonus when the hand holds a mate).
_Card = tuple[int, int, float, int, ByCounts, dict[int, float], float]


class Style(NamedTuple):
    """The weights of the playout policy's card values. The search's playouts play the default,
    `rollout_policy`'s; `styled_score` plays others, for `lab/tune_playout.py`, which found
    the default a local optimum of the policy's duels with itself."""

    #: the share of a yaku credited to a card that leaves the taker 0, 1 or 2 cards short
    near: tuple[float, ...] = NEAR
    #: ... and for taking a card the opponent, 1 or 2 short before, needs (`rollout.DENY`)
    deny: tuple[float, ...] = DENY
    #: what a card given to the field risks, by the cards of its month out of sight
    risk: tuple[float, ...] = DISCARD_RISK
    #: a discard's bonus, as a share of its worth, when the hand holds a card of its month
    mate: float = 0.25
    #: a capture's value times this, by the cards of its month out of sight (0: no one else can
    #: take the month's cards on the field, the capture may wait); all 1.0, as the policy plays
    urgency: tuple[float, ...] = (1.0, 1.0, 1.0)
    #: a card given to the field risks its worth times this and its NEAR bonus for the opponent
    #: (both times `risk`); 1.0, as the policy plays
    given_worth: float = 1.0
    #: the inputs fitted to the search's values (`lab/valuefit.py`), all 0.0 as the policy
    #: plays: a capture's value plus ``own`` times the value of the card played (the mover's,
    #: to take later), plus ``wait`` times the value of the field's cards taken times the chance
    #: that the opponent holds no card of their month (a capture no one else can make may
    #: wait); a discard's value plus ``discard`` (`choose_card` takes it off captures instead)
    own: float = 0.0
    wait: float = 0.0
    discard: float = 0.0
    #: Noise in the card played from the hand (`noisy_card`; 0 and 0: none, the greedy policy
    #: and not one random number more): with probability ``epsilon`` a card of the hand at
    #: random, evenly ...
    epsilon: float = 0.0
    #: ... else, with a temperature above 0, a card drawn by the softmax of the cards' values
    #: (`card_values`) at that temperature (in points), in place of the highest valued.
    temperature: float = 0.0
    #: The noise is the opponent's alone in the search's playouts (`play_out_score`): the seat
    #: that searches plays these weights greedily, the other seat with the noise.
    opponent_only: bool = False


#: `rollout_policy`'s weights.
PLAIN_STYLE = Style()


#: The weights fitted to the strong player's choices (`lab/imitate.py`: the likelihood of its
#: card plays and capture choices under a softmax of the policy's values, 7,887 decisions of
#: ``StrongBot(playouts=400)``): on 3,062 held-out card plays it agrees with the strong player
#: in 68.8% of them, the plain weights in 67.4% (+1.4 points, 95% [+0.4, +2.3]).
IMITATE_STYLE = Style(
    near=(0.0278, -0.0093, 0.0139),
    deny=(-0.0001, -0.0275, 0.036),
    risk=(-0.0481, 1.0411, 1.101, 3.2623),
    mate=0.1336,
    urgency=(0.5639, 0.7955, 1.3502),
)


#: ... and the weights whose greedy choices agree most with them (coordinate search on the same
#: decisions, from the plain weights): 69.6% on the held-out plays (+2.2 points, [+1.2, +3.2]).
AGREE_STYLE = Style(
    near=(1.6, 0.6, 0.125),
    deny=(0.0, 0.2, 0.0938),
    risk=(0.1, 0.175, 0.6, 1.5),
    mate=0.25,
    urgency=(0.25, 0.5, 1.0),
)


#: The weights fitted to the search's values of every candidate (`lab/valuefit.py style`:
#: least squares of the values of 12,626 card plays of ``StrongBot(playouts=400)`` on the parts
#: of the plain value a style can weigh and the two cheapest new inputs, ``own`` and ``wait``;
#: lab/results/valuefit_style.json): on 5,412 held-out plays the value the playout's choice
#: loses against the search's falls from 0.291 to 0.255 points (-0.036 [-0.047, -0.026], -12%),
#: its agreement with the search's choice rises from 67.6% by 2.8 points [+2.1, +3.5]. Its
#: playouts cost 20% more than the plain ones (`choose_card` 30%; off, nothing more).
VALUEFIT_STYLE = Style(
    deny=(0.0, 0.0779, 0.0234),
    risk=(0.0, 0.1599, 0.2284, 0.2741),
    mate=0.5278,
    given_worth=2.9977,
    own=-0.8847,
    wait=-0.9208,
    discard=-0.5955,
)


#: The styles the strong player's playouts may take by name (`StrongBot(style=...)`): no
#: fitted one made the search stronger (`strong`, within noise of the plain weights;
#: "valuefit" -0.15 [-0.43, +0.12] points per hand at 200 playouts, 1,600 hands, seed 141000).
STYLES: dict[str, Style] = {
    "plain": PLAIN_STYLE,
    "imitate": IMITATE_STYLE,
    "agree": AGREE_STYLE,
    "valuefit": VALUEFIT_STYLE,
}


def greedy(style: Style) -> Style:
    """``style``'s weights without its noise (`Style.epsilon`, `Style.temperature`)."""
    if not style.epsilon and not style.temperature and not style.opponent_only:
        return style
    return style._replace(epsilon=0.0, temperature=0.0, opponent_only=False)


class _Values(NamedTuple):
    """`choose_card`'s values of its cards (`rollout.scoped_bonus` and what it adds to it).

    A card whose targets read one mask alone (a plain card's: the plains; most seeds' and
    ribbons': theirs) has its bonuses from the pile's count in that mask alone: its values are
    computed once per count (``given``, ``taken``: tables by counts), where memos keyed by the
    pile's cards in the card's scope (`rollout.Fast`) missed on most new piles (the plains'
    subsets are millions). `choose_card` values cards in the hand or on the field, never in a pile,
    so the card itself is never among those counted. Every other card keeps memos of its NEAR
    bonus and its denial keyed by the cards in its scope (``near``, ``deny``)."""

    near: list[dict[int, float]]
    deny: list[dict[int, float]]
    #: per card, its value given to the field: ``[count in the opponent's pile][count of its
    #: mates out of sight]``, as `choose_card` computes it (`IntRound.neg_risk` times worth
    #: and bonus)
    given: tuple[ByCounts, ...]
    #: per card, its value taken: ``[count in the mover's pile][count in the opponent's]``, its
    #: worth, NEAR bonus and denial added as `choose_card` adds them
    taken: tuple[ByCounts, ...]


def _by_count(prof: Profile, i: int, table: tuple[float, ...]) -> ByCount:
    """Card ``i``'s bonus (`scoped_bonus` with ``table``) for a pile of each count of the
    cards of its one mask (not the card itself), or None when its targets read more masks."""
    masks = {mask for k in prof.card_targets[i] for mask, _ in prof.flat[k].clauses}
    if len(masks) != 1:
        return None
    others = INDEXES[masks.pop() & ~(1 << i)]
    # The bonus reads the count alone: any cards of the mask, that many, give it.
    return tuple(
        scoped_bonus(prof, i, sum(1 << c for c in others[:n]), table)
        for n in range(len(others) + 1)
    )


def _values(fast: Fast, style: Style, neg_risk: tuple[float, ...]) -> _Values:
    prof = fast.prof
    worth = fast.worth
    given: list[ByCounts] = []
    taken: list[ByCounts] = []
    for i in range(48):
        near = _by_count(prof, i, style.near)
        deny = _by_count(prof, i, style.deny)
        if near is None or deny is None:
            given.append(None)
            taken.append(None)
            continue
        risked = style.given_worth * worth[i]
        given.append(tuple(tuple(risk * (risked + b) for risk in neg_risk) for b in near))
        taken.append(tuple(tuple(worth[i] + b + d for d in deny) for b in near))
    return _Values([{} for _ in range(48)], [{} for _ in range(48)], tuple(given), tuple(taken))


def _cards(fast: Fast, values: _Values, style: Style) -> tuple[_Card, ...]:
    worth = fast.worth
    return tuple(
        (
            MONTHS[i],
            MATES[i],
            style.given_worth * worth[i],
            fast.scopes[i],
            values.given[i],
            values.near[i],
            style.mate * worth[i],
        )
        for i in range(48)
    )


_ROUNDS: dict[tuple[object, ...], IntRound | None] = {}


def round_for(state: State, style: Style = PLAIN_STYLE) -> IntRound | None:
    """The round's rules compiled for the playout (its policy weighing by ``style``), or None
    when it does not play them."""
    rules = state.rules
    extra = state.extra
    if (
        not isinstance(rules, KoiKoiRules)
        or type(state.hooks) is not KoiKoi
        or not isinstance(extra, KoiKoiRound)
        or extra.wild
        or len(state.players) != 2
    ):
        return None
    month = round_month(state.round) if rules.tsukifuda_enabled else None
    key = (rules, month, style)
    if key not in _ROUNDS and greedy(style) is not style:
        # A noisy style plays the greedy one's compiled round (its memos shared) but its noise.
        plain = round_for(state, greedy(style))
        noisy = bool(style.epsilon or style.temperature)
        _ROUNDS[key] = (
            None if plain is None else plain._replace(style=style, noisy=noisy, greedy=plain)
        )
    if key not in _ROUNDS:
        fast = fast_for(state)
        supported = (
            fast is not None
            and fast.two
            and fast.flat
            and rules.turn_structure == "standard"
            and not rules.unmatched_draw_to_hand
            and not rules.play_out_draw_pile
        )
        if len(_ROUNDS) > 64:
            _ROUNDS.clear()
        _ROUNDS[key] = (
            _compile(rules, month, fast, style) if supported and fast is not None else None
        )
    return _ROUNDS[key]


def _compile(rules: KoiKoiRules, month: int | None, fast: Fast, style: Style) -> IntRound:
    yaku = compiled_yaku(rules, month)
    neg_risk = tuple(-r for r in style.risk)
    values = _values(fast, style, neg_risk)
    fitted = (style.own, style.wait, style.discard)
    plain_urgency = all(u == 1.0 for u in style.urgency)
    return IntRound(
        rules,
        yaku,
        fast,
        profile_for(rules, 2),
        not (yaku.filtered and yaku.weather),
        style,
        neg_risk,
        # The fitted inputs are added where urgency multiplies (`choose_card`): off, neither is.
        None if plain_urgency and not any(fitted) else style.urgency,
        values,
        _cards(fast, values, style),
        {},
        fitted if any(fitted) else None,
        False,
        None,
    )


def draw_points(kk: IntRound, st: State, p: Position) -> tuple[int, ...]:
    """`score_round` of the exhaustive draw at ``p``: the last seat to form a yaku wins it (when
    the rules say so), or the dealer's privilege, or nothing."""
    rules = kk.rules
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    last = p.last
    if rules.exhaustive_draw_last_yaku_scores and last >= 0:
        other = 1 - last
        won_pile, lost_pile = (p.mine, p.theirs) if last == p.turn else (p.theirs, p.mine)
        calls = p.calls
        won = win_points(
            kk.yaku,
            rules,
            won_pile,
            lost_pile,
            p.field,
            calls[last],
            calls[other],
            extra.field_brights,
        )
        return settle(rules, last, won, st.totals[other])
    if rules.draw_dealer_points:
        dealer = st.dealer
        return settle(rules, dealer, rules.draw_dealer_points, st.totals[1 - dealer])
    return (0, 0)


def shobu_now(kk: IntRound, st: State, p: Position) -> tuple[int, ...]:
    """The round's points if the mover of ``p`` called shobu now (`shobu._koikoi_points`, on
    masks)."""
    extra = st.extra
    assert isinstance(extra, KoiKoiRound)
    turn = p.turn
    other = 1 - turn
    calls = p.calls
    won = win_points(
        kk.yaku,
        kk.rules,
        p.mine,
        p.theirs,
        p.field,
        calls[turn],
        calls[other],
        extra.field_brights,
    )
    return settle(kk.rules, turn, won, st.totals[other])
