"""The bot arena: `selfplay` plays headless matches between computer players (`hanatui sim`).

arena/ may import core/, bots/, store/, text/ and `session.signals` (its workers start with a
fresh process's signals); never app/, net/ or cli/.
"""
