"""The rules pages: each game's yaku reference lists each exclusive group once, with its members;
what a page says about values, multipliers, lucky hands and Sakura's special rules is what the
engine does; and the app shows exactly these pages."""

from __future__ import annotations

import re

import pytest

from core.cards import ALL_MASK, CARDS, SAKURA_POINTS, Card, Kind, points_of
from core.games.registry import GAMES, game_of
from core.names import yaku_name
from core.rules import find_rules, presets
from hanatui.text.rules_text import (
    page,
    preset_lines,
    value_words,
    values_text,
    yaku_groups,
    yaku_section,
)

YAKU_GAMES = [g for g in GAMES if game_of(g).yaku_specs(find_rules(g))]


def blocks(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The yaku section as (heading, English names of the yaku listed under it)."""
    out: list[tuple[str, list[str]]] = []
    for line in lines:
        if not line:
            continue
        if not line.startswith(" "):
            out.append((line, []))
        elif not line.startswith("      "):  # a yaku's line; its cards are indented further
            found = re.match(r"(?:\d+ \([^)]*\) )?(.+?)(?: \(|:)", line.strip())
            assert found is not None, line
            out[-1][1].append(found.group(1))
    return out


@pytest.mark.parametrize("game", YAKU_GAMES)
def test_the_yaku_reference_lists_each_exclusive_group_once_with_its_members(game: str):
    specs = game_of(game).yaku_specs(find_rules(game))
    groups: dict[str, list[str]] = {}
    for spec in specs:
        if spec.group is not None:
            groups.setdefault(spec.group, []).append(yaku_name(spec.id).en)
    loose = [yaku_name(s.id).en for s in specs if s.group is None]
    found = blocks(yaku_section(game))
    exclusive = [(h, names) for h, names in found if "only the most valuable one counts" in h]
    assert len(exclusive) == len(groups)  # each group once
    assert sorted(names for _h, names in exclusive) == sorted(groups.values())
    listed = [name for _h, names in found for name in names]
    every = [name for names in groups.values() for name in names] + loose
    assert sorted(listed) == sorted(every)  # every yaku, none twice
    if loose:
        assert found[-1][1] == loose


def test_koikoi_and_hanaawase_show_their_exclusive_groups():
    koikoi = [g.title for g in yaku_groups("koikoi") if g.exclusive]
    assert koikoi == ["Brights", "Animals", "Ribbons"]
    brights = next(g for g in yaku_groups("koikoi") if g.title == "Brights")
    assert [s.id for s in brights.members] == ["goko", "shiko", "ameshiko", "sanko"]
    hanaawase = {g.title: [s.id for s in g.members] for g in yaku_groups("hana-awase")}
    assert hanaawase["Brights"] == ["goko", "shiko", "omote_sugawara", "matsukiribozu"]
    assert hanaawase["Seven and Six Ribbons"] == ["nanatan", "rokutan"]
    assert hanaawase["Viewing"] == ["nomi", "hanami", "tsukimi"]
    # Sakura's yaku all count
    assert [g.exclusive for g in yaku_groups("sakura")] == [False]


def test_the_older_koikoi_yaku_have_no_animal_or_ribbon_group():
    rules = find_rules("koikoi", ribbon_animal_system="classic")
    assert [g.title for g in yaku_groups("koikoi", rules) if g.exclusive] == ["Brights"]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_page_states_the_games_card_total(game: str):
    rules = find_rules(game)
    total = points_of(ALL_MASK, game_of(game).card_values(rules))
    if game == "koikoi":
        assert "score nothing by themselves" in values_text(game)
    else:
        assert f"{total} in all" in values_text(game)


def values_section(game: str) -> str:
    return dict(page(game))["What the cards are worth"]


def test_the_values_on_a_page_follow_the_games_value_table(monkeypatch):
    import core.games.bakappana.scoring as bakappana
    import core.games.sakura.game as sakura

    points = list(sakura.SAKURA_POINTS)
    points[Card.C11A.index] = 7  # the Rain Man
    points[Card.C12B.index] = 15  # the Yellow Paulownia
    monkeypatch.setattr(sakura, "SAKURA_POINTS", tuple(points))
    text = values_section("sakura")
    assert "Rain Man (11a), 7;" in text and "Yellow Paulownia (12b) 15 too" in text
    assert "247 in all" in text  # 240 + 2 + 5
    brights = tuple(25 if c.kind is Kind.BRIGHT else c.points for c in CARDS)
    monkeypatch.setattr(bakappana, "STANDARD_POINTS", brights)
    text = values_section("bakappana")
    assert text.startswith("Brights 25, animals 10, ribbons 5, chaff 1 (the Lightning too): 289")
    assert 'Under the "80" option chaff counts 0 (265 in all).' in text  # chaff_value 0 rules
    assert values_section("hana-awase").startswith("As in bakappana: brights 25,")


def test_value_words_refuse_a_table_the_words_no_longer_describe():
    values = list(SAKURA_POINTS)
    assert value_words("ribbons {ribbon}: {total}", tuple(values)) == "ribbons 10: 240"
    values[Card.C01B.index] = 3
    with pytest.raises(ValueError, match="ribbon"):
        value_words("ribbons {ribbon}", tuple(values))
    assert value_words("ribbons {ribbon}, 01b {01b}", tuple(values)) == "ribbons 10, 01b 3"


def test_the_yaku_on_a_page_follow_the_games_yaku_table(monkeypatch):
    import core.games.koikoi.yaku as koikoi_yaku
    from core.games.koikoi.rules import YAKU_VALUES

    monkeypatch.setitem(YAKU_VALUES, "nintendo", {**YAKU_VALUES["nintendo"], "goko": 12})
    rows = tuple(
        row._replace(cards=row.cards | Card.C04B.bit) if row.id == "akatan" else row
        for row in koikoi_yaku.YAKU_ROWS
    )
    monkeypatch.setattr(koikoi_yaku, "YAKU_ROWS", rows)
    lines = yaku_section("koikoi")
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  {yaku_name('goko').en} "))
    assert lines[at].endswith(": 12 points")
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  {yaku_name('akatan').en} "))
    assert Card.C04B.name_en in lines[at + 1] and "04b" in lines[at + 1]


def test_sakuras_yaku_numbers_and_costs_come_from_the_game(monkeypatch):
    sakura = game_of("sakura")
    first = sakura.yaku_specs(find_rules("sakura"))[0]
    number, kana, romaji = sakura.yaku_numbers[first.id]
    line = yaku_section("sakura")[1]
    assert line.startswith(f"  {number} ({kana} {romaji}) ")
    assert line.endswith(f": each opponent loses {first.points}")
    monkeypatch.setattr(type(sakura), "yaku_numbers", {})
    monkeypatch.setattr(type(sakura), "yaku_costs_others", False)
    line = yaku_section("sakura")[1]
    assert line.startswith(f"  {yaku_name(first.id).en} (") and line.endswith(" points")


def test_the_sakura_page_gives_sakuras_values_and_special_rules():
    text = "\n".join(t for _h, t in page("sakura"))
    values = game_of("sakura").card_values(find_rules("sakura"))
    assert values[43] == 0 and values[46] == 0  # the Lightning 11d and the chaff 12c
    assert "every other chaff 0, the Lightning (the Gaji) included" in text
    assert "Rain Man (11a), 5" in text and "Yellow Paulownia (12b) 10" in text
    assert "the dealer takes them at once" in text  # four of a month on the field
    assert "Dealt to the field at the start, the Gaji is an ordinary Willow card" in text
    assert "the Gaji's owner also takes the field cards of that card's month" in text
    assert "instead of playing a card" in text  # hiki replaces the play
    assert "points as in bakappana" not in text


def test_the_koikoi_page_gives_its_multipliers_and_lucky_hands():
    rules = find_rules("koikoi")
    assert rules.double_at_7 and rules.double_threshold == 7
    assert rules.koikoi_multiplier == "opponent_flat" and rules.lucky_hands == "win_6"
    text = "\n".join(t for _h, t in page("koikoi"))
    assert "×2 when the base is 7 points or more" in text
    assert "×2 when the opponent called koi-koi" in text
    assert "teshi" in text and "kuttsuki" in text and "6 points, never multiplied" in text


@pytest.mark.parametrize("game", list(GAMES))
def test_every_preset_is_on_the_page_with_what_it_changes(game: str):
    text = "\n".join(preset_lines(game))
    for name in presets(game):
        assert f"(--preset {name})" in text
    assert "Five Brights 15" in "\n".join(preset_lines("koikoi"))


async def test_the_app_shows_these_pages():
    from textual.widgets import Static

    from hanatui.app.app import HanaApp
    from hanatui.app.screens.info import RulesScreen
    from tests.app.helpers import settings

    app = HanaApp(settings=settings(), save=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(RulesScreen())
        await pilot.pause()
        shown = {str(s.render()) for s in app.screen.query(Static)}
        for game in GAMES:
            for heading, text in page(game):
                assert heading in shown and text in shown


def test_the_page_of_a_match_with_the_wild_lightning_explains_it():
    on = find_rules("hana-awase", lightning_wild=True)
    for ascii_only in (False, True):
        standard = dict(page("hana-awase", ascii_only=ascii_only))
        shown = page("hana-awase", ascii_only=ascii_only, rules=on)
        headings = [h for h, _ in shown]
        assert headings[1] == "House rule on: Wild Lightning (Mushi)"
        text = shown[1][1]
        assert "last card of the pile" in text and "odd Willow" in text
        assert text.isascii()
        assert not any(h.startswith("House rule on") for h in standard)
    # rules with the option off, or of another game, add nothing
    assert page("hana-awase", rules=find_rules("hana-awase")) == page("hana-awase")
    assert page("koikoi", rules=on) == page("koikoi")
