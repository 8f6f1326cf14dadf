"""Hana-awase (docs/rules.md §4): bakappana plus yaku, for 2-4 players.

``rules.py`` its options and presets, ``yaku.py`` its two yaku value tables, ``scoring.py`` the
round's score (bakappana's card points plus yaku, fuke, the four Willows, chaff teyaku),
``game.py`` the declared `Game` value.
"""
