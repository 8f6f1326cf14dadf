"""Sharing games: a readable text record, an anonymised copy, a copy redacted for one seat.

Comments travel with every copy: the text record shows each under the move it is on (game
comments at the top), an anonymised copy keeps them word for word, and a copy for one seat keeps
only that seat's own.

The text record is written for a reader, in the language in use when it is made; the copies are
logs, machine data, the same bytes in every language (the names that replace the players' are
English: a log holds no words of a language)."""

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
from hanatui.text.i18n import _, ngettext, pgettext
from hanatui.text.names import card_name
from hanatui.text.words import shown_name


def anonymised_players(players: tuple[Player, ...]) -> tuple[Player, ...]:
    """Names replaced by their seat: "Player 1" for people, "Computer 2" for bots (in English in
    every language: the names go into a log)."""
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
            _(
                "this log is already redacted for seat {redacted}: it cannot show what seat "
                "{seat} saw"
            ).format(redacted=redacted_for + 1, seat=seat + 1)
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
    # the engine marks its options' words for translation (core.messages.N_)
    return [
        _("{option}: {value}").format(
            option=_(titles.get(k, k)), value=_(option_value_words(rules.game, k, v))
        )
        for k, v in rules.options().items()
        if standard[k] != v and k != "rounds"
    ]


def _player_entry(seat: int, player: Player) -> str:
    if player.kind == "bot":
        # TRANSLATORS: a computer seat in the text export's list of players; {level} is the
        # computer's level as the command line names it (easy, normal, strong...)
        return _("{seat}. {name} (computer, {level})").format(
            seat=seat + 1, name=shown_name(player.name), level=player.bot
        )
    return _("{seat}. {name}").format(seat=seat + 1, name=shown_name(player.name))


def _turn(turn_no: int) -> str:
    # TRANSLATORS: the turn number in front of a move in the text export (T1, T12)
    turn = pgettext("text export", "T{turn}").format(turn=turn_no)
    return f"{turn:<4}"


def text_record(log: LogRead) -> str:
    """A readable record, in the language in use: the header, then round by round each turn in
    words with card codes, each comment under the move it is on."""
    from hanatui.text.words import describe_event, game_title, score_line_text

    h = log.header
    names = [shown_name(p.name) for p in h.players]
    state0 = log.states[0]
    lines = [
        # TRANSLATORS: the text export's first line: Koi-koi — 2 players, 12 rounds
        _("{game} — {players}, {rounds}").format(
            game=game_title(h.rules.game),
            players=ngettext("{n} player", "{n} players", len(h.players)).format(n=len(h.players)),
            rounds=ngettext("{n} round", "{n} rounds", h.rules.rounds).format(n=h.rules.rounds),
        ),
        _("Players: {players}").format(
            players=", ".join(_player_entry(i, p) for i, p in enumerate(h.players))
        ),
    ]
    if h.created:
        lines.append(_("Played: {date}").format(date=h.created))
    changed = _options_changed(log)
    if changed:
        lines.append(_("Rules: standard, with {changes}").format(changes="; ".join(changed)))
    else:
        lines.append(_("Rules: standard"))
    if h.redacted_for is not None:
        lines.append(
            _("Redacted for seat {seat}: cards that player could not see are unknown").format(
                seat=h.redacted_for + 1
            )
        )
    on_move: dict[int, list[Comment]] = {}
    for c in log.comments:
        if c.after is None:
            lines.append(
                _("Comment by {author}: {text}").format(
                    author=_author(h.players, c), text=printable(c.text)
                )
            )
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
            lines.append(
                _("Round {round} — {dealer} deals").format(
                    round=event.round, dealer=shown_name(after.players[event.dealer].name)
                )
            )
            lines.append("  " + _("field: {cards}").format(cards=_cards(after.field)))
            for seat, hand in enumerate(after.hands):
                if h.redacted_for is None or seat == h.redacted_for:
                    lines.append(
                        "  "
                        + _("{player} holds: {cards}").format(
                            player=shown_name(after.players[seat].name), cards=_cards(hand)
                        )
                    )
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
                prefix = "  " + _turn(before.turn_no)
            else:
                prefix = "  "
            lines.append(prefix + text)
        comments_after(index, "       ")
        if isinstance(event, RoundEnded):
            for seat_score in event.breakdown:
                name = shown_name(after.players[seat_score.seat].name)
                parts = [
                    score_line_text(line, seat_score.seat, h.rules, names)
                    for line in seat_score.lines
                ]
                # TRANSLATORS: a seat's score lines of a round, then its points for the round
                lines.append(
                    "    "
                    + _("{player}: {lines}; round {points}").format(
                        player=name, lines="; ".join(parts), points=f"{seat_score.points:+d}"
                    )
                )
            lines.append(
                "  "
                + _("totals: {totals}").format(
                    totals=", ".join(
                        f"{shown_name(after.players[i].name)} {t}"
                        for i, t in enumerate(event.totals)
                    )
                )
            )
        before = after
    return "\n".join(lines) + "\n"


def _author(players: tuple[Player, ...], comment: Comment) -> str:
    """Who wrote a comment: the player's name and seat (from 1), or "a reviewer"."""
    if comment.seat is None or comment.seat >= len(players):
        return _("a reviewer")
    return _("{name} (seat {seat})").format(
        name=shown_name(players[comment.seat].name), seat=comment.seat + 1
    )


def _cards(mask: int) -> str:
    """The cards of ``mask`` by code and name in the language in use: ``01a Crane, 01c Pine
    chaff``."""
    from core.cards import cards_of

    named = [f"{c.value} {card_name(c)}" for c in cards_of(mask)]
    # TRANSLATORS: an empty hand or field in the text export
    return ", ".join(named) or _("(none)")


__all__ = ["Card", "anonymise", "player_view", "text_record"]
