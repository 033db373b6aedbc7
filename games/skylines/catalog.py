"""The card set as data: the package's original sample, or a group's own card file, validated."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from games.base import RuleError
from games.skylines.vocabulary import check_passive, check_steps, check_test

TRACKS = ("profit", "prestige", "population")
ROUND_END = "Round End"
MEASURES = ("tallest", "most_buildings")
Step = dict[str, Any]


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
    passive: Step | None


@dataclass(frozen=True)
class Achievement:
    name: str
    text: str
    stars: int
    test: Step


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
    row_size: int
    deal: int

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.discounted_by)

    def card(self, name: str) -> Card:
        return self.cards[name]

    def level(self, level: int) -> list[str]:
        return [card.name for card in self.cards.values() if card.level == level]

    def achievement(self, name: str) -> Achievement:
        return next(a for a in self.achievements if a.name == name)


def _fail(where: str, field: str, must: str) -> RuleError:
    return RuleError(f"Card file: {where}, field '{field}' {must}.")


def _get(obj: dict[str, Any], where: str, field: str) -> Any:
    if field not in obj:
        raise _fail(where, field, "is missing")
    return obj[field]


def _int(obj: dict[str, Any], where: str, field: str, low: int = 0, high: int = 99) -> int:
    value = _get(obj, where, field)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, field, f"must be a whole number from {low} to {high}")
    return value


def _text(obj: dict[str, Any], where: str, field: str) -> str:
    value = _get(obj, where, field)
    if not isinstance(value, str) or not value.strip():
        raise _fail(where, field, "must be a non-empty text")
    return value.strip()


def _choice(obj: dict[str, Any], where: str, field: str, allowed: tuple[str, ...]) -> str:
    value = _get(obj, where, field)
    if value not in allowed:
        raise _fail(where, field, "must be one of " + ", ".join(allowed))
    return str(value)


def _site(obj: dict[str, Any], where: str, sites: tuple[str, ...]) -> str | None:
    value = obj.get("site")
    if value is not None and value not in sites:
        raise _fail(where, "site", "must be null or one of " + ", ".join(sites))
    return value


def _list(data: dict[str, Any], field: str, minimum: int) -> list[Any]:
    value = data.get(field)
    if not isinstance(value, list) or len(value) < minimum:
        raise RuleError(f"Card file: field '{field}' must be a list of at least {minimum} entries.")
    return value


def _named(entry: Any, kind: str, index: int) -> tuple[dict[str, Any], str]:
    if not isinstance(entry, dict):
        raise RuleError(f"Card file: {kind} number {index + 1} must be an object.")
    name = entry.get("name")
    label = f"{kind} '{name}'" if isinstance(name, str) and name else f"{kind} number {index + 1}"
    return entry, label


def _discounts(data: dict[str, Any]) -> dict[str, str]:
    table = data.get("discounted_by")
    if not isinstance(table, dict) or len(table) < 2:
        raise RuleError("Card file: field 'discounted_by' must map each building type to a type.")
    for kind, by in table.items():
        if by not in table:
            raise _fail("discounted_by", kind, "must name one of the building types")
    return {str(k): str(v) for k, v in table.items()}


def _card(entry: Any, index: int, types: tuple[str, ...], sites: tuple[str, ...]) -> Card:
    obj, where = _named(entry, "card", index)
    name = _text(obj, where, "name")
    if name.casefold() == ROUND_END.casefold():
        raise _fail(where, "name", f"must not be '{ROUND_END}' (that is the round-end card)")
    landmark = obj.get("landmark", False)
    if not isinstance(landmark, bool):
        raise _fail(where, "landmark", "must be true or false")
    effect = _get(obj, where, "effect")
    check_steps(effect, where, "effect", types, sites)
    return Card(
        name=name,
        level=_int(obj, where, "level", 1, 4),
        type=_choice(obj, where, "type", types),
        cost=_int(obj, where, "cost"),
        gains=(
            _int(obj, where, "profit"),
            _int(obj, where, "prestige"),
            _int(obj, where, "population"),
        ),
        site=_site(obj, where, sites),
        landmark=landmark,
        text=_text(obj, where, "mayor_action"),
        effect=tuple(effect),
    )


def _city(entry: Any, index: int, types: tuple[str, ...], sites: tuple[str, ...]) -> City:
    obj, where = _named(entry, "city", index)
    passive = obj.get("passive_effect")
    if passive is not None:
        check_passive(passive, where, types, sites)
    return City(
        name=_text(obj, where, "name"),
        type=_choice(obj, where, "type", types),
        site=_site(obj, where, sites),
        text=_text(obj, where, "passive"),
        passive=passive,
    )


def _achievement(
    entry: Any, index: int, types: tuple[str, ...], sites: tuple[str, ...]
) -> Achievement:
    obj, where = _named(entry, "achievement", index)
    test = _get(obj, where, "test")
    check_test(test, where, sites)
    return Achievement(
        name=_text(obj, where, "name"),
        text=_text(obj, where, "requirement"),
        stars=_int(obj, where, "stars", 0, 20),
        test=test,
    )


def _award(entry: Any, index: int) -> Award:
    obj, where = _named(entry, "award", index)
    return Award(
        name=_text(obj, where, "name"),
        text=_text(obj, where, "rule"),
        points=_int(obj, where, "points", 0, 20),
        measure=_choice(obj, where, "measure", MEASURES),
    )


def _tracks(data: dict[str, Any]) -> tuple[int, tuple[int, ...], int]:
    obj = data.get("tracks")
    if not isinstance(obj, dict):
        raise RuleError("Card file: field 'tracks' must be an object.")
    end = _int(obj, "tracks", "end_space", 4, 99)
    lines = _get(obj, "tracks", "scoring_lines_after_space")
    if not isinstance(lines, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x < end for x in lines
    ):
        raise _fail("tracks", "scoring_lines_after_space", f"must list whole numbers below {end}")
    return end, tuple(sorted(set(lines))), _int(obj, "tracks", "first_to_end_bonus", 0, 20)


def _unique(names: list[str], kind: str) -> None:
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key in seen:
            raise RuleError(
                f"Card file: the {kind} name '{name}' is used twice; names must be unique."
            )
        seen.add(key)


def build_catalog(data: Any, fallback: dict[str, Any] | None = None) -> Catalog:
    """Validate a whole card file; sections it leaves out come from `fallback` (the sample)."""
    if not isinstance(data, dict):
        raise RuleError("Card file: the top level must be a JSON object with a 'cards' list.")
    merged = dict(fallback or {})
    merged.update(data)
    types = tuple(_discounts(merged))
    sites_raw = merged.get("site_icons", [])
    if not isinstance(sites_raw, list) or not all(isinstance(s, str) for s in sites_raw):
        raise RuleError("Card file: field 'site_icons' must be a list of names.")
    sites = tuple(sites_raw)
    cards = [_card(e, i, types, sites) for i, e in enumerate(_list(merged, "cards", 20))]
    cities = [_city(e, i, types, sites) for i, e in enumerate(_list(merged, "cities", 2))]
    achievements = [
        _achievement(e, i, types, sites) for i, e in enumerate(_list(merged, "achievements", 0))
    ]
    awards = [_award(e, i) for i, e in enumerate(_list(merged, "game_end_awards", 0))]
    chips = _list(merged, "bonus_chips_face_down", len(achievements))
    if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 20 for c in chips):
        raise RuleError("Card file: field 'bonus_chips_face_down' must list whole numbers 0 to 20.")
    _unique([c.name for c in cards] + [c.name for c in cities], "card or city")
    _unique([a.name for a in achievements], "achievement")
    for level in range(1, 5):
        count = sum(1 for c in cards if c.level == level)
        if count < 5:
            raise RuleError(
                f"Card file: level {level} has {count} cards; each level needs at least 5."
            )
    end, lines, bonus = _tracks(merged)
    provenance = merged.get("provenance", "")
    return Catalog(
        provenance=provenance if isinstance(provenance, str) else "",
        cards={c.name: c for c in cards}
        | {
            c.name: Card(c.name, 0, c.type, 0, (0, 0, 0), c.site, False, c.text, ()) for c in cities
        },
        cities={c.name: c for c in cities},
        achievements=tuple(achievements),
        chips=tuple(chips),
        awards=tuple(awards),
        discounted_by=_discounts(merged),
        sites=sites,
        track_end=end,
        lines=lines,
        end_bonus=bonus,
        row_size=_int(merged, "card file", "card_row_size", 1, 10),
        deal=_int(merged, "card file", "deal_per_player_at_round_start", 0, 10),
    )


@lru_cache(maxsize=1)
def sample_data() -> dict[str, Any]:
    text = resources.files("games.skylines").joinpath("data/cards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=16)
def load(text: str | None) -> Catalog:
    """The sample set (text None) or a group's card file given as its JSON text."""
    if text is None:
        return build_catalog(sample_data())
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError(
            f"The card file is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})."
        ) from None
    return build_catalog(data, sample_data())


def catalog_of(state: dict[str, Any]) -> Catalog:
    return load(state.get("cards_file"))
