"""Every game the engine plays, by id."""

from __future__ import annotations

import core.rulesets  # noqa: F401  (registers every game's Rules type and presets)
from core.games.bakappana import GAME as BAKAPPANA
from core.games.base import Game
from core.games.hanaawase import GAME as HANA_AWASE
from core.games.koikoi import GAME as KOIKOI
from core.games.sakura import GAME as SAKURA

GAMES: dict[str, Game] = {g.id: g for g in (BAKAPPANA, HANA_AWASE, KOIKOI, SAKURA)}


def game_of(game_id: str) -> Game:
    return GAMES[game_id]
