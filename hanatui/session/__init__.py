"""A running game: `session` (the timeline, autosave and the bots' turns), `journal` (the fsynced
log of the game in play and its rescue), `lock` (one app a data directory), `signals` (SIGHUP and
SIGTERM end the app cleanly) and `thinking` (the computer players' thread).

session/ may import core/, store/, text/ and bots/; never app/, net/ or cli/.
"""
