"""The Rules type of every game; `AnyRules` is their tagged union (the ``rules`` of a log)."""

from __future__ import annotations

from typing import Union

from core.rulesets.bakappana import BakappanaRules
from core.rulesets.hanaawase import HanaAwaseRules
from core.rulesets.koikoi import KoiKoiRules
from core.rulesets.sakura import SakuraRules

AnyRules = Union[BakappanaRules, HanaAwaseRules, KoiKoiRules, SakuraRules]

__all__ = ["AnyRules", "BakappanaRules", "HanaAwaseRules", "KoiKoiRules", "SakuraRules"]
