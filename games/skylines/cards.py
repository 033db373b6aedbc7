"""What is printed: buildings, cities, achievements, awards and the track layout, as loaded
from a card file by catalog.py."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from games.i18n import N_, Name, Text, _, _n, joined
from games.skylines.state import Passive, Step, Test

TRACKS = ("profit", "prestige", "population")
TRACK_NAMES: dict[str, str] = {
    "profit": Name({"en": "profit", "pl": "Zysk"}),
    "prestige": Name({"en": "prestige", "pl": "Prestiż"}),
    "population": Name({"en": "population", "pl": "Ludność"}),
}
"""A track as its reader says it (and may type it); the state keeps the English."""
TRACK_TITLES: dict[str, str] = {
    "profit": Name({"en": "Profit", "pl": "Zysk"}),
    "prestige": Name({"en": "Prestige", "pl": "Prestiż"}),
    "population": Name({"en": "Population", "pl": "Ludność"}),
}
GAIN_LABELS = (N_("Pf+{n}"), N_("Pr+{n}"), N_("Po+{n}"))
"""A card's gains on the three tracks, short."""
ROUND_END = "Round End"
MEASURES = ("tallest", "most_buildings")


@dataclass(frozen=True)
class Card:
    """A building (levels 1-4) or a city (level 0): the icons it shows and its mayor action."""

    name: str
    level: int
    type: str
    cost: int
    gains: tuple[int, int, int]
    site: str | None
    landmark: bool
    text: str  # a Name when the card file gives it in Polish too
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class City:
    name: str
    type: str
    site: str | None
    text: str
    passive: Passive | None


@dataclass(frozen=True)
class Achievement:
    name: str
    text: str
    stars: int
    test: Test


@dataclass(frozen=True)
class Award:
    name: str
    text: str
    points: int
    measure: str


@dataclass(frozen=True)
class Catalog:
    """Everything printed: cards, cities, achievements, chips, awards and the track layout. Its
    mappings are read-only: `load` keeps a catalogue, and every table and thread shares it."""

    provenance: str
    cards: Mapping[str, Card]
    cities: Mapping[str, City]
    achievements: tuple[Achievement, ...]
    chips: tuple[int, ...]
    awards: tuple[Award, ...]
    discounted_by: Mapping[str, str]
    sites: tuple[str, ...]
    track_end: int
    lines: tuple[int, ...]
    end_bonus: int
    score_end: int
    row_size: int
    deal: int
    custom: bool = False  # a group's own card file
    borrowed: tuple[str, ...] = ()  # sections of that file taken from the sample
    names: Mapping[str, str] = field(default_factory=dict)
    """Cards, cities, achievements, awards, types and sites as their readers see them: a `Name`
    where the card file gives a Polish name too (the sample does), else the name as written."""

    def __post_init__(self) -> None:
        for name in ("cards", "cities", "discounted_by", "names"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.discounted_by)

    def card(self, name: str) -> Card:
        return self.cards[name]

    def label(self, name: str | None) -> str:
        """A name as its reader sees it (and may type it); the state keeps the English."""
        if name is None:
            return ""
        return self.names.get(name, name)

    def labels(self, names: Iterable[str]) -> list[str]:
        return [self.label(name) for name in names]

    def listed(self, names: Iterable[str], empty: str = "") -> str:
        """Names joined for a message, each in its reader's language."""
        return joined(self.labels(names), empty=empty or _("none"))

    def level(self, level: int) -> list[str]:
        return [card.name for card in self.cards.values() if card.level == level]

    def achievement(self, name: str) -> Achievement:
        return next(a for a in self.achievements if a.name == name)

    def shortfall(self, players: int) -> str | None:
        """What this card set lacks to seat `players` (two cities offered to each, the opening
        deal and the card row from level 1 with one card to spare), or None."""
        cities, level1 = len(self.cities), len(self.level(1))
        if cities < 2 * players:
            return _n(
                "{n} city, and {players} players need {need}",
                "{n} cities, and {players} players need {need}",
                cities,
                players=players,
                need=2 * players,
            )
        need = self.deal * players + self.row_size + 1
        if level1 < need:
            return _n(
                "{n} level 1 card, and {players} players need {need}",
                "{n} level 1 cards, and {players} players need {need}",
                level1,
                players=players,
                need=need,
            )
        return None

    def most_players(self, limit: int) -> int:
        """The most players (up to limit) this card set can seat; 0 if not even one."""
        return max((n for n in range(1, limit + 1) if self.shortfall(n) is None), default=0)

    def describe(self, name: str) -> str:
        """A card as a player reads it: level, type, cost, gains, icons and mayor action."""
        card = self.card(name)
        icons = [self.label(card.site)] if card.site else []
        if card.landmark:
            icons.append(_("landmark"))
        params = {
            "name": self.label(name),
            "level": card.level,
            "type": self.label(card.type),
            "cost": card.cost,
            "gains": self.gains(name, ", ", _("no gains")),
            "text": card.text,
        }
        if icons:
            return _(
                "{name} (level {level} {type}, cost {cost}, {gains}, {icons}): {text}",
                icons=joined(icons, " "),
                **params,
            )
        return _("{name} (level {level} {type}, cost {cost}, {gains}): {text}", **params)

    def short(self, name: str) -> str:
        """A card on a button or in a line: type, cost, gains and icons, e.g. 'Post Office
        (Civic, cost 1, Pr+1, Downtown)'."""
        card = self.card(name)
        parts = [
            self.label(card.type),
            _("cost {cost}", cost=card.cost),
            self.gains(name, ", ", ""),
        ]
        parts += [
            self.label(card.site) if card.site else "",
            _("landmark") if card.landmark else "",
        ]
        return _("{name} ({numbers})", name=self.label(name), numbers=joined(p for p in parts if p))

    def describe_city(self, name: str) -> str:
        """A city as a player reads it: type, site and passive ability."""
        city = self.cities[name]
        params = {"city": self.label(name), "type": self.label(city.type), "text": city.text}
        if city.site:
            return _("{city} ({type}, {site}): {text}", site=self.label(city.site), **params)
        return _("{city} ({type}): {text}", **params)

    def gains(self, name: str, sep: str = " ", empty: str = "-") -> str:
        """'Pf+1 Po+2': what building the card gains on each track."""
        parts = [
            Text(label, {"n": n})
            for label, n in zip(GAIN_LABELS, self.card(name).gains, strict=True)
            if n
        ]
        return joined(parts, sep, empty=empty)
