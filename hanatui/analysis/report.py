"""An analysis in words (for people, seats from 1) and as JSON (for programs, seats from 0 as
in the log format)."""

from __future__ import annotations

from typing import Any

import msgspec

from core.logfile import LogRead
from core.text import printable
from hanatui.analysis.model import (
    CLASSES,
    MARKS,
    Decision,
    GameAnalysis,
    SeatSummary,
    describe_move,
    thresholds_for,
    verdict,
)

PLURALS = {
    "best": "best",
    "good": "good",
    "inaccuracy": "inaccuracies",
    "mistake": "mistakes",
    "blunder": "blunders",
}


def seat_name(log: LogRead, seat: int) -> str:
    return f"{printable(log.header.players[seat].name)} (seat {seat + 1})"


def where(log: LogRead, decision: Decision) -> str:
    """Round and turn of a decision, as the replay viewer and the text export name them."""
    before = log.states[decision.index - 1]
    return f"round {before.round}, turn {before.turn_no}"


def summary_line(log: LogRead, summary: SeatSummary) -> str:
    """One seat's summary: decisions, average loss, the count of each class."""
    counts = ", ".join(
        f"{summary.counts[c]} {PLURALS[c] if summary.counts[c] != 1 else c}" for c in CLASSES
    )
    return (
        f"{seat_name(log, summary.seat)}: {summary.decisions} decisions, average loss "
        f"{summary.average_loss:.2f} points; {counts}"
    )


def text_report(log: LogRead, analysis: GameAnalysis, *, every: bool = False) -> str:
    """The flagged decisions (``every``: all of them) round by round, then each seat's
    summary."""
    rules = log.header.rules
    lines = [
        f"{rules.game}, {len(log.header.players)} players: {len(analysis)} decisions analysed "
        f"at {analysis.budget} playouts each"
        + ("" if analysis.complete else f" (of {analysis.total}: cancelled)"),
        "Points are what a move is expected to bring its seat this round, less the opponents'; "
        "marks: ?! inaccuracy, ? mistake, ?? blunder (docs/analysis.md).",
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
            lines.append(f"Round {current_round}")
        lines.append(f"  turn {before.turn_no:<3}{seat_name(log, d.seat)}: {verdict(analysis, d)}")
        shown += 1
    if not shown:
        lines.append("")
        lines.append("No decision was flagged." if not every else "No decision to analyse.")
    lines.append("")
    lines.append("Summary")
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
                "move_text": describe_move(d.move),
                "expected": d.expected,
                "best": _action(d.best_move),
                "best_text": describe_move(d.best_move),
                "best_expected": d.best_expected,
                "candidates": [
                    {
                        "action": _action(c.action),
                        "text": describe_move(c.action),
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
