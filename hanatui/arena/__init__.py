"""The bot arena: `selfplay` plays headless matches between computer players (`hanatui sim`).

arena/ may import core/, bots/, store/ and text/; never app/, net/ or cli/.
"""
