"""PaperTown's state versions (see games.versions): what changed, and the way between."""

from __future__ import annotations

from typing import Any

from games.versions import Step


def specials_as_records(state: Any) -> Any:
    """2: a special block is {cell, power}, no longer a [cell, power] pair."""
    sheet = state["sheet"]
    sheet["specials"] = [
        {"cell": s[0], "power": s[1]} if isinstance(s, list) else s for s in sheet["specials"]
    ]
    return state


def specials_as_pairs(state: Any) -> Any:
    sheet = state["sheet"]
    sheet["specials"] = [[s["cell"], s["power"]] for s in sheet["specials"]]
    return state


VERSIONS = (Step(specials_as_records, specials_as_pairs, since="d2144ee"),)
