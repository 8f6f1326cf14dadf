"""The fast koi-koi engine behind the strong level: a two-seat koi-koi round on integers.

The strong level's playouts, its exact endgame solve and its learned leaf value play a round
without the engine: cards are indexes, sets of cards int bitmasks, and a position is one
`position.Position`. What lives here, lowest first:

- `position`: the `Position` value type and the cards' integer tables (bits, months, mates,
  the captures a card may make, the indexes of a mask).
- `rounds`: one round's rules compiled for the fast engine (`IntRound`, `round_for`), the
  policy's weights (`Style`), and a round's points on integers (`draw_points`, `shobu_now`).
- `policy`: the greedy playout policy's card from the hand and its capture choice.
- `calls`: the koi-koi call inside a playout (the normal level's, a table's, or both:
  `kkcalls` is the table), and the playout policies that step the engine the same way.
- `chance`: the playouts' cheap random numbers (`Ties`) and deals of a view (`Dealer`).
- `playout`: a whole round played out to its points (`play_out_score`), with an optional
  exact or learned end (`Finish`).
- `endgame`: the exact solve of a round once the hands are small; `leaf` (and its fitted
  `leafweights`): a learned value there instead.

It may import `core` and the bot knowledge below the levels (`hanatui.bots.heuristics`,
`match`, `shobu`, `normal`'s policy functions and `rollout`'s engine-stepping policy, to which
it is held); never a level (`strong`, `ismcts`, `hint`) nor `hanatui.bots.levels`: they import
it. tests/bots/test_playout.py, test_endgame.py and test_leaf.py hold it to the engine.
"""
