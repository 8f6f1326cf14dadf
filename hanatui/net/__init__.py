"""Network play: a table server that referees a match, and the client seat that plays at it.

- `protocol`: the messages, one JSON object per WebSocket frame (docs/network.md).
- `server`: `TableServer`, the referee: tokens, journal, redaction per seat, computer seats,
  undo by consent, seats handed to a computer player.
- `client`: `Connection` (rejoins by itself) and `RemoteSession`, the session the table screen
  plays when its other seats are across the network.

net/ may import core/, store/, text/, bots/ and session/, and `commands.py` the command line's
option reader (`cli.common.parse_option`); never app/ (the app joins a table through
`RemoteSession`, not the other way round).
"""
