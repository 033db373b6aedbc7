"""The words Paper Tales says again and again, marked once: phases (the rulebook's names),
rows, resources, and amounts of gold, LP and age tokens with their plurals."""

from __future__ import annotations

from games.i18n import N_, _, _n, said

PHASES = {
    "recruit": N_("Recruitment"),
    "deploy": N_("Deployment"),
    "wars": N_("Wars"),
    "income": N_("Income"),
    "build": N_("Construction"),
    "aging": N_("Aging"),
}
"""The six phases of a turn as the rulebook calls them (Rekrutacja, Wystawianie, Wojny, Dochód,
Budowanie, Przemijanie)."""

RESOURCE_NAMES = {"wood": N_("Wood"), "food": N_("Food"), "crystal": N_("Crystal")}


def phase(key: str) -> str:
    """A phase by its state key, in the reader's language."""
    return said(PHASES[key])


def row(key: str) -> str:
    """'front' or 'back', the row of a kingdom, inside a sentence."""
    return _("front") if key == "front" else _("back")


def resource(key: str) -> str:
    return said(RESOURCE_NAMES[key])


def amount_of(n: int, key: str) -> str:
    """'2 Food', said in the reader's language."""
    return _("{n} {resource}", n=n, resource=resource(key))


def gold(n: int) -> str:
    return _n("{n} gold", "{n} gold", n)


def lp(n: int) -> str:
    return _n("{n} LP", "{n} LP", n)


def tokens(n: int) -> str:
    return _n("{n} age token", "{n} age tokens", n)


def units(n: int) -> str:
    return _n("{n} unit", "{n} units", n)


def cards(n: int) -> str:
    return _n("{n} card", "{n} cards", n)


def wars(n: int) -> str:
    return _n("{n} War", "{n} Wars", n)
