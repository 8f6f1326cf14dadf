"""The Rules type of every game; `AnyRules` is their tagged union (the ``rules`` of a log)."""

from __future__ import annotations

from typing import Union

from core.rulesets.bakappana import BakappanaRules
from core.rulesets.sakura import SakuraRules

AnyRules = Union[BakappanaRules, SakuraRules]

__all__ = ["AnyRules", "BakappanaRules", "SakuraRules"]
