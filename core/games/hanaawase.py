"""Hana-awase (RULES.md §4): bakappana plus yaku, 2-4 players.

The deal, the turn and the end of the round are bakappana's (with 2 players the draw pile is
played out unless ``end_at_empty_hands``). A round scores each player's card total plus the yaku
of the chosen table (``fudawiki`` or ``ja``) under the ``seed``, ``plain`` or ``zero_sum`` mode;
the variants of rules/SOURCES.md §4.6 (fuke, the four Willows, the Rain Man's block of the viewing
yaku, 0-point chaff, chaff teyaku) are options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from core.cards import CHAFF, RIBBONS, Card, cards_of
from core.events import RoundEnded, ScoreLine, SeatScore
from core.games.bakappana import Bakappana
from core.rulesets.hanaawase import HanaAwaseRules
from core.yaku import YakuHit, YakuSpec, YakuTable, register_evaluator

if TYPE_CHECKING:
    from core.rules import Rules
    from core.state import State


def _m(codes: str) -> int:
    mask = 0
    for code in codes.split():
        mask |= Card.parse(code).bit
    return mask


RAIN_MAN = Card.C11A.bit
WILLOW_RIBBON = Card.C11C.bit

# (id, English name, Japanese name, group, cards, pool, need, fudawiki points, ja points)
_TABLE: tuple[tuple[str, str, str, str | None, int, int, int, int, int], ...] = (
    ("goko", "Five Brights", "五光", "brights", _m("01a 03a 08a 11a 12a"), 0, 0, 100, 200),
    ("shiko", "Four Brights", "四光", "brights", _m("01a 03a 08a 12a"), 0, 0, 60, 60),
    ("omote_sugawara", "Spring", "表菅原", "brights", _m("01a 02a 03a"), 0, 0, 30, 30),
    (
        "matsukiribozu",
        "Pine, Paulownia and Moon",
        "松桐坊主",
        "brights",
        _m("01a 08a 12a"),
        0,
        0,
        20,
        20,
    ),
    ("nanatan", "Seven Ribbons", "七短", "ribbons", 0, RIBBONS & ~WILLOW_RIBBON, 7, 40, 40),
    ("rokutan", "Six Ribbons", "六短", "ribbons", 0, RIBBONS & ~WILLOW_RIBBON, 6, 30, 30),
    ("nomi", "Drinking", "飲み", "viewing", _m("03a 08a 09a"), 0, 0, 40, 30),
    ("hanami", "Flower Viewing", "花見", "viewing", _m("03a 09a"), 0, 0, 20, 20),
    ("tsukimi", "Moon Viewing", "月見", "viewing", _m("08a 09a"), 0, 0, 20, 20),
    ("akatan", "Poetry Ribbons", "赤短", None, _m("01b 02b 03b"), 0, 0, 40, 40),
    ("aotan", "Blue Ribbons", "青短", None, _m("06b 09b 10b"), 0, 0, 40, 40),
    ("kusatan", "Grass Ribbons", "草短", None, _m("04b 05b 07b"), 0, 0, 20, 20),
    ("inoshikacho", "Boar, Deer and Butterflies", "猪鹿蝶", None, _m("06a 07a 10a"), 0, 0, 20, 20),
    ("yanagi_shima", "Willow Row", "柳島", None, _m("11a 11b 11c 11d"), 0, 0, 10, 20),
    ("fuji_shima", "Wisteria Row", "藤島", None, _m("04a 04b 04c 04d"), 0, 0, 10, 20),
    ("kiri_shima", "Paulownia Row", "桐島", None, _m("12a 12b 12c 12d"), 0, 0, 10, 20),
)

HANAAWASE_YAKU_IDS = tuple(row[0] for row in _TABLE)


def hanaawase_specs(table: str) -> list[YakuSpec]:
    """The hana-awase yaku of a value table (``fudawiki`` or ``ja``), RULES.md §4."""
    col = 7 if table == "fudawiki" else 8
    return [
        YakuSpec(
            id=row[0],
            name=row[1],
            name_ja=row[2],
            group=row[3],
            cards=row[4],
            pool=row[5],
            need=row[6],
            points=row[col],  # type: ignore[arg-type]
            description=(
                f"any {row[6]} ribbons, the Willow ribbon 11c excluded"
                if row[6]
                else " ".join(c.value for c in cards_of(row[4]))
            ),
        )
        for row in _TABLE
    ]


_TABLES = {name: YakuTable(hanaawase_specs(name)) for name in ("fudawiki", "ja")}
_VIEWING_SLOT = _TABLES["fudawiki"].slot_keys.index("viewing")


def hanaawase_hits(rules: HanaAwaseRules, captured: int) -> tuple[YakuHit, ...]:
    """The yaku of one player's pile (``rainman_blocks_viewing`` applied)."""
    table = _TABLES[rules.yaku_table]
    values = table.values(captured)
    if rules.rainman_blocks_viewing and captured & RAIN_MAN:
        values = tuple((-1, 0) if k == _VIEWING_SLOT else v for k, v in enumerate(values))
    return table.hits(captured, values)


def evaluate_hanaawase_yaku(rules: Rules, captured: int) -> tuple[YakuHit, ...]:
    """`core.evaluate_yaku` for hana-awase."""
    assert isinstance(rules, HanaAwaseRules)
    return hanaawase_hits(rules, captured)


register_evaluator("hana-awase", evaluate_hanaawase_yaku)


class HanaAwaseRound(msgspec.Struct, frozen=True, kw_only=True):
    """Hana-awase's round state (``State.extra``), public: the chaff each seat showed at the deal
    for a teyaku (``teyaku_chaff``)."""

    shown: tuple[int, ...] = ()


def teyaku_payment(chaff: int) -> int:
    """What each other player pays for a chaff teyaku: 6 chaff 20, 7 or more 30."""
    if chaff >= 7:
        return 30
    if chaff == 6:
        return 20
    return 0


class HanaAwase(Bakappana):
    id = "hana-awase"
    title = "Hana-awase"
    min_players = 2
    max_players = 4

    def after_deal(self, state: State) -> State:
        if not getattr(state.rules, "teyaku_chaff", False):
            return state
        shown = tuple(
            h & CHAFF if teyaku_payment((h & CHAFF).bit_count()) else 0 for h in state.hands
        )
        return replace(state, extra=HanaAwaseRound(shown=shown))

    def score_round(self, state: State) -> RoundEnded:
        rules: HanaAwaseRules = state.rules  # type: ignore[assignment]
        n = state.num_players
        lines: list[list[ScoreLine]] = [self.card_lines(state, s) for s in range(n)]
        hits = [hanaawase_hits(rules, state.captures[s]) for s in range(n)]
        notes: list[ScoreLine] = []
        holders = [s for s in range(n) if any(h.id == "yanagi_shima" for h in hits[s])]
        if holders and rules.willow_row == "cancel_all":
            notes.append(
                ScoreLine(kind="note", label="the four Willows cancel every yaku of the round")
            )
            hits = [() for _ in range(n)]
        elif holders and rules.willow_row == "owner_only":
            notes.append(
                ScoreLine(kind="note", label="the four Willows: only their owner's yaku count")
            )
            hits = [hits[s] if s in holders else () for s in range(n)]
        totals = [self.card_total(state, s) for s in range(n)]
        fuke = [s for s in range(n) if rules.fuke_threshold and totals[s] <= rules.fuke_threshold]
        if fuke:
            label = (
                f"fuke: seat {fuke[0]} took only {totals[fuke[0]]} card points "
                f"({rules.fuke_threshold} or fewer): nobody scores"
            )
            lines = [[ScoreLine(kind="note", label=label)] for _ in range(n)]
        else:
            yaku_points = [sum(h.points for h in hs) for hs in hits]
            for s in range(n):
                lines[s].extend(notes)
                for h in hits[s]:
                    lines[s].append(
                        ScoreLine(
                            kind="yaku", label=h.name, id=h.id, points=h.points, cards=h.cards
                        )
                    )
                factor = n - 1 if rules.scoring in ("seed", "zero_sum") else 1
                if factor > 1 and yaku_points[s]:
                    why = (
                        "paid by each other player"
                        if rules.scoring == "zero_sum"
                        else f"{n} players"
                    )
                    lines[s].append(
                        ScoreLine(
                            kind="multiplier",
                            label=f"yaku x{factor}: {why}",
                            factor=factor,
                            points=yaku_points[s] * (factor - 1),
                        )
                    )
                if rules.scoring == "zero_sum":
                    for o in range(n):
                        if o != s and yaku_points[o]:
                            lines[s].append(
                                ScoreLine(
                                    kind="penalty",
                                    label=f"pays seat {o}'s yaku",
                                    points=-yaku_points[o],
                                )
                            )
        extra = state.extra
        if isinstance(extra, HanaAwaseRound):
            for s in range(n):
                pay = teyaku_payment(extra.shown[s].bit_count())
                if not pay:
                    continue
                lines[s].append(
                    ScoreLine(
                        kind="bonus",
                        label=f"teyaku: {extra.shown[s].bit_count()} chaff in the opening hand",
                        points=pay * (n - 1),
                        cards=cards_of(extra.shown[s]),
                    )
                )
                for o in range(n):
                    if o != s:
                        lines[o].append(
                            ScoreLine(kind="penalty", label=f"pays seat {s}'s teyaku", points=-pay)
                        )
        breakdown = tuple(
            SeatScore(seat=s, lines=tuple(lines[s]), points=sum(x.points for x in lines[s]))
            for s in range(n)
        )
        return self.round_result(state, breakdown)


GAME = HanaAwase()
