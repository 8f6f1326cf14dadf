"""Koi-koi (docs/rules.md §5): two players, yaku only, koi-koi or shobu.

``rules.py`` its options and presets, ``yaku.py`` the yaku, ``lucky.py`` the lucky hands,
``round.py`` its round state, ``scoring.py`` the round's score and the match's scoring modes,
``game.py`` the declared `Game` value with the koi-koi decision and the turn-variant hooks.
"""
