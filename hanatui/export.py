"""Sharing games: a readable text record, an anonymised copy, a copy redacted for one seat."""

from __future__ import annotations

from msgspec.structs import replace

from core.cards import Card
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
from core.logfile import Header, LogRead, encode_log
from core.players import Player
from core.redact import redact
from core.rules import find_rules


def anonymised_players(players: tuple[Player, ...]) -> tuple[Player, ...]:
    """Names replaced by their seat: "Player 1" for people, "Computer 2" for bots."""
    return tuple(
        replace(p, name=f"{'Computer' if p.kind == 'bot' else 'Player'} {i + 1}")
        for i, p in enumerate(players)
    )


def anonymise(log: LogRead) -> bytes:
    """The log with every player name replaced (see `anonymised_players`)."""
    players = anonymised_players(log.header.players)
    events = list(log.events)
    first = events[0]
    assert isinstance(first, MatchStarted)
    events[0] = replace(first, players=players)
    header = replace(log.header, players=players, anonymised=True)
    return encode_log(header, events)


def player_view(log: LogRead, seat: int) -> bytes:
    """The log with every card ``seat`` could not see at each deal left out (null)."""
    header: Header = replace(log.header, redacted_for=seat)
    return encode_log(header, redact(log.events, seat))


def _options_changed(log: LogRead) -> list[str]:
    rules = log.header.rules
    standard = find_rules(rules.game)
    return [
        f"{k}={v}"
        for k, v in rules.options().items()
        if getattr(standard, k) != v and k != "rounds"
    ]


def text_record(log: LogRead) -> str:
    """A readable record: the header, then round by round each turn in words with card codes."""
    from hanatui.words import describe_event, game_title

    h = log.header
    state0 = log.states[0]
    lines = [
        f"{game_title(h.rules.game)} — {len(h.players)} players, {h.rules.rounds} rounds",
        "Players: "
        + ", ".join(
            f"{i + 1}. {p.name}" + (f" (computer, {p.bot})" if p.kind == "bot" else "")
            for i, p in enumerate(h.players)
        ),
    ]
    if h.created:
        lines.append(f"Played: {h.created}")
    changed = _options_changed(log)
    lines.append("Rules: standard" + (f", with {', '.join(changed)}" if changed else ""))
    if h.redacted_for is not None:
        lines.append(
            f"Redacted for seat {h.redacted_for + 1}: cards that player could not see are unknown"
        )
    lines.append("")
    before = state0
    for event, after in zip(log.events[1:], log.states[1:]):
        if isinstance(event, Dealt):
            lines.append("")
            lines.append(f"Round {event.round} — {after.players[event.dealer].name} deals")
            lines.append("  field: " + _cards(after.field))
            for seat, hand in enumerate(after.hands):
                if h.redacted_for is None or seat == h.redacted_for:
                    lines.append(f"  {after.players[seat].name} holds: {_cards(hand)}")
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
        if isinstance(event, RoundEnded):
            for seat_score in event.breakdown:
                name = after.players[seat_score.seat].name
                parts = [
                    f"{line.label} {line.points:+d}"
                    if line.kind != "multiplier"
                    else f"{line.label} x{line.factor}"
                    for line in seat_score.lines
                ]
                lines.append(f"    {name}: {'; '.join(parts)} = {seat_score.points:+d}")
            lines.append(
                "  totals: "
                + ", ".join(f"{after.players[i].name} {t}" for i, t in enumerate(event.totals))
            )
        before = after
    return "\n".join(lines) + "\n"


def _cards(mask: int) -> str:
    from core.cards import cards_of

    return ", ".join(c.description for c in cards_of(mask)) or "(none)"


__all__ = ["Card", "anonymise", "player_view", "text_record"]
