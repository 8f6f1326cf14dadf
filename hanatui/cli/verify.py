"""`hanatui verify`: check that logs read, fold and score as the engine says, and that every
deal is the published shuffle of its committed seed (docs/deals.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hanatui.cli.common import EXIT_INVALID, EXIT_OK, file_error
from hanatui.text.i18n import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    import argparse

    from core.logfile import LogRead, Origin
    from core.proof import DealProof

#: Why a deal is not proved, as a sentence (`core.proof.Reason`); ``{seat}`` names a seat.
REASON_WORDS = {
    "no_commitment": N_("no commitment came before it"),
    "in_play": N_("its round is still being played, so the secret is not revealed yet"),
    "not_revealed": N_("the table never revealed its secret"),
    "second_commitment": N_("a second commitment came before the deal"),
    "round_differs": N_("its proof names another round"),
    "entropy_twice": N_("{seat} gave entropy twice"),
    "entropy_alone": N_("entropy was given with no commitment before it"),
    "reveal_alone": N_("a secret was revealed with no committed deal before it"),
    "secret_differs": N_("the revealed secret does not match the commitment"),
    "entropy_missing": N_("the seed omits the contribution of {seat}, who gave none"),
    "entropy_omitted": N_(
        "the deck is the shuffle of a seed that omits the contribution of {seat}"
    ),
    "deck_changed": N_("the cards are not the shuffle of the seed (they were changed)"),
}
#: What a chance event is, for a line of the report.
KIND_WORDS = {
    "deal": N_("round {round}, deal {deal}"),
    "dealer_draw": N_("the draw for the first dealer"),
}
#: A chance event's verdict, by its status.
STATUS_WORDS = {
    "proved": N_("{what}: proved, with the entropy of {who}"),
    "proved_alone": N_("{what}: proved (the table's secret alone: no person at the table)"),
    "unproved": N_("{what}: not proved, {why}"),
    "pending": N_("{what}: not proved yet, {why}"),
    "withheld": N_("{what}: NOT PROVED, {why}"),
    "forged": N_("{what}: FORGED, {why}"),
    "before_fork": N_(
        "{what}: dealt in {source}, which this game was played on from: its secret is revealed "
        "there, not here"
    ),
    "reshuffled": N_(
        "{what}: not proved, its unseen cards were reshuffled when this game was played on "
        "from {source}"
    ),
    "unproved_at_source": N_(
        "{what}: not proved, dealt in {source}, which this game was played on from, without "
        "a proof there"
    ),
}
#: The one line for a log written before the proofs.
BEFORE_PROOFS = N_("its deals carry no proof (written before format version {version})")
#: The one line for a log without any proof (a program that deals without them).
NO_PROOFS = N_("its deals carry no proof (no commitment)")
#: Marks a line about a player's view.
REDACTED_NOTE = N_(" (the cards this player's view shows)")
#: Added to a proved deal's line when the table made a player's entropy (away at a network table).
BY_TABLE_NOTE = N_("; the table made the entropy of {who}, who gave none (away from the table)")
#: A seat with the player's name, in the report.
SEAT_WORDS = N_("{name} ({seat})")


def _who(seat: int, names: Sequence[str]) -> str:
    from core.text import printable

    # TRANSLATORS: a seat at the table, counted from 1
    label = _("seat {n}").format(n=seat + 1)
    if 0 <= seat < len(names):
        return _(SEAT_WORDS).format(name=printable(names[seat]), seat=label)
    return label


def deal_lines(
    proofs: Sequence[DealProof], names: Sequence[str], origin: Origin | None = None
) -> list[str]:
    """One sentence per chance event of a log (``origin``: the log it was played on from)."""
    from core.text import printable
    from hanatui.text.words import and_list

    lines = []
    deal_of_round: dict[int, int] = {}
    for proof in proofs:
        if proof.kind == "deal":
            deal_of_round[proof.round] = deal_of_round.get(proof.round, 0) + 1
        what = _(KIND_WORDS[proof.kind]).format(
            round=proof.round, deal=deal_of_round.get(proof.round, 1)
        )
        seat = _who(proof.seat, names) if proof.seat is not None else ""
        why = _(REASON_WORDS[proof.reason]).format(seat=seat) if proof.reason else ""
        key = str(proof.status)
        if proof.status == "proved" and not proof.entropy:
            key = "proved_alone"
        who = and_list([_who(s, names) for s in proof.entropy])
        if (
            origin is not None
            and proof.event < origin.event
            and proof.status in ("withheld", "unproved")
        ):
            if proof.status == "withheld":
                key = "before_fork"
            elif origin.mode == "reshuffled":
                key = "reshuffled"
            else:  # the same cards as the source's, which proved nothing of them
                key = "unproved_at_source"
        line = _(STATUS_WORDS[key]).format(
            what=what, why=why, who=who, source=printable(origin.source) if origin else ""
        )
        if proof.by_table:
            line += _(BY_TABLE_NOTE).format(who=and_list([_who(s, names) for s in proof.by_table]))
        if proof.redacted:
            line += _(REDACTED_NOTE)
        lines.append(line)
    return lines


def verdict_line(
    shown: str,
    *,
    forged: bool,
    game: str,
    players: int,
    rounds: int,
    events: int,
    comments: int,
    note: str,
    finished: bool,
) -> str:
    """The first line of a valid log's report: ``game.hana: ok (koikoi, 2 players, 3 rounds, 120
    events, 1 comment; a note on its proofs, finished)`` (the game by its id, as the command
    line names it)."""
    facts = [
        game,
        ngettext("{n} player", "{n} players", players).format(n=players),
        ngettext("{n} round", "{n} rounds", rounds).format(n=rounds),
        ngettext("{n} event", "{n} events", events).format(n=events),
    ]
    if comments:
        facts.append(ngettext("{n} comment", "{n} comments", comments).format(n=comments))
    # TRANSLATORS: a list of the facts of a log (game, players, rounds...): its separator
    listed = pgettext("list of facts", ", ").join(facts)
    if note:
        # TRANSLATORS: the facts of a log, then a note on the proofs of its deals
        listed = _("{facts}; {note}").format(facts=listed, note=note)
    # TRANSLATORS: {verdict} is "ok" or "FORGED DEALS"; {status} "finished" or "unfinished"
    return _("{file}: {verdict} ({facts}, {status})").format(
        file=shown,
        verdict=_("FORGED DEALS") if forged else pgettext("verify verdict", "ok"),
        facts=listed,
        status=pgettext("a game", "finished") if finished else pgettext("a game", "unfinished"),
    )


def _deals(log: LogRead) -> tuple[list[DealProof], dict[str, Any]]:
    """The proofs of a log's deals, and their part of the JSON report."""
    from core.logfile import PROOF_VERSION
    from core.proof import check_deals

    events = log.events
    seat = log.header.redacted_for
    if seat is not None:
        from core.redact import redact

        # the reader filled the hidden cards so the log replays; compare only those shown
        events = redact(events, seat)
    origin = log.header.origin
    proofs = check_deals(events, branch=origin.event if origin is not None else 0)
    report: dict[str, Any] = {
        "deals_proved": bool(proofs) and all(p.status == "proved" for p in proofs),
        "deals": [
            {
                "event": p.event,
                "round": p.round,
                "kind": p.kind,
                "status": p.status,
                "reason": p.reason,
                "seat": p.seat,
                "entropy": list(p.entropy),
                "by_table": list(p.by_table),
                "redacted": p.redacted,
            }
            for p in proofs
        ],
    }
    if log.written_in < PROOF_VERSION:
        report["deals_note"] = f"written before format version {PROOF_VERSION}"
    return proofs, report


def cmd_verify(args: argparse.Namespace) -> int:
    from core.engine import is_over
    from core.errors import CorruptLogError, HanaError  # lazily: the app starts faster
    from core.logfile import PROOF_VERSION
    from core.text import printable, printable_path
    from hanatui.store.files import read_log_file

    report = []
    failed = False
    for name in args.files:
        shown = printable_path(name)
        try:
            log = read_log_file(name)
        except CorruptLogError as exc:
            failed = True
            line = exc.line or 1
            report.append({"file": name, "valid": False, "line": line, "reason": exc.reason})
            if not args.json:
                print(file_error(name, exc))
        except HanaError as exc:
            failed = True
            reason = str(exc).removeprefix(f"{shown}: ")
            report.append({"file": name, "valid": False, "line": None, "reason": reason})
            if not args.json:
                print(f"{shown}: {printable(reason)}")
        else:
            state = log.state
            assert state is not None
            proofs, deals = _deals(log)
            forged = [p for p in proofs if p.status == "forged"]
            failed = failed or bool(forged)
            report.append(
                {
                    "file": name,
                    "valid": not forged,
                    "game": state.rules.game,
                    "players": len(state.players),
                    "events": len(log.events),
                    "comments": len(log.comments),
                    "rounds": state.rounds_done,
                    "finished": is_over(state),
                    "totals": list(state.totals),
                    **deals,
                }
            )
            if not args.json:
                lines = []
                note = ""
                if log.written_in < PROOF_VERSION:
                    note = _(BEFORE_PROOFS).format(version=PROOF_VERSION)
                elif proofs and all(p.status == "unproved" for p in proofs):
                    note = _(NO_PROOFS)
                else:
                    names = [p.name for p in state.players]
                    lines = deal_lines(proofs, names, log.header.origin)
                print(
                    verdict_line(
                        shown,
                        forged=bool(forged),
                        game=state.rules.game,
                        players=len(state.players),
                        rounds=state.rounds_done,
                        events=len(log.events),
                        comments=len(log.comments),
                        note=note,
                        finished=is_over(state),
                    )
                )
                for sentence in lines:
                    print("  " + sentence)
    if args.json:
        # ASCII only: a file name or reason can never put a raw control or bidi character out
        import json

        print(json.dumps({"valid": not failed, "files": report}, ensure_ascii=True))
    return EXIT_INVALID if failed else EXIT_OK
