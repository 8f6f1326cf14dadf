"""Words without Textual: `words` (sentences about events, cards and score lines), `rules_text`
(the rules pages), `story` (the replay model: a position in a log and what a seat sees),
`comments` (a log's comments for the viewer) and `export` (a text record, anonymised and
redacted copies).

text/ may import core/, store/ and analysis/; never app/, bots/, net/, session/ or cli/, and never
textual or rich (the text commands run without the UI).
"""
