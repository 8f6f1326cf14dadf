"""The Rules type of every game; `AnyRules` is their tagged union (the ``rules`` of a log)."""

from __future__ import annotations

from typing import Union

from core.rulesets.bakappana import BakappanaRules

AnyRules = Union[BakappanaRules]

__all__ = ["AnyRules", "BakappanaRules"]
