"""Every sentence the program says about a game: events, scores, yaku held and near.

No Textual and no rich here: the table's log panel, the replay viewer's move list and
`hanatui export --text` all read these plain strings, in the player's language (`_`): each
sentence a whole message, one for the reader ("You win") and one for another player ("CPU
wins"), a number's forms by `ngettext`, the cards, months and yaku by `hanatui.text.names`.
Where a string reaches the screen it goes through `Content`, never through markup, so a
player's name is never parsed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from core.cards import Card
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
from hanatui.text.i18n import LANGUAGES, N_, _, ngettext, pgettext, pgettext_in
from hanatui.text.names import calendar_month, card_name, month_name, yaku_title


class _Translated(Mapping[str, str]):
    """A table of messages marked with `N_`, each read in the current language when it is
    looked up (a table of translations made at import would freeze the language)."""

    def __init__(self, messages: dict[str, str]) -> None:
        self._messages = messages

    def __getitem__(self, key: str) -> str:
        return _(self._messages[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)


#: Why a round ended, or a deal was void, in words (read in the player's language).
REASONS: Mapping[str, str] = _Translated(
    {
        "cards_exhausted": N_("every card played"),
        "hands_empty": N_("hands empty"),
        "shobu": N_("shobu"),
        "exhaustive_draw": N_("exhaustive draw: nobody scores"),
        "lucky_hand": N_("a lucky hand"),
        "both_lucky": N_("both hands lucky"),
        "four_of_a_month_on_field": N_("four of a month on the field"),
        "lucky_pattern_on_field": N_("a lucky pattern on the field"),
        "three_of_a_month_on_field": N_("three of a month on the field"),
    }
)


def reason_words(reason: str) -> str:
    """Why a round ended (or a deal was void), in words; an unknown reason as it is."""
    return REASONS.get(reason, reason)


def game_title(game: str) -> str:
    """A game's title, as the game declares it."""
    declared = GAMES.get(game)
    return declared.title if declared is not None else game.replace("-", " ").capitalize()


# --- grammar -----------------------------------------------------------------------------------


def is_you(name: str) -> bool:
    """Whether a player's name is the one who reads: "You", or a language's word for it
    (`hanatui.text.said.player_name` names a player who chose no name so: "Ty", "Tú"), in any of
    our languages, since a log keeps the name shown where it was played: sentences about them
    are said in the second person ("You win" / "Wygrywasz"), each its own message."""
    said = name.strip().lower()
    return said == "you" or said in _you_words()


def shown_name(name: str) -> str:
    """A player's name as shown: theirs, or for a player who chose none (the name "You", or a
    language's word for it, as a log made in that language holds) the current language's word."""
    return pgettext("player name", "You") if is_you(name) else name


def totals_words(names: Sequence[str], totals: Sequence[int]) -> str:
    """'Ann 12, Tú 5': each player's points in a match, by the names as shown."""
    return ", ".join(f"{shown_name(n)} {t}" for n, t in zip(names, totals, strict=False))


@cache
def _you_words() -> frozenset[str]:
    """Each language's word for a player who chose no name, lower case."""
    return frozenset(pgettext_in(code, "player name", "You").strip().lower() for code in LANGUAGES)


def _by(name: str, you: str, other: str, **values: object) -> str:
    """The sentence about ``name``: ``you`` (already translated) said to the reader if the
    name is "You", else ``other``, with ``{player}`` and ``values`` filled in."""
    return (you if is_you(name) else other).format(player=name, **values)


def and_list(names: Sequence[str]) -> str:
    """'A', 'A and B', 'A, B and C', in the current language's words."""
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: the last two names of a list: "Aki and Ben", "Aki, Ben and Cho".
    text = _("{first} and {last}").format(first=names[-2], last=names[-1])
    for name in reversed(names[:-2]):
        # TRANSLATORS: a name before the rest of a list: "Aki, Ben and Cho".
        text = _("{first}, {rest}").format(first=name, rest=text)
    return text


def card_japanese(card: Card, *, ascii_only: bool = False) -> str:
    """A card's Japanese name and romaji: ``菖蒲に短冊 ayame ni tanzaku`` (romaji alone in
    ASCII mode)."""
    return card.names.japanese(ascii_only=ascii_only)


def card_words(card: Card) -> str:
    """A card by its code and name in the current language: ``09a Sake Cup`` / ``09a Czarka``."""
    return f"{card.value} {card_name(card)}"


def month_words(month: int) -> str:
    """A suit as people name it: ``Iris, May``."""
    # TRANSLATORS: a month's plant, then the calendar month: "Iris, May".
    return _("{plant}, {month}").format(plant=month_name(month), month=calendar_month(month))


def names(cards: Sequence[Card]) -> str:
    return ", ".join(card_words(c) for c in cards)


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def winners_words(names_: Sequence[str], score: int) -> str:
    """'CPU wins with 3 points', 'You win with 1 point', 'A and B tie with 0 points'."""
    if len(names_) == 1:
        return _by(
            names_[0],
            ngettext("You win with {n} point", "You win with {n} points", score),
            ngettext("{player} wins with {n} point", "{player} wins with {n} points", score),
            n=score,
        )
    return ngettext("{players} tie with {n} point", "{players} tie with {n} points", score).format(
        players=and_list(names_), n=score
    )


def winners_only_words(names_: Sequence[str]) -> str:
    """'CPU wins', 'You win', 'A and B tie' (no score): the end of a match in a replay."""
    if len(names_) == 1:
        return _by(names_[0], _("You win"), _("{player} wins"))
    return _("{players} tie").format(players=and_list(names_))


def match_over_words(names_: Sequence[str]) -> str:
    """'Match over: CPU wins', 'Match over: A and B tie'."""
    return _("Match over: {winners}").format(winners=winners_only_words(names_))


# --- events ------------------------------------------------------------------------------------


#: A card played (or drawn) in the game log's words, said to the reader and about another
#: player, by (drawn, how), as `_card_line` takes them. Whole sentences, each its own message.
_CARD_LINES: dict[tuple[bool, str], tuple[str, str]] = {
    (True, "takes"): (
        N_("You draw {card}, taking {cards}"),
        N_("{player} draws {card}, taking {cards}"),
    ),
    (True, "choosing"): (
        N_("You draw {card}: choosing what it takes"),
        N_("{player} draws {card}: choosing what it takes"),
    ),
    (True, "no_match"): (N_("You draw {card}, no match"), N_("{player} draws {card}, no match")),
    (True, ""): (N_("You draw {card}"), N_("{player} draws {card}")),
    (False, "takes"): (
        N_("You play {card}, taking {cards}"),
        N_("{player} plays {card}, taking {cards}"),
    ),
    (False, "choosing"): (
        N_("You play {card}: choosing what it takes"),
        N_("{player} plays {card}: choosing what it takes"),
    ),
    (False, "no_match"): (N_("You play {card}, no match"), N_("{player} plays {card}, no match")),
    (False, ""): (N_("You play {card}"), N_("{player} plays {card}")),
}


def _card_line(name: str, *, drawn: bool, card: str, taken: str, how: str) -> str:
    """A card played (or drawn) by ``name``: ``how`` says what it did: "takes" (``taken``),
    "choosing", "no_match", "lays" (laid on the field after a choice) or "" (nothing more)."""
    you, other = _CARD_LINES.get((drawn, how), _CARD_LINES[(drawn, "")])
    return _by(name, _(you), _(other), card=card, cards=taken)


def describe_event(
    event: Event, before: State | None, after: State, viewer: int | None = None
) -> str | None:
    """One line for the game log, or None for events not worth a line.

    ``viewer`` is the seat whose eyes the line is for (None: everything is public, as in a
    shared record); a card drawn secretly into another seat's hand is then not named.
    """
    players = after.players

    def who(seat: int) -> str:
        return shown_name(players[seat].name) if 0 <= seat < len(players) else seat_label(seat)

    if isinstance(event, PROOF_EVENTS):
        return None  # a deal's proof: `hanatui verify` and the network table speak of it
    if isinstance(event, MatchStarted):
        versus = shown_name(event.players[0].name) if event.players else ""
        for p in event.players[1:]:
            # TRANSLATORS: the players of a match, one against the next: "You vs CPU".
            versus = _("{first} vs {second}").format(first=versus, second=shown_name(p.name))
        rounds = event.rules.rounds
        return ngettext(
            "{game}, {n} round: {players}", "{game}, {n} rounds: {players}", rounds
        ).format(game=game_title(event.rules.game), n=rounds, players=versus)
    if isinstance(event, DealerDrawn):
        dealer = who(event.dealer)
        if not event.draws:
            return _by(
                dealer,
                _("Coin flip for dealer: You deal first"),
                _("Coin flip for dealer: {player} deals first"),
            )
        last = event.draws[-1]
        draws = "; ".join(f"{who(i)} {c.value}" for i, c in enumerate(last))
        return _by(
            dealer,
            _("Draw for dealer: {draws}. You deal first"),
            _("Draw for dealer: {draws}. {player} deals first"),
            draws=draws,
        )
    if isinstance(event, Dealt):
        return _by(
            who(event.dealer),
            _("-- Round {round}: You deal --"),
            _("-- Round {round}: {player} deals --"),
            round=event.round,
        )
    if isinstance(event, Redeal):
        return _("Misdeal ({reason}): deal again").format(reason=reason_words(event.reason))
    if isinstance(event, CardPlayed | CardDrawn):
        taken = tuple(c for c in event.captured if c is not event.card)
        if event.captured:
            how = "takes" if taken else ""
        else:
            how = "choosing" if after.phase == "choose" else "no_match"
        return _card_line(
            who(event.seat),
            drawn=isinstance(event, CardDrawn),
            card=card_words(event.card),
            taken=names(taken),
            how=how,
        )
    if isinstance(event, CaptureChosen):
        name = who(event.seat)
        if event.target is None:
            return _by(
                name,
                _("You lay {card} on the field"),
                _("{player} lays {card} on the field"),
                card=card_words(event.card),
            )
        taken = tuple(c for c in event.captured if c is not event.card)
        if not taken:
            return _by(
                name, _("You choose: {card}"), _("{player} chooses: {card}"), card=event.card.value
            )
        return _by(
            name,
            _("You choose: {card}, taking {cards}"),
            _("{player} chooses: {card}, taking {cards}"),
            card=event.card.value,
            cards=names(taken),
        )
    if isinstance(event, HikiDeclared):
        return _by(
            who(event.seat),
            _("You declare hiki: You take the four {month} cards"),
            _("{player} declares hiki: {player} takes the four {month} cards"),
            month=month_name(event.month),
        )
    if isinstance(event, KoiKoiCalled):
        name = who(event.seat)
        if event.play_on:
            return _by(
                name,
                _("You play on after raising a yaku (no new koi-koi call)"),
                _("{player} plays on after raising a yaku (no new koi-koi call)"),
            )
        return _by(
            name, _("You call KOI-KOI and play on"), _("{player} calls KOI-KOI and plays on")
        )
    if isinstance(event, ShobuCalled):
        name = who(event.seat)
        if event.auto:
            return _("{player}: yaku on the last move, the round stops (shobu)").format(player=name)
        return _by(name, _("You call SHOBU"), _("{player} calls SHOBU"))
    if isinstance(event, UndoTaken):
        count = after.undos[event.seat] if event.seat < len(after.undos) else 0
        return _by(
            who(event.seat),
            _("You took back a move (undo no. {count})"),
            _("{player} took back a move (undo no. {count})"),
            count=count,
        )
    if isinstance(event, RoundEnded):
        scores = ", ".join(f"{who(i)} {p:+d}" for i, p in enumerate(event.points))
        return _("-- Round {round} over ({reason}): {scores} --").format(
            round=event.round, reason=reason_words(event.reason), scores=scores
        )
    if isinstance(event, DrawnToHand):
        name = who(event.seat)
        if event.reason == "unmatched_draw":
            return _by(
                name,
                _("You draw {card}: no match, kept in hand"),
                _("{player} draws {card}: no match, kept in hand"),
                card=card_words(event.card),
            )
        if viewer is not None and viewer != event.seat:
            return _by(
                name,
                _("You draw a card into the hand, then play two"),
                _("{player} draws a card into the hand, then plays two"),
            )
        return _by(
            name,
            _("You draw {card} into the hand, then play two"),
            _("{player} draws {card} into the hand, then plays two"),
            card=card_words(event.card),
        )
    if isinstance(event, GajiInterrupted):
        aim = _by(
            who(event.seat),
            _("You aim the Gaji at {card}"),
            _("{player} aims the Gaji at {card}"),
            card=card_words(event.target),
        )
        interrupt = _by(
            who(event.by),
            _("You interrupt with the hiki of {month}"),
            _("{player} interrupts with the hiki of {month}"),
            month=month_name(event.month),
        )
        # TRANSLATORS: two sentences of one move: "CPU aims the Gaji at ...; You interrupt ..."
        return _("{first}; {second}").format(first=aim, second=interrupt)
    if isinstance(event, GajiClaimed):
        name = who(event.seat)
        if not event.captured:
            return _by(
                name, _("You take nothing with the Gaji"), _("{player} takes nothing with the Gaji")
            )
        return _by(
            name,
            _("You take {cards} with the Gaji"),
            _("{player} takes {cards} with the Gaji"),
            cards=names(event.captured),
        )
    if isinstance(event, LightningClaimed):
        name, cards = who(event.seat), names(event.captured)
        if not event.captured:
            return _by(
                name,
                _("You take nothing (the odd Willow)"),
                _("{player} takes nothing (the odd Willow)"),
            )
        if all(c.month == 11 for c in event.captured):
            return _by(
                name,
                _("You take {cards} (the odd Willow)"),
                _("{player} takes {cards} (the odd Willow)"),
                cards=cards,
            )
        if len(event.captured) == 1:
            return _by(
                name,
                _("You take {cards} (the odd card of the month the Lightning paired with)"),
                _("{player} takes {cards} (the odd card of the month the Lightning paired with)"),
                cards=cards,
            )
        return _by(
            name,
            _("You take {cards} (the cards left of the month the Lightning paired with)"),
            _("{player} takes {cards} (the cards left of the month the Lightning paired with)"),
            cards=cards,
        )
    if isinstance(event, MatchEnded):
        best = max(event.totals) if event.totals else 0
        return _("-- Match over: {winners} --").format(
            winners=winners_words([who(i) for i in event.winners], best)
        )
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


#: A card of a move, said to the reader and about another player, by (drawn, how): ``how``
#: as in `_card_line`, "" for the card alone. Each a whole message: a move's words differ by
#: language whether the card was played or drawn.
_MOVE_PARTS: dict[tuple[bool, str], tuple[str, str]] = {
    (True, "takes"): (N_("draw {card}, take {cards}"), N_("draws {card}, takes {cards}")),
    (True, "choosing"): (
        N_("draw {card}, choosing what it takes"),
        N_("draws {card}, choosing what it takes"),
    ),
    (True, "no_match"): (N_("draw {card}, no match"), N_("draws {card}, no match")),
    (True, "lays"): (
        N_("draw {card}, lay it on the field"),
        N_("draws {card}, lays it on the field"),
    ),
    (True, ""): (N_("draw {card}"), N_("draws {card}")),
    (False, "takes"): (N_("play {card}, take {cards}"), N_("plays {card}, takes {cards}")),
    (False, "choosing"): (
        N_("play {card}, choosing what it takes"),
        N_("plays {card}, choosing what it takes"),
    ),
    (False, "no_match"): (N_("play {card}, no match"), N_("plays {card}, no match")),
    (False, "lays"): (
        N_("play {card}, lay it on the field"),
        N_("plays {card}, lays it on the field"),
    ),
    (False, ""): (N_("play {card}"), N_("plays {card}")),
}


def _move_part(name: str, *, drawn: bool, card: str, taken: str, how: str) -> str:
    """A card of a move, said without its player (`last_move` names them once): ``how`` as in
    `_card_line`."""
    you, other = _MOVE_PARTS.get((drawn, how), _MOVE_PARTS[(drawn, "")])
    return _by(name, _(you), _(other), card=card, cards=taken)


def last_move(
    events: Sequence[Event],
    states: Sequence[State],
    upto: int,
    viewer: int | None = None,
    *,
    brief: bool = False,
) -> str:
    """The move that ``events[upto]`` ends (or is part of), in one sentence for the caption
    under the board: ``CPU plays 08d Pampas chaff, takes 08c; draws 03a Curtain, no match``;
    ``brief``: its cards by their codes alone (``CPU plays 08d, takes 08c; draws 03a, no
    match``), for a caption with no room for their names.

    ``states[i]`` is the state after ``events[i]``; ``viewer`` as in `describe_event` (a card
    drawn secretly into another seat's hand is not named). The table and the replay viewer
    both say their last move with this.
    """
    said_card: Callable[[Card], str] = (lambda card: card.value) if brief else card_words
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
    # each card of the move: [drawn, card, cards taken, how], worded once the move is read
    cards: list[list[Any]] = []
    parts: list[str | list[Any]] = []
    for i in range(start, upto + 1):
        event = events[i]
        after = states[i]
        if isinstance(event, CardPlayed | CardDrawn):
            taken = [c.value for c in event.captured if c != event.card]
            if event.captured:
                how = "takes" if taken else ""
            elif after.phase != "choose":
                how = "no_match"
            else:
                how = "choosing" if i == upto else ""
            part = [isinstance(event, CardDrawn), said_card(event.card), " ".join(taken), how]
            cards.append(part)
            parts.append(part)
        elif isinstance(event, CaptureChosen) and cards:
            part = cards[-1]
            if event.target is None:
                part[3] = "lays"
            else:
                taken = [c.value for c in event.captured if c != event.card]
                if taken:
                    part[2], part[3] = " ".join(taken), "takes"
        elif isinstance(event, DrawnToHand):
            hidden = viewer is not None and viewer != event.seat
            if event.reason == "unmatched_draw":
                if hidden:
                    text = _by(
                        name,
                        _("draw a card, no match: kept in hand"),
                        _("draws a card, no match: kept in hand"),
                    )
                else:
                    text = _by(
                        name,
                        _("draw {card}, no match: kept in hand"),
                        _("draws {card}, no match: kept in hand"),
                        card=said_card(event.card),
                    )
            elif hidden:
                text = _by(name, _("draw a card into the hand"), _("draws a card into the hand"))
            else:
                text = _by(
                    name,
                    _("draw {card} into the hand"),
                    _("draws {card} into the hand"),
                    card=said_card(event.card),
                )
            parts.append(text)
        else:
            line = describe_event(event, states[i - 1] if i else None, after, viewer)
            if line:
                parts.append(line)
    said = [
        p if isinstance(p, str) else _move_part(name, drawn=p[0], card=p[1], taken=p[2], how=p[3])
        for p in parts
    ]
    moves = said[0] if said else ""
    for step in said[1:]:
        # TRANSLATORS: the steps of one move: "plays 08d Pampas chaff, no match; draws ..."
        moves = _("{first}; {then}").format(first=moves, then=step)
    # TRANSLATORS: a player and what they did in one move: "CPU plays ..., no match; draws ..."
    said_to = _by(name, _("You {moves}"), _("{player} {moves}"), moves=moves)
    # a language that says "You play" as "Zagrywasz" starts the sentence with the move
    return said_to[:1].upper() + said_to[1:] if is_you(name) else said_to


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


#: What a seat's decision is called while its cards are still hidden (the replay's future
#: moves): said to the reader, and of another player.
_FUTURE_VERBS: dict[type, tuple[str, str]] = {
    CardPlayed: (N_("You play a card"), N_("{player} plays a card")),
    CardDrawn: (N_("You draw"), N_("{player} draws")),
    CaptureChosen: (N_("You choose a capture"), N_("{player} chooses a capture")),
    HikiDeclared: (N_("You declare hiki"), N_("{player} declares hiki")),
    DrawnToHand: (N_("You draw a card into the hand"), N_("{player} draws a card into the hand")),
    GajiInterrupted: (N_("You aim the Gaji"), N_("{player} aims the Gaji")),
    GajiClaimed: (N_("You claim with the Gaji"), N_("{player} claims with the Gaji")),
    LightningClaimed: (N_("You take an odd card"), N_("{player} takes an odd card")),
    KoiKoiCalled: (N_("You decide"), N_("{player} decides")),
    ShobuCalled: (N_("You decide"), N_("{player} decides")),
}
_FUTURE_MOVE = (N_("You move"), N_("{player} moves"))


def future_words(event: Event, states: Sequence[State], index: int) -> str:
    """An event as a seat may know of it before it happens: who moves, not with which card."""
    if isinstance(event, PROOF_EVENTS):
        return ""  # a deal's proof: no line (`describe_event`)
    seat = getattr(event, "seat", None)
    players = states[index].players
    if isinstance(seat, int) and 0 <= seat < len(players):
        you, other = _FUTURE_VERBS.get(type(event), _FUTURE_MOVE)
        return _by(players[seat].name, _(you), _(other))
    before = states[index - 1] if index else None
    return describe_event(event, before, states[index]) or ""


def round_summary(ended: RoundEnded | None, players: Sequence[Any], round_no: int) -> str:
    """One line for a whole round: who scored what."""
    if ended is None:
        return _("Round {round}: not finished in this log").format(round=round_no)
    if not any(ended.points):
        reason = reason_words(ended.reason)
        if ended.reason == "exhaustive_draw":  # says already that nobody scores
            return _("Round {round}: {reason}").format(round=round_no, reason=reason)
        return _("Round {round}: nobody scores ({reason})").format(round=round_no, reason=reason)
    scores = ", ".join(f"{shown_name(players[i].name)} {p:+d}" for i, p in enumerate(ended.points))
    return _("Round {round}: {scores}").format(round=round_no, scores=scores)


def month_of_round(state: State | Any) -> str:
    """The month a koi-koi round is named after: ``Pine, January`` for round 1."""
    if state.round <= 0:
        return ""
    return month_words((state.round - 1) % 12 + 1)


# --- score lines ---------------------------------------------------------------------------


def _called_words(name: str, n: int) -> str:
    """'Aki called koi-koi once', 'twice', '3 times'."""
    if n == 1:
        return _by(name, _("You called koi-koi once"), _("{player} called koi-koi once"))
    if n == 2:
        return _by(name, _("You called koi-koi twice"), _("{player} called koi-koi twice"))
    return _by(
        name,
        ngettext("You called koi-koi {n} time", "You called koi-koi {n} times", n),
        ngettext("{player} called koi-koi {n} time", "{player} called koi-koi {n} times", n),
        n=n,
    )


def _was_called_words(n: int) -> str:
    """'koi-koi was called once', 'twice', '3 times'."""
    if n == 1:
        return _("koi-koi was called once")
    if n == 2:
        return _("koi-koi was called twice")
    return ngettext("koi-koi was called {n} time", "koi-koi was called {n} times", n).format(n=n)


class _Whose:
    """Players named from the seats of a breakdown, teams pooled (Sakura)."""

    def __init__(self, rules: Rules, names: Sequence[str]) -> None:
        self.rules = rules
        self.names = tuple(names)

    def one(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.names):
            return _("a player") if seat is None else seat_label(seat)
        return self.names[seat]

    def unit(self, seat: int) -> tuple[str, bool]:
        """The player (or the team) ``seat`` scores with, and whether that is more than one."""
        members = game_for(self.rules).unit_of(self.rules, len(self.names), seat)
        if len(members) == 1:
            return self.one(seat), False
        return and_list([self.one(s) for s in members]), True

    def holds(self, seat: int, you: str, one: str, team: str, **values: object) -> str:
        """The sentence of what ``seat``'s unit holds: ``you`` (already translated) for the
        reader, ``one`` for another player, ``team`` for a team (``{players}``)."""
        who, is_team = self.unit(seat)
        if is_team:
            return team.format(players=who, **values)
        return _by(who, you, one, **values)


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
        n = len(line.cards)
        if team:
            if not counts:
                return _("the team's card points")
            return ngettext(
                "the team's card points ({n} card)", "the team's card points ({n} cards)", n
            ).format(n=n)
        if not counts:
            return _("card points")
        return ngettext("card points ({n} card)", "card points ({n} cards)", n).format(n=n)
    if kind == "par":
        n = len(names)
        return ngettext(
            "par: {points} shared by {n} player", "par: {points} shared by {n} players", n
        ).format(points=-line.points * n, n=n)
    if kind in ("yaku", "penalty") and game_for(rules).yaku_costs_others and what is not None:
        holder = owner if kind == "yaku" else seat if seat is not None else owner
        return whose.holds(
            holder,
            _("You hold {yaku}"),
            _("{player} holds {yaku}"),
            # TRANSLATORS: {players} is a team: "Aki and Cho hold Spring".
            _("{players} hold {yaku}"),
            yaku=yaku_title(what),
        )
    if kind == "yaku" and what is not None:
        name = yaku_name(what)
        if what == "teshi" and line.cards:
            return _("{yaku} ({romaji}): the four {month} cards in hand").format(
                yaku=yaku_title(what), romaji=name.romaji, month=month_name(line.cards[0].month)
            )
        if what == "kuttsuki":
            return _("{yaku} ({romaji}): four pairs in hand").format(
                yaku=yaku_title(what), romaji=name.romaji
            )
        text = yaku_title(what)
        if what == "tsukifuda" and line.cards:
            # TRANSLATORS: a yaku and the month it was made in: "Month Cards (Pine)".
            text = _("{yaku} ({month})").format(yaku=text, month=month_name(line.cards[0].month))
        if seat is not None and seat != owner:
            # TRANSLATORS: a yaku another player made: "Ben's Three Brights".
            text = _by(whose.one(seat), _("your {yaku}"), _("{player}'s {yaku}"), yaku=text)
        if line.value:
            text = ngettext(
                "{yaku}: {n} point after a koi-koi call",
                "{yaku}: {n} points after a koi-koi call",
                line.points,
            ).format(yaku=text, n=line.points)
        return text
    if kind == "multiplier":
        if what == "yaku_by_players":
            n = len(names)
            return ngettext(
                "yaku count once per opponent ({n} player)",
                "yaku count once per opponent ({n} players)",
                n,
            ).format(n=n)
        if what == "yaku_paid_by_each":
            return _("yaku paid by each other player")
        if what == "koikoi_calls":
            return _called_words(whose.one(owner), value)
        if what == "double_at_7":
            threshold = getattr(rules, "double_threshold", 7)
            return ngettext(
                "{n} point, {threshold} or more", "{n} points, {threshold} or more", value
            ).format(n=value, threshold=threshold)
        if what in ("self_flat", "opponent_flat"):
            return _by(whose.one(seat), _("You called koi-koi"), _("{player} called koi-koi"))
        if what == "opponent_count":
            return _called_words(whose.one(seat), value)
        if what == "any_flat":
            return _("koi-koi was called")
        if what == "any_count":
            return _was_called_words(value)
        if what == "field_brights":
            return ngettext(
                "{n} bright on the first field", "{n} brights on the first field", value
            ).format(n=value)
    if kind == "bonus":
        if what == "koikoi_calls":
            return _called_words(whose.one(owner), value)
        if what == "dealer_privilege":
            return _("the dealer's privilege on a draw (oya-ken)")
        if what == "teyaku":
            n = len(line.cards)
            return ngettext(
                "teyaku: {n} chaff in the opening hand", "teyaku: {n} chaff in the opening hand", n
            ).format(n=n)
        if what == "compensation":
            return ngettext(
                "compensation: only {n} card taken", "compensation: only {n} cards taken", value
            ).format(n=value)
        if what == "victory":
            won = line.points
            if won == 1:
                return _("a victory: the best score, {ahead} ahead").format(ahead=value)
            if won == 2:
                return _("a double victory: the best score, {ahead} ahead").format(ahead=value)
            if won == 3:
                return _("a triple victory: the best score, {ahead} ahead").format(ahead=value)
            return ngettext(
                "{n} victory: the best score, {ahead} ahead",
                "{n} victories: the best score, {ahead} ahead",
                won,
            ).format(n=won, ahead=value)
    if kind == "penalty":
        payee = whose.one(seat)
        if what == "pays_yaku":
            return _by(payee, _("pays your yaku"), _("pays {player}'s yaku"))
        if what == "pays_teyaku":
            return _by(payee, _("pays your teyaku"), _("pays {player}'s teyaku"))
        if what == "pays_compensation":
            return _by(payee, _("pays your compensation"), _("pays {player}'s compensation"))
        if what == "zero_sum_paid":
            return _by(payee, _("paid to You"), _("paid to {player}"))
    if kind == "note":
        if what == "willow_row_cancel_all" and seat is not None:
            return whose.holds(
                seat,
                _("You hold the four Willows: no yaku counts this round"),
                _("{player} holds the four Willows: no yaku counts this round"),
                _("{players} hold the four Willows: no yaku counts this round"),
            )
        if what == "willow_row_owner_only" and seat is not None:
            return whose.holds(
                seat,
                _("You hold the four Willows: the others' yaku do not count"),
                _("{player} holds the four Willows: the others' yaku do not count"),
                _("{players} hold the four Willows: the others' yaku do not count"),
            )
        if what == "fuke":
            threshold = getattr(rules, "fuke_threshold", 0)
            return _by(
                whose.one(seat),
                ngettext(
                    "fuke: You took only {n} card point ({threshold} or fewer), so nobody scores",
                    "fuke: You took only {n} card points ({threshold} or fewer), so nobody scores",
                    value,
                ),
                ngettext(
                    "fuke: {player} took only {n} card point ({threshold} or fewer), "
                    "so nobody scores",
                    "fuke: {player} took only {n} card points ({threshold} or fewer), "
                    "so nobody scores",
                    value,
                ),
                n=value,
                threshold=threshold,
            )
        if what == "lucky_not_multiplied":
            return _("a lucky hand is never multiplied")
        if what == "last_yaku_scores":
            return _("exhaustive draw: the last player to make a yaku scores it")
        if what == "exhaustive_draw":
            return _("exhaustive draw: nobody scores")
        if what == "both_lucky":
            return _("both players hold a lucky hand: a draw")
        if what == "zero_sum_cap":
            return _by(
                whose.one(seat),
                _("capped: You have only {left} left"),
                _("capped: {player} has only {left} left"),
                left=value,
            )
        if what == "opponent_won":
            return _by(whose.one(seat), _("You won the round"), _("{player} won the round"))
        if what == "team_pool" and seat is not None:
            return _("{players} pool their captures").format(players=whose.unit(seat)[0])
        if what == "victory_scoring":
            return ngettext(
                "victory scoring: the round's {n} point become victories",
                "victory scoring: the round's {n} points become victories",
                value,
            ).format(n=value)
        if what == "no_victory_tie":
            return _("no victory: a tie for the best score")
        if what == "no_victory":
            return _("no victory: not the best score")
    return (what or kind).replace("_", " ")


def score_line_cell(line: ScoreLine) -> str:
    """A line's number in a table of scores: points added or taken, ``×2`` for a multiplier,
    ``held`` for a Sakura yaku (which costs the others), nothing for a note that adds nothing."""
    if line.kind == "multiplier":
        return f"×{line.factor}"
    if line.kind == "yaku" and not line.points and line.value:
        # TRANSLATORS: a cell of the score table: the Sakura yaku its holder holds (short).
        return pgettext("score", "held")
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
        return _("{line}: each opponent loses {n}").format(line=words, n=line.value)
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
            return _("{yaku} (others -{cost} each)").format(
                yaku=sep.join(n for n, _p in self.held), cost=cost
            )
        return sep.join(f"{n} {p}" for n, p in self.held)

    def text(self, limit: int = 4, *, sep: str = " · ", dash: str = "-") -> str:
        held = self.held_text(sep)
        near = sep.join(f"{n} {h}/{k}" for n, h, k in self.near[:limit]) or dash
        if held:
            # TRANSLATORS: the yaku a player holds, then those one or two cards away.
            return _("yaku  {held}   near  {near}").format(held=held, near=near)
        # TRANSLATORS: the yaku one or two cards away ("Red Ribbons 2/3").
        return _("near  {near}").format(near=near)


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
        held=tuple((pgettext("yaku", h.name), h.points) for h in game.yaku_held(rules, mine)),
        near=tuple(
            (pgettext("yaku", n), have, need)
            for n, have, need in game.near_yaku(rules, mine, taken, limit)
        ),
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
    "card_words",
    "describe_event",
    "future_words",
    "game_title",
    "is_you",
    "match_over_words",
    "month_of_round",
    "month_words",
    "near_of",
    "reason_words",
    "round_summary",
    "score_line_cell",
    "score_line_text",
    "score_line_words",
    "seat_label",
    "shown_name",
    "winners_only_words",
    "winners_words",
]
