"""Learn from your mistakes: a seat's flagged decisions as puzzles, each answer judged by the
analysis (docs/analysis.md).

`puzzles` lists the decisions to try again; `judge` weighs an answer. The move made and the best
move found are judged by the analysis already made; any other answer is searched as the analysis
searched the decision: from the deciding seat's view before it, with the position's own
generator and the same budget (`run.analyse_position`), the answer kept among the finalists so
it is compared with the best on every sample. An answer is found when the analysis would not
flag it (class "best" or "good": within the noise of the best found).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.actions import Action
from core.errors import HanaError
from core.logfile import LogRead
from core.view import observe
from hanatui.analysis.model import Class, Decision, GameAnalysis
from hanatui.analysis.run import analyse_position
from hanatui.text.i18n import _

#: The classes of an answer that count as found: not flagged.
FOUND: tuple[Class, ...] = ("best", "good")


@dataclass(frozen=True)
class Judgement:
    """An answer to a puzzle: ``decision`` is the analysis of that answer as the move made
    (for the move made, the analysis's own), ``cls`` its class."""

    answer: Action
    decision: Decision
    cls: Class

    @property
    def found(self) -> bool:
        return self.cls in FOUND

    @property
    def best(self) -> bool:
        """The answer is the best move found (not only within the noise of it)."""
        return self.decision.made == self.decision.best

    @property
    def loss(self) -> float:
        return self.decision.loss

    @property
    def best_move(self) -> Action:
        return self.decision.best_move

    @property
    def best_expected(self) -> float:
        return self.decision.best_expected


def puzzles(analysis: GameAnalysis, seat: int, *, at_least: Class = "mistake") -> list[Decision]:
    """``seat``'s decisions the analysis classes ``at_least`` (default: mistakes and
    blunders), in the game's order."""
    out: list[Decision] = []
    after = -1
    while True:
        found = analysis.next_flagged(after, seat=seat, at_least=at_least)
        if found is None:
            return out
        out.append(found)
        after = found.index


def judge(log: LogRead, analysis: GameAnalysis, decision: Decision, answer: Action) -> Judgement:
    """Weigh ``answer`` to ``decision`` (a decision of ``log`` the ``analysis`` judged).

    The move made is judged by the analysis as it stands; the best move found is found; any
    other legal move is searched as the decision was (same view, generator and budget)."""
    legal = tuple(c.action for c in decision.candidates)
    if answer not in legal:
        raise HanaError(_("the move {move} is not legal here").format(move=repr(answer)))
    if answer == decision.move:
        return Judgement(answer=answer, decision=decision, cls=analysis.class_of(decision))
    if answer == decision.best_move:
        made = legal.index(answer)
        same = Decision(
            index=decision.index,
            seat=decision.seat,
            kind=decision.kind,
            candidates=decision.candidates,
            made=made,
            best=decision.best,
            se=0.0,
        )
        return Judgement(answer=answer, decision=same, cls="best")
    view = observe(log.states[decision.index - 1], decision.seat)
    searched = analyse_position(
        view, answer, index=decision.index, budget=analysis.budget, legal=legal
    )
    return Judgement(answer=answer, decision=searched, cls=analysis.class_of(searched))


__all__ = ["FOUND", "Judgement", "judge", "puzzles"]
