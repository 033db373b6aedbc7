"""`/unit add|list|remove`: a chat's own units, kept between games and brought into each new one."""

from __future__ import annotations

import re
from typing import Any

from games.base import RuleError
from games.papercraft.catalog import builtin_units, unit_line
from games.papercraft.statblock import (
    format_stat_block,
    parse_stat_block,
    unenforced,
)
from games.papercraft.state import Unit

CHAT_LABEL = "added in this chat with /unit add"
USAGE = (
    "Use /unit add followed by a stat block in the wiki's format (one line each, or the lines "
    "separated by ' | '), /unit list, or /unit remove NAME."
)
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
                f"This chat's unit {name} breaks a rule: {error} /unit remove {name} and add it again."
            ) from None
        checked["label"] = CHAT_LABEL
        units.append(checked)
    return units


def unit_command(data: dict[str, Any], text: str) -> str:
    """Edit the chat's units in place; the reply says what changed."""
    action, _, rest = text.strip().partition(" ")
    action = action.casefold()
    if action == "add":
        return _add(data, rest)
    if action == "list":
        units = list(stored(data).values())
        if not units:
            return "This chat has added no units yet; /unit add followed by a stat block adds one."
        return "\n".join(["Units added in this chat:", *(unit_line(u) for u in units)])
    if action == "remove":
        name = rest.strip()
        found = next((k for k in stored(data) if k.casefold() == name.casefold()), None)
        if found is None:
            raise RuleError(f"This chat has no added unit called '{name}'; /unit list shows them.")
        del data["units"][found]
        return f"{found} is removed from this chat's units (games already running keep it)."
    raise RuleError(USAGE)


def _add(data: dict[str, Any], block: str) -> str:
    if not block.strip():
        raise RuleError(USAGE)
    text = block if "\n" in block else _SEPARATOR.sub("\n", block)
    unit = parse_stat_block(text)
    if unit["name"].casefold() in (name.casefold() for name in builtin_units()):
        raise RuleError(f"{unit['name']} is a built-in unit; give your unit another name.")
    unit["label"] = CHAT_LABEL
    units = data.setdefault("units", {})
    for old in [k for k in units if k.casefold() == unit["name"].casefold()]:
        del units[old]
    units[unit["name"]] = unit
    lines = [
        f"Added {unit['name']} ({unit['points']} points) for this chat; it can be used in the "
        "next /new papercraft."
    ]
    applied = [a["name"] for a in unit["abilities"] if "effect" in a]
    if applied:
        lines.append(f"Abilities the referee applies as built-in: {', '.join(applied)}.")
    shown = unenforced(unit)
    if shown:
        lines.append(
            "Not enforced by the referee, shown as text only (apply them at the table by "
            f"agreement): {'; '.join(shown)}."
        )
    return "\n".join([*lines, format_stat_block(unit)])
