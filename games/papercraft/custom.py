"""`/unit add|list|show|remove`: a chat's own units, kept between games and brought into each new
one; at most MAX_UNITS of them in at most MAX_BYTES, so a chat's row stays small."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from games.base import RuleError, copy_state
from games.i18n import N_, _, _n, joined, said
from games.papercraft.cards import find_unit, unit_brief, unit_card
from games.papercraft.catalog import builtin_units
from games.papercraft.grammar import UNIT_ACTIONS
from games.papercraft.names import CHAT_LABEL, ability_name, fold, unit_line
from games.papercraft.statblock import (
    format_stat_block,
    parse_stat_block,
    parse_stat_blocks,
    unenforced,
)
from games.papercraft.state import Unit

USAGE = N_(
    "Use /unit add followed by a stat block in the wiki's format (one line each, or the lines "
    "separated by ' | '; a file may hold several), /unit list, /unit show NAME, or "
    "/unit remove NAME."
)
MAX_UNITS = 300
MAX_BYTES = 200_000
"""A chat's own units: at most this many, in at most this many bytes of stored JSON."""
_SEPARATOR = re.compile(r"\s+\|\s+")


def stored(data: dict[str, Any]) -> dict[str, str]:
    """The chat's units by name, each kept as its stat block: the least a table copies of them
    (a unit kept whole by an older version is written out as a stat block)."""
    units: dict[str, str | Unit] = data.get("units", {})
    return {k: u if isinstance(u, str) else format_stat_block(u) for k, u in units.items()}


@lru_cache(maxsize=4096)
def _parsed(block: str) -> Unit:
    return parse_stat_block(block)


def chat_units(data: dict[str, Any]) -> list[Unit]:
    """The chat's units, each checked again as a stat block (limits may be newer than the unit)."""
    units = []
    for name, block in stored(data).items():
        try:
            checked = copy_state(_parsed(block))  # a copy: the caller may change it
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


def known_units(data: dict[str, Any]) -> dict[str, Unit]:
    """Every unit the chat knows: the built-in ones and its own from /unit add."""
    return {**builtin_units(), **{unit["name"]: unit for unit in chat_units(data)}}


def unit_command(data: dict[str, Any], text: str) -> str:
    """Edit the chat's units in place; the reply says what changed."""
    typed, _space, rest = text.strip().partition(" ")
    action = next(
        (k for k, w in UNIT_ACTIONS.items() if fold(typed) in map(fold, w.forms.values())), ""
    )
    if action == "add":
        return _add(data, rest)
    if action == "list":
        units = chat_units(data)
        if not units:
            return _(
                "This chat has added no units yet; /unit add followed by a stat block adds one."
            )
        return joined([_("Units added in this chat:"), *(unit_line(u) for u in units)], "\n")
    if action == "show":
        return unit_card(find_unit(rest.split(), known_units(data)))
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


def _add(data: dict[str, Any], text: str) -> str:
    """Every stat block of the text, or none of them (a refusal names the block and line)."""
    if not text.strip():
        raise RuleError(said(USAGE))
    blocks = text if "\n" in text else _SEPARATOR.sub("\n", text)
    added = parse_stat_blocks(blocks)
    builtin = {name.casefold() for name in builtin_units()}
    units = stored(data)  # kept only when every block fits
    for unit in added:
        if unit["name"].casefold() in builtin:
            raise RuleError(
                _("{unit} is a built-in unit; give your unit another name.", unit=unit["name"])
            )
        unit["label"] = CHAT_LABEL
        for old in [k for k in units if k.casefold() == unit["name"].casefold()]:
            del units[old]
        units[unit["name"]] = format_stat_block(unit)
    _check_room(data | {"units": units})
    data["units"] = units
    if len(added) == 1:
        return _added_one(added[0])
    lines = [
        _n(
            "Added {n} unit for this chat; they can be used in the next /new papercraft:",
            "Added {n} units for this chat; they can be used in the next /new papercraft:",
            len(added),
        ),
        *(unit_brief(unit) for unit in added),
    ]
    shown = [joined((unit["name"], note), ": ") for unit in added for note in unenforced(unit)]
    if shown:
        lines.append(_not_enforced(joined(shown, "; ")))
    return joined(lines, "\n")


def _check_room(data: dict[str, Any]) -> None:
    """Refuse data past the chat's limits (counted as it would be stored)."""
    count = len(stored(data))
    if count > MAX_UNITS:
        raise RuleError(
            _(
                "A chat keeps at most {most} units of its own and this would make {count}; "
                "/unit remove NAME makes room (/unit list shows them).",
                most=MAX_UNITS,
                count=count,
            )
        )
    size = len(json.dumps(data, ensure_ascii=False).encode())
    if size > MAX_BYTES:
        raise RuleError(
            _(
                "A chat keeps at most {most} KB of units and this would make {size} KB; "
                "/unit remove NAME makes room (/unit list shows them).",
                most=MAX_BYTES // 1000,
                size=-(-size // 1000),
            )
        )


def _not_enforced(abilities: str) -> str:
    return _(
        "Not enforced by the referee, shown as text only (apply them at the table by "
        "agreement): {abilities}.",
        abilities=abilities,
    )


def _added_one(unit: Unit) -> str:
    lines: list[str] = [
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
        lines.append(_not_enforced(joined(shown, "; ")))
    return joined([*lines, format_stat_block(unit)], "\n")
