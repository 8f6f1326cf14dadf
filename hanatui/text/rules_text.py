"""The rules pages: what a player reads to learn each game, as plain text (no Textual).

Each game's page says how it plays, what the cards are worth, its yaku with their exclusive
groups, its multipliers and lucky hands, every preset (what it changes and where it comes from)
and every house rule in words. The yaku, presets and options come from the game's own
declarations, so the page cannot drift from what the engine does; the prose follows
docs/rules.md. The app shows these sections (`hanatui.app.screens.info`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from core.cards import CARDS, MONTHS, Kind, cards_of
from core.games.registry import GAMES, game_of
from core.names import yaku_name
from core.rules import find_rules, preset_of, presets
from core.yaku import YakuSpec
from hanatui.text import names
from hanatui.text.i18n import N_, _, pgettext
from hanatui.text.names import (
    also_text,
    ascii_text,
    calendar_month,
    card_name,
    kind_name,
    month_name,
    with_japanese,
)
from hanatui.text.options import (
    join_and,
    number_words,
    option_docs,
    option_title,
    option_value_words,
)

# The English of this module is marked with N_ and translated where a page is made (`page`), in
# the player's language at that moment: the language can change while the program runs.

#: What each exclusive group of yaku is called on a page (by group, or by game and group), in
#: English (`group_title` says it in the player's language).
GROUP_TITLES: dict[str | tuple[str, str], str] = {
    ("hana-awase", "ribbons"): "Seven and Six Ribbons",
    "brights": "Brights",
    "animals": "Animals",
    "ribbons": "Ribbons",
    "viewing": "Viewing",
}


def group_title(title: str) -> str:
    """A group's title of `GROUP_TITLES` in the player's language (another as it is)."""
    words = {
        "Seven and Six Ribbons": pgettext("yaku group", "Seven and Six Ribbons"),
        "Brights": pgettext("yaku group", "Brights"),
        "Animals": pgettext("yaku group", "Animals"),
        "Ribbons": pgettext("yaku group", "Ribbons"),
        "Viewing": pgettext("yaku group", "Viewing"),
        "These add up": pgettext("yaku group", "These add up"),
        "Yaku": pgettext("yaku group", "Yaku"),
    }
    return words.get(title, title)


COMMON = N_("""\
Every game here is a fishing game. On your turn you play a card from your hand onto the field: \
if a field card shows the same month (the same flower), you capture both; if two match, you \
choose one; if three match, you take all four. Then you turn over the top card of the draw pile \
and it is resolved the same way. Captured cards lie face up in front of you. The first dealer is \
decided by a draw: the earliest month deals (on the same month, a bright beats an animal, a \
ribbon, then a chaff).""")

PLAY = {
    "bakappana": N_(
        """\
Bakappana (2-4 players) has no yaku: when the cards run out, each player scores the points of \
the cards they captured. With two players the 8 cards left in the draw pile are played out in \
draw-only turns. The best round score deals next. Four cards of one month dealt to the field \
make a misdeal: the same dealer deals again."""
    ),
    "hana-awase": N_(
        """\
Hana-awase (2-4 players) is bakappana plus yaku: combinations of captured cards that score on \
top of the cards' points. It is dealt, played and ended as bakappana, and the best round score \
deals next. Within a group of yaku only the most valuable one counts; the others add up."""
    ),
    "koikoi": N_(
        """\
Koi-koi (2 players) is the race for yaku; cards score nothing by themselves. Each player gets 8 \
cards and 8 go to the field. When you make a yaku, or raise one you hold, you choose: shobu \
(stop now: the round ends and you score your yaku, your opponent nothing, and you deal next) or \
koi-koi (play on for more; but if your opponent then stops first, their score is doubled). If \
nobody stops before the hands run out, nobody scores and the same dealer deals again. A yaku \
made on your last move stops the round by itself. A round is named after a month (round 1 \
Pine, January; round 2 Plum, February...). Four cards of one month, or four pairs, dealt to the \
field make a misdeal."""
    ),
    "sakura": N_(
        """\
Sakura (Hawaiian hanafuda, also Higo-bana; 2-7 players, teams for 4 or 6) scores card points \
with its own values, less 50 for each yaku an opponent holds: a yaku costs the others, it earns \
its holder nothing. Scores may be negative. If four cards of one month are dealt to the field, \
the dealer takes them at once. A player with no cards left in hand only draws, and the round \
ends when every hand is empty (the cards left in the draw pile are not played).

The Gaji is the Lightning (11d). Played from your hand, or turned from the draw pile, it is \
wild: it takes any one field card, of any month, and keeps it. When the round is over, the \
Gaji's owner also takes the field cards of that card's month. Dealt to the field at the start, \
the Gaji is an ordinary Willow card: only another Willow takes it.

Hiki: on your turn, instead of playing a card, you may take all four cards of a month that you \
hold between your hand and the field (four in hand, or three and one, or two and two, or one \
and three); then you draw as usual. Three cards of a month on the field are all taken by the \
fourth. When a Gaji is aimed at a card that completes another player's hiki, that player takes \
the four cards at once and the Gaji's player aims again or leaves the Gaji on the field."""
    ),
}

#: How a house rule changes the play, added to a game's page when the rules shown have it on
#: (the page of a match in play), by game and option.
RULE_PLAY: dict[tuple[str, str], str] = {
    ("hana-awase", "lightning_wild"): N_(
        """\
The Lightning (11d) is wild, as in Mushi: it may take any one other card except a Willow. \
Played from your hand, it takes the field card you choose, or you play it as an ordinary Willow \
card. Turned from the draw pile, it must take a card that is not a Willow (you choose which); \
if there is none, it stays on the field. Turned as the last card of the pile, it takes every \
card on the field. Lying on the field, it is taken by the first card turned from the draw pile \
that is not a Willow, instead of that card's own match; cards from a hand and Willows leave it \
there.

When the round is over, the odd Willow left on the field goes to the player who took the other \
two Willows, and the odd card of the month the Lightning was paired with goes to the player who \
paired them."""
    ),
}

#: What the cards are worth, in words whose numbers come from the game's own value table
#: (`Game.card_values`): per game, (options changed from the standard rules, the words). In the
#: words ``{bright}``, ``{animal}``, ``{ribbon}``, ``{chaff}`` stand for the value of each card of
#: that kind that the words do not name by code, as ``{11a}`` stands for that card's value, and
#: ``{total}`` for the deck's (`value_words`).
VALUES: dict[str, tuple[tuple[dict[str, Any], str], ...]] = {
    "bakappana": (
        (
            {},
            N_(
                "Brights {bright}, animals {animal}, ribbons {ribbon}, chaff {chaff} (the "
                "Lightning too): {total} in all."
            ),
        ),
        ({"chaff_value": 0}, N_('Under the "80" option chaff counts {chaff} ({total} in all).')),
    ),
    "hana-awase": (
        (
            {},
            N_(
                "As in bakappana: brights {bright}, animals {animal}, ribbons {ribbon}, chaff "
                "{chaff}: {total} in all"
            ),
        ),
        ({"chaff_value": 0}, N_("({total} with chaff at {chaff}).")),
    ),
    "koikoi": (
        (
            {},
            N_(
                "Cards score nothing by themselves: only yaku score. (The computer players still "
                "weigh cards by the standard values: brights {bright}, animals {animal}, ribbons "
                "{ribbon}, chaff {chaff}.)"
            ),
        ),
    ),
    "sakura": (
        (
            {},
            N_(
                "The brights {bright}, except the Rain Man (11a), {11a}; the ten ribbons "
                "{ribbon}, and the Yellow Paulownia (12b) {12b} too; the animals {animal}; every "
                "other chaff {chaff}, the Lightning (the Gaji) included: {total} in all."
            ),
        ),
    ),
}

_KINDS = {"bright": Kind.BRIGHT, "animal": Kind.ANIMAL, "ribbon": Kind.RIBBON, "chaff": Kind.CHAFF}


def value_words(words: str, values: tuple[int, ...]) -> str:
    """``words`` (see `VALUES`) with the numbers of the value table ``values`` (by bit index).
    A kind whose cards not named in ``words`` differ in value raises ValueError: the words no
    longer say what the table does."""
    fields = set(re.findall(r"\{(\w+)\}", words))
    named = {c.index for c in CARDS if c.code in fields}
    numbers: dict[str, int] = {"total": sum(values)}
    for c in CARDS:
        if c.code in fields:
            numbers[c.code] = values[c.index]
    for field, kind in _KINDS.items():
        if field in fields:
            seen = {values[c.index] for c in CARDS if c.kind is kind and c.index not in named}
            if len(seen) != 1:
                raise ValueError(f"the {field} cards are not all worth one value: {sorted(seen)}")
            numbers[field] = seen.pop()
    return words.format(**numbers)


def values_text(game: str) -> str:
    """What the cards of ``game`` are worth, from its value table under the standard rules (and
    the options `VALUES` names)."""
    standard = find_rules(game)
    of = game_of(game)
    return " ".join(
        value_words(_(words), of.card_values(standard.replace(**changes) if changes else standard))
        for changes, words in VALUES[game]
    )


SCORING = {
    "bakappana": N_(
        "A round scores each player's card points. Zero-sum scoring (an option) takes "
        "par, the deck's 264 points shared out equally (132, 88 or 66), off each score, so the "
        "round adds up to nothing."
    ),
    "hana-awase": N_(
        "A round scores card points plus yaku. By default each yaku counts once per "
        "opponent, as the Polish manual scores it: twice with three players, three times with four "
        "(once with two). FudaWiki adds each yaku once; the traditional zero-sum settlement takes "
        "par off the card points and has each other player pay you your yaku."
    ),
    "koikoi": N_(
        "The winner's yaku make the base score. ×2 when the base is 7 points or more "
        "(FudaWiki's standard, which began as a house rule); ×2 when the opponent called koi-koi "
        "this round, however often. The two multiply together: 7 points after the opponent's "
        "koi-koi score 28.\n\nLucky hands, dealt into a hand: teshi, all four cards of a "
        "month, and kuttsuki, four pairs. The holder wins the round at once for 6 "
        "points, never multiplied; if both players hold one, the round is a draw and the same "
        "dealer deals again."
    ),
    "sakura": N_(
        "Each player (or team) scores their card points less 50 for every yaku held by "
        "each opponent; a card may serve several yaku. The best round score deals next; on a tie "
        "the previous dealer deals again."
    ),
}


@dataclass(frozen=True)
class YakuGroup:
    """Yaku a page lists together: an exclusive group (only its best yaku counts), or the yaku
    that add up (``title`` "These add up")."""

    title: str
    exclusive: bool
    members: tuple[YakuSpec, ...]


def yaku_groups(game: str, rules: Any = None) -> list[YakuGroup]:
    """A game's yaku under ``rules`` (the standard rules by default): each exclusive group once,
    with its members, then the yaku that add up (the titles in the player's language)."""
    rules = rules if rules is not None else find_rules(game)
    specs = game_of(game).yaku_specs(rules)
    groups: dict[str, list[YakuSpec]] = {}
    loose: list[YakuSpec] = []
    for spec in specs:
        if spec.group is None:
            loose.append(spec)
        else:
            groups.setdefault(spec.group, []).append(spec)
    out = [
        YakuGroup(
            group_title(GROUP_TITLES.get((game, g)) or GROUP_TITLES.get(g) or g.capitalize()),
            True,
            tuple(members),
        )
        for g, members in groups.items()
    ]
    if loose:
        out.append(YakuGroup(group_title("These add up" if out else "Yaku"), False, tuple(loose)))
    return out


#: The notes of the yaku with no Japanese name (`core.names.Name.note`), for the catalogs.
_NOTES = (
    N_("no Japanese name in the rule books: the animals of the blue-ribbon months"),
    N_("no Japanese name in the rule books: the animals of the grass-ribbon months"),
)


def yaku_title(spec: YakuSpec, game: str, *, ascii_only: bool = False) -> str:
    """``Flower Viewing (花見酒 hanami-zake; also 花見で一杯 hanami de ippai, 花見 hanami)``."""
    name = yaku_name(spec.id)
    text = names.yaku_title(spec.id)
    called = game_of(game).yaku_numbers.get(spec.id)
    if called is not None:
        number, kana, romaji = called
        letter = romaji if ascii_only else f"{kana} {romaji}"
        text = f"{number} ({letter}) {text}"
    japanese = name.japanese(ascii_only=ascii_only)
    also = also_text(name, ascii_only=ascii_only)
    note = _(name.note) if name.note else ""
    details = "; ".join(x for x in (japanese, also, note) if x)
    return f"{text} ({details})" if details else text


#: What a yaku needs where its cards are not listed one by one (`YakuSpec.description`, in the
#: standard rules of each game), and the extras said after a list of cards ("{cards}"): the
#: engine's English, looked up in the catalog as it is.
YAKU_NEEDS = (
    N_("the Rain Man and three of 01a 03a 08a 12a"),
    N_("three of 01a 03a 08a 12a (not the Rain Man)"),
    N_("five animals, +1 per further animal"),
    N_("the three poetry and three blue ribbons, +1 per further ribbon"),
    N_("five ribbons (11c counts), +1 per further ribbon"),
    N_("ten chaff, +1 per further chaff; the Sake Cup counts as chaff"),
    N_("any 7 ribbons, the Willow ribbon 11c excluded"),
    N_("any 6 ribbons, the Willow ribbon 11c excluded"),
    N_("{cards}, +1 per further animal"),
    N_("{cards}, +1 per further ribbon"),
)


def yaku_cards(spec: YakuSpec) -> str:
    """What a yaku needs: its cards by name and code, or the spec's own words for a count or a
    long list."""
    if spec.need or not spec.cards or spec.cards.bit_count() > 5:
        return _(spec.description)
    cards = join_and([f"{card_name(c)} {c.code}" for c in cards_of(spec.cards)])
    _before, plus, after = spec.description.partition(", +1")
    if not plus:
        return cards
    words = "{cards}" + plus + after  # one of `YAKU_NEEDS`
    return _(words).format(cards=cards)


def yaku_points(spec: YakuSpec, game: str) -> str:
    if game_of(game).yaku_costs_others:
        return _("each opponent loses {points}").format(points=spec.points)
    return number_words("points", spec.points)


def yaku_section(game: str, *, ascii_only: bool = False) -> list[str]:
    """The yaku of a game's standard rules under their group's heading: a yaku's name, its
    worth, and on the next line its cards."""
    lines: list[str] = []
    for group in yaku_groups(game):
        if lines:
            lines.append("")
        if group.exclusive:
            lines.append(
                _("{group} (only the most valuable one counts):").format(group=group.title)
            )
        else:
            lines.append(f"{group.title}:")
        for spec in group.members:
            lines.append(
                f"  {yaku_title(spec, game, ascii_only=ascii_only)}: {yaku_points(spec, game)}"
            )
            lines.append(f"      {yaku_cards(spec)}")
    return lines


def preset_lines(game: str) -> list[str]:
    """Every preset: its title and name, then what it is and what it changes, in words."""
    standard = find_rules(game)
    lines: list[str] = []
    for name in presets(game):
        preset = preset_of(game, name)
        if lines:
            lines.append("")
        lines.append(f"{_(preset.title)} (--preset {name})")
        lines.append(f"    {_(preset.description)}")
        rules = find_rules(game, name)
        changed = [
            # TRANSLATORS: an option's title and its value in words ("Rounds: 8 rounds")
            _("{option}: {value}").format(
                option=option_title(game, key), value=option_value_words(game, key, value)
            )
            for key, value in rules.options().items()
            if value != standard.options()[key]
        ]
        if changed:
            text = _("Changes: {changes}.").format(changes="; ".join(changed))
            if text.endswith(".."):  # the last value ends with an abbreviation's stop
                text = text[:-1]
            lines.append("    " + text)
    return lines


def option_lines(game: str) -> list[str]:
    """Every house rule: its title and standard value in words, then what it does."""
    lines: list[str] = []
    for doc in option_docs(game):
        if lines:
            lines.append("")
        lines.append(
            _("{option}: {value} in the standard rules").format(
                option=doc.title, value=doc.default_words
            )
        )
        lines.append(f"    {doc.explanation}")
    return lines


def month_lines(*, ascii_only: bool = False) -> list[str]:
    """The twelve suits: ``05 May: Iris (菖蒲 ayame)``, in the player's language."""
    lines = []
    for i, month in enumerate(MONTHS):
        local = _local(month_name(i + 1), ascii_only)
        calendar = _local(calendar_month(i + 1), ascii_only)
        named = with_japanese(local, month, ascii_only=ascii_only)
        lines.append(f"{i + 1:02d} {calendar}: {named}")
    return lines


def _local(text: str, ascii_only: bool) -> str:
    return ascii_text(text) if ascii_only else text


def card_rows(*, ascii_only: bool = False) -> list[tuple[str, ...]]:
    """The cards table: code, kind, card, its Japanese name and romaji, points, Sakura points."""
    rows: list[tuple[str, ...]] = []
    for c in CARDS:
        label = _local(kind_name(c.kind).lower(), ascii_only)
        kind = label if ascii_only else f"{c.kind.kanji} {label}"
        rows.append(
            (
                c.code,
                kind,
                _local(card_name(c), ascii_only),
                c.names.japanese(ascii_only=ascii_only),
                str(c.points),
                str(c.sakura_points),
            )
        )
    return rows


def alias_lines(*, ascii_only: bool = False) -> list[str]:
    """The cards people also call by other names: ``11d Lightning: also 鬼札 onifuda...``."""
    lines = []
    for c in CARDS:
        also = also_text(c.names, ascii_only=ascii_only)
        if also:
            lines.append(f"{c.code} {_local(card_name(c), ascii_only)}: {also}")
    return lines


def kind_lines(*, ascii_only: bool = False) -> list[str]:
    """The four kinds with the character a card face shows (its letter in ASCII mode)."""
    lines = []
    for k in Kind:
        local = with_japanese(_local(kind_name(k), ascii_only), k.names, ascii_only=ascii_only)
        also = f", {also_text(k.names, ascii_only=ascii_only)}" if k.names.aliases else ""
        lines.append(f"{k.letter if ascii_only else k.kanji}  {local}{also}")
    return lines


def page(game: str, *, ascii_only: bool = False, rules: Any = None) -> list[tuple[str, str]]:
    """A game's rules page in the player's language: (heading, text) sections, in reading order
    (in ASCII mode, only ASCII characters). With ``rules`` of that game (a match's), the house
    rules on that change the play follow "How it plays" (`RULE_PLAY`)."""
    sections = _page(game, ascii_only=ascii_only)
    if rules is not None and rules.game == game:
        at = 1
        for (of, key), text in RULE_PLAY.items():
            if of == game and getattr(rules, key, False):
                heading = _("House rule on: {option}").format(option=option_title(game, key))
                sections.insert(at, (heading, _(text)))
                at += 1
    if ascii_only:
        return [(ascii_text(heading), ascii_text(text)) for heading, text in sections]
    return sections


def _page(game: str, *, ascii_only: bool) -> list[tuple[str, str]]:
    sections = [
        (_("How it plays"), _(PLAY[game])),
        (_("What the cards are worth"), values_text(game)),
        (_("Scoring"), _(SCORING[game])),
    ]
    yaku = yaku_section(game, ascii_only=ascii_only)
    if yaku:
        sections.append((_("Yaku (standard rules)"), "\n".join(yaku)))
    sections.append((_("Presets"), "\n".join(preset_lines(game))))
    sections.append((_("House rules"), "\n".join(option_lines(game))))
    return sections


def every_page(*, ascii_only: bool = False) -> dict[str, list[tuple[str, str]]]:
    """Every game's page, by game id."""
    return {game: page(game, ascii_only=ascii_only) for game in GAMES}


__all__ = [
    "COMMON",
    "RULE_PLAY",
    "YakuGroup",
    "alias_lines",
    "card_rows",
    "every_page",
    "group_title",
    "kind_lines",
    "month_lines",
    "option_lines",
    "page",
    "preset_lines",
    "yaku_groups",
    "yaku_section",
]
