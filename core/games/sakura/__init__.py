"""Sakura (docs/rules.md §6): 2-7 players, teams, the Gaji wild card, hiki and the 8 yaku.

``rules.py`` its options and presets, ``yaku.py`` the 8 yaku, ``teams.py`` the team layouts,
``round.py`` its round state, ``scoring.py`` the round's score and the next dealer, ``game.py``
the declared `Game` value with the Gaji and hiki hooks.
"""
