"""The hand, the field and a dialog's choices, each drawn by one widget (`CardRow`): the pointer,
the cursor and tab, marks, clicks by place, and each card's border; and the collector deferred
until the table's first frame."""

from __future__ import annotations

import gc

from textual.geometry import Offset

from core.cards import CARDS, cards_of
from hanatui.app.app import HanaApp
from hanatui.app.screens.table.screen import TableScreen
from hanatui.app.startup import DEFERRED_THRESHOLD, defer_collection, resume_collection
from hanatui.app.widgets import CardRow

from .helpers import new_session, settings
from .test_play import settle


def _text(row: CardRow, y: int) -> str:
    return "".join(segment.text for segment in row.render_line(y))


async def _table(pilot) -> TableScreen:
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen) and table._my_turn()
    return table


async def test_the_pointer_on_a_hand_card_lights_what_it_would_take_and_names_it():
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _table(pilot)
        hand, field = table.hand_row, table.field_row
        index = next(i for i, c in enumerate(hand.cards) if c is not None and table._targets(c))
        card = hand.cards[index]
        taken = [c for mask in table._targets(card) for c in cards_of(mask)]
        await pilot.hover(hand, offset=hand.card_offset(index))
        await pilot.pause()
        assert set(field.marked("-match")) == set(taken)
        assert card.description in str(table.query_one("#status").render())
        # a field card under the pointer is named with its month
        await pilot.hover(field, offset=field.card_offset(0))
        await pilot.pause()
        assert field.cards[0].description in str(table.query_one("#status").render())


async def test_tab_walks_the_hand_and_past_its_last_card_leaves_it():
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _table(pilot)
        hand = table.hand_row
        hand.focus_card(0)
        await pilot.press("tab")
        assert app.focused is hand and hand.cursor == 1
        await pilot.press("shift+tab")
        assert app.focused is hand and hand.cursor == 0
        hand.focus_card(len(hand.cards) - 1)
        await pilot.press("tab")
        assert app.focused is not hand


async def test_a_click_on_a_field_card_plays_nothing_and_one_on_a_hand_card_plays_it():
    session = new_session("koikoi", 2, seed=11)
    app = HanaApp(settings=settings(), save=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _table(pilot)
        field, hand = table.field_row, table.hand_row
        count = len(session.events)
        await pilot.click(field, offset=field.card_offset(1))
        await pilot.pause()
        assert len(session.events) == count
        # a click between the cards' rows and past the last card finds no card
        assert hand.index_at(hand.card_offset(len(hand.cards) - 1) + Offset(7, 0)) is None
        card = hand.cards[2]
        await pilot.click(hand, offset=hand.card_offset(2))
        await settle(pilot)
        assert any(getattr(e, "card", None) == card for e in session.events[count:])


async def test_each_card_is_drawn_with_its_border_the_chosen_one_heavy_a_match_double():
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=11))
    # normal cards (from 110x38 the table's cards are large)
    async with app.run_test(size=(120, 36)) as pilot:
        table = await _table(pilot)
        hand, field = table.hand_row, table.field_row
        hand.focus_card(1)
        await pilot.pause()
        top = _text(hand, 0)
        assert top[7:14] == "┏━━━━━┓" and top[:7] == "╭─────╮"
        field.set_mark("-match", [field.cards[0]])
        assert _text(field, 0)[:7] == "╔═════╗"
        # the card's text inside: the flower on top, the kind and the code beneath
        first = field.cards[0]
        assert first.value in _text(field, 2)
        # the focus gone, no card is drawn chosen
        hand.blur()
        await pilot.pause()
        assert "┏" not in _text(hand, 0)


async def test_a_row_lays_cards_in_lines_as_its_width_holds_and_finds_each_by_its_place():
    app = HanaApp(settings=settings(), save=False, session=new_session("koikoi", 2, seed=11))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _table(pilot)
        field = table.field_row
        cards = CARDS[:20]
        field.show(cards, ascii_mode=True, per_row=40)  # a guess too wide: the width decides
        await pilot.pause()
        per_row = field.size.width // 7
        assert 1 < per_row < 20
        assert field.lines == -(-20 // per_row) and field.size.height == 4 * field.lines
        for i in range(len(cards)):
            assert field.index_at(field.card_offset(i)) == i
        assert field.index_at(field.card_offset(19) + Offset(7, 0)) is None  # past the last
        assert _text(field, 0).startswith("+-----+")
        assert field.card_region(per_row).y == field.content_region.y + 4
        # at another size the lines follow the width
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        per_row = field.size.width // 7
        assert field.lines == max(1, -(-len(field.cards) // per_row))


async def test_the_collector_is_deferred_until_the_table_is_drawn():
    usual = gc.get_threshold()
    defer_collection()
    try:
        assert gc.get_threshold()[0] >= DEFERRED_THRESHOLD
        session = new_session("koikoi", 2, seed=11)
        app = HanaApp(settings=settings(), save=False, session=session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert gc.get_threshold() == usual
    finally:
        resume_collection()
    assert gc.get_threshold() == usual
