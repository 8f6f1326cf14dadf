"""Every sentence the program says about a game: events, scores, yaku held and near.

No Textual and no rich here: the table's log panel, the replay viewer's move list and
`hanatui export --text` all read these plain strings. Where a string reaches the screen it goes
through `Content`, never through markup, so a player's name is never parsed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from core.cards import MONTH_CALENDAR, MONTH_NAMES, Card
from core.events import (
    PROOF_EVENTS,
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
    LightningClaimed,
    MatchEnded,
    MatchStarted,
    Redeal,
    RoundEnded,
    ScoreLine,
    ShobuCalled,
    UndoTaken,
)
from core.games.options import Rules
from core.games.registry import GAMES, game_for
from core.names import yaku_name
from core.players import seat_label
from core.state import State

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


def game_title(game: str) -> str:
    """A game's title, as the game declares it."""
    declared = GAMES.get(game)
    return declared.title if declared is not None else game.replace("-", " ").capitalize()


# --- grammar -----------------------------------------------------------------------------------


def plural(count: int, noun: str, many: str | None = None) -> str:
    """'0 points', '1 point', '2 points' (``many``: an irregular plural)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def _is_you(name: str) -> bool:
    return name.strip().lower() == "you"


def verb_for(name: str, verb: str) -> str:
    """The verb agreeing with ``name``: 'You play' but 'CPU plays'."""
    if _is_you(name):
        return verb
    if verb == "have":
        return "has"
    if verb == "are":
        return "is"
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "o", "u"):
        return verb[:-1] + "ies"
    return verb + "s"


def conjugate(name: str, verb: str) -> str:
    """'CPU wins' but 'You win'; 'CPU has' but 'You have'."""
    return f"{name} {verb_for(name, verb)}"


def and_list(names: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def card_japanese(card: Card, *, ascii_only: bool = False) -> str:
    """A card's Japanese name and romaji: ``菖蒲に短冊 ayame ni tanzaku`` (romaji alone in
    ASCII mode)."""
    return card.names.japanese(ascii_only=ascii_only)


def month_words(month: int) -> str:
    """A suit as people name it: ``Iris, May``."""
    return f"{MONTH_NAMES[month - 1]}, {MONTH_CALENDAR[month - 1]}"


def names(cards: Sequence[Card]) -> str:
    return ", ".join(c.description for c in cards)


def _capture_words(captured: Sequence[Card], card: Card) -> str:
    taken = tuple(c for c in captured if c is not card)
    if not taken:
        return ""
    return f", taking {names(taken)}"


def winners_words(names_: Sequence[str], score: int) -> str:
    """'CPU wins with 3 points', 'You win with 1 point', 'A and B tie with 0 points'."""
    points = plural(score, "point")
    if len(names_) == 1:
        return f"{conjugate(names_[0], 'win')} with {points}"
    return f"{and_list(names_)} tie with {points}"


# --- events ------------------------------------------------------------------------------------


def describe_event(
    event: Event, before: State | None, after: State, viewer: int | None = None
) -> str | None:
    """One line for the game log, or None for events not worth a line.

    ``viewer`` is the seat whose eyes the line is for (None: everything is public, as in a
    shared record); a card drawn secretly into another seat's hand is then not named.
    """
    players = after.players

    def who(seat: int) -> str:
        return players[seat].name if 0 <= seat < len(players) else seat_label(seat)

    def does(seat: int, verb: str) -> str:
        return conjugate(who(seat), verb)

    if isinstance(event, PROOF_EVENTS):
        return None  # a deal's proof: `hanatui verify` and the network table speak of it
    if isinstance(event, MatchStarted):
        return (
            f"{game_title(event.rules.game)}, {plural(event.rules.rounds, 'round')}: "
            + " vs ".join(p.name for p in event.players)
        )
    if isinstance(event, DealerDrawn):
        if not event.draws:
            return f"Coin flip for dealer: {does(event.dealer, 'deal')} first"
        last = event.draws[-1]
        draws = "; ".join(f"{who(i)} {c.value}" for i, c in enumerate(last))
        return f"Draw for dealer: {draws}. {does(event.dealer, 'deal')} first"
    if isinstance(event, Dealt):
        return f"-- Round {event.round}: {does(event.dealer, 'deal')} --"
    if isinstance(event, Redeal):
        return f"Misdeal ({REASONS.get(event.reason, event.reason)}): deal again"
    if isinstance(event, CardPlayed | CardDrawn):
        verb = "play" if isinstance(event, CardPlayed) else "draw"
        line = f"{does(event.seat, verb)} {event.card.description}"
        if event.captured:
            return line + _capture_words(event.captured, event.card)
        if after.phase == "choose":
            return line + ": choosing what it takes"
        return line + ", no match"
    if isinstance(event, CaptureChosen):
        if event.target is None:
            return f"{does(event.seat, 'lay')} {event.card.description} on the field"
        return f"{does(event.seat, 'choose')}: {event.card.value}" + _capture_words(
            event.captured, event.card
        )
    if isinstance(event, HikiDeclared):
        month = MONTH_NAMES[event.month - 1]
        return (
            f"{does(event.seat, 'declare')} hiki: {does(event.seat, 'take')} the four {month} cards"
        )
    if isinstance(event, KoiKoiCalled):
        if event.play_on:
            return f"{does(event.seat, 'play')} on after raising a yaku (no new koi-koi call)"
        return f"{does(event.seat, 'call')} KOI-KOI and {verb_for(who(event.seat), 'play')} on"
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
        return f"-- Round {event.round} over ({reason}): {scores} --"
    if isinstance(event, DrawnToHand):
        if event.reason == "unmatched_draw":
            return f"{does(event.seat, 'draw')} {event.card.description}: no match, kept in hand"
        then = f"into the hand, then {verb_for(who(event.seat), 'play')} two"
        if viewer is not None and viewer != event.seat:
            return f"{does(event.seat, 'draw')} a card {then}"
        return f"{does(event.seat, 'draw')} {event.card.description} {then}"
    if isinstance(event, GajiInterrupted):
        return (
            f"{does(event.seat, 'aim')} the Gaji at {event.target.description}; "
            f"{does(event.by, 'interrupt')} with the hiki of {MONTH_NAMES[event.month - 1]}"
        )
    if isinstance(event, GajiClaimed):
        taken = names(event.captured) or "nothing"
        return f"{does(event.seat, 'take')} {taken} with the Gaji"
    if isinstance(event, LightningClaimed):
        taken = names(event.captured) or "nothing"
        if all(c.month == 11 for c in event.captured):
            why = "the odd Willow"
        else:
            what = "the odd card" if len(event.captured) == 1 else "the cards left"
            why = f"{what} of the month the Lightning paired with"
        return f"{does(event.seat, 'take')} {taken} ({why})"
    if isinstance(event, MatchEnded):
        best = max(event.totals) if event.totals else 0
        return f"-- Match over: {winners_words([who(i) for i in event.winners], best)} --"
    return type(event).__name__


#: The events that open a new move in `last_move` (each says what it is on its own).
_MOVE_OPENERS = (
    CardPlayed,
    HikiDeclared,
    KoiKoiCalled,
    ShobuCalled,
    Dealt,
    RoundEnded,
    MatchStarted,
    MatchEnded,
    DealerDrawn,
    Redeal,
    UndoTaken,
    GajiInterrupted,
    GajiClaimed,
    LightningClaimed,
)


def last_move_start(events: Sequence[Event], upto: int) -> int:
    """The index of the event that opened the move ``events[upto]`` belongs to: a play, its
    choice and the draw that follows are one move, as players tell it."""
    start = upto
    while start > 0 and not isinstance(events[start], _MOVE_OPENERS):
        start -= 1
    return start


def _taken_words(captured: Sequence[Card], card: Card) -> str:
    taken = [c.value for c in captured if c != card]
    return f", takes {' '.join(taken)}" if taken else ""


def last_move(
    events: Sequence[Event], states: Sequence[State], upto: int, viewer: int | None = None
) -> str:
    """The move that ``events[upto]`` ends (or is part of), in one sentence for the caption
    under the board: ``CPU plays 08d Pampas chaff, takes 08c; draws 03a Curtain, no match``.

    ``states[i]`` is the state after ``events[i]``; ``viewer`` as in `describe_event` (a card
    drawn secretly into another seat's hand is not named). The table and the replay viewer
    both say their last move with this.
    """
    if upto < 0 or upto >= len(events):
        return ""
    start = last_move_start(events, upto)
    first = events[start]
    if not isinstance(first, CardPlayed):
        line = describe_event(first, states[start - 1] if start else None, states[start], viewer)
        return (line or "").strip("- ")
    players = states[upto].players
    seat = first.seat
    name = players[seat].name if 0 <= seat < len(players) else seat_label(seat)
    parts: list[str] = []
    for i in range(start, upto + 1):
        event = events[i]
        after = states[i]
        if isinstance(event, CardPlayed | CardDrawn):
            verb = verb_for(name, "play" if isinstance(event, CardPlayed) else "draw")
            text = f"{verb} {event.card.description}"
            if event.captured:
                text += _taken_words(event.captured, event.card)
            elif after.phase != "choose":
                text += ", no match"
            elif i == upto:
                text += ", choosing what it takes"
            parts.append(text)
        elif isinstance(event, CaptureChosen) and parts:
            if event.target is None:
                parts[-1] += ", lays it on the field"
            else:
                parts[-1] += _taken_words(event.captured, event.card)
        elif isinstance(event, DrawnToHand):
            hidden = viewer is not None and viewer != event.seat
            card = "a card" if hidden else event.card.description
            unmatched = event.reason == "unmatched_draw"
            keep = ", no match: kept in hand" if unmatched else " into the hand"
            parts.append(f"{verb_for(name, 'draw')} {card}{keep}")
        else:
            line = describe_event(event, states[i - 1] if i else None, after, viewer)
            if line:
                parts.append(line)
    return f"{name} " + "; ".join(parts)


def last_move_cards(events: Sequence[Event], upto: int) -> frozenset[Card]:
    """The cards the move ending at ``events[upto]`` played, drew or took: what a board marks
    as the last move (see `last_move`)."""
    if upto < 0 or upto >= len(events):
        return frozenset()
    cards: set[Card] = set()
    for event in events[last_move_start(events, upto) : upto + 1]:
        if isinstance(event, CardPlayed | CardDrawn | CaptureChosen):
            cards.add(event.card)
            cards.update(event.captured)
        elif isinstance(event, HikiDeclared | GajiClaimed | LightningClaimed):
            cards.update(event.captured)
    return frozenset(cards)


def last_move_seat(events: Sequence[Event], upto: int) -> int | None:
    """The seat whose move ``events[upto]`` ends, or None (a deal, a round's end)."""
    if upto < 0 or upto >= len(events):
        return None
    seat = getattr(events[last_move_start(events, upto)], "seat", None)
    return seat if isinstance(seat, int) else None


#: What a seat's decision is called while its cards are still hidden (the replay's future moves).
_FUTURE_VERBS: dict[type, str] = {
    CardPlayed: "play a card",
    CardDrawn: "draw",
    CaptureChosen: "choose a capture",
    HikiDeclared: "declare hiki",
    DrawnToHand: "draw a card into the hand",
    GajiInterrupted: "aim the Gaji",
    GajiClaimed: "claim with the Gaji",
    LightningClaimed: "take an odd card",
    KoiKoiCalled: "decide",
    ShobuCalled: "decide",
}


def future_words(event: Event, states: Sequence[State], index: int) -> str:
    """An event as a seat may know of it before it happens: who moves, not with which card."""
    if isinstance(event, PROOF_EVENTS):
        return ""  # a deal's proof: no line (`describe_event`)
    seat = getattr(event, "seat", None)
    players = states[index].players
    if isinstance(seat, int) and 0 <= seat < len(players):
        verb, _, rest = _FUTURE_VERBS.get(type(event), "move").partition(" ")
        return conjugate(players[seat].name, verb) + (f" {rest}" if rest else "")
    before = states[index - 1] if index else None
    return describe_event(event, before, states[index]) or ""


def round_summary(ended: RoundEnded | None, players: Sequence[Any], round_no: int) -> str:
    """One line for a whole round: who scored what."""
    text = f"Round {round_no}"
    if ended is None:
        return text + ": not finished in this log"
    if not any(ended.points):
        reason = REASONS.get(ended.reason, ended.reason)
        return text + ": " + (reason if "nobody" in reason else f"nobody scores ({reason})")
    return text + ": " + ", ".join(f"{players[i].name} {p:+d}" for i, p in enumerate(ended.points))


def month_of_round(state: State | Any) -> str:
    """The month a koi-koi round is named after: ``Pine, January`` for round 1."""
    if state.round <= 0:
        return ""
    return month_words((state.round - 1) % 12 + 1)


# --- score lines ---------------------------------------------------------------------------


def times_words(n: int) -> str:
    """'once', 'twice', '3 times'."""
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


_VICTORIES = {1: "a victory", 2: "a double victory", 3: "a triple victory"}


class _Whose:
    """Players named from the seats of a breakdown, teams pooled (Sakura)."""

    def __init__(self, rules: Rules, names: Sequence[str]) -> None:
        self.rules = rules
        self.names = tuple(names)

    def one(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return "a player" if seat is None else seat_label(seat)
        return self.names[seat]

    def unit(self, seat: int) -> tuple[str, bool]:
        """The player (or the team) ``seat`` scores with, and whether that is more than one."""
        members = game_for(self.rules).unit_of(self.rules, len(self.names), seat)
        if len(members) == 1:
            return self.one(seat), False
        return and_list([self.one(s) for s in members]), True

    def holds(self, seat: int) -> str:
        """'Aki holds', 'You hold', 'Aki and Cho hold'."""
        who, team = self.unit(seat)
        return f"{who} hold" if team else conjugate(who, "hold")


def score_line_words(
    line: ScoreLine, owner: int, rules: Rules, names: Sequence[str], *, counts: bool = True
) -> str:
    """What a line of a round's score says, naming players by name: ``owner`` is the seat whose
    breakdown holds the line, ``names`` every seat's player. The line's number (its points, or
    its factor) is not part of the words: see `score_line_cell` and `score_line_text`.
    ``counts=False`` leaves out how many cards a card-points line holds (a table's row shared by
    every seat)."""
    whose = _Whose(rules, names)
    kind, what, seat = line.kind, line.id, line.seat
    value = line.value if line.value is not None else 0
    if kind == "cards":
        team = whose.unit(owner)[1]
        words = "the team's card points" if team else "card points"
        return words + (f" ({plural(len(line.cards), 'card')})" if counts else "")
    if kind == "par":
        n = len(names)
        return f"par: {-line.points * n} shared by {n} players"
    if kind in ("yaku", "penalty") and game_for(rules).yaku_costs_others and what is not None:
        holder = owner if kind == "yaku" else seat if seat is not None else owner
        return f"{whose.holds(holder)} {yaku_name(what).en}"
    if kind == "yaku" and what is not None:
        name = yaku_name(what)
        if what == "teshi" and line.cards:
            return f"{name.en} ({name.romaji}): the four {line.cards[0].month_name} cards in hand"
        if what == "kuttsuki":
            return f"{name.en} ({name.romaji}): four pairs in hand"
        text = name.en
        if what == "tsukifuda" and line.cards:
            text += f" ({line.cards[0].month_name})"
        if seat is not None and seat != owner:
            text = f"{whose.one(seat)}'s {text}"
        if line.value:
            text += f": {plural(line.points, 'point')} after a koi-koi call"
        return text
    if kind == "multiplier":
        if what == "yaku_by_players":
            return f"yaku count once per opponent ({len(names)} players)"
        if what == "yaku_paid_by_each":
            return "yaku paid by each other player"
        if what == "koikoi_calls":
            return f"{whose.one(owner)} called koi-koi {times_words(value)}"
        if what == "double_at_7":
            threshold = getattr(rules, "double_threshold", 7)
            return f"{plural(value, 'point')}, {threshold} or more"
        if what in ("self_flat", "opponent_flat"):
            return f"{whose.one(seat)} called koi-koi"
        if what == "opponent_count":
            return f"{whose.one(seat)} called koi-koi {times_words(value)}"
        if what == "any_flat":
            return "koi-koi was called"
        if what == "any_count":
            return f"koi-koi was called {times_words(value)}"
        if what == "field_brights":
            return f"{plural(value, 'bright')} on the first field"
    if kind == "bonus":
        if what == "koikoi_calls":
            return f"{whose.one(owner)} called koi-koi {times_words(value)}"
        if what == "dealer_privilege":
            return "the dealer's privilege on a draw (oya-ken)"
        if what == "teyaku":
            return f"teyaku: {plural(len(line.cards), 'chaff', 'chaff')} in the opening hand"
        if what == "compensation":
            return f"compensation: only {plural(value, 'card')} taken"
        if what == "victory":
            won = _VICTORIES.get(line.points, plural(line.points, "victory", "victories"))
            return f"{won}: the best score, {value} ahead"
    if kind == "penalty":
        if what == "pays_yaku":
            return f"pays {whose.one(seat)}'s yaku"
        if what == "pays_teyaku":
            return f"pays {whose.one(seat)}'s teyaku"
        if what == "pays_compensation":
            return f"pays {whose.one(seat)}'s compensation"
        if what == "zero_sum_paid":
            return f"paid to {whose.one(seat)}"
    if kind == "note":
        if what == "willow_row_cancel_all" and seat is not None:
            return f"{whose.holds(seat)} the four Willows: no yaku counts this round"
        if what == "willow_row_owner_only" and seat is not None:
            return f"{whose.holds(seat)} the four Willows: the others' yaku do not count"
        if what == "fuke":
            threshold = getattr(rules, "fuke_threshold", 0)
            return (
                f"fuke: {whose.one(seat)} took only {plural(value, 'card point')} "
                f"({threshold} or fewer), so nobody scores"
            )
        if what == "lucky_not_multiplied":
            return "a lucky hand is never multiplied"
        if what == "last_yaku_scores":
            return "exhaustive draw: the last player to make a yaku scores it"
        if what == "exhaustive_draw":
            return "exhaustive draw: nobody scores"
        if what == "both_lucky":
            return "both players hold a lucky hand: a draw"
        if what == "zero_sum_cap":
            return f"capped: {conjugate(whose.one(seat), 'have')} only {value} left"
        if what == "opponent_won":
            return f"{whose.one(seat)} won the round"
        if what == "team_pool" and seat is not None:
            return f"{whose.unit(seat)[0]} pool their captures"
        if what == "victory_scoring":
            return f"victory scoring: the round's {plural(value, 'point')} become victories"
        if what == "no_victory_tie":
            return "no victory: a tie for the best score"
        if what == "no_victory":
            return "no victory: not the best score"
    return (what or kind).replace("_", " ")


def score_line_cell(line: ScoreLine) -> str:
    """A line's number in a table of scores: points added or taken, ``×2`` for a multiplier,
    ``held`` for a Sakura yaku (which costs the others), nothing for a note that adds nothing."""
    if line.kind == "multiplier":
        return f"×{line.factor}"
    if line.kind == "yaku" and not line.points and line.value:
        return "held"
    if line.kind == "note" and not line.points:
        return ""
    return f"{line.points:+d}" if line.kind in ("par", "penalty", "note") else str(line.points)


def score_line_text(line: ScoreLine, owner: int, rules: Rules, names: Sequence[str]) -> str:
    """A line in one phrase with its number: ``card points (12 cards) +85``, ``12 points, 7 or
    more ×2 = +12``, ``Aki holds Spring: each opponent loses 50``."""
    words = score_line_words(line, owner, rules, names)
    if line.kind == "multiplier":
        return f"{words} ×{line.factor} = {line.points:+d}"
    if line.kind == "yaku" and not line.points and line.value:
        return f"{words}: each opponent loses {line.value}"
    if line.kind == "note" and not line.points:
        return words
    return f"{words} {line.points:+d}"


def breakdown_rows(
    ended: RoundEnded, rules: Rules, names: Sequence[str]
) -> list[tuple[str, tuple[str, ...]]]:
    """A round's score as rows of a table with one column a seat: (words, cell per seat), in
    the order lines first appear. The same words in several seats' breakdowns share a row, so
    a Sakura yaku is one row: ``held`` by its holder, ``-50`` for each opponent."""
    rows: dict[str, list[str]] = {}
    for score in ended.breakdown:
        for line in score.lines:
            words = score_line_words(line, score.seat, rules, names, counts=False)
            cells = rows.setdefault(words, [""] * len(names))
            if 0 <= score.seat < len(names):
                cells[score.seat] = score_line_cell(line)
    return [(words, tuple(cells)) for words, cells in rows.items()]


def breakdown_cards(
    ended: RoundEnded, rules: Rules, names: Sequence[str]
) -> dict[str, tuple[Card, ...]]:
    """The cards each yaku row of `breakdown_rows` was made with (rows by their words; rows
    of no cards, such as a multiplier, are left out)."""
    cards: dict[str, tuple[Card, ...]] = {}
    for score in ended.breakdown:
        for line in score.lines:
            if line.kind != "yaku" or not line.cards:
                continue
            words = score_line_words(line, score.seat, rules, names, counts=False)
            cards.setdefault(words, tuple(sorted(line.cards, key=lambda c: c.index)))
    return cards


# --- yaku: held and near (the game's queries: `core.games.base.Game`) -----------------------------


@dataclass(frozen=True)
class Near:
    """The yaku a seat's scoring unit holds, and those it is one or two cards from."""

    held: tuple[tuple[str, int], ...]
    near: tuple[tuple[str, int, int], ...]
    team: bool  # the captures of a team were pooled
    costs: bool = False  # a yaku held earns nothing but costs each opponent (Sakura)

    def held_text(self, sep: str = " · ") -> str:
        """``Five Brights 10 · Chaff 1``; in Sakura, where a yaku costs the others instead of
        earning, ``Spring · Drinking (others -50 each)``."""
        if self.costs and self.held:
            cost = self.held[0][1]
            return sep.join(n for n, _p in self.held) + f" (others -{cost} each)"
        return sep.join(f"{n} {p}" for n, p in self.held)

    def text(self, limit: int = 4, *, sep: str = " · ", dash: str = "-") -> str:
        held = self.held_text(sep)
        near = sep.join(f"{n} {h}/{k}" for n, h, k in self.near[:limit]) or dash
        return (f"yaku  {held}   " if held else "") + f"near  {near}"


def near_of(rules: Rules, captures: Sequence[int], seat: int, *, limit: int = 2) -> Near:
    """THE near line: what ``seat`` holds and is near, its team's captures pooled (Sakura).

    ``captures`` are every seat's captured masks (public on every table).
    """
    game = game_for(rules)
    unit = game.unit_of(rules, len(captures), seat)
    mine = 0
    for s in unit:
        mine |= captures[s]
    taken = 0
    for c in captures:
        taken |= c
    return Near(
        held=tuple((h.name, h.points) for h in game.yaku_held(rules, mine)),
        near=game.near_yaku(rules, mine, taken, limit),
        team=len(unit) > 1,
        costs=game.yaku_costs_others,
    )


__all__ = [
    "REASONS",
    "Near",
    "and_list",
    "breakdown_cards",
    "breakdown_rows",
    "card_japanese",
    "conjugate",
    "describe_event",
    "future_words",
    "game_title",
    "month_of_round",
    "month_words",
    "near_of",
    "plural",
    "round_summary",
    "score_line_cell",
    "score_line_text",
    "score_line_words",
    "seat_label",
    "times_words",
    "verb_for",
    "winners_words",
]
