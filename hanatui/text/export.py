"""Sharing games: a readable text record, an anonymised copy, a copy redacted for one seat.

Comments travel with every copy: the text record shows each under the move it is on (game
comments at the top), an anonymised copy keeps them word for word, and a copy for one seat keeps
only that seat's own."""

from __future__ import annotations

from msgspec.structs import replace

from core.cards import Card
from core.errors import HanaError
from core.events import (
    CaptureChosen,
    CardDrawn,
    CardPlayed,
    Dealt,
    HikiDeclared,
    KoiKoiCalled,
    MatchStarted,
    RoundEnded,
    ShobuCalled,
)
from core.logfile import Comment, Header, LogRead, encode_log
from core.players import Player
from core.redact import redact
from core.rules import find_rules
from core.text import printable


def anonymised_players(players: tuple[Player, ...]) -> tuple[Player, ...]:
    """Names replaced by their seat: "Player 1" for people, "Computer 2" for bots."""
    return tuple(
        replace(p, name=f"{'Computer' if p.kind == 'bot' else 'Player'} {i + 1}")
        for i, p in enumerate(players)
    )


def anonymise(log: LogRead) -> bytes:
    """The log with every player name replaced (see `anonymised_players`). A copy redacted for
    one seat stays redacted: the cards its reader filled in are blanked again. Comments are kept
    as they are (their text is the players' own words: names they typed in it stay)."""
    players = anonymised_players(log.header.players)
    events = list(log.events)
    first = events[0]
    assert isinstance(first, MatchStarted)
    events[0] = replace(first, players=players)
    header = replace(log.header, players=players, anonymised=True)
    if header.redacted_for is not None:
        events = redact(events, header.redacted_for)
    return encode_log(header, events, log.comments)


def player_view(log: LogRead, seat: int) -> bytes:
    """The log with every card ``seat`` could not see left out (null): the other hands and the
    draw pile at each deal, and draws into another seat's hand. Of the comments, only ``seat``'s
    own are kept. A log already redacted for one seat can only be redacted for that seat again
    (its other cards were never known)."""
    redacted_for = log.header.redacted_for
    if redacted_for is not None and redacted_for != seat:
        raise HanaError(
            f"this log is already redacted for seat {redacted_for + 1}: it cannot show what "
            f"seat {seat + 1} saw"
        )
    header: Header = replace(log.header, redacted_for=seat)
    own = [c for c in log.comments if c.seat == seat]
    return encode_log(header, redact(log.events, seat), own)


def _options_changed(log: LogRead) -> list[str]:
    """The options that differ from the game's standard rules, in words (``Scoring: zero-sum:
    card points less par``)."""
    from hanatui.text.options import option_docs, option_value_words

    rules = log.header.rules
    standard = find_rules(rules.game).options()
    titles = {doc.key: doc.title for doc in option_docs(rules.game)}
    return [
        f"{titles.get(k, k)}: {option_value_words(rules.game, k, v)}"
        for k, v in rules.options().items()
        if standard[k] != v and k != "rounds"
    ]


def text_record(log: LogRead) -> str:
    """A readable record: the header, then round by round each turn in words with card codes,
    each comment under the move it is on."""
    from hanatui.text.words import describe_event, game_title, plural, score_line_text

    h = log.header
    names = [p.name for p in h.players]
    state0 = log.states[0]
    lines = [
        f"{game_title(h.rules.game)} — {len(h.players)} players, {plural(h.rules.rounds, 'round')}",
        "Players: "
        + ", ".join(
            f"{i + 1}. {p.name}" + (f" (computer, {p.bot})" if p.kind == "bot" else "")
            for i, p in enumerate(h.players)
        ),
    ]
    if h.created:
        lines.append(f"Played: {h.created}")
    changed = _options_changed(log)
    lines.append("Rules: standard" + (f", with {'; '.join(changed)}" if changed else ""))
    if h.redacted_for is not None:
        lines.append(
            f"Redacted for seat {h.redacted_for + 1}: cards that player could not see are unknown"
        )
    on_move: dict[int, list[Comment]] = {}
    for c in log.comments:
        if c.after is None:
            lines.append(f"Comment by {_author(h.players, c)}: {printable(c.text)}")
        else:
            on_move.setdefault(c.after, []).append(c)

    def comments_after(index: int, indent: str) -> None:
        for c in on_move.get(index, ()):
            lines.append(f"{indent}> {_author(h.players, c)}: {printable(c.text)}")

    comments_after(0, "  ")
    lines.append("")
    before = state0
    for index, (event, after) in enumerate(
        zip(log.events[1:], log.states[1:], strict=True), start=1
    ):
        if isinstance(event, Dealt):
            lines.append("")
            lines.append(f"Round {event.round} — {after.players[event.dealer].name} deals")
            lines.append("  field: " + _cards(after.field))
            for seat, hand in enumerate(after.hands):
                if h.redacted_for is None or seat == h.redacted_for:
                    lines.append(f"  {after.players[seat].name} holds: {_cards(hand)}")
            comments_after(index, "  ")
            before = after
            continue
        text = describe_event(event, before, after, h.redacted_for)
        if text:
            prefix = ""
            if isinstance(
                event,
                (CardPlayed, CardDrawn, CaptureChosen, HikiDeclared, KoiKoiCalled, ShobuCalled),
            ):
                prefix = f"  T{before.turn_no:<3}"
            else:
                prefix = "  "
            lines.append(prefix + text)
        comments_after(index, "       ")
        if isinstance(event, RoundEnded):
            for seat_score in event.breakdown:
                name = after.players[seat_score.seat].name
                parts = [
                    score_line_text(line, seat_score.seat, h.rules, names)
                    for line in seat_score.lines
                ]
                lines.append(f"    {name}: {'; '.join(parts)}; round {seat_score.points:+d}")
            lines.append(
                "  totals: "
                + ", ".join(f"{after.players[i].name} {t}" for i, t in enumerate(event.totals))
            )
        before = after
    return "\n".join(lines) + "\n"


def _author(players: tuple[Player, ...], comment: Comment) -> str:
    """Who wrote a comment: the player's name and seat (from 1), or "a reviewer"."""
    if comment.seat is None or comment.seat >= len(players):
        return "a reviewer"
    return f"{players[comment.seat].name} (seat {comment.seat + 1})"


def _cards(mask: int) -> str:
    from core.cards import cards_of

    return ", ".join(c.description for c in cards_of(mask)) or "(none)"


__all__ = ["Card", "anonymise", "player_view", "text_record"]
