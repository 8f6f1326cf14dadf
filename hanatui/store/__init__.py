"""Files on disk: `files` (data directories, capped reads, atomic writes, free paths),
`history` (the saved games and their statistics) and `settings` (settings and house rules).

store/ may import core/; never app/, bots/, net/, session/ or cli/.
"""
