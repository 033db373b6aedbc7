"""What a card says, so players can read it where they choose it: a short form for lists and
buttons (cost, strength, resources) and the full face with its ability, in either language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.i18n import Name, _, joined
from games.papertales.catalog import (
    BUILDINGS,
    DECK_SIZE,
    UNITS,
    Building,
    Unit,
    card_name,
    fold,
    unit,
)
from games.papertales.texts import amount_of, gold, lp


def _produces(produces: Mapping[str, int]) -> str:
    return joined(amount_of(n, r) for r, n in produces.items())


def _ability(english: str, polish: str) -> str:
    return Name({"en": english, "pl": polish or english})


def _short(card: int) -> str:
    u = unit(card)
    if u.produces:
        return _(
            "{card} (cost {cost}, str {strength}; {resources})",
            card=card_name(card),
            cost=u.cost,
            strength=u.strength,
            resources=_produces(u.produces),
        )
    return _(
        "{card} (cost {cost}, str {strength})",
        card=card_name(card),
        cost=u.cost,
        strength=u.strength,
    )


def _unit_face(u: Unit, shown: str) -> str:
    ability = _ability(u.ability, u.ability_pl)
    if u.produces:
        return _(
            "{card}: cost {cost}, strength {strength}, produces {resources}. {ability}",
            card=shown,
            cost=u.cost,
            strength=u.strength,
            resources=_produces(u.produces),
            ability=ability,
        )
    return _(
        "{card}: cost {cost}, strength {strength}. {ability}",
        card=shown,
        cost=u.cost,
        strength=u.strength,
        ability=ability,
    )


def in_play(card: int, age: int) -> str:
    """A unit in a kingdom: its printed strength, what it produces, and its age tokens."""
    u = unit(card)
    numbers: list[str] = [_("str {strength}", strength=u.strength)]
    if u.produces:
        numbers.append(_produces(u.produces))
    if age:
        numbers.append(_("{n} age", n=age))
    return _("{card} ({numbers})", card=card_name(card), numbers=joined(numbers))


SHORT = [_short(c) for c in range(DECK_SIZE)]
FACES = [_unit_face(unit(c), card_name(c)) for c in range(DECK_SIZE)]


def short(card: int) -> str:
    """'Demon (cost 2, str 7)': a card in a list or on a button."""
    return SHORT[card]


def shorts(cards: Sequence[int]) -> str:
    """Several cards in their short form, joined for a line."""
    return joined((SHORT[c] for c in cards), empty=_("nothing"))


def faces(cards: Sequence[int]) -> str:
    """Several cards in full, one a line: what a packet shows before the pick."""
    return joined((FACES[c] for c in cards), "\n")


def _need(b: Building, level: int) -> str:
    need = joined(amount_of(n, r) for r, n in b.need[level - 1].items())
    price = b.gold_option[level - 1]
    return _("{need} or {gold}", need=need, gold=gold(price)) if price else need


def _building_face(b: Building) -> str:
    levels = [
        _(
            "Level {level}: {lp}, needs {need}. {ability}",
            level=level,
            lp=lp(b.lp[level - 1]),
            need=_need(b, level),
            ability=_ability(b.ability[level - 1], b.ability_pl[level - 1]),
        )
        for level in (1, 2)
    ]
    return _(
        "{building} (building):\n{levels}",
        building=Name({"en": b.name, "pl": b.pl}),
        levels=joined(levels, "\n"),
    )


def _index() -> dict[str, str]:
    """Every unit and building face by its folded English and Polish names."""
    found: dict[str, str] = {}
    for u in UNITS:
        found[fold(u.name)] = found[fold(u.pl)] = _unit_face(u, Name({"en": u.name, "pl": u.pl}))
    for b in BUILDINGS:
        found[fold(b.name)] = found[fold(b.pl)] = _building_face(b)
    return found


_BY_NAME = _index()


def card(name: str) -> str | None:
    """A unit or building named in either language (a copy number or a unique prefix will do),
    in full; None when none has that name."""
    wanted = fold(name)
    if wanted in _BY_NAME:
        return _BY_NAME[wanted]
    base = wanted.rstrip("0123456789 ")
    if base in _BY_NAME:
        return _BY_NAME[base]
    found = {face for key, face in _BY_NAME.items() if wanted and key.startswith(wanted)}
    return found.pop() if len(found) == 1 else None
