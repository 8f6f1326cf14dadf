"""An analysis in words (for people, in their language, seats from 1) and as JSON (for programs,
in English, seats from 0 as in the log format)."""

from __future__ import annotations

from typing import Any

import msgspec

from core.actions import describe_action
from core.logfile import LogRead
from core.text import printable
from hanatui.analysis.model import (
    CLASSES,
    MARKS,
    Class,
    Decision,
    GameAnalysis,
    SeatSummary,
    thresholds_for,
    verdict,
)
from hanatui.text.i18n import _, ngettext


def class_count(cls: Class, n: int) -> str:
    """``n`` decisions of a class in words: ``2 mistakes`` / ``2 błędy`` / ``2 errores``."""
    if cls == "best":
        return ngettext("{n} best", "{n} best", n).format(n=n)
    if cls == "good":
        return ngettext("{n} good", "{n} good", n).format(n=n)
    if cls == "inaccuracy":
        return ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)
    if cls == "mistake":
        return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)
    return ngettext("{n} blunder", "{n} blunders", n).format(n=n)


def seat_name(log: LogRead, seat: int) -> str:
    return _("{player} (seat {seat})").format(
        player=printable(log.header.players[seat].name), seat=seat + 1
    )


def where(log: LogRead, decision: Decision) -> str:
    """Round and turn of a decision, as the replay viewer and the text export name them."""
    before = log.states[decision.index - 1]
    return _("round {round}, turn {turn}").format(round=before.round, turn=before.turn_no)


def summary_line(log: LogRead, summary: SeatSummary) -> str:
    """One seat's summary: decisions, average loss, the count of each class."""
    counts = ", ".join(class_count(c, summary.counts[c]) for c in CLASSES)
    return ngettext(
        "{seat}: {n} decision, average loss {loss} points; {counts}",
        "{seat}: {n} decisions, average loss {loss} points; {counts}",
        summary.decisions,
    ).format(
        seat=seat_name(log, summary.seat),
        n=summary.decisions,
        loss=f"{summary.average_loss:.2f}",
        counts=counts,
    )


def text_report(log: LogRead, analysis: GameAnalysis, *, every: bool = False) -> str:
    """The flagged decisions (``every``: all of them) round by round, then each seat's
    summary."""
    rules = log.header.rules
    players = len(log.header.players)
    # TRANSLATORS: {game} is the game's code (koikoi, sakura...); {players} "2 players",
    # {decisions} "40 decisions analysed", {budget} "at 1000 playouts each"
    head = _("{game}, {players}: {decisions} {budget}").format(
        game=rules.game,
        players=ngettext("{n} player", "{n} players", players).format(n=players),
        decisions=ngettext("{n} decision analysed", "{n} decisions analysed", len(analysis)).format(
            n=len(analysis)
        ),
        budget=ngettext("at {n} playout each", "at {n} playouts each", analysis.budget).format(
            n=analysis.budget
        ),
    )
    if not analysis.complete:
        head = _("{report} (of {total}: cancelled)").format(report=head, total=analysis.total)
    lines = [
        head,
        _(
            "Points are what a move is expected to bring its seat this round, less the "
            "opponents'; marks: ?! inaccuracy, ? mistake, ?? blunder (docs/analysis.md)."
        ),
    ]
    shown = 0
    current_round = None
    for d in analysis.decisions:
        cls = analysis.class_of(d)
        if not every and cls not in ("inaccuracy", "mistake", "blunder"):
            continue
        before = log.states[d.index - 1]
        if before.round != current_round:
            current_round = before.round
            lines.append("")
            lines.append(_("Round {round}").format(round=current_round))
        # TRANSLATORS: the start of a line of the report (padded to 7 columns)
        turn = _("turn {turn}").format(turn=before.turn_no)
        lines.append(f"  {turn:<7} {seat_name(log, d.seat)}: {verdict(analysis, d)}")
        shown += 1
    if not shown:
        lines.append("")
        lines.append(_("No decision was flagged.") if not every else _("No decision to analyse."))
    lines.append("")
    lines.append(_("Summary"))
    for seat in analysis.seats:
        lines.append("  " + summary_line(log, analysis.summary(seat)))
    return "\n".join(lines) + "\n"


def _action(action: object) -> Any:
    return msgspec.to_builtins(action)


def json_report(log: LogRead, analysis: GameAnalysis) -> dict[str, Any]:
    """Everything the analysis found, as plain JSON data."""
    decisions = []
    for d in analysis.decisions:
        before = log.states[d.index - 1]
        decisions.append(
            {
                "index": d.index,
                "seat": d.seat,
                "round": before.round,
                "turn": before.turn_no,
                "kind": d.kind,
                "class": analysis.class_of(d),
                "mark": analysis.mark_of(d),
                "loss": round(d.loss, 3),
                "se": d.se,
                "move": _action(d.move),
                "move_text": describe_action(d.move),
                "expected": d.expected,
                "best": _action(d.best_move),
                "best_text": describe_action(d.best_move),
                "best_expected": d.best_expected,
                "candidates": [
                    {
                        "action": _action(c.action),
                        "text": describe_action(c.action),
                        "expected": c.expected,
                        "playouts": c.playouts,
                    }
                    for c in d.candidates
                ],
            }
        )
    kinds = sorted({d.kind for d in analysis.decisions})
    return {
        "game": log.header.rules.game,
        "budget": analysis.budget,
        "complete": analysis.complete,
        "seats": list(analysis.seats),
        "decisions": decisions,
        "summary": [
            {
                "seat": s.seat,
                "decisions": s.decisions,
                "average_loss": round(s.average_loss, 3),
                "counts": s.counts,
            }
            for s in (analysis.summary(seat) for seat in analysis.seats)
        ],
        "thresholds": {kind: thresholds_for(analysis.game, kind)._asdict() for kind in kinds},
        "marks": {c: m for c, m in MARKS.items() if m},
    }
