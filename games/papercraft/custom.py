"""`/unit add|list|remove`: a chat's own units, kept between games and brought into each new one."""

from __future__ import annotations

import re
from typing import Any

from games.base import RuleError
from games.i18n import N_, Name, _, _n, joined, said
from games.papercraft.catalog import builtin_units
from games.papercraft.names import CHAT_LABEL, ability_name, fold, unit_line
from games.papercraft.statblock import (
    format_stat_block,
    parse_stat_block,
    unenforced,
)
from games.papercraft.state import Unit

USAGE = N_(
    "Use /unit add followed by a stat block in the wiki's format (one line each, or the lines "
    "separated by ' | '), /unit list, or /unit remove NAME."
)
ACTIONS = {
    "add": Name({"en": "add", "pl": "dodaj"}),
    "list": Name({"en": "list", "pl": "lista"}),
    "remove": Name({"en": "remove", "pl": "usuń"}),
}
"""/unit's action words, read in either language."""
_SEPARATOR = re.compile(r"\s+\|\s+")


def stored(data: dict[str, Any]) -> dict[str, Unit]:
    units: dict[str, Unit] = data.get("units", {})
    return units


def chat_units(data: dict[str, Any]) -> list[Unit]:
    """The chat's units, each checked again as a stat block (limits may be newer than the unit)."""
    units = []
    for name, unit in stored(data).items():
        try:
            checked = parse_stat_block(format_stat_block(unit))
        except RuleError as error:
            raise RuleError(
                _(
                    "This chat's unit {unit} breaks a rule: {error} /unit remove {unit} and add it "
                    "again.",
                    unit=name,
                    error=error.message,
                )
            ) from None
        checked["label"] = CHAT_LABEL
        units.append(checked)
    return units


def unit_command(data: dict[str, Any], text: str) -> str:
    """Edit the chat's units in place; the reply says what changed."""
    typed, _space, rest = text.strip().partition(" ")
    action = next((k for k, w in ACTIONS.items() if fold(typed) in map(fold, w.forms.values())), "")
    if action == "add":
        return _add(data, rest)
    if action == "list":
        units = list(stored(data).values())
        if not units:
            return _(
                "This chat has added no units yet; /unit add followed by a stat block adds one."
            )
        return joined([_("Units added in this chat:"), *(unit_line(u) for u in units)], "\n")
    if action == "remove":
        name = rest.strip()
        found = next((k for k in stored(data) if k.casefold() == name.casefold()), None)
        if found is None:
            raise RuleError(
                _("This chat has no added unit called '{name}'; /unit list shows them.", name=name)
            )
        del data["units"][found]
        return _(
            "{unit} is removed from this chat's units (games already running keep it).", unit=found
        )
    raise RuleError(said(USAGE))


def _add(data: dict[str, Any], block: str) -> str:
    if not block.strip():
        raise RuleError(said(USAGE))
    text = block if "\n" in block else _SEPARATOR.sub("\n", block)
    unit = parse_stat_block(text)
    if unit["name"].casefold() in (name.casefold() for name in builtin_units()):
        raise RuleError(
            _("{unit} is a built-in unit; give your unit another name.", unit=unit["name"])
        )
    unit["label"] = CHAT_LABEL
    units = data.setdefault("units", {})
    for old in [k for k in units if k.casefold() == unit["name"].casefold()]:
        del units[old]
    units[unit["name"]] = unit
    lines = [
        _n(
            "Added {unit} ({n} point) for this chat; it can be used in the next /new papercraft.",
            "Added {unit} ({n} points) for this chat; it can be used in the next /new papercraft.",
            unit["points"],
            unit=unit["name"],
        )
    ]
    applied = [ability_name(a) for a in unit["abilities"] if "effect" in a]
    if applied:
        lines.append(
            _("Abilities the referee applies as built-in: {abilities}.", abilities=joined(applied))
        )
    shown = unenforced(unit)
    if shown:
        lines.append(
            _(
                "Not enforced by the referee, shown as text only (apply them at the table by "
                "agreement): {abilities}.",
                abilities=joined(shown, "; "),
            )
        )
    return joined([*lines, format_stat_block(unit)], "\n")
