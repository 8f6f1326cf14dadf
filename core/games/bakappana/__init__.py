"""Bakappana (docs/rules.md §3): the plain fishing game for 2-4 players, scored by card points.

``rules.py`` its options and presets, ``scoring.py`` the card-point score (which hana-awase
shares), ``game.py`` the declared `Game` value.
"""
