"""What is printed: buildings, cities, achievements, awards and the track layout, as loaded
from a card file by catalog.py."""

from __future__ import annotations

from dataclasses import dataclass

from games.skylines.state import Passive, Step, Test

TRACKS = ("profit", "prestige", "population")
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
    text: str
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
    """Everything printed: cards, cities, achievements, chips, awards and the track layout."""

    provenance: str
    cards: dict[str, Card]
    cities: dict[str, City]
    achievements: tuple[Achievement, ...]
    chips: tuple[int, ...]
    awards: tuple[Award, ...]
    discounted_by: dict[str, str]
    sites: tuple[str, ...]
    track_end: int
    lines: tuple[int, ...]
    end_bonus: int
    score_end: int
    row_size: int
    deal: int
    custom: bool = False  # a group's own card file
    borrowed: tuple[str, ...] = ()  # sections of that file taken from the sample

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.discounted_by)

    def card(self, name: str) -> Card:
        return self.cards[name]

    def level(self, level: int) -> list[str]:
        return [card.name for card in self.cards.values() if card.level == level]

    def achievement(self, name: str) -> Achievement:
        return next(a for a in self.achievements if a.name == name)

    def shortfall(self, players: int) -> str | None:
        """What this card set lacks to seat `players` (two cities offered to each, the opening
        deal and the card row from level 1 with one card to spare), or None."""
        cities, level1 = len(self.cities), len(self.level(1))
        if cities < 2 * players:
            return f"{cities} cities, and {players} players need {2 * players}"
        need = self.deal * players + self.row_size + 1
        if level1 < need:
            return f"{level1} level 1 cards, and {players} players need {need}"
        return None

    def most_players(self, limit: int) -> int:
        """The most players (up to limit) this card set can seat; 0 if not even one."""
        return max((n for n in range(1, limit + 1) if self.shortfall(n) is None), default=0)

    def describe(self, name: str) -> str:
        """A card as a player reads it: level, type, cost, gains, icons and mayor action."""
        card = self.card(name)
        gains = ", ".join(
            f"{label}+{n}" for label, n in zip(("Pf", "Pr", "Po"), card.gains, strict=True) if n
        )
        icons = " ".join(
            part for part in (card.site or "", "landmark" if card.landmark else "") if part
        )
        extra = f", {icons}" if icons else ""
        return (
            f"{name} (level {card.level} {card.type}, cost {card.cost}, "
            f"{gains or 'no gains'}{extra}): {card.text}"
        )

    def gains(self, name: str) -> str:
        parts = [
            f"{label}+{n}"
            for label, n in zip(("Pf", "Pr", "Po"), self.card(name).gains, strict=True)
            if n
        ]
        return " ".join(parts) or "-"
