"""A unit as players read it before choosing it: the short form army lists and /units show,
and the whole stat block of /card and /unit show, in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from games.base import RuleError
from games.i18n import _, joined
from games.papercraft.grammar import not_known
from games.papercraft.names import (
    ability_label,
    ability_text,
    armor_type,
    attack_line,
    label_name,
    nation_name,
    primary_type,
    template_name,
    unit_name,
)
from games.papercraft.state import Unit
from games.papercraft.words import take_name


def unit_brief(unit: Unit) -> str:
    """Points, HP and armour: what a list shows of each unit."""
    return _(
        "{unit} ({points} pts, HP {hp}, {armor})",
        unit=unit_name(unit["name"]),
        points=unit["points"],
        hp=unit["hp"],
        armor=armor_type(unit["armor"]),
    )


def unit_card(unit: Unit) -> str:
    """The whole stat block: types, numbers, every attack and every ability's text."""
    where = [label_name(unit["label"])]
    if unit.get("nation"):
        where.append(nation_name(unit["nation"] or ""))
    lines = [
        _(
            "{unit}: {points} pts ({label})",
            unit=unit_name(unit["name"]),
            points=unit["points"],
            label=joined(where),
        ),
        _(
            '{primary} {template}; HP {hp}, move {move}", dodge {dodge}, armor {armor}',
            primary=primary_type(unit["primary"]),
            template=template_name(unit["template"]),
            hp=unit["hp"],
            move=unit["move"],
            dodge=f"{unit['dodge']:+d}",
            armor=armor_type(unit["armor"]),
        ),
        *(_("Attack {line}", line=attack_line(unit, attack)) for attack in unit["attacks"]),
        *(joined((ability_label(entry), ability_text(entry)), ": ") for entry in unit["abilities"]),
    ]
    return joined(lines, "\n")


def unit_list(units: Iterable[Unit]) -> str:
    return joined((unit_brief(unit) for unit in units), "\n")


def card_text(units: Mapping[str, Unit], name: str) -> str | None:
    """`/card NAME`: the whole stat block of the unit named, None when none has that name."""
    found = take_name(name.split(), [(unit_name(n), unit) for n, unit in units.items()])
    return unit_card(found[0]) if found is not None and not found[1] else None


def find_unit(words: Sequence[str], units: Mapping[str, Unit]) -> Unit:
    """The unit all these words name."""
    found = take_name(words, [(unit_name(name), unit) for name, unit in units.items()])
    if found is None or found[1]:
        raise RuleError(unknown(words))
    return found[0]


def unknown(words: Sequence[str]) -> str:
    """Why these words name no unit the chat knows."""
    return not_known(words) if words else _("Name a unit here; /units lists them.")
