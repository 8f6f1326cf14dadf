"""The four games, one package each; `core.games.registry` lists them by id.

Each package holds everything about its game, one job a file: ``rules.py`` (its options and
presets), ``yaku.py``, ``scoring.py``, and ``game.py``, which declares the game's `Game` value
(``GAME``) with its hooks. `core.games.base` is what every game is built from. This package's
own import stays empty, so the log's types can import a game's Rules type without the engine.
"""
