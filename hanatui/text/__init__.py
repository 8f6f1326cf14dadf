"""Words without Textual: `words` (sentences about events, cards and score lines), `rules_text`
(the rules pages), `story` (the replay model: a position in a log and what a seat sees),
`comments` (a log's comments for the viewer), `export` (a text record, anonymised and
redacted copies), `i18n` (the player's language, through gettext: docs/languages.md) and `names`
(the cards', months', kinds' and yaku's names in it).

text/ may import core/ and store/; never analysis/, app/, bots/, net/, session/ or cli/, and never
textual or rich (the text commands run without the UI).
"""
