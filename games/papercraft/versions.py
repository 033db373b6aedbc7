"""Papercraft's state versions (see games.versions): what changed, and the way between."""

from __future__ import annotations

from typing import Any

from games.i18n import from_json
from games.versions import Step, unchanged

ROCKETS = "Fire Rockets"
"""The one once-a-game ability of version 1, which kept a flag of its own."""
DOUBLED = 2
"""The Power's multiplier: version 1 kept only whether it was on."""


def abilities_as_data(state: Any) -> Any:
    """2: The Power is a multiplier, once-a-game abilities count their uses by name, a unit may
    sit the battle out (reserve), and players may bring their own placement dice."""
    state.setdefault("placement_dice", [[] for _name in state["names"]])
    for unit in state["units"]:
        if isinstance(unit["power"], bool):
            unit["power"] = DOUBLED if unit["power"] else 0
        unit.setdefault("reserve", False)
        if "rockets_used" in unit:
            unit["uses"] = {ROCKETS: 1} if unit.pop("rockets_used") else {}
    return state


def abilities_as_flags(state: Any) -> Any:
    del state["placement_dice"]
    for unit in state["units"]:
        unit["power"] = bool(unit["power"])
        del unit["reserve"]
        unit["rockets_used"] = bool(unit.pop("uses"))
    return state


def reason_in_english(state: Any) -> Any:
    """1 and 2 kept the result's reason as its English text, not as the message (still said as it is)."""
    if state.get("result"):
        state["result"]["reason"] = str(from_json(state["result"]["reason"]))
    return state


def free_play_and_used_units(state: Any) -> Any:
    """4: the `free` option (free play), and a table keeps only the chat's units its armies use;
    a game begun before keeps every unit it was set up with, the rule it began with."""
    if "free" not in state["options"]:  # saved before: it keeps the rule it began with
        state["options"]["free"] = False
        keeping_every_unit(state)
    return state


def keeping_every_unit(state: Any) -> Any:
    state["keeps_all_units"] = True
    return state


def managed_play_only(state: Any) -> Any:
    state.pop("keeps_all_units", None)
    state["options"].pop("free", None)
    return state


VERSIONS = (
    Step(abilities_as_data, abilities_as_flags, since="90b4c3c"),
    Step(unchanged, reason_in_english, since="e0c1151"),
    Step(free_play_and_used_units, managed_play_only, since="377c9f9", rules=keeping_every_unit),
)
