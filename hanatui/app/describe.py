"""Words for the table: events as log lines, yaku progress, game titles. Plain text only: these
strings are always shown through `Content`, never parsed as markup."""

from __future__ import annotations

from functools import lru_cache

from core.cards import ALL_MASK, CARDS, MONTH_NAMES, Card, Kind, cards_of
from core.events import (
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    DealerDrawn,
    Dealt,
    DrawnToHand,
    Event,
    GajiClaimed,
    GajiInterrupted,
    HikiDeclared,
    KoiKoiCalled,
    MatchEnded,
    MatchStarted,
    Redeal,
    RoundEnded,
    ShobuCalled,
    UndoTaken,
)
from core.rules import Rules
from core.state import State
from hanatui.app.common import game_title

REASONS = {
    "cards_exhausted": "every card played",
    "hands_empty": "hands empty",
    "shobu": "shobu",
    "exhaustive_draw": "exhaustive draw: nobody scores",
    "lucky_hand": "a lucky hand",
    "both_lucky": "both hands lucky",
    "four_of_a_month_on_field": "four of a month on the field",
    "lucky_pattern_on_field": "a lucky pattern on the field",
    "three_of_a_month_on_field": "three of a month on the field",
}

POETRY = frozenset({"01b", "02b", "03b"})
BLUE = frozenset({"06b", "09b", "10b"})


def card_class(card: Card) -> str:
    """The CSS class that colours a card by kind (ribbons by their three sorts)."""
    if card.kind is Kind.RIBBON:
        if card.value in POETRY:
            return "-poetry"
        if card.value in BLUE:
            return "-blue"
        return "-ribbon"
    return ("-bright", "-animal", "-ribbon", "-chaff")[card.kind]


def card_variable(card: Card) -> str:
    """The theme variable of a card's colour."""
    return {
        "-bright": "$hana-bright",
        "-animal": "$hana-animal",
        "-poetry": "$hana-ribbon-poetry",
        "-blue": "$hana-ribbon-blue",
        "-ribbon": "$hana-ribbon-red",
        "-chaff": "$hana-chaff",
    }[card_class(card)]


def kind_symbol(kind: Kind, ascii_mode: bool) -> str:
    return kind.letter if ascii_mode else kind.kanji


def names(cards: tuple[Card, ...]) -> str:
    return ", ".join(c.description for c in cards)


def _capture_words(captured: tuple[Card, ...], card: Card) -> str:
    taken = tuple(c for c in captured if c is not card)
    if not taken:
        return ""
    return f", taking {names(taken)}"


def conjugate(name: str, verb: str) -> str:
    """'CPU wins', but 'You win'."""
    if name.strip().lower() == "you":
        return f"{name} {verb}"
    return f"{name} {verb}es" if verb.endswith(("s", "sh", "ch")) else f"{name} {verb}s"


def describe_event(
    event: Event, before: State | None, after: State, viewer: int | None = None
) -> str | None:
    """One line for the game log, or None for events not worth a line.

    ``viewer`` is the seat whose eyes the line is for (None: everything is public, as in a
    shared record); a card drawn secretly into another seat's hand is then not named.
    """
    players = after.players

    def who(seat: int) -> str:
        return players[seat].name if 0 <= seat < len(players) else f"seat {seat}"

    def does(seat: int, verb: str) -> str:
        return conjugate(who(seat), verb)

    if isinstance(event, MatchStarted):
        rounds = event.rules.rounds
        names_ = " vs ".join(p.name for p in event.players)
        return f"{game_title(event.rules.game)}, {rounds} round{'s' * (rounds != 1)}: {names_}"
    if isinstance(event, DealerDrawn):
        if not event.draws:
            return f"Coin flip for dealer: {does(event.dealer, 'deal')} first"
        last = event.draws[-1]
        draws = "; ".join(f"{who(i)} {c.value}" for i, c in enumerate(last))
        return f"Draw for dealer: {draws}. {does(event.dealer, 'deal')} first"
    if isinstance(event, Dealt):
        return f"— Round {event.round}: {does(event.dealer, 'deal')} —"
    if isinstance(event, Redeal):
        return f"Misdeal ({REASONS.get(event.reason, event.reason)}): deal again"
    if isinstance(event, CardPlayed):
        line = f"{does(event.seat, 'play')} {event.card.description}"
        if event.captured:
            return line + _capture_words(event.captured, event.card)
        if after.phase == "choose":
            return line + ": choosing what it takes"
        return line + ", no match"
    if isinstance(event, CardDrawn):
        line = f"{does(event.seat, 'draw')} {event.card.description}"
        if event.captured:
            return line + _capture_words(event.captured, event.card)
        if after.phase == "choose":
            return line + ": choosing what it takes"
        return line + ", no match"
    if isinstance(event, CaptureChosen):
        if event.target is None:
            return f"{does(event.seat, 'lay')} {event.card.description} on the field"
        return f"{does(event.seat, 'choose')}: {event.card.value}{_capture_words(event.captured, event.card)}"
    if isinstance(event, HikiDeclared):
        return f"{does(event.seat, 'declare')} hiki: takes the four {MONTH_NAMES[event.month - 1]} cards"
    if isinstance(event, KoiKoiCalled):
        if event.play_on:
            return f"{does(event.seat, 'play')} on after raising a yaku (no new koi-koi call)"
        on = "play on" if who(event.seat).strip().lower() == "you" else "plays on"
        return f"{does(event.seat, 'call')} KOI-KOI and {on}"
    if isinstance(event, ShobuCalled):
        if event.auto:
            return f"{who(event.seat)}: yaku on the last move, the round stops (shobu)"
        return f"{does(event.seat, 'call')} SHOBU"
    if isinstance(event, UndoTaken):
        count = after.undos[event.seat] if event.seat < len(after.undos) else 0
        return f"{who(event.seat)} took back a move (undo no. {count})"
    if isinstance(event, RoundEnded):
        scores = ", ".join(f"{who(i)} {p:+d}" for i, p in enumerate(event.points))
        reason = REASONS.get(event.reason, event.reason)
        return f"— Round {event.round} over ({reason}): {scores} —"
    if isinstance(event, DrawnToHand):
        if event.reason == "unmatched_draw":
            return f"{who(event.seat)} draws {event.card.description}: no match, kept in hand"
        if viewer is not None and viewer != event.seat:
            return f"{who(event.seat)} draws a card into the hand, then plays two"
        return f"{who(event.seat)} draws {event.card.description} into the hand, then plays two"
    if isinstance(event, GajiInterrupted):
        return (
            f"{who(event.seat)} aims the Gaji at {event.target.description}; {who(event.by)} "
            f"interrupts with the hiki of {MONTH_NAMES[event.month - 1]}"
        )
    if isinstance(event, GajiClaimed):
        taken = ", ".join(c.description for c in event.captured) or "nothing"
        return f"{who(event.seat)} takes {taken} with the Gaji"
    if isinstance(event, MatchEnded):
        best = max(event.totals) if event.totals else 0
        if len(event.winners) == 1:
            return f"— Match over: {conjugate(who(event.winners[0]), 'win')} with {best} —"
        winners = " and ".join(who(i) for i in event.winners)
        return f"— Match over: {winners} tie with {best} —"
    return type(event).__name__


# --- yaku --------------------------------------------------------------------------------------


def yaku_of(rules: Rules, mask: int) -> tuple[tuple[str, int], ...]:
    """(name, points) of each yaku a captured mask holds under ``rules``."""
    return tuple((h.name, h.points) for h in _hits(rules, mask))


def _hits(rules: Rules, mask: int):  # type: ignore[no-untyped-def]
    try:
        return _hits_cached(rules, mask)
    except TypeError:  # unhashable rules
        from core.games.registry import evaluate_yaku

        return evaluate_yaku(rules, mask)


@lru_cache(maxsize=4096)
def _hits_cached(rules: Rules, mask: int):  # type: ignore[no-untyped-def]
    from core.games.registry import evaluate_yaku

    return evaluate_yaku(rules, mask)


def has_yaku(rules: Rules) -> bool:
    from core.games.registry import game_for

    return bool(game_for(rules).yaku_specs(rules))


def near_yaku(rules: Rules, mine: int, taken: int, limit: int = 2) -> list[tuple[str, int, int]]:
    """Yaku a seat could still make with one or two more cards: (name, have, need).

    ``taken`` is every card already captured by anyone: those cannot come any more. Found by trying
    the cards still in play, so it follows each game's own evaluator and house rules.
    """
    try:
        return list(_near_cached(rules, mine, taken, limit))
    except TypeError:
        return list(_near(rules, mine, taken, limit))


@lru_cache(maxsize=512)
def _near_cached(
    rules: Rules, mine: int, taken: int, limit: int
) -> tuple[tuple[str, int, int], ...]:
    return _near(rules, mine, taken, limit)


def _near(rules: Rules, mine: int, taken: int, limit: int) -> tuple[tuple[str, int, int], ...]:
    held = {h.id for h in _hits(rules, mine)}
    free = [c.bit for c in cards_of(ALL_MASK & ~taken & ~mine)]
    found: dict[str, tuple[str, int, int]] = {}

    def progress(hit, added: int, missing: int) -> tuple[str, int, int]:  # type: ignore[no-untyped-def]
        # Cards of ours the yaku needs: those without which the completed yaku would vanish
        # (extra cards that only raise its points do not count as progress).
        have = 0
        whole = mine | added
        for c in hit.cards:
            if mine & c.bit and hit.id not in {h.id for h in _hits(rules, whole & ~c.bit)}:
                have += 1
        return (hit.name, have, have + missing)

    for bit in free:
        for h in _hits(rules, mine | bit):
            if h.id not in held and h.id not in found:
                found[h.id] = progress(h, bit, 1)
    if limit >= 2:
        singles = set(found)
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                for h in _hits(rules, mine | a | b):
                    if h.id not in held and h.id not in singles and h.id not in found:
                        found[h.id] = progress(h, a | b, 2)
    shown = [v for v in found.values() if v[1] > 0]
    return tuple(sorted(shown, key=lambda t: (t[2] - t[1], -t[1], t[0])))


def month_of_round(state: State) -> str:
    """The month a koi-koi round is named after (round 1 January/Pine...)."""
    if state.round <= 0:
        return ""
    return MONTH_NAMES[(state.round - 1) % 12]


__all__ = [
    "CARDS",
    "card_class",
    "card_variable",
    "describe_event",
    "game_title",
    "near_yaku",
    "yaku_of",
]
