"""What players call things: an English name, the Japanese one and its romaji, and the aliases.

One `Name` per yaku across the four games (docs/rules.md §1.2): koi-koi's ``hanamizake`` and
hana-awase's ``hanami`` are the same yaku, Flower Viewing, so they share one name; the ids stay
apart because logs record them. The months, the kinds and the cards carry their names in
`core.cards`, built on the same `Name`.

The sources of the names are the rule books of docs/rules.md §8; where they give a yaku no
Japanese name (two of Sakura's), the name says so in ``note`` instead of inventing one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Name:
    """A thing's names: ``en`` (what the program says), ``ja`` (kanji or kana) and its
    ``romaji``, other names people use (``aliases``, each with its reading), and a ``note``
    where no Japanese name exists."""

    en: str
    ja: str = ""
    romaji: str = ""
    aliases: tuple[str, ...] = ()
    note: str = ""

    def japanese(self, *, ascii_only: bool = False) -> str:
        """``花見酒 hanami-zake`` (in ASCII mode the romaji alone, without long-vowel marks:
        ``gokou`` is written ``goko``; "" when there is none)."""
        if ascii_only:
            return plain_ascii(self.romaji)
        return f"{self.ja} {self.romaji}".strip() if self.ja else self.romaji

    def full(self, *, ascii_only: bool = False) -> str:
        """``Flower Viewing (花見酒 hanami-zake)``: the name to learn a thing by."""
        ja = self.japanese(ascii_only=ascii_only)
        return f"{self.en} ({ja})" if ja else self.en

    def also(self, *, ascii_only: bool = False) -> str:
        """The aliases in one phrase, ``also 花見で一杯 hanami de ippai`` ("" without any)."""
        aliases = self.alias_list(ascii_only=ascii_only)
        return "also " + ", ".join(aliases) if aliases else ""

    def alias_list(self, *, ascii_only: bool = False) -> tuple[str, ...]:
        """The aliases one by one (in ASCII mode, those with a readable romaji part, as it)."""
        if ascii_only:
            return tuple(a for a in (_romaji_part(x) for x in self.aliases) if a)
        return self.aliases


_FOLD = str.maketrans({"ō": "o", "ū": "u", "ā": "a", "ē": "e", "ī": "i", "×": "x"})


def plain_ascii(text: str) -> str:
    """``text`` for ASCII mode: romaji without long-vowel marks (``gokō`` as ``goko``), ``×``
    as ``x``."""
    return text.translate(_FOLD)


def _romaji_part(alias: str) -> str:
    """The readable part of an alias in ASCII mode: its words without kanji or kana."""
    return " ".join(plain_ascii(w) for w in alias.split() if plain_ascii(w).isascii())


#: Every yaku of every game by id (koi-koi docs/rules.md §5.2, hana-awase §4.2, Sakura §6.2),
#: and the lucky hands of koi-koi (§5.1). Ids of the same yaku in two games share a name.
YAKU_NAMES: dict[str, Name] = {
    "goko": Name("Five Brights", "五光", "gokō"),
    "shiko": Name("Four Brights", "四光", "shikō"),
    "ameshiko": Name("Rainy Four Brights", "雨四光", "ame-shikō"),
    "sanko": Name("Three Brights", "三光", "sankō"),
    "omote_sugawara": Name("Spring", "表菅原", "omote-sugawara"),
    "matsukiribozu": Name("Pine, Paulownia and Moon", "松桐坊主", "matsu-kiri-bōzu"),
    "inoshikacho": Name("Boar, Deer and Butterflies", "猪鹿蝶", "inoshikachō"),
    "tane": Name("Animals", "タネ", "tane"),
    "akatan_aotan": Name("Poetry and Blue Ribbons", "赤短・青短の重複", "akatan-aotan no chōfuku"),
    "akatan": Name("Poetry Ribbons", "赤短", "akatan", ("裏菅原 ura-sugawara",)),
    "aotan": Name("Blue Ribbons", "青短", "aotan"),
    "tan": Name("Ribbons", "タン", "tan", ("短冊 tanzaku",)),
    "kusatan": Name("Grass Ribbons", "草短", "kusatan", ("くさ kusa",)),
    "nanatan": Name("Seven Ribbons", "七短", "nanatan"),
    "rokutan": Name("Six Ribbons", "六短", "rokutan"),
    "nomi": Name("Drinking", "飲み", "nomi", ("鉄砲 teppō",)),
    "kasu": Name("Chaff", "カス", "kasu", ("素札 sufuda",)),
    "tsukifuda": Name("Month Cards", "月札", "tsukifuda"),
    "yanagi_shima": Name("Willow Row", "柳島", "yanagi-shima", ("雨島 ame-shima",)),
    "fuji_shima": Name("Wisteria Row", "藤島", "fuji-shima"),
    "kiri_shima": Name("Paulownia Row", "桐島", "kiri-shima"),
    "blue_animals": Name(
        "Blue-ribbon Animals",
        note="no Japanese name in the rule books: the animals of the blue-ribbon months",
    ),
    "grass_animals": Name(
        "Grass-ribbon Animals",
        note="no Japanese name in the rule books: the animals of the grass-ribbon months",
    ),
    "inoshikagan": Name(
        "Boar, Geese and Deer", "猪鹿雁", "inoshikagan", ("がんぼ ganbo", "野荒し noarashi")
    ),
    "teshi": Name("Four of a Month", "手四", "teshi"),
    "kuttsuki": Name("Four Pairs", "くっつき", "kuttsuki", ("喰付 kuttsuki",)),
}
_VIEWING = {
    "flower": Name(
        "Flower Viewing", "花見酒", "hanami-zake", ("花見で一杯 hanami de ippai", "花見 hanami")
    ),
    "moon": Name(
        "Moon Viewing", "月見酒", "tsukimi-zake", ("月見で一杯 tsukimi de ippai", "月見 tsukimi")
    ),
}
YAKU_NAMES.update(
    hanamizake=_VIEWING["flower"],
    hanami=_VIEWING["flower"],
    tsukimizake=_VIEWING["moon"],
    tsukimi=_VIEWING["moon"],
)


def yaku_name(yaku_id: str) -> Name:
    """The name of a yaku (or lucky hand) by id; an unknown id is its own English name."""
    name = YAKU_NAMES.get(yaku_id)
    return name if name is not None else Name(yaku_id.replace("_", " ").capitalize())


__all__ = ["YAKU_NAMES", "Name", "plain_ascii", "yaku_name"]
