"""`/unit add|list|remove`: a chat's own units, kept between games and brought into each new one."""

from __future__ import annotations

import re
from typing import Any

from games.base import RuleError
from games.papercraft.catalog import Unit, builtin_units, unit_line
from games.papercraft.statblock import format_stat_block, parse_stat_block

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
    return list(stored(data).values())


def unit_command(data: dict[str, Any], text: str) -> str:
    """Edit the chat's units in place; the reply says what changed."""
    action, _, rest = text.strip().partition(" ")
    action = action.casefold()
    if action == "add":
        return _add(data, rest)
    if action == "list":
        units = chat_units(data)
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
    data.setdefault("units", {})[unit["name"]] = unit
    return (
        f"Added {unit['name']} ({unit['points']} points) for this chat; it can be used in the "
        f"next /new papercraft.\n{format_stat_block(unit)}"
    )
