"""Card and building data loaded from the package's JSON, with the names players type."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from games.base import RuleError

RESOURCES = ("wood", "food", "crystal")


@dataclass(frozen=True)
class Unit:
    """One distinct unit card (several physical copies may exist)."""

    name: str
    pl: str
    copies: int
    cost: int
    strength: int
    produces: dict[str, int]
    ability: str
    trigger: str


@dataclass(frozen=True)
class Building:
    """One building card: level 1 and level 2 sides."""

    name: str
    pl: str
    lp: tuple[int, int]
    need: tuple[dict[str, int], dict[str, int]]
    gold_option: tuple[int | None, int | None]
    produces: tuple[dict[str, int], dict[str, int]]
    ability: tuple[str, str]


def _load() -> tuple[list[Unit], list[Building]]:
    """Read units and buildings from the package's JSON."""
    raw = json.loads(resources.files(__package__).joinpath("cards.json").read_text("utf-8"))
    units = [
        Unit(
            u["name"],
            u["pl"],
            u["copies"],
            u["cost"],
            u["strength"],
            u["produces"],
            u["ability"],
            u["trigger"],
        )
        for u in raw["units"]
    ]
    buildings = [
        Building(
            b["name"],
            b["pl"],
            tuple(b["lp"]),
            tuple(b["need"]),
            tuple(b["gold_option"]),
            tuple(b["produces"]),
            tuple(b["ability"]),
        )
        for b in raw["buildings"]
    ]
    return units, buildings


UNITS, BUILDINGS = _load()
BUILDING_BY_NAME: dict[str, Building] = {b.name: b for b in BUILDINGS}

# Card ids 0..80: the copies of each unit in data order. CARD_UNIT[id] is its unit.
CARD_UNIT: list[Unit] = [u for u in UNITS for _ in range(u.copies)]
_COPY: list[int] = [k + 1 for u in UNITS for k in range(u.copies)]
DECK_SIZE = len(CARD_UNIT)


def unit(card: int) -> Unit:
    """The unit printed on a card id."""
    return CARD_UNIT[card]


def name(card: int) -> str:
    """The English unit name of a card id (copies share it)."""
    return CARD_UNIT[card].name


def label(card: int, lang: str = "en") -> str:
    """The unique printed label of a card, e.g. 'Knight 2' (the copy number only when copies > 1)."""
    u = CARD_UNIT[card]
    base = u.pl if lang == "pl" else u.name
    return base if u.copies == 1 else f"{base} {_COPY[card]}"


LABEL_WORDS: list[tuple[str, ...]] = [tuple(label(c).split()) for c in range(DECK_SIZE)]


def words(card: int) -> tuple[str, ...]:
    """A card's English label as command words, for Move args."""
    return LABEL_WORDS[card]


_POLISH = {u.name: u.pl for u in UNITS} | {b.name: b.pl for b in BUILDINGS} | {"base": "baza"}


def local(english: str, lang: str) -> str:
    """A unit or building name in the table's language."""
    return _POLISH.get(english, english) if lang == "pl" else english


def building_label(building: str, lang: str = "en") -> str:
    """A building's name in the table's language."""
    return BUILDING_BY_NAME[building].pl if lang == "pl" else building


def fold(text: str) -> str:
    """Case- and accent-insensitive form, so 'lowca' matches 'Łowca'."""
    if text.isascii():
        return " ".join(text.casefold().split())
    text = text.casefold().replace("ł", "l")
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


_FOLDED_LABELS = [(fold(label(c, "en")), fold(label(c, "pl"))) for c in range(DECK_SIZE)]
_FOLDED_NAMES = [(fold(u.name), fold(u.pl)) for u in CARD_UNIT]


def match_card(text: str, candidates: Sequence[int], what: str, *, any_copy: bool) -> int:
    """Resolve typed words to one card among candidates (label, then name, then name prefix).

    With any_copy, a bare name picks the first matching copy (hand cards are interchangeable).
    """
    wanted = fold(text)
    if not wanted:
        raise RuleError(f"Name the {what}.")
    for card in candidates:
        if wanted in _FOLDED_LABELS[card]:
            return card
    for test in (lambda n: n == wanted, lambda n: n.startswith(wanted)):
        found = [c for c in candidates if any(test(n) for n in _FOLDED_NAMES[c])]
        names = {CARD_UNIT[c].name for c in found}
        if len(names) == 1 and (any_copy or len(found) == 1):
            return found[0]
        if len(found) > 1:
            options = ", ".join(label(c) for c in found)
            raise RuleError(f"'{text}' matches several cards; type one of: {options}.")
    options = ", ".join(label(c) for c in candidates) or "none"
    raise RuleError(f"There is no {what} '{text}'; choose one of: {options}.")


def match_building(text: str) -> str:
    """Resolve a typed building name (English or Polish, exact or a unique prefix)."""
    wanted = fold(text)
    for test in (lambda n: n == wanted, lambda n: bool(wanted) and n.startswith(wanted)):
        found = [b.name for b in BUILDINGS if test(fold(b.name)) or test(fold(b.pl))]
        if len(found) == 1:
            return found[0]
    options = ", ".join(b.name for b in BUILDINGS)
    raise RuleError(f"There is no building '{text}'; choose one of: {options}.")
