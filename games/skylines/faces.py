"""One card or city of the table's set in full, found by the name typed in either language:
what `/card NAME` and `/rules skylines NAME` show."""

from __future__ import annotations

from games.skylines.cards import ROUND_END, Catalog
from games.skylines.grammar import Names


def face(cat: Catalog, typed: str) -> str | None:
    """A building card's or city's full text; a unique prefix will do; None when none fits."""
    cards = [name for name in cat.cards if name != ROUND_END and name not in cat.cities]
    names = [cat.label(name) for name in (*cards, *cat.cities)]  # a city is a level-0 card too
    name = Names(names).find(typed.split())
    if name is None:
        return None
    return cat.describe_city(name) if name in cat.cities else cat.describe(name)
