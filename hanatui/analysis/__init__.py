"""Game analysis: the strong player's verdict on every decision of a log, from the deciding
seat's view only, classed by what it gave away (docs/analysis.md).

No Textual here, so the CLI (`hanatui analyse`) and the replay viewer share it:

    >>> analyser = Analyser(log, seats=[0], budget=1000, known=cache.load(path, log, 1000))
    >>> result = analyser.run(progress=lambda done, total: ...)   # doctest: +SKIP
    >>> d = result.next_flagged(position - 1)                     # doctest: +SKIP
    >>> verdict(result, d)                                        # doctest: +SKIP
    'mistake ?: play 01c Pine chaff expects -0.4; better play 09b Chrysanthemum blue ribbon, ...'

Run it in a Textual thread worker (``@work(thread=True)``), report progress with
``call_from_thread``, and stop it with `Analyser.cancel()` (a worker's own cancel cannot stop a
thread): the run returns what is done. `GameAnalysis` offers what the viewer shows:
`class_of`/`mark_of` per decision, `summary(seat)`, `evaluation()` for a graph,
`next_flagged`/`previous_flagged`, `verdict` for the line under the board.

analysis/ may import core/, bots/, store/ (its cache beside the log) and text/ (its words in the
player's language: the verdicts, the report); never session/, net/, app/ or cli/.
"""

from __future__ import annotations

from hanatui.analysis import cache
from hanatui.analysis.model import (
    CLASSES,
    FLAGGED,
    KINDS,
    MARKS,
    THRESHOLDS,
    Candidate,
    Class,
    Decision,
    EvalPoint,
    GameAnalysis,
    Kind,
    SeatSummary,
    Thresholds,
    thresholds_for,
    verdict,
)
from hanatui.analysis.run import (
    DEFAULT_BUDGET,
    Analyser,
    DecisionPoint,
    analysable_seats,
    analyse_position,
    decision_points,
    move_of,
)

__all__ = [
    "CLASSES",
    "DEFAULT_BUDGET",
    "FLAGGED",
    "KINDS",
    "MARKS",
    "THRESHOLDS",
    "Analyser",
    "Candidate",
    "Class",
    "Decision",
    "DecisionPoint",
    "EvalPoint",
    "GameAnalysis",
    "Kind",
    "SeatSummary",
    "Thresholds",
    "analysable_seats",
    "analyse_position",
    "cache",
    "decision_points",
    "move_of",
    "thresholds_for",
    "verdict",
]
