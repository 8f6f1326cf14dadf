"""The 48 hanafuda cards, their codes (docs/rules.md §1) and the CardSet bitmask.

A card is a `Card` enum member whose value is its normative code ("01a".."12d"). Internally the
engine works on bit indexes (0..47, month-major) and on plain ``int`` masks; `CardSet` is the
public, immutable view of such a mask.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

from core.errors import NotationError
from core.messages import N_
from core.names import Name

#: The months' flowers, as the program names them (month 1 is Pine).
MONTH_NAMES = (
    "Pine",
    "Plum",
    "Cherry",
    "Wisteria",
    "Iris",
    "Peony",
    "Bush clover",
    "Pampas",
    "Chrysanthemum",
    "Maple",
    "Willow",
    "Paulownia",
)
#: The months' flowers in kanji, whole: 菖蒲, 牡丹 and 紅葉 are two characters (one of them alone
#: reads as another word).
MONTH_KANJI = ("松", "梅", "桜", "藤", "菖蒲", "牡丹", "萩", "芒", "菊", "紅葉", "柳", "桐")
#: The flowers' romaji.
MONTH_NAMES_JA = (
    "matsu",
    "ume",
    "sakura",
    "fuji",
    "ayame",
    "botan",
    "hagi",
    "susuki",
    "kiku",
    "momiji",
    "yanagi",
    "kiri",
)
#: The calendar months the suits stand for.
MONTH_CALENDAR = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
#: Each month's suit by its names: ``MONTHS[4].full()`` is ``Iris (菖蒲 ayame)``.
MONTHS: tuple[Name, ...] = tuple(
    Name(en, ja, romaji)
    for en, ja, romaji in zip(MONTH_NAMES, MONTH_KANJI, MONTH_NAMES_JA, strict=True)
)


class Kind(enum.IntEnum):
    """The four ranks, in the order that breaks a first-dealer tie (bright first)."""

    BRIGHT = 0
    ANIMAL = 1
    RIBBON = 2
    CHAFF = 3

    @property
    def kanji(self) -> str:
        """One character for the kind, as card faces show it: the first of 光札, 種札, 短冊 and
        素札 (chaff, most often written カス)."""
        return "光種短素"[self]

    @property
    def names(self) -> Name:
        """The kind's names: ``Chaff (カス kasu, also 素札 sufuda)``."""
        return _KIND_NAMES[self]

    @property
    def letter(self) -> str:
        return "LARC"[self]

    @property
    def label(self) -> str:
        return ("bright", "animal", "ribbon", "chaff")[self]


_KIND_NAMES = (
    Name("Bright", "光札", "hikari-fuda"),
    Name("Animal", "タネ", "tane", ("種札 tane-fuda",)),
    Name("Ribbon", "短冊", "tanzaku", ("短 tan",)),
    Name("Chaff", "カス", "kasu", ("素札 sufuda",)),
)

# (code, kind, standard points, Sakura points, English name, Japanese name, its romaji)
_TABLE: tuple[tuple[str, Kind, int, int, str, str, str], ...] = (
    ("01a", Kind.BRIGHT, 20, 20, "Crane", "松に鶴", "matsu ni tsuru"),
    ("01b", Kind.RIBBON, 5, 10, "Pine poetry ribbon", "松に赤短", "matsu ni akatan"),
    ("01c", Kind.CHAFF, 1, 0, "Pine chaff", "松のカス", "matsu no kasu"),
    ("01d", Kind.CHAFF, 1, 0, "Pine chaff", "松のカス", "matsu no kasu"),
    ("02a", Kind.ANIMAL, 10, 5, "Bush Warbler", "梅に鶯", "ume ni uguisu"),
    ("02b", Kind.RIBBON, 5, 10, "Plum poetry ribbon", "梅に赤短", "ume ni akatan"),
    ("02c", Kind.CHAFF, 1, 0, "Plum chaff", "梅のカス", "ume no kasu"),
    ("02d", Kind.CHAFF, 1, 0, "Plum chaff", "梅のカス", "ume no kasu"),
    ("03a", Kind.BRIGHT, 20, 20, "Curtain", "桜に幕", "sakura ni maku"),
    ("03b", Kind.RIBBON, 5, 10, "Cherry poetry ribbon", "桜に赤短", "sakura ni akatan"),
    ("03c", Kind.CHAFF, 1, 0, "Cherry chaff", "桜のカス", "sakura no kasu"),
    ("03d", Kind.CHAFF, 1, 0, "Cherry chaff", "桜のカス", "sakura no kasu"),
    ("04a", Kind.ANIMAL, 10, 5, "Cuckoo", "藤に不如帰", "fuji ni hototogisu"),
    ("04b", Kind.RIBBON, 5, 10, "Wisteria ribbon", "藤に短冊", "fuji ni tanzaku"),
    ("04c", Kind.CHAFF, 1, 0, "Wisteria chaff", "藤のカス", "fuji no kasu"),
    ("04d", Kind.CHAFF, 1, 0, "Wisteria chaff", "藤のカス", "fuji no kasu"),
    ("05a", Kind.ANIMAL, 10, 5, "Eight-plank Bridge", "菖蒲に八橋", "ayame ni yatsuhashi"),
    ("05b", Kind.RIBBON, 5, 10, "Iris ribbon", "菖蒲に短冊", "ayame ni tanzaku"),
    ("05c", Kind.CHAFF, 1, 0, "Iris chaff", "菖蒲のカス", "ayame no kasu"),
    ("05d", Kind.CHAFF, 1, 0, "Iris chaff", "菖蒲のカス", "ayame no kasu"),
    ("06a", Kind.ANIMAL, 10, 5, "Butterflies", "牡丹に蝶", "botan ni chō"),
    ("06b", Kind.RIBBON, 5, 10, "Peony blue ribbon", "牡丹に青短", "botan ni aotan"),
    ("06c", Kind.CHAFF, 1, 0, "Peony chaff", "牡丹のカス", "botan no kasu"),
    ("06d", Kind.CHAFF, 1, 0, "Peony chaff", "牡丹のカス", "botan no kasu"),
    ("07a", Kind.ANIMAL, 10, 5, "Boar", "萩に猪", "hagi ni inoshishi"),
    ("07b", Kind.RIBBON, 5, 10, "Bush clover ribbon", "萩に短冊", "hagi ni tanzaku"),
    ("07c", Kind.CHAFF, 1, 0, "Bush clover chaff", "萩のカス", "hagi no kasu"),
    ("07d", Kind.CHAFF, 1, 0, "Bush clover chaff", "萩のカス", "hagi no kasu"),
    ("08a", Kind.BRIGHT, 20, 20, "Moon", "芒に月", "susuki ni tsuki"),
    ("08b", Kind.ANIMAL, 10, 5, "Geese", "芒に雁", "susuki ni kari"),
    ("08c", Kind.CHAFF, 1, 0, "Pampas chaff", "芒のカス", "susuki no kasu"),
    ("08d", Kind.CHAFF, 1, 0, "Pampas chaff", "芒のカス", "susuki no kasu"),
    ("09a", Kind.ANIMAL, 10, 5, "Sake Cup", "菊に盃", "kiku ni sakazuki"),
    ("09b", Kind.RIBBON, 5, 10, "Chrysanthemum blue ribbon", "菊に青短", "kiku ni aotan"),
    ("09c", Kind.CHAFF, 1, 0, "Chrysanthemum chaff", "菊のカス", "kiku no kasu"),
    ("09d", Kind.CHAFF, 1, 0, "Chrysanthemum chaff", "菊のカス", "kiku no kasu"),
    ("10a", Kind.ANIMAL, 10, 5, "Deer", "紅葉に鹿", "momiji ni shika"),
    ("10b", Kind.RIBBON, 5, 10, "Maple blue ribbon", "紅葉に青短", "momiji ni aotan"),
    ("10c", Kind.CHAFF, 1, 0, "Maple chaff", "紅葉のカス", "momiji no kasu"),
    ("10d", Kind.CHAFF, 1, 0, "Maple chaff", "紅葉のカス", "momiji no kasu"),
    ("11a", Kind.BRIGHT, 20, 5, "Rain Man", "柳に小野道風", "yanagi ni Ono no Michikaze"),
    ("11b", Kind.ANIMAL, 10, 5, "Swallow", "柳に燕", "yanagi ni tsubame"),
    ("11c", Kind.RIBBON, 5, 10, "Willow ribbon", "柳に短冊", "yanagi ni tanzaku"),
    ("11d", Kind.CHAFF, 1, 0, "Lightning", "柳のカス", "yanagi no kasu"),
    ("12a", Kind.BRIGHT, 20, 20, "Phoenix", "桐に鳳凰", "kiri ni hōō"),
    ("12b", Kind.CHAFF, 1, 10, "Yellow Paulownia", "桐のカス（黄）", "kiri no kasu (ki)"),
    ("12c", Kind.CHAFF, 1, 0, "Paulownia chaff", "桐のカス", "kiri no kasu"),
    ("12d", Kind.CHAFF, 1, 0, "Paulownia chaff", "桐のカス", "kiri no kasu"),
)
#: Other names of some cards, each with its reading (docs/rules.md §1).
_CARD_ALIASES: dict[str, tuple[str, ...]] = {
    "02a": ("Nightingale",),
    "11a": ("小野道風 Ono no Tōfū", "Umbrella Man"),
    "11d": ("鬼札 onifuda", "Gaji (Sakura)", "柳に雷 yanagi ni ikazuchi"),
    "12b": ("黄カス ki-kasu",),
}


class Card(enum.Enum):
    """One of the 48 cards; its value is the normative code, e.g. ``Card("09a")``."""

    C01A = "01a"
    C01B = "01b"
    C01C = "01c"
    C01D = "01d"
    C02A = "02a"
    C02B = "02b"
    C02C = "02c"
    C02D = "02d"
    C03A = "03a"
    C03B = "03b"
    C03C = "03c"
    C03D = "03d"
    C04A = "04a"
    C04B = "04b"
    C04C = "04c"
    C04D = "04d"
    C05A = "05a"
    C05B = "05b"
    C05C = "05c"
    C05D = "05d"
    C06A = "06a"
    C06B = "06b"
    C06C = "06c"
    C06D = "06d"
    C07A = "07a"
    C07B = "07b"
    C07C = "07c"
    C07D = "07d"
    C08A = "08a"
    C08B = "08b"
    C08C = "08c"
    C08D = "08d"
    C09A = "09a"
    C09B = "09b"
    C09C = "09c"
    C09D = "09d"
    C10A = "10a"
    C10B = "10b"
    C10C = "10c"
    C10D = "10d"
    C11A = "11a"
    C11B = "11b"
    C11C = "11c"
    C11D = "11d"
    C12A = "12a"
    C12B = "12b"
    C12C = "12c"
    C12D = "12d"

    _value_: str  # the code
    # Filled in below, once per member.
    index: int
    month: int
    kind: Kind
    points: int
    sakura_points: int
    name_en: str
    name_ja: str
    romaji: str
    bit: int

    @property
    def code(self) -> str:
        return self._value_

    @property
    def month_name(self) -> str:
        return MONTH_NAMES[self.month - 1]

    @property
    def kanji(self) -> str:
        """The month's flower in kanji (one or two characters: 松, 菖蒲)."""
        return MONTH_KANJI[self.month - 1]

    @property
    def names(self) -> Name:
        """The card's names: ``Lightning (柳のカス yanagi no kasu, also 鬼札 onifuda...)``."""
        return Name(self.name_en, self.name_ja, self.romaji, _CARD_ALIASES.get(self._value_, ()))

    @property
    def description(self) -> str:
        """Code and English name, the way logs and the CLI name a card: ``09a Sake Cup``."""
        return f"{self.value} {self.name_en}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card with this code; raises `NotationError` naming the text otherwise."""
        card = _BY_CODE.get(text.strip().lower()) if isinstance(text, str) else None
        if card is None:
            raise NotationError(
                N_("invalid card code: {code} (expected 01a..12d)"), code=repr(text)
            )
        return card

    def __repr__(self) -> str:
        return f"Card.parse({self.value!r})"

    def __str__(self) -> str:
        return self._value_


for _i, (_code, _kind, _pts, _spts, _en, _ja, _romaji) in enumerate(_TABLE):
    _card = Card(_code)
    _card.index = _i
    _card.month = _i // 4 + 1
    _card.kind = _kind
    _card.points = _pts
    _card.sakura_points = _spts
    _card.name_en = _en
    _card.name_ja = _ja
    _card.romaji = _romaji
    _card.bit = 1 << _i

#: Cards by bit index: ``CARDS[i].index == i``.
CARDS: tuple[Card, ...] = tuple(Card)
_BY_CODE: dict[str, Card] = {c.value: c for c in CARDS}
ALL_MASK = (1 << 48) - 1
MONTH_MASKS: tuple[int, ...] = tuple(0b1111 << (4 * m) for m in range(12))


def month_mask(month: int) -> int:
    """The mask of the four cards of a month (1..12)."""
    return MONTH_MASKS[month - 1]


def mask_of(cards: Iterable[Card | str]) -> int:
    """The bitmask of cards given as `Card` members or codes."""
    m = 0
    for c in cards:
        m |= (c if isinstance(c, Card) else Card.parse(c)).bit
    return m


def single_bits(mask: int) -> tuple[int, ...]:
    """Each card of ``mask`` as a mask of its own, lowest first (one capture target each)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return tuple(out)


def iter_bits(mask: int) -> Iterator[int]:
    """Bit indexes set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# The cards of each quarter of the deck (12 cards) by the quarter's bits, built as they are
# asked for: a mask's cards are four of these joined.
_QUARTER_CARDS: tuple[dict[int, tuple[Card, ...]], ...] = tuple({0: ()} for _ in range(4))


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in deck order."""
    q0, q1, q2, q3 = _QUARTER_CARDS
    try:
        return q0[mask & 4095] + q1[mask >> 12 & 4095] + q2[mask >> 24 & 4095] + q3[mask >> 36]
    except KeyError:
        for k, quarter in enumerate(_QUARTER_CARDS):
            bits = mask >> 12 * k & 4095
            if bits not in quarter:
                quarter[bits] = tuple(CARDS[12 * k + i] for i in range(12) if bits >> i & 1)
        return cards_of(mask)


def _kind_mask(kind: Kind) -> int:
    return mask_of(c for c in CARDS if c.kind is kind)


BRIGHTS = _kind_mask(Kind.BRIGHT)
ANIMALS = _kind_mask(Kind.ANIMAL)
RIBBONS = _kind_mask(Kind.RIBBON)
CHAFF = _kind_mask(Kind.CHAFF)
KIND_MASKS = (BRIGHTS, ANIMALS, RIBBONS, CHAFF)

# Per-card value tables, indexed by bit, for fast totals.
STANDARD_POINTS: tuple[int, ...] = tuple(c.points for c in CARDS)
SAKURA_POINTS: tuple[int, ...] = tuple(c.sakura_points for c in CARDS)


# Per value table (compared by identity, kept alive here): each quarter of the deck's totals by
# the quarter's bits, filled as they are asked for.
_QUARTER_POINTS: dict[int, tuple[tuple[int, ...], tuple[dict[int, int], ...]]] = {}


def points_of(mask: int, table: tuple[int, ...] = STANDARD_POINTS) -> int:
    """The card total of a mask under a per-card value table."""
    known = _QUARTER_POINTS.get(id(table))
    if known is None or known[0] is not table:
        if len(_QUARTER_POINTS) >= 64:
            _QUARTER_POINTS.clear()
        known = _QUARTER_POINTS[id(table)] = (table, tuple({} for _ in range(4)))
    total = 0
    for k, quarter in enumerate(known[1]):
        bits = mask >> 12 * k & 4095
        part = quarter.get(bits)
        if part is None:
            part = quarter[bits] = sum(table[12 * k + i] for i in range(12) if bits >> i & 1)
        total += part
    return total


class CardSet:
    """An immutable set of cards backed by a 48-bit mask (python-chess's SquareSet is the model)."""

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: int | Iterable[Card | str] = 0) -> None:
        if isinstance(cards, int):
            if not 0 <= cards <= ALL_MASK:
                raise NotationError(N_("invalid card mask: {mask}"), mask=repr(cards))
            object.__setattr__(self, "mask", cards)
        else:
            object.__setattr__(self, "mask", mask_of(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards from codes separated by spaces or commas: ``CardSet.parse("01a 09a")``."""
        return cls(Card.parse(t) for t in text.replace(",", " ").split())

    @classmethod
    def month(cls, month: int) -> CardSet:
        return cls(month_mask(month))

    def __iter__(self) -> Iterator[Card]:
        return (CARDS[i] for i in iter_bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __repr__(self) -> str:
        return f"CardSet.parse({' '.join(c.value for c in self)!r})"

    def __str__(self) -> str:
        return " ".join(c.value for c in self)

    def codes(self) -> tuple[str, ...]:
        return tuple(c.value for c in self)
