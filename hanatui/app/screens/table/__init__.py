"""The table where a game is played: `screen` (the screen: keys, turns, dialogs) and `draw`
(drawing the position on the shared layout).

table/ may import core/, hanatui's session/, text/, store/, bots/ and the app's widgets, layout,
common and other screens; never the app module (`hanatui.app.app`).
"""
