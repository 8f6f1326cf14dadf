"""The replay viewer, split by job: `screen` (the screen: moving, perspective, play on, share),
`draw` (drawing the position, the palette's commands), `render` (the score chart, the move list),
`analysis` (running the analysis in a worker, its cache), `review` and `review_render` (the marks,
the lines under the board, the evaluation graph, comments), `dialogs` and `review_dialogs` (its
dialogs) and `opening` (opening a file in the viewer, or the app on one).

replay/ may import core/, hanatui's text/, store/, analysis/ and the app's widgets, layout, common
and other screens; never the app module (`hanatui.app.app`).
"""
